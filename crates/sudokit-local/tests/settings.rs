//! Every setting of the local searches is checked when the solve starts,
//! and every part of a run, the initial walk and the children's local
//! search included, counts against the budget.

use sudokit_core::{Budget, Grid, SolveError, Solver, StopReason};
use sudokit_local::{Annealing, Cooling, Genetic, InitialTemperature, Moves, Reheat};
use sudokit_testkit::sets;

fn puzzle() -> Grid {
    sets::HARD.take(1).remove(0)
}

/// The name of the parameter a solve refused.
fn refused(solver: &mut dyn Solver) -> String {
    match solver.solve(&puzzle()) {
        Err(SolveError::InvalidParameter(err)) => err.name().to_string(),
        other => panic!("expected a refused setting, got {other:?}"),
    }
}

#[test]
fn genetic_settings_out_of_range_are_named() {
    assert_eq!(refused(&mut Genetic::new().with_population(0, 0)), "population");
    assert_eq!(refused(&mut Genetic::new().with_population(1 << 40, 0)), "population");
    assert_eq!(refused(&mut Genetic::new().with_population(Genetic::MAX_POPULATION + 1, 0)), "population");
    assert_eq!(refused(&mut Genetic::new().with_population(10, 10)), "elite");
    assert_eq!(refused(&mut Genetic::new().with_tournament(0)), "tournament");
    assert_eq!(refused(&mut Genetic::new().with_mutation_rate(f64::NAN)), "mutation rate");
    assert_eq!(refused(&mut Genetic::new().with_mutation_rate(-0.1)), "mutation rate");
    assert_eq!(refused(&mut Genetic::new().with_crossover(Default::default(), 1.5)), "crossover rate");
    assert_eq!(refused(&mut Genetic::new().with_termination(0, 5)), "generations");
    assert_eq!(refused(&mut Genetic::new().with_termination(5, 0)), "stagnation");
}

#[test]
fn annealing_settings_out_of_range_are_named() {
    let auto = |walk| Annealing::new().with_initial_temperature(InitialTemperature::Auto(walk));
    assert_eq!(refused(&mut auto(4_000_000_000)), "initial temperature walk");
    assert_eq!(refused(&mut auto(0)), "initial temperature walk");
    let fixed = |t| Annealing::new().with_initial_temperature(InitialTemperature::Fixed(t));
    assert_eq!(refused(&mut fixed(-1.0)), "initial temperature");
    assert_eq!(refused(&mut fixed(f64::INFINITY)), "initial temperature");
    assert_eq!(refused(&mut Annealing::new().with_cooling(Cooling::Exponential(1.0))), "exponential cooling factor");
    assert_eq!(refused(&mut Annealing::new().with_cooling(Cooling::Linear(0.0))), "linear cooling step");
    assert_eq!(refused(&mut Annealing::new().with_min_temperature(0.0)), "min temperature");
    assert_eq!(refused(&mut Annealing::new().with_moves_per_temperature(0)), "moves per temperature");
    assert_eq!(refused(&mut Annealing::new().with_reheat(Some(Reheat::new(5, 0.5).with_shrink(2.0)))), "reheat shrink");
    let message = match Annealing::new().with_min_temperature(f64::NAN).solve(&puzzle()) {
        Err(err) => err.to_string(),
        Ok(_) => String::new(),
    };
    assert_eq!(message, "invalid setting: min temperature = NaN is out of range (allowed: a finite number above 0)");
}

#[test]
fn the_initial_walk_counts_against_the_budget() {
    // A walk of a hundred million swaps used to run whole before the
    // budget was looked at; each swap is now an iteration.
    let mut annealing =
        Annealing::new().with_initial_temperature(InitialTemperature::Auto(InitialTemperature::MAX_WALK));
    match annealing.solve_with(&puzzle(), &Budget::unlimited().with_max_iterations(10_000)) {
        Err(SolveError::BudgetExhausted { reason: StopReason::IterationLimit, stats, best: Some(best), .. }) => {
            assert_eq!(stats.iterations, 10_000);
            assert!(best.keeps_givens_of(&puzzle()));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_local_search_of_each_child_counts_against_the_budget() {
    // Ten million moves per child: the iteration cap bounds evaluations and
    // moves together, so the run stops at the cap, not children later.
    let mut genetic = Genetic::new().with_local_search(10_000_000).with_seed(3);
    match genetic.solve_with(&puzzle(), &Budget::unlimited().with_max_iterations(50_000)) {
        Err(SolveError::BudgetExhausted { reason: StopReason::IterationLimit, stats, .. }) => {
            assert!(stats.iterations <= 50_000, "{stats:?}");
            assert!(stats.iterations >= 49_000, "the cap was used: {stats:?}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn where_moves_go_is_one_setting() {
    // Propagation proves this puzzle unsolvable; a search whose moves take
    // any digit cannot, and the setting made last is the one used.
    let unsolvable: Grid = sudokit_testkit::sets::UNSOLVABLE[0].parse().unwrap();
    let budget = Budget::unlimited().with_max_iterations(20_000);
    let hybrid = Annealing::new().with_moves(Moves::Propagated);
    assert_eq!(hybrid.name(), "annealing-hybrid");
    let plain = Annealing::new().with_moves(Moves::Propagated).with_moves(Moves::AnyDigit);
    assert_eq!(plain.name(), "annealing");
    assert_eq!(hybrid.with_seed(1).solve_with(&unsolvable, &budget), Err(SolveError::Unsolvable));
    assert!(!matches!(plain.with_seed(1).solve_with(&unsolvable, &budget), Err(SolveError::Unsolvable)));
    let genetic = Genetic::new().with_moves(Moves::AnyDigit).with_moves(Moves::Propagated);
    assert_eq!(genetic.name(), "genetic-hybrid");
}
