//! The sums of the general engine of
//! [`PropagationSearch`](super::PropagationSearch): each killer cage's and
//! those its rules imply ([`sums_of`]), each kept to the digits its bounds
//! allow, and a sum over cells that hold distinct digits to the digit sets
//! that add up to it; a renban's cells likewise to its runs.

use sudokit_core::cage::{MAX_DIGIT_SETS, combinations, digit_sets};
use sudokit_core::sums::{LinearSum, peer_runs, sums_of};
use sudokit_core::{HouseKind, Rulebook};

use crate::Candidates;

/// A sum as the engine reads it: the digits of `cells` add up to
/// `total`, each counted with the sign of its group.
#[derive(Debug)]
pub(super) struct Linear {
    pub(super) cells: Vec<u16>,
    /// Runs of `cells` that hold distinct digits, with their sign.
    groups: Vec<Group>,
    /// Each cell's sign, and its run (an index into `groups`).
    signs: Vec<i8>,
    runs: Vec<u8>,
    total: i32,
    /// The digit sets the cells may hold, when they are all counted
    /// positively and hold distinct digits, and the sets are few enough
    /// to list.
    combinations: Option<Vec<u64>>,
    /// The other cells of a full house holding every cell, with its
    /// digits, when the digit sets are listed: a set whose complement
    /// those cells cannot hold is out.
    complement: Option<(Vec<u16>, u64)>,
}

/// Cells `start..end` of a sum, pairwise peers, counted with `sign`.
#[derive(Clone, Copy, Debug)]
struct Group {
    start: usize,
    end: usize,
    sign: i32,
}

/// The digits from `low` to `high`, bit `d − 1` for digit `d`.
fn digits_between(low: i32, high: i32) -> u64 {
    let (low, high) = (low.max(1), high.min(64));
    if low > high {
        return 0;
    }
    let below_high = if high == 64 { u64::MAX } else { (1u64 << high) - 1 };
    below_high & !((1u64 << (low - 1)) - 1)
}

/// The least and the most distinct digits of `cells` (candidates of
/// pairwise peers) add up to, with the largest digit of the least and the
/// smallest of the most; `None` when they cannot hold distinct digits.
/// Each cell in turn, from the smallest lowest candidate up, takes the
/// smallest digit of their union not yet taken and no smaller than its
/// own lowest: the least sum of distinct digits each at or above its
/// cell's lowest candidate, so never more than any real one (and the
/// mirror image for the most).
fn extremes(cells: &[u64]) -> Option<(i32, i32, i32, i32)> {
    let union = cells.iter().fold(0, |acc, &d| acc | d);
    let mut lows = [0u32; 64];
    let mut highs = [0u32; 64];
    for (k, &digits) in cells.iter().enumerate() {
        lows[k] = digits.trailing_zeros();
        highs[k] = digits.leading_zeros();
    }
    let (lows, highs) = (&mut lows[..cells.len()], &mut highs[..cells.len()]);
    lows.sort_unstable();
    highs.sort_unstable();
    let (mut least, mut top_of_least, mut free) = (0, 0, union);
    for &low in lows.iter() {
        let open = free & (u64::MAX << low);
        if open == 0 {
            return None;
        }
        top_of_least = open.trailing_zeros() as i32 + 1;
        least += top_of_least;
        free &= !(1u64 << (top_of_least - 1));
    }
    let (mut most, mut bottom_of_most, mut free) = (0, 0, union);
    for &high in highs.iter() {
        let open = free & (u64::MAX >> high);
        if open == 0 {
            return None;
        }
        bottom_of_most = 64 - open.leading_zeros() as i32;
        most += bottom_of_most;
        free &= !(1u64 << (bottom_of_most - 1));
    }
    Some((least, top_of_least, most, bottom_of_most))
}

/// The other cells of a full house holding every one of `cells`, with the
/// house's digits, when there is one.
fn complement(cells: &[usize], rules: &Rulebook) -> Option<(Vec<u16>, u64)> {
    let side = rules.shape().side();
    let house = rules.houses().iter().find(|house| {
        house.cells().len() == side
            && house.kind() != HouseKind::Cage
            && cells.iter().all(|i| house.cells().contains(i))
    })?;
    let rest: Vec<u16> = house.cells().iter().filter(|i| !cells.contains(i)).map(|&i| i as u16).collect();
    (!rest.is_empty()).then(|| (rest, sudokit_core::marks::all_digits(side)))
}

impl Linear {
    /// Every sum of `rules` the engine keeps: the cages', with their
    /// combinations, and the implied ones; then each line whose rule lists
    /// its digit sets (a renban's runs), kept to them as a cage is.
    pub(super) fn all(rules: &Rulebook) -> Vec<Linear> {
        let side = rules.shape().side();
        let sums = sums_of(rules).into_iter().map(|sum| Linear::new(&sum, rules));
        let lines = rules.variant().lines().iter();
        let listed = lines.filter_map(|line| Some(Linear::listed(line.cells(), line.digit_sets(side)?, rules)));
        sums.chain(listed).collect()
    }

    /// Cells holding distinct digits that make one of `sets`.
    fn listed(cells: &[usize], sets: Vec<u64>, rules: &Rulebook) -> Linear {
        let len = cells.len();
        Linear {
            cells: cells.iter().map(|&i| i as u16).collect(),
            groups: vec![Group { start: 0, end: len, sign: 1 }],
            signs: vec![1; len],
            runs: vec![0; len],
            total: 0,
            complement: complement(cells, rules),
            combinations: Some(sets),
        }
    }

    fn new(sum: &LinearSum, rules: &Rulebook) -> Linear {
        let side = rules.shape().side();
        let mut cells = Vec::new();
        let mut groups: Vec<Group> = Vec::new();
        for (members, sign) in [(sum.plus(), 1), (sum.minus(), -1)] {
            for group in peer_runs(members, rules) {
                groups.push(Group { start: cells.len(), end: cells.len() + group.len(), sign });
                cells.extend(group.iter().map(|&i| i as u16));
            }
        }
        let distinct = sum.minus().is_empty() && groups.len() == 1;
        let listable = digit_sets(side, cells.len()) <= MAX_DIGIT_SETS;
        let combinations = (distinct && listable)
            .then(|| u32::try_from(sum.total()).ok().map(|total| combinations(side, cells.len(), Some(total))))
            .map(Option::unwrap_or_default);
        let complement = combinations.as_ref().and_then(|_| complement(sum.plus(), rules));
        let (mut signs, mut runs) = (Vec::new(), Vec::new());
        for (g, group) in groups.iter().enumerate() {
            signs.extend(std::iter::repeat_n(group.sign as i8, group.end - group.start));
            runs.extend(std::iter::repeat_n(g as u8, group.end - group.start));
        }
        Linear { cells, groups, signs, runs, total: sum.total() as i32, combinations, complement }
    }

    /// Narrows `allowed` (the candidates of `cells`, in order) to the
    /// digits the sum leaves them, given each cell's candidates and
    /// whether it is placed; the digits its open cells must hold (listed
    /// sums only), `None` when it leaves a cell nothing.
    pub(super) fn narrow(&self, candidates: &[u64], values: &[u8], allowed: &mut [u64]) -> Option<u64> {
        for (slot, &i) in allowed.iter_mut().zip(&self.cells) {
            *slot = candidates[usize::from(i)];
        }
        if let Some(sets) = &self.combinations {
            return self.narrow_to_sets(sets, candidates, values, allowed);
        }
        self.narrow_to_bounds(allowed).then_some(0)
    }

    /// Keeps each open cell to the digits of the sets still possible (each
    /// holding the placed digits and leaving every open cell a digit), and
    /// a digit every such set needs to its one possible cell; the digits
    /// every such set needs.
    fn narrow_to_sets(&self, sets: &[u64], candidates: &[u64], values: &[u8], allowed: &mut [u64]) -> Option<u64> {
        let (mut placed, mut open) = (0u64, 0u64);
        for (&i, &digits) in self.cells.iter().zip(allowed.iter()) {
            if values[usize::from(i)] != 0 {
                placed |= digits;
            } else {
                open |= digits;
            }
        }
        // The digits the rest of the house can hold.
        let (outside, house) = match &self.complement {
            Some((rest, house)) => (rest.iter().fold(0, |acc, &i| acc | candidates[usize::from(i)]), *house),
            None => (u64::MAX, 0),
        };
        let (mut union, mut needed, mut fitting) = (0u64, u64::MAX, false);
        for &digits in sets {
            let rest = digits & !placed;
            let fits = digits & placed == placed
                && house & !digits & !outside == 0
                && open & rest == rest
                && self.cells.iter().zip(allowed.iter()).all(|(&i, &d)| values[usize::from(i)] != 0 || d & rest != 0);
            if fits {
                fitting = true;
                union |= rest;
                needed &= rest;
            }
        }
        if !fitting {
            return None;
        }
        for (&i, digits) in self.cells.iter().zip(allowed.iter_mut()) {
            if values[usize::from(i)] == 0 {
                *digits &= union;
            }
        }
        let needed = needed & union;
        let mut each = needed;
        while each != 0 {
            let bit = each & each.wrapping_neg();
            each &= each - 1;
            let mut places = allowed.iter().enumerate().filter(|&(_, &d)| d & bit != 0);
            match (places.next(), places.next()) {
                // Another needed digit took its one place.
                (None, _) => return None,
                (Some((k, _)), None) => allowed[k] = bit,
                _ => {}
            }
        }
        allowed.iter().all(|&d| d != 0).then_some(needed)
    }

    /// Keeps each cell to the digits that let the others reach the total,
    /// from their lowest and highest candidates
    /// ([`narrow_cells`](Linear::narrow_cells)), then from what each group
    /// of distinct cells can add up to
    /// ([`narrow_groups`](Linear::narrow_groups)).
    fn narrow_to_bounds(&self, allowed: &mut [u64]) -> bool {
        self.narrow_cells(allowed)
            && (self.groups.len() == self.cells.len() || self.narrow_groups(allowed))
            && self.narrow_last_few(allowed)
    }

    /// With at most three cells of several candidates left, keeps each of
    /// their digits that some filling of them reaches the total with
    /// (distinct digits in a run): exact where bounds only trim the ends.
    fn narrow_last_few(&self, allowed: &mut [u64]) -> bool {
        let mut open = [0usize; 3];
        let mut count = 0;
        let mut rest = self.total;
        for (k, &digits) in allowed.iter().enumerate() {
            if digits & (digits - 1) == 0 {
                rest -= self.sign_of(k) * (digits.trailing_zeros() as i32 + 1);
            } else if count == 3 {
                return true;
            } else {
                open[count] = k;
                count += 1;
            }
        }
        if count == 0 {
            return rest == 0;
        }
        let open = &open[..count];
        let reached = self.fillings(allowed, open, rest);
        for (&k, &keep) in open.iter().zip(&reached) {
            allowed[k] &= keep;
        }
        reached[..count].iter().all(|&d| d != 0)
    }

    /// The digits of each of the one to three `open` cells that some
    /// filling of them adding up to `rest` holds, distinct within a run.
    /// Loops written out per count: the last cell's digit is what is left,
    /// so two cells cost one loop and three two nested ones.
    fn fillings(&self, allowed: &[u64], open: &[usize], rest: i32) -> [u64; 3] {
        let sign = |j: usize| self.sign_of(open[j]);
        let same_run = |a: usize, b: usize| self.run_of(open[a]) == self.run_of(open[b]);
        // The digit of open cell `j` that makes `left`, if it has it.
        let last = |j: usize, left: i32| {
            let d = left * sign(j);
            ((1..=64).contains(&d) && allowed[open[j]] >> (d - 1) & 1 == 1).then_some(d)
        };
        let bit = |d: i32| 1u64 << (d - 1);
        let digits = |j: usize| Candidates::from_bits(allowed[open[j]]).iter().map(|d| i32::from(d.get()));
        let mut reached = [0u64; 3];
        match open.len() {
            1 => {
                if let Some(d) = last(0, rest) {
                    reached[0] = bit(d);
                }
            }
            2 => {
                let apart = same_run(0, 1);
                for d0 in digits(0) {
                    if let Some(d1) = last(1, rest - sign(0) * d0).filter(|&d1| !(apart && d1 == d0)) {
                        reached[0] |= bit(d0);
                        reached[1] |= bit(d1);
                    }
                }
            }
            _ => {
                let (apart01, apart02, apart12) = (same_run(0, 1), same_run(0, 2), same_run(1, 2));
                for d0 in digits(0) {
                    let left = rest - sign(0) * d0;
                    for d1 in digits(1).filter(|&d1| !(apart01 && d1 == d0)) {
                        let fits = |d2: &i32| !((apart02 && *d2 == d0) || (apart12 && *d2 == d1));
                        if let Some(d2) = last(2, left - sign(1) * d1).filter(fits) {
                            reached[0] |= bit(d0);
                            reached[1] |= bit(d1);
                            reached[2] |= bit(d2);
                        }
                    }
                }
            }
        }
        reached
    }

    /// The sign cell `k` is counted with.
    fn sign_of(&self, k: usize) -> i32 {
        i32::from(self.signs[k])
    }

    /// The run of cell `k`.
    fn run_of(&self, k: usize) -> usize {
        usize::from(self.runs[k])
    }

    /// Keeps each cell to the digits that let the others reach the total,
    /// each between its lowest and highest candidates.
    fn narrow_cells(&self, allowed: &mut [u64]) -> bool {
        let sign = |k: usize| self.signs[k];
        let range = |k: usize, digits: u64| {
            let (low, high) = (digits.trailing_zeros() as i32 + 1, 64 - digits.leading_zeros() as i32);
            if sign(k) > 0 { (low, high) } else { (-high, -low) }
        };
        let (mut low, mut high, mut widest) = (0i32, 0i32, 0i32);
        for (k, &digits) in allowed.iter().enumerate() {
            if digits == 0 {
                return false;
            }
            let (l, h) = range(k, digits);
            low += l;
            high += h;
            widest = widest.max(h - l);
        }
        if self.total < low || self.total > high {
            return false;
        }
        // No cell spans more than the slack on either side: nothing to cut.
        if self.total - low >= widest && high - self.total >= widest {
            return true;
        }
        for (k, digits) in allowed.iter_mut().enumerate() {
            let (l, h) = range(k, *digits);
            // What this cell adds must leave the others within reach.
            let (from, to) = (self.total - (high - h), self.total - (low - l));
            *digits &= if sign(k) > 0 { digits_between(from, to) } else { digits_between(-to, -from) };
            if *digits == 0 {
                return false;
            }
        }
        true
    }

    /// Keeps each cell to the digits its group allows: a group of
    /// distinct cells adds up to at least the least sum of
    /// [`extremes`] and at most the most, and a cell may rise above the
    /// largest digit of the least (fall below the smallest of the most)
    /// only by the slack the total leaves.
    fn narrow_groups(&self, allowed: &mut [u64]) -> bool {
        // A sum has at most a side's cells (35), so at most 64 runs; more
        // would only go without this pass.
        let mut reach = [(0, 0, 0, 0); 64];
        if self.groups.len() > reach.len() {
            return true;
        }
        let (mut low, mut high) = (0i32, 0i32);
        for (g, group) in self.groups.iter().enumerate() {
            let Some(ends) = extremes(&allowed[group.start..group.end]) else { return false };
            reach[g] = ends;
            let (least, _, most, _) = ends;
            if group.sign > 0 {
                (low, high) = (low + least, high + most);
            } else {
                (low, high) = (low - most, high - least);
            }
        }
        if self.total < low || self.total > high {
            return false;
        }
        for (g, group) in self.groups.iter().enumerate() {
            let (_, top_of_least, _, bottom_of_most) = reach[g];
            let (up, down) = if group.sign > 0 {
                (self.total - low, high - self.total)
            } else {
                (high - self.total, self.total - low)
            };
            let keep = digits_between(bottom_of_most - down, top_of_least + up);
            for digits in &mut allowed[group.start..group.end] {
                *digits &= keep;
                if *digits == 0 {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::digits_between;

    #[test]
    fn digits_between_bounds() {
        assert_eq!(digits_between(1, 9), 0x1ff);
        assert_eq!(digits_between(3, 4), 0b1100);
        assert_eq!(digits_between(-5, 2), 0b11);
        assert_eq!(digits_between(5, 4), 0);
        assert_eq!(digits_between(60, 80), 0xf800_0000_0000_0000);
    }
}
