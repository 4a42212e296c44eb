use std::time::Duration;

use sudokit_core::{Budget, CancelFlag, Grid, Shape, SolveError, Solver, StopReason};
use sudokit_local::{Annealing, Genetic, Moves, Representation};
use sudokit_testkit::{Conformance, generate, oracle, sets};

const SHAPES: [Shape; 3] = [Shape::MINI, Shape::CLASSIC, Shape::SIXTEEN];

/// The suite with a cap on moves (or evaluations): a local search may fail
/// a puzzle, but only by saying so, and the cap keeps the test
/// deterministic.
fn suite(iterations: u64) -> Conformance {
    Conformance::heuristic()
        .with_shapes(&SHAPES)
        .with_puzzles_per_set(3)
        .with_budget(Budget::unlimited().with_max_iterations(iterations))
}

#[test]
fn annealing_keeps_the_heuristic_contract() {
    suite(2_000_000).run(&mut Annealing::new());
    suite(2_000_000).run(&mut Annealing::new().with_representation(Representation::Boxes));
    suite(2_000_000).run(&mut Annealing::new().with_moves(Moves::Propagated));
}

#[test]
fn genetic_keeps_the_heuristic_contract() {
    suite(300_000).run(&mut Genetic::new());
    suite(300_000).run(&mut Genetic::new().with_moves(Moves::Propagated));
}

/// The solution of the second easy puzzle, which every run below finds.
const EASY_2: &str = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// Seeded runs give exactly these results (as rand_pcg pins its outputs):
/// a change of them is a change of every seeded user's results.
#[test]
fn seeded_runs_give_their_pinned_results() {
    let puzzle = sets::EASY.take(2).remove(1);
    let solved = |solver: &mut dyn Solver| {
        let solution = solver.solve(&puzzle).unwrap_or_else(|e| panic!("{}: {e}", solver.name()));
        assert_eq!(oracle::check_solution(&puzzle, &solution.grid), Ok(()));
        (solution.grid.to_string(), solution.stats.iterations, solution.stats.restarts, solution.stats.nodes)
    };
    assert_eq!(solved(&mut Annealing::new().with_seed(3)), (EASY_2.to_string(), 2_324_435, 5, 0));
    assert_eq!(solved(&mut Annealing::new().with_seed(4)), (EASY_2.to_string(), 465_008, 1, 0));
    assert_eq!(solved(&mut Genetic::new().with_seed(5)), (EASY_2.to_string(), 25_538, 0, 2));
}

/// A spent budget hands back the same best grid, with the same energy,
/// for the default seeds.
#[test]
fn seeded_runs_stopped_by_a_cap_hand_back_their_pinned_best_grids() {
    let puzzle = sets::HARD.take(1).remove(0);
    let budget = Budget::unlimited().with_max_iterations(1_000);
    let cases: [(&mut dyn Solver, &str, usize); 2] = [
        (&mut Annealing::new(), "417369825236158749958724136928457963613982417745316258892643571573291684164875392", 9),
        (&mut Genetic::new(), "479326895836159147251748326321437968697582412845916753982643571573291648164875239", 13),
    ];
    for (solver, grid, energy) in cases {
        match solver.solve_with(&puzzle, &budget) {
            Err(SolveError::BudgetExhausted { best: Some(best), .. }) => {
                assert_eq!((best.to_string().as_str(), best.error_count(&puzzle)), (grid, energy), "{}", solver.name());
            }
            other => panic!("{}: {other:?}", solver.name()),
        }
    }
}

#[test]
fn a_spent_budget_hands_back_the_best_grid_with_its_energy() {
    let puzzle = sets::HARD.take(1).remove(0);
    let budget = Budget::unlimited().with_max_iterations(1_000);
    for solver in [&mut Annealing::new() as &mut dyn Solver, &mut Genetic::new()] {
        match solver.solve_with(&puzzle, &budget) {
            Err(SolveError::BudgetExhausted { best: Some(best), stats, .. }) => {
                assert!(best.keeps_givens_of(&puzzle) && best.is_complete());
                assert!(best.error_count(&puzzle) > 0);
                assert_eq!(stats.iterations, 1_000);
            }
            other => panic!("{}: {other:?}", solver.name()),
        }
    }
}

#[test]
fn a_deadline_or_a_cancel_stops_a_run_and_says_so() {
    // What the result reports, never how long it took: a run that cannot
    // end by itself (unbounded restarts on a puzzle without a solution,
    // whose moves take any digit, so that nothing proves it) ends on the
    // limit it was given.
    let unsolvable: Grid = sets::UNSOLVABLE[0].parse().unwrap();
    let deadline = Budget::unlimited().with_time_limit(Duration::from_millis(30));
    let mut endless = Annealing::new().with_restarts(u64::MAX).with_moves(Moves::AnyDigit);
    let result = endless.solve_with(&unsolvable, &deadline);
    assert!(matches!(result, Err(SolveError::BudgetExhausted { reason: StopReason::Deadline, .. })), "{result:?}");
    let flag = CancelFlag::new();
    flag.cancel();
    let cancelled = Budget::unlimited().with_cancel_flag(flag);
    let result = Genetic::new().solve_with(&Grid::empty(Shape::TWENTY_FIVE), &cancelled);
    assert!(matches!(result, Err(SolveError::BudgetExhausted { reason: StopReason::Cancelled, .. })), "{result:?}");
}

#[test]
fn the_hybrids_prove_what_propagation_refutes() {
    for text in sets::UNSOLVABLE {
        let puzzle: Grid = text.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Annealing::new().with_moves(Moves::Propagated).solve(&puzzle).err(), Some(SolveError::Unsolvable));
        assert_eq!(Genetic::new().with_moves(Moves::Propagated).solve(&puzzle).err(), Some(SolveError::Unsolvable));
    }
}

#[test]
fn every_shape_is_solved_by_the_hybrid() {
    for shape in [Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::TWELVE, Shape::SIXTEEN] {
        let puzzle = generate::puzzle(shape, shape.cell_count() * 2 / 5, 11);
        let solution =
            Annealing::new().with_moves(Moves::Propagated).solve(&puzzle).unwrap_or_else(|e| panic!("{shape}: {e}"));
        assert!(solution.grid.is_solution_of(&puzzle), "{shape}");
    }
}

/// The genetic algorithm's parallel evaluation gives the same run as a
/// single thread: the random choices never leave the calling thread.
#[cfg(feature = "rayon")]
#[test]
fn large_populations_give_the_same_run_on_any_number_of_threads() {
    let puzzle = sets::EASY.take(3).remove(2);
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap_or_else(|e| panic!("{e}"));
        pool.install(|| {
            let mut genetic = Genetic::new().with_population(300, 4).with_seed(9);
            genetic.solve(&puzzle).map(|s| (s.grid, s.stats.iterations, s.stats.nodes))
        })
    };
    let single = run(1);
    assert!(single.is_ok(), "{single:?}");
    assert_eq!(run(2), single);
}

/// An observer borrowed for one solve sees what a kept one sees, and the
/// run is the same: observing changes nothing.
#[test]
fn a_borrowed_observer_sees_what_a_kept_one_sees() {
    let puzzle = sets::EASY.take(2).remove(1);
    let budget = Budget::unlimited();
    let mut seen = Vec::new();
    let observed = Annealing::new().with_seed(4).solve_observed(&puzzle, &budget, 100_000, |s| seen.push(*s)).unwrap();
    let kept = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = std::sync::Arc::clone(&kept);
    let mut solver = Annealing::new().with_seed(4).with_observer(100_000, move |s| sink.lock().unwrap().push(*s));
    let solved = solver.solve_with(&puzzle, &budget).unwrap();
    assert_eq!((observed.grid, observed.stats.iterations), (solved.grid, solved.stats.iterations));
    assert_eq!(seen, *kept.lock().unwrap());
    // 465 008 moves: a sample at each 100 000, and the last one.
    assert_eq!(seen.iter().map(|s| s.iteration).collect::<Vec<_>>(), [100_000, 200_000, 300_000, 400_000, 465_008]);
    assert_eq!(seen.last().map(|s| s.best_energy), Some(0));
    // The last sample keeps the temperature of the last moves (here a
    // restart's, hotter than before): cooling never reaches 0, and a chart
    // of it must not drop there.
    let temperatures: Vec<f64> = seen.iter().map(|s| s.temperature).collect();
    assert!(temperatures.iter().all(|&t| t > 0.0), "{temperatures:?}");

    let mut generations = Vec::new();
    let genetic = Genetic::new().with_seed(5).solve_observed(&puzzle, &budget, 1, |s| generations.push(s.generation));
    assert_eq!(genetic.unwrap().stats.nodes, 2);
    assert_eq!(generations, [0, 1, 2, 2]);
}
