//! [`rate`]: the difficulty of a puzzle on the Sudoku Explainer scale.

use std::borrow::Cow;
use std::fmt;
use std::ops::RangeInclusive;
use std::sync::Arc;

use sudokit_core::{Budget, CountSolutions, Grid, Puzzle, Rulebook, SearchTally, SolveError, StopReason, Variant};

use super::explain::{Search, Strategies};
use super::lists;
use super::position::Position;
use super::step::{NameError, Score, Technique, normalise};
use super::strategy::{Cache, Strategy, first_step};

/// A puzzle's difficulty, as Sudoku Explainer reports it.
///
/// The solving path plays, after every change, the first technique of
/// [`lists::standard`] that applies (Sudoku Explainer 1.2.1's order);
/// the ratings are maxima of step [`Score`]s along that path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Rating {
    /// ER: the hardest step of the path.
    pub er: Score,
    /// EP: the hardest step up to and including the first placement.
    pub ep: Score,
    /// ED: the first step's score.
    pub ed: Score,
    /// The technique of the hardest step; `None` for a puzzle with nothing
    /// to solve, or when ER is [`Rating::STALLED`].
    pub hardest: Option<Technique>,
    /// The level: a coarse name for the rating.
    pub level: Level,
    /// Steps on the path.
    pub steps: usize,
    /// Where the rating stopped before the end of the path, for the
    /// filters of [`Rater`] (`None`: the whole path was walked). The
    /// ratings are then those of the path up to that point.
    pub cutoff: Option<Cutoff>,
}

/// Why a [`Rater`] stopped before the end of the path, as it was asked
/// to: the figures of the [`Rating`] are those of the path so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Cutoff {
    /// The running ER passed the maximum of [`Rater::with_max`]: the ER
    /// is at least the one given.
    AboveMax,
    /// [`RateUntil::FirstPlacement`]: the path stopped at its first
    /// placement, so EP and ED are final.
    FirstPlacement,
    /// [`RateUntil::FirstStep`]: the path stopped after its first step,
    /// so ED is final.
    FirstStep,
    /// [`RateUntil::NotPearl`]: a step after the first placement scored
    /// more than EP, so the puzzle is no pearl (ER > EP).
    NotPearl,
    /// [`RateUntil::NotDiamond`]: a step scored more than ED, so the
    /// puzzle is no diamond (ER or EP > ED).
    NotDiamond,
}

impl Rating {
    /// The ER given to a puzzle whose path stalls ([`Level::NeedsGuessing`]):
    /// the lowest score of Sudoku Explainer's nested forcing chains, the
    /// techniques it would need next.
    pub const STALLED: Score = Score::from_tenths(90);

    /// Counts the score of the path's next step (`placed`: whether a
    /// placement came before it) in ED, EP and ER; `true` when it raised
    /// ER.
    fn count_score(&mut self, score: Score, placed: bool) -> bool {
        if self.steps == 0 {
            self.ed = score;
        }
        if !placed {
            self.ep = self.ep.max(score);
        }
        let raised = score > self.er;
        self.er = self.er.max(score);
        raised
    }

    /// The rating of a path stopped early, by `cutoff`.
    fn cut_off(mut self, cutoff: Cutoff) -> Rating {
        self.level = Level::of(self.er);
        self.cutoff = Some(cutoff);
        self
    }
}

/// A coarse difficulty level, from [`Rating::er`].
///
/// | level | ER | what it needs |
/// |---|---|---|
/// | easy | up to 2.5 | singles and the direct techniques |
/// | medium | up to 4.0 | locked candidates, pairs, triples, X-Wing, swordfish |
/// | hard | up to 5.7 | wings, unique rectangles, quads, jellyfish, BUG |
/// | expert | above 5.7 | chains and forcing chains |
/// | needs guessing | — | the techniques stall before the end |
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Level {
    /// ER up to 2.5.
    Easy,
    /// ER up to 4.0.
    Medium,
    /// ER up to 5.7.
    Hard,
    /// ER above 5.7, solved by logic.
    Expert,
    /// The techniques stall: the path needs a guess. [`Rating::er`] is then
    /// an estimate, [`Rating::STALLED`] or the hardest step before the
    /// stall if higher: Sudoku Explainer solves such puzzles with nested
    /// forcing chains, which it rates 9.0 to 11 or more.
    NeedsGuessing,
}

impl Level {
    /// The level of a path whose hardest step scored `er`.
    pub fn of(er: Score) -> Level {
        [Level::Easy, Level::Medium, Level::Hard]
            .into_iter()
            .find(|level| level.er_range().is_some_and(|range| range.contains(&er)))
            .unwrap_or(Level::Expert)
    }

    /// The ER scores [`Level::of`] gives this level, both ends included;
    /// `None` for [`Level::NeedsGuessing`], which no score gives.
    ///
    /// ```
    /// use sudokit_rules::human::{Level, Score};
    /// assert_eq!(Level::Medium.er_range(), Some(Score::from_tenths(26)..=Score::from_tenths(40)));
    /// ```
    pub fn er_range(self) -> Option<RangeInclusive<Score>> {
        let tenths = |low, high| Some(Score::from_tenths(low)..=Score::from_tenths(high));
        match self {
            Level::Easy => tenths(0, 25),
            Level::Medium => tenths(26, 40),
            Level::Hard => tenths(41, 57),
            Level::Expert => tenths(58, u16::MAX),
            Level::NeedsGuessing => None,
        }
    }

    /// The name in the table above (`needs guessing`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::NeedsGuessing => "needs guessing",
        }
    }
}

/// Reads a level by its name, ignoring case, spaces, hyphens and
/// underscores: `easy`, `medium`, `hard`, `expert`, `needs-guessing`.
///
/// ```
/// use sudokit_rules::human::Level;
/// assert_eq!("needs-guessing".parse::<Level>()?, Level::NeedsGuessing);
/// assert_eq!("Hard".parse::<Level>()?, Level::Hard);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl std::str::FromStr for Level {
    type Err = NameError;

    fn from_str(text: &str) -> Result<Level, NameError> {
        const LEVELS: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::NeedsGuessing];
        let wanted = normalise(text);
        LEVELS
            .into_iter()
            .find(|level| normalise(level.name()) == wanted)
            .ok_or_else(|| NameError::new("level", text, "easy, medium, hard, expert or needs-guessing"))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a puzzle could not be rated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum RateError {
    /// The givens clash.
    #[error(transparent)]
    Invalid(#[from] SolveError),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution: a rating assumes one.
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
    /// The budget of [`rate_with`] ran out before the path ended.
    #[error("rating stopped: {0}")]
    Stopped(StopReason),
    /// A technique of the path panicked (a user's [`Strategy`], say),
    /// with its message: what a runner of many ratings reports for that
    /// puzzle, instead of going down with it.
    #[error("the rating panicked: {0}")]
    Panicked(String),
}

/// Rates `puzzle`: ER, EP, ED and level (see [`Rating`]).
///
/// # Complexity
/// That of [`Rater::rate`]: a path of at most C steps for C candidates, each
/// a search of the techniques in Sudoku Explainer's order; see [`Rater`].
///
/// # References
/// Juillerat, *Sudoku Explainer* 1.2.1 (2006–2007).
///
/// ```
/// use sudokit_rules::human::{rate, Level};
/// use sudokit_core::Grid;
///
/// let easy: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let rating = rate(&easy)?;
/// assert_eq!(rating.level, Level::Easy);
/// assert!(rating.er.as_f64() <= 2.5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`RateError::Invalid`] when givens clash, [`RateError::NoSolution`] and
/// [`RateError::MultipleSolutions`] when the puzzle does not have exactly
/// one solution (checked first, by an exact solver).
pub fn rate(puzzle: &Grid) -> Result<Rating, RateError> {
    rate_with(puzzle, &Budget::unlimited())
}

/// [`rate`] within `budget`, which bounds the whole rating: the
/// uniqueness check first, then each step of the path and the search
/// inside a step (a chain search from each start, each forcing-chain
/// branch). Steps count as iterations, as do the steps of the uniqueness
/// check on grids other than 9×9; search nodes (guesses of the uniqueness
/// check, forcing-chain branches, chain starts) count as nodes. The time
/// limit counts from the call.
///
/// ```
/// use std::time::Duration;
/// use sudokit_rules::human::{rate_with, RateError};
/// use sudokit_core::{Budget, Grid, StopReason};
///
/// let puzzle: Grid = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..".parse()?;
/// let short = Budget::unlimited().with_max_iterations(5);
/// assert_eq!(rate_with(&puzzle, &short), Err(RateError::Stopped(StopReason::IterationLimit)));
/// assert!(rate_with(&puzzle, &Budget::unlimited().with_time_limit(Duration::from_secs(60))).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`rate`], and [`RateError::Stopped`] when the budget runs out.
pub fn rate_with(puzzle: &Grid, budget: &Budget) -> Result<Rating, RateError> {
    Rater::new().with_budget(budget.clone()).rate(puzzle)
}

/// A rating with settings of one's own: the techniques of the path (by
/// default [`lists::standard`], Sudoku Explainer's) and a budget.
/// [`rate`] and [`rate_with`] are its shortcuts.
///
/// With a technique of one's own on the path, its steps count at their
/// own score (see [`Step::builder`](super::Step::builder)); a path without
/// the forcing chains rates more puzzles [`Level::NeedsGuessing`], sooner:
///
/// # Complexity
/// A rating is a path of at most C steps (C the candidates, 729 on 9×9), each
/// a search of the techniques in SE's order until one applies: cheap for the
/// singles and subsets, O(C · P) for a chaining level (P, one propagation, is
/// O(C · n) on side `n`) and C times that for each nesting level. The 657
/// reference puzzles take about 4 s on one core, the hardest known puzzles
/// seconds each. Extra space O(C²) for the chains of one step.
///
/// # References
/// Juillerat, *Sudoku Explainer* 1.2.1 (2006–2007) and gsf's `serate` build
/// of it, whose ratings this reproduces (github.com/1to9only/SudokuExplainer).
///
/// ```
/// use sudokit_rules::human::{lists, Level, Rater};
/// use sudokit_core::Grid;
///
/// let hard: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse()?;
/// let without_chains = &lists::standard()[..21];
/// let rating = Rater::new().with_strategies(without_chains.iter().copied()).rate(&hard)?;
/// assert_eq!(rating.level, Level::NeedsGuessing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// For filters, the rating can stop early, as Sudoku Explainer's
/// `analyseDifficulty` and serate's `--pearl` and `--diamond` do; the
/// [`Rating::cutoff`] says where:
///
/// ```
/// use sudokit_rules::human::{Cutoff, RateUntil, Rater, Score};
/// use sudokit_core::Grid;
///
/// let hard: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse()?;
/// let easy_only = Rater::new().with_max(Score::from_tenths(60));
/// let rating = easy_only.rate(&hard)?;
/// assert_eq!(rating.cutoff, Some(Cutoff::AboveMax));
/// assert!(rating.er > Score::from_tenths(60));
///
/// // EP and ED alone stop at the first placement.
/// let ep = Rater::new().until(RateUntil::FirstPlacement).rate(&hard)?;
/// assert_eq!(ep.cutoff, Some(Cutoff::FirstPlacement));
/// assert_eq!(ep.ep, Rater::new().rate(&hard)?.ep);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Rater<'a> {
    strategies: Strategies<'a>,
    budget: Budget,
    stop: Stop,
    counter: Option<MakeCounter>,
    /// Threads per rating (see [`Rater::with_threads`]).
    threads: usize,
}

/// Makes the exact solver that counts a puzzle's solutions before its
/// rating (one per rating, so that a rater serves several threads).
type MakeCounter = Arc<dyn Fn() -> Box<dyn CountSolutions> + Send + Sync>;

/// When a [`Rater`] stops before the end of the path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Stop {
    max: Option<Score>,
    until: RateUntil,
}

/// How far a [`Rater`] follows the path: to its end, or only until the
/// figures a filter asks for are known (Sudoku Explainer's and serate's
/// exit modes). One goal at a time: [`Rater::until`] sets it, and a
/// second call replaces the first. The [`Rating::cutoff`] says where a
/// path stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RateUntil {
    /// The whole path: ER, EP and ED.
    #[default]
    Solved,
    /// ED only: stops after the first step ([`Cutoff::FirstStep`]).
    FirstStep,
    /// EP and ED only: stops at the first placement
    /// ([`Cutoff::FirstPlacement`]).
    FirstPlacement,
    /// serate's `--pearl`: stops with [`Cutoff::NotPearl`] as soon as a
    /// step after the first placement scores more than EP; a pearl
    /// (ER = EP) gets its full rating.
    NotPearl,
    /// serate's `--diamond`: stops with [`Cutoff::NotDiamond`] as soon as
    /// a step scores more than ED; a diamond (ER = EP = ED) gets its full
    /// rating.
    NotDiamond,
}

impl Default for Rater<'static> {
    fn default() -> Self {
        Rater::new()
    }
}

impl Rater<'static> {
    /// Sudoku Explainer's path, without a limit.
    pub fn new() -> Rater<'static> {
        Rater {
            strategies: Cow::Borrowed(lists::standard()),
            budget: Budget::unlimited(),
            stop: Stop::default(),
            counter: None,
            threads: 1,
        }
    }
}

impl<'a> Rater<'a> {
    /// Rates with `strategies` only, in their order: the path plays the
    /// first that finds a step.
    #[must_use]
    pub fn with_strategies<'b>(self, strategies: impl IntoIterator<Item = &'b dyn Strategy>) -> Rater<'b> {
        Rater {
            strategies: Cow::Owned(strategies.into_iter().collect()),
            budget: self.budget,
            stop: self.stop,
            counter: self.counter,
            threads: self.threads,
        }
    }

    /// Rates each puzzle on `threads` threads (the calling one among them;
    /// 0 counts as 1, the default is 1): the steps that need the nested
    /// forcing chains (9.5 and up) run their branches on all of them, with
    /// the same rating. For one hard puzzle's latency; to rate many
    /// puzzles, one thread per puzzle (as `rate_many` does) uses the cores
    /// better. The budget's caps and deadline bind every thread.
    ///
    /// ```
    /// use sudokit_core::Grid;
    /// use sudokit_rules::human::Rater;
    /// let puzzle: Grid = "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...".parse()?;
    /// let rating = Rater::new().with_threads(2).rate(&puzzle)?;
    /// assert_eq!(rating, Rater::new().rate(&puzzle)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Rater<'a> {
        self.threads = threads.max(1);
        self
    }

    /// Stops as soon as the running ER exceeds `max`, with
    /// [`Cutoff::AboveMax`]: a filter for puzzles up to `max` saves the
    /// rest of the path (Sudoku Explainer's `analyseDifficulty` breaks the
    /// same way). A puzzle whose ER is at most `max` gets its full rating.
    ///
    /// Below 9.0, the techniques at the end of the path whose
    /// [least scores](Strategy::least_score) all exceed `max` (the chains
    /// and forcing chains under 6.2) are not searched: a position that
    /// needs them ends the rating, with their least score as its ER.
    #[must_use]
    pub fn with_max(mut self, max: Score) -> Rater<'a> {
        self.stop.max = Some(max);
        self
    }

    /// Follows the path only as far as `until` asks (see [`RateUntil`]);
    /// replaces an earlier goal.
    #[must_use]
    pub fn until(mut self, until: RateUntil) -> Rater<'a> {
        self.stop.until = until;
        self
    }

    /// Counts each puzzle's solutions, before its path, with a solver that
    /// `make` builds (one per rating). By default the rating counts them
    /// with its own search (the basic techniques, then guesses), exact on
    /// every shape; a dedicated exact solver is faster, and the `sudokit`
    /// facade's ratings and generator give its `Auto`:
    ///
    /// ```
    /// use sudokit_core::Grid;
    /// use sudokit_grid::PropagationSearch;
    /// use sudokit_rules::human::Rater;
    ///
    /// let puzzle: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse()?;
    /// let fast = Rater::new().with_counter(PropagationSearch::new);
    /// assert_eq!(fast.rate(&puzzle)?, Rater::new().rate(&puzzle)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_counter<C: CountSolutions + 'static>(
        mut self,
        make: impl Fn() -> C + Send + Sync + 'static,
    ) -> Rater<'a> {
        self.counter = Some(Arc::new(move || Box::new(make())));
        self
    }

    /// Bounds each rating by `budget` (see [`rate_with`]).
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Rater<'a> {
        self.budget = budget;
        self
    }

    /// The rating of `puzzle`.
    ///
    /// # Errors
    /// As [`rate_with`].
    pub fn rate(&self, puzzle: &Grid) -> Result<Rating, RateError> {
        rate_on_path(puzzle, &Rulebook::standard(puzzle.shape()), self)
    }

    /// The rating of `puzzle` under the rules of `variant`, as
    /// SukakuExplainer rates variants: the path's techniques that take the
    /// rules ([`Strategy::takes`]), with generalized intersections and
    /// naked sets in place of pointing, claiming and naked sets, and no
    /// uniqueness technique. The chains link through the variant's houses
    /// and relations, and the dynamic levels run the generalized
    /// techniques inside their branches.
    ///
    /// ```
    /// use sudokit_rules::human::{Rater, Technique};
    /// use sudokit_core::{Grid, Shape, Variant};
    ///
    /// let x = Variant::standard(Shape::CLASSIC).with_diagonals();
    /// // SukakuExplainer rates this X puzzle 2.9, 1.2, 1.2
    /// // (`puzzles/sukaku_variants_reference.csv`).
    /// let puzzle: Grid = "....65...51.7.......23..5.....8.7...1.5....7.3........7.4528.1.921.7..58....492.7".parse()?;
    /// let rating = Rater::new().rate_variant(&puzzle, &x)?;
    /// assert_eq!((rating.er.to_string(), rating.ep.to_string(), rating.ed.to_string()), ("2.9".into(), "1.2".into(), "1.2".into()));
    /// assert_eq!(rating.hardest, Some(Technique::GeneralizedIntersection));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`rate_with`], with clashes under the variant's rules.
    pub fn rate_variant(&self, puzzle: &Grid, variant: &Variant) -> Result<Rating, RateError> {
        rate_on_path(puzzle, &Rulebook::new(variant.clone()), self)
    }

    /// [`rate_variant`](Rater::rate_variant) for a puzzle with its rules
    /// compiled: the tables the rating reads are built the first time the
    /// rules are rated and kept with them, so the puzzles of a file under
    /// one rules line ([`PuzzleReader::with_rules`]) build them once.
    ///
    /// [`PuzzleReader::with_rules`]: sudokit_grid::io::PuzzleReader::with_rules
    ///
    /// # Errors
    /// As [`rate_variant`](Rater::rate_variant).
    pub fn rate_puzzle(&self, puzzle: &Puzzle) -> Result<Rating, RateError> {
        rate_on_path(puzzle.grid(), puzzle.rules(), self)
    }
}

impl fmt::Debug for Rater<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.strategies.iter().map(|s| s.name()).collect();
        f.debug_struct("Rater")
            .field("strategies", &names)
            .field("budget", &self.budget)
            .field("stop", &self.stop)
            .field("counter", &self.counter.as_ref().map_or("the rating's own search", |_| "the user's"))
            .field("threads", &self.threads)
            .finish()
    }
}

fn rate_on_path(puzzle: &Grid, rules: &Rulebook, rater: &Rater<'_>) -> Result<Rating, RateError> {
    let (strategies, stop) = (&rater.strategies, rater.stop);
    let budget = rater.budget.starting_now();
    let mut tally = SearchTally::slow(&budget, 0);
    tally.check().map_err(RateError::Stopped)?;
    let mut position = Position::with_rules(puzzle, rules)?;
    match count_solutions(puzzle, rules, &position, rater.counter.as_ref(), &mut tally)? {
        0 => return Err(RateError::NoSolution),
        1 => {}
        _ => return Err(RateError::MultipleSolutions),
    }
    let mut rating = Rating {
        er: Score::default(),
        ep: Score::default(),
        ed: Score::default(),
        hardest: None,
        level: Level::Easy,
        steps: 0,
        cutoff: None,
    };
    let mut placed = false;
    let mut cache = Cache::new().with_threads(rater.threads);
    let (strategies, above) = stop.before_above_max(strategies, rules);
    while !position.is_solved() {
        let found = first_step(strategies, &position, &mut tally, &mut cache).map_err(RateError::Stopped)?;
        if let (None, Some(bound)) = (&found, above) {
            // The techniques left would all rate above the maximum, and
            // so would a stall: a step of at least `bound` comes next.
            rating.count_score(bound, placed);
            return Ok(rating.cut_off(Cutoff::AboveMax));
        }
        let Some(step) = found else {
            rating.level = Level::NeedsGuessing;
            if rating.er < Rating::STALLED {
                rating.er = Rating::STALLED;
                rating.hardest = None;
            }
            return Ok(rating);
        };
        if rating.count_score(step.score(), placed) {
            rating.hardest = Some(step.technique());
        }
        placed |= !step.placements().is_empty();
        rating.steps += 1;
        position.apply(&step).map_err(|_| RateError::NoSolution)?;
        if let Some(cutoff) = stop.cutoff(&rating, placed) {
            return Ok(rating.cut_off(cutoff));
        }
        tally.step().map_err(RateError::Stopped)?;
    }
    rating.level = Level::of(rating.er);
    Ok(rating)
}

impl Stop {
    /// The path's strategies up to the last that may rate at most the
    /// maximum, and, when some are left out, a score that whatever they
    /// find (or a stall, rated [`Rating::STALLED`]) reaches: the least of
    /// their least scores, and of the stall's. Only a maximum below the
    /// stall's leaves any out, and only a run of strategies at the end
    /// whose least scores ([`Strategy::least_score`]) all exceed it.
    fn before_above_max<'s, 'a>(
        self,
        strategies: &'s [&'a dyn Strategy],
        rules: &Rulebook,
    ) -> (&'s [&'a dyn Strategy], Option<Score>) {
        let Some(max) = self.max.filter(|&max| max < Rating::STALLED) else { return (strategies, None) };
        let mut keep = strategies.len();
        let mut bound = Rating::STALLED;
        for (k, strategy) in strategies.iter().enumerate().rev() {
            if !strategy.takes(rules) {
                continue;
            }
            match strategy.least_score() {
                Some(least) if least > max => {
                    keep = k;
                    bound = bound.min(least);
                }
                _ => break,
            }
        }
        if keep == strategies.len() { (strategies, None) } else { (&strategies[..keep], Some(bound)) }
    }

    /// Whether the path may stop after a step (`placed`: whether a
    /// placement has come by now, which makes EP final).
    fn cutoff(self, rating: &Rating, placed: bool) -> Option<Cutoff> {
        if self.max.is_some_and(|max| rating.er > max) {
            return Some(Cutoff::AboveMax);
        }
        match self.until {
            RateUntil::Solved => None,
            RateUntil::FirstStep => Some(Cutoff::FirstStep),
            RateUntil::FirstPlacement => placed.then_some(Cutoff::FirstPlacement),
            RateUntil::NotPearl => (placed && rating.er > rating.ep).then_some(Cutoff::NotPearl),
            RateUntil::NotDiamond => (rating.er > rating.ed).then_some(Cutoff::NotDiamond),
        }
    }
}

/// Solutions of the puzzle, up to two, within the budget of `tally`: by
/// the counter the rater was given, else by the rating's own search.
fn count_solutions(
    puzzle: &Grid,
    rules: &Rulebook,
    position: &Position,
    counter: Option<&MakeCounter>,
    tally: &mut SearchTally<'_>,
) -> Result<usize, RateError> {
    if let Some(make) = counter {
        let puzzle = Puzzle::new(puzzle.clone(), rules.clone()).map_err(RateError::Invalid)?;
        let counted = make().count_puzzle_solutions_with(&puzzle, 2, tally.meter_mut().budget());
        return match counted {
            Ok(count) => Ok(count as usize),
            Err(SolveError::BudgetExhausted { reason, .. }) => Err(RateError::Stopped(reason)),
            Err(other) => Err(RateError::Invalid(other)),
        };
    }
    Search::count(position, 2, tally).map_err(RateError::Stopped)
}
