//! What [`Dlx`](crate::Dlx)'s restarts vary, and how long each may run: a
//! digit relabelling drawn from a portable random sequence, and Luby's
//! caps.

use sudokit_core::{Grid, SplitMix64};

/// The `i`-th term (from 1) of Luby, Sinclair and Zuckerman's (1993)
/// restart sequence, 1, 1, 2, 1, 1, 2, 4, 1, …: within a constant factor of
/// the best fixed cap for any distribution of search lengths, and
/// unbounded, so a search that needs a long run gets one.
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// A permutation of the digits: the same puzzle with other labels is
/// searched in another order.
pub(crate) struct Relabelling {
    /// `to[d]` is the label of digit `d` (index 0, the empty cell, stays).
    to: Vec<u8>,
    from: Vec<u8>,
}

impl Relabelling {
    /// A shuffle of the digits `1..=side` drawn from `rng`.
    pub(crate) fn new(side: usize, rng: &mut SplitMix64) -> Relabelling {
        let mut to: Vec<u8> = (0..=side as u8).collect();
        rng.shuffle(&mut to[1..]);
        let mut from = vec![0; side + 1];
        for (digit, &label) in to.iter().enumerate() {
            from[usize::from(label)] = digit as u8;
        }
        Relabelling { to, from }
    }

    fn map(grid: &Grid, table: &[u8]) -> Grid {
        let values: Vec<u8> = grid.values().iter().map(|&v| table[usize::from(v)]).collect();
        Grid::from_values(grid.shape(), &values).expect("a relabelling maps digits to digits")
    }

    /// `grid` with its digits relabelled.
    pub(crate) fn apply(&self, grid: &Grid) -> Grid {
        Relabelling::map(grid, &self.to)
    }

    /// `grid` with the labels taken back.
    pub(crate) fn undo(&self, grid: &Grid) -> Grid {
        Relabelling::map(grid, &self.from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn a_relabelling_is_undone() {
        let grid: Grid = "1234341221434321".parse().unwrap();
        let relabel = Relabelling::new(4, &mut SplitMix64::new(7));
        let moved = relabel.apply(&grid);
        assert!(moved.is_solved());
        assert_eq!(relabel.undo(&moved), grid);
    }
}
