//! Quadruples: a circle on the point where four cells meet, with up to
//! four digits that those cells hold between them (a digit written twice
//! is there twice). The cells may hold other digits besides.
//!
//! ```
//! use sudokit_core::{Cell, Grid, Shape, Variant};
//!
//! // The four cells of r1c1's corner hold a 1 and a 4.
//! let rules = Variant::standard(Shape::MINI).with_quadruple(Cell::new(0, 0), &[4, 1])?;
//! assert_eq!(rules.to_string(), "quadruple=r1c1:1+4");
//! let grid: Grid = "1234341221434321".parse()?;
//! assert!(rules.is_solution_of(&grid, &Grid::empty(Shape::MINI)));
//! // Around r2c2's corner, 4 1 1 4: no 2.
//! let other = Variant::standard(Shape::MINI).with_quadruple(Cell::new(1, 1), &[2])?;
//! let breaks = other.quadruple_breaks(&grid)?;
//! assert_eq!(breaks[0].to_string(), "the quadruple at r2c2 (2) leaves no room for its digits: 4 1 1 4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::cell::Cell;

/// A quadruple: the four cells around a grid point hold its digits
/// between them, each as many times as it is written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Quadruple {
    cells: [usize; 4],
    digits: Vec<u8>,
}

impl Quadruple {
    pub(crate) fn new(cells: [usize; 4], mut digits: Vec<u8>) -> Quadruple {
        digits.sort_unstable();
        Quadruple { cells, digits }
    }

    /// Its four cells, row-major indices: the top-left one, its right
    /// neighbour, then the two below them.
    pub fn cells(&self) -> &[usize; 4] {
        &self.cells
    }

    /// Its digits, in ascending order, a digit written twice twice.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Each digit it asks for, with how many times (ascending).
    pub fn counts(&self) -> Vec<(u8, usize)> {
        let mut out: Vec<(u8, usize)> = Vec::new();
        for &d in &self.digits {
            match out.last_mut() {
                Some((last, count)) if *last == d => *count += 1,
                _ => out.push((d, 1)),
            }
        }
        out
    }

    /// Narrows `allowed` (the candidates of its four cells, in the order
    /// of [`cells`](Quadruple::cells), bit `d − 1` for digit `d`) to what
    /// it leaves them: a digit with as many places left as copies asked
    /// takes them all, and when the digits still missing fill every open
    /// cell those cells hold nothing else, to a fixed point; `false` when it
    /// leaves a cell nothing or a digit too few places. A cell of one
    /// candidate counts as holding it.
    pub fn narrow(&self, allowed: &mut [u64; 4]) -> bool {
        loop {
            let mut changed = false;
            let fixed = |bit: u64, allowed: &[u64; 4]| allowed.iter().filter(|&&a| a == bit).count();
            let open = allowed.iter().filter(|&&a| a & a.wrapping_sub(1) != 0).count();
            let (mut missing, mut missing_digits) = (0, 0u64);
            for (digit, count) in self.counts() {
                let bit = 1u64 << (digit - 1);
                let places = allowed.iter().filter(|&&a| a & bit != 0).count();
                if places < count {
                    return false;
                }
                if places == count {
                    for a in allowed.iter_mut().filter(|a| **a & bit != 0 && **a != bit) {
                        *a = bit;
                        changed = true;
                    }
                }
                let short = count.saturating_sub(fixed(bit, allowed));
                if short > 0 {
                    missing += short;
                    missing_digits |= bit;
                }
            }
            if missing > open {
                return false;
            }
            if missing == open && open > 0 {
                for a in allowed.iter_mut().filter(|a| **a & a.wrapping_sub(1) != 0) {
                    let kept = *a & missing_digits;
                    if kept == 0 {
                        return false;
                    }
                    changed |= kept != *a;
                    *a = kept;
                }
            }
            if !changed {
                return allowed.iter().all(|&a| a != 0);
            }
        }
    }

    /// Whether its cells holding `digits` (in the order of
    /// [`cells`](Quadruple::cells), 0 for an empty cell) leave room for
    /// the digits it still misses; on full cells, whether it holds.
    pub fn fits(&self, digits: [u8; 4]) -> bool {
        let empty = digits.iter().filter(|&&d| d == 0).count();
        let missing: usize = self
            .counts()
            .iter()
            .map(|&(d, count)| count.saturating_sub(digits.iter().filter(|&&v| v == d).count()))
            .sum();
        missing <= empty
    }
}

/// A quadruple whose filled cells leave its digits no room: `Display`
/// says which, with its cells' digits (`.` for an empty cell): `the
/// quadruple at r3c3 (1 5) leaves no room for its digits: 4 3 2 .`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct QuadrupleBreak {
    /// The top-left cell of its four.
    pub corner: Cell,
    /// Its digits.
    pub needs: Vec<u8>,
    /// Its cells' digits, 0 for an empty cell, in the order of
    /// [`Quadruple::cells`].
    pub digits: Vec<u8>,
}

impl fmt::Display for QuadrupleBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let needs: Vec<String> = self.needs.iter().map(ToString::to_string).collect();
        let digits: Vec<String> =
            self.digits.iter().map(|&d| if d == 0 { ".".to_owned() } else { d.to_string() }).collect();
        write!(
            f,
            "the quadruple at {} ({}) leaves no room for its digits: {}",
            self.corner,
            needs.join(" "),
            digits.join(" ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Quadruple;

    fn quad(counts: &[(u8, usize)]) -> Quadruple {
        Quadruple::new([0, 1, 2, 3], counts.iter().flat_map(|&(d, c)| std::iter::repeat_n(d, c)).collect())
    }

    #[test]
    fn a_digit_with_as_many_places_as_copies_takes_them() {
        // 1 twice, with two cells that may hold it: both are 1.
        let mut allowed = [0b0011, 0b1110, 0b0101, 0b1100];
        assert!(quad(&[(1, 2)]).narrow(&mut allowed));
        assert_eq!(allowed, [0b0001, 0b1110, 0b0001, 0b1100]);
    }

    #[test]
    fn missing_digits_that_fill_the_open_cells_leave_nothing_else() {
        // 1, 2, 3 and 4 asked, one cell placed 4: the three others hold 1,
        // 2 and 3 only.
        let mut allowed = [0b1000, 0b1_1111, 0b1_1111, 0b1_0111];
        assert!(quad(&[(1, 1), (2, 1), (3, 1), (4, 1)]).narrow(&mut allowed));
        assert_eq!(allowed, [0b1000, 0b0111, 0b0111, 0b0111]);
    }

    #[test]
    fn too_few_places_is_a_contradiction() {
        let mut allowed = [0b0010, 0b0010, 0b0100, 0b1000];
        assert!(!quad(&[(1, 1)]).narrow(&mut allowed));
        let mut crowded = [0b0_0001, 0b0_0010, 0b1_1100, 0b1_1100];
        assert!(!quad(&[(3, 1), (4, 1), (5, 1)]).narrow(&mut crowded), "three digits, two open cells");
    }
}
