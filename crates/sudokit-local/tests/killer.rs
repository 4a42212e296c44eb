//! Local search on killers: the cages' sums join the energy, so a run
//! ends on a grid that keeps every sum, and seeded runs are pinned; and
//! on pencil marks, which every kind of move keeps to.

use sudokit_core::{Budget, Grid, Puzzle, Shape, Solver, Variant};
use sudokit_local::{Annealing, Genetic};
use sudokit_testkit::generate::{killer_cages, solved_grid, with_holes};
use sudokit_testkit::variant_oracle::check_variant_solution;

/// A 9×9 killer (cages of up to 5 cells) drawn over a seeded grid, and
/// that grid.
fn killer() -> (Variant, Grid) {
    let solution = solved_grid(Shape::CLASSIC, 7);
    (killer_cages(Variant::standard(Shape::CLASSIC), &solution, 5, 7), solution)
}

#[test]
fn seeded_runs_solve_killers_and_give_their_pinned_results() {
    let (killer, solution) = killer();
    let budget = Budget::unlimited().with_max_iterations(5_000_000);
    // Without givens the killer may have other solutions than the grid
    // its cages were drawn over: the oracle checks each answer.
    let empty = Grid::empty(Shape::CLASSIC);
    let sparse = with_holes(&solution, 60, 7);
    let cases: [(&mut dyn Solver, &Grid, &str, u64); 4] = [
        (
            &mut Annealing::new().with_seed(1),
            &empty,
            "514298376736145289829367154471826593683519742952734861145982637397651428268473915",
            64_292,
        ),
        (
            &mut Genetic::new().with_seed(1),
            &empty,
            "514298376736145289829367154981726543473519862652834791195682437347951628268473915",
            59_592,
        ),
        (&mut Annealing::new().with_seed(1), &sparse, &solution.to_string(), 2_862),
        (&mut Genetic::new().with_seed(1), &sparse, &solution.to_string(), 17_453),
    ];
    for (solver, puzzle, grid, iterations) in cases {
        let answer = solver
            .solve_puzzle_with(&Puzzle::new(puzzle.clone(), killer.clone()).unwrap(), &budget)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(check_variant_solution(puzzle, &killer, &answer.grid), Ok(()), "{}", solver.name());
        assert_eq!(
            (answer.grid.to_string().as_str(), answer.stats.iterations),
            (grid, iterations),
            "{}",
            solver.name()
        );
    }
}

/// Pencil marks are rules too: whatever the moves may take, a run ends
/// within each cell's marks.
#[test]
fn every_kind_of_move_keeps_to_pencil_marks() {
    use sudokit_local::Moves;
    use sudokit_testkit::generate::pencil_marks;

    let solution = solved_grid(Shape::SIX, 3);
    // Half the other marks of every open cell dropped: the marks alone
    // pin most cells.
    let (puzzle, marks) = pencil_marks(&with_holes(&solution, 30, 3), &solution, 0, 50, 11);
    let budget = Budget::unlimited().with_max_iterations(2_000_000);
    for moves in [Moves::AnyDigit, Moves::GivensCandidates, Moves::Propagated] {
        let runs: [&mut dyn Solver; 2] =
            [&mut Annealing::new().with_seed(2).with_moves(moves), &mut Genetic::new().with_seed(2).with_moves(moves)];
        for solver in runs {
            let answer = solver
                .solve_puzzle_with(&Puzzle::new(puzzle.clone(), marks.clone()).unwrap(), &budget)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(check_variant_solution(&puzzle, &marks, &answer.grid), Ok(()), "{} {moves:?}", solver.name());
        }
    }
}
