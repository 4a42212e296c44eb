//! [`StepBuilder`]: how a technique written outside this crate makes a
//! [`Step`], checked against the position it was found on.

use sudokit_core::{Cell, Digit};

use super::house::House;
use super::position::Position;
use super::step::{Pattern, Score, Step, Technique};

/// Why a [`StepBuilder`] refused to make a step: what it found wrong, and
/// where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum StepError {
    /// The step places nothing and removes nothing.
    #[error("the step places no digit and removes no candidate")]
    NoEffect,
    /// A cell of the step lies outside the grid.
    #[error("{cell} lies outside the grid")]
    CellOutsideGrid {
        /// The first such cell.
        cell: Cell,
    },
    /// A house of the step lies outside the grid (it came from a larger
    /// shape's position).
    #[error("{house} lies outside the grid")]
    HouseOutsideGrid {
        /// The first such house.
        house: House,
    },
    /// The step places a digit, or removes a candidate, in a cell that
    /// already holds a digit.
    #[error("{cell} already holds a digit")]
    Filled {
        /// The cell.
        cell: Cell,
    },
    /// The step places, or removes, a digit that is not among the cell's
    /// candidates.
    #[error("{digit} is not a candidate of {cell}")]
    NotACandidate {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
    /// The step places two digits in one cell, or one digit twice in a
    /// house.
    #[error("the step places {digit} in {cell}, which clashes with its placement in {other}")]
    Clash {
        /// The cell of the later placement.
        cell: Cell,
        /// The digit it places.
        digit: Digit,
        /// The cell of the earlier placement it clashes with.
        other: Cell,
    },
    /// The step places a digit in a cell and removes it from there too.
    #[error("the step both places {digit} in {cell} and removes it")]
    PlacedAndRemoved {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
    /// The score is below the technique's base score (bonuses only add).
    #[error("score {score} is below the base score {base} of the technique")]
    BelowBaseScore {
        /// The score asked for.
        score: Score,
        /// The technique's base score.
        base: Score,
    },
}

/// Builds a [`Step`] for a technique of one's own: what it places, what it
/// removes, the cells and houses of its pattern, and its score. The checks
/// of [`build`](StepBuilder::build) make sure the step fits the position it
/// was found on, so that [`Position::apply`], the explainer and the rating
/// can trust it as they trust the built-in techniques.
///
/// ```
/// use sudokit_rules::human::{CustomTechnique, Position, Score, Step, StepError, Technique};
/// use sudokit_core::{Cell, Digit, Grid};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let position = Position::new(&puzzle)?;
/// let mine = Technique::Custom(CustomTechnique::new("Oracle", Score::from_tenths(30)));
/// let (r1c3, four) = (Cell::new(0, 2), Digit::new(4).ok_or("digit")?);
///
/// let step = Step::builder(mine).eliminating(r1c3, four).with_cells([r1c3]).build(&position)?;
/// assert_eq!(step.to_string(), "Oracle in r1c3: 4 removed from r1c3");
///
/// // r1c1 holds the given 5: nothing can be removed from it.
/// let wrong = Step::builder(mine).eliminating(Cell::new(0, 0), four).build(&position);
/// assert_eq!(wrong, Err(StepError::Filled { cell: Cell::new(0, 0) }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "a builder does nothing until `build` is called"]
pub struct StepBuilder {
    technique: Technique,
    score: Score,
    placements: Vec<(Cell, Digit)>,
    eliminations: Vec<(Cell, Digit)>,
    cells: Vec<Cell>,
    houses: Vec<House>,
}

impl Step {
    /// A builder for a step of `technique` scoring its base score.
    pub fn builder(technique: Technique) -> StepBuilder {
        StepBuilder {
            technique,
            score: technique.base_score(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
        }
    }
}

impl StepBuilder {
    /// Places `digit` in `cell`.
    pub fn placing(mut self, cell: Cell, digit: Digit) -> StepBuilder {
        self.placements.push((cell, digit));
        self
    }

    /// Removes the candidate `digit` from `cell`.
    pub fn eliminating(mut self, cell: Cell, digit: Digit) -> StepBuilder {
        self.eliminations.push((cell, digit));
        self
    }

    /// The cells of the pattern, as [`Step::pattern_cells`] and the
    /// sentence list them.
    pub fn with_cells(mut self, cells: impl IntoIterator<Item = Cell>) -> StepBuilder {
        self.cells.extend(cells);
        self
    }

    /// The houses of the pattern, as [`Step::houses`] and the sentence
    /// list them (see [`Position::houses`]).
    pub fn with_houses(mut self, houses: impl IntoIterator<Item = House>) -> StepBuilder {
        self.houses.extend(houses);
        self
    }

    /// The score: the base score plus a bonus of the technique's own (for
    /// its size, say).
    pub fn with_score(mut self, score: Score) -> StepBuilder {
        self.score = score;
        self
    }

    /// The step, checked against `position`: every cell inside the grid,
    /// every placement and removal on an empty cell and one of its
    /// candidates, no two placements that clash, no digit both placed and
    /// removed, at least one effect, and a score no lower than the base.
    ///
    /// # Errors
    /// The first [`StepError`] found.
    pub fn build(self, position: &Position) -> Result<Step, StepError> {
        self.check(position)?;
        let pattern = Pattern::Custom { cells: self.cells, houses: self.houses };
        let mut step = Step::new(self.technique, pattern).with_score(self.score).eliminating(self.eliminations);
        let mut placements = self.placements;
        placements.sort_unstable();
        placements.dedup();
        for (cell, digit) in placements {
            step = step.placing(cell, digit);
        }
        Ok(step)
    }

    fn check(&self, position: &Position) -> Result<(), StepError> {
        let base = self.technique.base_score();
        if self.score < base {
            return Err(StepError::BelowBaseScore { score: self.score, base });
        }
        if self.placements.is_empty() && self.eliminations.is_empty() {
            return Err(StepError::NoEffect);
        }
        let side = position.shape().side();
        let outside = |cell: &Cell| cell.row() >= side || cell.col() >= side;
        if let Some(&cell) = self.cells.iter().find(|c| outside(c)) {
            return Err(StepError::CellOutsideGrid { cell });
        }
        if let Some(&house) = self.houses.iter().find(|h| h.index() >= side) {
            return Err(StepError::HouseOutsideGrid { house });
        }
        for &(cell, digit) in self.placements.iter().chain(&self.eliminations) {
            if outside(&cell) {
                return Err(StepError::CellOutsideGrid { cell });
            }
            if position.value(cell).is_some() {
                return Err(StepError::Filled { cell });
            }
            if !position.candidates(cell).contains(digit) {
                return Err(StepError::NotACandidate { cell, digit });
            }
        }
        for (k, &(cell, digit)) in self.placements.iter().enumerate() {
            if self.eliminations.contains(&(cell, digit)) {
                return Err(StepError::PlacedAndRemoved { cell, digit });
            }
            let shape = position.shape();
            let clash = self.placements[..k].iter().find(|&&(other, d)| {
                other == cell && d != digit || d == digit && shape.are_peers(other.index(shape), cell.index(shape))
            });
            if let Some(&(other, _)) = clash {
                return Err(StepError::Clash { cell, digit, other });
            }
        }
        Ok(())
    }
}
