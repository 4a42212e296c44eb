//! [`Genetic`]: a genetic algorithm on row permutations.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit_core::{Budget, Grid, Meter, ParameterError, Solution, SolveError, Solver, StopReason};

use crate::driver::{self, Method, Run, Settings, shared_settings};
use crate::encoding::{Problem, Representation, State};
use crate::observer::{GeneticSample, Observer, Stored};
use crate::start::Moves;

/// How two parents make a child, kept unit by kept unit (each stays a
/// permutation of its missing digits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Crossover {
    /// Ordered crossover (OX) in each kept unit: a slice of the first parent's
    /// free cells, the rest in the second parent's order (the course's
    /// operator).
    Ordered,
    /// Each kept unit (row or box) whole from one parent or the other, at
    /// even odds: keeps every unit a parent found, and mixes them freely.
    #[default]
    RowExchange,
}

/// A genetic algorithm on a permutation encoding: a chromosome holds each
/// kept unit's missing digits as a permutation (rows in the course's
/// model), the fitness is the energy (duplicates in the two other kinds of
/// unit, 0 for a solution); tournament selection, crossover unit by unit,
/// swap mutation inside a unit, optional local search on each child,
/// elitism, and a new population when the best energy stagnates.
///
/// [`Genetic::new`] is the strongest configuration found (a memetic
/// algorithm: children improved by non-worsening swaps);
/// [`Genetic::course`] is the course's GeneticSharp run (rows, ordered
/// crossover, no local search; its elite selection breeds from the best
/// half). [`with_moves(Moves::Propagated)`](Genetic::with_moves) makes the hybrid:
/// singles and locked candidates first, then every unit kept within its
/// cells' candidates.
///
/// With the `rayon` feature, populations of 256 or more are evaluated on a
/// thread pool; the random choices stay on the calling thread, so a seed
/// gives the same result either way.
///
/// # Statistics
/// [`Stats::iterations`](sudokit_core::Stats::iterations) counts
/// chromosomes evaluated and the moves of their local search, so an
/// iteration cap bounds the whole work;
/// [`Stats::nodes`](sudokit_core::Stats::nodes) counts generations,
/// [`Stats::restarts`](sudokit_core::Stats::restarts) new populations.
/// Settings out of range (a population above
/// [`Genetic::MAX_POPULATION`], a rate that is not in 0 to 1) are refused
/// when the solve starts, with [`SolveError::InvalidParameter`] naming
/// them.
///
/// # Complexity
/// Time O(generations · population · (n² + local moves)) for side `n`: each
/// child is made by unit crossover and mutation in O(n²), scored in O(n²), and
/// improved by its local-search moves (O(n) each); the iteration cap counts
/// evaluations and moves. Extra space O(population · n²). Not exact.
///
/// # References
/// Holland, *Adaptation in Natural and Artificial Systems* (1975); Mantere
/// and Koljonen, "Solving, rating and generating Sudoku puzzles with GA",
/// *IEEE Congress on Evolutionary Computation* (2007).
///
/// ```
/// use sudokit_local::Genetic;
/// use sudokit_core::{Grid, Solver};
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let solution = Genetic::new().with_moves(sudokit_local::Moves::Propagated).solve(&puzzle)?;
/// assert!(solution.grid.is_solution_of(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Genetic {
    settings: Settings,
    population: usize,
    elite: usize,
    tournament: usize,
    crossover: Crossover,
    crossover_rate: f64,
    mutation_rate: f64,
    local_moves: u32,
    generations: u64,
    stagnation: u64,
    observer: Option<Stored<GeneticSample>>,
}

impl Default for Genetic {
    fn default() -> Genetic {
        Genetic::new()
    }
}

impl Genetic {
    /// The seed of [`Genetic::new`] and [`Genetic::course`].
    pub const DEFAULT_SEED: u64 = 0x5eed_06a5;

    /// The strongest configuration found: boxes kept as permutations, each
    /// free cell taking only the digits the givens leave it; 30
    /// chromosomes, 2 elites, tournaments of 3, unit exchange at 0.9, a
    /// swap in 30% of the children, then 300 non-worsening swaps on each
    /// child (a memetic algorithm), and a new population after 20
    /// generations without progress, up to 10 000 times.
    pub fn new() -> Genetic {
        Genetic {
            settings: Settings {
                seed: Self::DEFAULT_SEED,
                representation: Representation::Boxes,
                moves: Moves::GivensCandidates,
                restarts: 10_000,
            },
            population: 30,
            elite: 2,
            tournament: 3,
            crossover: Crossover::RowExchange,
            crossover_rate: 0.9,
            mutation_rate: 0.3,
            local_moves: 300,
            generations: u64::MAX,
            stagnation: 20,
            observer: None,
        }
    }

    /// The course's configuration (its GeneticSharp run): 500 chromosomes,
    /// the best half bred, ordered crossover at 0.75, mutation at 0.2, at
    /// most 400 generations and a restart after 80 without progress, 5
    /// restarts.
    pub fn course() -> Genetic {
        let new = Genetic::new();
        Genetic {
            settings: Settings {
                representation: Representation::Rows,
                moves: Moves::AnyDigit,
                restarts: 5,
                ..new.settings
            },
            population: 500,
            elite: 250,
            tournament: 500,
            crossover: Crossover::Ordered,
            crossover_rate: 0.75,
            mutation_rate: 0.2,
            local_moves: 0,
            generations: 400,
            stagnation: 80,
            ..new
        }
    }

    /// Sets the population size (2 to [`Genetic::MAX_POPULATION`]) and how
    /// many of the best are kept unchanged in each generation (less than
    /// the population). Values out of range are refused when the solve
    /// starts.
    #[must_use]
    pub fn with_population(mut self, population: usize, elite: usize) -> Genetic {
        self.population = population;
        self.elite = elite;
        self
    }

    /// Sets the tournament size (1 to [`Genetic::MAX_POPULATION`]): each
    /// parent is the best of that many chromosomes drawn at random; a
    /// tournament as large as the population is the course's elite
    /// selection.
    #[must_use]
    pub fn with_tournament(mut self, size: usize) -> Genetic {
        self.tournament = size;
        self
    }

    /// Sets the crossover and the share of children made by it (the others
    /// copy their first parent), from 0 to 1.
    #[must_use]
    pub fn with_crossover(mut self, crossover: Crossover, rate: f64) -> Genetic {
        self.crossover = crossover;
        self.crossover_rate = rate;
        self
    }

    /// Sets the share of children that get a swap mutation, from 0 to 1.
    #[must_use]
    pub fn with_mutation_rate(mut self, rate: f64) -> Genetic {
        self.mutation_rate = rate;
        self
    }

    /// Improves each child by `moves` random swaps inside its kept units,
    /// each kept only if it does not raise the energy (a memetic, or
    /// Lamarckian, genetic algorithm); 0 (the course) leaves children as
    /// crossover and mutation made them. The moves count as iterations of
    /// the budget, which each child's search also watches for its time
    /// limit and cancel flag.
    #[must_use]
    pub fn with_local_search(mut self, moves: u32) -> Genetic {
        self.local_moves = moves;
        self
    }

    /// Ends a population after `generations` generations, or after
    /// `stagnation` generations without a lower best energy (both at least
    /// 1); then a new one starts, as many times as
    /// [`with_restarts`](Genetic::with_restarts) allows.
    #[must_use]
    pub fn with_termination(mut self, generations: u64, stagnation: u64) -> Genetic {
        self.generations = generations;
        self.stagnation = stagnation;
        self
    }

    /// The largest population: a million chromosomes of a 35×35 grid would
    /// take gigabytes.
    pub const MAX_POPULATION: usize = 100_000;
}

/// A child to improve: its values, its seed and the moves it may make.
struct Child {
    values: Vec<u8>,
    seed: u64,
    moves: u64,
}

/// What improving one child gave: its energy, the moves made, and why it
/// stopped early, if the budget's clock or cancel flag stopped it.
struct Improved {
    energy: u32,
    moves: u64,
    stopped: Option<StopReason>,
}

/// Improves `child` by its non-worsening swaps drawn from a generator
/// seeded with its seed, watching the clock and cancel flag of `budget`
/// (whose time limit is already a deadline).
fn improve(problem: &Problem, child: &mut Child, budget: &Budget) -> Improved {
    if child.moves == 0 || problem.movable().is_empty() {
        return Improved { energy: problem.energy_of(&child.values), moves: 0, stopped: None };
    }
    let mut meter = Meter::new(budget);
    let mut rng = ChaCha8Rng::seed_from_u64(child.seed);
    let mut state = State::new(problem, std::mem::take(&mut child.values));
    let (mut made, mut stopped) = (0, None);
    while made < child.moves && state.energy() > 0 {
        // The caps are the caller's; here only the clock and the flag.
        if let Err(reason) = meter.tick(0, 0) {
            stopped = Some(reason);
            break;
        }
        made += 1;
        if let Some((a, b)) = problem.random_swap(state.values(), &mut rng) {
            let delta = state.swap_delta(problem, a, b);
            if delta <= 0 {
                state.swap(problem, a, b, delta);
            }
        }
    }
    let energy = state.energy();
    child.values = state.into_values();
    Improved { energy, moves: made, stopped }
}

/// Improves and evaluates `children`, on a thread pool for large
/// populations with the `rayon` feature: the seeds and move allowances
/// were drawn in order, so the results do not depend on the threads.
fn improve_all(problem: &Problem, children: &mut [Child], budget: &Budget) -> Vec<Improved> {
    #[cfg(feature = "rayon")]
    if children.len() >= 256 {
        use rayon::prelude::*;
        return children.par_iter_mut().map(|c| improve(problem, c, budget)).collect();
    }
    children.iter_mut().map(|c| improve(problem, c, budget)).collect()
}

impl Method for Genetic {
    type Sample = GeneticSample;
    type Extra = ();

    fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Checks every setting, naming the first out of its range.
    fn validate(&self) -> Result<(), ParameterError> {
        ParameterError::check_range("population", self.population, 2, Self::MAX_POPULATION)?;
        ParameterError::check_range("elite", self.elite, 0, self.population - 1)?;
        ParameterError::check_range("tournament", self.tournament, 1, Self::MAX_POPULATION)?;
        ParameterError::check_real("crossover rate", self.crossover_rate, 0.0, 1.0)?;
        ParameterError::check_real("mutation rate", self.mutation_rate, 0.0, 1.0)?;
        ParameterError::check_range("generations", self.generations, 1, u64::MAX)?;
        ParameterError::check_range("stagnation", self.stagnation, 1, u64::MAX)
    }

    fn attempt(run: &mut Run<'_, '_, '_, Genetic>) -> Result<bool, StopReason> {
        run.evolve()
    }

    fn last_sample(run: &Run<'_, '_, '_, Genetic>) -> GeneticSample {
        let stats = run.tally.stats();
        let energy = run.best.energy();
        GeneticSample {
            generation: stats.nodes,
            best_energy: energy,
            mean_energy: f64::from(energy),
            best_ever: energy,
            restarts: stats.restarts,
        }
    }
}

impl Run<'_, '_, '_, Genetic> {
    /// One population, from random chromosomes.
    fn evolve(&mut self) -> Result<bool, StopReason> {
        let size = self.config.population;
        let mut population = Vec::with_capacity(size);
        for _ in 0..size {
            self.tally.check()?;
            population
                .push(self.problem.random_values(&mut self.rng).expect("checked fillable when the solve started"));
        }
        let (mut population, mut fitness) = self.evaluate(population)?;
        let (mut run_best, mut stagnant) = (u32::MAX, 0);
        for _ in 0..self.config.generations {
            let order = self.rank(&population, &fitness);
            let best = fitness[order[0]];
            if best < run_best {
                (run_best, stagnant) = (best, 0);
            } else {
                stagnant += 1;
            }
            self.observe(&fitness);
            if best == 0 {
                return Ok(true);
            }
            if stagnant >= self.config.stagnation {
                return Ok(false);
            }
            let children = self.breed(&population, &fitness, &order);
            let (children, child_fitness) = self.evaluate(children)?;
            let elite = self.config.elite.min(size - 1);
            let mut next: Vec<Vec<u8>> = order[..elite].iter().map(|&i| population[i].clone()).collect();
            let mut next_fitness: Vec<u32> = order[..elite].iter().map(|&i| fitness[i]).collect();
            next.extend(children);
            next_fitness.extend(child_fitness);
            (population, fitness) = (next, next_fitness);
            self.tally.stats_mut().nodes += 1;
        }
        Ok(false)
    }

    /// The indices of `population` from best to worst; keeps the best seen.
    fn rank(&mut self, population: &[Vec<u8>], fitness: &[u32]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..population.len()).collect();
        order.sort_by_key(|&i| fitness[i]);
        self.best.offer(fitness[order[0]], &population[order[0]]);
        order
    }

    /// Counts the evaluations against the budget, then improves and
    /// evaluates the chromosomes. Each child may make its local-search
    /// moves while the iteration cap leaves room for them, counted in
    /// order, so that the cap bounds the moves as well.
    fn evaluate(&mut self, chromosomes: Vec<Vec<u8>>) -> Result<(Vec<Vec<u8>>, Vec<u32>), StopReason> {
        let mut children = Vec::with_capacity(chromosomes.len());
        for values in chromosomes {
            self.tally.step()?;
            children.push(Child { values, seed: self.rng.random::<u64>(), moves: 0 });
        }
        let mut room = self
            .tally
            .meter_mut()
            .budget()
            .iterations_left()
            .map_or(u64::MAX, |left| left.saturating_sub(self.tally.stats().iterations));
        for child in &mut children {
            child.moves = u64::from(self.config.local_moves).min(room);
            room -= child.moves;
        }
        let improved = improve_all(self.problem, &mut children, self.tally.meter_mut().budget());
        let moves: u64 = improved.iter().map(|i| i.moves).sum();
        self.tally.stats_mut().iterations += moves;
        if let Some(reason) = improved.iter().find_map(|i| i.stopped) {
            return Err(reason);
        }
        let energies = improved.iter().map(|i| i.energy).collect();
        Ok((children.into_iter().map(|c| c.values).collect(), energies))
    }

    fn observe(&mut self, fitness: &[u32]) {
        if let Some(observer) = &mut self.observer {
            let stats = self.tally.stats();
            let best_energy = fitness.iter().copied().min().unwrap_or(0);
            let mean_energy = fitness.iter().map(|&f| f64::from(f)).sum::<f64>() / fitness.len().max(1) as f64;
            let (generation, restarts, best_ever) = (stats.nodes, stats.restarts, self.best.energy());
            observer.tick(|| GeneticSample { generation, best_energy, mean_energy, best_ever, restarts });
        }
    }

    /// The children of one generation: all but the elites.
    fn breed(&mut self, population: &[Vec<u8>], fitness: &[u32], order: &[usize]) -> Vec<Vec<u8>> {
        let count = self.config.population - self.config.elite.min(self.config.population - 1);
        // The course's elite selection breeds from the best `tournament`
        // chromosomes; a smaller tournament draws from the whole population.
        let pool = if self.config.tournament >= population.len() { &order[..self.config.elite.max(2)] } else { order };
        (0..count)
            .map(|_| {
                let first = self.select(pool, fitness);
                let mut child = if self.rng.random::<f64>() < self.config.crossover_rate {
                    let second = self.select(pool, fitness);
                    self.cross(&population[first], &population[second])
                } else {
                    population[first].clone()
                };
                if self.rng.random::<f64>() < self.config.mutation_rate {
                    self.mutate(&mut child);
                }
                child
            })
            .collect()
    }

    /// A parent: the best of a tournament drawn from `pool` (or, for the
    /// course's elite selection, any of the pool at random).
    fn select(&mut self, pool: &[usize], fitness: &[u32]) -> usize {
        let rounds = if self.config.tournament >= self.config.population { 1 } else { self.config.tournament };
        (0..rounds).map(|_| pool[self.rng.random_range(0..pool.len())]).min_by_key(|&i| fitness[i]).unwrap_or(pool[0])
    }

    fn cross(&mut self, first: &[u8], second: &[u8]) -> Vec<u8> {
        let mut child = first.to_vec();
        for unit in 0..self.problem.shape().side() {
            let cells = self.problem.group(unit);
            match self.config.crossover {
                Crossover::RowExchange => {
                    if self.rng.random::<bool>() {
                        for &c in cells {
                            child[usize::from(c)] = second[usize::from(c)];
                        }
                    }
                }
                Crossover::Ordered => self.ordered_row(&mut child, second, cells),
            }
        }
        child
    }

    /// OX on one row of `child` (a copy of the first parent): keeps a
    /// random slice of its free cells and fills the others with the
    /// remaining digits in `second`'s order; a row that breaks a cell's
    /// candidates stays the first parent's.
    fn ordered_row(&mut self, child: &mut [u8], second: &[u8], cells: &[u16]) {
        let n = cells.len();
        if n < 2 {
            return;
        }
        let (mut from, mut to) = (self.rng.random_range(0..n), self.rng.random_range(0..n));
        if from > to {
            std::mem::swap(&mut from, &mut to);
        }
        let kept: Vec<u8> = cells[from..=to].iter().map(|&c| child[usize::from(c)]).collect();
        let mut rest = (0..n).map(|k| second[usize::from(cells[(to + 1 + k) % n])]).filter(|d| !kept.contains(d));
        let original: Vec<u8> = cells.iter().map(|&c| child[usize::from(c)]).collect();
        for k in 1..=n - kept.len() {
            let cell = usize::from(cells[(to + k) % n]);
            child[cell] = rest.next().expect("the second parent's row holds the same digits");
        }
        if cells.iter().any(|&c| !self.problem.allows(usize::from(c), child[usize::from(c)])) {
            for (&c, &v) in cells.iter().zip(&original) {
                child[usize::from(c)] = v;
            }
        }
    }

    /// Swaps two free cells of a random kept unit, where their candidates
    /// allow (a few draws at most).
    fn mutate(&mut self, child: &mut [u8]) {
        if self.problem.movable().is_empty() {
            return;
        }
        for _ in 0..8 {
            if let Some((a, b)) = self.problem.random_swap(child, &mut self.rng) {
                child.swap(a, b);
                return;
            }
        }
    }
}

shared_settings!(Genetic, GeneticSample, "generations", "genetic", "genetic-hybrid");

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use sudokit_core::{SearchTally, Shape};
    use sudokit_testkit::generate;

    use super::*;
    use crate::encoding::Best;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Crossover and mutation keep the givens and every row a
        /// permutation, and the fitness is the encoding's energy.
        #[test]
        fn operators_keep_givens_and_rows(
            shape in proptest::sample::select(vec![Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::SIXTEEN]),
            seed in any::<u64>(),
            ordered in any::<bool>(),
        ) {
            let puzzle = generate::puzzle(shape, shape.cell_count() / 2, seed);
            let problem = Problem::unrestricted(&puzzle, &sudokit_core::Variant::standard(puzzle.shape()), Representation::Rows);
            let crossover = if ordered { Crossover::Ordered } else { Crossover::RowExchange };
            let config = Genetic::new().with_crossover(crossover, 1.0);
            let budget = Budget::unlimited();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let first = problem.random_values(&mut rng).expect("fills");
            let second = problem.random_values(&mut rng).expect("fills");
            let mut run = Run { config: &config, problem: &problem, rng, tally: SearchTally::new(&budget, 1), observer: None, best: Best::new(), extra: () };
            let mut child = run.cross(&first, &second);
            run.mutate(&mut child);
            let grid = Grid::from_values(shape, &child).expect("digits");
            prop_assert!(grid.keeps_givens_of(&puzzle));
            for row in 0..shape.side() {
                let mut digits: Vec<u8> = child[row * shape.side()..(row + 1) * shape.side()].to_vec();
                digits.sort_unstable();
                prop_assert_eq!(digits, (1..=shape.side() as u8).collect::<Vec<_>>());
            }
            prop_assert_eq!(problem.energy_of(&child), State::new(&problem, child.clone()).energy());
        }
    }
}
