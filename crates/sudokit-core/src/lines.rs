//! Lines drawn through cells — thermometers, whispers, palindromes,
//! renban, entropic and modular lines — each a [`PairRule`] between the
//! cells it puts side by side: neighbours along a thermometer or whispers,
//! the cells facing each other on a palindrome, any two cells of a renban,
//! cells one or two apart along an entropic line (fewer than its number
//! apart along a modular one). So every engine that reads pairs of cells
//! ([`Rulebook::bound_to`](crate::Rulebook::bound_to)) reads lines too,
//! and a thermometer's direction is the rule's: its pairs go from the
//! bulb's side to the tip's.

use std::fmt;

use crate::cell::Cell;

use crate::pairs::PairRule;
use crate::rule_kinds::RuleKind;

/// What a [`Line`] asks of its cells.
///
/// ```
/// use sudokit_core::{LineKind, PairRule};
///
/// assert_eq!(LineKind::german_whispers(9), LineKind::Whispers(5));
/// assert_eq!(LineKind::dutch_whispers(9), LineKind::Whispers(4));
/// assert_eq!(LineKind::Thermometer.rule(), PairRule::Less);
/// assert_eq!(LineKind::german_whispers(9).name(9), "german-whispers");
/// assert_eq!(LineKind::Whispers(3).name(9), "whispers=3");
/// // A renban's rule reads its length: any two of 4 cells at most 3 apart.
/// assert_eq!(LineKind::Renban(4).rule(), PairRule::Near(3));
/// assert_eq!(LineKind::entropic(9).rule(), PairRule::OtherTier(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum LineKind {
    /// Digits rise strictly from the bulb, the line's first cell.
    Thermometer,
    /// Digits never fall from the bulb: each cell holds at least the one
    /// before it (equal digits only where the two cells are not peers).
    SlowThermometer,
    /// Neighbours along the line differ by at least this much: German
    /// whispers differ by 5 on a 9×9 grid, half the side rounded up on
    /// others ([`german_whispers`](LineKind::german_whispers)); Dutch
    /// whispers by one less, 4 on 9×9
    /// ([`dutch_whispers`](LineKind::dutch_whispers)).
    Whispers(u32),
    /// The line reads the same from either end: its first and last cells
    /// hold the same digit, and so on inwards.
    Palindrome,
    /// A renban of this many cells: they hold distinct consecutive digits
    /// in any order. The count is the line's
    /// ([`Variant::with_line`](crate::Variant::with_line) refuses another),
    /// which makes the rule between any two of its cells: distinct, and
    /// at most one less apart.
    Renban(u32),
    /// An entropic line over tiers of this many digits (1–3, 4–6, 7–9 on
    /// 9×9, [`entropic`](LineKind::entropic)): any three cells in a row
    /// along it hold one digit of each tier, so cells one or two apart
    /// hold digits of different tiers (a line of two cells too).
    Entropic(u32),
    /// A modular line for this number `m` (3,
    /// [`modular`](LineKind::modular)): any `m` cells in a row along it
    /// hold digits of `m` different remainders by `m` (one of 1, 4, 7, one
    /// of 2, 5, 8 and one of 3, 6, 9 for 3), so cells fewer than `m` apart
    /// differ in remainder (on a line shorter than `m` too).
    Modular(u32),
    /// A between line: the digits of the cells between its two ends (the
    /// circles) lie strictly between the ends' digits. Its pairs say only
    /// that each inner cell differs from each end; the rest is
    /// [`Line::narrow`], so it is a kind of its own
    /// ([`RuleKind::BetweenLines`]), outside
    /// [`RuleKinds::PAIRS`](crate::RuleKinds::PAIRS).
    Between,
    /// A region-sum line: its cells in each region it passes through (a
    /// box, or a jigsaw's region) add up to the same sum, one sum for
    /// every such part. It has no pairs: [`Line::narrow`] keeps it
    /// ([`RuleKind::RegionSumLines`], outside
    /// [`RuleKinds::PAIRS`](crate::RuleKinds::PAIRS)).
    RegionSum,
}

impl LineKind {
    /// German whispers on a grid of `side`: neighbours at least half the
    /// side apart, rounded up (5 on 9×9).
    pub fn german_whispers(side: usize) -> LineKind {
        LineKind::Whispers(side.div_ceil(2) as u32)
    }

    /// Dutch whispers on a grid of `side`: one less apart than German
    /// whispers (4 on 9×9).
    pub fn dutch_whispers(side: usize) -> LineKind {
        LineKind::Whispers((side.div_ceil(2) as u32).saturating_sub(1).max(1))
    }

    /// An entropic line on a grid of `side`: tiers of a third of the
    /// digits, rounded up (3 on 9×9, 2 on 6×6).
    pub fn entropic(side: usize) -> LineKind {
        LineKind::Entropic(side.div_ceil(3) as u32)
    }

    /// A modular line: remainders by 3, on every side.
    pub fn modular(_side: usize) -> LineKind {
        LineKind::Modular(3)
    }

    /// The rule between the two cells of each of its pairs.
    pub fn rule(self) -> PairRule {
        match self {
            LineKind::Thermometer => PairRule::Less,
            LineKind::SlowThermometer => PairRule::LessOrEqual,
            LineKind::Whispers(apart) => PairRule::Apart(apart),
            LineKind::Palindrome => PairRule::Equal,
            LineKind::Renban(cells) => PairRule::Near(cells.saturating_sub(1)),
            LineKind::Entropic(width) => PairRule::OtherTier(width),
            LineKind::Modular(modulus) => PairRule::OtherRemainder(modulus),
            LineKind::Between | LineKind::RegionSum => PairRule::Different,
        }
    }

    /// The kind of rule it is.
    pub fn kind(self) -> RuleKind {
        match self {
            LineKind::Thermometer | LineKind::SlowThermometer => RuleKind::Thermometers,
            LineKind::Whispers(_) => RuleKind::Whispers,
            LineKind::Palindrome => RuleKind::Palindromes,
            LineKind::Renban(_) => RuleKind::Renban,
            LineKind::Entropic(_) => RuleKind::EntropicLines,
            LineKind::Modular(_) => RuleKind::ModularLines,
            LineKind::Between => RuleKind::BetweenLines,
            LineKind::RegionSum => RuleKind::RegionSumLines,
        }
    }

    /// Its name in the rules' text on a grid of `side`: `thermo`,
    /// `slow-thermo`, `german-whispers`, `dutch-whispers`, `whispers=3`
    /// for other differences, `palindrome`, `renban`, `entropic` and
    /// `modular` (`entropic=2`, `modular=4` for other tiers and numbers).
    pub fn name(self, side: usize) -> String {
        match self {
            LineKind::Thermometer => "thermo".into(),
            LineKind::SlowThermometer => "slow-thermo".into(),
            kind if kind == LineKind::german_whispers(side) => "german-whispers".into(),
            kind if kind == LineKind::dutch_whispers(side) => "dutch-whispers".into(),
            LineKind::Whispers(apart) => format!("whispers={apart}"),
            LineKind::Palindrome => "palindrome".into(),
            LineKind::Renban(_) => "renban".into(),
            kind if kind == LineKind::entropic(side) => "entropic".into(),
            kind if kind == LineKind::modular(side) => "modular".into(),
            LineKind::Entropic(width) => format!("entropic={width}"),
            LineKind::Modular(modulus) => format!("modular={modulus}"),
            LineKind::Between => "between".into(),
            LineKind::RegionSum => "region-sum".into(),
        }
    }

    /// As a sentence names it: `a thermometer`, `whispers`.
    pub fn article(self) -> &'static str {
        match self {
            LineKind::Thermometer => "a thermometer",
            LineKind::SlowThermometer => "a slow thermometer",
            LineKind::Whispers(_) => "whispers",
            LineKind::Palindrome => "a palindrome",
            LineKind::Renban(_) => "a renban",
            LineKind::Entropic(_) => "an entropic line",
            LineKind::Modular(_) => "a modular line",
            LineKind::Between => "a between line",
            LineKind::RegionSum => "a region-sum line",
        }
    }

    /// Whether its pairs have a direction (a thermometer's, from the bulb).
    pub fn is_directed(self) -> bool {
        matches!(self, LineKind::Thermometer | LineKind::SlowThermometer)
    }

    /// Whether its pairs do not say all of it, so that [`Line::narrow`]
    /// keeps the rest: between lines and region-sum lines.
    pub fn is_narrowed(self) -> bool {
        matches!(self, LineKind::Between | LineKind::RegionSum)
    }
}

impl fmt::Display for LineKind {
    /// How a sentence names it: `thermometer`, `whispers (5 apart)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineKind::Thermometer => f.write_str("thermometer"),
            LineKind::SlowThermometer => f.write_str("slow thermometer"),
            LineKind::Whispers(apart) => write!(f, "whispers ({apart} apart)"),
            LineKind::Palindrome => f.write_str("palindrome"),
            LineKind::Renban(_) => f.write_str("renban"),
            LineKind::Entropic(width) => write!(f, "entropic line (tiers of {width})"),
            LineKind::Modular(modulus) => write!(f, "modular line (remainders by {modulus})"),
            LineKind::Between => f.write_str("between line"),
            LineKind::RegionSum => f.write_str("region-sum line"),
        }
    }
}

/// A line through cells (row-major indices, in the line's order: a
/// thermometer's bulb first), each cell a king's move from the one before.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    kind: LineKind,
    cells: Vec<usize>,
    /// Where each part of the line in one region starts (places along
    /// it): a region-sum line's parts; `[0]` for other lines.
    parts: Vec<usize>,
}

impl Line {
    pub(crate) fn new(kind: LineKind, cells: Vec<usize>) -> Line {
        Line { kind, cells, parts: vec![0] }
    }

    /// A region-sum line cut into its parts by `region_of` (each cell's
    /// region); any other line as it is.
    pub(crate) fn in_regions(mut self, region_of: impl Fn(usize) -> usize) -> Line {
        if self.kind == LineKind::RegionSum {
            let cells = &self.cells;
            self.parts =
                (0..cells.len()).filter(|&k| k == 0 || region_of(cells[k]) != region_of(cells[k - 1])).collect();
        }
        self
    }

    /// The places along it where each of its parts in one region starts:
    /// for a region-sum line, whose parts add up alike; `[0]` for others.
    pub fn parts(&self) -> &[usize] {
        &self.parts
    }

    /// What it asks of its cells.
    pub fn kind(&self) -> LineKind {
        self.kind
    }

    /// Its cells, in order along it.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// The sets of digits it may hold (bit `d − 1` for digit `d`) on a
    /// grid of `side`, when its rule lists them: a renban's runs of
    /// consecutive digits, one digit a cell. `None` for other lines.
    ///
    /// ```
    /// use sudokit_core::{Cell, LineKind, Shape, Variant};
    ///
    /// let run = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)];
    /// let rules = Variant::standard(Shape::MINI).with_line(LineKind::Renban(3), &run)?;
    /// assert_eq!(rules.lines()[0].digit_sets(4), Some(vec![0b0111, 0b1110]));
    /// # Ok::<(), sudokit_core::VariantError>(())
    /// ```
    pub fn digit_sets(&self, side: usize) -> Option<Vec<u64>> {
        let LineKind::Renban(_) = self.kind else { return None };
        let size = self.cells.len();
        let run = if size >= 64 { u64::MAX } else { (1u64 << size) - 1 };
        Some((0..=side.saturating_sub(size)).map(|low| run << low).collect())
    }

    /// Narrows `allowed` (the candidates of its cells, in order along it,
    /// bit `d − 1` for digit `d`) to what a between line leaves them: each
    /// inner cell keeps the digits strictly between some digit of one end
    /// and some of the other that leave every inner cell a digit between
    /// them, and each end the digits of such pairs; or a region-sum line:
    /// each cell keeps the digits some filling of its part gives it that
    /// adds up to a sum every other part can reach too. `false` when a
    /// cell is left nothing; other lines leave `allowed` as it is (their
    /// pairs say all).
    ///
    /// ```
    /// use sudokit_core::{Cell, LineKind, Shape, Variant};
    ///
    /// let cells = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)];
    /// let rules = Variant::standard(Shape::MINI).with_line(LineKind::Between, &cells)?;
    /// // The ends 1 or 4 and 3: only 2 lies between 1 and 3 (4 and 3 have
    /// // nothing between them).
    /// let mut allowed = [0b1001, 0b1111, 0b0100];
    /// assert!(rules.lines()[0].narrow(&mut allowed));
    /// assert_eq!(allowed, [0b0001, 0b0010, 0b0100]);
    /// # Ok::<(), sudokit_core::VariantError>(())
    /// ```
    pub fn narrow(&self, allowed: &mut [u64]) -> bool {
        if self.kind == LineKind::RegionSum {
            return crate::region_sums::narrow(&self.parts, allowed);
        }
        if self.kind != LineKind::Between || allowed.len() < 3 {
            return true;
        }
        let last = allowed.len() - 1;
        let (mut firsts, mut ends, mut inner) = (0u64, 0u64, 0u64);
        let digits = |set: u64| (0..64u32).filter(move |&b| set >> b & 1 == 1).map(|b| b + 1);
        for a in digits(allowed[0]) {
            for b in digits(allowed[last]) {
                let (low, high) = (a.min(b), a.max(b));
                // Digits low + 1 to high − 1: bits low to high − 2.
                let between = if high < low + 2 { 0 } else { ((1u64 << (high - 1)) - 1) & !((1u64 << low) - 1) };
                if allowed[1..last].iter().all(|&cell| cell & between != 0) {
                    firsts |= 1 << (a - 1);
                    ends |= 1 << (b - 1);
                    inner |= between;
                }
            }
        }
        allowed[0] &= firsts;
        allowed[last] &= ends;
        allowed[1..last].iter_mut().for_each(|cell| *cell &= inner);
        allowed.iter().all(|&cell| cell != 0)
    }

    /// The pairs of cells its rule binds: for a thermometer each cell and
    /// the next, in that order (the rule reads the first digit first); for
    /// whispers each cell and the next, for a palindrome the cells facing
    /// each other, for a renban any two cells, for an entropic line the
    /// cells one or two apart, for a modular line by `m` those fewer than
    /// `m` apart, for a between line each end and each inner cell, all as
    /// (lower index, higher index); none for a region-sum line.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let cells = &self.cells;
        let ordered = |(a, b): (usize, usize)| if self.kind.is_directed() { (a, b) } else { (a.min(b), a.max(b)) };
        let within = |reach: usize| {
            (0..cells.len()).flat_map(move |k| (k + 1..cells.len().min(k + 1 + reach)).map(move |l| (k, l)))
        };
        match self.kind {
            LineKind::Palindrome => {
                (0..cells.len() / 2).map(|k| ordered((cells[k], cells[cells.len() - 1 - k]))).collect()
            }
            LineKind::Renban(_) => within(cells.len()).map(|(k, l)| ordered((cells[k], cells[l]))).collect(),
            LineKind::Entropic(_) => within(2).map(|(k, l)| ordered((cells[k], cells[l]))).collect(),
            LineKind::Modular(modulus) => {
                within(modulus.saturating_sub(1) as usize).map(|(k, l)| ordered((cells[k], cells[l]))).collect()
            }
            LineKind::RegionSum => Vec::new(),
            LineKind::Between => {
                let ends = [cells[0], cells[cells.len() - 1]];
                let inner = &cells[1..cells.len() - 1];
                ends.iter().flat_map(|&end| inner.iter().map(move |&i| ordered((end, i)))).collect()
            }
            _ => cells.windows(2).map(|w| ordered((w[0], w[1]))).collect(),
        }
    }
}

/// A line whose filled cells its own narrowing finds broken (a between
/// line's inner digit not between its ends', a region-sum line's parts
/// adding up differently): `Display` says which, with its digits (`.`
/// for an empty cell): `the between line r1c1 r1c2 r1c3 cannot hold: 1 3
/// 2`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct LineBreak {
    /// What it is.
    pub kind: LineKind,
    /// Its cells, in order along it.
    pub cells: Vec<Cell>,
    /// Their digits, 0 for an empty cell.
    pub digits: Vec<u8>,
}

impl fmt::Display for LineBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.cells.iter().map(ToString::to_string).collect();
        let digits: Vec<String> =
            self.digits.iter().map(|&d| if d == 0 { ".".to_owned() } else { d.to_string() }).collect();
        write!(f, "the {} {} cannot hold: {}", self.kind, cells.join(" "), digits.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Grid, Shape, Variant};

    #[test]
    fn lines_their_pairs_do_not_say_are_checked_whole() -> Result<(), Box<dyn std::error::Error>> {
        let grid: Grid = "1234341221434321".parse()?;
        let empty = Grid::empty(Shape::MINI);
        // r2c1 (3) is no digit between r1c2 (2) and r1c1 (1), though it
        // differs from both.
        let between = Variant::parse("between=r1c2+r2c1+r1c1", Shape::MINI)?;
        assert!(!between.is_solution_of(&grid, &empty));
        assert_eq!(between.line_breaks(&grid)?[0].to_string(), "the between line r1c2 r2c1 r1c1 cannot hold: 2 3 1");
        // r1c1 + r2c2 = 5 in box 1 against r3c3 = 4 in box 4.
        let broken = Variant::parse("region-sum=r1c1+r2c2+r3c3", Shape::MINI)?;
        assert!(!broken.is_solution_of(&grid, &empty));
        assert_eq!(broken.line_breaks(&grid)?[0].to_string(), "the region-sum line r1c1 r2c2 r3c3 cannot hold: 1 4 4");
        let held = Variant::parse("region-sum=r2c2+r3c3", Shape::MINI)?;
        assert!(held.is_solution_of(&grid, &empty));
        assert_eq!(held.lines()[0].parts(), [0, 1]);
        // Regions given after the line cut it again: region 3 holds both.
        let jigsaw = held.with_regions(&[1, 1, 2, 2, 1, 3, 2, 2, 1, 4, 3, 3, 4, 4, 4, 3])?;
        assert_eq!(jigsaw.lines()[0].parts(), [0]);
        Ok(())
    }
}
