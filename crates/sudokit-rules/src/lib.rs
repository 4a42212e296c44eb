//! Logic-based Sudoku solving for **sudokit**: a bit-parallel solver for
//! speed, and human techniques for hints, explanations and ratings.
//!
//! [`human`] solves as a player does, for every shape: the techniques of
//! Sudoku Explainer's path from hidden singles to nested forcing chains,
//! and the named patterns players know, each step explained in a
//! sentence; hints from a player's pencil marks; a step-by-step
//! [`Explainer`](human::Explainer) that guesses and backtracks when logic
//! stalls; a difficulty [`rate`](human::rate) on the Sudoku Explainer
//! scale; and [`HumanSolver`](human::HumanSolver), registered as `rules`.
//!
//! ```
//! use sudokit::rules::human::{rate, Level, Position};
//! use sudokit::Grid;
//!
//! let puzzle: Grid = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..".parse()?;
//! let step = Position::new(&puzzle)?.hint().ok_or("no technique applies")?;
//! assert_eq!(step.to_string(), "Naked single: r1c1 can only hold 1");
//! let rating = rate(&puzzle)?;
//! assert_eq!(rating.level, Level::Expert);
//! println!("ER {} EP {} ED {}, hardest step: {:?}", rating.er, rating.ep, rating.ed, rating.hardest);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`BitParallel`] is the workspace's speed flagship: a 9×9 solver on a
//! bit-parallel board that propagates naked and hidden singles and locked
//! candidates, and guesses only when that logic stalls. It is exact — it
//! finds every solution when asked to count, and proves unsolvability — and
//! is what the default solver of the `sudokit` facade, `auto`, runs on
//! 9×9 grids.
//!
//! # Example: the fast solver
//! ```
//! use sudokit::rules::BitParallel;
//! use sudokit::{Grid, Solver};
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
//! When nothing applies, the search guesses: it tries the two candidates of
//! a bivalue cell in the box with the most unsolved cells, each on a copy of
//! the board (240 bytes); the last one reuses the board itself.
//!
//! # Speed
//! Measured against the `sudoku` crate (a port of JCZSolve) in the same run
//! by `cargo run --release --example throughput`; see the README for the
//! current table.
//!
//! # Crate features
//! * `serde`: `Serialize` for [`Step`](human::Step) and the explainer's
//!   [`Event`](human::Event), `Serialize` and `Deserialize` for
//!   [`Rating`](human::Rating), [`Score`](human::Score),
//!   [`Technique`](human::Technique), [`Level`](human::Level),
//!   [`Outcome`](human::Outcome) and [`RateError`](human::RateError); it
//!   turns on the `serde` features of `sudokit-core` and `sudokit-grid`. A
//!   step is only made by the techniques, so it is not deserialised.
//! * `svg`: `human::Step::to_svg`, the step drawn as the
//!   grid with its pencil marks, the pattern's houses and cells highlighted,
//!   removed candidates struck and placed digits ringed; plain SVG, no
//!   drawing crate, for a GUI or a web page to reuse.
#![doc(test(attr(deny(warnings))))]

pub use sudokit_core;

mod bit_parallel;
mod board;
pub mod human;

pub use bit_parallel::BitParallel;

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
