//! Human techniques: solving as a player does, one explained step at a
//! time, with hints, a step-by-step explainer and a difficulty rating.
//!
//! * [`Position`]: placed digits and the pencil marks of every empty cell;
//!   built from a puzzle, from a puzzle and a player's marks, or from a
//!   729-character pencil-mark line. [`Position::hint`] is the next step
//!   for a player.
//! * [`Strategy`]: one technique; [`techniques`] has every built-in one as
//!   a type ([`techniques::Fish::X_WING`], [`techniques::XyWing`], …);
//!   [`lists::standard`] lists them in Sudoku Explainer 1.2.1's order,
//!   [`lists::named_patterns`] adds the named chains players know.
//! * [`Step`]: what a technique found, with its [`Technique`], its
//!   [`Score`], and a `Display` sentence ("X-Wing on 4 in rows 2 and 7,
//!   columns 3 and 8: 4 removed from r5c3, r9c8"). A technique of one's
//!   own builds its steps with [`Step::builder`], which checks them, and
//!   names them with [`Technique::Custom`].
//! * [`ForcingChain`]: a forcing chain's branch written out link by link
//!   ([`Step::forcing_chains`]), shortened to its ends by `Display`
//!   (`r4c7=3 → r5c9≠3 → r5c6=3 → …`), every link with its reason by
//!   `{:#}`, and drawn as arrows by `Step::to_svg`.
//! * [`Explainer`]: a whole solve as [`Event`]s, with guesses and
//!   backtracks when the techniques stall, ending with the [`Outcome`].
//! * [`rate`]: ER, EP, ED and [`Level`] on the Sudoku Explainer scale;
//!   [`Rater`] with a budget or techniques of one's own.
//! * [`HumanSolver`]: the techniques and guesses as an exact [`Solver`],
//!   registered as `rules` in the `sudokit` facade.
//!
//! Every technique works on every shape (rows, columns and boxes of any
//! [`Shape`](sudokit_core::Shape)). Under a [`Variant`](sudokit_core::Variant)'s
//! rules ([`Position::with_rules`], [`Explainer::with_puzzle`],
//! [`HumanSolver`]'s `solve_puzzle`) the techniques that reason over
//! houses and peers see the variant's (regions, diagonals, windows, the
//! cells a relation binds), pointing and claiming give way to
//! generalized intersections and naked sets reach every cell that sees
//! them, as in SukakuExplainer; each technique declares the kinds of rule
//! it knows ([`Strategy::rule_kinds`]), which keeps the rest (uniqueness,
//! the named patterns) to the standard rules. [`Rater::rate_puzzle`]
//! rates a variant's puzzle as SukakuExplainer does.
//!
//! # Techniques, in path order
//! | technique | score |
//! |---|---|
//! | full house, hidden single (box, then row or column) | 1.0, 1.2, 1.5 |
//! | direct pointing, direct claiming | 1.7, 1.9 |
//! | direct hidden pair | 2.0 |
//! | naked single | 2.3 |
//! | direct hidden triple | 2.5 |
//! | pointing, claiming | 2.6, 2.8 |
//! | naked pair, X-Wing, hidden pair | 3.0, 3.2, 3.4 |
//! | naked triple, swordfish, hidden triple | 3.6, 3.8, 4.0 |
//! | XY-Wing, XYZ-Wing | 4.2, 4.4 |
//! | unique rectangles and loops, types 1 to 4 (3 naked or hidden) | 4.5 (loops of 6: 4.6, 8: 4.7, 10 or more: 5.0; type 3: plus 0.1 per digit or cell beyond a pair) |
//! | naked quad, jellyfish, hidden quad | 5.0, 5.2, 5.4 |
//! | BUG, types 1 to 4 | 5.6, 5.7 (type 3: plus 0.1 per digit beyond a pair) |
//! | aligned pair exclusion | 6.2 |
//! | X-cycle, Y-cycle, X-chain, continuous nice loop, alternating inference chain | 6.5, 6.5, 6.6, 7.0, 7.0, plus length |
//! | aligned triple exclusion | 7.5 |
//! | Nishio forcing chain (along one digit) | 7.5 plus length |
//! | cell and region forcing chains | 8.0 plus length |
//! | dynamic forcing chains: contradiction, double, cell, region | 8.5 plus length |
//! | dynamic forcing chains (+): branches use locked candidates, pairs, X-Wings | 9.0 plus length |
//! | nested: branches use unary, multiple, dynamic, dynamic (+ unary) chains | 9.5, 10.0, 10.5, 11.0 plus length |
//!
//! The chains are Sudoku Explainer 1.2.1's: the same links, the same
//! propagation, the same count of a chain's length (the candidates, true
//! or false, behind its conclusion, summed over its branches, plus the
//! length of every chain nested in it) and the same choice among the
//! steps one level finds (easiest, then shortest). The length bonus is
//! 0.1 for every threshold (4, 6, 8, 12, 16, 24, …) that the length minus
//! two exceeds. On 657 puzzles that Sudoku Explainer rated, every ER, EP
//! and ED agrees (`cargo run --release --example se_reference`).
//!
//! Off that path, [`lists::named_patterns`] finds skyscrapers, 2-string
//! kites, empty rectangles, W-Wings, remote pairs and simple colouring
//! (6.6 each); hints and the explainer try them just before the chains.
//!
//! Every technique of Sudoku Explainer 1.2.1's path is here.
//!
//! # Module layout
//! The modules depend on each other in one direction (CI checks that no
//! two import each other):
//! 1. vocabulary: `house` ← `geometry` (the houses and peers of a
//!    position's rules); `house` ← `forcing` (a forcing chain written out) ← `step` ← `wording` (the sentences) and
//!    `position` ← `builder` (the checked [`StepBuilder`]);
//! 2. `strategy`: the [`Strategy`] trait and the helpers techniques share;
//! 3. [`techniques`], a module per family: `singles`, `intersections`,
//!    `subsets`, `fish`, `wings`, `uniqueness`, `exclusion`, `named`, and
//!    `chaining` (Sudoku Explainer's chaining engine, layered inside:
//!    potentials and the working grid, hints, propagation, unary and
//!    multiple chains, then what nested levels run inside their branches);
//! 4. [`lists`]: the lists of techniques, and [`Position::hint`];
//! 5. `explain` (the search with guesses, and the [`Explainer`]), then
//!    `rating` and `solver` on it.
//!
//! [`Solver`]: sudokit_core::Solver

mod builder;
mod explain;
mod fillings;
mod forcing;
mod geometry;
mod house;
pub mod lists;
#[cfg(feature = "svg")]
mod picture;
mod position;
mod rating;
mod solver;
mod step;
mod strategy;
pub mod techniques;
mod wording;

pub use builder::{StepBuilder, StepError};
pub use explain::{Event, Explainer, Outcome};
pub use forcing::{ChainLink, ForcingChain, LinkReason};
pub use house::House;
#[cfg(feature = "svg")]
pub use picture::PictureError;
pub use position::{PencilError, Position};
pub use rating::{Cutoff, Level, RateError, RateUntil, Rater, Rating, rate, rate_with};
pub use solver::HumanSolver;
pub use step::{CustomTechnique, CustomTechniqueError, NameError, Score, Step, Technique};
pub use strategy::{Cache, KINDS_PLAYED, Strategy};

use sudokit_core::{Budget, Grid, SolveError};
use sudokit_grid::CandidateBoard;

/// The next step for a player of `puzzle` whose pencil marks are `marks`
/// (or who has none yet): the easiest technique that applies, without
/// solving the rest. `None` when nothing applies or the puzzle is solved.
///
/// ```
/// use sudokit_rules::human::hint;
/// use sudokit_core::Grid;
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let step = hint(&puzzle, None)?.ok_or("no hint")?;
/// println!("{step}");
/// assert_eq!(step.placements().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`SolveError::InvalidPuzzle`] when givens clash,
/// [`SolveError::ShapeMismatch`] when the marks are of another shape.
pub fn hint(puzzle: &Grid, marks: Option<&CandidateBoard>) -> Result<Option<Step>, SolveError> {
    hint_with(puzzle, marks, &Budget::unlimited())
}

/// [`hint`] within `budget` (see [`Position::hint_with`]): the call for
/// a hint button, which must answer in time whatever the grid.
///
/// ```
/// use std::time::Duration;
/// use sudokit_rules::human::hint_with;
/// use sudokit_core::{Budget, Grid, Shape, SolveError, StopReason};
///
/// // At most 50 ms, or 100 forcing-chain branches: on an empty 16×16
/// // grid nothing short of forcing chains applies, and those branch on
/// // every candidate, so the hint gives up.
/// let budget = Budget::unlimited().with_time_limit(Duration::from_millis(50)).with_max_nodes(100);
/// let result = hint_with(&Grid::empty(Shape::SIXTEEN), None, &budget);
/// let stopped = |reason| matches!(reason, StopReason::NodeLimit | StopReason::Deadline);
/// assert!(matches!(result, Err(SolveError::BudgetExhausted { reason, .. }) if stopped(reason)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`hint`], and [`SolveError::BudgetExhausted`] when the budget runs
/// out first.
pub fn hint_with(puzzle: &Grid, marks: Option<&CandidateBoard>, budget: &Budget) -> Result<Option<Step>, SolveError> {
    let position = match marks {
        Some(marks) => Position::with_marks(puzzle, marks)?,
        None => Position::new(puzzle)?,
    };
    position.hint_with(budget)
}
