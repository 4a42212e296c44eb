//! **sudokit**: every classic way to solve a Sudoku, behind one [`Solver`]
//! trait.
//!
//! This facade re-exports the core vocabulary ([`Grid`], [`Solver`],
//! [`Budget`]…) and the solvers of the workspace, lists them by name in the
//! [`registry`], and races them with the [`compare`] harness. Depend on it
//! to pick solvers from a string or compare methods; depend on a single
//! solver crate to keep the build small.
//!
//! # Example
//! ```
//! use sudokit::{registry, Grid, Solver};
//!
//! let puzzle: Grid = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.".parse()?;
//! for info in registry::solvers().iter().filter(|info| info.is_exact()) {
//!     let solution = info.build().solve(&puzzle)?;
//!     assert!(solution.grid.is_solution_of(&puzzle));
//!     println!("{:>18}: {} nodes", info.name(), solution.stats.nodes);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Short paths
//! Everything below needs only `sudokit` as a dependency.
//!
//! Solve one puzzle with the default solver, and check it is proper:
//! ```
//! use sudokit::{Auto, CountSolutions, Grid, Solver, Uniqueness};
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let mut solver = Auto::new();
//! println!("{:#}", solver.solve(&puzzle)?.grid);
//! assert_eq!(solver.uniqueness(&puzzle)?, Uniqueness::Unique);
//! # Ok::<(), sudokit::Error>(())
//! ```
//!
//! Exact cover for a problem of your own, with
//! [`dlx::ExactCover`]: here, tiling a 1×4 strip
//! with pieces of length 1 and 2 (items are the four squares).
//! ```
//! use sudokit::Budget;
//! use sudokit::dlx::ExactCover;
//! let mut strip = ExactCover::new(4, 0);
//! for start in 0..4 {
//!     strip.add_option(&[start])?;
//!     if start + 1 < 4 {
//!         strip.add_option(&[start, start + 1])?;
//!     }
//! }
//! // Fibonacci: 5 tilings of a strip of 4.
//! assert_eq!(strip.count_solutions(u64::MAX, &Budget::unlimited()), Ok(5));
//! # Ok::<(), sudokit::dlx::CoverError>(())
//! ```
//!
//! The puzzle as a graph, with [`graph::ConstraintGraph`]:
//! a petgraph graph, its figures, and DOT or SVG pictures.
//! ```
//! use sudokit::{Grid, Shape};
//! use sudokit::graph::ConstraintGraph;
//! let graph = ConstraintGraph::new(Shape::CLASSIC);
//! assert_eq!((graph.graph().node_count(), graph.graph().edge_count()), (81, 810));
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let dot = graph.to_dot(&puzzle);
//! assert!(dot.starts_with("graph {"));
//! # Ok::<(), sudokit::Error>(())
//! ```
//!
//! Solve as a player does, with [`rules::human`]: a hint with its
//! explanation, and the difficulty on the Sudoku Explainer scale
//! (the hints in [`rules::human`], the ratings in [`rating`]).
//! ```
//! use sudokit::Grid;
//! use sudokit::rating::rate;
//! use sudokit::rules::human::hint;
//! let puzzle: Grid = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..".parse()?;
//! let step = hint(&puzzle, None)?.expect("r1c1 can only hold 1");
//! assert_eq!(step.to_string(), "Naked single: r1c1 can only hold 1");
//! let rating = rate(&puzzle)?;
//! println!("ER {} ({}), hardest step: {:?}", rating.er, rating.level, rating.hardest);
//! # Ok::<(), sudokit::Error>(())
//! ```
//!
//! Cancel a long solve from another thread:
//! ```
//! use std::time::Duration;
//! use sudokit::{Backtracking, Budget, CancelFlag, Grid, SolveError, Solver, StopReason};
//! let flag = CancelFlag::new();
//! let budget = Budget::unlimited().with_cancel_flag(flag.clone());
//! // A puzzle made against brute force: plain backtracking in reading
//! // order needs tens of millions of nodes, far more than 20 ms.
//! let hard: Grid = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9".parse()?;
//! let outcome = std::thread::scope(|scope| {
//!     let solve = scope.spawn(|| Backtracking::new().solve_with(&hard, &budget));
//!     std::thread::sleep(Duration::from_millis(20));
//!     flag.cancel();
//!     solve.join()
//! });
//! assert!(matches!(outcome, Ok(Err(SolveError::BudgetExhausted { reason: StopReason::Cancelled, .. }))));
//! # Ok::<(), sudokit::Error>(())
//! ```
//!
//! # Overview
//! * Core types, re-exported from `sudokit-core`: [`Grid`], [`Shape`],
//!   [`Solver`], [`CountSolutions`], [`Budget`], [`Solution`],
//!   [`SolveError`]…; the whole crate as [`core`], with what
//!   writing a solver or a reader of one's own takes (`SearchTally`,
//!   `Meter`, `text`).
//! * [`rules`]: `sudokit-rules`, logic-based solving: [`BitParallel`], the
//!   bit-parallel 9×9 solver, and [`rules::human`]: human techniques with
//!   explained steps, hints, a step-by-step explainer, a difficulty rating
//!   on the Sudoku Explainer scale, and the `rules` solver.
//! * [`dlx`]: `sudokit-dlx`, exact cover with Dancing Links: [`Dlx`],
//!   [`DlxRs`] and the general engine.
//! * [`graph`]: `sudokit-graph`, the puzzle as graph colouring on
//!   `petgraph`: [`SequentialColouring`], [`MrvColouring`], [`Dsatur`] (both
//!   with optional forward checking) and [`Greedy`].
//! * [`local`]: `sudokit-local`, local search: [`Annealing`] (simulated
//!   annealing) and [`Genetic`] (a genetic algorithm), seeded and
//!   observable, each with a hybrid that propagates constraints first.
//! * [`grid`]: `sudokit-grid` (candidates, unit tables, [`io`] for puzzle
//!   files), the baselines [`Backtracking`] and [`BacktrackingMrv`], and
//!   [`PropagationSearch`], the fast solver of variants.
//! * [`Auto`]: the default solver, the fastest exact one for each shape
//!   (bit-parallel for 9×9, propagation's digit planes up to 16×16,
//!   Dancing Links beyond).
//! * [`registry`]: every solver by a stable kebab-case name.
//! * [`compare`]: the comparison harness behind the `compare` example.
//! * [`generate`]: `sudokit-generate`, proper puzzles by shape, symmetry,
//!   number of givens and difficulty, and grid transformations.
//! * [`rating`]: the Sudoku Explainer rating, with [`rating::rate_many`]
//!   rating many puzzles on every core, results in input order.
//! * [`batch`]: many puzzles solved in parallel, results in input order,
//!   files streamed line by line.
//! * [`Error`]: one error type over parsing, reading, the registry and
//!   solving, so that `?` works across them.
//!
//! The items re-exported from a member crate keep that crate's docs, and
//! their examples name that crate, so that it tests alone as published:
//! `sudokit_core::Grid` is [`Grid`] here, `sudokit_rules::human::Rater` is
//! `sudokit::rules::human::Rater`, `sudokit_generate::Generator` is
//! `sudokit::generate::Generator` — with `sudokit` alone as a dependency,
//! write those paths.
//!
//! The registered solvers (the [`registry`]; a test keeps this table in
//! step with it):
//!
//! | name | type | crate | method | sides |
//! |---|---|---|---|---|
//! | `auto` | `Auto` | `sudokit-auto` | the fastest exact solver for each shape and rules: bit-parallel for 9x9 (X, windoku, disjoint groups, anti-king and anti-knight too), propagation for other shapes up to 16x16 and for the other variants, Dancing Links beyond | 4 to 35 |
//! | `fast` | `BitParallel` | `sudokit-bitparallel` | bit-parallel singles and locked candidates, then guesses (9x9, with extra houses on the boxes, anti-king, anti-knight and pencil marks; other shapes by backtracking-mrv) | 4 to 35 |
//! | `propagation` | `PropagationSearch` | `sudokit-grid` | singles propagated through the houses and relations of any variant, then guesses | 4 to 35 |
//! | `dlx` | `Dlx` | `sudokit-dlx` | Dancing Links (Knuth's Algorithm X) on the matrix the givens leave | 4 to 35 |
//! | `dlx-rs` | `DlxRs` | `sudokit-dlx` | the same exact cover solved by the dlx-rs crate (the course's library approach; up to 16x16) | 4 to 16 |
//! | `rules` | `HumanSolver` | `sudokit-rules` | human techniques (singles, locked candidates, pairs) after every change, then guesses on an explicit stack | 4 to 35 |
//! | `dsatur-propagate` | `Dsatur` | `sudokit-graph` | graph colouring, highest saturation first, with forward checking | 4 to 35 |
//! | `graph-mrv-propagate` | `MrvColouring` | `sudokit-graph` | graph colouring, fewest colours first, with forward checking | 4 to 35 |
//! | `dsatur` | `Dsatur` | `sudokit-graph` | graph colouring, highest saturation first (DSATUR) | 4 to 35 |
//! | `graph-mrv` | `MrvColouring` | `sudokit-graph` | graph colouring, fewest available colours first | 4 to 35 |
//! | `backtracking-mrv` | `BacktrackingMrv` | `sudokit-grid` | backtracking, fewest-candidates cell first | 4 to 35 |
//! | `graph-sequential` | `SequentialColouring` | `sudokit-graph` | graph colouring by backtracking in vertex order (the course's graph baseline) | 4 to 35 |
//! | `backtracking` | `Backtracking` | `sudokit-grid` | plain backtracking in row-major order (the course's baseline) | 4 to 35 |
//! | `greedy` | `Greedy` | `sudokit-graph` | greedy colouring, one pass without backtracking: fails on most puzzles (not exact) | 4 to 35 |
//! | `annealing-hybrid` | `Annealing` | `sudokit-local` | simulated annealing on box permutations after singles and locked candidates, moves within the candidates (not exact) | 4 to 35 |
//! | `annealing` | `Annealing` | `sudokit-local` | simulated annealing on box permutations within the givens' candidates: short runs, restarts (not exact) | 4 to 35 |
//! | `genetic-hybrid` | `Genetic` | `sudokit-local` | genetic algorithm on box permutations with local search, after singles and locked candidates (not exact) | 4 to 35 |
//! | `genetic` | `Genetic` | `sudokit-local` | genetic algorithm on box permutations: tournament, unit crossover, swap mutation, local search (not exact) | 4 to 35 |
//!
//! # Crate features
//! * `serde`: `Serialize` and `Deserialize` for [`Grid`] (its shape and
//!   cells, so that any boxes survive), [`Shape`], [`Stats`], [`Solution`],
//!   [`SolveError`], [`StopReason`], candidate sets and ratings;
//!   `Serialize` for explained steps and events (the `serde` features of
//!   the member crates). The [`compare`] reports serialise either way.
//! * `chart`: `chart::BarChart`, bar charts on a log scale as SVG (drawn
//!   with `plotters`' SVG backend), and `compare::Report::chart`, the
//!   picture of a race.
//! * `svg`: `rules::human::Step::to_svg`, a step drawn as the grid with
//!   its pencil marks and pattern (plain SVG; the `svg` feature of
//!   `sudokit-rules`).
#![doc(test(attr(deny(warnings))))]

/// The core crate (`sudokit-core`) whole, beside `sudokit::grid` and the
/// others: beside the types above, the plumbing of solvers of one's own
/// (`SearchTally`, `Meter`), of readers (`text`) and the shared look of
/// pictures (`picture`). Named `base` so that a glob import of the facade
/// does not shadow Rust's own `core`.
pub use sudokit_core as base;
pub use sudokit_core::{
    Admitted, Bond, Budget, Cage, CageBreak, CancelFlag, Cell, ClueFamily, ClueSide, Conflict, CountSolutions, Digit,
    EdgeClue, Extremum, Grid, House, HouseKind, IndexerKind, Line, LineKind, MarkBreak, PairRule, ParameterError,
    Parity, ParseError, Puzzle, RangeError, Relation, RuleKind, RuleKinds, Rulebook, Shape, ShapeError, SightlineKind,
    Solution, SolveError, Solver, Stats, StopReason, Uniqueness, UnitKind, Variant, VariantConflict, VariantError,
};
pub use sudokit_dlx::{self as dlx, Dlx, DlxRs};
pub use sudokit_graph::{self as graph, Dsatur, Greedy, MrvColouring, SequentialColouring};
pub use sudokit_grid::{self as grid, Backtracking, BacktrackingMrv, PropagationSearch, io};
pub use sudokit_local::{self as local, Annealing, Genetic};

pub use error::Error;
pub use sudokit_auto::{self as auto, Auto};
pub use sudokit_bitparallel::{self as bitparallel, BitParallel};
// Inlined, so that the facade's own docs have pages for the human-solving
// API (`Explainer`, `Position`, `Step`, …) with `cargo doc --no-deps`.
#[doc(inline)]
pub use sudokit_rules as rules;

pub mod batch;
#[cfg(feature = "chart")]
pub mod chart;
pub mod compare;
mod error;
pub mod generate;
mod parallel;
pub mod rating;
pub mod registry;

/// The crate's own README, its page on crates.io, runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
