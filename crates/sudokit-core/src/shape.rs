//! Grid geometry: box dimensions and the units they make. Cells and
//! digits are in `cell`.

use std::fmt;

/// The geometry of a Sudoku grid: the height and width of its boxes.
///
/// The side of the grid (the number of rows, columns, boxes and digits) is
/// `box_height * box_width`. The classic puzzle is [`Shape::CLASSIC`]: 9×9
/// with 3×3 boxes. Boxes are at least 2×2 and the side is at most
/// [`Shape::MAX_SIDE`], the number of symbols the text format can write.
///
/// # Example
/// ```
/// use sudokit_core::Shape;
/// let shape = Shape::new(2, 3)?;
/// assert_eq!(shape.side(), 6);
/// assert_eq!(shape.cell_count(), 36);
/// assert_eq!(Shape::from_side(12)?, Shape::new(3, 4)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_height: u8,
    box_width: u8,
}

impl Shape {
    /// The largest supported side: digits are written `1`–`9` then `A`–`Z`.
    pub const MAX_SIDE: usize = 35;
    /// 4×4 grid with 2×2 boxes.
    pub const MINI: Shape = Shape { box_height: 2, box_width: 2 };
    /// 6×6 grid with boxes 2 rows high and 3 columns wide.
    pub const SIX: Shape = Shape { box_height: 2, box_width: 3 };
    /// The classic 9×9 grid with 3×3 boxes.
    pub const CLASSIC: Shape = Shape { box_height: 3, box_width: 3 };
    /// 12×12 grid with boxes 3 rows high and 4 columns wide.
    pub const TWELVE: Shape = Shape { box_height: 3, box_width: 4 };
    /// 16×16 grid with 4×4 boxes.
    pub const SIXTEEN: Shape = Shape { box_height: 4, box_width: 4 };
    /// 25×25 grid with 5×5 boxes.
    pub const TWENTY_FIVE: Shape = Shape { box_height: 5, box_width: 5 };

    /// A shape with boxes `box_height` rows high and `box_width` columns wide.
    ///
    /// # Errors
    /// [`ShapeError`] when a box dimension is below 2 or the side would
    /// exceed [`Shape::MAX_SIDE`].
    pub fn new(box_height: usize, box_width: usize) -> Result<Shape, ShapeError> {
        let side = box_height.saturating_mul(box_width);
        if box_height < 2 || box_width < 2 || side > Self::MAX_SIDE {
            return Err(ShapeError::InvalidBoxes { box_height, box_width });
        }
        Ok(Shape { box_height: box_height as u8, box_width: box_width as u8 })
    }

    /// The most square shape with the given side: the box height is the
    /// largest divisor of `side` not above its square root (so 6 gives 2×3
    /// boxes and 12 gives 3×4).
    ///
    /// # Errors
    /// [`ShapeError::NoBoxes`] when `side` has no such factorisation (a
    /// prime side, for instance) or exceeds [`Shape::MAX_SIDE`].
    pub fn from_side(side: usize) -> Result<Shape, ShapeError> {
        if side > Self::MAX_SIDE {
            return Err(ShapeError::NoBoxes { side });
        }
        let height = (2..=side).take_while(|h| h * h <= side).filter(|h| side % h == 0).last();
        match height {
            Some(h) => Shape::new(h, side / h),
            None => Err(ShapeError::NoBoxes { side }),
        }
    }

    /// The shape whose grid has `cells` cells (a square of a valid side).
    ///
    /// # Errors
    /// [`ShapeError::NotSquare`] when `cells` is not a square, or the errors
    /// of [`Shape::from_side`].
    pub fn from_cell_count(cells: usize) -> Result<Shape, ShapeError> {
        let side = (1..=Self::MAX_SIDE).find(|s| s * s >= cells).unwrap_or(Self::MAX_SIDE + 1);
        if side * side != cells {
            return Err(ShapeError::NotSquare { cells });
        }
        Shape::from_side(side)
    }

    /// Every supported shape, by side and then box height: 2×2, 2×3, 3×2,
    /// 2×4, 4×2, 3×3, … up to 7×5 (sides up to [`Shape::MAX_SIDE`]).
    ///
    /// ```
    /// use sudokit_core::Shape;
    /// let tall = Shape::new(3, 2)?;
    /// assert!(Shape::all().any(|s| s == tall));
    /// assert!(Shape::all().all(|s| s.side() <= Shape::MAX_SIDE));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all() -> impl Iterator<Item = Shape> {
        (4..=Self::MAX_SIDE).flat_map(|side| {
            (2..=side / 2).filter_map(move |h| Shape::new(h, side / h).ok().filter(|s| s.side() == side))
        })
    }

    /// Number of rows in a box.
    #[inline]
    pub const fn box_height(self) -> usize {
        self.box_height as usize
    }

    /// Number of columns in a box.
    #[inline]
    pub const fn box_width(self) -> usize {
        self.box_width as usize
    }

    /// Number of rows, columns, boxes and digits.
    #[inline]
    pub const fn side(self) -> usize {
        self.box_height as usize * self.box_width as usize
    }

    /// Number of cells, `side * side`.
    #[inline]
    pub const fn cell_count(self) -> usize {
        self.side() * self.side()
    }

    /// Row-major index of the cell at `row`, `col` (both 0-based).
    #[inline]
    pub const fn index(self, row: usize, col: usize) -> usize {
        row * self.side() + col
    }

    /// The row (0-based) of the cell with row-major index `index`.
    #[inline]
    pub const fn row_of(self, index: usize) -> usize {
        index / self.side()
    }

    /// The column (0-based) of the cell with row-major index `index`.
    #[inline]
    pub const fn col_of(self, index: usize) -> usize {
        index % self.side()
    }

    /// The box (0-based, row-major over boxes) of the cell with row-major
    /// index `index`.
    #[inline]
    pub const fn box_of(self, index: usize) -> usize {
        let (row, col) = (self.row_of(index), self.col_of(index));
        // There are `box_height` boxes across a band (side / box_width).
        (row / self.box_height()) * self.box_height() + col / self.box_width()
    }

    /// The number (0-based) of the unit of `kind` holding the cell with
    /// row-major index `index`: [`row_of`](Shape::row_of),
    /// [`col_of`](Shape::col_of) or [`box_of`](Shape::box_of).
    #[inline]
    pub const fn unit_of(self, kind: UnitKind, index: usize) -> usize {
        match kind {
            UnitKind::Row => self.row_of(index),
            UnitKind::Column => self.col_of(index),
            UnitKind::Box => self.box_of(index),
        }
    }

    /// The cell indices of one unit, in row-major order.
    ///
    /// `n` is in `0..side`. Rows, then columns, then boxes are the `3 * side`
    /// units that every digit must fill exactly once.
    ///
    /// # Panics
    /// When `n >= side`.
    pub fn unit(self, kind: UnitKind, n: usize) -> impl Iterator<Item = usize> + Clone {
        let side = self.side();
        assert!(n < side, "unit {n} out of range for side {side}");
        let (bh, bw) = (self.box_height(), self.box_width());
        let top = (n / bh) * bh;
        let left = (n % bh) * bw;
        (0..side).map(move |k| match kind {
            UnitKind::Row => n * side + k,
            UnitKind::Column => k * side + n,
            UnitKind::Box => (top + k / bw) * side + left + k % bw,
        })
    }

    /// Every unit of the grid: all rows, then all columns, then all boxes.
    pub fn units(self) -> impl Iterator<Item = (UnitKind, usize)> {
        let side = self.side();
        [UnitKind::Row, UnitKind::Column, UnitKind::Box]
            .into_iter()
            .flat_map(move |kind| (0..side).map(move |n| (kind, n)))
    }

    /// Whether the cells with indices `a` and `b` are distinct and share a
    /// row, a column or a box.
    #[inline]
    pub const fn are_peers(self, a: usize, b: usize) -> bool {
        a != b
            && (self.row_of(a) == self.row_of(b)
                || self.col_of(a) == self.col_of(b)
                || self.box_of(a) == self.box_of(b))
    }

    /// The character that writes digit `value` (in `1..=side`) in this shape.
    ///
    /// Sides up to 9 use `1`–`9`; 25×25 grids use `A`–`Y`; every other side
    /// uses `1`–`9` then `A`, `B`, … (so 16×16 uses `1`–`9A`–`G`).
    ///
    /// # Panics
    /// When `value` is 0 or above the side; [`try_symbol`](Shape::try_symbol)
    /// is the checked twin.
    pub fn symbol(self, value: u8) -> char {
        self.try_symbol(value).unwrap_or_else(|| panic!("digit {value} out of range for side {}", self.side()))
    }

    /// The character that writes digit `value`, or `None` when `value` is
    /// not a digit of this shape.
    ///
    /// ```
    /// use sudokit_core::Shape;
    /// assert_eq!(Shape::SIXTEEN.try_symbol(16), Some('G'));
    /// assert_eq!(Shape::CLASSIC.try_symbol(0), None);
    /// ```
    pub fn try_symbol(self, value: u8) -> Option<char> {
        let v = value as usize;
        if v < 1 || v > self.side() {
            return None;
        }
        Some(self.symbol_of_digit(value))
    }

    fn symbol_of_digit(self, value: u8) -> char {
        let v = value as usize;
        if self.side() == 25 {
            (b'A' + value - 1) as char
        } else if v <= 9 {
            (b'0' + value) as char
        } else {
            (b'A' + value - 10) as char
        }
    }

    /// The digit value written by `symbol` in this shape, if it writes one.
    /// Letters are accepted in either case.
    pub fn value_of_symbol(self, symbol: char) -> Option<u8> {
        let c = symbol.to_ascii_uppercase();
        let value = if self.side() == 25 {
            if c.is_ascii_uppercase() { c as u8 - b'A' + 1 } else { return None }
        } else if c.is_ascii_digit() {
            c as u8 - b'0'
        } else if c.is_ascii_uppercase() {
            c as u8 - b'A' + 10
        } else {
            return None;
        };
        (value >= 1 && value as usize <= self.side()).then_some(value)
    }

    /// Whether `symbol` marks an empty cell in this shape: `.`, `0`, `-`,
    /// `_`, and `X` unless `X` writes a digit here (25×25 and larger).
    pub fn is_empty_symbol(self, symbol: char) -> bool {
        matches!(symbol, '.' | '0' | '-' | '_')
            || (matches!(symbol, 'x' | 'X') && self.value_of_symbol(symbol).is_none())
    }
}

impl Default for Shape {
    fn default() -> Self {
        Shape::CLASSIC
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({}x{})", self.box_height, self.box_width)
    }
}

impl fmt::Display for Shape {
    /// `9x9 (3x3 boxes)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side();
        write!(f, "{side}x{side} ({}x{} boxes)", self.box_height, self.box_width)
    }
}

/// The three kinds of unit: each must hold every digit exactly once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        })
    }
}

/// A box geometry that sudokit cannot represent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// Boxes must be at least 2×2 and the side at most [`Shape::MAX_SIDE`].
    #[error(
        "boxes of {box_height}x{box_width} are not supported (each dimension at least 2, side at most {max})",
        max = Shape::MAX_SIDE
    )]
    InvalidBoxes {
        /// Requested box height.
        box_height: usize,
        /// Requested box width.
        box_width: usize,
    },
    /// No box dimensions of at least 2×2 multiply to this side.
    #[error("a side of {side} cannot be split into boxes of at least 2x2 (side at most {max})", max = Shape::MAX_SIDE)]
    NoBoxes {
        /// The side asked for.
        side: usize,
    },
    /// A cell count that is not the square of a side.
    #[error("{cells} cells do not form a square grid")]
    NotSquare {
        /// The number of cells found.
        cells: usize,
    },
    /// Text that names no shape (see [`Shape`]'s `FromStr`).
    #[error("{text:?} is not a shape: write SIDExSIDE (9x9, 16x16) or box rows x box columns (3x2)")]
    Unreadable {
        /// The text given.
        text: String,
    },
}

/// Reads a shape as a user writes it: `9x9` or `16x16` (a side, with its
/// default boxes), `3x2` (box rows × box columns, when the two differ),
/// or the [`Display`](fmt::Display) form, `6x6 (3x2 boxes)`. `×` may stand
/// for `x`, and spaces around the numbers are ignored.
///
/// ```
/// use sudokit_core::Shape;
/// assert_eq!("9x9".parse::<Shape>()?, Shape::CLASSIC);
/// assert_eq!("3x2".parse::<Shape>()?, Shape::new(3, 2)?);
/// let tall = Shape::new(3, 2)?;
/// assert_eq!(tall.to_string().parse::<Shape>()?, tall);
/// assert!("9 by 9".parse::<Shape>().is_err());
/// assert!("7x7".parse::<Shape>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl std::str::FromStr for Shape {
    type Err = ShapeError;

    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let unreadable = || ShapeError::Unreadable { text: text.to_owned() };
        let pair = |part: &str| -> Result<(usize, usize), ShapeError> {
            let (a, b) = part.split_once(['x', 'X', '×']).ok_or_else(unreadable)?;
            Ok((a.trim().parse().map_err(|_| unreadable())?, b.trim().parse().map_err(|_| unreadable())?))
        };
        if let Some((grid, boxes)) = text.split_once('(') {
            let boxes = boxes.trim().strip_suffix(')').and_then(|b| b.trim().strip_suffix("boxes"));
            let (height, width) = pair(boxes.ok_or_else(unreadable)?)?;
            let shape = Shape::new(height, width)?;
            let (a, b) = pair(grid)?;
            return if a == shape.side() && b == a { Ok(shape) } else { Err(unreadable()) };
        }
        let (a, b) = pair(text)?;
        if a == b { Shape::from_side(a) } else { Shape::new(a, b) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_reads_back_from_its_display() {
        for shape in Shape::all() {
            assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape), "{shape}");
            let side = shape.side();
            assert_eq!(format!("{side}x{side}").parse::<Shape>(), Shape::from_side(side));
        }
        for text in ["", "9", "9x", "x9", "9x9 (3x3)", "9x9 (2x2 boxes)", "4x4 (2x2 boxes", "-3x2"] {
            assert!(matches!(text.parse::<Shape>(), Err(ShapeError::Unreadable { .. })), "{text:?}");
        }
    }

    #[test]
    fn unit_of_inverts_unit() {
        for shape in [Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::TWELVE, Shape::TWENTY_FIVE] {
            for (kind, n) in shape.units() {
                assert!(shape.unit(kind, n).all(|i| shape.unit_of(kind, i) == n), "{shape} {kind} {n}");
            }
        }
    }

    #[test]
    fn from_side_picks_the_most_square_boxes() {
        let expect = [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4)), (25, (5, 5))];
        for (side, (h, w)) in expect {
            let shape = Shape::from_side(side).unwrap();
            assert_eq!((shape.box_height(), shape.box_width()), (h, w), "side {side}");
        }
        for side in [0, 1, 2, 3, 5, 7, 11, 13, 36] {
            assert!(Shape::from_side(side).is_err(), "side {side} should be rejected");
        }
    }

    #[test]
    fn from_cell_count_needs_a_square() {
        assert_eq!(Shape::from_cell_count(81).unwrap(), Shape::CLASSIC);
        assert_eq!(Shape::from_cell_count(256).unwrap(), Shape::SIXTEEN);
        assert!(Shape::from_cell_count(80).is_err());
        assert!(Shape::from_cell_count(0).is_err());
        assert!(Shape::from_cell_count(usize::MAX).is_err());
    }

    #[test]
    fn units_cover_every_cell_once_per_kind() {
        for shape in [Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::TWELVE] {
            for kind in [UnitKind::Row, UnitKind::Column, UnitKind::Box] {
                let mut seen = vec![0; shape.cell_count()];
                for n in 0..shape.side() {
                    for i in shape.unit(kind, n) {
                        seen[i] += 1;
                        let unit_of = match kind {
                            UnitKind::Row => shape.row_of(i),
                            UnitKind::Column => shape.col_of(i),
                            UnitKind::Box => shape.box_of(i),
                        };
                        assert_eq!(unit_of, n, "{shape} {kind} {n} holds cell {i}");
                    }
                }
                assert!(seen.iter().all(|&c| c == 1), "{shape} {kind}");
            }
        }
    }

    #[test]
    fn peer_count_matches_the_formula() {
        for shape in [Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::SIXTEEN] {
            let side = shape.side();
            let expected = 2 * (side - 1) + (shape.box_height() - 1) * (shape.box_width() - 1);
            for a in 0..shape.cell_count() {
                let peers = (0..shape.cell_count()).filter(|&b| shape.are_peers(a, b)).count();
                assert_eq!(peers, expected);
            }
        }
    }

    #[test]
    fn symbols_round_trip() {
        for shape in [Shape::MINI, Shape::CLASSIC, Shape::TWELVE, Shape::SIXTEEN, Shape::TWENTY_FIVE] {
            for v in 1..=shape.side() as u8 {
                let s = shape.symbol(v);
                assert_eq!(shape.value_of_symbol(s), Some(v));
                assert_eq!(shape.value_of_symbol(s.to_ascii_lowercase()), Some(v));
                assert!(!shape.is_empty_symbol(s));
            }
        }
        assert_eq!(Shape::SIXTEEN.symbol(16), 'G');
        assert_eq!(Shape::TWENTY_FIVE.symbol(1), 'A');
        assert_eq!(Shape::TWENTY_FIVE.symbol(24), 'X');
        assert!(Shape::CLASSIC.is_empty_symbol('X'));
        assert!(!Shape::TWENTY_FIVE.is_empty_symbol('X'));
        assert_eq!(Shape::CLASSIC.value_of_symbol('A'), None);
    }
}
