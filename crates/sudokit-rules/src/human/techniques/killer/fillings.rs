//! The fillings of a group of cells with a known sum, which every killer
//! technique reads: each cell a digit of its candidates (a placed cell its
//! digit), cells that see each other distinct digits, adding up to the
//! sum. And what the techniques build from them: the candidates no
//! filling uses, and the pattern a step names.

use sudokit_core::{Cell, Digit};
use sudokit_grid::Candidates;

use crate::human::fillings::Group;
use crate::human::house::House;
use crate::human::position::Position;
use crate::human::step::SumGroup;

pub(super) use crate::human::fillings::MAX_NODES;

/// The candidates of the open cells of `cells` that no filling puts there.
pub(super) fn removals(position: &Position, cells: &[usize], digits: &[Candidates]) -> Vec<(Cell, Digit)> {
    cells
        .iter()
        .zip(digits)
        .filter(|&(&i, _)| position.placed(i) == 0)
        .flat_map(|(&i, &kept)| (position.cands(i) - kept).iter().map(move |d| (position.cell(i), d)))
        .collect()
}

/// Adds to each cell's `kept` digits the digit `chosen` gives it (a
/// filling, or a piece of one, in the cells' order).
pub(super) fn keep_digits(kept: &mut [Candidates], chosen: &[u8]) {
    for (kept, &v) in kept.iter_mut().zip(chosen) {
        kept.insert(Digit::new(v).expect("a filling gives every cell a digit"));
    }
}

/// The pattern of a group, for its wording.
pub(super) fn group_of(
    position: &Position,
    cells: &[usize],
    sum: u32,
    cage: Option<usize>,
    houses: Vec<House>,
    sets: Vec<Candidates>,
) -> SumGroup {
    let cells = cells.iter().map(|&i| position.cell(i)).collect();
    SumGroup { cells, minus: Vec::new(), sum, cage, cages: Vec::new(), houses, sets, digit: None }
}

/// What the fillings of a group put where: per cell (in the group's
/// order) the digits some filling gives it, and the digit sets of the
/// fillings, distinct, in ascending order.
pub(super) struct Fillings {
    pub(super) digits: Vec<Candidates>,
    pub(super) sets: Vec<Candidates>,
}

/// The fillings of `cells` that add up to `sum`. `None` when there are
/// too many to look through ([`MAX_NODES`]).
pub(super) fn supported(position: &Position, cells: &[usize], sum: u32) -> Option<Fillings> {
    supported_holding(position, cells, sum, Candidates::EMPTY)
}

/// [`supported`] for the fillings that hold every digit of `required`.
pub(super) fn supported_holding(
    position: &Position,
    cells: &[usize],
    sum: u32,
    required: Candidates,
) -> Option<Fillings> {
    supported_signed(position, cells, &vec![1; cells.len()], i64::from(sum), required)
}

/// [`supported`] for the fillings whose digits, each times its `sign`
/// (+1 or −1), add up to `total` (innies less outies), and that hold
/// every digit of `required`.
pub(super) fn supported_signed(
    position: &Position,
    cells: &[usize],
    signs: &[i64],
    total: i64,
    required: Candidates,
) -> Option<Fillings> {
    let mut digits = vec![Candidates::EMPTY; cells.len()];
    let mut sets = Vec::new();
    for_each_filling(position, cells, signs, total, |chosen| {
        let set: Candidates = chosen.iter().filter_map(|&v| Digit::new(v)).collect();
        if required - set == Candidates::EMPTY {
            keep_digits(&mut digits, chosen);
            sets.push(set);
        }
    })?;
    sets.sort_unstable_by_key(|s| s.bits());
    sets.dedup();
    Some(Fillings { digits, sets })
}

/// Calls `found` with each filling of `cells` (a digit per cell, in the
/// group's order) whose digits, each times its `sign`, add up to `total`.
/// `None` past [`MAX_NODES`] partial fillings: some were not seen.
pub(super) fn for_each_filling(
    position: &Position,
    cells: &[usize],
    signs: &[i64],
    total: i64,
    found: impl FnMut(&[u8]),
) -> Option<()> {
    let options: Vec<Candidates> =
        cells.iter().map(|&i| Digit::new(position.placed(i)).map_or(position.cands(i), Candidates::single)).collect();
    let sees = |a: usize, b: usize| position.sees(cells[a], cells[b]);
    Group { options: &options, signs, total, sees }.for_each(found)
}
