use sudokit_dlx::sudokit_core::{Budget, CountSolutions, Grid, Shape, SolveError, Solver, StopReason};
use sudokit_dlx::{Dlx, DlxRs, SudokuCover};
use sudokit_testkit::{Conformance, generate, oracle, sets};

#[test]
fn dlx_conformance() {
    Conformance::exact().with_set(sets::MAGICTOUR, 200).with_set(sets::HARD, 95).run_counter(&mut Dlx::new());
}

#[test]
fn dlx_rs_conformance() {
    Conformance::exact()
        .with_shapes(&[Shape::MINI, Shape::SIX, Shape::CLASSIC])
        .with_puzzles_per_set(10)
        .run_counter(&mut DlxRs::new());
}

#[test]
fn dlx_solves_twenty_five_by_twenty_five() {
    let puzzle = generate::puzzle(Shape::TWENTY_FIVE, 400, 11);
    let solution = Dlx::new().solve(&puzzle).unwrap();
    assert_eq!(oracle::check_solution(&puzzle, &solution.grid), Ok(()));
}

#[test]
fn dlx_and_dlx_rs_agree() {
    let (mut ours, mut theirs) = (Dlx::new(), DlxRs::new());
    for puzzle in sets::HARD.take(20) {
        assert_eq!(ours.solve(&puzzle).unwrap().grid, theirs.solve(&puzzle).unwrap().grid);
    }
    // Sparse puzzles, most with several solutions.
    let mut several = 0;
    for seed in 0..5 {
        let puzzle = generate::puzzle(Shape::CLASSIC, 62, seed);
        let count = ours.count_solutions(&puzzle, 50).unwrap();
        assert_eq!(count, theirs.count_solutions(&puzzle, 50).unwrap(), "{puzzle}");
        several += usize::from(count > 1);
    }
    assert!(several >= 3, "{several} of 5 with several solutions");
}

#[test]
fn node_caps_stop_the_search_and_leave_the_solver_reusable() {
    let mut dlx = Dlx::new();
    let hard = &sets::HARD.take(1)[0];
    match dlx.solve_with(hard, &Budget::unlimited().with_max_nodes(5)) {
        Err(SolveError::BudgetExhausted { reason: StopReason::NodeLimit, stats, .. }) => assert_eq!(stats.nodes, 5),
        other => panic!("expected a node-limit stop, got {other:?}"),
    }
    assert!(dlx.solve(hard).unwrap().grid.is_solution_of(hard));
    assert!(dlx.last_stats().updates > 0);
}

#[test]
fn the_mini_sudoku_matrix_has_the_right_shape() {
    let cover = SudokuCover::new(Shape::MINI);
    let text = cover.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 64);
    assert!(lines.iter().all(|l| l.matches('1').count() - l.split(' ').next().unwrap().matches('1').count() == 4));
    // Every item is covered by exactly 4 options (one per digit or cell).
    for item in 0..cover.item_count() {
        let covering = (0..cover.option_count()).filter(|&o| cover.items(o).contains(&item)).count();
        assert_eq!(covering, 4, "{}", cover.item_name(item));
    }
    let puzzle: Grid = "1.........4....1".parse().unwrap();
    assert_eq!(Dlx::new().count_solutions(&puzzle, 100).unwrap(), oracle::count_solutions(&puzzle, 100));
}

#[test]
fn dlx_searches_like_the_full_matrix_with_the_givens_selected() {
    // Dlx builds only what the givens leave; the search must be the same
    // tree as Knuth's on the whole matrix with the givens selected.
    let cover = SudokuCover::new(Shape::CLASSIC);
    let mut full = cover.matrix();
    let mut dlx = Dlx::new();
    for puzzle in sets::HARD.take(30) {
        full.reset();
        for (cell, &value) in puzzle.values().iter().enumerate() {
            if value != 0 {
                full.select(cover.option(cell, value)).unwrap();
            }
        }
        let options = full.first_solution(&Budget::unlimited()).unwrap().unwrap();
        let solution = dlx.solve(&puzzle).unwrap();
        assert_eq!(solution.grid, cover.fill(&puzzle, options));
        let (ours, knuth) = (dlx.last_stats(), full.stats());
        assert_eq!((ours.nodes, ours.guesses, ours.backtracks), (knuth.nodes, knuth.guesses, knuth.backtracks));
        assert!(ours.updates < knuth.updates, "the givens' own updates are saved");
    }
}

#[test]
fn out_of_range_indices_panic_instead_of_naming_another_option() {
    use std::panic::catch_unwind;
    let cover = SudokuCover::new(Shape::CLASSIC);
    assert!(catch_unwind(|| cover.option(0, 0)).is_err());
    assert!(catch_unwind(|| cover.option(0, 10)).is_err());
    assert!(catch_unwind(|| cover.option(81, 1)).is_err());
    assert!(catch_unwind(|| cover.items(729)).is_err());
    assert!(catch_unwind(|| cover.item_name(324)).is_err());
    assert!(catch_unwind(|| cover.fill(&Grid::empty(Shape::MINI), [])).is_err());
    assert_eq!(cover.item_name(323), "b9#9");
}

#[test]
fn dlx_rs_refuses_the_shapes_whose_search_it_cannot_interrupt() {
    let big = Grid::empty(Shape::TWENTY_FIVE);
    assert_eq!(DlxRs::new().solve(&big).err(), Some(SolveError::unsupported_shape(Shape::TWENTY_FIVE)));
    assert_eq!(DlxRs::new().count_solutions(&big, 2).err(), Some(SolveError::unsupported_shape(Shape::TWENTY_FIVE)));
    assert!(DlxRs::new().solve(&Grid::empty(Shape::SIXTEEN)).is_ok());
}
