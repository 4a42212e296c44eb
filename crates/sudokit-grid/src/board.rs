//! [`CandidateBoard`]: the candidates of every cell of a puzzle.

use sudokit_core::{Cell, Digit, Grid, Shape};

use crate::{Candidates, Layout};

/// The candidates of every cell: what a player pencils in.
///
/// Built from a [`Grid`] by removing from each empty cell the digits of its
/// peers; a filled cell holds its own digit as its single candidate. This is
/// the shared starting point of the propagation-based solvers.
///
/// ```
/// use sudokit::grid::CandidateBoard;
/// use sudokit::{Cell, Grid};
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
        let side = self.shape.side();
        (cell.row() < side && cell.col() < side).then(|| self.cells[cell.index(self.shape)])
    }

    /// The candidates of every cell, row-major.
    pub fn as_slice(&self) -> &[Candidates] {
        &self.cells
    }

    /// The board of `shape` whose cells, row-major, hold `cells`; `None`
    /// when there are not exactly `shape.cell_count()` of them or one holds
    /// a digit above the side.
    ///
    /// ```
    /// use sudokit::grid::{CandidateBoard, Candidates};
    /// use sudokit::Shape;
    /// let all = vec![Candidates::full(4); 16];
    /// let board = CandidateBoard::from_candidates(Shape::MINI, all).ok_or("not a 4x4 board")?;
    /// assert_eq!(board.as_slice().len(), 16);
    /// assert!(CandidateBoard::from_candidates(Shape::MINI, vec![Candidates::full(5); 16]).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_candidates(shape: Shape, cells: Vec<Candidates>) -> Option<CandidateBoard> {
        let full = Candidates::full(shape.side());
        (cells.len() == shape.cell_count() && cells.iter().all(|&c| c - full == Candidates::EMPTY))
            .then(|| CandidateBoard { shape, cells: cells.into_boxed_slice() })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_outside_the_grid_has_no_candidates_to_give() {
        let board = CandidateBoard::new(&Grid::empty(Shape::CLASSIC));
        assert_eq!(board.try_get(Cell::new(0, 9)), None);
        assert_eq!(board.try_get(Cell::new(8, 8)).map(Candidates::len), Some(9));
        let caught = std::panic::catch_unwind(|| board.get(Cell::new(0, 9)));
        assert!(caught.is_err(), "r1c10 must not read r2c1");
    }
}
