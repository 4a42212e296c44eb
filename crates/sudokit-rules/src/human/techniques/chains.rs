//! Chains: X-chains, XY-chains and alternating inference chains, as
//! Sudoku Explainer rates them.

use std::collections::VecDeque;

use sudokit_core::{Digit, SearchTally, StopReason};
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::{Strategy, without_limit};

/// Nodes beyond which chains are not searched: longer chains are rated
/// above the forcing chains that follow on the path.
const MAX_NODES: usize = 24;

/// The easiest of the shortest X-cycle (6.5: a loop of one digit whose
/// weak links become strong), X-chain (6.6), XY-chain (6.6) and
/// alternating inference chain (7.0), each with the length bonus.
#[derive(Clone, Copy, Debug)]
pub struct Chains;

impl Strategy for Chains {
    fn name(&self) -> &'static str {
        "Chains"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        without_limit(|tally| self.find_within(position, tally))
    }

    /// Each search from one start node is a node of `tally`.
    fn find_within(&self, position: &Position, tally: &mut SearchTally<'_>) -> Result<Option<Step>, StopReason> {
        tally.check()?;
        let graph = Graph::new(position);
        let searches =
            [(Kind::X, Goal::Loop), (Kind::X, Goal::Chain), (Kind::Xy, Goal::Chain), (Kind::Aic, Goal::Chain)];
        let mut best: Option<Step> = None;
        for (kind, goal) in searches {
            if let Some(step) = graph.shortest(kind, goal, tally)? {
                if best.as_ref().is_none_or(|b| step.score() < b.score()) {
                    best = Some(step);
                }
            }
        }
        Ok(best)
    }
}

/// The length bonus of Sudoku Explainer: 0.1 for every threshold (4, 6, 8,
/// 12, 16, 24, 32, …; alternately ×3/2 and ×4/3) that `length` exceeds.
pub(crate) fn length_bonus(length: usize) -> u16 {
    let (mut ceiling, mut bonus, mut odd) = (4usize, 0, false);
    while length > ceiling {
        bonus += 1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    bonus
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// One digit; links between cells only.
    X,
    /// Strong links inside bivalue cells, weak links between cells on one
    /// digit.
    Xy,
    /// Any links.
    Aic,
}

/// A chain's nodes and the candidates it removes (by cell index).
type Found = (Vec<usize>, Vec<(usize, Digit)>);

/// What a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// A chain whose two ends remove what sees both.
    Chain,
    /// A loop back to the start, every weak link of which removes what
    /// sees both its ends.
    Loop,
}

/// The candidates of a position as chain nodes (`cell * side + digit`),
/// with their strong links.
struct Graph<'p> {
    position: &'p Position,
    side: usize,
    strong: Vec<Vec<u32>>,
}

impl<'p> Graph<'p> {
    fn new(position: &'p Position) -> Graph<'p> {
        let side = position.side();
        let layout = position.layout();
        let mut strong = vec![Vec::new(); position.len() * side];
        for i in 0..position.len() {
            let cands = position.cands(i);
            if let [a, b] = cands.iter().collect::<Vec<_>>()[..] {
                strong[i * side + a.index()].push((i * side + b.index()) as u32);
                strong[i * side + b.index()].push((i * side + a.index()) as u32);
            }
        }
        for u in 0..layout.unit_count() {
            for digit in position.missing(u).iter() {
                if let Some([p, q]) = position.conjugate_pair(u, digit) {
                    let (np, nq) = (p * side + digit.index(), q * side + digit.index());
                    if !strong[np].contains(&(nq as u32)) {
                        strong[np].push(nq as u32);
                        strong[nq].push(np as u32);
                    }
                }
            }
        }
        Graph { position, side, strong }
    }

    fn cell(&self, node: usize) -> usize {
        node / self.side
    }

    fn digit(&self, node: usize) -> Digit {
        Digit::new((node % self.side) as u8 + 1).expect("node digits are 1-based")
    }

    fn strong_links(&self, node: usize, kind: Kind) -> impl Iterator<Item = usize> + '_ {
        self.strong[node].iter().map(|&m| m as usize).filter(move |&m| match kind {
            Kind::X => self.cell(m) != self.cell(node),
            Kind::Xy => self.cell(m) == self.cell(node),
            Kind::Aic => true,
        })
    }

    fn weak_links(&self, node: usize, kind: Kind) -> Vec<usize> {
        let (cell, digit) = (self.cell(node), self.digit(node));
        let mut out: Vec<usize> = self
            .position
            .layout()
            .peers(cell)
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| self.position.cands(p).contains(digit))
            .map(|p| p * self.side + digit.index())
            .collect();
        if kind == Kind::Aic {
            out.extend(
                (self.position.cands(cell) - Candidates::single(digit)).iter().map(|d| cell * self.side + d.index()),
            );
        }
        out
    }

    /// The shortest chain of `kind` with eliminations, as a step.
    fn shortest(&self, kind: Kind, goal: Goal, tally: &mut SearchTally<'_>) -> Result<Option<Step>, StopReason> {
        let mut best: Option<Found> = None;
        let nodes = self.position.len() * self.side;
        let mut parent = vec![u32::MAX; 2 * nodes];
        for start in 0..nodes {
            if self.strong[start].is_empty() {
                continue;
            }
            if kind == Kind::Xy && self.position.cands(self.cell(start)).len() != 2 {
                continue;
            }
            tally.enter()?;
            let limit = best.as_ref().map_or(MAX_NODES, |(chain, _)| chain.len() - 1);
            if let Some(found) = self.search(start, kind, goal, limit, &mut parent) {
                best = Some(found);
            }
        }
        let Some((chain, removed)) = best else { return Ok(None) };
        let technique = match (kind, goal) {
            (_, Goal::Loop) => Technique::XCycle,
            (Kind::X, _) => Technique::XChain,
            (Kind::Xy, _) => Technique::XyChain,
            (Kind::Aic, _) => Technique::Aic,
        };
        let score = technique.base_score().plus(length_bonus(chain.len().saturating_sub(2)));
        let nodes = chain.iter().map(|&n| (self.position.cell(self.cell(n)), self.digit(n))).collect();
        let eliminations = removed.iter().map(|&(i, d)| (self.position.cell(i), d)).collect();
        let pattern = Pattern::Chain { nodes, cycle: goal == Goal::Loop };
        Ok(Some(Step::new(technique, pattern).with_score(score).eliminating(eliminations)))
    }

    /// Breadth-first search from `start` (assumed false) over alternating
    /// links, to the first chain (or loop) of at most `limit` nodes that
    /// eliminates. States are `2 * node + on`.
    fn search(&self, start: usize, kind: Kind, goal: Goal, limit: usize, parent: &mut [u32]) -> Option<Found> {
        parent.fill(u32::MAX);
        let mut queue = VecDeque::from([(2 * start, 1usize)]);
        parent[2 * start] = (2 * start) as u32;
        while let Some((state, depth)) = queue.pop_front() {
            if depth >= limit {
                break;
            }
            let (node, on) = (state / 2, state % 2 == 1);
            let next: Vec<usize> =
                if on { self.weak_links(node, kind) } else { self.strong_links(node, kind).collect() };
            for m in next {
                let to = 2 * m + usize::from(!on);
                if parent[to] != u32::MAX {
                    continue;
                }
                parent[to] = state as u32;
                if !on && m != start {
                    let found = match goal {
                        Goal::Chain => {
                            Some(self.eliminations(start, m)).map(|removed| (self.path(parent, to), removed))
                        }
                        Goal::Loop => self.closed_loop(start, m, parent, to),
                    };
                    if let Some(found) = found.filter(|(_, removed)| !removed.is_empty()) {
                        return Some(found);
                    }
                }
                queue.push_back((to, depth + 1));
            }
        }
        None
    }

    fn path(&self, parent: &[u32], end: usize) -> Vec<usize> {
        let mut chain = vec![end / 2];
        let mut state = end;
        while parent[state] as usize != state {
            state = parent[state] as usize;
            chain.push(state / 2);
        }
        chain.reverse();
        chain
    }

    /// The loop that a weak link from `end` back to `start` closes, with
    /// what its weak links remove: one end of each is true, so the digit
    /// leaves every other cell that sees both. `None` unless the path to
    /// `end` (state `state`) visits each cell once.
    fn closed_loop(&self, start: usize, end: usize, parent: &[u32], state: usize) -> Option<Found> {
        let position = self.position;
        let (first, last) = (self.cell(start), self.cell(end));
        if self.digit(start) != self.digit(end) || !position.sees(first, last) {
            return None;
        }
        let path = self.path(parent, state);
        let mut cells: Vec<usize> = path.iter().map(|&n| self.cell(n)).collect();
        cells.sort_unstable();
        cells.dedup();
        if cells.len() != path.len() || path.len() < 4 {
            return None;
        }
        let digit = self.digit(start);
        let removed = (1..path.len())
            .step_by(2)
            .flat_map(|k| {
                let (a, b) = (self.cell(path[k]), self.cell(path[(k + 1) % path.len()]));
                position.layout().peers(a).iter().map(|&p| p as usize).filter(move |&p| position.sees(p, b))
            })
            .filter(|&p| !cells.contains(&p) && position.cands(p).contains(digit))
            .map(|p| (p, digit))
            .collect::<Vec<_>>();
        Some((path, removed))
    }

    /// What "`a` or `b` is true" removes.
    fn eliminations(&self, a: usize, b: usize) -> Vec<(usize, Digit)> {
        let (ca, cb, da, db) = (self.cell(a), self.cell(b), self.digit(a), self.digit(b));
        let position = self.position;
        if ca == cb {
            return (position.cands(ca) - Candidates::single(da) - Candidates::single(db))
                .iter()
                .map(|d| (ca, d))
                .collect();
        }
        if da == db {
            let layout = position.layout();
            return layout
                .peers(ca)
                .iter()
                .map(|&p| p as usize)
                .filter(|&p| p != cb && position.cands(p).contains(da) && position.sees(p, cb))
                .map(|p| (p, da))
                .collect();
        }
        let mut out = Vec::new();
        if position.sees(ca, cb) {
            if position.cands(cb).contains(da) {
                out.push((cb, da));
            }
            if position.cands(ca).contains(db) {
                out.push((ca, db));
            }
        }
        out
    }
}
