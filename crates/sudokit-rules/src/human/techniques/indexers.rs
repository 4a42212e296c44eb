//! Indexer cells: a column indexer's digit names the column of its own
//! column number in its row (a row indexer's, the row in its column), so
//! the indexer and that line keep what [`Indexer::narrow`] leaves them.
//!
//! [`Indexer::narrow`]: sudokit_core::Indexer::narrow

use sudokit_core::{RuleKind, RuleKinds, Rulebook};

use super::narrowing::narrowed;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, SumGroup, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// Indexer cells (sudokit's own score, 2.4, a cage combination's): an
/// indexer keeps the places its line may hold its number at, and a cell
/// of the line keeps that number only where the indexer may name it
/// ([`Technique::Indexer`]). Indexers in the order of the rules, the
/// first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct Indexers;

impl Strategy for Indexers {
    fn name(&self) -> &'static str {
        "Indexers"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with an indexer cell.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::Indexers)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        position.variant().indexers().iter().find_map(|indexer| {
            let removed = narrowed(position, indexer.line(), |allowed| indexer.narrow(allowed))?;
            let mut group = SumGroup::listing(indexer.line().iter().map(|&i| position.cell(i)).collect(), Vec::new());
            group.minus = vec![position.cell(indexer.cell())];
            group.sum = u32::from(indexer.number());
            Some(Step::new(Technique::Indexer, Pattern::Sum(Box::new(group))).eliminating(removed))
        })
    }
}
