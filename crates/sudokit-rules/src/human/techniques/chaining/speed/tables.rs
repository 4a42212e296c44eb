//! The link and reach tables of a grid state, kept for the next search of
//! the same state: the unary chains and, when they and the techniques
//! between find nothing, the cell and region forcing chains search one
//! position after the other, and would build the same tables twice.

use std::cell::Cell;

use sudokit_grid::Candidates;

use super::super::rules::work::Work;
use super::links::Links;
use super::reach::Reach;

/// [`Links`] of a grid state with links of both kinds, and their [`Reach`].
#[derive(Default)]
pub(crate) struct Tables {
    /// The state they are of: its shape's tables, and its candidates.
    grid: usize,
    cands: Vec<Candidates>,
    pub(crate) links: Links,
    pub(crate) reach: Reach,
}

/// The tables of the last state searched, while no search holds them.
#[derive(Default)]
pub(crate) struct KeptTables {
    kept: Cell<Option<Box<Tables>>>,
}

impl KeptTables {
    /// The tables of `work`'s state: those kept when they are of the same
    /// state, else built anew (in their buffers when they are free; a
    /// search nested in another's branch finds them taken).
    pub(crate) fn of(&self, work: &Work) -> Box<Tables> {
        let mut tables = self.kept.take().unwrap_or_default();
        if tables.grid != work.grid_id() || tables.cands != work.all_cands() {
            tables.links.build(work);
            tables.reach.build(&tables.links);
            tables.grid = work.grid_id();
            tables.cands.clear();
            tables.cands.extend_from_slice(work.all_cands());
        }
        tables
    }

    /// Keeps `tables` for the next [`of`](KeptTables::of).
    pub(crate) fn keep(&self, tables: Box<Tables>) {
        self.kept.set(Some(tables));
    }
}

impl std::fmt::Debug for KeptTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeptTables").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Digit, Grid};

    use super::*;
    use crate::human::position::Position;

    /// Whether `a` holds the tables built anew for `work`: the same
    /// nodes, the same links of every kind, the same reach.
    fn assert_tables_of(a: &Tables, work: &Work) {
        let mut fresh = Tables::default();
        fresh.links.build(work);
        fresh.reach.build(&fresh.links);
        assert_eq!(a.links.present(), fresh.links.present());
        for &n in fresh.links.present() {
            for modes in [(false, true), (true, false), (true, true)] {
                assert_eq!(a.links.of(n, modes), fresh.links.of(n, modes), "node {n}, links {modes:?}");
            }
            assert_eq!(a.reach.may_loop(n), fresh.reach.may_loop(n), "node {n}");
            for &m in fresh.links.present().iter().step_by(7) {
                assert_eq!(a.reach.reaches(n, m), fresh.reach.reaches(n, m), "{n} to {m}");
            }
        }
    }

    #[test]
    fn kept_tables_are_those_of_the_state_asked() {
        let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .expect("a grid");
        let position = Position::new(&puzzle).expect("a valid puzzle");
        let mut work = Work::new(&position);
        let kept = KeptTables::default();
        let first = kept.of(&work);
        assert_tables_of(&first, &work);
        kept.keep(first);
        // Another state: the tables follow it.
        let before = work.clone();
        let digit = Digit::new(7).expect("a digit");
        let cells: Vec<usize> =
            (0..work.len()).filter(|&c| work.cands(c).contains(digit) && work.cands(c).len() > 2).collect();
        for cell in cells {
            work.remove(cell, digit);
        }
        let changed = kept.of(&work);
        assert_tables_of(&changed, &work);
        kept.keep(changed);
        let back = kept.of(&before);
        assert_tables_of(&back, &before);
        // Taken while a search holds them: a nested search builds its own.
        let nested = kept.of(&work);
        assert_tables_of(&nested, &work);
    }
}
