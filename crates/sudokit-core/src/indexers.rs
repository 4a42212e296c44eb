//! Indexer cells: the digit of a column indexer says in which column of
//! its row the indexer's own column number stands — `r3c1` holding 4
//! puts a 1 in `r3c4` — and a row indexer's, in which row of its column
//! its row number stands. (f-puzzles' "column indexer" and "row
//! indexer"; the "1-5-9" puzzles make columns 1, 5 and 9 indexers.)
//!
//! The rule ties two candidates both ways: the indexer holds `x` exactly
//! when the `x`-th cell of its line holds the indexer's own number, which
//! stands once in the line. [`Indexer::narrow`] keeps both sides equal.
//!
//! ```
//! use sudokit_core::{Cell, Grid, IndexerKind, Shape, Variant};
//!
//! // r1c1 names the column of row 1's 1.
//! let rules = Variant::standard(Shape::MINI).with_indexer(IndexerKind::Column, Cell::new(0, 0))?;
//! assert_eq!(rules.to_string(), "column-indexer=r1c1");
//! let grid: Grid = "1234341221434321".parse()?;
//! assert!(rules.is_solution_of(&grid, &Grid::empty(Shape::MINI)));
//! // As a row indexer, r1c2 holds 2, but column 2's 1 stands in row 3.
//! let other = Variant::standard(Shape::MINI).with_indexer(IndexerKind::Row, Cell::new(0, 1))?;
//! let breaks = other.indexer_breaks(&grid)?;
//! assert_eq!(breaks[0].to_string(), "the row indexer r1c2 and its column disagree: 2 4 1 3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::cell::Cell;
use crate::shape::{Shape, UnitKind};

/// What an indexer cell indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum IndexerKind {
    /// Its digit is the column, in its row, of its own column number.
    Column,
    /// Its digit is the row, in its column, of its own row number.
    Row,
}

impl IndexerKind {
    /// Both kinds.
    pub const ALL: [IndexerKind; 2] = [IndexerKind::Column, IndexerKind::Row];

    /// Its name in the rules' text: `column-indexer`, `row-indexer`.
    pub fn name(self) -> &'static str {
        match self {
            IndexerKind::Column => "column-indexer",
            IndexerKind::Row => "row-indexer",
        }
    }

    /// The line it indexes into: a column indexer its row.
    pub fn line(self) -> UnitKind {
        match self {
            IndexerKind::Column => UnitKind::Row,
            IndexerKind::Row => UnitKind::Column,
        }
    }
}

impl fmt::Display for IndexerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IndexerKind::Column => "column indexer",
            IndexerKind::Row => "row indexer",
        })
    }
}

/// An indexer cell with the line it indexes into.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Indexer {
    kind: IndexerKind,
    /// Its place in `line`, 0-based: its own number less one.
    at: usize,
    line: Vec<usize>,
}

impl Indexer {
    pub(crate) fn new(kind: IndexerKind, cell: Cell, shape: Shape) -> Indexer {
        let (index, at) = match kind {
            IndexerKind::Column => (cell.row(), cell.col()),
            IndexerKind::Row => (cell.col(), cell.row()),
        };
        Indexer { kind, at, line: shape.unit(kind.line(), index).collect() }
    }

    /// What it indexes.
    pub fn kind(&self) -> IndexerKind {
        self.kind
    }

    /// Its cell (row-major index).
    pub fn cell(&self) -> usize {
        self.line[self.at]
    }

    /// Its own number: its column (a column indexer) or row, 1-based.
    pub fn number(&self) -> u8 {
        self.at as u8 + 1
    }

    /// The cells of the line it indexes into (a column indexer's row), in
    /// order, itself among them.
    pub fn line(&self) -> &[usize] {
        &self.line
    }

    /// Narrows `allowed` (the candidates of [`line`](Indexer::line)'s
    /// cells, in order, bit `d − 1` for digit `d`): the indexer keeps `x`
    /// only where the `x`-th cell may hold its number, that cell keeps the
    /// number only where the indexer may hold `x`, and holds nothing else
    /// once the indexer holds `x` alone. `false` when a cell is left
    /// nothing.
    pub fn narrow(&self, allowed: &mut [u64]) -> bool {
        if allowed.len() != self.line.len() {
            return false;
        }
        let own = 1u64 << self.at;
        let places = (allowed.iter().enumerate()).filter(|&(_, &a)| a & own != 0).fold(0u64, |m, (x, _)| m | 1 << x);
        allowed[self.at] &= places;
        let named = allowed[self.at];
        for (x, a) in allowed.iter_mut().enumerate() {
            if named >> x & 1 == 0 {
                *a &= !own;
            } else if named.count_ones() == 1 {
                // The one place the indexer names holds its number.
                *a &= own;
            }
        }
        allowed.iter().all(|&a| a != 0)
    }
}

/// An indexer whose line, as filled, cannot keep it: `Display` says
/// which, with the line's digits (`.` for an empty cell): `the column
/// indexer r1c2 and its column disagree: 2 4 1 3`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct IndexerBreak {
    /// What it indexes.
    pub kind: IndexerKind,
    /// Its cell.
    pub cell: Cell,
    /// The digits of the line it indexes into, 0 for an empty cell.
    pub digits: Vec<u8>,
}

impl fmt::Display for IndexerBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> =
            self.digits.iter().map(|&d| if d == 0 { ".".to_owned() } else { d.to_string() }).collect();
        write!(f, "the {} {} and its {} disagree: {}", self.kind, self.cell, self.kind.line(), digits.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_indexer_and_the_place_of_its_number_agree() {
        // r1c2 a column indexer on 4×4: it holds x where r1cx may hold 2.
        let indexer = Indexer::new(IndexerKind::Column, Cell::new(0, 1), Shape::MINI);
        let mut allowed = [0b0011, 0b1111, 0b1100, 0b0101];
        assert!(indexer.narrow(&mut allowed));
        // r1c1 may hold 2, r1c3 and r1c4 not: r1c2 keeps 1 and 2 (itself
        // may hold 2), and nothing else changes.
        assert_eq!(allowed, [0b0011, 0b0011, 0b1100, 0b0101]);
        // r1c2 = 1 puts the 2 in r1c1.
        let mut placed = [0b0011, 0b0001, 0b1110, 0b1110];
        assert!(indexer.narrow(&mut placed));
        assert_eq!(placed, [0b0010, 0b0001, 0b1100, 0b1100]);
        // r1c2 = 3 wants a 2 in r1c3, which cannot hold it.
        assert!(!indexer.narrow(&mut [0b1111, 0b0100, 0b1001, 0b1111]));
    }
}
