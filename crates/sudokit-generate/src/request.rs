//! What a generated puzzle must be: how many givens ([`Givens`]) and how
//! hard ([`Difficulty`]).

use std::ops::RangeInclusive;

use rand::Rng;
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
/// # Which puzzles a band request gives
/// A request with an ER band (a rating range, a level, or both: their
/// overlap) spreads its puzzles over the band rather than returning its
/// easiest ratings, the ones a search from random puzzles meets first.
/// Each request (each seed) draws a target evenly among the band's tenths,
/// up to [`SPREAD_TOP`](Difficulty::SPREAD_TOP) (9.0), and searches for a
/// puzzle rated exactly that. ER takes only the values of Sudoku
/// Explainer's scale (below 6.0 they are few: 1.0, 1.2, 1.5, 1.7, 2.0…;
/// from 6.6 on, chains of every length give most tenths), and some are
/// rare, so the search then accepts a window above the target that widens
/// by a tenth every 32 rated puzzles, up to the band's top. The ratings a
/// band's requests give are therefore close to even over the ratings the
/// search meets in the band, each rare rating's share going to the ones
/// above it.
///
/// ```
/// use sudokit_generate::Difficulty;
/// use sudokit_rules::human::{Score, Technique};
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
    /// The highest target a band request draws (see
    /// [above](Difficulty#which-puzzles-a-band-request-gives)): random
    /// generation and its neighbourhood climb reach 9.0 within seconds, and
    /// higher ratings only by a long search, so a band that reaches past it
    /// aims at its part up to 9.0 (or at its start, when that lies above).
    pub const SPREAD_TOP: Score = Score::from_tenths(90);

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

    /// The ER band the request spans: its rating range within its
    /// level's, when it has either (`None` for neither, or for
    /// [`Level::NeedsGuessing`] alone).
    pub(crate) fn er_band(&self) -> Option<RangeInclusive<Score>> {
        let level = self.level.and_then(Level::er_range);
        match (self.er.clone(), level) {
            (Some(a), Some(b)) => Some(*a.start().max(b.start())..=*a.end().min(b.end())),
            (a, b) => a.or(b),
        }
    }

    /// The highest ER the request allows, if it bounds it (a rating range
    /// or a level): a rating may stop once past it.
    pub(crate) fn max_er(&self) -> Option<Score> {
        self.er_band().map(|band| *band.end())
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

/// What a band request's search aims at (see
/// [`Difficulty`](Difficulty#which-puzzles-a-band-request-gives)): the
/// request with its ER band narrowed to a window that starts at a target
/// drawn evenly over the band's tenths (up to
/// [`SPREAD_TOP`](Difficulty::SPREAD_TOP)), one tenth wide at first,
/// widening by a tenth every [`WIDEN_EVERY`] rated puzzles up to the
/// band's top: ER takes only the values of Sudoku Explainer's scale, so a
/// target may have no puzzle of its own.
#[derive(Clone, Debug)]
pub(crate) struct Aim {
    aimed: Difficulty,
    window: Option<(u16, u16, u16)>,
    rated: u32,
}

/// Rated puzzles between two widenings of an [`Aim`]'s window.
pub(crate) const WIDEN_EVERY: u32 = 32;

impl Aim {
    /// The aim of one request, its target drawn from `rng` (no draw for a
    /// request without an ER band, which is aimed at as it is).
    pub(crate) fn new(request: &Difficulty, rng: &mut impl Rng) -> Aim {
        let window = request.er_band().and_then(|band| {
            let (low, high) = (band.start().tenths(), band.end().tenths());
            let top = high.min(low.max(Difficulty::SPREAD_TOP.tenths()));
            (low < high).then(|| {
                let target = rng.random_range(low..=top);
                (target, target, high)
            })
        });
        let mut aim = Aim { aimed: request.clone(), window, rated: 0 };
        aim.narrow();
        aim
    }

    /// The request narrowed to the current window.
    pub(crate) fn current(&self) -> &Difficulty {
        &self.aimed
    }

    /// Counts a rated puzzle that missed the window; `true` when that
    /// widened it (distances to the aim then change).
    pub(crate) fn missed(&mut self) -> bool {
        self.rated += 1;
        match &mut self.window {
            Some((_, end, high)) if self.rated % WIDEN_EVERY == 0 && *end < *high => {
                *end += 1;
                self.narrow();
                true
            }
            _ => false,
        }
    }

    fn narrow(&mut self) {
        if let Some((target, end, _)) = self.window {
            self.aimed.er = Some(Score::from_tenths(target)..=Score::from_tenths(end));
        }
    }
}

/// How many tenths `score` lies outside `range`.
fn off_range(range: &RangeInclusive<Score>, score: Score) -> u32 {
    let t = u32::from(score.tenths());
    let (low, high) = (u32::from(range.start().tenths()), u32::from(range.end().tenths()));
    low.saturating_sub(t) + t.saturating_sub(high)
}
