//! Sums drawn on the grid, read as the killer techniques read a cage:
//! the cells of an arrow add up to its circle, those of a little killer
//! to its clue, so each keeps the digits some filling within the
//! candidates puts there (cells that see each other holding distinct
//! digits, others free to repeat).

use sudokit_core::{RuleKinds, Rulebook};
use sudokit_grid::Candidates;

use super::fillings::{removals, supported_signed};
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, SumGroup, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// Arrow and little killer sums (sudokit's own score, a cage
/// combination's, 2.4): the cells of an arrow — its shaft and its circle
/// — keep the digits some filling within the candidates puts there, the
/// shaft adding up to the circle ([`Technique::ArrowSum`]); the cells of
/// a little killer, those of a filling adding up to its clue
/// ([`Technique::LittleKillerSum`]). Arrows in the order of the rules,
/// then little killers, the first that removes anything; a sum with too
/// many fillings to look through is passed over.
#[derive(Clone, Copy, Debug)]
pub struct DrawnSums;

impl Strategy for DrawnSums {
    fn name(&self) -> &'static str {
        "Arrow and little killer sums"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with an arrow or a little killer.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        RuleKinds::DRAWN_SUMS.iter().any(|kind| rules.kinds().contains(kind))
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let variant = position.variant();
        let arrows = variant.arrows().iter().map(|arrow| {
            let cells: Vec<usize> = arrow.shaft().iter().chain([&arrow.circle()]).copied().collect();
            let mut signs = vec![1; arrow.shaft().len()];
            signs.push(-1);
            (Technique::ArrowSum, cells, signs, 0)
        });
        let killers = variant.little_killers().iter().map(|killer| {
            (Technique::LittleKillerSum, killer.cells().to_vec(), vec![1; killer.cells().len()], killer.total())
        });
        arrows.chain(killers).find_map(|(technique, cells, signs, total)| {
            let fillings = supported_signed(position, &cells, &signs, i64::from(total), Candidates::EMPTY)?;
            let removed = removals(position, &cells, &fillings.digits);
            (!removed.is_empty()).then(|| {
                let counted = signs.iter().filter(|&&s| s > 0).count();
                let group = SumGroup {
                    cells: cells[..counted].iter().map(|&i| position.cell(i)).collect(),
                    minus: cells[counted..].iter().map(|&i| position.cell(i)).collect(),
                    sum: total,
                    cage: None,
                    cages: Vec::new(),
                    houses: Vec::new(),
                    sets: Vec::new(),
                    digit: None,
                };
                Step::new(technique, Pattern::Sum(Box::new(group))).eliminating(removed)
            })
        })
    }
}
