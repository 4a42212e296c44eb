//! Forcing chains from several assumptions (Sudoku Explainer's Nishio,
//! multiple and dynamic forcing chains and their nested levels): a
//! candidate on or off leads to a contradiction, both lead to the same
//! conclusion, or every candidate of a cell, or every place of a digit
//! in a unit, leads to the same conclusion.

use std::cell::RefCell;
use std::sync::Arc;

use sudokit_core::{Digit, SearchTally, StopReason};

use super::super::speed::along_digit::may_contradict;
use super::super::speed::cache::ChainCache;
use super::super::speed::closure::Closures;
use super::super::speed::shared::Footprint;
use super::super::speed::shares::Shares;
use super::super::speed::tables::Tables;
use super::hint::{Hint, Kind, SEED, Support, length_difficulty, removable_for, sort_and_dedup_by, supports, written};
use super::potentials::{Id, Node, Potentials, Walker};
use super::propagate::{Advanced, Branch};
use super::rule::Rule;
use super::work::{MAX_MASK_SIDE, Work};

/// A hint and where its chains end, from which its supports and
/// signature (in a nested search) or its branches written out (for the
/// step) are walked: only for the hints left after sorting, a tenth of
/// those found (most repeat what an easier one removes).
struct Found {
    hint: Hint,
    ends: Option<Ends>,
}

/// Where the chains of a hint end; a branch is named by its start node.
enum Ends {
    /// A contradiction (both ends in one branch) or a double chain (the
    /// candidate on, then off).
    Pair([(Node, Id); 2]),
    /// A cell or region chain: `target` in each of `branches`, which
    /// start from `assumed`.
    Common { branches: Vec<Node>, target: Node, assumed: Support },
}

/// What the hints of [`hints`] carry beyond their conclusion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Carry {
    /// Nothing: the hints as found, unsorted.
    Nothing,
    /// The supports and signature each needs inside a chain around it.
    Supports,
    /// The first hint only, with its branches written out for a step.
    Branches,
}

/// An "on" branch of a search: run, or only the set of its potentials
/// known (see [`Closures`]), until a hint needs its chains.
enum OnBranch {
    Run(Arc<Branch>),
    /// The set, at this offset of [`Search::closed`].
    Closed(usize),
}

/// The branches of one search, computed once each.
struct Search<'a, 't, 'b> {
    rule: Rule,
    advanced: Option<&'a dyn Advanced>,
    tally: &'t mut SearchTally<'b>,
    cache: &'a ChainCache,
    walker: RefCell<Walker>,
    on_branches: Vec<Option<OnBranch>>,
    /// Unless hints carry nothing, the "off" branches that hints end in,
    /// by slot.
    off_branches: Vec<Option<Arc<Branch>>>,
    /// For a search nested in a branch, without techniques inside its
    /// own: where its grid differs from the position's, whose branches
    /// it takes where they read none of it
    /// ([`SharedBranches::shared`](super::super::speed::shared::SharedBranches::shared)).
    changes: Option<Footprint>,
    /// What hints carry beyond their conclusion.
    carry: Carry,
    /// For Nishio, the cells of each digit (see [`may_contradict`]).
    places: Option<[u128; MAX_MASK_SIDE]>,
    /// For the static rules, what each candidate's branch reaches: a
    /// branch of the grid as it stands is the set of what its assumption
    /// reaches along the links (of both kinds), or less when it meets a
    /// contradiction.
    tables: Option<Box<Tables>>,
    /// Instead of the tables, what they say of the cell and region chains
    /// of a state met before.
    shares: Option<Arc<Shares>>,
    /// For the dynamic rules at level 0, the sets of their branches,
    /// computed before (and most often instead of) the branches.
    closures: Option<Closures>,
    /// The sets of the "on" branches closed, one after another.
    closed: Vec<u64>,
    /// The set of the last "off" branch closed.
    closed_off: Vec<u64>,
    /// Branches run already, by node (see `spread`), each taken once.
    ready: Vec<Option<Arc<Branch>>>,
}

impl Search<'_, '_, '_> {
    fn branch(&mut self, work: &mut Work, node: Node) -> Result<Arc<Branch>, StopReason> {
        self.tally.enter()?;
        self.run(work, node)
    }

    /// [`branch`](Self::branch) for a branch entered already.
    fn run(&mut self, work: &mut Work, node: Node) -> Result<Arc<Branch>, StopReason> {
        if let Some(branch) = self.ready.get_mut(node as usize).and_then(Option::take) {
            return Ok(branch);
        }
        let (cache, mode) = (self.cache, self.rule.mode());
        if let Some(changes) = &self.changes {
            if let Some(shared) = cache.shared.shared(node, mode, changes, self.tally, &cache.pools)? {
                return Ok(shared);
            }
        }
        Ok(Arc::new(Branch::run(work, node, mode, self.advanced, self.tally, &cache.pools)?))
    }

    /// Gives the memory of `branch` back, unless another search shares it.
    fn recycle(&self, branch: Arc<Branch>) {
        if let Ok(branch) = Arc::try_unwrap(branch) {
            self.cache.pools.recycle(branch.pots);
        }
    }

    /// The branch of `node` (on), computed the first time it is asked:
    /// only its set, where [`Closures`] applies and it meets no
    /// contradiction.
    fn on_branch(&mut self, work: &mut Work, node: Node) -> Result<(), StopReason> {
        let slot = node as usize / 2;
        if self.on_branches[slot].is_some() {
            return Ok(());
        }
        self.tally.enter()?;
        let at = self.closed.len();
        let closed = self.closures.as_mut().is_some_and(|closures| closures.close(work, node, &mut self.closed));
        let branch = if closed { OnBranch::Closed(at) } else { OnBranch::Run(self.run(work, node)?) };
        self.on_branches[slot] = Some(branch);
        Ok(())
    }

    /// Runs the branch of `node` (on) if only its set is known.
    fn run_on(&mut self, work: &mut Work, node: Node) -> Result<(), StopReason> {
        let slot = node as usize / 2;
        if let Some(OnBranch::Closed(_)) = self.on_branches[slot] {
            let branch = self.run(work, node)?;
            debug_assert!(branch.absurd.is_none(), "a closed branch meets no contradiction");
            self.on_branches[slot] = Some(OnBranch::Run(branch));
        }
        Ok(())
    }

    /// The "off" branch of `node`, unless its set says it gives no hint:
    /// it meets no contradiction and shares nothing with `on`'s branch
    /// (`None` for no double chain).
    fn off_branch(&mut self, work: &mut Work, node: Node, on: Option<Node>) -> Result<Option<Arc<Branch>>, StopReason> {
        let Some(closures) = &mut self.closures else { return self.branch(work, node).map(Some) };
        self.tally.enter()?;
        self.closed_off.clear();
        if closures.close(work, node, &mut self.closed_off) {
            let shares = on.is_some_and(|on| meet(self.bits(on), &self.closed_off));
            if !shares {
                return Ok(None);
            }
        }
        self.run(work, node).map(Some)
    }

    /// The set of potentials of the branch of `node` (on).
    fn bits(&self, node: Node) -> &[u64] {
        match self.on_branches[node as usize / 2].as_ref().expect("computed before use") {
            OnBranch::Run(branch) => branch.pots.kept_bits(),
            OnBranch::Closed(at) => &self.closed[*at..*at + self.closures.as_ref().map_or(0, Closures::words)],
        }
    }

    /// The contradiction the branch of `node` (on) meets, if any.
    fn absurd(&self, node: Node) -> Option<(Id, Id)> {
        match self.on_branches[node as usize / 2].as_ref().expect("computed before use") {
            OnBranch::Run(branch) => branch.absurd,
            OnBranch::Closed(_) => None,
        }
    }

    /// Whether the branches of `starts`, those of `chain`, may imply a
    /// potential in common.
    fn may_share(&self, chain: Kind, starts: &[Node]) -> bool {
        match (&self.shares, chain) {
            (Some(shares), Kind::Cell { cell }) => shares.cell(cell),
            (Some(shares), Kind::Region { unit, digit }) => shares.region(unit, digit),
            _ => self.tables.as_ref().is_none_or(|tables| tables.reach.may_share(starts)),
        }
    }

    /// The branch of `node` (on), run.
    fn get(&self, node: Node) -> &Branch {
        match self.on_branches[node as usize / 2].as_ref().expect("computed before use") {
            OnBranch::Run(branch) => branch,
            OnBranch::Closed(_) => panic!("a branch a hint comes from is run"),
        }
    }

    /// The potentials of the branch that starts from `node`, on or off.
    fn pots_of(&self, node: Node) -> &Potentials {
        if node & 1 == 1 {
            return &self.get(node).pots;
        }
        &self.off_branches[node as usize / 2].as_ref().expect("kept for its hints").pots
    }

    /// `hint` with its `ends`, kept unless nobody walks them.
    fn found(&self, hint: Hint, ends: impl FnOnce() -> Ends) -> Found {
        Found { hint, ends: (self.carry != Carry::Nothing).then(ends) }
    }

    /// The ends of `found`'s hint: the branch each chain runs in (by its
    /// start node) and the potential it ends in.
    fn chain_ends(&self, found: &Found) -> Vec<(Node, Id)> {
        match found.ends.as_ref().expect("the search keeps the ends") {
            Ends::Pair(ends) => ends.to_vec(),
            Ends::Common { branches, target, .. } => branches
                .iter()
                .map(|&b| (b, self.pots_of(b).kept(*target).expect("every branch holds the target")))
                .collect(),
        }
    }

    /// `found`'s hint with its branches written out.
    fn written(&self, found: Found) -> Hint {
        let walker = &mut *self.walker.borrow_mut();
        let branches =
            self.chain_ends(&found).into_iter().map(|(b, id)| written(self.pots_of(b), id, walker)).collect();
        Hint { branches, ..found.hint }
    }

    /// Fills in the supports and signature of `found`'s hint.
    fn finish(&self, work: &Work, found: Found) -> Hint {
        let Found { mut hint, ends } = found;
        let (mut all, mut signature) = (Vec::new(), SEED);
        let walker = &mut *self.walker.borrow_mut();
        match ends.expect("the search keeps the ends") {
            Ends::Pair(ends) => {
                for (branch, id) in ends {
                    let pots = self.pots_of(branch);
                    supports(work, pots, &[id], None, (&mut all, walker));
                    signature = pots.signature(&[id], signature, walker);
                }
            }
            Ends::Common { branches, target, assumed } => {
                for &b in &branches {
                    let pots = self.pots_of(b);
                    let id = pots.kept(target).expect("every branch holds the target");
                    supports(work, pots, &[id], Some(assumed), (&mut all, walker));
                    signature = pots.signature(&[id], signature, walker);
                }
            }
        }
        hint.supports = all;
        hint.signature = signature;
        hint
    }
}

/// Every hint of `rule` on `work`, in Sudoku Explainer's order of
/// discovery (cells row by row; per candidate its contradictions, its
/// double chains and its region chains; then the cell's chains).
///
/// The hints come sorted and without repeats (see [`sort_and_dedup_by`])
/// unless `carry` is [`Carry::Nothing`]; they carry what `carry` asks.
/// `ready` holds, by node, branches run already (or nothing).
pub(crate) fn hints(
    work: &mut Work,
    (rule, advanced): (Rule, Option<&dyn Advanced>),
    carry: Carry,
    tally: &mut SearchTally<'_>,
    cache: &ChainCache,
    ready: Vec<Option<Arc<Branch>>>,
) -> Result<Vec<Hint>, StopReason> {
    let nested = carry == Carry::Supports;
    let accelerated = cache.accelerated;
    let on_branches = (0..work.nodes() / 2).map(|_| None).collect();
    let off_branches = if carry != Carry::Nothing { (0..work.nodes() / 2).map(|_| None).collect() } else { Vec::new() };
    let static_alone = !rule.dynamic && advanced.is_none() && accelerated;
    let shares = if static_alone { cache.known_shares(work.all_cands()) } else { None };
    let tables = (static_alone && shares.is_none()).then(|| cache.tables.of(work));
    let places = if rule.nishio && accelerated { work.digit_planes() } else { None };
    // The accelerators below propagate without the cages' sums.
    let plain = advanced.is_none() && work.sum_links().is_empty();
    let changes = if nested && plain && accelerated { cache.shared.changes(work) } else { None };
    let walker = RefCell::new(cache.pools.walker());
    let closures = (rule.dynamic && !rule.nishio && plain && accelerated).then(|| Closures::new(work));
    let mut search = Search {
        rule,
        advanced,
        tally,
        cache,
        walker,
        on_branches,
        off_branches,
        changes,
        carry,
        places,
        tables,
        shares,
        closures: closures.flatten(),
        closed: Vec::new(),
        closed_off: Vec::new(),
        ready,
    };
    let result = search_cells(work, &mut search);
    if let Some(tables) = search.tables.take() {
        cache.tables.keep(tables);
    }
    let hints = result.map(|found| {
        if carry == Carry::Nothing {
            return found.into_iter().map(|f| f.hint).collect();
        }
        // Sorted as the caller will sort them, and the same hints dropped,
        // before the chains of the rest are walked.
        let kept = sort_and_dedup_by(found, |f| &f.hint);
        match carry {
            Carry::Supports => kept.into_iter().map(|f| search.finish(work, f)).collect(),
            _ => kept.into_iter().take(1).map(|f| search.written(f)).collect(),
        }
    });
    let on_branches = std::mem::take(&mut search.on_branches).into_iter().flatten().filter_map(|b| match b {
        OnBranch::Run(branch) => Some(branch),
        OnBranch::Closed(_) => None,
    });
    let unused = std::mem::take(&mut search.ready).into_iter().flatten();
    for branch in on_branches.chain(std::mem::take(&mut search.off_branches).into_iter().flatten()).chain(unused) {
        search.recycle(branch);
    }
    cache.pools.give_back_walker(search.walker.into_inner());
    hints
}

/// The cells of [`hints`], in order.
fn search_cells(work: &mut Work, search: &mut Search<'_, '_, '_>) -> Result<Vec<Found>, StopReason> {
    let rule = search.rule;
    let mut result = Vec::new();
    for cell in 0..work.len() {
        let count = work.cands(cell).len();
        if !(count > 2 || (count > 1 && rule.dynamic)) {
            continue;
        }
        let digits = work.cands(cell);
        for digit in digits.iter() {
            binary(work, search, cell, digit, count, &mut result)?;
            if !rule.nishio {
                regions(work, search, cell, digit, &mut result)?;
            }
        }
        if !rule.nishio && (count == 2 || (rule.multiple && count > 2)) {
            let branches: Vec<Node> = digits.iter().map(|d| work.node(cell, d, true)).collect();
            if !search.may_share(Kind::Cell { cell }, &branches) {
                continue;
            }
            for &b in &branches {
                search.on_branch(work, b)?;
            }
            let assumed = Support::Cell(cell);
            for target in common(work, search, &branches)? {
                if let Some(hint) = reduction(work, search, &branches, target, Kind::Cell { cell }, 5) {
                    let ends = || Ends::Common { branches: branches.clone(), target, assumed };
                    result.push(search.found(hint, ends));
                }
            }
        }
    }
    Ok(result)
}

/// `digit` in `cell` assumed on, then off: a contradiction either way,
/// and (dynamic, three candidates or more) what both ways imply.
fn binary(
    work: &mut Work,
    search: &mut Search<'_, '_, '_>,
    cell: usize,
    digit: Digit,
    count: usize,
    result: &mut Vec<Found>,
) -> Result<(), StopReason> {
    let rule = search.rule;
    let double = count >= 3 && !rule.nishio && rule.dynamic;
    let contradiction = rule.dynamic || rule.nishio;
    if !contradiction && !double {
        return Ok(());
    }
    // Nishio's branches are run only where they may meet a contradiction
    // (the only hint they give).
    let skip = |on: bool| search.places.as_ref().is_some_and(|p| !may_contradict(work, p[digit.index()], (cell, on)));
    let (skip_on, skip_off) = (skip(true), skip(false));
    let on = work.node(cell, digit, true);
    if !skip_on {
        search.on_branch(work, on)?;
        if let Some((dst_on, dst_off)) = search.absurd(on).filter(|_| contradiction) {
            let pots = &search.get(on).pots;
            if let Some(hint) = binary_hint(
                work,
                rule,
                [pots, pots],
                [dst_on, dst_off],
                (cell, digit, true),
                true,
                &mut search.walker.borrow_mut(),
            ) {
                result.push(search.found(hint, || Ends::Pair([(on, dst_on), (on, dst_off)])));
            }
        }
    }
    if skip_off {
        return Ok(());
    }
    let off_node = on & !1;
    let Some(off) = search.off_branch(work, off_node, double.then_some(on))? else { return Ok(()) };
    let before = result.len();
    if let Some((dst_on, dst_off)) = off.absurd.filter(|_| contradiction) {
        if let Some(hint) = binary_hint(
            work,
            rule,
            [&off.pots, &off.pots],
            [dst_on, dst_off],
            (cell, digit, false),
            true,
            &mut search.walker.borrow_mut(),
        ) {
            result.push(search.found(hint, || Ends::Pair([(off_node, dst_on), (off_node, dst_off)])));
        }
    }
    if double && meet(search.bits(on), off.pots.kept_bits()) {
        search.run_on(work, on)?;
        let from_on = &search.get(on).pots;
        let ons = from_on.order().iter().filter(|&&id| from_on.node(id) % 2 == 1);
        let offs = from_on.order().iter().filter(|&&id| from_on.node(id) % 2 == 0);
        for &id in ons.chain(offs) {
            if let Some(other) = off.pots.kept(from_on.node(id)) {
                if let Some(hint) = binary_hint(
                    work,
                    rule,
                    [from_on, &off.pots],
                    [id, other],
                    (cell, digit, true),
                    false,
                    &mut search.walker.borrow_mut(),
                ) {
                    result.push(search.found(hint, || Ends::Pair([(on, id), (off_node, other)])));
                }
            }
        }
    }
    // The chains of the hints kept are walked later.
    if search.carry != Carry::Nothing && result.len() > before {
        search.off_branches[off_node as usize / 2] = Some(off);
    } else {
        search.recycle(off);
    }
    Ok(())
}

/// A contradiction (`absurd`: the candidate `source` leads to a
/// potential both on and off, `dst` in `pots_on` and `pots_off`), or a
/// double chain (`dst` the same potential reached from the candidate on
/// and off), without its supports and signature; `None` for a double
/// chain that removes nothing.
fn binary_hint(
    work: &Work,
    rule: Rule,
    [pots_on, pots_off]: [&Potentials; 2],
    [dst_on, dst_off]: [Id; 2],
    source: (usize, Digit, bool),
    absurd: bool,
    walker: &mut Walker,
) -> Option<Hint> {
    let (cell, digit, on) = source;
    let (removable, placement, kind) = if absurd {
        // The assumption is false.
        let removable = removable_for(work, cell, digit, !on);
        (removable, (!on).then_some((cell, digit)), Kind::Contradiction { cell, digit, on })
    } else {
        let (tc, td, t_on) = work.decode(pots_on.node(dst_on));
        (removable_for(work, tc, td, t_on), t_on.then_some((tc, td)), Kind::Double { cell, digit })
    };
    let mut removable = removable;
    if removable.is_empty() && !absurd {
        return None;
    }
    let flat = pots_on.ancestor_count(dst_on, walker) + pots_off.ancestor_count(dst_off, walker);
    let mut seen = Vec::new();
    let complexity = flat
        + pots_on.nested_complexity(&[dst_on], &mut seen, walker)
        + pots_off.nested_complexity(&[dst_off], &mut seen, walker);
    removable.sort_unstable();
    let sort_key = if absurd { 7 } else { 1 };
    let difficulty = rule.difficulty() + length_difficulty(complexity);
    Some(Hint::without_chains(difficulty, complexity, sort_key, removable, placement, kind))
}

/// The region chains that start from `digit` in `cell`: each unit of the
/// cell where the cell is the digit's first place and the digit has two
/// places (or more, for the multiple rules).
fn regions(
    work: &mut Work,
    search: &mut Search<'_, '_, '_>,
    cell: usize,
    digit: Digit,
    result: &mut Vec<Found>,
) -> Result<(), StopReason> {
    let units: Vec<usize> = work.homes(cell).iter().map(|&(u, _)| usize::from(u)).collect();
    for unit in units {
        let places = work.places(unit, digit);
        let count = places.count_ones();
        if !(count == 2 || (search.rule.multiple && count > 2)) {
            continue;
        }
        let cells = work.unit(unit);
        if cells[places.trailing_zeros() as usize] as usize != cell {
            continue;
        }
        let branches: Vec<Node> = (0..cells.len())
            .filter(|k| places >> k & 1 == 1)
            .map(|k| work.node(cells[k] as usize, digit, true))
            .collect();
        if !search.may_share(Kind::Region { unit, digit }, &branches) {
            continue;
        }
        for &b in &branches {
            search.on_branch(work, b)?;
        }
        let assumed = Support::Unit(unit, digit);
        for target in common(work, search, &branches)? {
            if let Some(hint) = reduction(work, search, &branches, target, Kind::Region { unit, digit }, 6) {
                let ends = || Ends::Common { branches: branches.clone(), target, assumed };
                result.push(search.found(hint, ends));
            }
        }
    }
    Ok(())
}

/// The potentials every branch implies, on ones first, in the first
/// branch's order; the branches are run if they have any.
fn common(work: &mut Work, search: &mut Search<'_, '_, '_>, branches: &[Node]) -> Result<Vec<Node>, StopReason> {
    if !search.cache.accelerated {
        let first = &search.get(branches[0]).pots;
        return Ok(in_first_order(first, |n| branches[1..].iter().all(|&b| search.get(b).pots.contains(n))));
    }
    // Most branches share nothing: their sets of nodes say so in a few
    // words, before the first branch's potentials are walked.
    let mut shared = search.bits(branches[0]).to_vec();
    for &b in &branches[1..] {
        for (word, &other) in shared.iter_mut().zip(search.bits(b)) {
            *word &= other;
        }
    }
    if shared.iter().all(|&word| word == 0) {
        return Ok(Vec::new());
    }
    for &b in branches {
        search.run_on(work, b)?;
    }
    Ok(in_first_order(&search.get(branches[0]).pots, |n| shared[n as usize / 64] >> (n % 64) & 1 == 1))
}

/// Whether two sets of nodes share one.
fn meet(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// The nodes of `first` that are `kept`, on ones first, in the order
/// `first` kept them.
fn in_first_order(first: &Potentials, kept: impl Fn(Node) -> bool) -> Vec<Node> {
    let ons = first.order().iter().map(|&id| first.node(id)).filter(|n| n % 2 == 1);
    let offs = first.order().iter().map(|&id| first.node(id)).filter(|n| n % 2 == 0);
    ons.chain(offs).filter(|&n| kept(n)).collect()
}

/// A cell or region chain: every branch implies `target`; without its
/// supports and signature.
fn reduction(
    work: &Work,
    search: &Search<'_, '_, '_>,
    branches: &[Node],
    target: Node,
    kind: Kind,
    sort_key: u8,
) -> Option<Hint> {
    let (cell, digit, on) = work.decode(target);
    let mut removable = removable_for(work, cell, digit, on);
    if removable.is_empty() {
        return None;
    }
    removable.sort_unstable();
    let mut complexity = 0;
    let mut seen = Vec::new();
    let walker = &mut *search.walker.borrow_mut();
    for &b in branches {
        let pots = &search.get(b).pots;
        let id = pots.kept(target)?;
        complexity += pots.ancestor_count(id, walker) + pots.nested_complexity(&[id], &mut seen, walker);
    }
    let difficulty = search.rule.difficulty() + length_difficulty(complexity);
    Some(Hint::without_chains(difficulty, complexity, sort_key, removable, on.then_some((cell, digit)), kind))
}
