//! Wings: XY-Wing and XYZ-Wing.

use crate::human::strategy::KINDS_PLAYED;
use sudokit_core::{Digit, RuleKinds};

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::Strategy;

/// A bivalue pivot `{x,y}` seeing pincers `{x,z}` and `{y,z}`: `z` leaves
/// every cell that sees both pincers.
#[derive(Clone, Copy, Debug)]
pub struct XyWing;

/// A pivot `{x,y,z}` seeing pincers `{x,z}` and `{y,z}`: `z` leaves every
/// cell that sees the pivot and both pincers.
#[derive(Clone, Copy, Debug)]
pub struct XyzWing;

impl Strategy for XyWing {
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn name(&self) -> &'static str {
        "XY-Wing"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        wings(position, 2, Technique::XyWing)
    }
}

impl Strategy for XyzWing {
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn name(&self) -> &'static str {
        "XYZ-Wing"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        wings(position, 3, Technique::XyzWing)
    }
}

/// Wings whose pivot has `pivot_size` candidates: 2 for XY, 3 for XYZ.
fn wings(position: &Position, pivot_size: usize, technique: Technique) -> Option<Step> {
    (0..position.len()).filter(|&p| position.cands(p).len() == pivot_size).find_map(|pivot| {
        let pc = position.cands(pivot);
        let pincers: Vec<usize> = position
            .peers(pivot)
            .iter()
            .copied()
            .filter(|&i| position.cands(i).len() == 2 && (position.cands(i) & pc).len() == pivot_size - 1)
            .collect();
        pincers.iter().enumerate().find_map(|(k, &a)| {
            pincers[k + 1..].iter().find_map(|&b| {
                let (ca, cb) = (position.cands(a), position.cands(b));
                let all = pc | ca | cb;
                let z = (ca & cb).single_digit()?;
                if all.len() != 3 || ca == cb || (pivot_size == 2) == pc.contains(z) {
                    return None;
                }
                let sees_all = |i: usize| {
                    position.sees(i, a) && position.sees(i, b) && (pivot_size == 2 || position.sees(i, pivot))
                };
                let removed: Vec<(usize, Digit)> = (0..position.len())
                    .filter(|&i| i != pivot && i != a && i != b && position.cands(i).contains(z) && sees_all(i))
                    .map(|i| (i, z))
                    .collect();
                if removed.is_empty() {
                    return None;
                }
                let cells = [pivot, a, b].iter().map(|&i| position.cell(i)).collect();
                let pattern = Pattern::Cells { digits: all, cells, variant: 0 };
                let eliminations = removed.iter().map(|&(i, d)| (position.cell(i), d)).collect();
                let mut bound: Vec<_> = [a, b]
                    .iter()
                    .filter_map(|&p| {
                        position.relation_between(pivot, p).map(|r| (position.cell(pivot), position.cell(p), r))
                    })
                    .collect();
                bound.extend(position.relation_links(&[pivot, a, b], &removed));
                Some(Step::new(technique, pattern).eliminating(eliminations).binding(bound))
            })
        })
    })
}
