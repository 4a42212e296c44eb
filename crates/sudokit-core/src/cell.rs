//! [`Cell`] and [`Digit`]: a position in a grid and a value in a cell.

use std::fmt;
use std::num::NonZeroU8;

use crate::shape::Shape;

/// A cell position: row and column, both 0-based.
///
/// `Display` writes the 1-based `r3c7` notation players use.
///
/// ```
/// use sudokit_core::{Cell, Shape};
/// let cell = Cell::new(2, 6);
/// assert_eq!(cell.to_string(), "r3c7");
/// assert_eq!(cell.index(Shape::CLASSIC), 24);
/// assert_eq!(Cell::from_index(24, Shape::CLASSIC), cell);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// The cell at `row`, `col` (0-based).
    ///
    /// # Panics
    /// When a coordinate is not below [`Shape::MAX_SIDE`];
    /// [`try_new`](Cell::try_new) is the checked twin.
    pub fn new(row: usize, col: usize) -> Cell {
        Cell::try_new(row, col).unwrap_or_else(|| panic!("cell ({row}, {col}) out of range"))
    }

    /// The cell at `row`, `col` (0-based), or `None` when a coordinate is
    /// not below [`Shape::MAX_SIDE`]. Whether it lies inside a given grid
    /// is for the grid to say ([`Grid::try_set`](crate::Grid::try_set)).
    pub fn try_new(row: usize, col: usize) -> Option<Cell> {
        (row < Shape::MAX_SIDE && col < Shape::MAX_SIDE).then_some(Cell { row: row as u8, col: col as u8 })
    }

    /// The cell with row-major `index` in a grid of `shape`.
    ///
    /// # Panics
    /// When `index` is not below `shape.cell_count()`.
    pub fn from_index(index: usize, shape: Shape) -> Cell {
        assert!(index < shape.cell_count(), "cell index {index} out of range for {shape}");
        Cell::new(shape.row_of(index), shape.col_of(index))
    }

    /// 0-based row.
    #[inline]
    pub const fn row(self) -> usize {
        self.row as usize
    }

    /// 0-based column.
    #[inline]
    pub const fn col(self) -> usize {
        self.col as usize
    }

    /// Row-major index in a grid of `shape`.
    #[inline]
    pub const fn index(self, shape: Shape) -> usize {
        shape.index(self.row(), self.col())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A digit placed in a cell: a value from 1 to the side of the grid.
///
/// ```
/// use sudokit_core::Digit;
/// let d = Digit::new(7).ok_or("zero is not a digit")?;
/// assert_eq!(d.get(), 7);
/// assert_eq!(d.index(), 6);
/// assert!(Digit::new(0).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit with value `value`, or `None` for 0.
    #[inline]
    pub const fn new(value: u8) -> Option<Digit> {
        match NonZeroU8::new(value) {
            Some(v) => Some(Digit(v)),
            None => None,
        }
    }

    /// The value, from 1 up.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0.get()
    }

    /// The 0-based index (`value - 1`), handy for bit sets and arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

impl fmt::Display for Digit {
    /// The decimal value; use [`Shape::symbol`] for the grid's own letters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
