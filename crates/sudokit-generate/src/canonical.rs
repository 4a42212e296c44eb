//! [`canonical_solution`] and [`canonical_puzzle`]: the one representative
//! of a 9×9 grid's class under every validity-preserving transformation,
//! so that equivalent grids compare equal.

use sudokit_auto::Auto;
use sudokit_core::{Budget, Grid, Shape, SolveError, Solver};

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
    /// [`variant_transforms`](crate::variant_transforms) lists the
    /// transformations of a variant's rules; the standard rules' group is
    /// too large to list ([`canonical_puzzle`] searches it).
    #[error("the standard rules' transformations are too many to list; use canonical_puzzle")]
    Unenumerable,
    /// Rules other than houses and relations between two cells (killer
    /// cages, lines, pencil marks, drawn sums, quadruples, …) are not
    /// carried through a transformation (their sums and marks name digits
    /// and cells, a thermometer has a direction), so their puzzles have no
    /// canonical form here.
    #[error("canonical forms keep houses and relations between two cells only, not all of `{rules}`")]
    Unsupported {
        /// The rules, in their text form.
        rules: String,
    },
}

/// The canonical form of a solved 9×9 grid: the least, in reading order,
/// of the grids that relabelling, row and column permutations within
/// bands and stacks, band and stack permutations and transposition make
/// of it. Its first row is always `123456789`.
///
/// # Complexity
/// At most 2 · 6⁸ = 3 359 232 arrangements of rows and columns, each
/// compared in O(81); the search below forces almost every column, so a
/// grid takes some tens of thousands of operations (about 20 µs). Extra
/// space O(1) beyond the arrangements that reach the least first band.
///
/// # References
/// Russell and Jarvis, "Mathematics of Sudoku II", *Mathematical Spectrum*
/// 39 (2006), the symmetry group and its automorphism counts.
///
/// ```
/// use rand::SeedableRng;
/// use sudokit_generate::{canonical_solution, Generator, Transform};
/// use sudokit_core::Shape;
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
/// transpose (18 choices), the second one of the two others of its band;
/// the first row fixes the relabelling, so the second row is the first
/// row's permutation conjugated by the column order. The columns are then
/// chosen one by one for the least second row: a digit whose column is
/// not placed yet must take the first free column of its stack (any other
/// makes the row larger), so only a few columns are ever a choice, and a
/// choice is dropped as soon as the row exceeds the best so far. The
/// arrangements with the least first band are completed with the other
/// two bands in the order of their least rows (which differ in a solved
/// grid); the automorphisms are those that reach the least grid.
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
/// use sudokit_generate::{canonical_puzzle, Transform};
/// use sudokit_core::{Grid, Shape};
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
    let mut solver = Auto::new();
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

/// The arrangements of a first band (its three rows and the nine columns)
/// that make its second and third rows least, and those rows.
struct Bands {
    cells: [u8; 18],
    found: Vec<Band>,
}

/// One arrangement of a first band, with the relabelling it implies.
#[derive(Clone, Copy)]
struct Band {
    transposed: bool,
    rows: [usize; 3],
    columns: [usize; 9],
    to: [u8; 10],
}

fn least(grid: &[u8]) -> Least {
    let straight: [u8; 81] = std::array::from_fn(|i| grid[i]);
    let turned: [u8; 81] = std::array::from_fn(|i| grid[(i % 9) * 9 + i / 9]);
    let bands = least_bands(&straight, &turned);
    // Only the arrangements of the least first band can start the least
    // grid; the other bands follow from each.
    let mut best = Least { cells: [10; 81], choices: Vec::new() };
    for band in &bands.found {
        complete(if band.transposed { &turned } else { &straight }, band, &mut best);
    }
    best
}

/// The least first band over every band of the grid and of its transpose.
fn least_bands(straight: &[u8; 81], turned: &[u8; 81]) -> Bands {
    let mut best = Bands { cells: [10; 18], found: Vec::new() };
    // The first two rows of every candidate first band, the most promising
    // first: only a second row whose stacks each take their digits from
    // one stack of the first row can start 4 5 6 7 8 9. Once the best
    // starts so, the others are cut at once.
    let mut pairs = [(false, false, 0usize, 0usize); 36];
    let mut k = 0;
    for (transposed, values) in [(false, straight), (true, turned)] {
        for r0 in 0..9 {
            let band = r0 / 3;
            for r1 in (band * 3..band * 3 + 3).filter(|&r| r != r0) {
                pairs[k] = (!pure(values, r0, r1), transposed, r0, r1);
                k += 1;
            }
        }
    }
    pairs.sort_unstable();
    for (mixed, transposed, r0, r1) in pairs {
        if mixed && best.cells[..6] == [4, 5, 6, 7, 8, 9] {
            break;
        }
        let values = if transposed { turned } else { straight };
        let band = r0 / 3;
        let r2 = band * 3 + (3 - r0 % 3 - r1 % 3);
        columns_for(values, [r0, r1, r2], transposed, &mut best);
    }
    best
}

/// Whether each stack of row `r1` holds the three digits of one stack of
/// row `r0`. The first stack tells: a stack of the second row takes no
/// digit from the first row's stack above it, so if one stack of the
/// second row takes its digits from a single stack, every one does.
fn pure(values: &[u8; 81], r0: usize, r1: usize) -> bool {
    let mut stack_of = [0usize; 10];
    for c in 0..9 {
        stack_of[usize::from(values[r0 * 9 + c])] = c / 3;
    }
    let from = |c: usize| stack_of[usize::from(values[r1 * 9 + c])];
    from(0) == from(1) && from(0) == from(2)
}

/// Every column arrangement for the first band `rows` whose second and
/// third rows can still be the least, found column by column.
///
/// Once the first row fixes the relabelling, the second row's digit in
/// result column `j` becomes the result column of the same digit in the
/// first row. The least value is then forced whenever that column is not
/// placed yet: it goes to the first free column of its stack's place (or
/// of the first stack place still free). So only a column that nothing
/// has forced branches, over the columns its stack has left.
fn columns_for(values: &[u8; 81], rows: [usize; 3], transposed: bool, best: &mut Bands) {
    let mut column_of = [0u8; 10];
    for c in 0..9 {
        column_of[usize::from(values[rows[0] * 9 + c])] = c as u8;
    }
    let follow = |r: usize| -> [u8; 9] { std::array::from_fn(|c| column_of[usize::from(values[r * 9 + c])]) };
    let follow = [follow(rows[1]), follow(rows[2])];
    // The second row starts 4 5 in every least arrangement: of the three
    // columns of a stack, two hold digits of one other stack of the first
    // row, and those two come first, the first digit's stack next. The
    // stack's third column follows.
    best.keeps(0, 4);
    best.keeps(1, 5);
    let mut search = BandSearch { values, rows, transposed, follow, best };
    let stack_of = |c: u8| follow[0][usize::from(c)] / 3;
    for first in 0..9u8 {
        let stack = first / 3;
        for second in (3 * stack..3 * stack + 3).filter(|&c| c != first && stack_of(c) == stack_of(first)) {
            let third = 3 * stack + 3 - first % 3 - second % 3;
            let mut columns = Columns::EMPTY;
            for (at, column) in [first, second, third].into_iter().enumerate() {
                columns.put(column, at as u8);
                columns.least_place(follow[0][usize::from(column)]);
            }
            if search.best.keeps(2, columns.place[usize::from(follow[0][usize::from(third)])] + 1) {
                search.step(columns, 3);
            }
        }
    }
}

/// Not chosen yet.
const FREE: u8 = u8::MAX;

/// A partial arrangement of columns and stacks. Result stacks are given
/// a source stack in order, and the columns of each in order: the search
/// only ever takes the first one left.
#[derive(Clone, Copy)]
struct Columns {
    /// Result column → source column.
    source: [u8; 9],
    /// Source column → result column.
    place: [u8; 9],
    /// Source stack → result stack.
    stack_place: [u8; 3],
    /// Result stack → how many of its columns are set.
    filled: [u8; 3],
    /// How many result stacks have a source stack.
    stacks: u8,
}

impl Columns {
    const EMPTY: Columns =
        Columns { source: [FREE; 9], place: [FREE; 9], stack_place: [FREE; 3], filled: [0; 3], stacks: 0 };

    fn put(&mut self, column: u8, at: u8) {
        self.source[usize::from(at)] = column;
        self.place[usize::from(column)] = at;
        self.filled[usize::from(at / 3)] += 1;
        if at % 3 == 0 {
            self.stack_place[usize::from(column / 3)] = at / 3;
            self.stacks += 1;
        }
    }

    /// The result column of source `column`, placing it at the least one
    /// it can take if it has none yet.
    #[inline]
    fn least_place(&mut self, column: u8) -> u8 {
        if self.place[usize::from(column)] == FREE {
            let stack = match self.stack_place[usize::from(column / 3)] {
                FREE => self.stacks,
                stack => stack,
            };
            self.put(column, 3 * stack + self.filled[usize::from(stack)]);
        }
        self.place[usize::from(column)]
    }

    /// The result column [`least_place`](Columns::least_place) would give
    /// `other`, without placing it; every stack has its place by then.
    #[inline]
    fn place_after(&self, other: u8) -> u8 {
        match self.place[usize::from(other)] {
            FREE => {
                let stack = self.stack_place[usize::from(other / 3)];
                3 * stack + self.filled[usize::from(stack)]
            }
            place => place,
        }
    }
}

/// The search for one first band's least column arrangements.
struct BandSearch<'a> {
    values: &'a [u8; 81],
    rows: [usize; 3],
    transposed: bool,
    /// For the second and third rows: source column → the source column
    /// of the same digit in the first row.
    follow: [[u8; 9]; 2],
    best: &'a mut Bands,
}

impl BandSearch<'_> {
    /// Result column `j` and the second row's value there, then the next
    /// column. An open column tries every source column it may take and
    /// goes on only with those of the least value.
    fn step(&mut self, mut columns: Columns, mut j: usize) {
        // Columns that earlier ones forced need no choice.
        while j < 9 && columns.source[j] != FREE {
            let value = columns.least_place(self.follow[0][usize::from(columns.source[j])]) + 1;
            if !self.best.keeps(j, value) {
                return;
            }
            j += 1;
        }
        if j == 9 {
            return self.third_row(&columns);
        }
        // Every stack has its place by now, and the first column of each:
        // the opening places the first stack and the stack of its first
        // column's digit, and the third column's digit or the fourth's
        // (when the stacks are pure) lies in the last stack. So an open
        // column takes one of what its stack has left.
        debug_assert!(j % 3 != 0 && columns.stacks == 3, "column {j} open with a stack unplaced");
        let stack = columns.source[j - j % 3] / 3;
        let (mut least, mut open) = (u8::MAX, 0u16);
        for column in (3 * stack..3 * stack + 3).filter(|&c| columns.place[usize::from(c)] == FREE) {
            let value = columns.place_after(self.follow[0][usize::from(column)]) + 1;
            if value < least {
                (least, open) = (value, 0);
            }
            if value == least {
                open |= 1 << column;
            }
        }
        if self.best.keeps(j, least) {
            while open != 0 {
                let column = open.trailing_zeros() as u8;
                open &= open - 1;
                let mut next = columns;
                next.put(column, j as u8);
                next.least_place(self.follow[0][usize::from(column)]);
                self.step(next, j + 1);
            }
        }
    }

    /// The third row, which the complete arrangement fixes.
    fn third_row(&mut self, columns: &Columns) {
        for j in 0..9 {
            let value = columns.place[usize::from(self.follow[1][usize::from(columns.source[j])])] + 1;
            if !self.best.keeps(9 + j, value) {
                return;
            }
        }
        let mut to = [0u8; 10];
        for c in 0..9 {
            to[usize::from(self.values[self.rows[0] * 9 + c])] = columns.place[c] + 1;
        }
        let columns = columns.source.map(usize::from);
        self.best.found.push(Band { transposed: self.transposed, rows: self.rows, columns, to });
    }
}

impl Bands {
    /// Whether `value` at `k` keeps the arrangement at most the best (the
    /// earlier ones being equal); a smaller one becomes the best.
    #[inline]
    fn keeps(&mut self, k: usize, value: u8) -> bool {
        if value > self.cells[k] {
            return false;
        }
        if value < self.cells[k] {
            self.cells[k] = value;
            self.cells[k + 1..].fill(10);
            self.found.clear();
        }
        true
    }
}

/// Completes a least first band with the other two bands in the order of
/// their least rows, and keeps the choice if it is at most the best.
fn complete(values: &[u8; 81], band: &Band, best: &mut Least) {
    let Band { transposed, rows: first, columns, to } = *band;
    let row = |r: usize| -> [u8; 9] { std::array::from_fn(|j| to[usize::from(values[r * 9 + columns[j]])]) };
    let first_band = first[0] / 3;
    let mut others = [(first_band + 1) % 3, (first_band + 2) % 3].map(|b| {
        let mut rows = [3 * b, 3 * b + 1, 3 * b + 2].map(|r| (row(r), r));
        rows.sort_unstable();
        rows
    });
    others.sort_unstable_by(|a, b| a[0].0.cmp(&b[0].0));
    let rows: [usize; 9] = std::array::from_fn(|i| if i < 3 { first[i] } else { others[(i - 3) / 3][i % 3].1 });
    let mut cells = [0u8; 81];
    for (i, &r) in first.iter().enumerate() {
        cells[i * 9..i * 9 + 9].copy_from_slice(&row(r));
    }
    for (i, (digits, _)) in others.iter().flatten().enumerate() {
        cells[27 + i * 9..36 + i * 9].copy_from_slice(digits);
    }
    match cells.cmp(&best.cells) {
        std::cmp::Ordering::Less => {
            best.cells = cells;
            best.choices.clear();
        }
        std::cmp::Ordering::Equal => {}
        std::cmp::Ordering::Greater => return,
    }
    best.choices.push(Choice { values: *values, transposed, rows, columns });
}
