//! [`Explainer`]: a solve as a sequence of [`Event`]s — steps, guesses and
//! backtracks — ending with the [`Outcome`].

use std::borrow::Cow;
use std::fmt;

use sudokit_core::{
    Budget, Cell, CountSolutions, Digit, Grid, Puzzle, SearchTally, SolveError, Solver, Stats, StopReason, Variant,
};
use sudokit_grid::{Candidates, Contradiction, PropagationSearch};

use super::lists;
use super::position::Position;
use super::step::Step;
use super::strategy::{Cache, Strategy, first_step};

/// What happened at one point of an explained solve.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum Event {
    /// A technique found this step, and it was played.
    Step(Step),
    /// No technique applied: `digit` is tried in `cell`, a cell with the
    /// fewest candidates; `alternatives` are kept to try on backtrack.
    Guess {
        /// The cell guessed.
        cell: Cell,
        /// The digit tried.
        digit: Digit,
        /// The candidates left to try later.
        alternatives: Candidates,
        /// Guesses open, this one included.
        depth: usize,
    },
    /// The latest guess led to a contradiction, or to a solution when the
    /// search looks for a second one: the position before the guess is
    /// restored and the next alternative, `digit` in `cell`, is tried.
    Backtrack {
        /// Why the branch failed; `None` when it ended in a solution.
        contradiction: Option<Contradiction>,
        /// The cell guessed again.
        cell: Cell,
        /// The alternative now tried.
        digit: Digit,
        /// Guesses open, this one included.
        depth: usize,
    },
    /// A complete grid was reached; the search goes on to look for
    /// another.
    Solution(Grid),
    /// The end: the last event.
    Finished(Outcome),
}

/// How an explained solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Outcome {
    /// The puzzle has exactly this solution.
    Solved(Grid),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has at least these two solutions (the search stops at
    /// the second).
    MultipleSolutions(Grid, Grid),
    /// The budget of [`Explainer::with_budget`] ran out first.
    Stopped(StopReason),
}

impl fmt::Display for Outcome {
    /// A sentence: `solved: 534678912…`, `no solution`, `several
    /// solutions, among them …`, `stopped: time limit reached`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Solved(grid) => write!(f, "solved: {grid}"),
            Outcome::NoSolution => f.write_str("no solution"),
            Outcome::MultipleSolutions(a, b) => write!(f, "several solutions, among them {a} and {b}"),
            Outcome::Stopped(reason) => write!(f, "stopped: {reason}"),
        }
    }
}

impl fmt::Display for Event {
    /// One line per event, as the `explain` example prints them: the
    /// step's sentence, `Guess: 4 in r2c3 (depth 1; 6, 8 left)`,
    /// `Backtrack: …`, `Solution: …`, `Finished: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Step(step) => write!(f, "{step}"),
            Event::Guess { cell, digit, alternatives, depth } => {
                write!(f, "Guess: {digit} in {cell} (depth {depth}; {} left)", DigitList(*alternatives))
            }
            Event::Backtrack { contradiction, cell, digit, depth } => {
                f.write_str("Backtrack: ")?;
                match contradiction {
                    Some(why) => write!(f, "{why}")?,
                    None => f.write_str("a solution was found")?,
                }
                write!(f, "; trying {digit} in {cell} (depth {depth})")
            }
            Event::Solution(grid) => write!(f, "Solution: {grid}"),
            Event::Finished(outcome) => write!(f, "Finished: {outcome}"),
        }
    }
}

/// Digits as `6, 8`, or `none`.
struct DigitList(Candidates);

impl fmt::Display for DigitList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        for (i, digit) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

/// A list of techniques: one of the static lists of [`lists`], or a
/// user's own.
pub(crate) type Strategies<'a> = Cow<'a, [&'a dyn Strategy]>;

/// A guess still open: the position before it and the digits left.
#[derive(Clone, Debug)]
struct Branch {
    before: Position,
    cell: usize,
    left: Candidates,
}

/// The search behind the explainer and the `rules` solver: techniques
/// after every change, a guess on a cell with the fewest candidates when
/// none applies, an explicit stack of open guesses.
#[derive(Clone)]
pub(crate) struct Search<'a> {
    position: Position,
    stack: Vec<Branch>,
    strategies: Strategies<'a>,
    solutions: Vec<Grid>,
    limit: usize,
    finished: bool,
    /// Set when the branch is over: `Some(None)` after a solution.
    failed: Option<Option<Contradiction>>,
    /// What the techniques keep from one step to the next.
    cache: Cache,
    /// The puzzle's one solution, when known: a guess places its digit,
    /// and the walk ends at it rather than look for a second.
    solution: Option<Grid>,
}

impl<'a> Search<'a> {
    pub(crate) fn new(position: Position, strategies: Strategies<'a>, limit: usize) -> Search<'a> {
        let failed = position.contradiction().map(Some);
        let cache = Cache::new();
        Search {
            position,
            stack: Vec::new(),
            strategies,
            solutions: Vec::new(),
            limit,
            finished: false,
            failed,
            cache,
            solution: None,
        }
    }

    /// The search with `strategies` instead, from where it stands.
    fn with_strategies<'b>(self, strategies: Strategies<'b>) -> Search<'b> {
        let Search { position, stack, strategies: _, solutions, limit, finished, failed, cache, solution } = self;
        Search { position, stack, strategies, solutions, limit, finished, failed, cache, solution }
    }

    pub(crate) fn solutions(&self) -> &[Grid] {
        &self.solutions
    }

    /// The solutions of `position`, up to `limit`, found with the basic
    /// techniques and guesses within the budget of `tally` (see
    /// [`Search::tick`]).
    pub(crate) fn count(position: &Position, limit: usize, tally: &mut SearchTally<'_>) -> Result<usize, StopReason> {
        let mut search = Search::new(position.clone(), Cow::Borrowed(lists::basic()), limit);
        search.run(tally)?;
        Ok(search.solutions.len())
    }

    /// Advances to the end, every event counted in `tally`.
    pub(crate) fn run(&mut self, tally: &mut SearchTally<'_>) -> Result<(), StopReason> {
        while let Some(event) = self.advance(tally)? {
            Search::tick(&event, tally)?;
        }
        Ok(())
    }

    /// Counts `event` in `tally`: a step is an iteration, a guess or a
    /// backtrack a node (and a guess or a backtrack).
    pub(crate) fn tick(event: &Event, tally: &mut SearchTally<'_>) -> Result<(), StopReason> {
        match event {
            Event::Step(_) => tally.step(),
            Event::Guess { .. } => {
                tally.stats_mut().guesses += 1;
                tally.enter()
            }
            Event::Backtrack { .. } => {
                tally.stats_mut().backtracks += 1;
                tally.enter()
            }
            Event::Solution(_) | Event::Finished(_) => Ok(()),
        }
    }

    /// The next event, `None` after [`Event::Finished`]; the techniques
    /// search within the budget of `tally`.
    pub(crate) fn advance(&mut self, tally: &mut SearchTally<'_>) -> Result<Option<Event>, StopReason> {
        if self.finished {
            return Ok(None);
        }
        Ok(Some(self.event(tally)?))
    }

    fn event(&mut self, tally: &mut SearchTally<'_>) -> Result<Event, StopReason> {
        if let Some(contradiction) = self.failed.take() {
            return Ok(self.backtrack(contradiction));
        }
        if self.position.is_solved() {
            let grid = self.position.to_grid();
            self.solutions.push(grid.clone());
            if self.solutions.len() >= self.limit || self.stack.is_empty() || self.solution.is_some() {
                return Ok(self.finish());
            }
            // Look for another solution: as if this branch had failed.
            self.failed = Some(None);
            return Ok(Event::Solution(grid));
        }
        if let Some(step) = first_step(&self.strategies, &self.position, tally, &mut self.cache)? {
            self.failed = self.position.apply(&step).err().map(Some);
            return Ok(Event::Step(step));
        }
        Ok(self.guess())
    }

    fn guess(&mut self) -> Event {
        let position = &self.position;
        let cell = (0..position.len())
            .filter(|&i| position.placed(i) == 0)
            .min_by_key(|&i| position.cands(i).len())
            .expect("an unsolved consistent position has an empty cell");
        let cands = position.cands(cell);
        let known = self.solution.as_ref().and_then(|solution| Digit::new(solution.values()[cell]));
        let digit = known
            .filter(|&digit| cands.contains(digit))
            .or_else(|| cands.first())
            .expect("a consistent position has candidates in every empty cell");
        let left = cands - Candidates::single(digit);
        self.stack.push(Branch { before: self.position.clone(), cell, left });
        self.position.place(cell, digit);
        self.failed = self.position.contradiction().map(Some);
        Event::Guess { cell: self.position.cell(cell), digit, alternatives: left, depth: self.stack.len() }
    }

    fn backtrack(&mut self, contradiction: Option<Contradiction>) -> Event {
        let depth = self.stack.len();
        let Some(branch) = self.stack.last_mut() else { return self.finish() };
        let digit = branch.left.first().expect("branches on the stack have an alternative left");
        branch.left.remove(digit);
        let cell = branch.cell;
        self.position = branch.before.clone();
        if branch.left.is_empty() {
            self.stack.pop();
        }
        self.position.place(cell, digit);
        self.failed = self.position.contradiction().map(Some);
        Event::Backtrack { contradiction, cell: self.position.cell(cell), digit, depth }
    }

    fn finish(&mut self) -> Event {
        self.finished = true;
        let mut found = self.solutions.iter().cloned();
        Event::Finished(match (found.next(), found.next()) {
            (Some(one), None) => Outcome::Solved(one),
            (Some(one), Some(two)) => Outcome::MultipleSolutions(one, two),
            _ => Outcome::NoSolution,
        })
    }
}

/// A puzzle solved step by step, as a player would: an iterator of
/// [`Event`]s ending with [`Event::Finished`].
///
/// After every change it plays the easiest step of the path of
/// explanations ([`lists::explained`]: the standard path with the named
/// patterns before the chains); when no technique applies it guesses on a
/// cell with the fewest candidates and keeps the alternatives on a stack.
/// It stops at the second solution.
///
/// It first counts the solutions up to two, with one propagation search
/// (`sudokit_grid::PropagationSearch`; the techniques' own search for
/// rules that one does not take). The uniqueness techniques (unique
/// rectangles, BUG) are used only when there is exactly one; and then a
/// guess places the solution's digit, so the walk never goes down a wrong
/// branch and ends at the solution. With none or several solutions a
/// guess tries the smallest digit and the walk backtracks on a
/// contradiction.
///
/// A [budget](Explainer::with_budget) bounds the whole walk, that first
/// count included: its time limit counts from the first event, a step is
/// an iteration and a guess, a backtrack, a forcing-chain branch or a
/// node of the first count's search a node.
/// When it runs out the last event is
/// [`Finished(Outcome::Stopped(..))`](Outcome::Stopped).
///
/// ```
/// use sudokit_rules::human::{Event, Explainer, Outcome};
/// use sudokit_core::Grid;
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut steps = 0;
/// for event in Explainer::new(&puzzle)? {
///     match event {
///         Event::Step(step) => {
///             steps += 1;
///             println!("{step}");
///         }
///         Event::Finished(outcome) => assert!(matches!(outcome, Outcome::Solved(ref g) if g.is_solution_of(&puzzle))),
///         other => println!("{other:?}"),
///     }
/// }
/// assert!(steps >= puzzle.empty_count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Explainer<'a> {
    search: Search<'a>,
    budget: Budget,
    /// The work done so far, against the budget.
    stats: Stats,
    /// Whether the puzzle has one solution, once counted: the uniqueness
    /// techniques are dropped when it has not.
    unique: Option<bool>,
}

impl Explainer<'static> {
    /// The explainer of `puzzle`.
    ///
    /// # Errors
    /// [`SolveError::InvalidPuzzle`] when givens clash.
    pub fn new(puzzle: &Grid) -> Result<Explainer<'static>, SolveError> {
        let position = Position::new(puzzle)?;
        Ok(Explainer::from_position(position))
    }

    /// The explainer of `puzzle` under the rules of `variant`: the
    /// techniques that take them ([`Strategy::takes`]), naming the
    /// variant's houses ("within the main diagonal"), then guesses.
    ///
    /// ```
    /// use sudokit_rules::human::{Event, Explainer, Outcome};
    /// use sudokit_core::{Grid, Shape, Variant};
    ///
    /// // An X puzzle: both diagonals are houses too.
    /// let puzzle: Grid = "..6..5.7....9....54..7.3.................2.1..67.......4...7.8...5.....18.....53.".parse()?;
    /// let variant = Variant::standard(Shape::CLASSIC).with_diagonals();
    /// let mut diagonal = false;
    /// for event in Explainer::with_variant(&puzzle, &variant)? {
    ///     match event {
    ///         Event::Step(step) => diagonal |= step.to_string().contains("diagonal"),
    ///         Event::Finished(outcome) => {
    ///             assert!(matches!(outcome, Outcome::Solved(ref g) if variant.is_solution_of(g, &puzzle)))
    ///         }
    ///         _ => {}
    ///     }
    /// }
    /// assert!(diagonal, "a step names a diagonal");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Position::with_variant`].
    pub fn with_variant(puzzle: &Grid, variant: &Variant) -> Result<Explainer<'static>, SolveError> {
        Ok(Explainer::from_position(Position::with_variant(puzzle, variant)?))
    }

    /// The explainer of a puzzle with its rules compiled (see
    /// [`Position::with_rules`]).
    ///
    /// # Errors
    /// As [`Position::with_rules`].
    pub fn with_puzzle(puzzle: &Puzzle) -> Result<Explainer<'static>, SolveError> {
        Ok(Explainer::from_position(Position::with_rules(puzzle.grid(), puzzle.rules())?))
    }

    /// The explainer from a position reached by other means (a player's
    /// pencil marks, say).
    pub fn from_position(position: Position) -> Explainer<'static> {
        let search = Search::new(position, Cow::Borrowed(lists::explained()), 2);
        Explainer { search, budget: Budget::unlimited(), stats: Stats::new(), unique: None }
    }
}

impl<'a> Explainer<'a> {
    /// Explains with `strategies` only, in their order, instead of
    /// [`lists::explained`]: guesses come sooner with fewer techniques (a
    /// game's "explain with what the player knows"), and techniques of
    /// one's own join in (see [`Step::builder`]). Techniques that assume
    /// uniqueness are dropped when the puzzle does not have exactly one
    /// solution. Call it before the first event.
    ///
    /// ```
    /// use sudokit_rules::human::techniques::{HiddenSingles, NakedSingles};
    /// use sudokit_rules::human::{Event, Explainer, Strategy};
    /// use sudokit_core::Grid;
    ///
    /// let puzzle: Grid = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..".parse()?;
    /// let singles: [&dyn Strategy; 2] = [&HiddenSingles, &NakedSingles];
    /// let events: Vec<Event> = Explainer::new(&puzzle)?.with_strategies(singles).collect();
    /// assert!(events.iter().any(|e| matches!(e, Event::Guess { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A technique of one's own, here one that calls the last candidate
    /// of a digit in a row a "lonely digit" (a hidden single, at a score
    /// of its own), joins the built-in ones:
    ///
    /// ```
    /// use sudokit_rules::human::{lists, CustomTechnique, Event, Explainer, Position, Score, Step, Strategy, Technique};
    /// use sudokit_core::{Digit, Grid, HouseKind};
    ///
    /// struct LonelyDigit;
    ///
    /// const LONELY: Technique = Technique::Custom(CustomTechnique::new("Lonely digit", Score::from_tenths(11)));
    ///
    /// impl Strategy for LonelyDigit {
    ///     fn name(&self) -> &'static str {
    ///         LONELY.name()
    ///     }
    ///
    ///     fn find(&self, position: &Position) -> Option<Step> {
    ///         let side = position.shape().side() as u8;
    ///         for row in position.houses().filter(|h| h.kind() == HouseKind::Row) {
    ///             for digit in (1..=side).filter_map(Digit::new) {
    ///                 let mut places = position.cells_of(row).filter(|&c| position.candidates(c).contains(digit));
    ///                 if let (Some(cell), None) = (places.next(), places.next()) {
    ///                     return Step::builder(LONELY).placing(cell, digit).with_houses([row]).build(position).ok();
    ///                 }
    ///             }
    ///         }
    ///         None
    ///     }
    /// }
    ///
    /// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
    /// let mine = LonelyDigit;
    /// let strategies = std::iter::once(&mine as &dyn Strategy).chain(lists::explained().iter().copied());
    /// let events: Vec<Event> = Explainer::new(&puzzle)?.with_strategies(strategies).collect();
    /// let Some(Event::Step(first)) = events.first() else { return Err("no step".into()) };
    /// assert_eq!(first.technique(), LONELY);
    /// // The 5s of boxes 1 and 2 and of column 9 leave row 3 one place for a 5.
    /// assert_eq!(first.to_string(), "Lonely digit (row 3): 5 placed in r3c7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_strategies<'b>(self, strategies: impl IntoIterator<Item = &'b dyn Strategy>) -> Explainer<'b> {
        let keep = |s: &&dyn Strategy| self.unique != Some(false) || !s.assumes_uniqueness();
        let strategies: Vec<&'b dyn Strategy> = strategies.into_iter().filter(keep).collect();
        let Explainer { search, budget, stats, unique } = self;
        Explainer { search: search.with_strategies(Cow::Owned(strategies)), budget, stats, unique }
    }

    /// Bounds the walk by `budget` (see [above](Explainer#budget)): a
    /// game's "explain" button that must answer in time.
    ///
    /// ```
    /// use sudokit_rules::human::{Event, Explainer, Outcome};
    /// use sudokit_core::{Budget, Grid, Shape, StopReason};
    ///
    /// // An empty grid needs a guess at every cell: ten nodes run out.
    /// let budget = Budget::unlimited().with_max_nodes(10);
    /// let last = Explainer::new(&Grid::empty(Shape::CLASSIC))?.with_budget(budget).last();
    /// assert_eq!(last, Some(Event::Finished(Outcome::Stopped(StopReason::NodeLimit))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Explainer<'a> {
        self.budget = budget;
        self
    }

    /// The position reached: what the next event starts from.
    pub fn position(&self) -> &Position {
        &self.search.position
    }

    /// The work done so far: steps as iterations, guesses and backtracks
    /// (and forcing-chain branches) as nodes.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Counts the solutions once, and drops the uniqueness techniques
    /// unless there is exactly one. The propagation search counts (the
    /// human techniques' own search where it does not take the rules):
    /// one search, not a walk of steps down every branch. A unique
    /// puzzle's solution is kept for the guesses.
    fn count(&mut self, budget: &Budget, tally: &mut SearchTally<'_>) -> Result<(), StopReason> {
        if self.unique.is_some() {
            return Ok(());
        }
        let unique = match engine_solution(&self.search.position, budget, &mut self.stats) {
            Some(Ok(solution)) => {
                let unique = solution.is_some();
                self.search.solution = solution;
                unique
            }
            Some(Err(SolveError::BudgetExhausted { reason, .. })) => return Err(reason),
            Some(Err(_)) | None => Search::count(&self.search.position, 2, tally)? == 1,
        };
        if !unique {
            let kept: Vec<_> = self.search.strategies.iter().copied().filter(|s| !s.assumes_uniqueness()).collect();
            self.search.strategies = Cow::Owned(kept);
        }
        self.unique = Some(unique);
        Ok(())
    }

    fn advance(&mut self, budget: &Budget, tally: &mut SearchTally<'_>) -> Result<Option<Event>, StopReason> {
        self.count(budget, tally)?;
        let event = self.search.advance(tally)?;
        if let Some(event) = &event {
            Search::tick(event, tally)?;
        }
        Ok(event)
    }
}

impl Iterator for Explainer<'_> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        if self.search.finished {
            return None;
        }
        if self.unique.is_none() {
            // The time limit counts from the first event.
            self.budget = self.budget.starting_now();
        }
        // Taken out for the tally to borrow while the search moves on.
        let budget = std::mem::take(&mut self.budget);
        // Each event's tally counts its own work, which its drop charges
        // to the budget's shared caps: the next event has what is left.
        let mut tally = SearchTally::slow(&budget, 0);
        let result = self.advance(&budget, &mut tally);
        self.stats += *tally.stats();
        drop(tally);
        self.budget = budget;
        match result {
            Ok(event) => event,
            Err(reason) => {
                self.search.finished = true;
                Some(Event::Finished(Outcome::Stopped(reason)))
            }
        }
    }
}

/// The one solution of `position` (its placed digits and candidates under
/// its rules), by the propagation search: `Ok(None)` when it has none or
/// several, `None` for a position the search cannot be given (a cell
/// without candidates, which the walk meets at once). Its work is added
/// to `spent`.
fn engine_solution(
    position: &Position,
    budget: &Budget,
    spent: &mut Stats,
) -> Option<Result<Option<Grid>, SolveError>> {
    let marks: Vec<u64> = (0..position.len()).map(|i| position.marks(i).bits()).collect();
    let variant = position.variant().clone().with_marks(&marks).ok()?;
    let puzzle = Puzzle::new(position.to_grid(), variant).ok()?;
    let mut engine = PropagationSearch::new();
    let count = engine.count_puzzle_solutions_with(&puzzle, 2, budget);
    *spent += engine.last_stats();
    Some(match count {
        Ok(1) => {
            let solution = engine.solve_puzzle_with(&puzzle, budget);
            *spent += engine.last_stats();
            solution.map(|solution| Some(solution.grid))
        }
        Ok(_) => Ok(None),
        Err(error) => Err(error),
    })
}

impl std::fmt::Debug for Explainer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Explainer").field("position", &self.search.position).finish_non_exhaustive()
    }
}
