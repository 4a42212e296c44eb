//! Sudoku as exact cover, and the [`Dlx`] solver.

use std::fmt;

#[cfg(doc)]
use sudokit_core::Stats;
use sudokit_core::{Budget, CountSolutions, Grid, SearchTally, Shape, Solution, SolveError, Solver};

use crate::engine::{CoverStats, ExactCover};

/// The exact-cover encoding of a Sudoku of one [`Shape`].
///
/// For a side `n` there are `n³` options, "digit `d` in cell `(r, c)`",
/// and `4n²` primary items, in four blocks of `n²`:
/// * cell `(r, c)` holds a digit: item `r·n + c`;
/// * row `r` holds digit `d`: item `n² + r·n + d − 1`;
/// * column `c` holds digit `d`: item `2n² + c·n + d − 1`;
/// * box `b` holds digit `d`: item `3n² + b·n + d − 1`.
///
/// Option `(r·n + c)·n + d − 1` covers those four items: 729 options × 324
/// items for 9×9.
///
/// ```
/// use sudokit::dlx::SudokuCover;
/// use sudokit::Shape;
/// let cover = SudokuCover::new(Shape::CLASSIC);
/// assert_eq!((cover.option_count(), cover.item_count()), (729, 324));
/// assert_eq!(cover.option_name(cover.option(0, 5)), "r1c1#5");
/// assert_eq!(cover.items(cover.option(80, 9)).map(|i| cover.item_name(i)), ["r9c9", "r9#9", "c9#9", "b9#9"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SudokuCover {
    shape: Shape,
}

impl SudokuCover {
    /// The encoding of `shape`.
    pub fn new(shape: Shape) -> SudokuCover {
        SudokuCover { shape }
    }

    /// The shape encoded.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of options, `side³`.
    pub fn option_count(&self) -> usize {
        self.shape.cell_count() * self.shape.side()
    }

    /// Number of items, `4·side²`.
    pub fn item_count(&self) -> usize {
        4 * self.shape.cell_count()
    }

    /// The option "digit `value` in the cell of row-major index `cell`".
    ///
    /// # Panics
    /// When `cell` is outside the grid or `value` is not a digit of the
    /// shape (`1..=side`).
    #[inline]
    pub fn option(&self, cell: usize, value: u8) -> usize {
        let n = self.shape.side();
        assert!(
            cell < self.shape.cell_count() && (1..=n).contains(&usize::from(value)),
            "digit {value} in cell {cell} is no option of a {} grid",
            self.shape
        );
        cell * n + usize::from(value) - 1
    }

    /// The cell index and digit value of `option`.
    ///
    /// # Panics
    /// When `option` is not below [`option_count`](Self::option_count).
    #[inline]
    pub fn decode(&self, option: usize) -> (usize, u8) {
        let n = self.shape.side();
        assert!(option < self.option_count(), "option {option} is outside a {} encoding", self.shape);
        (option / n, (option % n) as u8 + 1)
    }

    /// `puzzle` with the digits of `options` filled in: the grid an exact
    /// cover found for it.
    ///
    /// # Panics
    /// When an option lies outside the encoding, or `puzzle` is of another
    /// shape.
    ///
    /// ```
    /// use sudokit::dlx::SudokuCover;
    /// use sudokit::{Grid, Shape};
    /// let cover = SudokuCover::new(Shape::MINI);
    /// let puzzle: Grid = "1.........4....1".parse()?;
    /// assert_eq!(cover.fill(&puzzle, [cover.option(1, 2)]).to_string(), "12........4....1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fill(&self, puzzle: &Grid, options: impl IntoIterator<Item = usize>) -> Grid {
        assert_eq!(puzzle.shape(), self.shape, "a {} puzzle filled from a {} encoding", puzzle.shape(), self.shape);
        let mut values = puzzle.values().to_vec();
        for option in options {
            let (cell, value) = self.decode(option);
            values[cell] = value;
        }
        Grid::from_values(self.shape, &values).expect("options decode to digits of the shape")
    }

    /// The four items of `option`: cell, row-digit, column-digit, box-digit.
    ///
    /// # Panics
    /// When `option` is not below [`option_count`](Self::option_count).
    #[inline]
    pub fn items(&self, option: usize) -> [usize; 4] {
        let (n, n2) = (self.shape.side(), self.shape.cell_count());
        let (cell, value) = self.decode(option);
        let d = value as usize - 1;
        let (r, c, b) = (self.shape.row_of(cell), self.shape.col_of(cell), self.shape.box_of(cell));
        [cell, n2 + r * n + d, 2 * n2 + c * n + d, 3 * n2 + b * n + d]
    }

    /// A readable name for `option`: `r1c1#5`.
    ///
    /// # Panics
    /// When `option` is not below [`option_count`](Self::option_count).
    pub fn option_name(&self, option: usize) -> String {
        let (cell, value) = self.decode(option);
        format!("r{}c{}#{}", self.shape.row_of(cell) + 1, self.shape.col_of(cell) + 1, self.shape.symbol(value))
    }

    /// A readable name for `item`: `r1c1` (cell filled), `r1#5` (row 1
    /// holds 5), `c1#5`, `b1#5`.
    ///
    /// # Panics
    /// When `item` is not below [`item_count`](Self::item_count).
    pub fn item_name(&self, item: usize) -> String {
        let (n, n2) = (self.shape.side(), self.shape.cell_count());
        assert!(item < self.item_count(), "item {item} is outside a {} encoding", self.shape);
        let (block, rest) = (item / n2, item % n2);
        if block == 0 {
            return format!("r{}c{}", self.shape.row_of(rest) + 1, self.shape.col_of(rest) + 1);
        }
        let prefix = ["r", "c", "b"][block - 1];
        format!("{prefix}{}#{}", rest / n + 1, self.shape.symbol((rest % n) as u8 + 1))
    }

    /// The whole matrix, options in index order.
    pub fn matrix(&self) -> ExactCover {
        let mut matrix = ExactCover::new(self.item_count(), 0);
        for option in 0..self.option_count() {
            matrix.add_option(&self.items(option)).expect("the encoding names four distinct items in range");
        }
        matrix
    }
}

impl fmt::Display for SudokuCover {
    /// The incidence matrix: one line per option, `1` where it covers an
    /// item, `.` elsewhere (the course's exercise, best for 4×4).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.option_name(self.option_count() - 1).len();
        for option in 0..self.option_count() {
            let items = self.items(option);
            let row: String = (0..self.item_count()).map(|i| if items.contains(&i) { '1' } else { '.' }).collect();
            writeln!(f, "{:<width$} {row}", self.option_name(option))?;
        }
        Ok(())
    }
}

/// Sudoku by Dancing Links: the [`SudokuCover`] matrix solved with
/// [`ExactCover`], for every shape.
///
/// Each puzzle gets the matrix its givens leave: the items they cover and
/// every option clashing with them are never built, so the search starts on
/// a matrix of a few hundred options (for 9×9) that stays in the L1 cache.
/// The allocations are kept from one puzzle to the next. The search
/// branches on the constraint with the fewest options left, which makes
/// naked and hidden singles free.
///
/// # Statistics
/// [`Stats::nodes`] counts search levels entered, [`Stats::guesses`] the
/// levels with two or more options, [`Stats::backtracks`] options taken
/// back; [`Dlx::last_stats`] adds Knuth's link updates.
///
/// # Example
/// ```
/// use sudokit::dlx::Dlx;
/// use sudokit::{CountSolutions, Grid, Solver, Uniqueness};
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut dlx = Dlx::new();
/// assert!(dlx.solve(&puzzle)?.is_complete());
/// assert_eq!(dlx.uniqueness(&puzzle)?, Uniqueness::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Dlx {
    matrix: ExactCover,
    /// For each item of the full encoding, its index in `matrix`, or
    /// [`Dlx::COVERED`] when a given covers it.
    item_index: Vec<u32>,
    /// For each option of `matrix`, its index in the full encoding.
    option_of: Vec<u32>,
    last: CoverStats,
}

impl Default for Dlx {
    fn default() -> Dlx {
        Dlx::new()
    }
}

impl Dlx {
    const COVERED: u32 = u32::MAX;

    /// A new solver.
    pub fn new() -> Dlx {
        Dlx {
            matrix: ExactCover::new(0, 0),
            item_index: Vec::new(),
            option_of: Vec::new(),
            last: CoverStats::default(),
        }
    }

    /// Counters of the last search, with Knuth's link updates.
    pub fn last_stats(&self) -> CoverStats {
        self.last
    }

    /// Counters of the last search.
    #[deprecated(since = "0.1.0", note = "use `last_stats`, the one name every solver uses")]
    pub fn last_cover_stats(&self) -> CoverStats {
        self.last_stats()
    }

    /// Builds the matrix `puzzle`'s givens leave, or returns the error for
    /// clashing givens. Items and options keep their relative order from
    /// the full encoding, so the search (and its tie-breaking) is the one
    /// the full matrix with the givens selected would run.
    fn prepare(&mut self, puzzle: &Grid) -> Result<SudokuCover, SolveError> {
        puzzle.validate()?;
        let cover = SudokuCover::new(puzzle.shape());
        let values = puzzle.values();
        self.item_index.clear();
        self.item_index.resize(cover.item_count(), 0);
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                for item in cover.items(cover.option(cell, value)) {
                    self.item_index[item] = Self::COVERED;
                }
            }
        }
        let mut open = 0;
        for index in &mut self.item_index {
            if *index != Self::COVERED {
                *index = open;
                open += 1;
            }
        }
        // At most 4 × 35² items, far below the engine's maximum.
        self.matrix.clear(open as usize, 0).expect("a Sudoku's items fit the engine");
        self.option_of.clear();
        let side = puzzle.shape().side();
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                continue;
            }
            // The items of digit d are those of digit 1, each plus d but
            // for the cell's own.
            let [cell_item, row, col, boxed] = cover.items(cover.option(cell, 1));
            let cell_item = self.item_index[cell_item];
            let digits = self.item_index[row..row + side]
                .iter()
                .zip(&self.item_index[col..col + side])
                .zip(&self.item_index[boxed..boxed + side]);
            for (d, ((&row, &col), &boxed)) in digits.enumerate() {
                let option = cover.option(cell, d as u8 + 1);
                let items = [cell_item, row, col, boxed];
                debug_assert_eq!(items, cover.items(option).map(|item| self.item_index[item]));
                if !items.contains(&Self::COVERED) {
                    self.matrix.push_option(items);
                    self.option_of.push(option as u32);
                }
            }
        }
        Ok(cover)
    }

    /// Copies the engine's counters of the last search into `tally`.
    fn keep_stats(&mut self, tally: &mut SearchTally<'_>) {
        self.last = self.matrix.stats();
        let stats = tally.stats_mut();
        stats.nodes = self.last.nodes;
        stats.guesses = self.last.guesses;
        stats.backtracks = self.last.backtracks;
    }
}

impl Solver for Dlx {
    fn name(&self) -> &str {
        "dlx"
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        let mut tally = SearchTally::new(budget, 1);
        let cover = self.prepare(puzzle)?;
        let outcome = self.matrix.first_solution_with_meter(tally.meter_mut());
        self.keep_stats(&mut tally);
        match outcome {
            Ok(Some(options)) => {
                let grid = cover.fill(puzzle, options.into_iter().map(|option| self.option_of[option] as usize));
                Ok(tally.solution(grid))
            }
            Ok(None) => Err(SolveError::Unsolvable),
            Err(reason) => Err(tally.exhausted(reason, None)),
        }
    }
}

impl CountSolutions for Dlx {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        let mut tally = SearchTally::new(budget, limit);
        self.prepare(puzzle)?;
        let outcome = self.matrix.count_solutions_with_meter(limit, tally.meter_mut());
        self.keep_stats(&mut tally);
        outcome.map_err(|reason| tally.exhausted(reason, None))
    }
}
