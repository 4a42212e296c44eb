//! Quadruples: the four cells around a circle hold its digits between
//! them, so they keep what [`Quadruple::narrow`] leaves them.

use sudokit_core::{Digit, RuleKind, RuleKinds, Rulebook};
use sudokit_grid::Candidates;

use super::narrowing::narrowed;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, SumGroup, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// Quadruple digits (sudokit's own score, 2.4, a cage combination's):
/// the four cells of a quadruple hold its digits between them, so a digit
/// with as many places left among them as copies asked takes those
/// places, and when the digits still missing fill every open cell, those
/// cells hold nothing else ([`Technique::Quadruple`]). Quadruples in the
/// order of the rules, the first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct Quadruples;

impl Strategy for Quadruples {
    fn name(&self) -> &'static str {
        "Quadruples"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with a quadruple.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::Quadruples)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        position.variant().quadruples().iter().find_map(|quadruple| {
            let cells = quadruple.cells();
            let removed = narrowed(position, cells, |allowed| match <&mut [u64; 4]>::try_from(allowed) {
                Ok(four) => quadruple.narrow(four),
                Err(_) => false,
            })?;
            let group = SumGroup::listing(
                cells.iter().map(|&i| position.cell(i)).collect(),
                quadruple.digits().iter().filter_map(|&d| Digit::new(d)).map(Candidates::single).collect(),
            );
            Some(Step::new(Technique::Quadruple, Pattern::Sum(Box::new(group))).eliminating(removed))
        })
    }
}
