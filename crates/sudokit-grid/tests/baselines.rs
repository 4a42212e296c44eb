use proptest::prelude::*;
use sudokit_grid::sudokit_core::{CountSolutions, Grid, Shape, Solver};
use sudokit_grid::{Backtracking, BacktrackingMrv};
use sudokit_testkit::{Conformance, generate, oracle, sets};

/// The course's published search-call counts for `BacktrackingDotNetSolver`
/// on the first five puzzles of each level (Sudoku-SimulatedAnnealing
/// notebook, "Running tests..." output).
const COURSE_CALLS: [(sets::PuzzleSet, [u64; 5]); 3] = [
    (sets::EASY, [122, 311, 477, 25_565, 2_544]),
    (sets::MEDIUM, [490_304, 15_387, 337_036, 114_216, 250_684]),
    (sets::HARD, [12_625_368, 4_405_485, 126_417, 503_219, 124_635_056]),
];

#[test]
fn backtracking_reproduces_the_course_call_counts() {
    let mut solver = Backtracking::new();
    for (set, calls) in COURSE_CALLS {
        // The fifth hard puzzle takes 125 million calls: checked in the
        // ignored test below.
        let take = if set.name == "hard" { 4 } else { 5 };
        for (k, (puzzle, expected)) in set.take(take).iter().zip(calls).enumerate() {
            let solution = solver.solve(puzzle).unwrap();
            assert_eq!(oracle::check_solution(puzzle, &solution.grid), Ok(()));
            assert_eq!(solution.stats.nodes, expected, "{} #{}", set.name, k + 1);
        }
    }
}

#[test]
#[ignore = "125 million search calls; run with --ignored in release mode"]
fn backtracking_reproduces_the_largest_course_count() {
    let puzzle = &sets::HARD.take(5)[4];
    assert_eq!(Backtracking::new().solve(puzzle).unwrap().stats.nodes, 124_635_056);
}

#[test]
fn mrv_explores_far_fewer_nodes_than_plain_backtracking() {
    let puzzle = &sets::HARD.take(1)[0];
    let plain = Backtracking::new().solve(puzzle).unwrap();
    let mrv = BacktrackingMrv::new().solve(puzzle).unwrap();
    assert_eq!(plain.grid, mrv.grid);
    assert!(mrv.stats.nodes * 100 < plain.stats.nodes, "mrv {} vs plain {}", mrv.stats.nodes, plain.stats.nodes);
    assert!(mrv.stats.guesses > 0 && mrv.stats.backtracks > 0);
}

#[test]
fn backtracking_conformance() {
    Conformance::exact().with_puzzles_per_set(3).run_counter(&mut Backtracking::new());
}

#[test]
fn mrv_conformance() {
    Conformance::exact().with_set(sets::MAGICTOUR, 50).run_counter(&mut BacktrackingMrv::new());
}

#[test]
fn mrv_handles_twenty_five_by_twenty_five() {
    let puzzle = generate::puzzle(Shape::TWENTY_FIVE, 250, 3);
    let solution = BacktrackingMrv::new().solve(&puzzle).unwrap();
    assert_eq!(oracle::check_solution(&puzzle, &solution.grid), Ok(()));
}

#[test]
fn solvers_work_behind_trait_objects() {
    let puzzle = &sets::EASY.take(1)[0];
    let mut solvers: Vec<Box<dyn CountSolutions>> =
        vec![Box::new(Backtracking::new()), Box::new(BacktrackingMrv::new())];
    for solver in &mut solvers {
        assert!(solver.solve(puzzle).unwrap().grid.is_solution_of(puzzle));
        assert_eq!(solver.count_solutions(puzzle, 5).unwrap(), 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn solutions_of_random_puzzles_are_accepted(
        (shape, seed, fraction) in (generate::any_shape(), any::<u64>(), 0.0..1.0f64)
    ) {
        // MRV without propagation is exponential: large grids get fewer holes.
        let max_fraction = match shape.side() { 0..=9 => 0.65, 10..=16 => 0.45, _ => 0.3 };
        let holes = (shape.cell_count() as f64 * fraction * max_fraction) as usize;
        let puzzle = generate::puzzle(shape, holes, seed);
        let solution = BacktrackingMrv::new().solve(&puzzle).unwrap();
        prop_assert!(solution.grid.is_solution_of(&puzzle));
        prop_assert_eq!(oracle::check_solution(&puzzle, &solution.grid), Ok(()));
    }

    #[test]
    fn both_baselines_count_like_the_oracle(
        (puzzle, _) in prop_oneof![generate::any_puzzle(Shape::MINI, 14), generate::any_puzzle(Shape::SIX, 26)]
    ) {
        let expected = oracle::count_solutions(&puzzle, 30);
        prop_assert_eq!(Backtracking::new().count_solutions(&puzzle, 30).unwrap(), expected);
        prop_assert_eq!(BacktrackingMrv::new().count_solutions(&puzzle, 30).unwrap(), expected);
    }
}

#[test]
fn unsolvable_puzzles_are_not_confused_with_clashes() {
    for text in sets::UNSOLVABLE {
        let puzzle: Grid = text.parse().unwrap();
        assert!(!oracle::has_clash(&puzzle) && puzzle.conflicts().is_empty());
        assert_eq!(oracle::count_solutions(&puzzle, 1), 0);
    }
}
