//! Memory the searches reuse instead of asking the allocator: sets of
//! potentials and the buffers of a propagation. A search makes and drops
//! hundreds of branches per step (many thousands at the nested levels),
//! and returning their memory each time costs more than the search.

use std::cell::RefCell;
use std::collections::HashMap;

use sudokit_grid::Candidates;

use super::super::rules::potentials::{Cause, Id, Node, Potentials, Walker};

/// Sets of potentials kept for reuse, at most.
const POTENTIALS_KEPT: usize = 1024;

/// The sets and buffers free for reuse. Each is taken whole and given
/// back whole, so a search nested in another's branch takes its own.
#[derive(Debug, Default)]
pub(crate) struct Pools {
    potentials: RefCell<Vec<Potentials>>,
    propagations: RefCell<Vec<Propagation>>,
    walkers: RefCell<Vec<Walker>>,
}

impl Pools {
    /// An empty set of potentials over `nodes` nodes.
    pub(crate) fn potentials(&self, nodes: usize) -> Potentials {
        let recycled = self.potentials.borrow_mut().pop();
        recycled.filter(|pots| pots.nodes() == nodes).unwrap_or_else(|| Potentials::new(nodes))
    }

    /// Takes `pots` back for a later [`potentials`](Pools::potentials).
    pub(crate) fn recycle(&self, mut pots: Potentials) {
        let mut pool = self.potentials.borrow_mut();
        if pool.len() < POTENTIALS_KEPT {
            pots.clear();
            pool.push(pots);
        }
    }

    /// The buffers of one propagation, to give back with
    /// [`give_back`](Pools::give_back).
    pub(crate) fn propagation(&self) -> Propagation {
        self.propagations.borrow_mut().pop().unwrap_or_default()
    }

    pub(crate) fn give_back(&self, buffers: Propagation) {
        self.propagations.borrow_mut().push(buffers);
    }

    /// The buffers of walks up chains, to give back with
    /// [`give_back_walker`](Pools::give_back_walker).
    pub(crate) fn walker(&self) -> Walker {
        self.walkers.borrow_mut().pop().unwrap_or_default()
    }

    pub(crate) fn give_back_walker(&self, walker: Walker) {
        self.walkers.borrow_mut().push(walker);
    }
}

/// The queues and lists of one propagation.
#[derive(Debug, Default)]
pub(crate) struct Propagation {
    pub(crate) on: Queue,
    pub(crate) off: Queue,
    pub(crate) offs: Vec<(Node, Cause)>,
    pub(crate) ons: Vec<(Node, Cause)>,
    pub(crate) parents: Vec<Id>,
    /// Per killer cage with a sum, whether the branch took a candidate
    /// from it since its sum was last read.
    pub(crate) touched: Vec<bool>,
    pub(crate) sums: SumMemo,
}

/// How many cages' outcomes a [`SumMemo`] keeps before it starts again.
const MAX_SUM_MEMO: usize = 1 << 16;

/// The digits each cell of a killer cage keeps, by the cage (its place
/// among the grid's cages with a sum) and its cells' options, as met in
/// the branches of one grid: the same cage comes back with the same
/// candidates in branch after branch.
#[derive(Debug, Default)]
pub(crate) struct SumMemo {
    /// The grid (`Work::grid_id`) whose cages these are.
    grid: usize,
    /// Hashed with `foldhash`: the keys are short and met in every
    /// branch, where SipHash cost a tenth of a killer's chains.
    kept: HashMap<(u16, Vec<Candidates>), Vec<Candidates>, foldhash::fast::RandomState>,
}

impl SumMemo {
    /// The digits cage `cage` of grid `grid` keeps under `options`,
    /// worked out by `keep` the first time.
    pub(crate) fn kept(
        &mut self,
        (grid, cage): (usize, usize),
        options: Vec<Candidates>,
        keep: impl FnOnce(&[Candidates]) -> Option<Vec<Candidates>>,
    ) -> Option<Vec<Candidates>> {
        if self.grid != grid || self.kept.len() >= MAX_SUM_MEMO {
            self.kept.clear();
            self.grid = grid;
        }
        let key = (cage as u16, options);
        if let Some(kept) = self.kept.get(&key) {
            return Some(kept.clone());
        }
        let kept = keep(&key.1)?;
        self.kept.insert(key, kept.clone());
        Some(kept)
    }
}

/// A first-in first-out queue that only grows during a propagation and
/// is emptied at its start: a list and a read position, cheaper than a
/// ring buffer.
#[derive(Debug, Default)]
pub(crate) struct Queue {
    items: Vec<Id>,
    head: usize,
}

impl Queue {
    pub(crate) fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    pub(crate) fn push_back(&mut self, id: Id) {
        self.items.push(id);
    }

    pub(crate) fn pop_front(&mut self) -> Option<Id> {
        let id = self.items.get(self.head).copied();
        self.head += usize::from(id.is_some());
        id
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }
}
