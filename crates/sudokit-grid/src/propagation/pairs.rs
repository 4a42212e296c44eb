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
    /// The same, for the rules kept arc consistent in the search (a
    /// line's: a thermometer's order, whispers, a palindrome), whose
    /// reasoning runs along the line rather than from placed digits alone.
    pub(super) arcs: Vec<Vec<(usize, usize)>>,
    /// Per cell, the digits it may hold as far as its bonds go: those
    /// that leave each bound cell a partner among the digits it may hold.
    pub(super) possible: Vec<u64>,
}

impl Pairs {
    pub(super) fn new(rules: &Rulebook) -> Pairs {
        let (side, cells) = (rules.shape().side(), rules.shape().cell_count());
        let full = sudokit_core::marks::all_digits(side);
        let mut kinds: Vec<PairRule> = Vec::new();
        let mut bound = vec![Vec::new(); cells];
        let mut possible = vec![full; cells];
        let mut arcs = vec![Vec::new(); cells];
        for (i, list) in bound.iter_mut().enumerate() {
            for &(other, rule) in rules.bound_to(i) {
                let r = kinds.iter().position(|&k| k == rule).unwrap_or_else(|| {
                    kinds.push(rule);
                    kinds.len() - 1
                });
                list.push((other, r * side));
                if is_ordered(rule) {
                    arcs[i].push((other, r * side));
                }
            }
        }
        let forbid: Vec<u64> = kinds
            .iter()
            .flat_map(|&rule| (1..=side as u8).filter_map(Digit::new).map(move |d| full & !rule.partners(d, side)))
            .collect();
        // A digit stays where each bound cell keeps a partner for it, to a
        // fixed point: along a thermometer of five cells the bulb loses the
        // four highest digits, the tip the four lowest.
        let mut changed = true;
        while changed {
            changed = false;
            for (i, list) in bound.iter().enumerate() {
                for &(other, row) in list {
                    let lonely = (0..side)
                        .filter(|&d| possible[i] >> d & 1 == 1 && possible[other] & !forbid[row + d] == 0)
                        .fold(0, |set, d| set | 1 << d);
                    if lonely != 0 {
                        possible[i] &= !lonely;
                        changed = true;
                    }
                }
            }
        }
        Pairs { forbid, bound, arcs, possible }
    }
}

/// Whether a rule is a line's, which pays to keep arc consistent: each of
/// its digits leaves the other cell few partners, so candidates removed
/// anywhere along a line carry on along it (measured: bounds on a
/// non-consecutive grid's pairs cost more than they save).
fn is_ordered(rule: PairRule) -> bool {
    matches!(
        rule,
        PairRule::Less
            | PairRule::LessOrEqual
            | PairRule::Greater
            | PairRule::GreaterOrEqual
            | PairRule::Equal
            | PairRule::Apart(_)
            | PairRule::Near(_)
            | PairRule::OtherTier(_)
            | PairRule::OtherRemainder(_)
    )
}
