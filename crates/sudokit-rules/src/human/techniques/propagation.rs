//! Propagation inside a forcing-chain branch, and the trail of why each
//! candidate was placed or removed there: the length of a chain is the
//! number of its ancestors, as Sudoku Explainer counts it.

use sudokit_core::{Digit, SearchTally, StopReason};
use sudokit_grid::Candidates;

use super::fish::Fish;
use super::intersections::Intersections;
use super::subsets::{HiddenSubsets, NakedSubsets};
use crate::human::position::Position;
use crate::human::strategy::Strategy;

/// Not placed, or not removed.
const NONE: u32 = u32::MAX;
/// Placed by the branch's assumption, or removed by its denial.
const ASSUMED: u32 = u32::MAX - 1;
/// Placed as a naked single.
const NAKED: u32 = u32::MAX - 2;
/// Removed by a technique inside the branch, whose reasons are not traced.
const UNTRACED: u32 = u32::MAX - 3;

/// Why each candidate (`cell * side + digit`) of a branch was placed (a
/// cause: assumed, naked single, or the unit of a hidden single) or
/// removed (by the denial, or by the candidate placed that removed it).
#[derive(Clone, Debug)]
pub(crate) struct Trail {
    side: usize,
    placed_by: Vec<u32>,
    removed_by: Vec<u32>,
}

/// How a branch failed.
#[derive(Clone, Copy, Debug)]
enum Clash {
    /// A cell lost its last candidate.
    Empty(usize),
    /// A digit lost its last place in a unit.
    NoPlace(usize, Digit),
    /// A digit was to be placed, for this cause, where it cannot go.
    Conflict(usize, Digit, u32),
}

/// A branch that stayed consistent: where it ended, its steps, its trail.
#[derive(Clone, Debug)]
pub(crate) struct Branch {
    pub(crate) position: Position,
    pub(crate) steps: usize,
    pub(crate) trail: Trail,
}

/// A branch that failed: its steps and the ancestors of the contradiction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Failure {
    pub(crate) steps: usize,
    pub(crate) complexity: usize,
}

impl Trail {
    fn new(start: &Position) -> Trail {
        let nodes = start.len() * start.side();
        Trail { side: start.side(), placed_by: vec![NONE; nodes], removed_by: vec![NONE; nodes] }
    }

    fn key(&self, cell: usize, digit: Digit) -> usize {
        cell * self.side + digit.index()
    }

    /// Records that `digit` goes to `cell` for `cause`, and what that
    /// removes, before the position plays it.
    fn note_place(&mut self, position: &Position, cell: usize, digit: Digit, cause: u32) {
        let k = self.key(cell, digit);
        self.placed_by[k] = cause;
        for other in (position.cands(cell) - Candidates::single(digit)).iter() {
            let r = self.key(cell, other);
            if self.removed_by[r] == NONE {
                self.removed_by[r] = k as u32;
            }
        }
        for &p in position.layout().peers(cell) {
            let p = p as usize;
            if position.cands(p).contains(digit) {
                let r = self.key(p, digit);
                if self.removed_by[r] == NONE {
                    self.removed_by[r] = k as u32;
                }
            }
        }
    }

    /// Records candidates removed by a technique whose reasons are not
    /// traced.
    fn note_untraced(&mut self, removed: &[(usize, Digit)]) {
        for &(cell, digit) in removed {
            let r = self.key(cell, digit);
            if self.removed_by[r] == NONE {
                self.removed_by[r] = UNTRACED;
            }
        }
    }

    /// The number of distinct placements and removals behind `roots`
    /// (nodes `2 * key` for a placement, `2 * key + 1` for a removal),
    /// themselves included; `start` is the position the branch began from.
    pub(crate) fn ancestors(&self, start: &Position, roots: &[usize]) -> usize {
        let mut seen = vec![false; 2 * self.placed_by.len()];
        let mut stack = roots.to_vec();
        let mut count = 0;
        while let Some(node) = stack.pop() {
            if std::mem::replace(&mut seen[node], true) {
                continue;
            }
            count += 1;
            let k = node / 2;
            if node % 2 == 1 {
                if let Some(&by) = self.removed_by.get(k).filter(|&&by| by < UNTRACED) {
                    stack.push(2 * by as usize);
                }
                continue;
            }
            let (cell, digit) = (k / self.side, Digit::new((k % self.side) as u8 + 1).expect("1-based"));
            match self.placed_by[k] {
                NAKED => stack
                    .extend((start.cands(cell) - Candidates::single(digit)).iter().map(|x| 2 * self.key(cell, x) + 1)),
                unit if unit < UNTRACED => stack.extend(
                    start
                        .layout()
                        .unit(unit as usize)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| c != cell && start.cands(c).contains(digit))
                        .map(|c| 2 * self.key(c, digit) + 1),
                ),
                _ => {}
            }
        }
        count
    }

    /// The roots of a contradiction.
    fn clash_roots(&mut self, start: &Position, clash: Clash) -> Vec<usize> {
        match clash {
            Clash::Empty(cell) => start.cands(cell).iter().map(|d| 2 * self.key(cell, d) + 1).collect(),
            Clash::NoPlace(unit, digit) => start
                .layout()
                .unit(unit)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| start.cands(c).contains(digit))
                .map(|c| 2 * self.key(c, digit) + 1)
                .collect(),
            Clash::Conflict(cell, digit, cause) => {
                let k = self.key(cell, digit);
                if self.placed_by[k] == NONE {
                    self.placed_by[k] = cause;
                }
                vec![2 * k, 2 * k + 1]
            }
        }
    }
}

/// What one assumption led to: a consistent branch or a contradiction.
pub(crate) type BranchResult = Result<Branch, Failure>;

/// Assumes `digit` in `cell` true (or false, when `denied`) on `start` and
/// propagates (see [`propagate`]): one node of `tally`, and one more for
/// each branch nested in it.
pub(crate) fn branch(
    start: &Position,
    cell: usize,
    digit: Digit,
    denied: bool,
    level: u8,
    tally: &mut SearchTally<'_>,
) -> Result<BranchResult, StopReason> {
    tally.enter()?;
    let mut position = start.clone();
    let mut trail = Trail::new(start);
    let queue = if denied {
        let k = trail.key(cell, digit);
        trail.removed_by[k] = ASSUMED;
        position.remove(cell, digit);
        match position.cands(cell).len() {
            0 => return Ok(Err(Failure { steps: 1, complexity: 2 })),
            1 => position.cands(cell).first().map(|d| (cell, d, NAKED)).into_iter().collect(),
            _ => Vec::new(),
        }
    } else {
        vec![(cell, digit, ASSUMED)]
    };
    // A denial is a step of its own; an assumption is placed by the
    // propagation, which counts it.
    let denial = usize::from(denied);
    Ok(match propagate(&mut position, queue, level, &mut trail, tally)? {
        Ok(steps) => Ok(Branch { position, steps: steps + denial, trail }),
        Err((steps, clash)) => {
            let roots = trail.clash_roots(start, clash);
            Err(Failure { steps: steps + denial, complexity: trail.ancestors(start, &roots) })
        }
    })
}

/// Places the digits of `queue`, then singles until nothing applies; from
/// `level` 2, also the basic techniques; at level 3, also the Nishio
/// contradictions of the branch. `Ok(steps)` when the position stays
/// consistent, else the steps and the contradiction.
fn propagate(
    position: &mut Position,
    mut queue: Vec<(usize, Digit, u32)>,
    level: u8,
    trail: &mut Trail,
    tally: &mut SearchTally<'_>,
) -> Result<Result<usize, (usize, Clash)>, StopReason> {
    let mut steps = 0;
    loop {
        match place_singles(position, &mut queue, trail) {
            Ok(s) => steps += s,
            Err((s, clash)) => return Ok(Err((steps + s, clash))),
        }
        match hidden_singles(position) {
            Err(clash) => return Ok(Err((steps, clash))),
            Ok(found) if !found.is_empty() => {
                queue = found;
                continue;
            }
            Ok(_) => {}
        }
        if level <= 1 {
            return Ok(Ok(steps));
        }
        let mut removed = basic_step(position);
        if removed.is_empty() && level >= 3 {
            removed = nishio_eliminations(position, tally)?;
        }
        if removed.is_empty() {
            return Ok(Ok(steps));
        }
        trail.note_untraced(&removed);
        steps += 1;
        if let Some(cell) = (0..position.len()).find(|&i| position.placed(i) == 0 && position.cands(i).is_empty()) {
            return Ok(Err((steps, Clash::Empty(cell))));
        }
        queue.extend((0..position.len()).filter_map(|i| position.cands(i).single_digit().map(|d| (i, d, NAKED))));
    }
}

/// Places the queued digits and the naked singles they leave; the steps
/// taken, or the steps to a contradiction and the contradiction.
fn place_singles(
    position: &mut Position,
    queue: &mut Vec<(usize, Digit, u32)>,
    trail: &mut Trail,
) -> Result<usize, (usize, Clash)> {
    let mut steps = 0;
    while let Some((i, d, cause)) = queue.pop() {
        if position.placed(i) == d.get() {
            continue;
        }
        if position.placed(i) != 0 || !position.cands(i).contains(d) {
            return Err((steps, Clash::Conflict(i, d, cause)));
        }
        steps += 1;
        trail.note_place(position, i, d, cause);
        position.place(i, d);
        for &p in position.layout().peers(i) {
            let p = p as usize;
            if position.placed(p) == 0 {
                match position.cands(p).len() {
                    0 => return Err((steps, Clash::Empty(p))),
                    1 => queue.extend(position.cands(p).first().map(|s| (p, s, NAKED))),
                    _ => {}
                }
            }
        }
    }
    Ok(steps)
}

/// Plays the first basic technique that applies (locked candidates, pairs,
/// triples, X-Wing); the candidates it removed, none when none applies.
fn basic_step(position: &mut Position) -> Vec<(usize, Digit)> {
    const BASIC: [&dyn Strategy; 6] = [
        &Intersections::LOCKED,
        &NakedSubsets::PAIR,
        &HiddenSubsets::PAIR,
        &Fish::X_WING,
        &NakedSubsets::TRIPLE,
        &HiddenSubsets::TRIPLE,
    ];
    let Some(step) = BASIC.iter().find_map(|s| s.find(position)) else { return Vec::new() };
    // A contradiction shows in the caller's check.
    let _ = position.apply(&step);
    let shape = position.shape();
    step.eliminations().iter().map(|&(cell, digit)| (cell.index(shape), digit)).collect()
}

/// Removes every candidate whose truth leads by singles to a
/// contradiction; those removed.
fn nishio_eliminations(
    position: &mut Position,
    tally: &mut SearchTally<'_>,
) -> Result<Vec<(usize, Digit)>, StopReason> {
    let mut doomed = Vec::new();
    for i in (0..position.len()).filter(|&i| position.cands(i).len() >= 2) {
        for d in position.cands(i).iter() {
            if branch(position, i, d, false, 0, tally)?.is_err() {
                doomed.push((i, d));
            }
        }
    }
    for &(i, d) in &doomed {
        position.remove(i, d);
    }
    Ok(doomed)
}

/// Every hidden single of the position with its unit, or the contradiction
/// of a digit without a place left in a unit.
fn hidden_singles(position: &Position) -> Result<Vec<(usize, Digit, u32)>, Clash> {
    let layout = position.layout();
    let mut found = Vec::new();
    for u in 0..layout.unit_count() {
        let (mut once, mut twice) = (Candidates::EMPTY, Candidates::EMPTY);
        for &i in layout.unit(u) {
            let c = position.cands(i as usize);
            twice |= once & c;
            once |= c;
        }
        let missing = position.missing(u);
        if let Some(digit) = (missing - once).first() {
            return Err(Clash::NoPlace(u, digit));
        }
        for digit in (missing & (once - twice)).iter() {
            let k = position.places(u, digit).trailing_zeros() as usize;
            found.push((layout.unit(u)[k] as usize, digit, u as u32));
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::Budget;

    /// The branch of an unlimited budget.
    fn branch(start: &Position, cell: usize, digit: Digit, denied: bool, level: u8) -> BranchResult {
        let budget = Budget::unlimited();
        super::branch(start, cell, digit, denied, level, &mut SearchTally::new(&budget, 0)).expect("no limit")
    }

    /// r1c1, r1c2 and r1c3 hold {1,2}: a 1 in r1c1 makes both others 2.
    fn three_cells_two_digits() -> Position {
        let line = "12.......".repeat(3) + &"123456789".repeat(78);
        Position::from_pencil_line(&line).expect("a valid line")
    }

    #[test]
    fn a_contradiction_counts_the_candidates_behind_it() {
        let start = three_cells_two_digits();
        let one = Digit::new(1).expect("a digit");
        let failure = branch(&start, 0, one, false, 0).expect_err("r1c2 and r1c3 cannot both be 2");
        // r1c3 = 2 (queued last, placed first) empties r1c2: the chain is
        // 1 in r1c1, no 1 in r1c2, no 1 in r1c3, 2 in r1c3, no 2 in r1c2.
        assert_eq!(failure.complexity, 5);
        assert_eq!(failure.steps, 2);
    }

    #[test]
    fn a_consistent_branch_keeps_its_trail() {
        let start = three_cells_two_digits();
        let two = Digit::new(2).expect("a digit");
        // Denying 2 in r1c1 places 1 there, and 2 in r1c2 and r1c3 clash.
        assert!(branch(&start, 0, two, true, 0).is_err());
        let nine = Digit::new(9).expect("a digit");
        let ok = branch(&start, 4, nine, false, 0).expect("9 in r1c5 is consistent");
        // The 9 in r1c5 removed 9 from r1c6 directly: two nodes.
        assert_eq!(ok.trail.ancestors(&start, &[2 * (5 * 9 + 8) + 1]), 2);
    }
}
