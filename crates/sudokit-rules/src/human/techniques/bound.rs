//! Bound cells: what a rule between two cells — a Kropki dot, an X or a
//! V, a thermometer, whispers, a palindrome, a minimum or maximum cell,
//! the negative of dots or XV —
//! takes from one cell given the candidates of the other.

use sudokit_core::{PairRule, RuleKind, RuleKinds, Rulebook};
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// Bound cells (sudokit's own score, 2.4, a non-consecutive forcing
/// cell's): a cell loses each candidate that no candidate of a cell bound
/// to it pairs with under their rule — beside a black dot whose other
/// cell holds 3 or 5, only 6 (or, below 3, nothing else: 1.5 is no
/// digit); along a thermometer, a cell after one holding 3 to 5 holds
/// more than 3. Cells in reading order, each bound cell in its order, the
/// first that removes anything. Non-consecutive neighbours are left to
/// that rule's own techniques, which SukakuExplainer rates.
#[derive(Clone, Copy, Debug)]
pub struct BoundCells;

/// The kinds whose rules this technique reads: every relation between two
/// cells but those asking for different digits (the peers) and
/// non-consecutive (its own techniques).
const READ: RuleKinds = RuleKinds::PAIRS.difference(RuleKinds::DIFFERENCES).without(RuleKind::NonConsecutive);

impl Strategy for BoundCells {
    fn name(&self) -> &'static str {
        "Bound cells"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with a Kropki dot, XV, a line, or a minimum or maximum cell.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        READ.iter().any(|kind| rules.kinds().contains(kind))
    }

    fn find(&self, position: &Position) -> Option<Step> {
        (0..position.len()).filter(|&i| position.placed(i) == 0).find_map(|i| {
            let here = position.cands(i);
            position.bound(i).iter().filter(|bound| bound.rule != PairRule::NotConsecutive).find_map(|bound| {
                let other = usize::from(bound.cell);
                let partners = here.iter().fold(Candidates::EMPTY, |set, d| set | position.partners(bound.row, d));
                let gone = position.cands(other) - partners;
                if gone.is_empty() || position.placed(other) != 0 {
                    return None;
                }
                let (cell, to) = (position.cell(i), position.cell(other));
                let pattern = Pattern::Bound { cell, digits: here, other: to, rule: bound.rule, bond: bound.bond };
                let removed = gone.iter().map(|d| (to, d)).collect();
                Some(Step::new(Technique::BoundCells, pattern).eliminating(removed))
            })
        })
    }
}
