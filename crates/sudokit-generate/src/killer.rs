//! [`KillerGenerator`]: killer puzzles — random cage layouts over a random
//! solved grid, with one solution, minimal in cages or in givens.

use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit_auto::Auto;
use sudokit_core::{Budget, Cell, CountSolutions, Grid, ParameterError, Puzzle, Variant};

use crate::generator::{GenerateError, Generated, Generator, in_band, minimal_givens, stopped};
use crate::regions::orthogonal;
use crate::request::Difficulty;

/// What a killer from [`KillerGenerator`] is minimal in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KillerGivens {
    /// No givens, the cages alone make the solution unique (the killers
    /// most books print), and no two neighbouring cages can merge and keep
    /// it unique.
    #[default]
    None,
    /// The random cage layout is kept as drawn, and givens of the solution
    /// make it unique: no given can go and keep it unique.
    Minimal,
}

/// Makes killer puzzles: a random solved grid of the base rules, a random
/// layout of cages over it (orthogonally connected cells holding distinct
/// digits, each with the sum of its digits), then cages or givens changed
/// until the solution is unique, as [`KillerGivens`] says. Each puzzle
/// comes from its seed alone.
///
/// Cage sizes follow what printed killers use: each cage is drawn to
/// grow to 2 cells (3 in 10), 3 (4 in 10), 4 (2 in 10) or up to the largest
/// size (1 in 10; 5 cells by default, see
/// [`with_largest_cage`](KillerGenerator::with_largest_cage)), and stays
/// smaller when its neighbours are taken or hold its digits; a cell left
/// alone joins a neighbouring cage when one can take it.
///
/// ```
/// use sudokit_generate::KillerGenerator;
/// use sudokit_core::{CountSolutions, Puzzle, Shape, Variant};
///
/// let made = KillerGenerator::new(Variant::standard(Shape::MINI)).generate(3)?;
/// assert_eq!(made.puzzle.filled_count(), 0);
/// assert!(made.variant.is_solution_of(&made.solution, &made.puzzle));
/// assert_eq!(sudokit_dlx::Dlx::new().count_puzzle_solutions(&Puzzle::new(made.puzzle, made.variant)?, 2)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # How
/// [`KillerGivens::None`]: while the killer has several solutions, a
/// largest cage is cut in two along a random edge of a spanning tree (both
/// parts stay connected); then passes over the pairs of neighbouring cages,
/// in a random order, merge each pair whose union is a cage (at most the
/// largest size, distinct digits) that keeps the solution unique, until a
/// pass merges none. [`KillerGivens::Minimal`]: random givens of the
/// solution are added until it is unique, then each given, in a random
/// order, is emptied when the solution stays unique.
///
/// Each check counts solutions to two with [`Auto`] (constraint
/// propagation with cage-sum pruning); a 9×9 killer without givens takes
/// up to about a hundred checks, a fraction of a second each.
#[derive(Clone, Debug)]
pub struct KillerGenerator {
    rules: Variant,
    largest: usize,
    givens: KillerGivens,
    difficulty: Difficulty,
    budget: Budget,
    rating_nodes: u64,
}

/// The default time limit of one killer.
const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The default cap on one candidate's rating, in search nodes: ratings of
/// made killers end within a few hundred thousand or run for minutes (see
/// [`KillerGenerator::with_rating_node_limit`]).
const DEFAULT_RATING_NODES: u64 = 500_000;

impl KillerGenerator {
    /// Killers over `rules` (standard rules of a shape, or any variant
    /// without cages: a killer X, a killer jigsaw), without givens, cages
    /// of up to 5 cells (or the side, when smaller), and 60 s a puzzle.
    pub fn new(rules: Variant) -> KillerGenerator {
        KillerGenerator {
            largest: rules.shape().side().min(5),
            rules,
            givens: KillerGivens::None,
            difficulty: Difficulty::any(),
            budget: Budget::unlimited().with_time_limit(DEFAULT_TIME_LIMIT),
            rating_nodes: DEFAULT_RATING_NODES,
        }
    }

    /// Cages of at most `cells` cells (2 to the side; checked when a
    /// puzzle is made).
    pub fn with_largest_cage(mut self, cells: usize) -> KillerGenerator {
        self.largest = cells;
        self
    }

    /// Givens or not, and what the puzzle is minimal in.
    pub fn with_givens(mut self, givens: KillerGivens) -> KillerGenerator {
        self.givens = givens;
        self
    }

    /// Asks for killers of `difficulty`, rated as
    /// [`Rater::rate_variant`](sudokit_rules::human::Rater::rate_variant) rates them (the killer techniques'
    /// scores are sudokit's own, 2.4 to 2.8; a killer the path cannot
    /// solve without guessing rates past them, up to the chains). Killers
    /// are made one after the other from the seed's random numbers until
    /// one is in the band; a rating stops as soon as it passes the band's
    /// highest ER. A band request therefore draws from the killers' own
    /// distribution within the band (unlike [`Generator`]'s, which spreads
    /// its targets over the band: killers are not searched by neighbourhood).
    #[must_use]
    pub fn with_difficulty(mut self, difficulty: Difficulty) -> KillerGenerator {
        self.difficulty = difficulty;
        self
    }

    /// The limits of one puzzle.
    pub fn with_budget(mut self, budget: Budget) -> KillerGenerator {
        self.budget = budget;
        self
    }

    /// With a [difficulty](KillerGenerator::with_difficulty), the search
    /// nodes one candidate's rating may take (its solution count and its
    /// chains' branches; 500 000 by default, under a second on a recent
    /// machine): a killer whose rating needs more is dropped, and the next
    /// one is made, within the budget of the puzzle. Ratings of made
    /// killers are either quick or very slow: of 96 minimal-givens 9×9
    /// killers rated (the first eight candidates of seeds 1 to 12), 92
    /// took under 200 000 nodes and 0.4 s, the 9.5 among them, and 4 ran
    /// past 2 s (one past 60 s), their paths deep in nested chains.
    /// Without this cap one such candidate spends the whole budget; with
    /// it, the band draws from the killers that rate within it, which
    /// leaves out some of the hardest. A cap of work, not of time, so that
    /// a seed makes the same killer on every machine.
    #[must_use]
    pub fn with_rating_node_limit(mut self, nodes: u64) -> KillerGenerator {
        self.rating_nodes = nodes;
        self
    }

    /// The killer of `seed`: [`Generated::variant`] holds the base rules
    /// with the cages, [`Generated::puzzle`] the givens (none with
    /// [`KillerGivens::None`]).
    ///
    /// # Errors
    /// [`GenerateError::Parameter`] for a largest cage outside 2 to the
    /// side, [`GenerateError::Impossible`] for rules that already have
    /// cages or admit no solved grid, or a difficulty no rating meets,
    /// [`GenerateError::Stopped`] when the budget runs out first.
    pub fn generate(&self, seed: u64) -> Result<Generated, GenerateError> {
        let side = self.rules.shape().side();
        if !(2..=side).contains(&self.largest) {
            return Err(ParameterError::new("largest cage", self.largest, format!("2 to the side, {side}")).into());
        }
        if !self.rules.cages().is_empty() {
            return Err(GenerateError::Impossible { reason: "the base rules already have cages".to_owned() });
        }
        if let Some(reason) = self.difficulty.impossible() {
            return Err(GenerateError::Impossible { reason });
        }
        let budget = self.budget.starting_now().without_timing();
        let make = |seed| self.make(seed, &budget).map(|made| (made, ()));
        in_band(&self.difficulty, &budget, self.rating_nodes, seed, make, |_, ()| false)
    }

    /// The killer of the random numbers of `seed`, within `budget`.
    fn make(&self, seed: u64, budget: &Budget) -> Result<Generated, GenerateError> {
        let budget = budget.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution =
            Generator::for_variant(self.rules.clone()).with_budget(budget.clone()).solved_grid(rng.random())?;
        let mut run = Run { rules: &self.rules, solution: &solution, budget: &budget, auto: Auto::new(), checks: 0 };
        let mut cages = layout(&solution, self.largest, &mut rng);
        let puzzle = match self.givens {
            KillerGivens::None => {
                run.split_until_unique(&mut cages, &mut rng)?;
                run.merge_while_unique(&mut cages, self.largest, &mut rng)?;
                Grid::empty(solution.shape())
            }
            KillerGivens::Minimal => run.minimal_givens(&cages, &mut rng)?,
        };
        let (variant, checks) = (run.killer(&cages), run.checks);
        Ok(Generated { puzzle, variant, solution, seed, rating: None, attempts: 1, checks })
    }
}

/// One killer in the making.
struct Run<'a> {
    rules: &'a Variant,
    solution: &'a Grid,
    budget: &'a Budget,
    auto: Auto,
    checks: u64,
}

impl Run<'_> {
    /// The base rules with `cages`, each summing its solution digits.
    fn killer(&self, cages: &[Vec<usize>]) -> Variant {
        let shape = self.solution.shape();
        let values = self.solution.values();
        let mut variant = self.rules.clone();
        // A merge leaves an empty cage behind until the end of its pass.
        for cage in cages.iter().filter(|cage| !cage.is_empty()) {
            let cells: Vec<Cell> = cage.iter().map(|&i| Cell::from_index(i, shape)).collect();
            let sum = cage.iter().map(|&i| u32::from(values[i])).sum();
            // Connected cells of distinct digits of a solved grid, in no
            // other cage, with their own sum: always a cage.
            variant = variant.with_cage(&cells, Some(sum)).unwrap_or_else(|_| unreachable!("a cage of the solution"));
        }
        variant
    }

    /// Whether `puzzle` with `cages` has one solution.
    fn unique(&mut self, puzzle: &Grid, cages: &[Vec<usize>]) -> Result<bool, GenerateError> {
        self.checks += 1;
        let variant = self.killer(cages);
        let puzzle = Puzzle::new(puzzle.clone(), variant).map_err(|error| stopped(error, 1, None))?;
        match self.auto.count_puzzle_solutions_with(&puzzle, 2, self.budget) {
            Ok(count) => Ok(count == 1),
            Err(error) => Err(stopped(error, 1, None)),
        }
    }

    /// Cuts a largest cage in two until the empty killer is unique.
    fn split_until_unique(&mut self, cages: &mut Vec<Vec<usize>>, rng: &mut ChaCha8Rng) -> Result<(), GenerateError> {
        let empty = Grid::empty(self.solution.shape());
        while !self.unique(&empty, cages)? {
            let largest = cages.iter().map(Vec::len).max().unwrap_or(0);
            // Every cage of one cell fixes its digit: then the killer is
            // the solution itself, and unique.
            debug_assert!(largest > 1);
            let candidates: Vec<usize> = (0..cages.len()).filter(|&c| cages[c].len() == largest).collect();
            let chosen = candidates[rng.random_range(0..candidates.len())];
            let side = self.solution.shape().side();
            let (part, rest) = split(&cages[chosen], side, rng);
            cages[chosen] = part;
            cages.push(rest);
        }
        Ok(())
    }

    /// Merges neighbouring cages while the empty killer stays unique, pass
    /// after pass, until a pass merges none.
    fn merge_while_unique(
        &mut self,
        cages: &mut Vec<Vec<usize>>,
        largest: usize,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), GenerateError> {
        let empty = Grid::empty(self.solution.shape());
        let side = self.solution.shape().side();
        let values = self.solution.values();
        loop {
            let mut pairs = neighbouring_cages(cages, side);
            pairs.shuffle(rng);
            let mut merged = vec![false; cages.len()];
            let mut any = false;
            for (a, b) in pairs {
                if merged[a] || merged[b] || cages[a].len() + cages[b].len() > largest {
                    continue;
                }
                if cages[a].iter().any(|&i| cages[b].iter().any(|&j| values[i] == values[j])) {
                    continue;
                }
                let mut trial = cages.clone();
                let moved = std::mem::take(&mut trial[b]);
                trial[a].extend(moved);
                trial[a].sort_unstable();
                if self.unique(&empty, &trial)? {
                    *cages = trial;
                    // Indices stay valid this pass: the emptied cage is
                    // dropped after it.
                    merged[a] = true;
                    merged[b] = true;
                    any = true;
                }
            }
            cages.retain(|cage| !cage.is_empty());
            if !any {
                return Ok(());
            }
        }
    }

    /// Givens of the solution, added at random until the killer is unique,
    /// then emptied while it stays so.
    fn minimal_givens(&mut self, cages: &[Vec<usize>], rng: &mut ChaCha8Rng) -> Result<Grid, GenerateError> {
        let solution = self.solution;
        minimal_givens(solution, rng, |puzzle| self.unique(puzzle, cages))
    }
}

/// The pairs of cages (by index, the smaller first) with orthogonally
/// neighbouring cells.
fn neighbouring_cages(cages: &[Vec<usize>], side: usize) -> Vec<(usize, usize)> {
    let mut cage_of = vec![0; side * side];
    for (c, cage) in cages.iter().enumerate() {
        for &i in cage {
            cage_of[i] = c;
        }
    }
    let mut pairs = Vec::new();
    for i in 0..side * side {
        let (row, col) = (i / side, i % side);
        for j in [(col + 1 < side).then_some(i + 1), (row + 1 < side).then_some(i + side)].into_iter().flatten() {
            let (a, b) = (cage_of[i].min(cage_of[j]), cage_of[i].max(cage_of[j]));
            if a != b {
                pairs.push((a, b));
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// The size a new cage is drawn to grow to: 2, 3, 4 or the largest, as
/// [`KillerGenerator`] says.
fn drawn_size(largest: usize, rng: &mut ChaCha8Rng) -> usize {
    let size = match rng.random_range(0..10) {
        0..=2 => 2,
        3..=6 => 3,
        7..=8 => 4,
        _ => rng.random_range(2..=largest),
    };
    size.min(largest)
}

/// A random partition of the grid into connected cages of distinct digits
/// of `solution`, each of at most `largest` cells.
fn layout(solution: &Grid, largest: usize, rng: &mut ChaCha8Rng) -> Vec<Vec<usize>> {
    let side = solution.shape().side();
    let values = solution.values();
    let fits = |cage: &[usize], j: usize| cage.iter().all(|&i| values[i] != values[j]);
    let mut cage_of: Vec<Option<usize>> = vec![None; side * side];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut starts: Vec<usize> = (0..side * side).collect();
    starts.shuffle(rng);
    for start in starts {
        if cage_of[start].is_some() {
            continue;
        }
        let size = drawn_size(largest, rng);
        let mut cage = vec![start];
        cage_of[start] = Some(cages.len());
        while cage.len() < size {
            let mut next: Vec<usize> = cage
                .iter()
                .flat_map(|&i| orthogonal(side, i))
                .filter(|&j| cage_of[j].is_none() && fits(&cage, j))
                .collect();
            next.sort_unstable();
            next.dedup();
            let Some(&j) = next.get(rng.random_range(0..next.len().max(1))) else { break };
            cage_of[j] = Some(cages.len());
            cage.push(j);
        }
        cages.push(cage);
    }
    // A lone cell joins the smallest neighbouring cage that can take it.
    for c in 0..cages.len() {
        if cages[c].len() != 1 {
            continue;
        }
        let i = cages[c][0];
        let host = orthogonal(side, i)
            .into_iter()
            .filter_map(|j| cage_of[j])
            .filter(|&h| h != c && cages[h].len() < largest && fits(&cages[h], i))
            .min_by_key(|&h| cages[h].len());
        if let Some(h) = host {
            cages[c].clear();
            cages[h].push(i);
            cage_of[i] = Some(h);
        }
    }
    cages.retain(|cage| !cage.is_empty());
    for cage in &mut cages {
        cage.sort_unstable();
    }
    cages
}

/// `cage` (connected, two cells or more) cut in two connected parts: a
/// random spanning tree from a random cell, cut above a random other cell.
fn split(cage: &[usize], side: usize, rng: &mut ChaCha8Rng) -> (Vec<usize>, Vec<usize>) {
    let root = cage[rng.random_range(0..cage.len())];
    // A breadth-first tree: `parent` of each reached cell, in reach order.
    let mut order = vec![root];
    let mut parent = vec![usize::MAX; side * side];
    let mut head = 0;
    while head < order.len() {
        let i = order[head];
        head += 1;
        let mut next: Vec<usize> =
            orthogonal(side, i).into_iter().filter(|j| cage.contains(j) && !order.contains(j)).collect();
        next.shuffle(rng);
        for j in next {
            parent[j] = i;
            order.push(j);
        }
    }
    let cut = order[rng.random_range(1..order.len())];
    // The subtree under `cut`: cells whose chain of parents meets it.
    let below = |mut i: usize| loop {
        if i == cut {
            return true;
        }
        if i == root {
            return false;
        }
        i = parent[i];
    };
    let (mut part, mut rest): (Vec<usize>, Vec<usize>) = cage.iter().partition(|&&i| below(i));
    part.sort_unstable();
    rest.sort_unstable();
    (part, rest)
}
