//! [`Cage`]: the cells of a killer cage, which hold distinct digits adding
//! up to the cage's sum when it has one, and the digit combinations a sum
//! allows — what every solver that takes cages reads.

use std::fmt;

use crate::cell::Cell;

/// A killer cage: cells (row-major indices, ascending) that hold distinct
/// digits and, with a sum, digits adding up to it. A cage without a sum
/// only asks for distinct digits.
///
/// ```
/// use sudokit_core::{Cell, Shape, Variant};
///
/// let killer = Variant::standard(Shape::CLASSIC).with_cage(&[Cell::new(0, 0), Cell::new(0, 1)], Some(3))?;
/// let cage = &killer.cages()[0];
/// assert_eq!(cage.sum(), Some(3));
/// // 3 is 1 + 2, and nothing else.
/// assert_eq!(cage.combinations(9), [0b11]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cage {
    cells: Vec<usize>,
    sum: Option<u32>,
}

impl Cage {
    pub(crate) fn new(mut cells: Vec<usize>, sum: Option<u32>) -> Cage {
        cells.sort_unstable();
        Cage { cells, sum }
    }

    /// Its cells, as row-major indices, ascending.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// Whether the digits `values` (a whole grid's, row-major, `0` for an
    /// empty cell) puts in this cage can still add up to its sum on a grid
    /// of `side`: its filled cells add up to no more, and distinct digits
    /// not among them can fill the rest. Always, for a cage without a sum.
    pub fn holds(&self, values: &[u8], side: usize) -> bool {
        self.sum.is_none_or(|sum| sum_holds(self.cells.iter().map(|&i| values[i]), sum, side))
    }

    /// Its sum, if it has one.
    pub fn sum(&self) -> Option<u32> {
        self.sum
    }

    /// The sets of digits the cage may hold on a grid of side `side`, as
    /// masks (bit `d − 1` for digit `d`), ascending: every set of as many
    /// distinct digits as the cage has cells that adds up to its sum, or
    /// every such set when it has no sum.
    pub fn combinations(&self, side: usize) -> Vec<u64> {
        combinations(side, self.cells.len(), self.sum)
    }
}

/// The most sets of distinct digits of its size a cage with a sum may
/// have for the solvers that list a sum's combinations (see
/// [`Variant::sums_are_listable`](crate::Variant::sums_are_listable)):
/// enough for every cage of a 16×16 grid (12 870 sets of 8 digits at
/// most) and cages of up to 5 cells on 25×25 (53 130), not for 13 cells
/// on 25×25 (5 200 300).
pub const MAX_DIGIT_SETS: u64 = 1 << 16;

/// How many sets of `size` distinct digits of 1 to `side` there are (the
/// binomial coefficient): what bounds a cage's combinations, whatever its
/// sum.
///
/// ```
/// use sudokit_core::cage::digit_sets;
///
/// assert_eq!(digit_sets(9, 2), 36);
/// assert_eq!(digit_sets(9, 9), 1);
/// assert_eq!(digit_sets(4, 5), 0);
/// ```
pub fn digit_sets(side: usize, size: usize) -> u64 {
    if size > side {
        return 0;
    }
    // Each partial product is itself a binomial coefficient, so the
    // division is exact; 35 choose 17 and a factor of 35 fit in a u64.
    (0..size as u64).fold(1, |count, i| count * (side as u64 - i) / (i + 1))
}

/// The smallest and the largest sum of `size` distinct digits of 1 to
/// `side`.
pub fn sum_range(size: usize, side: usize) -> (u32, u32) {
    let (k, n) = (size as u32, side as u32);
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// Every set of `size` distinct digits of 1 to `side` (as a mask, bit
/// `d − 1` for digit `d`) adding up to `sum`, or every such set without a
/// sum; ascending.
pub fn combinations(side: usize, size: usize, sum: Option<u32>) -> Vec<u64> {
    fn walk(from: u32, side: u32, left: u32, sum: Option<u32>, mask: u64, out: &mut Vec<u64>) {
        if left == 0 {
            if sum.is_none_or(|s| s == 0) {
                out.push(mask);
            }
            return;
        }
        for d in from..=side {
            // The smallest `left` digits from `d` on already exceed the sum.
            if sum.is_some_and(|s| left * (2 * d + left - 1) / 2 > s) {
                break;
            }
            walk(d + 1, side, left - 1, sum.map(|s| s - d), mask | 1 << (d - 1), out);
        }
    }
    let mut out = Vec::new();
    if size <= side {
        walk(1, side as u32, size as u32, sum, 0, &mut out);
    }
    out.sort_unstable();
    out
}

/// The digits a cage's empty cells may still take, as a mask: those of
/// every one of its `combinations` that holds all of `placed` (the digits
/// of its filled cells), but not `placed`. Empty when no combination holds
/// them.
///
/// ```
/// use sudokit_core::cage::{combinations, open_digits};
///
/// // A 3-cell cage of 9: 1+2+6, 1+3+5 or 2+3+4. With a 5 placed, 1 and 3 are left.
/// let nine = combinations(9, 3, Some(9));
/// assert_eq!(open_digits(&nine, 1 << 4), 0b101);
/// assert_eq!(open_digits(&nine, 1 << 8), 0, "no combination holds a 9");
/// ```
pub fn open_digits(combinations: &[u64], placed: u64) -> u64 {
    combinations.iter().filter(|&&c| c & placed == placed).fold(0, |open, &c| open | c) & !placed
}

/// Whether `left` distinct digits of 1 to `side`, none of them in `used`
/// (bit `d − 1` for digit `d`), can add up to `sum`.
pub fn can_complete(side: usize, used: u64, left: usize, sum: u32) -> bool {
    // Reachable sums, per count of digits taken (at most 35·36/2 = 630).
    let mut reach: Vec<Vec<bool>> = vec![vec![false; sum as usize + 1]; left + 1];
    reach[0][0] = true;
    let sum = sum as usize;
    for d in (1..=side.min(sum)).filter(|&d| used & 1 << (d - 1) == 0) {
        for k in (0..left).rev() {
            for s in (0..=sum - d).rev() {
                if reach[k][s] {
                    reach[k + 1][s + d] = true;
                }
            }
        }
    }
    reach[left][sum]
}

/// A cage whose filled cells its sum does not allow; `Display` says how:
/// `cage 3 (r1c1, r1c2, r2c1: 10) holds 7 and 5`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CageBreak {
    /// The cage's number, 0-based, in [`Variant::cages`](crate::Variant::cages).
    pub cage: usize,
    /// Its cells.
    pub cells: Vec<Cell>,
    /// Its sum.
    pub sum: u32,
    /// The digits it holds, in the order of its cells (`0` for an empty
    /// cell).
    pub digits: Vec<u8>,
}

impl fmt::Display for CageBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.cells.iter().map(ToString::to_string).collect();
        let held: Vec<String> = self.digits.iter().filter(|&&d| d != 0).map(ToString::to_string).collect();
        let empty = self.digits.iter().filter(|&&d| d == 0).count();
        write!(f, "cage {} ({}: {}) holds {}", self.cage + 1, cells.join(", "), self.sum, join_and(&held))?;
        match empty {
            0 => Ok(()),
            1 => write!(f, ", which no digit in its empty cell completes"),
            n => write!(f, ", which no {n} other digits in its empty cells complete"),
        }
    }
}

fn join_and(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// Whether the digits of a cage's cells (`0` for empty) can still add up
/// to `sum` on a grid of `side`: the filled ones are distinct (a cage is a
/// house) and some distinct digits not among them fill the rest.
fn sum_holds(digits: impl Iterator<Item = u8> + Clone, sum: u32, side: usize) -> bool {
    let filled = digits.clone().filter(|&d| d != 0);
    let used = filled.clone().fold(0u64, |mask, d| mask | 1 << (d - 1));
    let total: u32 = filled.map(u32::from).sum();
    let left = digits.filter(|&d| d == 0).count();
    total <= sum && can_complete(side, used, left, sum - total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn digit_sets_count_the_combinations_without_a_sum() {
        for side in 1..=12 {
            for size in 0..=side + 1 {
                assert_eq!(digit_sets(side, size), combinations(side, size, None).len() as u64, "{side} {size}");
            }
        }
        // 35 choose 17, the largest a grid can ask for.
        assert_eq!(digit_sets(35, 17), 4_537_567_650);
    }

    #[test]
    fn combinations_are_the_sets_of_distinct_digits_of_the_sum() {
        assert_eq!(combinations(9, 2, Some(3)), [0b11]);
        // 1+2+6, 1+3+5, 2+3+4.
        assert_eq!(combinations(9, 3, Some(9)), [0b1110, 0b10101, 0b100011]);
        assert_eq!(combinations(9, 9, Some(45)), [0x1ff]);
        assert!(combinations(9, 2, Some(18)).is_empty(), "9 + 9 repeats a digit");
        assert_eq!(combinations(9, 2, None).len(), 36);
        assert!(combinations(4, 5, None).is_empty());
        // Every sum of two digits, from 1 + 2 to 8 + 9, and their counts.
        let counts: Vec<usize> = (3..=17).map(|s| combinations(9, 2, Some(s)).len()).collect();
        assert_eq!(counts, [1, 1, 2, 2, 3, 3, 4, 4, 4, 3, 3, 2, 2, 1, 1]);
    }

    #[test]
    fn sum_ranges_and_completions_follow_the_digits_left() {
        assert_eq!(sum_range(2, 9), (3, 17));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(1, 16), (1, 16));
        assert!(can_complete(9, 0, 2, 17));
        assert!(!can_complete(9, 1 << 8, 2, 17), "without 9, two digits reach 15 at most");
        // Digits 1, 2 and 9 left (the rest used): one of them gives 1, 2 or 9.
        let used = 0x1ff & !(0b11 | 1 << 8);
        assert!(can_complete(9, used, 1, 9) && !can_complete(9, used, 1, 5));
        assert!(can_complete(9, 0, 0, 0) && !can_complete(9, 0, 0, 1));
    }

    #[test]
    fn a_cage_holds_while_empty_cells_can_reach_its_sum() {
        let shape = Shape::CLASSIC;
        let holds = |digits: [u8; 3]| sum_holds(digits.into_iter(), 6, shape.side());
        assert!(holds([0, 0, 0]));
        assert!(holds([1, 0, 0]));
        assert!(!holds([4, 0, 0]), "4 + two more distinct digits is 7 at least");
        assert!(holds([1, 2, 3]) && !holds([1, 2, 4]));
        let broken = CageBreak {
            cage: 2,
            cells: vec![Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0)],
            sum: 6,
            digits: vec![4, 0, 0],
        };
        assert_eq!(
            broken.to_string(),
            "cage 3 (r1c1, r1c2, r2c1: 6) holds 4, which no 2 other digits in its empty cells complete"
        );
        let full = CageBreak { digits: vec![1, 2, 4], ..broken };
        assert_eq!(full.to_string(), "cage 3 (r1c1, r1c2, r2c1: 6) holds 1, 2 and 4");
    }
}
