//! [`House`]: a row, column or box, as steps name it.

use std::fmt;

use sudokit_core::UnitKind;
use sudokit_grid::Layout;

/// A row, column or box of a grid, shown as `row 4`, `column 3`, `box 5`
/// (1-based, boxes numbered row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct House {
    kind: UnitKind,
    number: u8,
}

impl House {
    /// The house numbered `index` (0-based) among those of `kind`.
    #[cfg(test)]
    pub(crate) fn new(kind: UnitKind, index: usize) -> House {
        House { kind, number: index as u8 }
    }

    /// The house of unit `u` of `layout` (rows, then columns, then boxes).
    pub(crate) fn of_unit(layout: &Layout, u: usize) -> House {
        let (kind, number) = layout.unit_kind(u);
        House { kind, number: number as u8 }
    }

    /// The unit number of this house in `layout`: rows, then columns,
    /// then boxes.
    pub(crate) fn unit(self, layout: &Layout) -> usize {
        let side = layout.shape().side();
        let first = match self.kind {
            UnitKind::Row => 0,
            UnitKind::Column => side,
            _ => 2 * side,
        };
        first + self.index()
    }

    /// Row, column or box.
    pub fn kind(self) -> UnitKind {
        self.kind
    }

    /// The 0-based number of the house within its kind.
    pub fn index(self) -> usize {
        self.number as usize
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.number + 1)
    }
}
