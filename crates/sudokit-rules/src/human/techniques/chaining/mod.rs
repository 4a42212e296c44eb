//! Chains and forcing chains as Sudoku Explainer 1.2.1 finds and rates
//! them: the same links, the same propagation, the same length count and
//! the same choice among the hints of one rule.
//!
//! Two folders: `rules`, Sudoku Explainer's rules (potentials,
//! propagation, hints, the unary, multiple and nested searches), and
//! `speed`, what only makes them faster (tables, shared branches, the
//! hint cache, reused memory). The strategies here keep that memory in
//! the path's [`Cache`].

mod rules;
mod speed;

use crate::human::strategy::KINDS_PLAYED;
use sudokit_core::{Digit, RuleKinds, SearchTally, StopReason};

use self::rules::hint::{Hint, Kind, Written, sort_and_dedup, tenths};
use self::rules::multiple::{self, Carry};
use self::rules::nested::Nested;
use self::rules::potentials::Cause;
use self::rules::propagate::Advanced;
use self::rules::rule::Rule;
use self::rules::unary;
use self::rules::work::Work;
use self::speed::cache::ChainCache;
use self::speed::spread;
use crate::human::forcing::{ChainLink, ForcingChain, LinkReason};
use crate::human::position::Position;
use crate::human::step::{ForcingKind, Pattern, Score, Step, Technique};
use crate::human::strategy::{Cache, Strategy, without_limit};

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

    /// The cycles' base score: every chain scores at least its base.
    fn least_score(&self) -> Option<Score> {
        Some(Technique::XCycle.base_score())
    }

    /// Every variant: the links follow its houses and relations, as
    /// SukakuExplainer's chains do.
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn find(&self, position: &Position) -> Option<Step> {
        without_limit(|tally, cache| self.find_with(position, tally, cache))
    }

    /// Each start candidate is a node of `tally`; the link tables of the
    /// position stay in `cache` for the forcing chains.
    fn find_with(
        &self,
        position: &Position,
        tally: &mut SearchTally<'_>,
        cache: &mut Cache,
    ) -> Result<Option<Step>, StopReason> {
        tally.check()?;
        let cache = cache.get_or_insert_default::<ChainCache>();
        let work = Work::new(position);
        let hints = unary::best(&work, tally, cache)?;
        Ok(sort_and_dedup(hints).first().map(|h| step(position, &work, h, None)))
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

    /// Every variant: the links follow its houses and relations, and the
    /// techniques inside dynamic branches are SukakuExplainer's
    /// generalized ones where the rules have more than rows, columns and
    /// boxes.
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn find(&self, position: &Position) -> Option<Step> {
        without_limit(|tally, cache| self.find_with(position, tally, cache))
    }

    /// The level's base score (region chains share the cell chains'):
    /// the length bonus only adds.
    fn least_score(&self) -> Option<Score> {
        Some(self.technique().base_score())
    }

    /// Each branch, nested ones included, is a node of `tally`; the
    /// hints of the grid states met inside branches stay in `cache` for
    /// the next level on the same position.
    fn find_with(
        &self,
        position: &Position,
        tally: &mut SearchTally<'_>,
        cache: &mut Cache,
    ) -> Result<Option<Step>, StopReason> {
        tally.check()?;
        let threads = cache.threads();
        let cache = cache.get_or_insert_default::<ChainCache>();
        let mut work = Work::new(position);
        // The levels with chains inside their branches spread them.
        let spreads = self.rule.level >= 2 && threads > 1;
        let mut workers = if spreads { cache.take_workers(threads - 1) } else { Vec::new() };
        let nested = Nested { level: self.rule.level, cache };
        let advanced: Option<&dyn Advanced> = (self.rule.level > 0).then_some(&nested);
        if advanced.is_some() {
            cache.meet_position(&work);
        }
        let budget = tally.meter_mut().budget();
        let hints = spread::branches(&work, self.rule, cache, &mut workers, budget)
            .and_then(|ready| multiple::hints(&mut work, (self.rule, advanced), Carry::Branches, tally, cache, ready));
        if spreads {
            cache.give_back_workers(workers);
        }
        // The states met serve the next level on the same position, which
        // comes only when this one finds nothing (the last level has
        // none); a step changes the position. What is kept is checked
        // against the position, so this only lets the memory go early.
        let next_level = self.rule.level > 0 && self.rule.level < ForcingChains::LAST_LEVEL;
        if !matches!(&hints, Ok(found) if found.is_empty() && next_level) {
            cache.forget_states();
        }
        Ok(hints?.first().map(|h| step(position, &work, h, Some(self.technique()))))
    }
}

/// The step of a hint found on `work`; `forcing` is the technique of the
/// level, `None` for the unary chains.
fn step(position: &Position, work: &Work, hint: &Hint, forcing: Option<Technique>) -> Step {
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
            // A chain from a candidate to its own removal starts on it:
            // its first link is weak.
            let weak_first = !cycle && hint.placement.is_none();
            (technique, Pattern::Chain { nodes, cycle, house: None, weak_first })
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
                Kind::Region { unit, digit } => (
                    ForcingKind::Region,
                    position.cells_with(work.position_unit(unit), digit).map(|c| (cell(c), digit, true)).collect(),
                ),
                Kind::Cycle { .. } | Kind::Chain { .. } => (ForcingKind::Contradiction, Vec::new()),
            };
            let technique = match (technique, kind) {
                (Technique::CellForcingChains, ForcingKind::Region) => Technique::RegionForcingChains,
                (t, _) => t,
            };
            let chains = hint.branches.iter().map(|branch| written_chain(position, work, branch)).collect();
            (technique, Pattern::Forcing { kind, source, length: hint.complexity, chains })
        }
    };
    let step = Step::new(technique, pattern).with_score(Score::from_tenths(tenths(hint.difficulty)));
    match hint.placement {
        Some((c, d)) => step.placing(cell(c), d),
        None => step.eliminating(hint.removable.iter().map(|&(c, d)| (cell(c), d)).collect()),
    }
}

/// A branch written out, in the step's terms: cells, and houses for the
/// search's units.
fn written_chain(position: &Position, work: &Work, branch: &[Written]) -> ForcingChain {
    let side = position.side();
    let links = branch
        .iter()
        .map(|w| {
            let (slot, on) = (w.node as usize / 2, w.node & 1 == 1);
            let digit = Digit::new((slot % side + 1) as u8).expect("a node's digit is within the side");
            let reason = match w.cause {
                Cause::Assumed => LinkReason::Assumed,
                Cause::Cell => LinkReason::Cell,
                Cause::Unit(u) => LinkReason::House(position.house(work.position_unit(usize::from(u)))),
                Cause::Bound(relation) => LinkReason::Bound(relation),
                Cause::Advanced(None) => LinkReason::Technique,
                Cause::Advanced(Some(_)) => LinkReason::NestedChain,
                Cause::Sum(k) => {
                    let link = &work.sum_links()[usize::from(k)];
                    match link.cage {
                        Some(cage) => LinkReason::CageSum(cage),
                        None => LinkReason::ImpliedSum(link.origin),
                    }
                }
            };
            ChainLink::new(position.cell(slot / side), digit, on, reason, w.parents.clone())
        })
        .collect();
    ForcingChain::new(links)
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Budget, Grid};

    use sudokit_core::Cell;
    use sudokit_grid::Candidates;

    use super::*;
    use crate::human::lists;
    use crate::human::strategy::first_step;

    /// Puzzles of the reference set (`puzzles/se121_reference.csv`: set,
    /// index) whose path goes through each kind of chain, up to the first
    /// nested level, with Sudoku Explainer 1.2.1's ER. (The branches
    /// shared with searches nested in them serve the levels above; their
    /// own test compares each with the branch run anew.)
    const SAMPLE: [(&str, &str, f64); 9] = [
        ("norvig_top95 4", "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...", 6.6),
        ("norvig_hardest 6", "1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2", 7.1),
        ("norvig_top95 21", "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2...", 7.8),
        ("norvig_hardest 2", "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4", 8.3),
        ("norvig_top95 10", "6..3.2....5.....1..........7.26............543.........8.15........4.2........7..", 8.5),
        ("norvig_top95 11", ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...", 8.9),
        ("norvig_top95 6", "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....", 9.0),
        ("norvig_top95 53", "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.", 9.3),
        ("norvig_hardest 1", "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..", 10.6),
    ];

    /// Sudoku Explainer's path of `puzzle` (`lists::standard`), searched
    /// with the accelerators and without: every step must be the same.
    /// Returns the hardest step's score, in tenths.
    fn walk_both_ways(name: &str, puzzle: &str) -> u16 {
        let puzzle: Grid = puzzle.parse().expect("a valid grid");
        let mut position = Position::new(&puzzle).expect("a valid puzzle");
        let budget = Budget::unlimited().without_timing();
        let mut tally = SearchTally::new(&budget, 0);
        let mut fast = Cache::new();
        let mut slow = Cache::new();
        *slow.get_or_insert_default::<ChainCache>() = ChainCache::unaccelerated();
        let mut hardest = 0;
        for at in 0.. {
            if position.is_solved() {
                break;
            }
            let with = first_step(lists::standard(), &position, &mut tally, &mut fast).expect("no limit");
            let without = first_step(lists::standard(), &position, &mut tally, &mut slow).expect("no limit");
            assert_eq!(with, without, "{name}, step {at}");
            let step = with.unwrap_or_else(|| panic!("{name}: the path stalls at step {at}"));
            hardest = hardest.max(step.score().tenths());
            position.apply(&step).expect("a sound step");
        }
        hardest
    }

    #[test]
    fn the_branches_spread_over_threads_change_no_step() {
        // The last of the sample: steps at the nested levels 2 and 3.
        let (name, puzzle, er) = SAMPLE[SAMPLE.len() - 1];
        let puzzle: Grid = puzzle.parse().expect("a valid grid");
        let mut position = Position::new(&puzzle).expect("a valid puzzle");
        let budget = Budget::unlimited().without_timing();
        let mut tally = SearchTally::new(&budget, 0);
        let mut alone = Cache::new();
        let mut spread = Cache::new().with_threads(3);
        let (mut nested, mut hardest) = (0, 0);
        while !position.is_solved() {
            let one = first_step(lists::standard(), &position, &mut tally, &mut alone).expect("no limit");
            let three = first_step(lists::standard(), &position, &mut tally, &mut spread).expect("no limit");
            assert_eq!(one, three, "{name}");
            let step = one.unwrap_or_else(|| panic!("{name}: the path stalls"));
            nested += usize::from(step.score().tenths() >= 95);
            hardest = hardest.max(step.score().tenths());
            position.apply(&step).expect("a sound step");
        }
        // Not vacuous: the levels that spread found steps.
        assert!(nested >= 2, "{name}: {nested} steps at 9.5 or more");
        assert_eq!(f64::from(hardest) / 10.0, er, "{name}: the path's ER is Sudoku Explainer's");
    }

    #[test]
    fn the_accelerators_change_no_step() {
        for (name, puzzle, er) in SAMPLE {
            let hardest = walk_both_ways(name, puzzle);
            assert_eq!(f64::from(hardest) / 10.0, er, "{name}: the path's ER is Sudoku Explainer's");
        }
    }

    /// Every link of `step`'s branches follows from its parents by the
    /// rule it names, on `position`, the grid the step was found on; the
    /// branches start from the step's assumptions and end as its kind
    /// says. Returns the number of links checked.
    fn check_branches(name: &str, position: &Position, step: &Step) -> usize {
        let Pattern::Forcing { kind, source, chains, .. } = &step.pattern else { return 0 };
        let mut checked = 0;
        for chain in chains {
            let links = chain.links();
            let start = chain.assumption();
            assert_eq!(start.reason(), LinkReason::Assumed, "{name}: {step}");
            assert!(source.contains(&(start.cell(), start.digit(), start.is_on())), "{name}: {step}: {chain}");
            for link in &links[1..] {
                let parents: Vec<&ChainLink> = link.parents().iter().map(|&p| &links[p]).collect();
                let (cell, digit) = (link.cell(), link.digit());
                let here = position.candidates(cell);
                match (link.reason(), link.is_on()) {
                    (LinkReason::Cell, false) => assert!(
                        parents.iter().any(|p| p.is_on() && p.cell() == cell && p.digit() != digit),
                        "{name}: {chain:#}"
                    ),
                    (LinkReason::Cell, true) => {
                        let gone: Candidates = parents
                            .iter()
                            .inspect(|p| assert!(!p.is_on() && p.cell() == cell, "{name}: {chain:#}"))
                            .map(|p| Candidates::single(p.digit()))
                            .fold(Candidates::EMPTY, |a, b| a | b);
                        assert_eq!(gone | Candidates::single(digit), here, "{name}: {link} in {chain:#}");
                    }
                    (LinkReason::House(house), false) => {
                        let cells: Vec<Cell> = position.cells_of(house).collect();
                        assert!(
                            parents.iter().any(|p| p.is_on()
                                && p.digit() == digit
                                && p.cell() != cell
                                && cells.contains(&p.cell())
                                && cells.contains(&cell)),
                            "{name}: {link} in {chain:#}"
                        );
                    }
                    (LinkReason::House(house), true) => {
                        let places: Vec<Cell> =
                            position.cells_of(house).filter(|&c| position.candidates(c).contains(digit)).collect();
                        assert!(places.contains(&cell), "{name}: {link} in {chain:#}");
                        for other in places.iter().filter(|&&c| c != cell) {
                            assert!(
                                parents.iter().any(|p| !p.is_on() && p.digit() == digit && p.cell() == *other),
                                "{name}: {link} needs {other}≠{digit} in {chain:#}"
                            );
                        }
                    }
                    (LinkReason::Assumed, _) => panic!("{name}: a second assumption in {chain:#}"),
                    _ => {}
                }
                checked += 1;
            }
        }
        let ends: Vec<(Cell, Digit, bool)> =
            chains.iter().map(|c| (c.conclusion().cell(), c.conclusion().digit(), c.conclusion().is_on())).collect();
        let concluded = |&(cell, digit, on): &(Cell, Digit, bool)| {
            if on { step.placements().contains(&(cell, digit)) } else { step.eliminations().contains(&(cell, digit)) }
        };
        match kind {
            ForcingKind::Contradiction => {
                assert_eq!(chains.len(), 2, "{name}: {step}");
                let ([a, b], start) = ([ends[0], ends[1]], chains[0].assumption());
                assert!(a.0 == b.0 && a.1 == b.1 && a.2 != b.2, "{name}: {step}: the ends contradict each other");
                assert_eq!(start, chains[1].assumption(), "{name}: {step}: one assumption");
            }
            ForcingKind::Double => {
                assert_eq!(chains.len(), 2, "{name}: {step}");
                assert_eq!(ends[0], ends[1], "{name}: {step}");
                assert!(concluded(&ends[0]), "{name}: {step}: the ends are the conclusion");
            }
            ForcingKind::Cell | ForcingKind::Region => {
                assert_eq!(chains.len(), source.len(), "{name}: {step}: a branch per assumption");
                assert!(
                    ends.iter().all(|e| *e == ends[0] && concluded(e)),
                    "{name}: {step}: the ends are the conclusion"
                );
            }
        }
        checked
    }

    #[test]
    fn every_link_of_a_forcing_chain_follows_from_its_parents() {
        let mut checked = 0;
        let mut kinds = std::collections::BTreeSet::new();
        for (name, puzzle, _) in &SAMPLE[..8] {
            let puzzle: Grid = puzzle.parse().expect("a valid grid");
            let mut position = Position::new(&puzzle).expect("a valid puzzle");
            while let Some(step) = position.hint() {
                checked += check_branches(name, &position, &step);
                if !step.forcing_chains().is_empty() {
                    kinds.insert(format!("{}", step.technique()));
                }
                position.apply(&step).expect("a sound step");
            }
            assert!(position.is_solved(), "{name}");
        }
        assert!(checked > 1000, "{checked} links");
        assert!(kinds.len() >= 4, "{kinds:?}");
    }
}
