//! The rules between two cells other than different digits, as both
//! engines of [`PropagationSearch`](super::PropagationSearch) apply them:
//! when a cell gets a digit, each cell bound to it loses the digits its
//! rule forbids beside that one. Read from the rulebook's pairs and
//! [`PairRule::partners`], whatever the rule.

use sudokit_core::{Digit, PairRule, Rulebook};

/// The bound cells of every cell and what each rule forbids.
#[derive(Debug)]
pub(super) struct Pairs {
    /// Per rule, per digit `d + 1`, the digits (bit `e` for digit `e + 1`)
    /// it forbids beside it, at `rule * side + d`: one row of `side`
    /// words per rule.
    pub(super) forbid: Vec<u64>,
    /// Per cell, each bound cell with the start of its rule's row in
    /// `forbid`.
    pub(super) bound: Vec<Vec<(usize, usize)>>,
    /// Per cell, the digits it may hold as far as its bonds go: those
    /// that leave each bound cell a partner.
    pub(super) possible: Vec<u64>,
}

impl Pairs {
    pub(super) fn new(rules: &Rulebook) -> Pairs {
        let (side, cells) = (rules.shape().side(), rules.shape().cell_count());
        let full = sudokit_core::marks::all_digits(side);
        let mut kinds: Vec<PairRule> = Vec::new();
        let mut bound = vec![Vec::new(); cells];
        let mut possible = vec![full; cells];
        for (i, list) in bound.iter_mut().enumerate() {
            for &(other, rule) in rules.bound_to(i) {
                let r = kinds.iter().position(|&k| k == rule).unwrap_or_else(|| {
                    kinds.push(rule);
                    kinds.len() - 1
                });
                list.push((other, r * side));
            }
        }
        let forbid: Vec<u64> = kinds
            .iter()
            .flat_map(|&rule| (1..=side as u8).filter_map(Digit::new).map(move |d| full & !rule.partners(d, side)))
            .collect();
        for (i, list) in bound.iter().enumerate() {
            for &(_, row) in list {
                let alone = (0..side).filter(|&d| forbid[row + d] == full).fold(0, |set, d| set | 1 << d);
                possible[i] &= !alone;
            }
        }
        Pairs { forbid, bound, possible }
    }
}
