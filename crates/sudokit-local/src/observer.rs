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

/// A callback with its rate: called every `every` ticks.
pub(crate) struct Observer<S> {
    every: u64,
    countdown: u64,
    callback: Box<dyn FnMut(&S) + Send>,
}

impl<S> Observer<S> {
    pub(crate) fn new(every: u64, callback: Box<dyn FnMut(&S) + Send>) -> Observer<S> {
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

impl<S> fmt::Debug for Observer<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Observer").field("every", &self.every).finish_non_exhaustive()
    }
}
