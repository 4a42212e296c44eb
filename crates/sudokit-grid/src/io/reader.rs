//! [`PuzzleReader`]: the records of a puzzle file, one by one, as
//! grids or as [`Puzzle`]s with their rules.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sudokit_core::{Grid, ParseError, Puzzle, Rulebook, Shape, Variant, text};

use super::ReadError;

/// Rules as the file writes them, with the line they are on.
#[derive(Clone, Debug)]
struct RulesText {
    line: usize,
    text: Arc<str>,
}

/// A record read and not yet handed out.
#[derive(Debug)]
struct Pending {
    /// Its first line.
    line: usize,
    grid: Result<Grid, ReadError>,
    rules: Option<RulesText>,
    /// The pencil marks of a record given as a line of them.
    marks: Option<Vec<u64>>,
}

/// A record being gathered over several lines.
#[derive(Debug)]
struct Block {
    kind: BlockKind,
    /// 1-based line of the block's first line.
    start: usize,
    text: String,
    rows: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BlockKind {
    /// A boxed picture, rows with `|`.
    Boxed,
    /// One row per line, `width` cells each.
    Rows { width: usize },
}

/// Streams the puzzles of a reader, one [`Grid`] (or error) per record.
///
/// Reading is line by line, so files larger than memory stream through.
/// After a malformed record the reader goes on with the next one, so a
/// batch job can report the error and carry on.
///
/// A line of `n` cells is one puzzle when `n` is the cell count of a shape
/// (16, 36, 81, …) and a row of a multi-line grid otherwise; a 16×16 grid
/// laid out on 16 lines would read as sixteen 4×4 puzzles, so give the shape
/// with [`PuzzleReader::with_shape`] for such files.
///
/// Lines and rows cannot show boxes: without a shape, a puzzle written so
/// takes the default boxes of its side ([`Shape::from_side`]: 6 as 2×3, 12
/// as 3×4, as [`Grid`]'s text format says). Give the shape with
/// [`with_shape`](PuzzleReader::with_shape) for a file of other boxes (3×2,
/// 4×3…). Boxed pictures show their boxes and are read as drawn.
///
/// ```
/// use sudokit_grid::io::PuzzleReader;
/// let text = "# two puzzles\r\n\
///     4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\r\n\
///     \r\n\
///     52...6...\n.......7.\n13.......\n....4..8.\n.6......5\n.........\n..418....\n.....3..2\n...87....\n";
/// let puzzles: Vec<_> = PuzzleReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(puzzles.len(), 2);
/// assert_eq!(puzzles[1].filled_count(), 17);
///
/// let err = PuzzleReader::new("12345678?\n".repeat(9).as_bytes()).next().ok_or("no record")?.unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 9: unexpected character '?'");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    reader: R,
    shape: Option<Shape>,
    path: Option<PathBuf>,
    line_no: usize,
    line: String,
    /// The bytes of the line being read, before they are checked as text.
    bytes: Vec<u8>,
    block: Option<Block>,
    /// Each record read and not yet handed out.
    ready: VecDeque<Pending>,
    /// The rules of the last `rules:` line, for the records after it.
    rules: Option<RulesText>,
    /// The rules of the last puzzle handed out, compiled.
    last_rules: Option<Rulebook>,
    finished: bool,
    /// The shape of the first grid read, when none was given.
    first_shape: Option<Shape>,
    mixed_shapes: bool,
    /// The first line of the record last handed out.
    last_line: usize,
    /// How many bytes were handed to the parser: a file is read in time
    /// linear in its length, which the tests check by this count.
    parsed_bytes: usize,
}

impl PuzzleReader<BufReader<File>> {
    /// Opens the file at `path`; errors will name it.
    ///
    /// # Errors
    /// [`ReadError::Io`] when the file cannot be opened.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, ReadError> {
        let path = path.as_ref();
        let file = File::open(path).map_err(|error| ReadError::Io { path: Some(path.to_owned()), error })?;
        Ok(PuzzleReader::new(BufReader::new(file)).with_path(path))
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// Reads puzzles from `reader`, inferring each one's shape.
    pub fn new(reader: R) -> Self {
        PuzzleReader {
            reader,
            shape: None,
            path: None,
            line_no: 0,
            line: String::new(),
            bytes: Vec::new(),
            block: None,
            ready: VecDeque::new(),
            rules: None,
            last_rules: None,
            finished: false,
            first_shape: None,
            mixed_shapes: false,
            parsed_bytes: 0,
            last_line: 0,
        }
    }

    /// Accepts grids of different shapes in one file. By default the first
    /// grid's shape is the file's, and a record of another shape is an
    /// error ([`ParseError::ShapeChange`]): a truncated 9×9 line of 16
    /// cells would otherwise read as a 4×4 puzzle.
    #[must_use]
    pub fn with_mixed_shapes(mut self) -> Self {
        self.mixed_shapes = true;
        self
    }

    /// Reads every puzzle as `shape`: lines of `side` cells are rows of a
    /// multi-line grid, lines of `side * side` cells whole puzzles, and a
    /// record of any other shape (a boxed picture with other boxes, say) is
    /// an error.
    ///
    /// ```
    /// use sudokit_grid::io::PuzzleReader;
    /// use sudokit_core::Shape;
    /// let tall = Shape::new(3, 2)?;
    /// let line = format!("12....34....56{}", ".".repeat(22));
    /// let read: Vec<_> = PuzzleReader::new(line.as_bytes()).with_shape(tall).collect::<Result<_, _>>()?;
    /// assert_eq!(read[0].shape(), tall);
    /// // Without the shape, the same line has the default 2×3 boxes.
    /// let bare: Vec<_> = PuzzleReader::new(line.as_bytes()).collect::<Result<_, _>>()?;
    /// assert_eq!(bare[0].shape(), Shape::SIX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_shape(mut self, shape: Shape) -> Self {
        self.shape = Some(shape);
        self
    }

    /// The first line in the file (1-based) of the record the iterator
    /// returned last, grid or error; 0 before the first.
    ///
    /// ```
    /// use sudokit_grid::io::PuzzleReader;
    /// let text = "# two puzzles\n\n1.........4....1\n\n...1..........4.\n";
    /// let mut reader = PuzzleReader::new(text.as_bytes());
    /// reader.next();
    /// assert_eq!(reader.last_line(), 3);
    /// reader.next();
    /// assert_eq!(reader.last_line(), 5);
    /// ```
    pub fn last_line(&self) -> usize {
        self.last_line
    }

    /// Names `path` in error messages.
    #[must_use]
    pub fn with_path(mut self, path: impl Into<PathBuf>) -> Self {
        self.path = Some(path.into());
        self
    }

    fn parse_error(&self, source: ParseError) -> ReadError {
        ReadError::Parse { path: self.path.clone(), error: source }
    }

    fn parse(&mut self, text: &str, first_line: usize) -> Result<Grid, ReadError> {
        self.parsed_bytes += text.len();
        text::parse_at(text, self.shape, first_line).map_err(|e| self.parse_error(e))
    }

    /// Holds a file to the shape of its first grid, unless shapes may mix
    /// or the shape was given (the parser enforces that one).
    fn check_shape(&mut self, line: usize, item: Result<Grid, ReadError>) -> Result<Grid, ReadError> {
        let grid = item?;
        if self.shape.is_some() || self.mixed_shapes {
            return Ok(grid);
        }
        match self.first_shape {
            None => self.first_shape = Some(grid.shape()),
            Some(expected) if expected != grid.shape() => {
                return Err(self.parse_error(ParseError::ShapeChange { found: grid.shape(), expected, line }));
            }
            Some(_) => {}
        }
        Ok(grid)
    }

    fn flush(&mut self) {
        if let Some(block) = self.block.take() {
            let parsed = self.parse(&block.text, block.start);
            self.push(block.start, parsed, self.rules.clone());
        }
    }

    fn start(&mut self, kind: BlockKind) {
        let mut text = String::with_capacity(128);
        text.push_str(&self.line);
        text.push('\n');
        let rows = usize::from(kind != BlockKind::Boxed || self.line.contains('|'));
        self.block = Some(Block { kind, start: self.line_no, text, rows });
    }

    fn is_puzzle_line(&self, cells: usize) -> bool {
        match self.shape {
            Some(shape) => cells == shape.cell_count(),
            None => Shape::from_cell_count(cells).is_ok(),
        }
    }

    /// Whether `n` can be the side of a grid of the file (the given
    /// shape's, or any): the cells of a row, or the rows of a boxed picture
    /// that may be whole.
    fn is_side(&self, n: usize) -> bool {
        match self.shape {
            Some(shape) => n == shape.side(),
            None => Shape::from_side(n).is_ok(),
        }
    }

    /// A line that is not UTF-8 is a bad record of its own: the record it
    /// breaks into, if any, ends before it, and reading goes on.
    fn not_text(&mut self, bytes: std::string::FromUtf8Error) {
        self.flush();
        let valid = &bytes.as_bytes()[..bytes.utf8_error().valid_up_to()];
        let column = String::from_utf8_lossy(valid).chars().count() + 1;
        let error = self.parse_error(ParseError::InvalidUtf8 { line: self.line_no, column });
        self.push(self.line_no, Err(error), None);
        self.bytes = bytes.into_bytes();
    }

    fn push(&mut self, line: usize, grid: Result<Grid, ReadError>, rules: Option<RulesText>) {
        self.ready.push_back(Pending { line, grid, rules, marks: None });
    }

    /// The pencil marks of a one-line record of `cells` characters, when
    /// it is a line of them: `side³` marks for the file's shape or, without
    /// one, for a side of some shape, every mark the digit of its place.
    /// 64 and 729 are also the cells of an 8×8 and a 27×27 grid: a line of
    /// that length is a pencil-mark line only when most of its cells have
    /// a mark (a grid's givens, read as marks, leave most cells none).
    /// The grid of the record is empty: which cells of one mark are
    /// givens depends on the rules ([`Variant::givens_of_marks`]). `None` when
    /// the line is to be read as a grid; an error when it can only be a
    /// pencil-mark line and is a bad one.
    fn pencil_marks(&mut self, text: &str, cells: usize) -> Option<Result<(Grid, Vec<u64>), ReadError>> {
        let side = (2..=Shape::MAX_SIDE).find(|s| s * s * s == cells)?;
        let shape = match self.shape {
            Some(shape) if shape.side() == side => shape,
            Some(_) => return None,
            None => Shape::from_side(side).ok()?,
        };
        self.parsed_bytes += text.len();
        let may_be_grid = self.is_puzzle_line(cells);
        let (shape, marks) = match sudokit_core::marks::read_marks_at(text, Some(shape), self.line_no) {
            Ok(read) => read,
            Err(_) if may_be_grid => return None,
            Err(error) => return Some(Err(self.parse_error(error))),
        };
        let unmarked = marks.iter().filter(|&&set| set == 0).count();
        if 2 * unmarked >= marks.len() && may_be_grid {
            return None;
        }
        // The givens depend on the rules, read later (`next_puzzle`).
        Some(Ok((Grid::empty(shape), marks)))
    }

    /// Handles the line in `self.line`.
    fn take_line(&mut self) {
        let trimmed = self.line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            self.flush();
            return;
        }
        if let Some(rules) = trimmed.strip_prefix("rules:") {
            let rules = rules.trim();
            let rules = (!rules.is_empty()).then(|| RulesText { line: self.line_no, text: rules.into() });
            self.flush();
            self.rules = rules;
            return;
        }
        if let Some(puzzle) = whole_line_puzzle(trimmed, self.path.clone(), self.line_no) {
            self.flush();
            let line = self.line_no;
            match puzzle {
                Ok(puzzle) => {
                    let rules = RulesText { line, text: puzzle.variant().to_string().into() };
                    self.push(line, Ok(puzzle.grid().clone()), Some(rules));
                }
                Err(error) => self.push(line, Err(error), None),
            }
            return;
        }
        // A line's own rules follow its grid after a `;`.
        let (grid_part, has_rules) = trimmed.split_once(';').map_or((trimmed, false), |(grid, _)| (grid, true));
        let cells = grid_part.chars().filter(|c| !c.is_whitespace()).count();
        if let Some(Block { kind: BlockKind::Rows { width }, rows, text, .. }) = &mut self.block {
            // Checked before rules, so that a row of empty cells written
            // `---------` stays a row.
            if *width == cells && !trimmed.contains('|') {
                text.push_str(&self.line);
                text.push('\n');
                *rows += 1;
                if *rows == cells {
                    self.flush();
                }
                return;
            }
        }
        let is_rule = text::is_boxed_rule(trimmed);
        if trimmed.contains('|') || is_rule {
            match &mut self.block {
                Some(block) if block.kind == BlockKind::Boxed => {
                    block.text.push_str(&self.line);
                    block.text.push('\n');
                    if !is_rule {
                        block.rows += 1;
                    }
                    let (rows, long) = (block.rows, block.text.len() > text::MAX_GRID_TEXT);
                    if rows > Shape::MAX_SIDE || long {
                        // No grid is that large: the parser says why.
                        self.flush();
                    } else if is_rule && self.is_side(rows) {
                        // A closing rule may end the grid: it does when the
                        // rows so far make a whole grid. Only a grid's side
                        // of rows is tried, so a file is read in linear time.
                        let Some(block) = &self.block else { return };
                        let (text, start) = (block.text.clone(), block.start);
                        if let Ok(grid) = self.parse(&text, start) {
                            self.block = None;
                            self.push(start, Ok(grid), self.rules.clone());
                        }
                    }
                }
                _ => {
                    self.flush();
                    self.start(BlockKind::Boxed);
                }
            }
            return;
        }
        self.flush();
        if self.is_side(cells) && !self.is_puzzle_line(cells) && !has_rules {
            self.start(BlockKind::Rows { width: cells });
        } else {
            // A whole puzzle, or a line of no known length: parsing it names
            // the problem precisely.
            let line = std::mem::take(&mut self.line);
            let (grid, rules) = match line.split_once(';') {
                Some((grid, rules)) => (grid, Some(RulesText { line: self.line_no, text: rules.trim().into() })),
                None => (line.as_str(), self.rules.clone()),
            };
            match self.pencil_marks(grid, cells) {
                Some(Ok((grid, marks))) => {
                    self.ready.push_back(Pending { line: self.line_no, grid: Ok(grid), rules, marks: Some(marks) });
                }
                Some(Err(error)) => self.push(self.line_no, Err(error), rules),
                None => {
                    let parsed = self.parse(grid, self.line_no);
                    self.push(self.line_no, parsed, rules);
                }
            }
            self.line = line;
        }
    }
}

/// A reader with the default options, for calls that take either a reader
/// or a configured [`PuzzleReader`].
impl<R: BufRead> From<R> for PuzzleReader<R> {
    fn from(reader: R) -> PuzzleReader<R> {
        PuzzleReader::new(reader)
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Grid, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        let puzzle = self.next_puzzle()?;
        Some(puzzle.and_then(|puzzle| {
            if puzzle.variant().is_standard() {
                Ok(puzzle.into_parts().0)
            } else {
                let rules = puzzle.variant().to_string();
                Err(ReadError::UnexpectedRules { path: self.path.clone(), line: self.last_line, rules })
            }
        }))
    }
}

/// The records of a [`PuzzleReader`] as [`Puzzle`]s, each grid with its
/// rules: made by [`PuzzleReader::with_rules`].
#[derive(Debug)]
pub struct RuledPuzzles<R> {
    reader: PuzzleReader<R>,
}

impl<R> RuledPuzzles<R> {
    /// The reader, for its [`last_line`](PuzzleReader::last_line).
    pub fn reader(&self) -> &PuzzleReader<R> {
        &self.reader
    }
}

impl<R: BufRead> Iterator for RuledPuzzles<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.reader.next_puzzle()
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// Reads each grid with its rules (see [the module](super) for how a
    /// file gives them).
    ///
    /// ```
    /// use sudokit_grid::io::PuzzleReader;
    /// use sudokit_core::{Relation, Shape, Variant};
    ///
    /// let text = "rules: x\n.......1.......2\n\n1...............;anti-king\nrules:\n................\n";
    /// let read: Vec<_> = PuzzleReader::new(text.as_bytes()).with_rules().collect::<Result<_, _>>()?;
    /// let mini = Variant::standard(Shape::MINI);
    /// assert_eq!(read[0].variant(), &mini.clone().with_diagonals());
    /// assert_eq!(read[1].variant(), &mini.clone().with_relation(Relation::AntiKing));
    /// assert_eq!(read[2].variant(), &mini);
    /// // Records under one rules line share one compiled rulebook.
    /// assert!(read[0].rules().kinds().contains(sudokit_core::RuleKind::Diagonals));
    ///
    /// // Bad rules are a record's error, with its line.
    /// let err = PuzzleReader::new("................;anti-queen\n".as_bytes()).with_rules().next().ok_or("none")?.unwrap_err();
    /// assert!(err.to_string().starts_with("line 1: bad rules: column 1: unknown rule `anti-queen` (known: x, windoku,"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_rules(self) -> RuledPuzzles<R> {
        RuledPuzzles { reader: self }
    }

    /// The next record as a [`Puzzle`].
    fn next_puzzle(&mut self) -> Option<Result<Puzzle, ReadError>> {
        let pending = self.next_pending()?;
        self.last_line = pending.line;
        let grid = match self.check_shape(pending.line, pending.grid) {
            Ok(grid) => grid,
            Err(error) => return Some(Err(error)),
        };
        let variant = match &pending.rules {
            None => Ok(Variant::standard(grid.shape())),
            Some(rules) => Variant::parse(&rules.text, grid.shape()).map_err(|error| ReadError::Rules {
                path: self.path.clone(),
                line: rules.line,
                error,
            }),
        };
        let (grid, variant) = match (pending.marks, variant) {
            (Some(marks), Ok(variant)) => {
                let marked = variant.givens_of_marks(&marks).and_then(|g| Ok((g, variant.with_marks(&marks)?)));
                match marked {
                    Ok((givens, variant)) => (givens, Ok(variant)),
                    Err(error) => (grid, Err(ReadError::Rules { path: self.path.clone(), line: pending.line, error })),
                }
            }
            (_, variant) => (grid, variant),
        };
        Some(variant.map(|variant| {
            // Records under one rules line share one compiled rulebook.
            let rules = match &self.last_rules {
                Some(rules) if rules.variant() == &variant => rules.clone(),
                _ if variant.is_standard() => Rulebook::standard(variant.shape()),
                _ => self.last_rules.insert(Rulebook::new(variant)).clone(),
            };
            Puzzle::new(grid, rules).expect("the grid was read in the rules' shape")
        }))
    }

    /// The next record read, reading lines until one is complete.
    fn next_pending(&mut self) -> Option<Pending> {
        loop {
            if let Some(pending) = self.ready.pop_front() {
                return Some(pending);
            }
            if self.finished {
                return None;
            }
            self.bytes.clear();
            match self.reader.read_until(b'\n', &mut self.bytes) {
                Ok(0) => {
                    self.finished = true;
                    self.flush();
                }
                Ok(_) => {
                    self.line_no += 1;
                    let bytes = std::mem::take(&mut self.bytes);
                    match String::from_utf8(bytes) {
                        Ok(line) => {
                            self.line = line;
                            let end = self.line.trim_end_matches(['\n', '\r']).len();
                            self.line.truncate(end);
                            self.take_line();
                            self.bytes = std::mem::take(&mut self.line).into_bytes();
                        }
                        Err(bytes) => self.not_text(bytes),
                    }
                }
                Err(source) => {
                    self.finished = true;
                    let error = ReadError::Io { path: self.path.clone(), error: source };
                    return Some(Pending { line: self.line_no, grid: Err(error), rules: None, marks: None });
                }
            }
        }
    }
}

/// The puzzle of a line that holds one whole, with its rules (an
/// f-puzzles link or JSON, a SumoCue killer), or `None` for another line.
fn whole_line_puzzle(text: &str, path: Option<PathBuf>, line: usize) -> Option<Result<Puzzle, ReadError>> {
    if super::fpuzzles::is_fpuzzles(text) {
        let puzzle = super::fpuzzles::read_fpuzzles(text);
        return Some(puzzle.map_err(|error| ReadError::FPuzzles { path, line, error }));
    }
    if super::sumocue::is_sumocue(text) {
        let puzzle = super::sumocue::read_sumocue(text);
        return Some(puzzle.map_err(|error| ReadError::Rules { path, line, error }));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::read_puzzles;

    #[test]
    fn a_line_that_is_not_text_is_one_bad_record_and_reading_goes_on() {
        let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut bytes = format!("{good}\n{good}\n# note\n").into_bytes();
        let mut bad = good.as_bytes().to_vec();
        bad[11] = 0xff;
        bytes.extend_from_slice(&bad);
        bytes.extend_from_slice(format!("\n{good}\n").as_bytes());
        let records: Vec<_> = PuzzleReader::new(bytes.as_slice()).collect();
        assert_eq!(records.len(), 4, "{records:?}");
        assert!(records[0].is_ok() && records[1].is_ok() && records[3].is_ok());
        let error = records[2].as_ref().unwrap_err();
        assert_eq!(error.parse_error(), Some(&ParseError::InvalidUtf8 { line: 4, column: 12 }));
        assert_eq!(error.to_string(), "line 4, column 12: not valid UTF-8 text");
    }

    const TOP1: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn boxed_rules_without_a_grid_are_read_in_linear_time() {
        // Every rule line could close a grid: only a grid's side of rows is
        // ever tried, and a block longer than any grid is given up.
        for repeats in [50, 5_000] {
            let text = "| 1 |\n--\n".repeat(repeats);
            let mut reader = PuzzleReader::new(text.as_bytes());
            let records = reader.by_ref().count();
            assert!(records >= 1);
            // Each row is parsed with at most the side of the largest
            // grid of rows around it.
            let bound = Shape::MAX_SIDE * text.len();
            assert!(reader.parsed_bytes <= bound, "{} bytes parsed for {repeats} rows", reader.parsed_bytes);
        }
    }

    fn read(text: &str) -> Vec<Result<Grid, ReadError>> {
        PuzzleReader::new(text.as_bytes()).collect()
    }

    #[test]
    fn one_per_line_with_comments_crlf_and_blanks() {
        let text = format!("# header\r\n{TOP1}\r\n\r\n   \r\n{TOP1}\r\n#x\r\n{TOP1}");
        let got = read(&text);
        assert_eq!(got.len(), 3);
        assert!(got.iter().all(|g| g.as_ref().unwrap().to_string() == TOP1));
    }

    #[test]
    fn nine_line_blocks_back_to_back() {
        let block: String =
            TOP1.as_bytes().chunks(9).map(|r| format!("{}\n", std::str::from_utf8(r).unwrap())).collect();
        let text = format!("{block}{block}\n{block}");
        let got: Vec<Grid> = read(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(got.len(), 3);
        assert!(got.iter().all(|g| g.to_string() == TOP1));
    }

    #[test]
    fn boxed_blocks_back_to_back_and_mixed() {
        let grid: Grid = TOP1.parse().unwrap();
        let text = format!("{grid:#}\n{grid:#}\n{TOP1}\n\n{grid:#}\n");
        let got: Vec<Grid> = read(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(got, vec![grid.clone(), grid.clone(), grid.clone(), grid]);
    }

    #[test]
    fn errors_carry_file_lines_and_reading_goes_on() {
        let mut bad = TOP1.to_string();
        bad.replace_range(10..11, "*");
        let text = format!("# c\n{TOP1}\n{bad}\n{}\n{TOP1}\n", &TOP1[..80]);
        let got = read(&text);
        assert_eq!(got.len(), 4);
        let e1 = got[1].as_ref().unwrap_err().parse_error().cloned();
        assert_eq!(e1, Some(ParseError::InvalidCharacter { found: '*', line: 3, column: 11 }));
        let e2 = got[2].as_ref().unwrap_err().to_string();
        assert_eq!(e2, "line 4: 80 cells match no grid shape (a 9x9 grid has 81)");
        assert!(got[3].is_ok());
    }

    #[test]
    fn a_bad_row_in_a_block_is_located() {
        let mut rows: Vec<String> = TOP1.as_bytes().chunks(9).map(|r| String::from_utf8(r.to_vec()).unwrap()).collect();
        rows[4].replace_range(2..3, "!");
        let text = format!("\n\n{}\n", rows.join("\n"));
        let err = read(&text).remove(0).unwrap_err();
        assert_eq!(err.parse_error(), Some(&ParseError::InvalidCharacter { found: '!', line: 7, column: 3 }));
    }

    #[test]
    fn forced_shape_reads_sixteen_line_grids() {
        let grid = Grid::empty(Shape::SIXTEEN);
        let text: String = (0..16).map(|_| "................\n").collect();
        let got: Vec<Grid> =
            PuzzleReader::new(text.as_bytes()).with_shape(Shape::SIXTEEN).collect::<Result<_, _>>().unwrap();
        assert_eq!(got, vec![grid]);
        // Without the shape, each line is a 4x4 puzzle.
        assert_eq!(read(&text).len(), 16);
    }

    #[test]
    fn rules_come_from_the_header_or_the_line_and_the_plain_reader_refuses_them() {
        let boxed = format!("{:#}", TOP1.parse::<Grid>().unwrap());
        let text = format!("{TOP1}\nrules: x\n{TOP1}\n{boxed}\n{TOP1};anti-knight\nrules:\n{TOP1}\n");
        let ruled: Vec<Puzzle> = PuzzleReader::new(text.as_bytes()).with_rules().collect::<Result<_, _>>().unwrap();
        let classic = Variant::standard(Shape::CLASSIC);
        let rules: Vec<String> = ruled.iter().map(|p| p.variant().to_string()).collect();
        assert_eq!(rules, ["standard", "x", "x", "anti-knight", "standard"].map(String::from));
        assert!(ruled.iter().all(|p| p.grid().to_string() == TOP1));
        assert_eq!(ruled[3].variant(), &classic.with_relation(sudokit_core::Relation::AntiKnight));
        let plain = read(&text);
        let outcome: Vec<bool> = plain.iter().map(Result::is_ok).collect();
        assert_eq!(outcome, [true, false, false, false, true]);
        let error = plain[1].as_ref().unwrap_err().to_string();
        assert_eq!(
            error,
            "line 3: the puzzle has the rules `x`, which a bare grid drops: read it with `PuzzleReader::with_rules`"
        );
    }

    #[test]
    fn bad_rules_name_the_line_that_gives_them_and_reading_goes_on() {
        let text = format!("rules: x,jigsaw=123\n{TOP1}\nrules: windoku\n{TOP1};anti-bishop\n{TOP1}\n");
        let got: Vec<_> = PuzzleReader::new(text.as_bytes()).with_rules().collect();
        assert_eq!(got.len(), 3);
        match got[0].as_ref().unwrap_err() {
            ReadError::Rules { line: 1, .. } => {}
            other => panic!("{other}"),
        }
        let second = got[1].as_ref().unwrap_err().to_string();
        assert!(second.starts_with("line 4: bad rules: column 1: unknown rule `anti-bishop`"), "{second}");
        assert_eq!(got[2].as_ref().unwrap().variant().to_string(), "windoku");
    }

    #[test]
    fn a_puzzle_and_its_rules_must_share_a_shape() {
        let x = Variant::standard(Shape::MINI).with_diagonals();
        assert!(Puzzle::new(Grid::empty(Shape::CLASSIC), x.clone()).is_err());
        assert_eq!(Puzzle::new(Grid::empty(Shape::MINI), x.clone()).unwrap().variant(), &x);
    }

    #[test]
    fn path_is_named_in_errors() {
        let err = read_puzzles("/nonexistent/puzzles.txt").unwrap_err();
        assert!(err.to_string().starts_with("/nonexistent/puzzles.txt: "), "{err}");
        let err = PuzzleReader::new("1234\n".as_bytes()).with_path("p.txt").next().unwrap().unwrap_err();
        assert_eq!(err.to_string(), "p.txt: line 1: 4 cells match no grid shape (a 9x9 grid has 81)");
    }
}
