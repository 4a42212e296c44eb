//! The link and reach tables of a grid state, kept on the thread for the
//! next search of the same state: the unary chains and, when they and the
//! techniques between find nothing, the cell and region forcing chains
//! search one position after the other, and would build the same tables
//! twice.

use std::cell::Cell;

use sudokit_grid::Candidates;

use super::links::Links;
use super::reach::Reach;
use super::work::Work;

/// [`Links`] of a grid state with links of both kinds, and their [`Reach`].
#[derive(Default)]
pub(super) struct Tables {
    /// The state they are of: its shape's tables, and its candidates.
    grid: usize,
    cands: Vec<Candidates>,
    pub(super) links: Links,
    pub(super) reach: Reach,
}

thread_local! {
    static KEPT: Cell<Option<Box<Tables>>> = const { Cell::new(None) };
}

impl Tables {
    /// The tables of `work`'s state: those kept on this thread when they
    /// are of the same state, else built anew (in their buffers when they
    /// are free; a search nested in another's branch finds them taken).
    pub(super) fn of(work: &Work) -> Box<Tables> {
        let mut tables = KEPT.take().unwrap_or_default();
        if tables.grid != work.grid_id() || tables.cands != work.all_cands() {
            tables.links.build(work);
            tables.reach.build(&tables.links);
            tables.grid = work.grid_id();
            tables.cands.clear();
            tables.cands.extend_from_slice(work.all_cands());
        }
        tables
    }

    /// Keeps the tables for the next [`Tables::of`] on this thread.
    pub(super) fn keep(self: Box<Tables>) {
        KEPT.set(Some(self));
    }
}
