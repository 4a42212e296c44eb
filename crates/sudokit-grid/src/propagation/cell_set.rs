//! Sets of cells, one bit per cell, as the digit planes of
//! [`planes`](super::planes) keep them: a `u128` for grids of up to 128
//! cells (9×9 among them), [`Wide`] for up to 256 (16×16).

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of cells of a grid, bit `i` for cell `i`, with the word
/// operations the planes run on.
pub(super) trait CellSet:
    Copy
    + Debug
    + Default
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + 'static
{
    /// How many cells a set can hold.
    const CELLS: usize;

    /// The set of cell `i` alone.
    fn cell(i: usize) -> Self;

    /// The set of cells `0..n`.
    fn first(n: usize) -> Self;

    /// The set of a row of the rulebook's peer matrix: bit `j % 64` of
    /// word `j / 64` for cell `j`.
    fn from_words(words: &[u64]) -> Self;

    /// The lowest cell of a set that is not empty.
    fn lowest(self) -> usize;

    /// The set without its lowest cell.
    fn without_lowest(self) -> Self;

    /// How many cells the set holds.
    fn len(self) -> u32;

    /// Whether cell `i` is in the set.
    fn has(self, i: usize) -> bool;

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::default()
    }

    /// Whether the set holds one cell at most.
    #[inline]
    fn at_most_one(self) -> bool {
        self.without_lowest().is_empty()
    }

    /// The cells of the set, lowest first.
    #[inline]
    fn cells(self) -> Members<Self> {
        Members(self)
    }
}

/// The cells of a set, lowest first.
pub(super) struct Members<C>(C);

impl<C: CellSet> Iterator for Members<C> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let i = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(i)
    }
}

impl CellSet for u128 {
    const CELLS: usize = 128;

    #[inline]
    fn cell(i: usize) -> u128 {
        1 << i
    }

    #[inline]
    fn first(n: usize) -> u128 {
        if n >= 128 { u128::MAX } else { (1 << n) - 1 }
    }

    fn from_words(words: &[u64]) -> u128 {
        words.iter().rev().fold(0, |acc, &word| acc << 64 | u128::from(word))
    }

    #[inline]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }

    #[inline]
    fn without_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }

    #[inline]
    fn len(self) -> u32 {
        self.count_ones()
    }

    #[inline]
    fn has(self, i: usize) -> bool {
        self >> i & 1 == 1
    }
}

/// A set of up to 256 cells: two `u128` halves, cells 0–127 in the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Wide([u128; 2]);

impl CellSet for Wide {
    const CELLS: usize = 256;

    #[inline]
    fn cell(i: usize) -> Wide {
        if i < 128 { Wide([1 << i, 0]) } else { Wide([0, 1 << (i - 128)]) }
    }

    #[inline]
    fn first(n: usize) -> Wide {
        if n <= 128 { Wide([u128::first(n), 0]) } else { Wide([u128::MAX, u128::first(n - 128)]) }
    }

    fn from_words(words: &[u64]) -> Wide {
        let (low, high) = words.split_at(words.len().min(2));
        Wide([u128::from_words(low), u128::from_words(high)])
    }

    #[inline]
    fn lowest(self) -> usize {
        if self.0[0] != 0 { self.0[0].lowest() } else { 128 + self.0[1].lowest() }
    }

    #[inline]
    fn without_lowest(self) -> Wide {
        if self.0[0] != 0 {
            Wide([self.0[0].without_lowest(), self.0[1]])
        } else {
            Wide([0, self.0[1].without_lowest()])
        }
    }

    #[inline]
    fn len(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }

    #[inline]
    fn has(self, i: usize) -> bool {
        if i < 128 { self.0[0].has(i) } else { self.0[1].has(i - 128) }
    }
}

impl BitAnd for Wide {
    type Output = Wide;

    #[inline]
    fn bitand(self, other: Wide) -> Wide {
        Wide([self.0[0] & other.0[0], self.0[1] & other.0[1]])
    }
}

impl BitOr for Wide {
    type Output = Wide;

    #[inline]
    fn bitor(self, other: Wide) -> Wide {
        Wide([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }
}

impl Not for Wide {
    type Output = Wide;

    #[inline]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1]])
    }
}

impl BitAndAssign for Wide {
    #[inline]
    fn bitand_assign(&mut self, other: Wide) {
        *self = *self & other;
    }
}

impl BitOrAssign for Wide {
    #[inline]
    fn bitor_assign(&mut self, other: Wide) {
        *self = *self | other;
    }
}

#[cfg(test)]
mod tests {
    use super::{CellSet, Wide};

    /// The same operations on both kinds of set, on cells below 128.
    #[test]
    fn wide_sets_agree_with_u128_and_reach_cell_255() {
        let cells = [0, 5, 63, 64, 127];
        let narrow = cells.iter().fold(0u128, |set, &i| set | u128::cell(i));
        let wide = cells.iter().fold(Wide::default(), |set, &i| set | Wide::cell(i));
        assert_eq!(narrow.cells().collect::<Vec<_>>(), cells);
        assert_eq!(wide.cells().collect::<Vec<_>>(), cells);
        assert_eq!((narrow.len(), wide.len()), (5, 5));
        let high = wide | Wide::cell(128) | Wide::cell(255);
        assert_eq!(high.cells().collect::<Vec<_>>(), [0, 5, 63, 64, 127, 128, 255]);
        assert!(high.has(255) && !high.has(254) && high.has(128));
        assert_eq!((Wide::first(256) & !high).len(), 249);
        assert_eq!(Wide::first(130).len(), 130);
        assert!(Wide::cell(200).at_most_one() && !(Wide::cell(1) | Wide::cell(200)).at_most_one());
        // The peer matrix's rows: word k holds cells 64k to 64k + 63.
        let words = [1u64, 1 << 63, 0, 1 << 1];
        assert_eq!(Wide::from_words(&words).cells().collect::<Vec<_>>(), [0, 127, 193]);
        assert_eq!(u128::from_words(&words[..2]).cells().collect::<Vec<_>>(), [0, 127]);
    }
}
