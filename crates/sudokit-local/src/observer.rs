//! Progress samples for whoever watches a run: a callback called every so
//! many iterations (or generations), which costs a countdown when present
//! and nothing when absent.

use std::fmt;

/// A progress sample of [`Annealing`](crate::Annealing).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct AnnealingSample {
    /// Moves tried so far in the solve.
    pub iteration: u64,
    /// The current temperature.
    pub temperature: f64,
    /// The energy of the current assignment.
    pub energy: u32,
    /// The lowest energy reached in the solve.
    pub best_energy: u32,
    /// Restarts so far.
    pub restarts: u64,
    /// Reheats so far, over every run.
    pub reheats: u64,
}

/// A progress sample of [`Genetic`](crate::Genetic), taken after a
/// generation.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct GeneticSample {
    /// Generations so far in the solve, over every run.
    pub generation: u64,
    /// The lowest energy of the population.
    pub best_energy: u32,
    /// The mean energy of the population.
    pub mean_energy: f64,
    /// The lowest energy reached in the solve.
    pub best_ever: u32,
    /// Restarts so far.
    pub restarts: u64,
}

/// A callback kept by a solver (`with_observer`): it goes with the solver
/// through the registry and threads, so it is `Send` and `'static`.
pub(crate) struct Stored<S> {
    every: u64,
    callback: Box<dyn FnMut(&S) + Send>,
}

impl<S> Stored<S> {
    pub(crate) fn new(every: u64, callback: Box<dyn FnMut(&S) + Send>) -> Stored<S> {
        Stored { every, callback }
    }

    /// The observer of one solve, borrowing the callback.
    pub(crate) fn observer(&mut self) -> Observer<'_, S> {
        Observer::new(self.every, &mut *self.callback)
    }
}

impl<S> fmt::Debug for Stored<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Observer").field("every", &self.every).finish_non_exhaustive()
    }
}

/// The callback of one solve with its rate: called every `every` ticks.
/// It borrows the callback, so a closure may collect samples into a local
/// `Vec` (see `solve_observed`).
pub(crate) struct Observer<'a, S> {
    every: u64,
    countdown: u64,
    callback: &'a mut dyn FnMut(&S),
}

impl<'a, S> Observer<'a, S> {
    pub(crate) fn new(every: u64, callback: &'a mut dyn FnMut(&S)) -> Observer<'a, S> {
        let every = every.max(1);
        Observer { every, countdown: every, callback }
    }

    /// Counts one tick; calls back with `sample()` every `every` ticks.
    #[inline]
    pub(crate) fn tick(&mut self, sample: impl FnOnce() -> S) {
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = self.every;
            (self.callback)(&sample());
        }
    }

    /// Calls back now (for the last sample of a solve).
    pub(crate) fn emit(&mut self, sample: &S) {
        (self.callback)(sample);
    }
}
