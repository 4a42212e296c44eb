//! Sudoku as graph colouring for **sudokit**, on `petgraph`.
//!
//! Every cell is a vertex, every pair of cells that share a row, a column
//! or a box is an edge, and solving the puzzle is colouring the graph with
//! `side` colours so that no edge joins two vertices of one colour, the
//! givens keeping theirs. For 9×9: 81 vertices, 810 edges, every vertex of
//! degree 20, and the 27 units as cliques of 9.
//!
//! # Example
//! ```
//! use sudokit_graph::{ConstraintGraph, Dsatur};
//! use sudokit_core::{Grid, Solver};
//!
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let graph = ConstraintGraph::new(puzzle.shape());
//! println!("{}", graph.summary(&puzzle)); // 81 vertices, 810 edges, degree 20..=20, 17 fixed, …
//!
//! let solution = Dsatur::new().with_propagation().solve(&puzzle)?;
//! assert!(graph.is_proper_colouring(&solution.grid));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Overview
//! * [`ConstraintGraph`]: the graph of a shape on petgraph, its figures
//!   ([`GraphSummary`]), a proper-colouring check that walks the petgraph
//!   edges, and export to Graphviz DOT and to SVG (circular layout, or
//!   [`to_svg_in_grid`](ConstraintGraph::to_svg_in_grid): on the grid,
//!   one cell's edges drawn).
//! * Solvers, all [`Solver`](sudokit_core::Solver)s; the exact ones also
//!   count solutions ([`CountSolutions`](sudokit_core::CountSolutions)):
//!   * [`SequentialColouring`]: vertex order, the course's baseline;
//!   * [`MrvColouring`]: fewest available colours first;
//!   * [`Dsatur`]: highest saturation first, ties by uncoloured degree;
//!   * both with optional forward checking (`with_propagation`);
//!   * [`Greedy`]: one pass, no backtracking, fails with
//!     [`SolveError::Incomplete`](sudokit_core::SolveError::Incomplete).
//!
//! Each reports the nodes explored and backtracks in its
//! [`Stats`](sudokit_core::Stats), counted like the course's notebook so the
//! figures compare (`cargo run --release --example graph_colouring`).
//!
//! # Public dependency
//! `petgraph` is part of this crate's API: [`ConstraintGraph::graph`]
//! returns its `UnGraph`, and the crate re-exports it as
//! `sudokit_graph::petgraph`. A major version bump of petgraph is therefore
//! a major version bump of this crate (and of the `sudokit` facade).
//!
//! # Crate features
//! None.
#![doc(test(attr(deny(warnings))))]

pub use petgraph;
pub use sudokit_core;

mod graph;
mod render;
mod search;
mod solvers;
mod teaching;

pub use graph::{ConstraintGraph, GraphSummary};
pub use search::ColourOrder;
pub use solvers::{Dsatur, Greedy, MrvColouring, SequentialColouring};
pub use teaching::PictureError;

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
