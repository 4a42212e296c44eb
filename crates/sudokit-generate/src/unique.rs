//! Whether a puzzle whose solution is known still has only that one: the
//! check a generator makes after every removal.

use sudokit_auto::Auto;
use sudokit_bitparallel::BitParallel;
use sudokit_core::{Budget, Cell, CountSolutions, Digit, Grid, Puzzle, Rulebook, Shape, SolveError};
use sudokit_grid::Layout;

use crate::variant_tables::VariantTables;

/// The uniqueness checks of one generator, with the solvers they reuse.
#[derive(Debug, Default)]
pub(crate) struct Checker {
    /// For 9×9, whose solvers can exclude a candidate.
    fast: BitParallel,
    /// Counts solutions; the generator completes its solved grids with it
    /// too.
    pub(crate) auto: Auto,
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
    /// First, for free: when the emptied cells complete an empty
    /// [rectangle](Rectangles) of the solution, its two digits can swap, so
    /// the puzzle has another solution. Then an emptied cell whose digit
    /// the remaining givens force (the only one its peers leave it, or its
    /// house's only place for it; `houses` holds the givens of each house)
    /// holds it in every solution, so another solution differs elsewhere;
    /// when every emptied cell is forced, none exists. Most removals from a full grid end
    /// there.
    pub(crate) fn still_unique(
        &mut self,
        puzzle: &Grid,
        emptied: &[usize],
        solution: &[u8],
        houses: &Houses<'_>,
        rectangles: &Rectangles,
        budget: &Budget,
    ) -> Result<bool, SolveError> {
        self.checks += 1;
        let shape = puzzle.shape();
        if emptied.iter().any(|&i| rectangles.emptied(i, puzzle.values())) {
            return Ok(false);
        }
        let mut open = emptied.iter().copied().filter(|&i| !houses.forced(puzzle.values(), i, solution[i]));
        if shape != Shape::CLASSIC {
            if open.next().is_none() {
                return Ok(true);
            }
            return Ok(self.auto.count_solutions_with(puzzle, 2, budget)? == 1);
        }
        for i in open {
            let digit = Digit::new(solution[i]).expect("a solution holds digits");
            if self.fast.has_solution_without(puzzle, Cell::from_index(i, shape), digit, budget)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// [`still_unique`](Checker::still_unique) under a variant's rules:
    /// the emptied cells the givens force are free; otherwise Dancing
    /// Links counts solutions to two under the rules.
    pub(crate) fn still_unique_variant(
        &mut self,
        puzzle: &Grid,
        emptied: &[usize],
        solution: &[u8],
        tables: &VariantTables,
        budget: &Budget,
    ) -> Result<bool, SolveError> {
        self.checks += 1;
        if emptied.iter().all(|&i| tables.forced(puzzle.values(), i, solution[i])) {
            return Ok(true);
        }
        Ok(self.count(puzzle, &tables.rules, budget)? == 1)
    }

    /// The number of solutions of `puzzle` under `rules`, up to two: for
    /// puzzles whose solution is not known.
    pub(crate) fn count(&mut self, puzzle: &Grid, rules: &Rulebook, budget: &Budget) -> Result<u64, SolveError> {
        self.checks += 1;
        let puzzle = Puzzle::new(puzzle.clone(), rules.clone())?;
        self.auto.count_puzzle_solutions_with(&puzzle, 2, budget)
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

/// The unique rectangles of a solved grid: four cells in two rows, two
/// columns and two boxes whose digits read `a b / b a`. A puzzle that
/// leaves all four empty has a second solution (swap `a` and `b` in
/// them): the cheapest proof that a removal loses uniqueness.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rectangles {
    /// Their corners; a grid has a few dozen at most.
    corners: Vec<[u16; 4]>,
}

impl Rectangles {
    /// The rectangles of `solution`, a solved grid of `shape`.
    pub(crate) fn of(shape: Shape, solution: &[u8]) -> Rectangles {
        let (n, h, w) = (shape.side(), shape.box_height(), shape.box_width());
        let at = |r: usize, c: usize| solution[r * n + c];
        let mut corners = Vec::new();
        // Two lines of one band (rows) or stack (columns, transposed), and
        // two crossing lines in different stacks (bands): the four cells
        // then lie in exactly two boxes.
        for (along, lines_per_band, across_per_band) in [(false, h, w), (true, w, h)] {
            let cell = |line: usize, k: usize| if along { k * n + line } else { line * n + k };
            let value = |line: usize, k: usize| if along { at(k, line) } else { at(line, k) };
            for l1 in 0..n {
                for l2 in (l1 + 1..n).take_while(|&l2| l2 / lines_per_band == l1 / lines_per_band) {
                    // Where each digit sits on the second line.
                    let mut place = [0usize; 65];
                    for k in 0..n {
                        place[usize::from(value(l2, k))] = k;
                    }
                    for k1 in 0..n {
                        let k2 = place[usize::from(value(l1, k1))];
                        if k2 > k1 && k2 / across_per_band != k1 / across_per_band && value(l1, k2) == value(l2, k1) {
                            corners.push([cell(l1, k1), cell(l1, k2), cell(l2, k1), cell(l2, k2)].map(|c| c as u16));
                        }
                    }
                }
            }
        }
        Rectangles { corners }
    }

    /// Whether cell `i` is a corner of a rectangle whose four cells are all
    /// empty in `values`.
    fn emptied(&self, i: usize, values: &[u8]) -> bool {
        self.corners.iter().any(|r| r.contains(&(i as u16)) && r.iter().all(|&c| values[usize::from(c)] == 0))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use sudokit_auto::Auto;
    use sudokit_core::{Budget, Shape};

    use super::Rectangles;
    use crate::solved::solved_grid;

    /// Every rectangle by brute force: any two rows and two columns whose
    /// four cells read `a b / b a` and lie in exactly two boxes.
    fn brute_force(shape: Shape, s: &[u8]) -> Vec<[u16; 4]> {
        let n = shape.side();
        let mut found = Vec::new();
        for r1 in 0..n {
            for r2 in r1 + 1..n {
                for c1 in 0..n {
                    for c2 in c1 + 1..n {
                        let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                        let mut boxes: Vec<usize> = cells.iter().map(|&i| shape.box_of(i)).collect();
                        boxes.sort_unstable();
                        boxes.dedup();
                        if boxes.len() == 2 && s[cells[0]] == s[cells[3]] && s[cells[1]] == s[cells[2]] {
                            found.push(cells.map(|c| c as u16));
                        }
                    }
                }
            }
        }
        found.sort_unstable();
        found
    }

    #[test]
    fn rectangles_are_those_brute_force_finds_and_swap_into_another_solution() {
        let mut total = 0;
        for shape in [Shape::CLASSIC, Shape::MINI, Shape::new(2, 3).expect("6x6"), Shape::new(3, 2).expect("6x6")] {
            for seed in 0..20 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let grid = solved_grid(shape, &mut rng, &Budget::unlimited(), &mut Auto::new()).expect("a solved grid");
                let fast = Rectangles::of(shape, grid.values()).corners;
                let mut sorted: Vec<[u16; 4]> = fast
                    .iter()
                    .map(|r| {
                        let mut r = *r;
                        r.sort_unstable();
                        r
                    })
                    .collect();
                sorted.sort_unstable();
                assert_eq!(sorted, brute_force(shape, grid.values()), "{shape}, seed {seed}");
                for corners in &fast {
                    let mut swapped = grid.values().to_vec();
                    let [a, b, c, d] = corners.map(usize::from);
                    swapped.swap(a, b);
                    swapped.swap(c, d);
                    let other = sudokit_core::Grid::from_values(shape, &swapped).expect("digits of the shape");
                    assert!(other.is_solved() && other != grid, "{shape}, seed {seed}: {corners:?}");
                }
                total += fast.len();
            }
        }
        assert!(total > 20, "only {total} rectangles in 80 grids: the test would prove little");
    }
}
