//! What the generator reads of a variant's rules, worked out once per
//! [`Generator`](crate::Generator): each cell's peers and houses.

use sudokit_core::Rulebook;

/// The tables of one variant (not the standard rules: those have faster
/// ones of their own in `unique`).
#[derive(Clone, Debug)]
pub(crate) struct VariantTables {
    pub(crate) rules: Rulebook,
    /// For each cell, the cells that may not hold its digit.
    peers: Vec<Vec<usize>>,
}

impl VariantTables {
    pub(crate) fn new(rules: &Rulebook) -> VariantTables {
        // Lists rather than the rulebook's bit rows: the walk below stops at
        // the first peer holding the digit.
        let peers = (0..rules.shape().cell_count()).map(|cell| rules.peers(cell).collect()).collect();
        VariantTables { rules: rules.clone(), peers }
    }

    /// Whether a peer of the cell `i` holds `digit` in `values`.
    fn sees(&self, values: &[u8], i: usize, digit: u8) -> bool {
        self.peers[i].iter().any(|&j| values[j] == digit)
    }

    /// Whether the givens of `values` force `digit` into its empty cell
    /// `i`: every other digit is held by a peer (a naked single), or every
    /// other empty cell of one of its houses sees a given `digit` (a
    /// hidden single). Only "different digits" is read: a forcing through
    /// non-consecutive is left to the search.
    pub(crate) fn forced(&self, values: &[u8], i: usize, digit: u8) -> bool {
        let side = self.rules.shape().side() as u8;
        if (1..=side).all(|d| d == digit || self.sees(values, i, d)) {
            return true;
        }
        let houses = self.rules.houses();
        self.rules
            .houses_of(i)
            .iter()
            .any(|&h| houses[h].cells().iter().all(|&j| j == i || values[j] != 0 || self.sees(values, j, digit)))
    }
}
