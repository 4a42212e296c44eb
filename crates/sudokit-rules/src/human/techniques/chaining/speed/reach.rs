//! Which potentials each potential reaches along the links of a grid,
//! for every start at once: the strongly connected components of the
//! link graph (Tarjan's algorithm), each with the bit set of what it
//! reaches, filled in reverse topological order.
//!
//! The searches for chains from one candidate ask it before walking: a
//! chain from a candidate to its negation needs the negation reached, a
//! loop needs its start in a component with more than the start. Most
//! candidates start neither, and one question here costs less than one
//! breadth-first search. The answers are exact for the links the table
//! was built from, and "maybe" for any subset of them.

use super::super::rules::potentials::Node;
use super::links::Links;

const NONE: u32 = u32::MAX;

/// The links of both kinds, inside cells and along digits.
const BOTH: (bool, bool) = (true, true);

/// Link graphs of more nodes get no rows (they grow with the square of
/// the nodes), and every question of reach about them answers "maybe";
/// their components still answer for loops. A 9×9 grid has at most 1 458
/// nodes, a 16×16 one 8 192.
const MAX_NODES: usize = 4096;

/// The links of one kind, their components and their reachability
/// table. Nodes are numbered by their rank among the grid's candidates'
/// nodes.
#[derive(Debug, Default)]
pub(crate) struct Reach {
    /// Whether the rows are filled; when not, every question of reach
    /// answers "maybe".
    filled: bool,
    /// The components closed so far.
    components: u32,
    /// Per node, its rank, or [`NONE`] for nodes of no candidate.
    rank: Vec<u32>,
    /// Per rank, its node.
    nodes: Vec<Node>,
    /// Per rank, the ranks it links to: `succ[succ_start[i]..succ_start[i + 1]]`.
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    /// Per rank, its component.
    component: Vec<u32>,
    /// Words per row of `rows`.
    words: usize,
    /// Per component, the bit set (by rank) of what its nodes reach.
    rows: Vec<u64>,
    tarjan: Tarjan,
}

/// The working lists of Tarjan's algorithm, kept between calls.
#[derive(Debug, Default)]
struct Tarjan {
    /// Per rank, when it was visited ([`NONE`]: not yet).
    visited: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u32>,
    /// The depth-first path: a rank and the next of its links to follow.
    path: Vec<(u32, u32)>,
    /// Per component, the last component whose row took its row in.
    merged: Vec<u32>,
}

impl Reach {
    /// Fills the table for the links of both kinds of `links` (see
    /// [`Links::of`]), keeping the buffers. The links of one kind are
    /// among them, so the answers hold as "maybe" for those too.
    pub(crate) fn build(&mut self, links: &Links) {
        let present = links.present();
        let n = present.len();
        self.rank.clear();
        self.rank.resize(links.nodes(), NONE);
        for (i, &node) in present.iter().enumerate() {
            self.rank[node as usize] = i as u32;
        }
        self.succ_start.clear();
        self.succ.clear();
        // Every link leads to a candidate's potential, which has a rank.
        for &node in present {
            self.succ_start.push(self.succ.len() as u32);
            self.succ.extend(links.of(node, BOTH).iter().map(|&(m, _)| self.rank[m as usize]));
        }
        debug_assert!(!self.succ.contains(&NONE), "links lead to candidates");
        self.succ_start.push(self.succ.len() as u32);
        debug_assert!(self.is_skew_symmetric(), "every link holds read backwards and negated");
        self.nodes.clear();
        self.nodes.extend_from_slice(present);
        self.filled = n <= MAX_NODES;
        self.words = n.div_ceil(64).max(1);
        self.close(n);
    }

    /// Tarjan's algorithm without recursion; with rows, each component's
    /// row is filled as it closes, after those of every component it
    /// reaches.
    fn close(&mut self, n: usize) {
        self.component.clear();
        self.component.resize(n, NONE);
        self.components = 0;
        self.rows.clear();
        if self.filled {
            // A row per component, at most one per node: sized once, as
            // rows are filled one after another.
            self.rows.resize(n * self.words, 0);
        }
        let t = &mut self.tarjan;
        t.visited.clear();
        t.visited.resize(n, NONE);
        t.low.clear();
        t.low.resize(n, 0);
        t.stack.clear();
        t.merged.clear();
        let mut clock = 0;
        for root in 0..n as u32 {
            if self.tarjan.visited[root as usize] != NONE {
                continue;
            }
            self.enter(root, &mut clock);
            while let Some(&(v, mut next)) = self.tarjan.path.last() {
                let vi = v as usize;
                // The links of `v` up to the first to a node not visited
                // yet, which the path goes down to.
                let end = self.succ_start[vi + 1];
                let mut down = None;
                while next < end {
                    let w = self.succ[next as usize];
                    next += 1;
                    let visited = self.tarjan.visited[w as usize];
                    if visited == NONE {
                        down = Some(w);
                        break;
                    }
                    if self.component[w as usize] == NONE {
                        // Visited and in no component yet: on the stack.
                        self.tarjan.low[vi] = self.tarjan.low[vi].min(visited);
                    }
                }
                if let Some(w) = down {
                    self.tarjan.path.last_mut().expect("not empty").1 = next;
                    self.enter(w, &mut clock);
                    continue;
                }
                self.tarjan.path.pop();
                if let Some(&(u, _)) = self.tarjan.path.last() {
                    let low = self.tarjan.low[vi];
                    let up = &mut self.tarjan.low[u as usize];
                    *up = (*up).min(low);
                }
                if self.tarjan.low[vi] == self.tarjan.visited[vi] {
                    self.close_component(v);
                }
            }
        }
    }

    fn enter(&mut self, v: u32, clock: &mut u32) {
        let t = &mut self.tarjan;
        t.visited[v as usize] = *clock;
        t.low[v as usize] = *clock;
        *clock += 1;
        t.stack.push(v);
        t.path.push((v, self.succ_start[v as usize]));
    }

    /// Pops the component rooted at `root` off the stack and fills its
    /// row: its own nodes, and the rows of the components they link to.
    fn close_component(&mut self, root: u32) {
        let c = self.components;
        self.components += 1;
        let mut from = self.tarjan.stack.len();
        loop {
            from -= 1;
            let m = self.tarjan.stack[from];
            self.component[m as usize] = c;
            if m == root {
                break;
            }
        }
        if self.filled {
            self.fill_row(c, from);
        }
        self.tarjan.stack.truncate(from);
    }

    /// The row of component `c`, whose nodes are on the stack from `from`.
    fn fill_row(&mut self, c: u32, from: usize) {
        let words = self.words;
        self.tarjan.merged.push(NONE);
        let (done, rest) = self.rows.split_at_mut(c as usize * words);
        let row = &mut rest[..words];
        for &m in &self.tarjan.stack[from..] {
            row[m as usize / 64] |= 1 << (m % 64);
            for k in self.succ_start[m as usize]..self.succ_start[m as usize + 1] {
                let w = self.succ[k as usize] as usize;
                // A node that implies nothing reaches only itself: one bit
                // instead of its row (about half the links lead there).
                if self.succ_start[w] == self.succ_start[w + 1] {
                    row[w / 64] |= 1 << (w % 64);
                    continue;
                }
                let other = self.component[w];
                if other == c || self.tarjan.merged[other as usize] == c {
                    continue;
                }
                self.tarjan.merged[other as usize] = c;
                let source = &done[other as usize * words..(other as usize + 1) * words];
                for (into, &bits) in row.iter_mut().zip(source) {
                    *into |= bits;
                }
            }
        }
    }

    /// The ranks `r` links to.
    fn successors(&self, r: u32) -> &[u32] {
        &self.succ[self.succ_start[r as usize] as usize..self.succ_start[r as usize + 1] as usize]
    }

    /// The ranks that link to `r`. A link from `a` to `b` holds read
    /// backwards and negated (`b` false implies `a` false), and the two
    /// nodes of a candidate have neighbouring ranks, so these are the
    /// negations of what the negation of `r` links to.
    fn predecessors_rank(&self, r: u32) -> impl Iterator<Item = u32> + '_ {
        self.successors(r ^ 1).iter().map(|&j| j ^ 1)
    }

    /// The nodes that link to `node` (with each, maybe others).
    pub(crate) fn predecessors(&self, node: Node) -> impl Iterator<Item = Node> + '_ {
        let r = self.rank[node as usize];
        let span = if r == NONE { &[][..] } else { self.successors(r ^ 1) };
        span.iter().map(|&j| self.nodes[j as usize ^ 1])
    }

    /// Whether every link `a → b` comes with `¬b → ¬a`, which
    /// [`predecessors`](Self::predecessors) relies on.
    fn is_skew_symmetric(&self) -> bool {
        let n = self.succ_start.len() - 1;
        (0..n as u32).all(|a| self.successors(a).iter().all(|&b| self.successors(b ^ 1).contains(&(a ^ 1))))
    }

    /// Whether `to` may be reached from `from` by one link or more; true
    /// whenever the table is not filled.
    pub(crate) fn reaches(&self, from: Node, to: Node) -> bool {
        if !self.filled {
            return true;
        }
        let (f, t) = (self.rank[from as usize], self.rank[to as usize]);
        f != NONE && t != NONE && self.reaches_rank(f, t)
    }

    fn reaches_rank(&self, f: u32, t: u32) -> bool {
        let row = self.component[f as usize] as usize * self.words;
        self.rows[row + t as usize / 64] >> (t % 64) & 1 == 1
    }

    /// The component of `node`, a potential of the grid's candidates: two
    /// potentials on a loop share one.
    #[inline]
    pub(crate) fn component(&self, node: Node) -> u32 {
        self.component[self.rank[node as usize] as usize]
    }

    /// Whether some potential may be reached from every one of `starts`,
    /// each counted as reaching itself; true whenever the rows are not
    /// filled.
    pub(crate) fn may_share(&self, starts: &[Node]) -> bool {
        if !self.filled {
            return true;
        }
        if starts.iter().any(|&s| self.rank[s as usize] == NONE) {
            return false;
        }
        let row_start = |node: Node| self.component[self.rank[node as usize] as usize] as usize * self.words;
        // Where each start's row begins, listed on the stack: the question
        // is asked for every cell and region, and most rows share nothing
        // word by word after two starts.
        let mut rows = [0; 16];
        if starts.len() > rows.len() {
            return (0..self.words)
                .any(|w| starts.iter().fold(u64::MAX, |acc, &s| acc & self.rows[row_start(s) + w]) != 0);
        }
        for (row, &s) in rows.iter_mut().zip(starts) {
            *row = row_start(s);
        }
        let rows = &rows[..starts.len()];
        (0..self.words).any(|w| {
            let mut acc = u64::MAX;
            for &row in rows {
                acc &= self.rows[row + w];
                if acc == 0 {
                    return false;
                }
            }
            true
        })
    }

    /// Whether `start` may lie on a loop of four potentials or more: some
    /// potential other than itself implies one that implies it, and it
    /// reaches that potential (they share a component, as the potential
    /// reaches `start`).
    pub(crate) fn may_loop(&self, start: Node) -> bool {
        let s = self.rank[start as usize];
        if s == NONE {
            return false;
        }
        let home = self.component[s as usize];
        self.predecessors_rank(s)
            .any(|x| self.predecessors_rank(x).any(|y| y != s && self.component[y as usize] == home))
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::rules::work::Work;
    use super::*;
    use crate::human::position::Position;

    /// Every node reached from `from` by one link or more, walked.
    fn walk(links: &Links, from: Node) -> Vec<bool> {
        let mut seen = vec![false; links.nodes()];
        let mut queue = vec![from];
        while let Some(node) = queue.pop() {
            for &(next, _) in links.of(node, BOTH) {
                if !std::mem::replace(&mut seen[next as usize], true) {
                    queue.push(next);
                }
            }
        }
        seen
    }

    #[test]
    fn reach_loops_and_shares_agree_with_walks() {
        let puzzles = [
            // The first puzzles of `puzzles/norvig_hardest.txt` and
            // `puzzles/magictour_top1465.txt`, as given.
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ];
        for puzzle in puzzles {
            let position = Position::new(&puzzle.parse().expect("a valid grid")).expect("a valid puzzle");
            let work = Work::new(&position);
            let mut links = Links::default();
            links.build(&work);
            let mut reach = Reach::default();
            reach.build(&links);
            let present = links.present();
            assert!(present.len() > 400, "a grid of many candidates");
            for &s in present {
                let seen = walk(&links, s);
                for &t in present.iter().filter(|&&t| t != s) {
                    assert_eq!(reach.reaches(s, t), seen[t as usize], "{s} to {t} in {puzzle}");
                }
                let closes =
                    |y: Node| links.of(y, BOTH).iter().any(|&(x, _)| links.of(x, BOTH).iter().any(|l| l.0 == s));
                let looped = present.iter().any(|&y| y != s && seen[y as usize] && closes(y));
                assert_eq!(reach.may_loop(s), looped, "loops through {s} in {puzzle}");
            }
            // The "on" nodes of each cell's candidates, as a cell forcing
            // chain starts from them.
            for cell in 0..work.len() {
                let starts: Vec<Node> = work.cands(cell).iter().map(|d| work.node(cell, d, true)).collect();
                if starts.len() < 2 {
                    continue;
                }
                let walks: Vec<Vec<bool>> = starts.iter().map(|&s| walk(&links, s)).collect();
                let shared = present.iter().any(|&n| starts.iter().zip(&walks).all(|(&s, w)| n == s || w[n as usize]));
                assert_eq!(reach.may_share(&starts), shared, "cell {cell} in {puzzle}");
            }
        }
    }
}
