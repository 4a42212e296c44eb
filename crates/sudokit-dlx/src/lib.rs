//! Exact cover with Dancing Links for **sudokit**: a general Algorithm X
//! engine, the Sudoku encoding, and the course's library-backed solver for
//! comparison.
//!
//! Use this crate when you need every solution or a uniqueness proof fast,
//! or any other exact-cover problem (N-Queens, polyomino tilings…). For
//! the fastest 9×9 solving see `BitParallel` in `sudokit-bitparallel`.
//!
//! # Example
//! ```
//! use sudokit_dlx::Dlx;
//! use sudokit_core::{Grid, Solver};
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! assert!(Dlx::new().solve(&puzzle)?.is_complete());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Exact cover
//! Given a set of *items* and a family of *options* (subsets of items),
//! find the options that cover every item exactly once. With U = {0, 1, 2,
//! 3, 4} and the options E = {0, 2, 4}, I = {1, 3}, P = {2, 3}, the only
//! exact cover is {E, I}: P would cover 2 a second time with E, and 0 and 4
//! would stay uncovered without E. Knuth's Algorithm X picks an uncovered
//! item, tries each option that covers it, removes every option that clashes,
//! and recurses; Dancing Links make removing and restoring an option O(1)
//! pointer updates (arXiv cs/0011047).
//!
//! ```
//! use sudokit_dlx::ExactCover;
//! use sudokit_core::Budget;
//! let mut matrix = ExactCover::new(5, 0);
//! let e = matrix.add_option(&[0, 2, 4])?;
//! let i = matrix.add_option(&[1, 3])?;
//! matrix.add_option(&[2, 3])?;
//! assert_eq!(matrix.first_solution(&Budget::unlimited())?, Some(vec![e, i]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Overview
//! * [`ExactCover`]: the engine — primary and secondary items, options,
//!   pre-selection, first solution, an iterator over all solutions, counting,
//!   [`Budget`](sudokit_core::Budget) support, Knuth's counters
//!   ([`CoverStats`]).
//! * [`SudokuCover`]: the Sudoku encoding for every shape (729 options × 324
//!   items for 9×9).
//! * [`Dlx`]: the Sudoku [`Solver`](sudokit_core::Solver) on the engine.
//! * [`DlxRs`]: the same encoding solved by the `dlx-rs` crate, the
//!   course's library approach, kept as a peer to measure against.
//! * [`problems`]: N-Queens and pentomino tilings on the engine.
//!
//! # Crate features
//! None.
#![doc(test(attr(deny(warnings))))]

pub use sudokit_core;

mod dlxrs;
mod engine;
pub mod problems;
mod restart;
mod solver;
mod sudoku;
mod variant;

pub use dlxrs::DlxRs;
pub use engine::{CoverError, CoverStats, ExactCover, Solutions};
pub use solver::Dlx;
pub use sudoku::SudokuCover;

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
