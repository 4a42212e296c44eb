//! Backtracking under a [`Variant`]'s rules: what
//! [`BacktrackingMrv`](crate::BacktrackingMrv) runs for rules other than
//! the standard ones.

use sudokit_core::cage::open_digits;
use sudokit_core::{Budget, Digit, PairRule, Puzzle, SearchTally, Solution, SolveError, StopReason};

use crate::Candidates;
use crate::propagation::groups::Group;

/// The search: cell values, and per cell the cells that may not share its
/// digit, the cells bound to it by another rule on their digits, the cage
/// sum it is in and the digits its pencil marks allow.
struct Search<'b> {
    cells: Vec<u8>,
    /// Per cell, the digits it may hold at all.
    marks: Vec<u64>,
    peers: Vec<Vec<usize>>,
    bound: Vec<Vec<(usize, PairRule)>>,
    side: usize,
    /// Per cell, the cages with a sum it is in, in `sums`.
    cages_of: Vec<Vec<usize>>,
    /// The cells and the digit combinations of each cage with a sum.
    sums: Vec<(Vec<usize>, Vec<u64>)>,
    /// Per cell, the drawn sums it is in, in `drawn`.
    drawn_of: Vec<Vec<usize>>,
    /// Each arrow and little killer: its cells with their signs (a shaft
    /// +1, a circle −1) and its total.
    drawn: Vec<(Vec<(usize, i32)>, i32)>,
    /// The quadruples and between lines.
    groups: Vec<Group>,
    /// Per cell, its groups (indices into `groups`).
    groups_of: Vec<Vec<usize>>,
    tally: SearchTally<'b>,
}

impl<'b> Search<'b> {
    fn new(puzzle: &Puzzle, budget: &'b Budget, limit: u64) -> Result<Search<'b>, SolveError> {
        puzzle.validate()?;
        let (rules, variant) = (puzzle.rules(), puzzle.variant());
        let cells = puzzle.grid().values().to_vec();
        let peers = (0..cells.len()).map(|i| rules.peers(i).collect()).collect();
        let bound = (0..cells.len()).map(|i| rules.bound_to(i).to_vec()).collect();
        let side = variant.shape().side();
        let mut cages_of = vec![Vec::new(); cells.len()];
        let mut sums = Vec::new();
        for cage in variant.cages().iter().filter(|cage| cage.sum().is_some()) {
            cage.cells().iter().for_each(|&i| cages_of[i].push(sums.len()));
            sums.push((cage.cells().to_vec(), cage.combinations(side)));
        }
        let marks = rules
            .allowed_digits()
            .map_or_else(|| vec![sudokit_core::marks::all_digits(side); cells.len()], <[u64]>::to_vec);
        let arrows = variant.arrows().iter().map(|arrow| {
            let shaft = arrow.shaft().iter().map(|&i| (i, 1));
            (shaft.chain([(arrow.circle(), -1)]).collect::<Vec<_>>(), 0)
        });
        let killers = (variant.little_killers().iter())
            .map(|killer| (killer.cells().iter().map(|&i| (i, 1)).collect(), killer.total() as i32));
        let drawn: Vec<(Vec<(usize, i32)>, i32)> = arrows.chain(killers).collect();
        let mut drawn_of = vec![Vec::new(); cells.len()];
        for (k, (members, _)) in drawn.iter().enumerate() {
            members.iter().for_each(|&(i, _)| drawn_of[i].push(k));
        }
        let groups = Group::all(rules);
        let mut groups_of = vec![Vec::new(); cells.len()];
        for (g, group) in groups.iter().enumerate() {
            group.cells.iter().for_each(|&i| groups_of[usize::from(i)].push(g));
        }
        let tally = SearchTally::new(budget, limit);
        Ok(Search { cells, marks, peers, bound, side, cages_of, sums, drawn_of, drawn, groups, groups_of, tally })
    }

    /// The digits cell `i` may take: among its marks, none of its peers',
    /// only those each bound cell's digit allows, and only those that
    /// leave each of its cages' sums, arrows and little killers reachable.
    fn free(&self, i: usize) -> Candidates {
        let mut taken = Candidates::EMPTY;
        for &p in &self.peers[i] {
            if self.cells[p] != 0 {
                taken |= Candidates::from_bits(1 << (self.cells[p] - 1));
            }
        }
        let mut allowed = self.marks[i];
        for &(p, rule) in &self.bound[i] {
            if let Some(digit) = Digit::new(self.cells[p]) {
                allowed &= rule.reversed().partners(digit, self.side);
            }
        }
        for &k in &self.drawn_of[i] {
            allowed &= self.reaching(k, i);
        }
        for &g in &self.groups_of[i] {
            allowed &= self.leaving_room(&self.groups[g], i);
        }
        self.cages_of[i].iter().fold(Candidates::from_bits(allowed) - taken, |free, &c| {
            let (cells, combinations) = &self.sums[c];
            let placed = cells.iter().filter(|&&p| self.cells[p] != 0).fold(0, |m, &p| m | 1 << (self.cells[p] - 1));
            free & Candidates::from_bits(open_digits(combinations, placed))
        })
    }

    /// The digits of empty cell `i` that leave drawn sum `k` reachable,
    /// its other empty cells counted as any digit from 1 to the side.
    fn reaching(&self, k: usize, i: usize) -> u64 {
        let (members, total) = &self.drawn[k];
        let side = self.side as i32;
        let (mut low, mut high, mut own) = (0, 0, 1);
        for &(j, sign) in members {
            let value = i32::from(self.cells[j]);
            if j == i {
                own = sign;
            } else if value != 0 {
                (low, high) = (low + sign * value, high + sign * value);
            } else if sign > 0 {
                (low, high) = (low + 1, high + side);
            } else {
                (low, high) = (low - side, high - 1);
            }
        }
        (1..=side).filter(|&d| (low + own * d..=high + own * d).contains(total)).fold(0, |m, d| m | 1 << (d - 1))
    }

    /// The digits of empty cell `i` that leave `group` (a quadruple, a
    /// between line) room, its other empty cells counted as any digit.
    fn leaving_room(&self, group: &Group, i: usize) -> u64 {
        let full = sudokit_core::marks::all_digits(self.side);
        let mut allowed: Vec<u64> = (group.cells.iter().map(|&j| usize::from(j)))
            .map(|j| if j == i || self.cells[j] == 0 { full } else { 1 << (self.cells[j] - 1) })
            .collect();
        let at = group.cells.iter().position(|&j| usize::from(j) == i).unwrap_or(0);
        if group.narrow(&mut allowed) { allowed[at] } else { 0 }
    }

    /// Fills the empty cell with the fewest digits left, each in turn;
    /// returns whether to stop.
    fn fewest_candidates(&mut self) -> Result<bool, StopReason> {
        self.tally.enter()?;
        let best = (0..self.cells.len()).filter(|&i| self.cells[i] == 0).min_by_key(|&i| self.free(i).len());
        let Some(i) = best else {
            return Ok(self.tally.record(&self.cells));
        };
        let free = self.free(i);
        if free.len() > 1 {
            self.tally.stats_mut().guesses += 1;
        }
        for digit in free {
            self.cells[i] = digit.get();
            let stop = self.fewest_candidates()?;
            self.cells[i] = 0;
            if stop {
                return Ok(true);
            }
            self.tally.stats_mut().backtracks += 1;
        }
        Ok(false)
    }
}

/// The first solution of `puzzle`.
pub(crate) fn solve(puzzle: &Puzzle, budget: &Budget) -> Result<Solution, SolveError> {
    let mut search = Search::new(puzzle, budget, 1)?;
    search.tally.check().map_err(|reason| search.tally.exhausted(reason, None))?;
    if let Err(reason) = search.fewest_candidates() {
        return Err(search.tally.exhausted(reason, None));
    }
    search.tally.into_solution(puzzle.shape())
}

/// The solutions of `puzzle`, up to `limit`.
pub(crate) fn count(puzzle: &Puzzle, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
    if limit == 0 {
        return Ok(0);
    }
    let mut search = Search::new(puzzle, budget, limit)?;
    match search.fewest_candidates() {
        Ok(_) => Ok(search.tally.found()),
        Err(reason) => Err(search.tally.exhausted(reason, None)),
    }
}
