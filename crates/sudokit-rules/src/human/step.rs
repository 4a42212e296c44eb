//! [`Step`], [`Technique`] and [`Score`]: one deduction, what it is called,
//! and how hard it is. Their English sentences are in `wording`.

use std::collections::BTreeSet;
use std::fmt;
use std::ops::RangeInclusive;
use std::sync::{Mutex, PoisonError};

use sudokit_core::{Bond, Cell, Digit, PairRule, Relation};
use sudokit_grid::Candidates;

use super::forcing::ForcingChain;
use super::house::House;

/// A difficulty on the Sudoku Explainer scale (1.0 to 11.0), kept in
/// tenths so that scores compare and hash exactly.
///
/// ```
/// use sudokit_rules::human::Score;
/// let x_wing = Score::from_tenths(32);
/// assert_eq!(x_wing.to_string(), "3.2");
/// assert_eq!(x_wing.as_f64(), 3.2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
pub struct Score(u16);

impl Score {
    /// The score of `tenths` tenths.
    pub const fn from_tenths(tenths: u16) -> Score {
        Score(tenths)
    }

    /// The score in tenths.
    pub const fn tenths(self) -> u16 {
        self.0
    }

    /// The score as a number (`3.2`).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

/// Reads a score as Sudoku Explainer prints it: `6.5`, `10`, at most
/// one decimal, from 0.0 to 6553.5.
///
/// ```
/// use sudokit_rules::human::Score;
/// assert_eq!("6.5".parse::<Score>()?, Score::from_tenths(65));
/// assert_eq!("10".parse::<Score>()?, Score::from_tenths(100));
/// assert!("6.55".parse::<Score>().is_err() && "-1".parse::<Score>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl std::str::FromStr for Score {
    type Err = NameError;

    fn from_str(text: &str) -> Result<Score, NameError> {
        let bad = || NameError::new("score", text, "a number such as 6.5, at most one decimal");
        let text = text.trim();
        let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !digits(tenth) || tenth.len() > 1 {
            return Err(bad());
        }
        let tenths = whole.parse::<u32>().map_err(|_| bad())? * 10 + tenth.parse::<u32>().map_err(|_| bad())?;
        u16::try_from(tenths).map(Score).map_err(|_| bad())
    }
}

impl Score {
    /// Reads a range of scores, both ends included: `6.0..7.5` (also
    /// `6.0..=7.5`); an empty range (`9.0..2.0`) is an error.
    ///
    /// ```
    /// use sudokit_rules::human::Score;
    /// let range = Score::parse_range("6.0..7.5")?;
    /// assert_eq!(range, Score::from_tenths(60)..=Score::from_tenths(75));
    /// assert!(Score::parse_range("9.0..2.0").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`NameError`] for text that is not two scores around `..`, or a
    /// range whose end is below its start.
    pub fn parse_range(text: &str) -> Result<RangeInclusive<Score>, NameError> {
        let bad =
            || NameError::new("range of scores", text, "two scores such as 6.0..7.5, the first not above the second");
        let (low, high) = text.split_once("..").ok_or_else(bad)?;
        let high = high.strip_prefix('=').unwrap_or(high);
        let (low, high): (Score, Score) = (low.parse().map_err(|_| bad())?, high.parse().map_err(|_| bad())?);
        if low > high {
            return Err(bad());
        }
        Ok(low..=high)
    }
}

/// A name, score or range that does not read as one: what was being
/// read, the text, and what is expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{given:?} is not a {what}: expected {expected}")]
pub struct NameError {
    what: &'static str,
    given: String,
    expected: String,
}

impl NameError {
    pub(crate) fn new(what: &'static str, given: &str, expected: impl Into<String>) -> NameError {
        NameError { what, given: given.to_owned(), expected: expected.into() }
    }

    /// What was being read: `"score"`, `"technique"`, `"level"`, …
    pub fn what(&self) -> &str {
        self.what
    }

    /// The text given.
    pub fn given(&self) -> &str {
        &self.given
    }
}

/// Lower case without spaces, hyphens or underscores: how names compare
/// when read.
pub(crate) fn normalise(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
}

/// Reads a built-in technique by its name, ignoring case, spaces, hyphens
/// and underscores (`x-wing`, `naked pair`, `XYZ-Wing`).
///
/// ```
/// use sudokit_rules::human::Technique;
/// assert_eq!("x-wing".parse::<Technique>()?, Technique::XWing);
/// assert_eq!("Naked Pair".parse::<Technique>()?, Technique::NakedPair);
/// assert!("sue de coq".parse::<Technique>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl std::str::FromStr for Technique {
    type Err = NameError;

    fn from_str(text: &str) -> Result<Technique, NameError> {
        let wanted = normalise(text);
        Technique::ALL.iter().copied().find(|t| normalise(t.name()) == wanted).ok_or_else(|| {
            let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
            NameError::new("technique", text, format!("one of {}", names.join(", ")))
        })
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

macro_rules! techniques {
    ($( $(#[$doc:meta])* $variant:ident => $name:literal, $tenths:literal; )*) => {
        /// The named technique a [`Step`] uses.
        ///
        /// [`base_score`](Technique::base_score) is its Sudoku Explainer
        /// 1.2.1 rating before any size or length bonus. A technique
        /// written outside this crate names itself with
        /// [`Technique::Custom`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[non_exhaustive]
        pub enum Technique {
            $( $(#[$doc])* $variant, )*
            /// A technique of the user's own, with its name and base score
            /// (see [`CustomTechnique`]).
            Custom(CustomTechnique),
        }

        impl Technique {
            /// Every built-in technique: those of the Sudoku Explainer path
            /// in its order, then the named patterns.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant),*];

            /// The name players use ("Hidden single", "X-Wing").
            pub const fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name,)* Technique::Custom(own) => own.name }
            }

            /// The Sudoku Explainer rating before bonuses.
            pub const fn base_score(self) -> Score {
                match self { $(Technique::$variant => Score($tenths),)* Technique::Custom(own) => own.base_score }
            }
        }
    };
}

techniques! {
    /// The last empty cell of a house.
    FullHouse => "Full house", 10;
    /// A digit with one place left in a house.
    HiddenSingle => "Hidden single", 12;
    /// Pointing whose eliminations leave a hidden single, placed at once.
    DirectPointing => "Direct pointing", 17;
    /// Claiming whose eliminations leave a hidden single, placed at once.
    DirectClaiming => "Direct claiming", 19;
    /// A hidden pair whose eliminations leave a hidden single.
    DirectHiddenPair => "Direct hidden pair", 20;
    /// A cell with one candidate left.
    NakedSingle => "Naked single", 23;
    /// Under non-consecutive, a cell whose candidates are two or three
    /// digits in a row, or two digits with one between: its neighbours
    /// lose the digits every candidate rules out there (SukakuExplainer's
    /// "Non-Consecutive Forcing Cell").
    NonConsecutiveForcingCell => "Non-consecutive forcing cell", 24;
    /// Under a rule between two cells other than different digits (a
    /// Kropki dot, an X or a V, their negatives, a thermometer, whispers, a
    /// palindrome), a candidate of one cell that no candidate of the other
    /// pairs with. sudokit's own score, a non-consecutive forcing cell's.
    BoundCells => "Bound cells", 24;
    /// In a killer, the digits of a cage's cells that no combination of
    /// its sum they can still hold gives them (sudokuwiki's "cage
    /// combinations"). No outside reference rates killer techniques: the
    /// killer scores are sudokit's own.
    CageCombination => "Cage combinations", 24;
    /// The cells of an arrow, its shaft and its circle, that no filling
    /// of the shaft adding up to the circle within the candidates gives a
    /// digit lose it. sudokit's own score, a cage combination's.
    ArrowSum => "Arrow sum", 24;
    /// The cells of a little killer that no filling adding up to its clue
    /// within the candidates gives a digit lose it. sudokit's own score,
    /// a cage combination's.
    LittleKillerSum => "Little killer sum", 24;
    /// The cells of a pill arrow lose what its bounds leave no room for:
    /// the pill the digits of numbers its shaft cannot reach, the shaft
    /// the digits that reach no number the pill can write. sudokit's own
    /// score, an arrow sum's.
    PillArrow => "Pill arrow", 24;
    /// The cells of a renban that no run of consecutive digits they can
    /// still fill (a digit a cell) gives a digit lose it. sudokit's own
    /// score, a cage combination's.
    RenbanRun => "Renban run", 24;
    /// The four cells of a quadruple lose what its digits leave no room
    /// for: a digit with as many places as copies takes them, and digits
    /// still missing that fill the open cells leave them nothing else.
    /// sudokit's own score, a cage combination's.
    Quadruple => "Quadruple", 24;
    /// The cells of a between line lose what no pair of digits of its
    /// ends leaves them: inner cells the digits not strictly between
    /// them, ends those that leave an inner cell nothing. sudokit's own
    /// score, a cage combination's.
    BetweenLine => "Between line", 24;
    /// The cells of a region-sum line lose what no filling of their part
    /// adding up to a sum every other part reaches gives them. sudokit's
    /// own score, a cage combination's.
    RegionSumLine => "Region-sum line", 24;
    /// The cells of a row or column with a sandwich clue lose what no
    /// place of its crusts (its lowest and highest digit) and no set of
    /// digits between them adding up to the clue leaves them. sudokit's
    /// own score, a cage combination's.
    SandwichSum => "Sandwich", 24;
    /// The cells of a row or column with an X-sum clue lose what no first
    /// digit `x` and no set of digits after it adding up to the rest of
    /// the clue leaves them. sudokit's own score, a cage combination's.
    XSum => "X-Sum", 24;
    /// The cells of a row or column with a skyscraper clue lose the
    /// digits no reading from the clue that sees as many digits as the
    /// clue puts there. sudokit's own score, a cage combination's.
    SkyscraperClue => "Skyscraper Clue", 24;
    /// An indexer cell loses the places its line cannot hold its number
    /// at, and a cell of the line that number where the indexer cannot
    /// name it. sudokit's own score, a cage combination's.
    Indexer => "Indexer", 24;
    /// Under non-consecutive, a digit of a house whose places all touch
    /// the same cells: those lose the digits next to it (SukakuExplainer's
    /// "Locked Non Consecutive").
    LockedNonConsecutive => "Locked non-consecutive", 25;
    /// In a killer, cells of a union of houses outside the cages it holds
    /// whole, whose sum the rule of 45 gives.
    Innies => "Innies", 25;
    /// In a killer, cells outside a union of houses of the cages that
    /// stick out of it, whose sum the rule of 45 gives.
    Outies => "Outies", 25;
    /// A hidden triple whose eliminations leave a hidden single.
    DirectHiddenTriple => "Direct hidden triple", 25;
    /// In a killer, a cage that a union of houses cuts, each part's sum
    /// given by the rule of 45.
    CageSplit => "Cage split", 26;
    /// A digit of a box confined to one row or column.
    Pointing => "Pointing", 26;
    /// In a killer, outies and innies whose sums differ by what the rule
    /// of 45 gives.
    InnieOutieDifference => "Innie-outie difference", 27;
    /// A digit of a row or column confined to one box.
    Claiming => "Claiming", 28;
    /// In a killer, a digit every combination of a cage's sum holds: the
    /// cells that see each of its places in the cage lose it.
    CageLockedDigit => "Cage-locked digit", 28;
    /// In a killer, a digit whose places in a house all lie in one cage:
    /// the cage keeps the combinations of its sum that hold it.
    CageBoundDigit => "Cage-bound digit", 28;
    /// A digit every run a renban can still fill holds: the cells off the
    /// line that see each of its places on it lose it. sudokit's own
    /// score, a cage-locked digit's.
    RenbanLockedDigit => "Renban-locked digit", 28;
    /// In a jigsaw killer, rows (or columns) and as many regions: the
    /// cells of each outside the other hold the same digits, so a digit
    /// with no place on one side leaves the other.
    LawOfLeftovers => "Law of leftovers", 28;
    /// Under a variant's rules, a digit's places in a house (two to six)
    /// all seen by cells outside it, which lose the digit: pointing and
    /// claiming over any houses and relations (SukakuExplainer's
    /// "Generalized Intersections").
    GeneralizedIntersection => "Generalized intersection", 29;
    /// In a killer, a house and the cages over it filled as one group,
    /// the house's digits distinct: the candidates no such filling uses
    /// go, in the house and in its cages' cells outside it.
    HouseCombination => "House combinations", 29;
    /// Two cells of a house holding the same two candidates.
    NakedPair => "Naked pair", 30;
    /// Under a variant's rules, a naked pair whose digits leave every cell
    /// that sees both cells holding the digit, inside the house or not.
    GeneralizedNakedPair => "Generalized naked pair", 30;
    /// A digit confined to two columns in two rows (or the converse).
    XWing => "X-Wing", 32;
    /// Two digits confined to two cells of a house.
    HiddenPair => "Hidden pair", 34;
    /// Three cells of a house holding three candidates between them.
    NakedTriple => "Naked triple", 36;
    /// A naked triple generalized as [`GeneralizedNakedPair`](Technique::GeneralizedNakedPair) is.
    GeneralizedNakedTriple => "Generalized naked triple", 36;
    /// The three-line fish.
    Swordfish => "Swordfish", 38;
    /// Three digits confined to three cells of a house.
    HiddenTriple => "Hidden triple", 40;
    /// A bivalue pivot and two bivalue pincers.
    XyWing => "XY-Wing", 42;
    /// A trivalue pivot and two bivalue pincers.
    XyzWing => "XYZ-Wing", 44;
    /// Four cells in two boxes that would allow two solutions.
    UniqueRectangle => "Unique rectangle", 45;
    /// Six cells or more in a loop that would allow two solutions.
    UniqueLoop => "Unique loop", 45;
    /// Four cells of a house holding four candidates between them.
    NakedQuad => "Naked quad", 50;
    /// A naked quad generalized as [`GeneralizedNakedPair`](Technique::GeneralizedNakedPair) is.
    GeneralizedNakedQuad => "Generalized naked quad", 50;
    /// The four-line fish.
    Jellyfish => "Jellyfish", 52;
    /// Four digits confined to four cells of a house.
    HiddenQuad => "Hidden quad", 54;
    /// Bivalue universal grave, types 1 and 2.
    Bug => "BUG", 56;
    /// Two cells that see each other, whose pairs of digits are limited by
    /// bivalue cells seeing both.
    AlignedPairExclusion => "Aligned pair exclusion", 62;
    /// A loop of one digit alternating strong and weak links.
    XCycle => "X-cycle", 65;
    /// A loop through bivalue cells.
    YCycle => "Y-cycle", 65;
    /// A chain of one digit alternating strong and weak links.
    XChain => "X-chain", 66;
    /// A loop mixing links along digits and inside cells.
    ContinuousLoop => "Continuous nice loop", 70;
    /// An alternating inference chain mixing digits and cells (XY-chains
    /// included): Sudoku Explainer's "Forcing Chain".
    Aic => "Alternating inference chain", 70;
    /// Three cells whose combinations of digits are limited by cells
    /// seeing all three.
    AlignedTripleExclusion => "Aligned triple exclusion", 75;
    /// A candidate whose truth leads, along its digit, to a contradiction.
    Nishio => "Nishio forcing chain", 75;
    /// Every candidate of a cell leads to the same conclusion.
    CellForcingChains => "Cell forcing chains", 80;
    /// Every place of a digit in a house leads to the same conclusion.
    RegionForcingChains => "Region forcing chains", 80;
    /// Forcing chains whose branches remove what they turn off:
    /// contradiction, double, cell and region chains.
    DynamicForcingChains => "Dynamic forcing chains", 85;
    /// Dynamic forcing chains whose branches also use locked candidates,
    /// pairs and X-Wings.
    DynamicForcingChainsPlus => "Dynamic forcing chains (+)", 90;
    /// Dynamic forcing chains whose branches also use unary chains.
    NestedForcingChains => "Dynamic forcing chains (+ forcing chains)", 95;
    /// Dynamic forcing chains whose branches also use cell and region
    /// forcing chains.
    NestedMultipleForcingChains => "Dynamic forcing chains (+ multiple forcing chains)", 100;
    /// Dynamic forcing chains whose branches also use dynamic forcing
    /// chains.
    NestedDynamicForcingChains => "Dynamic forcing chains (+ dynamic forcing chains)", 105;
    /// Dynamic forcing chains whose branches also use dynamic forcing
    /// chains with unary chains inside.
    NestedDynamicForcingChainsPlus => "Dynamic forcing chains (+ dynamic forcing chains (+ forcing chains))", 110;
    /// X-chain of four cells, both strong links parallel.
    Skyscraper => "Skyscraper", 66;
    /// X-chain of four cells, one strong link in a row and one in a
    /// column, joined in a box.
    TwoStringKite => "2-string kite", 66;
    /// Two bivalue cells with the same digits, joined by a strong link on
    /// one of them.
    WWing => "W-Wing", 66;
    /// An XY-chain of cells that all hold the same two digits.
    RemotePair => "Remote pair", 66;
    /// A box whose candidates for a digit lie in one row and one column,
    /// with a conjugate pair from that row or column.
    EmptyRectangle => "Empty rectangle", 66;
    /// The conjugate pairs of one digit coloured in two colours: a colour
    /// that sees itself is false, and a cell that sees both colours loses
    /// the digit.
    SimpleColouring => "Simple colouring", 66;
}

/// The name and base score of a technique written outside this crate, so
/// that its steps read and rate like the built-in ones.
///
/// A name has 1 to [`MAX_NAME`](CustomTechnique::MAX_NAME) characters,
/// none of them a control character; a base score lies in
/// [`SCORES`](CustomTechnique::SCORES). [`new`](CustomTechnique::new)
/// takes a name written in the code (a `const` item checks it at compile
/// time), [`try_new`](CustomTechnique::try_new) any name, owned or not.
///
/// ```
/// use sudokit_rules::human::{CustomTechnique, Score, Technique};
///
/// let mine = Technique::Custom(CustomTechnique::new("Sue de Coq", Score::from_tenths(50)));
/// assert_eq!(mine.name(), "Sue de Coq");
/// assert_eq!(mine.base_score().to_string(), "5.0");
/// let read = CustomTechnique::try_new(String::from("Sue de Coq"), Score::from_tenths(50))?;
/// assert_eq!(Technique::Custom(read), mine);
/// assert!(CustomTechnique::try_new("", Score::from_tenths(50)).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CustomTechnique {
    name: &'static str,
    base_score: Score,
}

impl CustomTechnique {
    /// The longest name, in characters.
    pub const MAX_NAME: usize = 64;

    /// The base scores a technique may have: 1.0 (the singles) to 20.0,
    /// well above the hardest nested forcing chains.
    pub const SCORES: RangeInclusive<Score> = Score::from_tenths(10)..=Score::from_tenths(200);

    /// The technique called `name`, whose steps score `base_score` before
    /// any bonus of their own.
    ///
    /// # Panics
    /// When `name` or `base_score` is not allowed (see the type's docs);
    /// in a `const` item, that is a compile error. [`try_new`](Self::try_new)
    /// is the checked twin.
    pub const fn new(name: &'static str, base_score: Score) -> CustomTechnique {
        match check_custom(name, base_score) {
            Ok(()) => CustomTechnique { name, base_score },
            Err(Invalid::Name) => panic!("a technique's name has 1 to 64 characters, none a control character"),
            Err(Invalid::Score) => panic!("a technique's base score lies in 1.0 to 20.0"),
        }
    }

    /// The technique called `name`, checked. Each distinct name is kept
    /// once for the rest of the process (a technique is `Copy`, so its
    /// name is `'static`): make techniques from a known set of names, not
    /// from every line of an input.
    ///
    /// # Errors
    /// [`CustomTechniqueError`] naming what is not allowed.
    pub fn try_new(name: impl AsRef<str>, base_score: Score) -> Result<CustomTechnique, CustomTechniqueError> {
        let name = name.as_ref();
        match check_custom(name, base_score) {
            Ok(()) => Ok(CustomTechnique { name: intern(name), base_score }),
            Err(Invalid::Name) => Err(CustomTechniqueError::Name { name: name.to_owned() }),
            Err(Invalid::Score) => Err(CustomTechniqueError::Score { score: base_score }),
        }
    }
}

/// Why a name or base score cannot make a [`CustomTechnique`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CustomTechniqueError {
    /// The name is empty, longer than
    /// [`MAX_NAME`](CustomTechnique::MAX_NAME) characters or holds a
    /// control character.
    #[error("a technique's name has 1 to 64 characters, none a control character: {name:?}")]
    Name {
        /// The name given.
        name: String,
    },
    /// The base score lies outside [`SCORES`](CustomTechnique::SCORES).
    #[error("a technique's base score lies in 1.0 to 20.0, not {score}")]
    Score {
        /// The score given.
        score: Score,
    },
}

/// What is wrong with a technique (a `const` twin of
/// [`CustomTechniqueError`], which holds a `String`).
#[derive(Clone, Copy)]
enum Invalid {
    Name,
    Score,
}

/// Whether `name` and `base_score` make a technique; `const` so that
/// [`CustomTechnique::new`] checks them at compile time.
const fn check_custom(name: &str, base_score: Score) -> Result<(), Invalid> {
    let (min, max) = (CustomTechnique::SCORES.start().0, CustomTechnique::SCORES.end().0);
    if base_score.0 < min || base_score.0 > max {
        return Err(Invalid::Score);
    }
    let bytes = name.as_bytes();
    let (mut i, mut chars) = (0, 0);
    while i < bytes.len() {
        // Control characters are C0 (below 0x20), DEL and C1 (U+0080 to
        // U+009F, encoded 0xC2 0x80..=0x9F).
        let b = bytes[i];
        if b < 0x20 || b == 0x7f || (b == 0xc2 && i + 1 < bytes.len() && bytes[i + 1] < 0xa0) {
            return Err(Invalid::Name);
        }
        if b & 0xc0 != 0x80 {
            chars += 1;
        }
        i += 1;
    }
    if chars == 0 || chars > CustomTechnique::MAX_NAME {
        return Err(Invalid::Name);
    }
    Ok(())
}

/// The one `'static` copy of `name`, made on its first use.
fn intern(name: &str) -> &'static str {
    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&kept) = names.get(name) {
        return kept;
    }
    let kept: &'static str = Box::leak(name.into());
    names.insert(kept);
    kept
}

/// A technique travels as its name and base score, and is checked on the
/// way in.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CustomTechnique {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CustomTechnique, D::Error> {
        #[derive(serde::Deserialize)]
        struct Fields {
            name: String,
            base_score: Score,
        }
        let fields = Fields::deserialize(deserializer)?;
        CustomTechnique::try_new(&fields.name, fields.base_score).map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the pattern of a [`Step`] is worded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub(crate) enum Pattern {
    /// A placement only: the cell, and the house that forces it, if any.
    Single { house: Option<House> },
    /// Cells (and digits) inside houses: subsets, intersections, fish.
    Houses { digits: Candidates, houses: Vec<House>, cells: Vec<Cell> },
    /// Named cells with their candidates: wings, rectangles, BUG.
    Cells { digits: Candidates, cells: Vec<Cell>, variant: u8 },
    /// A chain: nodes alternate strong (`=`) and weak (`-`) links, the
    /// first one strong unless `weak_first` (a chain from a candidate to
    /// its own removal); `house` is one it leans on (an empty rectangle's
    /// box).
    Chain { nodes: Vec<(Cell, Digit)>, cycle: bool, house: Option<House>, weak_first: bool },
    /// A forcing chain: its kind, the candidates assumed true (or false),
    /// the chain's length (the candidates behind its conclusion), and
    /// its branches written out.
    Forcing { kind: ForcingKind, source: Vec<(Cell, Digit, bool)>, length: usize, chains: Vec<ForcingChain> },
    /// A user's technique: the cells and houses it names.
    Custom { cells: Vec<Cell>, houses: Vec<House> },
    /// A group of cells with a known sum: a killer cage, or innies and
    /// outies.
    Sum(Box<SumGroup>),
    /// A cell and its candidates, and a cell a bond binds to it, with the
    /// bond's rule read from the first.
    Bound { cell: Cell, digits: Candidates, other: Cell, rule: PairRule, bond: Bond },
}

/// A group of cells whose digits add up to a known sum, as a killer
/// technique's step names it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub(crate) struct SumGroup {
    pub(crate) cells: Vec<Cell>,
    /// Cells whose digits are taken away from those of `cells`: the group
    /// says `cells − minus = sum`.
    pub(crate) minus: Vec<Cell>,
    pub(crate) sum: u32,
    /// The cage (0-based) the group is, or that the rule of 45 splits.
    pub(crate) cage: Option<usize>,
    /// The cages (0-based) a house's combinations fill with it.
    pub(crate) cages: Vec<usize>,
    /// The houses whose union the rule of 45 reads.
    pub(crate) houses: Vec<House>,
    /// The digit sets of its fillings (a cage's combinations), or the
    /// digit every combination holds.
    pub(crate) sets: Vec<Candidates>,
    /// The digit whose places in a house all lie in the cage.
    pub(crate) digit: Option<Digit>,
}

impl SumGroup {
    /// A group of `cells` with no sum, naming the digit sets `sets`: a
    /// renban's runs, a quadruple's digits.
    pub(crate) fn listing(cells: Vec<Cell>, sets: Vec<Candidates>) -> SumGroup {
        SumGroup {
            cells,
            minus: Vec::new(),
            sum: 0,
            cage: None,
            cages: Vec::new(),
            houses: Vec::new(),
            sets,
            digit: None,
        }
    }
}

/// What a forcing chain's assumptions lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub(crate) enum ForcingKind {
    /// One assumption leads to a candidate both true and false.
    Contradiction,
    /// A candidate true and false lead to the same conclusion.
    Double,
    /// Every candidate of a cell leads to the same conclusion.
    Cell,
    /// Every place of a digit in a house leads to the same conclusion.
    Region,
}

/// One deduction: a technique, the pattern that justifies it, what it
/// places and what it eliminates, and its difficulty.
///
/// `Display` gives a short English sentence with cells named `r#c#`:
///
/// ```
/// use sudokit_rules::human::{Position, Technique};
/// use sudokit_core::Grid;
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let step = Position::new(&puzzle)?.hint().ok_or("stuck")?;
/// assert_eq!(step.technique(), Technique::HiddenSingle);
/// assert_eq!(step.score().to_string(), "1.2");
/// assert_eq!(step.placements().len(), 1);
/// println!("{step}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Step {
    pub(super) technique: Technique,
    pub(super) score: Score,
    pub(super) pattern: Pattern,
    pub(super) placements: Vec<(Cell, Digit)>,
    pub(super) eliminations: Vec<(Cell, Digit)>,
    /// Under a variant's rules, the pairs of cells the step relies on
    /// that a relation binds rather than a house.
    pub(super) bound: Vec<(Cell, Cell, Relation)>,
}

impl Step {
    pub(crate) fn new(technique: Technique, pattern: Pattern) -> Step {
        Step {
            technique,
            score: technique.base_score(),
            pattern,
            placements: Vec::new(),
            eliminations: Vec::new(),
            bound: Vec::new(),
        }
    }

    pub(crate) fn with_score(mut self, score: Score) -> Step {
        self.score = score;
        self
    }

    pub(crate) fn placing(mut self, cell: Cell, digit: Digit) -> Step {
        self.placements.push((cell, digit));
        self
    }

    pub(crate) fn binding(mut self, bound: Vec<(Cell, Cell, Relation)>) -> Step {
        self.bound = bound;
        self
    }

    pub(crate) fn eliminating(mut self, eliminations: Vec<(Cell, Digit)>) -> Step {
        self.eliminations = eliminations;
        self.eliminations.sort_unstable_by_key(|&(cell, digit)| (digit, cell));
        self.eliminations.dedup();
        self
    }

    /// The technique used.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// The difficulty of the step on the Sudoku Explainer scale: the
    /// technique's base score plus any size or length bonus.
    pub fn score(&self) -> Score {
        self.score
    }

    /// The digits placed, with their cells.
    pub fn placements(&self) -> &[(Cell, Digit)] {
        &self.placements
    }

    /// The candidates removed, sorted by digit then cell.
    pub fn eliminations(&self) -> &[(Cell, Digit)] {
        &self.eliminations
    }

    /// The cells of the pattern that justifies the step (for a chain,
    /// its nodes in order; for a single, the cell placed).
    pub fn pattern_cells(&self) -> Vec<Cell> {
        match &self.pattern {
            Pattern::Single { .. } => self.placements.iter().map(|&(c, _)| c).collect(),
            Pattern::Houses { cells, .. } | Pattern::Cells { cells, .. } | Pattern::Custom { cells, .. } => {
                cells.clone()
            }
            Pattern::Chain { nodes, .. } => nodes.iter().map(|&(c, _)| c).collect(),
            Pattern::Forcing { source, .. } => source.iter().map(|&(c, _, _)| c).collect(),
            Pattern::Sum(group) => group.cells.iter().chain(&group.minus).copied().collect(),
            Pattern::Bound { cell, other, .. } => vec![*cell, *other],
        }
    }

    /// Under a variant's rules, the pairs of cells the step relies on
    /// that a relation (anti-king, anti-knight) binds rather than a house:
    /// the sentence names each ("r2c8 and r3c6 are a knight's move
    /// apart").
    pub fn relations(&self) -> &[(Cell, Cell, Relation)] {
        &self.bound
    }

    /// The branches of a forcing chain, link by link (see
    /// [`ForcingChain`]): one per assumption of a cell or region chain
    /// (each ends in the step's conclusion), the two ends of a
    /// contradiction, or the candidate true and false of a double chain.
    /// Empty for every other step.
    pub fn forcing_chains(&self) -> &[ForcingChain] {
        match &self.pattern {
            Pattern::Forcing { chains, .. } => chains,
            _ => &[],
        }
    }

    /// The houses of the pattern (empty for patterns that are not about
    /// houses, such as wings and chains).
    pub fn houses(&self) -> Vec<House> {
        match &self.pattern {
            Pattern::Single { house } => house.iter().copied().collect(),
            Pattern::Houses { houses, .. } | Pattern::Custom { houses, .. } => houses.clone(),
            Pattern::Chain { house, .. } => house.iter().copied().collect(),
            Pattern::Sum(group) => group.houses.clone(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_and_score_reads_back() {
        for &technique in Technique::ALL {
            assert_eq!(technique.name().parse::<Technique>(), Ok(technique));
            assert_eq!(technique.base_score().to_string().parse::<Score>(), Ok(technique.base_score()));
        }
        assert_eq!("6553.5".parse::<Score>(), Ok(Score(u16::MAX)));
        for text in ["", ".", "6.", ".5", "6553.6", "1e2", "6,5", "+1"] {
            assert!(text.parse::<Score>().is_err(), "{text:?}");
        }
    }

    #[test]
    fn the_path_techniques_come_in_order_of_base_score() {
        let path: Vec<Technique> = Technique::ALL.iter().copied().take_while(|&t| t != Technique::Skyscraper).collect();
        assert_eq!(path.last(), Some(&Technique::NestedDynamicForcingChainsPlus));
        for pair in path.windows(2) {
            assert!(pair[0].base_score() <= pair[1].base_score(), "{} before {}", pair[0], pair[1]);
        }
    }

    #[test]
    fn scores_show_in_tenths() {
        assert_eq!(Score::from_tenths(105).to_string(), "10.5");
        assert_eq!(Score::from_tenths(7).to_string(), "0.7");
    }
}
