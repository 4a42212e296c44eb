//! The permutation encodings local search works on: one kind of unit (rows,
//! or boxes) is kept a permutation of the digits at all times, so only the
//! two other kinds can hold duplicates, and the energy counts them, with
//! the duplicates and broken pairs of a variant's other rules.

use rand::Rng;
use rand::seq::SliceRandom;
use sudokit_core::{Grid, Shape, UnitKind, Variant};

use crate::rules::{Rules, Tally};

/// Which units a local search keeps as permutations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Representation {
    /// Each row is a permutation of the digits; the energy counts the
    /// duplicates in columns and boxes (the course's encoding).
    #[default]
    Rows,
    /// Each box (or jigsaw region) is a permutation of the digits; the
    /// energy counts the duplicates in rows and columns (Lewis 2007,
    /// "Metaheuristics can solve sudoku puzzles").
    Boxes,
}

impl Representation {
    /// The kind of unit kept as a permutation.
    pub fn kept(self) -> UnitKind {
        match self {
            Representation::Rows => UnitKind::Row,
            Representation::Boxes => UnitKind::Box,
        }
    }

    /// The two kinds of unit whose duplicates make the energy.
    pub fn scored(self) -> [UnitKind; 2] {
        match self {
            Representation::Rows => [UnitKind::Column, UnitKind::Box],
            Representation::Boxes => [UnitKind::Row, UnitKind::Column],
        }
    }
}

/// What one puzzle fixes for a local search: the fixed cells, the digits
/// each free cell may take, and the tables of the encoding.
#[derive(Clone, Debug)]
pub(crate) struct Problem {
    shape: Shape,
    /// The fixed digit of each cell, 0 for a free cell.
    fixed: Vec<u8>,
    /// The digits (bit `d` for digit `d`) each cell may take.
    allowed: Vec<u64>,
    /// The free cells of each kept unit.
    groups: Vec<Vec<u16>>,
    /// The digits missing from each kept unit.
    missing: Vec<Vec<u8>>,
    /// The kept units with two free cells or more: where moves happen.
    movable: Vec<u16>,
    /// For each cell, its unit number in each scored kind.
    scored: [Vec<u16>; 2],
    /// Whether some free cell may not take every digit.
    restricted: bool,
    /// The variant's terms beyond the kept and scored kinds, if any.
    rules: Option<Box<Rules>>,
}

/// The unit of `kind` holding cell `i` under `variant`: a jigsaw's
/// regions stand for the boxes.
fn unit_of(variant: &Variant, kind: UnitKind, i: usize) -> usize {
    match (kind, variant.regions()) {
        (UnitKind::Box, Some(map)) => usize::from(map[i]),
        _ => variant.shape().unit_of(kind, i),
    }
}

/// No kept unit can be completed within the allowed digits: a proof that
/// the puzzle has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NoPermutation;

impl Problem {
    /// The problem of `puzzle` (whose givens are consistent) under
    /// `variant`, where each cell may take the digits of `allowed` (bit `d`
    /// for digit `d`).
    pub(crate) fn new(puzzle: &Grid, variant: &Variant, allowed: Vec<u64>, representation: Representation) -> Problem {
        let shape = puzzle.shape();
        let (side, cells) = (shape.side(), shape.cell_count());
        let kept = representation.kept();
        let fixed: Vec<u8> = (0..cells)
            .map(|i| match puzzle.values()[i] {
                0 if allowed[i].count_ones() == 1 => allowed[i].trailing_zeros() as u8,
                v => v,
            })
            .collect();
        let mut groups = vec![Vec::new(); side];
        let mut present = vec![0u64; side];
        for (i, &v) in fixed.iter().enumerate() {
            let g = unit_of(variant, kept, i);
            if v == 0 { groups[g].push(i as u16) } else { present[g] |= 1 << v }
        }
        let missing = present.iter().map(|&p| (1..=side as u8).filter(|&d| p & (1 << d) == 0).collect()).collect();
        let movable = (0..side as u16).filter(|&g| groups[usize::from(g)].len() >= 2).collect();
        let scored = representation.scored().map(|kind| (0..cells).map(|i| unit_of(variant, kind, i) as u16).collect());
        let full = ((1u64 << side) - 1) << 1;
        let restricted = (0..cells).any(|i| fixed[i] == 0 && allowed[i] & full != full);
        Problem {
            shape,
            fixed,
            allowed,
            groups,
            missing,
            movable,
            scored,
            restricted,
            rules: Rules::of(variant).map(Box::new),
        }
    }

    /// The problem of `puzzle` under `variant` with every digit its
    /// pencil marks allow (all of them without marks) in its free cells.
    pub(crate) fn unrestricted(puzzle: &Grid, variant: &Variant, representation: Representation) -> Problem {
        let full = ((1u64 << puzzle.side()) - 1) << 1;
        // Pencil marks are a rule of the puzzle, which moves keep like
        // the givens.
        let allowed = variant.allowed_digits();
        let marked = |i: usize| allowed.as_ref().map_or(full, |allowed| allowed[i] << 1);
        let allowed =
            puzzle.values().iter().enumerate().map(|(i, &v)| if v == 0 { marked(i) } else { 1 << v }).collect();
        Problem::new(puzzle, variant, allowed, representation)
    }

    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    /// The free cells of kept unit `group`.
    pub(crate) fn group(&self, group: usize) -> &[u16] {
        &self.groups[group]
    }

    /// The kept units where a swap is possible.
    pub(crate) fn movable(&self) -> &[u16] {
        &self.movable
    }

    /// Number of free cells.
    pub(crate) fn free_count(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }

    /// Two cells of a random kept unit that can swap the digits they hold
    /// in `values` without breaking their candidates; `None` when the draw
    /// gives a pair that cannot (the caller counts the try and draws again).
    /// There must be a [movable](Problem::movable) unit.
    #[inline]
    pub(crate) fn random_swap(&self, values: &[u8], rng: &mut impl Rng) -> Option<(usize, usize)> {
        let cells = &self.groups[usize::from(self.movable[rng.random_range(0..self.movable.len())])];
        let i = rng.random_range(0..cells.len());
        let j = (i + rng.random_range(1..cells.len())) % cells.len();
        let (a, b) = (usize::from(cells[i]), usize::from(cells[j]));
        (self.allows(a, values[b]) && self.allows(b, values[a])).then_some((a, b))
    }

    /// Whether `digit` may go in `cell`.
    #[inline]
    pub(crate) fn allows(&self, cell: usize, digit: u8) -> bool {
        !self.restricted || self.allowed[cell] & (1 << digit) != 0
    }

    /// The energy of a complete assignment, counted from scratch: the
    /// digits missing from each scored unit, and the variant's terms.
    pub(crate) fn energy_of(&self, values: &[u8]) -> u32 {
        let rules = self.rules.as_ref().map_or(0, |rules| rules.energy(&rules.tally(values), values));
        self.scored_energy(values) + rules
    }

    /// The digits missing from each scored unit.
    fn scored_energy(&self, values: &[u8]) -> u32 {
        let side = self.shape.side();
        let mut seen = [[0u64; Shape::MAX_SIDE]; 2];
        for (cell, &v) in values.iter().enumerate() {
            for (kind, units) in self.scored.iter().enumerate() {
                seen[kind][usize::from(units[cell])] |= 1 << v;
            }
        }
        let distinct: u32 = seen.iter().flat_map(|units| &units[..side]).map(|m| m.count_ones()).sum();
        2 * (side * side) as u32 - distinct
    }

    /// A random filling of every kept unit with its missing digits, each in
    /// a cell that allows it: a random order of cells and digits, then
    /// augmenting paths (Kuhn's matching).
    ///
    /// # Errors
    /// [`NoPermutation`] when some unit cannot be filled so.
    pub(crate) fn random_values(&self, rng: &mut impl Rng) -> Result<Vec<u8>, NoPermutation> {
        let mut values = self.fixed.clone();
        for (cells, digits) in self.groups.iter().zip(&self.missing) {
            let mut digits = digits.clone();
            digits.shuffle(rng);
            let mut order: Vec<usize> = (0..cells.len()).collect();
            order.shuffle(rng);
            let placed = self.match_group(cells, &digits, &order).ok_or(NoPermutation)?;
            for (k, &cell) in cells.iter().enumerate() {
                values[usize::from(cell)] = digits[placed[k]];
            }
        }
        Ok(values)
    }

    /// For each cell of `cells`, the index in `digits` of its digit, in a
    /// perfect matching of cells to allowed digits; `None` if there is none.
    fn match_group(&self, cells: &[u16], digits: &[u8], order: &[usize]) -> Option<Vec<usize>> {
        if cells.len() != digits.len() {
            return None;
        }
        let mut cell_of_digit = vec![usize::MAX; digits.len()];
        for &start in order {
            let mut seen = vec![false; digits.len()];
            if !self.augment(cells, digits, start, &mut cell_of_digit, &mut seen) {
                return None;
            }
        }
        let mut digit_of_cell = vec![0; cells.len()];
        for (d, &c) in cell_of_digit.iter().enumerate() {
            digit_of_cell[c] = d;
        }
        Some(digit_of_cell)
    }

    fn augment(&self, cells: &[u16], digits: &[u8], c: usize, owner: &mut [usize], seen: &mut [bool]) -> bool {
        for d in 0..digits.len() {
            if seen[d] || !self.allows(usize::from(cells[c]), digits[d]) {
                continue;
            }
            seen[d] = true;
            if owner[d] == usize::MAX || self.augment(cells, digits, owner[d], owner, seen) {
                owner[d] = c;
                return true;
            }
        }
        false
    }
}

/// The lowest-energy assignment a solve has reached.
#[derive(Clone, Debug)]
pub(crate) struct Best {
    energy: u32,
    values: Vec<u8>,
}

impl Best {
    /// Nothing reached yet.
    pub(crate) fn new() -> Best {
        Best { energy: u32::MAX, values: Vec::new() }
    }

    /// Keeps `values` if their `energy` is lower than the best so far.
    pub(crate) fn offer(&mut self, energy: u32, values: &[u8]) {
        if energy < self.energy {
            self.energy = energy;
            self.values.clear();
            self.values.extend_from_slice(values);
        }
    }

    /// The lowest energy reached (`u32::MAX` before any).
    pub(crate) fn energy(&self) -> u32 {
        self.energy
    }

    /// The values of the lowest-energy assignment (empty before any).
    pub(crate) fn values(&self) -> &[u8] {
        &self.values
    }
}

/// A complete assignment in the encoding, with the digit counts of every
/// scored unit, so that a swap's change of energy comes from the four units
/// it touches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    values: Vec<u8>,
    /// `counts[(kind * side + unit) * (side + 1) + digit]`.
    counts: Vec<u8>,
    /// What the variant's terms keep ([`Rules::tally`]), empty without
    /// them.
    extra: Tally,
    energy: u32,
}

impl State {
    /// The state of `values`, a complete assignment of `problem`'s encoding.
    pub(crate) fn new(problem: &Problem, values: Vec<u8>) -> State {
        let side = problem.shape.side();
        let mut counts = vec![0u8; 2 * side * (side + 1)];
        for (cell, &v) in values.iter().enumerate() {
            for (kind, units) in problem.scored.iter().enumerate() {
                counts[(kind * side + usize::from(units[cell])) * (side + 1) + usize::from(v)] += 1;
            }
        }
        let mut energy = counts.iter().map(|&c| u32::from(c.saturating_sub(1))).sum();
        let extra = problem.rules.as_ref().map_or_else(Tally::default, |rules| rules.tally(&values));
        if let Some(rules) = &problem.rules {
            energy += rules.energy(&extra, &values);
        }
        State { values, counts, extra, energy }
    }

    /// The duplicates in the scored units: 0 for a solution.
    #[inline]
    pub(crate) fn energy(&self) -> u32 {
        self.energy
    }

    pub(crate) fn values(&self) -> &[u8] {
        &self.values
    }

    /// The assignment, giving the state up.
    pub(crate) fn into_values(self) -> Vec<u8> {
        self.values
    }

    /// The change of energy if cells `a` and `b` (of one kept unit) swapped
    /// their digits.
    #[inline]
    pub(crate) fn swap_delta(&self, problem: &Problem, a: usize, b: usize) -> i32 {
        let side = problem.shape.side();
        let (va, vb) = (usize::from(self.values[a]), usize::from(self.values[b]));
        let mut delta = 0;
        for (kind, units) in problem.scored.iter().enumerate() {
            let (ua, ub) = (usize::from(units[a]), usize::from(units[b]));
            if ua == ub {
                continue;
            }
            let base_a = (kind * side + ua) * (side + 1);
            let base_b = (kind * side + ub) * (side + 1);
            // Leaving a unit where the digit is doubled removes a duplicate;
            // joining one where it already is adds one.
            delta += i32::from(self.counts[base_a + vb] >= 1) - i32::from(self.counts[base_a + va] > 1);
            delta += i32::from(self.counts[base_b + va] >= 1) - i32::from(self.counts[base_b + vb] > 1);
        }
        if let Some(rules) = &problem.rules {
            delta += rules.swap_delta(&self.extra, &self.values, a, b);
        }
        delta
    }

    /// Swaps the digits of cells `a` and `b`, whose change of energy is
    /// `delta` (from [`swap_delta`](State::swap_delta)).
    #[inline]
    pub(crate) fn swap(&mut self, problem: &Problem, a: usize, b: usize, delta: i32) {
        let side = problem.shape.side();
        let (va, vb) = (usize::from(self.values[a]), usize::from(self.values[b]));
        for (kind, units) in problem.scored.iter().enumerate() {
            let base_a = (kind * side + usize::from(units[a])) * (side + 1);
            let base_b = (kind * side + usize::from(units[b])) * (side + 1);
            self.counts[base_a + va] -= 1;
            self.counts[base_a + vb] += 1;
            self.counts[base_b + vb] -= 1;
            self.counts[base_b + va] += 1;
        }
        if let Some(rules) = &problem.rules {
            rules.swap(&mut self.extra, &self.values, a, b);
        }
        self.values.swap(a, b);
        self.energy = self.energy.wrapping_add_signed(delta);
    }

    /// The assignment as a grid.
    #[cfg(test)]
    pub(crate) fn to_grid(&self, problem: &Problem) -> Grid {
        Grid::from_values(problem.shape, &self.values).expect("an assignment holds digits of its shape")
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rand_chacha::ChaCha8Rng;
    use sudokit_core::Cell;
    use sudokit_testkit::generate::{self, killer_cages};

    use super::*;

    fn shapes() -> impl Strategy<Value = Shape> {
        proptest::sample::select(vec![Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::TWELVE, Shape::SIXTEEN])
    }

    fn representations() -> impl Strategy<Value = Representation> {
        proptest::sample::select(vec![Representation::Rows, Representation::Boxes])
    }

    /// A random filling of `problem`'s kept units, and the random numbers
    /// for the moves after it.
    fn random_start(problem: &Problem, seed: u64) -> (State, ChaCha8Rng) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let values = problem.random_values(&mut rng).expect("an unrestricted unit always fills");
        (State::new(problem, values), rng)
    }

    /// Swaps two random cells of a random movable unit, if there is one.
    fn random_swap(problem: &Problem, state: &mut State, rng: &mut ChaCha8Rng) {
        let Some(&group) = problem.movable().choose(rng) else { return };
        let cells = problem.group(usize::from(group));
        let a = usize::from(cells[rng.random_range(0..cells.len())]);
        let b = usize::from(cells[rng.random_range(0..cells.len())]);
        if a != b {
            let delta = state.swap_delta(problem, a, b);
            state.swap(problem, a, b, delta);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// After any sequence of swaps the incremental energy equals a full
        /// recount, the givens stay, and every kept unit stays a permutation.
        #[test]
        fn incremental_energy_matches_a_recount(
            shape in shapes(),
            representation in representations(),
            seed in any::<u64>(),
            moves in 1usize..300,
        ) {
            let puzzle = generate::puzzle(shape, shape.cell_count() / 2, seed);
            let problem = Problem::unrestricted(&puzzle, &Variant::standard(shape), representation);
            let (mut state, mut rng) = random_start(&problem, seed);
            for _ in 0..moves {
                random_swap(&problem, &mut state, &mut rng);
                prop_assert_eq!(state.energy(), State::new(&problem, state.values().to_vec()).energy());
                prop_assert_eq!(state.energy(), problem.energy_of(state.values()));
            }
            let grid = state.to_grid(&problem);
            prop_assert!(grid.keeps_givens_of(&puzzle));
            prop_assert!(grid.is_complete());
            // The kept units have no duplicate, so the course's error count
            // (every unit, plus changed givens) is the energy.
            prop_assert_eq!(grid.error_count(&puzzle), state.energy() as usize);
        }
    }

    /// Rules of every kind: extra houses, relations, regions, cages.
    fn variants() -> impl Strategy<Value = Variant> {
        let classic = Variant::standard(Shape::CLASSIC);
        let map: Vec<u8> = "411133332411113222441133262444532262445539966555599666885599966888777997888877777"
            .bytes()
            .map(|b| b - b'0')
            .collect();
        let jigsaw = classic.clone().with_regions(&map).unwrap_or_else(|e| panic!("{e}"));
        let (classic_again, six) = (classic.clone(), Variant::standard(Shape::SIX));
        use sudokit_core::LineKind;
        proptest::sample::select(vec![
            classic.clone().with_diagonals(),
            classic.clone().with_windows(),
            classic.clone().with_relation(sudokit_core::Relation::AntiKing),
            classic.clone().with_disjoint_groups(),
            classic.clone().with_relation(sudokit_core::Relation::AntiKnight),
            classic.with_relation(sudokit_core::Relation::NonConsecutive),
            jigsaw.clone(),
            jigsaw.with_diagonals(),
            Variant::standard(Shape::SIX).with_diagonals(),
            killer_cages(classic_again, &generate::solved_grid(Shape::CLASSIC, 3), 3, 3),
            killer_cages(six.clone(), &generate::solved_grid(Shape::SIX, 4), 4, 4),
            six.clone()
                .with_cage(&[Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)], None)
                .unwrap_or_else(|e| panic!("{e}")),
            generate::lines(six.clone(), &generate::solved_grid(Shape::SIX, 5), LineKind::Thermometer, 6, 5, 5),
            generate::lines(six, &generate::solved_grid(Shape::SIX, 6), LineKind::german_whispers(6), 4, 5, 6),
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Under any variant the incremental energy equals a full recount
        /// after any swaps, and it is zero exactly when the grid breaks no
        /// rule.
        #[test]
        fn variant_energy_matches_a_recount_and_the_rules(
            variant in variants(),
            representation in representations(),
            seed in any::<u64>(),
            moves in 1usize..300,
        ) {
            // Givens from a solution of the rules, so that every kept unit
            // (a jigsaw's regions too) can be filled.
            let cells = variant.shape().cell_count();
            let puzzle = generate::with_holes(&solved(&variant), cells - cells / 3, seed);
            let problem = Problem::unrestricted(&puzzle, &variant, representation);
            let (mut state, mut rng) = random_start(&problem, seed);
            for _ in 0..moves {
                random_swap(&problem, &mut state, &mut rng);
                prop_assert_eq!(state.energy(), problem.energy_of(state.values()));
            }
            let grid = state.to_grid(&problem);
            let broken = variant.conflicts(&grid).expect("same shape");
            let off = variant.cage_breaks(&grid).expect("same shape");
            prop_assert_eq!(state.energy() == 0, broken.is_empty() && off.is_empty(), "{} broken", broken.len());
        }
    }

    /// A solution of `variant`.
    fn solved(variant: &Variant) -> Grid {
        use sudokit_core::{Puzzle, Solver};
        let empty = Puzzle::new(Grid::empty(variant.shape()), variant.clone()).expect("one shape");
        sudokit_grid::PropagationSearch::new()
            .solve_puzzle(&empty)
            .map(|s| s.grid)
            .unwrap_or_else(|e| panic!("{variant}: {e}"))
    }

    /// A solved grid of each variant has energy 0, and one swap in a
    /// kept unit raises it.
    #[test]
    fn a_solution_has_no_energy() {
        use proptest::strategy::ValueTree;
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        for _ in 0..8 {
            let variant = variants().new_tree(&mut runner).expect("a variant").current();
            let empty = Grid::empty(variant.shape());
            let solved = solved(&variant);
            for representation in [Representation::Rows, Representation::Boxes] {
                let problem = Problem::unrestricted(&empty, &variant, representation);
                let mut state = State::new(&problem, solved.values().to_vec());
                assert_eq!(state.energy(), 0, "{variant}");
                let cells = problem.group(0);
                let (a, b) = (usize::from(cells[0]), usize::from(cells[1]));
                let delta = state.swap_delta(&problem, a, b);
                state.swap(&problem, a, b, delta);
                assert!(state.energy() > 0, "{variant}");
            }
        }
    }

    #[test]
    fn a_unit_that_cannot_be_filled_is_a_proof() {
        let puzzle: Grid = "1...............".parse().unwrap_or_else(|e| panic!("{e}"));
        let mut allowed = vec![0b11110u64; 16];
        allowed[0] = 1 << 1;
        // r1c2, r1c3 and r1c4 may only take a 2 or a 3: row 1 cannot be
        // completed, though no cell is empty of candidates.
        allowed[1..4].fill(0b1100);
        let problem = Problem::new(&puzzle, &Variant::standard(Shape::MINI), allowed, Representation::Rows);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(problem.random_values(&mut rng), Err(NoPermutation));
    }
}
