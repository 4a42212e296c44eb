//! Chains from one candidate (Sudoku Explainer's "Forcing Chains &
//! Cycles", 6.5 to 7.0 plus length): loops whose links hold both ways,
//! and chains from a candidate to its own negation, along one digit
//! (`x`), inside bivalue cells (`y`), or both.

use sudokit_core::{Digit, SearchTally, StopReason};

use super::super::speed::cache::ChainCache;
use super::super::speed::links::Links;
use super::super::speed::reach::Reach;
use super::hint::{Hint, Kind, SEED, Support, length_difficulty, removable_for, support_of};
use super::potentials::{Cause, Id, Node, Potentials, Walker};
use super::work::Work;

/// Every cycle and forcing chain of the grid, in Sudoku Explainer's order
/// of discovery: X-links first, then Y-links (cycles only), then both.
pub(crate) fn hints(work: &Work, tally: &mut SearchTally<'_>, cache: &ChainCache) -> Result<Vec<Hint>, StopReason> {
    search(work, false, tally, cache)
}

/// The hints among which the first of [`hints`] (sorted) is: searches
/// stop where no chain can beat the best found so far.
pub(crate) fn best(work: &Work, tally: &mut SearchTally<'_>, cache: &ChainCache) -> Result<Vec<Hint>, StopReason> {
    search(work, cache.accelerated, tally, cache)
}

/// A hint's rank, lowest first: difficulty, complexity, kind.
type Rank = (f64, usize, u8);

fn search(work: &Work, prune: bool, tally: &mut SearchTally<'_>, cache: &ChainCache) -> Result<Vec<Hint>, StopReason> {
    // The link and reach tables come kept per grid state.
    let tables = cache.tables.of(work);
    let pools = &cache.pools;
    let mut scratch = Scratch {
        pots: pools.potentials(work.nodes()),
        buffers: Buffers { walker: pools.walker(), accelerated: cache.accelerated, ..Buffers::default() },
    };
    let result = search_tables(work, (&tables.links, &tables.reach), prune, tally, &mut scratch);
    cache.tables.keep(tables);
    pools.recycle(scratch.pots);
    pools.give_back_walker(scratch.buffers.walker);
    result
}

/// [`search`] with the tables of `work`: one for the three kinds of
/// search, since what cannot chain or loop with both kinds of links cannot
/// with one.
fn search_tables(
    work: &Work,
    (links, reach): (&Links, &Reach),
    prune: bool,
    tally: &mut SearchTally<'_>,
    scratch: &mut Scratch,
) -> Result<Vec<Hint>, StopReason> {
    let Scratch { pots, buffers } = scratch;
    let mut result = Vec::new();
    let mut best: Option<Rank> = None;
    for modes in [(false, true), (true, false), (true, true)] {
        for cell in 0..work.len() {
            if work.cands(cell).len() < 2 {
                continue;
            }
            for digit in work.cands(cell).iter() {
                tally.enter()?;
                let before = result.len();
                let bound = best.filter(|_| prune);
                from_candidate(work, (links, reach), (pots, buffers), (cell, digit), modes, bound, &mut result);
                for h in &result[before..] {
                    let rank = (h.difficulty, h.complexity, h.sort_key);
                    if best.is_none_or(|b| rank < b) {
                        best = Some(rank);
                    }
                }
            }
        }
    }
    Ok(result)
}

/// The potentials and buffers of one [`search`].
struct Scratch {
    pots: Potentials,
    buffers: Buffers,
}

/// The layers of a breadth-first search, "on" and "off" potentials: each
/// is read whole while the next fills the other, so plain lists do, and
/// a search reuses them from one start to the next.
#[derive(Default)]
struct Buffers {
    on: Vec<Id>,
    off: Vec<Id>,
    /// Per node, whether it implies the start of the loops sought.
    closes: Vec<bool>,
    /// The ends of the loops found from a start.
    ends: Vec<Id>,
    seen: Seen,
    walker: Walker,
    /// Whether the searches keep to the reach tables' components.
    accelerated: bool,
}

/// What a loop's potentials see, to tell what it removes: most loops
/// found remove nothing, so this is asked more often than a hint is made.
#[derive(Default)]
struct Seen {
    /// Per candidate slot (`cell * side + digit index`): 1 when an "on"
    /// potential of the loop sees it, 2 when an "off" one does.
    marks: Vec<u8>,
    /// The slots marked, to clear.
    touched: Vec<(usize, Digit)>,
    /// Per cell, whether the loop goes through it.
    on_loop: Vec<bool>,
    /// The path of the loop looked at.
    path: Vec<Id>,
}

impl Seen {
    /// The candidates, outside the loop `body`, that an "on" and an
    /// "off" potential of the loop of their digit both see.
    fn removable(&mut self, work: &Work, pots: &Potentials, body: &[Id]) -> Vec<(usize, Digit)> {
        let side = work.side();
        self.marks.resize(work.len() * side, 0);
        self.on_loop.resize(work.len(), false);
        for &id in body {
            self.on_loop[work.decode(pots.node(id)).0] = true;
        }
        for &id in body {
            let (cell, digit, on) = work.decode(pots.node(id));
            for &c in work.peers(cell) {
                if self.on_loop[c] || !work.cands(c).contains(digit) {
                    continue;
                }
                let mark = &mut self.marks[c * side + digit.index()];
                if *mark == 0 {
                    self.touched.push((c, digit));
                }
                *mark |= if on { 1 } else { 2 };
            }
        }
        let mut out = Vec::new();
        for &(c, digit) in &self.touched {
            let mark = std::mem::take(&mut self.marks[c * side + digit.index()]);
            if mark == 3 {
                out.push((c, digit));
            }
        }
        self.touched.clear();
        for &id in body {
            self.on_loop[work.decode(pots.node(id)).0] = false;
        }
        out
    }
}

/// The cycles and forcing chains that start from `digit` in `cell`;
/// `pots` and `buffers` are scratch space.
fn from_candidate(
    work: &Work,
    (links, reach): (&Links, &Reach),
    (pots, buffers): (&mut Potentials, &mut Buffers),
    (cell, digit): (usize, Digit),
    (y, x): (bool, bool),
    bound: Option<Rank>,
    result: &mut Vec<Hint>,
) {
    // Whether a hint of this base and complexity could rank before the
    // bound.
    let wins = |base: f64, key: u8| {
        move |complexity: usize| bound.is_none_or(|b| (base + length_difficulty(complexity), complexity, key) < b)
    };
    let both = (y, x) == (true, true);
    let key = sort_key((y, x));
    if work.cands(cell).len() > 2 && !x {
        // A Y-cycle starts in a bivalue cell.
        return;
    }
    let on = work.node(cell, digit, true);
    let accelerated = buffers.accelerated;
    if !accelerated || reach.may_loop(on) {
        pots.clear();
        let source = pots.create(on, Cause::Assumed, &[]);
        pots.keep(source);
        buffers.closes.resize(links.nodes(), false);
        for_each_predecessor((links, reach), on, accelerated, |n| {
            buffers.closes[n as usize] = links.of(n, (y, x)).iter().any(|&(m, _)| m == on);
        });
        cycles((links, reach), pots, buffers, source, (y, x), wins(if both { 7.0 } else { 6.5 }, key));
        for_each_predecessor((links, reach), on, accelerated, |n| buffers.closes[n as usize] = false);
        let ends = std::mem::take(&mut buffers.ends);
        for &dst in &ends {
            if let Some(hint) = cycle_hint(work, pots, dst, (y, x), (&mut buffers.seen, &mut buffers.walker)) {
                result.push(hint);
            }
        }
        buffers.ends = ends;
    }
    if !x {
        return;
    }
    for assumed_on in [true, false] {
        let start = work.node(cell, digit, assumed_on);
        if accelerated && !reach.reaches(start, start ^ 1) {
            continue;
        }
        pots.clear();
        let source = pots.create(start, Cause::Assumed, &[]);
        pots.keep(source);
        if let Some(target) = forcing_chain(links, pots, source, y, wins(if both { 7.0 } else { 6.6 }, key)) {
            if let Some(hint) = chain_hint(work, pots, target, (y, x), &mut buffers.walker) {
                result.push(hint);
            }
        }
    }
}

/// Calls `visit` with every node that may imply `on`: its predecessors
/// in the reach tables, or every node when they are not `accelerated`.
fn for_each_predecessor((links, reach): (&Links, &Reach), on: Node, accelerated: bool, visit: impl FnMut(Node)) {
    if accelerated {
        reach.predecessors(on).for_each(visit);
    } else {
        (0..links.nodes() as Node).for_each(visit);
    }
}

/// Breadth-first, a layer of "on" potentials then a layer of "off" ones,
/// the potentials that bring `source` back on after at least four
/// layers: the ends of its loops, into `buffers.ends`.
/// A loop closing at `length` has `length` potentials; the search stops
/// at the length where `wins` says no loop can beat the best hint.
/// `buffers.closes` marks the nodes that imply `source`.
///
/// Every potential of a loop through `source` lies in its component of
/// the link graph, and what lies outside never leads back into it: the
/// search leaves those out, which changes neither the loops found nor the
/// parents of the potentials on them.
fn cycles(
    (links, reach): (&Links, &Reach),
    pots: &mut Potentials,
    buffers: &mut Buffers,
    source: Id,
    modes: (bool, bool),
    wins: impl Fn(usize) -> bool,
) {
    let source_node = pots.node(source);
    let home = reach.component(source_node);
    let Buffers { on: pending_on, off: pending_off, closes, ends: found, accelerated, .. } = buffers;
    let at_home = |n: Node| !*accelerated || reach.component(n) == home;
    found.clear();
    pending_on.clear();
    pending_on.push(source);
    pending_off.clear();
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        for &p in pending_on.iter() {
            for &(n, cause) in links.of(pots.node(p), modes) {
                if !at_home(n) {
                    continue;
                }
                if !pots.contains(n) {
                    pending_off.push(pots.add_kept(n, cause, p));
                    continue;
                }
                // A second path to a kept "off" leads nowhere new: the
                // kept one, queued first, turns on all it implies. It
                // matters only if it closes a loop back to the source, and
                // if its node is not already on the path.
                if closes[n as usize] && !pots.has_ancestor(p, n) {
                    pending_off.push(pots.add(n, cause, p));
                }
            }
        }
        pending_on.clear();
        length += 1;
        if !wins(length) {
            break;
        }
        for &p in pending_off.iter() {
            for &(n, cause) in links.of(pots.node(p), modes) {
                let cycle = length >= 4 && n == source_node;
                if cycle || (!pots.contains(n) && at_home(n)) {
                    let id = pots.add(n, cause, p);
                    if cycle {
                        found.push(id);
                    }
                    if pots.keep(id) {
                        pending_on.push(id);
                    }
                }
            }
        }
        pending_off.clear();
    }
}

/// The first potential, breadth-first, that is `source` negated: the end
/// of a chain from a candidate to its own negation.
/// A chain found from a potential `k` links from the start has `k + 2`
/// potentials; the search stops where `wins` says none can beat the best
/// hint.
fn forcing_chain(
    links: &Links,
    pots: &mut Potentials,
    source: Id,
    y: bool,
    wins: impl Fn(usize) -> bool,
) -> Option<Id> {
    let negated: Node = pots.node(source) ^ 1;
    // Layer by layer, "on" and "off" in turn: the potentials kept, in the
    // order kept, are the layers one after another, so they serve as the
    // queue.
    let (mut at, mut layer_end, mut depth) = (0, 0, 0);
    while at < pots.order().len() {
        if at == layer_end {
            if !wins(depth + 2) {
                return None;
            }
            depth += 1;
            layer_end = pots.order().len();
        }
        let p = pots.order()[at];
        at += 1;
        for &(n, cause) in links.of(pots.node(p), (y, true)) {
            if n == negated {
                return Some(pots.add(n, cause, p));
            }
            // Only a kept potential can be an ancestor, so a new one needs
            // no walk up the chain.
            if !pots.contains(n) {
                pots.add_kept(n, cause, p);
            }
        }
    }
    None
}

/// The first-parent path from `end` back to the chain's start.
fn path(pots: &Potentials, end: Id) -> Vec<Id> {
    let mut out = Vec::new();
    path_into(pots, end, &mut out);
    out
}

/// [`path`] into `out`, emptied first.
fn path_into(pots: &Potentials, end: Id, out: &mut Vec<Id>) {
    out.clear();
    out.push(end);
    let mut at = end;
    while let Some(&parent) = pots.parents(at).first() {
        out.push(parent);
        at = parent;
    }
}

fn sort_key((y, x): (bool, bool)) -> u8 {
    match (y, x) {
        (true, true) => 4,
        (true, false) => 3,
        _ => 2,
    }
}

/// The supports of a chain: the cause of every "on" potential on it but
/// the start, and with `offs` of every "off" one too (a cycle holds read
/// backwards, which turns its "off" potentials on).
fn path_supports(work: &Work, pots: &Potentials, path: &[Id], offs: bool) -> Vec<Support> {
    let mut out = Vec::new();
    for &id in &path[..path.len() - 1] {
        if !offs && pots.node(id) & 1 == 0 {
            continue;
        }
        if let Some(support) = support_of(work, pots, id, None).filter(|s| !out.contains(s)) {
            out.push(support);
        }
    }
    out
}

/// A loop ending at `dst` (on, like its start): each digit goes from every
/// cell that sees both an "on" and an "off" potential of it on the loop.
fn cycle_hint(
    work: &Work,
    pots: &Potentials,
    dst: Id,
    links: (bool, bool),
    (seen, walker): (&mut Seen, &mut Walker),
) -> Option<Hint> {
    // Most loops remove nothing: their path is walked in a kept buffer,
    // and copied only for a hint.
    let mut path = std::mem::take(&mut seen.path);
    path_into(pots, dst, &mut path);
    let removable = seen.removable(work, pots, &path[..path.len() - 1]);
    let hint = (!removable.is_empty()).then(|| loop_hint(work, pots, &path, removable, links, walker));
    seen.path = path;
    hint
}

/// The hint of a loop along `path` (from its end back to its start) that
/// removes `removable`.
fn loop_hint(
    work: &Work,
    pots: &Potentials,
    path: &[Id],
    mut removable: Vec<(usize, Digit)>,
    links: (bool, bool),
    walker: &mut Walker,
) -> Hint {
    let dst = path[0];
    removable.sort_unstable();
    let complexity = pots.ancestor_count(dst, walker);
    let base = if links == (true, true) { 7.0 } else { 6.5 };
    Hint {
        difficulty: base + length_difficulty(complexity),
        complexity,
        sort_key: sort_key(links),
        removable,
        placement: None,
        kind: Kind::Cycle { x: links.1, y: links.0 },
        nodes: path.iter().rev().skip(1).map(|&id| decoded(work, pots, id)).collect(),
        supports: path_supports(work, pots, path, true),
        signature: pots.signature(&[path[0]], SEED, walker),
        branches: Vec::new(),
    }
}

/// A chain from a candidate to `target`, its negation.
fn chain_hint(work: &Work, pots: &Potentials, target: Id, links: (bool, bool), walker: &mut Walker) -> Option<Hint> {
    let (cell, digit, on) = work.decode(pots.node(target));
    let mut removable = removable_for(work, cell, digit, on);
    if removable.is_empty() {
        return None;
    }
    removable.sort_unstable();
    let complexity = pots.ancestor_count(target, walker);
    let base = if links == (true, true) { 7.0 } else { 6.6 };
    let path = path(pots, target);
    Some(Hint {
        difficulty: base + length_difficulty(complexity),
        complexity,
        sort_key: sort_key(links),
        removable,
        placement: on.then_some((cell, digit)),
        kind: Kind::Chain { x: links.1, y: links.0 },
        nodes: path.iter().rev().map(|&id| decoded(work, pots, id)).collect(),
        supports: path_supports(work, pots, &path, false),
        signature: pots.signature(&[path[0]], SEED, walker),
        branches: Vec::new(),
    })
}

fn decoded(work: &Work, pots: &Potentials, id: Id) -> (usize, Digit) {
    let (cell, digit, _) = work.decode(pots.node(id));
    (cell, digit)
}
