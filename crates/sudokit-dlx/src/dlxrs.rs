//! [`DlxRs`]: the library approach of the course, on the `dlx-rs` crate.

use sudokit_core::{Budget, CountSolutions, Grid, Meter, Solution, SolveError, Solver, Stats};

use crate::SudokuCover;

/// Sudoku on the [`dlx-rs`](https://docs.rs/dlx-rs) crate: the course's
/// "library" solver (it used DlxLib in C#), kept as the peer that
/// [`Dlx`](crate::Dlx) is measured against.
///
/// Each puzzle builds a fresh `dlx_rs::Solver` from [`SudokuCover`] (so
/// every shape works, rectangular boxes included), selects the givens and
/// takes the first solution from its iterator.
///
/// # Budget
/// `dlx-rs` offers no hook inside its search: the budget is checked before
/// the search starts and, when counting, between solutions. A deadline that
/// passes during one search is noticed only when it returns.
///
/// # Statistics
/// `dlx-rs` reports no counters: [`Stats`] only holds the elapsed time.
///
/// ```
/// use sudokit_dlx::DlxRs;
/// use sudokit_dlx::sudokit_core::{Grid, Solver};
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// assert!(DlxRs::new().solve(&puzzle)?.grid.is_solution_of(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct DlxRs {
    _private: (),
}

impl DlxRs {
    /// A new solver.
    pub fn new() -> DlxRs {
        DlxRs::default()
    }

    /// A `dlx-rs` solver for `puzzle` with its givens selected. Options are
    /// named by their [`SudokuCover`] index; `dlx-rs` numbers items from 1.
    fn build(puzzle: &Grid) -> Result<(SudokuCover, dlx_rs::Solver<usize>), SolveError> {
        puzzle.validate()?;
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

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        let meter = Meter::new(budget);
        budget.check(&Stats::default()).map_err(|reason| meter.exhausted(reason, Stats::default(), None))?;
        let (cover, mut solver) = Self::build(puzzle)?;
        let options = solver.next().ok_or(SolveError::Unsolvable)?;
        Ok(Solution::new(cover.fill(puzzle, options), meter.finish(Stats::default())))
    }
}

impl CountSolutions for DlxRs {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        let meter = Meter::new(budget);
        let check = |found: u64| {
            let mut stats = Stats::default();
            stats.nodes = found;
            budget.check(&stats).map_err(|reason| meter.exhausted(reason, stats, None))
        };
        check(0)?;
        let (_, mut solver) = Self::build(puzzle)?;
        let mut found = 0;
        while found < limit && solver.next().is_some() {
            found += 1;
            check(found)?;
        }
        Ok(found)
    }
}
