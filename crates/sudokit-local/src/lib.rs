//! Local search for **sudokit**: simulated annealing and a genetic
//! algorithm, the course's metaheuristics, seeded, observable, and with
//! hybrids that propagate constraints first.
//!
//! Both work on a permutation encoding ([`Representation`]): one kind of
//! unit (rows, or boxes) is always a permutation of the digits, so the
//! energy — the duplicates left in the two other kinds of unit — is 0
//! exactly for a solution. By default each free cell only takes the digits
//! the givens leave it. A swap's change of energy is read
//! from the four units it touches, never by rescanning the grid.
//!
//! # Example
//! ```
//! use sudokit_local::{Annealing, Genetic};
//! use sudokit_core::{Budget, Grid, SolveError, Solver};
//! use std::time::Duration;
//!
//! let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! let budget = Budget::unlimited().with_time_limit(Duration::from_secs(10));
//!
//! // The same seed gives the same run: same grid, same statistics.
//! let first = Annealing::new().with_seed(42).solve_with(&puzzle, &budget)?;
//! let again = Annealing::new().with_seed(42).solve_with(&puzzle, &budget)?;
//! assert!(first.grid.is_solution_of(&puzzle));
//! assert_eq!(first.stats.iterations, again.stats.iterations);
//!
//! // Watch a run: a sample every 10 000 moves.
//! let mut annealing = Annealing::new().with_observer(10_000, |sample| {
//!     println!("{} moves, T = {:.3}, energy {}", sample.iteration, sample.temperature, sample.energy);
//! });
//! annealing.solve_with(&puzzle, &budget)?;
//!
//! // A run that cannot finish hands back its best grid.
//! let tiny = Budget::unlimited().with_max_iterations(10);
//! match Genetic::new().solve_with(&puzzle, &tiny) {
//!     Err(SolveError::BudgetExhausted { best: Some(best), .. }) => {
//!         println!("energy {} after 10 iterations", best.error_count(&puzzle));
//!     }
//!     other => println!("{other:?}"),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The methods
//! * [`Annealing`]: swaps inside a kept unit, Metropolis acceptance,
//!   exponential or linear cooling from a fixed or automatic initial
//!   temperature, reheats on stagnation (fixed, or adaptive: each gentler
//!   than the last), restarts. [`Annealing::course`] is the course's
//!   configuration.
//! * [`Genetic`]: permutations of rows or boxes, tournament selection,
//!   ordered (OX) or unit-exchange crossover, swap mutation, optional local
//!   search on each child (memetic, the default), elitism, restarts on
//!   stagnation. [`Genetic::course`] is the course's GeneticSharp run.
//! * Hybrids (`with_moves(Moves::Propagated)`): singles and locked candidates first; a
//!   contradiction proves the puzzle unsolvable, a settled board is the
//!   answer, and otherwise every move stays within the cells' candidates.
//!
//! Both share their common settings (`with_seed`, `with_representation`,
//! `with_moves`, `with_restarts`, `with_observer`) and the driver of a
//! solve; `solve_observed` watches one solve with a borrowed callback:
//!
//! ```
//! use sudokit_local::Genetic;
//! use sudokit_core::{Budget, Grid};
//!
//! let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! let mut best = Vec::new();
//! let solution = Genetic::new().solve_observed(&puzzle, &Budget::unlimited(), 1, |s| best.push(s.best_energy))?;
//! assert_eq!(best.last(), Some(&0));
//! assert!(solution.grid.is_solution_of(&puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Local search proves nothing by itself: without the hybrid's proof it
//! ends with a solution, [`SolveError::Incomplete`] or
//! [`SolveError::BudgetExhausted`] (with the best grid reached), and never
//! with a wrong grid. Every shape works, 4×4 to 25×25.
//!
//! Randomness comes from `ChaCha8Rng`, seeded from the solver's seed (a
//! fixed default, or [`Annealing::with_seed`]) and the puzzle, so a solve
//! gives the same result whatever ran before it and on whichever thread.
//!
//! # Module layout
//! `encoding` (the permutation encoding and its energy) ← `start` (what
//! a solve does first: [`Moves`], propagation, the seeded random numbers)
//! and `observer` ← `driver` (the shared settings, the restarts, the
//! checked result) ← `annealing` and `genetic`.
//!
//! # Crate features
//! * `rayon`: the genetic algorithm evaluates populations of 256 or more on
//!   a thread pool (same results for a seed).
//!
//! [`SolveError::Incomplete`]: sudokit_core::SolveError::Incomplete
//! [`SolveError::BudgetExhausted`]: sudokit_core::SolveError::BudgetExhausted
#![doc(test(attr(deny(warnings))))]

pub use sudokit_core;

mod annealing;
mod driver;
mod encoding;
mod genetic;
mod observer;
mod rules;
mod start;

pub use annealing::{Annealing, Cooling, InitialTemperature, Reheat};
pub use encoding::Representation;
pub use genetic::{Crossover, Genetic};
pub use observer::{AnnealingSample, GeneticSample};
pub use start::Moves;

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
