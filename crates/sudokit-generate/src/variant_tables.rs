//! What the generator reads of a variant's rules, worked out once per
//! [`Generator`](crate::Generator): each cell's peers and houses.

use sudokit_core::Variant;

/// The tables of one variant (not the standard rules: those have faster
/// ones of their own in `unique`).
#[derive(Clone, Debug)]
pub(crate) struct VariantTables {
    pub(crate) variant: Variant,
    /// For each cell, the cells that may not hold its digit.
    peers: Vec<Vec<usize>>,
    /// The cells of every house.
    houses: Vec<Vec<usize>>,
    /// For each cell, the houses it lies in.
    houses_of: Vec<Vec<usize>>,
}

impl VariantTables {
    pub(crate) fn new(variant: &Variant) -> VariantTables {
        let cells = variant.shape().cell_count();
        let houses: Vec<Vec<usize>> = variant.houses().iter().map(|h| h.cells().to_vec()).collect();
        let mut houses_of = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for &i in house {
                houses_of[i].push(h);
            }
        }
        VariantTables { variant: variant.clone(), peers: variant.peers(), houses, houses_of }
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
        let side = self.variant.shape().side() as u8;
        if (1..=side).all(|d| d == digit || self.sees(values, i, d)) {
            return true;
        }
        self.houses_of[i]
            .iter()
            .any(|&h| self.houses[h].iter().all(|&j| j == i || values[j] != 0 || self.sees(values, j, digit)))
    }
}
