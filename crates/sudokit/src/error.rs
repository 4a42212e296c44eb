//! [`Error`]: one error type for code that parses, reads, picks a solver
//! and solves, so that `?` works across all of it.

use sudokit_core::{ParameterError, ParseError, RangeError, ShapeError, SolveError, StopReason, VariantError};
use sudokit_dlx::CoverError;
use sudokit_generate::{CanonicalError, GenerateError, TransformError, UnknownClueKind, UnknownSymmetry};
use sudokit_grid::io::{FPuzzlesError, ReadError, SumoCueError};
use sudokit_grid::{BoardError, Contradiction};
#[cfg(feature = "svg")]
use sudokit_rules::human::PictureError;
use sudokit_rules::human::{CustomTechniqueError, NameError, PencilError, RateError, StepError};

#[cfg(feature = "chart")]
use crate::chart::ChartError;

use crate::registry::UnknownSolver;

/// Any error of the sudokit crates, for applications that want one type:
/// every public error type of the workspace converts into it with `?` (a
/// test checks that none is missing).
///
/// ```
/// use sudokit::{Grid, Solver, registry};
///
/// fn solve(text: &str, solver: &str) -> Result<Grid, sudokit::Error> {
///     let puzzle: Grid = text.parse()?;
///     let mut solver = registry::create(solver)?;
///     Ok(solver.solve(&puzzle)?.grid)
/// }
///
/// let solution = solve("1.........4....1", "dlx")?;
/// assert!(solution.is_solved());
/// assert!(matches!(solve("1?", "dlx"), Err(sudokit::Error::Parse(_))));
/// assert!(matches!(solve("1.........4....1", "nope"), Err(sudokit::Error::UnknownSolver(_))));
/// assert!(matches!(solve("11..............", "dlx"), Err(sudokit::Error::Solve(_))));
///
/// // Shapes, exact-cover matrices and pencil marks join in with `?` too.
/// fn build() -> Result<(), sudokit::Error> {
///     let _shape = sudokit::Shape::new(3, 2)?;
///     let _queens = sudokit::dlx::problems::queens(8)?;
///     Ok(())
/// }
/// build()?;
/// # Ok::<(), sudokit::Error>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Text that is not a grid.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A puzzle file that cannot be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A solver that returned no grid.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A cell or digit outside a grid.
    #[error(transparent)]
    Range(#[from] RangeError),
    /// A solver name that is not registered.
    #[error(transparent)]
    UnknownSolver(#[from] UnknownSolver),
    /// A puzzle that cannot be rated.
    #[error(transparent)]
    Rate(#[from] RateError),
    /// A pencil-mark line that cannot be read.
    #[error(transparent)]
    Pencil(#[from] PencilError),
    /// Box dimensions sudokit cannot represent.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A variant's rules, or a grid under them.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// An exact-cover matrix that cannot be built or searched.
    #[error(transparent)]
    Cover(#[from] CoverError),
    /// A search of an engine that stopped on its budget.
    #[error("stopped: {0}")]
    Stopped(StopReason),
    /// Constraint propagation that proved a board inconsistent.
    #[error(transparent)]
    Contradiction(#[from] Contradiction),
    /// Pencil marks that cannot be built or edited.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A setting or size out of its range.
    #[error(transparent)]
    Parameter(#[from] ParameterError),
    /// A generation request that gave no puzzle.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// A transformation that cannot be built or applied.
    #[error(transparent)]
    Transform(#[from] TransformError),
    /// A canonical form that cannot be computed.
    #[error(transparent)]
    Canonical(#[from] CanonicalError),
    /// A symmetry name that is not known.
    #[error(transparent)]
    UnknownSymmetry(#[from] UnknownSymmetry),
    /// A kind of clue that is not known.
    #[error(transparent)]
    UnknownClueKind(#[from] UnknownClueKind),
    /// A step of the user's that does not fit its position.
    #[error(transparent)]
    Step(#[from] StepError),
    /// A technique, level, score or range of scores that does not read.
    #[error(transparent)]
    Name(#[from] NameError),
    /// A technique of the user's with a name or score not allowed.
    #[error(transparent)]
    CustomTechnique(#[from] CustomTechniqueError),
    /// A step that cannot be drawn on the position given.
    #[cfg(feature = "svg")]
    #[error(transparent)]
    Picture(#[from] PictureError),
    /// A chart that cannot be drawn or written.
    #[cfg(feature = "chart")]
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// A text that is no f-puzzles puzzle sudokit can play.
    #[error(transparent)]
    FPuzzles(#[from] FPuzzlesError),
    /// A puzzle that SumoCue's killer format cannot hold.
    #[error(transparent)]
    SumoCue(#[from] SumoCueError),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Its message says the reason, so the reason is not also its source.
impl From<StopReason> for Error {
    fn from(reason: StopReason) -> Error {
        Error::Stopped(reason)
    }
}
