//! Locked candidates: pointing (a box's digit confined to one line) and
//! claiming (a line's digit confined to one box), and their direct forms.

use sudokit_core::Digit;

use super::position::Position;
use super::step::{Pattern, Step, Technique};
use super::strategy::{Strategy, hidden_single_after};

/// Pointing (2.6) then claiming (2.8); with `direct`, only those whose
/// eliminations leave a hidden single of the digit, placed in the same step
/// (1.7 and 1.9).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Intersections {
    pub(crate) direct: bool,
}

impl Strategy for Intersections {
    fn name(&self) -> &'static str {
        if self.direct { "Direct pointing and claiming" } else { "Pointing and claiming" }
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let side = position.side();
        let boxes = 2 * side..3 * side;
        let lines = 0..2 * side;
        let pointing = boxes.flat_map(|b| (0..2 * side).map(move |line| (b, line, true)));
        let claiming = lines.flat_map(|line| (2 * side..3 * side).map(move |b| (line, b, false)));
        pointing.chain(claiming).find_map(|(from, to, is_pointing)| self.locked(position, from, to, is_pointing))
    }
}

impl Intersections {
    /// The digits of unit `from` whose every place lies in unit `to`,
    /// removed from the rest of `to`.
    fn locked(&self, position: &Position, from: usize, to: usize, is_pointing: bool) -> Option<Step> {
        let layout = position.layout();
        let (from_cells, to_cells) = (layout.unit(from), layout.unit(to));
        let shared: Vec<usize> = from_cells.iter().filter(|i| to_cells.contains(i)).map(|&i| i as usize).collect();
        if shared.len() < 2 {
            return None;
        }
        position.missing(from).iter().find_map(|digit| {
            let inside = shared.iter().filter(|&&i| position.cands(i).contains(digit)).count();
            let total = position.places(from, digit).count_ones() as usize;
            if inside < 2 || inside != total {
                return None;
            }
            let removed: Vec<(usize, Digit)> = to_cells
                .iter()
                .map(|&i| i as usize)
                .filter(|i| !shared.contains(i) && position.cands(*i).contains(digit))
                .map(|i| (i, digit))
                .collect();
            self.step(position, removed, digit, from, to, is_pointing)
        })
    }

    fn step(
        &self,
        position: &Position,
        removed: Vec<(usize, Digit)>,
        digit: Digit,
        from: usize,
        to: usize,
        is_pointing: bool,
    ) -> Option<Step> {
        if removed.is_empty() {
            return None;
        }
        let technique = match (self.direct, is_pointing) {
            (true, true) => Technique::DirectPointing,
            (true, false) => Technique::DirectClaiming,
            (false, true) => Technique::Pointing,
            (false, false) => Technique::Claiming,
        };
        let placed = if self.direct { Some(hidden_single_after(position, &removed, None)?) } else { None };
        let cells = position
            .layout()
            .unit(from)
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| position.cands(i).contains(digit))
            .map(|i| position.cell(i))
            .collect();
        let pattern = Pattern::Houses {
            digits: sudokit_grid::Candidates::single(digit),
            houses: vec![position.house(from), position.house(to)],
            cells,
        };
        let eliminations = removed.iter().map(|&(i, d)| (position.cell(i), d)).collect();
        let step = Step::new(technique, pattern).eliminating(eliminations);
        Some(match placed {
            Some((i, d, _)) => step.placing(position.cell(i), d),
            None => step,
        })
    }
}
