//! The fillings of a group of cells with a known sum: each cell one digit
//! of its options, cells that see each other distinct digits, the digits
//! (each times its sign) adding up to the total. The killer techniques
//! and the chains' cage links both read sums through it.

use std::collections::HashMap;

use sudokit_core::Digit;
use sudokit_grid::Candidates;

/// How many partial fillings a search tries before it gives up on a
/// group (a large cage with a wide sum): the caller then learns nothing.
pub(crate) const MAX_NODES: usize = 200_000;

/// A group of cells to fill: each one's options, and which of them see
/// each other (by their places in the group).
pub(crate) struct Group<'a, S> {
    pub(crate) options: &'a [Candidates],
    pub(crate) signs: &'a [i64],
    pub(crate) total: i64,
    pub(crate) sees: S,
}

impl<S: Fn(usize, usize) -> bool> Group<'_, S> {
    /// Calls `found` with each filling (a digit per cell, in the group's
    /// order). `None` past [`MAX_NODES`] partial fillings: some were not
    /// seen.
    pub(crate) fn for_each(&self, mut found: impl FnMut(&[u8])) -> Option<()> {
        self.until(|chosen| {
            found(chosen);
            true
        })
    }

    /// [`for_each`](Group::for_each) while `found` says to go on.
    fn until(&self, found: impl FnMut(&[u8]) -> bool) -> Option<()> {
        let len = self.options.len();
        let mut order: Vec<usize> = (0..len).collect();
        order.sort_by_key(|&k| self.options[k].len());
        // The least and the most the cells from each depth on can add.
        let mut bounds = vec![(0i64, 0i64); len + 1];
        for (depth, &k) in order.iter().enumerate().rev() {
            let low = self.options[k].first().map_or(0, |d| i64::from(d.get())) * self.signs[k];
            let high = self.options[k].iter().last().map_or(0, |d| i64::from(d.get())) * self.signs[k];
            let (least, most) = bounds[depth + 1];
            bounds[depth] = (least + low.min(high), most + low.max(high));
        }
        // The cells filled before each depth that see its cell.
        let seen: Vec<Vec<usize>> = (0..len)
            .map(|depth| order[..depth].iter().copied().filter(|&o| (self.sees)(o, order[depth])).collect())
            .collect();
        let mut search =
            Filling { group: self, order: &order, bounds: &bounds, seen: &seen, chosen: vec![0; len], nodes: 0, found };
        match search.fill(0, self.total) {
            Ok(()) | Err(Halt::Stopped) => Some(()),
            Err(Halt::Nodes) => None,
        }
    }

    /// The digits each cell keeps by the group's bounds alone: with the
    /// others at their least and their most, what is left for it.
    /// Weaker than [`supported`](Group::supported) where cells repeat
    /// digits or count negatively, and much cheaper.
    pub(crate) fn within_bounds(&self) -> Vec<Candidates> {
        let value = |k: usize, d: Digit| i64::from(d.get()) * self.signs[k];
        let range = |k: usize| {
            let values = self.options[k].iter().map(|d| value(k, d));
            (values.clone().min().unwrap_or(0), values.max().unwrap_or(0))
        };
        let ranges: Vec<(i64, i64)> = (0..self.options.len()).map(range).collect();
        let (least, most) = ranges.iter().fold((0, 0), |(l, m), &(a, b)| (l + a, m + b));
        (0..self.options.len())
            .map(|k| {
                let (low, high) = ranges[k];
                let (others_least, others_most) = (least - low, most - high);
                let fits = |d: &Digit| (self.total - others_most..=self.total - others_least).contains(&value(k, *d));
                self.options[k].iter().filter(fits).collect()
            })
            .collect()
    }

    /// Whether the cells hold distinct digits (each sees every other) and
    /// all count positively: then [`supported`](Group::supported) is
    /// quick.
    pub(crate) fn is_distinct(&self) -> bool {
        let len = self.options.len();
        self.signs.iter().all(|&s| s == 1) && (0..len).all(|a| (a + 1..len).all(|b| (self.sees)(a, b)))
    }

    /// The digits some filling gives each cell; `None` past
    /// [`MAX_NODES`].
    pub(crate) fn supported(&self) -> Option<Vec<Candidates>> {
        if self.is_distinct() {
            return Some(distinct_supported(self.options, self.total));
        }
        let len = self.options.len();
        let mut digits = vec![Candidates::EMPTY; len];
        let mut missing: usize = self.options.iter().map(|o| o.len()).sum();
        self.until(|chosen| {
            for (kept, &v) in digits.iter_mut().zip(chosen) {
                let digit = Digit::new(v).expect("every cell chosen");
                if !kept.contains(digit) {
                    kept.insert(digit);
                    missing -= 1;
                }
            }
            missing > 0
        })?;
        Some(digits)
    }
}

/// [`Group::supported`] for a group of distinct digits that add up to
/// `total`.
///
/// With distinct digits, the digits used so far say how much is left
/// and how many cells are filled, so each set of them is searched once;
/// the search stops once every candidate has a filling.
fn distinct_supported(options: &[Candidates], total: i64) -> Vec<Candidates> {
    let mut order: Vec<usize> = (0..options.len()).collect();
    order.sort_by_key(|&k| options[k].len());
    let ordered: Vec<Candidates> = order.iter().map(|&k| options[k]).collect();
    let missing = ordered.iter().map(|o| o.len()).sum();
    let high = ordered.iter().filter_map(|o| o.iter().last()).map(Digit::get).max().unwrap_or(0);
    let known = if high <= SMALL_SIDE { Known::Small(vec![0; 1 << high]) } else { Known::Large(HashMap::new()) };
    let mut search = Distinct { options: &ordered, known, kept: vec![Candidates::EMPTY; ordered.len()], missing };
    let kept = match search.fill(0, 0, total) {
        Err(Complete) => ordered,
        Ok(_) => search.kept,
    };
    let mut out = vec![Candidates::EMPTY; options.len()];
    for (&k, kept) in order.iter().zip(kept) {
        out[k] = kept;
    }
    out
}

/// Every candidate of a [`Distinct`] search has a filling: nothing to
/// remove.
struct Complete;

/// Up to this digit, a [`Distinct`] search keeps what it knows in a
/// table indexed by the digits used, not a map.
const SMALL_SIDE: u8 = 12;

/// What a [`Distinct`] search knows, by the digits used.
enum Known {
    /// 0 not searched, 1 no filling, 2 some filling.
    Small(Vec<u8>),
    Large(HashMap<u64, bool>),
}

impl Known {
    fn get(&self, used: u64) -> Option<bool> {
        match self {
            Known::Small(table) => match table[used as usize] {
                0 => None,
                state => Some(state == 2),
            },
            Known::Large(map) => map.get(&used).copied(),
        }
    }

    fn insert(&mut self, used: u64, any: bool) {
        match self {
            Known::Small(table) => table[used as usize] = 1 + u8::from(any),
            Known::Large(map) => {
                map.insert(used, any);
            }
        }
    }
}

struct Distinct<'a> {
    /// The cells' options, fewest first.
    options: &'a [Candidates],
    /// Whether the cells from a depth on have a filling, by the digits
    /// used before it.
    known: Known,
    /// The digits some filling gives each cell so far.
    kept: Vec<Candidates>,
    /// How many candidates have no filling yet.
    missing: usize,
}

impl Distinct<'_> {
    /// Whether the cells from `depth` on have a filling outside `used`
    /// that adds up to `left`, keeping the digits of each.
    fn fill(&mut self, depth: usize, used: u64, left: i64) -> Result<bool, Complete> {
        let Some(&options) = self.options.get(depth) else { return Ok(left == 0) };
        if left <= 0 {
            return Ok(false);
        }
        if let Some(known) = self.known.get(used) {
            return Ok(known);
        }
        let mut any = false;
        for digit in options {
            let bit = 1u64 << digit.index();
            let value = i64::from(digit.get());
            if used & bit != 0 || value > left || !self.fill(depth + 1, used | bit, left - value)? {
                continue;
            }
            any = true;
            if !self.kept[depth].contains(digit) {
                self.kept[depth].insert(digit);
                self.missing -= 1;
                if self.missing == 0 {
                    return Err(Complete);
                }
            }
        }
        self.known.insert(used, any);
        Ok(any)
    }
}

/// Why a [`Filling`] search stopped early.
enum Halt {
    /// Past [`MAX_NODES`].
    Nodes,
    /// Its caller had seen enough.
    Stopped,
}

/// A search through the fillings of a group.
struct Filling<'a, S, F> {
    group: &'a Group<'a, S>,
    /// The group's indices, fewest options first.
    order: &'a [usize],
    /// The least and the most the cells from `order[depth]` on can add.
    bounds: &'a [(i64, i64)],
    /// The cells filled before `order[depth]` that see it.
    seen: &'a [Vec<usize>],
    /// The digit given to each cell so far.
    chosen: Vec<u8>,
    nodes: usize,
    found: F,
}

impl<S, F: FnMut(&[u8]) -> bool> Filling<'_, S, F> {
    /// Fills the cells from `order[depth]` on with digits adding up (each
    /// times its sign) to `left`.
    fn fill(&mut self, depth: usize, left: i64) -> Result<(), Halt> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(Halt::Nodes);
        }
        let Some(&k) = self.order.get(depth) else {
            if left == 0 && !(self.found)(&self.chosen) {
                return Err(Halt::Stopped);
            }
            return Ok(());
        };
        let (least, most) = self.bounds[depth + 1];
        let taken: Candidates = self.seen[depth].iter().filter_map(|&o| Digit::new(self.chosen[o])).collect();
        for digit in self.group.options[k] - taken {
            let value = i64::from(digit.get()) * self.group.signs[k];
            if value + least > left || value + most < left {
                continue;
            }
            self.chosen[k] = digit.get();
            self.fill(depth + 1, left - value)?;
            self.chosen[k] = 0;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The digits each cell takes in some filling, by trying every
    /// assignment of the options.
    fn brute(
        options: &[Candidates],
        signs: &[i64],
        total: i64,
        sees: &dyn Fn(usize, usize) -> bool,
    ) -> Vec<Candidates> {
        let mut kept = vec![Candidates::EMPTY; options.len()];
        let lists: Vec<Vec<Digit>> = options.iter().map(|o| o.iter().collect()).collect();
        let mut at = vec![0usize; options.len()];
        if lists.iter().any(Vec::is_empty) {
            return kept;
        }
        loop {
            let digits: Vec<Digit> = at.iter().zip(&lists).map(|(&k, list)| list[k]).collect();
            let sum: i64 = digits.iter().zip(signs).map(|(d, s)| i64::from(d.get()) * s).sum();
            let clash = (0..digits.len()).any(|a| (a + 1..digits.len()).any(|b| digits[a] == digits[b] && sees(a, b)));
            if sum == total && !clash {
                kept.iter_mut().zip(&digits).for_each(|(k, &d)| k.insert(d));
            }
            // The next assignment, like an odometer.
            let mut k = 0;
            loop {
                if k == at.len() {
                    return kept;
                }
                at[k] += 1;
                if at[k] < lists[k].len() {
                    break;
                }
                at[k] = 0;
                k += 1;
            }
        }
    }

    fn options() -> impl Strategy<Value = Vec<Candidates>> {
        prop::collection::vec(1u32..512, 1..=5).prop_map(|masks| {
            masks
                .into_iter()
                .map(|m| (1..=9u8).filter(|d| m >> (d - 1) & 1 == 1).filter_map(Digit::new).collect())
                .collect()
        })
    }

    proptest! {
        #[test]
        fn distinct_groups_keep_what_some_filling_uses(options in options(), total in 1i64..40) {
            let signs = vec![1; options.len()];
            let group = Group { options: &options, signs: &signs, total, sees: |_: usize, _: usize| true };
            prop_assert!(group.is_distinct());
            prop_assert_eq!(group.supported(), Some(brute(&options, &signs, total, &|_, _| true)));
        }

        #[test]
        fn other_groups_keep_what_some_filling_uses_and_their_bounds_keep_more(
            options in options(),
            negative in any::<u8>(),
            seeing in any::<u16>(),
            total in -20i64..40,
        ) {
            let signs: Vec<i64> = (0..options.len()).map(|k| if negative >> k & 1 == 1 { -1 } else { 1 }).collect();
            // Whether cells a < b see each other, from one bit per pair.
            let sees = |a: usize, b: usize| {
                let (a, b) = (a.min(b), a.max(b));
                (seeing >> ((a * 5 + b) % 16)) & 1 == 1
            };
            let group = Group { options: &options, signs: &signs, total, sees };
            let exact = brute(&options, &signs, total, &sees);
            prop_assert_eq!(group.supported(), Some(exact.clone()));
            for (bounded, exact) in group.within_bounds().into_iter().zip(exact) {
                prop_assert!(exact - bounded == Candidates::EMPTY, "bounds removed a digit some filling uses");
            }
        }
    }
}
