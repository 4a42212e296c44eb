//! Writing puzzle files that [`PuzzleReader`](super::PuzzleReader) reads
//! back.

use std::io::{self, Write};

use sudokit_core::Grid;

use sudokit_core::Puzzle;

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

/// Writes `grids` to `out` in `format`, in a form [`PuzzleReader`](super::PuzzleReader) reads
/// back.
///
/// ```
/// use sudokit_grid::io::{parse_puzzles, write_puzzles, Format};
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

/// Writes `puzzles` with their rules to `out` in `format`, in a form
/// [`PuzzleReader::with_rules`](super::PuzzleReader::with_rules) reads
/// back: a line puzzle followed by `;` and its rules (none for the
/// standard ones), a boxed picture after a `rules:` line whenever the
/// rules change.
///
/// ```
/// use sudokit_grid::io::{Format, PuzzleReader, write_ruled_puzzles};
/// use sudokit_core::{Grid, Puzzle, Shape, Variant};
///
/// let x = Puzzle::new(Grid::empty(Shape::MINI), Variant::standard(Shape::MINI).with_diagonals())?;
/// let plain = Puzzle::new(Grid::empty(Shape::MINI), Variant::standard(Shape::MINI))?;
/// for format in [Format::Line, Format::Boxed] {
///     let mut out = Vec::new();
///     write_ruled_puzzles(&mut out, [&x, &plain, &x], format)?;
///     let back: Vec<Puzzle> = PuzzleReader::new(out.as_slice()).with_rules().collect::<Result<_, _>>()?;
///     assert_eq!(back, [x.clone(), plain.clone(), x.clone()]);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Any I/O error of `out`.
pub fn write_ruled_puzzles<'a, W: Write>(
    mut out: W,
    puzzles: impl IntoIterator<Item = &'a Puzzle>,
    format: Format,
) -> io::Result<()> {
    let mut rules = String::new();
    for (i, puzzle) in puzzles.into_iter().enumerate() {
        match format {
            Format::Line => writeln!(out, "{puzzle}")?,
            Format::Boxed => {
                let text = if puzzle.variant().is_standard() { String::new() } else { puzzle.variant().to_string() };
                if i > 0 {
                    writeln!(out)?;
                }
                if text != rules {
                    writeln!(out, "rules: {text}")?;
                }
                writeln!(out, "{:#}", puzzle.grid())?;
                rules = text;
            }
        }
    }
    out.flush()
}
