use std::time::Duration;

use sudokit_core::{Budget, Grid, Shape, SolveError, Solver};
use sudokit_local::{Annealing, Genetic, Moves, Representation};
use sudokit_testkit::{Conformance, generate, sets};

const SHAPES: [Shape; 3] = [Shape::MINI, Shape::CLASSIC, Shape::SIXTEEN];

/// The suite with a cap on moves (or evaluations): a local search may fail
/// a puzzle, but only by saying so, and the cap keeps the test
/// deterministic.
fn suite(iterations: u64) -> Conformance {
    Conformance::heuristic()
        .shapes(&SHAPES)
        .puzzles_per_set(3)
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

#[test]
fn same_seed_same_result_and_other_seeds_differ() {
    let puzzle = sets::EASY.take(2).remove(1);
    let run = |seed| Annealing::new().with_seed(seed).solve(&puzzle).map(|s| (s.grid, s.stats.iterations));
    let first = run(3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(run(3).ok(), Some(first.clone()));
    assert_ne!(run(4).ok().map(|(_, iterations)| iterations), Some(first.1));
    let genetic = |seed| Genetic::new().with_seed(seed).solve(&puzzle).map(|s| (s.grid, s.stats.iterations));
    assert_eq!(genetic(5).ok(), genetic(5).ok());
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
fn a_time_limit_stops_a_run_within_milliseconds() {
    let puzzle = Grid::empty(Shape::TWENTY_FIVE);
    let budget = Budget::unlimited().with_time_limit(Duration::from_millis(50));
    let started = std::time::Instant::now();
    let mut hard = Annealing::new().with_restarts(u64::MAX);
    let result = hard.solve_with(&sets::HARD.take(1).remove(0), &budget);
    assert!(matches!(result, Err(SolveError::BudgetExhausted { .. }) | Ok(_)), "{result:?}");
    let _ = Genetic::new().solve_with(&puzzle, &budget);
    // Two solves of 50 ms each: generous slack for a loaded machine, but
    // far below what either would run unbounded.
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
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
