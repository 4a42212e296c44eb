//! Core vocabulary of **sudokit**: the [`Grid`], its [`Shape`], the
//! [`Solver`] trait every method implements, and the [`Budget`],
//! [`Solution`] and error types they share.
//!
//! Depend on this crate to write a solver that plugs into the rest of the
//! workspace, or to handle grids without pulling in any solver. It has no
//! dependency but `thiserror` (and, on `wasm32-unknown-unknown`, `web-time`
//! for the [`clock`]).
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
//! * [`Puzzle`]: a grid and its rules, which a [`Rulebook`] holds compiled
//!   once from a [`Variant`]; [`RuleKind`] and [`RuleKinds`]: the kinds of
//!   rule a rulebook holds and a solver knows.
//! * [`Solver`] and [`CountSolutions`]: what every solving method
//!   implements, each solve going through one check of the rules'
//!   kinds ([`Admitted`]).
//! * [`text`]: the parsers behind `FromStr`, and the pieces a reader of
//!   puzzle files needs.
//! * [`Budget`], [`CancelFlag`]: time, node and iteration limits, and
//!   cancellation.
//! * [`SearchTally`] (with its [`Meter`]): the bookkeeping of one solve —
//!   budget checks, counters, solutions — that every solver uses.
//! * [`Solution`], [`Stats`]: results. [`SolveError`], [`StopReason`],
//!   [`ParseError`], [`ShapeError`], [`ParameterError`]: failures, each
//!   naming what went wrong and where.
//!
//! # Other crates
//! * `sudokit-grid`: candidate bit sets, unit and peer tables, puzzle files,
//!   and the backtracking baselines.
//! * `sudokit-graph`: Sudoku as graph colouring on `petgraph`.
//! * `sudokit-dlx`: exact cover with Dancing Links.
//! * `sudokit-local`: simulated annealing and a genetic algorithm.
//! * `sudokit-bitparallel`: `BitParallel`, the fastest 9×9 solver.
//! * `sudokit-rules`: human techniques with hints, an explainer and a
//!   Sudoku Explainer-scale rating.
//! * `sudokit-auto`: `Auto`, the fastest exact solver for each shape.
//! * `sudokit-generate`: puzzle generation, transformations and canonical
//!   forms.
//! * `sudokit`: the facade, the solver registry, the comparison harness and
//!   batch solving.
//! * `sudokit-testkit`: the solver contract as a test suite, an
//!   independent oracle and the puzzle sets.
//!
//! # Module layout
//! The modules depend on each other in one direction: `shape` ← `cell`
//! ← `parse_error` ← `grid` ← `text`; `text` ← `marks` (pencil marks)
//! ← `variant` (a puzzle's rules) ← `variant_text`; `pairs` ← `lines`
//! ← `bond` ← `variant`; `rule_kinds` stands
//! alone; `grid`, `stats`, `parameter`, `variant` and `rule_kinds` ←
//! `error` ← `rulebook` (the rules compiled) ← `puzzle` ← `solver`;
//! `error` ← `budget` ← `solver` ← `search`; `picture` and `splitmix`
//! stand alone.
//!
//! # Crate features
//! * `serde`: `Serialize` and `Deserialize` for [`Grid`] (its shape and its
//!   one-line text, `{"shape": {"box_height": 2, "box_width": 3}, "cells":
//!   "…"}`, so boxes that are not the default for the side survive; a bare
//!   line is read as the default shape for its length), [`Shape`] (its box
//!   dimensions), [`Cell`] (row and column), [`Digit`], [`Conflict`],
//!   [`Stats`], [`Solution`], [`Uniqueness`], [`SolveError`],
//!   [`StopReason`], [`Variant`] (its shape and its rules' text),
//!   [`VariantConflict`], [`House`], [`HouseKind`] and [`Relation`].
#![doc(test(attr(deny(warnings))))]

mod bond;
mod budget;
pub mod cage;
mod cell;
pub mod clock;
pub mod drawn_sums;
mod error;
mod grid;
pub mod indexers;
mod lines;
pub mod marks;
mod pairs;
mod parameter;
mod parse_error;
pub mod picture;
mod puzzle;
pub mod quadruples;
mod region_sums;
mod rule_kinds;
mod rulebook;
pub mod sandwiches;
mod search;
#[cfg(feature = "serde")]
mod serde_impls;
mod shape;
pub mod sightlines;
mod solver;
mod splitmix;
mod stats;
pub mod sums;
pub mod text;
mod true_candidates;
mod variant;
mod variant_picture;
pub mod variant_text;

pub use bond::Bond;
pub use budget::{Budget, CancelFlag};
pub use cage::{Cage, CageBreak};
pub use cell::{Cell, Digit};
pub use drawn_sums::{Arrow, LittleKiller, PillArrow, SumBreak};
pub use error::{SolveError, StopReason};
pub use grid::{Conflict, Grid, RangeError};
pub use indexers::{Indexer, IndexerBreak, IndexerKind};
pub use lines::{Line, LineBreak, LineKind};
pub use marks::{MarkBreak, Parity};
pub use pairs::{ClueFamily, EdgeClue, Extremum, PairRule, Relation};
pub use parameter::ParameterError;
pub use parse_error::ParseError;
pub use puzzle::Puzzle;
pub use quadruples::{Quadruple, QuadrupleBreak};
pub use rule_kinds::{RuleKind, RuleKinds};
pub use rulebook::Rulebook;
pub use sandwiches::{Sandwich, SandwichBreak};
pub use search::{Meter, SearchTally};
pub use shape::{Shape, ShapeError, UnitKind};
pub use sightlines::{ClueSide, Sightline, SightlineBreak, SightlineKind};
pub use solver::{Admitted, CountSolutions, Solution, Solver, Uniqueness};
pub use splitmix::SplitMix64;
pub use stats::Stats;
pub use variant::{Broken, House, HouseKind, Variant, VariantConflict, VariantError};
pub use variant_picture::VariantPicture;

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
