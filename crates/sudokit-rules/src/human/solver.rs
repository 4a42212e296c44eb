//! [`HumanSolver`]: the human techniques, then guesses, as a [`Solver`].

use sudokit_core::{
    Admitted, Budget, CountSolutions, Puzzle, RuleKinds, SearchTally, Solution, SolveError, Solver, StopReason,
};

use super::explain::Search;
use super::lists;
use super::position::Position;

/// An exact solver that works as a player with a pencil: singles, locked
/// candidates and pairs after every change ([`lists::basic`]), and a
/// guess on a cell with the fewest candidates, kept on an explicit stack,
/// when they stall. Registered as `rules`; every shape, and every
/// [`Variant`](sudokit_core::Variant) (with the techniques that take its rules).
///
/// It is readable rather than fast: for speed on 9×9 use the
/// `sudokit-bitparallel` crate's `BitParallel`, which applies the same
/// first techniques on bit boards. [`Stats`](sudokit_core::Stats): `iterations`
/// counts steps, `nodes` guesses and backtracks, `guesses` and
/// `backtracks` those two.
///
/// # Complexity
/// Each step tries the techniques in order, cheapest first; a technique up to
/// the fish and wings costs O(n³) or less on side `n` (every digit in every
/// house), a chaining level O(C · P) for C candidates and P the cost of one
/// propagation (O(C · n)), and a nested level a factor C more. Guessing, when
/// the techniques stall, is exponential in the worst case. Extra space O(C)
/// per chain, O(n²) per guess level.
///
/// # References
/// Juillerat, *Sudoku Explainer* 1.2.1 (2006–2007), the techniques' order and
/// difficulty scale.
///
/// ```
/// use sudokit_rules::human::HumanSolver;
/// use sudokit_core::{CountSolutions, Grid, Solver, Uniqueness};
///
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut solver = HumanSolver::new();
/// assert!(solver.solve(&puzzle)?.grid.is_solution_of(&puzzle));
/// assert_eq!(solver.uniqueness(&puzzle)?, Uniqueness::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct HumanSolver {
    _private: (),
}

impl HumanSolver {
    /// A new solver.
    pub fn new() -> HumanSolver {
        HumanSolver::default()
    }

    fn run<'b>(&self, puzzle: &Puzzle, budget: &'b Budget, limit: u64) -> Result<SearchTally<'b>, SolveError> {
        let position = Position::with_rules(puzzle.grid(), puzzle.rules())?;
        let mut tally = SearchTally::slow(budget, limit);
        let stop = |tally: &SearchTally<'_>, reason: StopReason| tally.exhausted(reason, None);
        tally.check().map_err(|r| stop(&tally, r))?;
        let mut search = Search::new(
            position,
            std::borrow::Cow::Borrowed(lists::basic()),
            usize::try_from(limit).unwrap_or(usize::MAX),
        );
        search.run(&mut tally).map_err(|r| stop(&tally, r))?;
        for grid in search.solutions() {
            tally.record(grid.values());
        }
        Ok(tally)
    }
}

impl HumanSolver {
    /// The kinds of rule the human engine reads: every house, relation,
    /// cage and pencil mark, and the sums whose combinations can be listed.
    pub const RULE_KINDS: RuleKinds = super::strategy::KINDS_PLAYED;
}

impl Solver for HumanSolver {
    fn name(&self) -> &str {
        "rules"
    }

    /// Every kind of rule, killer cages with sums among them (those whose
    /// combinations can be listed): the techniques that take its rules,
    /// then guesses.
    fn rule_kinds(&self) -> RuleKinds {
        HumanSolver::RULE_KINDS
    }

    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        self.run(&puzzle, budget, 1)?.into_solution(puzzle.shape())
    }
}

impl CountSolutions for HumanSolver {
    fn count_admitted(&mut self, admitted: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        let (puzzle, variant) = (admitted.grid(), admitted.variant());
        if limit == 0 {
            variant.validate(puzzle)?;
            return Ok(0);
        }
        Ok(self.run(&admitted, budget, limit)?.found())
    }
}
