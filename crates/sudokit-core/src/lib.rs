//! Core vocabulary of **sudokit**: the [`Grid`], its [`Shape`], the
//! [`Solver`] trait every method implements, and the [`Budget`],
//! [`Solution`] and error types they share.
//!
//! Depend on this crate to write a solver that plugs into the rest of the
//! workspace, or to handle grids without pulling in any solver. It has no
//! dependency but `thiserror`.
//!
//! # Example
//! ```
//! use sudokit_core::{Grid, Shape};
//!
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! assert_eq!(puzzle.shape(), Shape::CLASSIC);
//! assert!(puzzle.validate().is_ok());
//!
//! let answer: Grid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179".parse()?;
//! assert!(answer.is_solution_of(&puzzle));
//! println!("{answer:#}"); // the boxed picture
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Overview
//! * [`Shape`], [`Cell`], [`Digit`], [`UnitKind`]: geometry, for 4×4 up to
//!   25×25 grids and beyond ([`Shape::MAX_SIDE`]).
//! * [`Grid`]: a value type with parsing ([`FromStr`](std::str::FromStr)),
//!   printing ([`Display`](std::fmt::Display), `{:#}` for the boxed picture)
//!   and validation ([`Grid::conflicts`], [`Grid::is_solved`],
//!   [`Grid::is_solution_of`], [`Grid::error_count`]).
//! * [`Solver`] and [`CountSolutions`]: what every solving method implements.
//! * [`Budget`], [`CancelFlag`], [`Meter`]: time, node and iteration limits,
//!   cancellation, and the cheap check solvers run in their loops.
//! * [`Solution`], [`Stats`]: results. [`SolveError`], [`ParseError`],
//!   [`ShapeError`]: failures, each naming what went wrong and where.
//!
//! # Other crates
//! * `sudokit-grid`: candidate bit sets, unit and peer tables, puzzle files,
//!   and the backtracking baselines.
//! * `sudokit-graph`: Sudoku as graph colouring on `petgraph`.
//! * `sudokit-dlx`: exact cover with Dancing Links.
//! * `sudokit-local`: simulated annealing and a genetic algorithm.
//! * `sudokit-rules`: human strategies, explanations and rating.
//! * `sudokit`: the facade, the solver registry and the comparison harness.
//!
//! # Crate features
//! None: the crate is small and always built whole.
#![doc(test(attr(deny(warnings))))]

mod budget;
mod error;
mod grid;
mod shape;
mod solver;

pub use budget::{Budget, CancelFlag, Meter, SearchTally, StopReason};
pub use error::{ParseError, ShapeError, SolveError};
pub use grid::{Conflict, Grid};
pub use shape::{Cell, Digit, Shape, UnitKind};
pub use solver::{CountSolutions, Solution, Solver, Stats, Uniqueness};
