//! Error types shared by every sudokit crate.

use std::fmt;

use crate::budget::StopReason;
use crate::grid::{Conflict, Grid};
use crate::shape::{Cell, Shape};
use crate::solver::Stats;

/// A box geometry that sudokit cannot represent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// Boxes must be at least 2×2 and the side at most [`Shape::MAX_SIDE`].
    #[error(
        "boxes of {box_height}x{box_width} are not supported (each dimension at least 2, side at most {max})",
        max = Shape::MAX_SIDE
    )]
    InvalidBoxes {
        /// Requested box height.
        box_height: usize,
        /// Requested box width.
        box_width: usize,
    },
    /// No box dimensions of at least 2×2 multiply to this side.
    #[error("a side of {side} cannot be split into boxes of at least 2x2 (side at most {max})", max = Shape::MAX_SIDE)]
    NoBoxes {
        /// The side asked for.
        side: usize,
    },
    /// A cell count that is not the square of a side.
    #[error("{cells} cells do not form a square grid")]
    NotSquare {
        /// The number of cells found.
        cells: usize,
    },
}

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
    /// A raw cell value outside `0..=side` (see [`Grid::from_values`]).
    #[error("{cell}: value {value} is out of range for a {shape} grid")]
    ValueOutOfRange {
        /// The cell holding the value.
        cell: Cell,
        /// The value.
        value: u8,
        /// The grid's shape.
        shape: Shape,
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
            | ParseError::MalformedBoxedGrid { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// The same error with its line number moved down by `lines`: readers
    /// parse one record at a time and report positions in the whole file.
    #[must_use]
    pub fn shifted(mut self, lines: usize) -> ParseError {
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

/// Why a solver returned no grid.
///
/// ```
/// use sudokit_core::{Grid, SolveError};
/// let puzzle: Grid = "11..............".parse()?;
/// let err = puzzle.validate().unwrap_err();
/// assert!(matches!(err, SolveError::InvalidPuzzle { .. }));
/// assert_eq!(err.to_string(), "invalid puzzle: clashing givens r1c1 and r1c2 (both 1)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Some givens clash: two equal digits share a row, column or box.
    #[error("invalid puzzle: {}", ConflictList(conflicts))]
    InvalidPuzzle {
        /// Every clashing pair of givens.
        conflicts: Vec<Conflict>,
    },
    /// The search proved that no grid completes the puzzle.
    #[error("the puzzle has no solution")]
    Unsolvable,
    /// The [`Budget`](crate::Budget) ran out before the search ended.
    #[error("gave up: {reason} after {} nodes and {} iterations", stats.nodes, stats.iterations)]
    BudgetExhausted {
        /// Which limit was reached.
        reason: StopReason,
        /// The work done until then.
        stats: Stats,
        /// The best grid reached, for solvers that keep one (local search).
        best: Option<Grid>,
    },
    /// An incomplete method (greedy colouring, a rule set without guessing)
    /// stopped without a solution and without proving there is none.
    #[error("no solution found after {} nodes, and no proof that none exists", stats.nodes)]
    Incomplete {
        /// The work done.
        stats: Stats,
        /// The partial or best grid reached, if the solver keeps one.
        best: Option<Grid>,
    },
    /// The solver does not handle grids of this shape.
    #[error("grids of shape {shape} are not supported by this solver")]
    UnsupportedShape {
        /// The shape of the puzzle.
        shape: Shape,
    },
}

struct ConflictList<'a>(&'a [Conflict]);

impl fmt::Display for ConflictList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 4;
        for (i, c) in self.0.iter().take(SHOWN).enumerate() {
            let sep = if i == 0 { "clashing givens " } else { "; " };
            write!(f, "{sep}{} and {} (both {})", c.first, c.second, c.digit)?;
        }
        if self.0.len() > SHOWN {
            write!(f, "; and {} more clashes", self.0.len() - SHOWN)?;
        }
        Ok(())
    }
}
