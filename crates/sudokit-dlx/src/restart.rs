//! What [`Dlx`](crate::Dlx)'s restarts vary, and how long each may run: a
//! portable random sequence, digit relabellings, and Luby's caps.

use sudokit_core::Grid;

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

/// SplitMix64 (Steele, Lea and Flood 2014): a fixed, portable sequence per
/// restart, without a dependency on a random-number crate.
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Fisher–Yates.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
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
    pub(crate) fn new(side: usize, rng: &mut SplitMix) -> Relabelling {
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
        let relabel = Relabelling::new(4, &mut SplitMix(7));
        let moved = relabel.apply(&grid);
        assert!(moved.is_solved());
        assert_eq!(relabel.undo(&moved), grid);
    }
}
