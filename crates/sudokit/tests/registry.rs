//! Every registered solver passes the conformance suite as registered: a
//! new registry entry is tested by being registered.

use sudokit::{Budget, registry};
use sudokit_testkit::Conformance;

#[test]
fn every_registered_solver_keeps_the_contract() {
    for info in registry::solvers() {
        // A few puzzles per level: each solver crate runs the full suite on
        // its own types; this checks the entries as the registry builds them.
        match info.build_counter() {
            Some(mut counter) => Conformance::exact().with_puzzles_per_set(3).run_counter(&mut counter),
            // A heuristic may fail a puzzle by saying so: a cap on its moves
            // keeps the test short and deterministic.
            None => Conformance::heuristic()
                .with_puzzles_per_set(3)
                .with_budget(Budget::unlimited().with_max_iterations(1_000_000))
                .run(&mut info.build()),
        }
    }
}
