//! Solving many puzzles at once, in parallel, with results in input order.
//!
//! A [`Batch`] holds a way to make a solver (solvers take `&mut self`, so
//! each worker thread gets its own), a per-puzzle time limit and a thread
//! count. It solves a slice ([`solve_all`](Batch::solve_all)), any iterator
//! of grids lazily and in order ([`solve_iter`](Batch::solve_iter)), or a
//! whole puzzle stream to a writer, line by line, in bounded memory
//! ([`solve_stream`](Batch::solve_stream)).
//!
//! The work is spread over scoped worker threads (the runner the
//! [`compare`](crate::compare) harness uses too); a solver that panics on a
//! puzzle gives [`SolveError::Panicked`] for that puzzle and the batch goes
//! on. The results are the same whatever the thread count.
//!
//! ```
//! use sudokit::batch::Batch;
//! use sudokit::{BitParallel, Grid};
//!
//! let puzzles: Vec<Grid> = [
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
//! ]
//! .iter()
//! .map(|line| line.parse())
//! .collect::<Result<_, _>>()?;
//! let results = Batch::new(BitParallel::new).with_threads(2).solve_all(&puzzles);
//! for (puzzle, result) in puzzles.iter().zip(&results) {
//!     assert!(result.as_ref().is_ok_and(|s| s.grid.is_solution_of(puzzle)));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, BufRead, Write};
use std::time::Duration;

use sudokit_core::{Budget, CancelFlag, Grid, Solution, SolveError, Solver};
use sudokit_grid::io::{PuzzleReader, ReadError};

use crate::parallel;

/// The result of one puzzle of a batch.
pub type BatchResult = Result<Solution, SolveError>;

/// Parallel solving of many puzzles with one kind of solver; see the
/// [module docs](self).
///
/// `make` builds a solver; it is called once per worker thread and call.
#[derive(Clone, Debug)]
pub struct Batch<F> {
    make: F,
    budget: Budget,
    threads: usize,
    chunk: usize,
    keyed: bool,
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
    /// Puzzles held in memory at a time by default.
    pub const DEFAULT_CHUNK: usize = 4096;

    /// A batch that solves with the solvers `make` builds, with no limit,
    /// on every core.
    pub fn new(make: F) -> Batch<F> {
        Batch { make, budget: Budget::unlimited(), threads: 0, chunk: Self::DEFAULT_CHUNK, keyed: false }
    }

    /// Gives each puzzle `budget`: a time limit counts per puzzle, and a
    /// cancel flag stops the whole batch. A puzzle that runs out gets
    /// [`SolveError::BudgetExhausted`].
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Batch<F> {
        self.budget = budget;
        self
    }

    /// Gives each puzzle at most `limit`; a puzzle that takes longer gets
    /// [`SolveError::BudgetExhausted`].
    #[must_use]
    pub fn with_time_limit(mut self, limit: Duration) -> Batch<F> {
        self.budget = self.budget.with_time_limit(limit);
        self
    }

    /// Stops the batch when `flag` is raised: puzzles not finished by then
    /// get [`SolveError::BudgetExhausted`].
    #[must_use]
    pub fn with_cancel_flag(mut self, flag: CancelFlag) -> Batch<F> {
        self.budget = self.budget.with_cancel_flag(flag);
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
        self.budget = self.budget.without_timing();
        self
    }

    /// Uses `threads` worker threads; 0 (the default) means one per core,
    /// 1 the calling thread alone; at most 256 (more are not started).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Batch<F> {
        self.threads = threads;
        self
    }

    /// The worker threads a run uses: the [setting](Batch::with_threads),
    /// one per core for 0, at most 256.
    ///
    /// ```
    /// use sudokit::batch::Batch;
    /// use sudokit::BitParallel;
    ///
    /// assert_eq!(Batch::new(BitParallel::new).with_threads(3).threads(), 3);
    /// assert!(Batch::new(BitParallel::new).threads() >= 1);
    /// ```
    pub fn threads(&self) -> usize {
        parallel::thread_count(self.threads)
    }

    /// How many puzzles [`solve_iter`](Batch::solve_iter) and
    /// [`solve_stream`](Batch::solve_stream) hold in memory at a time
    /// (4096 by default, at least 1; memory grows with the records read,
    /// not with the setting).
    #[must_use]
    pub fn with_chunk_size(mut self, puzzles: usize) -> Batch<F> {
        self.chunk = puzzles.max(1);
        self
    }

    /// Starts each line [`solve_stream`](Batch::solve_stream) writes with
    /// its record's key and a tab: the puzzle in the line form, or nothing
    /// for a record that cannot be read. Tools that split a file across
    /// machines (Hadoop streaming, Spark's `RDD.pipe`) read the text before
    /// the first tab as the key, and join results on it.
    ///
    /// ```
    /// use sudokit::batch::Batch;
    /// use sudokit::BacktrackingMrv;
    ///
    /// let input = "1...........3...\n";
    /// let mut output = Vec::new();
    /// Batch::new(BacktrackingMrv::new).with_keys().solve_stream(input.as_bytes(), &mut output, |_| {})?;
    /// let text = String::from_utf8(output)?;
    /// let (key, answer) = text.trim_end().split_once('\t').ok_or("a key")?;
    /// assert_eq!(key, "1...........3...");
    /// assert!(answer.parse::<sudokit::Grid>()?.is_solution_of(&key.parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_keys(mut self) -> Batch<F> {
        self.keyed = true;
        self
    }

    /// `f` over `items` with a solver per worker, results in order.
    fn map<T: Sync, U: Send>(&self, items: &[T], f: impl Fn(&mut S, &T) -> U + Sync) -> Vec<U> {
        parallel::map_in_order(items, self.threads, &self.make, f)
    }

    /// Solves every puzzle; the results are in the order of `puzzles`.
    pub fn solve_all(&self, puzzles: &[Grid]) -> Vec<BatchResult> {
        self.map(puzzles, |solver, puzzle| parallel::solve_caught(solver, puzzle, &self.budget))
    }

    /// Solves the puzzles of `puzzles` lazily, a chunk at a time, yielding
    /// the results in input order: memory stays bounded by the chunk size
    /// whatever the length of the input.
    pub fn solve_iter<'a, I>(&'a self, puzzles: I) -> impl Iterator<Item = BatchResult> + 'a
    where
        I: IntoIterator<Item = Grid>,
        I::IntoIter: 'a,
    {
        parallel::map_chunks_in_order(puzzles, self.chunk, self.threads, &self.make, |solver, puzzle| {
            parallel::solve_caught(solver, puzzle, &self.budget)
        })
    }

    /// Reads puzzles from `input` (a reader, or a [`PuzzleReader`] set up
    /// with its options: a shape, a path for the messages, mixed shapes),
    /// solves them a chunk at a time, and writes one line per record to
    /// `output`, in order: the solution on one line, or `error: <reason>`
    /// for a record that cannot be read or solved, naming the record's
    /// line in the input. `progress` is called after each chunk.
    ///
    /// ```
    /// use sudokit::batch::Batch;
    /// use sudokit::grid::io::PuzzleReader;
    /// use sudokit::{BacktrackingMrv, Shape};
    ///
    /// // 3×2 boxes, which a bare line of 36 cells would read as 2×3.
    /// let input = "12....34....56......................\n11..................................\n";
    /// let reader = PuzzleReader::new(input.as_bytes()).with_shape(Shape::new(3, 2)?);
    /// let mut output = Vec::new();
    /// let summary = Batch::new(BacktrackingMrv::new).solve_stream(reader, &mut output, |_| {})?;
    /// let text = String::from_utf8(output)?;
    /// let lines: Vec<&str> = text.lines().collect();
    /// assert_eq!((summary.solved, summary.failed), (1, 1));
    /// assert!(lines[1].starts_with("error: line 2: invalid puzzle"), "{}", lines[1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// An I/O error from reading `input` or writing `output`; malformed
    /// records are reported in the output and do not stop the run.
    pub fn solve_stream<R, W>(
        &self,
        input: impl Into<PuzzleReader<R>>,
        mut output: W,
        mut progress: impl FnMut(Progress),
    ) -> io::Result<Progress>
    where
        R: BufRead,
        W: Write,
    {
        let mut reader = input.into();
        let budget = self.budget.clone().without_timing();
        let mut state = Progress::default();
        let mut chunk: Vec<(usize, Result<Grid, ReadError>)> = Vec::with_capacity(self.chunk.min(Self::DEFAULT_CHUNK));
        loop {
            chunk.clear();
            while chunk.len() < self.chunk {
                match reader.next() {
                    None => break,
                    Some(Err(ReadError::Io { error, .. })) => return Err(error),
                    Some(other) => chunk.push((reader.last_line(), other)),
                }
            }
            if chunk.is_empty() {
                output.flush()?;
                return Ok(state);
            }
            let results = self.map(&chunk, |solver, (line, record)| match record {
                Ok(puzzle) => parallel::solve_caught(solver, puzzle, &budget).map_err(|e| format!("line {line}: {e}")),
                // A read error names its line and column already.
                Err(e) => Err(e.to_string()),
            });
            for ((_, record), result) in chunk.iter().zip(results) {
                state.done += 1;
                if self.keyed {
                    if let Ok(puzzle) = record {
                        write!(output, "{puzzle}")?;
                    }
                    write!(output, "\t")?;
                }
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
}
