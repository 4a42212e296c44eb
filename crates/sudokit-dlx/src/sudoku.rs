//! Sudoku as exact cover: the [`SudokuCover`] encoding.

use std::fmt;

use sudokit_core::{Grid, Shape};

use crate::engine::ExactCover;

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
/// use sudokit_core::Shape;
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
    /// use sudokit_dlx::SudokuCover;
    /// use sudokit_core::{Grid, Shape};
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
