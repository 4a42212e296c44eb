//! Sandwich sums: the digits between a row's or column's lowest and
//! highest digit add up to its clue, so every cell of the line keeps what
//! [`Sandwich::narrow`] leaves it.
//!
//! [`Sandwich::narrow`]: sudokit_core::Sandwich::narrow

use sudokit_core::{RuleKind, RuleKinds, Rulebook};

use super::narrowing::narrowed;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, SumGroup, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// Sandwich sums (sudokit's own score, 2.4, a cage combination's): for
/// every place the crusts (the line's lowest and highest digit) can take
/// and every set of digits between them adding up to the clue, the cells
/// between keep that set's digits and the others the rest; a digit no
/// such filling gives a cell is removed from it
/// ([`Technique::SandwichSum`]). Sandwiches in the order of the rules,
/// the first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct Sandwiches;

impl Strategy for Sandwiches {
    fn name(&self) -> &'static str {
        "Sandwiches"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with a sandwich clue.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::Sandwiches)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        position.variant().sandwiches().iter().find_map(|sandwich| {
            let removed = narrowed(position, sandwich.cells(), |allowed| sandwich.narrow(allowed))?;
            let mut group = SumGroup::listing(sandwich.cells().iter().map(|&i| position.cell(i)).collect(), Vec::new());
            group.sum = sandwich.total();
            Some(Step::new(Technique::SandwichSum, Pattern::Sum(Box::new(group))).eliminating(removed))
        })
    }
}
