//! Locked candidates: pointing (a box's digit confined to one line) and
//! claiming (a line's digit confined to one box), and their direct forms.

use sudokit_core::Digit;

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::Strategy;

/// Pointing (2.6) then claiming (2.8); with `direct`, only those whose
/// eliminations leave a hidden single of the digit, placed in the same step
/// (1.7 and 1.9).
#[derive(Clone, Copy, Debug)]
pub struct Intersections {
    direct: bool,
}

impl Intersections {
    /// Pointing (2.6) and claiming (2.8).
    pub const LOCKED: Intersections = Intersections { direct: false };
    /// Direct pointing (1.7) and direct claiming (1.9): only those that
    /// leave a hidden single.
    pub const DIRECT: Intersections = Intersections { direct: true };
}

impl Strategy for Intersections {
    fn name(&self) -> &'static str {
        if self.direct { "Direct pointing and claiming" } else { "Pointing and claiming" }
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let side = position.side();
        let (rows, columns, boxes) = (0..side, side..2 * side, 2 * side..3 * side);
        // Sudoku Explainer's order: boxes onto columns, then onto rows;
        // columns onto boxes, then rows.
        let order = [(boxes.clone(), true), (boxes, false), (columns, false), (rows, false)];
        order.into_iter().find_map(|(from_units, to_columns)| {
            from_units.clone().find_map(|from| {
                let is_pointing = from >= 2 * side;
                let places = digit_places(position, from);
                crossing(position, from)
                    .into_iter()
                    .filter(|&to| !is_pointing || (side..2 * side).contains(&to) == to_columns)
                    .find_map(|to| self.locked(position, from, to, &places, is_pointing))
            })
        })
    }
}

/// For each digit (by index), the positions within unit `u` (bit `k` for
/// its `k`-th cell) where it is a candidate: one pass over the unit.
fn digit_places(position: &Position, u: usize) -> Vec<u64> {
    let mut places = vec![0u64; position.side()];
    for (k, &i) in position.layout().unit(u).iter().enumerate() {
        for digit in position.cands(i as usize).iter() {
            places[digit.index()] |= 1 << k;
        }
    }
    places
}

/// The units of the other kind that cross unit `u` in more than one cell:
/// rows and columns through a box, boxes along a row or column.
fn crossing(position: &Position, u: usize) -> Vec<usize> {
    let layout = position.layout();
    let side = position.side();
    let is_box = u >= 2 * side;
    let mut found: Vec<usize> = layout
        .unit(u)
        .iter()
        .flat_map(|&i| {
            let [row, col, bx] = layout.units_of(i as usize);
            if is_box { [Some(row), Some(col)] } else { [Some(bx), None] }
        })
        .flatten()
        .collect();
    found.sort_unstable();
    let mut crossing = Vec::new();
    for run in found.chunk_by(|a, b| a == b) {
        if run.len() >= 2 {
            crossing.push(run[0]);
        }
    }
    crossing
}

impl Intersections {
    /// The digits of unit `from` whose every place lies in unit `to`,
    /// removed from the rest of `to`.
    fn locked(&self, position: &Position, from: usize, to: usize, places: &[u64], is_pointing: bool) -> Option<Step> {
        let layout = position.layout();
        let to_cells = layout.unit(to);
        let shared = layout
            .unit(from)
            .iter()
            .enumerate()
            .filter(|&(_, &i)| layout.units_of(i as usize).contains(&to))
            .fold(0u64, |mask, (k, _)| mask | 1 << k);
        position.missing(from).iter().find_map(|digit| {
            let here = places[digit.index()];
            if here.count_ones() < 2 || here & !shared != 0 {
                return None;
            }
            let removed: Vec<(usize, Digit)> = to_cells
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| position.cands(i).contains(digit) && !layout.units_of(i).contains(&from))
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
        let placed = if self.direct { Some(direct_single(position, from, to, digit)?) } else { None };
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
        // As in Sudoku Explainer, a direct step only places its single.
        let step = Step::new(technique, pattern);
        Some(match placed {
            Some(i) => step.placing(position.cell(i), digit),
            None => step.eliminating(removed.iter().map(|&(i, d)| (position.cell(i), d)).collect()),
        })
    }
}

/// The cell where `digit` becomes a hidden single once the locked
/// candidates of `from` leave `to`, as Sudoku Explainer looks for it: in
/// another unit of `from`'s kind that crosses `to`.
fn direct_single(position: &Position, from: usize, to: usize, digit: Digit) -> Option<usize> {
    let layout = position.layout();
    let side = position.side();
    let kind = from / side;
    (kind * side..(kind + 1) * side).filter(|&other| other != from).find_map(|other| {
        let places: Vec<usize> =
            layout.unit(other).iter().map(|&i| i as usize).filter(|&i| position.cands(i).contains(digit)).collect();
        let left: Vec<usize> = places.iter().copied().filter(|&i| !layout.units_of(i).contains(&to)).collect();
        match left[..] {
            [cell] if places.len() > 1 => Some(cell),
            _ => None,
        }
    })
}
