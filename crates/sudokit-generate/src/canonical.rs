//! [`canonical_solution`] and [`canonical_puzzle`]: the one representative
//! of a 9×9 grid's class under every validity-preserving transformation,
//! so that equivalent grids compare equal.

use sudokit_core::{Budget, Grid, Shape, SolveError, Solver};
use sudokit_rules::BitParallel;

use crate::transform::Transform;

/// A grid's canonical form, with the transform that gives it and how many
/// transforms do.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Canonical {
    /// The representative: the same for every grid of the class.
    pub grid: Grid,
    /// One transform that maps the grid given to [`grid`](Canonical::grid).
    pub transform: Transform,
    /// The transforms of the solved grid onto itself (1 for most grids):
    /// its automorphisms, the identity included.
    pub automorphisms: usize,
}

/// Why a canonical form could not be found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CanonicalError {
    /// Canonical forms are for 9×9 grids.
    #[error("canonical forms are for 9x9 grids, not {0}")]
    Shape(Shape),
    /// [`canonical_solution`] takes a solved grid.
    #[error("the grid is not a solved grid")]
    NotSolved,
    /// [`canonical_puzzle`] takes a puzzle with one solution.
    #[error("the puzzle does not have exactly one solution")]
    NotProper,
    /// The puzzle's givens clash.
    #[error(transparent)]
    Invalid(#[from] SolveError),
}

/// The canonical form of a solved 9×9 grid: the least, in reading order,
/// of the grids that relabelling, row and column permutations within
/// bands and stacks, band and stack permutations and transposition make
/// of it. Its first row is always `123456789`.
///
/// # Complexity
/// At most 2 · 6⁸ = 3 359 232 arrangements of rows and columns, each
/// compared in O(81); bounds on the first rows cut almost all of them, so a
/// grid takes tens of microseconds. Extra space O(1).
///
/// # References
/// Russell and Jarvis, "Mathematics of Sudoku II", *Mathematical Spectrum*
/// 39 (2006), the symmetry group and its automorphism counts.
///
/// ```
/// use rand::SeedableRng;
/// use sudokit::generate::{canonical_solution, Generator, Transform};
/// use sudokit::Shape;
///
/// let grid = Generator::new(Shape::CLASSIC).solved_grid(1)?;
/// let moved = Transform::random(Shape::CLASSIC, &mut rand_chacha::ChaCha8Rng::seed_from_u64(2)).apply(&grid)?;
/// let (a, b) = (canonical_solution(&grid)?, canonical_solution(&moved)?);
/// assert_eq!(a.grid, b.grid);
/// assert_eq!(a.transform.apply(&grid)?, a.grid);
/// assert!(a.grid.to_string().starts_with("123456789"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # How
/// The first row of the result is any row of the grid or of its
/// transpose (18 choices); the second is one of the two others of its
/// band. The stacks, and the columns in each, are then chosen stack by
/// stack for the least second row, each choice dropped as soon as the
/// digits it fixes make the row larger than the best so far; the
/// relabelling follows from the first row. The other two bands go in the
/// order of their least rows, which differ in a solved grid. The
/// automorphisms are the choices that reach the least grid.
///
/// # Errors
/// [`CanonicalError::Shape`] for other shapes, [`CanonicalError::NotSolved`]
/// unless the grid is complete and valid.
pub fn canonical_solution(grid: &Grid) -> Result<Canonical, CanonicalError> {
    if grid.shape() != Shape::CLASSIC {
        return Err(CanonicalError::Shape(grid.shape()));
    }
    if !grid.is_solved() {
        return Err(CanonicalError::NotSolved);
    }
    let best = least(grid.values());
    let first = best.choices[0];
    Ok(Canonical { grid: first.grid(), transform: first.transform(), automorphisms: best.choices.len() })
}

/// The canonical form of a 9×9 puzzle with one solution, found through
/// its solution: of the transforms that put the solution in its
/// canonical form (one per automorphism), the one that makes the puzzle
/// least. Equivalent puzzles get the same form, as do their solutions.
///
/// # Complexity
/// One exact solve of the puzzle, [`canonical_solution`] of its solution, and
/// O(81) per transform onto that form (as many as the grid's automorphisms,
/// at most 648). Extra space O(1) beyond them.
///
/// # References
/// Russell and Jarvis, "Mathematics of Sudoku II", *Mathematical Spectrum*
/// 39 (2006).
///
/// ```
/// use sudokit::generate::{canonical_puzzle, Transform};
/// use sudokit::{Grid, Shape};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let turned = Transform::identity(Shape::CLASSIC).rotate_90().apply(&puzzle)?;
/// assert_eq!(canonical_puzzle(&puzzle)?.grid, canonical_puzzle(&turned)?.grid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`CanonicalError::Shape`] for other shapes, [`CanonicalError::Invalid`]
/// for clashing givens, [`CanonicalError::NotProper`] unless the puzzle has
/// exactly one solution.
pub fn canonical_puzzle(puzzle: &Grid) -> Result<Canonical, CanonicalError> {
    if puzzle.shape() != Shape::CLASSIC {
        return Err(CanonicalError::Shape(puzzle.shape()));
    }
    let mut solver = BitParallel::new();
    let budget = Budget::unlimited().without_timing();
    let solution = match solver.solve_with(puzzle, &budget) {
        Ok(solution) => solution.grid,
        Err(SolveError::Unsolvable) => return Err(CanonicalError::NotProper),
        Err(other) => return Err(other.into()),
    };
    if sudokit_core::CountSolutions::count_solutions_with(&mut solver, puzzle, 2, &budget)? != 1 {
        return Err(CanonicalError::NotProper);
    }
    let best = least(solution.values());
    let (mut least_puzzle, mut transform) = (None::<Grid>, None);
    for choice in &best.choices {
        let t = choice.transform();
        let moved = t.apply(puzzle).expect("a 9x9 transform of a 9x9 puzzle");
        if least_puzzle.as_ref().is_none_or(|p| moved.values() < p.values()) {
            (least_puzzle, transform) = (Some(moved), Some(t));
        }
    }
    let (grid, transform) = (least_puzzle.expect("a grid has a choice"), transform.expect("set with the grid"));
    Ok(Canonical { grid, transform, automorphisms: best.choices.len() })
}

/// The permutations of three things.
const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// One way to put a solved grid in order: transposed or not, the source
/// row of each row and the source column of each column (the relabelling
/// follows from the first row).
#[derive(Clone, Copy, Debug)]
struct Choice {
    /// The grid, or its transpose.
    values: [u8; 81],
    transposed: bool,
    rows: [usize; 9],
    columns: [usize; 9],
}

impl Choice {
    /// The digit map: the first row becomes 1 to 9.
    fn relabel(&self) -> [u8; 10] {
        let mut to = [0u8; 10];
        for (j, &c) in self.columns.iter().enumerate() {
            to[usize::from(self.values[self.rows[0] * 9 + c])] = j as u8 + 1;
        }
        to
    }

    fn cells(&self) -> [u8; 81] {
        let to = self.relabel();
        std::array::from_fn(|i| to[usize::from(self.values[self.rows[i / 9] * 9 + self.columns[i % 9]])])
    }

    fn grid(&self) -> Grid {
        Grid::from_values(Shape::CLASSIC, &self.cells()).expect("a relabelled solved grid")
    }

    /// The transform of the original grid.
    fn transform(&self) -> Transform {
        let to = self.relabel();
        Transform::from_parts(self.rows, self.columns, self.transposed, std::array::from_fn(|d| to[d + 1]))
    }
}

/// The choices that reach the least grid.
struct Least {
    cells: [u8; 81],
    choices: Vec<Choice>,
}

fn least(grid: &[u8]) -> Least {
    let straight: [u8; 81] = std::array::from_fn(|i| grid[i]);
    let turned: [u8; 81] = std::array::from_fn(|i| grid[(i % 9) * 9 + i / 9]);
    let mut best = Least { cells: [10; 81], choices: Vec::new() };
    // The first two rows of every candidate first band, the most promising
    // first: a second row whose three stacks each take their digits from
    // one stack of the first row can start 4 5 6 7 8 9, one with a single
    // such stack only 4 5 6. Once the best starts so, the others are cut at
    // once.
    let mut pairs = [(0u32, 0u8, false, 0usize, 0usize); 36];
    let mut k = 0;
    for (transposed, values) in [(false, &straight), (true, &turned)] {
        for r0 in 0..9 {
            let band = r0 / 3;
            for r1 in (band * 3..band * 3 + 3).filter(|&r| r != r0) {
                let pure = pure_stacks(values, r0, r1);
                pairs[k] = (3 - pure.count_ones(), pure, transposed, r0, r1);
                k += 1;
            }
        }
    }
    pairs.sort_unstable_by_key(|&(rank, _, transposed, r0, r1)| (rank, transposed, r0, r1));
    for (rank, pure, transposed, r0, r1) in pairs {
        if rank > 0 && best.cells[9..15] == [4, 5, 6, 7, 8, 9] {
            break;
        }
        let values = if transposed { &turned } else { &straight };
        let band = r0 / 3;
        let r2 = band * 3 + (3 - r0 % 3 - r1 % 3);
        columns_for(values, [r0, r1, r2], pure, transposed, &mut best);
    }
    best
}

/// The stacks of row `r1` that hold the three digits of one stack of row
/// `r0`, bit `s` for stack `s` (none, one or all three: two such stacks
/// make the third one too).
fn pure_stacks(values: &[u8; 81], r0: usize, r1: usize) -> u8 {
    let mut stack_of = [0usize; 10];
    for c in 0..9 {
        stack_of[usize::from(values[r0 * 9 + c])] = c / 3;
    }
    let from = |c: usize| stack_of[usize::from(values[r1 * 9 + c])];
    (0..3).filter(|&s| from(3 * s) == from(3 * s + 1) && from(3 * s) == from(3 * s + 2)).fold(0, |m, s| m | 1 << s)
}

/// Every column arrangement for the first band `rows`, whose pure stacks
/// are `pure` ([`pure_stacks`]), stack by stack, keeping those whose second
/// row can still be the least.
fn columns_for(values: &[u8; 81], rows: [usize; 3], pure: u8, transposed: bool, best: &mut Least) {
    let (r0, r1) = (rows[0], rows[1]);
    // Where each digit is in the first row: its column.
    let mut column_of = [0usize; 10];
    for c in 0..9 {
        column_of[usize::from(values[r0 * 9 + c])] = c;
    }
    // A best second row that starts 4 5 6 is only matched by a band
    // whose second row has, in some stack, three digits of one other
    // stack of the first row.
    let stack_in_first = |c: usize| column_of[usize::from(values[r1 * 9 + c])] / 3;
    if best.cells[9..12] == [4, 5, 6] && pure == 0 {
        return;
    }
    let mut to = [0u8; 10];
    let mut columns = [0usize; 9];
    for s0 in 0..3 {
        // The same for the first stack, and below for the second.
        if best.cells[9..12] == [4, 5, 6] && pure & 1 << s0 == 0 {
            continue;
        }
        for o0 in ORDERS {
            for s1 in (0..3).filter(|&s| s != s0) {
                // The second row's first digit becomes 4, 5 or 6 when it
                // lies in this stack of the first row, 7 or more otherwise.
                let x0 = usize::from(values[r1 * 9 + 3 * s0 + o0[0]]);
                if best.cells[9..12] == [4, 5, 6] && stack_in_first(3 * s0) != s1 {
                    continue;
                }
                if (if column_of[x0] / 3 == s1 { 4 } else { 7 }) > best.cells[9] {
                    continue;
                }
                for o1 in ORDERS {
                    // The first digit's value, when this order fixes it.
                    if column_of[x0] / 3 == s1 {
                        let at = o1.iter().position(|&k| k == column_of[x0] % 3).unwrap_or(0);
                        if 4 + at as u8 > best.cells[9] {
                            continue;
                        }
                    }
                    let s2 = 3 - s0 - s1;
                    for j in 0..6 {
                        let (s, o) = if j < 3 { (s0, &o0) } else { (s1, &o1) };
                        columns[j] = 3 * s + o[j % 3];
                        to[usize::from(values[r0 * 9 + columns[j]])] = j as u8 + 1;
                    }
                    if !may_lead(values, r1, &columns[..6], &to, s2, &column_of, &best.cells[9..18]) {
                        continue;
                    }
                    for o2 in ORDERS {
                        for j in 0..3 {
                            columns[6 + j] = 3 * s2 + o2[j];
                            to[usize::from(values[r0 * 9 + 3 * s2 + o2[j]])] = (6 + j) as u8 + 1;
                        }
                        offer(values, rows, columns, transposed, &to, best);
                    }
                }
            }
        }
    }
}

/// Whether the second row, with the first six columns chosen, can still
/// be at most `best`: a digit whose column in the first row lies in the
/// last stack becomes 7 or more.
fn may_lead(
    values: &[u8; 81],
    r1: usize,
    columns: &[usize],
    to: &[u8; 10],
    last: usize,
    column_of: &[usize; 10],
    best: &[u8],
) -> bool {
    for (j, &c) in columns.iter().enumerate() {
        let digit = usize::from(values[r1 * 9 + c]);
        if column_of[digit] / 3 == last {
            // 7, 8 or 9, decided by the last stack's order.
            return best[j] >= 7;
        }
        let value = to[digit];
        if value != best[j] {
            return value < best[j];
        }
    }
    true
}

/// Completes the choice with the other two bands in the order of their
/// least rows, and keeps it if it is at most the best.
fn offer(values: &[u8; 81], band: [usize; 3], columns: [usize; 9], transposed: bool, to: &[u8; 10], best: &mut Least) {
    let row = |r: usize| -> [u8; 9] { std::array::from_fn(|j| to[usize::from(values[r * 9 + columns[j]])]) };
    // The second row first, digit by digit: most choices end there.
    for (j, &c) in columns.iter().enumerate() {
        let value = to[usize::from(values[band[1] * 9 + c])];
        if value != best.cells[9 + j] {
            if value > best.cells[9 + j] {
                return;
            }
            best.cells[9..].fill(10);
            break;
        }
    }
    let first_band = band[0] / 3;
    let mut others = [(first_band + 1) % 3, (first_band + 2) % 3].map(|b| {
        let mut rows = [3 * b, 3 * b + 1, 3 * b + 2].map(|r| (row(r), r));
        rows.sort_unstable();
        rows
    });
    others.sort_unstable_by(|a, b| a[0].0.cmp(&b[0].0));
    let rows: [usize; 9] = std::array::from_fn(|i| if i < 3 { band[i] } else { others[(i - 3) / 3][i % 3].1 });
    let mut cells = [0u8; 81];
    for (i, &r) in band.iter().enumerate() {
        cells[i * 9..i * 9 + 9].copy_from_slice(&row(r));
    }
    for (i, (digits, _)) in others.iter().flatten().enumerate() {
        cells[27 + i * 9..36 + i * 9].copy_from_slice(digits);
    }
    let choice = Choice { values: *values, transposed, rows, columns };
    match cells.cmp(&best.cells) {
        std::cmp::Ordering::Less => {
            best.cells = cells;
            best.choices.clear();
            best.choices.push(choice);
        }
        std::cmp::Ordering::Equal => best.choices.push(choice),
        std::cmp::Ordering::Greater => {}
    }
}
