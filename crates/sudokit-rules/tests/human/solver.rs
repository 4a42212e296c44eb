//! The `rules` solver: the contract, and counts against the oracle.

use sudokit_rules::sudokit_core::{CountSolutions, Shape};
use sudokit_testkit::{Conformance, generate, oracle, sets};

#[test]
fn the_rules_solver_keeps_the_contract() {
    Conformance::exact()
        .with_set(sets::SIXTEEN_UNIQUE, 2)
        .with_set(sets::HARD, 30)
        .run_counter(&mut sudokit_rules::human::HumanSolver::new());
}

#[test]
fn the_human_solver_counts_like_the_oracle() {
    let mut solver = sudokit_rules::human::HumanSolver::new();
    for seed in 0..20 {
        let puzzle = generate::puzzle(Shape::CLASSIC, 58, seed);
        assert_eq!(solver.count_solutions(&puzzle, 10).unwrap(), oracle::count_solutions(&puzzle, 10), "{puzzle}");
    }
}
