//! Relations as data: a [`PairRule`] on the digits of two cells, the
//! whole-grid [`Relation`]s and the clues drawn between two neighbours
//! ([`EdgeClue`], [`ClueFamily`]); the [`Bond`](crate::Bond) that puts a
//! rule between cells is in `bond`.
//!
//! Every engine reads relations the same way: pairs of cells and the rule
//! on their digits ([`Rulebook::bonds`](crate::Rulebook::bonds),
//! [`Rulebook::bound_to`](crate::Rulebook::bound_to)). A rule that asks
//! only for different digits joins the peers; any other is read through
//! [`PairRule::partners`], so a relation added here reaches every engine
//! that declares [`RuleKinds::PAIRS`](crate::RuleKinds::PAIRS) without a
//! line of its own.

use std::fmt;

use crate::cell::{Cell, Digit};
use crate::rule_kinds::RuleKind;
use crate::shape::Shape;

/// A rule on the digits `a` and `b` of two cells, `a` the first cell's:
/// most read the same both ways round, a thermometer's [`Less`](PairRule::Less)
/// does not ([`reversed`](PairRule::reversed) reads it from the other
/// cell).
///
/// ```
/// use sudokit_core::{Digit, PairRule};
///
/// let d = |n| Digit::new(n).ok_or("a digit");
/// assert!(PairRule::Double.allows(d(3)?, d(6)?));
/// assert!(!PairRule::Consecutive.allows(d(3)?, d(5)?));
/// // Beside a 4 under a V (sum 5), only a 1; on a 9×9 grid, beside a 3 on
/// // a white dot, a 2 or a 4.
/// assert_eq!(PairRule::Sum(5).partners(d(4)?, 9), 0b1);
/// assert_eq!(PairRule::Consecutive.partners(d(3)?, 9), 0b1010);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PairRule {
    /// Different digits (anti-king, anti-knight).
    Different,
    /// Digits that are not consecutive (non-consecutive).
    NotConsecutive,
    /// Consecutive digits: a difference of exactly 1 (Kropki's white dot).
    Consecutive,
    /// One digit twice the other (Kropki's black dot).
    Double,
    /// Digits adding up to this sum (XV: X is 10, V is 5).
    Sum(u32),
    /// Digits neither consecutive nor one twice the other (Kropki, where
    /// every dot is given: two neighbours without a dot).
    NeitherConsecutiveNorDouble,
    /// Digits of which neither is twice the other (every black dot given:
    /// two neighbours without one).
    NotDouble,
    /// Digits adding up to neither sum (XV, where every X and V is given:
    /// two neighbours without one).
    SumNeither(u32, u32),
    /// The first digit below the second (a thermometer's step).
    Less,
    /// The first digit at most the second (a slow thermometer's step).
    LessOrEqual,
    /// The first digit above the second ([`Less`](PairRule::Less) read
    /// from the other cell).
    Greater,
    /// The first digit at least the second.
    GreaterOrEqual,
    /// The same digit (a palindrome's facing cells).
    Equal,
    /// Digits at least this far apart (whispers).
    Apart(u32),
    /// Different digits at most this far apart: any two cells of a renban
    /// line of one more cell than that (its cells hold distinct digits
    /// within a span as wide as their count, so a run of consecutive
    /// digits).
    Near(u32),
    /// Digits in different tiers of this many digits each: 1–3, 4–6 and
    /// 7–9 for 3 (cells one or two apart along an entropic line).
    OtherTier(u32),
    /// Digits of different remainders by this number: 1, 4, 7 against 2,
    /// 5, 8 and 3, 6, 9 for 3 (cells fewer than it apart along a modular
    /// line).
    OtherRemainder(u32),
}

impl PairRule {
    /// Whether two cells under this rule may hold `a` and `b`.
    pub fn allows(self, a: Digit, b: Digit) -> bool {
        let (a, b) = (u32::from(a.get()), u32::from(b.get()));
        let consecutive = a.abs_diff(b) == 1;
        let double = a == 2 * b || b == 2 * a;
        match self {
            PairRule::Different => a != b,
            PairRule::NotConsecutive => !consecutive,
            PairRule::Consecutive => consecutive,
            PairRule::Double => double,
            PairRule::Sum(sum) => a + b == sum,
            PairRule::NeitherConsecutiveNorDouble => !consecutive && !double,
            PairRule::NotDouble => !double,
            PairRule::SumNeither(x, y) => a + b != x && a + b != y,
            PairRule::Less => a < b,
            PairRule::LessOrEqual => a <= b,
            PairRule::Greater => a > b,
            PairRule::GreaterOrEqual => a >= b,
            PairRule::Equal => a == b,
            PairRule::Apart(apart) => a.abs_diff(b) >= apart,
            PairRule::Near(span) => a != b && a.abs_diff(b) <= span,
            PairRule::OtherTier(width) => (a - 1) / width.max(1) != (b - 1) / width.max(1),
            PairRule::OtherRemainder(modulus) => a % modulus.max(1) != b % modulus.max(1),
        }
    }

    /// The rule read from the other cell: `reversed().allows(b, a)` is
    /// `allows(a, b)`. Only the orders change.
    ///
    /// ```
    /// use sudokit_core::PairRule;
    ///
    /// assert_eq!(PairRule::Less.reversed(), PairRule::Greater);
    /// assert_eq!(PairRule::Sum(10).reversed(), PairRule::Sum(10));
    /// ```
    #[must_use]
    pub fn reversed(self) -> PairRule {
        match self {
            PairRule::Less => PairRule::Greater,
            PairRule::Greater => PairRule::Less,
            PairRule::LessOrEqual => PairRule::GreaterOrEqual,
            PairRule::GreaterOrEqual => PairRule::LessOrEqual,
            other => other,
        }
    }

    /// The digits (bit `d - 1` for digit `d`, up to `side`) the second
    /// cell may hold when the first holds `digit`.
    pub fn partners(self, digit: Digit, side: usize) -> u64 {
        (1..=side.min(64) as u8)
            .filter_map(Digit::new)
            .filter(|&other| self.allows(digit, other))
            .fold(0, |set, other| set | 1 << other.index())
    }

    /// Whether the rule only asks for different digits: the cells it binds
    /// are peers, as if they shared a house.
    pub fn is_difference(self) -> bool {
        self == PairRule::Different
    }

    /// Whether `map` (digit `d` to `map[d - 1]`, a permutation of the
    /// digits of a grid of side `map.len()`) keeps the rule: two digits
    /// allowed before are allowed after, and no other.
    pub fn is_kept_by(self, map: &[u8]) -> bool {
        let digits: Vec<Digit> = (1..=map.len() as u8).filter_map(Digit::new).collect();
        let to = |d: Digit| Digit::new(map[d.index()]);
        digits.iter().all(|&a| {
            digits.iter().all(|&b| match (to(a), to(b)) {
                (Some(x), Some(y)) => self.allows(a, b) == self.allows(x, y),
                _ => false,
            })
        })
    }
}

/// A rule between two cells, over the whole grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Relation {
    /// Cells a king's move apart hold different digits (the diagonal
    /// neighbours: the orthogonal ones share a row or a column).
    AntiKing,
    /// Cells a knight's move apart hold different digits.
    AntiKnight,
    /// Orthogonal neighbours do not hold consecutive digits.
    NonConsecutive,
}

impl Relation {
    /// Every relation, in order.
    pub const ALL: [Relation; 3] = [Relation::AntiKing, Relation::AntiKnight, Relation::NonConsecutive];

    /// The pairs of cells (row-major indices, `a < b`) the relation binds
    /// on a grid of `shape`.
    pub fn pairs(self, shape: Shape) -> Vec<(usize, usize)> {
        let steps: &[(isize, isize)] = match self {
            Relation::AntiKing => &[(1, -1), (1, 1)],
            Relation::AntiKnight => &[(1, -2), (1, 2), (2, -1), (2, 1)],
            Relation::NonConsecutive => &[(0, 1), (1, 0)],
        };
        let side = shape.side() as isize;
        let mut out = Vec::new();
        for row in 0..side {
            for col in 0..side {
                for &(dr, dc) in steps {
                    let (r, c) = (row + dr, col + dc);
                    if (0..side).contains(&r) && (0..side).contains(&c) {
                        out.push(((row * side + col) as usize, (r * side + c) as usize));
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Whether the relation binds cells `a` and `b`.
    ///
    /// ```
    /// use sudokit_core::{Cell, Relation};
    /// assert!(Relation::AntiKnight.binds(Cell::new(2, 3), Cell::new(4, 4)));
    /// assert!(!Relation::AntiKing.binds(Cell::new(2, 3), Cell::new(2, 4)), "orthogonal neighbours share a line");
    /// ```
    pub fn binds(self, a: Cell, b: Cell) -> bool {
        let (dr, dc) = (a.row().abs_diff(b.row()), a.col().abs_diff(b.col()));
        match self {
            Relation::AntiKing => dr == 1 && dc == 1,
            Relation::AntiKnight => (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
            Relation::NonConsecutive => dr + dc == 1,
        }
    }

    /// How a sentence says two cells are bound: `a king's move apart`, `a
    /// knight's move apart`, `orthogonal neighbours`.
    pub fn apart(self) -> &'static str {
        match self {
            Relation::AntiKing => "a king's move apart",
            Relation::AntiKnight => "a knight's move apart",
            Relation::NonConsecutive => "orthogonal neighbours",
        }
    }

    /// The rule on the digits of the cells it binds.
    pub fn rule(self) -> PairRule {
        match self {
            Relation::AntiKing | Relation::AntiKnight => PairRule::Different,
            Relation::NonConsecutive => PairRule::NotConsecutive,
        }
    }

    /// Whether two cells the relation binds may hold `a` and `b`.
    pub fn allows(self, a: Digit, b: Digit) -> bool {
        self.rule().allows(a, b)
    }

    /// Whether the relation only asks for different digits (a peer
    /// relation, like sharing a house).
    pub fn is_difference(self) -> bool {
        self.rule().is_difference()
    }

    /// Its name in the text form: `anti-king`, `anti-knight`,
    /// `non-consecutive`.
    pub fn name(self) -> &'static str {
        match self {
            Relation::AntiKing => "anti-king",
            Relation::AntiKnight => "anti-knight",
            Relation::NonConsecutive => "non-consecutive",
        }
    }
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A clue drawn on the edge between two orthogonal neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum EdgeClue {
    /// Kropki's white dot: consecutive digits.
    White,
    /// Kropki's black dot: one digit twice the other.
    Black,
    /// XV's X: digits adding up to 10.
    X,
    /// XV's V: digits adding up to 5.
    V,
}

impl EdgeClue {
    /// Every clue, in order.
    pub const ALL: [EdgeClue; 4] = [EdgeClue::White, EdgeClue::Black, EdgeClue::X, EdgeClue::V];

    /// The rule on the two digits it sits between.
    pub fn rule(self) -> PairRule {
        match self {
            EdgeClue::White => PairRule::Consecutive,
            EdgeClue::Black => PairRule::Double,
            EdgeClue::X => PairRule::Sum(10),
            EdgeClue::V => PairRule::Sum(5),
        }
    }

    /// The family of clues it belongs to.
    pub fn family(self) -> ClueFamily {
        match self {
            EdgeClue::White | EdgeClue::Black => ClueFamily::Kropki,
            EdgeClue::X | EdgeClue::V => ClueFamily::Xv,
        }
    }

    /// Its name in the rules' text: `white`, `black`, `x`, `v`.
    pub fn name(self) -> &'static str {
        match self {
            EdgeClue::White => "white",
            EdgeClue::Black => "black",
            EdgeClue::X => "x",
            EdgeClue::V => "v",
        }
    }

    /// As a sentence names it: `a white dot`, `an X`.
    pub fn article(self) -> &'static str {
        match self {
            EdgeClue::White => "a white dot",
            EdgeClue::Black => "a black dot",
            EdgeClue::X => "an X",
            EdgeClue::V => "a V",
        }
    }
}

/// A cell marked as the smallest or the largest of itself and its
/// orthogonal neighbours (those not marked alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Extremum {
    /// Its digit is below each orthogonal neighbour's.
    Minimum,
    /// Its digit is above each orthogonal neighbour's.
    Maximum,
}

impl Extremum {
    /// Both, in order.
    pub const ALL: [Extremum; 2] = [Extremum::Minimum, Extremum::Maximum];

    /// The rule from the marked cell to each neighbour: below, or above.
    pub fn rule(self) -> PairRule {
        match self {
            Extremum::Minimum => PairRule::Less,
            Extremum::Maximum => PairRule::Greater,
        }
    }

    /// Its name in the rules' text: `minimum`, `maximum`.
    pub fn name(self) -> &'static str {
        match self {
            Extremum::Minimum => "minimum",
            Extremum::Maximum => "maximum",
        }
    }
}

/// A family of edge clues, for the rule that every clue of it is given:
/// neighbours without one hold no pair it would mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ClueFamily {
    /// White and black dots.
    Kropki,
    /// X and V.
    Xv,
    /// Black dots alone (white dots, if any, say nothing of the pairs
    /// without one): f-puzzles' negative ratio without non-consecutive.
    BlackDots,
}

impl ClueFamily {
    /// Every family, in order.
    pub const ALL: [ClueFamily; 3] = [ClueFamily::Kropki, ClueFamily::Xv, ClueFamily::BlackDots];

    /// The clues it gives in full: a pair with one of them between its
    /// cells is not bound by [`unclued_rule`](ClueFamily::unclued_rule).
    pub fn clues(self) -> &'static [EdgeClue] {
        match self {
            ClueFamily::Kropki => &[EdgeClue::White, EdgeClue::Black],
            ClueFamily::Xv => &[EdgeClue::X, EdgeClue::V],
            ClueFamily::BlackDots => &[EdgeClue::Black],
        }
    }

    /// The rule between neighbours without a clue of the family, when
    /// every clue of it is given.
    pub fn unclued_rule(self) -> PairRule {
        match self {
            ClueFamily::Kropki => PairRule::NeitherConsecutiveNorDouble,
            ClueFamily::Xv => PairRule::SumNeither(5, 10),
            ClueFamily::BlackDots => PairRule::NotDouble,
        }
    }

    /// The kind of rule it is.
    pub fn kind(self) -> RuleKind {
        match self {
            ClueFamily::Kropki | ClueFamily::BlackDots => RuleKind::Kropki,
            ClueFamily::Xv => RuleKind::Xv,
        }
    }

    /// Its rule in the rules' text: `kropki-negative`, `xv-negative` (the
    /// name puzzle sites give the option).
    pub fn negative_name(self) -> &'static str {
        match self {
            ClueFamily::Kropki => "kropki-negative",
            ClueFamily::Xv => "xv-negative",
            ClueFamily::BlackDots => "black-negative",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: u8) -> Digit {
        Digit::new(n).expect("a digit")
    }

    #[test]
    fn each_rule_allows_what_its_clue_says() {
        let pairs = |rule: PairRule| {
            (1..=9).flat_map(|a| (a + 1..=9).map(move |b| (a, b))).filter(|&(a, b)| rule.allows(d(a), d(b))).count()
        };
        assert_eq!(pairs(PairRule::Consecutive), 8);
        assert_eq!(pairs(PairRule::Double), 4, "1-2, 2-4, 3-6, 4-8");
        assert_eq!(pairs(PairRule::Sum(10)), 4, "1-9 to 4-6 (5-5 is no pair of distinct digits)");
        assert_eq!(pairs(PairRule::Sum(5)), 2);
        assert_eq!(pairs(PairRule::NeitherConsecutiveNorDouble), 36 - 8 - 4 + 1, "1-2 is both");
        assert_eq!(pairs(PairRule::SumNeither(5, 10)), 36 - 4 - 2);
        assert_eq!(pairs(PairRule::NotConsecutive), 28);
        assert!(PairRule::Sum(10).allows(d(5), d(5)) && !PairRule::Different.allows(d(5), d(5)));
        assert_eq!(PairRule::Double.partners(d(5), 9), 0, "no digit is 2.5 or 10");
        assert_eq!(PairRule::Double.partners(d(4), 9), 0b1000_0010);
        assert_eq!(PairRule::NotConsecutive.partners(d(1), 4), 0b1101);
    }

    #[test]
    fn a_rule_reversed_reads_the_pair_from_the_other_cell() {
        let rules = [
            PairRule::Different,
            PairRule::Double,
            PairRule::Sum(10),
            PairRule::Less,
            PairRule::LessOrEqual,
            PairRule::Greater,
            PairRule::GreaterOrEqual,
            PairRule::Equal,
            PairRule::Apart(5),
            PairRule::Near(3),
            PairRule::OtherTier(3),
            PairRule::OtherRemainder(3),
        ];
        for rule in rules {
            for (a, b) in (1..=9).flat_map(|a| (1..=9).map(move |b| (d(a), d(b)))) {
                assert_eq!(rule.reversed().allows(b, a), rule.allows(a, b), "{rule:?} {a} {b}");
            }
        }
        assert!(PairRule::Less.allows(d(2), d(3)) && !PairRule::Less.allows(d(3), d(3)));
        assert!(PairRule::LessOrEqual.allows(d(3), d(3)) && !PairRule::LessOrEqual.allows(d(4), d(3)));
        assert_eq!(PairRule::Apart(5).partners(d(4), 9), 0b1_0000_0000, "only a 9 is five from a 4");
        assert_eq!(PairRule::Less.partners(d(7), 9), 0b1_1000_0000);
        assert_eq!(PairRule::Equal.partners(d(7), 9), 0b100_0000);
        assert_eq!(PairRule::Near(2).partners(d(4), 9), 0b11_0110, "2, 3, 5 and 6 on a renban of three");
        assert_eq!(PairRule::OtherTier(3).partners(d(5), 9), 0b1_1100_0111, "low or high beside a middle digit");
        assert_eq!(PairRule::OtherRemainder(3).partners(d(5), 9), 0b1_0110_1101, "not 2, 5 or 8");
        assert_eq!(PairRule::OtherTier(2).partners(d(3), 6), 0b11_0011, "tiers of two on 6x6");
    }

    #[test]
    fn reversing_the_digits_keeps_some_rules_only() {
        let reversed: Vec<u8> = (1..=9).rev().collect();
        let identity: Vec<u8> = (1..=9).collect();
        for rule in [PairRule::Different, PairRule::NotConsecutive, PairRule::Consecutive, PairRule::Sum(10)] {
            assert!(rule.is_kept_by(&reversed), "{rule:?}");
        }
        for rule in [PairRule::Double, PairRule::Sum(5), PairRule::SumNeither(5, 10)] {
            assert!(!rule.is_kept_by(&reversed) && rule.is_kept_by(&identity), "{rule:?}");
        }
    }
}
