//! Reading and writing puzzle files.
//!
//! A puzzle file holds any mix of:
//! * one puzzle per line (81 characters for 9×9, `.` `0` `-` `_` `X` for
//!   empty cells, white space ignored);
//! * multi-line grids, one row per line (the 9-line `.sdk` layout), each
//!   grid after the other or separated by blank lines;
//! * boxed pictures as printed by `format!("{grid:#}")`.
//!
//! Lines starting with `#` are comments, blank lines separate records, and
//! CRLF line endings are accepted. Errors give the line and column in the
//! file. A line of dashes is a rule of a boxed picture, so write empty cells
//! of one-line puzzles as `.` or `0` rather than `-` throughout.

use std::collections::VecDeque;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use sudokit_core::{Grid, ParseError, Shape, text};

/// A puzzle file that could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("{}{error}", PathPrefix(path))]
    Io {
        /// The file, when reading from one.
        path: Option<PathBuf>,
        /// The underlying error, whose message this one's ends with (it
        /// is not also the [`source`](std::error::Error::source), so that
        /// a reporter walking the chain says it once).
        error: io::Error,
    },
    /// A record is not a valid grid; the error's line is the file's.
    #[error("{}{error}", PathPrefix(path))]
    Parse {
        /// The file, when reading from one.
        path: Option<PathBuf>,
        /// What is wrong and where (in this error's message too, and not
        /// its source).
        error: ParseError,
    },
}

impl ReadError {
    /// The parse error, when the file was read but a record is malformed.
    pub fn parse_error(&self) -> Option<&ParseError> {
        match self {
            ReadError::Parse { error, .. } => Some(error),
            ReadError::Io { .. } => None,
        }
    }
}

struct PathPrefix<'a>(&'a Option<PathBuf>);

impl fmt::Display for PathPrefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(path) => write!(f, "{}: ", path.display()),
            None => Ok(()),
        }
    }
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
/// use sudokit::grid::io::PuzzleReader;
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
    /// Each record read and not yet handed out, with its first line.
    ready: VecDeque<(usize, Result<Grid, ReadError>)>,
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
    /// use sudokit::grid::io::PuzzleReader;
    /// use sudokit::Shape;
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
    /// use sudokit::grid::io::PuzzleReader;
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
            self.ready.push_back((block.start, parsed));
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
        self.ready.push_back((self.line_no, Err(error)));
        self.bytes = bytes.into_bytes();
    }

    /// Handles the line in `self.line`.
    fn take_line(&mut self) {
        let trimmed = self.line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            self.flush();
            return;
        }
        let cells = trimmed.chars().filter(|c| !c.is_whitespace()).count();
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
                            self.ready.push_back((start, Ok(grid)));
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
        if self.is_side(cells) && !self.is_puzzle_line(cells) {
            self.start(BlockKind::Rows { width: cells });
        } else {
            // A whole puzzle, or a line of no known length: parsing it names
            // the problem precisely.
            let line = std::mem::take(&mut self.line);
            let parsed = self.parse(&line, self.line_no);
            self.line = line;
            self.ready.push_back((self.line_no, parsed));
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
        loop {
            if let Some((line, item)) = self.ready.pop_front() {
                self.last_line = line;
                return Some(self.check_shape(line, item));
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
                    return Some(Err(ReadError::Io { path: self.path.clone(), error: source }));
                }
            }
        }
    }
}

/// Reads every puzzle of the file at `path`.
///
/// # Errors
/// The first [`ReadError`]: the file cannot be read, or a record is
/// malformed (with its line and column).
pub fn read_puzzles(path: impl AsRef<Path>) -> Result<Vec<Grid>, ReadError> {
    PuzzleReader::open(path)?.collect()
}

/// Parses every puzzle in `text`.
///
/// ```
/// let puzzles = sudokit::grid::io::parse_puzzles("1...........3..4\n# comment\n.2..............\n")?;
/// assert_eq!(puzzles.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first malformed record, as [`ReadError::Parse`].
pub fn parse_puzzles(text: &str) -> Result<Vec<Grid>, ReadError> {
    PuzzleReader::new(text.as_bytes()).collect()
}

/// How [`write_puzzles`] lays out each grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// One line per puzzle, `.` for empty cells.
    #[default]
    Line,
    /// The boxed picture, grids separated by a blank line.
    Boxed,
}

/// Writes `grids` to `out` in `format`, in a form [`PuzzleReader`] reads
/// back.
///
/// ```
/// use sudokit::grid::io::{parse_puzzles, write_puzzles, Format};
/// let grids = parse_puzzles("1...........3..4\n.2..............\n")?;
/// let mut out = Vec::new();
/// write_puzzles(&mut out, &grids, Format::Boxed)?;
/// assert_eq!(parse_puzzles(std::str::from_utf8(&out)?)?, grids);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Any I/O error of `out`.
pub fn write_puzzles<'a, W: Write>(
    mut out: W,
    grids: impl IntoIterator<Item = &'a Grid>,
    format: Format,
) -> io::Result<()> {
    for (i, grid) in grids.into_iter().enumerate() {
        match format {
            Format::Line => writeln!(out, "{grid}")?,
            Format::Boxed => {
                if i > 0 {
                    writeln!(out)?;
                }
                writeln!(out, "{grid:#}")?;
            }
        }
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn path_is_named_in_errors() {
        let err = read_puzzles("/nonexistent/puzzles.txt").unwrap_err();
        assert!(err.to_string().starts_with("/nonexistent/puzzles.txt: "), "{err}");
        let err = PuzzleReader::new("1234\n".as_bytes()).with_path("p.txt").next().unwrap().unwrap_err();
        assert_eq!(err.to_string(), "p.txt: line 1: 4 cells match no grid shape (a 9x9 grid has 81)");
    }
}
