//! The killer exchange format of SumoCue (sudocue.net), which killer
//! forums and solvers such as the Interactive Sudoku Solver read and
//! write: one line per 9×9 killer,
//!
//! ```text
//! 3x3:d:k:V1:V2:…:V81:
//! ```
//!
//! `3x3:` names the grid, the field after it is `d` when both diagonals
//! hold every digit (Killer X) and empty otherwise, `k` says the values
//! are cages, and then comes one value per cell, row by row, each closed
//! by a `:`. A caged cell's value is its cage's sum × 256 plus the cage's
//! number (0 to 255), the same for every cell of the cage; a cell outside
//! every cage has a value under 256 (no sum), its own number when SumoCue
//! writes it. So `2563` is a cell of cage 3, whose sum is 10. The format
//! has no givens, no cage without a sum and no other rule.
//!
//! [`PuzzleReader`](super::PuzzleReader) reads such lines wherever a
//! puzzle line may stand, as a [`Puzzle`] with its cages;
//! [`write_sumocue`] writes a killer in it.

use std::fmt::Write;

use sudokit_core::{Cell, Grid, Puzzle, RuleKind, Shape, Variant, VariantError};

/// Why a puzzle cannot be written in SumoCue's killer format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SumoCueError {
    /// The format holds 9×9 grids only.
    #[error("SumoCue's killer format holds 9x9 grids only, not {0}")]
    Shape(Shape),
    /// The format holds no givens.
    #[error("SumoCue's killer format holds no givens, and the puzzle has {0}")]
    Givens(usize),
    /// The format holds cages with sums and the diagonals only.
    #[error("SumoCue's killer format holds cages with sums and the diagonals only, not {0}")]
    Rule(RuleKind),
    /// A cage without a sum has no value in the format.
    #[error("SumoCue's killer format holds cages with sums only, and cage {0} has none")]
    CageWithoutSum(usize),
    /// The format gives each cell one cage.
    #[error("SumoCue's killer format gives each cell one cage, and {cell} is in cage {first} and cage {second}")]
    Overlap {
        /// The cell.
        cell: Cell,
        /// Its first cage, 1-based.
        first: usize,
        /// Another cage over it.
        second: usize,
    },
}

/// Whether `line` is written in SumoCue's killer format (it starts with
/// `3x3:` and its third field is `k`), whether or not it is a valid one.
pub(crate) fn is_sumocue(line: &str) -> bool {
    line.strip_prefix("3x3:").and_then(|rest| rest.split(':').nth(1)) == Some("k")
}

/// Reads one killer in SumoCue's format (see [the module](self)): an
/// empty 9×9 grid under its cages, in the order of their numbers, and
/// both diagonals after `3x3:d:`.
///
/// ```
/// use sudokit_grid::io::read_sumocue;
///
/// // Two cages over the first row (sum 6 in three cells, 39 in six),
/// // every other cell uncaged.
/// let mut values = vec!["1537".to_owned(); 3];
/// values.extend(vec!["9986".to_owned(); 6]);
/// values.extend((10..82).map(|n| n.to_string()));
/// let line = format!("3x3::k:{}:", values.join(":"));
/// let puzzle = read_sumocue(&line)?;
/// let cages = puzzle.variant().cages();
/// assert_eq!((cages.len(), cages[0].sum(), cages[1].sum()), (2, Some(6), Some(39)));
/// assert_eq!(puzzle.variant().to_string(), "cage=6:r1c1+r1c2+r1c3,cage=39:r1c4+r1c5+r1c6+r1c7+r1c8+r1c9");
/// assert_eq!(puzzle.grid().filled_count(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`VariantError::Unreadable`] naming the column of what is wrong: a
/// line that does not start `3x3:` and `:k:`, a flag other than `d`, a
/// value that is not a number or too large, fewer or more than 81 values;
/// or the error of a cage (a sum no digits of the cage reach).
pub fn read_sumocue(line: &str) -> Result<Puzzle, VariantError> {
    let unreadable = |column: usize, reason: String| VariantError::Unreadable { column, reason };
    let line = line.trim();
    let Some(rest) = line.strip_prefix("3x3:") else {
        return Err(unreadable(1, "a SumoCue killer line starts with `3x3:`".into()));
    };
    let (flag, rest) = rest.split_once(':').ok_or_else(|| unreadable(5, "no `:k:` after `3x3:`".into()))?;
    let mut variant = match flag {
        "" => Variant::standard(Shape::CLASSIC),
        "d" => Variant::standard(Shape::CLASSIC).with_diagonals(),
        other => return Err(unreadable(5, format!("unknown flag `{other}` (known: `d` for the diagonals)"))),
    };
    let kind_column = 6 + flag.len();
    let values = match rest.split_once(':') {
        Some(("k", values)) => values,
        _ => return Err(unreadable(kind_column, "the values of a killer follow `k:`".into())),
    };
    // Cages by number: their sum and cells.
    let mut cages: Vec<(u32, u32, Vec<Cell>)> = Vec::new();
    let mut column = kind_column + 2;
    let mut count = 0;
    for text in values.strip_suffix(':').unwrap_or(values).split(':') {
        if count == 81 {
            return Err(unreadable(column, "more than 81 values".into()));
        }
        let value: u32 = text.parse().ok().filter(|&v| v < 256 * 256).ok_or_else(|| {
            unreadable(column, format!("`{text}` is not a cell's value (a sum × 256 + a cage number)"))
        })?;
        let (sum, number) = (value / 256, value % 256);
        if sum > 0 {
            let cell = Cell::from_index(count, Shape::CLASSIC);
            match cages.iter_mut().find(|(n, _, _)| *n == number) {
                Some((_, s, cells)) if *s == sum => cells.push(cell),
                Some(_) => return Err(unreadable(column, format!("cage {number} with two sums"))),
                None => cages.push((number, sum, vec![cell])),
            }
        }
        column += text.len() + 1;
        count += 1;
    }
    if count < 81 {
        return Err(unreadable(column, format!("{count} values where a 9x9 grid has 81")));
    }
    // By number, so that a killer written by `write_sumocue` reads back
    // with its cages in their order.
    cages.sort_by_key(|&(number, _, _)| number);
    for (_, sum, cells) in cages {
        variant = variant.with_cage(&cells, Some(sum))?;
    }
    Ok(Puzzle::new(Grid::empty(Shape::CLASSIC), variant).expect("the rules and the grid are both 9x9"))
}

/// Writes `puzzle` in SumoCue's killer format (see [the module](self)),
/// without a line end: cage `k` (from 0, in the order of
/// [`Variant::cages`]) as `sum × 256 + k`, every cell outside the cages as
/// a number of its own after the cages' ones, as SumoCue writes them.
///
/// ```
/// use sudokit_core::{Cell, Grid, Puzzle, Shape, Variant};
/// use sudokit_grid::io::{read_sumocue, write_sumocue};
///
/// let pair = [Cell::new(0, 0), Cell::new(0, 1)];
/// let rules = Variant::standard(Shape::CLASSIC).with_diagonals().with_cage(&pair, Some(3))?;
/// let puzzle = Puzzle::new(Grid::empty(Shape::CLASSIC), rules)?;
/// let line = write_sumocue(&puzzle)?;
/// assert!(line.starts_with("3x3:d:k:768:768:1:2:"));
/// assert_eq!(read_sumocue(&line)?, puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`SumoCueError`] for what the format cannot hold: another shape than
/// 9×9, givens, rules other than cages with sums and the diagonals,
/// overlapping cages.
pub fn write_sumocue(puzzle: &Puzzle) -> Result<String, SumoCueError> {
    let (grid, variant) = (puzzle.grid(), puzzle.variant());
    if puzzle.shape() != Shape::CLASSIC {
        return Err(SumoCueError::Shape(puzzle.shape()));
    }
    if grid.filled_count() > 0 {
        return Err(SumoCueError::Givens(grid.filled_count()));
    }
    let allowed = [RuleKind::Diagonals, RuleKind::Cages, RuleKind::CageSums];
    if let Some(kind) = puzzle.rules().kinds().iter().find(|kind| !allowed.contains(kind)) {
        return Err(SumoCueError::Rule(kind));
    }
    let mut values = vec![None; 81];
    for (number, cage) in variant.cages().iter().enumerate() {
        let sum = cage.sum().ok_or(SumoCueError::CageWithoutSum(number + 1))?;
        for &cell in cage.cells() {
            if let Some(first) = values[cell].map(|value| value % 256) {
                let (cell, first, second) = (Cell::from_index(cell, Shape::CLASSIC), first as usize + 1, number + 1);
                return Err(SumoCueError::Overlap { cell, first, second });
            }
            values[cell] = Some(sum * 256 + number as u32);
        }
    }
    let flag = if puzzle.rules().kinds().contains(RuleKind::Diagonals) { "d" } else { "" };
    let mut line = format!("3x3:{flag}:k:");
    let mut free = variant.cages().len() as u32;
    for value in values {
        let value = value.unwrap_or_else(|| {
            free += 1;
            free - 1
        });
        write!(line, "{value}:").expect("writing to a String");
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_column() {
        let values = |n: usize| vec!["0"; n].join(":");
        let cases = [
            (format!("3x4::k:{}:", values(81)), "column 1: a SumoCue killer line starts with `3x3:`"),
            (format!("3x3:w:k:{}:", values(81)), "column 5: unknown flag `w` (known: `d` for the diagonals)"),
            (format!("3x3::j:{}:", values(81)), "column 6: the values of a killer follow `k:`"),
            (format!("3x3::k:{}:", values(80)), "column 168: 80 values where a 9x9 grid has 81"),
            (format!("3x3::k:{}:", values(82)), "column 170: more than 81 values"),
            (
                format!("3x3::k:0:x1:{}:", values(79)),
                "column 10: `x1` is not a cell's value (a sum × 256 + a cage number)",
            ),
            (format!("3x3::k:513:769:{}:", values(79)), "column 12: cage 1 with two sums"),
        ];
        for (line, message) in cases {
            assert_eq!(read_sumocue(&line).map(|_| ()).unwrap_err().to_string(), message, "{line}");
        }
    }

    #[test]
    fn what_the_format_cannot_hold_is_named() {
        let classic = Variant::standard(Shape::CLASSIC);
        let mut given = Grid::empty(Shape::CLASSIC);
        given.set(Cell::new(4, 4), sudokit_core::Digit::new(5));
        let pair = [Cell::new(0, 0), Cell::new(0, 1)];
        let cases = [
            (Puzzle::new(Grid::empty(Shape::MINI), Variant::standard(Shape::MINI)), SumoCueError::Shape(Shape::MINI)),
            (Puzzle::new(given, classic.clone()), SumoCueError::Givens(1)),
            (
                Puzzle::new(Grid::empty(Shape::CLASSIC), classic.clone().with_windows()),
                SumoCueError::Rule(RuleKind::Windows),
            ),
            (
                Puzzle::new(Grid::empty(Shape::CLASSIC), classic.clone().with_cage(&pair, None).expect("a cage")),
                SumoCueError::CageWithoutSum(1),
            ),
            (
                Puzzle::new(
                    Grid::empty(Shape::CLASSIC),
                    (classic.with_cage(&pair, Some(3)))
                        .and_then(|v| v.with_cage(&[Cell::new(0, 1), Cell::new(1, 1)], Some(5)))
                        .expect("two cages"),
                ),
                SumoCueError::Overlap { cell: Cell::new(0, 1), first: 1, second: 2 },
            ),
        ];
        for (puzzle, error) in cases {
            assert_eq!(write_sumocue(&puzzle.expect("a puzzle")), Err(error));
        }
        assert_eq!(
            SumoCueError::Overlap { cell: Cell::new(0, 1), first: 1, second: 2 }.to_string(),
            "SumoCue's killer format gives each cell one cage, and r1c2 is in cage 1 and cage 2"
        );
    }
}
