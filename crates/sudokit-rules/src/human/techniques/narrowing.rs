//! What a rule over a group of cells takes from a position: the shared
//! step of the techniques that word a rule's own narrowing (quadruples,
//! between and region-sum lines, sandwiches, indexers, pill arrows).

use sudokit_core::{Cell, Digit};
use sudokit_grid::Candidates;

use crate::human::position::Position;

/// The candidates of the open cells of `cells` that `narrow` (a rule over
/// them, given each cell's digits: a placed one's, an open one's
/// candidates) takes away; `None` when it takes none, or finds the rule
/// broken (a contradiction, which [`Position::contradiction`] names).
pub(super) fn narrowed(
    position: &Position,
    cells: &[usize],
    narrow: impl FnOnce(&mut [u64]) -> bool,
) -> Option<Vec<(Cell, Digit)>> {
    let mut allowed: Vec<u64> = cells.iter().map(|&i| position.digits_of(i).bits()).collect();
    if !narrow(&mut allowed) {
        return None;
    }
    let removed: Vec<(Cell, Digit)> = cells
        .iter()
        .zip(allowed)
        .filter(|&(&i, _)| position.placed(i) == 0)
        .flat_map(|(&i, kept)| (position.cands(i) - Candidates::from_bits(kept)).iter().map(move |d| (i, d)))
        .map(|(i, d)| (position.cell(i), d))
        .collect();
    (!removed.is_empty()).then_some(removed)
}
