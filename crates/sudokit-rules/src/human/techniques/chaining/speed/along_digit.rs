//! What a candidate assumed on or off implies along its digit alone, as
//! bit sets over the cells: the branches of Nishio forcing chains, cheap
//! and never smaller than the exact ones. A branch that meets no
//! contradiction here meets none when propagated, and is not run.

use super::super::rules::work::Work;

/// Whether assuming `digit` in `cell` on (or off) may lead, along the
/// digit, to a contradiction; `places` are the digit's cells. True on
/// grids too big for the bit sets, and under non-consecutive.
///
/// The rules are those of the exact propagation, on the places the offs
/// leave: an "on" turns its peers off, and a unit left with one place of
/// the digit (of two or more) turns it on. Every potential the exact
/// propagation derives is derived here, so every contradiction it meets
/// shows: a cell both on and off, or a unit left with no place.
pub(crate) fn may_contradict(work: &Work, places: u128, (cell, on): (usize, bool)) -> bool {
    // Under non-consecutive a digit also turns its neighbours off; more
    // than 64 units overflow the set of units touched.
    let Some(masks) = work.masks().filter(|m| m.units.len() <= 64 && !work.crosses_digits()) else { return true };
    let start = 1u128 << cell;
    let (mut ons, mut offs) = if on { (start, 0) } else { (0, start) };
    let (mut expanded, mut looked) = (0u128, 0u128);
    loop {
        let mut fresh = ons & !expanded;
        expanded |= fresh;
        while fresh != 0 {
            offs |= masks.peers[fresh.trailing_zeros() as usize] & places;
            fresh &= fresh - 1;
        }
        if ons & offs != 0 {
            return true;
        }
        // Only the units of the cells turned off since the last look can
        // have lost places.
        let mut touched = 0u64;
        let mut new_offs = offs & !looked;
        looked = offs;
        while new_offs != 0 {
            for &(unit, _) in work.homes(new_offs.trailing_zeros() as usize) {
                touched |= 1 << unit;
            }
            new_offs &= new_offs - 1;
        }
        let left = places & !offs;
        let before = ons;
        while touched != 0 {
            let unit = masks.units[touched.trailing_zeros() as usize];
            touched &= touched - 1;
            let base = places & unit;
            if base & base.wrapping_sub(1) == 0 {
                continue;
            }
            let rest = left & unit;
            if rest == 0 {
                return true;
            }
            if rest & (rest - 1) == 0 {
                ons |= rest;
            }
        }
        if ons == before {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::rules::potentials::{Cause, Potentials};
    use super::super::super::rules::propagate::propagate;
    use super::super::super::rules::rule::Mode;
    use super::super::pools::Pools;
    use super::*;
    use crate::human::position::Position;
    use crate::human::strategy::without_limit;

    #[test]
    fn every_contradiction_along_a_digit_is_foreseen() {
        let nishio = Mode { y: false, dynamic: true, level: 0 };
        let (mut foreseen, mut met, mut spared) = (0, 0, 0);
        // The first puzzles of `puzzles/norvig_hardest.txt` and
        // `puzzles/magictour_top1465.txt`, as given.
        for puzzle in [
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ] {
            let position = Position::new(&puzzle.parse().expect("a valid grid")).expect("a valid puzzle");
            let mut work = Work::new(&position);
            let places = work.digit_planes().expect("a 9×9 grid");
            for cell in 0..work.len() {
                for digit in work.cands(cell).iter() {
                    for on in [true, false] {
                        let mut pots = Potentials::new(work.nodes());
                        let start = pots.create(work.node(cell, digit, on), Cause::Assumed, &[]);
                        pots.keep(start);
                        let absurd = without_limit(|tally, _| {
                            propagate(&mut work, &mut pots, nishio, None, tally, &Pools::default())
                        });
                        let maybe = may_contradict(&work, places[digit.index()], (cell, on));
                        assert!(maybe || absurd.is_none(), "{digit} in cell {cell} ({on}) in {puzzle}");
                        foreseen += usize::from(maybe);
                        met += usize::from(absurd.is_some());
                        spared += usize::from(!maybe);
                    }
                }
            }
        }
        // Not vacuous: contradictions are met, and most branches spared.
        assert!(met > 0 && foreseen >= met && spared > foreseen, "{met} met, {foreseen} foreseen, {spared} spared");
    }
}
