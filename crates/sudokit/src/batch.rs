//! Solving many puzzles at once, in parallel, with results in input order.
//!
//! A [`Batch`] holds a way to make a solver (solvers take `&mut self`, so
//! each worker thread gets its own), a per-puzzle time limit and a thread
//! count. It solves a slice ([`solve_all`](Batch::solve_all)), any iterator
//! of grids lazily and in order ([`solve_iter`](Batch::solve_iter)), or a
//! whole puzzle stream to a writer, line by line, in bounded memory
//! ([`solve_stream`](Batch::solve_stream)).
//!
//! With the default `rayon` feature the work is spread over a thread pool;
//! without it, puzzles are solved one after the other with the same API and
//! results.
//!
//! ```
//! use sudokit::batch::Batch;
//! use sudokit::{FastSolver, Grid};
//!
//! let puzzles: Vec<Grid> = [
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
//! ]
//! .iter()
//! .map(|line| line.parse())
//! .collect::<Result<_, _>>()?;
//! let results = Batch::new(FastSolver::new).threads(2).solve_all(&puzzles);
//! for (puzzle, result) in puzzles.iter().zip(&results) {
//!     assert!(result.as_ref().is_ok_and(|s| s.grid.is_solution_of(puzzle)));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, BufRead, Write};
use std::time::Duration;

use sudokit_core::{Budget, CancelFlag, Grid, Solution, SolveError, Solver};
use sudokit_grid::io::{PuzzleReader, ReadError};

/// The result of one puzzle of a batch.
pub type BatchResult = Result<Solution, SolveError>;

/// Parallel solving of many puzzles with one kind of solver; see the
/// [module docs](self).
///
/// `make` builds a solver; it is called once per worker thread (or a little
/// more often: once per chunk of work a thread takes on).
#[derive(Clone, Debug)]
pub struct Batch<F> {
    make: F,
    time_limit: Option<Duration>,
    cancel: Option<CancelFlag>,
    threads: usize,
    chunk: usize,
    timed: bool,
}

/// How far a [`Batch::solve_stream`] run has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Records read and answered so far.
    pub done: u64,
    /// Of those, puzzles solved.
    pub solved: u64,
    /// Of those, records that could not be read or solved.
    pub failed: u64,
}

impl<F, S> Batch<F>
where
    F: Fn() -> S + Sync,
    S: Solver,
{
    /// A batch that solves with the solvers `make` builds, with no time
    /// limit, on every core.
    pub fn new(make: F) -> Batch<F> {
        Batch { make, time_limit: None, cancel: None, threads: 0, chunk: 4096, timed: true }
    }

    /// Gives each puzzle at most `limit`; a puzzle that takes longer gets
    /// [`SolveError::BudgetExhausted`].
    #[must_use]
    pub fn time_limit(mut self, limit: Duration) -> Batch<F> {
        self.time_limit = Some(limit);
        self
    }

    /// Stops the batch when `flag` is raised: puzzles not finished by then
    /// get [`SolveError::BudgetExhausted`].
    #[must_use]
    pub fn cancel_flag(mut self, flag: CancelFlag) -> Batch<F> {
        self.cancel = Some(flag);
        self
    }

    /// Does not time each solve: the [`Solution`]s of
    /// [`solve_all`](Batch::solve_all) and [`solve_iter`](Batch::solve_iter)
    /// then report a zero [`Stats::elapsed`](sudokit_core::Stats::elapsed),
    /// which saves two clock reads per puzzle (see
    /// [`Budget::without_timing`]). [`solve_stream`](Batch::solve_stream)
    /// never times its solves: its output has no room for the times.
    #[must_use]
    pub fn without_timing(mut self) -> Batch<F> {
        self.timed = false;
        self
    }

    /// Uses `threads` worker threads; 0 (the default) means one per core.
    /// Without the `rayon` feature, everything runs on the calling thread.
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Batch<F> {
        self.threads = threads;
        self
    }

    /// How many puzzles [`solve_iter`](Batch::solve_iter) and
    /// [`solve_stream`](Batch::solve_stream) hold in memory at a time
    /// (4096 by default, at least 1).
    #[must_use]
    pub fn chunk_size(mut self, puzzles: usize) -> Batch<F> {
        self.chunk = puzzles.max(1);
        self
    }

    /// The budget of one puzzle, its clock starting now.
    fn budget(&self, timed: bool) -> Budget {
        let mut budget = if timed { Budget::unlimited() } else { Budget::unlimited().without_timing() };
        if let Some(limit) = self.time_limit {
            budget = budget.with_time_limit(limit);
        }
        if let Some(flag) = &self.cancel {
            budget = budget.with_cancel_flag(flag.clone());
        }
        budget
    }

    fn solve_one(&self, solver: &mut S, puzzle: &Grid, timed: bool) -> BatchResult {
        solver.solve_with(puzzle, &self.budget(timed))
    }

    /// Solves every puzzle; the results are in the order of `puzzles`.
    pub fn solve_all(&self, puzzles: &[Grid]) -> Vec<BatchResult> {
        self.map(&self.workers(), puzzles, |solver, puzzle| self.solve_one(solver, puzzle, self.timed))
    }

    /// Solves the puzzles of `puzzles` lazily, a chunk at a time, yielding
    /// the results in input order: memory stays bounded by the chunk size
    /// whatever the length of the input.
    pub fn solve_iter<'a, I>(&'a self, puzzles: I) -> impl Iterator<Item = BatchResult> + 'a
    where
        I: IntoIterator<Item = Grid>,
        I::IntoIter: 'a,
    {
        let mut input = puzzles.into_iter();
        let mut chunk = Vec::with_capacity(self.chunk);
        let workers = self.workers();
        std::iter::from_fn(move || {
            chunk.clear();
            chunk.extend(input.by_ref().take(self.chunk));
            (!chunk.is_empty())
                .then(|| self.map(&workers, &chunk, |solver, puzzle| self.solve_one(solver, puzzle, self.timed)))
        })
        .flatten()
    }

    /// Reads puzzles from `input` (any format [`PuzzleReader`] reads), solves
    /// them a chunk at a time, and writes one line per record to `output`,
    /// in order: the solution on one line, or `error: <reason>` for a record
    /// that cannot be read or solved. `progress` is called after each chunk.
    ///
    /// # Errors
    /// An I/O error from reading `input` or writing `output`; malformed
    /// records are reported in the output and do not stop the run.
    pub fn solve_stream<R, W>(
        &self,
        input: R,
        mut output: W,
        mut progress: impl FnMut(Progress),
    ) -> io::Result<Progress>
    where
        R: BufRead,
        W: Write,
    {
        let mut reader = PuzzleReader::new(input);
        let workers = self.workers();
        let mut state = Progress::default();
        let mut chunk: Vec<Result<Grid, ReadError>> = Vec::with_capacity(self.chunk);
        loop {
            chunk.clear();
            for record in reader.by_ref().take(self.chunk) {
                match record {
                    Err(ReadError::Io { source, .. }) => return Err(source),
                    other => chunk.push(other),
                }
            }
            if chunk.is_empty() {
                output.flush()?;
                return Ok(state);
            }
            let results = self.map(&workers, &chunk, |solver, record| match record {
                Ok(puzzle) => self.solve_one(solver, puzzle, false).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            });
            for result in results {
                state.done += 1;
                match result {
                    Ok(solution) => {
                        state.solved += 1;
                        writeln!(output, "{}", solution.grid)?;
                    }
                    Err(reason) => {
                        state.failed += 1;
                        writeln!(output, "error: {reason}")?;
                    }
                }
            }
            progress(state);
        }
    }

    /// The thread pool for one call, when a thread count is set.
    fn workers(&self) -> Workers {
        #[cfg(feature = "rayon")]
        {
            // Without a pool (none asked for, or none could be started),
            // rayon's global pool does the work.
            let pool = (self.threads > 0)
                .then(|| rayon::ThreadPoolBuilder::new().num_threads(self.threads).build().ok())
                .flatten();
            Workers { pool }
        }
        #[cfg(not(feature = "rayon"))]
        Workers {}
    }

    /// `f` over `items` with a solver per worker, results in order.
    #[cfg(feature = "rayon")]
    fn map<T, U>(&self, workers: &Workers, items: &[T], f: impl Fn(&mut S, &T) -> U + Sync) -> Vec<U>
    where
        T: Sync,
        U: Send,
    {
        use rayon::prelude::*;
        let run = || items.par_iter().map_init(&self.make, |solver, item| f(solver, item)).collect();
        match &workers.pool {
            Some(pool) => pool.install(run),
            None => run(),
        }
    }

    /// `f` over `items` with one solver, on the calling thread.
    #[cfg(not(feature = "rayon"))]
    fn map<T, U>(&self, _: &Workers, items: &[T], f: impl Fn(&mut S, &T) -> U + Sync) -> Vec<U> {
        self.map_sequential(items, f)
    }

    #[cfg(not(feature = "rayon"))]
    fn map_sequential<T, U>(&self, items: &[T], f: impl Fn(&mut S, &T) -> U) -> Vec<U> {
        let mut solver = (self.make)();
        items.iter().map(|item| f(&mut solver, item)).collect()
    }
}

/// The worker threads of one batch call.
#[derive(Debug)]
struct Workers {
    #[cfg(feature = "rayon")]
    pool: Option<rayon::ThreadPool>,
}
