//! Other exact-cover problems on the same engine: N-Queens and pentominoes.

use std::collections::HashSet;

use crate::{CoverError, ExactCover};

/// The N-Queens problem as exact cover: one option per square, covering
/// its rank and file (primary: each holds exactly one queen) and its two
/// diagonals (secondary: each holds at most one).
///
/// Option `r·n + c` is "a queen on row `r`, column `c`". Items: rows
/// `0..n`, columns `n..2n`, then the `2n − 1` diagonals `r + c` and the
/// `2n − 1` anti-diagonals `r − c + n − 1` as secondary items.
///
/// # Complexity
/// Building: O(n²) time and space (n² options of 4 items over 6n − 2
/// items). Counting all solutions is exponential in `n`; the diagonals as
/// secondary items prune every attacked square at once.
///
/// # References
/// Knuth, "Dancing Links" (2000), arXiv cs/0011047, §"Secondary columns".
///
/// ```
/// use sudokit_dlx::problems::{queens, MAX_QUEENS};
/// use sudokit_core::Budget;
/// assert_eq!(queens(8)?.count_solutions(u64::MAX, &Budget::unlimited())?, 92);
/// assert!(queens(MAX_QUEENS + 1).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`CoverError::TooLarge`] for a board of more than [`MAX_QUEENS`]
/// queens, whose matrix would take gigabytes.
pub fn queens(n: usize) -> Result<ExactCover, CoverError> {
    if n > MAX_QUEENS {
        return Err(CoverError::TooLarge { what: "queens", requested: n, max: MAX_QUEENS });
    }
    // The empty board has one solution, the empty placement.
    let diagonals = (2 * n).saturating_sub(1);
    let mut matrix = ExactCover::try_new(2 * n, 2 * diagonals)?;
    for r in 0..n {
        for c in 0..n {
            let items = [r, n + c, 2 * n + r + c, 2 * n + diagonals + r + n - 1 - c];
            matrix.add_option(&items)?;
        }
    }
    Ok(matrix)
}

/// The largest board [`queens`] builds: 2 048 queens, some 20 million
/// nodes.
pub const MAX_QUEENS: usize = 2048;

/// The largest board [`pentominoes`] builds, in cells.
pub const MAX_BOARD_CELLS: usize = 10_000;

/// The twelve pentominoes, by their conventional letters, each as five
/// `(row, column)` cells.
pub const PENTOMINOES: [(char, [(i8, i8); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct orientations (rotations and reflections) of a piece, each
/// normalised to start at row 0, column 0 and sorted.
pub fn orientations(cells: &[(i8, i8)]) -> Vec<Vec<(i8, i8)>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for t in 0..8 {
        let mut shape: Vec<(i8, i8)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t & 4 != 0 { (r, -c) } else { (r, c) };
                match t & 3 {
                    0 => (r, c),
                    1 => (c, -r),
                    2 => (-r, -c),
                    _ => (-c, r),
                }
            })
            .collect();
        let (min_r, min_c) =
            (shape.iter().map(|p| p.0).min().unwrap_or(0), shape.iter().map(|p| p.1).min().unwrap_or(0));
        for p in &mut shape {
            *p = (p.0 - min_r, p.1 - min_c);
        }
        shape.sort_unstable();
        if seen.insert(shape.clone()) {
            out.push(shape);
        }
    }
    out
}

/// One option of the pentomino matrix: a piece in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index of the piece in [`PENTOMINOES`].
    pub piece: usize,
    /// The board cells it covers, row-major indices.
    pub cells: [usize; 5],
}

/// Tiling a `rows × cols` board with the twelve pentominoes, as exact cover:
/// items `0..12` say each piece is used once, items `12..12 + rows·cols`
/// that each cell is covered once; one option per [`Placement`] (returned
/// in option order).
///
/// # Complexity
/// Building: O(rows · cols) time and space: at most 63 placements (the
/// pieces' orientations) a cell, of 6 items each. Searching is exponential in
/// the board's size.
///
/// # References
/// Knuth, "Dancing Links" (2000), arXiv cs/0011047 (the pentomino
/// examples); Golomb, *Polyominoes* (1965).
///
/// ```
/// use sudokit_dlx::problems::pentominoes;
/// let (matrix, placements) = pentominoes(6, 10)?;
/// assert_eq!(matrix.items(), 72);
/// assert_eq!(matrix.options(), placements.len());
/// assert!(pentominoes(usize::MAX, 2).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`CoverError::TooLarge`] for a board of more than [`MAX_BOARD_CELLS`]
/// cells.
pub fn pentominoes(rows: usize, cols: usize) -> Result<(ExactCover, Vec<Placement>), CoverError> {
    let cells = rows.saturating_mul(cols);
    if cells > MAX_BOARD_CELLS {
        return Err(CoverError::TooLarge { what: "board cells", requested: cells, max: MAX_BOARD_CELLS });
    }
    let mut matrix = ExactCover::try_new(PENTOMINOES.len() + cells, 0)?;
    let mut placements = Vec::new();
    for (piece, (_, cells)) in PENTOMINOES.iter().enumerate() {
        for shape in orientations(cells) {
            let height = shape.iter().map(|p| p.0 as usize).max().unwrap_or(0) + 1;
            let width = shape.iter().map(|p| p.1 as usize).max().unwrap_or(0) + 1;
            if height > rows || width > cols {
                continue;
            }
            for r in 0..=rows - height {
                for c in 0..=cols - width {
                    let mut cells = [0; 5];
                    for (slot, &(dr, dc)) in cells.iter_mut().zip(&shape) {
                        *slot = (r + dr as usize) * cols + c + dc as usize;
                    }
                    let mut items = vec![piece];
                    items.extend(cells.iter().map(|&i| PENTOMINOES.len() + i));
                    matrix.add_option(&items)?;
                    placements.push(Placement { piece, cells });
                }
            }
        }
    }
    Ok((matrix, placements))
}
