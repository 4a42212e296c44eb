//! The houses and peers a chaining search reads, in the order Sudoku
//! Explainer reads them (boxes, rows, columns) and, under a variant's
//! rules, SukakuExplainer (then disjoint groups, windows, the main and the
//! anti-diagonal, other houses; then the cells a relation binds): the
//! order decides which of two equal chains comes first, so it decides the
//! path.

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

#[cfg(doc)]
use sudokit_core::Rulebook;
use sudokit_core::{Digit, HouseKind, Relation};

use crate::human::geometry::Geometry as Rules;
use crate::human::position::Position;

/// What a search knows of its rules, the same for every grid under them:
/// built once per rules and shared.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// A number no other tables have: equal for two grids under the same
    /// tables.
    pub(crate) id: usize,
    /// Per unit, its cells: boxes (or regions) `0..side`, rows, columns,
    /// then the extra houses by kind (disjoint groups, windows, the main
    /// diagonal, the anti-diagonal, houses of one's own).
    pub(crate) units: Vec<Box<[u16]>>,
    /// Per unit, the position's number for it.
    pub(crate) position_units: Vec<usize>,
    /// The units of each kind, in order: boxes, rows, columns, then each
    /// kind of extra house.
    pub(crate) kinds: Vec<Range<usize>>,
    /// Per cell, its units in order, each with the cell's place in it:
    /// `homes[home_start[i]..home_start[i + 1]]`. A cell's first three are
    /// its box, row and column.
    homes: Vec<(u16, u8)>,
    home_start: Vec<u32>,
    /// Per cell, its box (or region).
    pub(crate) boxes: Vec<u16>,
    /// Per candidate slot (`cell * side + digit index`), its cell and
    /// digit: a node decodes without a division.
    pub(crate) slots: Vec<(u16, Digit)>,
    /// The crossings of a box and a line, in the order Sudoku Explainer's
    /// locked candidates scan them.
    pub(crate) crossings: Vec<Crossing>,
    /// Per cell, its peers: those of its houses in order, each once, then
    /// those of [`bound`](Self::bound).
    pub(crate) peers: Vec<Vec<usize>>,
    /// Per cell, the peers it shares no unit with: the cells a relation
    /// of different digits binds to it (SukakuExplainer's order of moves),
    /// then those of houses smaller than the side.
    pub(crate) bound: Vec<Box<[Bound]>>,
    /// Per cell, its non-consecutive neighbours (above, below, right,
    /// left), under non-consecutive.
    pub(crate) neighbours: Vec<Box<[u16]>>,
    /// Whether the rules have houses past rows, columns and boxes (or
    /// regions) or relations of different digits: then the techniques
    /// inside dynamic branches are SukakuExplainer's generalized ones.
    pub(crate) generalized: bool,
    /// The same as bit sets over the cells, on grids of 128 cells or
    /// fewer.
    pub(crate) masks: Option<CellMasks>,
    /// The rules, for who sees whom on bigger grids.
    pub(crate) rules: Arc<Rules>,
}

/// A peer a cell shares no unit with, and the relation that binds them
/// (none for a house smaller than the side).
pub(crate) type Bound = (u16, Option<Relation>);

/// The largest side whose grids get [`CellMasks`]: their cells fit a
/// `u128`.
pub(crate) const MAX_MASK_SIDE: usize = 11;

/// Peers and units as bit sets over the cells (bit `i` for cell `i`).
#[derive(Debug)]
pub(crate) struct CellMasks {
    /// Per cell, its peers.
    pub(crate) peers: Vec<u128>,
    /// Per unit, its cells.
    pub(crate) units: Vec<u128>,
    /// Per cell, its non-consecutive neighbours (all empty without the
    /// rule).
    pub(crate) neighbours: Vec<u128>,
    /// Whether every unit lists its cells in ascending order, as its mask
    /// reads them.
    pub(crate) units_ascending: bool,
}

/// Two units that share cells, with the positions of those cells in each.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Crossing {
    pub(crate) from: usize,
    pub(crate) to: usize,
    /// Positions in `from` of the shared cells.
    pub(crate) from_shared: u64,
    /// Positions in `to` of the shared cells.
    pub(crate) to_shared: u64,
}

impl Geometry {
    /// The tables of `position`'s rules, built the first time its rules
    /// are chained and kept with them ([`Rulebook::derived`]).
    pub(crate) fn of(position: &Position) -> Arc<Geometry> {
        position.rules().derived(|_| Geometry::build(position.geometry()))
    }

    fn build(rules: &Arc<Rules>) -> Geometry {
        static IDS: AtomicUsize = AtomicUsize::new(0);
        let shape = rules.shape();
        let (side, len) = (shape.side(), shape.cell_count());
        let order = unit_order(rules);
        let units: Vec<Box<[u16]>> =
            order.iter().map(|&(u, column_major)| cells_in_order(rules, u, column_major)).collect();
        let position_units = order.iter().map(|&(u, _)| u).collect();
        let mut kinds: Vec<Range<usize>> = vec![0..side, side..2 * side, 2 * side..3 * side];
        for u in 3 * side..units.len() {
            let kind = rules.house(order[u].0).kind();
            match kinds.last_mut() {
                Some(last) if last.start >= 3 * side && rules.house(order[last.start].0).kind() == kind => {
                    last.end = u + 1;
                }
                _ => kinds.push(u..u + 1),
            }
        }
        let mut cell_homes = vec![Vec::new(); len];
        for (u, cells) in units.iter().enumerate() {
            for (k, &c) in cells.iter().enumerate() {
                cell_homes[usize::from(c)].push((u as u16, k as u8));
            }
        }
        let boxes = cell_homes.iter().map(|h| h[0].0).collect();
        let mut home_start = vec![0u32];
        let mut homes = Vec::new();
        for list in &cell_homes {
            homes.extend_from_slice(list);
            home_start.push(homes.len() as u32);
        }
        let slots =
            (0..len).flat_map(|c| (1..=side as u8).filter_map(Digit::new).map(move |d| (c as u16, d))).collect();
        let crossings = crossings(side, &units, &cell_homes);
        let shares_unit =
            |a: usize, b: usize| cell_homes[a].iter().any(|&(u, _)| cell_homes[b].iter().any(|&(v, _)| u == v));
        let bound: Vec<Box<[Bound]>> = (0..len).map(|i| bound_cells(rules, i, &shares_unit)).collect();
        let peers: Vec<Vec<usize>> = (0..len)
            .map(|i| {
                let mut out = Vec::new();
                for &(u, _) in &cell_homes[i] {
                    for &c in units[usize::from(u)].iter() {
                        let c = usize::from(c);
                        if c != i && !out.contains(&c) {
                            out.push(c);
                        }
                    }
                }
                out.extend(bound[i].iter().map(|&(c, _)| usize::from(c)));
                out
            })
            .collect();
        let neighbours: Vec<Box<[u16]>> = (0..len).map(|i| neighbours_of(rules, i)).collect();
        let masks = (side <= MAX_MASK_SIDE).then(|| CellMasks {
            peers: peers.iter().map(|p| cell_mask(p.iter().copied())).collect(),
            units: units.iter().map(|u| cell_mask(u.iter().map(|&c| usize::from(c)))).collect(),
            neighbours: neighbours.iter().map(|n| cell_mask(n.iter().map(|&c| usize::from(c)))).collect(),
            units_ascending: units.iter().all(|u| u.is_sorted()),
        });
        let generalized = units.len() > 3 * side || bound.iter().any(|b| !b.is_empty());
        Geometry {
            id: IDS.fetch_add(1, Ordering::Relaxed),
            units,
            position_units,
            kinds,
            homes,
            home_start,
            boxes,
            slots,
            crossings,
            peers,
            bound,
            neighbours,
            generalized,
            masks,
            rules: Arc::clone(rules),
        }
    }

    /// The units of cell `i`, each with the cell's place there.
    #[inline]
    pub(crate) fn homes(&self, i: usize) -> &[(u16, u8)] {
        &self.homes[self.home_start[i] as usize..self.home_start[i + 1] as usize]
    }

    /// Whether cells `a` and `b` may not hold the same digit.
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        match &self.masks {
            Some(masks) => masks.peers[a] >> b & 1 == 1,
            None => self.rules.sees(a, b),
        }
    }
}

/// The position's units in the order of the search, each with whether its
/// cells are read column by column: boxes (or regions), rows, columns,
/// then the extra houses by kind in SukakuExplainer's order.
fn unit_order(rules: &Rules) -> Vec<(usize, bool)> {
    let rank = |kind: HouseKind| -> u8 {
        match kind {
            HouseKind::Box | HouseKind::Region => 0,
            HouseKind::Row => 1,
            HouseKind::Column => 2,
            HouseKind::DisjointGroup => 3,
            HouseKind::Window => 4,
            HouseKind::Diagonal => 5,
            HouseKind::AntiDiagonal => 6,
            _ => 7,
        }
    };
    let windows = window_order(rules);
    let mut units: Vec<(u8, usize, usize, bool)> = (0..rules.unit_count())
        .map(|u| {
            let rank = rank(rules.house(u).kind());
            match windows.iter().position(|&(w, _)| w == u) {
                Some(at) => (rank, at, u, windows[at].1),
                None => (rank, u, u, false),
            }
        })
        .collect();
    units.sort_unstable();
    units.into_iter().map(|(_, _, u, column_major)| (u, column_major)).collect()
}

/// Windoku's windows in SukakuExplainer's order, each with whether it is
/// read column by column: the window on the lines no window drawn covers
/// (rows and columns 1, 5 and 9 of 9×9), the windows drawn, the windows
/// on those rows, then those on those columns (read column by column).
fn window_order(rules: &Rules) -> Vec<(usize, bool)> {
    let side = rules.shape().side();
    let windows: Vec<usize> = (0..rules.unit_count()).filter(|&u| rules.house(u).kind() == HouseKind::Window).collect();
    let drawn = rules.variant().extra_houses().iter().filter(|h| h.kind() == HouseKind::Window).count();
    let (mut rows, mut cols) = (vec![false; side], vec![false; side]);
    for &u in windows.iter().filter(|&&u| rules.house(u).index() < drawn) {
        for &c in rules.unit(u) {
            rows[usize::from(c) / side] = true;
            cols[usize::from(c) % side] = true;
        }
    }
    let mut keyed: Vec<(u8, usize, bool)> = windows
        .iter()
        .map(|&u| {
            let first = usize::from(rules.unit(u)[0]);
            let (free_rows, free_cols) = (!rows[first / side], !cols[first % side]);
            let key = match (free_rows, free_cols) {
                (true, true) => 0,
                (false, false) => 1,
                (true, false) => 2,
                (false, true) => 3,
            };
            (key, u, !free_rows && free_cols)
        })
        .collect();
    keyed.sort_by_key(|&(key, u, _)| (key, u));
    keyed.into_iter().map(|(_, u, column_major)| (u, column_major)).collect()
}

/// The cells of the position's unit `u`, row by row or column by column.
fn cells_in_order(rules: &Rules, u: usize, column_major: bool) -> Box<[u16]> {
    let side = rules.shape().side() as u16;
    let mut cells = rules.unit(u).to_vec();
    if column_major {
        cells.sort_by_key(|&c| (c % side, c / side));
    }
    cells.into_boxed_slice()
}

/// Every box crossing a row or column, in the order Sudoku Explainer's
/// locked candidates scan them: boxes onto columns, boxes onto rows,
/// columns onto boxes, rows onto boxes.
fn crossings(side: usize, units: &[Box<[u16]>], homes: &[Vec<(u16, u8)>]) -> Vec<Crossing> {
    let shared = |a: usize, b: usize| {
        let mut mask = 0u64;
        for (k, &c) in units[a].iter().enumerate() {
            if homes[usize::from(c)].iter().any(|&(u, _)| usize::from(u) == b) {
                mask |= 1 << k;
            }
        }
        mask
    };
    let mut out = Vec::new();
    for (k1, k2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for from in k1 * side..(k1 + 1) * side {
            for to in k2 * side..(k2 + 1) * side {
                let from_shared = shared(from, to);
                if from_shared != 0 {
                    out.push(Crossing { from, to, from_shared, to_shared: shared(to, from) });
                }
            }
        }
    }
    out
}

/// The peers of cell `i` it shares no unit with: a king's move away
/// (SukakuExplainer's order: down right, down left, up left, up right),
/// a knight's move away (two rows down, up, then one row down, up), then
/// any other, ascending.
fn bound_cells(rules: &Rules, i: usize, shares_unit: &dyn Fn(usize, usize) -> bool) -> Box<[Bound]> {
    const KING: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
    const KNIGHT: [(isize, isize); 8] = [(2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (1, -2), (-1, 2), (-1, -2)];
    let side = rules.shape().side() as isize;
    let (row, col) = ((i as isize) / side, (i as isize) % side);
    let mut out: Vec<Bound> = Vec::new();
    let relations = rules.variant().relations();
    for (relation, moves) in [(Relation::AntiKing, &KING[..]), (Relation::AntiKnight, &KNIGHT[..])] {
        if !relations.contains(&relation) {
            continue;
        }
        for &(dr, dc) in moves {
            let (r, c) = (row + dr, col + dc);
            if !(0..side).contains(&r) || !(0..side).contains(&c) {
                continue;
            }
            let cell = (r * side + c) as usize;
            if !shares_unit(i, cell) && !out.iter().any(|&(b, _)| usize::from(b) == cell) {
                out.push((cell as u16, Some(relation)));
            }
        }
    }
    for &p in rules.peers(i) {
        if !shares_unit(i, p) && !out.iter().any(|&(b, _)| usize::from(b) == p) {
            out.push((p as u16, None));
        }
    }
    out.into_boxed_slice()
}

/// Cell `i`'s non-consecutive neighbours in SukakuExplainer's order:
/// above, below, right, left.
fn neighbours_of(rules: &Rules, i: usize) -> Box<[u16]> {
    let side = rules.shape().side();
    let around = rules.neighbours(i);
    let (row, col) = (i / side, i % side);
    let moves = [
        (row > 0).then(|| i - side),
        (row + 1 < side).then(|| i + side),
        (col + 1 < side).then(|| i + 1),
        (col > 0).then(|| i - 1),
    ];
    moves.into_iter().flatten().filter(|&c| around.contains(&(c as u16))).map(|c| c as u16).collect()
}

/// The bit set of `cells` (all below 128).
fn cell_mask(cells: impl IntoIterator<Item = usize>) -> u128 {
    cells.into_iter().fold(0, |mask, c| mask | 1 << c)
}
