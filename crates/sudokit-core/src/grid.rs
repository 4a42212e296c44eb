//! The [`Grid`] value type: parsing, printing and validation.

use std::fmt;

use crate::cell::{Cell, Digit};
use crate::parse_error::ParseError;
use crate::shape::Shape;

/// A Sudoku grid: a [`Shape`] and one optional digit per cell.
///
/// A `Grid` is a plain value: cloning copies `side * side` bytes, equality
/// compares shapes and cells. It holds any assignment of digits, valid or
/// not; [`Grid::conflicts`], [`Grid::is_solved`] and
/// [`Grid::is_solution_of`] say which.
///
/// # Text format
/// [`FromStr`](std::str::FromStr) accepts one grid per string:
/// * a line of cells (81 for 9×9): digits, and `.` `0` `-` `_` `X` for empty
///   cells; white space is ignored, so the 9-line layout parses too. A line
///   cannot show boxes: one of `n²` cells is read with the most square boxes
///   of side `n` ([`Shape::from_side`]): 16 cells as 2×2 boxes, 36 as 2×3
///   (2 rows high, 3 wide), 64 as 2×4, 81 as 3×3, 100 as 2×5, 144 as 3×4,
///   256 as 4×4, 625 as 5×5, 1225 as 5×7. A grid of any other boxes (3×2,
///   4×3, 6×2…) is read from a line with [`Grid::parse_with_shape`], which
///   names the shape, or from the boxed picture, which shows it.
///   Sides above 9 write digits `1`–`9` then `A`, `B`, … (16×16: `1`–`9A`–`G`);
///   25×25 writes `A`–`Y`.
/// * the boxed picture printed by `{:#}`, with `|` between boxes, `-` lines
///   between bands and spaces (or `.`) for empty cells.
///
/// `Display` prints the one-line form with `.` for empty cells; the alternate
/// form `{:#}` prints the boxed picture.
///
/// # Example
/// ```
/// use sudokit_core::{Cell, Grid, Shape};
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// assert_eq!(grid.shape(), Shape::CLASSIC);
/// assert_eq!(grid.get(Cell::new(0, 0)).map(|d| d.get()), Some(5));
/// assert_eq!(grid.filled_count(), 30);
/// assert!(grid.conflicts().is_empty());
/// let boxed = format!("{grid:#}");
/// assert!(boxed.starts_with("-------------------------------\n| 5  3    |    7    |         |\n"));
/// assert_eq!(boxed.parse::<Grid>()?, grid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Box<[u8]>,
}

/// A cell or a digit outside a grid, from the checked accessors
/// ([`Grid::try_get`], [`Grid::try_set`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum RangeError {
    /// The cell lies outside the grid.
    #[error("{cell} lies outside a {shape} grid")]
    CellOutside {
        /// The cell.
        cell: Cell,
        /// The grid's shape.
        shape: Shape,
    },
    /// The digit exceeds the grid's side.
    #[error("digit {value} is out of range for a {shape} grid")]
    DigitOutside {
        /// The digit's value.
        value: u8,
        /// The grid's shape.
        shape: Shape,
    },
}

/// Two cells in one unit holding the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Conflict {
    /// The first cell, in row-major order.
    pub first: Cell,
    /// The second cell.
    pub second: Cell,
    /// The digit both hold.
    pub digit: Digit,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} and {} both hold {}", self.first, self.second, self.digit)
    }
}

impl Grid {
    /// A grid of `shape` with every cell empty.
    pub fn empty(shape: Shape) -> Grid {
        Grid { shape, cells: vec![0; shape.cell_count()].into_boxed_slice() }
    }

    /// A grid from raw row-major values, `0` for an empty cell.
    ///
    /// # Errors
    /// [`ParseError::WrongCellCount`] when `values` does not hold
    /// `side * side` values, [`ParseError::ValueOutOfRange`] for a value
    /// above the side.
    ///
    /// ```
    /// use sudokit_core::{Grid, Shape};
    /// let grid = Grid::from_values(Shape::MINI, &[1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2])?;
    /// assert_eq!(grid.to_string(), "1.....3..4.....2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_values(shape: Shape, values: &[u8]) -> Result<Grid, ParseError> {
        check_values(shape, values)?;
        Ok(Grid { shape, cells: values.into() })
    }

    /// A grid from cells the caller has checked against `shape`.
    pub(crate) fn from_cells(shape: Shape, cells: Box<[u8]>) -> Grid {
        debug_assert!(check_values(shape, &cells).is_ok());
        Grid { shape, cells }
    }

    /// [`from_values`](Grid::from_values) taking the buffer over, without a
    /// copy: for solvers that already hold the solution in a `Vec`.
    pub(crate) fn from_vec(shape: Shape, values: Vec<u8>) -> Result<Grid, ParseError> {
        check_values(shape, &values)?;
        Ok(Grid { shape, cells: values.into_boxed_slice() })
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side: rows, columns, boxes, digits.
    #[inline]
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// The digit in `cell`, if any.
    ///
    /// # Panics
    /// When `cell` lies outside the grid; [`try_get`](Grid::try_get) is the
    /// checked twin.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.try_get(cell).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The digit in `cell`, if any.
    ///
    /// # Errors
    /// [`RangeError::CellOutside`] when `cell` lies outside the grid.
    #[inline]
    pub fn try_get(&self, cell: Cell) -> Result<Option<Digit>, RangeError> {
        Ok(Digit::new(self.cells[self.index_of(cell)?]))
    }

    /// Puts `digit` in `cell`, or empties it with `None`.
    ///
    /// # Panics
    /// When `cell` lies outside the grid or the digit exceeds the side;
    /// [`try_set`](Grid::try_set) is the checked twin, for values that come
    /// from a user.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.try_set(cell, digit).unwrap_or_else(|e| panic!("{e}"));
    }

    /// Puts `digit` in `cell`, or empties it with `None`.
    ///
    /// ```
    /// use sudokit_core::{Cell, Digit, Grid, RangeError, Shape};
    /// let mut grid = Grid::empty(Shape::MINI);
    /// grid.try_set(Cell::new(3, 3), Digit::new(4))?;
    /// assert_eq!(grid.to_string(), "...............4");
    /// assert!(matches!(grid.try_set(Cell::new(0, 4), Digit::new(1)), Err(RangeError::CellOutside { .. })));
    /// assert!(matches!(grid.try_set(Cell::new(0, 0), Digit::new(5)), Err(RangeError::DigitOutside { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RangeError`] when `cell` lies outside the grid or the digit
    /// exceeds the side; the grid is then unchanged.
    pub fn try_set(&mut self, cell: Cell, digit: Option<Digit>) -> Result<(), RangeError> {
        let index = self.index_of(cell)?;
        let value = digit.map_or(0, Digit::get);
        if usize::from(value) > self.side() {
            return Err(RangeError::DigitOutside { value, shape: self.shape });
        }
        self.cells[index] = value;
        Ok(())
    }

    /// The raw row-major cell values, 0 for empty: the cheap way for a solver
    /// to load a grid into its own representation.
    #[inline]
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// Every cell with its content, in row-major order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Cell, Option<Digit>)> + '_ {
        let shape = self.shape;
        self.cells.iter().enumerate().map(move |(i, &v)| (Cell::from_index(i, shape), Digit::new(v)))
    }

    /// Number of filled cells (the givens, for a puzzle).
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.cells.len() - self.filled_count()
    }

    /// Whether every cell holds a digit (valid or not).
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Every pair of cells in a common unit that hold the same digit, each
    /// pair once, sorted by first then second cell.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let shape = self.shape;
        let mut out = Vec::new();
        for a in 0..self.cells.len() {
            let Some(digit) = Digit::new(self.cells[a]) else { continue };
            for b in a + 1..self.cells.len() {
                if self.cells[b] == self.cells[a] && shape.are_peers(a, b) {
                    out.push(Conflict { first: Cell::from_index(a, shape), second: Cell::from_index(b, shape), digit });
                }
            }
        }
        out
    }

    /// Whether no unit holds a digit twice (empty cells allowed). Cheaper
    /// than `conflicts().is_empty()`.
    pub fn is_consistent(&self) -> bool {
        self.shape.units().all(|(kind, n)| {
            let mut seen = 0u64;
            self.shape.unit(kind, n).all(|i| match self.cells[i] {
                0 => true,
                v => {
                    let bit = 1u64 << v;
                    let fresh = seen & bit == 0;
                    seen |= bit;
                    fresh
                }
            })
        })
    }

    /// Whether the grid is complete and no unit holds a digit twice.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.is_consistent()
    }

    /// Whether this grid solves `puzzle`: same shape, solved, and every given
    /// of `puzzle` in place.
    ///
    /// ```
    /// use sudokit_core::Grid;
    /// let puzzle: Grid = "1.........4....1".parse()?;
    /// let answer: Grid = "1234341221434321".parse()?;
    /// assert!(answer.is_solution_of(&puzzle));
    /// let other: Grid = "2143341212344321".parse()?;
    /// assert!(!other.is_solution_of(&puzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape && self.keeps_givens_of(puzzle) && self.is_solved()
    }

    /// Whether every filled cell of `puzzle` holds the same digit here.
    pub fn keeps_givens_of(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape && puzzle.cells.iter().zip(self.cells.iter()).all(|(&p, &s)| p == 0 || p == s)
    }

    /// The course's error count (`NbErrors`): for each unit, the number of
    /// filled cells beyond the distinct digits it holds, plus the number of
    /// givens of `puzzle` that this grid changed or erased. A solution scores
    /// 0; local search minimises it.
    ///
    /// # Panics
    /// When the shapes differ; [`try_error_count`](Grid::try_error_count)
    /// is the checked twin.
    pub fn error_count(&self, puzzle: &Grid) -> usize {
        self.try_error_count(puzzle)
            .unwrap_or_else(|| panic!("error_count of a {} grid against a {} puzzle", self.shape, puzzle.shape))
    }

    /// [`error_count`](Grid::error_count), or `None` when `puzzle` is of
    /// another shape.
    pub fn try_error_count(&self, puzzle: &Grid) -> Option<usize> {
        if self.shape != puzzle.shape {
            return None;
        }
        let duplicates: usize = self
            .shape
            .units()
            .map(|(kind, n)| {
                let (mut seen, mut filled) = (0u64, 0usize);
                for i in self.shape.unit(kind, n) {
                    if self.cells[i] != 0 {
                        seen |= 1 << self.cells[i];
                        filled += 1;
                    }
                }
                filled - seen.count_ones() as usize
            })
            .sum();
        let changed = puzzle.cells.iter().zip(self.cells.iter()).filter(|&(&p, &s)| p != 0 && p != s).count();
        Some(duplicates + changed)
    }

    fn index_of(&self, cell: Cell) -> Result<usize, RangeError> {
        let side = self.side();
        if cell.row() < side && cell.col() < side {
            Ok(cell.index(self.shape))
        } else {
            Err(RangeError::CellOutside { cell, shape: self.shape })
        }
    }

    fn write_line(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A few writes of a buffer rather than one call per cell: printing
        // solutions is a large share of solving a file of easy puzzles.
        let mut buffer = [0u8; 128];
        for chunk in self.cells.chunks(buffer.len()) {
            for (byte, &v) in buffer.iter_mut().zip(chunk) {
                *byte = if v == 0 { b'.' } else { self.shape.symbol(v) as u8 };
            }
            f.write_str(std::str::from_utf8(&buffer[..chunk.len()]).expect("cell symbols are ASCII"))?;
        }
        Ok(())
    }

    fn write_boxed(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.shape;
        let (side, bh, bw) = (shape.side(), shape.box_height(), shape.box_width());
        let rule = "-".repeat(1 + (3 * bw + 1) * (side / bw));
        for row in 0..side {
            if row % bh == 0 {
                writeln!(f, "{rule}")?;
            }
            let mut line = String::with_capacity(rule.len());
            line.push('|');
            for col in 0..side {
                let v = self.cells[shape.index(row, col)];
                line.extend([' ', if v == 0 { ' ' } else { shape.symbol(v) }, ' ']);
                if (col + 1) % bw == 0 {
                    line.push('|');
                }
            }
            writeln!(f, "{line}")?;
        }
        write!(f, "{rule}")
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() { self.write_boxed(f) } else { self.write_line(f) }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({:?}, \"", self.shape)?;
        self.write_line(f)?;
        f.write_str("\")")
    }
}

/// The errors of [`Grid::from_values`].
fn check_values(shape: Shape, values: &[u8]) -> Result<(), ParseError> {
    if values.len() != shape.cell_count() {
        return Err(ParseError::WrongCellCount { expected: shape.cell_count(), found: values.len(), line: 1 });
    }
    // The largest value first: a loop without an early exit, which the
    // compiler vectorises. Solvers' answers come through here.
    if usize::from(values.iter().fold(0, |max, &v| max.max(v))) <= shape.side() {
        return Ok(());
    }
    let i = values.iter().position(|&v| usize::from(v) > shape.side()).unwrap_or_default();
    Err(ParseError::ValueOutOfRange { cell: Cell::from_index(i, shape), value: values[i], shape })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str = "902005403100063025508407060026309001057010290090670530240530600705200304080041950";

    #[test]
    fn validation() {
        let puzzle: Grid = EASY.parse().unwrap();
        assert!(puzzle.is_consistent());
        assert!(!puzzle.is_solved());
        let solution: Grid =
            "962185473174963825538427169826359741357814296491672538249538617715296384683741952".parse().unwrap();
        assert!(solution.is_solution_of(&puzzle));
        assert_eq!(solution.error_count(&puzzle), 0);
        let mut broken = solution.clone();
        broken.set(Cell::new(0, 0), Digit::new(6));
        // r1c1 now repeats the 6 of r1c2 (row 1 and box 1) and of r9c1
        // (column 1): three units with a duplicate, plus the changed given.
        assert!(!broken.is_solution_of(&puzzle));
        assert_eq!(broken.error_count(&puzzle), 3 + 1);
        let conflicts = broken.conflicts();
        let cells: Vec<String> = conflicts.iter().map(|c| format!("{}-{}", c.first, c.second)).collect();
        assert_eq!(cells, ["r1c1-r1c2", "r1c1-r9c1"]);
        assert!(conflicts.iter().all(|c| c.digit.get() == 6));
    }

    #[test]
    fn from_values_checks_range_and_length() {
        assert!(matches!(Grid::from_values(Shape::MINI, &[0; 15]), Err(ParseError::WrongCellCount { .. })));
        let mut v = [0; 16];
        v[5] = 5;
        assert_eq!(
            Grid::from_values(Shape::MINI, &v).unwrap_err(),
            ParseError::ValueOutOfRange { cell: Cell::new(1, 1), value: 5, shape: Shape::MINI }
        );
    }
}

#[cfg(test)]
mod checked {
    use proptest::prelude::*;

    use super::*;

    fn shapes() -> impl Strategy<Value = Shape> {
        proptest::sample::select(vec![Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::TWELVE, Shape::TWENTY_FIVE])
    }

    proptest! {
        /// The checked accessors never panic, and refuse exactly what lies
        /// outside the grid.
        #[test]
        fn checked_accessors_refuse_exactly_the_out_of_range(
            shape in shapes(),
            row in 0usize..40,
            col in 0usize..40,
            value in 0u8..40,
        ) {
            let mut grid = Grid::empty(shape);
            let side = shape.side();
            let cell = Cell::try_new(row, col);
            prop_assert_eq!(cell.is_some(), row < Shape::MAX_SIDE && col < Shape::MAX_SIDE);
            prop_assert_eq!(shape.try_symbol(value).is_some(), value >= 1 && usize::from(value) <= side);
            let Some(cell) = cell else { return Ok(()) };
            let inside = row < side && col < side;
            prop_assert_eq!(grid.try_get(cell).is_ok(), inside);
            let result = grid.try_set(cell, Digit::new(value));
            prop_assert_eq!(result.is_ok(), inside && usize::from(value) <= side, "{:?}", result);
            if result.is_ok() {
                prop_assert_eq!(grid.try_get(cell), Ok(Digit::new(value)));
            } else {
                prop_assert_eq!(grid.filled_count(), 0);
            }
            let other = Grid::empty(if shape == Shape::MINI { Shape::CLASSIC } else { Shape::MINI });
            prop_assert_eq!(grid.try_error_count(&other), None);
            prop_assert_eq!(grid.try_error_count(&grid).is_some(), true);
        }
    }
}
