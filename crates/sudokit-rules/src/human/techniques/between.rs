//! Between lines (the cells between a line's two ends hold digits
//! strictly between theirs) and region-sum lines (a line's parts in each
//! region add up alike): every cell keeps what [`Line::narrow`] leaves
//! it.
//!
//! [`Line::narrow`]: sudokit_core::Line::narrow

use sudokit_core::{LineKind, RuleKind, RuleKinds, Rulebook};

use super::narrowing::narrowed;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, SumGroup, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// Between lines (sudokit's own score, 2.4, a cage combination's): the
/// inner cells of a between line keep the digits strictly between some
/// digit of one end and some of the other that leave every inner cell
/// one, and the ends keep the digits of such pairs
/// ([`Technique::BetweenLine`]). Lines in the order of the rules, the
/// first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct BetweenLines;

impl Strategy for BetweenLines {
    fn name(&self) -> &'static str {
        "Between lines"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with a between line.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::BetweenLines)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let lines = position.variant().lines().iter().filter(|line| line.kind() == LineKind::Between);
        lines.into_iter().find_map(|line| {
            let removed = narrowed(position, line.cells(), |allowed| line.narrow(allowed))?;
            let group = SumGroup::listing(line.cells().iter().map(|&i| position.cell(i)).collect(), Vec::new());
            Some(Step::new(Technique::BetweenLine, Pattern::Sum(Box::new(group))).eliminating(removed))
        })
    }
}

/// Region-sum lines (sudokit's own score, 2.4, a cage combination's): a
/// line's part in each region it crosses adds up to one sum, so each cell
/// keeps the digits some filling of its part gives it whose sum every
/// other part can reach ([`Technique::RegionSumLine`]). Lines in the
/// order of the rules, the first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct RegionSumLines;

impl Strategy for RegionSumLines {
    fn name(&self) -> &'static str {
        "Region-sum lines"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with a region-sum line.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::RegionSumLines)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let lines = position.variant().lines().iter().filter(|line| line.kind() == LineKind::RegionSum);
        lines.into_iter().find_map(|line| {
            let removed = narrowed(position, line.cells(), |allowed| line.narrow(allowed))?;
            let group = SumGroup::listing(line.cells().iter().map(|&i| position.cell(i)).collect(), Vec::new());
            Some(Step::new(Technique::RegionSumLine, Pattern::Sum(Box::new(group))).eliminating(removed))
        })
    }
}
