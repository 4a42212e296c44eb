//! Sandwich sums: a clue beside a row or column gives the sum of the
//! digits that lie between its lowest and its highest digit (between the
//! 1 and the 9 on a 9×9 grid), the two "crusts" left out. A clue of 0
//! puts the crusts side by side.
//!
//! A sandwich is kept whole by [`Sandwich::narrow`]: every place of the
//! two crusts and every set of digits between them that adds up to the
//! clue is tried, and each cell keeps the digits some of them leave it.
//! The sets are listed once, when the rule is built, so sandwiches are
//! taken on grids up to [`Sandwich::MAX_SIDE`].
//!
//! ```
//! use sudokit_core::{Grid, Shape, UnitKind, Variant};
//!
//! // Between row 1's 1 and 4, digits adding up to 5: the 2 and the 3.
//! let rules = Variant::standard(Shape::MINI).with_sandwich(UnitKind::Row, 0, 5)?;
//! assert_eq!(rules.to_string(), "sandwich=5:r1");
//! let grid: Grid = "1234341221434321".parse()?;
//! assert!(rules.is_solution_of(&grid, &Grid::empty(Shape::MINI)));
//! // Column 1 reads 1 3 2 4: 5 between its crusts, not 3.
//! let other = Variant::standard(Shape::MINI).with_sandwich(UnitKind::Column, 0, 3)?;
//! let breaks = other.sandwich_breaks(&grid)?;
//! assert_eq!(breaks[0].to_string(), "the sandwich of column 1 adds up to 5, not 3: 1 3 2 4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::shape::UnitKind;

/// A sandwich clue: the digits between the lowest and the highest digit
/// of its row or column add up to its total.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sandwich {
    unit: UnitKind,
    index: usize,
    total: u32,
    cells: Vec<usize>,
    /// For each count of cells between the crusts, the sets of middle
    /// digits (bit `d − 1` for digit `d`) of that many digits adding up
    /// to `total`.
    fillings: Vec<Vec<u64>>,
}

impl Sandwich {
    /// The largest side a sandwich is taken on: its sets of digits are
    /// listed when it is built, and past 16 digits they are too many.
    pub const MAX_SIDE: usize = 16;

    /// The sandwich of `total` on `cells` (a whole row or column, in
    /// order), `None` when no digits between the crusts add up to it.
    pub(crate) fn new(unit: UnitKind, index: usize, total: u32, cells: Vec<usize>) -> Option<Sandwich> {
        let side = cells.len();
        let mut fillings = vec![Vec::new(); side - 1];
        sets_adding_to(2, side as u32 - 1, total, &mut fillings);
        fillings.iter().any(|sets| !sets.is_empty()).then_some(Sandwich { unit, index, total, cells, fillings })
    }

    /// Whether it stands beside a row or a column.
    pub fn unit(&self) -> UnitKind {
        self.unit
    }

    /// Which row or column, 0-based.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The clue: what the digits between the crusts add up to.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The cells of its row or column, row-major indices, from the left
    /// or the top.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// What the digits of a full row or column (`digits`, from either
    /// end) add up to between its first lowest and first highest digit:
    /// the clue that line gives. `None` for a line with an empty cell (0)
    /// or without both digits.
    ///
    /// ```
    /// use sudokit_core::Sandwich;
    ///
    /// assert_eq!(Sandwich::total_of(&[2, 1, 3, 4]), Some(3));
    /// assert_eq!(Sandwich::total_of(&[2, 1, 0, 4]), None);
    /// ```
    pub fn total_of(digits: &[u8]) -> Option<u32> {
        let side = digits.len() as u8;
        let low = digits.iter().position(|&d| d == 1)?;
        let high = digits.iter().position(|&d| d == side)?;
        let between = &digits[low.min(high) + 1..low.max(high)];
        (!digits.contains(&0)).then(|| between.iter().map(|&d| u32::from(d)).sum())
    }

    /// Narrows `allowed` (the candidates of its cells, in the order of
    /// [`cells`](Sandwich::cells), bit `d − 1` for digit `d`) to what the
    /// clue leaves them: for every place of the two crusts and every set
    /// of digits between them adding up to the total, the cells between
    /// keep that set's digits and the others the rest — where each cell
    /// still has one and the cells between (and the others) can hold the
    /// whole set. `false` when nothing fits.
    pub fn narrow(&self, allowed: &mut [u64]) -> bool {
        let side = self.cells.len();
        if allowed.len() != side {
            return false;
        }
        let (low, high) = (1u64, 1u64 << (side - 1));
        let middle = crate::marks::all_digits(side) & !(low | high);
        let mut support = [0u64; Sandwich::MAX_SIDE];
        for p in (0..side).filter(|&p| allowed[p] & low != 0) {
            for q in (0..side).filter(|&q| q != p && allowed[q] & high != 0) {
                let (first, last) = (p.min(q), p.max(q));
                for &inside in &self.fillings[last - first - 1] {
                    let crust = |i: usize| i == p || i == q;
                    let within = |i: usize| first < i && i < last;
                    if support_split(allowed, crust, within, inside, middle & !inside, &mut support) {
                        support[p] |= low;
                        support[q] |= high;
                    }
                }
            }
        }
        for (a, s) in allowed.iter_mut().zip(support) {
            *a &= s;
        }
        allowed.iter().all(|&a| a != 0)
    }

    /// Whether its cells holding `digits` (in the order of
    /// [`cells`](Sandwich::cells), 0 for an empty cell) leave the clue a
    /// way to hold; on a full row, whether it holds.
    pub fn fits(&self, digits: &[u8]) -> bool {
        self.narrow(&mut crate::marks::candidates_of(digits, self.cells.len()))
    }
}

/// Lists in `by_size[k]` every set of `k` distinct digits from `first`
/// to `last` adding up to `total` (bit `d − 1` for digit `d`); sets of
/// `by_size.len()` digits or more are not listed.
pub(crate) fn sets_adding_to(first: u32, last: u32, total: u32, by_size: &mut [Vec<u64>]) {
    fill(first, last, total, 0, 0, by_size);
}

/// Lists in `fillings[k]` every set of `k` distinct digits from `digit`
/// to `last` (with those of `set`, `size` of them) adding up to `left`
/// more.
fn fill(digit: u32, last: u32, left: u32, set: u64, size: usize, fillings: &mut [Vec<u64>]) {
    if left == 0 {
        if let Some(sets) = fillings.get_mut(size) {
            sets.push(set);
        }
        return;
    }
    if size + 1 >= fillings.len() {
        return;
    }
    for d in (digit..=last).take_while(|&d| d <= left) {
        fill(d + 1, last, left - d, set | 1 << (d - 1), size + 1, fillings);
    }
}

/// Splits a line's cells, those `placed` aside, in two: the cells
/// `within` hold the digits `inside`, the others the digits `outside`.
/// When every such cell keeps a digit of its part in `allowed` and each
/// part's cells can hold every digit of it, adds what each cell keeps to
/// `support` and says `true`.
pub(crate) fn support_split(
    allowed: &[u64],
    placed: impl Fn(usize) -> bool,
    within: impl Fn(usize) -> bool,
    inside: u64,
    outside: u64,
    support: &mut [u64],
) -> bool {
    let digits = |i: usize| if within(i) { inside } else { outside };
    let (mut held_inside, mut held_outside) = (0, 0);
    for (i, &a) in allowed.iter().enumerate().filter(|&(i, _)| !placed(i)) {
        let kept = a & digits(i);
        if kept == 0 {
            return false;
        }
        *(if within(i) { &mut held_inside } else { &mut held_outside }) |= kept;
    }
    if held_inside != inside || held_outside != outside {
        return false;
    }
    for (i, &a) in allowed.iter().enumerate().filter(|&(i, _)| !placed(i)) {
        support[i] |= a & digits(i);
    }
    true
}

/// A sandwich whose row or column, as filled, leaves its clue no way to
/// hold: `Display` says which, with the line's digits (`.` for an empty
/// cell): `the sandwich of row 3 adds up to 12, not 15: 4 1 …`, `the
/// sandwich of column 2 cannot add up to 7: 1 9 . …`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SandwichBreak {
    /// A row or a column.
    pub unit: UnitKind,
    /// Which one, 0-based.
    pub index: usize,
    /// Its clue.
    pub total: u32,
    /// The line's digits, 0 for an empty cell.
    pub digits: Vec<u8>,
}

impl SandwichBreak {
    /// What its digits add up to between the first lowest and the first
    /// highest digit, when the line is full and holds both.
    fn sum(&self) -> Option<u32> {
        Sandwich::total_of(&self.digits)
    }
}

impl fmt::Display for SandwichBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> =
            self.digits.iter().map(|&d| if d == 0 { ".".to_owned() } else { d.to_string() }).collect();
        let (unit, number, total) = (self.unit, self.index + 1, self.total);
        match self.sum() {
            Some(sum) => {
                write!(f, "the sandwich of {unit} {number} adds up to {sum}, not {total}: {}", digits.join(" "))
            }
            None => write!(f, "the sandwich of {unit} {number} cannot add up to {total}: {}", digits.join(" ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Sandwich;
    use crate::shape::UnitKind;

    fn row(total: u32, side: usize) -> Sandwich {
        Sandwich::new(UnitKind::Row, 0, total, (0..side).collect()).expect("a total some digits reach")
    }

    #[test]
    fn the_sets_between_the_crusts_are_listed_by_size() {
        let nine = row(10, 9);
        // 10 = 2+8 = 3+7 = 4+6, 2+3+5, and no four distinct digits from 2.
        assert_eq!(nine.fillings[1], Vec::<u64>::new());
        assert_eq!(nine.fillings[2].len(), 3);
        assert_eq!(nine.fillings[3], vec![0b1_0110]);
        assert!(nine.fillings[4..].iter().all(Vec::is_empty));
        assert_eq!(row(0, 9).fillings[0], vec![0]);
        assert!(Sandwich::new(UnitKind::Row, 0, 1, (0..9).collect()).is_none(), "no digit between is 1");
        assert!(Sandwich::new(UnitKind::Row, 0, 36, (0..9).collect()).is_none(), "2 to 8 add up to 35");
    }

    #[test]
    fn a_clue_of_the_whole_middle_puts_the_crusts_at_the_ends() {
        // 4×4, clue 5 = 2 + 3: the 1 and the 4 at the two ends.
        let mut allowed = [0b1111; 4];
        assert!(row(5, 4).narrow(&mut allowed));
        assert_eq!(allowed, [0b1001, 0b0110, 0b0110, 0b1001]);
    }

    #[test]
    fn the_digits_between_keep_what_adds_up() {
        // 6×6, clue 2: the crusts hold a 2 between them, one cell apart;
        // with the 1 at r1c1, the 6 is at r1c3 and r1c2 is 2.
        let mut allowed = [0b00_0001, 0b11_1111, 0b11_1111, 0b11_1111, 0b11_1110, 0b11_1110];
        assert!(row(2, 6).narrow(&mut allowed));
        assert_eq!(allowed, [0b00_0001, 0b00_0010, 0b10_0000, 0b01_1100, 0b01_1100, 0b01_1100]);
    }

    #[test]
    fn no_place_for_the_crusts_is_a_contradiction() {
        // Clue 0 on 4×4, the 1 at one end and the 4 kept two cells off.
        let mut allowed = [0b0001, 0b0110, 0b1110, 0b0110];
        assert!(!row(0, 4).narrow(&mut allowed));
        assert!(row(3, 4).fits(&[0, 1, 3, 4]));
        assert!(!row(3, 4).fits(&[1, 2, 3, 4]));
    }
}
