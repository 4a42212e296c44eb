//! The comparison harness: race solvers on puzzle sets with a time limit.
//!
//! Each solver runs the levels in order. On each level it gets every puzzle
//! with the per-puzzle time limit; like the course's `TestSolvers`, the
//! first failure (an error, a time-out, or an answer that does not pass
//! [`Grid::is_solution_of`]) disqualifies it from that level and skips its
//! remaining puzzles there. Solvers run in parallel on worker threads, one
//! solver per thread at a time.
//!
//! ```
//! use std::time::Duration;
//! use sudokit::compare::{Harness, Level, Status};
//! use sudokit::registry;
//!
//! let level = Level::new("demo", vec!["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?]);
//! let report = Harness::new()
//!     .time_limit(Duration::from_secs(3))
//!     .run(vec![registry::create("backtracking-mrv")?], &[level]);
//! let row = &report.results()[0];
//! assert_eq!((row.solved, row.total, row.status), (1, 1, Status::Qualified));
//! println!("{report}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::VecDeque;
use std::fmt::{self, Write as _};
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sudokit_core::{Budget, Grid, SolveError, Solver, Stats};
use sudokit_grid::io::{self, ReadError};

/// A named list of puzzles: one row of the report per solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level's name.
    pub name: String,
    /// Its puzzles.
    pub puzzles: Vec<Grid>,
}

impl Level {
    /// A level from puzzles.
    pub fn new(name: impl Into<String>, puzzles: Vec<Grid>) -> Level {
        Level { name: name.into(), puzzles }
    }

    /// The puzzles of a file, the level named after the file's stem.
    ///
    /// # Errors
    /// The [`ReadError`] of the first record that cannot be read.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Level, ReadError> {
        let path = path.as_ref();
        let name = path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        Ok(Level::new(name, io::read_puzzles(path)?))
    }
}

/// Whether a solver got through a whole level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Every puzzle solved within the limit.
    Qualified,
    /// A puzzle failed: the rest of the level was skipped.
    Disqualified,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Qualified => "qualified",
            Status::Disqualified => "disqualified",
        })
    }
}

/// The first failure of a solver on a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// 0-based index of the puzzle in the level.
    pub puzzle: usize,
    /// What happened: the solver's error, or why its answer was rejected.
    pub reason: String,
}

/// One solver on one level.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LevelResult {
    /// The solver's name.
    pub solver: String,
    /// The level's name.
    pub level: String,
    /// Puzzles solved with a correct answer.
    pub solved: usize,
    /// Puzzles attempted (the rest were skipped after a failure).
    pub attempted: usize,
    /// Puzzles in the level.
    pub total: usize,
    /// Wall time over the attempted puzzles.
    pub total_time: Duration,
    /// Median wall time per attempted puzzle.
    pub median_time: Duration,
    /// Mean [`Stats::nodes`] over the solved puzzles.
    pub mean_nodes: f64,
    /// Mean [`Stats::backtracks`] over the solved puzzles.
    pub mean_backtracks: f64,
    /// Qualified or disqualified.
    pub status: Status,
    /// The failure that disqualified the solver, if any.
    pub failure: Option<Failure>,
}

/// What the harness reports while it runs.
#[derive(Debug)]
#[non_exhaustive]
pub enum Event<'a> {
    /// A solver finished one puzzle.
    Puzzle {
        /// The solver.
        solver: &'a str,
        /// The level.
        level: &'a str,
        /// Puzzles done so far on this level.
        done: usize,
        /// Puzzles in the level.
        total: usize,
    },
    /// A solver finished (or was disqualified from) a level.
    Level(&'a LevelResult),
}

/// Runs solvers over levels with a per-puzzle time limit.
#[derive(Clone, Debug)]
pub struct Harness {
    time_limit: Duration,
    threads: usize,
}

impl Default for Harness {
    fn default() -> Self {
        Harness::new()
    }
}

impl Harness {
    /// The course's settings: 3 s per puzzle, on every core.
    pub fn new() -> Harness {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        Harness { time_limit: Duration::from_secs(3), threads }
    }

    /// Sets the time limit per puzzle.
    #[must_use]
    pub fn time_limit(mut self, limit: Duration) -> Harness {
        self.time_limit = limit;
        self
    }

    /// Sets the number of worker threads (at least 1).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Harness {
        self.threads = threads.max(1);
        self
    }

    /// Races `solvers` over `levels`.
    pub fn run(&self, solvers: Vec<Box<dyn Solver>>, levels: &[Level]) -> Report {
        self.run_with_progress(solvers, levels, &|_| {})
    }

    /// Races `solvers` over `levels`, calling `progress` (from the worker
    /// threads) as puzzles and levels finish.
    pub fn run_with_progress(
        &self,
        solvers: Vec<Box<dyn Solver>>,
        levels: &[Level],
        progress: &(dyn Fn(Event<'_>) + Sync),
    ) -> Report {
        let count = solvers.len();
        let queue = Mutex::new(solvers.into_iter().enumerate().collect::<VecDeque<_>>());
        let done: Mutex<Vec<(usize, Vec<LevelResult>)>> = Mutex::new(Vec::with_capacity(count));
        std::thread::scope(|scope| {
            for _ in 0..self.threads.min(count) {
                scope.spawn(|| {
                    loop {
                        let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front();
                        let Some((index, mut solver)) = next else { break };
                        let rows: Vec<LevelResult> =
                            levels.iter().map(|level| self.run_level(solver.as_mut(), level, progress)).collect();
                        done.lock().unwrap_or_else(|e| e.into_inner()).push((index, rows));
                    }
                });
            }
        });
        let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
        done.sort_by_key(|(index, _)| *index);
        Report { results: done.into_iter().flat_map(|(_, rows)| rows).collect() }
    }

    fn run_level(&self, solver: &mut dyn Solver, level: &Level, progress: &(dyn Fn(Event<'_>) + Sync)) -> LevelResult {
        let name = solver.name().to_owned();
        let mut times = Vec::with_capacity(level.puzzles.len());
        let mut work = Stats::default();
        let mut solved = 0;
        let mut failure = None;
        for (index, puzzle) in level.puzzles.iter().enumerate() {
            let budget = Budget::unlimited().with_time_limit(self.time_limit);
            let start = Instant::now();
            let outcome = solver.solve_with(puzzle, &budget);
            times.push(start.elapsed());
            let reason = match outcome {
                Ok(solution) if solution.grid.is_solution_of(puzzle) => {
                    solved += 1;
                    work.nodes += solution.stats.nodes;
                    work.backtracks += solution.stats.backtracks;
                    None
                }
                Ok(solution) => Some(format!("wrong answer {}", solution.grid)),
                Err(SolveError::BudgetExhausted { .. }) => {
                    Some(format!("timed out after {:.1} s", self.time_limit.as_secs_f64()))
                }
                Err(e) => Some(e.to_string()),
            };
            progress(Event::Puzzle { solver: &name, level: &level.name, done: index + 1, total: level.puzzles.len() });
            if let Some(reason) = reason {
                failure = Some(Failure { puzzle: index, reason });
                break;
            }
        }
        let attempted = times.len();
        let total_time = times.iter().sum();
        times.sort_unstable();
        let median_time = median(&times);
        let per_solved = |n: u64| if solved == 0 { 0.0 } else { n as f64 / solved as f64 };
        let result = LevelResult {
            solver: name,
            level: level.name.clone(),
            solved,
            attempted,
            total: level.puzzles.len(),
            total_time,
            median_time,
            mean_nodes: per_solved(work.nodes),
            mean_backtracks: per_solved(work.backtracks),
            status: if failure.is_none() { Status::Qualified } else { Status::Disqualified },
            failure,
        };
        progress(Event::Level(&result));
        result
    }
}

fn median(sorted: &[Duration]) -> Duration {
    match sorted.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

/// The results of a [`Harness`] run, one row per solver and level.
///
/// `Display` prints the aligned table; [`Report::to_csv`] and
/// [`Report::to_json`] give machine-readable forms.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    results: Vec<LevelResult>,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

impl Report {
    /// The rows, solvers in the order given, levels in order.
    pub fn results(&self) -> &[LevelResult] {
        &self.results
    }

    /// CSV with the header
    /// `solver,level,solved,total,total_ms,median_ms,mean_nodes,status`.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("solver,level,solved,total,total_ms,median_ms,mean_nodes,status\n");
        for r in &self.results {
            let _ = writeln!(
                out,
                "{},{},{},{},{:.3},{:.3},{:.1},{}",
                csv_field(&r.solver),
                csv_field(&r.level),
                r.solved,
                r.total,
                ms(r.total_time),
                ms(r.median_time),
                r.mean_nodes,
                r.status
            );
        }
        out
    }

    /// A JSON array with one object per row (the CSV fields, plus
    /// `attempted`, `mean_backtracks` and `failure`).
    pub fn to_json(&self) -> String {
        let mut out = String::from("[\n");
        for (i, r) in self.results.iter().enumerate() {
            let failure = match &r.failure {
                Some(f) => format!("{{\"puzzle\": {}, \"reason\": {}}}", f.puzzle, json_string(&f.reason)),
                None => "null".to_owned(),
            };
            let _ = writeln!(
                out,
                "  {{\"solver\": {}, \"level\": {}, \"solved\": {}, \"attempted\": {}, \"total\": {}, \
                 \"total_ms\": {:.3}, \"median_ms\": {:.3}, \"mean_nodes\": {:.1}, \"mean_backtracks\": {:.1}, \
                 \"status\": \"{}\", \"failure\": {}}}{}",
                json_string(&r.solver),
                json_string(&r.level),
                r.solved,
                r.attempted,
                r.total,
                ms(r.total_time),
                ms(r.median_time),
                r.mean_nodes,
                r.mean_backtracks,
                r.status,
                failure,
                if i + 1 < self.results.len() { "," } else { "" }
            );
        }
        out.push_str("]\n");
        out
    }
}

impl fmt::Display for Report {
    /// The aligned table, and under it the reason of each disqualification.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let header = ["solver", "level", "solved", "total ms", "median ms", "mean nodes", "mean backtracks", "status"];
        let rows: Vec<[String; 8]> = self
            .results
            .iter()
            .map(|r| {
                [
                    r.solver.clone(),
                    r.level.clone(),
                    format!("{}/{}", r.solved, r.total),
                    format!("{:.1}", ms(r.total_time)),
                    format!("{:.3}", ms(r.median_time)),
                    format!("{:.0}", r.mean_nodes),
                    format!("{:.0}", r.mean_backtracks),
                    r.status.to_string(),
                ]
            })
            .collect();
        let mut widths = header.map(str::len);
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.len());
            }
        }
        let line = |f: &mut fmt::Formatter<'_>, cells: [&str; 8]| -> fmt::Result {
            for (k, (cell, w)) in cells.iter().zip(widths).enumerate() {
                let sep = if k == 0 { "" } else { "  " };
                // Text columns align left, numbers right.
                match k {
                    7 => write!(f, "{sep}{cell}")?,
                    0 | 1 => write!(f, "{sep}{cell:<w$}")?,
                    _ => write!(f, "{sep}{cell:>w$}")?,
                }
            }
            writeln!(f)
        };
        line(f, header)?;
        line(f, widths.map(|w| "-".repeat(w)).each_ref().map(String::as_str))?;
        for row in &rows {
            line(f, row.each_ref().map(String::as_str))?;
        }
        for r in self.results.iter().filter(|r| r.failure.is_some()) {
            if let Some(fail) = &r.failure {
                writeln!(f, "{} on {}: puzzle {}: {}", r.solver, r.level, fail.puzzle + 1, fail.reason)?;
            }
        }
        Ok(())
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_owned() }
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::{Budget, Solution};
    use sudokit_testkit::sets;

    /// Returns a fixed grid whatever the puzzle: wrong for all but one.
    struct Liar(Grid);

    impl Solver for Liar {
        fn name(&self) -> &str {
            "liar"
        }
        fn solve_with(&mut self, _: &Grid, _: &Budget) -> Result<Solution, SolveError> {
            Ok(Solution::new(self.0.clone(), Stats::default()))
        }
    }

    /// Never finishes within the budget.
    struct Sleeper;

    impl Solver for Sleeper {
        fn name(&self) -> &str {
            "sleeper"
        }
        fn solve_with(&mut self, _: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
            let mut tally = sudokit_core::SearchTally::new(budget, 1);
            loop {
                if let Err(reason) = tally.check() {
                    return Err(tally.exhausted(reason, None));
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }

    fn levels() -> Vec<Level> {
        vec![Level::new("easy", sets::EASY.take(6)), Level::new("medium", sets::MEDIUM.take(3))]
    }

    #[test]
    fn wrong_answers_and_timeouts_disqualify_and_skip_the_rest() {
        let solutions = crate::registry::create("backtracking-mrv").unwrap().solve(&sets::EASY.take(1)[0]).unwrap();
        let solvers: Vec<Box<dyn Solver>> = vec![
            crate::registry::create("backtracking-mrv").unwrap(),
            Box::new(Liar(solutions.grid)),
            Box::new(Sleeper),
        ];
        let report = Harness::new().time_limit(Duration::from_millis(20)).threads(2).run(solvers, &levels());
        let rows = report.results();
        assert_eq!(rows.len(), 6);
        let names: Vec<(&str, &str)> = rows.iter().map(|r| (r.solver.as_str(), r.level.as_str())).collect();
        assert_eq!(
            names,
            [
                ("backtracking-mrv", "easy"),
                ("backtracking-mrv", "medium"),
                ("liar", "easy"),
                ("liar", "medium"),
                ("sleeper", "easy"),
                ("sleeper", "medium")
            ]
        );
        assert!(rows[..2].iter().all(|r| r.status == Status::Qualified && r.solved == r.total));
        // The liar's grid solves the first easy puzzle only.
        assert_eq!((rows[2].solved, rows[2].attempted, rows[2].status), (1, 2, Status::Disqualified));
        assert!(rows[2].failure.as_ref().unwrap().reason.starts_with("wrong answer"));
        assert_eq!((rows[3].solved, rows[3].attempted), (0, 1));
        assert_eq!((rows[4].solved, rows[4].attempted), (0, 1));
        assert!(rows[4].failure.as_ref().unwrap().reason.starts_with("timed out"));
    }

    #[test]
    fn outputs_have_one_row_per_result() {
        let report = Harness::new().run(vec![crate::registry::create("backtracking").unwrap()], &levels());
        let csv = report.to_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "solver,level,solved,total,total_ms,median_ms,mean_nodes,status");
        assert_eq!(lines.len(), 3);
        assert!(lines[1].starts_with("backtracking,easy,6,6,") && lines[1].ends_with(",qualified"), "{}", lines[1]);
        let table = report.to_string();
        assert_eq!(table.lines().count(), 4, "{table}");
        assert!(table.lines().nth(2).unwrap().contains("6/6"));
        let json = report.to_json();
        assert_eq!(json.matches("\"solver\": \"backtracking\"").count(), 2);
        assert!(json.contains("\"failure\": null"));
    }

    #[test]
    fn escaping() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(json_string("a\"b\\\n\u{1}"), "\"a\\\"b\\\\\\n\\u0001\"");
        assert_eq!(median(&[Duration::from_millis(1), Duration::from_millis(3)]), Duration::from_millis(2));
    }
}
