//! The grid model of **sudokit**: candidate bit sets, unit and peer tables,
//! puzzle files, and the two backtracking baselines every other solver is
//! measured against.
//!
//! Use this crate to read and write puzzle files, to build a solver on
//! shared candidate and peer tables, or to get a simple exact solver with no
//! dependency beyond `sudokit-core`.
//!
//! # Example
//! ```
//! use sudokit_grid::{io, BacktrackingMrv};
//! use sudokit_core::{Solver, Uniqueness, CountSolutions};
//!
//! let text = "\
//! ## Norvig's hardest, first two
//! 85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.
//! ..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..
//! ";
//! let mut solver = BacktrackingMrv::new();
//! for puzzle in io::parse_puzzles(text)? {
//!     let solution = solver.solve(&puzzle)?;
//!     assert!(solution.grid.is_solution_of(&puzzle));
//!     assert_eq!(solver.uniqueness(&puzzle)?, Uniqueness::Unique);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Overview
//! * [`Candidates`]: a digit set in one `u64`, with set operations and fast
//!   iteration.
//! * [`Layout`]: rows, columns, boxes and peers of a shape as flat index
//!   tables, built once and shared.
//! * [`CandidateBoard`]: the pencil marks of a puzzle, constraint
//!   propagation on them (singles and locked candidates, for every shape),
//!   and their text forms (the 729-character line, a picture).
//! * [`io`]: [`PuzzleReader`](io::PuzzleReader) streams puzzles from files
//!   (one per line, multi-line and boxed grids, comments), with line and
//!   column in every error; [`write_puzzles`](io::write_puzzles) writes them.
//! * [`Backtracking`] and [`BacktrackingMrv`]: baseline [`Solver`]s, which
//!   also count solutions ([`CountSolutions`]).
//! * [`PropagationSearch`]: singles propagated through the houses, peers
//!   and relations of any [`Variant`](sudokit_core::Variant), then
//!   guesses: the fast solver of variants.
//!
//! # Crate features
//! * `serde`: `Serialize` and `Deserialize` for [`Candidates`] (as a list
//!   of digits) and [`Contradiction`], and the `serde` feature of
//!   `sudokit-core`.
//!
//! [`Solver`]: sudokit_core::Solver
//! [`CountSolutions`]: sudokit_core::CountSolutions
#![doc(test(attr(deny(warnings))))]

pub use sudokit_core;

mod backtracking;
mod board;
pub mod candidates;
pub mod io;
mod layout;
mod pencil;
mod propagate;
mod propagation;
mod variant_search;

pub use backtracking::{Backtracking, BacktrackingMrv};
pub use board::{BoardError, CandidateBoard};
pub use candidates::Candidates;
pub use layout::Layout;
pub use propagate::{Contradiction, Propagation};
pub use propagation::PropagationSearch;

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
