//! Pill arrows: the digits along a pill arrow add up to the number its
//! pill writes, so its cells keep what [`PillArrow::narrow`] leaves them.
//!
//! [`PillArrow::narrow`]: sudokit_core::PillArrow::narrow

use sudokit_core::{RuleKind, RuleKinds, Rulebook};

use super::narrowing::narrowed;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, SumGroup, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// Pill arrows (sudokit's own score, 2.4, an arrow sum's): the pill keeps
/// the digits of the numbers its shaft can add up to, and each shaft cell
/// the digits that leave the others room to reach one
/// ([`Technique::PillArrow`]). Arrows in the order of the rules, the
/// first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct PillArrows;

impl Strategy for PillArrows {
    fn name(&self) -> &'static str {
        "Pill arrows"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with a pill arrow.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::PillArrows)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        position.variant().pill_arrows().iter().find_map(|arrow| {
            let removed = narrowed(position, &arrow.cells(), |allowed| arrow.narrow(allowed))?;
            let mut group = SumGroup::listing(arrow.shaft().iter().map(|&i| position.cell(i)).collect(), Vec::new());
            group.minus = arrow.pill().iter().map(|&i| position.cell(i)).collect();
            Some(Step::new(Technique::PillArrow, Pattern::Sum(Box::new(group))).eliminating(removed))
        })
    }
}
