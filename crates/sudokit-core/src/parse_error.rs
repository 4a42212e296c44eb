//! [`ParseError`]: text or values that do not describe a grid.

use crate::cell::Cell;
use crate::shape::{Shape, ShapeError};

/// Text that does not describe a grid.
///
/// Positions are 1-based: `line` counts lines of the parsed text (or of the
/// file, for the readers of `sudokit-grid`), `column` counts characters.
///
/// ```
/// use sudokit_core::Grid;
/// let err = "12?".parse::<Grid>().unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 3: unexpected character '?'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Bytes that are not UTF-8 text, where a file's line should be: the
    /// readers of `sudokit-grid` report that line and read on.
    #[error("line {line}, column {column}: not valid UTF-8 text")]
    InvalidUtf8 {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters, of the first byte that is not
        /// UTF-8.
        column: usize,
    },
    /// A character that is neither a digit of the shape, an empty-cell
    /// marker nor white space.
    #[error("line {line}, column {column}: unexpected character {found:?}")]
    InvalidCharacter {
        /// The character.
        found: char,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
    },
    /// A digit that is too large for the grid (`A` in a 9×9 grid).
    #[error("line {line}, column {column}: digit {found:?} is out of range for a {shape} grid")]
    DigitOutOfRange {
        /// The character.
        found: char,
        /// The shape the grid was read as.
        shape: Shape,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
    },
    /// The number of cells does not match the expected shape.
    #[error("line {line}: expected {expected} cells, found {found}")]
    WrongCellCount {
        /// Cells the shape needs.
        expected: usize,
        /// Cells found.
        found: usize,
        /// 1-based line where the grid starts.
        line: usize,
    },
    /// The number of cells matches no supported shape.
    #[error("line {line}: {found} cells match no grid shape (a 9x9 grid has 81)")]
    UnknownShape {
        /// Cells found.
        found: usize,
        /// 1-based line where the grid starts.
        line: usize,
    },
    /// A boxed picture (rows of `| 1 2 | …`) that is not laid out as a grid.
    #[error("line {line}: malformed boxed grid: {reason}")]
    MalformedBoxedGrid {
        /// What is wrong.
        reason: String,
        /// 1-based line.
        line: usize,
    },
    /// A raw cell value outside `0..=side` (see [`Grid::from_values`](crate::Grid::from_values)).
    #[error("{cell}: value {value} is out of range for a {shape} grid")]
    ValueOutOfRange {
        /// The cell holding the value.
        cell: Cell,
        /// The value.
        value: u8,
        /// The grid's shape.
        shape: Shape,
    },
    /// A grid of another shape than the file's first one (see
    /// `sudokit_grid::io::PuzzleReader`): often a truncated line.
    #[error("line {line}: a {found} grid in a file of {expected} grids (a truncated line?)")]
    ShapeChange {
        /// The shape read.
        found: Shape,
        /// The shape of the file's first grid.
        expected: Shape,
        /// 1-based line where the grid starts.
        line: usize,
    },
    /// Text far longer than any grid, rejected before it is read (see
    /// [`text::MAX_GRID_TEXT`](crate::text::MAX_GRID_TEXT)).
    #[error("{length} bytes is too long for one grid (at most {limit})")]
    TooLong {
        /// The length of the text, in bytes.
        length: usize,
        /// The limit.
        limit: usize,
    },
    /// A shape that cannot be built.
    #[error(transparent)]
    Shape(#[from] ShapeError),
}

impl ParseError {
    /// The 1-based line the error points at, when it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::InvalidCharacter { line, .. }
            | ParseError::DigitOutOfRange { line, .. }
            | ParseError::WrongCellCount { line, .. }
            | ParseError::UnknownShape { line, .. }
            | ParseError::MalformedBoxedGrid { line, .. }
            | ParseError::ShapeChange { line, .. }
            | ParseError::InvalidUtf8 { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// The same error with its line number moved down by `lines`.
    pub(crate) fn shifted(mut self, lines: usize) -> ParseError {
        match &mut self {
            ParseError::InvalidCharacter { line, .. }
            | ParseError::DigitOutOfRange { line, .. }
            | ParseError::WrongCellCount { line, .. }
            | ParseError::UnknownShape { line, .. }
            | ParseError::MalformedBoxedGrid { line, .. } => *line += lines,
            _ => {}
        }
        self
    }
}
