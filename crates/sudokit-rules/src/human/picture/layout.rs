//! Where things go in a step's picture: the cell size, the margins, and
//! the place of every cell, pencil mark and grid point, in pixels.

use sudokit_core::picture::escape;
use sudokit_core::{Cell, Digit, Shape, Variant};

/// The geometry of one picture.
pub(super) struct Layout {
    pub(super) shape: Shape,
    /// A cell's side.
    pub(super) cell: f64,
    /// Pencil marks per row inside a cell.
    pub(super) marks_across: usize,
    /// Room round the grid: a cell's width when clues stand outside it
    /// (little killers, sandwiches, X-sums, skyscrapers), a thin border
    /// otherwise.
    pub(super) margin: f64,
}

impl Layout {
    pub(super) fn new(variant: &Variant) -> Layout {
        let shape = variant.shape();
        let marks_across = shape.box_width().max(shape.box_height());
        let cell = (14.0 * marks_across as f64).max(42.0);
        let outside = !variant.little_killers().is_empty()
            || !variant.sandwiches().is_empty()
            || !variant.sightlines().is_empty();
        Layout { shape, cell, marks_across, margin: if outside { cell } else { 24.0 } }
    }

    pub(super) fn grid_size(&self) -> f64 {
        self.cell * self.shape.side() as f64
    }

    /// How `digit` is written in this shape, escaped for SVG text.
    pub(super) fn symbol(&self, digit: Digit) -> String {
        escape(&self.shape.symbol(digit.get()).to_string())
    }

    pub(super) fn corner(&self, cell: Cell) -> (f64, f64) {
        self.point(cell.row() as isize, cell.col() as isize)
    }

    /// The grid point at the top left of the cell at `row` and `col`,
    /// which may lie outside the grid (an outside clue's place).
    pub(super) fn point(&self, row: isize, col: isize) -> (f64, f64) {
        (self.margin + col as f64 * self.cell, self.margin + row as f64 * self.cell)
    }

    /// The centre of the cell at `row` and `col`, inside the grid or not.
    pub(super) fn centre(&self, row: isize, col: isize) -> (f64, f64) {
        let (x, y) = self.point(row, col);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// The centre of the cell of row-major index `index`.
    pub(super) fn centre_of(&self, index: usize) -> (f64, f64) {
        let side = self.shape.side();
        self.centre((index / side) as isize, (index % side) as isize)
    }

    /// The centre of pencil mark `digit` in `cell`.
    pub(super) fn mark(&self, cell: Cell, digit: Digit) -> (f64, f64) {
        let (x, y) = self.corner(cell);
        let k = usize::from(digit.get()) - 1;
        let step = self.cell / self.marks_across as f64;
        let rows = self.shape.side().div_ceil(self.marks_across);
        let top = (self.cell - step * rows as f64) / 2.0;
        (x + step * ((k % self.marks_across) as f64 + 0.5), y + top + step * ((k / self.marks_across) as f64 + 0.5))
    }
}
