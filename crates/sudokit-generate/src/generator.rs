//! [`Generator`]: proper puzzles of a shape, symmetry, number of givens
//! and difficulty, one per seed.

use std::sync::Arc;
use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit_auto::Auto;
use sudokit_core::{
    Budget, Cell, CountSolutions, Digit, Grid, ParameterError, Puzzle, Rulebook, SearchTally, Shape, SolveError,
    StopReason, Variant,
};
use sudokit_rules::human::{RateError, Rater, Rating};

use crate::regions::{jigsaw, random_map};
use crate::request::{Aim, Difficulty, Givens};
use crate::solved::{solved_grid, solved_variant_grid, within};
use crate::symmetry::Symmetry;
use crate::unique::{Checker, Houses, Rectangles, houses_of_cells};
use crate::variant_tables::VariantTables;

/// Why a request gave no puzzle.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No puzzle can meet the request (a target below the fewest givens
    /// a proper puzzle can have, an empty rating range, a technique off
    /// the rating path).
    #[error("no puzzle can meet the request: {reason}")]
    Impossible {
        /// What makes it impossible.
        reason: String,
    },
    /// The budget ran out before a puzzle met the request.
    #[error("no puzzle met the request within the budget ({reason}) after {attempts} puzzles")]
    Stopped {
        /// The limit reached.
        reason: StopReason,
        /// Puzzles made and rejected.
        attempts: u64,
        /// The puzzle closest to the request, if any was made.
        closest: Option<Box<Generated>>,
    },
    /// A setting is out of its range: a target of givens at or above the
    /// number of cells.
    #[error(transparent)]
    Parameter(#[from] ParameterError),
    /// A solver failed in a way that is not the budget's (a bug: the
    /// generator only hands valid grids to them).
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// A generated puzzle, with what made it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Generated {
    /// The puzzle: exactly one solution under its rules.
    pub puzzle: Grid,
    /// Its rules: the generator's ([`Variant::standard`] unless it was
    /// given others).
    pub variant: Variant,
    /// Its solution.
    pub solution: Grid,
    /// The seed that made it: [`Generator::generate`] with this seed makes
    /// it again.
    pub seed: u64,
    /// Its rating, when a [`Difficulty`] was asked for.
    pub rating: Option<Rating>,
    /// Puzzles made before it (rejected by the difficulty or the target
    /// number of givens), it included.
    pub attempts: u64,
    /// Uniqueness checks made.
    pub checks: u64,
}

/// Makes proper puzzles (exactly one solution, proved by an exact
/// solver) of a shape, with a symmetry of the givens, minimal or with a
/// target number of givens, and of a requested difficulty.
///
/// Each puzzle comes from its seed alone (`ChaCha8Rng`): the same seed
/// gives the same puzzle on every platform, whatever ran before, on any
/// thread.
///
/// # Complexity
/// A puzzle of side `n` costs one solved grid (an exact search from random
/// diagonal boxes) and one pass over the symmetry orbits, each emptied orbit
/// checked by one uniqueness search (at most n² searches; on 9×9 about 27,
/// the rest proved without a search). A difficulty request rates each
/// candidate, and repeats the drop-and-refill neighbourhood search until the
/// budget ends. Extra space O(n²) per candidate, and a pool of 16 of them.
///
/// # References
/// Dillon, tdoku (github.com/t-dillon/tdoku, generate.cc, 2019–2020), the
/// neighbourhood search;
/// McGuire, Tugemann and Civario, "There is no 16-clue Sudoku" (2012),
/// arXiv:1201.0749, why fewer than 17 givens is impossible on 9×9.
///
/// ```
/// use sudokit_generate::{Generator, Symmetry};
/// use sudokit_core::{CountSolutions, Shape, Uniqueness};
///
/// let generator = Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Rotate180);
/// let made = generator.generate(7)?;
/// assert_eq!(sudokit_dlx::Dlx::new().uniqueness(&made.puzzle)?, Uniqueness::Unique);
/// assert!(Symmetry::Rotate180.holds_for(Shape::CLASSIC, made.puzzle.values()));
/// assert_eq!(generator.generate(7)?.puzzle, made.puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # How
/// A random solved grid (see [`Generator::solved_grid`]); its cells, by
/// orbits of the symmetry, emptied in a random order, each removal kept
/// when the solution stays unique (on 9×9 one search per emptied cell for
/// a solution without its digit, which stops at the first; elsewhere
/// Dancing Links counting to two). One pass makes the puzzle minimal:
/// emptying more cells never brings a lost uniqueness back.
///
/// A [`Difficulty`] rates each puzzle with the human rater and searches
/// the neighbourhood of the closest ones so far (a pool of sixteen), as
/// the best generators of hard puzzles do: a few givens dropped, random
/// givens of the solution added until the puzzle is unique again, then
/// minimised anew; one puzzle in ten from a fresh grid. A band request
/// aims at a rating drawn over its band, so that its puzzles spread over
/// it (see [`Difficulty`](Difficulty#which-puzzles-a-band-request-gives)).
///
/// Every request runs within a [`Budget`] (60 s by default; see
/// [`with_budget`](Generator::with_budget)): an impossible or unlucky
/// request ends with [`GenerateError::Stopped`], never a hang.
#[derive(Clone)]
pub struct Generator {
    shape: Shape,
    /// The rules; [`Variant::standard`] unless
    /// [`for_variant`](Generator::for_variant) gave others.
    variant: Variant,
    /// The tables of rules other than the standard ones.
    tables: Option<Arc<VariantTables>>,
    symmetry: Symmetry,
    /// The symmetry's orbits on the shape, worked out once, not per puzzle.
    orbits: Arc<[Vec<usize>]>,
    /// The houses of each cell, likewise.
    houses_of: Arc<[[usize; 3]]>,
    givens: Givens,
    difficulty: Difficulty,
    budget: Budget,
}

/// The request, without the tables worked out from it.
impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator")
            .field("shape", &self.shape)
            .field("variant", &self.variant)
            .field("symmetry", &self.symmetry)
            .field("givens", &self.givens)
            .field("difficulty", &self.difficulty)
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

/// The default time limit of one request.
const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// How many of the closest puzzles the search keeps to try neighbours of.
const POOL: usize = 16;

/// The nodes after which a random jigsaw map without a grid found is
/// drawn again.
const MAP_NODES: u64 = 100_000;

/// One candidate in this many comes from a fresh grid.
const FRESH_ONE_IN: u32 = 10;

impl Generator {
    /// Minimal puzzles of `shape`, without symmetry or difficulty, each
    /// within 60 s.
    pub fn new(shape: Shape) -> Generator {
        Generator {
            shape,
            variant: Variant::standard(shape),
            tables: None,
            symmetry: Symmetry::None,
            orbits: Symmetry::None.orbits(shape).into(),
            houses_of: houses_of_cells(shape).into(),
            givens: Givens::Minimal,
            difficulty: Difficulty::any(),
            budget: Budget::unlimited().with_time_limit(DEFAULT_TIME_LIMIT),
        }
    }

    /// Minimal puzzles under the rules of `variant`, of its shape:
    /// [`generate`](Generator::generate) makes a random solved grid of the
    /// rules, and each uniqueness check counts solutions under them. Any
    /// symmetry, target of givens and [`Difficulty`] may be asked for: the
    /// rating is [`Rater::rate_variant`]'s, SukakuExplainer's scale.
    ///
    /// ```
    /// use sudokit_generate::Generator;
    /// use sudokit_core::{CountSolutions, Puzzle, Shape, Variant};
    /// use sudokit_dlx::Dlx;
    ///
    /// let x = Variant::standard(Shape::CLASSIC).with_diagonals();
    /// let made = Generator::for_variant(x.clone()).generate(3)?;
    /// assert!(x.is_solution_of(&made.solution, &made.puzzle));
    /// assert_eq!(Dlx::new().count_puzzle_solutions(&Puzzle::new(made.puzzle, x)?, 2)?, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_variant(variant: Variant) -> Generator {
        Generator::new(variant.shape()).with_variant(variant)
    }

    /// This request under the rules of `variant`, whose shape becomes the
    /// puzzles' (see [`for_variant`](Generator::for_variant)).
    #[must_use]
    pub fn with_variant(mut self, variant: Variant) -> Generator {
        let shape = variant.shape();
        if shape != self.shape {
            self.shape = shape;
            self.orbits = self.symmetry.orbits(shape).into();
            self.houses_of = houses_of_cells(shape).into();
        }
        self.tables = (!variant.is_standard()).then(|| Arc::new(VariantTables::new(&Rulebook::new(variant.clone()))));
        self.variant = variant;
        self
    }

    /// Keeps `symmetry` in the givens.
    #[must_use]
    pub fn with_symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self.orbits = symmetry.orbits(self.shape).into();
        self
    }

    /// How many givens to keep (see [`Givens`]).
    #[must_use]
    pub fn with_givens(mut self, givens: Givens) -> Generator {
        self.givens = givens;
        self
    }

    /// Asks for puzzles of `difficulty`.
    #[must_use]
    pub fn with_difficulty(mut self, difficulty: Difficulty) -> Generator {
        self.difficulty = difficulty;
        self
    }

    /// Bounds each request (each call to [`generate`](Generator::generate))
    /// by `budget`, in place of the default 60 s. Its time limit counts
    /// from the call; its node and iteration caps bound the whole request:
    /// every solved grid, uniqueness check and rating the request runs
    /// counts against them (see [`Budget::starting_now`]), and each
    /// candidate puzzle it makes is one iteration. A budget without a time
    /// limit or deadline keeps only its caps and cancel flag: a request
    /// under a budget with none of them, if no puzzle meets it (a rating
    /// out of reach), never ends.
    ///
    /// ```
    /// use sudokit_generate::{GenerateError, Generator, Givens};
    /// use sudokit_core::{Budget, Shape, StopReason};
    ///
    /// // 17 givens: possible, but a few thousand nodes will not find it.
    /// let budget = Budget::unlimited().with_max_nodes(5_000);
    /// let request = Generator::new(Shape::CLASSIC).with_givens(Givens::Target(17)).with_budget(budget);
    /// assert!(matches!(request.generate(1), Err(GenerateError::Stopped { reason: StopReason::NodeLimit, .. })));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Generator {
        self.budget = budget;
        self
    }

    /// The shape of the puzzles.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The rules of the puzzles.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The rules of the puzzles, compiled once when they were given.
    fn rulebook(&self) -> Rulebook {
        match &self.tables {
            Some(tables) => tables.rules.clone(),
            None => Rulebook::standard(self.shape),
        }
    }

    /// The generator's rules with a random jigsaw map of its shape in
    /// place of the boxes (or of its regions), from `seed`: `side`
    /// orthogonally connected regions of `side` cells, with at least one
    /// solved grid under all the rules.
    ///
    /// The map is a random walk from the boxes, 20 steps per cell, each
    /// swapping the regions of two cells on the border between two
    /// regions when both stay connected; a map without a solution is
    /// drawn again, and so is a map whose search for a grid passes 100 000
    /// nodes (some maps without a grid take hours to prove so). The walk
    /// spreads its maps widely but is not proved uniform over all jigsaw
    /// maps, nor to reach every one.
    ///
    /// ```
    /// use sudokit_generate::Generator;
    /// use sudokit_core::Shape;
    ///
    /// let jigsaw = Generator::new(Shape::CLASSIC).random_jigsaw(5)?;
    /// let made = Generator::for_variant(jigsaw.clone()).generate(5)?;
    /// assert!(jigsaw.is_solution_of(&made.solution, &made.puzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::Stopped`] when the budget runs out first.
    pub fn random_jigsaw(&self, seed: u64) -> Result<Variant, GenerateError> {
        let budget = self.budget.starting_now();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut auto = Auto::new();
        let empty = Grid::empty(self.shape);
        loop {
            let variant = jigsaw(&self.variant, &random_map(self.shape, &mut rng));
            // Proving that a map has no grid can take a search of hours:
            // a map still undecided after this many nodes is drawn again.
            let (check, ours) = within(&budget, MAP_NODES);
            let puzzle = Puzzle::new(empty.clone(), variant.clone()).map_err(|error| stopped(error, 0, None))?;
            match auto.count_puzzle_solutions_with(&puzzle, 1, &check) {
                Ok(0) => continue,
                Ok(_) => return Ok(variant),
                Err(SolveError::BudgetExhausted { reason: StopReason::NodeLimit, .. }) if ours => continue,
                Err(error) => return Err(stopped(error, 0, None)),
            }
        }
    }

    /// A random solved grid of the generator's shape, from `seed`.
    ///
    /// The boxes on the diagonal share no row, column or box, so each gets
    /// a random permutation of the digits; an exact solver completes the
    /// grid (the bit-parallel one on 9×9, Dancing Links elsewhere); a
    /// random [`Transform`](crate::Transform) of the shape then moves it.
    /// The grids spread over the whole space but are not uniform: the
    /// completion is deterministic.
    ///
    /// Under a variant's rules, the first grid of a search that tries the
    /// digits of each guess in a random order
    /// ([`PropagationSearch::with_seed`](sudokit_grid::PropagationSearch::with_seed)),
    /// restarted with other choices and twice the nodes (from 1 000) when
    /// it runs long: spread widely, not uniform either.
    ///
    /// # Errors
    /// [`GenerateError::Stopped`] when the budget runs out first,
    /// [`GenerateError::Impossible`] for rules without a solved grid.
    pub fn solved_grid(&self, seed: u64) -> Result<Grid, GenerateError> {
        let budget = self.budget.starting_now();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        self.random_solved_grid(&mut rng, &budget, &mut Auto::new()).map_err(|e| stopped(e, 0, None))
    }

    /// A random solved grid of the rules, from `rng`.
    fn random_solved_grid(&self, rng: &mut ChaCha8Rng, budget: &Budget, auto: &mut Auto) -> Result<Grid, SolveError> {
        match &self.tables {
            None => solved_grid(self.shape, rng, budget, auto),
            Some(tables) => solved_variant_grid(&tables.rules, rng, budget),
        }
    }

    /// The puzzle of `seed`.
    ///
    /// # Errors
    /// [`GenerateError::Impossible`] for a request no puzzle meets,
    /// [`GenerateError::Stopped`] when the budget runs out first.
    pub fn generate(&self, seed: u64) -> Result<Generated, GenerateError> {
        self.check()?;
        // The solvers' own timing would read the clock twice a check;
        // the deadline and the cancel flag still hold.
        let budget = self.budget.starting_now().without_timing();
        let mut run = Run {
            generator: self,
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget: &budget,
            orbits: &self.orbits,
            checker: Checker::default(),
            attempts: 0,
            seed,
        };
        run.generate()
    }

    fn check(&self) -> Result<(), GenerateError> {
        if let Givens::Target(n) = self.givens {
            let cells = self.shape.cell_count();
            if n >= cells {
                let allowed = format!("0 to {}, below the {cells} cells of a {} grid", cells - 1, self.shape);
                return Err(ParameterError::new("givens", n, allowed).into());
            }
            let (fewest, why) = fewest_givens(&self.variant);
            if n < fewest {
                return Err(GenerateError::Impossible { reason: format!("{n} givens: {why}") });
            }
        }
        match self.difficulty.impossible() {
            Some(reason) => Err(GenerateError::Impossible { reason }),
            None => Ok(()),
        }
    }
}

/// The fewest givens a puzzle of `variant` with one solution has, and
/// why.
fn fewest_givens(variant: &Variant) -> (usize, String) {
    let shape = variant.shape();
    if variant.bonds().iter().any(|(bond, _)| !bond.rule().is_difference()) {
        // A rule between two cells other than different digits (non-
        // consecutive, a Kropki dot, an X…) may break when two digits
        // swap: only the empty grid is sure to have several solutions.
        return (1, "an empty grid has several solutions".to_owned());
    }
    if !variant.is_standard() {
        let side = shape.side();
        return (side - 1, format!("a puzzle with fewer than {} has several solutions", side - 1));
    }
    // McGuire, Tugemann and Civario (2012): no 9×9 puzzle with 16 givens
    // has one solution; on 4×4, every puzzle of 3 givens has several (an
    // enumeration of the 288 grids shows it).
    match shape {
        Shape::CLASSIC => (17, "a 9x9 puzzle needs at least 17 to have one solution".to_owned()),
        Shape::MINI => (4, "a 4x4 puzzle needs at least 4 to have one solution".to_owned()),
        // Two digits that no given shows can swap in any solution.
        _ => {
            let side = shape.side();
            (side - 1, format!("a puzzle with fewer than {} has several solutions", side - 1))
        }
    }
}

/// A budget error as the generator's.
/// The first puzzle `make` makes in `difficulty`'s band, rated as
/// [`Rater::rate_variant`] rates variants: puzzles are made one after
/// the other from the random numbers of `seed` (`seed` itself when any
/// difficulty will do), each rating stopping as soon as it passes the
/// band's highest ER or spends `rating_nodes` search nodes (that
/// candidate is then dropped), all within `budget`. A candidate rated
/// above the band is handed to `ease` with what `make` gave beside it,
/// and rated again as long as `ease` says it made it easier.
pub(crate) fn in_band<Spare>(
    difficulty: &Difficulty,
    budget: &Budget,
    rating_nodes: u64,
    seed: u64,
    mut make: impl FnMut(u64) -> Result<(Generated, Spare), GenerateError>,
    mut ease: impl FnMut(&mut Generated, &mut Spare) -> bool,
) -> Result<Generated, GenerateError> {
    if difficulty.is_any() {
        return make(seed).map(|(made, _)| made);
    }
    let mut seeds = ChaCha8Rng::seed_from_u64(seed);
    let mut attempt = 0;
    loop {
        attempt += 1;
        let (mut made, mut spare) = match make(seeds.random()) {
            Err(GenerateError::Stopped { reason, closest, .. }) => {
                return Err(GenerateError::Stopped { reason, attempts: attempt, closest });
            }
            made => made?,
        };
        loop {
            // The rating's own node cap, under what the puzzle's budget
            // has left.
            let cap = budget.nodes_left().map_or(rating_nodes, |left| left.min(rating_nodes));
            let rater = Rater::new().with_counter(Auto::new).with_budget(budget.with_caps_left().with_max_nodes(cap));
            let rater = match difficulty.max_er() {
                Some(max) => rater.with_max(max),
                None => rater,
            };
            match rater.rate_variant(&made.puzzle, &made.variant) {
                Ok(rating) if difficulty.accepts(&rating) => {
                    return Ok(Generated { seed, rating: Some(rating), attempts: attempt, ..made });
                }
                Ok(rating) if difficulty.max_er().is_some_and(|max| rating.er > max) => {
                    if !ease(&mut made, &mut spare) {
                        break;
                    }
                }
                Ok(_) => break,
                // The candidate's own cap, not the puzzle's: the next one.
                Err(RateError::Stopped(StopReason::NodeLimit)) if cap == rating_nodes => break,
                Err(RateError::Stopped(reason)) => {
                    return Err(GenerateError::Stopped { reason, attempts: attempt, closest: None });
                }
                // A made puzzle is unique: another error would be a bug,
                // and the next puzzle is tried.
                Err(_) => break,
            }
        }
    }
}

/// Givens of `solution` added in a random order until `unique` says the
/// puzzle has one solution, then each of them emptied, in a random order,
/// when it stays so: a minimal puzzle of the rules `unique` checks.
pub(crate) fn minimal_givens(
    solution: &Grid,
    rng: &mut ChaCha8Rng,
    mut unique: impl FnMut(&Grid) -> Result<bool, GenerateError>,
) -> Result<Grid, GenerateError> {
    let shape = solution.shape();
    let mut puzzle = Grid::empty(shape);
    let mut order: Vec<Cell> = (0..shape.cell_count()).map(|i| Cell::from_index(i, shape)).collect();
    order.shuffle(rng);
    let mut added = Vec::new();
    for &cell in &order {
        if unique(&puzzle)? {
            break;
        }
        puzzle.set(cell, solution.get(cell));
        added.push(cell);
    }
    added.shuffle(rng);
    for cell in added {
        puzzle.set(cell, None);
        if !unique(&puzzle)? {
            puzzle.set(cell, solution.get(cell));
        }
    }
    Ok(puzzle)
}

pub(crate) fn stopped(error: SolveError, attempts: u64, closest: Option<Box<Generated>>) -> GenerateError {
    match error {
        SolveError::BudgetExhausted { reason, .. } => GenerateError::Stopped { reason, attempts, closest },
        // The solved grids are the only searches that may find none.
        SolveError::Unsolvable => GenerateError::Impossible { reason: "the rules admit no solved grid".to_owned() },
        other => GenerateError::Solve(other),
    }
}

/// A puzzle with its solution, while the search works on it.
#[derive(Clone, Debug)]
struct Candidate {
    puzzle: Grid,
    solution: Grid,
}

impl Candidate {
    /// The puzzle that gives every cell of `solution`.
    fn full(solution: Grid) -> Candidate {
        Candidate { puzzle: solution.clone(), solution }
    }

    fn is_given(&self, i: usize) -> bool {
        self.puzzle.values()[i] != 0
    }

    /// The digit of cell `i` in the solution.
    fn digit(&self, i: usize) -> u8 {
        self.solution.values()[i]
    }

    fn empty(&mut self, i: usize) {
        self.puzzle.set(Cell::from_index(i, self.puzzle.shape()), None);
    }

    /// Gives cell `i` its digit of the solution.
    fn give(&mut self, i: usize) {
        let digit = Digit::new(self.digit(i));
        self.puzzle.set(Cell::from_index(i, self.puzzle.shape()), digit);
    }
}

/// What proves a removal keeps the solution unique without a search.
enum Proofs<'a> {
    /// The givens of each house, kept up to date, and the unique
    /// rectangles of the solution.
    Standard(Houses<'a>, Rectangles),
    /// A variant's peers and houses (its rectangles need not swap: a
    /// diagonal or a region may cross them).
    Variant(&'a VariantTables),
}

/// One request in progress.
struct Run<'g, 'b> {
    generator: &'g Generator,
    rng: ChaCha8Rng,
    budget: &'b Budget,
    /// The orbits of the symmetry, worked out once a request.
    orbits: &'b [Vec<usize>],
    checker: Checker,
    attempts: u64,
    seed: u64,
}

impl Run<'_, '_> {
    fn generate(&mut self) -> Result<Generated, GenerateError> {
        if self.generator.difficulty.is_any() {
            loop {
                let candidate = self.fresh()?;
                if self.meets_target(&candidate) {
                    return Ok(self.finish(candidate, None));
                }
            }
        }
        self.search()
    }

    /// Rated candidates, each a neighbour of one of the closest so far
    /// (a pool, so that the search is not stuck on one) or, one time in
    /// ten, from a fresh grid, until one meets the difficulty.
    fn search(&mut self) -> Result<Generated, GenerateError> {
        let mut pool: Vec<(u32, Candidate, Rating)> = Vec::with_capacity(POOL + 1);
        let mut aim = Aim::new(&self.generator.difficulty, &mut self.rng);
        loop {
            let candidate = if pool.is_empty() || self.rng.random_ratio(1, FRESH_ONE_IN) {
                self.fresh()?
            } else {
                let k = self.rng.random_range(0..pool.len());
                let base = pool[k].1.clone();
                self.neighbour(&base)?
            };
            if !self.meets_target(&candidate) {
                continue;
            }
            let Some(rating) = self.rate(&candidate, pool.first())? else { continue };
            let distance = aim.current().distance(&rating);
            if distance == 0 {
                return Ok(self.finish(candidate, Some(rating)));
            }
            if aim.missed() {
                for (d, _, rating) in &mut pool {
                    *d = aim.current().distance(rating);
                }
                pool.sort_by_key(|(d, ..)| *d);
            }
            // Ties go in too: the search walks plateaus of equal ratings.
            if pool.len() < POOL || pool.last().is_some_and(|(d, ..)| distance <= *d) {
                let at = pool.partition_point(|(d, ..)| *d <= distance);
                pool.insert(at, (distance, candidate, rating));
                pool.truncate(POOL);
            }
        }
    }

    /// The rating of `candidate`, `None` when it cannot be rated (a
    /// puzzle the rater finds without a solution would be a bug; skipped).
    fn rate(
        &mut self,
        candidate: &Candidate,
        closest: Option<&(u32, Candidate, Rating)>,
    ) -> Result<Option<Rating>, GenerateError> {
        // A candidate past the highest ER the request allows is rated only
        // until it passes it.
        let rater = Rater::new().with_counter(Auto::new).with_budget(self.budget.clone());
        let rater = match self.generator.difficulty.max_er() {
            Some(max) => rater.with_max(max),
            None => rater,
        };
        let puzzle = Puzzle::new(candidate.puzzle.clone(), self.generator.rulebook()).map_err(GenerateError::Solve)?;
        match rater.rate_puzzle(&puzzle) {
            Ok(rating) => Ok(Some(rating)),
            Err(RateError::Stopped(reason)) => {
                let closest = closest.map(|(_, c, r)| Box::new(self.finish(c.clone(), Some(*r))));
                Err(GenerateError::Stopped { reason, attempts: self.attempts, closest })
            }
            Err(_) => Ok(None),
        }
    }

    /// A minimal (or targeted) puzzle of a fresh grid.
    fn fresh(&mut self) -> Result<Candidate, GenerateError> {
        self.tick()?;
        let grid = self
            .generator
            .random_solved_grid(&mut self.rng, self.budget, &mut self.checker.auto)
            .map_err(|e| self.stop(e))?;
        let mut candidate = Candidate::full(grid);
        self.reduce(&mut candidate)?;
        Ok(candidate)
    }

    /// A puzzle near `best`: a few orbits of givens dropped, random orbits
    /// of the solution given until it is unique again, then reduced.
    fn neighbour(&mut self, best: &Candidate) -> Result<Candidate, GenerateError> {
        self.tick()?;
        let mut candidate = best.clone();
        let (mut given, mut empty): (Vec<&Vec<usize>>, Vec<&Vec<usize>>) =
            self.orbits.iter().partition(|orbit| candidate.is_given(orbit[0]));
        given.shuffle(&mut self.rng);
        empty.shuffle(&mut self.rng);
        let drop = self.rng.random_range(1..=3).min(given.len());
        for &i in given[..drop].iter().copied().flatten() {
            candidate.empty(i);
        }
        // Givens back from the solution (those just dropped last) until
        // the puzzle is unique again: the full grid is.
        let mut back = empty.into_iter().chain(given[..drop].iter().copied());
        while self
            .checker
            .count(&candidate.puzzle, &self.generator.rulebook(), self.budget)
            .map_err(|e| self.stop(e))?
            > 1
        {
            let Some(orbit) = back.next() else { break };
            for &i in orbit {
                candidate.give(i);
            }
        }
        self.reduce(&mut candidate)?;
        Ok(candidate)
    }

    /// Empties the given orbits of `candidate` in a random order, each
    /// while the solution stays unique, down to the target.
    fn reduce(&mut self, candidate: &mut Candidate) -> Result<(), GenerateError> {
        let mut orbits: Vec<&Vec<usize>> = self.orbits.iter().filter(|orbit| candidate.is_given(orbit[0])).collect();
        orbits.shuffle(&mut self.rng);
        let target = match self.generator.givens {
            Givens::Minimal => 0,
            Givens::Target(n) => n,
        };
        let mut filled = candidate.puzzle.filled_count();
        let mut proofs = match &self.generator.tables {
            None => Proofs::Standard(
                Houses::new(self.generator.shape, candidate.puzzle.values(), &self.generator.houses_of),
                Rectangles::of(self.generator.shape, candidate.solution.values()),
            ),
            Some(tables) => Proofs::Variant(tables),
        };
        for orbit in orbits {
            if filled <= target {
                break;
            }
            for &i in orbit {
                candidate.empty(i);
                if let Proofs::Standard(houses, _) = &mut proofs {
                    houses.empty(i, candidate.digit(i));
                }
            }
            let (puzzle, solution) = (&candidate.puzzle, candidate.solution.values());
            let unique = match &proofs {
                Proofs::Standard(houses, rectangles) => {
                    self.checker.still_unique(puzzle, orbit, solution, houses, rectangles, self.budget)
                }
                Proofs::Variant(tables) => {
                    self.checker.still_unique_variant(puzzle, orbit, solution, tables, self.budget)
                }
            }
            .map_err(|e| self.stop(e))?;
            if unique {
                filled -= orbit.len();
            } else {
                for &i in orbit {
                    candidate.give(i);
                    if let Proofs::Standard(houses, _) = &mut proofs {
                        houses.give(i, candidate.digit(i));
                    }
                }
            }
        }
        Ok(())
    }

    fn meets_target(&self, candidate: &Candidate) -> bool {
        match self.generator.givens {
            Givens::Minimal => true,
            Givens::Target(n) => candidate.puzzle.filled_count() <= n,
        }
    }

    /// Counts an attempt, and checks the budget: each candidate the
    /// request makes is an iteration (so an iteration cap bounds a request
    /// whose solves count none), and the request's solves and ratings have
    /// charged their nodes and iterations to its shared caps.
    fn tick(&mut self) -> Result<(), GenerateError> {
        self.attempts += 1;
        let mut tally = SearchTally::slow(self.budget, 0);
        tally.step().map_err(|reason| GenerateError::Stopped { reason, attempts: self.attempts - 1, closest: None })
    }

    fn stop(&self, error: SolveError) -> GenerateError {
        stopped(error, self.attempts, None)
    }

    fn finish(&self, candidate: Candidate, rating: Option<Rating>) -> Generated {
        Generated {
            puzzle: candidate.puzzle,
            variant: self.generator.variant.clone(),
            solution: candidate.solution,
            seed: self.seed,
            rating,
            attempts: self.attempts,
            checks: self.checker.checks,
        }
    }
}
