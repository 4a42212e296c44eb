//! [`House`]: a row, column, box or a variant's house, as steps name it.

use std::fmt;

use sudokit_core::HouseKind;

/// A house of a grid — a row, column or box, or under a variant's rules a
/// region, a diagonal, a window, a disjoint group or a house of one's own —
/// shown as `row 4`, `box 5`, `the main diagonal` (1-based, boxes and
/// regions numbered row-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct House {
    kind: HouseKind,
    number: u8,
}

impl House {
    /// The house numbered `index` (0-based) among those of `kind`.
    pub(crate) fn new(kind: HouseKind, index: usize) -> House {
        House { kind, number: index as u8 }
    }

    /// Row, column, box, region, diagonal, …
    pub fn kind(self) -> HouseKind {
        self.kind
    }

    /// The 0-based number of the house within its kind.
    pub fn index(self) -> usize {
        self.number as usize
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.write_house(self.index(), f)
    }
}
