//! X-sums and skyscrapers: a clue outside the grid reads its row or
//! column from its own end, so every cell of the line keeps what
//! [`Sightline::narrow`] leaves it.
//!
//! [`Sightline::narrow`]: sudokit_core::Sightline::narrow

use sudokit_core::{RuleKind, RuleKinds, Rulebook, SightlineKind};

use super::narrowing::narrowed;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, SumGroup, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// X-sums and skyscraper clues (sudokit's own score, 2.4, a cage
/// combination's): an X-sum's line keeps, for every first digit `x` and
/// every set of digits after it adding up to the rest of the clue, the
/// first `x` cells that set and the others the rest
/// ([`Technique::XSum`]); a skyscraper clue's line keeps the digits that
/// lie on some reading from the clue that sees as many digits as the
/// clue, each hiding the lower ones behind it
/// ([`Technique::SkyscraperClue`]). Clues in the order of the rules, the
/// first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct Sightlines;

impl Strategy for Sightlines {
    fn name(&self) -> &'static str {
        "Sightlines"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with an X-sum or a skyscraper clue.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::XSums) || rules.kinds().contains(RuleKind::Skyscrapers)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        position.variant().sightlines().iter().find_map(|clue| {
            let removed = narrowed(position, clue.cells(), |allowed| clue.narrow(allowed))?;
            let mut group = SumGroup::listing(clue.cells().iter().map(|&i| position.cell(i)).collect(), Vec::new());
            group.sum = clue.value();
            let technique = match clue.kind() {
                SightlineKind::XSum => Technique::XSum,
                _ => Technique::SkyscraperClue,
            };
            Some(Step::new(technique, Pattern::Sum(Box::new(group))).eliminating(removed))
        })
    }
}
