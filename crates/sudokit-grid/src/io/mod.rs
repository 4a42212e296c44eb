//! Reading and writing puzzle files.
//!
//! A puzzle file holds any mix of:
//! * one puzzle per line (81 characters for 9×9, `.` `0` `-` `_` `X` for
//!   empty cells, white space ignored);
//! * multi-line grids, one row per line (the 9-line `.sdk` layout), each
//!   grid after the other or separated by blank lines;
//! * boxed pictures as printed by `format!("{grid:#}")`;
//! * pencil-mark puzzles ("sukaku"), one per line as the candidates of
//!   every cell (729 characters for 9×9, see
//!   [`marks`](sudokit_core::marks)): [`PuzzleReader::with_rules`] hands
//!   each out as the grid of the givens its marks stand for
//!   ([`Variant::givens_of_marks`](sudokit_core::Variant::givens_of_marks):
//!   a cell with one mark whose digit no peer has among its marks) under
//!   rules with those marks ([`Variant::with_marks`](sudokit_core::Variant::with_marks));
//! * killers in SumoCue's exchange format, one per line (`3x3::k:` and a
//!   value per cell, see [`sumocue`]): each is an empty grid under its
//!   cages (and the diagonals after `3x3:d:k:`);
//! * puzzles from f-puzzles, one per line: a link
//!   (`https://f-puzzles.com/?load=…`), its `load` value or its JSON (see
//!   [`fpuzzles`]), each under the rules it gives ([`write_fpuzzles`]
//!   and [`fpuzzles_link`] write them).
//!
//! Lines starting with `#` are comments, blank lines separate records, and
//! CRLF line endings are accepted. Errors give the line and column in the
//! file. A line of dashes is a rule of a boxed picture, so write empty cells
//! of one-line puzzles as `.` or `0` rather than `-` throughout.
//!
//! # Rules
//! A puzzle of a [`Variant`] carries its rules in
//! their text form ([`variant_text`](sudokit_core::variant_text)): a
//! one-line puzzle after a `;` (`GRID;x,anti-knight`), or a line
//! `rules: x,anti-knight` for every record after it, until the next
//! `rules:` line (`rules:` alone goes back to the standard rules). A
//! line's own rules replace the header's. [`PuzzleReader::with_rules`]
//! hands out each grid with its rules ([`Puzzle`]); the plain reader
//! hands out grids, and refuses a record with rules other than the
//! standard ones rather than drop them.
//!
//! ```text
//! # Sudoku X, then a jigsaw
//! rules: x
//! ...........1.2.3.......4.....5...........6.7...8.........9.......1.2...3.........
//! 1.....2.....3.....4.....5.....6.....7.....8.....9....................1.........;jigsaw=111222333111222333111222333444555666444555666444555666777888999777888999777888999
//! ```

mod errors;
pub mod fpuzzles;
mod fpuzzles_write;
mod reader;
pub mod sumocue;
mod write;

use std::path::Path;

use sudokit_core::{Grid, Puzzle, Variant};

pub use errors::ReadError;
pub use fpuzzles::{FPuzzlesError, read_fpuzzles};
pub use fpuzzles_write::{fpuzzles_link, write_fpuzzles};
pub use reader::{PuzzleReader, RuledPuzzles};
pub use sumocue::{SumoCueError, read_sumocue, write_sumocue};
pub use write::{Format, write_puzzles, write_ruled_puzzles};

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
/// let puzzles = sudokit_grid::io::parse_puzzles("1...........3..4\n# comment\n.2..............\n")?;
/// assert_eq!(puzzles.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first malformed record, as [`ReadError::Parse`].
pub fn parse_puzzles(text: &str) -> Result<Vec<Grid>, ReadError> {
    PuzzleReader::new(text.as_bytes()).collect()
}

/// Reads the one puzzle of `text` with its rules, as a line of a puzzle
/// file reads: a grid on one line or on several, a pencil-mark line, a
/// killer in SumoCue's format, or a puzzle from f-puzzles (a link, its
/// `load` value, or its JSON on one line or many), and after a `;` the
/// rules of a variant
/// (`GRID;x`, `GRID;cage=15:r1c1+r1c2+r1c3`). The rules a record carries (a
/// pencil-mark line's marks, a killer line's cages) and those after the
/// `;` join. This is the reader behind a text box or a command-line
/// argument.
///
/// ```
/// use sudokit_grid::io::parse_puzzle;
///
/// let puzzle = parse_puzzle("1...........3..4;x")?;
/// assert_eq!(puzzle.variant().to_string(), "x");
/// assert_eq!(puzzle.grid().filled_count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ReadError::Parse`] for a grid that cannot be read (with its line and
/// column), [`ReadError::Rules`] for rules that cannot (their columns count
/// from the start of the rules), [`ReadError::FPuzzles`] for an f-puzzles
/// puzzle that cannot be read or played, [`ReadError::NoPuzzle`] for text
/// without a grid and [`ReadError::MorePuzzles`] for text with a second
/// one.
pub fn parse_puzzle(text: &str) -> Result<Puzzle, ReadError> {
    let text = text.trim();
    // f-puzzles' JSON, on one line or many, may hold `;` in its strings:
    // rules of one's own follow its last brace.
    let json_end = text.starts_with('{').then(|| text.rfind('}').map_or(text.len(), |at| at + 1));
    let split = match json_end {
        Some(end) => text[end..].find(';').map(|at| end + at),
        None => text.find(';'),
    };
    let (grid_text, rules) = match split {
        Some(at) => (&text[..at], text[at + 1..].trim()),
        None => (text, ""),
    };
    let (puzzle, line) = if json_end.is_some() {
        let puzzle = read_fpuzzles(grid_text).map_err(|error| ReadError::FPuzzles { path: None, line: 1, error })?;
        (puzzle, 1)
    } else {
        let mut records = PuzzleReader::new(grid_text.trim().as_bytes()).with_rules();
        let puzzle = records.next().ok_or(ReadError::NoPuzzle)??;
        if records.next().is_some() {
            return Err(ReadError::MorePuzzles { line: records.reader().last_line() });
        }
        (puzzle, records.reader().last_line().max(1))
    };
    if rules.is_empty() {
        return Ok(puzzle);
    }
    let own = (!puzzle.is_standard()).then(|| puzzle.variant().to_string());
    let joined = own.into_iter().chain([rules.to_owned()]).collect::<Vec<_>>().join(",");
    let variant =
        Variant::parse(&joined, puzzle.shape()).map_err(|error| ReadError::Rules { path: None, line, error })?;
    let (grid, _) = puzzle.into_parts();
    Ok(Puzzle::new(grid, variant).expect("the rules were read in the grid's shape"))
}
