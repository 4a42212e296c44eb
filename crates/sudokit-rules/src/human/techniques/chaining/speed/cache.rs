//! What the chain searches of one path keep between calls: reusable
//! memory, the tables of the last grid state, the position's branches,
//! and the hints of the grid states met inside branches. Each part only
//! makes a search faster; `accelerated` turns off those that change what
//! a search looks at, so a test can check that none changes a step.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use sudokit_grid::Candidates;

use super::super::rules::hint::Hint;
use super::super::rules::rule::Rule;
use super::super::rules::work::{Origin, Work};
use super::pools::Pools;
use super::shared::SharedBranches;
use super::shares::Shares;
use super::tables::KeptTables;

/// Past this many grid states, or this many hints kept for them, the
/// hints kept start afresh: a step of the hardest puzzles sees some ten
/// thousand states, and the bound keeps the memory to some tens of
/// megabytes.
const KNOWN_STATES: usize = 50_000;
/// See [`KNOWN_STATES`].
const KNOWN_HINTS: usize = 100_000;

/// The memory of the chaining techniques, kept in a path's
/// [`Cache`](crate::human::Cache).
#[derive(Debug)]
pub(crate) struct ChainCache {
    pub(crate) pools: Pools,
    pub(crate) tables: KeptTables,
    pub(crate) shared: SharedBranches,
    known: RefCell<Known>,
    /// Whether the searches prune with the reach tables, skip hopeless
    /// Nishio branches, share the position's branches, reuse the hints of
    /// states met before and intersect branches as bit sets. Off only in
    /// the test that compares every step both ways.
    pub(crate) accelerated: bool,
    /// The caches of the other threads a nested step spreads over (see
    /// `spread`), kept from one level to the next of the same position.
    workers: Vec<ChainCache>,
}

impl Default for ChainCache {
    fn default() -> ChainCache {
        ChainCache {
            pools: Pools::default(),
            tables: KeptTables::default(),
            shared: SharedBranches::default(),
            known: RefCell::default(),
            accelerated: true,
            workers: Vec::new(),
        }
    }
}

impl ChainCache {
    /// A cache whose searches run without their accelerators.
    #[cfg(test)]
    pub(crate) fn unaccelerated() -> ChainCache {
        ChainCache { accelerated: false, ..ChainCache::default() }
    }

    /// Makes the states met from now on those of `work`'s position, and
    /// its branches those the searches nested in them may take: what was
    /// kept from another position is forgotten. The branches of one step
    /// often reach the same state (a quarter to a half of the nested
    /// unary searches on the hardest puzzles), and each nested level
    /// repeats the branches of the level below it until they part.
    pub(crate) fn meet_position(&self, work: &Work) {
        if !self.accelerated {
            return;
        }
        let mut known = self.known.borrow_mut();
        if !work.has_origin(&known.origin) {
            *known = Known { origin: work.origin(), ..Known::default() };
            self.shared.remember(work);
        }
    }

    /// Forgets the states met and the position's branches: the position
    /// will change, or the search was stopped.
    pub(crate) fn forget_states(&self) {
        for worker in &self.workers {
            worker.forget_states();
        }
        self.shared.forget();
        // Fresh maps, not cleared ones: clearing costs the capacity every
        // step, and a hard step leaves a large one. The origin goes too, so
        // that the position, met again, is remembered again.
        self.known.replace(Known::default());
    }

    /// Keeps, for `work`'s state, which cell and region chains may share a
    /// conclusion, from the tables the last search of that state left
    /// (unless kept already).
    pub(crate) fn keep_shares(&self, work: &Work) {
        if !self.accelerated || self.known.borrow().shares.contains_key(work.all_cands()) {
            return;
        }
        let tables = self.tables.of(work);
        let shares = Arc::new(Shares::of(work, &tables.reach));
        self.tables.keep(tables);
        self.known_to_add().shares.insert(work.all_cands().to_vec(), shares);
    }

    /// What [`keep_shares`](Self::keep_shares) kept for the grid state
    /// `state`.
    pub(crate) fn known_shares(&self, state: &[Candidates]) -> Option<Arc<Shares>> {
        if !self.accelerated {
            return None;
        }
        self.known.borrow().shares.get(state).cloned()
    }

    /// The caches of `count` other threads, taken out until
    /// [`give_back_workers`](Self::give_back_workers).
    pub(crate) fn take_workers(&mut self, count: usize) -> Vec<ChainCache> {
        let mut workers = std::mem::take(&mut self.workers);
        let accelerated = self.accelerated;
        workers.resize_with(count, || ChainCache { accelerated, ..ChainCache::default() });
        workers
    }

    /// Keeps the caches [`take_workers`](Self::take_workers) gave.
    pub(crate) fn give_back_workers(&mut self, workers: Vec<ChainCache>) {
        self.workers = workers;
    }

    /// The sorted hints of `rule` kept for the grid state `state`.
    pub(crate) fn known_hints(&self, rule: Rule, state: &[Candidates]) -> Option<Arc<Vec<Hint>>> {
        if !self.accelerated {
            return None;
        }
        self.known.borrow().get(rule, state)
    }

    /// Keeps the sorted `hints` of `rule` for the grid state `state`.
    pub(crate) fn keep_hints(&self, rule: Rule, state: &[Candidates], hints: &Arc<Vec<Hint>>) {
        if !self.accelerated {
            return;
        }
        self.known_to_add().insert(rule, state.to_vec(), Arc::clone(hints));
    }

    /// What is kept, emptied first when it holds enough.
    fn known_to_add(&self) -> std::cell::RefMut<'_, Known> {
        let mut known = self.known.borrow_mut();
        if known.states() >= KNOWN_STATES || known.count >= KNOWN_HINTS {
            *known = Known { origin: std::mem::take(&mut known.origin), ..Known::default() };
        }
        known
    }
}

/// The sorted hints of the chains run inside branches, by rule and grid
/// state, and how many hints that is in all, for the position they were
/// met from.
#[derive(Debug, Default)]
struct Known {
    /// Per rule (one or two per level), by the candidates of the state.
    hints: Vec<(Rule, ByState)>,
    /// By the candidates of the state, for the states whose unary chains
    /// found nothing at nesting level 2.
    shares: HashMap<Vec<Candidates>, Arc<Shares>, foldhash::fast::RandomState>,
    count: usize,
    /// The position whose searches met the states (see
    /// [`Work::origin`]): a search's hints depend on its state's
    /// candidates and on the position's filled cells.
    origin: Origin,
}

impl Known {
    /// The hints of `rule` kept for `state`.
    fn get(&self, rule: Rule, state: &[Candidates]) -> Option<Arc<Vec<Hint>>> {
        let (_, by_state) = self.hints.iter().find(|(r, _)| *r == rule)?;
        by_state.get(state).cloned()
    }

    /// The states kept, over every rule.
    fn states(&self) -> usize {
        self.hints.iter().map(|(_, by_state)| by_state.len()).sum::<usize>() + self.shares.len()
    }

    /// Keeps the hints of `rule` for `state`.
    fn insert(&mut self, rule: Rule, state: Vec<Candidates>, hints: Arc<Vec<Hint>>) {
        self.count += hints.len();
        let at = match self.hints.iter().position(|(r, _)| *r == rule) {
            Some(at) => at,
            None => {
                self.hints.push((rule, HashMap::default()));
                self.hints.len() - 1
            }
        };
        self.hints[at].1.insert(state, hints);
    }
}

/// The sorted hints of one rule, by the candidates of the grid state,
/// hashed with `foldhash` rather than the default SipHash: one key is
/// hashed per nested search.
type ByState = HashMap<Vec<Candidates>, Arc<Vec<Hint>>, foldhash::fast::RandomState>;
