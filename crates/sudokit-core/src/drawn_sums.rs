//! Sums drawn on the grid: arrows (the digits along an arrow add up to
//! the digit in its circle, or to the number a pill of two or three cells
//! writes) and little killers (the digits along a diagonal add up to the
//! clue outside the grid). Digits may repeat along either, unless a house
//! or another rule keeps two of its cells apart.
//!
//! Each arrow and little killer is a linear sum over its cells — the shaft
//! less the circle adds up to 0, the diagonal to its clue — which the
//! engines read with the killer cages' sums
//! ([`sums::sums_of`](crate::sums::sums_of)), so an engine that keeps any
//! sum by its bounds keeps these too. A pill's digits weigh 10 and 1 (100,
//! 10 and 1), which those sums do not say: a pill arrow is a rule of its
//! own, kept by [`PillArrow::narrow`].
//!
//! ```
//! use sudokit_core::{Cell, Grid, Shape, Variant};
//!
//! // r1c1's circle is the sum of r1c2 and r2c2; the diagonal from r2c1 to
//! // r1c2 adds up to 3.
//! let rules = Variant::standard(Shape::MINI)
//!     .with_arrow(Cell::new(0, 0), &[Cell::new(0, 1), Cell::new(1, 1)])?
//!     .with_little_killer(3, &[Cell::new(1, 0), Cell::new(0, 1)])?;
//! assert_eq!(rules.to_string(), "arrow=r1c1:r1c2+r2c2,little-killer=3:r2c1+r1c2");
//! let grid: Grid = "4132231432411423".parse()?;
//! assert!(rules.is_solution_of(&grid, &Grid::empty(Shape::MINI)));
//! let wrong: Grid = "1234341221434321".parse()?;
//! let breaks = rules.sum_breaks(&wrong)?;
//! assert_eq!(breaks[0].to_string(), "the arrow from r1c1 (1) adds up to 6 along r1c2 r2c2");
//! assert_eq!(breaks[1].to_string(), "the little killer r2c1 r1c2 adds up to 5, not 3: 3 2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::cell::Cell;

/// An arrow: the digits of its shaft add up to the digit in its circle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    circle: usize,
    shaft: Vec<usize>,
}

impl Arrow {
    pub(crate) fn new(circle: usize, shaft: Vec<usize>) -> Arrow {
        Arrow { circle, shaft }
    }

    /// The cell of its circle (row-major index).
    pub fn circle(&self) -> usize {
        self.circle
    }

    /// The cells along it from the circle, row-major indices.
    pub fn shaft(&self) -> &[usize] {
        &self.shaft
    }
}

/// A pill arrow: the digits of its shaft add up to the number its pill's
/// two or three digits write, read in order (tens first).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PillArrow {
    pill: Vec<usize>,
    shaft: Vec<usize>,
}

impl PillArrow {
    pub(crate) fn new(pill: Vec<usize>, shaft: Vec<usize>) -> PillArrow {
        PillArrow { pill, shaft }
    }

    /// The cells of its pill, in reading order of the number (row-major
    /// indices).
    pub fn pill(&self) -> &[usize] {
        &self.pill
    }

    /// The cells along it from the pill, row-major indices.
    pub fn shaft(&self) -> &[usize] {
        &self.shaft
    }

    /// Its pill's cells, then its shaft's: the order
    /// [`narrow`](PillArrow::narrow) reads.
    pub fn cells(&self) -> Vec<usize> {
        self.pill.iter().chain(&self.shaft).copied().collect()
    }

    /// Narrows `allowed` (the candidates of [`cells`](PillArrow::cells),
    /// bit `d − 1` for digit `d`) by bounds: the pill keeps the digits of
    /// the numbers the shaft can add up to (each shaft cell from its least
    /// to its greatest candidate), and each shaft cell the digits that
    /// leave the others room to reach one of those numbers. `false` when a
    /// cell is left nothing.
    pub fn narrow(&self, allowed: &mut [u64]) -> bool {
        let k = self.pill.len();
        if allowed.len() != k + self.shaft.len() || allowed.contains(&0) {
            return false;
        }
        let (low, high) =
            (|set: u64| u64::from(set.trailing_zeros()) + 1, |set: u64| 64 - u64::from(set.leading_zeros()));
        let (shaft_low, shaft_high) = allowed[k..].iter().fold((0, 0), |(l, h), &set| (l + low(set), h + high(set)));
        // Every number the pill can write within the shaft's reach.
        let (mut kept, mut least, mut most) = ([0u64; 3], u64::MAX, 0);
        let mut number = |digits: &[u64]| {
            let value = digits.iter().fold(0, |v, &d| v * 10 + d);
            if (shaft_low..=shaft_high).contains(&value) {
                for (kept, &d) in kept.iter_mut().zip(digits) {
                    *kept |= 1 << (d - 1);
                }
                (least, most) = (least.min(value), most.max(value));
            }
        };
        let digits = |set: u64| (1..=64u64).filter(move |d| set >> (d - 1) & 1 == 1);
        for a in digits(allowed[0]) {
            for b in digits(allowed[1]) {
                match allowed.get(2).filter(|_| k == 3) {
                    Some(&third) => digits(third).for_each(|c| number(&[a, b, c])),
                    None => number(&[a, b]),
                }
            }
        }
        for (cell, kept) in allowed[..k].iter_mut().zip(kept) {
            *cell &= kept;
        }
        if least > most {
            return false;
        }
        for cell in allowed[k..].iter_mut() {
            let (others_low, others_high) = (shaft_low - low(*cell), shaft_high - high(*cell));
            let fits = |d: u64| others_low + d <= most && others_high + d >= least;
            *cell &= digits(*cell).filter(|&d| fits(d)).fold(0, |m, d| m | 1 << (d - 1));
        }
        allowed.iter().all(|&a| a != 0)
    }
}

/// A little killer: the digits along a diagonal add up to its clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LittleKiller {
    total: u32,
    cells: Vec<usize>,
}

impl LittleKiller {
    pub(crate) fn new(total: u32, cells: Vec<usize>) -> LittleKiller {
        LittleKiller { total, cells }
    }

    /// The clue: what its cells add up to.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Its cells from the clue's end, row-major indices.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }
}

/// The least and the most `values` of `cells` can add up to, an empty
/// cell (0) counted as 1 to `side`.
pub(crate) fn reach(cells: &[usize], values: &[u8], side: usize) -> (u32, u32) {
    cells.iter().fold((0, 0), |(low, high), &i| match u32::from(values[i]) {
        0 => (low + 1, high + side as u32),
        v => (low + v, high + v),
    })
}

/// A drawn sum whose filled cells no digits of its empty ones complete:
/// `Display` says which, with its digits (`.` for an empty cell): `the
/// arrow from r1c1 (3) adds up to 6 along r1c2 r2c2`, `the little killer
/// r2c1 r1c2 adds up to 5, not 7: 3 2`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SumBreak {
    /// An arrow.
    Arrow {
        /// Its circle.
        circle: Cell,
        /// The circle's digit, 0 when empty.
        digit: u8,
        /// Its shaft.
        shaft: Vec<Cell>,
        /// The shaft's digits, 0 for an empty cell.
        digits: Vec<u8>,
    },
    /// A pill arrow.
    PillArrow {
        /// Its pill.
        pill: Vec<Cell>,
        /// Its shaft.
        shaft: Vec<Cell>,
        /// The pill's digits, then the shaft's, 0 for an empty cell.
        digits: Vec<u8>,
    },
    /// A little killer.
    LittleKiller {
        /// Its clue.
        total: u32,
        /// Its cells.
        cells: Vec<Cell>,
        /// Their digits, 0 for an empty cell.
        digits: Vec<u8>,
    },
}

fn join<T: fmt::Display>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

fn digits_text(digits: &[u8]) -> String {
    digits.iter().map(|&d| if d == 0 { ".".to_owned() } else { d.to_string() }).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for SumBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumBreak::Arrow { circle, digit, shaft, digits } if *digit != 0 && !digits.contains(&0) => {
                let sum: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                write!(f, "the arrow from {circle} ({digit}) adds up to {sum} along {}", join(shaft))
            }
            SumBreak::Arrow { circle, digit, shaft, digits } => {
                let circle_digit = if *digit == 0 { ".".to_owned() } else { digit.to_string() };
                write!(
                    f,
                    "the arrow from {circle} ({circle_digit}) along {} cannot add up to it: {}",
                    join(shaft),
                    digits_text(digits)
                )
            }
            SumBreak::PillArrow { pill, shaft, digits } => {
                let number: String =
                    digits[..pill.len()].iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
                write!(
                    f,
                    "the pill arrow from {} ({number}) along {} cannot add up to it: {}",
                    join(pill),
                    join(shaft),
                    digits_text(&digits[pill.len()..])
                )
            }
            SumBreak::LittleKiller { total, cells, digits } if !digits.contains(&0) => {
                let sum: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                write!(f, "the little killer {} adds up to {sum}, not {total}: {}", join(cells), digits_text(digits))
            }
            SumBreak::LittleKiller { total, cells, digits } => {
                write!(f, "the little killer {} cannot add up to {total}: {}", join(cells), digits_text(digits))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PillArrow;

    #[test]
    fn a_pill_keeps_the_numbers_its_shaft_reaches() {
        // Pill r·c1 r·c2 (1 or 2, then any of 1–9), a shaft of two cells of
        // 1 to 9: it reaches 2 to 18, so the pill writes 11 to 18 — its
        // first digit is 1 and its second 1 to 8 — and each shaft cell
        // needs at least 11 − 9 = 2.
        let pill = PillArrow::new(vec![0, 1], vec![2, 3]);
        let mut allowed = [0b11, 0x1ff, 0x1ff, 0x1ff];
        assert!(pill.narrow(&mut allowed));
        assert_eq!(allowed, [0b1, 0xff, 0x1fe, 0x1fe]);
        // A shaft of one cell (at most 9) leaves no two-digit number.
        let short = PillArrow::new(vec![0, 1], vec![2]);
        assert!(!short.narrow(&mut [0x1ff, 0x1ff, 0x1ff]));
    }
}
