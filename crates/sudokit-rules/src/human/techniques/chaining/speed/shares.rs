//! Which cell and region forcing chains of a grid state may have branches
//! that imply a potential in common, as the reach tables say, kept with
//! the state's hints: a static search of cells and regions on a state met
//! again then needs no tables.
//!
//! At the nested levels the unary chains run first in each branch's
//! states, and the static cell and region chains only where they find
//! nothing; the next level meets the same states, takes their unary
//! hints from the cache, and would build the tables again for the cell
//! and region chains alone.

use sudokit_core::Digit;

use super::super::rules::potentials::Node;
use super::super::rules::work::Work;
use super::reach::Reach;

/// One bit per cell, then one per unit and digit: whether the branches of
/// the cell's candidates, or of the digit's places in the unit, may share
/// a potential.
#[derive(Debug)]
pub(crate) struct Shares {
    bits: Vec<u64>,
    cells: usize,
    side: usize,
}

impl Shares {
    /// The answers of `reach`, the tables of `work`'s state, for every
    /// cell of two candidates or more and every unit and digit of two
    /// places or more (the others answer no).
    pub(crate) fn of(work: &Work, reach: &Reach) -> Shares {
        let (cells, side) = (work.len(), work.side());
        let mut shares = Shares { bits: vec![0; (cells + work.unit_count() * side).div_ceil(64)], cells, side };
        let mut starts: Vec<Node> = Vec::new();
        for cell in 0..cells {
            starts.clear();
            starts.extend(work.cands(cell).iter().map(|d| work.node(cell, d, true)));
            if starts.len() > 1 && reach.may_share(&starts) {
                shares.set(cell);
            }
        }
        for unit in 0..work.unit_count() {
            for digit in work.digits() {
                starts.clear();
                starts.extend(work.cells_at(unit, work.places(unit, digit)).map(|c| work.node(c, digit, true)));
                if starts.len() > 1 && reach.may_share(&starts) {
                    shares.set(cells + unit * side + digit.index());
                }
            }
        }
        shares
    }

    fn set(&mut self, bit: usize) {
        self.bits[bit / 64] |= 1 << (bit % 64);
    }

    fn get(&self, bit: usize) -> bool {
        self.bits[bit / 64] >> (bit % 64) & 1 == 1
    }

    /// Whether the branches of `cell`'s candidates may share a potential.
    pub(crate) fn cell(&self, cell: usize) -> bool {
        self.get(cell)
    }

    /// Whether the branches of `digit`'s places in `unit` may share a
    /// potential.
    pub(crate) fn region(&self, unit: usize, digit: Digit) -> bool {
        self.get(self.cells + unit * self.side + digit.index())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tables::KeptTables;
    use super::*;
    use crate::human::position::Position;

    #[test]
    fn shares_answer_as_the_reach_tables() {
        // The first puzzle of `puzzles/forum_hardest_1106.txt`.
        let puzzle = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let position = Position::new(&puzzle.parse().expect("a valid grid")).expect("a valid puzzle");
        let work = Work::new(&position);
        let tables = KeptTables::default().of(&work);
        let reach = &tables.reach;
        let shares = Shares::of(&work, reach);
        let (mut asked, mut yes) = (0, 0);
        for cell in 0..work.len() {
            let starts: Vec<Node> = work.cands(cell).iter().map(|d| work.node(cell, d, true)).collect();
            if starts.len() > 1 {
                assert_eq!(shares.cell(cell), reach.may_share(&starts), "cell {cell}");
                (asked, yes) = (asked + 1, yes + usize::from(shares.cell(cell)));
            }
        }
        for unit in 0..work.unit_count() {
            for digit in work.digits() {
                let places: Vec<usize> = work.cells_at(unit, work.places(unit, digit)).collect();
                let starts: Vec<Node> = places.iter().map(|&c| work.node(c, digit, true)).collect();
                if starts.len() > 1 {
                    assert_eq!(shares.region(unit, digit), reach.may_share(&starts), "unit {unit}, {digit}");
                    (asked, yes) = (asked + 1, yes + usize::from(shares.region(unit, digit)));
                }
            }
        }
        // Both answers are met.
        assert!(yes > 0 && yes < asked, "{yes} of {asked}");
    }
}
