//! [`Explainer`]: a solve as a sequence of [`Event`]s — steps, guesses and
//! backtracks — ending with the [`Outcome`].

use std::borrow::Cow;

use sudokit_core::{Cell, Digit, Grid, SolveError};
use sudokit_grid::{Candidates, Contradiction};

use super::position::Position;
use super::step::Step;
use super::strategy::{self, Strategy};

/// What happened at one point of an explained solve.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[non_exhaustive]
pub enum Outcome {
    /// The puzzle has exactly this solution.
    Solved(Grid),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has at least these two solutions (the search stops at
    /// the second).
    MultipleSolutions(Grid, Grid),
}

/// A list of techniques, usually one of the static lists of [`strategy`].
pub(crate) type Strategies = Cow<'static, [&'static dyn Strategy]>;

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
pub(crate) struct Search {
    position: Position,
    stack: Vec<Branch>,
    strategies: Strategies,
    solutions: Vec<Grid>,
    limit: usize,
    finished: bool,
    /// Set when the branch is over: `Some(None)` after a solution.
    failed: Option<Option<Contradiction>>,
}

impl Search {
    pub(crate) fn new(position: Position, strategies: impl Into<Strategies>, limit: usize) -> Search {
        let strategies = strategies.into();
        let failed = position.contradiction().map(Some);
        Search { position, stack: Vec::new(), strategies, solutions: Vec::new(), limit, finished: false, failed }
    }

    pub(crate) fn solutions(&self) -> &[Grid] {
        &self.solutions
    }

    /// The solutions of `position`, up to `limit`, found with the basic
    /// techniques and guesses.
    pub(crate) fn count(position: &Position, limit: usize) -> usize {
        let mut search = Search::new(position.clone(), strategy::basic(), limit);
        while search.advance().is_some() {}
        search.solutions.len()
    }

    /// The next event, `None` after [`Event::Finished`].
    pub(crate) fn advance(&mut self) -> Option<Event> {
        if self.finished {
            return None;
        }
        if let Some(contradiction) = self.failed.take() {
            return Some(self.backtrack(contradiction));
        }
        if self.position.is_solved() {
            let grid = self.position.to_grid();
            self.solutions.push(grid.clone());
            if self.solutions.len() >= self.limit || self.stack.is_empty() {
                return Some(self.finish());
            }
            // Look for another solution: as if this branch had failed.
            self.failed = Some(None);
            return Some(Event::Solution(grid));
        }
        if let Some(step) = self.strategies.iter().find_map(|s| s.find(&self.position)) {
            self.failed = self.position.apply(&step).err().map(Some);
            return Some(Event::Step(step));
        }
        Some(self.guess())
    }

    fn guess(&mut self) -> Event {
        let position = &self.position;
        let cell = (0..position.len())
            .filter(|&i| position.placed(i) == 0)
            .min_by_key(|&i| position.cands(i).len())
            .expect("an unsolved consistent position has an empty cell");
        let cands = position.cands(cell);
        let digit = cands.first().expect("a consistent position has candidates in every empty cell");
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
/// explanations ([`strategy::explained`]: the standard path with the named
/// patterns before the chains); when no technique applies it guesses on a cell
/// with the fewest candidates, keeps the alternatives on a stack, and
/// backtracks on a contradiction. It stops at the second solution.
///
/// The uniqueness techniques (unique rectangles, BUG) are used only once
/// the puzzle is known to have one solution: the explainer first counts
/// solutions up to two with the techniques that do not assume it.
///
/// ```
/// use sudokit::rules::human::{Event, Explainer, Outcome};
/// use sudokit::Grid;
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
pub struct Explainer {
    search: Search,
}

impl Explainer {
    /// The explainer of `puzzle`.
    ///
    /// # Errors
    /// [`SolveError::InvalidPuzzle`] when givens clash.
    pub fn new(puzzle: &Grid) -> Result<Explainer, SolveError> {
        let position = Position::new(puzzle)?;
        Ok(Explainer::from_position(position))
    }

    /// The explainer from a position reached by other means (a player's
    /// pencil marks, say).
    pub fn from_position(position: Position) -> Explainer {
        Explainer::with_strategies(position, strategy::explained())
    }

    /// The explainer from `position` with only `strategies`, in their
    /// order: guesses come sooner with fewer techniques (a game's "explain
    /// with what the player knows"). Techniques that assume uniqueness are
    /// dropped when the puzzle does not have exactly one solution.
    ///
    /// ```
    /// use sudokit::rules::human::{strategy, Event, Explainer, Position};
    /// use sudokit::Grid;
    ///
    /// let puzzle: Grid = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..".parse()?;
    /// let singles = &strategy::basic()[..2];
    /// let events: Vec<Event> = Explainer::with_strategies(Position::new(&puzzle)?, singles).collect();
    /// assert!(events.iter().any(|e| matches!(e, Event::Guess { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_strategies(position: Position, strategies: &'static [&'static dyn Strategy]) -> Explainer {
        let strategies: Strategies = if Search::count(&position, 2) == 1 {
            Cow::Borrowed(strategies)
        } else {
            Cow::Owned(strategies.iter().copied().filter(|s| !s.assumes_uniqueness()).collect())
        };
        Explainer { search: Search::new(position, strategies, 2) }
    }
}

impl Explainer {
    /// The position reached: what the next event starts from.
    pub fn position(&self) -> &Position {
        &self.search.position
    }
}

impl Iterator for Explainer {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        self.search.advance()
    }
}

impl std::fmt::Debug for Explainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Explainer").field("position", &self.search.position).finish_non_exhaustive()
    }
}
