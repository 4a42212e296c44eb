//! The general engine of [`PropagationSearch`](super::PropagationSearch),
//! for every shape: the candidates of each cell as a bit set of digits,
//! eliminations cell by cell through peer lists, and the houses whose
//! cells changed tracked so that each rule looks only where something
//! may be new; killer cages keep to the digit combinations their sums
//! allow, quadruples and between lines to what they leave.

use sudokit_core::{Grid, Rulebook, SearchTally, SplitMix64, StopReason};

use super::conflicts::Conflicts;
use super::groups::Group;
use super::linear::Linear;
use super::pairs::Pairs;

/// Places `puzzle`'s givens and searches for up to `limit` solutions,
/// counted in `tally`, trying the digits of a guess in `order` when given;
/// `Ok(false)` when the givens alone leave a cell nothing.
pub(super) fn search(
    tables: &Tables,
    puzzle: &Grid,
    tally: &mut SearchTally<'_>,
    order: Option<&mut SplitMix64>,
    limit: u64,
) -> Result<bool, StopReason> {
    let words = tables.houses.len().div_ceil(64);
    let none = Dirty {
        singles: vec![0; words],
        locked: vec![0; words],
        cages: vec![0; tables.sums.len().div_ceil(64)],
        arcs: vec![0; tables.arcs.len().div_ceil(64)],
        groups: vec![0; tables.groups.len().div_ceil(64)],
    };
    let mut search = Search {
        tables,
        tally,
        queue: Vec::new(),
        dirty: none,
        meets: Vec::new(),
        allowed: Vec::new(),
        seen: Vec::new(),
        order,
        conflicts: Conflicts::new(tables.weights.clone()),
    };
    let every_house: Vec<u16> = (0..tables.houses.len() as u16).collect();
    search.dirty.mark(&every_house);
    for c in 0..tables.sums.len() {
        Dirty::set(&mut search.dirty.cages, c);
    }
    for g in 0..tables.groups.len() {
        Dirty::set(&mut search.dirty.groups, g);
    }
    let mut state = State::open(tables);
    if state.candidates.contains(&0) {
        return Ok(false);
    }
    // A cell whose pencil marks are one digit is a single to place.
    search
        .queue
        .extend((0..state.candidates.len()).filter(|&i| state.candidates[i].count_ones() == 1).map(|i| i as u16));
    let mut placed = puzzle.values().iter().enumerate().filter(|&(_, &v)| v != 0);
    if !placed.all(|(i, &v)| search.assign(&mut state, i, v)) {
        return Ok(false);
    }
    if limit == 0 {
        return Ok(true);
    }
    if search.order.is_some() {
        search.branch(state)?;
    } else if search.propagate(&mut state) {
        search.branch_on_conflicts(state)?;
    }
    Ok(true)
}

/// What the search reads of a variant, by cell index.
#[derive(Debug)]
pub(super) struct Tables {
    /// Each cell's first candidates, when the rules leave out some digits
    /// (pencil marks, bonds no digit of the cell could keep).
    marks: Option<Box<[u64]>>,
    /// Every digit of the side, bit `d − 1` for digit `d`.
    full: u64,
    /// The cells that may not share each cell's digit.
    peers: Vec<Vec<u16>>,
    /// The same as rows of bits, `words` words a cell.
    peer_bits: Vec<u64>,
    words: usize,
    /// The houses of the side's size, where each digit has a place (a
    /// smaller house of one's own only keeps its digits distinct, which
    /// the peers say).
    houses: Vec<Vec<u16>>,
    /// Each cell's bound cells, each with the start of its rule's row in
    /// `forbid`.
    bound: Vec<Vec<(u16, u32)>>,
    /// Per rule between two cells, per digit `d + 1`, the digits it
    /// forbids beside it (`Pairs::forbid`).
    forbid: Vec<u64>,
    /// Each cell's bound cells under a line's rule, kept arc consistent
    /// (`Pairs::arcs`).
    arcs: Vec<Vec<(u16, u32)>>,
    /// Every two full houses that share two cells or more.
    intersections: Vec<Intersection>,
    /// The full houses of each cell.
    houses_of: Vec<Vec<u16>>,
    /// The intersections of each full house.
    meets_of: Vec<Vec<u32>>,
    /// The sums: the cages' and those the rules imply.
    sums: Vec<Linear>,
    /// The sums of each cell (indices into `sums`).
    sums_of: Vec<Vec<u32>>,
    /// The quadruples and between lines.
    groups: Vec<Group>,
    /// The groups of each cell (indices into `groups`).
    groups_of: Vec<Vec<u32>>,
    /// Each cell's weight in the choice of a guess before any failed.
    weights: Vec<u32>,
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
        // Most pairs of houses share one cell or none: counted before
        // anything is built (a killer builds its tables per puzzle).
        a.iter().filter(|c| b.contains(c)).nth(1)?;
        let shared: Vec<u16> = a.iter().copied().filter(|c| b.contains(c)).collect();
        let rest = |house: &[u16]| house.iter().copied().filter(|c| !shared.contains(c)).collect::<Vec<u16>>();
        let rest = [rest(a), rest(b)];
        Some(Intersection { shared, rest })
    }
}

impl Tables {
    pub(super) fn new(rules: &Rulebook) -> Tables {
        let (shape, side) = (rules.shape(), rules.shape().side());
        let narrow = |cells: &[usize]| cells.iter().map(|&i| i as u16).collect::<Vec<u16>>();
        let peers = (0..shape.cell_count()).map(|i| rules.peers(i).map(|p| p as u16).collect()).collect();
        let houses: Vec<Vec<u16>> =
            rules.houses().iter().filter(|h| h.cells().len() == side).map(|h| narrow(h.cells())).collect();
        let pairs = Pairs::new(rules);
        let narrow_bound = |lists: &[Vec<(usize, usize)>]| -> Vec<Vec<(u16, u32)>> {
            lists.iter().map(|list| list.iter().map(|&(c, row)| (c as u16, row as u32)).collect()).collect()
        };
        let (bound, arcs) = (narrow_bound(&pairs.bound), narrow_bound(&pairs.arcs));
        let full = sudokit_core::marks::all_digits(side);
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
        let sums = Linear::all(rules);
        let mut sums_of = vec![Vec::new(); shape.cell_count()];
        for (k, sum) in sums.iter().enumerate() {
            for &i in &sum.cells {
                sums_of[usize::from(i)].push(k as u32);
            }
        }
        // The digits no bound cell could pair with are gone before the
        // search, as pencil marks would leave them out.
        let marks = match rules.allowed_digits() {
            Some(marks) => Some(marks.iter().zip(&pairs.possible).map(|(m, p)| m & p).collect()),
            None => pairs.possible.iter().any(|&p| p != full).then(|| pairs.possible.clone().into_boxed_slice()),
        };
        let weights = first_weights(side, &houses_of, &sums, &sums_of);
        let groups = Group::all(rules);
        let mut groups_of = vec![Vec::new(); shape.cell_count()];
        for (g, group) in groups.iter().enumerate() {
            for &i in &group.cells {
                groups_of[usize::from(i)].push(g as u32);
            }
        }
        let words = rules.peer_row(0).len();
        let peer_bits = (0..shape.cell_count()).flat_map(|i| rules.peer_row(i).iter().copied()).collect();
        Tables {
            marks,
            full,
            peers,
            peer_bits,
            words,
            houses,
            bound,
            forbid: pairs.forbid,
            arcs,
            intersections,
            houses_of,
            meets_of,
            weights,
            sums,
            sums_of,
            groups,
            groups_of,
        }
    }
}

/// Each cell's weight before any guess failed, as the Interactive Sudoku
/// Solver weighs cells: the side per full house of the cell, and per sum
/// twice the side less its cells (a side at least), so the cells of many
/// small sums are guessed first.
fn first_weights(side: usize, houses_of: &[Vec<u16>], sums: &[Linear], sums_of: &[Vec<u32>]) -> Vec<u32> {
    let weight = |sum: &Linear| (2 * side).saturating_sub(sum.cells.len()).max(side) as u32;
    houses_of
        .iter()
        .zip(sums_of)
        .map(|(houses, mine)| {
            (houses.len() * side) as u32 + mine.iter().map(|&k| weight(&sums[k as usize])).sum::<u32>()
        })
        .collect()
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
        let candidates = tables.marks.as_deref().map_or_else(|| vec![tables.full; cells], <[u64]>::to_vec);
        State { candidates, values: vec![0; cells], open: cells }
    }
}

/// One search in progress.
struct Search<'t, 'b> {
    tables: &'t Tables,
    tally: &'t mut SearchTally<'b>,
    /// Cells left with one candidate, to place.
    queue: Vec<u16>,
    dirty: Dirty,
    /// A buffer for the intersections to look at.
    meets: Vec<u32>,
    /// A buffer for the digits a sum leaves its cells.
    allowed: Vec<u64>,
    /// A buffer for the cells that see a digit's places in a sum.
    seen: Vec<u64>,
    order: Option<&'t mut SplitMix64>,
    /// Where guesses failed, when the digits go in order.
    conflicts: Conflicts,
}

/// The houses where a cell's candidates changed since each rule last
/// looked, a bit per house: the only ones that can hold something new.
struct Dirty {
    singles: Vec<u64>,
    locked: Vec<u64>,
    /// The cages with a sum, likewise.
    cages: Vec<u64>,
    /// The cells on a line, likewise.
    arcs: Vec<u64>,
    /// The quadruples and between lines, likewise.
    groups: Vec<u64>,
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
        self.cages.fill(0);
        self.arcs.fill(0);
        self.groups.fill(0);
    }

    fn set(set: &mut [u64], k: usize) {
        set[k / 64] |= 1 << (k % 64);
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
    /// Marks the houses and the cage of cell `i`, whose candidates changed.
    #[inline]
    fn changed(&mut self, i: usize) {
        self.dirty.mark(&self.tables.houses_of[i]);
        for &c in &self.tables.sums_of[i] {
            Dirty::set(&mut self.dirty.cages, c as usize);
        }
        if !self.tables.arcs[i].is_empty() {
            Dirty::set(&mut self.dirty.arcs, i);
        }
        for &g in &self.tables.groups_of[i] {
            Dirty::set(&mut self.dirty.groups, g as usize);
        }
    }

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
        self.changed(i);
        for &p in &tables.peers[i] {
            if !self.remove(state, usize::from(p), bit) {
                return false;
            }
        }
        for &(p, row) in &tables.bound[i] {
            let forbidden = tables.forbid[row as usize + usize::from(digit - 1)];
            if !self.remove(state, usize::from(p), forbidden) {
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
        self.changed(p);
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
            match self.arcs(state) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.hidden_singles(state) {
                None => return false,
                Some(0) => {}
                Some(_) => continue,
            }
            match self.sums(state) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.groups(state) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.locked_candidates(state) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Takes from each cell on a line the digits no candidate of a
    /// changed cell bound to it pairs with; whether anything changed,
    /// `None` on a contradiction.
    fn arcs(&mut self, state: &mut State) -> Option<bool> {
        let tables = self.tables;
        let mut changed = false;
        while let Some(i) = Dirty::take(&mut self.dirty.arcs) {
            let here = state.candidates[i];
            for &(p, row) in &tables.arcs[i] {
                let (mut digits, mut partners) = (here, 0);
                while digits != 0 {
                    partners |= !tables.forbid[row as usize + digits.trailing_zeros() as usize];
                    digits &= digits - 1;
                }
                let gone = state.candidates[usize::from(p)] & !partners & tables.full;
                if gone != 0 {
                    changed = true;
                    if !self.remove(state, usize::from(p), gone) {
                        return None;
                    }
                }
            }
        }
        Some(changed)
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
                    self.changed(cell);
                    self.queue.push(cell as u16);
                    queued += 1;
                }
            }
        }
        Some(queued)
    }

    /// Keeps the cells of every changed sum to the digits it leaves them
    /// ([`Linear::narrow`]); whether anything changed, `None` on a
    /// contradiction.
    fn sums(&mut self, state: &mut State) -> Option<bool> {
        let tables = self.tables;
        let mut changed = false;
        let mut allowed = std::mem::take(&mut self.allowed);
        while let Some(c) = Dirty::take(&mut self.dirty.cages) {
            let sum = &tables.sums[c];
            allowed.resize(sum.cells.len(), 0);
            let Some(needed) = sum.narrow(&state.candidates, &state.values, &mut allowed) else {
                self.allowed = allowed;
                return None;
            };
            for (&i, &keep) in sum.cells.iter().zip(&allowed) {
                let i = usize::from(i);
                let gone = state.candidates[i] & !keep;
                if gone != 0 {
                    changed = true;
                    if !self.remove(state, i, gone) {
                        self.allowed = allowed;
                        return None;
                    }
                }
            }
            if needed != 0 {
                match self.required(state, &sum.cells, needed) {
                    None => {
                        self.allowed = allowed;
                        return None;
                    }
                    Some(removed) => changed |= removed,
                }
            }
        }
        self.allowed = allowed;
        Some(changed)
    }

    /// Keeps the cells of every changed quadruple and between line to
    /// what it leaves them ([`Group::narrow`]); whether anything changed,
    /// `None` on a contradiction.
    fn groups(&mut self, state: &mut State) -> Option<bool> {
        let tables = self.tables;
        let mut changed = false;
        let mut allowed = std::mem::take(&mut self.allowed);
        while let Some(g) = Dirty::take(&mut self.dirty.groups) {
            let group = &tables.groups[g];
            allowed.clear();
            allowed.extend(group.cells.iter().map(|&i| state.candidates[usize::from(i)]));
            let mut kept = group.narrow(&mut allowed);
            for (&i, &keep) in group.cells.iter().zip(&allowed) {
                let i = usize::from(i);
                let gone = state.candidates[i] & !keep;
                if kept && gone != 0 {
                    changed = true;
                    kept = self.remove(state, i, gone);
                }
            }
            if !kept {
                self.allowed = allowed;
                return None;
            }
        }
        self.allowed = allowed;
        Some(changed)
    }

    /// Removes each digit of `needed`, which `cells` must hold, from the
    /// cells that see every cell of them that could hold it; whether
    /// anything went, `None` when a cell is left with nothing.
    fn required(&mut self, state: &mut State, cells: &[u16], needed: u64) -> Option<bool> {
        let tables = self.tables;
        let words = tables.words;
        let mut seen = std::mem::take(&mut self.seen);
        let mut removed = false;
        let mut each = needed;
        while each != 0 {
            let bit = each & each.wrapping_neg();
            each &= each - 1;
            seen.clear();
            seen.resize(words, u64::MAX);
            let mut places = cells.iter().filter(|&&i| state.candidates[usize::from(i)] & bit != 0).peekable();
            if places.peek().is_none() {
                continue;
            }
            for &i in places {
                let row = &tables.peer_bits[usize::from(i) * words..][..words];
                seen.iter_mut().zip(row).for_each(|(s, r)| *s &= r);
            }
            for (w, &word) in seen.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let p = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    if state.candidates[p] & bit != 0 {
                        removed = true;
                        if !self.remove(state, p, bit) {
                            self.seen = seen;
                            return None;
                        }
                    }
                }
            }
        }
        self.seen = seen;
        Some(removed)
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

    /// Guesses the cell [`Conflicts::pick`] names in a propagated
    /// `state`: its lowest digit, then, that search done, the cell without
    /// it, propagated before the next choice; `Ok(true)` when the
    /// solution limit is reached.
    fn branch_on_conflicts(&mut self, mut state: State) -> Result<bool, StopReason> {
        loop {
            self.tally.enter()?;
            let Some(cell) = self.conflicts.pick(&state.candidates, &state.values) else {
                return Ok(self.tally.record(&state.values));
            };
            let bit = state.candidates[cell] & state.candidates[cell].wrapping_neg();
            self.tally.stats_mut().guesses += 1;
            let mut next = state.clone();
            if self.assign(&mut next, cell, bit.trailing_zeros() as u8 + 1) && self.propagate(&mut next) {
                if self.branch_on_conflicts(next)? {
                    return Ok(true);
                }
            } else {
                self.conflicts.failed(cell);
            }
            self.queue.clear();
            self.dirty.clear();
            self.tally.stats_mut().backtracks += 1;
            if !(self.remove(&mut state, cell, bit) && self.propagate(&mut state)) {
                self.queue.clear();
                self.dirty.clear();
                return Ok(false);
            }
        }
    }
}
