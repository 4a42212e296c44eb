//! The [`Grid`] value type: parsing, printing and validation.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, SolveError};
use crate::shape::{Cell, Digit, Shape};

/// A Sudoku grid: a [`Shape`] and one optional digit per cell.
///
/// A `Grid` is a plain value: cloning copies `side * side` bytes, equality
/// compares shapes and cells. It holds any assignment of digits, valid or
/// not; [`Grid::conflicts`], [`Grid::is_solved`] and
/// [`Grid::is_solution_of`] say which.
///
/// # Text format
/// [`FromStr`] accepts one grid per string:
/// * a line of cells (81 for 9×9): digits, and `.` `0` `-` `_` `X` for empty
///   cells; white space is ignored, so the 9-line layout parses too. The shape
///   is inferred from the number of cells (16, 36, 81, 144, 256, 625…).
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

/// Two cells in one unit holding the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

    /// [`from_values`](Grid::from_values) taking the buffer over, without a
    /// copy: for solvers that already hold the solution in a `Vec`.
    pub(crate) fn from_vec(shape: Shape, values: Vec<u8>) -> Result<Grid, ParseError> {
        check_values(shape, &values)?;
        Ok(Grid { shape, cells: values.into_boxed_slice() })
    }

    /// Parses `text` as a grid of the given shape (see the [text
    /// format](Grid#text-format)); use this when the cell count alone would
    /// be ambiguous or to reject other shapes.
    ///
    /// # Errors
    /// A [`ParseError`] saying what is wrong and where.
    pub fn parse_with_shape(text: &str, shape: Shape) -> Result<Grid, ParseError> {
        parse(text, Some(shape))
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
    /// When `cell` lies outside the grid.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[self.checked_index(cell)])
    }

    /// Puts `digit` in `cell`, or empties it with `None`.
    ///
    /// # Panics
    /// When `cell` lies outside the grid or the digit exceeds the side.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let index = self.checked_index(cell);
        let value = digit.map_or(0, Digit::get);
        assert!(value as usize <= self.side(), "digit {value} out of range for {}", self.shape);
        self.cells[index] = value;
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

    /// Returns `Ok` when the givens are consistent, else the
    /// [`SolveError::InvalidPuzzle`] naming every clash: the first check of
    /// every solver.
    ///
    /// # Errors
    /// [`SolveError::InvalidPuzzle`] when two equal digits share a unit.
    pub fn validate(&self) -> Result<(), SolveError> {
        if self.is_consistent() { Ok(()) } else { Err(SolveError::InvalidPuzzle { conflicts: self.conflicts() }) }
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
    /// When the shapes differ.
    pub fn error_count(&self, puzzle: &Grid) -> usize {
        assert_eq!(self.shape, puzzle.shape, "error_count needs grids of one shape");
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
        duplicates + changed
    }

    /// Whether `line` is a rule of the boxed picture (`-----`, `+---+`,
    /// `=====`): readers use it to find where boxed grids start and end.
    ///
    /// A rule has a run of `--` or `==`; a row of empty cells written `-`
    /// never does, since cells are at least two characters apart.
    ///
    /// ```
    /// use sudokit_core::Grid;
    /// assert!(Grid::is_boxed_rule("-------+-------"));
    /// assert!(!Grid::is_boxed_rule("| -  -  - |"));
    /// ```
    pub fn is_boxed_rule(line: &str) -> bool {
        let line = line.trim();
        (line.contains("--") || line.contains("==")) && line.chars().all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '))
    }

    fn checked_index(&self, cell: Cell) -> usize {
        let side = self.side();
        assert!(cell.row() < side && cell.col() < side, "{cell} lies outside a {} grid", self.shape);
        cell.index(self.shape)
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

impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        parse(text, None)
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

/// A non-blank character with its 1-based position.
#[derive(Clone, Copy)]
struct Symbol {
    ch: char,
    line: usize,
    column: usize,
}

fn parse(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    if text.contains('|') {
        return parse_boxed(text, shape);
    }
    if let Some(grid) = parse_compact(text, shape) {
        return Ok(grid);
    }
    parse_symbols(text, shape)
}

/// The general parser of the line format: any blanks and line breaks, and
/// errors with their line and column.
fn parse_symbols(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    let symbols: Vec<Symbol> = text
        .lines()
        .enumerate()
        .flat_map(|(l, line)| {
            line.chars().enumerate().filter(|(_, ch)| !ch.is_whitespace()).map(move |(c, ch)| Symbol {
                ch,
                line: l + 1,
                column: c + 1,
            })
        })
        .collect();
    let first_line = symbols.first().map_or(1, |s| s.line);
    // Report stray characters before worrying about the length, so that a
    // typo is named where it is rather than as a wrong cell count.
    if let Some(bad) = symbols.iter().find(|s| !is_cell_char(s.ch)) {
        return Err(ParseError::InvalidCharacter { found: bad.ch, line: bad.line, column: bad.column });
    }
    let shape = match shape {
        Some(shape) if symbols.len() == shape.cell_count() => shape,
        Some(shape) => {
            return Err(ParseError::WrongCellCount {
                expected: shape.cell_count(),
                found: symbols.len(),
                line: first_line,
            });
        }
        None => Shape::from_cell_count(symbols.len())
            .map_err(|_| ParseError::UnknownShape { found: symbols.len(), line: first_line })?,
    };
    let mut cells = Vec::with_capacity(symbols.len());
    for s in &symbols {
        cells.push(cell_value(shape, *s)?);
    }
    Ok(Grid { shape, cells: cells.into_boxed_slice() })
}

/// The common case, one run of cell characters without blanks, read
/// without bookkeeping. `None` sends anything else (blanks, several lines,
/// any error) to the general parser, which knows where each character is.
fn parse_compact(text: &str, shape: Option<Shape>) -> Option<Grid> {
    let bytes = text.as_bytes();
    let shape = match shape {
        Some(shape) => (shape.cell_count() == bytes.len()).then_some(shape)?,
        None => Shape::from_cell_count(bytes.len()).ok()?,
    };
    // A byte of a multi-byte character reads as a Latin-1 character, which
    // is neither a digit nor an empty-cell symbol: the general parser then
    // reports it.
    let cells = bytes
        .iter()
        .map(|&byte| {
            let ch = char::from(byte);
            if shape.is_empty_symbol(ch) { Some(0) } else { shape.value_of_symbol(ch) }
        })
        .collect::<Option<Box<[u8]>>>()?;
    Some(Grid { shape, cells })
}

/// Characters that can stand for a cell in some shape.
fn is_cell_char(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || matches!(ch, '.' | '-' | '_')
}

fn cell_value(shape: Shape, s: Symbol) -> Result<u8, ParseError> {
    if shape.is_empty_symbol(s.ch) {
        return Ok(0);
    }
    match shape.value_of_symbol(s.ch) {
        Some(v) => Ok(v),
        None if s.ch.is_ascii_alphanumeric() => {
            Err(ParseError::DigitOutOfRange { found: s.ch, shape, line: s.line, column: s.column })
        }
        None => Err(ParseError::InvalidCharacter { found: s.ch, line: s.line, column: s.column }),
    }
}

/// Parses the boxed picture: rows like `| 9     2 |       5 | 4     3 |`
/// separated by rules of `-` (or `+`, `=`) between bands.
fn parse_boxed(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    let malformed = |line: usize, reason: String| ParseError::MalformedBoxedGrid { reason, line };
    let mut rows: Vec<Vec<Symbol>> = Vec::new();
    let mut box_width: Option<usize> = None;
    let mut band_height: Option<usize> = None;
    let mut rows_in_band = 0;
    let mut first_line = None;
    for (l, raw) in text.lines().enumerate() {
        let line_no = l + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        first_line.get_or_insert(line_no);
        if Grid::is_boxed_rule(trimmed) {
            if rows_in_band > 0 && band_height.is_none() {
                band_height = Some(rows_in_band);
            }
            rows_in_band = 0;
            continue;
        }
        if !trimmed.contains('|') {
            return Err(malformed(line_no, "a row without '|' between boxes".into()));
        }
        let mut row = Vec::new();
        let mut widths = Vec::new();
        // Byte offsets of '|' in the untrimmed line; segments lie between them.
        let bars: Vec<usize> = raw.char_indices().filter(|&(_, c)| c == '|').map(|(i, _)| i).collect();
        let mut bounds: Vec<(usize, usize)> = bars.windows(2).map(|w| (w[0] + 1, w[1])).collect();
        if !raw[..bars[0]].trim().is_empty() {
            bounds.insert(0, (0, bars[0]));
        }
        if let Some(&last) = bars.last() {
            if !raw[last + 1..].trim().is_empty() {
                bounds.push((last + 1, raw.len()));
            }
        }
        for (start, end) in bounds {
            let column0 = raw[..start].chars().count();
            let segment: Vec<char> = raw[start..end].chars().collect();
            let before = row.len();
            let positional = segment.len() % 3 == 0
                && !segment.is_empty()
                && segment.iter().enumerate().all(|(k, c)| k % 3 == 1 || *c == ' ');
            if positional {
                for k in (1..segment.len()).step_by(3) {
                    row.push(Symbol { ch: segment[k], line: line_no, column: column0 + k + 1 });
                }
            } else {
                for (k, &ch) in segment.iter().enumerate().filter(|(_, c)| !c.is_whitespace()) {
                    row.push(Symbol { ch, line: line_no, column: column0 + k + 1 });
                }
            }
            widths.push(row.len() - before);
        }
        if let Some(bad) = row.iter().find(|s| s.ch != ' ' && !is_cell_char(s.ch)) {
            return Err(ParseError::InvalidCharacter { found: bad.ch, line: bad.line, column: bad.column });
        }
        let width = widths.first().copied().unwrap_or(0);
        if width == 0 || widths.iter().any(|&w| w != width) {
            return Err(malformed(line_no, format!("boxes of unequal widths {widths:?}")));
        }
        match box_width {
            None => box_width = Some(width),
            Some(w) if w != width => {
                return Err(malformed(line_no, format!("boxes {width} cells wide after boxes {w} cells wide")));
            }
            Some(_) => {}
        }
        if let Some(first) = rows.first() {
            if first.len() != row.len() {
                return Err(malformed(line_no, format!("a row of {} cells after rows of {}", row.len(), first.len())));
            }
        }
        rows.push(row);
        rows_in_band += 1;
    }
    let first_line = first_line.unwrap_or(1);
    let side = rows.len();
    let Some(box_width) = box_width else {
        return Err(malformed(first_line, "no rows".into()));
    };
    if rows[0].len() != side {
        return Err(malformed(first_line, format!("{side} rows of {} cells", rows[0].len())));
    }
    let found = match band_height.filter(|&h| h < side) {
        Some(h) => Shape::new(h, box_width)?,
        None => Shape::from_side(side)?,
    };
    if found.side() != side || found.box_width() != box_width {
        return Err(malformed(first_line, format!("{side} rows do not split into boxes {box_width} cells wide")));
    }
    if let Some(shape) = shape {
        if shape != found {
            return Err(malformed(first_line, format!("a {found} grid where a {shape} grid was expected")));
        }
    }
    let mut cells = Vec::with_capacity(found.cell_count());
    for s in rows.iter().flatten() {
        cells.push(if s.ch == ' ' { 0 } else { cell_value(found, *s)? });
    }
    Ok(Grid { shape: found, cells: cells.into_boxed_slice() })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str = "902005403100063025508407060026309001057010290090670530240530600705200304080041950";

    #[test]
    fn parses_every_empty_marker() {
        let a: Grid = EASY.parse().unwrap();
        for marker in [".", "-", "_", "X", "x"] {
            let b: Grid = EASY.replace('0', marker).parse().unwrap();
            assert_eq!(a, b, "marker {marker}");
        }
        assert_eq!(a.filled_count(), 45);
    }

    #[test]
    fn whitespace_and_nine_line_layout_are_ignored() {
        let a: Grid = EASY.parse().unwrap();
        let spaced: String =
            EASY.as_bytes().chunks(9).map(|c| format!("{}\r\n", std::str::from_utf8(c).unwrap())).collect();
        assert_eq!(spaced.parse::<Grid>().unwrap(), a);
        let with_spaces: String = EASY.chars().flat_map(|c| [c, ' ']).collect();
        assert_eq!(with_spaces.parse::<Grid>().unwrap(), a);
    }

    #[test]
    fn errors_name_the_position() {
        let mut bad = EASY.to_string();
        bad.replace_range(4..5, "?");
        assert_eq!(bad.parse::<Grid>().unwrap_err(), ParseError::InvalidCharacter { found: '?', line: 1, column: 5 });
        assert_eq!(EASY[..80].parse::<Grid>().unwrap_err(), ParseError::UnknownShape { found: 80, line: 1 });
        assert_eq!(
            Grid::parse_with_shape(&EASY[..80], Shape::CLASSIC).unwrap_err(),
            ParseError::WrongCellCount { expected: 81, found: 80, line: 1 }
        );
        let mut letter = EASY.to_string();
        letter.replace_range(1..2, "A");
        assert_eq!(
            letter.parse::<Grid>().unwrap_err(),
            ParseError::DigitOutOfRange { found: 'A', shape: Shape::CLASSIC, line: 1, column: 2 }
        );
        // 79 characters and a two-byte one: 81 bytes, but not a grid.
        let accented = format!("{}é", &EASY[..79]);
        assert_eq!(accented.len(), 81);
        assert_eq!(
            accented.parse::<Grid>().unwrap_err(),
            ParseError::InvalidCharacter { found: 'é', line: 1, column: 80 }
        );
    }

    #[test]
    fn sixteen_by_sixteen_uses_letters() {
        let text = "1...............".repeat(15) + "G...............";
        let g: Grid = text.parse().unwrap();
        assert_eq!(g.shape(), Shape::SIXTEEN);
        assert_eq!(g.get(Cell::new(15, 0)).unwrap().get(), 16);
        assert_eq!(g.to_string(), text);
    }

    #[test]
    fn boxed_picture_of_the_course_parses() {
        let course = "\
-------------------------------
| 9     2 |       5 | 4     3 | 
| 1       |    6  3 |    2  5 | 
| 5     8 | 4     7 |    6    | 
-------------------------------
|    2  6 | 3     9 |       1 | 
|    5  7 |    1    | 2  9    | 
|    9    | 6  7    | 5  3    | 
-------------------------------
| 2  4    | 5  3    | 6       | 
| 7     5 | 2       | 3     4 | 
|    8    |    4  1 | 9  5    | 
-------------------------------
";
        let g: Grid = course.parse().unwrap();
        assert_eq!(g, EASY.parse().unwrap());
    }

    #[test]
    fn boxed_round_trip_for_rectangular_boxes() {
        let g = Grid::from_values(
            Shape::SIX,
            &[
                1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0,
                0, 0,
            ],
        )
        .unwrap();
        let text = format!("{g:#}");
        assert_eq!(text.lines().next().unwrap().len(), 1 + 10 * 2, "{text}");
        assert_eq!(text.parse::<Grid>().unwrap(), g);
        assert_eq!(Grid::parse_with_shape(&text, Shape::SIX).unwrap(), g);
        assert!(Grid::parse_with_shape(&text, Shape::MINI).is_err());
    }

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
    fn degenerate_boxed_rows_are_errors() {
        for text in ["|\n", "||\n", "| |\n---\n"] {
            assert!(matches!(text.parse::<Grid>(), Err(ParseError::MalformedBoxedGrid { .. })), "{text:?}");
        }
        assert!(matches!("--\n|1|\n".parse::<Grid>(), Err(ParseError::Shape(_))));
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
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn any_shape() -> impl Strategy<Value = Shape> {
        proptest::sample::select(vec![
            Shape::MINI,
            Shape::SIX,
            Shape::CLASSIC,
            Shape::TWELVE,
            Shape::SIXTEEN,
            Shape::TWENTY_FIVE,
        ])
    }

    fn any_grid() -> impl Strategy<Value = Grid> {
        any_shape().prop_flat_map(|shape| {
            proptest::collection::vec(0..=shape.side() as u8, shape.cell_count())
                .prop_map(move |values| Grid::from_values(shape, &values).unwrap())
        })
    }

    proptest! {
        #[test]
        fn print_parse_round_trip(grid in any_grid()) {
            prop_assert_eq!(&grid.to_string().parse::<Grid>().unwrap(), &grid);
            prop_assert_eq!(&format!("{grid:#}").parse::<Grid>().unwrap(), &grid);
        }

        #[test]
        fn conflicts_agree_with_consistency(grid in any_grid()) {
            prop_assert_eq!(grid.conflicts().is_empty(), grid.is_consistent());
            prop_assert_eq!(grid.validate().is_ok(), grid.is_consistent());
        }

        #[test]
        fn parsing_never_panics(text in "\\PC{0,200}") {
            let _ = text.parse::<Grid>();
        }

        #[test]
        fn the_compact_path_agrees_with_the_general_parser(
            // A line of a real shape's cell count, then maybe one character
            // replaced, inserted or removed: letters (digits of the larger
            // shapes), blanks, non-ASCII and other stray characters.
            (text, shape) in (
                proptest::sample::select(vec![16usize, 36, 81, 144, 256, 625]).prop_flat_map(|n| {
                    proptest::collection::vec(
                        proptest::sample::select("123456789.0-_xX".chars().collect::<Vec<_>>()),
                        n,
                    )
                }),
                proptest::sample::select("ABCGPYZabgyé? \t\n".chars().collect::<Vec<_>>()),
                0..4u8,
                any::<proptest::sample::Index>(),
                proptest::option::of(any_shape()),
            )
                .prop_map(|(mut chars, stray, edit, at, shape)| {
                    let i = at.index(chars.len());
                    match edit {
                        1 => chars[i] = stray,
                        2 => chars.insert(i, stray),
                        3 => {
                            chars.remove(i);
                        }
                        _ => {}
                    }
                    (chars.into_iter().collect::<String>(), shape)
                }),
        ) {
            prop_assert_eq!(parse(&text, shape), parse_symbols(&text, shape));
        }
    }
}
