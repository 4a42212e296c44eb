//! What a variant adds to a local search's energy beyond its rows,
//! columns and boxes (or jigsaw regions): the duplicates in its extra
//! houses (diagonals, windows, disjoint groups, houses of one's own) and
//! the pairs of cells that break a relation.

use sudokit_core::{Relation, Variant};

/// The energy terms of a variant's extra houses and relations.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    side: usize,
    /// The extra houses of each cell.
    houses_of: Vec<Vec<u16>>,
    houses: usize,
    /// The cells that may not share each cell's digit (anti-king,
    /// anti-knight).
    apart: Vec<Vec<u16>>,
    /// The cells whose digit may not be consecutive to each cell's
    /// (non-consecutive).
    not_next: Vec<Vec<u16>>,
}

impl Rules {
    /// Whether a local search can score every rule of `variant`: extra
    /// houses, difference relations and non-consecutive; not cages yet.
    pub(crate) fn takes(variant: &Variant) -> bool {
        variant.relations().iter().all(|&r| r.is_difference() || r == Relation::NonConsecutive)
            && variant.cages().is_empty()
    }

    /// The terms of `variant`, or `None` when it has none beyond its rows,
    /// columns and boxes or regions.
    pub(crate) fn of(variant: &Variant) -> Option<Rules> {
        if variant.extra_houses().is_empty() && variant.relations().is_empty() {
            return None;
        }
        let (side, cells) = (variant.shape().side(), variant.shape().cell_count());
        let mut houses_of = vec![Vec::new(); cells];
        for (h, house) in variant.extra_houses().iter().enumerate() {
            for &i in house.cells() {
                houses_of[i].push(h as u16);
            }
        }
        let (mut apart, mut not_next) = (vec![Vec::new(); cells], vec![Vec::new(); cells]);
        for &relation in variant.relations() {
            let bound = if relation == Relation::NonConsecutive { &mut not_next } else { &mut apart };
            for (a, b) in relation.pairs(variant.shape()) {
                bound[a].push(b as u16);
                bound[b].push(a as u16);
            }
        }
        Some(Rules { side, houses_of, houses: variant.extra_houses().len(), apart, not_next })
    }

    /// The digit counts of every extra house, `counts[house * (side + 1)
    /// + digit]`, for the complete assignment `values`.
    pub(crate) fn counts(&self, values: &[u8]) -> Vec<u8> {
        let mut counts = vec![0u8; self.houses * (self.side + 1)];
        for (cell, &v) in values.iter().enumerate() {
            for &h in &self.houses_of[cell] {
                counts[usize::from(h) * (self.side + 1) + usize::from(v)] += 1;
            }
        }
        counts
    }

    /// The energy of these terms: duplicates in the extra houses, and each
    /// pair of cells that breaks a relation once.
    pub(crate) fn energy(&self, counts: &[u8], values: &[u8]) -> u32 {
        let duplicates: u32 = counts.iter().map(|&c| u32::from(c.saturating_sub(1))).sum();
        let mut broken = 0;
        for (a, &va) in values.iter().enumerate() {
            let later = |b: &&u16| usize::from(**b) > a;
            broken += self.apart[a].iter().filter(later).filter(|&&b| values[usize::from(b)] == va).count() as u32;
            broken +=
                self.not_next[a].iter().filter(later).filter(|&&b| values[usize::from(b)].abs_diff(va) == 1).count()
                    as u32;
        }
        duplicates + broken
    }

    /// The change of these terms if cells `a` and `b` swapped their
    /// digits in `values`.
    #[inline]
    pub(crate) fn swap_delta(&self, counts: &[u8], values: &[u8], a: usize, b: usize) -> i32 {
        let (va, vb) = (values[a], values[b]);
        let mut delta = 0;
        for (from, to, leaving, joining) in [(a, b, va, vb), (b, a, vb, va)] {
            for &h in self.houses_of[from].iter().filter(|h| !self.houses_of[to].contains(h)) {
                let base = usize::from(h) * (self.side + 1);
                delta += i32::from(counts[base + usize::from(joining)] >= 1)
                    - i32::from(counts[base + usize::from(leaving)] > 1);
            }
            // The pair of `a` and `b` keeps its two digits: only the
            // other neighbours change.
            for n in self.apart[from].iter().map(|&n| usize::from(n)).filter(|&n| n != to) {
                delta += i32::from(values[n] == joining) - i32::from(values[n] == leaving);
            }
            for n in self.not_next[from].iter().map(|&n| usize::from(n)).filter(|&n| n != to) {
                delta += i32::from(values[n].abs_diff(joining) == 1) - i32::from(values[n].abs_diff(leaving) == 1);
            }
        }
        delta
    }

    /// Moves the counts for a swap of cells `a` and `b`, before `values`
    /// swaps them.
    #[inline]
    pub(crate) fn swap(&self, counts: &mut [u8], values: &[u8], a: usize, b: usize) {
        for (from, to, leaving, joining) in [(a, b, values[a], values[b]), (b, a, values[b], values[a])] {
            for &h in self.houses_of[from].iter().filter(|h| !self.houses_of[to].contains(h)) {
                let base = usize::from(h) * (self.side + 1);
                counts[base + usize::from(leaving)] -= 1;
                counts[base + usize::from(joining)] += 1;
            }
        }
    }
}
