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
    /// force (the only one its peers leave it, or its house's only place
    /// for it; `houses` holds the givens of each house) holds it in every
    /// solution, so another solution differs elsewhere; when every emptied
    /// cell is forced, none exists. Most removals from a full grid end
    /// there.
    pub(crate) fn still_unique(
        &mut self,
        puzzle: &Grid,
        emptied: &[usize],
        solution: &[u8],
        houses: &Houses<'_>,
        budget: &Budget,
    ) -> Result<bool, SolveError> {
        self.checks += 1;
        let shape = puzzle.shape();
        let mut open = emptied.iter().copied().filter(|&i| !houses.forced(puzzle.values(), i, solution[i]));
        if shape != Shape::CLASSIC {
            if open.next().is_none() {
                return Ok(true);
            }
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

/// The digits given in each house of a puzzle, kept up to date as the
/// generator empties and refills cells, so that whether a cell sees a
/// given digit is three lookups.
#[derive(Clone, Debug)]
pub(crate) struct Houses<'a> {
    layout: &'static Layout,
    /// The three houses of each cell ([`houses_of_cells`]).
    houses_of: &'a [[usize; 3]],
    /// The digits given in each house, bit `d` for digit `d`.
    given: Vec<u64>,
}

/// The three houses of each cell of `shape`, for [`Houses::new`]: a
/// table a generator works out once.
pub(crate) fn houses_of_cells(shape: Shape) -> Vec<[usize; 3]> {
    let layout = Layout::of(shape);
    (0..shape.cell_count()).map(|i| layout.units_of(i)).collect()
}

impl<'a> Houses<'a> {
    /// The houses of the puzzle `values` of `shape`, whose cells' houses
    /// are `houses_of` (from [`houses_of_cells`]).
    pub(crate) fn new(shape: Shape, values: &[u8], houses_of: &'a [[usize; 3]]) -> Houses<'a> {
        let layout = Layout::of(shape);
        let mut houses = Houses { layout, houses_of, given: vec![0; layout.unit_count()] };
        for (i, &v) in values.iter().enumerate().filter(|&(_, &v)| v != 0) {
            houses.give(i, v);
        }
        houses
    }

    /// Digit `digit` is given in cell `i`.
    pub(crate) fn give(&mut self, i: usize, digit: u8) {
        for h in self.houses_of[i] {
            self.given[h] |= 1 << digit;
        }
    }

    /// Cell `i`, which held `digit`, is emptied.
    pub(crate) fn empty(&mut self, i: usize, digit: u8) {
        for h in self.houses_of[i] {
            self.given[h] &= !(1 << digit);
        }
    }

    /// The digits the houses of cell `i` hold.
    fn seen_by(&self, i: usize) -> u64 {
        let [a, b, c] = self.houses_of[i];
        self.given[a] | self.given[b] | self.given[c]
    }

    /// Whether the givens force `digit` into the empty cell `i` of
    /// `values`: every other digit is in one of its houses (a naked
    /// single), or every other empty cell of one of its houses sees a
    /// given `digit` (a hidden single).
    fn forced(&self, values: &[u8], i: usize, digit: u8) -> bool {
        let others = ((1u64 << (self.layout.shape().side() + 1)) - 2) & !(1 << digit);
        if self.seen_by(i) & others == others {
            return true;
        }
        self.houses_of[i].iter().any(|&h| {
            self.layout
                .unit(h)
                .iter()
                .map(|&j| usize::from(j))
                .all(|j| j == i || values[j] != 0 || self.seen_by(j) & (1 << digit) != 0)
        })
    }
}
