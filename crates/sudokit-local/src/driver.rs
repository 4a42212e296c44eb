//! What both local searches share: their common settings with the
//! `with_*` methods that set them, and the driver of a solve (the start,
//! the restarts, the last sample, the checked result).

use rand_chacha::ChaCha8Rng;
use sudokit_core::{Budget, Grid, ParameterError, SearchTally, Solution, SolveError, StopReason, Variant};

use crate::encoding::{Best, Problem, Representation};
use crate::observer::Observer;
use crate::start::{self, Moves};

/// The settings every local search has: one place, so that no two setters
/// write the same thing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Settings {
    pub(crate) seed: u64,
    pub(crate) representation: Representation,
    pub(crate) moves: Moves,
    /// New starts after the first run ends without a solution.
    pub(crate) restarts: u64,
}

impl Settings {
    /// The registered name: `base`, or `base-hybrid` with propagation.
    pub(crate) fn name(&self, base: &'static str, hybrid: &'static str) -> &'static str {
        if self.moves == Moves::Propagated { hybrid } else { base }
    }
}

/// A local search the driver runs: its settings, its checks, one run from
/// a random start, and the sample that ends a solve.
pub(crate) trait Method: Sized {
    /// What its observer receives.
    type Sample;
    /// What a solve keeps beside the common state (annealing's reheats).
    type Extra: Default;

    fn settings(&self) -> &Settings;

    /// Checks the method's own settings, naming the first out of range.
    fn validate(&self) -> Result<(), ParameterError>;

    /// One run from a random start: `Ok(true)` when it solves.
    fn attempt(run: &mut Run<'_, '_, '_, Self>) -> Result<bool, StopReason>;

    /// The sample sent when the solve ends.
    fn last_sample(run: &Run<'_, '_, '_, Self>) -> Self::Sample;
}

/// One solve in progress: the method's settings, the problem, the random
/// numbers, the budget's tally, the observer (`'o`, the caller's) and the
/// best grid reached.
pub(crate) struct Run<'a, 'b, 'o, M: Method> {
    pub(crate) config: &'a M,
    pub(crate) problem: &'a Problem,
    pub(crate) rng: ChaCha8Rng,
    pub(crate) tally: SearchTally<'b>,
    pub(crate) observer: Option<Observer<'o, M::Sample>>,
    pub(crate) best: Best,
    pub(crate) extra: M::Extra,
}

impl<M: Method> Run<'_, '_, '_, M> {
    /// Runs and restarts until a solution (`Ok(true)`), the restarts are
    /// spent (`Ok(false)`), or the budget ends.
    fn restarts(&mut self) -> Result<bool, StopReason> {
        for restart in 0..=self.config.settings().restarts {
            self.tally.stats_mut().restarts = restart;
            if M::attempt(self)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Solves `puzzle` under `variant` with `method` within `budget`:
/// settings checked, the start (propagation for the hybrids, the seeded
/// random numbers), the runs, and a grid returned only once checked.
pub(crate) fn solve<M: Method>(
    method: &M,
    puzzle: &Grid,
    variant: &Variant,
    budget: &Budget,
    observer: Option<Observer<'_, M::Sample>>,
) -> Result<Solution, SolveError> {
    method.validate()?;
    // One deadline for the whole solve, which work on other threads (the
    // genetic algorithm's children) can watch.
    let budget = budget.starting_now();
    let mut tally = SearchTally::new(&budget, 1);
    let settings = method.settings();
    let begun = start::begin(puzzle, variant, &mut tally, settings.moves, settings.representation, settings.seed)?;
    let (problem, rng) = match begun {
        Ok(search) => search,
        Err(solution) => return Ok(solution),
    };
    let mut run =
        Run { config: method, problem: &problem, rng, tally, observer, best: Best::new(), extra: M::Extra::default() };
    let outcome = run.restarts();
    if run.observer.is_some() {
        let sample = M::last_sample(&run);
        if let Some(observer) = &mut run.observer {
            observer.emit(&sample);
        }
    }
    start::finish(&run.tally, puzzle, variant, outcome, run.best.values())
}

/// The `with_*` methods, `solve_observed` and the [`Solver`] impl that
/// every local search has, written once: `$search` is the type, `$sample`
/// its observer's sample, `$unit` what the observer counts, `$base` and
/// `$hybrid` its registered names.
///
/// [`Solver`]: sudokit_core::Solver
macro_rules! shared_settings {
    ($search:ident, $sample:ident, $unit:literal, $base:literal, $hybrid:literal) => {
        impl Solver for $search {
            fn name(&self) -> &str {
                self.settings.name($base, $hybrid)
            }

            /// Every kind of rule: extra houses, cages and relations join
            /// the energy (a cage with a sum adds how far its digits' total
            /// is from it), a jigsaw's regions take the boxes' place, and
            /// moves stay within pencil marks.
            fn rule_kinds(&self) -> sudokit_core::RuleKinds {
                crate::rules::Rules::KINDS
            }

            fn solve_admitted(
                &mut self,
                admitted: sudokit_core::Admitted<'_>,
                budget: &Budget,
            ) -> Result<Solution, SolveError> {
                let (puzzle, variant) = (admitted.grid(), admitted.variant());
                let mut stored = self.observer.take();
                let result = driver::solve(self, puzzle, variant, budget, stored.as_mut().map(Stored::observer));
                self.observer = stored;
                result
            }
        }

        impl $search {
            /// Uses `seed` for the random numbers: the same seed and puzzle
            /// give the same result, whatever ran before and on whichever
            /// thread.
            #[must_use]
            pub fn with_seed(mut self, seed: u64) -> $search {
                self.settings.seed = seed;
                self
            }

            /// Keeps rows or boxes as permutations: the moves (and the
            /// genetic algorithm's crossover and mutation) work unit by
            /// unit of that kind.
            #[must_use]
            pub fn with_representation(mut self, representation: Representation) -> $search {
                self.settings.representation = representation;
                self
            }

            /// Sets where moves may go ([`Moves`]): any digit, the givens'
            /// candidates (the default), or the candidates left after
            /// propagation (the hybrid, registered with `-hybrid` after
            /// the name).
            #[must_use]
            pub fn with_moves(mut self, moves: Moves) -> $search {
                self.settings.moves = moves;
                self
            }

            /// Starts over from a new random start at most `restarts`
            /// times after a run ends without a solution.
            #[must_use]
            pub fn with_restarts(mut self, restarts: u64) -> $search {
                self.settings.restarts = restarts;
                self
            }

            #[doc = concat!("Calls `callback` with a progress sample every `every` ", $unit, ", and")]
            /// once when the solve ends, on every solve. The callback stays
            /// with the solver, so it is `Send` and `'static`; to collect
            /// samples into a local variable, use `solve_observed`.
            #[must_use]
            pub fn with_observer(mut self, every: u64, callback: impl FnMut(&$sample) + Send + 'static) -> $search {
                self.observer = Some(Stored::new(every, Box::new(callback)));
                self
            }

            #[doc = concat!("Solves `puzzle` within `budget`, calling `callback` every `every` ", $unit)]
            /// and once at the end. The callback is only borrowed for the
            /// call: it may push into a local `Vec`.
            ///
            /// # Errors
            /// As [`Solver::solve_with`](sudokit_core::Solver::solve_with).
            pub fn solve_observed(
                &self,
                puzzle: &Grid,
                budget: &Budget,
                every: u64,
                mut callback: impl FnMut(&$sample),
            ) -> Result<Solution, SolveError> {
                let variant = sudokit_core::Variant::standard(puzzle.shape());
                crate::driver::solve(self, puzzle, &variant, budget, Some(Observer::new(every, &mut callback)))
            }
        }
    };
}

pub(crate) use shared_settings;
