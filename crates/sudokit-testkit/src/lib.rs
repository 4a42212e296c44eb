//! Test support for the sudokit workspace (not published).
//!
//! * [`sets`]: the reference puzzle sets of `puzzles/`, embedded or located
//!   from any crate's tests.
//! * [`oracle`]: an independent checker and a naive solution counter that
//!   share no code with any solver (only the raw cell values of
//!   [`Grid`](sudokit_core::Grid)).
//! * [`generate`]: seeded solved grids and puzzles for every shape, and
//!   `proptest` strategies over them.
//! * [`Conformance`]: the suite every solver crate runs against its solvers.
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

pub use conformance::Conformance;
