//! Whether a puzzle whose solution is known still has only that one: the
//! check a generator makes after every removal.

use sudokit_core::{Budget, Cell, CountSolutions, Digit, Grid, Shape, SolveError};
use sudokit_dlx::Dlx;
use sudokit_grid::Layout;
use sudokit_rules::BitParallel;

/// The uniqueness checks of one generator, with the solvers they reuse.
#[derive(Debug, Default)]
pub(crate) struct Checker {
    fast: BitParallel,
    dlx: Dlx,
    /// Checks made, for the statistics.
    pub(crate) checks: u64,
}

impl Checker {
    /// Whether `puzzle`, made from a puzzle with the one solution
    /// `solution` by emptying the cells `emptied`, still has one
    /// solution.
    ///
    /// On 9×9: another solution would differ from `solution` in an emptied
    /// cell (elsewhere it would solve the puzzle before), so one search per
    /// emptied cell, for a solution without its digit there, each stopping
    /// at the first solution. Elsewhere: Dancing Links counts up to two.
    ///
    /// First, for free: an emptied cell whose digit the remaining givens
    /// force (the only one its peers leave it) holds it in every solution,
    /// so another solution differs elsewhere; when every emptied cell is
    /// forced, none exists. Most removals from a full grid end there.
    pub(crate) fn still_unique(
        &mut self,
        puzzle: &Grid,
        emptied: &[usize],
        solution: &[u8],
        budget: &Budget,
    ) -> Result<bool, SolveError> {
        self.checks += 1;
        let shape = puzzle.shape();
        let layout = Layout::of(shape);
        let open: Vec<usize> =
            emptied.iter().copied().filter(|&i| !forced(layout, puzzle.values(), i, solution[i])).collect();
        if open.is_empty() {
            return Ok(true);
        }
        if shape != Shape::CLASSIC {
            return Ok(self.dlx.count_solutions_with(puzzle, 2, budget)? == 1);
        }
        for i in open {
            let digit = Digit::new(solution[i]).expect("a solution holds digits");
            if self.fast.has_solution_without(puzzle, Cell::from_index(i, shape), digit, budget)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The number of solutions of `puzzle`, up to two: for puzzles whose
    /// solution is not known.
    pub(crate) fn count(&mut self, puzzle: &Grid, budget: &Budget) -> Result<u64, SolveError> {
        self.checks += 1;
        if puzzle.shape() == Shape::CLASSIC {
            self.fast.count_solutions_with(puzzle, 2, budget)
        } else {
            self.dlx.count_solutions_with(puzzle, 2, budget)
        }
    }
}

/// Whether the givens of `values` force `digit` into the empty cell `i`:
/// every other digit is held by a peer (a naked single). (Looking for a
/// hidden single as well found more forced cells but cost more than the
/// searches it spared.)
fn forced(layout: &Layout, values: &[u8], i: usize, digit: u8) -> bool {
    let mut seen = 0u64;
    for &p in layout.peers(i) {
        seen |= 1 << values[usize::from(p)];
    }
    let others = ((1u64 << (layout.shape().side() + 1)) - 2) & !(1 << digit);
    seen & others == others
}
