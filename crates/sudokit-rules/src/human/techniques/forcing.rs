//! Forcing chains: what follows from assuming a candidate true (or
//! false), by singles and, at the higher levels, by basic techniques and
//! nested contradictions.

use sudokit_core::{Digit, SearchTally, StopReason};
use sudokit_grid::Candidates;

use super::chains::length_bonus;
use super::propagation::{Branch, BranchResult, Failure, branch};
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::{Strategy, without_limit};

/// Candidates tried per cell or house by the cell and region forcing
/// chains: more branches rarely agree, and cost as much as they add.
const MAX_BRANCHES: usize = 4;

/// Forcing chains at four levels of Sudoku Explainer's scale, each with
/// the length bonus:
///
/// * [`STATIC`](Self::STATIC): Nishio (7.5: a candidate whose truth
///   leads, by singles, to a contradiction goes), then cell and region
///   forcing chains (8.0: every candidate of a cell, or every place of a
///   digit in a house, leads to the same placement or elimination);
/// * [`DYNAMIC`](Self::DYNAMIC): dynamic forcing chains (8.5): candidates
///   assumed false as well as true, so a contradiction from a denial
///   places the digit, and a conclusion both ways holds;
/// * [`DYNAMIC_PLUS`](Self::DYNAMIC_PLUS): dynamic forcing chains (+)
///   (9.0): the branches also use locked candidates, pairs, triples and
///   X-Wings;
/// * [`NESTED`](Self::NESTED): nested forcing chains (9.5): the branches
///   also use Nishio contradictions of their own.
///
/// The first two return the shortest chain; the last two, which cost far
/// more, the first they find, trying bivalue cells and conjugate pairs
/// first.
#[derive(Clone, Copy, Debug)]
pub struct ForcingChains {
    level: u8,
}

impl ForcingChains {
    /// Nishio (7.5), cell and region forcing chains (8.0).
    pub const STATIC: ForcingChains = ForcingChains { level: 0 };
    /// Dynamic forcing chains (8.5).
    pub const DYNAMIC: ForcingChains = ForcingChains { level: 1 };
    /// Dynamic forcing chains (+) (9.0).
    pub const DYNAMIC_PLUS: ForcingChains = ForcingChains { level: 2 };
    /// Nested forcing chains (9.5).
    pub const NESTED: ForcingChains = ForcingChains { level: 3 };
}

impl Strategy for ForcingChains {
    fn name(&self) -> &'static str {
        self.technique(false).name()
    }

    fn find(&self, position: &Position) -> Option<Step> {
        without_limit(|tally| self.find_within(position, tally))
    }

    /// Each branch, nested ones included, is a node of `tally`.
    fn find_within(&self, position: &Position, tally: &mut SearchTally<'_>) -> Result<Option<Step>, StopReason> {
        tally.check()?;
        let mut branches = Branches::new(position, self.level, tally);
        Ok(if self.level <= 1 {
            let nishio = self.nishio(position, &mut branches)?;
            let forcing = self.forcing(position, &mut branches)?;
            [nishio, forcing].into_iter().flatten().min_by_key(Step::score)
        } else {
            match self.nishio(position, &mut branches)? {
                Some(step) => Some(step),
                None => self.forcing(position, &mut branches)?,
            }
        })
    }
}

/// The outcome of assuming one candidate, computed once per search.
struct Branches<'p, 't, 'b> {
    position: &'p Position,
    level: u8,
    /// Per candidate, assumed true then false.
    results: Vec<Option<BranchResult>>,
    tally: &'t mut SearchTally<'b>,
}

impl<'p, 't, 'b> Branches<'p, 't, 'b> {
    fn new(position: &'p Position, level: u8, tally: &'t mut SearchTally<'b>) -> Branches<'p, 't, 'b> {
        Branches { position, level, results: vec![None; 2 * position.len() * position.side()], tally }
    }

    /// The branch of `digit` in `cell` assumed true (or false, when
    /// `denied`).
    fn assume(&mut self, cell: usize, digit: Digit, denied: bool) -> Result<Result<&Branch, Failure>, StopReason> {
        let key = 2 * (cell * self.position.side() + digit.index()) + usize::from(denied);
        if self.results[key].is_none() {
            self.results[key] = Some(branch(self.position, cell, digit, denied, self.level, self.tally)?);
        }
        let result = self.results[key].as_ref().expect("computed above");
        Ok(result.as_ref().map_err(|&failure| failure))
    }
}

/// A candidate assumed true, or false when `denied`.
#[derive(Clone, Copy, Debug)]
struct Assumption {
    cell: usize,
    digit: Digit,
    denied: bool,
}

impl ForcingChains {
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
    fn nishio(&self, position: &Position, branches: &mut Branches<'_, '_, '_>) -> Result<Option<Step>, StopReason> {
        let mut best: Option<(usize, Assumption)> = None;
        'search: for (cell, digit) in ForcingChains::candidates(position) {
            for denied in [false, true].into_iter().take(1 + usize::from(self.level >= 1)) {
                if let Err(failure) = branches.assume(cell, digit, denied)? {
                    let length = self.length(failure.complexity, failure.steps);
                    if best.is_none_or(|(l, _)| length < l) {
                        best = Some((length, Assumption { cell, digit, denied }));
                    }
                    if self.level >= 2 {
                        break 'search;
                    }
                }
            }
        }
        let Some((length, assumed)) = best else { return Ok(None) };
        let step = self.step(position, &[assumed], length, true);
        let cell = position.cell(assumed.cell);
        Ok(Some(if assumed.denied {
            step.placing(cell, assumed.digit)
        } else {
            step.eliminating(vec![(cell, assumed.digit)])
        }))
    }

    /// Cell and region forcing chains: every branch of a cell's candidates
    /// or of a digit's places in a house; in the dynamic form also a
    /// candidate assumed true and false.
    fn forcing(&self, position: &Position, branches: &mut Branches<'_, '_, '_>) -> Result<Option<Step>, StopReason> {
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
        let both_ways = ForcingChains::candidates(position)
            .into_iter()
            .filter(|_| self.level >= 1)
            .map(|(i, d)| vec![on(i, d), Assumption { cell: i, digit: d, denied: true }]);
        let mut sources: Vec<Vec<Assumption>> = cells.chain(houses).chain(both_ways).collect();
        sources.sort_by_key(Vec::len);
        let mut best: Option<Step> = None;
        for source in sources {
            if let Some(step) = self.agree(position, branches, &source)? {
                if best.as_ref().is_none_or(|b| step.score() < b.score()) {
                    best = Some(step);
                }
                if self.level >= 2 {
                    break;
                }
            }
        }
        Ok(best)
    }

    /// What every branch of `source` leads to, as a step.
    fn agree(
        &self,
        position: &Position,
        branches: &mut Branches<'_, '_, '_>,
        source: &[Assumption],
    ) -> Result<Option<Step>, StopReason> {
        let mut placed: Option<Vec<u8>> = None;
        let mut kept: Option<Vec<Candidates>> = None;
        for a in source {
            // A contradicting branch is the Nishio's business.
            let Ok(after) = branches.assume(a.cell, a.digit, a.denied)? else { return Ok(None) };
            let after = &after.position;
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
        let (Some(placed), Some(kept)) = (placed, kept) else { return Ok(None) };
        let placement = (0..position.len())
            .find_map(|c| (position.placed(c) == 0).then(|| Digit::new(placed[c])).flatten().map(|d| (c, d)));
        let removed: Vec<(usize, Digit)> =
            (0..position.len()).flat_map(|c| (position.cands(c) - kept[c]).iter().map(move |d| (c, d))).collect();
        // The chain behind the conclusion, in every branch.
        let target = match (placement, removed.first()) {
            (Some((c, d)), _) => 2 * (c * position.side() + d.index()),
            (None, Some(&(c, d))) => 2 * (c * position.side() + d.index()) + 1,
            (None, None) => return Ok(None),
        };
        let (mut complexity, mut longest) = (0, 0);
        for a in source {
            let Ok(branch) = branches.assume(a.cell, a.digit, a.denied)? else { return Ok(None) };
            complexity += branch.trail.ancestors(position, &[target]);
            longest = longest.max(branch.steps);
        }
        let step = self.step(position, source, self.length(complexity, longest), false);
        Ok(Some(match placement {
            Some((c, d)) => step.placing(position.cell(c), d),
            None => step.eliminating(removed.iter().map(|&(c, d)| (position.cell(c), d)).collect()),
        }))
    }

    /// The length that sets a step's bonus: the ancestors of its
    /// conclusion at the levels whose propagation is traced (singles), the
    /// steps taken at the levels that run techniques inside the branches.
    fn length(&self, complexity: usize, steps: usize) -> usize {
        if self.level <= 1 { complexity } else { steps }
    }
}
