//! Chains and forcing chains as Sudoku Explainer 1.2.1 finds and rates
//! them: the same links, the same propagation, the same length count and
//! the same choice among the hints of one rule.
//!
//! Layers, bottom up: `potentials` (a candidate on or off, with what
//! implied it) and `work` (the grid a search shrinks); `hint` (what a
//! search finds, ordered as Sudoku Explainer orders it); `propagate` (the
//! implications of a potential, and a whole branch), `branches` (one
//! branch, and a position's branches kept for the searches nested in
//! them), `along_digit` (a
//! cheap superset of the branches along one digit); `links` (those
//! implications as a table) and `reach` (what each potential reaches
//! along them), kept per grid state by `tables`; `unary` (cycles and
//! chains from one candidate) and
//! `multiple` (contradiction, double, cell and region chains); `advanced`
//! (what nested levels run inside their branches).

mod advanced;
mod along_digit;
mod branches;
mod hint;
mod links;
mod multiple;
mod potentials;
mod propagate;
mod reach;
mod tables;
mod unary;
mod work;

use sudokit_core::{SearchTally, StopReason};

use self::advanced::Nested;
use self::hint::{Hint, Kind, sort_and_dedup, tenths};
use self::multiple::Rule;
use self::propagate::Advanced;
use self::work::{Work, layout_unit};
use crate::human::position::Position;
use crate::human::step::{ForcingKind, Pattern, Score, Step, Technique};
use crate::human::strategy::{Strategy, without_limit};

/// Cycles and chains from one candidate (Sudoku Explainer's "Forcing
/// Chains & Cycles"), the easiest first, each with the length bonus:
///
/// * X-cycle (6.5): a loop along one digit whose weak links become strong;
/// * Y-cycle (6.5): a loop through bivalue cells;
/// * X-chain (6.6): a chain along one digit from a candidate to its
///   negation (Sudoku Explainer's "Forcing X-Chain", or "Turbot Fish" when
///   six candidates long: skyscrapers and 2-string kites);
/// * continuous nice loop (7.0): a loop mixing both kinds of links;
/// * alternating inference chain (7.0, Sudoku Explainer's "Forcing
///   Chain"): a chain mixing both kinds of links, XY-chains included.
#[derive(Clone, Copy, Debug)]
pub struct Chains;

impl Strategy for Chains {
    fn name(&self) -> &'static str {
        "Chains"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        without_limit(|tally| self.find_within(position, tally))
    }

    /// Each start candidate is a node of `tally`.
    fn find_within(&self, position: &Position, tally: &mut SearchTally<'_>) -> Result<Option<Step>, StopReason> {
        tally.check()?;
        let work = Work::new(position);
        let hints = unary::best(&work, tally)?;
        Ok(sort_and_dedup(hints).first().map(|h| step(position, h, None)))
    }
}

/// Forcing chains at each of Sudoku Explainer's levels above the unary
/// chains, each with the length bonus:
///
/// * [`NISHIO`](Self::NISHIO) (7.5): a candidate whose truth leads, along
///   its digit, to a contradiction;
/// * [`MULTIPLE`](Self::MULTIPLE) (8.0): cell and region forcing chains:
///   every candidate of a cell (of three or more), or every place of a
///   digit in a house, leads to the same conclusion;
/// * [`DYNAMIC`](Self::DYNAMIC) (8.5): the branches remove what they turn
///   off, so singles appear as they go; contradiction, double (a candidate
///   on and off agree), cell and region chains;
/// * [`DYNAMIC_PLUS`](Self::DYNAMIC_PLUS) (9.0): the branches also use
///   locked candidates, hidden and naked pairs and X-Wings;
/// * [`NESTED`](Self::NESTED) (9.5), [`NESTED_MULTIPLE`](Self::NESTED_MULTIPLE)
///   (10.0), [`NESTED_DYNAMIC`](Self::NESTED_DYNAMIC) (10.5) and
///   [`NESTED_DYNAMIC_PLUS`](Self::NESTED_DYNAMIC_PLUS) (11.0): the
///   branches also use, in turn, unary chains, multiple forcing chains,
///   dynamic forcing chains and dynamic forcing chains with unary chains
///   inside. These are slow: up to a second per step on the hardest puzzles.
///
/// Among the steps of a level, the easiest, then the shortest, wins.
#[derive(Clone, Copy, Debug)]
pub struct ForcingChains {
    rule: Rule,
}

impl ForcingChains {
    /// Nishio forcing chains (7.5).
    pub const NISHIO: ForcingChains =
        ForcingChains { rule: Rule { multiple: false, dynamic: true, nishio: true, level: 0 } };
    /// Cell and region forcing chains (8.0).
    pub const MULTIPLE: ForcingChains =
        ForcingChains { rule: Rule { multiple: true, dynamic: false, nishio: false, level: 0 } };
    /// Dynamic forcing chains (8.5).
    pub const DYNAMIC: ForcingChains = ForcingChains::nested(0);
    /// Dynamic forcing chains (+) (9.0).
    pub const DYNAMIC_PLUS: ForcingChains = ForcingChains::nested(1);
    /// Dynamic forcing chains with unary chains inside (9.5).
    pub const NESTED: ForcingChains = ForcingChains::nested(2);
    /// Dynamic forcing chains with multiple forcing chains inside (10.0).
    pub const NESTED_MULTIPLE: ForcingChains = ForcingChains::nested(3);
    /// Dynamic forcing chains with dynamic forcing chains inside (10.5).
    pub const NESTED_DYNAMIC: ForcingChains = ForcingChains::nested(4);
    /// Dynamic forcing chains with [`NESTED`](Self::NESTED) chains inside
    /// (11.0).
    pub const NESTED_DYNAMIC_PLUS: ForcingChains = ForcingChains::nested(5);

    /// The nesting level of the last level, [`NESTED_DYNAMIC_PLUS`](Self::NESTED_DYNAMIC_PLUS).
    const LAST_LEVEL: u8 = 5;

    const fn nested(level: u8) -> ForcingChains {
        ForcingChains { rule: Rule { multiple: true, dynamic: true, nishio: false, level } }
    }

    fn technique(&self) -> Technique {
        match self.rule.level {
            0 if self.rule.nishio => Technique::Nishio,
            0 if !self.rule.dynamic => Technique::CellForcingChains,
            0 => Technique::DynamicForcingChains,
            1 => Technique::DynamicForcingChainsPlus,
            2 => Technique::NestedForcingChains,
            3 => Technique::NestedMultipleForcingChains,
            4 => Technique::NestedDynamicForcingChains,
            _ => Technique::NestedDynamicForcingChainsPlus,
        }
    }
}

impl Strategy for ForcingChains {
    fn name(&self) -> &'static str {
        match self.technique() {
            Technique::CellForcingChains => "Cell and region forcing chains",
            other => other.name(),
        }
    }

    fn find(&self, position: &Position) -> Option<Step> {
        without_limit(|tally| self.find_within(position, tally))
    }

    /// Each branch, nested ones included, is a node of `tally`.
    fn find_within(&self, position: &Position, tally: &mut SearchTally<'_>) -> Result<Option<Step>, StopReason> {
        tally.check()?;
        let mut work = Work::new(position);
        let nested = Nested { level: self.rule.level };
        let advanced: Option<&dyn Advanced> = (self.rule.level > 0).then_some(&nested);
        if advanced.is_some() {
            advanced::meet_position(&work);
        }
        let hints = multiple::hints(&mut work, self.rule, advanced, false, tally).map(sort_and_dedup);
        // The states met serve the next level on the same position, which
        // comes only when this one finds nothing (the last level has
        // none); a step changes the position.
        let next_level = self.rule.level > 0 && self.rule.level < ForcingChains::LAST_LEVEL;
        if !matches!(&hints, Ok(found) if found.is_empty() && next_level) {
            advanced::forget_states();
        }
        Ok(hints?.first().map(|h| step(position, h, Some(self.technique()))))
    }
}

/// The step of a hint; `forcing` is the technique of the level, `None`
/// for the unary chains.
fn step(position: &Position, hint: &Hint, forcing: Option<Technique>) -> Step {
    let cell = |i: usize| position.cell(i);
    let (technique, pattern) = match (&hint.kind, forcing) {
        (&Kind::Cycle { x, y }, _) | (&Kind::Chain { x, y }, None) => {
            let cycle = matches!(hint.kind, Kind::Cycle { .. });
            let technique = match (cycle, x, y) {
                (true, true, true) => Technique::ContinuousLoop,
                (true, true, false) => Technique::XCycle,
                (true, false, _) => Technique::YCycle,
                (false, true, false) => Technique::XChain,
                (false, _, _) => Technique::Aic,
            };
            let nodes = hint.nodes.iter().map(|&(c, d)| (cell(c), d)).collect();
            (technique, Pattern::Chain { nodes, cycle })
        }
        (kind, technique) => {
            let technique = technique.unwrap_or(Technique::Aic);
            let (kind, source) = match *kind {
                Kind::Contradiction { cell: c, digit, on } => (ForcingKind::Contradiction, vec![(cell(c), digit, on)]),
                Kind::Double { cell: c, digit } => {
                    (ForcingKind::Double, vec![(cell(c), digit, true), (cell(c), digit, false)])
                }
                Kind::Cell { cell: c } => {
                    (ForcingKind::Cell, position.cands(c).iter().map(|d| (cell(c), d, true)).collect())
                }
                Kind::Region { unit, digit } => {
                    (ForcingKind::Region, region_cells(position, unit, digit).map(|c| (cell(c), digit, true)).collect())
                }
                Kind::Cycle { .. } | Kind::Chain { .. } => (ForcingKind::Contradiction, Vec::new()),
            };
            let technique = match (technique, kind) {
                (Technique::CellForcingChains, ForcingKind::Region) => Technique::RegionForcingChains,
                (t, _) => t,
            };
            (technique, Pattern::Forcing { kind, source, length: hint.complexity })
        }
    };
    let step = Step::new(technique, pattern).with_score(Score::from_tenths(tenths(hint.difficulty)));
    match hint.placement {
        Some((c, d)) => step.placing(cell(c), d),
        None => step.eliminating(hint.removable.iter().map(|&(c, d)| (cell(c), d)).collect()),
    }
}

/// The cells of Sudoku Explainer's unit `unit` (boxes, rows, columns)
/// that hold `digit`.
fn region_cells(position: &Position, unit: usize, digit: sudokit_core::Digit) -> impl Iterator<Item = usize> + '_ {
    position
        .layout()
        .unit(layout_unit(position.side(), unit))
        .iter()
        .map(|&c| c as usize)
        .filter(move |&c| position.cands(c).contains(digit))
}
