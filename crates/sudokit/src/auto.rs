//! [`Auto`]: the best exact solver for each shape, registered as `auto`,
//! the default.

use sudokit_core::{Budget, CountSolutions, Grid, Shape, Solution, SolveError, Solver};
use sudokit_dlx::Dlx;
use sudokit_rules::BitParallel;

/// The fastest exact solver of the workspace for each shape:
/// [`BitParallel`] for 9×9, [`Dlx`] (Dancing Links) for every other shape.
///
/// Measured on generated puzzles (5 per row, 50% and 65% of the cells
/// empty, 2 s limit; milliseconds per puzzle, 2026-11-30):
///
/// | shape | `fast` | `dlx` | `dsatur-propagate` | `backtracking-mrv` |
/// |---|---:|---:|---:|---:|
/// | 4×4 to 8×8 | ≤ 0.01 | ≤ 0.01 | ≤ 0.02 | ≤ 0.01 |
/// | 9×9 | 0.00 | 0.01–0.02 | 0.02–0.04 | 0.00–0.01 |
/// | 12×12 | 0.02–0.05 | 0.03–0.04 | 0.07–0.10 | 0.01–0.05 |
/// | 16×16 | 0.25 / 2 of 5 time out | 0.05–0.22 | 0.21 / 3 of 5 time out | 0.25 / 2 of 5 time out |
/// | 25×25 | all time out | 20 / 2 of 5 time out at 65% | all time out | all time out |
///
/// (`fast` hands shapes other than 9×9 to `backtracking-mrv`.) Below 16×16
/// every exact solver takes microseconds; from 16×16 up only Dancing Links
/// keeps up, so `Auto` uses it for every shape but 9×9.
///
/// # Shapes
/// Every shape up to [`Shape::MAX_SIDE`] (35×35), boxes taller or wider
/// than the default included. A grid given nothing, its first row or its
/// first band is completed within [`Dlx::COMPLETION_NODES`] nodes per cell
/// (512: at most 627 200 nodes, about half a second, on 35×35; a test
/// checks every shape), thanks to the restarts of [`Dlx`]; the worst seen
/// is 238 nodes per cell, on an empty 30×30 grid of 5×6 boxes. Hard proper
/// puzzles of 25×25 and above can still take long: give them a budget.
///
/// # Complexity
/// That of the solver it picks: [`BitParallel`](crate::BitParallel) on 9×9
/// (a fixed cost per node), [`Dlx`](crate::Dlx) on every other shape
/// (O(n³) space on side `n`); both are exponential in the worst case, as
/// completing a Sudoku is NP-complete (Yato and Seta 2003).
///
/// # References
/// Knuth, "Dancing Links" (2000), arXiv cs/0011047; JCZSolve (zhouyundong and
/// champagne, 2012–2014).
///
/// ```
/// use sudokit::{Auto, Grid, Shape, Solver};
/// let mut auto = Auto::new();
/// let classic: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert!(auto.solve(&classic)?.grid.is_solution_of(&classic));
/// let empty = Grid::empty(Shape::TWENTY_FIVE);
/// assert!(auto.solve(&empty)?.grid.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Auto {
    bit_parallel: BitParallel,
    dlx: Dlx,
}

impl Auto {
    /// A new solver.
    pub fn new() -> Auto {
        Auto::default()
    }

    /// The solver `Auto` uses for `shape`.
    fn pick(&mut self, shape: Shape) -> &mut dyn CountSolutions {
        if shape == Shape::CLASSIC { &mut self.bit_parallel } else { &mut self.dlx }
    }
}

impl Solver for Auto {
    fn name(&self) -> &str {
        "auto"
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        self.pick(puzzle.shape()).solve_with(puzzle, budget)
    }
}

impl CountSolutions for Auto {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        self.pick(puzzle.shape()).count_solutions_with(puzzle, limit, budget)
    }
}
