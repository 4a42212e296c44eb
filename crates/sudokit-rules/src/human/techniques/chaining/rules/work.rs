//! The grid a chaining search works on: the candidates of every cell and
//! the places of every digit in every unit, which the dynamic searches
//! shrink as they go, with Sudoku Explainer's order of houses (box, row,
//! column) and of cells inside each.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use sudokit_core::{Digit, Shape};
use sudokit_grid::{Candidates, Layout};

use super::potentials::Node;
use crate::human::position::{Position, per_shape, se_peers};

/// Candidates per cell and places per unit and digit: what a search
/// shrinks, and what it restores.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct State {
    cands: Vec<Candidates>,
    /// `places[unit * side + digit index]`: bit `k` for the unit's `k`-th
    /// cell.
    places: Vec<u64>,
}

// By hand, so that `clone_from` reuses the vectors' memory (the derived
// one allocates anew): saving and restoring a state happens once per branch.
impl Clone for State {
    fn clone(&self) -> State {
        State { cands: self.cands.clone(), places: self.places.clone() }
    }

    fn clone_from(&mut self, source: &State) {
        self.cands.clone_from(&source.cands);
        self.places.clone_from(&source.places);
    }
}

impl State {
    pub(crate) fn cands(&self, cell: usize) -> Candidates {
        self.cands[cell]
    }
}

/// The grid of a search: its [`State`], how many cells of each unit are
/// empty, and the geometry in Sudoku Explainer's order.
#[derive(Clone, Debug)]
pub(crate) struct Work {
    side: usize,
    state: State,
    /// A second state, kept so that saving one for a later restore
    /// reuses its memory ([`Work::save`]).
    spare: State,
    /// Per unit, how many of its cells are empty in the position: the
    /// techniques inside branches ask it every time, and a branch fills
    /// no cell.
    empty: Vec<usize>,
    /// How many times each digit is placed (index 0 unused).
    placed: Vec<usize>,
    geometry: &'static Geometry,
}

/// What the results of a search depend on besides the candidates it
/// works on: the shape, and the position's filled cells (through the
/// empty cells of each unit and the placements of each digit). Equal
/// origins and equal candidates give equal hints.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Origin {
    grid: usize,
    cands: Vec<Candidates>,
    empty: Vec<usize>,
    placed: Vec<usize>,
}

/// What a [`Work`] knows of its shape, the same for every grid of it: built
/// once per shape and shared.
#[derive(Debug)]
struct Geometry {
    /// Per unit (boxes, rows, columns), its cells.
    units: Vec<&'static [u16]>,
    /// Per cell, its box, row and column, and its place in each.
    homes: Vec<[(u16, u8); 3]>,
    /// Per candidate slot (`cell * side + digit index`), its cell and
    /// digit: a node decodes without a division.
    slots: Vec<(u16, Digit)>,
    /// The crossings of a box and a line, in the order Sudoku Explainer's
    /// locked candidates scan them (see [`Work::crossings`]).
    crossings: Vec<Crossing>,
    /// Per cell, its peers in Sudoku Explainer's order.
    peers: &'static [Vec<usize>],
    /// The same as bit sets over the cells, on grids of 128 cells or
    /// fewer.
    masks: Option<CellMasks>,
}

/// Peers and units as bit sets over the cells (bit `i` for cell `i`).
#[derive(Debug)]
pub(crate) struct CellMasks {
    /// Per cell, its peers.
    pub(crate) peers: Vec<u128>,
    /// Per unit, its cells.
    pub(crate) units: Vec<u128>,
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

impl Work {
    pub(crate) fn new(position: &Position) -> Work {
        let len = position.len();
        let side = position.side();
        let geometry = Geometry::of(position.layout());
        let mut placed = vec![0; side + 1];
        for i in 0..len {
            placed[usize::from(position.placed(i))] += 1;
        }
        let cands: Vec<Candidates> = (0..len).map(|i| position.cands(i)).collect();
        let mut places = vec![0u64; 3 * side * side];
        for (u, cells) in geometry.units.iter().enumerate() {
            for (k, &c) in cells.iter().enumerate() {
                for d in cands[c as usize].iter() {
                    places[u * side + d.index()] |= 1 << k;
                }
            }
        }
        let state = State { cands, places };
        let filled: Vec<bool> = (0..len).map(|i| position.placed(i) != 0).collect();
        let empty = geometry.units.iter().map(|cells| cells.iter().filter(|&&c| !filled[c as usize]).count()).collect();
        Work { side, spare: state.clone(), state, empty, placed, geometry }
    }

    pub(crate) fn side(&self) -> usize {
        self.side
    }

    pub(crate) fn len(&self) -> usize {
        self.state.cands.len()
    }

    /// Nodes of the grid: two per candidate slot.
    pub(crate) fn nodes(&self) -> usize {
        self.geometry.slots.len() * 2
    }

    /// The node of `digit` in `cell`, on or off.
    #[inline]
    pub(crate) fn node(&self, cell: usize, digit: Digit, on: bool) -> Node {
        ((cell * self.side + digit.index()) * 2 + usize::from(on)) as Node
    }

    /// The cell, digit and truth of `node`.
    #[inline]
    pub(crate) fn decode(&self, node: Node) -> (usize, Digit, bool) {
        let (cell, digit) = self.geometry.slots[node as usize / 2];
        (usize::from(cell), digit, node & 1 == 1)
    }

    pub(crate) fn digits(&self) -> impl Iterator<Item = Digit> + use<> {
        (1..=self.side as u8).filter_map(Digit::new)
    }

    pub(crate) fn cands(&self, cell: usize) -> Candidates {
        self.state.cands[cell]
    }

    /// Which shape's tables this grid uses, as a number: equal for two
    /// grids of the same shape.
    pub(crate) fn grid_id(&self) -> usize {
        std::ptr::from_ref(self.geometry) as usize
    }

    /// The origin of the searches on this grid as it stands.
    pub(crate) fn origin(&self) -> Origin {
        Origin {
            grid: self.grid_id(),
            cands: self.state.cands.clone(),
            empty: self.empty.clone(),
            placed: self.placed.clone(),
        }
    }

    /// Whether `origin` is this grid's as it stands, without building one.
    pub(crate) fn has_origin(&self, origin: &Origin) -> bool {
        origin.grid == self.grid_id()
            && origin.cands == self.state.cands
            && origin.empty == self.empty
            && origin.placed == self.placed
    }

    /// The candidates of every cell.
    pub(crate) fn all_cands(&self) -> &[Candidates] {
        &self.state.cands
    }

    /// Removes `digit` from `cell` (it must be a candidate there).
    pub(crate) fn remove(&mut self, cell: usize, digit: Digit) {
        self.state.cands[cell].remove(digit);
        for (u, k) in self.geometry.homes[cell] {
            self.state.places[usize::from(u) * self.side + digit.index()] &= !(1 << k);
        }
    }

    /// A copy of the current state, to hand back to [`Work::put_back`]:
    /// the copy reuses the memory of the one put back last.
    pub(crate) fn save(&mut self) -> State {
        let mut saved = std::mem::take(&mut self.spare);
        saved.clone_from(&self.state);
        saved
    }

    /// Restores the state `saved` by [`Work::save`], and keeps its memory
    /// for the next save.
    pub(crate) fn put_back(&mut self, saved: State) {
        self.state.clone_from(&saved);
        self.spare = saved;
    }

    /// The cells of unit `unit`: boxes `0..side`, rows `side..2 side`,
    /// columns after, Sudoku Explainer's order.
    pub(crate) fn unit(&self, unit: usize) -> &'static [u16] {
        self.geometry.units[unit]
    }

    /// The box, row and column of `cell`, in that order.
    pub(crate) fn units_of(&self, cell: usize) -> [usize; 3] {
        self.geometry.homes[cell].map(|(u, _)| usize::from(u))
    }

    /// Every box crossing a row or column, in the order Sudoku
    /// Explainer's locked candidates scan them: boxes onto columns, boxes
    /// onto rows, columns onto boxes, rows onto boxes.
    pub(crate) fn crossings(&self) -> &[Crossing] {
        &self.geometry.crossings
    }

    /// The cells of `unit` at the positions of `mask`.
    pub(crate) fn cells_at(&self, unit: usize, mut mask: u64) -> impl Iterator<Item = usize> + '_ {
        let cells = self.unit(unit);
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let k = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                cells[k] as usize
            })
        })
    }

    /// Every unit of one kind (0 boxes, 1 rows, 2 columns).
    pub(crate) fn units_of_kind(&self, kind: usize) -> std::ops::Range<usize> {
        kind * self.side..(kind + 1) * self.side
    }

    /// The positions (bit `k` for the unit's `k`-th cell) of `digit` in
    /// `unit`, in `state`.
    pub(crate) fn places_in(&self, state: &State, unit: usize, digit: Digit) -> u64 {
        state.places[unit * self.side + digit.index()]
    }

    pub(crate) fn places(&self, unit: usize, digit: Digit) -> u64 {
        self.places_in(&self.state, unit, digit)
    }

    /// The places in `unit` of every digit, by digit index.
    pub(crate) fn unit_places(&self, unit: usize) -> &[u64] {
        &self.state.places[unit * self.side..(unit + 1) * self.side]
    }

    /// Empty cells of `unit` in the position (candidates removed inside a
    /// chain do not fill a cell).
    pub(crate) fn empty_count(&self, unit: usize) -> usize {
        self.empty[unit]
    }

    /// How often `digit` is placed in the position.
    pub(crate) fn placed_count(&self, digit: Digit) -> usize {
        self.placed[usize::from(digit.get())]
    }

    /// Peers and units as bit sets over the cells, on grids of 128 cells
    /// or fewer.
    pub(crate) fn masks(&self) -> Option<&'static CellMasks> {
        self.geometry.masks.as_ref()
    }

    /// The cells holding `digit` as a candidate, as a bit set, on grids of
    /// 128 cells or fewer.
    pub(crate) fn digit_cells(&self, digit: Digit) -> Option<u128> {
        self.masks().map(|_| cell_mask((0..self.len()).filter(|&c| self.cands(c).contains(digit))))
    }

    /// The peers of `cell` in Sudoku Explainer's order: its box, row and
    /// column, each cell once.
    pub(crate) fn house_cells(&self, cell: usize) -> &'static [usize] {
        &self.geometry.peers[cell]
    }
}

/// Whether `bits` has exactly two bits set, without a population count
/// (which generic x86-64 code computes slowly).
#[inline]
pub(crate) fn two_bits(bits: u64) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// Whether `bits` has two bits set or more.
#[inline]
pub(crate) fn several_bits(bits: u64) -> bool {
    bits & bits.wrapping_sub(1) != 0
}

impl Geometry {
    /// The shared geometry of `layout`'s shape, built on first use.
    fn of(layout: &'static Layout) -> &'static Geometry {
        static BUILT: OnceLock<Mutex<HashMap<Shape, &'static Geometry>>> = OnceLock::new();
        per_shape(&BUILT, layout.shape(), || Geometry::new(layout))
    }

    fn new(layout: &'static Layout) -> Geometry {
        let side = layout.shape().side();
        let len = layout.shape().cell_count();
        let units: Vec<&'static [u16]> = (0..3 * side).map(|u| layout.unit(layout_unit(side, u))).collect();
        let mut homes = vec![[(0u16, 0u8); 3]; len];
        let mut filled_homes = vec![0usize; len];
        for (u, cells) in units.iter().enumerate() {
            for (k, &c) in cells.iter().enumerate() {
                let c = c as usize;
                homes[c][filled_homes[c]] = (u as u16, k as u8);
                filled_homes[c] += 1;
            }
        }
        let slots =
            (0..len).flat_map(|c| (1..=side as u8).filter_map(Digit::new).map(move |d| (c as u16, d))).collect();
        let mut crossings = Vec::new();
        for (k1, k2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
            for from in k1 * side..(k1 + 1) * side {
                for to in k2 * side..(k2 + 1) * side {
                    let shared = |a: usize, b: usize| {
                        let mut mask = 0u64;
                        for (k, &c) in units[a].iter().enumerate() {
                            if homes[c as usize].iter().any(|&(u, _)| usize::from(u) == b) {
                                mask |= 1 << k;
                            }
                        }
                        mask
                    };
                    let from_shared = shared(from, to);
                    if from_shared != 0 {
                        crossings.push(Crossing { from, to, from_shared, to_shared: shared(to, from) });
                    }
                }
            }
        }
        let peers = se_peers(layout);
        let masks = (len <= 128).then(|| CellMasks {
            peers: peers.iter().map(|p| cell_mask(p.iter().copied())).collect(),
            units: units.iter().map(|u| cell_mask(u.iter().map(|&c| usize::from(c)))).collect(),
        });
        Geometry { units, homes, slots, crossings, peers, masks }
    }
}

/// The bit set of `cells` (all below 128).
fn cell_mask(cells: impl IntoIterator<Item = usize>) -> u128 {
    cells.into_iter().fold(0, |mask, c| mask | 1 << c)
}

/// The layout's number of Sudoku Explainer's unit `se_unit` (boxes, rows,
/// columns) on a grid of side `side`.
pub(crate) fn layout_unit(side: usize, se_unit: usize) -> usize {
    let (kind, k) = (se_unit / side, se_unit % side);
    match kind {
        0 => 2 * side + k,
        1 => k,
        _ => side + k,
    }
}
