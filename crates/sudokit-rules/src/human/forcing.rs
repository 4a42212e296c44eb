//! Forcing chains: what follows from assuming a candidate true, by
//! singles (and, in the dynamic form, by locked candidates and pairs too).

use sudokit_core::Digit;
use sudokit_grid::Candidates;

use super::chains::length_bonus;
use super::intersections::Intersections;
use super::position::Position;
use super::step::{Pattern, Score, Step, Technique};
use super::strategy::Strategy;
use super::subsets::{HiddenSubsets, NakedSubsets};

/// Candidates tried per cell or house by the cell and region forcing
/// chains: more branches rarely agree, and cost as much as they add.
const MAX_BRANCHES: usize = 4;

/// Nishio (7.5: a candidate whose truth leads to a contradiction goes),
/// then cell and region forcing chains (8.0: every candidate of a cell, or
/// every place of a digit in a house, leads to the same placement or
/// elimination), each with the length bonus. `dynamic` lets the branches
/// use locked candidates and pairs as well (8.5 and up).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Forcing {
    pub(crate) dynamic: bool,
}

impl Strategy for Forcing {
    fn name(&self) -> &'static str {
        if self.dynamic { "Dynamic forcing chain" } else { "Forcing chain" }
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let mut branches = Branches::new(position, self.dynamic);
        let nishio = self.nishio(position, &mut branches);
        let forcing = self.forcing(position, &mut branches);
        [nishio, forcing].into_iter().flatten().min_by_key(Step::score)
    }
}

/// The outcome of assuming one candidate, computed once per search: the
/// position reached and the steps taken, or the steps to a contradiction.
struct Branches<'p> {
    position: &'p Position,
    dynamic: bool,
    /// Per candidate, assumed true then false.
    results: Vec<Option<Result<(Position, usize), usize>>>,
}

impl<'p> Branches<'p> {
    fn new(position: &'p Position, dynamic: bool) -> Branches<'p> {
        Branches { position, dynamic, results: vec![None; 2 * position.len() * position.side()] }
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
            propagate(&mut next, start, self.dynamic).map(|steps| (next, steps + 1))
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
    fn technique(&self, nishio: bool) -> (Technique, Score) {
        let technique = match (self.dynamic, nishio) {
            (false, true) => Technique::Nishio,
            (false, false) => Technique::ForcingChain,
            (true, _) => Technique::DynamicForcingChain,
        };
        (technique, technique.base_score())
    }

    fn step(&self, position: &Position, source: &[Assumption], length: usize, contradiction: bool) -> Step {
        let (technique, base) = self.technique(contradiction && !source[0].denied);
        let source = source.iter().map(|a| (position.cell(a.cell), a.digit, !a.denied)).collect();
        let pattern = Pattern::Forcing { source, length, contradiction };
        Step::new(technique, pattern).with_score(base.plus(length_bonus(length)))
    }

    /// The shortest contradiction from assuming a candidate true (or, in
    /// the dynamic form, false as well).
    fn nishio(&self, position: &Position, branches: &mut Branches<'_>) -> Option<Step> {
        let mut best: Option<(usize, Assumption)> = None;
        for cell in 0..position.len() {
            for digit in position.cands(cell).iter() {
                for denied in [false, true].into_iter().take(1 + usize::from(self.dynamic)) {
                    if let Err(steps) = branches.assume(cell, digit, denied) {
                        if best.is_none_or(|(s, _)| steps < s) {
                            best = Some((steps, Assumption { cell, digit, denied }));
                        }
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
        let both_ways = (0..position.len()).filter(|_| self.dynamic).flat_map(|i| {
            position.cands(i).iter().map(move |d| vec![on(i, d), Assumption { cell: i, digit: d, denied: true }])
        });
        let sources: Vec<Vec<Assumption>> = cells.chain(houses).chain(both_ways).collect();
        let mut best: Option<Step> = None;
        for source in sources {
            if let Some(step) = self.agree(position, branches, &source) {
                if best.as_ref().is_none_or(|b| step.score() < b.score()) {
                    best = Some(step);
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

/// Places the digits of `queue`, then singles (and, when `dynamic`, locked
/// candidates and pairs) until nothing applies. `Ok(steps)` when the
/// position stays consistent, `Err(steps)` at a contradiction.
fn propagate(position: &mut Position, mut queue: Vec<(usize, Digit)>, dynamic: bool) -> Result<usize, usize> {
    let mut steps = 0;
    loop {
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
        match hidden_singles(position) {
            Err(()) => return Err(steps),
            Ok(found) if !found.is_empty() => queue = found,
            Ok(_) if dynamic => {
                let basic: [&dyn Strategy; 3] = [
                    &Intersections { direct: false },
                    &NakedSubsets { size: 2 },
                    &HiddenSubsets { size: 2, direct: false },
                ];
                let Some(step) = basic.iter().find_map(|s| s.find(position)) else { return Ok(steps) };
                steps += 1;
                if position.apply(&step).is_err() {
                    return Err(steps);
                }
                queue.extend((0..position.len()).filter_map(|i| position.cands(i).single_digit().map(|d| (i, d))));
            }
            Ok(_) => return Ok(steps),
        }
    }
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
