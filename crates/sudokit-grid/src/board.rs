//! [`CandidateBoard`]: the candidates of every cell of a puzzle.

use sudokit_core::{Cell, Digit, Grid, Rulebook, Shape, Variant, VariantError};

use crate::{Candidates, Layout};

/// The candidates of every cell: what a player pencils in.
///
/// Built from a [`Grid`] by removing from each empty cell the digits of its
/// peers; a filled cell holds its own digit as its single candidate. This is
/// the shared starting point of the propagation-based solvers.
///
/// ```
/// use sudokit_grid::CandidateBoard;
/// use sudokit_core::{Cell, Grid};
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let board = CandidateBoard::new(&puzzle);
/// assert_eq!(board.get(Cell::new(0, 2)).to_string(), "{124}");
/// assert_eq!(board.get(Cell::new(0, 0)).to_string(), "{5}");
/// assert!(board.dead_cell().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateBoard {
    shape: Shape,
    cells: Box<[Candidates]>,
}

impl CandidateBoard {
    /// The candidates of `grid`, eliminating the digits of each cell's
    /// peers.
    pub fn new(grid: &Grid) -> CandidateBoard {
        let shape = grid.shape();
        let layout = Layout::of(shape);
        let values = grid.values();
        let full = Candidates::full(shape.side());
        let cells = (0..shape.cell_count())
            .map(|i| match Digit::new(values[i]) {
                Some(d) => Candidates::single(d),
                None => {
                    let taken: Candidates =
                        layout.peers(i).iter().filter_map(|&p| Digit::new(values[p as usize])).collect();
                    full - taken
                }
            })
            .collect();
        CandidateBoard { shape, cells }
    }

    /// The candidates of `grid` under the rules of `variant`: a given's
    /// cell holds its digit, an empty cell the digits that no peer's given
    /// holds (a peer shares a house with it, or a difference relation
    /// binds them) and only digits that every other bond allows beside a
    /// bound cell's given (under non-consecutive, none next to an
    /// orthogonal neighbour's; beside a Kropki dot, an X or a V, only
    /// those the clue pairs with it); with pencil marks, among its marks.
    ///
    /// ```
    /// use sudokit_grid::CandidateBoard;
    /// use sudokit_core::{Cell, Digit, Grid, Relation, Shape, Variant};
    ///
    /// let mut grid = Grid::empty(Shape::CLASSIC);
    /// grid.set(Cell::new(0, 0), Digit::new(5));
    /// let rules = Variant::standard(Shape::CLASSIC).with_diagonals().with_relation(Relation::NonConsecutive);
    /// let board = CandidateBoard::with_variant(&grid, &rules)?;
    /// assert_eq!(board.get(Cell::new(8, 8)).to_string(), "{12346789}"); // the main diagonal
    /// assert_eq!(board.get(Cell::new(0, 1)).to_string(), "{123789}"); // row 1, and not 4 or 6 beside a 5
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape than
    /// the variant's.
    pub fn with_variant(grid: &Grid, variant: &Variant) -> Result<CandidateBoard, VariantError> {
        let shape = grid.shape();
        if shape != variant.shape() {
            return Err(VariantError::ShapeMismatch { expected: variant.shape(), found: shape });
        }
        if variant.is_standard() {
            return Ok(CandidateBoard::new(grid));
        }
        let values = grid.values();
        let rules = Rulebook::new(variant.clone());
        let full = Candidates::full(shape.side());
        let marks = rules.allowed_digits();
        let cells = (0..shape.cell_count())
            .map(|i| match Digit::new(values[i]) {
                Some(d) => Candidates::single(d),
                None => {
                    let full = marks.map_or(full, |marks| Candidates::from_bits(marks[i]));
                    let taken: Candidates = rules.peers(i).filter_map(|p| Digit::new(values[p])).collect();
                    let allowed = rules.bound_to(i).iter().fold(full, |acc, &(n, rule)| match Digit::new(values[n]) {
                        Some(d) => acc & Candidates::from_bits(rule.reversed().partners(d, shape.side())),
                        None => acc,
                    });
                    allowed - taken
                }
            })
            .collect();
        Ok(CandidateBoard { shape, cells })
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The candidates of `cell`.
    ///
    /// # Panics
    /// When `cell` lies outside the grid; [`try_get`](Self::try_get) is the
    /// checked twin.
    pub fn get(&self, cell: Cell) -> Candidates {
        self.try_get(cell).unwrap_or_else(|| panic!("{cell} lies outside a {} grid", self.shape))
    }

    /// The candidates of `cell`, or `None` when it lies outside the grid.
    pub fn try_get(&self, cell: Cell) -> Option<Candidates> {
        self.index_of(cell).ok().map(|i| self.cells[i])
    }

    /// The candidates of every cell, row-major.
    pub fn as_slice(&self) -> &[Candidates] {
        &self.cells
    }

    /// The board of `shape` whose cells, row-major, hold `cells`.
    ///
    /// # Errors
    /// [`BoardError::WrongCellCount`] when there are not exactly
    /// `shape.cell_count()` cells, [`BoardError::DigitOutside`] naming the
    /// first cell that holds a digit above the side.
    ///
    /// ```
    /// use sudokit_grid::{BoardError, CandidateBoard, Candidates};
    /// use sudokit_core::Shape;
    /// let all = vec![Candidates::full(4); 16];
    /// let board = CandidateBoard::from_candidates(Shape::MINI, all)?;
    /// assert_eq!(board.as_slice().len(), 16);
    /// let err = CandidateBoard::from_candidates(Shape::MINI, vec![Candidates::full(5); 16]).unwrap_err();
    /// assert_eq!(err.to_string(), "r1c1 holds candidate 5, above the side of a 4x4 (2x2 boxes) grid");
    /// assert!(matches!(
    ///     CandidateBoard::from_candidates(Shape::MINI, vec![]),
    ///     Err(BoardError::WrongCellCount { expected: 16, found: 0, .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_candidates(shape: Shape, cells: Vec<Candidates>) -> Result<CandidateBoard, BoardError> {
        if cells.len() != shape.cell_count() {
            return Err(BoardError::WrongCellCount { expected: shape.cell_count(), found: cells.len() });
        }
        for (i, &set) in cells.iter().enumerate() {
            check_candidates(shape, Cell::from_index(i, shape), set)?;
        }
        Ok(CandidateBoard { shape, cells: cells.into_boxed_slice() })
    }

    /// Replaces the candidates of `cell` with `candidates`: a player's
    /// pencil marks, edited in place.
    ///
    /// # Errors
    /// [`BoardError::CellOutside`] when `cell` lies outside the grid,
    /// [`BoardError::DigitOutside`] when a candidate exceeds the side; the
    /// board is then unchanged.
    ///
    /// ```
    /// use sudokit_grid::{CandidateBoard, Candidates};
    /// use sudokit_core::{Cell, Digit, Grid, Shape};
    /// let mut board = CandidateBoard::new(&Grid::empty(Shape::MINI));
    /// let three = Digit::new(3).ok_or("3 is a digit")?;
    /// board.set(Cell::new(0, 1), Candidates::single(three))?;
    /// assert!(board.remove(Cell::new(0, 0), three)?);
    /// assert_eq!(board.get(Cell::new(0, 0)).to_string(), "{124}");
    /// assert!(board.set(Cell::new(4, 0), Candidates::EMPTY).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set(&mut self, cell: Cell, candidates: Candidates) -> Result<(), BoardError> {
        let index = self.index_of(cell)?;
        check_candidates(self.shape, cell, candidates)?;
        self.cells[index] = candidates;
        Ok(())
    }

    /// Removes `digit` from the candidates of `cell`; `true` when it was
    /// one.
    ///
    /// # Errors
    /// [`BoardError::CellOutside`] when `cell` lies outside the grid.
    pub fn remove(&mut self, cell: Cell, digit: Digit) -> Result<bool, BoardError> {
        let index = self.index_of(cell)?;
        Ok(self.cells[index].remove(digit))
    }

    /// Adds `digit` to the candidates of `cell`; `true` when it was not one
    /// yet.
    ///
    /// # Errors
    /// [`BoardError::CellOutside`] when `cell` lies outside the grid,
    /// [`BoardError::DigitOutside`] when `digit` exceeds the side.
    pub fn insert(&mut self, cell: Cell, digit: Digit) -> Result<bool, BoardError> {
        let index = self.index_of(cell)?;
        // A digit above 64 has no bit in a set: it is checked as a digit.
        if usize::from(digit.get()) > self.shape.side() {
            return Err(BoardError::DigitOutside { cell, digit, shape: self.shape });
        }
        let added = !self.cells[index].contains(digit);
        self.cells[index].insert(digit);
        Ok(added)
    }

    fn index_of(&self, cell: Cell) -> Result<usize, BoardError> {
        let side = self.shape.side();
        if cell.row() < side && cell.col() < side {
            Ok(cell.index(self.shape))
        } else {
            Err(BoardError::CellOutside { cell, shape: self.shape })
        }
    }

    /// The candidates of the cell at row-major `index`.
    pub(crate) fn get_index(&self, index: usize) -> Candidates {
        self.cells[index]
    }

    /// A board of `shape` from its cells' candidates, row-major.
    pub(crate) fn from_cells(shape: Shape, cells: Box<[Candidates]>) -> CandidateBoard {
        debug_assert_eq!(cells.len(), shape.cell_count());
        CandidateBoard { shape, cells }
    }

    pub(crate) fn cells_mut(&mut self) -> &mut [Candidates] {
        &mut self.cells
    }

    /// The grid of the cells with one candidate; the others are empty.
    pub fn to_grid(&self) -> Grid {
        let values: Vec<u8> = self.cells.iter().map(|c| c.single_digit().map_or(0, Digit::get)).collect();
        Grid::from_values(self.shape, &values).expect("candidates are digits of the shape")
    }

    /// A cell left with no candidate at all, if any: the puzzle is then
    /// unsolvable.
    pub fn dead_cell(&self) -> Option<Cell> {
        self.cells.iter().position(|c| c.is_empty()).map(|i| Cell::from_index(i, self.shape))
    }
}

/// A candidate beyond `shape`'s digits, named at its cell.
fn check_candidates(shape: Shape, cell: Cell, set: Candidates) -> Result<(), BoardError> {
    match (set - Candidates::full(shape.side())).iter().next() {
        Some(digit) => Err(BoardError::DigitOutside { cell, digit, shape }),
        None => Ok(()),
    }
}

/// Why a [`CandidateBoard`] could not be built or edited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The board was given the wrong number of cells.
    #[error("{found} cells given, where the board has {expected}")]
    WrongCellCount {
        /// The shape's cell count.
        expected: usize,
        /// The number given.
        found: usize,
    },
    /// A cell lies outside the grid.
    #[error("{cell} lies outside a {shape} grid")]
    CellOutside {
        /// The cell.
        cell: Cell,
        /// The board's shape.
        shape: Shape,
    },
    /// A candidate exceeds the side of the grid.
    #[error("{cell} holds candidate {digit}, above the side of a {shape} grid")]
    DigitOutside {
        /// Where it is.
        cell: Cell,
        /// The candidate.
        digit: Digit,
        /// The board's shape.
        shape: Shape,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserting_a_digit_above_the_side_is_an_error_even_above_64() {
        let mut board = CandidateBoard::new(&Grid::empty(Shape::CLASSIC));
        for value in [10, 64, 65, 255] {
            let digit = Digit::new(value).unwrap();
            let cell = Cell::new(0, 0);
            assert_eq!(board.insert(cell, digit), Err(BoardError::DigitOutside { cell, digit, shape: Shape::CLASSIC }));
        }
        assert_eq!(board, CandidateBoard::new(&Grid::empty(Shape::CLASSIC)));
    }

    #[test]
    fn a_cell_outside_the_grid_has_no_candidates_to_give() {
        let board = CandidateBoard::new(&Grid::empty(Shape::CLASSIC));
        assert_eq!(board.try_get(Cell::new(0, 9)), None);
        assert_eq!(board.try_get(Cell::new(8, 8)).map(Candidates::len), Some(9));
        let caught = std::panic::catch_unwind(|| board.get(Cell::new(0, 9)));
        assert!(caught.is_err(), "r1c10 must not read r2c1");
    }
}
