//! The implications of one potential, and the propagation of a set of
//! assumptions to every potential they force, as Sudoku Explainer's
//! chaining computes them (its `getOnToOff`, `getOffToOn`, `doChaining`):
//! one branch of a forcing-chain search is one propagation.

use sudokit_core::{Digit, Relation, SearchTally, StopReason};
use sudokit_grid::Candidates;

use super::super::speed::pools::{Pools, Propagation, Queue, SumMemo};
use super::potentials::{Cause, Id, Node, Potentials};
use super::rule::Mode;
use super::sums::sum_removals;
use super::work::{State, Work, two_bits};

/// One branch: a candidate assumed on or off, the potentials it forces,
/// and its contradiction, if any.
#[derive(Debug)]
pub(crate) struct Branch {
    pub(crate) pots: Potentials,
    pub(crate) absurd: Option<(Id, Id)>,
}

impl Branch {
    /// The branch of `node` on `work` (left as it was), propagated as
    /// `mode` says with `advanced` when the singles run out.
    pub(crate) fn run(
        work: &mut Work,
        node: Node,
        mode: Mode,
        advanced: Option<&dyn Advanced>,
        tally: &mut SearchTally<'_>,
        pools: &Pools,
    ) -> Result<Branch, StopReason> {
        let mut pots = pools.potentials(work.nodes());
        let start = pots.create(node, Cause::Assumed, &[]);
        pots.keep(start);
        let absurd = propagate(work, &mut pots, mode, advanced, tally, pools)?;
        pots.mark_bits();
        Ok(Branch { pots, absurd })
    }
}

/// The techniques a propagation runs when its singles run out (nesting
/// level 1 and up): each removal found, with the candidates (removed
/// earlier in the branch) it relies on and the complexity of the nested
/// chain behind it, if it came from a chain.
pub(crate) trait Advanced {
    fn removals(&self, work: &mut Work, base: &State, tally: &mut SearchTally<'_>) -> Result<Vec<Removal>, StopReason>;
}

/// One removal found by a technique inside a branch.
#[derive(Clone, Debug)]
pub(crate) struct Removal {
    pub(crate) cell: usize,
    pub(crate) digit: Digit,
    pub(crate) parents: Vec<(usize, Digit)>,
    /// The nested chain behind it: its signature and complexity.
    pub(crate) nested: Option<(u64, usize)>,
}

/// The potentials "off" that `digit` in `cell` (on) implies, in Sudoku
/// Explainer's order: the cell's other candidates (when `y`), then the
/// other places of the digit in its box, row and column and, under a
/// variant, SukakuExplainer's: in its extra houses, then in the cells
/// bound to it, then the digits next to it in its non-consecutive
/// neighbours.
pub(crate) fn on_to_off(work: &Work, cell: usize, digit: Digit, y: bool, out: &mut Vec<(Node, Cause)>) {
    out.clear();
    push_on_to_off(work, cell, digit, y, out);
}

/// [`on_to_off`], appended to `out`.
pub(crate) fn push_on_to_off(work: &Work, cell: usize, digit: Digit, y: bool, out: &mut Vec<(Node, Cause)>) {
    if y {
        push_on_in_cell(work, cell, digit, out);
    }
    let homes = work.homes(cell);
    let bx = work.box_of(cell);
    for (i, &(u, _)) in homes.iter().enumerate() {
        let u = usize::from(u);
        let cells = work.unit(u);
        let mut places = work.places(u, digit);
        while places != 0 {
            let c = cells[places.trailing_zeros() as usize] as usize;
            places &= places - 1;
            // A cell of an earlier unit came with it: the box's first,
            // and a row and a column share no other cell.
            let first = match i {
                0 => true,
                1 | 2 => work.box_of(c) != bx,
                _ => !work.share_before(cell, c, u),
            };
            if c != cell && first {
                out.push((work.node(c, digit, false), Cause::Unit(u as u16)));
            }
        }
    }
    push_on_outside_units(work, cell, digit, out);
}

/// The first part of [`push_on_to_off`]: the cell's other candidates.
#[inline]
pub(crate) fn push_on_in_cell(work: &Work, cell: usize, digit: Digit, out: &mut Vec<(Node, Cause)>) {
    for d in (work.cands(cell) - Candidates::single(digit)).iter() {
        out.push((work.node(cell, d, false), Cause::Cell));
    }
}

/// The last part of [`push_on_to_off`]: the cells bound to `cell`, then
/// its non-consecutive neighbours.
#[inline]
pub(crate) fn push_on_outside_units(work: &Work, cell: usize, digit: Digit, out: &mut Vec<(Node, Cause)>) {
    for &(c, relation) in work.bound(cell) {
        if work.cands(usize::from(c)).contains(digit) {
            out.push((work.node(usize::from(c), digit, false), Cause::Bound(relation)));
        }
    }
    let neighbours = work.neighbours(cell);
    if neighbours.is_empty() {
        return;
    }
    let next = [digit.get().checked_add(1), digit.get().checked_sub(1)].map(|d| d.and_then(Digit::new));
    for &c in neighbours {
        for d in next.iter().flatten().filter(|d| d.index() < work.side()) {
            if work.cands(usize::from(c)).contains(*d) {
                out.push((work.node(usize::from(c), *d, false), Cause::Bound(Some(Relation::NonConsecutive))));
            }
        }
    }
}

/// The potentials "on" that `digit` in `cell` (off) implies: the cell's
/// other candidate if it has two (when `y`), the digit's other place in a
/// unit of the cell that has two (when `x`).
pub(crate) fn off_to_on(work: &Work, cell: usize, digit: Digit, links: (bool, bool), out: &mut Vec<(Node, Cause)>) {
    out.clear();
    push_off_to_on(work, cell, digit, links, out);
}

/// [`off_to_on`], appended to `out`.
pub(crate) fn push_off_to_on(
    work: &Work,
    cell: usize,
    digit: Digit,
    (y, x): (bool, bool),
    out: &mut Vec<(Node, Cause)>,
) {
    let start = out.len();
    if y && two_bits(work.cands(cell).bits()) {
        if let Some(other) = (work.cands(cell) - Candidates::single(digit)).first() {
            out.push((work.node(cell, other, true), Cause::Cell));
        }
    }
    if !x {
        return;
    }
    for &(u, _) in work.homes(cell) {
        let u = usize::from(u);
        let places = work.places(u, digit);
        if !two_bits(places) {
            continue;
        }
        let cells = work.unit(u);
        let (a, b) =
            (cells[places.trailing_zeros() as usize] as usize, cells[63 - places.leading_zeros() as usize] as usize);
        let n = work.node(if a == cell { b } else { a }, digit, true);
        if !out[start..].iter().any(|&(m, _)| m == n) {
            out.push((n, Cause::Unit(u as u16)));
        }
    }
}

/// The parents an "on" potential derived from `p` (off) gets in a dynamic
/// propagation: `p`, then the candidates of its cell (for a `Cell` cause)
/// or the places of its digit in its unit (for a `Unit` cause) removed
/// since `base`, the grid the propagation started from.
fn parents_of(work: &Work, base: &State, pots: &Potentials, p: Id, (node, cause): (Node, Cause), out: &mut Vec<Id>) {
    out.clear();
    out.push(p);
    let (cell, digit, _) = work.decode(node);
    match cause {
        Cause::Cell => {
            for d in (base.cands(cell) - work.cands(cell)).iter() {
                out.extend(pots.kept(work.node(cell, d, false)));
            }
        }
        Cause::Unit(u) => {
            let u = usize::from(u);
            let cells = work.unit(u);
            let mut gone = work.places_in(base, u, digit) & !work.places(u, digit);
            while gone != 0 {
                let k = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                out.extend(pots.kept(work.node(cells[k] as usize, digit, false)));
            }
        }
        Cause::Assumed | Cause::Bound(_) | Cause::Advanced(_) | Cause::Sum(_) => {}
    }
}

/// The candidates the sums of the `touched` cages take in a dynamic
/// branch, kept in `pots` and queued `off`; the contradiction, if one was
/// on.
fn sum_links(
    work: &Work,
    base: &State,
    pots: &mut Potentials,
    (off, touched): (&mut Queue, &mut [bool]),
    memo: &mut SumMemo,
) -> Option<(Id, Id)> {
    for removal in sum_removals(work, base, touched, memo) {
        let n = work.node(removal.cell, removal.digit, false);
        let conjugate = pots.kept(n | 1);
        if conjugate.is_none() && pots.contains(n) {
            continue;
        }
        let parents: Vec<Id> = removal.parents.iter().filter_map(|&(c, d)| pots.kept(work.node(c, d, false))).collect();
        let id = pots.create(n, Cause::Sum(removal.sum as u16), &parents);
        if let Some(conjugate) = conjugate {
            return Some((conjugate, id));
        }
        pots.keep(id);
        off.push_back(id);
    }
    None
}

/// Propagates the potentials kept in `pots` (the assumptions) to every
/// potential they force, keeping each in `pots` (Sudoku Explainer's
/// `doChaining`). Returns the first contradiction: a potential on and the
/// same off, one kept and one just derived. `work` is left as it was.
pub(crate) fn propagate(
    work: &mut Work,
    pots: &mut Potentials,
    mode: Mode,
    advanced: Option<&dyn Advanced>,
    tally: &mut SearchTally<'_>,
    pools: &Pools,
) -> Result<Option<(Id, Id)>, StopReason> {
    let base = work.save();
    let mut buffers = pools.propagation();
    let result = run(work, &base, pots, mode, advanced, tally, &mut buffers);
    pools.give_back(buffers);
    work.put_back(base);
    result
}

fn run(
    work: &mut Work,
    base: &State,
    pots: &mut Potentials,
    mode: Mode,
    advanced: Option<&dyn Advanced>,
    tally: &mut SearchTally<'_>,
    buffers: &mut Propagation,
) -> Result<Option<(Id, Id)>, StopReason> {
    let Propagation { on, off, offs, ons, parents, touched, sums: memo } = buffers;
    on.clear();
    off.clear();
    let sums = mode.dynamic && mode.y && !work.sum_links().is_empty();
    touched.clear();
    touched.resize(if sums { work.sum_links().len() } else { 0 }, false);
    for &id in pots.order() {
        if pots.node(id) % 2 == 1 { on.push_back(id) } else { off.push_back(id) }
    }
    loop {
        if let Some(p) = on.pop_front() {
            let (cell, digit, _) = work.decode(pots.node(p));
            on_to_off(work, cell, digit, mode.y, offs);
            for &(n, cause) in offs.iter() {
                if let Some(conjugate) = pots.kept(n | 1) {
                    let id = pots.create(n, cause, &[p]);
                    return Ok(Some((conjugate, id)));
                }
                if !pots.contains(n) {
                    let id = pots.create(n, cause, &[p]);
                    pots.keep(id);
                    off.push_back(id);
                }
            }
        } else if let Some(p) = off.pop_front() {
            let (cell, digit, _) = work.decode(pots.node(p));
            off_to_on(work, cell, digit, (mode.y, true), ons);
            for &(n, cause) in ons.iter() {
                let conjugate = pots.kept(n & !1);
                if conjugate.is_none() && pots.contains(n) {
                    continue;
                }
                // In a dynamic propagation, the candidates removed since
                // the start are parents too; the static ones remove none.
                if mode.dynamic {
                    parents_of(work, base, pots, p, (n, cause), parents);
                } else {
                    parents.clear();
                    parents.push(p);
                }
                let id = pots.create(n, cause, parents);
                if let Some(conjugate) = conjugate {
                    return Ok(Some((id, conjugate)));
                }
                pots.keep(id);
                on.push_back(id);
            }
            if mode.dynamic {
                work.remove(cell, digit);
                if sums {
                    work.sums_at(cell).iter().for_each(|&k| touched[usize::from(k)] = true);
                }
            }
        }
        if on.is_empty() && off.is_empty() && touched.contains(&true) {
            if let Some(absurd) = sum_links(work, base, pots, (off, touched), memo) {
                return Ok(Some(absurd));
            }
        }
        if on.is_empty() && off.is_empty() {
            let Some(rules) = advanced.filter(|_| mode.level > 0) else { break };
            tally.check()?;
            for removal in rules.removals(work, base, tally)? {
                let n = work.node(removal.cell, removal.digit, false);
                if pots.contains(n) {
                    continue;
                }
                let parents: Vec<Id> =
                    removal.parents.iter().filter_map(|&(c, d)| pots.kept(work.node(c, d, false))).collect();
                let nested = removal.nested.map(|chain| {
                    let known = pots.nested.iter().position(|&(s, _)| s == chain.0);
                    known.unwrap_or_else(|| {
                        pots.nested.push(chain);
                        pots.nested.len() - 1
                    }) as u32
                });
                let id = pots.create(n, Cause::Advanced(nested), &parents);
                pots.keep(id);
                off.push_back(id);
            }
            if off.is_empty() {
                break;
            }
        }
    }
    Ok(None)
}
