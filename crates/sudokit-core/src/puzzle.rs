//! [`Puzzle`]: the givens and the rules they are to be solved under.

use std::fmt;

use crate::error::SolveError;
use crate::grid::Grid;
use crate::rulebook::Rulebook;
use crate::shape::Shape;
use crate::variant::Variant;

/// A grid of givens and the [`Rulebook`] it is to be solved under: what
/// every solver takes ([`Solver::solve_puzzle_with`](crate::Solver::solve_puzzle_with)).
/// A bare [`Grid`] is a puzzle under the standard rules of its shape
/// (`Puzzle::from(grid)`), and the grid-only methods of the solver traits
/// make that puzzle for you.
///
/// The grid is always of the rules' shape. Givens that break the rules are
/// not checked here: a solver says so ([`Puzzle::validate`]).
///
/// `Display` writes the line form a file holds: the grid's line, then `;`
/// and the rules unless they are the standard ones. A puzzle with pencil
/// marks is written as its pencil-mark line in place of the grid's (a given
/// as its one mark), then its other rules. Read back, a given whose digit
/// a peer's marks still hold is an open cell of one mark
/// ([`Variant::givens_of_marks`]): the same solutions, one more step.
///
/// ```
/// use sudokit_core::{Grid, Puzzle, Shape, Variant};
///
/// let x = Puzzle::new(Grid::empty(Shape::MINI), Variant::standard(Shape::MINI).with_diagonals())?;
/// assert_eq!(x.to_string(), "................;x");
/// assert_eq!(Puzzle::from(Grid::empty(Shape::MINI)).to_string(), "................");
/// assert!(Puzzle::new(Grid::empty(Shape::CLASSIC), x.variant().clone()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    grid: Grid,
    rules: Rulebook,
}

impl Puzzle {
    /// `grid` under `rules`: a [`Variant`], compiled here, or a
    /// [`Rulebook`] compiled already, shared. To solve many grids under the
    /// same rules, compile them once and pass the rulebook.
    ///
    /// ```
    /// use sudokit_core::{Puzzle, Rulebook, Shape, Variant};
    ///
    /// let x = Rulebook::new(Variant::standard(Shape::MINI).with_diagonals());
    /// let puzzles: Vec<Puzzle> = ["1...............", "...............2"]
    ///     .iter()
    ///     .map(|line| Ok(Puzzle::new(line.parse()?, x.clone())?))
    ///     .collect::<Result<_, Box<dyn std::error::Error>>>()?;
    /// assert_eq!(puzzles[1].rules(), &x);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::ShapeMismatch`] when the grid is not of the rules'
    /// shape.
    pub fn new(grid: Grid, rules: impl Into<Rulebook>) -> Result<Puzzle, SolveError> {
        let rules = rules.into();
        if grid.shape() != rules.shape() {
            return Err(SolveError::shape_mismatch(rules.shape(), grid.shape()));
        }
        Ok(Puzzle { grid, rules })
    }

    /// The givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The rules, compiled.
    pub fn rules(&self) -> &Rulebook {
        &self.rules
    }

    /// The rules' description.
    pub fn variant(&self) -> &Variant {
        self.rules.variant()
    }

    /// The shape of the grid and the rules.
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }

    /// Whether the rules are the standard ones of the grid's shape.
    pub fn is_standard(&self) -> bool {
        self.rules.is_standard()
    }

    /// The grid and the rules.
    pub fn into_parts(self) -> (Grid, Rulebook) {
        (self.grid, self.rules)
    }

    /// Returns `Ok` when the givens break none of the rules
    /// ([`Variant::validate`]).
    ///
    /// # Errors
    /// [`SolveError::InvalidPuzzle`] under the standard rules,
    /// [`SolveError::VariantClash`], [`SolveError::CageClash`],
    /// [`SolveError::MarkClash`] or [`SolveError::SumClash`] under others.
    pub fn validate(&self) -> Result<(), SolveError> {
        self.rules.variant().validate(&self.grid)
    }

    /// Whether `solution` is complete, keeps the givens and breaks no rule.
    pub fn is_solved_by(&self, solution: &Grid) -> bool {
        self.rules.variant().is_solution_of(solution, &self.grid)
    }
}

impl From<Grid> for Puzzle {
    /// `grid` under the standard rules of its shape.
    fn from(grid: Grid) -> Puzzle {
        let rules = Rulebook::standard(grid.shape());
        Puzzle { grid, rules }
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let variant = self.rules.variant();
        let Some(marks) = variant.marks() else {
            write!(f, "{}", self.grid)?;
            if !variant.is_standard() {
                write!(f, ";{variant}")?;
            }
            return Ok(());
        };
        let values = self.grid.values();
        let line: Vec<u64> =
            marks.iter().zip(values).map(|(&set, &v)| if v == 0 { set } else { 1 << (v - 1) }).collect();
        write!(f, "{}", crate::marks::write_marks(self.grid.shape(), &line))?;
        let rest = variant.clone().without_marks();
        if !rest.is_standard() {
            write!(f, ";{rest}")?;
        }
        Ok(())
    }
}
