//! [`DlxRs`]: the library approach of the course, on the `dlx-rs` crate.

use sudokit_core::{Admitted, Budget, CountSolutions, Grid, SearchTally, Solution, SolveError, Solver};

use crate::SudokuCover;

/// Sudoku on the [`dlx-rs`](https://docs.rs/dlx-rs) crate: the course's
/// "library" solver (it used DlxLib in C#), kept as the peer that
/// [`Dlx`](crate::Dlx) is measured against.
///
/// Each puzzle builds a fresh `dlx_rs::Solver` from [`SudokuCover`] (so
/// every shape works, rectangular boxes included), selects the givens and
/// takes the first solution from its iterator.
///
/// # Budget and shapes
/// `dlx-rs` offers no hook inside its search: the budget is checked before
/// the search starts and, when counting, between solutions. A deadline that
/// passes during one search is noticed only when it returns. Its searches
/// stay in the milliseconds up to 16×16, but a 25×25 puzzle can run for
/// tens of seconds past any limit, so grids larger than
/// [`DlxRs::MAX_SIDE`] are refused with
/// [`SolveError::UnsupportedShape`]: use [`Dlx`](crate::Dlx) for them.
///
/// # Statistics
/// `dlx-rs` reports no counters: [`Stats`](sudokit_core::Stats) only holds the elapsed time.
///
/// # Complexity
/// As [`Dlx`](crate::Dlx): exponential in the worst case, O(n) link updates
/// per covered item; but the n³-option matrix of side `n` is built anew for
/// every puzzle (O(n³) time and space each time), which is most of the cost on
/// easy puzzles.
///
/// # References
/// Knuth, "Dancing Links" (2000), arXiv cs/0011047; the `dlx-rs` crate.
///
/// ```
/// use sudokit_dlx::DlxRs;
/// use sudokit_core::{Grid, Solver};
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// assert!(DlxRs::new().solve(&puzzle)?.grid.is_solution_of(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct DlxRs {
    _private: (),
}

impl DlxRs {
    /// The largest side handled, see [Budget and shapes](DlxRs#budget-and-shapes).
    pub const MAX_SIDE: usize = 16;

    /// A new solver.
    pub fn new() -> DlxRs {
        DlxRs::default()
    }

    /// A `dlx-rs` solver for `puzzle` with its givens selected. Options are
    /// named by their [`SudokuCover`] index; `dlx-rs` numbers items from 1.
    fn build(puzzle: &Grid) -> Result<(SudokuCover, dlx_rs::Solver<usize>), SolveError> {
        puzzle.validate()?;
        if puzzle.side() > Self::MAX_SIDE {
            return Err(SolveError::unsupported_shape(puzzle.shape()));
        }
        let cover = SudokuCover::new(puzzle.shape());
        let mut solver = dlx_rs::Solver::new(cover.item_count());
        for option in 0..cover.option_count() {
            solver.add_option(option, &cover.items(option).map(|i| i + 1));
        }
        for (cell, &value) in puzzle.values().iter().enumerate() {
            if value != 0 {
                solver.select(cover.option(cell, value)).expect("every option exists and validated givens never clash");
            }
        }
        Ok((cover, solver))
    }
}

impl Solver for DlxRs {
    fn name(&self) -> &str {
        "dlx-rs"
    }

    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        self.solve_with(puzzle.grid(), budget)
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        let mut tally = SearchTally::new(budget, 1);
        tally.check().map_err(|reason| tally.exhausted(reason, None))?;
        let (cover, mut solver) = Self::build(puzzle)?;
        let options = solver.next().ok_or(SolveError::Unsolvable)?;
        Ok(tally.solution(cover.fill(puzzle, options)))
    }
}

impl CountSolutions for DlxRs {
    fn count_admitted(&mut self, puzzle: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        self.count_solutions_with(puzzle.grid(), limit, budget)
    }

    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        let mut tally = SearchTally::new(budget, limit);
        tally.check().map_err(|reason| tally.exhausted(reason, None))?;
        let (_, mut solver) = Self::build(puzzle)?;
        // dlx-rs runs its search inside `next`: the budget is checked
        // between solutions, each counted as a node.
        while !tally.is_done() && solver.next().is_some() {
            tally.count();
            tally.enter().map_err(|reason| tally.exhausted(reason, None))?;
        }
        Ok(tally.found())
    }
}
