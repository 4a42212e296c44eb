//! [`RuleKind`] and [`RuleKinds`]: what kinds of rule a puzzle holds
//! beyond its rows, columns and boxes, and what kinds a solver knows.

use std::fmt;
use std::ops::{BitOr, BitOrAssign};

/// One kind of rule beyond the standard rows, columns and boxes.
///
/// A [`Rulebook`](crate::Rulebook) says which kinds it holds
/// ([`Rulebook::kinds`](crate::Rulebook::kinds)); a
/// [`Solver`](crate::Solver) says which it knows
/// ([`Solver::rule_kinds`](crate::Solver::rule_kinds)), and a puzzle with a
/// kind outside that set is refused with
/// [`SolveError::UnsupportedVariant`](crate::SolveError::UnsupportedVariant)
/// naming the kind. A kind added later is unknown to every solver until it
/// says otherwise: never ignored, always refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum RuleKind {
    /// Irregular regions in place of the boxes (jigsaw).
    Regions,
    /// Both diagonals as houses (Sudoku X).
    Diagonals,
    /// The windows of windoku as houses.
    Windows,
    /// The disjoint groups as houses.
    DisjointGroups,
    /// Houses of one's own.
    ExtraHouses,
    /// Cells a king's move apart differ.
    AntiKing,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive,
    /// Kropki dots: white between consecutive digits, black between a
    /// digit and its double (and, where all are given, neither between
    /// neighbours without a dot).
    Kropki,
    /// XV: X between digits adding up to 10, V to 5 (and, where all are
    /// given, neither sum between neighbours without one).
    Xv,
    /// Killer cages: cells holding distinct digits (with or without a sum).
    Cages,
    /// Sums of killer cages whose digit sets can be listed
    /// ([`Variant::sums_are_listable`](crate::Variant::sums_are_listable)).
    CageSums,
    /// Sums of killer cages with more digit sets than
    /// [`cage::MAX_DIGIT_SETS`](crate::cage::MAX_DIGIT_SETS) (long cages
    /// on the largest grids).
    WideCageSums,
    /// Pencil marks: the digits each cell may hold.
    Marks,
    /// Thermometers, strict or slow: digits rise from the bulb.
    Thermometers,
    /// Whispers lines: neighbours along one differ by at least a set
    /// amount (German, Dutch).
    Whispers,
    /// Palindrome lines: they read the same from either end.
    Palindromes,
    /// Minimum and maximum cells: below (above) each orthogonal
    /// neighbour.
    Extrema,
    /// Even and odd cells.
    Parity,
    /// Arrows: the digits along one add up to its circle's.
    Arrows,
    /// Little killers: the digits along a diagonal add up to its clue.
    LittleKillers,
    /// Renban lines: each holds a run of consecutive digits.
    Renban,
    /// Entropic lines: any three cells in a row along one hold a low, a
    /// middle and a high digit.
    EntropicLines,
    /// Modular lines: any `m` cells in a row along one hold digits of `m`
    /// remainders by `m` (3 as a rule).
    ModularLines,
    /// Quadruples: the four cells around a point hold its digits.
    Quadruples,
    /// Between lines: the digits between the two ends lie strictly
    /// between theirs.
    BetweenLines,
    /// Sandwich sums: the digits between a row's or column's lowest and
    /// highest digit add up to its clue.
    Sandwiches,
    /// Clones: cells at the same place of two regions of one shape hold
    /// the same digit.
    Clones,
    /// Indexer cells: a column indexer's digit is the column of its own
    /// column number in its row (a row indexer's likewise).
    Indexers,
    /// Region-sum lines: a line's parts in each region add up alike.
    RegionSumLines,
    /// Pill arrows: the digits along one add up to the number its pill
    /// writes.
    PillArrows,
    /// X-sums: the first digits of a row or column from a clue, as many
    /// as the first says, add up to it.
    XSums,
    /// Skyscrapers: a clue counts the digits seen from it along its row
    /// or column, each hiding the lower ones behind it.
    Skyscrapers,
}

impl RuleKind {
    /// Every kind, in order.
    pub const ALL: [RuleKind; 33] = [
        RuleKind::Regions,
        RuleKind::Diagonals,
        RuleKind::Windows,
        RuleKind::DisjointGroups,
        RuleKind::ExtraHouses,
        RuleKind::AntiKing,
        RuleKind::AntiKnight,
        RuleKind::NonConsecutive,
        RuleKind::Kropki,
        RuleKind::Xv,
        RuleKind::Cages,
        RuleKind::CageSums,
        RuleKind::WideCageSums,
        RuleKind::Marks,
        RuleKind::Thermometers,
        RuleKind::Whispers,
        RuleKind::Palindromes,
        RuleKind::Extrema,
        RuleKind::Parity,
        RuleKind::Arrows,
        RuleKind::LittleKillers,
        RuleKind::Renban,
        RuleKind::EntropicLines,
        RuleKind::ModularLines,
        RuleKind::Quadruples,
        RuleKind::BetweenLines,
        RuleKind::Sandwiches,
        RuleKind::Clones,
        RuleKind::Indexers,
        RuleKind::RegionSumLines,
        RuleKind::PillArrows,
        RuleKind::XSums,
        RuleKind::Skyscrapers,
    ];

    /// Its name as a sentence says it: `jigsaw regions`, `anti-knight`,
    /// `cage sums`.
    pub fn name(self) -> &'static str {
        match self {
            RuleKind::Regions => "jigsaw regions",
            RuleKind::Diagonals => "diagonals",
            RuleKind::Windows => "windows",
            RuleKind::DisjointGroups => "disjoint groups",
            RuleKind::ExtraHouses => "houses of one's own",
            RuleKind::AntiKing => "anti-king",
            RuleKind::AntiKnight => "anti-knight",
            RuleKind::NonConsecutive => "non-consecutive",
            RuleKind::Kropki => "Kropki dots",
            RuleKind::Xv => "XV",
            RuleKind::Cages => "cages",
            RuleKind::CageSums => "cage sums",
            RuleKind::WideCageSums => "wide cage sums",
            RuleKind::Marks => "pencil marks",
            RuleKind::Thermometers => "thermometers",
            RuleKind::Whispers => "whispers",
            RuleKind::Palindromes => "palindromes",
            RuleKind::Extrema => "minimum and maximum cells",
            RuleKind::Parity => "even and odd cells",
            RuleKind::Arrows => "arrows",
            RuleKind::LittleKillers => "little killers",
            RuleKind::Renban => "renban lines",
            RuleKind::EntropicLines => "entropic lines",
            RuleKind::ModularLines => "modular lines",
            RuleKind::Quadruples => "quadruples",
            RuleKind::BetweenLines => "between lines",
            RuleKind::Sandwiches => "sandwich sums",
            RuleKind::Clones => "clones",
            RuleKind::Indexers => "indexer cells",
            RuleKind::RegionSumLines => "region-sum lines",
            RuleKind::PillArrows => "pill arrows",
            RuleKind::XSums => "x-sums",
            RuleKind::Skyscrapers => "skyscrapers",
        }
    }

    const fn bit(self) -> u64 {
        1 << self as u64
    }
}

impl fmt::Display for RuleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`RuleKind`]s. The empty set is the standard rules alone.
///
/// ```
/// use sudokit_core::{RuleKind, RuleKinds};
///
/// let houses = RuleKinds::of(&[RuleKind::Diagonals, RuleKind::Windows]);
/// assert!(houses.contains(RuleKind::Windows));
/// assert!(RuleKinds::STANDARD.is_subset(houses));
/// assert_eq!(houses.to_string(), "diagonals, windows");
/// assert_eq!(RuleKinds::ALL.difference(houses).first(), Some(RuleKind::Regions));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct RuleKinds(u64);

impl RuleKinds {
    /// No kind: the standard rules alone.
    pub const STANDARD: RuleKinds = RuleKinds(0);

    /// Every kind there is today. A solver declares the kinds it knows one
    /// by one (or with [`HOUSES`](RuleKinds::HOUSES) and
    /// [`PAIRS`](RuleKinds::PAIRS)), never with this set, which
    /// would take tomorrow's kinds unknown.
    pub const ALL: RuleKinds = RuleKinds::of(&RuleKind::ALL);

    /// The kinds that are houses, whose cells hold distinct digits:
    /// jigsaw regions, diagonals, windows, disjoint groups, houses of
    /// one's own and cages (without their sums).
    pub const HOUSES: RuleKinds = RuleKinds::of(&[
        RuleKind::Regions,
        RuleKind::Diagonals,
        RuleKind::Windows,
        RuleKind::DisjointGroups,
        RuleKind::ExtraHouses,
        RuleKind::Cages,
    ]);

    /// The relations that ask two cells for different digits: anti-king
    /// and anti-knight.
    pub const DIFFERENCES: RuleKinds = RuleKinds::of(&[RuleKind::AntiKing, RuleKind::AntiKnight]);

    /// Every relation between two cells: the kinds whose rules are pairs
    /// of cells and a [`PairRule`](crate::PairRule) on their digits, lines
    /// included
    /// ([`Rulebook::bonds`](crate::Rulebook::bonds)). An engine that reads
    /// those pairs generically — peers for the rules asking for different
    /// digits, [`PairRule::partners`](crate::PairRule::partners) for the
    /// others — declares this set, and takes a relation added to it
    /// later: it reads the new one as it reads the others.
    pub const PAIRS: RuleKinds = RuleKinds::of(&[
        RuleKind::AntiKing,
        RuleKind::AntiKnight,
        RuleKind::NonConsecutive,
        RuleKind::Kropki,
        RuleKind::Xv,
        RuleKind::Thermometers,
        RuleKind::Whispers,
        RuleKind::Palindromes,
        RuleKind::Extrema,
        RuleKind::Renban,
        RuleKind::EntropicLines,
        RuleKind::ModularLines,
        RuleKind::Clones,
    ]);

    /// The kinds that restrict the digits of single cells: pencil marks,
    /// even and odd cells. An engine that reads
    /// [`Rulebook::allowed_digits`](crate::Rulebook::allowed_digits)
    /// declares this set.
    pub const CELL_DIGITS: RuleKinds = RuleKinds::of(&[RuleKind::Marks, RuleKind::Parity]);

    /// The sums drawn on the grid: arrows and little killers. An engine
    /// that keeps every sum of [`sums::sums_of`](crate::sums::sums_of)
    /// declares this set.
    pub const DRAWN_SUMS: RuleKinds = RuleKinds::of(&[RuleKind::Arrows, RuleKind::LittleKillers]);

    /// The set of `kinds`.
    pub const fn of(kinds: &[RuleKind]) -> RuleKinds {
        let mut bits = 0;
        let mut k = 0;
        while k < kinds.len() {
            bits |= kinds[k].bit();
            k += 1;
        }
        RuleKinds(bits)
    }

    /// This set with `kind`.
    #[must_use]
    pub const fn with(self, kind: RuleKind) -> RuleKinds {
        RuleKinds(self.0 | kind.bit())
    }

    /// This set without `kind`.
    #[must_use]
    pub const fn without(self, kind: RuleKind) -> RuleKinds {
        RuleKinds(self.0 & !kind.bit())
    }

    /// The kinds of both sets.
    #[must_use]
    pub const fn union(self, other: RuleKinds) -> RuleKinds {
        RuleKinds(self.0 | other.0)
    }

    /// Whether `kind` is in the set.
    pub const fn contains(self, kind: RuleKind) -> bool {
        self.0 & kind.bit() != 0
    }

    /// Whether the set has no kind (the standard rules).
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every kind of this set is in `other`.
    pub const fn is_subset(self, other: RuleKinds) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether this set and `other` share a kind.
    pub const fn intersects(self, other: RuleKinds) -> bool {
        self.0 & other.0 != 0
    }

    /// The kinds of this set that are not in `other`.
    #[must_use]
    pub const fn difference(self, other: RuleKinds) -> RuleKinds {
        RuleKinds(self.0 & !other.0)
    }

    /// The first kind of the set, in the order of [`RuleKind::ALL`].
    pub fn first(self) -> Option<RuleKind> {
        self.iter().next()
    }

    /// The kinds of the set, in the order of [`RuleKind::ALL`].
    pub fn iter(self) -> impl Iterator<Item = RuleKind> {
        RuleKind::ALL.into_iter().filter(move |&kind| self.contains(kind))
    }
}

impl BitOr for RuleKinds {
    type Output = RuleKinds;

    fn bitor(self, other: RuleKinds) -> RuleKinds {
        RuleKinds(self.0 | other.0)
    }
}

impl BitOr<RuleKind> for RuleKinds {
    type Output = RuleKinds;

    fn bitor(self, kind: RuleKind) -> RuleKinds {
        self.with(kind)
    }
}

impl BitOrAssign<RuleKind> for RuleKinds {
    fn bitor_assign(&mut self, kind: RuleKind) {
        *self = self.with(kind);
    }
}

impl FromIterator<RuleKind> for RuleKinds {
    fn from_iter<I: IntoIterator<Item = RuleKind>>(kinds: I) -> RuleKinds {
        kinds.into_iter().fold(RuleKinds::STANDARD, RuleKinds::with)
    }
}

impl fmt::Display for RuleKinds {
    /// The kinds' names joined by commas; `standard` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("standard");
        }
        for (k, kind) in self.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            f.write_str(kind.name())?;
        }
        Ok(())
    }
}

impl fmt::Debug for RuleKinds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
