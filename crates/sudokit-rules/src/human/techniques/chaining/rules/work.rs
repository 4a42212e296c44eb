//! The grid a chaining search works on: the candidates of every cell and
//! the places of every digit in every unit, which the dynamic searches
//! shrink as they go, on the [`Geometry`] of its rules.

use std::sync::Arc;

use sudokit_core::Digit;
use sudokit_core::Rulebook;
use sudokit_core::sums::{SumOrigin, sums_of};
use sudokit_grid::Candidates;

use super::geometry::Geometry;
pub(crate) use super::geometry::{Bound, CellMasks, Crossing, MAX_MASK_SIDE};
use super::potentials::Node;
use crate::human::position::Position;

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
    geometry: Arc<Geometry>,
    /// The sums of the rules, which dynamic chains read as links.
    sums: Arc<SumLinks>,
    /// The digit placed in each cell (0 for an open cell).
    values: Arc<[u8]>,
}

/// A sum a chain reads as a link: a killer cage's, or one its rules
/// imply (innies and outies, [`sums_of`]).
#[derive(Debug)]
pub(crate) struct SumLink {
    /// The cage's number among the variant's cages, for a cage's sum.
    pub(crate) cage: Option<usize>,
    pub(crate) origin: SumOrigin,
    /// The cells counted, then those taken away.
    pub(crate) cells: Box<[usize]>,
    /// +1 for a cell counted, −1 for one taken away.
    pub(crate) signs: Box<[i64]>,
    pub(crate) total: i64,
    /// Whether its cells hold distinct digits (see each other) and all
    /// count positively.
    pub(crate) distinct: bool,
}

/// The sums of a rulebook, and those of each cell.
#[derive(Debug)]
pub(crate) struct SumLinks {
    pub(crate) links: Vec<SumLink>,
    of_cell: Vec<Vec<u16>>,
}

impl SumLinks {
    /// Every sum of `rules` over at most [`MAX_LINK_CELLS`] cells.
    fn of(rules: &Rulebook) -> SumLinks {
        let cages = rules.variant().cages();
        let links: Vec<SumLink> = sums_of(rules)
            .iter()
            .filter(|sum| sum.plus().len() + sum.minus().len() <= MAX_LINK_CELLS)
            .map(|sum| {
                let cage = (sum.origin() == SumOrigin::Cage)
                    .then(|| cages.iter().position(|c| sorted(c.cells()) == sum.plus()))
                    .flatten();
                let cells = sum.plus().iter().chain(sum.minus()).copied().collect();
                let signs = sum.plus().iter().map(|_| 1).chain(sum.minus().iter().map(|_| -1)).collect();
                let distinct = sum.minus().is_empty()
                    && sum
                        .plus()
                        .iter()
                        .enumerate()
                        .all(|(k, &a)| sum.plus()[k + 1..].iter().all(|&b| rules.are_peers(a, b)));
                SumLink { cage, origin: sum.origin(), cells, signs, total: sum.total(), distinct }
            })
            .collect();
        let mut of_cell = vec![Vec::new(); rules.shape().cell_count()];
        for (k, link) in links.iter().enumerate() {
            link.cells.iter().for_each(|&c| of_cell[c].push(k as u16));
        }
        SumLinks { links, of_cell }
    }
}

/// The most cells of a sum a chain reads: past that, a sum rarely
/// removes anything and its fillings are many.
const MAX_LINK_CELLS: usize = 5;

fn sorted(cells: &[usize]) -> Vec<usize> {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    cells
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

impl Work {
    pub(crate) fn new(position: &Position) -> Work {
        let len = position.len();
        let side = position.side();
        let geometry = Geometry::of(position);
        let mut placed = vec![0; side + 1];
        for i in 0..len {
            placed[usize::from(position.placed(i))] += 1;
        }
        let cands: Vec<Candidates> = (0..len).map(|i| position.cands(i)).collect();
        let mut places = vec![0u64; geometry.units.len() * side];
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
        let sums = position.rules().derived(SumLinks::of);
        let values = (0..len).map(|i| position.placed(i)).collect();
        Work { side, spare: state.clone(), state, empty, placed, geometry, sums, values }
    }

    pub(crate) fn side(&self) -> usize {
        self.side
    }

    /// The sums of the rules.
    pub(crate) fn sum_links(&self) -> &[SumLink] {
        &self.sums.links
    }

    /// The places in [`sum_links`](Work::sum_links) of the sums over
    /// `cell`.
    #[inline]
    pub(crate) fn sums_at(&self, cell: usize) -> &[u16] {
        &self.sums.of_cell[cell]
    }

    /// The digit placed in `cell` in the position, 0 if none.
    pub(crate) fn value(&self, cell: usize) -> u8 {
        self.values[cell]
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

    /// Which tables this grid uses, as a number: equal for two grids under
    /// the same rules.
    pub(crate) fn grid_id(&self) -> usize {
        self.geometry.id
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
        for &(u, k) in self.geometry.homes(cell) {
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

    /// The cells of unit `unit`: boxes (or regions) `0..side`, rows
    /// `side..2 side`, columns, then the extra houses (see
    /// [`Geometry::units`]).
    #[inline]
    pub(crate) fn unit(&self, unit: usize) -> &[u16] {
        &self.geometry.units[unit]
    }

    /// How many units the grid has.
    pub(crate) fn unit_count(&self) -> usize {
        self.geometry.units.len()
    }

    /// The position's number for `unit`.
    pub(crate) fn position_unit(&self, unit: usize) -> usize {
        self.geometry.position_units[unit]
    }

    /// The units of `cell`, each with the cell's place there: its box,
    /// row and column first, then its extra houses.
    #[inline]
    pub(crate) fn homes(&self, cell: usize) -> &[(u16, u8)] {
        self.geometry.homes(cell)
    }

    /// The box (or region) of `cell`.
    #[inline]
    pub(crate) fn box_of(&self, cell: usize) -> usize {
        usize::from(self.geometry.boxes[cell])
    }

    /// Whether `a` and `b` share a unit before `unit`.
    pub(crate) fn share_before(&self, a: usize, b: usize, unit: usize) -> bool {
        let theirs = self.homes(b);
        self.homes(a).iter().take_while(|&&(u, _)| usize::from(u) < unit).any(|h| theirs.iter().any(|t| t.0 == h.0))
    }

    /// The peers of `cell` it shares no unit with, each with the relation
    /// that binds them (none for a house smaller than the side).
    #[inline]
    pub(crate) fn bound(&self, cell: usize) -> &[Bound] {
        &self.geometry.bound[cell]
    }

    /// The non-consecutive neighbours of `cell`.
    #[inline]
    pub(crate) fn neighbours(&self, cell: usize) -> &[u16] {
        &self.geometry.neighbours[cell]
    }

    /// Whether a digit turns candidates of other digits off: under
    /// non-consecutive.
    pub(crate) fn crosses_digits(&self) -> bool {
        self.geometry.neighbours.iter().any(|n| !n.is_empty())
    }

    /// Whether the techniques inside dynamic branches are the generalized
    /// ones (see [`Geometry::generalized`]).
    pub(crate) fn generalized(&self) -> bool {
        self.geometry.generalized
    }

    /// The units of each kind, in order: boxes, rows, columns, then each
    /// kind of extra house.
    pub(crate) fn unit_kinds(&self) -> &[std::ops::Range<usize>] {
        &self.geometry.kinds
    }

    /// Whether cells `a` and `b` may not hold the same digit.
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.geometry.sees(a, b)
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

    /// Every unit of one of the first kinds (0 boxes, 1 rows, 2 columns).
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
    pub(crate) fn masks(&self) -> Option<&CellMasks> {
        self.geometry.masks.as_ref()
    }

    /// Per digit index, the cells holding it as a candidate, as bit sets,
    /// on grids of 128 cells or fewer (the side is then
    /// [`MAX_MASK_SIDE`] or less).
    pub(crate) fn digit_planes(&self) -> Option<[u128; MAX_MASK_SIDE]> {
        self.masks()?;
        let mut planes = [0; MAX_MASK_SIDE];
        for (cell, cands) in self.state.cands.iter().enumerate() {
            let mut digits = cands.bits();
            while digits != 0 {
                planes[digits.trailing_zeros() as usize] |= 1 << cell;
                digits &= digits - 1;
            }
        }
        Some(planes)
    }

    /// The peers of `cell`: its box, row and column, each cell once (Sudoku
    /// Explainer's order), then its extra houses and the cells bound to
    /// it.
    pub(crate) fn peers(&self, cell: usize) -> &[usize] {
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
