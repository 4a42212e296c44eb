//! The [`Solver`] and [`CountSolutions`] traits and what they return.

use crate::budget::Budget;
use crate::error::SolveError;
use crate::grid::Grid;
use crate::stats::Stats;
use crate::variant::Variant;

/// A solved grid with the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
/// Implementing the trait: a plain backtracking search over the empty
/// cells, with the one bookkeeping idiom every solver of the workspace
/// uses, a [`SearchTally`](crate::SearchTally): `enter` at each node checks
/// the budget and counts the node, `record` keeps the solution, and
/// `into_solution` or `exhausted` times the result.
/// ```
/// use sudokit::base::SearchTally;
/// use sudokit::{Budget, Grid, SolveError, Solution, Solver, StopReason};
///
/// struct Plain;
///
/// fn search(values: &mut Vec<u8>, puzzle: &Grid, tally: &mut SearchTally<'_>) -> Result<bool, StopReason> {
///     tally.enter()?;
///     let Some(cell) = values.iter().position(|&v| v == 0) else {
///         return Ok(tally.record(values));
///     };
///     for digit in 1..=puzzle.side() as u8 {
///         values[cell] = digit;
///         let grid = Grid::from_values(puzzle.shape(), values).expect("digits within the side");
///         if grid.is_consistent() && search(values, puzzle, tally)? {
///             return Ok(true);
///         }
///         tally.stats_mut().backtracks += 1;
///     }
///     values[cell] = 0;
///     Ok(false)
/// }
///
/// impl Solver for Plain {
///     fn name(&self) -> &str {
///         "plain"
///     }
///
///     fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
///         puzzle.validate()?;
///         let mut tally = SearchTally::new(budget, 1);
///         let mut values = puzzle.values().to_vec();
///         match search(&mut values, puzzle, &mut tally) {
///             Ok(_) => tally.into_solution(puzzle.shape()),
///             Err(reason) => Err(tally.exhausted(reason, None)),
///         }
///     }
/// }
///
/// let puzzle: Grid = "1...........3..4".parse()?;
/// let solution = Plain.solve(&puzzle)?;
/// assert!(solution.grid.is_solution_of(&puzzle));
/// // Any solver can sit behind a trait object.
/// let solvers: Vec<Box<dyn Solver>> = vec![Box::new(Plain)];
/// assert_eq!(solvers[0].name(), "plain");
/// // The budget holds: one node is not enough.
/// let tight = Budget::unlimited().with_max_nodes(1);
/// assert!(matches!(Plain.solve_with(&puzzle, &tight), Err(SolveError::BudgetExhausted { .. })));
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

    /// Whether the solver takes puzzles under the rules of `variant`. The
    /// default takes the standard rules only.
    fn supports(&self, variant: &Variant) -> bool {
        variant.is_standard()
    }

    /// Solves `puzzle` under the rules of `variant`, within `budget`. The
    /// default solves the standard rules with
    /// [`solve_with`](Solver::solve_with) and refuses the others.
    ///
    /// # Errors
    /// As [`solve_with`](Solver::solve_with), and
    /// [`SolveError::UnsupportedVariant`] for rules the solver does not
    /// take, [`SolveError::ShapeMismatch`] for a puzzle of another shape
    /// than the variant, [`SolveError::VariantClash`] for givens that
    /// break its rules.
    fn solve_variant_with(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        budget: &Budget,
    ) -> Result<Solution, SolveError> {
        standard_only(puzzle, variant)?;
        self.solve_with(puzzle, budget)
    }

    /// [`solve_variant_with`](Solver::solve_variant_with) without a limit.
    ///
    /// # Errors
    /// As [`solve_variant_with`](Solver::solve_variant_with).
    fn solve_variant(&mut self, puzzle: &Grid, variant: &Variant) -> Result<Solution, SolveError> {
        self.solve_variant_with(puzzle, variant, &Budget::unlimited())
    }
}

/// `Ok` for a puzzle of the standard rules of its shape; the error of a
/// solver that takes no other.
fn standard_only(puzzle: &Grid, variant: &Variant) -> Result<(), SolveError> {
    if puzzle.shape() != variant.shape() {
        return Err(SolveError::ShapeMismatch { expected: variant.shape(), found: puzzle.shape() });
    }
    if variant.is_standard() { Ok(()) } else { Err(SolveError::unsupported_variant(variant)) }
}

impl<S: Solver + ?Sized> Solver for &mut S {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        (**self).solve_with(puzzle, budget)
    }

    fn supports(&self, variant: &Variant) -> bool {
        (**self).supports(variant)
    }

    fn solve_variant_with(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        budget: &Budget,
    ) -> Result<Solution, SolveError> {
        (**self).solve_variant_with(puzzle, variant, budget)
    }
}

impl<S: Solver + ?Sized> Solver for Box<S> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        (**self).solve_with(puzzle, budget)
    }

    fn supports(&self, variant: &Variant) -> bool {
        (**self).supports(variant)
    }

    fn solve_variant_with(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        budget: &Budget,
    ) -> Result<Solution, SolveError> {
        (**self).solve_variant_with(puzzle, variant, budget)
    }
}

/// How many solutions a puzzle has, as far as a uniqueness check cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
/// use sudokit::{Budget, CountSolutions, Digit, Grid, SolveError, Solution, Solver, Uniqueness};
///
/// /// Handles puzzles with at most one empty cell, by trying every digit there.
/// struct OneHole;
///
/// impl Solver for OneHole {
///     fn name(&self) -> &str { "one-hole" }
///     fn solve_with(&mut self, p: &Grid, _: &Budget) -> Result<Solution, SolveError> {
///         Err(SolveError::unsupported_shape(p.shape()))
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

    /// Counts the solutions of `puzzle` under the rules of `variant`, up to
    /// `limit`, within `budget`. The default counts under the standard
    /// rules and refuses the others, as
    /// [`Solver::solve_variant_with`] does.
    ///
    /// # Errors
    /// As [`Solver::solve_variant_with`].
    fn count_variant_solutions_with(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        limit: u64,
        budget: &Budget,
    ) -> Result<u64, SolveError> {
        standard_only(puzzle, variant)?;
        self.count_solutions_with(puzzle, limit, budget)
    }

    /// [`count_variant_solutions_with`](CountSolutions::count_variant_solutions_with)
    /// without a limit.
    ///
    /// # Errors
    /// As [`Solver::solve_variant_with`].
    fn count_variant_solutions(&mut self, puzzle: &Grid, variant: &Variant, limit: u64) -> Result<u64, SolveError> {
        self.count_variant_solutions_with(puzzle, variant, limit, &Budget::unlimited())
    }
}

impl<S: CountSolutions + ?Sized> CountSolutions for &mut S {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        (**self).count_solutions_with(puzzle, limit, budget)
    }

    fn count_variant_solutions_with(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        limit: u64,
        budget: &Budget,
    ) -> Result<u64, SolveError> {
        (**self).count_variant_solutions_with(puzzle, variant, limit, budget)
    }
}

impl<S: CountSolutions + ?Sized> CountSolutions for Box<S> {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        (**self).count_solutions_with(puzzle, limit, budget)
    }

    fn count_variant_solutions_with(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        limit: u64,
        budget: &Budget,
    ) -> Result<u64, SolveError> {
        (**self).count_variant_solutions_with(puzzle, variant, limit, budget)
    }
}
