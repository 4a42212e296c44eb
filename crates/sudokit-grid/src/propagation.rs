//! [`PropagationSearch`]: candidates under any [`Variant`], singles
//! propagated through its peers, houses and relations, then guesses.

use std::sync::Arc;

use sudokit_core::{
    Budget, CountSolutions, Grid, SearchTally, Solution, SolveError, Solver, SplitMix64, StopReason, Variant,
};

/// A solver of every [`Variant`] (the standard rules included): each cell
/// keeps the digits its peers leave; a cell left with one digit takes it
/// and removes it from its peers (and its consecutive digits from its
/// orthogonal neighbours under non-consecutive); a digit left with one
/// place in a house goes there; a digit whose places in a house all lie
/// in a second house leaves the rest of the second (locked candidates,
/// between any two houses that share cells: a box and a line, a box and
/// a diagonal, a window and a line…); then the cell with the fewest
/// digits is guessed, each digit in turn, on a copy of the candidates.
///
/// It reads nothing but the variant's houses, difference relations and
/// non-consecutive pairs, so every rule the model has is one it takes.
/// The tables of the last variant solved are kept, so a batch of puzzles
/// of one variant builds them once.
///
/// ```
/// use sudokit::grid::PropagationSearch;
/// use sudokit::{CountSolutions, Grid, Shape, Solver, Variant};
///
/// let x = Variant::standard(Shape::CLASSIC).with_diagonals();
/// let puzzle: Grid = "..6..5.7....9....54..7.3.................2.1..67.......4...7.8...5.....18.....53.".parse()?;
/// let mut solver = PropagationSearch::new();
/// let solution = solver.solve_variant(&puzzle, &x)?;
/// assert!(x.is_solution_of(&solution.grid, &puzzle));
/// assert_eq!(solver.count_variant_solutions(&puzzle, &x, 2)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Complexity
/// Exponential in the worst case, like every exact solver; each node
/// costs O(cells · peers) for the eliminations and O(houses · side) per
/// pass of hidden singles, and a guess copies the candidates (one `u64`
/// and one byte per cell).
#[derive(Clone, Debug, Default)]
pub struct PropagationSearch {
    /// The tables of the last variant solved.
    tables: Option<Arc<Tables>>,
    /// The digits of a guess in a random order, when seeded.
    order: Option<SplitMix64>,
}

impl PropagationSearch {
    /// A new solver.
    pub fn new() -> PropagationSearch {
        PropagationSearch::default()
    }

    /// A solver that tries the digits of each guess in a random order,
    /// drawn from `seed`: the same seed, the same answers. Its first
    /// solution of an empty grid is a random solved grid of the rules (how
    /// the generator draws them), not uniform over all grids.
    ///
    /// ```
    /// use sudokit::grid::PropagationSearch;
    /// use sudokit::{Grid, Shape, Solver, Variant};
    ///
    /// let x = Variant::standard(Shape::CLASSIC).with_diagonals();
    /// let empty = Grid::empty(Shape::CLASSIC);
    /// let a = PropagationSearch::with_seed(1).solve_variant(&empty, &x)?.grid;
    /// let b = PropagationSearch::with_seed(2).solve_variant(&empty, &x)?.grid;
    /// assert!(x.is_solution_of(&a, &empty) && x.is_solution_of(&b, &empty));
    /// assert_ne!(a, b);
    /// assert_eq!(PropagationSearch::with_seed(1).solve_variant(&empty, &x)?.grid, a);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_seed(seed: u64) -> PropagationSearch {
        PropagationSearch { tables: None, order: Some(SplitMix64::new(seed)) }
    }

    /// The tables of `variant`, kept from the last call when it was the
    /// same variant.
    fn tables(&mut self, variant: &Variant) -> Arc<Tables> {
        match &self.tables {
            Some(tables) if tables.variant == *variant => Arc::clone(tables),
            _ => {
                let tables = Arc::new(Tables::new(variant));
                self.tables = Some(Arc::clone(&tables));
                tables
            }
        }
    }

    /// Searches `puzzle` under `variant` for up to `limit` solutions.
    fn run<'b>(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        budget: &'b Budget,
        limit: u64,
    ) -> Result<SearchTally<'b>, SolveError> {
        if puzzle.shape() != variant.shape() {
            return Err(SolveError::shape_mismatch(variant.shape(), puzzle.shape()));
        }
        let tables = self.tables(variant);
        let mut tally = SearchTally::new(budget, limit);
        tally.check().map_err(|reason| tally.exhausted(reason, None))?;
        let order = self.order.as_mut();
        let words = tables.houses.len().div_ceil(64);
        let none = Dirty { singles: vec![0; words], locked: vec![0; words] };
        let mut search = Search { tables: &tables, tally, queue: Vec::new(), dirty: none, meets: Vec::new(), order };
        let every_house: Vec<u16> = (0..tables.houses.len() as u16).collect();
        search.dirty.mark(&every_house);
        let mut state = State::open(&tables);
        let mut placed = puzzle.values().iter().enumerate().filter(|&(_, &v)| v != 0);
        let consistent = placed.all(|(i, &v)| search.assign(&mut state, i, v));
        if !consistent {
            // Clashing givens are the caller's error, named by the
            // variant's check; givens that only leave a cell nothing make
            // an unsolvable puzzle.
            variant.validate(puzzle)?;
            return Ok(search.tally);
        }
        if limit > 0
            && let Err(reason) = search.branch(state)
        {
            return Err(search.tally.exhausted(reason, None));
        }
        Ok(search.tally)
    }
}

impl Solver for PropagationSearch {
    fn name(&self) -> &str {
        "propagation"
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        self.solve_variant_with(puzzle, &Variant::standard(puzzle.shape()), budget)
    }

    /// Every variant.
    fn supports(&self, _: &Variant) -> bool {
        true
    }

    fn solve_variant_with(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        budget: &Budget,
    ) -> Result<Solution, SolveError> {
        self.run(puzzle, variant, budget, 1)?.into_solution(puzzle.shape())
    }
}

impl CountSolutions for PropagationSearch {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        self.count_variant_solutions_with(puzzle, &Variant::standard(puzzle.shape()), limit, budget)
    }

    fn count_variant_solutions_with(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        limit: u64,
        budget: &Budget,
    ) -> Result<u64, SolveError> {
        Ok(self.run(puzzle, variant, budget, limit)?.found())
    }
}

/// What the search reads of a variant, by cell index.
#[derive(Debug)]
struct Tables {
    variant: Variant,
    /// Every digit of the side, bit `d − 1` for digit `d`.
    full: u64,
    /// The cells that may not share each cell's digit.
    peers: Vec<Vec<u16>>,
    /// The houses of the side's size, where each digit has a place (a
    /// smaller house of one's own only keeps its digits distinct, which
    /// the peers say).
    houses: Vec<Vec<u16>>,
    /// Each cell's orthogonal neighbours under non-consecutive.
    neighbours: Vec<Vec<u16>>,
    /// Every two full houses that share two cells or more.
    intersections: Vec<Intersection>,
    /// The full houses of each cell.
    houses_of: Vec<Vec<u16>>,
    /// The intersections of each full house.
    meets_of: Vec<Vec<u32>>,
}

/// Two houses that share cells, for locked candidates.
#[derive(Debug)]
struct Intersection {
    /// The cells they share.
    shared: Vec<u16>,
    /// The other cells of each.
    rest: [Vec<u16>; 2],
}

impl Intersection {
    /// The intersection of `a` and `b`, when it has two cells or more.
    fn of(a: &[u16], b: &[u16]) -> Option<Intersection> {
        let shared: Vec<u16> = a.iter().copied().filter(|c| b.contains(c)).collect();
        let rest = |house: &[u16]| house.iter().copied().filter(|c| !shared.contains(c)).collect::<Vec<u16>>();
        let rest = [rest(a), rest(b)];
        (shared.len() >= 2).then_some(Intersection { shared, rest })
    }
}

impl Tables {
    fn new(variant: &Variant) -> Tables {
        let (shape, side) = (variant.shape(), variant.shape().side());
        let narrow = |cells: &[usize]| cells.iter().map(|&i| i as u16).collect::<Vec<u16>>();
        let peers = variant.peers().iter().map(|p| narrow(p)).collect();
        let houses: Vec<Vec<u16>> =
            variant.houses().iter().filter(|h| h.cells().len() == side).map(|h| narrow(h.cells())).collect();
        let neighbours = variant.non_consecutive_neighbours().iter().map(|n| narrow(n)).collect();
        let full = if side == 64 { u64::MAX } else { (1 << side) - 1 };
        let mut intersections = Vec::new();
        let mut meets_of = vec![Vec::new(); houses.len()];
        for (k, a) in houses.iter().enumerate() {
            for (l, b) in houses.iter().enumerate().skip(k + 1) {
                if let Some(meet) = Intersection::of(a, b) {
                    meets_of[k].push(intersections.len() as u32);
                    meets_of[l].push(intersections.len() as u32);
                    intersections.push(meet);
                }
            }
        }
        let mut houses_of = vec![Vec::new(); shape.cell_count()];
        for (h, house) in houses.iter().enumerate() {
            for &c in house {
                houses_of[usize::from(c)].push(h as u16);
            }
        }
        Tables { variant: variant.clone(), full, peers, houses, neighbours, intersections, houses_of, meets_of }
    }
}

/// The candidates of every cell (bit `d − 1` for digit `d`) and the
/// digits placed (0 for an open cell).
#[derive(Clone)]
struct State {
    candidates: Vec<u64>,
    values: Vec<u8>,
    open: usize,
}

impl State {
    fn open(tables: &Tables) -> State {
        let cells = tables.peers.len();
        State { candidates: vec![tables.full; cells], values: vec![0; cells], open: cells }
    }
}

/// One search in progress.
struct Search<'t, 'b> {
    tables: &'t Tables,
    tally: SearchTally<'b>,
    /// Cells left with one candidate, to place.
    queue: Vec<u16>,
    dirty: Dirty,
    /// A buffer for the intersections to look at.
    meets: Vec<u32>,
    order: Option<&'t mut SplitMix64>,
}

/// The houses where a cell's candidates changed since each rule last
/// looked, a bit per house: the only ones that can hold something new.
struct Dirty {
    singles: Vec<u64>,
    locked: Vec<u64>,
}

impl Dirty {
    fn mark(&mut self, houses: &[u16]) {
        for &h in houses {
            let (word, bit) = (usize::from(h) / 64, 1u64 << (h % 64));
            self.singles[word] |= bit;
            self.locked[word] |= bit;
        }
    }

    fn clear(&mut self) {
        self.singles.fill(0);
        self.locked.fill(0);
    }

    /// Takes the lowest house of `set`, clearing its bit.
    fn take(set: &mut [u64]) -> Option<usize> {
        let word = set.iter().position(|&w| w != 0)?;
        let bit = set[word].trailing_zeros() as usize;
        set[word] &= set[word] - 1;
        Some(word * 64 + bit)
    }
}

impl Search<'_, '_> {
    /// Places `digit` in the open cell `i` and removes what it forbids
    /// from the other cells; `false` when a cell is left with nothing.
    fn assign(&mut self, state: &mut State, i: usize, digit: u8) -> bool {
        let bit = 1u64 << (digit - 1);
        if state.candidates[i] & bit == 0 {
            return false;
        }
        state.values[i] = digit;
        state.candidates[i] = bit;
        state.open -= 1;
        let tables = self.tables;
        self.dirty.mark(&tables.houses_of[i]);
        for &p in &tables.peers[i] {
            if !self.remove(state, usize::from(p), bit) {
                return false;
            }
        }
        let consecutive = ((bit << 1) | (bit >> 1)) & tables.full;
        for &p in &tables.neighbours[i] {
            if !self.remove(state, usize::from(p), consecutive) {
                return false;
            }
        }
        true
    }

    /// Removes the digits `bits` from cell `p`; `false` when it had only
    /// those (a placed cell holding one of them included).
    #[inline]
    fn remove(&mut self, state: &mut State, p: usize, bits: u64) -> bool {
        let before = state.candidates[p];
        if before & bits == 0 {
            return true;
        }
        let after = before & !bits;
        state.candidates[p] = after;
        if after == 0 {
            return false;
        }
        self.dirty.mark(&self.tables.houses_of[p]);
        if after & (after - 1) == 0 && state.values[p] == 0 {
            self.queue.push(p as u16);
        }
        true
    }

    /// Places the naked and hidden singles until none is left; `false` on
    /// a contradiction.
    fn propagate(&mut self, state: &mut State) -> bool {
        loop {
            while let Some(p) = self.queue.pop() {
                let p = usize::from(p);
                if state.values[p] == 0 {
                    let digit = state.candidates[p].trailing_zeros() as u8 + 1;
                    if !self.assign(state, p, digit) {
                        return false;
                    }
                }
            }
            match self.hidden_singles(state) {
                None => return false,
                Some(0) => {}
                Some(_) => continue,
            }
            match self.locked_candidates(state) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Queues every open cell that is its house's only place for a digit;
    /// the number queued, `None` when a digit has no place in a house.
    fn hidden_singles(&mut self, state: &mut State) -> Option<usize> {
        let tables = self.tables;
        let mut queued = 0;
        while let Some(h) = Dirty::take(&mut self.dirty.singles) {
            let house = &tables.houses[h];
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in house {
                let candidates = state.candidates[usize::from(c)];
                twice |= once & candidates;
                once |= candidates;
            }
            if once != tables.full {
                return None;
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                // Another single of this pass may have taken the cell.
                let cell = house.iter().map(|&c| usize::from(c)).find(|&c| state.candidates[c] & bit != 0)?;
                if state.values[cell] == 0 && state.candidates[cell] != bit {
                    state.candidates[cell] = bit;
                    self.dirty.mark(&tables.houses_of[cell]);
                    self.queue.push(cell as u16);
                    queued += 1;
                }
            }
        }
        Some(queued)
    }

    /// Removes, for every two houses that share cells, the digits whose
    /// places in one lie in the shared cells from the other's other cells;
    /// whether anything went, `None` when a cell is left with nothing.
    fn locked_candidates(&mut self, state: &mut State) -> Option<bool> {
        let tables = self.tables;
        let mut houses = std::mem::take(&mut self.dirty.locked);
        let mut meets = std::mem::take(&mut self.meets);
        meets.clear();
        while let Some(h) = Dirty::take(&mut houses) {
            meets.extend_from_slice(&tables.meets_of[h]);
        }
        self.dirty.locked = houses;
        let outcome = self.lock(state, &meets);
        self.meets = meets;
        outcome
    }

    /// [`locked_candidates`](Search::locked_candidates) on the
    /// intersections `meets`.
    fn lock(&mut self, state: &mut State, meets: &[u32]) -> Option<bool> {
        let tables = self.tables;
        let union =
            |state: &State, cells: &[u16]| cells.iter().fold(0u64, |acc, &c| acc | state.candidates[usize::from(c)]);
        let mut removed = false;
        for meet in meets.iter().map(|&m| &tables.intersections[m as usize]) {
            let shared = union(state, &meet.shared);
            let [a, b] = [union(state, &meet.rest[0]), union(state, &meet.rest[1])];
            // Locked in the shared cells by one house, gone from the other.
            for (locked, other) in [(shared & !a & b, &meet.rest[1]), (shared & !b & a, &meet.rest[0])] {
                if locked == 0 {
                    continue;
                }
                removed = true;
                for &c in other {
                    if !self.remove(state, usize::from(c), locked) {
                        return None;
                    }
                }
            }
        }
        Some(removed)
    }

    /// Propagates, then guesses the open cell with the fewest candidates;
    /// `Ok(true)` when the solution limit is reached.
    fn branch(&mut self, mut state: State) -> Result<bool, StopReason> {
        self.tally.enter()?;
        if !self.propagate(&mut state) {
            self.queue.clear();
            self.dirty.clear();
            return Ok(false);
        }
        let open = (0..state.values.len()).filter(|&i| state.values[i] == 0);
        let Some(cell) = open.min_by_key(|&i| state.candidates[i].count_ones()) else {
            return Ok(self.tally.record(&state.values));
        };
        let mut digits = state.candidates[cell];
        if digits.count_ones() > 1 {
            self.tally.stats_mut().guesses += 1;
        }
        while digits != 0 {
            // The lowest digit left, or with an order a random one: the
            // lowest after dropping `k` of them.
            let rest = match self.order.as_deref_mut() {
                Some(order) => (0..order.below(digits.count_ones() as usize)).fold(digits, |d, _| d & (d - 1)),
                None => digits,
            };
            let bit = rest & rest.wrapping_neg();
            digits &= !bit;
            let digit = bit.trailing_zeros() as u8 + 1;
            let mut next = state.clone();
            if self.assign(&mut next, cell, digit) && self.branch(next)? {
                return Ok(true);
            }
            self.queue.clear();
            self.dirty.clear();
            self.tally.stats_mut().backtracks += 1;
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::{CountSolutions, Grid, Relation, Shape, Solver, Variant};

    use sudokit_testkit::generate::with_holes;

    use super::PropagationSearch;
    use crate::BacktrackingMrv;

    /// Puzzles with half, a third and a quarter of the cells of a
    /// solution of `variant` given, emptied in a seeded order.
    fn thinned(variant: &Variant, seed: u64) -> Vec<Grid> {
        let solved = PropagationSearch::new().solve_variant(&Grid::empty(variant.shape()), variant).unwrap().grid;
        let cells = variant.shape().cell_count();
        [cells / 2, cells / 3, cells / 4].iter().map(|&given| with_holes(&solved, cells - given, seed)).collect()
    }

    #[test]
    fn counts_agree_with_the_baseline_on_every_kind_of_rule() {
        let classic = Variant::standard(Shape::CLASSIC);
        let variants = [
            classic.clone(),
            classic.clone().with_diagonals(),
            classic.clone().with_windows(),
            classic.clone().with_relation(Relation::AntiKnight),
            classic.clone().with_relation(Relation::NonConsecutive),
            Variant::standard(Shape::SIX).with_relation(Relation::AntiKing),
        ];
        let mut several = 0;
        for variant in &variants {
            for seed in 1..=3 {
                for puzzle in thinned(variant, seed) {
                    let mine = PropagationSearch::new().count_variant_solutions(&puzzle, variant, 3).unwrap();
                    let baseline = BacktrackingMrv::new().count_variant_solutions(&puzzle, variant, 3).unwrap();
                    assert_eq!(mine, baseline, "{variant}: {puzzle}");
                    several += usize::from(mine > 1);
                    let solution = PropagationSearch::new().solve_variant(&puzzle, variant).unwrap().grid;
                    assert!(variant.is_solution_of(&solution, &puzzle), "{variant}: {puzzle}");
                }
            }
        }
        assert!(several > 5, "only {several} puzzles with several solutions: the test would prove little");
    }

    #[test]
    fn a_small_house_of_ones_own_only_keeps_digits_distinct() {
        let cells = [sudokit_core::Cell::new(0, 0), sudokit_core::Cell::new(4, 4), sudokit_core::Cell::new(8, 8)];
        let variant = Variant::standard(Shape::CLASSIC).with_house(&cells).unwrap();
        let solution = PropagationSearch::new().solve_variant(&Grid::empty(Shape::CLASSIC), &variant).unwrap().grid;
        let digits: Vec<u8> = [0, 40, 80].iter().map(|&i| solution.values()[i]).collect();
        assert!(digits[0] != digits[1] && digits[1] != digits[2] && digits[0] != digits[2], "{digits:?}");
    }

    #[test]
    fn rules_without_a_solution_are_proved_unsolvable() {
        // On 4×4, the diagonals and anti-king leave no grid.
        let variant = Variant::standard(Shape::MINI).with_diagonals().with_relation(Relation::AntiKing);
        let empty = Grid::empty(Shape::MINI);
        assert_eq!(BacktrackingMrv::new().count_variant_solutions(&empty, &variant, 1).unwrap(), 0);
        assert_eq!(PropagationSearch::new().count_variant_solutions(&empty, &variant, 1).unwrap(), 0);
        assert!(matches!(
            PropagationSearch::new().solve_variant(&empty, &variant),
            Err(sudokit_core::SolveError::Unsolvable)
        ));
    }
}
