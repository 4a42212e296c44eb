//! The conformance suite: the solver contract of `docs/design.md`, checked against
//! the [`oracle`](crate::oracle).

use std::time::Duration;

use sudokit_core::{Budget, CancelFlag, CountSolutions, Grid, Puzzle, Shape, SolveError, Solver, StopReason};

use crate::generate::{self, SHAPES};
use crate::{oracle, sets};

/// The contract checks every solver crate runs on its solvers.
///
/// ```no_run
/// use sudokit_testkit::Conformance;
/// # fn my_solver() -> Box<dyn sudokit_core::Solver> { unimplemented!() }
/// Conformance::exact().run(&mut my_solver());
/// ```
///
/// [`run`](Conformance::run) checks, and panics with a precise message on
/// the first violation:
/// * each puzzle of the chosen sets and a generated puzzle of each chosen
///   shape is solved: the answer is complete, valid and keeps the givens
///   (checked by the oracle);
/// * clashing givens give [`SolveError::InvalidPuzzle`] naming the clash;
/// * clash-free unsolvable puzzles give [`SolveError::Unsolvable`] (exact
///   solvers) or at least no grid (heuristics);
/// * the empty grid of each chosen shape is solved;
/// * a zero time limit gives [`SolveError::BudgetExhausted`] at once, and so
///   does a raised cancel flag;
/// * solving twice gives the same grid (determinism).
///
/// [`run_counter`](Conformance::run_counter) adds the counting checks.
#[derive(Clone, Debug)]
pub struct Conformance {
    exact: bool,
    budget: Budget,
    shapes: Vec<Shape>,
    sets: Vec<(sets::PuzzleSet, usize)>,
}

impl Conformance {
    /// The checks for an exact solver: everything must be solved, and
    /// unsolvable puzzles proved so. Shapes 4×4, 6×6, 9×9, 12×12 and 16×16;
    /// the whole easy and medium levels and the first 20 hard puzzles.
    pub fn exact() -> Conformance {
        Conformance {
            exact: true,
            budget: Budget::unlimited(),
            shapes: vec![Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::TWELVE, Shape::SIXTEEN],
            sets: vec![(sets::EASY, usize::MAX), (sets::MEDIUM, usize::MAX), (sets::HARD, 20)],
        }
    }

    /// The checks for an incomplete or randomised method (greedy, local
    /// search): a returned grid must be right, but failing to find one is
    /// allowed when reported as [`SolveError::Incomplete`] or
    /// [`SolveError::BudgetExhausted`].
    pub fn heuristic() -> Conformance {
        Conformance { exact: false, ..Conformance::exact() }
    }

    /// Gives each solve of the suite `budget` (unlimited by default): a
    /// heuristic that may run long on a puzzle it cannot solve needs a cap,
    /// and an iteration cap keeps the suite deterministic. The budget checks
    /// use their own budgets.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Conformance {
        self.budget = budget;
        self
    }

    /// Checks these shapes (generated puzzles and empty grids) instead.
    #[must_use]
    pub fn with_shapes(mut self, shapes: &[Shape]) -> Conformance {
        self.shapes = shapes.to_vec();
        self
    }

    /// Checks the first `n` puzzles of each level instead (a slow baseline
    /// needs fewer).
    #[must_use]
    pub fn with_puzzles_per_set(mut self, n: usize) -> Conformance {
        for (_, take) in &mut self.sets {
            *take = n;
        }
        self
    }

    /// Checks the first `n` puzzles of `set` as well.
    #[must_use]
    pub fn with_set(mut self, set: sets::PuzzleSet, n: usize) -> Conformance {
        self.sets.push((set, n));
        self
    }

    /// 9×9 puzzles with two solutions or more: generated with 17 givens,
    /// each checked so by the oracle.
    fn several_solutions() -> impl Iterator<Item = Grid> {
        (0..10).map(|seed| generate::puzzle(Shape::CLASSIC, 64, seed)).inspect(|puzzle| {
            assert_eq!(oracle::count_solutions(puzzle, 2), 2, "fixture {puzzle} has several solutions");
        })
    }

    /// Empty cells of the generated puzzle for `shape`: about half the grid,
    /// few enough for a plain backtracking to finish quickly.
    fn holes(shape: Shape) -> usize {
        shape.cell_count() * 45 / 100
    }

    /// Runs every check on `solver`.
    ///
    /// # Panics
    /// On the first violation of the contract, naming the solver, the
    /// puzzle and what went wrong.
    pub fn run(&self, solver: &mut dyn Solver) {
        let name = solver.name().to_owned();
        for (set, take) in &self.sets {
            for (k, puzzle) in set.take(*take).iter().enumerate() {
                self.expect_solved(solver, puzzle, &format!("{} #{}", set.name, k + 1));
            }
        }
        for &shape in &self.shapes {
            for seed in 0..3 {
                let puzzle = generate::puzzle(shape, Self::holes(shape), seed);
                self.expect_solved(solver, &puzzle, &format!("generated {shape} seed {seed}"));
            }
            self.expect_solved(solver, &Grid::empty(shape), &format!("empty {shape}"));
        }
        self.check_invalid(solver);
        for text in sets::UNSOLVABLE {
            let puzzle: Grid = text.parse().expect("fixture parses");
            match solver.solve_with(&puzzle, &self.budget) {
                Err(SolveError::Unsolvable) => {}
                Err(SolveError::Incomplete { .. } | SolveError::BudgetExhausted { .. }) if !self.exact => {}
                other => panic!("{name}: unsolvable puzzle {puzzle}: expected Unsolvable, got {other:?}"),
            }
        }
        let hard = sets::HARD.take(1).remove(0);
        let zero = Budget::unlimited().with_time_limit(Duration::ZERO);
        match solver.solve_with(&hard, &zero) {
            Err(SolveError::BudgetExhausted { reason: StopReason::Deadline, .. }) => {}
            other => panic!("{name}: zero time limit: expected BudgetExhausted(Deadline), got {other:?}"),
        }
        let flag = CancelFlag::new();
        flag.cancel();
        match solver.solve_with(&hard, &Budget::unlimited().with_cancel_flag(flag)) {
            Err(SolveError::BudgetExhausted { reason: StopReason::Cancelled, .. }) => {}
            other => panic!("{name}: raised cancel flag: expected BudgetExhausted(Cancelled), got {other:?}"),
        }
        let puzzle = sets::EASY.take(1).remove(0);
        // Grids must match; errors only in kind (their stats carry timings).
        let first = solver.solve_with(&puzzle, &self.budget).map(|s| s.grid).map_err(|e| std::mem::discriminant(&e));
        let second = solver.solve_with(&puzzle, &self.budget).map(|s| s.grid).map_err(|e| std::mem::discriminant(&e));
        assert_eq!(first, second, "{name}: two solves of one puzzle differ");
    }

    /// Runs [`run`](Conformance::run), then the counting checks: proper
    /// puzzles count 1, serg's multi-solution puzzles 2 when counting to 2,
    /// unsolvable puzzles 0, a limit of 0 gives 0, clashing givens an error,
    /// and small generated puzzles match the oracle's count.
    ///
    /// # Panics
    /// On the first violation.
    pub fn run_counter<S: CountSolutions>(&self, solver: &mut S) {
        self.run(solver);
        let name = solver.name().to_owned();
        let count = |solver: &mut S, puzzle: &Grid, limit: u64| {
            solver
                .count_solutions(puzzle, limit)
                .unwrap_or_else(|e| panic!("{name}: counting {puzzle} to {limit}: {e}"))
        };
        for (set, take) in &self.sets {
            for puzzle in set.take((*take).min(10)) {
                assert_eq!(count(solver, &puzzle, 2), 1, "{name}: {puzzle} is proper");
            }
        }
        for puzzle in Self::several_solutions() {
            assert_eq!(count(solver, &puzzle, 2), 2, "{name}: {puzzle} has several solutions");
            assert_eq!(count(solver, &puzzle, 1), 1, "{name}: {puzzle} counted to 1");
        }
        for text in sets::UNSOLVABLE {
            assert_eq!(count(solver, &text.parse().expect("fixture parses"), 2), 0, "{name}: unsolvable {text}");
        }
        let easy = sets::EASY.take(1).remove(0);
        assert_eq!(count(solver, &easy, 0), 0, "{name}: a limit of 0 counts nothing");
        let clash: Grid = format!("11{}", ".".repeat(79)).parse().expect("fixture parses");
        assert!(
            matches!(solver.count_solutions(&clash, 2), Err(SolveError::InvalidPuzzle { .. })),
            "{name}: counting a clashing puzzle must fail"
        );
        for &shape in self.shapes.iter().filter(|s| s.side() <= 6) {
            for seed in 0..10 {
                let puzzle = generate::puzzle(shape, shape.cell_count() * 2 / 3, seed);
                let expected = oracle::count_solutions(&puzzle, 50);
                assert_eq!(count(solver, &puzzle, 50), expected, "{name}: solutions of {puzzle}");
            }
        }
        let zero = Budget::unlimited().with_time_limit(Duration::ZERO);
        assert!(
            matches!(solver.count_solutions_with(&easy, 2, &zero), Err(SolveError::BudgetExhausted { .. })),
            "{name}: counting with a zero time limit must stop"
        );
        self.check_true_candidates(solver);
    }

    /// True candidates: the oracle's on small generated puzzles of several
    /// solutions, a proper puzzle's solution, `Unsolvable` without one,
    /// and the budget held over the whole call.
    fn check_true_candidates<S: CountSolutions>(&self, solver: &mut S) {
        let name = solver.name().to_owned();
        for &shape in self.shapes.iter().filter(|s| s.side() <= 6) {
            for seed in 0..3 {
                let puzzle = generate::puzzle(shape, shape.cell_count() * 3 / 4, seed);
                let mine = solver
                    .true_candidates(&Puzzle::from(puzzle.clone()))
                    .unwrap_or_else(|e| panic!("{name}: true candidates of {puzzle}: {e}"));
                assert_eq!(mine, oracle::true_candidates(&puzzle), "{name}: true candidates of {puzzle}");
            }
        }
        let easy = sets::EASY.take(1).remove(0);
        let solution = oracle::unique_solution(&easy).expect("a proper fixture");
        let marks: Vec<u64> = solution.values().iter().map(|&v| 1 << (v - 1)).collect();
        let mine = solver.true_candidates(&Puzzle::from(easy.clone()));
        assert_eq!(mine, Ok(marks), "{name}: true candidates of the proper {easy}");
        let unsolvable: Grid = sets::UNSOLVABLE[0].parse().expect("fixture parses");
        let none = solver.true_candidates(&Puzzle::from(unsolvable.clone()));
        assert_eq!(none, Err(SolveError::Unsolvable), "{name}: true candidates of the unsolvable {unsolvable}");
        let empty = Puzzle::from(Grid::empty(Shape::CLASSIC));
        let zero = Budget::unlimited().with_time_limit(Duration::ZERO);
        assert!(
            matches!(solver.true_candidates_with(&empty, &zero), Err(SolveError::BudgetExhausted { .. })),
            "{name}: true candidates with a zero time limit must stop"
        );
        // An empty grid needs many solves: a node cap binds them together
        // (for a solver that counts its nodes, which an adapter of a
        // search run elsewhere may not).
        let probe = Budget::unlimited().with_max_nodes(u64::MAX).with_shared_caps();
        let metered = solver.solve_puzzle_with(&empty, &probe).is_ok() && probe.nodes_left() < Some(u64::MAX);
        let nodes = u64::MAX - probe.nodes_left().unwrap_or(u64::MAX);
        let capped = Budget::unlimited().with_max_nodes(4 * nodes);
        assert!(
            !metered || matches!(solver.true_candidates_with(&empty, &capped), Err(SolveError::BudgetExhausted { .. })),
            "{name}: true candidates of an empty grid within four solves' nodes must stop"
        );
    }

    fn expect_solved(&self, solver: &mut dyn Solver, puzzle: &Grid, what: &str) {
        let name = solver.name().to_owned();
        match solver.solve_with(puzzle, &self.budget) {
            Ok(solution) => {
                if let Err(why) = oracle::check_solution(puzzle, &solution.grid) {
                    panic!("{name}: {what}: wrong answer {} for {puzzle}: {why}", solution.grid);
                }
            }
            Err(SolveError::Incomplete { best, .. } | SolveError::BudgetExhausted { best, .. }) if !self.exact => {
                if let Some(best) = best {
                    assert_eq!(best.shape(), puzzle.shape(), "{name}: {what}: best grid of another shape");
                }
            }
            Err(e) => panic!("{name}: {what}: {puzzle}: {e}"),
        }
    }

    fn check_invalid(&self, solver: &mut dyn Solver) {
        let name = solver.name().to_owned();
        let valid = sets::EASY.take(1).remove(0);
        // Copy a given into a peer cell of the same row: r1c1 = 9 → r1c2.
        let mut values = valid.values().to_vec();
        let first_empty = (1..9).find(|&c| values[c] == 0).expect("row 1 has an empty cell");
        values[first_empty] = values[0];
        let clashing = Grid::from_values(valid.shape(), &values).expect("values in range");
        assert!(oracle::has_clash(&clashing));
        match solver.solve(&clashing) {
            Err(SolveError::InvalidPuzzle { conflicts, .. }) => {
                let named = conflicts
                    .iter()
                    .any(|c| c.first.index(valid.shape()) == 0 && c.second.index(valid.shape()) == first_empty);
                assert!(named, "{name}: the clash r1c1/r1c{} is not named in {conflicts:?}", first_empty + 1);
            }
            other => panic!("{name}: clashing givens: expected InvalidPuzzle, got {other:?}"),
        }
        for shape in SHAPES.into_iter().filter(|s| self.shapes.contains(s)) {
            let mut values = vec![0; shape.cell_count()];
            values[0] = 1;
            values[shape.side() + 1] = 1; // r2c2: same box
            let clash = Grid::from_values(shape, &values).expect("values in range");
            assert!(
                matches!(solver.solve(&clash), Err(SolveError::InvalidPuzzle { .. })),
                "{name}: box clash in a {shape} grid"
            );
        }
    }
}
