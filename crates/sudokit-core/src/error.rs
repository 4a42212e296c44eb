//! [`SolveError`] and [`StopReason`]: why a solver returned no grid.

use std::fmt;

use crate::cage::CageBreak;
use crate::drawn_sums::SumBreak;
use crate::grid::{Conflict, Grid};
use crate::indexers::IndexerBreak;
use crate::lines::LineBreak;
use crate::marks::MarkBreak;
use crate::parameter::ParameterError;
use crate::quadruples::QuadrupleBreak;
use crate::rule_kinds::RuleKind;
use crate::sandwiches::SandwichBreak;
use crate::shape::Shape;
use crate::sightlines::SightlineBreak;
use crate::stats::Stats;
use crate::variant::{Variant, VariantConflict};

/// Which limit of a [`Budget`](crate::Budget) stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum StopReason {
    /// The deadline passed.
    #[error("time limit reached")]
    Deadline,
    /// The node cap was reached.
    #[error("node limit reached")]
    NodeLimit,
    /// The iteration cap was reached.
    #[error("iteration limit reached")]
    IterationLimit,
    /// The cancel flag was raised.
    #[error("cancelled")]
    Cancelled,
}

/// Why a solver returned no grid.
///
/// The variants with fields are `#[non_exhaustive]`, so that fields can be
/// added: match them with `..`, and build them with
/// [`SolveError::unsupported_shape`], [`SolveError::shape_mismatch`],
/// [`SolveError::panicked`], or a
/// [`SearchTally`](crate::SearchTally) (`exhausted`, `incomplete`);
/// [`Grid::validate`] builds `InvalidPuzzle`.
///
/// ```
/// use sudokit_core::{Grid, SolveError};
/// let puzzle: Grid = "11..............".parse()?;
/// let err = puzzle.validate().unwrap_err();
/// assert!(matches!(err, SolveError::InvalidPuzzle { .. }));
/// assert_eq!(err.to_string(), "invalid puzzle: clashing givens r1c1 and r1c2 (both 1)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SolveError {
    /// Some givens clash: two equal digits share a row, column or box.
    #[non_exhaustive]
    #[error("invalid puzzle: {}", ConflictList(conflicts))]
    InvalidPuzzle {
        /// Every clashing pair of givens.
        conflicts: Vec<Conflict>,
    },
    /// The search proved that no grid completes the puzzle.
    #[error("the puzzle has no solution")]
    Unsolvable,
    /// The [`Budget`](crate::Budget) ran out before the search ended.
    #[non_exhaustive]
    #[error("gave up: {reason} after {} nodes and {} iterations", stats.nodes, stats.iterations)]
    BudgetExhausted {
        /// Which limit was reached.
        reason: StopReason,
        /// The work done until then.
        stats: Stats,
        /// The best grid reached, for solvers that keep one (local search).
        best: Option<Grid>,
    },
    /// An incomplete method (greedy colouring, a rule set without guessing)
    /// stopped without a solution and without proving there is none.
    #[non_exhaustive]
    #[error(
        "no solution found after {} nodes and {} iterations, and no proof that none exists",
        stats.nodes,
        stats.iterations
    )]
    Incomplete {
        /// The work done.
        stats: Stats,
        /// The partial or best grid reached, if the solver keeps one.
        best: Option<Grid>,
    },
    /// The solver panicked: a bug in it. The `compare` harness and the
    /// batch solver of the `sudokit` facade catch a solver's panic and
    /// report it as this error for that puzzle, and go on with the others.
    #[non_exhaustive]
    #[error("the solver panicked: {message}")]
    Panicked {
        /// The panic's message.
        message: String,
    },
    /// Something given with the puzzle (a player's pencil marks, say) is of
    /// another shape than the puzzle.
    #[non_exhaustive]
    #[error("the puzzle is {expected}, but what came with it is {found}")]
    ShapeMismatch {
        /// The puzzle's shape.
        expected: Shape,
        /// The other shape.
        found: Shape,
    },
    /// A setting of the solver is out of its range (a negative rate, a
    /// population too large to allocate): checked when the solve starts.
    #[error("invalid setting: {0}")]
    InvalidParameter(ParameterError),
    /// The solver does not handle grids of this shape.
    #[non_exhaustive]
    #[error("grids of shape {shape} are not supported by this solver")]
    UnsupportedShape {
        /// The shape of the puzzle.
        shape: Shape,
    },
    /// Some givens break a rule of the puzzle's [`Variant`]: an extra
    /// house, a region or a relation (the standard rules' clashes are
    /// [`SolveError::InvalidPuzzle`]).
    #[non_exhaustive]
    #[error("invalid puzzle: {}", conflicts.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    VariantClash {
        /// Every pair of givens that breaks a rule, with the rule.
        conflicts: Vec<VariantConflict>,
    },
    /// The givens of a killer cage do not fit its sum: they exceed it, or
    /// no distinct digits fill its empty cells to it (givens that repeat a
    /// digit in a cage are [`SolveError::VariantClash`]).
    #[non_exhaustive]
    #[error("invalid puzzle: {}", breaks.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    CageClash {
        /// Every cage the givens break.
        breaks: Vec<CageBreak>,
    },
    /// Some givens are digits their cells' pencil marks or parity exclude
    /// (see [`Variant::with_marks`], [`Variant::with_parity`]).
    #[non_exhaustive]
    #[error("invalid puzzle: {}", breaks.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    MarkClash {
        /// Every given its marks or parity exclude.
        breaks: Vec<MarkBreak>,
    },
    /// Some givens leave an arrow or a little killer no way to add up
    /// (see [`Variant::with_arrow`], [`Variant::with_little_killer`]).
    #[non_exhaustive]
    #[error("invalid puzzle: {}", breaks.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    SumClash {
        /// Every arrow and little killer the givens break.
        breaks: Vec<SumBreak>,
    },
    /// Some givens leave a quadruple no room for its digits (see
    /// [`Variant::with_quadruple`]).
    #[non_exhaustive]
    #[error("invalid puzzle: {}", breaks.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    QuadrupleClash {
        /// Every quadruple the givens break.
        breaks: Vec<QuadrupleBreak>,
    },
    /// Some givens break a between line or a region-sum line (see
    /// [`Variant::line_breaks`]).
    #[non_exhaustive]
    #[error("invalid puzzle: {}", breaks.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    LineClash {
        /// Every such line the givens break.
        breaks: Vec<LineBreak>,
    },
    /// Some givens break an indexer cell (see [`Variant::with_indexer`]).
    #[non_exhaustive]
    #[error("invalid puzzle: {}", breaks.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    IndexerClash {
        /// Every indexer the givens break.
        breaks: Vec<IndexerBreak>,
    },
    /// Some givens leave a sandwich clue no way to hold (see
    /// [`Variant::with_sandwich`]).
    #[non_exhaustive]
    #[error("invalid puzzle: {}", breaks.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    SandwichClash {
        /// Every sandwich the givens break.
        breaks: Vec<SandwichBreak>,
    },
    /// Some givens leave an X-sum or a skyscraper clue no way to hold
    /// (see [`Variant::with_sightline`]).
    #[non_exhaustive]
    #[error("invalid puzzle: {}", breaks.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    SightlineClash {
        /// Every X-sum and skyscraper clue the givens break.
        breaks: Vec<SightlineBreak>,
    },
    /// The solver does not know a kind of rule of the puzzle (see
    /// [`Solver::rule_kinds`](crate::Solver::rule_kinds)).
    #[non_exhaustive]
    #[error("this solver does not take the rules `{rules}`: it does not know {kind}")]
    UnsupportedVariant {
        /// The rules, in their text form.
        rules: String,
        /// The first kind of rule the solver does not know.
        kind: RuleKind,
    },
}

struct ConflictList<'a>(&'a [Conflict]);

impl fmt::Display for ConflictList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 4;
        for (i, c) in self.0.iter().take(SHOWN).enumerate() {
            let sep = if i == 0 { "clashing givens " } else { "; " };
            write!(f, "{sep}{} and {} (both {})", c.first, c.second, c.digit)?;
        }
        if self.0.len() > SHOWN {
            write!(f, "; and {} more clashes", self.0.len() - SHOWN)?;
        }
        Ok(())
    }
}

/// A setting out of its range, as the solve's error; its message is the
/// solve error's too, so it is not also its source.
impl From<ParameterError> for SolveError {
    fn from(error: ParameterError) -> SolveError {
        SolveError::InvalidParameter(error)
    }
}

impl SolveError {
    /// The error of a solver that does not handle grids of `shape`.
    ///
    /// ```
    /// use sudokit_core::{Shape, SolveError};
    /// let err = SolveError::unsupported_shape(Shape::TWENTY_FIVE);
    /// assert!(matches!(err, SolveError::UnsupportedShape { shape, .. } if shape == Shape::TWENTY_FIVE));
    /// ```
    pub fn unsupported_shape(shape: Shape) -> SolveError {
        SolveError::UnsupportedShape { shape }
    }

    /// The error of an input of shape `found` given with a puzzle of shape
    /// `expected`.
    pub fn shape_mismatch(expected: Shape, found: Shape) -> SolveError {
        SolveError::ShapeMismatch { expected, found }
    }

    /// The error of a solver that panicked, with the panic's `message`.
    pub fn panicked(message: impl Into<String>) -> SolveError {
        SolveError::Panicked { message: message.into() }
    }
}

impl Variant {
    /// Returns `Ok` when `puzzle` is of this variant's shape and its givens
    /// break none of its rules: the first check of a solver of variants.
    ///
    /// # Errors
    /// [`SolveError::ShapeMismatch`] for a puzzle of another shape;
    /// clashing givens are [`SolveError::InvalidPuzzle`] under the standard
    /// rules, as for every solver, and [`SolveError::VariantClash`] under
    /// any other, which names each broken house or relation, then
    /// [`SolveError::CageClash`] for givens that break a cage's sum, then
    /// [`SolveError::MarkClash`] for givens their pencil marks or parity
    /// exclude, then [`SolveError::SumClash`] for givens an arrow or a
    /// little killer cannot add up with, then
    /// [`SolveError::QuadrupleClash`] for givens that leave a quadruple no
    /// room, then [`SolveError::SandwichClash`] for givens a sandwich clue
    /// cannot hold with, then [`SolveError::SightlineClash`] for givens an
    /// X-sum or a skyscraper clue cannot hold with, then
    /// [`SolveError::IndexerClash`] for givens that
    /// break an indexer cell, then [`SolveError::LineClash`] for givens
    /// that break a between line or a region-sum line.
    pub fn validate(&self, puzzle: &Grid) -> Result<(), SolveError> {
        if self.is_standard_for(puzzle) {
            return puzzle.validate();
        }
        let conflicts = self
            .conflicts(puzzle)
            .map_err(|_| SolveError::ShapeMismatch { expected: self.shape(), found: puzzle.shape() })?;
        if !conflicts.is_empty() {
            return Err(SolveError::VariantClash { conflicts });
        }
        let breaks = self.cage_breaks(puzzle).unwrap_or_default();
        if !breaks.is_empty() {
            return Err(SolveError::CageClash { breaks });
        }
        let breaks = self.mark_breaks(puzzle).unwrap_or_default();
        if !breaks.is_empty() {
            return Err(SolveError::MarkClash { breaks });
        }
        let breaks = self.sum_breaks(puzzle).unwrap_or_default();
        if !breaks.is_empty() {
            return Err(SolveError::SumClash { breaks });
        }
        let breaks = self.quadruple_breaks(puzzle).unwrap_or_default();
        if !breaks.is_empty() {
            return Err(SolveError::QuadrupleClash { breaks });
        }
        let breaks = self.sandwich_breaks(puzzle).unwrap_or_default();
        if !breaks.is_empty() {
            return Err(SolveError::SandwichClash { breaks });
        }
        let breaks = self.sightline_breaks(puzzle).unwrap_or_default();
        if !breaks.is_empty() {
            return Err(SolveError::SightlineClash { breaks });
        }
        let breaks = self.indexer_breaks(puzzle).unwrap_or_default();
        if !breaks.is_empty() {
            return Err(SolveError::IndexerClash { breaks });
        }
        let breaks = self.line_breaks(puzzle).unwrap_or_default();
        if breaks.is_empty() { Ok(()) } else { Err(SolveError::LineClash { breaks }) }
    }
}

impl Grid {
    /// Returns `Ok` when the givens are consistent, else the
    /// [`SolveError::InvalidPuzzle`] naming every clash: the first check of
    /// every solver.
    ///
    /// # Errors
    /// [`SolveError::InvalidPuzzle`] when two equal digits share a unit.
    pub fn validate(&self) -> Result<(), SolveError> {
        if self.is_consistent() { Ok(()) } else { Err(SolveError::InvalidPuzzle { conflicts: self.conflicts() }) }
    }
}
