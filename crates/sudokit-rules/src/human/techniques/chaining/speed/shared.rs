//! The branches of a position, kept for the searches that the nested
//! levels run inside their own branches.
//!
//! A branch without techniques inside reads, of the grid, the candidates
//! of the cells it goes through and, for each digit it turns on or off,
//! that digit's places among the cell's peers (and, under
//! non-consecutive, the digits next to it in its neighbours): nothing else
//! decides what it derives. A search nested in a branch of the position
//! works on the position less what that branch removed, so wherever a
//! branch of the position read none of those candidates, the nested
//! search's branch from the same start is the same branch. On the
//! hardest puzzles that holds for some two branches in five.

use std::cell::RefCell;
use std::sync::Arc;

use sudokit_core::{SearchTally, StopReason};

use super::super::rules::potentials::Node;
use super::super::rules::propagate::Branch;
use super::super::rules::rule::Mode;
use super::super::rules::work::{CellMasks, Work};
use super::pools::Pools;

/// Cells as a bit set, bit `i` for cell `i` (grids of 128 cells or fewer).
type Cells = u128;

/// What a branch of the position read, or where a grid state differs
/// from the position: cells whose candidates (all of them) count, and
/// per digit index the cells where that digit counts.
#[derive(Debug)]
pub(crate) struct Footprint {
    cells: Cells,
    digits: Vec<Cells>,
}

impl Footprint {
    /// Nothing, on a grid of side `side`.
    fn none(side: usize) -> Footprint {
        Footprint { cells: 0, digits: vec![0; side] }
    }

    /// What `branch` read of `work`'s grid: for each potential it holds,
    /// the candidates of its cell and its digit's places in the cell's
    /// houses (the potentials it held but had no time to follow, past a
    /// contradiction, count too: more than it read, never less).
    fn read_by(work: &Work, branch: &Branch, masks: &CellMasks) -> Footprint {
        let mut read = Footprint::none(work.side());
        for &id in branch.pots.order() {
            let (cell, digit, _) = work.decode(branch.pots.node(id));
            read.cells |= 1 << cell;
            read.digits[digit.index()] |= masks.peers[cell] | 1 << cell;
            // Under non-consecutive, the digits next to it in the
            // neighbours.
            let neighbours = masks.neighbours[cell];
            if neighbours != 0 {
                let i = digit.index();
                for next in [i.checked_sub(1), Some(i + 1).filter(|&n| n < work.side())].into_iter().flatten() {
                    read.digits[next] |= neighbours;
                }
            }
        }
        read
    }

    /// Whether a branch that read `self` reads nothing of `changes`.
    fn misses(&self, changes: &Footprint) -> bool {
        self.cells & changes.cells == 0
            && self.digits.iter().zip(&changes.digits).all(|(&read, &changed)| read & changed == 0)
    }
}

/// A branch of the position and what it read.
#[derive(Debug)]
struct Kept {
    branch: Arc<Branch>,
    read: Footprint,
}

/// The position the nested searches start from, and its branches, by
/// mode and start node, computed as first asked.
#[derive(Debug)]
struct Reference {
    work: Work,
    by_mode: Vec<(Mode, Vec<Option<Kept>>)>,
}

/// The position being searched, if any, and its branches.
#[derive(Debug, Default)]
pub(crate) struct SharedBranches {
    reference: RefCell<Option<Reference>>,
}

impl SharedBranches {
    /// Makes `work`, as it stands, the position whose branches serve the
    /// searches nested in its own (on grids of 128 cells or fewer, whose
    /// peers come as bit sets).
    pub(crate) fn remember(&self, work: &Work) {
        let reference = work.masks().map(|_| Reference { work: work.clone(), by_mode: Vec::new() });
        self.reference.replace(reference);
    }

    /// Forgets the position of [`remember`](SharedBranches::remember).
    pub(crate) fn forget(&self) {
        self.reference.replace(None);
    }

    /// Where `work`'s grid differs from the remembered position, if one is
    /// remembered for its shape.
    pub(crate) fn changes(&self, work: &Work) -> Option<Footprint> {
        {
            let reference = self.reference.borrow();
            let reference = reference.as_ref().filter(|r| r.work.grid_id() == work.grid_id())?;
            let mut changes = Footprint::none(work.side());
            for cell in 0..work.len() {
                let changed = reference.work.cands(cell) ^ work.cands(cell);
                if !changed.is_empty() {
                    changes.cells |= 1 << cell;
                    for digit in changed.iter() {
                        changes.digits[digit.index()] |= 1 << cell;
                    }
                }
            }
            Some(changes)
        }
    }

    /// The position's branch of `node` under `mode` (without techniques
    /// inside), when it read nothing of `changes` (see
    /// [`changes`](SharedBranches::changes)): then it is the branch of `node`
    /// on the grid `changes` was taken from.
    pub(crate) fn shared(
        &self,
        node: Node,
        mode: Mode,
        changes: &Footprint,
        tally: &mut SearchTally<'_>,
        pools: &Pools,
    ) -> Result<Option<Arc<Branch>>, StopReason> {
        {
            let mut reference = self.reference.borrow_mut();
            let Some(reference) = reference.as_mut() else { return Ok(None) };
            let at = match reference.by_mode.iter().position(|(m, _)| *m == mode) {
                Some(at) => at,
                None => {
                    let nodes = reference.work.nodes();
                    reference.by_mode.push((mode, (0..nodes).map(|_| None).collect()));
                    reference.by_mode.len() - 1
                }
            };
            if reference.by_mode[at].1[node as usize].is_none() {
                let (cell, digit, _) = reference.work.decode(node);
                if !reference.work.cands(cell).contains(digit) {
                    return Ok(None);
                }
                let branch = Branch::run(&mut reference.work, node, mode, None, tally, pools)?;
                let masks = reference.work.masks().expect("remembered with its masks");
                let read = Footprint::read_by(&reference.work, &branch, masks);
                reference.by_mode[at].1[node as usize] = Some(Kept { branch: Arc::new(branch), read });
            }
            let kept = reference.by_mode[at].1[node as usize].as_ref().expect("computed above");
            Ok(kept.read.misses(changes).then(|| Arc::clone(&kept.branch)))
        }
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::Budget;

    use super::*;
    use crate::human::position::Position;

    /// The nodes of `branch`, in the order kept, and its contradiction.
    fn trace(branch: &Branch) -> (Vec<Node>, Option<(Node, Node)>) {
        let pots = &branch.pots;
        let nodes = pots.order().iter().map(|&id| pots.node(id)).collect();
        (nodes, branch.absurd.map(|(a, b)| (pots.node(a), pots.node(b))))
    }

    #[test]
    fn a_shared_branch_is_the_branch_of_the_changed_grid() {
        // Norvig hardest's 10.6, whose rating runs searches nested in the
        // branches of its positions.
        let puzzle = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";
        let position = Position::new(&puzzle.parse().expect("a valid grid")).expect("a valid puzzle");
        let budget = Budget::unlimited().without_timing();
        let mut tally = SearchTally::new(&budget, 0);
        let mut work = Work::new(&position);
        let (kept, pools) = (SharedBranches::default(), Pools::default());
        kept.remember(&work);
        let (mut shared_count, mut own_count) = (0, 0);
        for mode in [Mode { y: true, dynamic: true, level: 0 }, Mode { y: true, dynamic: false, level: 0 }] {
            // Grids as a branch leaves them: some candidates gone here and
            // there, a few more each round.
            for round in 1..=4 {
                let mut changed = work.clone();
                let mut gone = 0;
                for cell in (0..changed.len()).filter(|c| c % (9 - round) == 0) {
                    let cands = changed.cands(cell);
                    if let Some(digit) = cands.iter().nth(1).filter(|_| cands.len() > 2) {
                        changed.remove(cell, digit);
                        gone += 1;
                    }
                }
                assert!(gone > 0, "round {round} changes the grid");
                let changes = kept.changes(&changed).expect("a position is remembered");
                for node in 0..changed.nodes() as Node {
                    let (cell, digit, _) = changed.decode(node);
                    if !changed.cands(cell).contains(digit) {
                        continue;
                    }
                    let own = Branch::run(&mut changed, node, mode, None, &mut tally, &pools).expect("no limit");
                    match kept.shared(node, mode, &changes, &mut tally, &pools).expect("no limit") {
                        Some(shared) => {
                            assert_eq!(trace(&shared), trace(&own), "node {node}, round {round}");
                            shared_count += 1;
                        }
                        None => own_count += 1,
                    }
                }
            }
        }
        kept.forget();
        // Both answers come up: the test compares branches, and the filter
        // does turn some away.
        assert!(shared_count > 100 && own_count > 100, "{shared_count} shared, {own_count} own");
        work.remove(0, work.cands(0).first().expect("an empty cell"));
        assert!(kept.changes(&work).is_none(), "nothing is remembered after forget");
    }
}
