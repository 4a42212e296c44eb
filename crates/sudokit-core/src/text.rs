//! Reading grids from text: the parsers behind [`Grid`]'s [`FromStr`],
//! and the pieces a reader of puzzle files needs to split a file into
//! records and report errors at their place in the file.
//!
//! # Symbols
//! The one table of how digits are written, for every shape:
//!
//! | side | digits | example |
//! |---|---|---|
//! | 4 to 9 | `1`–`9` | 9×9: `1`…`9` |
//! | 10 to 35, but 25 | `1`–`9`, then `A`, `B`, … | 16×16: `1`–`9`, `A`–`G` |
//! | 25 | `A`–`Y` (the usual 25×25 convention) | `A` is 1, `Y` is 25 |
//! | 25, a text with any of `1`–`9` | `1`–`9`, then `A`–`P` (the other convention) | `A` is 10, `P` is 25 |
//!
//! The two 25×25 conventions are told apart by the text itself: one that
//! uses a digit `1`–`9` anywhere is read the second way, since the first
//! has no digits. Grids are always written the first way.
//! Letters are read in either case. An empty cell is `.`, `0`, `-`, `_`,
//! or `X` where `X` is not a digit (below 25×25), in the line format; the
//! boxed picture also takes a blank.
//! [`Shape::symbol`](crate::Shape::symbol) writes a digit,
//! [`Shape::value_of_symbol`](crate::Shape::value_of_symbol) reads one.
//!
//! ```
//! use sudokit_core::text;
//! // A file's third record starts on line 7: errors point into the file.
//! let err = text::parse_at("12?", None, 7).unwrap_err();
//! assert_eq!(err.to_string(), "line 7, column 3: unexpected character '?'");
//! assert!(text::is_boxed_rule("-------+-------"));
//! ```

use std::str::FromStr;

use crate::grid::Grid;
use crate::parse_error::ParseError;
use crate::shape::Shape;

impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        parse(text, None)
    }
}

impl Grid {
    /// Parses `text` as a grid of the given shape (see the [text
    /// format](Grid#text-format)); use this when the cell count alone would
    /// be ambiguous or to reject other shapes.
    ///
    /// # Errors
    /// A [`ParseError`] saying what is wrong and where.
    pub fn parse_with_shape(text: &str, shape: Shape) -> Result<Grid, ParseError> {
        parse(text, Some(shape))
    }
}

/// Parses `text` as a grid (of `shape`, when given) whose first line is
/// line `first_line` of a larger text, so that errors name the line of the
/// whole file. `parse_at(text, None, 1)` is `text.parse::<Grid>()`.
///
/// # Errors
/// A [`ParseError`] saying what is wrong and where.
pub fn parse_at(text: &str, shape: Option<Shape>, first_line: usize) -> Result<Grid, ParseError> {
    parse(text, shape).map_err(|e| e.shifted(first_line.saturating_sub(1)))
}

/// Whether `line` is a rule of the boxed picture (`-----`, `+---+`,
/// `=====`): readers use it to find where boxed grids start and end.
///
/// A rule has a run of `--` or `==`; a row of empty cells written `-`
/// never does, since cells are at least two characters apart.
///
/// ```
/// use sudokit_core::text::is_boxed_rule;
/// assert!(is_boxed_rule("-------+-------"));
/// assert!(!is_boxed_rule("| -  -  - |"));
/// ```
pub fn is_boxed_rule(line: &str) -> bool {
    let line = line.trim();
    (line.contains("--") || line.contains("==")) && line.chars().all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '))
}

/// A non-blank character with its 1-based position.
#[derive(Clone, Copy)]
struct Symbol {
    ch: char,
    line: usize,
    column: usize,
}

/// The longest text read as one grid: the largest grid drawn boxed, with
/// room to spare. Longer input is rejected before anything is allocated.
pub const MAX_GRID_TEXT: usize = 64 * 1024;

pub(crate) fn parse(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    if text.len() > MAX_GRID_TEXT {
        return Err(ParseError::TooLong { length: text.len(), limit: MAX_GRID_TEXT });
    }
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
    let alphabet = Symbols::of(shape, text);
    let mut cells = Vec::with_capacity(symbols.len());
    for s in &symbols {
        cells.push(cell_value(alphabet, *s)?);
    }
    Ok(Grid::from_cells(shape, cells.into_boxed_slice()))
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
    let symbols = Symbols::of(shape, text);
    let cells = bytes
        .iter()
        .map(|&byte| {
            let ch = char::from(byte);
            if symbols.is_empty(ch) { Some(0) } else { symbols.value(ch) }
        })
        .collect::<Option<Box<[u8]>>>()?;
    Some(Grid::from_cells(shape, cells))
}

/// Characters that can stand for a cell in some shape.
fn is_cell_char(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || matches!(ch, '.' | '-' | '_')
}

/// How a text writes its digits: the shape's own symbols, or, for a
/// 25×25 text that uses any of `1`–`9`, `1`–`9` then `A`–`P`.
#[derive(Clone, Copy, Debug)]
struct Symbols {
    shape: Shape,
    digits_first: bool,
}

impl Symbols {
    fn of(shape: Shape, text: &str) -> Symbols {
        Symbols { shape, digits_first: shape.side() == 25 && text.bytes().any(|b| matches!(b, b'1'..=b'9')) }
    }

    fn value(self, ch: char) -> Option<u8> {
        if !self.digits_first {
            return self.shape.value_of_symbol(ch);
        }
        let c = ch.to_ascii_uppercase();
        let value = match c {
            '1'..='9' => c as u8 - b'0',
            'A'..='Z' => c as u8 - b'A' + 10,
            _ => return None,
        };
        (usize::from(value) <= self.shape.side()).then_some(value)
    }

    fn is_empty(self, ch: char) -> bool {
        matches!(ch, '.' | '0' | '-' | '_') || (matches!(ch, 'x' | 'X') && self.value(ch).is_none())
    }
}

fn cell_value(symbols: Symbols, s: Symbol) -> Result<u8, ParseError> {
    if symbols.is_empty(s.ch) {
        return Ok(0);
    }
    match symbols.value(s.ch) {
        Some(v) => Ok(v),
        None if s.ch.is_ascii_alphanumeric() => {
            Err(ParseError::DigitOutOfRange { found: s.ch, shape: symbols.shape, line: s.line, column: s.column })
        }
        None => Err(ParseError::InvalidCharacter { found: s.ch, line: s.line, column: s.column }),
    }
}

/// Parses the boxed picture: rows like `| 9     2 |       5 | 4     3 |`
/// separated by rules of `-` (or `+`, `=`) between bands.
fn parse_boxed(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    let mut rows: Vec<Vec<Symbol>> = Vec::new();
    let mut box_width: Option<usize> = None;
    let mut band_height: Option<usize> = None;
    let mut rows_in_band = 0;
    let mut first_line = None;
    for (l, raw) in text.lines().enumerate() {
        let line = l + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        first_line.get_or_insert(line);
        if is_boxed_rule(trimmed) {
            if rows_in_band > 0 && band_height.is_none() {
                band_height = Some(rows_in_band);
            }
            rows_in_band = 0;
            continue;
        }
        let (row, width) = boxed_row(raw, line)?;
        match box_width {
            None => box_width = Some(width),
            Some(w) if w != width => {
                return Err(malformed(line, format!("boxes {width} cells wide after boxes {w} cells wide")));
            }
            Some(_) => {}
        }
        if let Some(first) = rows.first() {
            if first.len() != row.len() {
                return Err(malformed(line, format!("a row of {} cells after rows of {}", row.len(), first.len())));
            }
        }
        rows.push(row);
        rows_in_band += 1;
    }
    let first_line = first_line.unwrap_or(1);
    let Some(box_width) = box_width else {
        return Err(malformed(first_line, "no rows".into()));
    };
    let found = boxed_shape(rows.len(), rows[0].len(), box_width, band_height, first_line)?;
    if let Some(shape) = shape {
        if shape != found {
            return Err(malformed(first_line, format!("a {found} grid where a {shape} grid was expected")));
        }
    }
    let symbols = Symbols::of(found, text);
    let mut cells = Vec::with_capacity(found.cell_count());
    for s in rows.iter().flatten() {
        cells.push(if s.ch == ' ' { 0 } else { cell_value(symbols, *s)? });
    }
    Ok(Grid::from_cells(found, cells.into_boxed_slice()))
}

fn malformed(line: usize, reason: String) -> ParseError {
    ParseError::MalformedBoxedGrid { reason, line }
}

/// The cells of one row of the boxed picture, and the width of its boxes.
/// A box laid out three characters per cell (`| 1     3 |`, blanks for
/// empty cells) is read by position, any other character by character.
fn boxed_row(raw: &str, line: usize) -> Result<(Vec<Symbol>, usize), ParseError> {
    if !raw.contains('|') {
        return Err(malformed(line, "a row without '|' between boxes".into()));
    }
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
    let mut row = Vec::new();
    let mut widths = Vec::new();
    for (start, end) in bounds {
        let column0 = raw[..start].chars().count();
        let segment: Vec<char> = raw[start..end].chars().collect();
        let before = row.len();
        let positional = segment.len() % 3 == 0
            && !segment.is_empty()
            && segment.iter().enumerate().all(|(k, c)| k % 3 == 1 || *c == ' ');
        if positional {
            for k in (1..segment.len()).step_by(3) {
                row.push(Symbol { ch: segment[k], line, column: column0 + k + 1 });
            }
        } else {
            for (k, &ch) in segment.iter().enumerate().filter(|(_, c)| !c.is_whitespace()) {
                row.push(Symbol { ch, line, column: column0 + k + 1 });
            }
        }
        widths.push(row.len() - before);
    }
    if let Some(bad) = row.iter().find(|s| s.ch != ' ' && !is_cell_char(s.ch)) {
        return Err(ParseError::InvalidCharacter { found: bad.ch, line: bad.line, column: bad.column });
    }
    let width = widths.first().copied().unwrap_or(0);
    if width == 0 || widths.iter().any(|&w| w != width) {
        return Err(malformed(line, format!("boxes of unequal widths {widths:?}")));
    }
    Ok((row, width))
}

/// The shape of a boxed picture of `side` rows of `row_len` cells, boxes
/// `box_width` wide and bands `band_height` rows high (`None` for a single
/// band).
fn boxed_shape(
    side: usize,
    row_len: usize,
    box_width: usize,
    band_height: Option<usize>,
    first_line: usize,
) -> Result<Shape, ParseError> {
    if row_len != side {
        return Err(malformed(first_line, format!("{side} rows of {row_len} cells")));
    }
    let found = match band_height.filter(|&h| h < side) {
        Some(h) => Shape::new(h, box_width)?,
        None => Shape::from_side(side)?,
    };
    if found.side() != side || found.box_width() != box_width {
        return Err(malformed(first_line, format!("{side} rows do not split into boxes {box_width} cells wide")));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Cell;

    const EASY: &str = "902005403100063025508407060026309001057010290090670530240530600705200304080041950";

    #[test]
    fn over_long_input_is_rejected_before_it_is_read() {
        let long = ".".repeat(MAX_GRID_TEXT + 1);
        assert_eq!(long.parse::<Grid>(), Err(ParseError::TooLong { length: MAX_GRID_TEXT + 1, limit: MAX_GRID_TEXT }));
        // The largest grid, boxed, fits well within the limit.
        let largest = Grid::empty(Shape::from_side(Shape::MAX_SIDE).unwrap_or(Shape::TWENTY_FIVE));
        assert!(format!("{largest:#}").len() < MAX_GRID_TEXT);
    }

    #[test]
    fn a_25x25_text_with_digits_reads_them_first() {
        // Row 1 holds 1..=25 in both conventions; the rest is empty.
        let letters: String = (b'A'..=b'Y').map(char::from).collect::<String>() + &".".repeat(600);
        let digits: String = "123456789ABCDEFGHIJKLMNOP".to_string() + &".".repeat(600);
        let a: Grid = letters.parse().unwrap();
        let b: Grid = digits.parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(b.values()[..25], (1..=25).collect::<Vec<u8>>()[..]);
        // Spread over lines, or boxed, the same.
        let lines: String = digits.as_bytes().chunks(25).map(|c| String::from_utf8_lossy(c) + "\n").collect();
        assert_eq!(lines.parse::<Grid>().unwrap(), a);
        assert_eq!(format!("{b:#}").parse::<Grid>().unwrap(), a);
        // Digits first, a letter past P is out of range, where it is.
        let bad = "1Q".to_string() + &".".repeat(623);
        assert!(matches!(bad.parse::<Grid>(), Err(ParseError::DigitOutOfRange { found: 'Q', column: 2, .. })));
        // Without digits, Q is 17.
        let q: Grid = ("Q".to_string() + &".".repeat(624)).parse().unwrap();
        assert_eq!(q.values()[0], 17);
    }

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
    fn degenerate_boxed_rows_are_errors() {
        for text in ["|\n", "||\n", "| |\n---\n"] {
            assert!(matches!(text.parse::<Grid>(), Err(ParseError::MalformedBoxedGrid { .. })), "{text:?}");
        }
        assert!(matches!("--\n|1|\n".parse::<Grid>(), Err(ParseError::Shape(_))));
    }
}

#[cfg(test)]
pub(crate) mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Every supported shape, taller-than-wide boxes included.
    pub(crate) fn any_shape() -> impl Strategy<Value = Shape> {
        proptest::sample::select(Shape::all().collect::<Vec<_>>())
    }

    pub(crate) fn any_grid() -> impl Strategy<Value = Grid> {
        any_shape().prop_flat_map(|shape| {
            proptest::collection::vec(0..=shape.side() as u8, shape.cell_count())
                .prop_map(move |values| Grid::from_values(shape, &values).unwrap())
        })
    }

    proptest! {
        #[test]
        fn print_parse_round_trip(grid in any_grid()) {
            // The boxed picture shows the boxes: it comes back as it was.
            prop_assert_eq!(&format!("{grid:#}").parse::<Grid>().unwrap(), &grid);
            prop_assert_eq!(&Grid::parse_with_shape(&format!("{grid:#}"), grid.shape()).unwrap(), &grid);
            // The line does not: read with its shape it comes back as it
            // was, and bare it takes the default boxes of its side, the
            // same cells.
            let line = grid.to_string();
            prop_assert_eq!(&Grid::parse_with_shape(&line, grid.shape()).unwrap(), &grid);
            let bare: Grid = line.parse().unwrap();
            prop_assert_eq!(bare.shape(), Shape::from_side(grid.side()).unwrap());
            prop_assert_eq!(bare.values(), grid.values());
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
