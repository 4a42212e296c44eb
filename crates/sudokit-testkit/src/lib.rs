//! The sudokit solver contract as a test suite: check a [`Solver`] of your
//! own — written against `sudokit-core` in any crate — the way every solver
//! of the workspace is checked, against an independent oracle.
//!
//! ```
//! use sudokit_core::{Admitted, Budget, Grid, SearchTally, Solution, SolveError, Solver};
//! use sudokit_testkit::Conformance;
//!
//! /// Fills the first empty cell that has one candidate, until none is left.
//! struct Singles;
//!
//! impl Solver for Singles {
//!     fn name(&self) -> &str { "singles" }
//!     fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
//!         let puzzle = puzzle.grid();
//!         puzzle.validate()?;
//!         let mut tally = SearchTally::new(budget, 1);
//!         // The contract: a spent budget stops the solve at once.
//!         tally.check().map_err(|reason| tally.exhausted(reason, None))?;
//!         let mut grid = puzzle.clone();
//!         while let Some((cell, digit)) = next_single(&grid) {
//!             tally.step().map_err(|reason| tally.exhausted(reason, None))?;
//!             grid.set(cell, Some(digit));
//!         }
//!         if grid.is_solved() { Ok(tally.solution(grid)) } else { Err(tally.incomplete(Some(grid))) }
//!     }
//! }
//! # fn next_single(grid: &Grid) -> Option<(sudokit_core::Cell, sudokit_core::Digit)> {
//! #     grid.iter().filter(|(_, d)| d.is_none()).find_map(|(cell, _)| {
//! #         let fits: Vec<u8> = (1..=grid.side() as u8).filter(|&v| {
//! #             let mut g = grid.clone();
//! #             g.set(cell, sudokit_core::Digit::new(v));
//! #             g.is_consistent()
//! #         }).collect();
//! #         (fits.len() == 1).then(|| (cell, sudokit_core::Digit::new(fits[0]).expect("a digit")))
//! #     })
//! # }
//!
//! // Incomplete methods may fail, but never with a wrong grid.
//! Conformance::heuristic().with_puzzles_per_set(2).with_shapes(&[sudokit_core::Shape::MINI]).run(&mut Singles);
//! ```
//!
//! * [`sets`]: the reference puzzle sets, the small ones embedded, the large
//!   ones read from a checkout of the repository.
//! * [`oracle`]: an independent checker and a naive solution counter that
//!   share no code with any solver (only the raw cell values of
//!   [`Grid`](sudokit_core::Grid)).
//! * [`generate`]: seeded solved grids and puzzles for every shape, and
//!   `proptest` strategies over them.
//! * [`Conformance`]: the suite every solver crate runs against its solvers.
//!
//! [`Solver`]: sudokit_core::Solver
//!
//! ```
//! use sudokit_testkit::{oracle, sets};
//! let puzzles = sets::EASY.puzzles();
//! assert_eq!(puzzles.len(), 51);
//! assert_eq!(oracle::count_solutions(&puzzles[0], 2), 1);
//! ```
#![doc(test(attr(deny(warnings))))]

mod conformance;
pub mod generate;
pub mod oracle;
pub mod sets;
pub mod variant_oracle;

pub use conformance::Conformance;

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
