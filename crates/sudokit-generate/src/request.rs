//! What a generated puzzle must be: how many givens ([`Givens`]) and how
//! hard ([`Difficulty`]).

use std::ops::RangeInclusive;

use sudokit_rules::human::{Level, Rating, Score, Technique, lists};

/// How many givens a puzzle keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Givens {
    /// As few as uniqueness allows: no given (for a symmetric puzzle, no
    /// orbit of givens) can go without a second solution appearing.
    #[default]
    Minimal,
    /// Removals stop as soon as at most this many givens are left (with a
    /// symmetry, up to an orbit fewer). When a grid's removals end above
    /// it (the puzzle is minimal with more givens), the generator starts
    /// over from another grid, until its budget runs out.
    Target(usize),
}

/// The difficulty a puzzle must have, on the Sudoku Explainer scale of
/// the human rater ([`rate`](sudokit_rules::human::rate)): any mix of an
/// ER range, a level, a hardest technique, and EP or ED ranges. Ranges
/// include both ends.
///
/// ```
/// use sudokit::generate::Difficulty;
/// use sudokit::rules::human::{Score, Technique};
///
/// let hard = Difficulty::any().with_rating(Score::from_tenths(60)..=Score::from_tenths(75));
/// let x_wing = Difficulty::any().with_technique(Technique::XWing);
/// assert!(Difficulty::any().is_any() && !hard.is_any() && !x_wing.is_any());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Difficulty {
    pub(crate) er: Option<RangeInclusive<Score>>,
    pub(crate) ep: Option<RangeInclusive<Score>>,
    pub(crate) ed: Option<RangeInclusive<Score>>,
    pub(crate) level: Option<Level>,
    pub(crate) technique: Option<Technique>,
}

impl Difficulty {
    /// No requirement: the puzzle is not rated.
    pub fn any() -> Difficulty {
        Difficulty::default()
    }

    /// ER, the hardest step of the rating path, in `range`.
    #[must_use]
    pub fn with_rating(mut self, range: RangeInclusive<Score>) -> Difficulty {
        self.er = Some(range);
        self
    }

    /// EP, the hardest step before the first placement, in `range`.
    #[must_use]
    pub fn with_ep(mut self, range: RangeInclusive<Score>) -> Difficulty {
        self.ep = Some(range);
        self
    }

    /// ED, the first step, in `range`.
    #[must_use]
    pub fn with_ed(mut self, range: RangeInclusive<Score>) -> Difficulty {
        self.ed = Some(range);
        self
    }

    /// The rating's [`Level`].
    #[must_use]
    pub fn with_level(mut self, level: Level) -> Difficulty {
        self.level = Some(level);
        self
    }

    /// The technique of the hardest step (the one that set ER).
    #[must_use]
    pub fn with_technique(mut self, technique: Technique) -> Difficulty {
        self.technique = Some(technique);
        self
    }

    /// Whether nothing is asked for.
    pub fn is_any(&self) -> bool {
        *self == Difficulty::default()
    }

    /// Whether `rating` meets every requirement.
    pub fn accepts(&self, rating: &Rating) -> bool {
        self.distance(rating) == 0
    }

    /// The highest ER the request allows, if it bounds it (a rating range
    /// or a level): a rating may stop once past it.
    pub(crate) fn max_er(&self) -> Option<Score> {
        let level = self.level.and_then(Level::er_range).map(|r| *r.end());
        let er = self.er.as_ref().map(|r| *r.end());
        match (er, level) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// How far `rating` is from the request, in tenths: 0 when it meets
    /// it. The search keeps the puzzles closest to the request. A rating
    /// cut off above [`max_er`](Difficulty::max_er) counts from its running
    /// ER, a lower bound of the distance.
    pub(crate) fn distance(&self, rating: &Rating) -> u32 {
        let off =
            |range: &Option<RangeInclusive<Score>>, score: Score| range.as_ref().map_or(0, |r| off_range(r, score));
        let er = u32::from(rating.er.tenths());
        let level = self.level.map_or(0, |wanted| match wanted {
            _ if rating.level == wanted => 0,
            Level::NeedsGuessing => 1 + 90u32.saturating_sub(er),
            _ => 1 + wanted.er_range().map_or(0, |range| off_range(&range, rating.er)),
        });
        let technique = self.technique.map_or(0, |wanted| match rating.hardest {
            Some(hardest) if hardest == wanted => 0,
            _ => 1 + er.abs_diff(u32::from(wanted.base_score().tenths())),
        });
        off(&self.er, rating.er) + off(&self.ep, rating.ep) + off(&self.ed, rating.ed) + level + technique
    }

    /// Why no puzzle can meet the request, if that is plain before
    /// searching.
    pub(crate) fn impossible(&self) -> Option<String> {
        for (name, range) in [("rating", &self.er), ("EP", &self.ep), ("ED", &self.ed)] {
            if let Some(r) = range {
                if r.start() > r.end() {
                    return Some(format!("the {name} range {}..{} is empty", r.start(), r.end()));
                }
                if r.end().tenths() < 10 {
                    return Some(format!(
                        "the {name} range {}..{} lies below 1.0, the easiest step",
                        r.start(),
                        r.end()
                    ));
                }
            }
        }
        if let Some(technique) = self.technique {
            if !Technique::ALL.contains(&technique) || is_named_pattern(technique) {
                return Some(format!("{technique} is not a technique of the rating path"));
            }
        }
        None
    }
}

/// Whether `technique` is a named pattern (`lists::named_patterns`, each
/// named as its steps): explanations call them so, the rating path finds
/// the same deductions as chains.
fn is_named_pattern(technique: Technique) -> bool {
    lists::named_patterns().iter().any(|strategy| strategy.name() == technique.name())
}

/// How many tenths `score` lies outside `range`.
fn off_range(range: &RangeInclusive<Score>, score: Score) -> u32 {
    let t = u32::from(score.tenths());
    let (low, high) = (u32::from(range.start().tenths()), u32::from(range.end().tenths()));
    low.saturating_sub(t) + t.saturating_sub(high)
}
