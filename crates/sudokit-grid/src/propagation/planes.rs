//! The engine of [`PropagationSearch`](super::PropagationSearch) for grids
//! of up to 256 cells (every side up to 16, 9×9 among them): one set of
//! cells per digit, its "plane" (a `u128` up to 128 cells, a
//! [`Wide`](super::cell_set::Wide) pair of them up to 256). A placement is a handful of word
//! operations whatever the rules (the cell leaves every plane, the
//! digit's plane loses the cell's peers), and each rule is a sweep of
//! masks: naked singles by counting planes bit-parallel, hidden singles
//! and locked candidates by a mask per house and per intersection.

use sudokit_core::{Grid, RuleKind, RuleKinds, Rulebook, SearchTally, StopReason};

use super::cell_set::CellSet;
use super::pairs::Pairs;

/// A set of full houses, bit `h` for house `h`.
type Houses = u128;

/// The largest side the planes take (16×16: 256 cells, a
/// [`Wide`](super::cell_set::Wide) set).
const MAX_SIDE: usize = 16;

/// What the search reads of a variant, as masks of cells.
#[derive(Debug)]
pub(super) struct Tables<Cells> {
    side: usize,
    /// Every cell of the grid.
    all: Cells,
    /// Each digit's plane before any placement: every cell, but for the
    /// cells whose pencil marks leave the digit out.
    start: Vec<Cells>,
    /// The cells that may not share each cell's digit.
    peers: Vec<Cells>,
    /// Each cell's bound cells under its first rule, with what the rule
    /// forbids: inline, as the peers are, so that a placement under one
    /// rule reads nothing else (a vector per cell and a shared table of
    /// rules cost non-consecutive placements 16 % more instructions).
    bound: Vec<Bound<Cells>>,
    /// The same under each further rule, for cells bound by several.
    more_bound: Vec<Vec<Bound<Cells>>>,
    /// The houses of the side's size, where each digit has a place (a
    /// smaller house of one's own only keeps its digits distinct, which
    /// the peers say).
    houses: Vec<Cells>,
    /// The full houses of each cell.
    houses_of: Vec<Houses>,
    /// Every two full houses that share two cells or more.
    meets: Vec<Meet<Cells>>,
    /// The meets of each full house.
    meets_of: Vec<Vec<u16>>,
}

/// Cells bound to one cell by one rule, and what the rule forbids there.
#[derive(Clone, Copy, Debug, Default)]
struct Bound<Cells> {
    /// The cells; none for a cell no rule binds.
    cells: Cells,
    /// Per digit `d + 1` of the cell, the digits (bit `e` for `e + 1`)
    /// the rule forbids in the bound cells.
    forbid: [u16; MAX_SIDE],
    /// Whether [`Tables::more_bound`] holds more for the cell.
    more: bool,
}

impl<Cells: CellSet> Bound<Cells> {
    /// Each cell's bound cells under its first rule, and under the others,
    /// from `pairs`.
    fn of_cells(pairs: &Pairs, side: usize) -> (Vec<Bound<Cells>>, Vec<Vec<Bound<Cells>>>) {
        let cells = pairs.bound.len();
        let (mut bound, mut more_bound) = (vec![Bound::default(); cells], vec![Vec::new(); cells]);
        for (i, list) in pairs.bound.iter().enumerate() {
            let mut by_rule: Vec<(usize, Bound<Cells>)> = Vec::new();
            for &(other, row) in list {
                match by_rule.iter_mut().find(|(r, _)| *r == row) {
                    Some((_, b)) => b.cells |= Cells::cell(other),
                    None => {
                        let mut forbid = [0; MAX_SIDE];
                        forbid[..side].iter_mut().zip(&pairs.forbid[row..row + side]).for_each(|(f, &p)| *f = p as u16);
                        by_rule.push((row, Bound { cells: Cells::cell(other), forbid, more: false }));
                    }
                }
            }
            let mut rules = by_rule.into_iter().map(|(_, b)| b);
            if let Some(first) = rules.next() {
                more_bound[i] = rules.collect();
                bound[i] = Bound { more: !more_bound[i].is_empty(), ..first };
            }
        }
        (bound, more_bound)
    }
}

/// Two houses that share cells, for locked candidates.
#[derive(Debug)]
struct Meet<Cells> {
    shared: Cells,
    /// The other cells of each.
    rest: [Cells; 2],
}

/// The kinds the general engine keeps and the planes do not: the pairs it
/// keeps arc consistent, which pays more than the planes' cheaper nodes,
/// and the groups (quadruples, between lines, sandwiches).
const ARC_KINDS: RuleKinds = RuleKinds::of(&[
    RuleKind::Thermometers,
    RuleKind::Whispers,
    RuleKind::Extrema,
    RuleKind::Renban,
    RuleKind::EntropicLines,
    RuleKind::ModularLines,
])
.union(super::groups::KINDS);

impl<Cells: CellSet> Tables<Cells> {
    /// Whether the grids and full houses of `rules` fit planes of `Cells`.
    pub(super) fn fits(rules: &Rulebook) -> bool {
        let side = rules.shape().side();
        let houses = rules.houses().iter().filter(|h| h.cells().len() == side).count();
        // Sums (cages', arrows', little killers'), thermometers, whispers,
        // renban, entropic and modular lines, minimum or maximum cells and
        // quadruples are kept by the general engine (which keeps the pairs
        // arc consistent); a palindrome's pairs of equal digits gain less than
        // the planes' cheaper nodes.
        !rules.variant().has_sums()
            && !rules.kinds().intersects(RuleKinds::DRAWN_SUMS.union(ARC_KINDS))
            && rules.shape().cell_count() <= Cells::CELLS
            && side <= MAX_SIDE
            && houses <= Houses::BITS as usize
    }

    /// The tables of `rules`, which [`fits`](Tables::fits).
    pub(super) fn new(rules: &Rulebook) -> Tables<Cells> {
        let (shape, side) = (rules.shape(), rules.shape().side());
        debug_assert!(Tables::<Cells>::fits(rules));
        let cells = shape.cell_count();
        let all = Cells::first(cells);
        let peers: Vec<Cells> = (0..cells).map(|i| Cells::from_words(rules.peer_row(i))).collect();
        let pairs = Pairs::new(rules);
        let (bound, more_bound) = Bound::of_cells(&pairs, side);
        let (mut houses, mut houses_of) = (Vec::new(), vec![0; cells]);
        for house in rules.houses().iter().filter(|h| h.cells().len() == side) {
            for &i in house.cells() {
                houses_of[i] |= 1 << houses.len();
            }
            houses.push(house.cells().iter().fold(Cells::default(), |acc, &i| acc | Cells::cell(i)));
        }
        let variant = rules.variant();
        // The first 3 × side houses are the rows, the columns and the boxes
        // or regions. Locked candidates between a rectangular box and a
        // line cost more than the guesses they save, on every variant set
        // measured (docs/notes.md); those of regions, windows, diagonals
        // and other houses pay.
        let boxes = variant.regions().is_none() && side < 12;
        let mut meets = Vec::new();
        let mut meets_of = vec![Vec::new(); houses.len()];
        for (k, &a) in houses.iter().enumerate() {
            for (l, &b) in houses.iter().enumerate().skip(k + 1) {
                let shared = a & b;
                if shared.len() >= 2 && !(boxes && l < 3 * side) {
                    meets_of[k].push(meets.len() as u16);
                    meets_of[l].push(meets.len() as u16);
                    meets.push(Meet { shared, rest: [a & !shared, b & !shared] });
                }
            }
        }
        // A digit no bound cell could pair with is out of the cell's
        // plane from the start, as a pencil mark would leave it out.
        let start = (0..side)
            .map(|d| {
                let kept = |i: usize| pairs.possible[i] >> d & 1 == 1;
                let marked = |i: usize| rules.allowed_digits().is_none_or(|allowed| allowed[i] >> d & 1 == 1);
                (0..cells).filter(|&i| kept(i) && marked(i)).fold(Cells::default(), |m, i| m | Cells::cell(i))
            })
            .collect();
        Tables { side, all, start, peers, bound, more_bound, houses, houses_of, meets, meets_of }
    }
}

impl<Cells: CellSet> Tables<Cells> {
    /// The full houses holding one of `cells`: through the houses of each
    /// cell for a few cells, through every house's mask for many.
    #[inline]
    fn houses_touching(&self, cells: Cells) -> Houses {
        let mut houses = 0;
        if cells.len() as usize * 4 > self.houses.len() {
            for (h, &house) in self.houses.iter().enumerate() {
                houses |= Houses::from(!(house & cells).is_empty()) << h;
            }
            return houses;
        }
        for i in cells.cells() {
            houses |= self.houses_of[i];
        }
        houses
    }
}

/// Places `puzzle`'s givens and searches for up to `limit` solutions,
/// counted in `tally`, on boards of `SIDE` planes (at least the grid's
/// side); `Ok(false)` when the givens alone leave a cell nothing.
pub(super) fn search<Cells: CellSet, const SIDE: usize>(
    tables: &Tables<Cells>,
    puzzle: &Grid,
    tally: &mut SearchTally<'_>,
    limit: u64,
) -> Result<bool, StopReason> {
    debug_assert!(tables.side <= SIDE);
    let none = Cells::default();
    let mut board: Board<Cells, SIDE> =
        Board { planes: [none; SIDE], open: tables.all, fresh: [[none; SIDE]; 2], done: [0; SIDE] };
    board.planes[..tables.side].copy_from_slice(&tables.start);
    board.fresh[HIDDEN][..tables.side].fill(tables.all);
    board.fresh[LOCKED][..tables.side].fill(tables.all);
    for (i, &v) in puzzle.values().iter().enumerate() {
        if v != 0 && !board.place(tables, i, usize::from(v) - 1) {
            return Ok(false);
        }
    }
    if limit > 0 {
        Search { tables, tally }.branch(board)?;
    }
    Ok(true)
}

/// The candidates of a grid part-way: `planes[d]` holds the cells where
/// digit `d + 1` is placed or still possible, `open` the empty cells.
#[derive(Clone, Copy)]
struct Board<Cells, const SIDE: usize> {
    planes: [Cells; SIDE],
    open: Cells,
    /// For hidden singles and for locked candidates, the cells each plane
    /// lost since the rule last looked at it: only the houses holding one
    /// of them can show that rule something new.
    fresh: [[Cells; SIDE]; 2],
    /// The houses where each digit is placed, which no rule need look at.
    done: [Houses; SIDE],
}

/// The rows of [`Board::fresh`].
const HIDDEN: usize = 0;
const LOCKED: usize = 1;

impl<Cells: CellSet, const SIDE: usize> Board<Cells, SIDE> {
    /// Places digit `d + 1` in cell `i`; `false` when it was no candidate
    /// there.
    #[inline]
    fn place(&mut self, tables: &Tables<Cells>, i: usize, d: usize) -> bool {
        let bit = Cells::cell(i);
        if !self.planes[d].has(i) {
            return false;
        }
        for e in 0..tables.side {
            self.take(e, bit);
        }
        self.planes[d] |= bit;
        self.take(d, tables.peers[i]);
        let bound = &tables.bound[i];
        if !bound.cells.is_empty() {
            self.take_forbidden(bound.forbid[d], bound.cells);
            if bound.more {
                for more in &tables.more_bound[i] {
                    self.take_forbidden(more.forbid[d], more.cells);
                }
            }
        }
        self.open &= !bit;
        self.done[d] |= tables.houses_of[i];
        true
    }

    /// Removes `cells` from the plane of each digit of `digits` (bit `e`
    /// for digit `e + 1`).
    #[inline]
    fn take_forbidden(&mut self, mut digits: u16, cells: Cells) {
        while digits != 0 {
            self.take(digits.trailing_zeros() as usize, cells);
            digits &= digits - 1;
        }
    }

    /// Removes `cells` from plane `d`, noting what it lost for the rules.
    #[inline]
    fn take(&mut self, d: usize, cells: Cells) {
        let lost = self.planes[d] & cells;
        if !lost.is_empty() {
            self.planes[d] &= !lost;
            self.fresh[HIDDEN][d] |= lost;
            self.fresh[LOCKED][d] |= lost;
        }
    }

    /// The cells with at least one and at least two candidates (or
    /// digits).
    #[inline]
    fn counts(&self, side: usize) -> [Cells; 2] {
        let (mut one, mut two) = (Cells::default(), Cells::default());
        for &plane in &self.planes[..side] {
            two |= one & plane;
            one |= plane;
        }
        [one, two]
    }

    /// Places the naked and hidden singles and removes locked candidates
    /// until none is left; `false` on a contradiction.
    fn propagate(&mut self, tables: &Tables<Cells>) -> bool {
        let side = tables.side;
        loop {
            let [one, two] = self.counts(side);
            if one != tables.all {
                // A cell with no digit left, or a placed digit a later
                // placement took away.
                return false;
            }
            let singles = self.open & !two;
            if !singles.is_empty() {
                for d in 0..side {
                    for i in (singles & self.planes[d]).cells() {
                        if !self.place(tables, i, d) {
                            return false;
                        }
                    }
                }
                continue;
            }
            match self.hidden_single(tables) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.lock(tables) {
                return true;
            }
        }
    }

    /// The houses where `rule` ([`HIDDEN`] or [`LOCKED`]) may find
    /// something new for digit `d + 1`: those holding a cell its plane lost
    /// since the rule last looked, the digit not yet placed there. Clears
    /// what the plane lost.
    #[inline]
    fn houses_to_see(&mut self, tables: &Tables<Cells>, rule: usize, d: usize) -> Houses {
        let fresh = std::mem::take(&mut self.fresh[rule][d]);
        if fresh.is_empty() { 0 } else { tables.houses_touching(fresh) & !self.done[d] }
    }

    /// Places every open cell that is the only place of a digit in a
    /// house; whether one was placed, `None` when a digit has no place
    /// in a house.
    fn hidden_single(&mut self, tables: &Tables<Cells>) -> Option<bool> {
        let mut placed = false;
        for d in 0..tables.side {
            let mut houses = self.houses_to_see(tables, HIDDEN, d);
            while houses != 0 {
                let house = tables.houses[houses.trailing_zeros() as usize];
                houses &= houses - 1;
                let places = self.planes[d] & house;
                if places.at_most_one() {
                    if places.is_empty() {
                        return None;
                    }
                    if !(places & self.open).is_empty() {
                        if !self.place(tables, places.lowest(), d) {
                            return None;
                        }
                        placed = true;
                    }
                }
            }
        }
        Some(placed)
    }

    /// For every two houses that share cells, removes the digits whose
    /// places in one lie in the shared cells from the other's other
    /// cells; whether anything went.
    fn lock(&mut self, tables: &Tables<Cells>) -> bool {
        let mut removed = false;
        for d in 0..tables.side {
            let mut houses = self.houses_to_see(tables, LOCKED, d);
            while houses != 0 {
                let h = houses.trailing_zeros() as usize;
                houses &= houses - 1;
                for meet in tables.meets_of[h].iter().map(|&m| &tables.meets[usize::from(m)]) {
                    let plane = self.planes[d];
                    if (plane & meet.shared & self.open).is_empty() {
                        continue;
                    }
                    let [a, b] = [plane & meet.rest[0], plane & meet.rest[1]];
                    if a.is_empty() && !b.is_empty() {
                        self.take(d, meet.rest[1]);
                        removed = true;
                    } else if b.is_empty() && !a.is_empty() {
                        self.take(d, meet.rest[0]);
                        removed = true;
                    }
                }
            }
        }
        removed
    }

    /// The open cell to guess: the fewest candidates per open peer
    /// (Bessière and Régin's dom/deg), a cell bound to it by another rule
    /// counting as eight peers, the first such cell among equals; only
    /// cells of two or three candidates when there are some. Against the
    /// first cell of fewest candidates, it takes 40 % fewer nodes on
    /// minimal X puzzles, 35 % on jigsaw, 52 % on anti-knight
    /// (`docs/notes.md`, "Which cell the planes guess").
    fn pick(&self, tables: &Tables<Cells>, side: usize) -> usize {
        let counts = self.candidate_counts(side);
        let few = self.open & !(counts[2] | counts[3] | counts[4]);
        let open = if few.is_empty() { self.open } else { few };
        // (candidates, weight of the open peers, cell): the ratio is
        // compared by products; no count reaches the first one's.
        let mut best = (MAX_SIDE + 1, 1, 0);
        for i in open.cells() {
            let count = counts.iter().enumerate().fold(0, |n, (k, bits)| n | usize::from(bits.has(i)) << k);
            let peers = (tables.peers[i] & self.open).len() as usize;
            let bound = (tables.bound[i].cells & self.open).len() as usize;
            let weight = peers + 8 * bound + 1;
            if count * best.1 < best.0 * weight {
                best = (count, weight, i);
            }
        }
        best.2
    }

    /// Each cell's number of candidates, bit-sliced: bit `k` of the count
    /// of cell `i` is bit `i` of the `k`-th set (counts up to 31, as
    /// sides here are at most 16).
    fn candidate_counts(&self, side: usize) -> [Cells; 5] {
        let mut bits = [Cells::default(); 5];
        for &plane in &self.planes[..side] {
            let mut carry = plane;
            for slice in &mut bits {
                let next = *slice & carry;
                *slice = (*slice | carry) & !next;
                carry = next;
            }
        }
        bits
    }

    /// The digits of a board with no open cell, row-major.
    fn values(&self, side: usize, cells: usize) -> Vec<u8> {
        let mut values = vec![0; cells];
        for (d, &plane) in self.planes[..side].iter().enumerate() {
            for i in plane.cells() {
                values[i] = d as u8 + 1;
            }
        }
        values
    }
}

/// One search in progress.
struct Search<'t, 'b, Cells> {
    tables: &'t Tables<Cells>,
    tally: &'t mut SearchTally<'b>,
}

impl<Cells: CellSet> Search<'_, '_, Cells> {
    /// Propagates, then guesses an open cell with few candidates and many
    /// open peers; `Ok(true)` when the solution limit is reached.
    fn branch<const SIDE: usize>(&mut self, mut board: Board<Cells, SIDE>) -> Result<bool, StopReason> {
        self.tally.enter()?;
        let (tables, side) = (self.tables, self.tables.side);
        if !board.propagate(tables) {
            return Ok(false);
        }
        if board.open.is_empty() {
            return Ok(self.tally.record(&board.values(side, tables.peers.len())));
        }
        let i = board.pick(tables, side);
        let mut digits = (0..side).filter(|&d| board.planes[d].has(i)).fold(0u16, |set, d| set | 1 << d);
        if digits.count_ones() > 1 {
            self.tally.stats_mut().guesses += 1;
        }
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut next = board;
            if next.place(tables, i, d) && self.branch(next)? {
                return Ok(true);
            }
            self.tally.stats_mut().backtracks += 1;
        }
        Ok(false)
    }
}
