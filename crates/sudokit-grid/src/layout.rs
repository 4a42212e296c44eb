//! [`Layout`]: the units and peers of a shape as flat index tables.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use sudokit_core::{Shape, UnitKind};

/// The units (rows, columns, boxes) and peers of every cell of one
/// [`Shape`], as flat tables of cell indices — the course's `AllNeighbours`
/// and `CellNeighbours`.
///
/// Built once per shape and shared: [`Layout::of`] returns a `&'static`
/// reference, so solvers index the tables in their hot loops without
/// allocation or locking.
///
/// ```
/// use sudokit_grid::Layout;
/// use sudokit_core::Shape;
/// let layout = Layout::of(Shape::CLASSIC);
/// assert_eq!(layout.unit_count(), 27);
/// assert_eq!(layout.peers(0).len(), 20);
/// assert_eq!(layout.unit(0), [0, 1, 2, 3, 4, 5, 6, 7, 8]); // row 1
/// assert_eq!(layout.units_of(80), [8, 17, 26]); // row 9, column 9, box 9
/// ```
#[derive(Debug)]
pub struct Layout {
    shape: Shape,
    /// `3 * side` units of `side` cells: rows, then columns, then boxes.
    units: Box<[u16]>,
    /// `peer_count` peers per cell, ascending.
    peers: Box<[u16]>,
    peer_count: usize,
    /// Per cell, its row, column and box units: read rather than divided
    /// out, since the solvers ask in their hot loops.
    homes: Box<[[u16; 3]]>,
    /// Per cell, where it sits in each of those units.
    slots: Box<[[u16; 3]]>,
}

impl Layout {
    /// The shared layout of `shape`, built on first use.
    pub fn of(shape: Shape) -> &'static Layout {
        static CLASSIC: OnceLock<Layout> = OnceLock::new();
        static OTHERS: OnceLock<Mutex<HashMap<Shape, &'static Layout>>> = OnceLock::new();
        if shape == Shape::CLASSIC {
            return CLASSIC.get_or_init(|| Layout::new(shape));
        }
        let mut others = OTHERS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        // At most one layout per shape is ever built, and shapes are few
        // (sides up to 35), so leaking them bounds memory and gives
        // `'static` tables.
        others.entry(shape).or_insert_with(|| Box::leak(Box::new(Layout::new(shape))))
    }

    fn new(shape: Shape) -> Layout {
        let units: Box<[u16]> = shape.units().flat_map(|(kind, n)| shape.unit(kind, n)).map(|i| i as u16).collect();
        let cells = shape.cell_count();
        let peers: Box<[u16]> =
            (0..cells).flat_map(|a| (0..cells).filter(move |&b| shape.are_peers(a, b))).map(|i| i as u16).collect();
        let peer_count = peers.len() / cells;
        let side = shape.side();
        let homes = (0..cells)
            .map(|c| [shape.row_of(c), side + shape.col_of(c), 2 * side + shape.box_of(c)].map(|u| u as u16))
            .collect();
        let mut slots = vec![[0u16; 3]; cells].into_boxed_slice();
        for (u, unit) in units.chunks_exact(side).enumerate() {
            for (k, &cell) in unit.iter().enumerate() {
                slots[usize::from(cell)][u / side] = k as u16;
            }
        }
        Layout { shape, units, peers, peer_count, homes, slots }
    }

    /// The shape described.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of units: `3 * side`.
    pub fn unit_count(&self) -> usize {
        3 * self.shape.side()
    }

    /// The cells of unit `u`: rows are `0..side`, columns `side..2*side`,
    /// boxes `2*side..3*side`.
    ///
    /// # Panics
    /// When `u >= unit_count()`; [`try_unit`](Layout::try_unit) is the
    /// checked twin.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        let side = self.shape.side();
        &self.units[u * side..(u + 1) * side]
    }

    /// The cells of unit `u`, or `None` when `u >= unit_count()`.
    pub fn try_unit(&self, u: usize) -> Option<&[u16]> {
        (u < self.unit_count()).then(|| self.unit(u))
    }

    /// Every unit, in the order of [`Layout::unit`].
    pub fn units(&self) -> impl ExactSizeIterator<Item = &[u16]> {
        self.units.chunks_exact(self.shape.side())
    }

    /// The kind of unit `u` and its number within that kind.
    pub fn unit_kind(&self, u: usize) -> (UnitKind, usize) {
        let side = self.shape.side();
        let kind = [UnitKind::Row, UnitKind::Column, UnitKind::Box][u / side];
        (kind, u % side)
    }

    /// The row, column and box units holding `cell`, as unit numbers for
    /// [`Layout::unit`].
    ///
    /// # Panics
    /// When `cell` is not below the shape's cell count.
    #[inline]
    pub fn units_of(&self, cell: usize) -> [usize; 3] {
        assert!(cell < self.homes.len(), "cell {cell} lies outside a {} grid", self.shape);
        self.homes[cell].map(usize::from)
    }

    /// Where `cell` sits in its row, column and box: `k` such that
    /// `unit(units_of(cell)[j])[k] == cell`, for `j` in `0..3`.
    ///
    /// ```
    /// use sudokit_grid::Layout;
    /// use sudokit_core::Shape;
    /// let layout = Layout::of(Shape::CLASSIC);
    /// // r2c5: fifth in row 2, second in column 5, fifth in box 2.
    /// assert_eq!(layout.slots_of(13), [4, 1, 4]);
    /// ```
    ///
    /// # Panics
    /// When `cell` is not below the shape's cell count.
    #[inline]
    pub fn slots_of(&self, cell: usize) -> [usize; 3] {
        assert!(cell < self.slots.len(), "cell {cell} lies outside a {} grid", self.shape);
        self.slots[cell].map(usize::from)
    }

    /// Whether cells `a` and `b` are distinct and share a unit, as
    /// [`Shape::are_peers`] says, from the table of units instead of
    /// divisions.
    ///
    /// # Panics
    /// When either cell is not below the shape's cell count.
    #[inline]
    pub fn are_peers(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.units_of(a), self.units_of(b));
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2])
    }

    /// The peers of `cell`: every other cell sharing a unit with it,
    /// ascending.
    ///
    /// # Panics
    /// When `cell` is not below the shape's cell count.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    /// Peers per cell (20 for 9×9).
    pub fn peer_count(&self) -> usize {
        self.peer_count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_outside_the_grid_has_no_units() {
        let layout = Layout::of(Shape::CLASSIC);
        assert_eq!(layout.units_of(80), [8, 17, 26]);
        assert!(std::panic::catch_unwind(|| layout.units_of(81)).is_err());
    }

    #[test]
    fn peers_from_the_table_are_the_shapes_peers() -> Result<(), sudokit_core::ShapeError> {
        for shape in [Shape::CLASSIC, Shape::new(2, 3)?, Shape::new(3, 4)?] {
            let layout = Layout::of(shape);
            for a in 0..shape.cell_count() {
                for b in 0..shape.cell_count() {
                    assert_eq!(layout.are_peers(a, b), shape.are_peers(a, b), "{a} and {b} in {shape}");
                }
            }
        }
        Ok(())
    }

    #[test]
    fn each_cell_sits_where_its_slots_say() -> Result<(), sudokit_core::ShapeError> {
        for shape in [Shape::CLASSIC, Shape::new(2, 3)?, Shape::new(3, 4)?] {
            let layout = Layout::of(shape);
            for cell in 0..shape.cell_count() {
                for (u, k) in layout.units_of(cell).into_iter().zip(layout.slots_of(cell)) {
                    assert_eq!(usize::from(layout.unit(u)[k]), cell, "cell {cell} in {shape}");
                }
            }
        }
        Ok(())
    }

    #[test]
    fn layouts_are_shared() {
        assert!(std::ptr::eq(Layout::of(Shape::CLASSIC), Layout::of(Shape::CLASSIC)));
        assert!(std::ptr::eq(Layout::of(Shape::SIX), Layout::of(Shape::SIX)));
    }

    #[test]
    fn tables_agree_with_the_shape() {
        for shape in [Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::TWELVE, Shape::SIXTEEN, Shape::TWENTY_FIVE] {
            let layout = Layout::of(shape);
            let side = shape.side();
            assert_eq!(layout.units().len(), 3 * side);
            assert_eq!(layout.peer_count(), 2 * (side - 1) + (shape.box_height() - 1) * (shape.box_width() - 1));
            for cell in 0..shape.cell_count() {
                for u in layout.units_of(cell) {
                    assert!(layout.unit(u).contains(&(cell as u16)));
                }
                let mut expected: Vec<u16> = layout
                    .units_of(cell)
                    .iter()
                    .flat_map(|&u| layout.unit(u).iter().copied())
                    .filter(|&p| p as usize != cell)
                    .collect();
                expected.sort_unstable();
                expected.dedup();
                assert_eq!(layout.peers(cell), expected.as_slice());
            }
            assert_eq!(layout.unit_kind(side + 1), (UnitKind::Column, 1));
        }
    }
}
