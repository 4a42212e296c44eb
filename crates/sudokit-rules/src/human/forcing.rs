//! Forcing chains: what follows from assuming a candidate true (or
//! false), by singles and, at the higher levels, by basic techniques and
//! nested contradictions.

use sudokit_core::Digit;
use sudokit_grid::Candidates;

use super::chains::length_bonus;
use super::fish::Fish;
use super::intersections::Intersections;
use super::position::Position;
use super::step::{Pattern, Step, Technique};
use super::strategy::Strategy;
use super::subsets::{HiddenSubsets, NakedSubsets};

/// Candidates tried per cell or house by the cell and region forcing
/// chains: more branches rarely agree, and cost as much as they add.
const MAX_BRANCHES: usize = 4;

/// Forcing chains at four levels of Sudoku Explainer's scale, each with
/// the length bonus:
///
/// 0. Nishio (7.5: a candidate whose truth leads, by singles, to a
///    contradiction goes), then cell and region forcing chains (8.0: every
///    candidate of a cell, or every place of a digit in a house, leads to
///    the same placement or elimination);
/// 1. dynamic forcing chains (8.5): candidates assumed false as well as
///    true, so a contradiction from a denial places the digit, and a
///    conclusion both ways holds;
/// 2. dynamic forcing chains (+) (9.0): the branches also use locked
///    candidates, pairs, triples and X-Wings;
/// 3. nested forcing chains (9.5): the branches also use Nishio
///    contradictions of their own.
///
/// Levels 0 and 1 return the shortest chain; levels 2 and 3, which cost far
/// more, the first they find, trying bivalue cells and conjugate pairs
/// first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Forcing {
    pub(crate) level: u8,
}

impl Strategy for Forcing {
    fn name(&self) -> &'static str {
        self.technique(false).name()
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let mut branches = Branches::new(position, self.level);
        if self.level <= 1 {
            let nishio = self.nishio(position, &mut branches);
            let forcing = self.forcing(position, &mut branches);
            [nishio, forcing].into_iter().flatten().min_by_key(Step::score)
        } else {
            self.nishio(position, &mut branches).or_else(|| self.forcing(position, &mut branches))
        }
    }
}

/// The outcome of assuming one candidate, computed once per search: the
/// position reached and the steps taken, or the steps to a contradiction.
struct Branches<'p> {
    position: &'p Position,
    level: u8,
    /// Per candidate, assumed true then false.
    results: Vec<Option<Result<(Position, usize), usize>>>,
}

impl<'p> Branches<'p> {
    fn new(position: &'p Position, level: u8) -> Branches<'p> {
        Branches { position, level, results: vec![None; 2 * position.len() * position.side()] }
    }

    /// The position after assuming `digit` in `cell` true (or false, when
    /// `denied`) and propagating, with the steps taken; the steps to a
    /// contradiction in the error.
    fn assume(&mut self, cell: usize, digit: Digit, denied: bool) -> Result<&(Position, usize), usize> {
        let key = 2 * (cell * self.position.side() + digit.index()) + usize::from(denied);
        let slot = &mut self.results[key];
        let result = slot.get_or_insert_with(|| {
            let mut next = self.position.clone();
            let start = if denied {
                next.remove(cell, digit);
                if next.cands(cell).is_empty() {
                    return Err(0);
                }
                next.cands(cell).single_digit().map(|d| (cell, d)).into_iter().collect()
            } else {
                vec![(cell, digit)]
            };
            propagate(&mut next, start, self.level).map(|steps| (next, steps + 1))
        });
        result.as_ref().map_err(|&steps| steps + 1)
    }
}

/// A candidate assumed true, or false when `denied`.
#[derive(Clone, Copy, Debug)]
struct Assumption {
    cell: usize,
    digit: Digit,
    denied: bool,
}

impl Forcing {
    fn technique(&self, nishio: bool) -> Technique {
        match (self.level, nishio) {
            (0, true) => Technique::Nishio,
            (0, false) => Technique::ForcingChain,
            (1, _) => Technique::DynamicForcingChain,
            (2, _) => Technique::DynamicForcingChainPlus,
            _ => Technique::NestedForcingChain,
        }
    }

    /// Candidates in the order branches are tried: cells with fewer
    /// candidates first.
    fn candidates(position: &Position) -> Vec<(usize, Digit)> {
        let mut cells: Vec<usize> = (0..position.len()).filter(|&i| position.cands(i).len() >= 2).collect();
        cells.sort_by_key(|&i| position.cands(i).len());
        cells.iter().flat_map(|&i| position.cands(i).iter().map(move |d| (i, d))).collect()
    }

    fn step(&self, position: &Position, source: &[Assumption], length: usize, contradiction: bool) -> Step {
        let technique = self.technique(contradiction && !source[0].denied);
        let source = source.iter().map(|a| (position.cell(a.cell), a.digit, !a.denied)).collect();
        let pattern = Pattern::Forcing { source, length, contradiction };
        Step::new(technique, pattern).with_score(technique.base_score().plus(length_bonus(length)))
    }

    /// The shortest contradiction from assuming a candidate true (or, in
    /// the dynamic form, false as well).
    fn nishio(&self, position: &Position, branches: &mut Branches<'_>) -> Option<Step> {
        let mut best: Option<(usize, Assumption)> = None;
        'search: for (cell, digit) in Forcing::candidates(position) {
            for denied in [false, true].into_iter().take(1 + usize::from(self.level >= 1)) {
                if let Err(steps) = branches.assume(cell, digit, denied) {
                    if best.is_none_or(|(s, _)| steps < s) {
                        best = Some((steps, Assumption { cell, digit, denied }));
                    }
                    if self.level >= 2 {
                        break 'search;
                    }
                }
            }
        }
        let (steps, assumed) = best?;
        let step = self.step(position, &[assumed], steps, true);
        let cell = position.cell(assumed.cell);
        Some(if assumed.denied {
            step.placing(cell, assumed.digit)
        } else {
            step.eliminating(vec![(cell, assumed.digit)])
        })
    }

    /// Cell and region forcing chains: every branch of a cell's candidates
    /// or of a digit's places in a house; in the dynamic form also a
    /// candidate assumed true and false.
    fn forcing(&self, position: &Position, branches: &mut Branches<'_>) -> Option<Step> {
        let layout = position.layout();
        let on = |cell, digit| Assumption { cell, digit, denied: false };
        let cells = (0..position.len())
            .filter(|&i| (2..=MAX_BRANCHES).contains(&position.cands(i).len()))
            .map(|i| position.cands(i).iter().map(|d| on(i, d)).collect::<Vec<_>>());
        let houses = (0..layout.unit_count()).flat_map(|u| {
            position.missing(u).iter().filter_map(move |d| {
                let places = position.places(u, d);
                (2..=MAX_BRANCHES as u32).contains(&places.count_ones()).then(|| {
                    (0..position.side())
                        .filter(|k| places >> k & 1 == 1)
                        .map(|k| on(layout.unit(u)[k] as usize, d))
                        .collect::<Vec<_>>()
                })
            })
        });
        let both_ways = Forcing::candidates(position)
            .into_iter()
            .filter(|_| self.level >= 1)
            .map(|(i, d)| vec![on(i, d), Assumption { cell: i, digit: d, denied: true }]);
        let mut sources: Vec<Vec<Assumption>> = cells.chain(houses).chain(both_ways).collect();
        sources.sort_by_key(Vec::len);
        let mut best: Option<Step> = None;
        for source in sources {
            if let Some(step) = self.agree(position, branches, &source) {
                if best.as_ref().is_none_or(|b| step.score() < b.score()) {
                    best = Some(step);
                }
                if self.level >= 2 {
                    break;
                }
            }
        }
        best
    }

    /// What every branch of `source` leads to, as a step.
    fn agree(&self, position: &Position, branches: &mut Branches<'_>, source: &[Assumption]) -> Option<Step> {
        let mut placed: Option<Vec<u8>> = None;
        let mut kept: Option<Vec<Candidates>> = None;
        let mut longest = 0;
        for a in source {
            // A contradicting branch is the Nishio's business.
            let (after, steps) = branches.assume(a.cell, a.digit, a.denied).ok()?;
            longest = longest.max(*steps);
            let values: Vec<u8> = (0..position.len()).map(|c| after.placed(c)).collect();
            let marks: Vec<Candidates> = (0..position.len())
                .map(|c| Digit::new(after.placed(c)).map_or(after.cands(c), Candidates::single))
                .collect();
            placed = Some(match placed {
                None => values,
                Some(prev) => prev.iter().zip(&values).map(|(&a, &b)| if a == b { a } else { 0 }).collect(),
            });
            kept = Some(match kept {
                None => marks,
                Some(prev) => prev.iter().zip(&marks).map(|(&a, &b)| a | b).collect(),
            });
        }
        let (placed, kept) = (placed?, kept?);
        let placement = (0..position.len()).find_map(|c| {
            (position.placed(c) == 0).then(|| Digit::new(placed[c])).flatten().map(|d| (position.cell(c), d))
        });
        let removed: Vec<_> = (0..position.len())
            .flat_map(|c| (position.cands(c) - kept[c]).iter().map(move |d| (c, d)))
            .map(|(c, d)| (position.cell(c), d))
            .collect();
        if placement.is_none() && removed.is_empty() {
            return None;
        }
        let step = self.step(position, source, longest, false);
        Some(match placement {
            Some((cell, digit)) => step.placing(cell, digit),
            None => step.eliminating(removed),
        })
    }
}

/// Places the digits of `queue`, then singles until nothing applies; from
/// `level` 2, also the basic techniques; at level 3, also the Nishio
/// contradictions of the branch. `Ok(steps)` when the position stays
/// consistent, `Err(steps)` at a contradiction.
fn propagate(position: &mut Position, mut queue: Vec<(usize, Digit)>, level: u8) -> Result<usize, usize> {
    let mut steps = 0;
    loop {
        steps += place_singles(position, &mut queue).map_err(|s| steps + s)?;
        match hidden_singles(position) {
            Err(()) => return Err(steps),
            Ok(found) if !found.is_empty() => {
                queue = found;
                continue;
            }
            Ok(_) => {}
        }
        let removed = match level {
            0 | 1 => return Ok(steps),
            _ => basic_step(position).or_else(|| (level >= 3).then(|| nishio_eliminations(position)).flatten()),
        };
        let Some(removed) = removed else { return Ok(steps) };
        steps += 1;
        if position.contradiction().is_some() {
            return Err(steps);
        }
        debug_assert!(removed > 0);
        queue.extend((0..position.len()).filter_map(|i| position.cands(i).single_digit().map(|d| (i, d))));
    }
}

/// Places the queued digits and the naked singles they leave; the steps
/// taken, or the steps to a contradiction in the error.
fn place_singles(position: &mut Position, queue: &mut Vec<(usize, Digit)>) -> Result<usize, usize> {
    let mut steps = 0;
    while let Some((i, d)) = queue.pop() {
        if position.placed(i) != 0 {
            if position.placed(i) != d.get() {
                return Err(steps);
            }
            continue;
        }
        if !position.cands(i).contains(d) {
            return Err(steps);
        }
        steps += 1;
        position.place(i, d);
        for &p in position.layout().peers(i) {
            let p = p as usize;
            if position.placed(p) == 0 {
                match position.cands(p).len() {
                    0 => return Err(steps),
                    1 => queue.extend(position.cands(p).first().map(|s| (p, s))),
                    _ => {}
                }
            }
        }
    }
    Ok(steps)
}

/// Plays the first basic technique that applies (locked candidates, pairs,
/// triples, X-Wing); the number of candidates it removed.
fn basic_step(position: &mut Position) -> Option<usize> {
    const BASIC: [&dyn Strategy; 6] = [
        &Intersections { direct: false },
        &NakedSubsets { size: 2 },
        &HiddenSubsets { size: 2, direct: false },
        &Fish { size: 2 },
        &NakedSubsets { size: 3 },
        &HiddenSubsets { size: 3, direct: false },
    ];
    let step = BASIC.iter().find_map(|s| s.find(position))?;
    let removed = step.eliminations().len() + step.placements().len();
    // A contradiction shows in the caller's check.
    let _ = position.apply(&step);
    Some(removed)
}

/// Removes every candidate whose truth leads by singles to a
/// contradiction; how many went, `None` for none.
fn nishio_eliminations(position: &mut Position) -> Option<usize> {
    let doomed: Vec<(usize, Digit)> = Forcing::candidates(position)
        .into_iter()
        .filter(|&(i, d)| {
            let mut branch = position.clone();
            propagate(&mut branch, vec![(i, d)], 0).is_err()
        })
        .collect();
    for &(i, d) in &doomed {
        position.remove(i, d);
    }
    (!doomed.is_empty()).then_some(doomed.len())
}

/// Every hidden single of the position, or `Err` when a digit has no place
/// left in a house.
fn hidden_singles(position: &Position) -> Result<Vec<(usize, Digit)>, ()> {
    let layout = position.layout();
    let mut found = Vec::new();
    for u in 0..layout.unit_count() {
        let (mut once, mut twice) = (Candidates::EMPTY, Candidates::EMPTY);
        for &i in layout.unit(u) {
            let c = position.cands(i as usize);
            twice |= once & c;
            once |= c;
        }
        let missing = position.missing(u);
        if !(missing - once).is_empty() {
            return Err(());
        }
        for digit in (missing & (once - twice)).iter() {
            let k = position.places(u, digit).trailing_zeros() as usize;
            found.push((layout.unit(u)[k] as usize, digit));
        }
    }
    Ok(found)
}
