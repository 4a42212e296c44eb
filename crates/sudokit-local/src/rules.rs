//! What a variant adds to a local search's energy beyond its rows,
//! columns and boxes (or jigsaw regions): the duplicates in its extra
//! houses (diagonals, windows, disjoint groups, houses of one's own) and
//! killer cages, the pairs of cells that break a relation, and how far
//! each cage with a sum is from it.

use sudokit_core::{Digit, RuleKind, RuleKinds, Variant};

/// The energy terms of a variant's extra houses, cages and relations.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    side: usize,
    /// The extra houses and cages of each cell.
    houses_of: Vec<Vec<u16>>,
    houses: usize,
    /// The cells bound to each cell by a relation (anti-king, a Kropki
    /// dot…), each with its rule's row in `clashes`.
    bound: Vec<Vec<(u16, u16)>>,
    /// Per rule between two cells and per end it is read from (the rule,
    /// then it reversed), whether digits `x` (of the cell the list is
    /// of) and `y` break it, at `x * (side + 1) + y`.
    clashes: Vec<Vec<bool>>,
    /// The cages with a sum of each cell (indices into `sums`).
    sums_of: Vec<Vec<u16>>,
    /// The sum of each cage that has one.
    sums: Vec<u32>,
}

/// What the terms keep of one assignment, so that a swap's change of
/// energy is read from the cells it touches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// The digit counts of every extra house and cage,
    /// `counts[house * (side + 1) + digit]`.
    counts: Vec<u8>,
    /// The digits' total of each cage with a sum.
    totals: Vec<u32>,
}

impl Rules {
    /// The kinds of rule a local search scores: extra houses, cages (with
    /// their sums, however long), every relation between two cells (each
    /// pair that breaks its rule), and pencil marks, which keep its moves.
    pub(crate) const KINDS: RuleKinds = RuleKinds::HOUSES
        .union(RuleKinds::PAIRS)
        .with(RuleKind::CageSums)
        .with(RuleKind::WideCageSums)
        .union(RuleKinds::CELL_DIGITS);

    /// The terms of `variant`, or `None` when it has none beyond its rows,
    /// columns and boxes or regions.
    pub(crate) fn of(variant: &Variant) -> Option<Rules> {
        let bonds = variant.bonds();
        if variant.extra_houses().is_empty() && bonds.is_empty() && variant.cages().is_empty() {
            return None;
        }
        let (side, cells) = (variant.shape().side(), variant.shape().cell_count());
        let mut houses_of = vec![Vec::new(); cells];
        let extras = variant.extra_houses().iter().map(|house| house.cells());
        let houses: Vec<&[usize]> = extras.chain(variant.cages().iter().map(|cage| cage.cells())).collect();
        for (h, house) in houses.iter().enumerate() {
            for &i in *house {
                houses_of[i].push(h as u16);
            }
        }
        let (mut bound, mut clashes) = (vec![Vec::new(); cells], Vec::new());
        let digit = |v: usize| Digit::new(v as u8);
        for (bond, pairs) in &bonds {
            // The rule read from each end: a thermometer's is not the same
            // both ways round.
            let r = clashes.len();
            for rule in [bond.rule(), bond.rule().reversed()] {
                clashes.push(
                    (0..(side + 1) * (side + 1))
                        .map(|at| {
                            digit(at / (side + 1)).zip(digit(at % (side + 1))).is_some_and(|(x, y)| !rule.allows(x, y))
                        })
                        .collect(),
                );
            }
            for &(a, b) in pairs {
                bound[a].push((b as u16, r as u16));
                bound[b].push((a as u16, r as u16 + 1));
            }
        }
        let (mut sums_of, mut sums) = (vec![Vec::new(); cells], Vec::new());
        for cage in variant.cages() {
            let Some(sum) = cage.sum() else { continue };
            cage.cells().iter().for_each(|&i| sums_of[i].push(sums.len() as u16));
            sums.push(sum);
        }
        Some(Rules { side, houses_of, houses: houses.len(), bound, clashes, sums_of, sums })
    }

    /// The tally of the complete assignment `values`.
    pub(crate) fn tally(&self, values: &[u8]) -> Tally {
        let mut counts = vec![0u8; self.houses * (self.side + 1)];
        let mut totals = vec![0u32; self.sums.len()];
        for (cell, &v) in values.iter().enumerate() {
            for &h in &self.houses_of[cell] {
                counts[usize::from(h) * (self.side + 1) + usize::from(v)] += 1;
            }
            for &c in &self.sums_of[cell] {
                totals[usize::from(c)] += u32::from(v);
            }
        }
        Tally { counts, totals }
    }

    /// The energy of these terms: duplicates in the extra houses and
    /// cages, each pair of cells that breaks a relation once, and how far
    /// each cage's total is from its sum.
    pub(crate) fn energy(&self, tally: &Tally, values: &[u8]) -> u32 {
        let duplicates: u32 = tally.counts.iter().map(|&c| u32::from(c.saturating_sub(1))).sum();
        let mut broken = 0;
        for (a, &va) in values.iter().enumerate() {
            let later = |&&(b, _): &&(u16, u16)| usize::from(b) > a;
            broken +=
                self.bound[a].iter().filter(later).filter(|&&(b, r)| self.clash(r, va, values[usize::from(b)])).count()
                    as u32;
        }
        let off: u32 = tally.totals.iter().zip(&self.sums).map(|(&total, &sum)| total.abs_diff(sum)).sum();
        duplicates + broken + off
    }

    /// The change of these terms if cells `a` and `b` swapped their
    /// digits in `values`.
    #[inline]
    pub(crate) fn swap_delta(&self, tally: &Tally, values: &[u8], a: usize, b: usize) -> i32 {
        let (va, vb) = (values[a], values[b]);
        let mut delta = 0;
        for (from, to, leaving, joining) in [(a, b, va, vb), (b, a, vb, va)] {
            for &h in self.houses_of[from].iter().filter(|h| !self.houses_of[to].contains(h)) {
                let base = usize::from(h) * (self.side + 1);
                delta += i32::from(tally.counts[base + usize::from(joining)] >= 1)
                    - i32::from(tally.counts[base + usize::from(leaving)] > 1);
            }
            // The pair of `a` and `b` keeps its two digits, but a rule with
            // a direction (a thermometer's) reads them the other way round:
            // counted once, from `a`.
            if from == a {
                for &(_, r) in self.bound[a].iter().filter(|&&(n, _)| usize::from(n) == b) {
                    delta += i32::from(self.clash(r, vb, va)) - i32::from(self.clash(r, va, vb));
                }
            }
            for &(n, r) in self.bound[from].iter().filter(|&&(n, _)| usize::from(n) != to) {
                let held = values[usize::from(n)];
                delta += i32::from(self.clash(r, joining, held)) - i32::from(self.clash(r, leaving, held));
            }
            // A cage holding both cells keeps its total.
            for &c in self.sums_of[from].iter().filter(|c| !self.sums_of[to].contains(c)) {
                let (total, sum) = (tally.totals[usize::from(c)], self.sums[usize::from(c)]);
                let after = total + u32::from(joining) - u32::from(leaving);
                delta += after.abs_diff(sum) as i32 - total.abs_diff(sum) as i32;
            }
        }
        delta
    }

    /// Whether digits `x` and `y` break rule `r` between two cells.
    #[inline]
    fn clash(&self, r: u16, x: u8, y: u8) -> bool {
        self.clashes[usize::from(r)][usize::from(x) * (self.side + 1) + usize::from(y)]
    }

    /// Moves the tally for a swap of cells `a` and `b`, before `values`
    /// swaps them.
    #[inline]
    pub(crate) fn swap(&self, tally: &mut Tally, values: &[u8], a: usize, b: usize) {
        for (from, to, leaving, joining) in [(a, b, values[a], values[b]), (b, a, values[b], values[a])] {
            for &h in self.houses_of[from].iter().filter(|h| !self.houses_of[to].contains(h)) {
                let base = usize::from(h) * (self.side + 1);
                tally.counts[base + usize::from(leaving)] -= 1;
                tally.counts[base + usize::from(joining)] += 1;
            }
            for &c in self.sums_of[from].iter().filter(|c| !self.sums_of[to].contains(c)) {
                let total = &mut tally.totals[usize::from(c)];
                *total = *total + u32::from(joining) - u32::from(leaving);
            }
        }
    }
}
