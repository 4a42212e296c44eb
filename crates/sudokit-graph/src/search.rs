//! The colouring search shared by every solver of the crate.
//!
//! State is kept in flat arrays indexed by vertex and updated incrementally
//! as colours are placed and removed: for each vertex the set of colours
//! on its neighbours (its *saturation*, as a bit set), how many neighbours
//! carry each colour (so a removal knows when a colour leaves the set), and
//! how many neighbours are still uncoloured. Choosing a vertex is then a
//! linear scan over a few arrays, with nothing recomputed.

use sudokit_core::{Budget, Grid, SearchTally, Solution, SolveError, StopReason};

use crate::graph::ConstraintGraph;

/// The order in which a vertex's available colours are tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ColourOrder {
    /// Smallest digit first.
    #[default]
    Ascending,
    /// The colour already used by the most vertices first, ties by smallest
    /// digit (the course's DSATUR).
    MostUsedFirst,
}

/// How the next vertex is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Selection {
    /// The first uncoloured vertex after the previous one (index order).
    Sequential,
    /// The fewest available colours; ties by lowest index.
    FewestColours,
    /// The most distinct colours among neighbours; ties by most uncoloured
    /// neighbours, then lowest index.
    Saturation,
    /// Saturation with ties by (static) degree, then lowest index: the
    /// course's DSATUR.
    SaturationStaticDegree,
}

/// A colouring method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Method {
    pub(crate) selection: Selection,
    pub(crate) colours: ColourOrder,
    /// Forward checking after each placement: a neighbour left with one
    /// colour is coloured at once, recursively; one left with none fails.
    pub(crate) propagate: bool,
}

/// The search state.
struct Search<'a> {
    graph: &'a ConstraintGraph,
    method: Method,
    /// Colour count (`side`).
    k: usize,
    full: u64,
    /// Colour of each vertex, 0 for none.
    colour: Vec<u8>,
    /// Colours on each vertex's neighbours, bit `c − 1` for colour `c`.
    used: Vec<u64>,
    /// Neighbours of `v` with colour `c`: `counts[v·k + c − 1]`.
    counts: Vec<u16>,
    /// Uncoloured neighbours of each vertex.
    free_degree: Vec<u16>,
    /// Vertices of each colour.
    usage: Vec<u32>,
    /// Vertices coloured by propagation, to undo on backtrack.
    trail: Vec<u32>,
    queue: Vec<u32>,
    tally: SearchTally<'a>,
}

impl<'a> Search<'a> {
    /// The state for `puzzle`, givens coloured.
    fn new(graph: &'a ConstraintGraph, method: Method, puzzle: &Grid, budget: &'a Budget, limit: u64) -> Search<'a> {
        let n = graph.vertex_count();
        let k = graph.shape().side();
        let mut search = Search {
            graph,
            method,
            k,
            full: sudokit_core::marks::all_digits(k),
            colour: vec![0; n],
            used: vec![0; n],
            counts: vec![0; n * k],
            free_degree: (0..n).map(|v| graph.degree(v) as u16).collect(),
            usage: vec![0; k],
            trail: Vec::new(),
            queue: Vec::new(),
            tally: SearchTally::new(budget, limit),
        };
        for (v, &value) in puzzle.values().iter().enumerate() {
            if value != 0 {
                search.assign(v, value);
            }
        }
        search
    }

    #[inline]
    fn available(&self, v: usize) -> u64 {
        self.graph.colours_of(v) & !self.used[v]
    }

    fn assign(&mut self, v: usize, c: u8) {
        self.colour[v] = c;
        self.usage[usize::from(c - 1)] += 1;
        let bit = 1 << (c - 1);
        let graph = self.graph;
        for &u in graph.neighbours(v) {
            let u = u as usize;
            let slot = u * self.k + usize::from(c - 1);
            self.counts[slot] += 1;
            if self.counts[slot] == 1 {
                self.used[u] |= bit;
            }
            self.free_degree[u] -= 1;
        }
    }

    fn unassign(&mut self, v: usize) {
        let c = self.colour[v];
        self.colour[v] = 0;
        self.usage[usize::from(c - 1)] -= 1;
        let bit = 1 << (c - 1);
        let graph = self.graph;
        for &u in graph.neighbours(v) {
            let u = u as usize;
            let slot = u * self.k + usize::from(c - 1);
            self.counts[slot] -= 1;
            if self.counts[slot] == 0 {
                self.used[u] &= !bit;
            }
            self.free_degree[u] += 1;
        }
    }

    /// Colours the uncoloured neighbours of the queued vertices that have a
    /// single colour left, until none has; `false` when a vertex has none.
    fn propagate(&mut self) -> bool {
        let graph = self.graph;
        while let Some(x) = self.queue.pop() {
            for &u in graph.neighbours(x as usize) {
                let u = u as usize;
                if self.colour[u] != 0 {
                    continue;
                }
                let available = self.available(u);
                if available == 0 {
                    self.queue.clear();
                    return false;
                }
                if available & (available - 1) == 0 {
                    self.assign(u, available.trailing_zeros() as u8 + 1);
                    self.trail.push(u as u32);
                    self.queue.push(u as u32);
                }
            }
        }
        true
    }

    /// Undoes the propagated colours down to `mark`.
    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let v = self.trail.pop().map_or(0, |v| v as usize);
            self.unassign(v);
        }
    }

    /// Propagates the givens' consequences, for the root of a search with
    /// propagation; `false` when the puzzle fails. A vertex left with one
    /// colour or none has coloured neighbours (every shape has at least four
    /// colours), so checking the neighbours of the coloured vertices finds
    /// them all.
    fn propagate_all(&mut self) -> bool {
        let coloured = (0..self.colour.len()).filter(|&v| self.colour[v] != 0);
        self.queue.extend(coloured.map(|v| v as u32));
        self.propagate()
    }

    /// The vertex to colour next, `None` when all are coloured.
    fn select(&self, from: usize) -> Option<usize> {
        let uncoloured = (0..self.colour.len()).filter(|&v| self.colour[v] == 0);
        match self.method.selection {
            Selection::Sequential => (from..self.colour.len()).find(|&v| self.colour[v] == 0),
            Selection::FewestColours => {
                let mut best: Option<(usize, u32)> = None;
                for v in uncoloured {
                    let n = self.available(v).count_ones();
                    if best.is_none_or(|(_, m)| n < m) {
                        best = Some((v, n));
                        if n == 0 {
                            break;
                        }
                    }
                }
                best.map(|(v, _)| v)
            }
            Selection::Saturation | Selection::SaturationStaticDegree => {
                let static_degree = self.method.selection == Selection::SaturationStaticDegree;
                let mut best: Option<(usize, (u32, usize))> = None;
                for v in uncoloured {
                    let tie = if static_degree { self.graph.degree(v) } else { usize::from(self.free_degree[v]) };
                    // Saturation: the colours ruled out, by a neighbour or
                    // by the vertex's list.
                    let key = ((self.full & !self.available(v)).count_ones(), tie);
                    if best.is_none_or(|(_, b)| key > b) {
                        best = Some((v, key));
                    }
                }
                best.map(|(v, _)| v)
            }
        }
    }

    /// The colours of `available` in the order to try them.
    /// (In a fixed array and its length: this runs at every node, and a
    /// side is at most 35.)
    fn colours(&self, available: u64) -> ([u8; 64], usize) {
        let mut colours = [0; 64];
        let mut len = 0;
        let mut bits = available;
        while bits != 0 {
            colours[len] = bits.trailing_zeros() as u8 + 1;
            len += 1;
            bits &= bits - 1;
        }
        if self.method.colours == ColourOrder::MostUsedFirst {
            colours[..len].sort_by_key(|&c| std::cmp::Reverse(self.usage[usize::from(c - 1)]));
        }
        (colours, len)
    }

    /// The recursive search from vertex `from` (used by the sequential
    /// order); returns whether to stop.
    fn search(&mut self, from: usize) -> Result<bool, StopReason> {
        self.tally.enter()?;
        let Some(v) = self.select(from) else {
            return Ok(self.tally.record(&self.colour));
        };
        let available = self.available(v);
        if available.count_ones() > 1 {
            self.tally.stats_mut().guesses += 1;
        }
        let (colours, len) = self.colours(available);
        for &c in &colours[..len] {
            let mark = self.trail.len();
            self.assign(v, c);
            let consistent = !self.method.propagate || {
                self.queue.push(v as u32);
                self.propagate()
            };
            if consistent && self.search(v + 1)? {
                return Ok(true);
            }
            self.undo(mark);
            self.unassign(v);
            self.tally.stats_mut().backtracks += 1;
        }
        Ok(false)
    }

    /// Runs to the end or to the limit.
    fn run(&mut self) -> Result<(), StopReason> {
        if self.tally.is_done() {
            return Ok(());
        }
        if self.method.propagate && !self.propagate_all() {
            // The root is still a node, and sees a spent budget.
            return self.tally.enter();
        }
        self.search(0).map(drop)
    }

    fn exhausted(&self, reason: StopReason) -> SolveError {
        self.tally.exhausted(reason, Grid::from_values(self.graph.shape(), &self.colour).ok())
    }
}

/// Solves `puzzle`, whose givens the caller checked against the rules
/// `graph` stands for, with `method`.
pub(crate) fn solve(
    graph: &ConstraintGraph,
    method: Method,
    puzzle: &Grid,
    budget: &Budget,
) -> Result<Solution, SolveError> {
    let mut search = Search::new(graph, method, puzzle, budget, 1);
    if let Err(reason) = search.run() {
        return Err(search.exhausted(reason));
    }
    search.tally.into_solution(puzzle.shape())
}

/// Counts the solutions of `puzzle` (checked as for [`solve`]) with
/// `method`, up to `limit`.
pub(crate) fn count(
    graph: &ConstraintGraph,
    method: Method,
    puzzle: &Grid,
    limit: u64,
    budget: &Budget,
) -> Result<u64, SolveError> {
    let mut search = Search::new(graph, method, puzzle, budget, limit);
    match search.run() {
        Ok(()) => Ok(search.tally.found()),
        Err(reason) => Err(search.exhausted(reason)),
    }
}

/// One greedy pass in index order: each uncoloured vertex takes its
/// smallest available colour, and a vertex with none ends the attempt.
pub(crate) fn greedy(graph: &ConstraintGraph, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
    puzzle.validate()?;
    let method = Method { selection: Selection::Sequential, colours: ColourOrder::Ascending, propagate: false };
    let mut search = Search::new(graph, method, puzzle, budget, 1);
    for v in 0..search.colour.len() {
        if search.colour[v] != 0 {
            continue;
        }
        if let Err(reason) = search.tally.enter() {
            return Err(search.exhausted(reason));
        }
        let available = search.available(v);
        if available == 0 {
            let best = Grid::from_values(graph.shape(), &search.colour).ok();
            return Err(search.tally.incomplete(best));
        }
        search.assign(v, available.trailing_zeros() as u8 + 1);
    }
    // The zero time limit and the cancel flag must stop even a puzzle with
    // nothing left to colour.
    if let Err(reason) = search.tally.check() {
        return Err(search.exhausted(reason));
    }
    search.tally.record(&search.colour);
    search.tally.into_solution(graph.shape())
}
