//! [`Vicinity`]: hard puzzles found by neighbourhood search, the moves
//! {-n+m} from seed puzzles, climbing by rating.

use std::collections::HashSet;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit_auto::Auto;
use sudokit_core::{Budget, Cell, CountSolutions, Digit, Grid, ParameterError, SearchTally, Shape, Solver};
use sudokit_grid::Layout;
use sudokit_rules::human::{RateError, Rater, Rating, Score};

use crate::canonical::canonical_puzzle;
use crate::generator::{GenerateError, stopped};
use crate::request::Difficulty;

/// A neighbourhood search for hard puzzles: from seed puzzles, the moves
/// {-n+m} (n givens emptied, m empty cells given a digit, 1 ≤ n ≤
/// [`with_moves`](Vicinity::with_moves), m from n − 1 to n + 1), each
/// neighbour kept when it has one solution (and, if asked, is minimal),
/// is new up to the 9×9 symmetries (its [canonical
/// form](crate::canonical_puzzle)), and rated; the search climbs, each
/// move made from one of the best puzzles so far. Every rated neighbour
/// that meets the [`Difficulty`] is a find.
///
/// This is how the forum's lists of the hardest puzzles were found, the
/// rating being the bottleneck: random generation almost never reaches
/// an ER of 9.5, while the neighbours of a 9.0 often rate higher, and
/// those of a 10.0 often above 9.5.
///
/// ```
/// use sudokit_generate::{Difficulty, Vicinity};
/// use sudokit_rules::human::Score;
/// use sudokit_core::Grid;
///
/// let seed: Grid = "38.5......49..6.5..7..8...1....5..9..........8.2..4.....7..29....49.87.5.6.....2.".parse()?;
/// let hard = Difficulty::any().with_rating(Score::from_tenths(75)..=Score::from_tenths(120));
/// let search = Vicinity::new(hard).search(&[seed], 1)?;
/// for found in search.take(2) {
///     let found = found?;
///     assert!(found.rating.er.tenths() >= 75);
///     println!("{} {}", found.puzzle, found.rating.er);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Determinism
/// A search is seeded: the same seeds, settings and seed give the same
/// finds in the same order. Its neighbours are made and rated in batches
/// of [`BATCH`](Vicinity::BATCH), the batch's ratings folded in in order,
/// so that rating a batch on several threads (the facade's
/// `sudokit::generate::search_vicinity`) gives the same finds too.
///
/// # Ratings
/// Each neighbour is rated in full, except that a rating stops once its
/// running ER passes the request's highest ([`Rater::with_max`]); such a
/// neighbour is neither a find nor a base for moves. No rating can stop
/// early *below* a floor: ER is the path's hardest step, and a step rated
/// below the floor says nothing of the steps after it.
#[derive(Clone, Debug)]
pub struct Vicinity {
    difficulty: Difficulty,
    moves: usize,
    minimal: bool,
    pattern: bool,
    pool: usize,
    budget: Budget,
}

impl Vicinity {
    /// Neighbours made and rated between two updates of the pool of best
    /// puzzles.
    pub const BATCH: usize = 16;

    /// A search for puzzles of `difficulty`, with moves up to {-2+3},
    /// puzzles not required to be minimal, a pool of the 32 best, and no
    /// budget.
    pub fn new(difficulty: Difficulty) -> Vicinity {
        Vicinity { difficulty, moves: 2, minimal: false, pattern: false, pool: 32, budget: Budget::unlimited() }
    }

    /// Moves empty from 1 to `n` givens (and give n − 1 to n + 1 cells):
    /// {-1+0} to {-n+(n+1)}. `n` from 1 to 8.
    ///
    /// # Errors
    /// [`GenerateError::Parameter`] for `n` outside 1 to 8.
    pub fn with_moves(mut self, n: usize) -> Result<Vicinity, GenerateError> {
        if !(1..=8).contains(&n) {
            return Err(ParameterError::new("givens a move empties", n, "1 to 8").into());
        }
        self.moves = n;
        Ok(self)
    }

    /// Keeps only minimal neighbours: each is reduced (its givens emptied
    /// in a random order while it stays unique) before it is rated.
    #[must_use]
    pub fn with_minimal(mut self, minimal: bool) -> Vicinity {
        self.minimal = minimal;
        self
    }

    /// Keeps the seeds' patterns (which cells are given): each move gives
    /// 1 to [`with_moves`](Vicinity::with_moves) givens other digits
    /// instead of emptying and giving cells, as the forum's searches over
    /// fixed clue patterns do. With [`with_minimal`](Vicinity::with_minimal),
    /// a neighbour that is not minimal is left out rather than reduced.
    #[must_use]
    pub fn with_fixed_pattern(mut self, pattern: bool) -> Vicinity {
        self.pattern = pattern;
        self
    }

    /// Moves start from one of the `size` best puzzles so far (by
    /// distance to the request, then by ER, highest first); at least 1.
    #[must_use]
    pub fn with_pool(mut self, size: usize) -> Vicinity {
        self.pool = size.max(1);
        self
    }

    /// Bounds the whole search: its time limit and deadline start at
    /// [`search`](Vicinity::search); each neighbour made is an iteration.
    /// When it runs out, the search yields [`GenerateError::Stopped`] and
    /// ends.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Vicinity {
        self.budget = budget;
        self
    }

    /// The search from `seeds` (9×9 puzzles with one solution each; their
    /// own ratings make the first pool), with the random numbers of
    /// `seed`. The seeds are never finds themselves.
    ///
    /// # Errors
    /// [`GenerateError::Impossible`] for no seed, a seed that is not a 9×9
    /// puzzle with one solution (the message says which), or a difficulty
    /// no rating meets.
    pub fn search(&self, seeds: &[Grid], seed: u64) -> Result<VicinitySearch, GenerateError> {
        if let Some(reason) = self.difficulty.impossible() {
            return Err(GenerateError::Impossible { reason });
        }
        if seeds.is_empty() {
            return Err(GenerateError::Impossible { reason: "a search needs at least one seed puzzle".to_owned() });
        }
        let budget = self.budget.starting_now();
        let mut auto = Auto::new();
        let mut seen = HashSet::new();
        let mut waiting = Vec::with_capacity(seeds.len());
        for (k, puzzle) in seeds.iter().enumerate() {
            let bad = |why: &str| GenerateError::Impossible { reason: format!("seed puzzle {} {why}", k + 1) };
            if puzzle.shape() != Shape::CLASSIC {
                return Err(bad("is not 9x9"));
            }
            if auto.count_solutions_with(puzzle, 2, &budget).map_err(|e| stopped(e, 0, None))? != 1 {
                return Err(bad("does not have exactly one solution"));
            }
            let solution = auto.solve_with(puzzle, &budget).map_err(|e| stopped(e, 0, None))?.grid;
            let key = canonical_puzzle(puzzle).map_err(|e| bad(&e.to_string()))?.grid;
            if seen.insert(key) {
                waiting.push(Member { puzzle: puzzle.clone(), solution, rank: (0, 0, 0, 0) });
            }
        }
        let mut rater = Rater::new().with_counter(Auto::new).with_budget(budget.clone());
        if let Some(max) = self.difficulty.max_er() {
            rater = rater.with_max(max);
        }
        Ok(VicinitySearch {
            vicinity: self.clone(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget,
            auto,
            rater,
            seen,
            pool: Vec::with_capacity(self.pool + Vicinity::BATCH),
            waiting,
            found: std::collections::VecDeque::new(),
            stats: SearchStats::default(),
            seeding: true,
            over: false,
            progress: None,
        })
    }
}

/// A puzzle a [`VicinitySearch`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Found {
    /// The puzzle: one solution, new up to symmetry within the search.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its rating, which meets the request.
    pub rating: Rating,
    /// The search's counts when it was found.
    pub stats: SearchStats,
}

/// What a [`VicinitySearch`] has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchStats {
    /// Moves tried.
    pub moves: u64,
    /// Neighbours rated (the moves that gave a new puzzle with one
    /// solution).
    pub rated: u64,
    /// Finds so far.
    pub found: u64,
    /// The highest ER of a rated neighbour (a rating cut off past the
    /// request's highest ER left out).
    pub best: Option<Score>,
}

/// A puzzle of the pool with its rank: distance to the request, then ER
/// (negated, so that the lowest rank is the best).
#[derive(Clone, Debug)]
struct Member {
    puzzle: Grid,
    solution: Grid,
    rank: (u32, i32, i32, i32),
}

/// A search in progress ([`Vicinity::search`]): an iterator of finds,
/// each made as it is asked for. It ends when the budget runs out (after
/// yielding [`GenerateError::Stopped`]) or when moves stop giving new
/// puzzles.
///
/// Batch by batch, for a caller that rates on its own threads:
/// [`neighbours`](VicinitySearch::neighbours), a rating of each with
/// [`rater`](VicinitySearch::rater), then [`offer`](VicinitySearch::offer).
pub struct VicinitySearch {
    vicinity: Vicinity,
    rng: ChaCha8Rng,
    budget: Budget,
    auto: Auto,
    rater: Rater<'static>,
    seen: HashSet<Grid>,
    pool: Vec<Member>,
    /// Puzzles made and not yet rated: the seeds at first, then a batch.
    waiting: Vec<Member>,
    found: std::collections::VecDeque<Found>,
    stats: SearchStats,
    /// Whether the puzzles waiting are the seeds.
    seeding: bool,
    over: bool,
    progress: Option<Progress>,
}

impl std::fmt::Debug for VicinitySearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VicinitySearch")
            .field("vicinity", &self.vicinity)
            .field("pool", &self.pool.len())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

/// What [`VicinitySearch::with_progress`] calls after each batch.
type Progress = Box<dyn FnMut(&SearchStats) + Send>;

/// Moves in a row that gave no new puzzle before a search counts its
/// neighbourhood as exhausted.
const DRY_MOVES: u32 = 20_000;

impl VicinitySearch {
    /// Calls `progress` with the search's counts after each batch is
    /// rated, finds or not (a command line shows them: a search may rate
    /// thousands of puzzles between two finds).
    #[must_use]
    pub fn with_progress(mut self, progress: impl FnMut(&SearchStats) + Send + 'static) -> VicinitySearch {
        self.progress = Some(Box::new(progress));
        self
    }

    /// The rater each neighbour goes through: the search's budget, and a
    /// stop past the request's highest ER.
    pub fn rater(&self) -> &Rater<'static> {
        &self.rater
    }

    /// What the search has done so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The next puzzles to rate: the seeds first, then a batch of
    /// [`Vicinity::BATCH`] new neighbours (fewer when the neighbourhood
    /// runs dry: none means the search is over). Rate them in this order
    /// and hand the ratings to [`offer`](VicinitySearch::offer) before
    /// asking for more.
    ///
    /// # Errors
    /// [`GenerateError::Stopped`] when the budget runs out.
    pub fn neighbours(&mut self) -> Result<Vec<Grid>, GenerateError> {
        if self.waiting.is_empty() {
            let mut dry = 0;
            while self.waiting.len() < Vicinity::BATCH && dry < DRY_MOVES && !self.pool.is_empty() {
                match self.make_neighbour()? {
                    Some(member) => {
                        dry = 0;
                        self.waiting.push(member);
                    }
                    None => dry += 1,
                }
            }
        }
        Ok(self.waiting.iter().map(|m| m.puzzle.clone()).collect())
    }

    /// Takes in the ratings of the puzzles [`neighbours`](VicinitySearch::neighbours)
    /// gave, in its order, and returns the finds among them.
    ///
    /// # Errors
    /// [`GenerateError::Stopped`] when a rating ran out of budget;
    /// [`GenerateError::Impossible`] for a number of ratings other than
    /// the number of puzzles.
    pub fn offer(&mut self, ratings: Vec<Result<Rating, RateError>>) -> Result<Vec<Found>, GenerateError> {
        if ratings.len() != self.waiting.len() {
            let reason = format!("{} ratings offered for {} puzzles", ratings.len(), self.waiting.len());
            return Err(GenerateError::Impossible { reason });
        }
        let seeds = std::mem::replace(&mut self.seeding, false);
        let mut finds = Vec::new();
        for (mut member, rating) in std::mem::take(&mut self.waiting).into_iter().zip(ratings) {
            let rating = match rating {
                Ok(rating) => rating,
                Err(RateError::Stopped(reason)) => {
                    return Err(GenerateError::Stopped { reason, attempts: self.stats.rated, closest: None });
                }
                // A neighbour has one solution: another error would be a
                // bug, and the neighbour is left out.
                Err(_) => continue,
            };
            if !seeds {
                self.stats.rated += 1;
                if rating.cutoff.is_none() {
                    self.stats.best = self.stats.best.max(Some(rating.er));
                }
            }
            let distance = self.vicinity.difficulty.distance(&rating);
            if distance == 0 && !seeds {
                self.stats.found += 1;
                let stats = self.stats;
                finds.push(Found { puzzle: member.puzzle.clone(), solution: member.solution.clone(), rating, stats });
            }
            if rating.cutoff.is_none() {
                let minus = |score: Score| -i32::from(score.tenths());
                member.rank = (distance, minus(rating.er), minus(rating.ep), minus(rating.ed));
                self.enter(member);
            }
        }
        if let Some(progress) = &mut self.progress {
            progress(&self.stats);
        }
        Ok(finds)
    }

    /// Puts `member` in the pool, before those of its rank (the search
    /// walks plateaus), keeping the best.
    fn enter(&mut self, member: Member) {
        let at = self.pool.partition_point(|m| m.rank < member.rank);
        if at < self.vicinity.pool {
            self.pool.insert(at, member);
            self.pool.truncate(self.vicinity.pool);
        }
    }

    /// One move from a random puzzle of the pool: `None` when it gives
    /// no new puzzle with one solution.
    fn make_neighbour(&mut self) -> Result<Option<Member>, GenerateError> {
        self.stats.moves += 1;
        SearchTally::slow(&self.budget, 0).step().map_err(|reason| GenerateError::Stopped {
            reason,
            attempts: self.stats.rated,
            closest: None,
        })?;
        if self.pool.is_empty() {
            return Ok(None);
        }
        // The best puzzles are moved from most: rank k with weight
        // 1/(k + 1) or so, the square of a uniform draw.
        let u: f64 = self.rng.random();
        let base = &self.pool[((u * u) * self.pool.len() as f64) as usize];
        let mut puzzle = base.puzzle.clone();
        let n = self.rng.random_range(1..=self.vicinity.moves);
        let m = self.rng.random_range(n - 1..=n + 1);
        if self.vicinity.pattern {
            return self.repattern(puzzle, n);
        }
        let (mut given, mut empty): (Vec<usize>, Vec<usize>) = (0..81).partition(|&i| puzzle.values()[i] != 0);
        given.shuffle(&mut self.rng);
        empty.shuffle(&mut self.rng);
        if !self.move_givens(&mut puzzle, &given[..n.min(given.len())], &empty[..m.min(empty.len())]) {
            return Ok(None);
        }
        if self.count(&puzzle)? != 1 {
            return Ok(None);
        }
        if self.vicinity.minimal {
            self.reduce(&mut puzzle)?;
        }
        self.admit(puzzle)
    }

    /// A move that keeps the pattern: `n` givens of `puzzle` take other
    /// digits (each free among its peers' givens).
    fn repattern(&mut self, mut puzzle: Grid, n: usize) -> Result<Option<Member>, GenerateError> {
        let mut given: Vec<usize> = (0..81).filter(|&i| puzzle.values()[i] != 0).collect();
        given.shuffle(&mut self.rng);
        let changed = &given[..n.min(given.len())];
        if !self.move_givens(&mut puzzle, changed, changed) {
            return Ok(None);
        }
        if self.count(&puzzle)? != 1 || (self.vicinity.minimal && !self.is_minimal(&puzzle)?) {
            return Ok(None);
        }
        self.admit(puzzle)
    }

    /// Empties the cells `emptied` of `puzzle`, then gives each of
    /// `given` a random digit free among its peers' givens; `false` when
    /// one has none.
    fn move_givens(&mut self, puzzle: &mut Grid, emptied: &[usize], given: &[usize]) -> bool {
        for &i in emptied {
            puzzle.set(Cell::from_index(i, Shape::CLASSIC), None);
        }
        for &i in given {
            let Some(digit) = self.free_digit(puzzle, i) else { return false };
            puzzle.set(Cell::from_index(i, Shape::CLASSIC), Some(digit));
        }
        true
    }

    /// Whether no given of `puzzle` can go with the puzzle keeping one
    /// solution.
    fn is_minimal(&mut self, puzzle: &Grid) -> Result<bool, GenerateError> {
        let mut fewer = puzzle.clone();
        for i in (0..81).filter(|&i| puzzle.values()[i] != 0) {
            let cell = Cell::from_index(i, Shape::CLASSIC);
            fewer.set(cell, None);
            let unique = self.count(&fewer)? == 1;
            fewer.set(cell, puzzle.get(cell));
            if unique {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `puzzle` (with one solution) as a neighbour to rate, unless its
    /// canonical form was met before.
    fn admit(&mut self, puzzle: Grid) -> Result<Option<Member>, GenerateError> {
        let Ok(canonical) = canonical_puzzle(&puzzle) else { return Ok(None) };
        if !self.seen.insert(canonical.grid) {
            return Ok(None);
        }
        let solution = self.auto.solve_with(&puzzle, &self.budget).map_err(|e| self.stop(e))?.grid;
        Ok(Some(Member { puzzle, solution, rank: (0, 0, 0, 0) }))
    }

    /// A random digit that no given peer of cell `i` holds.
    fn free_digit(&mut self, puzzle: &Grid, i: usize) -> Option<Digit> {
        let values = puzzle.values();
        let taken =
            Layout::of(Shape::CLASSIC).peers(i).iter().fold(0u16, |m, &peer| m | 1 << values[usize::from(peer)]);
        let free: Vec<u8> = (1..=9).filter(|d| taken & 1 << d == 0).collect();
        free.choose(&mut self.rng).and_then(|&d| Digit::new(d))
    }

    /// Empties the givens of `puzzle` in a random order, each while the
    /// puzzle keeps one solution.
    fn reduce(&mut self, puzzle: &mut Grid) -> Result<(), GenerateError> {
        let mut given: Vec<usize> = (0..81).filter(|&i| puzzle.values()[i] != 0).collect();
        given.shuffle(&mut self.rng);
        for i in given {
            let cell = Cell::from_index(i, Shape::CLASSIC);
            let digit = puzzle.get(cell);
            puzzle.set(cell, None);
            if self.count(puzzle)? != 1 {
                puzzle.set(cell, digit);
            }
        }
        Ok(())
    }

    fn count(&mut self, puzzle: &Grid) -> Result<u64, GenerateError> {
        self.auto.count_solutions_with(puzzle, 2, &self.budget).map_err(|e| self.stop(e))
    }

    fn stop(&self, error: sudokit_core::SolveError) -> GenerateError {
        stopped(error, self.stats.rated, None)
    }
}

impl Iterator for VicinitySearch {
    type Item = Result<Found, GenerateError>;

    /// The next find, rating each batch on the calling thread.
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(found) = self.found.pop_front() {
                return Some(Ok(found));
            }
            if self.over {
                return None;
            }
            let result = self.neighbours().and_then(|batch| {
                if batch.is_empty() {
                    self.over = true;
                    return Ok(Vec::new());
                }
                let ratings = batch.iter().map(|puzzle| self.rater.rate(puzzle)).collect();
                self.offer(ratings)
            });
            match result {
                Ok(finds) => self.found.extend(finds),
                Err(error) => {
                    self.over = true;
                    return Some(Err(error));
                }
            }
        }
    }
}
