//! Pencil-mark puzzles ("sukaku"): a puzzle given as the candidates of
//! every cell rather than as givens; and even and odd cells ([`Parity`]),
//! which the rules read as marks too. [`Variant::with_marks`](crate::Variant::with_marks)
//! adds the marks to a puzzle's rules, so every solver that takes
//! variants takes them; this module holds their one-line text form and
//! [`MarkBreak`], the error of a given its cell's marks exclude.
//!
//! A mark set is a `u64` whose bit `d - 1` stands for digit `d`, as in
//! [`cage::combinations`](crate::cage::combinations).
//!
//! The line form is the one SukakuExplainer and the forums use: for each
//! cell in row-major order, `side` characters, the one at position `k`
//! being digit `k + 1`'s symbol when it is a candidate and `.` (or `0`)
//! when it is not; 729 characters for 9×9, white space ignored.
//!
//! A line has no givens of its own: a cell with one mark is a given when
//! its digit takes no mark from a cell bound to it, and open otherwise
//! (its digit forced, one step of the path away), as SukakuExplainer
//! reads a line. [`Variant::givens_of_marks`](crate::Variant::givens_of_marks)
//! says which.
//!
//! ```
//! use sudokit_core::marks::{read_marks, write_marks};
//! use sudokit_core::Shape;
//!
//! // r1c1 may hold 1 or 2; every other cell of the 4×4 grid anything.
//! let line = format!("12..{}", "1234".repeat(15));
//! let (shape, marks) = read_marks(&line, None)?;
//! assert_eq!((shape, marks[0], marks[1]), (Shape::MINI, 0b11, 0b1111));
//! assert_eq!(write_marks(shape, &marks), line);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::cell::{Cell, Digit};
use crate::parse_error::ParseError;
use crate::shape::Shape;

/// The shape and the mark sets of a pencil-mark line (see [the
/// module](self)). Without a `shape`, a line of `side³` marks takes the
/// default boxes of that side ([`Shape::from_side`]).
///
/// # Errors
/// [`ParseError::TooLong`] for a text beyond
/// [`text::MAX_GRID_TEXT`](crate::text::MAX_GRID_TEXT);
/// [`ParseError::UnknownShape`] when the length is `side³` for no shape,
/// or [`ParseError::WrongCellCount`] when it is not `shape`'s;
/// [`ParseError::InvalidCharacter`] (with its column) for a character that
/// is neither `.`, `0` nor the digit of its position.
pub fn read_marks(text: &str, shape: Option<Shape>) -> Result<(Shape, Vec<u64>), ParseError> {
    let limit = crate::text::MAX_GRID_TEXT;
    if text.len() > limit {
        return Err(ParseError::TooLong { length: text.len(), limit });
    }
    let marks: Vec<(usize, char)> =
        text.chars().enumerate().filter(|(_, c)| !c.is_whitespace()).map(|(i, c)| (i + 1, c)).collect();
    let shape = match shape {
        Some(shape) if marks.len() == shape.cell_count() * shape.side() => shape,
        Some(shape) => {
            let expected = shape.cell_count() * shape.side();
            return Err(ParseError::WrongCellCount { expected, found: marks.len(), line: 1 });
        }
        None => (2..=Shape::MAX_SIDE)
            .find(|s| s * s * s == marks.len())
            .and_then(|s| Shape::from_side(s).ok())
            .ok_or(ParseError::UnknownShape { found: marks.len(), line: 1 })?,
    };
    let mut sets = Vec::with_capacity(shape.cell_count());
    for chunk in marks.chunks(shape.side()) {
        let mut set = 0u64;
        for (k, &(column, ch)) in chunk.iter().enumerate() {
            if ch == '.' || ch == '0' {
                continue;
            }
            if shape.value_of_symbol(ch) != Some(k as u8 + 1) {
                return Err(ParseError::InvalidCharacter { found: ch, line: 1, column });
            }
            set |= 1 << k;
        }
        sets.push(set);
    }
    Ok((shape, sets))
}

/// [`read_marks`] of a line that is line `first_line` (1-based) of a
/// file: errors name that line, as
/// [`text::parse_at`](crate::text::parse_at)'s do.
///
/// # Errors
/// As [`read_marks`].
pub fn read_marks_at(text: &str, shape: Option<Shape>, first_line: usize) -> Result<(Shape, Vec<u64>), ParseError> {
    read_marks(text, shape).map_err(|e| e.shifted(first_line.saturating_sub(1)))
}

/// The pencil-mark line of `marks`, one set per cell of `shape` (see [the
/// module](self)); bits beyond the side are not written.
pub fn write_marks(shape: Shape, marks: &[u64]) -> String {
    let side = shape.side();
    let mut line = String::with_capacity(marks.len() * side);
    for &set in marks {
        for k in 0..side {
            line.push(if set >> k & 1 == 1 { shape.symbol(k as u8 + 1) } else { '.' });
        }
    }
    line
}

/// Every digit of a grid of `side`: the mark set of a cell without
/// pencil marks.
pub const fn all_digits(side: usize) -> u64 {
    if side >= 64 { u64::MAX } else { (1 << side) - 1 }
}

/// The candidates of cells holding `digits` on a grid of `side`: a placed
/// digit's own bit, every digit for an empty cell (0). What a rule's
/// narrowing reads to check filled cells.
pub(crate) fn candidates_of(digits: &[u8], side: usize) -> Vec<u64> {
    digits.iter().map(|&d| if d == 0 { all_digits(side) } else { 1 << (d - 1) }).collect()
}

/// Even and odd cells: a cell marked so holds an even (odd) digit.
/// [`Variant::with_parity`](crate::Variant::with_parity) marks a cell;
/// the rules read it, like pencil marks, as the digits the cell may hold
/// ([`Variant::allowed_digits`](crate::Variant::allowed_digits)).
///
/// ```
/// use sudokit_core::Parity;
///
/// assert_eq!(Parity::Even.digits(9), 0b0_1010_1010); // 2, 4, 6, 8
/// assert_eq!(Parity::Odd.digits(4), 0b0101); // 1, 3
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Parity {
    /// An odd digit: 1, 3, 5, …
    Odd,
    /// An even digit: 2, 4, 6, …
    Even,
}

impl Parity {
    /// Both, in order.
    pub const ALL: [Parity; 2] = [Parity::Odd, Parity::Even];

    /// The digits of this parity on a grid of `side` (bit `d - 1` for
    /// digit `d`).
    pub const fn digits(self, side: usize) -> u64 {
        let odd = 0x5555_5555_5555_5555 & all_digits(side);
        match self {
            Parity::Odd => odd,
            Parity::Even => all_digits(side) & !odd,
        }
    }

    /// Its name in the rules' text: `odd`, `even`.
    pub fn name(self) -> &'static str {
        match self {
            Parity::Odd => "odd",
            Parity::Even => "even",
        }
    }

    /// The parity of `digit`.
    pub fn of(digit: Digit) -> Parity {
        if digit.get() % 2 == 0 { Parity::Even } else { Parity::Odd }
    }
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A given that its cell's pencil marks or parity exclude; `Display`
/// says so: `r1c1 holds 5, which its marks (1, 2, 4) exclude`, `r2c2
/// holds 5 in an even cell`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarkBreak {
    /// The cell.
    pub cell: Cell,
    /// The digit it holds.
    pub digit: Digit,
    /// The digits its marks and parity allow (bit `d - 1` for digit `d`).
    pub marks: u64,
    /// Its parity, when the puzzle marks one and the digit breaks it.
    pub parity: Option<Parity>,
}

impl fmt::Display for MarkBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(parity) = self.parity {
            return write!(f, "{} holds {} in an {parity} cell", self.cell, self.digit);
        }
        let digits: Vec<String> = (0..64).filter(|k| self.marks >> k & 1 == 1).map(|k| (k + 1).to_string()).collect();
        write!(f, "{} holds {}, which its marks ({}) exclude", self.cell, self.digit, digits.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_mark_is_named_where_it_is() {
        let mut line = ".".repeat(729);
        line.replace_range(10..11, "5"); // cell 2, position 2: only a 2 may stand there
        assert_eq!(read_marks(&line, None), Err(ParseError::InvalidCharacter { found: '5', line: 1, column: 11 }));
        assert!(matches!(read_marks(&line[..728], None), Err(ParseError::UnknownShape { .. })));
        assert_eq!(
            read_marks(&line[..728], Some(Shape::CLASSIC)),
            Err(ParseError::WrongCellCount { expected: 729, found: 728, line: 1 })
        );
        let tall = Shape::new(3, 2).expect("a shape");
        let (shape, marks) = read_marks(&"1.3.5.".repeat(36), Some(tall)).expect("216 marks");
        assert_eq!((shape, marks[35]), (tall, 0b10101));
    }

    #[test]
    fn a_mark_break_lists_the_marks() {
        let digit = Digit::new(5).expect("a digit");
        let broken = MarkBreak { cell: Cell::new(0, 0), digit, marks: 0b1011, parity: None };
        assert_eq!(broken.to_string(), "r1c1 holds 5, which its marks (1, 2, 4) exclude");
        let even = MarkBreak { parity: Some(Parity::Even), ..broken };
        assert_eq!(even.to_string(), "r1c1 holds 5 in an even cell");
    }
}
