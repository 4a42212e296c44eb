//! The comparison harness: race solvers on puzzle sets with a time limit.
//!
//! Each solver runs the sets in order. On each set it gets every puzzle
//! with the per-puzzle time limit; like the course's `TestSolvers`, the
//! first failure (an error, a time-out, a panic, or an answer that does not
//! pass [`Grid::is_solution_of`]) disqualifies it from that set and skips
//! its remaining puzzles there — unless the harness is told to
//! [keep going](Harness::with_keep_going), as local search is judged by its
//! success rate. Solvers run in parallel on worker threads, one solver per
//! thread at a time; a solver that panics fails that puzzle and the others
//! go on.
//!
//! Puzzles carry their rules ([`PuzzleSet::from_file`] reads a file's
//! `rules:` lines and `;RULES` suffixes): a solver that does not take the
//! rules of a set's puzzles ([`Solver::supports`]) sits the set out, its
//! row [`Status::Unsupported`].
//!
//! The harness borrows the solvers, so they may borrow data themselves and
//! come back to the caller afterwards (with their statistics, for
//! instance), and solvers of your own race beside the registered ones:
//!
//! ```
//! use std::time::Duration;
//! use sudokit::compare::{Harness, PuzzleSet, Status};
//! use sudokit::{registry, Solver};
//!
//! let set = PuzzleSet::new("demo", vec!["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?]);
//! let mut solvers: Vec<Box<dyn Solver>> = vec![registry::create("backtracking-mrv")?, Box::new(sudokit::Dlx::new())];
//! let report = Harness::new().with_time_limit(Duration::from_secs(3)).run(&mut solvers, &[set]);
//! let row = &report.results()[0];
//! assert_eq!((row.solved, row.total, row.status), (1, 1, Status::Qualified));
//! println!("{report}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod report;

use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use sudokit_core::Puzzle;
use sudokit_core::clock::Instant;
use sudokit_core::{Budget, Grid, SolveError, Solver, Stats, StopReason};
use sudokit_grid::io::{PuzzleReader, ReadError};

pub use report::{Failure, Report, SetResult, Status};

use crate::parallel;

/// A named list of puzzles, such as one of the course's levels (easy,
/// medium, hard): one row of the report per solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    /// The set's name.
    pub name: String,
    /// Its puzzles, each with its rules.
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// A set of puzzles under the standard rules.
    pub fn new(name: impl Into<String>, puzzles: Vec<Grid>) -> PuzzleSet {
        PuzzleSet::with_rules(name, puzzles.into_iter().map(Puzzle::from).collect())
    }

    /// A set of puzzles, each under its own rules (a jigsaw set has a map
    /// per puzzle).
    ///
    /// ```
    /// use sudokit::compare::{Harness, PuzzleSet, Status};
    /// use sudokit::Puzzle;
    /// use sudokit::{registry, Shape, Variant};
    ///
    /// let x = Variant::standard(Shape::MINI).with_diagonals();
    /// let set = PuzzleSet::with_rules("x", vec![Puzzle::new("1...........3...".parse()?, x)?]);
    /// let mut solvers = [registry::create("dlx")?, registry::create("dlx-rs")?];
    /// let report = Harness::new().run(&mut solvers, &[set]);
    /// let statuses: Vec<Status> = report.results().iter().map(|row| row.status).collect();
    /// assert_eq!(statuses, [Status::Qualified, Status::Unsupported]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_rules(name: impl Into<String>, puzzles: Vec<Puzzle>) -> PuzzleSet {
        PuzzleSet { name: name.into(), puzzles }
    }

    /// The puzzles of a file with their rules (a `rules:` line, a `;RULES`
    /// suffix), the set named after the file's stem.
    ///
    /// # Errors
    /// The [`ReadError`] of the first record that cannot be read.
    pub fn from_file(path: impl AsRef<Path>) -> Result<PuzzleSet, ReadError> {
        let path = path.as_ref();
        let name = path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        let puzzles = PuzzleReader::open(path)?.with_rules().collect::<Result<_, _>>()?;
        Ok(PuzzleSet::with_rules(name, puzzles))
    }
}

/// What the harness reports while it runs.
#[derive(Debug)]
#[non_exhaustive]
pub enum Event<'a> {
    /// A solver finished one puzzle.
    Puzzle {
        /// The solver.
        solver: &'a str,
        /// The set.
        set: &'a str,
        /// Puzzles done so far on this set.
        done: usize,
        /// Puzzles in the set.
        total: usize,
    },
    /// A solver finished (or was disqualified from) a set.
    SetDone(&'a SetResult),
}

/// Runs solvers over sets with a per-puzzle budget.
#[derive(Clone, Debug)]
pub struct Harness {
    budget: Budget,
    threads: usize,
    keep_going: bool,
}

impl Default for Harness {
    fn default() -> Self {
        Harness::new()
    }
}

impl Harness {
    /// The course's settings: 3 s per puzzle, on every core, a set ends at
    /// its first failure.
    pub fn new() -> Harness {
        Harness { budget: Budget::unlimited().with_time_limit(Duration::from_secs(3)), threads: 0, keep_going: false }
    }

    /// Sets the time limit per puzzle.
    #[must_use]
    pub fn with_time_limit(mut self, limit: Duration) -> Harness {
        self.budget = self.budget.with_time_limit(limit);
        self
    }

    /// Gives each puzzle `budget` (a time limit counts per puzzle; node
    /// caps, iteration caps and a cancel flag apply too), instead of the
    /// time limit alone.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Harness {
        self.budget = budget;
        self
    }

    /// Sets the number of worker threads; 0 (the default) means one per
    /// core.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Harness {
        self.threads = threads;
        self
    }

    /// Tries every puzzle of a set even after a failure, so that
    /// [`SetResult::solved`] is a success count over the whole set (for
    /// methods judged by their rate, such as local search). The row is still
    /// [`Status::Disqualified`] and names its first failure.
    #[must_use]
    pub fn with_keep_going(mut self) -> Harness {
        self.keep_going = true;
        self
    }

    /// Races `solvers` over `sets`. The solvers are borrowed: any
    /// [`Solver`] works, boxed (`Box<dyn Solver + 'a>`, which may borrow
    /// data), by reference (`&mut dyn Solver`) or a slice of one type.
    pub fn run<S: Solver>(&self, solvers: &mut [S], sets: &[PuzzleSet]) -> Report {
        self.run_with_progress(solvers, sets, &|_| {})
    }

    /// [`run`](Harness::run), calling `progress` (from the worker threads)
    /// as puzzles and sets finish.
    pub fn run_with_progress<S: Solver>(
        &self,
        solvers: &mut [S],
        sets: &[PuzzleSet],
        progress: &(dyn Fn(Event<'_>) + Sync),
    ) -> Report {
        let slots: Vec<Mutex<&mut S>> = solvers.iter_mut().map(Mutex::new).collect();
        let rows = parallel::map_in_order(
            &slots,
            self.threads,
            || (),
            |_, slot| {
                let mut solver = slot.lock().unwrap_or_else(|e| e.into_inner());
                sets.iter().map(|set| self.run_level(&mut **solver, set, progress)).collect::<Vec<_>>()
            },
        );
        Report::new(rows.into_iter().flatten().collect())
    }

    fn run_level<S: Solver>(
        &self,
        solver: &mut S,
        set: &PuzzleSet,
        progress: &(dyn Fn(Event<'_>) + Sync),
    ) -> SetResult {
        let name = solver.name().to_owned();
        if let Some(result) = Self::unsupported(solver, &name, set) {
            progress(Event::SetDone(&result));
            return result;
        }
        let mut times = Vec::with_capacity(set.puzzles.len());
        let mut work = Stats::default();
        let mut solved = 0;
        let mut failure = None;
        for (index, puzzle) in set.puzzles.iter().enumerate() {
            let (grid, variant) = (puzzle.grid(), puzzle.variant());
            let start = Instant::now();
            let outcome = parallel::caught(|| solver.solve_puzzle_with(puzzle, &self.budget))
                .unwrap_or_else(|message| Err(SolveError::panicked(message)));
            times.push(start.elapsed());
            let reason = match outcome {
                Ok(solution) if variant.is_solution_of(&solution.grid, grid) => {
                    solved += 1;
                    work.nodes += solution.stats.nodes;
                    work.backtracks += solution.stats.backtracks;
                    work.iterations += solution.stats.iterations;
                    None
                }
                Ok(solution) => Some(format!("wrong answer {}", solution.grid)),
                Err(SolveError::BudgetExhausted { reason: StopReason::Deadline, .. }) => {
                    let limit = self.budget.time_limit().unwrap_or_default();
                    Some(format!("timed out after {limit:?}"))
                }
                Err(SolveError::BudgetExhausted { reason, .. }) => Some(format!("gave up: {reason}")),
                Err(e) => Some(e.to_string()),
            };
            progress(Event::Puzzle { solver: &name, set: &set.name, done: index + 1, total: set.puzzles.len() });
            if let Some(reason) = reason {
                failure.get_or_insert(Failure { puzzle: index, reason });
                if !self.keep_going {
                    break;
                }
            }
        }
        let attempted = times.len();
        let total_time = times.iter().sum();
        times.sort_unstable();
        // A local search counts iterations, never nodes.
        let counts_nodes = work.nodes > 0 || work.iterations == 0;
        let per_solved = |n: u64| counts_nodes.then(|| if solved == 0 { 0.0 } else { n as f64 / solved as f64 });
        let result = SetResult {
            solver: name,
            set: set.name.clone(),
            solved,
            attempted,
            total: set.puzzles.len(),
            total_time,
            median_time: median(&times),
            mean_nodes: per_solved(work.nodes),
            mean_backtracks: per_solved(work.backtracks),
            status: if failure.is_none() { Status::Qualified } else { Status::Disqualified },
            failure,
        };
        progress(Event::SetDone(&result));
        result
    }

    /// The row of a solver that does not take the rules of one of the
    /// set's puzzles, or `None` when it takes them all.
    fn unsupported<S: Solver>(solver: &S, name: &str, set: &PuzzleSet) -> Option<SetResult> {
        let known = solver.rule_kinds();
        let index = set.puzzles.iter().position(|p| !p.rules().kinds().is_subset(known))?;
        Some(SetResult {
            solver: name.to_owned(),
            set: set.name.clone(),
            solved: 0,
            attempted: 0,
            total: set.puzzles.len(),
            total_time: Duration::ZERO,
            median_time: Duration::ZERO,
            mean_nodes: None,
            mean_backtracks: None,
            status: Status::Unsupported,
            failure: Some(Failure {
                puzzle: index,
                reason: format!("does not know {}", set.puzzles[index].rules().kinds().difference(known)),
            }),
        })
    }
}

fn median(sorted: &[Duration]) -> Duration {
    match sorted.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::{Admitted, Solution};
    use sudokit_testkit::sets;

    /// Returns a fixed grid whatever the puzzle: wrong for all but one.
    struct Liar(Grid);

    impl Solver for Liar {
        fn name(&self) -> &str {
            "liar"
        }
        fn solve_admitted(&mut self, _: Admitted<'_>, _: &Budget) -> Result<Solution, SolveError> {
            Ok(Solution::new(self.0.clone(), Stats::default()))
        }
    }

    /// Never finishes within the budget.
    struct Sleeper;

    impl Solver for Sleeper {
        fn name(&self) -> &str {
            "sleeper"
        }
        fn solve_admitted(&mut self, _: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
            let mut tally = sudokit_core::SearchTally::new(budget, 1);
            loop {
                if let Err(reason) = tally.check() {
                    return Err(tally.exhausted(reason, None));
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }

    /// Panics on the second puzzle it is given, and counts its puzzles.
    struct Fragile<'a>(&'a mut usize);

    impl Solver for Fragile<'_> {
        fn name(&self) -> &str {
            "fragile"
        }
        fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
            let puzzle = puzzle.grid();
            *self.0 += 1;
            assert!(*self.0 != 2, "fragile breaks on its second puzzle");
            crate::registry::create("dlx").map_err(|_| SolveError::Unsolvable)?.solve_with(puzzle, budget)
        }
    }

    fn sets() -> Vec<PuzzleSet> {
        vec![PuzzleSet::new("easy", sets::EASY.take(6)), PuzzleSet::new("medium", sets::MEDIUM.take(3))]
    }

    #[test]
    fn wrong_answers_timeouts_and_panics_disqualify_and_skip_the_rest() {
        let first = sets::EASY.take(1).remove(0);
        let answer = crate::registry::create("backtracking-mrv").unwrap().solve(&first).unwrap().grid;
        let mut calls = 0;
        let mut solvers: Vec<Box<dyn Solver + '_>> = vec![
            crate::registry::create("backtracking-mrv").unwrap(),
            Box::new(Liar(answer)),
            Box::new(Sleeper),
            Box::new(Fragile(&mut calls)),
        ];
        // A limit far above what the honest solver needs on easy puzzles
        // (microseconds), so that a loaded machine cannot fail it; only the
        // sleeper reaches it.
        let report = Harness::new().with_time_limit(Duration::from_secs(1)).with_threads(2).run(&mut solvers, &sets());
        let rows = report.results();
        let names: Vec<(&str, &str)> = rows.iter().map(|r| (r.solver.as_str(), r.set.as_str())).collect();
        let expected: Vec<(&str, &str)> = ["backtracking-mrv", "liar", "sleeper", "fragile"]
            .into_iter()
            .flat_map(|solver| [(solver, "easy"), (solver, "medium")])
            .collect();
        assert_eq!(names, expected);
        assert!(rows[..2].iter().all(|r| r.status == Status::Qualified && r.solved == r.total));
        // The liar's grid solves the first easy puzzle only.
        assert_eq!((rows[2].solved, rows[2].attempted, rows[2].status), (1, 2, Status::Disqualified));
        assert!(rows[2].failure.as_ref().unwrap().reason.starts_with("wrong answer"));
        assert_eq!((rows[3].solved, rows[3].attempted), (0, 1));
        assert_eq!((rows[4].solved, rows[4].attempted), (0, 1));
        assert_eq!(rows[4].failure.as_ref().unwrap().reason, "timed out after 1s");
        // The panic fails one puzzle; the solver goes on to the next set.
        assert_eq!((rows[6].solved, rows[6].attempted, rows[6].status), (1, 2, Status::Disqualified));
        assert!(rows[6].failure.as_ref().unwrap().reason.contains("fragile breaks"), "{:?}", rows[6].failure);
        assert_eq!((rows[7].solved, rows[7].status), (3, Status::Qualified));
        drop(solvers);
        // The solvers came back, borrowed state and all.
        assert_eq!(calls, 2 + 3);
    }

    /// Answers with the solution and a local search's work: iterations,
    /// no node.
    struct Walker;

    impl Solver for Walker {
        fn name(&self) -> &str {
            "walker"
        }
        fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
            let puzzle = puzzle.grid();
            let grid =
                crate::registry::create("dlx").map_err(|_| SolveError::Unsolvable)?.solve_with(puzzle, budget)?.grid;
            let mut stats = Stats::default();
            stats.iterations = 500;
            Ok(Solution::new(grid, stats))
        }
    }

    #[test]
    fn nodes_are_not_counted_for_a_solver_that_counts_iterations() {
        let mut solvers: Vec<Box<dyn Solver>> = vec![Box::new(Walker), crate::registry::create("dlx").unwrap()];
        let report = Harness::new().run(&mut solvers, &sets()[..1]);
        let rows = report.results();
        assert_eq!((rows[0].mean_nodes, rows[0].mean_backtracks), (None, None));
        assert!(rows[1].mean_nodes.is_some_and(|n| n > 0.0), "{:?}", rows[1].mean_nodes);
    }

    #[test]
    fn keep_going_tries_every_puzzle_and_counts_successes() {
        let first = sets::EASY.take(1).remove(0);
        let answer = crate::registry::create("dlx").unwrap().solve(&first).unwrap().grid;
        let mut solvers = [Liar(answer)];
        let report = Harness::new().with_keep_going().run(&mut solvers, &sets()[..1]);
        let row = &report.results()[0];
        assert_eq!((row.solved, row.attempted, row.total, row.status), (1, 6, 6, Status::Disqualified));
        assert_eq!(row.failure.as_ref().map(|f| f.puzzle), Some(1));
    }

    #[test]
    fn one_row_per_solver_and_level_in_every_form() {
        let mut solvers = [crate::registry::create("backtracking").unwrap()];
        let report = Harness::new().run(&mut solvers, &sets());
        assert_eq!(report.to_csv().lines().count(), 3);
        assert!(report.to_csv().lines().nth(1).unwrap().starts_with("backtracking,easy,6,6,6,"));
        assert_eq!(report.to_string().lines().count(), 4);
        assert_eq!(report.to_json().matches("\"solver\": \"backtracking\"").count(), 2);
    }

    /// Claims every rule and answers a standard solution, X or not.
    struct Ignorer;

    impl Solver for Ignorer {
        fn name(&self) -> &str {
            "ignorer"
        }
        fn rule_kinds(&self) -> sudokit_core::RuleKinds {
            sudokit_core::RuleKinds::ALL
        }
        fn solve_with(&mut self, _: &Grid, _: &Budget) -> Result<Solution, SolveError> {
            // Rows 1234, 3412, 2143, 4321: a 4×4 solution whose main
            // diagonal holds 1, 4, 4, 1.
            Ok(Solution::new("1234341221434321".parse().map_err(|_| SolveError::Unsolvable)?, Stats::default()))
        }
        fn solve_admitted(&mut self, admitted: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
            let (puzzle, _) = (admitted.grid(), admitted.variant());
            self.solve_with(puzzle, budget)
        }
    }

    #[test]
    fn answers_are_checked_under_each_puzzle_s_rules() -> Result<(), Box<dyn std::error::Error>> {
        use sudokit_core::{Shape, Variant};
        let empty = Grid::empty(Shape::MINI);
        let standard = Puzzle::from(empty.clone());
        let jigsaw = Variant::standard(Shape::MINI).with_regions(&[1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4])?;
        let x = Puzzle::new(empty.clone(), Variant::standard(Shape::MINI).with_diagonals())?;
        let sets = [
            PuzzleSet::with_rules("standard", vec![standard]),
            PuzzleSet::with_rules("x", vec![x]),
            PuzzleSet::with_rules("jigsaw", vec![Puzzle::new(empty, jigsaw.with_diagonals())?]),
        ];
        let mut solvers: Vec<Box<dyn Solver>> = vec![Box::new(Ignorer), crate::registry::create("dlx-rs")?];
        let report = Harness::new().run(&mut solvers, &sets);
        let rows: Vec<(Status, usize, Option<String>)> = report
            .results()
            .iter()
            .map(|r| (r.status, r.attempted, r.failure.as_ref().map(|f| f.reason.clone())))
            .collect();
        let wrong = Some("wrong answer 1234341221434321".to_owned());
        assert_eq!(
            rows,
            [
                (Status::Qualified, 1, None),
                (Status::Disqualified, 1, wrong.clone()),
                (Status::Disqualified, 1, wrong),
                (Status::Qualified, 1, None),
                (Status::Unsupported, 0, Some("does not know diagonals".to_owned())),
                (Status::Unsupported, 0, Some("does not know jigsaw regions, diagonals".to_owned())),
            ]
        );
        Ok(())
    }

    #[test]
    fn median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&[Duration::from_millis(1), Duration::from_millis(3)]), Duration::from_millis(2));
        assert_eq!(median(&[]), Duration::ZERO);
    }
}
