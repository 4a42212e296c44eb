//! What a dynamic branch without techniques inside keeps, as bit sets per
//! digit: the potentials, without their parents, at a fraction of the
//! exact propagation's cost.
//!
//! The dynamic propagation derives "off" for the other candidates of a
//! cell turned on and for the digit's places among its peers, and "on"
//! for a cell's last candidate and a unit's last place of a digit, on the
//! grid less the candidates turned off so far. Each rule only needs more
//! of the same to fire again, so what it keeps when it meets no
//! contradiction is the least set closed under them, whatever the order:
//! computed here in any order. A set that holds a potential both on and
//! off, or a cell or a unit with nothing left, is a contradiction, and
//! the exact propagation meets one too (it stops at the first, in its own
//! order: only the exact branch says which). A search of the dynamic
//! rules at level 0 computes every branch this way and runs the exact
//! propagation only for the branches its hints come from (see
//! `docs/notes.md` for how few they are).

use super::super::rules::potentials::Node;
use super::super::rules::work::{MAX_MASK_SIDE, Work};

/// The buffers of the closures of one grid state, and that state's cells
/// of each digit.
#[derive(Debug)]
pub(crate) struct Closures {
    side: usize,
    /// Words of a bit set over the grid's nodes.
    words: usize,
    /// Per digit index, the cells where it is a candidate.
    cands: [u128; MAX_MASK_SIDE],
    on: [u128; MAX_MASK_SIDE],
    off: [u128; MAX_MASK_SIDE],
    /// Per cell, the digits (bit per index) turned off.
    off_digits: Vec<u64>,
    /// The potentials kept, as (cell, digit index, on); those not followed
    /// yet from `next` on.
    kept: Vec<(u16, u8, bool)>,
}

impl Closures {
    /// The closures of `work`'s grid state, or `None` where the rules
    /// derive more than the four above (non-consecutive turns other
    /// digits off) or the cells do not fit the bit sets.
    pub(crate) fn new(work: &Work) -> Option<Closures> {
        if work.crosses_digits() {
            return None;
        }
        let cands = work.digit_planes()?;
        Some(Closures {
            side: work.side(),
            words: work.nodes().div_ceil(64),
            cands,
            on: [0; MAX_MASK_SIDE],
            off: [0; MAX_MASK_SIDE],
            off_digits: vec![0; work.len()],
            kept: Vec::new(),
        })
    }

    /// Words of the bit sets [`close`](Closures::close) appends.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// Appends to `out` the nodes the dynamic propagation of `start` on
    /// `work` keeps (bit `n % 64` of word `n / 64` for node `n`, over
    /// [`words`](Closures::words) words); false, and nothing appended,
    /// when it meets a contradiction.
    pub(crate) fn close(&mut self, work: &Work, start: Node, out: &mut Vec<u64>) -> bool {
        let (cell, digit, on) = work.decode(start);
        self.kept.clear();
        let closed = self.mark(cell, digit.index(), on) && self.follow(work);
        if closed {
            let from = out.len();
            out.resize(from + self.words, 0);
            let bits = &mut out[from..];
            for &(cell, digit, on) in &self.kept {
                let node = (usize::from(cell) * self.side + usize::from(digit)) * 2 + usize::from(on);
                bits[node / 64] |= 1 << (node % 64);
            }
        }
        for &(cell, digit, _) in &self.kept {
            self.on[usize::from(digit)] = 0;
            self.off[usize::from(digit)] = 0;
            self.off_digits[usize::from(cell)] = 0;
        }
        closed
    }

    /// Keeps `digit` in `cell` on or off; false when the other is kept.
    fn mark(&mut self, cell: usize, digit: usize, on: bool) -> bool {
        let bit = 1u128 << cell;
        let (this, other) = if on { (&mut self.on, &self.off) } else { (&mut self.off, &self.on) };
        if other[digit] & bit != 0 {
            return false;
        }
        if this[digit] & bit == 0 {
            this[digit] |= bit;
            if !on {
                self.off_digits[cell] |= 1 << digit;
            }
            self.kept.push((cell as u16, digit as u8, on));
        }
        true
    }

    /// Turns on the potential `at` names for the one bit of `left`;
    /// false when `left` is empty or that potential is off.
    fn last(&mut self, left: u128, at: impl FnOnce(usize) -> (usize, usize)) -> bool {
        if left == 0 {
            return false;
        }
        if left & (left - 1) != 0 {
            return true;
        }
        let (cell, digit) = at(left.trailing_zeros() as usize);
        self.mark(cell, digit, true)
    }

    /// Follows every potential kept to what it implies; false at a
    /// contradiction.
    fn follow(&mut self, work: &Work) -> bool {
        let Some(masks) = work.masks() else { return false };
        let mut next = 0;
        while let Some(&(cell, digit, on)) = self.kept.get(next) {
            next += 1;
            let (cell, digit) = (usize::from(cell), usize::from(digit));
            let left = work.cands(cell).bits() & !self.off_digits[cell];
            if on {
                let mut others = left & !(1 << digit);
                while others != 0 {
                    if !self.mark(cell, others.trailing_zeros() as usize, false) {
                        return false;
                    }
                    others &= others - 1;
                }
                let mut peers = masks.peers[cell] & self.cands[digit] & !self.off[digit];
                if peers & self.on[digit] != 0 {
                    return false;
                }
                while peers != 0 {
                    self.mark(peers.trailing_zeros() as usize, digit, false);
                    peers &= peers - 1;
                }
                continue;
            }
            // A cell or a unit with one candidate or place to begin with
            // implies nothing when it loses it.
            let cands = work.cands(cell).bits();
            if cands & (cands - 1) != 0 && !self.last(u128::from(left), |last| (cell, last)) {
                return false;
            }
            for &(unit, _) in work.homes(cell) {
                let places = masks.units[usize::from(unit)] & self.cands[digit];
                if places & (places - 1) != 0 && !self.last(places & !self.off[digit], |last| (last, digit)) {
                    return false;
                }
            }
        }
        true
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

    /// Every branch of the dynamic rules on `puzzle`: the closure and the
    /// exact propagation agree on the contradiction, and without one on
    /// every potential. Returns (branches, contradictions).
    fn compare_on(work: &mut Work, puzzle: &str) -> (usize, usize) {
        let dynamic = Mode { y: true, dynamic: true, level: 0 };
        let mut closures = Closures::new(work).expect("a 9×9 grid");
        let (mut branches, mut absurd) = (0, 0);
        for cell in 0..work.len() {
            for digit in work.cands(cell).iter() {
                for on in [true, false] {
                    let start = work.node(cell, digit, on);
                    let mut pots = Potentials::new(work.nodes());
                    let id = pots.create(start, Cause::Assumed, &[]);
                    pots.keep(id);
                    let met =
                        without_limit(|tally, _| propagate(work, &mut pots, dynamic, None, tally, &Pools::default()));
                    let mut bits = Vec::new();
                    let closed = closures.close(work, start, &mut bits);
                    assert_eq!(closed, met.is_none(), "{digit} in cell {cell} ({on}) in {puzzle}");
                    if closed {
                        pots.mark_bits();
                        assert_eq!(bits, pots.kept_bits(), "{digit} in cell {cell} ({on}) in {puzzle}");
                    }
                    branches += 1;
                    absurd += usize::from(!closed);
                }
            }
        }
        (branches, absurd)
    }

    #[test]
    fn closures_keep_what_the_dynamic_propagation_keeps() {
        // The first puzzles of `puzzles/norvig_hardest.txt`,
        // `puzzles/magictour_top1465.txt` and `puzzles/forum_hardest_1106.txt`.
        for puzzle in [
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        ] {
            let position = Position::new(&puzzle.parse().expect("a valid grid")).expect("a valid puzzle");
            let mut work = Work::new(&position);
            let (branches, absurd) = compare_on(&mut work, puzzle);
            // Not vacuous: both outcomes are met.
            assert!(absurd > 0 && branches > 2 * absurd, "{branches} branches, {absurd} contradictions in {puzzle}");
            // A state inside a branch: cells left with one candidate, and
            // units with one place of a digit, that are not filled.
            for cell in (0..work.len()).step_by(7) {
                let cands = work.cands(cell);
                for digit in cands.iter().skip(1) {
                    work.remove(cell, digit);
                }
            }
            let (branches, absurd) = compare_on(&mut work, puzzle);
            assert!(
                absurd > 0 && branches > 2 * absurd,
                "{branches} branches, {absurd} contradictions, reduced {puzzle}"
            );
        }
    }
}
