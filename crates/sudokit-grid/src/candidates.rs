//! [`Candidates`]: a set of digits in one machine word.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};

use sudokit_core::Digit;

/// A set of digits, one bit per digit (bit 0 is digit 1), for any side up to
/// [`Shape::MAX_SIDE`](sudokit_core::Shape::MAX_SIDE).
///
/// All operations are a few integer instructions; iteration walks the set
/// bits in ascending order.
///
/// ```
/// use sudokit_grid::Candidates;
/// use sudokit_core::Digit;
/// let d = |v| Digit::new(v).ok_or("zero");
/// let mut set = Candidates::full(9);
/// set.remove(d(4)?);
/// set.remove(d(9)?);
/// assert_eq!(set.len(), 7);
/// assert!(!set.contains(d(4)?));
/// let odd: Candidates = [1, 3, 5, 7, 9].into_iter().filter_map(Digit::new).collect();
/// assert_eq!((set & odd).iter().map(|d| d.get()).collect::<Vec<_>>(), [1, 3, 5, 7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Candidates(u64);

/// With the `serde` feature, a set travels as its digits in ascending
/// order, `[1, 2, 4]`; a digit of 0 or above 64 is refused on the way in.
#[cfg(feature = "serde")]
impl serde::Serialize for Candidates {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(Digit::get))
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Candidates {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Candidates, D::Error> {
        use serde::de::Error as _;
        let digits = Vec::<u8>::deserialize(deserializer)?;
        let mut set = Candidates::EMPTY;
        for value in digits {
            match Digit::new(value).filter(|d| d.index() < 64) {
                Some(digit) => set.insert(digit),
                None => return Err(D::Error::custom(format_args!("{value} is not a candidate digit (1 to 64)"))),
            }
        }
        Ok(set)
    }
}

impl Candidates {
    /// The empty set.
    pub const EMPTY: Candidates = Candidates(0);

    /// Every digit from 1 to `side`.
    ///
    /// # Panics
    /// When `side` exceeds 64.
    #[inline]
    pub const fn full(side: usize) -> Candidates {
        assert!(side <= 64, "side too large for a 64-bit set");
        Candidates(sudokit_core::marks::all_digits(side))
    }

    /// The set holding only `digit` (empty for a digit above 64).
    #[inline]
    pub const fn single(digit: Digit) -> Candidates {
        Candidates(Self::bit(digit))
    }

    /// The digits next to `digit`: one below and one above, as
    /// non-consecutive forbids beside it (the one above may lie beyond a
    /// grid's side: intersect with [`full`](Candidates::full)).
    ///
    /// ```
    /// use sudokit_grid::Candidates;
    /// use sudokit_core::Digit;
    /// assert_eq!(Candidates::next_to(Digit::new(5).ok_or("digit")?).to_string(), "{46}");
    /// assert_eq!(Candidates::next_to(Digit::new(1).ok_or("digit")?).to_string(), "{2}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn next_to(digit: Digit) -> Candidates {
        // Bits index - 1 and index + 1: the digits below and above.
        let above = Self::bit(digit) << 1;
        Candidates((Self::bit(digit) >> 1) | above)
    }

    /// The set whose bit `i` stands for digit `i + 1`.
    #[inline]
    pub const fn from_bits(bits: u64) -> Candidates {
        Candidates(bits)
    }

    /// The raw bits (bit `i` for digit `i + 1`).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The bit of `digit`, or 0 for a digit above 64, which no set holds.
    #[inline]
    const fn bit(digit: Digit) -> u64 {
        if digit.index() < 64 { 1 << digit.index() } else { 0 }
    }

    /// Whether `digit` is in the set.
    #[inline]
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & Self::bit(digit) != 0
    }

    /// Adds `digit`. A set holds digits 1 to 64: a larger digit (no grid
    /// has one) leaves it unchanged.
    #[inline]
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= Self::bit(digit);
    }

    /// Removes `digit`; returns whether it was there.
    #[inline]
    pub fn remove(&mut self, digit: Digit) -> bool {
        let had = self.contains(digit);
        self.0 &= !Self::bit(digit);
        had
    }

    /// Number of digits in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit, if any.
    #[inline]
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 { None } else { Digit::new(self.0.trailing_zeros() as u8 + 1) }
    }

    /// The only digit, when the set holds exactly one.
    #[inline]
    pub const fn single_digit(self) -> Option<Digit> {
        if self.0.is_power_of_two() { self.first() } else { None }
    }

    /// The digits in ascending order.
    #[inline]
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Iterator over the digits of a [`Candidates`] set, ascending.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Digit;

    #[inline]
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Digit::new(index as u8 + 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for Candidates {
    type Item = Digit;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Candidates {
        let mut set = Candidates::EMPTY;
        for d in iter {
            set.insert(d);
        }
        set
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Candidates {
            type Output = Candidates;
            #[inline]
            fn $method(self, rhs: Candidates) -> Candidates {
                Candidates(self.0 $op rhs.0)
            }
        }
        impl $assign for Candidates {
            #[inline]
            fn $assign_method(&mut self, rhs: Candidates) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Candidates {
    type Output = Candidates;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Candidates) -> Candidates {
        Candidates(self.0 & !rhs.0)
    }
}

impl SubAssign for Candidates {
    #[inline]
    fn sub_assign(&mut self, rhs: Candidates) {
        self.0 &= !rhs.0;
    }
}

impl Not for Candidates {
    type Output = Candidates;
    /// Complement over all 64 bits: intersect with [`Candidates::full`] to
    /// stay within a grid's digits.
    #[inline]
    fn not(self) -> Candidates {
        Candidates(!self.0)
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Digit::get)).finish()
    }
}

impl fmt::Display for Candidates {
    /// The digits in decimal, without separators when all are below 10
    /// (`{1379}`), comma-separated otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let compact = self.0 < 1 << 9;
        f.write_str("{")?;
        for (i, d) in self.iter().enumerate() {
            if i > 0 && !compact {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_above_64_are_in_no_set() {
        let big = Digit::new(100).unwrap();
        let mut set = Candidates::full(9);
        assert!(!set.contains(big));
        set.insert(big);
        assert_eq!(set, Candidates::full(9));
        assert!(!set.remove(big));
        assert_eq!(Candidates::single(big), Candidates::EMPTY);
    }

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    #[test]
    fn basic_operations() {
        let mut s = Candidates::EMPTY;
        assert!(s.is_empty());
        s.insert(d(3));
        s.insert(d(25));
        assert_eq!(s.len(), 2);
        assert_eq!(s.first(), Some(d(3)));
        assert_eq!(s.single_digit(), None);
        assert!(s.remove(d(3)));
        assert!(!s.remove(d(3)));
        assert_eq!(s.single_digit(), Some(d(25)));
        assert_eq!(Candidates::full(9).bits(), 0x1ff);
        assert_eq!(Candidates::full(64).len(), 64);
        assert_eq!((Candidates::full(9) - Candidates::single(d(1))).first(), Some(d(2)));
        assert_eq!(format!("{}", Candidates::full(4)), "{1234}");
        assert_eq!(format!("{}", Candidates::single(d(12)) | Candidates::single(d(2))), "{2,12}");
        assert_eq!(format!("{:?}", Candidates::full(3)), "{1, 2, 3}");
    }

    #[test]
    fn iteration_is_ascending_and_exact() {
        let s: Candidates = [9, 1, 5, 35].into_iter().map(d).collect();
        let it = s.iter();
        assert_eq!(it.len(), 4);
        assert_eq!(it.map(Digit::get).collect::<Vec<_>>(), [1, 5, 9, 35]);
    }
}
