//! Sudoku as exact cover, and the [`Dlx`] solver.

use std::fmt;

use sudokit_core::{Budget, CountSolutions, Grid, Meter, Shape, Solution, SolveError, Solver, Stats, StopReason};

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
/// use sudokit_dlx::SudokuCover;
/// use sudokit_dlx::sudokit_core::Shape;
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
    #[inline]
    pub fn option(&self, cell: usize, value: u8) -> usize {
        cell * self.shape.side() + value as usize - 1
    }

    /// The cell index and digit value of `option`.
    #[inline]
    pub fn decode(&self, option: usize) -> (usize, u8) {
        let n = self.shape.side();
        (option / n, (option % n) as u8 + 1)
    }

    /// The four items of `option`: cell, row-digit, column-digit, box-digit.
    #[inline]
    pub fn items(&self, option: usize) -> [usize; 4] {
        let (n, n2) = (self.shape.side(), self.shape.cell_count());
        let (cell, value) = self.decode(option);
        let d = value as usize - 1;
        let (r, c, b) = (self.shape.row_of(cell), self.shape.col_of(cell), self.shape.box_of(cell));
        [cell, n2 + r * n + d, 2 * n2 + c * n + d, 3 * n2 + b * n + d]
    }

    /// A readable name for `option`: `r1c1#5`.
    pub fn option_name(&self, option: usize) -> String {
        let (cell, value) = self.decode(option);
        format!("r{}c{}#{}", self.shape.row_of(cell) + 1, self.shape.col_of(cell) + 1, self.shape.symbol(value))
    }

    /// A readable name for `item`: `r1c1` (cell filled), `r1#5` (row 1
    /// holds 5), `c1#5`, `b1#5`.
    pub fn item_name(&self, item: usize) -> String {
        let (n, n2) = (self.shape.side(), self.shape.cell_count());
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
/// The matrix is built once per shape and kept: each puzzle only selects
/// its givens (which removes every option clashing with them), searches,
/// and resets. The search branches on the constraint with the fewest
/// options left, which makes naked and hidden singles free.
///
/// # Statistics
/// [`Stats::nodes`] counts search levels entered, [`Stats::guesses`] the
/// levels with two or more options, [`Stats::backtracks`] options taken
/// back; [`Dlx::last_cover_stats`] adds Knuth's link updates.
///
/// # Example
/// ```
/// use sudokit_dlx::Dlx;
/// use sudokit_dlx::sudokit_core::{CountSolutions, Grid, Solver, Uniqueness};
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut dlx = Dlx::new();
/// assert!(dlx.solve(&puzzle)?.is_complete());
/// assert_eq!(dlx.uniqueness(&puzzle)?, Uniqueness::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Dlx {
    cache: Option<(SudokuCover, ExactCover)>,
    last: CoverStats,
}

impl Dlx {
    /// A new solver; matrices are built on first use of each shape.
    pub fn new() -> Dlx {
        Dlx::default()
    }

    /// Counters of the last search, with Knuth's link updates.
    pub fn last_cover_stats(&self) -> CoverStats {
        self.last
    }

    /// The matrix for `puzzle`'s shape with its givens selected, or the
    /// error for clashing givens.
    fn prepare(&mut self, puzzle: &Grid) -> Result<(SudokuCover, &mut ExactCover), SolveError> {
        puzzle.validate()?;
        let shape = puzzle.shape();
        if self.cache.as_ref().is_none_or(|(cover, _)| cover.shape() != shape) {
            let cover = SudokuCover::new(shape);
            self.cache = Some((cover, cover.matrix()));
        }
        let (cover, matrix) = self.cache.as_mut().expect("cache filled above");
        matrix.reset();
        for (cell, &value) in puzzle.values().iter().enumerate() {
            if value != 0 {
                matrix.select(cover.option(cell, value)).expect("validated givens never share an item");
            }
        }
        Ok((*cover, matrix))
    }

    fn stats(cover: CoverStats, meter: &Meter<'_>) -> Stats {
        let mut stats = Stats::default();
        stats.nodes = cover.nodes;
        stats.guesses = cover.guesses;
        stats.backtracks = cover.backtracks;
        meter.finish(stats)
    }
}

impl Solver for Dlx {
    fn name(&self) -> &str {
        "dlx"
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        let meter = Meter::new(budget);
        let (cover, matrix) = self.prepare(puzzle)?;
        let outcome = matrix.first_solution(budget);
        let counters = matrix.stats();
        let mut values = puzzle.values().to_vec();
        if let Ok(Some(options)) = &outcome {
            for &option in options {
                let (cell, value) = cover.decode(option);
                values[cell] = value;
            }
        }
        matrix.reset();
        self.last = counters;
        let stats = Self::stats(counters, &meter);
        match outcome {
            Ok(Some(_)) => {
                let grid = Grid::from_values(puzzle.shape(), &values).expect("options decode to digits of the shape");
                Ok(Solution::new(grid, stats))
            }
            Ok(None) => Err(SolveError::Unsolvable),
            Err(reason) => Err(exhausted(reason, stats)),
        }
    }
}

fn exhausted(reason: StopReason, stats: Stats) -> SolveError {
    SolveError::BudgetExhausted { reason, stats, best: None }
}

impl CountSolutions for Dlx {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        let meter = Meter::new(budget);
        let (_, matrix) = self.prepare(puzzle)?;
        let outcome = matrix.count_solutions(limit, budget);
        let counters = matrix.stats();
        matrix.reset();
        self.last = counters;
        outcome.map_err(|reason| exhausted(reason, Self::stats(counters, &meter)))
    }
}
