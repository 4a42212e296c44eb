//! The [`Solver`] and [`CountSolutions`] traits and what they return.

use std::time::Duration;

use crate::budget::Budget;
use crate::error::SolveError;
use crate::grid::Grid;

/// Work counters reported by a solver.
///
/// Each solver fills the counters that mean something for its method and
/// documents what it counts; the others stay 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stats {
    /// Search nodes: recursive calls, placements or DLX column choices.
    pub nodes: u64,
    /// Placements undone because the search below them failed.
    pub backtracks: u64,
    /// Choices made between two or more candidates (branch points).
    pub guesses: u64,
    /// Local-search iterations (moves tried) or rule passes.
    pub iterations: u64,
    /// Local-search restarts.
    pub restarts: u64,
    /// Wall-clock time spent in the solver; zero when the budget was
    /// [without timing](crate::Budget::without_timing).
    pub elapsed: Duration,
}

/// A solved grid with the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Solution {
    /// The completed grid: complete, valid, and keeping every given.
    pub grid: Grid,
    /// What the search did.
    pub stats: Stats,
}

impl Solution {
    /// Bundles a grid and its stats.
    pub fn new(grid: Grid, stats: Stats) -> Solution {
        Solution { grid, stats }
    }

    /// Whether the grid is complete (always true for a solver that keeps the
    /// contract; handy in examples).
    pub fn is_complete(&self) -> bool {
        self.grid.is_complete()
    }
}

/// A procedure that completes a Sudoku [`Grid`].
///
/// The trait is object safe and every solver is `Send`, so a
/// `Vec<Box<dyn Solver>>` can hold any mix of methods and race them on worker
/// threads. Solvers take `&mut self` so that they can reuse buffers between
/// puzzles.
///
/// # Contract
/// * A returned grid is complete, valid, and keeps every given.
/// * [`SolveError::Unsolvable`] means *proved* unsolvable; a search that runs
///   out of [`Budget`] returns [`SolveError::BudgetExhausted`], and an
///   incomplete method that stops without a proof returns
///   [`SolveError::Incomplete`].
/// * Clashing givens give [`SolveError::InvalidPuzzle`], a shape the solver
///   does not handle gives [`SolveError::UnsupportedShape`]: never a panic,
///   never a wrong grid.
/// * The budget is checked when the solve starts and often enough to stop
///   within a few milliseconds.
/// * Randomised solvers give the same result for the same seed.
///
/// # Example
/// Implementing the trait: a solver that only accepts puzzles that are
/// already solved.
/// ```
/// use sudokit_core::{Budget, Grid, Meter, SolveError, Solution, Solver, Stats};
///
/// struct AlreadySolved;
///
/// impl Solver for AlreadySolved {
///     fn name(&self) -> &str {
///         "already-solved"
///     }
///
///     fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
///         puzzle.validate()?;
///         let meter = Meter::new(budget);
///         let stats = Stats::default();
///         budget.check(&stats).map_err(|reason| meter.exhausted(reason, stats, None))?;
///         if puzzle.is_complete() {
///             Ok(Solution::new(puzzle.clone(), meter.finish(stats)))
///         } else {
///             Err(SolveError::Incomplete { stats: meter.finish(stats), best: None })
///         }
///     }
/// }
///
/// let solved: Grid = "1234341221434321".parse()?;
/// assert_eq!(AlreadySolved.solve(&solved)?.grid, solved);
/// let puzzle: Grid = "1...........3..4".parse()?;
/// assert!(matches!(AlreadySolved.solve(&puzzle), Err(SolveError::Incomplete { .. })));
/// // Any solver can sit behind a trait object.
/// let solvers: Vec<Box<dyn Solver>> = vec![Box::new(AlreadySolved)];
/// assert_eq!(solvers[0].name(), "already-solved");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Solver: Send {
    /// A short, stable, kebab-case name (`"backtracking-mrv"`).
    fn name(&self) -> &str;

    /// Solves `puzzle` within `budget`.
    ///
    /// # Errors
    /// See the [contract](Solver#contract).
    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError>;

    /// Solves `puzzle` with no limit.
    ///
    /// # Errors
    /// See the [contract](Solver#contract).
    fn solve(&mut self, puzzle: &Grid) -> Result<Solution, SolveError> {
        self.solve_with(puzzle, &Budget::unlimited())
    }
}

impl<S: Solver + ?Sized> Solver for &mut S {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        (**self).solve_with(puzzle, budget)
    }
}

impl<S: Solver + ?Sized> Solver for Box<S> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        (**self).solve_with(puzzle, budget)
    }
}

/// How many solutions a puzzle has, as far as a uniqueness check cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Uniqueness {
    /// No grid completes the puzzle.
    NoSolution,
    /// Exactly one grid does: a proper Sudoku.
    Unique,
    /// Two or more do.
    Multiple,
}

/// Exact solvers that can count solutions, up to a limit.
///
/// Counting to 2 is the uniqueness check: 0, 1 or 2 answers "unsolvable,
/// unique, several". Local search cannot prove anything and does not
/// implement this trait.
///
/// # Example
/// ```
/// use sudokit_core::{Budget, CountSolutions, Digit, Grid, SolveError, Solution, Solver, Uniqueness};
///
/// /// Handles puzzles with at most one empty cell, by trying every digit there.
/// struct OneHole;
///
/// impl Solver for OneHole {
///     fn name(&self) -> &str { "one-hole" }
///     fn solve_with(&mut self, p: &Grid, _: &Budget) -> Result<Solution, SolveError> {
///         Err(SolveError::UnsupportedShape { shape: p.shape() })
///     }
/// }
///
/// impl CountSolutions for OneHole {
///     fn count_solutions_with(&mut self, p: &Grid, limit: u64, _: &Budget) -> Result<u64, SolveError> {
///         p.validate()?;
///         let Some((hole, _)) = p.iter().find(|(_, d)| d.is_none()) else {
///             return Ok(u64::from(limit > 0));
///         };
///         let mut count = 0;
///         for value in 1..=p.side() as u8 {
///             let mut g = p.clone();
///             g.set(hole, Digit::new(value));
///             if g.is_solution_of(p) && count < limit {
///                 count += 1;
///             }
///         }
///         Ok(count)
///     }
/// }
///
/// let puzzle: Grid = "1234341221434.21".parse()?;
/// assert_eq!(OneHole.uniqueness(&puzzle)?, Uniqueness::Unique);
/// assert_eq!(OneHole.count_solutions(&puzzle, 0)?, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait CountSolutions: Solver {
    /// Counts the solutions of `puzzle`, stopping at `limit`.
    ///
    /// Returns a number in `0..=limit`: `Ok(0)` for an unsolvable puzzle.
    ///
    /// # Errors
    /// [`SolveError::InvalidPuzzle`] for clashing givens,
    /// [`SolveError::BudgetExhausted`] when the budget runs out first,
    /// [`SolveError::UnsupportedShape`].
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError>;

    /// [`count_solutions_with`](CountSolutions::count_solutions_with) with no
    /// budget.
    ///
    /// # Errors
    /// As for `count_solutions_with`.
    fn count_solutions(&mut self, puzzle: &Grid, limit: u64) -> Result<u64, SolveError> {
        self.count_solutions_with(puzzle, limit, &Budget::unlimited())
    }

    /// Whether `puzzle` has no, one, or several solutions (counts up to 2).
    ///
    /// # Errors
    /// As for `count_solutions_with`.
    fn uniqueness(&mut self, puzzle: &Grid) -> Result<Uniqueness, SolveError> {
        Ok(match self.count_solutions(puzzle, 2)? {
            0 => Uniqueness::NoSolution,
            1 => Uniqueness::Unique,
            _ => Uniqueness::Multiple,
        })
    }
}

impl<S: CountSolutions + ?Sized> CountSolutions for &mut S {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        (**self).count_solutions_with(puzzle, limit, budget)
    }
}

impl<S: CountSolutions + ?Sized> CountSolutions for Box<S> {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        (**self).count_solutions_with(puzzle, limit, budget)
    }
}
