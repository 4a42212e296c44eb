//! [`Annealing`]: simulated annealing on a permutation encoding.

use rand::Rng;
use sudokit_core::{Budget, Grid, ParameterError, Solution, SolveError, Solver, StopReason};

use crate::driver::{self, Method, Run, Settings, shared_settings};
use crate::encoding::{Problem, Representation, State};
use crate::observer::{AnnealingSample, Observer, Stored};
use crate::start::Moves;

/// How each run's temperature starts.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum InitialTemperature {
    /// This temperature (the course: 1.0).
    Fixed(f64),
    /// The standard deviation of the energy over a random walk of this many
    /// swaps from the run's first assignment (Lewis 2007): hot enough to
    /// accept most moves at first, whatever the puzzle. The walk's swaps
    /// count as iterations; at most [`InitialTemperature::MAX_WALK`].
    Auto(u32),
}

impl InitialTemperature {
    /// The longest walk of [`InitialTemperature::Auto`].
    pub const MAX_WALK: u32 = 100_000_000;
}

/// How the temperature falls after each step of moves.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Cooling {
    /// `T ← alpha · T` (the course: `alpha` = 0.999).
    Exponential(f64),
    /// `T ← T − step`.
    Linear(f64),
}

/// Raising the temperature again when a run stagnates.
///
/// After `stagnation` temperature steps without a new lowest energy in the
/// run, the temperature goes back up to `to` times the run's initial
/// temperature, and `to` is multiplied by `shrink` for the next reheat: 1.0
/// reheats to the same level every time (the course's reheat), below 1.0
/// each reheat is gentler than the one before (the course's adaptive-reheat
/// exercise).
///
/// ```
/// use sudokit_local::Reheat;
/// let adaptive = Reheat::new(50, 0.5).with_shrink(0.8);
/// assert_eq!((adaptive.stagnation(), adaptive.to(), adaptive.shrink()), (50, 0.5, 0.8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reheat {
    stagnation: u32,
    to: f64,
    shrink: f64,
}

impl Reheat {
    /// Reheats to `to` times the initial temperature after `stagnation`
    /// steps without progress, always to the same level.
    pub fn new(stagnation: u32, to: f64) -> Reheat {
        Reheat { stagnation: stagnation.max(1), to, shrink: 1.0 }
    }

    /// Multiplies the reheat level by `shrink` after each reheat.
    #[must_use]
    pub fn with_shrink(mut self, shrink: f64) -> Reheat {
        self.shrink = shrink;
        self
    }

    /// Temperature steps without progress before a reheat.
    pub fn stagnation(&self) -> u32 {
        self.stagnation
    }

    /// The first reheat's level, as a share of the initial temperature.
    pub fn to(&self) -> f64 {
        self.to
    }

    /// The factor applied to the level after each reheat.
    pub fn shrink(&self) -> f64 {
        self.shrink
    }
}

/// Simulated annealing: swaps of two free cells inside a kept unit, accepted
/// by the Metropolis rule at a falling temperature, with reheats and
/// restarts.
///
/// [`Annealing::new`] is the strongest configuration found (see the crate
/// docs for its figures); [`Annealing::course`] is the course's.
/// [`with_moves(Moves::Propagated)`](Annealing::with_moves) makes the hybrid:
/// singles and locked candidates first, then moves kept within each cell's
/// candidates.
///
/// Local search proves nothing by itself: it returns a solution,
/// [`SolveError::Incomplete`] when its restarts are spent, or
/// [`SolveError::BudgetExhausted`]; both carry the lowest-energy grid
/// reached, whose energy is its [`Grid::error_count`]. Only the hybrid's
/// propagation can prove a puzzle [`Unsolvable`](SolveError::Unsolvable).
/// A setting out of its range (a temperature that is not positive, a
/// cooling factor not below 1, a walk longer than
/// [`InitialTemperature::MAX_WALK`]) is refused when the solve starts,
/// with [`SolveError::InvalidParameter`] naming it.
///
/// # Statistics
/// [`Stats::iterations`](sudokit_core::Stats::iterations) counts moves
/// tried, [`Stats::restarts`](sudokit_core::Stats::restarts) restarts.
///
/// # Complexity
/// Time O(moves): a move swaps two free cells of one box, and its energy
/// change is read in O(1) from the digit counts of the two rows and two
/// columns it touches, which a kept move updates in O(1); the budget or the
/// iteration cap bounds the moves. Extra space O(n²). Not exact: a run can end
/// without a solution.
///
/// # References
/// Kirkpatrick, Gelatt and Vecchi, "Optimization by simulated annealing",
/// *Science* 220(4598), 1983; Lewis, "Metaheuristics can solve sudoku
/// puzzles", *Journal of Heuristics* 13(4), 2007 (the box-permutation
/// encoding and the starting temperature).
///
/// ```
/// use sudokit_local::Annealing;
/// use sudokit_core::{Grid, Solver};
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let solution = Annealing::new().with_seed(7).solve(&puzzle)?;
/// assert!(solution.grid.is_solution_of(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Annealing {
    settings: Settings,
    initial: InitialTemperature,
    cooling: Cooling,
    moves_per_temperature: Option<u64>,
    min_temperature: f64,
    reheat: Option<Reheat>,
    observer: Option<Stored<AnnealingSample>>,
}

impl Default for Annealing {
    fn default() -> Annealing {
        Annealing::new()
    }
}

impl Annealing {
    /// The seed of [`Annealing::new`] and [`Annealing::course`].
    pub const DEFAULT_SEED: u64 = 0x5eed_0f5a;

    /// The strongest configuration found: boxes kept as permutations (Lewis
    /// 2007), each free cell taking only the digits the givens leave it,
    /// and many short runs: from T = 0.6 down to 0.2, cooling by 0.9995
    /// after every step of moves (the free cells squared, over ten; at
    /// least 100), then a restart, up to 10 000 times, without reheats.
    pub fn new() -> Annealing {
        Annealing {
            settings: Settings {
                seed: Self::DEFAULT_SEED,
                representation: Representation::Boxes,
                moves: Moves::GivensCandidates,
                restarts: 10_000,
            },
            initial: InitialTemperature::Fixed(0.6),
            cooling: Cooling::Exponential(0.9995),
            moves_per_temperature: None,
            min_temperature: 0.2,
            reheat: None,
            observer: None,
        }
    }

    /// The course's configuration: rows kept as permutations of their
    /// missing digits (any of them in any free cell), T0 = 1.0, exponential
    /// cooling by 0.999 after every 100 moves down to 0.001, and 5
    /// restarts, no reheat.
    pub fn course() -> Annealing {
        let new = Annealing::new();
        Annealing {
            settings: Settings {
                representation: Representation::Rows,
                moves: Moves::AnyDigit,
                restarts: 5,
                ..new.settings
            },
            initial: InitialTemperature::Fixed(1.0),
            cooling: Cooling::Exponential(0.999),
            moves_per_temperature: Some(100),
            min_temperature: 0.001,
            reheat: None,
            ..new
        }
    }

    /// Sets how each run's temperature starts.
    #[must_use]
    pub fn with_initial_temperature(mut self, initial: InitialTemperature) -> Annealing {
        self.initial = initial;
        self
    }

    /// Sets the cooling schedule.
    #[must_use]
    pub fn with_cooling(mut self, cooling: Cooling) -> Annealing {
        self.cooling = cooling;
        self
    }

    /// Tries `moves` moves at each temperature (at least 1; 0 is refused
    /// when the solve starts).
    #[must_use]
    pub fn with_moves_per_temperature(mut self, moves: u64) -> Annealing {
        self.moves_per_temperature = Some(moves);
        self
    }

    /// Ends a run when the temperature falls below `temperature`.
    #[must_use]
    pub fn with_min_temperature(mut self, temperature: f64) -> Annealing {
        self.min_temperature = temperature;
        self
    }

    /// Reheats stagnating runs; `None` never reheats.
    #[must_use]
    pub fn with_reheat(mut self, reheat: Option<Reheat>) -> Annealing {
        self.reheat = reheat;
        self
    }

    /// Moves per temperature step for `problem`.
    fn moves_for(&self, problem: &Problem) -> u64 {
        self.moves_per_temperature.unwrap_or_else(|| (problem.free_count().pow(2) as u64 / 10).max(100))
    }
}

/// What a solve of [`Annealing`] keeps beside the common state.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Thermometer {
    /// Reheats so far.
    reheats: u64,
    /// The temperature of the moves made last, for the last sample.
    temperature: f64,
}

impl Method for Annealing {
    type Sample = AnnealingSample;
    type Extra = Thermometer;

    fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Checks every setting: each is named with its range when it is out
    /// of it (a temperature that is not positive, a cooling that would
    /// never end a run).
    fn validate(&self) -> Result<(), ParameterError> {
        let positive = |name: &'static str, value: f64| {
            if value.is_finite() && value > 0.0 {
                Ok(())
            } else {
                Err(ParameterError::new(name, value, "a finite number above 0"))
            }
        };
        match self.initial {
            InitialTemperature::Fixed(t) => positive("initial temperature", t)?,
            InitialTemperature::Auto(walk) => {
                ParameterError::check_range("initial temperature walk", walk, 1, InitialTemperature::MAX_WALK)?;
            }
        }
        match self.cooling {
            Cooling::Exponential(alpha) if !(alpha > 0.0 && alpha < 1.0) => {
                return Err(ParameterError::new("exponential cooling factor", alpha, "a number above 0 and below 1"));
            }
            Cooling::Linear(step) => positive("linear cooling step", step)?,
            Cooling::Exponential(_) => {}
        }
        positive("min temperature", self.min_temperature)?;
        if let Some(moves) = self.moves_per_temperature {
            ParameterError::check_range("moves per temperature", moves, 1, u64::MAX)?;
        }
        if let Some(reheat) = self.reheat {
            positive("reheat level", reheat.to())?;
            if !(reheat.shrink() > 0.0 && reheat.shrink() <= 1.0) {
                return Err(ParameterError::new("reheat shrink", reheat.shrink(), "a number above 0, at most 1"));
            }
        }
        Ok(())
    }

    fn attempt(run: &mut Run<'_, '_, '_, Annealing>) -> Result<bool, StopReason> {
        run.anneal()
    }

    fn last_sample(run: &Run<'_, '_, '_, Annealing>) -> AnnealingSample {
        let stats = run.tally.stats();
        let energy = run.best.energy();
        AnnealingSample {
            iteration: stats.iterations,
            temperature: run.extra.temperature,
            energy,
            best_energy: energy,
            restarts: stats.restarts,
            reheats: run.extra.reheats,
        }
    }
}

impl Run<'_, '_, '_, Annealing> {
    /// One run from a random assignment.
    fn anneal(&mut self) -> Result<bool, StopReason> {
        let values = self.problem.random_values(&mut self.rng).expect("checked fillable when the solve started");
        let mut state = State::new(self.problem, values);
        // Kept before the walk too, so that a budget spent in the walk
        // still hands back a grid.
        self.keep_if_best(&state);
        let initial = self.initial_temperature(&mut state)?;
        self.keep_if_best(&state);
        if self.problem.movable().is_empty() {
            // Every kept unit has at most one free cell: nothing can move.
            return Ok(state.energy() == 0);
        }
        let moves = self.config.moves_for(self.problem);
        let (mut temperature, mut level) = (initial, self.config.reheat.map_or(1.0, |r| r.to()));
        let (mut run_best, mut stagnant) = (state.energy(), 0);
        while state.energy() > 0 && temperature >= self.config.min_temperature {
            let before = run_best;
            if self.step(&mut state, temperature, moves, &mut run_best)? {
                return Ok(true);
            }
            stagnant = if run_best < before { 0 } else { stagnant + 1 };
            match self.config.reheat {
                Some(reheat) if stagnant >= reheat.stagnation() => {
                    temperature = initial * level;
                    level *= reheat.shrink();
                    stagnant = 0;
                    self.extra.reheats += 1;
                }
                _ => temperature = self.cool(temperature),
            }
        }
        Ok(state.energy() == 0)
    }

    fn cool(&self, temperature: f64) -> f64 {
        match self.config.cooling {
            Cooling::Exponential(alpha) => temperature * alpha,
            Cooling::Linear(step) => temperature - step,
        }
    }

    /// `moves` moves at `temperature`; `Ok(true)` when one solves.
    fn step(
        &mut self,
        state: &mut State,
        temperature: f64,
        moves: u64,
        run_best: &mut u32,
    ) -> Result<bool, StopReason> {
        // Metropolis: an uphill move of `d` is accepted with probability
        // exp(-d / T), here as a threshold on a random u32. Under the
        // standard rules a swap changes four unit counts, so d is at most
        // 4; a variant's houses and relations can make it more.
        let threshold = |d: i32| ((-f64::from(d) / temperature).exp() * 4_294_967_296.0) as u64;
        let accept: [u64; 5] = std::array::from_fn(|d| threshold(d as i32));
        self.extra.temperature = temperature;
        for _ in 0..moves {
            self.tally.step()?;
            if let Some(observer) = &mut self.observer {
                let (iteration, best_energy, restarts) =
                    (self.tally.stats().iterations, self.best.energy(), self.tally.stats().restarts);
                let (energy, reheats) = (state.energy(), self.extra.reheats);
                observer.tick(|| AnnealingSample { iteration, temperature, energy, best_energy, restarts, reheats });
            }
            let Some((a, b)) = self.problem.random_swap(state.values(), &mut self.rng) else { continue };
            let delta = state.swap_delta(self.problem, a, b);
            if delta <= 0 || {
                let limit = accept.get(delta as usize).copied().unwrap_or_else(|| threshold(delta));
                u64::from(self.rng.random::<u32>()) < limit
            } {
                state.swap(self.problem, a, b, delta);
                if state.energy() < *run_best {
                    *run_best = state.energy();
                    self.keep_if_best(state);
                    if state.energy() == 0 {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }

    fn keep_if_best(&mut self, state: &State) {
        self.best.offer(state.energy(), state.values());
    }

    /// The run's initial temperature; `Auto` walks `state` at random and
    /// leaves it where the walk ends. Each swap of the walk is an
    /// iteration of the budget.
    fn initial_temperature(&mut self, state: &mut State) -> Result<f64, StopReason> {
        let walk = match self.config.initial {
            InitialTemperature::Auto(walk) if !self.problem.movable().is_empty() => walk,
            InitialTemperature::Auto(_) => return Ok(1.0),
            InitialTemperature::Fixed(t) => return Ok(t),
        };
        // Welford's running mean and variance: no buffer of the walk.
        let (mut mean, mut squares) = (0.0, 0.0);
        for n in 1..=walk {
            self.tally.step()?;
            if let Some((a, b)) = self.problem.random_swap(state.values(), &mut self.rng) {
                let delta = state.swap_delta(self.problem, a, b);
                state.swap(self.problem, a, b, delta);
            }
            let energy = f64::from(state.energy());
            let delta = energy - mean;
            mean += delta / f64::from(n);
            squares += delta * (energy - mean);
        }
        let spread = (squares / f64::from(walk.max(1))).sqrt();
        Ok(if spread > 0.0 { spread } else { 1.0 })
    }
}

shared_settings!(Annealing, AnnealingSample, "moves", "annealing", "annealing-hybrid");
