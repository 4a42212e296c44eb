//! Lines drawn through cells — thermometers, whispers, palindromes — each
//! a [`PairRule`] between the cells it puts side by side: neighbours along
//! a thermometer or whispers, the cells facing each other on a
//! palindrome. So every engine that reads pairs of cells
//! ([`Rulebook::bound_to`](crate::Rulebook::bound_to)) reads lines too,
//! and a thermometer's direction is the rule's: its pairs go from the
//! bulb's side to the tip's.

use std::fmt;

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

    /// The rule between the two cells of each of its pairs.
    pub fn rule(self) -> PairRule {
        match self {
            LineKind::Thermometer => PairRule::Less,
            LineKind::SlowThermometer => PairRule::LessOrEqual,
            LineKind::Whispers(apart) => PairRule::Apart(apart),
            LineKind::Palindrome => PairRule::Equal,
        }
    }

    /// The kind of rule it is.
    pub fn kind(self) -> RuleKind {
        match self {
            LineKind::Thermometer | LineKind::SlowThermometer => RuleKind::Thermometers,
            LineKind::Whispers(_) => RuleKind::Whispers,
            LineKind::Palindrome => RuleKind::Palindromes,
        }
    }

    /// Its name in the rules' text on a grid of `side`: `thermo`,
    /// `slow-thermo`, `german-whispers`, `dutch-whispers`, `whispers=3`
    /// for other differences, `palindrome`.
    pub fn name(self, side: usize) -> String {
        match self {
            LineKind::Thermometer => "thermo".into(),
            LineKind::SlowThermometer => "slow-thermo".into(),
            kind if kind == LineKind::german_whispers(side) => "german-whispers".into(),
            kind if kind == LineKind::dutch_whispers(side) => "dutch-whispers".into(),
            LineKind::Whispers(apart) => format!("whispers={apart}"),
            LineKind::Palindrome => "palindrome".into(),
        }
    }

    /// As a sentence names it: `a thermometer`, `whispers`.
    pub fn article(self) -> &'static str {
        match self {
            LineKind::Thermometer => "a thermometer",
            LineKind::SlowThermometer => "a slow thermometer",
            LineKind::Whispers(_) => "whispers",
            LineKind::Palindrome => "a palindrome",
        }
    }

    /// Whether its pairs have a direction (a thermometer's, from the bulb).
    pub fn is_directed(self) -> bool {
        matches!(self, LineKind::Thermometer | LineKind::SlowThermometer)
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
        }
    }
}

/// A line through cells (row-major indices, in the line's order: a
/// thermometer's bulb first), each cell a king's move from the one before.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    kind: LineKind,
    cells: Vec<usize>,
}

impl Line {
    pub(crate) fn new(kind: LineKind, cells: Vec<usize>) -> Line {
        Line { kind, cells }
    }

    /// What it asks of its cells.
    pub fn kind(&self) -> LineKind {
        self.kind
    }

    /// Its cells, in order along it.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// The pairs of cells its rule binds: for a thermometer each cell and
    /// the next, in that order (the rule reads the first digit first); for
    /// whispers each cell and the next, for a palindrome the cells facing
    /// each other, both as (lower index, higher index).
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let cells = &self.cells;
        let ordered = |(a, b): (usize, usize)| if self.kind.is_directed() { (a, b) } else { (a.min(b), a.max(b)) };
        match self.kind {
            LineKind::Palindrome => {
                (0..cells.len() / 2).map(|k| ordered((cells[k], cells[cells.len() - 1 - k]))).collect()
            }
            _ => cells.windows(2).map(|w| ordered((w[0], w[1]))).collect(),
        }
    }
}
