//! [`Transform`]: the changes that keep a grid valid — digits relabelled,
//! rows and columns permuted within their bands and stacks, bands and
//! stacks permuted, transposition, rotations and mirrors — composed and
//! inverted as a group.

use std::fmt;

use rand::Rng;
use rand::seq::SliceRandom;
use sudokit_core::{Grid, Shape};

/// Why a [`Transform`] could not be built or applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TransformError {
    /// A permutation that is not one (a repeated or missing entry), or of
    /// the wrong length.
    #[error("{what}: {given:?} is not a permutation of {first}..={}", first + len - 1)]
    NotAPermutation {
        /// What was being permuted: `"digits"`, `"bands"`, …
        what: &'static str,
        /// The list given.
        given: Vec<usize>,
        /// The least entry: 1 for digits, 0 for indices.
        first: usize,
        /// How long it must be.
        len: usize,
    },
    /// A band or stack number out of range.
    #[error("{what} {index} does not exist: there are {len}")]
    OutOfRange {
        /// `"band"` or `"stack"`.
        what: &'static str,
        /// The number given.
        index: usize,
        /// How many there are.
        len: usize,
    },
    /// The grid is not of the shape the transform was made for.
    #[error("the transform is for {expected} grids, the grid is {found}")]
    ShapeMismatch {
        /// The transform's shape.
        expected: Shape,
        /// The grid's.
        found: Shape,
    },
}

/// A validity-preserving change of a grid of one shape: where each cell of
/// the result comes from, and what each digit becomes.
///
/// Build one from the generators ([`relabel`](Transform::relabel),
/// [`permute_bands`](Transform::permute_bands),
/// [`permute_rows_in_band`](Transform::permute_rows_in_band), the same for
/// stacks and columns, [`transpose`](Transform::transpose),
/// [`rotate_90`](Transform::rotate_90), [`mirror_rows`](Transform::mirror_rows),
/// …), chain them with [`then`](Transform::then), undo one with
/// [`inverse`](Transform::inverse). A transform that turns the grid a
/// quarter (transposition, 90° rotations, the diagonal mirrors) swaps a
/// rectangular box: it maps a 2×3-box grid to a 3×2-box one, and its
/// [`output_shape`](Transform::output_shape) says so.
///
/// ```
/// use sudokit_generate::Transform;
/// use sudokit_core::{Grid, Shape};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let t = Transform::identity(Shape::CLASSIC).rotate_90().then(&Transform::relabel(Shape::CLASSIC, &[9, 8, 7, 6, 5, 4, 3, 2, 1])?);
/// let moved = t.apply(&puzzle)?;
/// assert_eq!(moved.filled_count(), puzzle.filled_count());
/// assert_eq!(t.inverse().apply(&moved)?, puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Transform {
    input: Shape,
    output: Shape,
    /// For each cell of the result, the cell of the input it takes.
    source: Vec<u16>,
    /// `digits[d - 1]` is what digit `d` becomes.
    digits: Vec<u8>,
}

impl Transform {
    /// The transform that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.side();
        Transform {
            input: shape,
            output: shape,
            source: (0..shape.cell_count()).map(|i| i as u16).collect(),
            digits: (1..=n).map(|d| d as u8).collect(),
        }
    }

    /// Digit `d` becomes `digits[d - 1]`.
    ///
    /// # Errors
    /// [`TransformError::NotAPermutation`] unless `digits` holds `1..=side`
    /// once each.
    pub fn relabel(shape: Shape, digits: &[u8]) -> Result<Transform, TransformError> {
        let given: Vec<usize> = digits.iter().map(|&d| usize::from(d)).collect();
        check_permutation("digits", &given, 1, shape.side())?;
        Ok(Transform { digits: digits.to_vec(), ..Transform::identity(shape) })
    }

    /// Band `k` of the result is band `bands[k]` of the input.
    ///
    /// # Errors
    /// [`TransformError::NotAPermutation`] unless `bands` permutes the
    /// bands.
    pub fn permute_bands(shape: Shape, bands: &[usize]) -> Result<Transform, TransformError> {
        let h = shape.box_height();
        check_permutation("bands", bands, 0, shape.side() / h)?;
        Ok(Transform::by_rows(shape, |r| bands[r / h] * h + r % h))
    }

    /// Row `k` of band `band` in the result is row `rows[k]` of that band.
    ///
    /// # Errors
    /// [`TransformError::OutOfRange`] when `band` is not a band,
    /// [`TransformError::NotAPermutation`] unless `rows` permutes its rows.
    pub fn permute_rows_in_band(shape: Shape, band: usize, rows: &[usize]) -> Result<Transform, TransformError> {
        let h = shape.box_height();
        check_index("band", band, shape.side() / h)?;
        check_permutation("rows", rows, 0, h)?;
        Ok(Transform::by_rows(shape, |r| if r / h == band { band * h + rows[r % h] } else { r }))
    }

    /// Stack `k` of the result is stack `stacks[k]` of the input.
    ///
    /// # Errors
    /// [`TransformError::NotAPermutation`] unless `stacks` permutes the
    /// stacks.
    pub fn permute_stacks(shape: Shape, stacks: &[usize]) -> Result<Transform, TransformError> {
        let w = shape.box_width();
        check_permutation("stacks", stacks, 0, shape.side() / w)?;
        Ok(Transform::by_columns(shape, |c| stacks[c / w] * w + c % w))
    }

    /// Column `k` of stack `stack` in the result is column `columns[k]` of
    /// that stack.
    ///
    /// # Errors
    /// [`TransformError::OutOfRange`] when `stack` is not a stack,
    /// [`TransformError::NotAPermutation`] unless `columns` permutes its
    /// columns.
    pub fn permute_columns_in_stack(
        shape: Shape,
        stack: usize,
        columns: &[usize],
    ) -> Result<Transform, TransformError> {
        let w = shape.box_width();
        check_index("stack", stack, shape.side() / w)?;
        check_permutation("columns", columns, 0, w)?;
        Ok(Transform::by_columns(shape, |c| if c / w == stack { stack * w + columns[c % w] } else { c }))
    }

    /// A random transform of `shape`: digits, bands, rows in each band,
    /// stacks, columns in each stack, and (for square boxes) a transposition
    /// half the time, each drawn uniformly.
    pub fn random<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Transform {
        let (h, w, n) = (shape.box_height(), shape.box_width(), shape.side());
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        digits.shuffle(rng);
        let mut bands: Vec<usize> = (0..n / h).collect();
        bands.shuffle(rng);
        // Each band's rows, shuffled in place: `rows_in[r]` is row `r`'s
        // place within its band.
        let mut rows_in: Vec<usize> = (0..n).map(|r| r % h).collect();
        for band in rows_in.chunks_mut(h) {
            band.shuffle(rng);
        }
        let mut stacks: Vec<usize> = (0..n / w).collect();
        stacks.shuffle(rng);
        let mut cols_in: Vec<usize> = (0..n).map(|c| c % w).collect();
        for stack in cols_in.chunks_mut(w) {
            stack.shuffle(rng);
        }
        let rows: Vec<usize> = (0..n).map(|r| bands[r / h] * h + rows_in[r]).collect();
        let cols: Vec<usize> = (0..n).map(|c| stacks[c / w] * w + cols_in[c]).collect();
        // Square boxes: transposed half the time, in the same table.
        let transposed = h == w && rng.random::<bool>();
        let moved = if transposed {
            Transform::by_cells(shape, shape, |r, c| (rows[c], cols[r]))
        } else {
            Transform::by_cells(shape, shape, |r, c| (rows[r], cols[c]))
        };
        Transform { digits, ..moved }
    }

    /// This transform, then the transposition (rows become columns).
    #[must_use]
    pub fn transpose(&self) -> Transform {
        self.then_turn(|_, r, c| (c, r))
    }

    /// This transform, then the mirror across the anti-diagonal (from the
    /// top right corner to the bottom left).
    #[must_use]
    pub fn anti_transpose(&self) -> Transform {
        self.then_turn(|n, r, c| (n - 1 - c, n - 1 - r))
    }

    /// This transform, then a quarter turn clockwise.
    #[must_use]
    pub fn rotate_90(&self) -> Transform {
        self.then_turn(|n, r, c| (n - 1 - c, r))
    }

    /// This transform, then a half turn.
    #[must_use]
    pub fn rotate_180(&self) -> Transform {
        self.then_flat(|n, r, c| (n - 1 - r, n - 1 - c))
    }

    /// This transform, then a quarter turn anticlockwise.
    #[must_use]
    pub fn rotate_270(&self) -> Transform {
        self.then_turn(|n, r, c| (c, n - 1 - r))
    }

    /// This transform, then the rows in reverse order (the mirror across
    /// the horizontal axis).
    #[must_use]
    pub fn mirror_rows(&self) -> Transform {
        self.then_flat(|n, r, c| (n - 1 - r, c))
    }

    /// This transform, then the columns in reverse order (the mirror across
    /// the vertical axis).
    #[must_use]
    pub fn mirror_columns(&self) -> Transform {
        self.then_flat(|n, r, c| (r, n - 1 - c))
    }

    /// This transform, then `next`.
    ///
    /// # Panics
    /// When `next` is for another shape than this transform's output
    /// shape: use [`try_then`](Transform::try_then) for transforms from
    /// elsewhere.
    #[must_use]
    pub fn then(&self, next: &Transform) -> Transform {
        self.try_then(next).expect("`then` joins transforms of matching shapes")
    }

    /// This transform, then `next`.
    ///
    /// # Errors
    /// [`TransformError::ShapeMismatch`] when `next` is for another shape
    /// than this transform's output shape.
    pub fn try_then(&self, next: &Transform) -> Result<Transform, TransformError> {
        if next.input != self.output {
            return Err(TransformError::ShapeMismatch { expected: self.output, found: next.input });
        }
        Ok(Transform {
            input: self.input,
            output: next.output,
            source: next.source.iter().map(|&i| self.source[usize::from(i)]).collect(),
            digits: self.digits.iter().map(|&d| next.digits[usize::from(d) - 1]).collect(),
        })
    }

    /// The transform that undoes this one.
    #[must_use]
    pub fn inverse(&self) -> Transform {
        let mut source = vec![0u16; self.source.len()];
        for (to, &from) in self.source.iter().enumerate() {
            source[usize::from(from)] = to as u16;
        }
        let mut digits = vec![0u8; self.digits.len()];
        for (from, &to) in self.digits.iter().enumerate() {
            digits[usize::from(to) - 1] = from as u8 + 1;
        }
        Transform { input: self.output, output: self.input, source, digits }
    }

    /// The shape of the grids it takes.
    pub fn input_shape(&self) -> Shape {
        self.input
    }

    /// The shape of the grids it makes: the input's, or its transpose (a
    /// 3×2-box grid for a 2×3 one) when the transform turns the grid a
    /// quarter.
    pub fn output_shape(&self) -> Shape {
        self.output
    }

    /// Whether the transform changes nothing.
    pub fn is_identity(&self) -> bool {
        *self == Transform::identity(self.input)
    }

    /// `grid` transformed: a valid grid stays valid, a puzzle keeps its
    /// number of solutions.
    ///
    /// # Errors
    /// [`TransformError::ShapeMismatch`] when `grid` is not of the
    /// transform's input shape.
    pub fn apply(&self, grid: &Grid) -> Result<Grid, TransformError> {
        if grid.shape() != self.input {
            return Err(TransformError::ShapeMismatch { expected: self.input, found: grid.shape() });
        }
        let values = grid.values();
        let moved: Vec<u8> = self
            .source
            .iter()
            .map(|&i| match values[usize::from(i)] {
                0 => 0,
                d => self.digits[usize::from(d) - 1],
            })
            .collect();
        Ok(Grid::from_values(self.output, &moved).expect("a transform maps digits of the shape to digits of the shape"))
    }

    /// The 9×9 transform whose cell `(i, j)` takes the input's
    /// `(rows[i], columns[j])` (of its transpose, when `transposed`), digit
    /// `d` becoming `digits[d - 1]`: how a canonical form is reached.
    pub(crate) fn from_parts(rows: [usize; 9], columns: [usize; 9], transposed: bool, digits: [u8; 9]) -> Transform {
        let shape = Shape::CLASSIC;
        let moved =
            Transform::by_cells(
                shape,
                shape,
                |i, j| {
                    if transposed { (columns[j], rows[i]) } else { (rows[i], columns[j]) }
                },
            );
        Transform { digits: digits.to_vec(), ..moved }
    }

    /// The transform of `shape` whose cell `k` takes the input's cell
    /// `source[k]`, digits unchanged.
    pub(crate) fn from_source(shape: Shape, source: Vec<u16>) -> Transform {
        debug_assert_eq!(source.len(), shape.cell_count());
        Transform { input: shape, output: shape, source, digits: (1..=shape.side() as u8).collect() }
    }

    /// This transform's cells, with digit `d` becoming `digits[d - 1]`
    /// (instead of this transform's digit map).
    pub(crate) fn with_digits(self, digits: Vec<u8>) -> Transform {
        Transform { digits, ..self }
    }

    fn by_rows(shape: Shape, row: impl Fn(usize) -> usize) -> Transform {
        Transform::by_cells(shape, shape, |r, c| (row(r), c))
    }

    fn by_columns(shape: Shape, column: impl Fn(usize) -> usize) -> Transform {
        Transform::by_cells(shape, shape, |r, c| (r, column(c)))
    }

    /// The transform whose cell `(r, c)` takes the input's `from(r, c)`.
    fn by_cells(input: Shape, output: Shape, from: impl Fn(usize, usize) -> (usize, usize)) -> Transform {
        let n = input.side();
        let source = (0..n * n)
            .map(|i| {
                let (r, c) = from(i / n, i % n);
                (r * n + c) as u16
            })
            .collect();
        Transform { input, output, source, digits: (1..=n as u8).collect() }
    }

    /// This transform, then the cell move `from` that keeps the shape.
    fn then_flat(&self, from: impl Fn(usize, usize, usize) -> (usize, usize)) -> Transform {
        let n = self.output.side();
        self.then(&Transform::by_cells(self.output, self.output, |r, c| from(n, r, c)))
    }

    /// This transform, then the quarter-turn cell move `from`, which swaps
    /// the boxes' height and width.
    fn then_turn(&self, from: impl Fn(usize, usize, usize) -> (usize, usize)) -> Transform {
        let n = self.output.side();
        let turned =
            Shape::new(self.output.box_width(), self.output.box_height()).expect("a shape's transpose is a shape");
        self.then(&Transform::by_cells(self.output, turned, |r, c| from(n, r, c)))
    }
}

impl fmt::Debug for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Transform")
            .field("input", &self.input)
            .field("output", &self.output)
            .field("digits", &self.digits)
            .finish_non_exhaustive()
    }
}

/// Whether `p` holds each of `first..first + len` once.
fn check_permutation(what: &'static str, p: &[usize], first: usize, len: usize) -> Result<(), TransformError> {
    let mut seen = vec![false; len];
    let ok = p.len() == len
        && p.iter().all(|&e| e.checked_sub(first).is_some_and(|i| i < len && !std::mem::replace(&mut seen[i], true)));
    if ok { Ok(()) } else { Err(TransformError::NotAPermutation { what, given: p.to_vec(), first, len }) }
}

fn check_index(what: &'static str, index: usize, len: usize) -> Result<(), TransformError> {
    if index < len { Ok(()) } else { Err(TransformError::OutOfRange { what, index, len }) }
}
