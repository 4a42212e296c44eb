//! The [`Solver`] and [`CountSolutions`] traits and what they return.

use crate::budget::Budget;
use crate::error::SolveError;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::rule_kinds::RuleKinds;
use crate::rulebook::Rulebook;
use crate::stats::Stats;
use crate::true_candidates;

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

/// A procedure that completes a Sudoku [`Puzzle`]: a grid under its rules.
///
/// A solver writes one method, [`solve_admitted`](Solver::solve_admitted),
/// and says which kinds of rule beyond rows, columns and boxes it knows
/// ([`rule_kinds`](Solver::rule_kinds)); the rest is provided, in the
/// manner of `rand_core`: [`solve_puzzle_with`](Solver::solve_puzzle_with)
/// for a puzzle with its rules, [`solve_with`](Solver::solve_with) and
/// [`solve`](Solver::solve) for a bare grid under the standard rules. Every
/// one of them goes through one check that refuses a puzzle with a kind of
/// rule the solver does not know ([`SolveError::UnsupportedVariant`]), so a
/// rule added tomorrow is never silently ignored. A solver may override the
/// grid-only methods with a faster path of its own.
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
/// use sudokit_core::{Admitted, Budget, Grid, Puzzle, SearchTally, Solution, SolveError, Solver, StopReason, Variant};
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
///     // The standard rules only: `rule_kinds` keeps its default.
///     fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
///         let puzzle = puzzle.grid();
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
/// // Rules it does not know are refused, never ignored.
/// let x = Puzzle::new(puzzle.clone(), Variant::standard(puzzle.shape()).with_diagonals())?;
/// assert!(matches!(Plain.solve_puzzle(&x), Err(SolveError::UnsupportedVariant { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Solver: Send {
    /// A short, stable, kebab-case name (`"backtracking-mrv"`).
    fn name(&self) -> &str;

    /// The kinds of rule beyond rows, columns and boxes that the solver
    /// knows. The default knows none: a solver takes the standard rules
    /// only until it says otherwise, and every puzzle with a kind outside
    /// this set is refused before [`solve_admitted`](Solver::solve_admitted)
    /// runs.
    fn rule_kinds(&self) -> RuleKinds {
        RuleKinds::STANDARD
    }

    /// The solver's own work: solves a puzzle whose kinds of rule it knows,
    /// within `budget`. Callers use [`solve_puzzle_with`](Solver::solve_puzzle_with)
    /// or [`solve_with`](Solver::solve_with), which check the rules and make
    /// the [`Admitted`] this method takes.
    ///
    /// # Errors
    /// See the [contract](Solver#contract).
    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError>;

    /// Solves `puzzle` within `budget`.
    ///
    /// # Errors
    /// See the [contract](Solver#contract); [`SolveError::UnsupportedVariant`]
    /// names the first kind of rule the solver does not know.
    fn solve_puzzle_with(&mut self, puzzle: &Puzzle, budget: &Budget) -> Result<Solution, SolveError> {
        let admitted = Admitted::check(puzzle, self.rule_kinds())?;
        self.solve_admitted(admitted, budget)
    }

    /// Solves `puzzle` with no limit.
    ///
    /// # Errors
    /// As [`solve_puzzle_with`](Solver::solve_puzzle_with).
    fn solve_puzzle(&mut self, puzzle: &Puzzle) -> Result<Solution, SolveError> {
        self.solve_puzzle_with(puzzle, &Budget::unlimited())
    }

    /// Solves `grid` under the standard rules of its shape, within `budget`.
    ///
    /// # Errors
    /// See the [contract](Solver#contract).
    fn solve_with(&mut self, grid: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        self.solve_puzzle_with(&Puzzle::from(grid.clone()), budget)
    }

    /// Solves `grid` under the standard rules of its shape, with no limit.
    ///
    /// # Errors
    /// See the [contract](Solver#contract).
    fn solve(&mut self, grid: &Grid) -> Result<Solution, SolveError> {
        self.solve_with(grid, &Budget::unlimited())
    }

    /// Whether the solver knows every kind of rule of `rules`: what
    /// [`rule_kinds`](Solver::rule_kinds) says, and what the one check
    /// before a solve asks.
    fn supports(&self, rules: &Rulebook) -> bool {
        rules.kinds().is_subset(self.rule_kinds())
    }
}

/// A [`Puzzle`] whose kinds of rule a solver knows: the check every solve
/// goes through, made once by the provided methods of [`Solver`] and
/// [`CountSolutions`] and nowhere else. It dereferences to the puzzle.
#[derive(Clone, Copy, Debug)]
pub struct Admitted<'a> {
    puzzle: &'a Puzzle,
}

impl<'a> Admitted<'a> {
    /// `puzzle`, when `known` holds every kind of its rules.
    fn check(puzzle: &'a Puzzle, known: RuleKinds) -> Result<Admitted<'a>, SolveError> {
        puzzle.rules().check_known(known)?;
        Ok(Admitted { puzzle })
    }

    /// The puzzle.
    pub fn puzzle(self) -> &'a Puzzle {
        self.puzzle
    }
}

impl std::ops::Deref for Admitted<'_> {
    type Target = Puzzle;

    fn deref(&self) -> &Puzzle {
        self.puzzle
    }
}

/// Forwards every method, so that what a solver overrides (a faster
/// grid-only path) stays its own behind a reference or a box.
macro_rules! forward_solver {
    ($ty:ty) => {
        impl<S: Solver + ?Sized> Solver for $ty {
            fn name(&self) -> &str {
                (**self).name()
            }

            fn rule_kinds(&self) -> RuleKinds {
                (**self).rule_kinds()
            }

            fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
                (**self).solve_admitted(puzzle, budget)
            }

            fn solve_puzzle_with(&mut self, puzzle: &Puzzle, budget: &Budget) -> Result<Solution, SolveError> {
                (**self).solve_puzzle_with(puzzle, budget)
            }

            fn solve_with(&mut self, grid: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
                (**self).solve_with(grid, budget)
            }
        }
    };
}

forward_solver!(&mut S);
forward_solver!(Box<S>);

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

impl Uniqueness {
    /// What a count up to 2 says: 0, 1, or 2 and more.
    pub fn of_count(count: u64) -> Uniqueness {
        match count {
            0 => Uniqueness::NoSolution,
            1 => Uniqueness::Unique,
            _ => Uniqueness::Multiple,
        }
    }
}

/// Exact solvers that can count solutions, up to a limit.
///
/// Counting to 2 is the uniqueness check: 0, 1 or 2 answers "unsolvable,
/// unique, several". Local search cannot prove anything and does not
/// implement this trait.
///
/// # Example
/// ```
/// use sudokit_core::{Admitted, Budget, CountSolutions, Digit, Grid, SolveError, Solution, Solver, Uniqueness};
///
/// /// Handles puzzles with at most one empty cell, by trying every digit there.
/// struct OneHole;
///
/// impl Solver for OneHole {
///     fn name(&self) -> &str { "one-hole" }
///     fn solve_admitted(&mut self, p: Admitted<'_>, _: &Budget) -> Result<Solution, SolveError> {
///         Err(SolveError::unsupported_shape(p.shape()))
///     }
/// }
///
/// impl CountSolutions for OneHole {
///     fn count_admitted(&mut self, p: Admitted<'_>, limit: u64, _: &Budget) -> Result<u64, SolveError> {
///         let p = p.grid();
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
    /// The solver's own count: the solutions of a puzzle whose kinds of
    /// rule it knows, stopping at `limit`. Callers use
    /// [`count_puzzle_solutions_with`](CountSolutions::count_puzzle_solutions_with)
    /// or [`count_solutions_with`](CountSolutions::count_solutions_with),
    /// which check the rules and make the [`Admitted`] this method takes.
    ///
    /// # Errors
    /// As [`count_puzzle_solutions_with`](CountSolutions::count_puzzle_solutions_with).
    fn count_admitted(&mut self, puzzle: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError>;

    /// Counts the solutions of `puzzle`, stopping at `limit`, within
    /// `budget`: a number in `0..=limit`, `Ok(0)` for an unsolvable puzzle.
    ///
    /// # Errors
    /// [`SolveError::InvalidPuzzle`] (or [`SolveError::VariantClash`],
    /// [`SolveError::CageClash`], [`SolveError::MarkClash`],
    /// [`SolveError::SumClash`]) for givens
    /// that break the rules, [`SolveError::BudgetExhausted`] when the
    /// budget runs out first, [`SolveError::UnsupportedShape`],
    /// [`SolveError::UnsupportedVariant`] naming the first kind of rule the
    /// solver does not know.
    fn count_puzzle_solutions_with(&mut self, puzzle: &Puzzle, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        let admitted = Admitted::check(puzzle, self.rule_kinds())?;
        self.count_admitted(admitted, limit, budget)
    }

    /// [`count_puzzle_solutions_with`](CountSolutions::count_puzzle_solutions_with)
    /// with no budget.
    ///
    /// # Errors
    /// As for `count_puzzle_solutions_with`.
    fn count_puzzle_solutions(&mut self, puzzle: &Puzzle, limit: u64) -> Result<u64, SolveError> {
        self.count_puzzle_solutions_with(puzzle, limit, &Budget::unlimited())
    }

    /// Whether `puzzle` has no, one, or several solutions (counts up to 2).
    ///
    /// # Errors
    /// As for `count_puzzle_solutions_with`.
    fn puzzle_uniqueness(&mut self, puzzle: &Puzzle) -> Result<Uniqueness, SolveError> {
        Ok(Uniqueness::of_count(self.count_puzzle_solutions(puzzle, 2)?))
    }

    /// Counts the solutions of `grid` under the standard rules of its
    /// shape, stopping at `limit`.
    ///
    /// # Errors
    /// As for `count_puzzle_solutions_with`.
    fn count_solutions_with(&mut self, grid: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        self.count_puzzle_solutions_with(&Puzzle::from(grid.clone()), limit, budget)
    }

    /// [`count_solutions_with`](CountSolutions::count_solutions_with) with no
    /// budget.
    ///
    /// # Errors
    /// As for `count_puzzle_solutions_with`.
    fn count_solutions(&mut self, grid: &Grid, limit: u64) -> Result<u64, SolveError> {
        self.count_solutions_with(grid, limit, &Budget::unlimited())
    }

    /// Whether `grid` has no, one, or several solutions under the standard
    /// rules (counts up to 2).
    ///
    /// # Errors
    /// As for `count_puzzle_solutions_with`.
    fn uniqueness(&mut self, grid: &Grid) -> Result<Uniqueness, SolveError> {
        Ok(Uniqueness::of_count(self.count_solutions(grid, 2)?))
    }

    /// The digits some solution of `puzzle` puts in each cell (a setter's
    /// "true candidates"), bit `d - 1` for digit `d` as in
    /// [`marks`](crate::marks), within `budget` for the whole call (its
    /// time limit starts now and its caps bound every solve together).
    ///
    /// A unique puzzle's are its solution's digits (one solve and one
    /// count to two). Otherwise each digit of an open cell that no
    /// solution found so far holds, and no given of a peer holds, is tried
    /// as one more given: a solution adds each of its digits to its cell,
    /// a proof of none leaves the digit out. The sets do not depend on the
    /// solver, only the time does: at most one solve per candidate, far
    /// fewer where most digits are true.
    ///
    /// ```
    /// use sudokit_core::{CountSolutions, Grid, Puzzle};
    /// # use sudokit_core::{Admitted, Budget, Cell, Digit, SolveError, Solution, Solver, Stats};
    /// # /// Every digit in the first empty cell, then the next: for 4×4 grids.
    /// # struct Brute;
    /// # fn fill(g: &mut Grid, found: &mut Vec<Grid>, limit: usize) {
    /// #     let Some(i) = g.values().iter().position(|&v| v == 0) else { return found.push(g.clone()) };
    /// #     let cell = Cell::from_index(i, g.shape());
    /// #     for v in 1..=g.side() as u8 {
    /// #         g.set(cell, Digit::new(v));
    /// #         if found.len() < limit && g.validate().is_ok() {
    /// #             fill(g, found, limit);
    /// #         }
    /// #     }
    /// #     g.set(cell, None);
    /// # }
    /// # impl Solver for Brute {
    /// #     fn name(&self) -> &str { "brute" }
    /// #     fn solve_admitted(&mut self, p: Admitted<'_>, _: &Budget) -> Result<Solution, SolveError> {
    /// #         let mut found = Vec::new();
    /// #         fill(&mut p.grid().clone(), &mut found, 1);
    /// #         found.pop().map(|g| Solution::new(g, Stats::default())).ok_or(SolveError::Unsolvable)
    /// #     }
    /// # }
    /// # impl CountSolutions for Brute {
    /// #     fn count_admitted(&mut self, p: Admitted<'_>, limit: u64, _: &Budget) -> Result<u64, SolveError> {
    /// #         let mut found = Vec::new();
    /// #         fill(&mut p.grid().clone(), &mut found, limit as usize);
    /// #         Ok(found.len() as u64)
    /// #     }
    /// # }
    /// // Two solutions, which differ in four cells: r1c3, r1c4, r3c3, r3c4.
    /// // `Brute` is any exact solver (a search that tries every digit).
    /// let puzzle: Puzzle = "12..34..2.....1.".parse::<Grid>()?.into();
    /// let marks = Brute.true_candidates(&puzzle)?;
    /// assert_eq!(&marks[..4], &[0b0001, 0b0010, 0b1100, 0b1100]);
    /// assert_eq!(marks.iter().filter(|set| set.count_ones() > 1).count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::Unsolvable`] when the puzzle has no solution, and
    /// every error of
    /// [`count_puzzle_solutions_with`](CountSolutions::count_puzzle_solutions_with)
    /// (the budget running out included).
    fn true_candidates_with(&mut self, puzzle: &Puzzle, budget: &Budget) -> Result<Vec<u64>, SolveError> {
        true_candidates::true_candidates(
            self,
            puzzle,
            budget,
            |solver, p, b| solver.solve_puzzle_with(p, b).map(|solution| solution.grid),
            |solver, p, limit, b| solver.count_puzzle_solutions_with(p, limit, b),
        )
    }

    /// [`true_candidates_with`](CountSolutions::true_candidates_with) with
    /// no budget.
    ///
    /// # Errors
    /// As for `true_candidates_with`.
    fn true_candidates(&mut self, puzzle: &Puzzle) -> Result<Vec<u64>, SolveError> {
        self.true_candidates_with(puzzle, &Budget::unlimited())
    }
}

/// Forwards every method, as `forward_solver` does.
macro_rules! forward_count {
    ($ty:ty) => {
        impl<S: CountSolutions + ?Sized> CountSolutions for $ty {
            fn count_admitted(&mut self, puzzle: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
                (**self).count_admitted(puzzle, limit, budget)
            }

            fn count_puzzle_solutions_with(
                &mut self,
                puzzle: &Puzzle,
                limit: u64,
                budget: &Budget,
            ) -> Result<u64, SolveError> {
                (**self).count_puzzle_solutions_with(puzzle, limit, budget)
            }

            fn count_solutions_with(&mut self, grid: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
                (**self).count_solutions_with(grid, limit, budget)
            }

            fn true_candidates_with(&mut self, puzzle: &Puzzle, budget: &Budget) -> Result<Vec<u64>, SolveError> {
                (**self).true_candidates_with(puzzle, budget)
            }
        }
    };
}

forward_count!(&mut S);
forward_count!(Box<S>);
