//! [`BitParallel`], the fastest exact 9×9 Sudoku solver of **sudokit**
//! (Sudoku X, windoku, disjoint groups, anti-king and anti-knight too): a
//! solver on a
//! bit-parallel board that propagates naked and hidden singles and locked
//! candidates, and guesses only when that logic stalls. It is exact — it
//! finds every solution when asked to count, and proves unsolvability — and
//! is what the default solver of the `sudokit` facade, `auto`, runs on
//! 9×9 grids.
//!
//! Use it to solve or count the solutions of 9×9 puzzles as fast as
//! possible; for other shapes, hints or explanations, see the other crates
//! of the workspace (`sudokit-dlx`, `sudokit-rules`), or the facade's
//! `Auto`, which picks the fastest solver for each shape.
//!
//! # Example
//! ```
//! use sudokit_bitparallel::BitParallel;
//! use sudokit_core::{Grid, Solver};
//!
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let solution = BitParallel::new().solve(&puzzle)?;
//! assert!(solution.grid.is_solution_of(&puzzle));
//! println!("{:#}\n{} guesses", solution.grid, solution.stats.guesses);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How it works
//! The board holds, for every digit and every band of three rows, a 27-bit
//! word of the cells where the digit may still go. Inference works on those
//! words with shifts, masks and three 512-entry tables, never cell by cell:
//! * in a band, a digit's three placements form a permutation of (row, box)
//!   pairs; one table lookup removes the row segments no permutation can
//!   use, which covers pointing and claiming, and rows left with one cell
//!   are hidden singles;
//! * a box whose candidates for a digit sit in one column removes the digit
//!   from that column in the other bands;
//! * cells with exactly one candidate are found 27 at a time by bit-sliced
//!   counting over the nine digits;
//! * columns where a digit has one cell left are found the same way, at
//!   the root and, once a search has made a few guesses, at every node.
//!
//! Under rules beyond the standard ones (9×9 only: houses on the
//! standard boxes such as X's diagonals and windoku's windows, anti-king,
//! anti-knight, pencil marks), each house and relation is a mask per cell
//! over the three bands: a settled cell takes its digit from the cells it
//! binds, a house of nine cells where a digit has one cell left places
//! it, and a window locks a digit into a line it shares three cells with
//! (and the other way round). Those passes look only at the digits whose
//! words changed since the last one.
//!
//! When nothing applies, the search guesses: it tries the two candidates of
//! a bivalue cell in the box with the most unsolved cells (under other
//! rules, the bivalue cell bound to the most unsolved cells), each on a
//! copy of the board (252 bytes); the last one reuses the board itself.
//!
//! # Instruction sets
//! The propagation is compiled twice: for the build's target, and with the
//! x86-64-v3 features (AVX2, BMI1/2, POPCNT, LZCNT) enabled, reached
//! through a token of the `pulp` crate that exists only when the CPU
//! reports those features, so the crate stays free of `unsafe`. A solver
//! takes the widest set the CPU runs ([`Instructions::detect`]); the
//! environment variable [`PORTABLE_ENV`] (`SUDOKIT_PORTABLE=1`) or
//! [`BitParallel::with_instructions`] keeps it on the portable path. Both
//! give the same answers and statistics; the x86-64-v3 copy is about 1%
//! faster.
//!
//! # Speed
//! Measured against the `sudoku` crate (a port of JCZSolve) in the same run
//! by `cargo run --release --example throughput`; see the README for the
//! current table.
//!
//! # Overview
//! * [`BitParallel`]: the solver, registered as `fast`; it implements
//!   [`Solver`](sudokit_core::Solver) and
//!   [`CountSolutions`](sudokit_core::CountSolutions), and answers
//!   [`has_solution_without`](BitParallel::has_solution_without), the
//!   question of a generator that knows a puzzle's solution.
//! * [`Instructions`]: the instruction set a solver runs on.
#![doc(test(attr(deny(warnings))))]

pub use sudokit_core;

mod bit_parallel;
mod board;
mod extras;
mod instructions;

pub use bit_parallel::BitParallel;
pub use instructions::{Instructions, PORTABLE_ENV};

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
