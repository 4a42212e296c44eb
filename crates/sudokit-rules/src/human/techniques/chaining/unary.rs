//! Chains from one candidate (Sudoku Explainer's "Forcing Chains &
//! Cycles", 6.5 to 7.0 plus length): loops whose links hold both ways,
//! and chains from a candidate to its own negation, along one digit
//! (`x`), inside bivalue cells (`y`), or both.

use std::collections::VecDeque;

use sudokit_core::{Digit, SearchTally, StopReason};

use super::hint::{Hint, Kind, SEED, Support, length_difficulty, removable_for};
use super::potentials::{Cause, Id, Node, Potentials};
use super::propagate::{On, off_to_on, on_to_off};
use super::work::Work;

/// Every cycle and forcing chain of the grid, in Sudoku Explainer's order
/// of discovery: X-links first, then Y-links (cycles only), then both.
pub(super) fn hints(work: &Work, tally: &mut SearchTally<'_>) -> Result<Vec<Hint>, StopReason> {
    let mut result = Vec::new();
    let mut pots = Potentials::new(work.nodes());
    let mut buffers = Buffers::default();
    for links in [(false, true), (true, false), (true, true)] {
        for cell in 0..work.len() {
            if work.cands(cell).len() < 2 {
                continue;
            }
            for digit in work.cands(cell).iter() {
                tally.enter()?;
                from_candidate(work, (&mut pots, &mut buffers), cell, digit, links, &mut result);
            }
        }
    }
    Ok(result)
}

/// Queues and lists a search reuses from one start to the next.
#[derive(Default)]
struct Buffers {
    on: VecDeque<Id>,
    off: VecDeque<Id>,
    offs: Vec<(Node, Cause)>,
    ons: Vec<On>,
    parents: Vec<Id>,
}

/// The cycles and forcing chains that start from `digit` in `cell`;
/// `pots` and `buffers` are scratch space.
fn from_candidate(
    work: &Work,
    (pots, buffers): (&mut Potentials, &mut Buffers),
    cell: usize,
    digit: Digit,
    (y, x): (bool, bool),
    result: &mut Vec<Hint>,
) {
    if work.cands(cell).len() > 2 && !x {
        // A Y-cycle starts in a bivalue cell.
        return;
    }
    let on = work.node(cell, digit, true);
    pots.clear();
    let source = pots.create(on, Cause::Assumed, &[]);
    pots.keep(source);
    for dst in cycles(work, pots, buffers, source, (y, x)) {
        if let Some(hint) = cycle_hint(work, pots, dst, (y, x)) {
            result.push(hint);
        }
    }
    if !x {
        return;
    }
    for assumed_on in [true, false] {
        pots.clear();
        let source = pots.create(work.node(cell, digit, assumed_on), Cause::Assumed, &[]);
        pots.keep(source);
        if let Some(target) = forcing_chain(work, pots, buffers, source, y) {
            if let Some(hint) = chain_hint(work, pots, target, (y, x)) {
                result.push(hint);
            }
        }
    }
}

/// Breadth-first, a layer of "on" potentials then a layer of "off" ones,
/// the potentials that bring `source` back on after at least four
/// layers: the ends of its loops.
fn cycles(work: &Work, pots: &mut Potentials, buffers: &mut Buffers, source: Id, links: (bool, bool)) -> Vec<Id> {
    let source_node = pots.node(source);
    let Buffers { on: pending_on, off: pending_off, offs, ons, parents } = buffers;
    pending_on.clear();
    pending_on.push_back(source);
    pending_off.clear();
    let mut found = Vec::new();
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        while let Some(p) = pending_on.pop_front() {
            on_to_off(work, pots, p, links.0, offs);
            for &(n, cause) in offs.iter() {
                if !pots.has_ancestor(p, n) {
                    let id = pots.create(n, cause, &[p]);
                    pending_off.push_back(id);
                    pots.keep(id);
                }
            }
        }
        length += 1;
        while let Some(p) = pending_off.pop_front() {
            off_to_on(work, None, pots, p, links, ons, parents);
            for on in ons.iter() {
                let n = on.node;
                let cycle = length >= 4 && n == source_node;
                if cycle || !pots.contains(n) {
                    let id = pots.create(n, on.cause, &parents[on.parents.0..on.parents.1]);
                    if cycle {
                        found.push(id);
                    }
                    if pots.keep(id) {
                        pending_on.push_back(id);
                    }
                }
            }
        }
    }
    found
}

/// The first potential, breadth-first, that is `source` negated: the end
/// of a chain from a candidate to its own negation.
fn forcing_chain(work: &Work, pots: &mut Potentials, buffers: &mut Buffers, source: Id, y: bool) -> Option<Id> {
    let negated: Node = pots.node(source) ^ 1;
    let Buffers { on: pending_on, off: pending_off, offs, ons, parents } = buffers;
    pending_on.clear();
    pending_off.clear();
    if negated & 1 == 0 {
        pending_on.push_back(source);
    } else {
        pending_off.push_back(source);
    }
    while !pending_on.is_empty() || !pending_off.is_empty() {
        while let Some(p) = pending_on.pop_front() {
            on_to_off(work, pots, p, y, offs);
            for &(n, cause) in offs.iter() {
                if n == negated {
                    return Some(pots.create(n, cause, &[p]));
                }
                if !pots.contains(n) && !pots.has_ancestor(p, n) {
                    let id = pots.create(n, cause, &[p]);
                    pots.keep(id);
                    pending_off.push_back(id);
                }
            }
        }
        while let Some(p) = pending_off.pop_front() {
            off_to_on(work, None, pots, p, (y, true), ons, parents);
            for on in ons.iter() {
                let id_parents = &parents[on.parents.0..on.parents.1];
                if on.node == negated {
                    return Some(pots.create(on.node, on.cause, id_parents));
                }
                if !pots.contains(on.node) {
                    let id = pots.create(on.node, on.cause, id_parents);
                    pots.keep(id);
                    pending_on.push_back(id);
                }
            }
        }
    }
    None
}

/// The first-parent path from `end` back to the chain's start.
fn path(pots: &Potentials, end: Id) -> Vec<Id> {
    let mut out = vec![end];
    let mut at = end;
    while let Some(&parent) = pots.parents(at).first() {
        out.push(parent);
        at = parent;
    }
    out
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
        let (cell, digit, on) = work.decode(pots.node(id));
        if !on && !offs {
            continue;
        }
        let support = match pots.cause(id) {
            Cause::Cell => Support::Cell(cell),
            Cause::Unit(u) => Support::Unit(usize::from(u), digit),
            _ => continue,
        };
        if !out.contains(&support) {
            out.push(support);
        }
    }
    out
}

/// A loop ending at `dst` (on, like its start): each digit goes from every
/// cell that sees both an "on" and an "off" potential of it on the loop.
fn cycle_hint(work: &Work, pots: &Potentials, dst: Id, links: (bool, bool)) -> Option<Hint> {
    let path = path(pots, dst);
    let body = &path[..path.len() - 1];
    let cells: Vec<usize> = body.iter().map(|&id| work.decode(pots.node(id)).0).collect();
    let (mut forward, mut backward) = (Vec::new(), Vec::new());
    for &id in body {
        let (cell, digit, on) = work.decode(pots.node(id));
        for c in work.house_cells(cell) {
            if !cells.contains(&c) && work.cands(c).contains(digit) {
                let side = if on { &mut forward } else { &mut backward };
                if !side.contains(&(c, digit)) {
                    side.push((c, digit));
                }
            }
        }
    }
    let mut removable: Vec<(usize, Digit)> = forward.into_iter().filter(|p| backward.contains(p)).collect();
    if removable.is_empty() {
        return None;
    }
    removable.sort_unstable();
    let complexity = pots.ancestor_count(dst);
    let base = if links == (true, true) { 7.0 } else { 6.5 };
    Some(Hint {
        difficulty: base + length_difficulty(complexity),
        complexity,
        sort_key: sort_key(links),
        removable,
        placement: None,
        kind: Kind::Cycle { x: links.1, y: links.0 },
        nodes: path.iter().rev().skip(1).map(|&id| decoded(work, pots, id)).collect(),
        supports: path_supports(work, pots, &path, true),
        signature: pots.signature(&[path[0]], SEED),
    })
}

/// A chain from a candidate to `target`, its negation.
fn chain_hint(work: &Work, pots: &Potentials, target: Id, links: (bool, bool)) -> Option<Hint> {
    let (cell, digit, on) = work.decode(pots.node(target));
    let mut removable = removable_for(work, cell, digit, on);
    if removable.is_empty() {
        return None;
    }
    removable.sort_unstable();
    let complexity = pots.ancestor_count(target);
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
        signature: pots.signature(&[path[0]], SEED),
    })
}

fn decoded(work: &Work, pots: &Potentials, id: Id) -> (usize, Digit) {
    let (cell, digit, _) = work.decode(pots.node(id));
    (cell, digit)
}
