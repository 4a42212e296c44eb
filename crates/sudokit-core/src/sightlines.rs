//! Clues outside the grid that read their row or column from their own
//! end: X-sums (the first X digits add up to the clue, X being the first
//! digit) and skyscrapers (the clue counts the digits seen from it, each
//! digit a building that hides the lower ones behind it).
//!
//! A sightline is kept whole by [`Sightline::narrow`]. An X-sum tries
//! every first digit and every set of digits after it adding up to the
//! rest of the clue (listed once, when the rule is built: X-sums are
//! taken on grids up to [`Sightline::MAX_X_SUM_SIDE`]). Skyscrapers walk
//! the line from the clue, tracking the tallest building so far and how
//! many were seen; each cell keeps the digits that lie on some walk
//! ending at the clue's count with the line's highest digit seen (a
//! walk may repeat a digit the row's other cells hold: the houses say
//! the rest).
//!
//! ```
//! use sudokit_core::{ClueSide, Grid, Shape, SightlineKind, Variant};
//!
//! // Row 1 reads 1 2 3 4: from the left its first digit, 1, adds up to
//! // 1 alone; from the right the 4 hides the other three.
//! let rules = Variant::standard(Shape::MINI)
//!     .with_sightline(SightlineKind::XSum, ClueSide::Left, 0, 1)?
//!     .with_sightline(SightlineKind::Skyscraper, ClueSide::Right, 0, 1)?;
//! assert_eq!(rules.to_string(), "x-sum=1:r1c0,skyscraper=1:r1c5");
//! let grid: Grid = "1234341221434321".parse()?;
//! assert!(rules.is_solution_of(&grid, &Grid::empty(Shape::MINI)));
//! // Seen from above, column 1 (1 3 2 4) shows the 1, the 3 and the 4.
//! let other = Variant::standard(Shape::MINI).with_sightline(SightlineKind::Skyscraper, ClueSide::Top, 0, 2)?;
//! let breaks = other.sightline_breaks(&grid)?;
//! assert_eq!(breaks[0].to_string(), "the skyscrapers above column 1 show 3, not 2: 1 3 2 4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::sandwiches::{sets_adding_to, support_split};
use crate::shape::{Shape, UnitKind};

/// Where a clue outside the grid stands: beside a row, at its left or
/// right end, or beside a column, above or below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ClueSide {
    /// Left of a row, read rightwards.
    Left,
    /// Right of a row, read leftwards.
    Right,
    /// Above a column, read downwards.
    Top,
    /// Below a column, read upwards.
    Bottom,
}

impl ClueSide {
    /// Every side, in order.
    pub const ALL: [ClueSide; 4] = [ClueSide::Left, ClueSide::Right, ClueSide::Top, ClueSide::Bottom];

    /// The kind of line it stands beside: a row or a column.
    pub fn unit(self) -> UnitKind {
        match self {
            ClueSide::Left | ClueSide::Right => UnitKind::Row,
            ClueSide::Top | ClueSide::Bottom => UnitKind::Column,
        }
    }

    /// Whether it reads its line backwards: from the right or from below.
    pub fn is_reversed(self) -> bool {
        matches!(self, ClueSide::Right | ClueSide::Bottom)
    }

    /// The place just outside a grid of `side` where a clue on this side
    /// of row or column `index` (0-based) stands, as 1-based (row,
    /// column) that run from 0 to `side + 1`: `(3, 0)` left of row 3,
    /// `(0, 5)` above column 5, `(3, side + 1)` right of row 3.
    ///
    /// ```
    /// use sudokit_core::ClueSide;
    ///
    /// assert_eq!(ClueSide::Bottom.place(4, 9), (10, 5));
    /// assert_eq!(ClueSide::of_place(10, 5, 9), Some((ClueSide::Bottom, 4)));
    /// assert_eq!(ClueSide::of_place(0, 0, 9), None, "a corner");
    /// ```
    pub fn place(self, index: usize, side: usize) -> (usize, usize) {
        match self {
            ClueSide::Left => (index + 1, 0),
            ClueSide::Right => (index + 1, side + 1),
            ClueSide::Top => (0, index + 1),
            ClueSide::Bottom => (side + 1, index + 1),
        }
    }

    /// The side and row or column (0-based) of the place `(row, col)`
    /// just outside a grid of `side`, in the coordinates of
    /// [`place`](ClueSide::place); `None` for a place inside the grid, in
    /// a corner, or further out.
    pub fn of_place(row: usize, col: usize, side: usize) -> Option<(ClueSide, usize)> {
        let inside = |k: usize| (1..=side).contains(&k);
        match (row, col) {
            (r, 0) if inside(r) => Some((ClueSide::Left, r - 1)),
            (r, c) if inside(r) && c == side + 1 => Some((ClueSide::Right, r - 1)),
            (0, c) if inside(c) => Some((ClueSide::Top, c - 1)),
            (r, c) if inside(c) && r == side + 1 => Some((ClueSide::Bottom, c - 1)),
            _ => None,
        }
    }

    /// Where it stands, as a sentence says it: `left of`, `right of`,
    /// `above`, `below`.
    pub fn name(self) -> &'static str {
        match self {
            ClueSide::Left => "left of",
            ClueSide::Right => "right of",
            ClueSide::Top => "above",
            ClueSide::Bottom => "below",
        }
    }
}

/// What a [`Sightline`] clue counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SightlineKind {
    /// The first X digits from the clue add up to it, X being the first.
    XSum,
    /// The clue counts the digits seen from it, a digit hiding every
    /// lower digit behind it.
    Skyscraper,
}

impl SightlineKind {
    /// Every kind, in order.
    pub const ALL: [SightlineKind; 2] = [SightlineKind::XSum, SightlineKind::Skyscraper];

    /// What a full line (`digits` read from the clue) gives: its X-sum
    /// or its count of skyscrapers seen. `None` for a line with an empty
    /// cell (0).
    ///
    /// ```
    /// use sudokit_core::SightlineKind;
    ///
    /// assert_eq!(SightlineKind::XSum.reading(&[2, 4, 1, 3]), Some(6));
    /// assert_eq!(SightlineKind::Skyscraper.reading(&[2, 4, 1, 3]), Some(2));
    /// ```
    pub fn reading(self, digits: &[u8]) -> Option<u32> {
        if digits.contains(&0) {
            return None;
        }
        Some(match self {
            SightlineKind::XSum => {
                let x = usize::from(*digits.first()?);
                digits.iter().take(x).map(|&d| u32::from(d)).sum()
            }
            SightlineKind::Skyscraper => {
                let mut tallest = 0;
                let mut seen = 0;
                for &d in digits {
                    if d > tallest {
                        (tallest, seen) = (d, seen + 1);
                    }
                }
                seen
            }
        })
    }

    /// Its name in the rules' text: `x-sum`, `skyscraper`.
    pub fn name(self) -> &'static str {
        match self {
            SightlineKind::XSum => "x-sum",
            SightlineKind::Skyscraper => "skyscraper",
        }
    }
}

/// A clue outside the grid read from its end of a row or column: an
/// X-sum or a skyscraper count (see the [module](self)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sightline {
    kind: SightlineKind,
    side: ClueSide,
    index: usize,
    value: u32,
    cells: Vec<usize>,
    /// X-sums: for each first digit `x` (at `x − 1`), the sets of the
    /// `x − 1` digits after it (bit `d − 1` for digit `d`) adding up to
    /// the rest of the clue. Empty for skyscrapers.
    fillings: Vec<Vec<u64>>,
}

impl Sightline {
    /// The largest side an X-sum is taken on: its sets of digits are
    /// listed when it is built, and past 16 digits they are too many.
    pub const MAX_X_SUM_SIDE: usize = 16;

    /// The clue `value` of `kind` on `cells` (its whole row or column,
    /// read from the clue), `None` when no line of distinct digits gives
    /// it.
    pub(crate) fn new(
        kind: SightlineKind,
        side: ClueSide,
        index: usize,
        value: u32,
        cells: Vec<usize>,
    ) -> Option<Sightline> {
        let n = cells.len();
        let fillings = match kind {
            SightlineKind::XSum => x_sum_fillings(value, n),
            _ => Vec::new(),
        };
        let possible = match kind {
            SightlineKind::XSum => fillings.iter().any(|sets| !sets.is_empty()),
            _ => (1..=n as u32).contains(&value),
        };
        possible.then_some(Sightline { kind, side, index, value, cells, fillings })
    }

    /// What it counts.
    pub fn kind(&self) -> SightlineKind {
        self.kind
    }

    /// Where it stands.
    pub fn side(&self) -> ClueSide {
        self.side
    }

    /// Which row or column, 0-based.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The clue: the X-sum's total, or the count of skyscrapers seen.
    pub fn value(&self) -> u32 {
        self.value
    }

    /// The cells of its row or column, row-major indices, from the clue's
    /// end.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// Narrows `allowed` (the candidates of its cells, in the order of
    /// [`cells`](Sightline::cells), bit `d − 1` for digit `d`) to what the
    /// clue leaves them (see the [module](self)). `false` when nothing
    /// fits.
    pub fn narrow(&self, allowed: &mut [u64]) -> bool {
        if allowed.len() != self.cells.len() {
            return false;
        }
        match self.kind {
            SightlineKind::XSum => self.narrow_x_sum(allowed),
            _ => narrow_skyscrapers(self.value as usize, allowed),
        }
    }

    /// Whether its cells holding `digits` (in the order of
    /// [`cells`](Sightline::cells), 0 for an empty cell) leave the clue a
    /// way to hold; on a full line, whether it holds.
    pub fn fits(&self, digits: &[u8]) -> bool {
        self.narrow(&mut crate::marks::candidates_of(digits, self.cells.len()))
    }

    /// For every first digit `x` and set after it adding up to the rest:
    /// the first `x` cells hold `x` and the set, the others the rest.
    fn narrow_x_sum(&self, allowed: &mut [u64]) -> bool {
        let n = self.cells.len();
        let every = crate::marks::all_digits(n);
        let mut support = [0u64; Sightline::MAX_X_SUM_SIDE];
        for x in (1..=n).filter(|&x| allowed[0] >> (x - 1) & 1 == 1) {
            let first = 1u64 << (x - 1);
            for &set in &self.fillings[x - 1] {
                let rest = every & !set & !first;
                if support_split(allowed, |i| i == 0, |i| i < x, set, rest, &mut support) {
                    support[0] |= first;
                }
            }
        }
        for (a, s) in allowed.iter_mut().zip(support) {
            *a &= s;
        }
        allowed.iter().all(|&a| a != 0)
    }
}

/// For each first digit `x` of an X-sum of `total` on a line of `side`
/// (at `x − 1`), the sets of `x − 1` digits other than `x` adding up to
/// `total − x`.
fn x_sum_fillings(total: u32, side: usize) -> Vec<Vec<u64>> {
    (1..=side as u32)
        .map(|x| {
            let Some(left) = total.checked_sub(x) else { return Vec::new() };
            let mut by_size = vec![Vec::new(); x as usize];
            sets_adding_to(1, side as u32, left, &mut by_size);
            let mut sets = by_size.pop().unwrap_or_default();
            sets.retain(|&set| set >> (x - 1) & 1 == 0);
            sets
        })
        .collect()
}

/// Keeps in `allowed` (a line read from a skyscraper clue) the digits on
/// some walk that sees `count` buildings and reaches the line's highest
/// digit. A walk's state after each cell is the tallest building so far
/// and, as a bit set, the counts seen with it; a digit equal to the
/// tallest is never on a walk (the line holds distinct digits). Each
/// cell's step reads the states through running unions (the states below
/// a digit, the states above a tallest), so a narrowing costs `side²`.
fn narrow_skyscrapers(count: usize, allowed: &mut [u64]) -> bool {
    let n = allowed.len();
    let width = n + 1;
    // Whether a cell of candidates `set` may hold a digit below `m` (its
    // lowest is below), or `d` (bit `d` of `set << 1`: none for 0).
    let any_below = |set: u64, m: usize| m as u32 > set.trailing_zeros() + 1;
    let holds = |set: u64, d: usize| (set << 1) >> d & 1 == 1;
    // reach[i * width + m]: the counts seen after i cells, m the tallest.
    let mut reach = vec![0u64; width * width];
    reach[0] = 1;
    for (i, &set) in allowed.iter().enumerate() {
        let (done, after) = reach.split_at_mut((i + 1) * width);
        let mut lower = 0; // the counts of every state whose tallest is below m
        for (m, (&seen, next)) in done[i * width..].iter().zip(&mut after[..width]).enumerate() {
            *next = if any_below(set, m) { seen } else { 0 };
            if holds(set, m) {
                *next |= lower << 1;
            }
            lower |= seen;
        }
    }
    if reach[n * width + n] >> count & 1 == 0 {
        return false;
    }
    // ahead[m]: the counts seen so far, with m the tallest, from which the
    // cells after still end at `count` with the highest digit seen.
    let mut buffers = ([0u64; Shape::MAX_SIDE + 1], [0u64; Shape::MAX_SIDE + 1]);
    let (mut ahead, mut before) = (&mut buffers.0[..width], &mut buffers.1[..width]);
    ahead[n] = 1 << count;
    for (row, cell) in reach.chunks_exact(width).zip(allowed.iter_mut()).rev() {
        let set = *cell;
        let mut higher = 0; // the counts a digit above m may step to
        // The tallest state that a lower digit here keeps on a walk: every
        // digit below it is kept.
        let mut hidden_under = 0;
        for (m, ((&seen, &next), back)) in row.iter().zip(ahead.iter()).zip(before.iter_mut()).enumerate().rev() {
            let stays = if any_below(set, m) { next } else { 0 };
            *back = higher >> 1 | stays;
            if hidden_under == 0 && seen & stays != 0 {
                hidden_under = m;
            }
            if holds(set, m) {
                higher |= next;
            }
        }
        let mut lower = 0; // the counts of every state whose tallest is below d
        let mut kept = 0;
        for (d, (&seen, &next)) in row.iter().zip(&ahead[1..]).enumerate().map(|(k, pair)| (k + 1, pair)) {
            lower |= seen;
            if holds(set, d) && (lower & next >> 1 != 0 || d < hidden_under) {
                kept |= 1 << (d - 1);
            }
        }
        *cell &= kept;
        std::mem::swap(&mut ahead, &mut before);
    }
    allowed.iter().all(|&a| a != 0)
}

/// A sightline whose row or column, as filled, leaves its clue no way to
/// hold: `Display` says which, with the line's digits from the clue (`.`
/// for an empty cell): `the x-sum left of row 3 adds up to 12, not 15:
/// 4 1 …`, `the skyscrapers above column 2 show 3, not 4: …`, `the x-sum
/// right of row 1 cannot add up to 7: 3 . …`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SightlineBreak {
    /// What the clue counts.
    pub kind: SightlineKind,
    /// Where it stands.
    pub side: ClueSide,
    /// Which row or column, 0-based.
    pub index: usize,
    /// The clue.
    pub value: u32,
    /// The line's digits from the clue, 0 for an empty cell.
    pub digits: Vec<u8>,
}

impl SightlineBreak {
    /// What a full line gives: its X-sum or its count of skyscrapers.
    fn reading(&self) -> Option<u32> {
        self.kind.reading(&self.digits)
    }
}

impl fmt::Display for SightlineBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits: Vec<String> =
            self.digits.iter().map(|&d| if d == 0 { ".".to_owned() } else { d.to_string() }).collect();
        let (at, unit, number, value) = (self.side.name(), self.side.unit(), self.index + 1, self.value);
        let (clue, holds, cannot) = match self.kind {
            SightlineKind::XSum => ("x-sum", "adds up to", "cannot add up to"),
            _ => ("skyscrapers", "show", "cannot show"),
        };
        let digits = digits.join(" ");
        match self.reading() {
            Some(got) => write!(f, "the {clue} {at} {unit} {number} {holds} {got}, not {value}: {digits}"),
            None => write!(f, "the {clue} {at} {unit} {number} {cannot} {value}: {digits}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ClueSide, Sightline, SightlineKind};

    fn line(kind: SightlineKind, value: u32, side: usize) -> Sightline {
        Sightline::new(kind, ClueSide::Left, 0, value, (0..side).collect()).expect("a clue some line gives")
    }

    #[test]
    fn an_x_sum_lists_the_sets_after_each_first_digit() {
        // 9×9, clue 10: 1 alone is 1; 2+8; 3+(7 as 1+6, 2+5); 4+(6 as
        // 1+2+3); five digits add up to at least 15.
        let ten = line(SightlineKind::XSum, 10, 9);
        let counts: Vec<usize> = ten.fillings.iter().map(Vec::len).collect();
        assert_eq!(counts, [0, 1, 2, 1, 0, 0, 0, 0, 0]);
        assert_eq!(ten.fillings[1], vec![1 << 7]);
        assert_eq!(ten.fillings[3], vec![0b111]);
        assert!(Sightline::new(SightlineKind::XSum, ClueSide::Left, 0, 2, (0..9).collect()).is_none());
        assert!(Sightline::new(SightlineKind::XSum, ClueSide::Left, 0, 45, (0..9).collect()).is_some());
        assert!(Sightline::new(SightlineKind::Skyscraper, ClueSide::Left, 0, 10, (0..9).collect()).is_none());
        assert!(Sightline::new(SightlineKind::Skyscraper, ClueSide::Left, 0, 0, (0..9).collect()).is_none());
    }

    #[test]
    fn an_x_sum_narrows_its_first_cells() {
        // 4×4, clue 3: a first 1 adds up to 1 alone, a first 3 or 4 to
        // 6 at least; a first 2 with a 1 after it adds up to 3.
        let mut allowed = [0b1111; 4];
        assert!(line(SightlineKind::XSum, 3, 4).narrow(&mut allowed));
        assert_eq!(allowed, [0b0010, 0b0001, 0b1100, 0b1100]);
        // Clue 10 on 4×4: the first digit 4 and the whole line.
        let mut allowed = [0b1111; 4];
        assert!(line(SightlineKind::XSum, 10, 4).narrow(&mut allowed));
        assert_eq!(allowed, [0b1000, 0b0111, 0b0111, 0b0111]);
    }

    #[test]
    fn skyscrapers_keep_the_walks_that_see_the_count() {
        // 4×4: one building seen puts the 4 first; four put 1 2 3 4.
        let mut allowed = [0b1111; 4];
        assert!(line(SightlineKind::Skyscraper, 1, 4).narrow(&mut allowed));
        assert_eq!(allowed, [0b1000, 0b0111, 0b0111, 0b0111]);
        let mut allowed = [0b1111; 4];
        assert!(line(SightlineKind::Skyscraper, 4, 4).narrow(&mut allowed));
        assert_eq!(allowed, [0b0001, 0b0010, 0b0100, 0b1000]);
        // Three seen: a first 3 or 4 sees two at most, and a 4 second
        // hides the rest (1 2 4 3, 1 3 2 4, 2 1 3 4, 2 3 1 4, …).
        let mut allowed = [0b1111; 4];
        assert!(line(SightlineKind::Skyscraper, 3, 4).narrow(&mut allowed));
        assert_eq!(allowed[..2], [0b0011, 0b0111]);
    }

    #[test]
    fn a_full_line_fits_its_count_only() {
        let two = line(SightlineKind::Skyscraper, 2, 4);
        assert!(two.fits(&[3, 1, 4, 2]));
        assert!(!two.fits(&[1, 3, 4, 2]));
        assert!(two.fits(&[3, 0, 0, 0]));
        assert!(!two.fits(&[4, 0, 0, 0]));
        let x = line(SightlineKind::XSum, 6, 4);
        assert!(x.fits(&[3, 1, 2, 4]));
        assert!(!x.fits(&[3, 2, 4, 1]));
    }

    /// Every ordering of 1..=n, by Heap's algorithm.
    fn permutations(n: usize) -> Vec<Vec<u8>> {
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        let (mut out, mut c, mut k) = (vec![digits.clone()], vec![0; n], 1);
        while k < n {
            if c[k] < k {
                let j = if k % 2 == 0 { 0 } else { c[k] };
                digits.swap(j, k);
                out.push(digits.clone());
                c[k] += 1;
                k = 1;
            } else {
                c[k] = 0;
                k += 1;
            }
        }
        out
    }

    /// What a full line gives, from the definitions.
    fn reading(kind: SightlineKind, line: &[u8]) -> u32 {
        match kind {
            SightlineKind::XSum => line[..usize::from(line[0])].iter().map(|&d| u32::from(d)).sum(),
            _ => (0..line.len()).filter(|&k| line[..k].iter().all(|&d| d < line[k])).count() as u32,
        }
    }

    proptest::proptest! {
        /// Against every ordering of the digits: a full line fits its own
        /// clue only, and narrowing random candidates keeps every digit
        /// of every ordering the candidates and the clue allow.
        #[test]
        fn narrowing_keeps_every_line_that_gives_the_clue(
            side in 4usize..=6,
            sky in proptest::bool::ANY,
            masks in proptest::collection::vec(1u64..64, 6),
            pick in 0usize..720,
        ) {
            let kind = if sky { SightlineKind::Skyscraper } else { SightlineKind::XSum };
            let lines = permutations(side);
            let value = reading(kind, &lines[pick % lines.len()]);
            let clue = line(kind, value, side);
            let full = (1u64 << side) - 1;
            let mut allowed: Vec<u64> = masks[..side].iter().map(|&m| m & full).collect();
            let before = allowed.clone();
            let kept = clue.narrow(&mut allowed);
            for line in &lines {
                proptest::prop_assert_eq!(clue.fits(line), reading(kind, line) == value, "{:?}", line);
                let inside = line.iter().zip(&before).all(|(&d, &a)| a >> (d - 1) & 1 == 1);
                if inside && reading(kind, line) == value {
                    proptest::prop_assert!(kept, "{:?} fits {:?}", line, before);
                    for (&d, &a) in line.iter().zip(&allowed) {
                        proptest::prop_assert!(a >> (d - 1) & 1 == 1, "{:?} lost {}", line, d);
                    }
                }
            }
        }
    }
}
