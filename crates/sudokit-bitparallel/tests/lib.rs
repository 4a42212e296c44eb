//! Integration tests of sudokit-bitparallel: the contract, other shapes,
//! other rules, budgets and counts against the oracle.

use proptest::prelude::*;
use sudokit_bitparallel::sudokit_core::{
    Budget, Cell, CountSolutions, Digit, Grid, Puzzle, Relation, RuleKind, Rulebook, Shape, SolveError, Solver,
    StopReason, Variant,
};
use sudokit_bitparallel::{BitParallel, Instructions, PORTABLE_ENV};
use sudokit_grid::Layout;
use sudokit_grid::PropagationSearch;
use sudokit_testkit::variant_oracle::{check_variant_solution, count_variant_solutions};
use sudokit_testkit::{Conformance, generate, oracle, sets};

#[test]
fn conformance() {
    Conformance::exact()
        .with_set(sets::MAGICTOUR, 400)
        .with_set(sets::HARD, 95)
        .with_set(sets::FORUM_1106, 100)
        .run_counter(&mut BitParallel::new());
}

#[test]
fn conformance_on_the_portable_path() {
    let mut solver = BitParallel::new().with_instructions(Instructions::Portable);
    assert_eq!(solver.instructions(), Instructions::Portable);
    Conformance::exact().with_set(sets::HARD, 95).with_set(sets::FORUM_1106, 50).run_counter(&mut solver);
}

/// Both instruction sets find the same first solution, count the same and
/// search the same tree, on the first 400 puzzles of each set this crate's
/// tests embed.
#[test]
fn both_instruction_sets_give_the_same_answers_and_stats() {
    assert_paths_agree(&[sets::HARD, sets::MAGICTOUR, sets::FORUM_1106], 400);
}

/// The same on every puzzle of every throughput set (about 110 000), which
/// only a checkout of the repository has: CI runs it in release mode.
#[test]
#[ignore = "slow in debug builds, and reads the repository's puzzles/; CI runs it with --release"]
fn both_instruction_sets_agree_on_every_puzzle_of_every_set() {
    assert_paths_agree(&sets::THROUGHPUT, usize::MAX);
}

/// Checks the two instruction sets against each other on the first `take`
/// puzzles of each of `puzzle_sets`. On a CPU without x86-64-v3 both
/// solvers run the portable path, and the test says so.
fn assert_paths_agree(puzzle_sets: &[sets::PuzzleSet], take: usize) {
    let mut portable = BitParallel::new().with_instructions(Instructions::Portable);
    let mut wide = BitParallel::new().with_instructions(Instructions::X86V3);
    if !Instructions::X86V3.is_available() {
        eprintln!("this CPU lacks x86-64-v3: only the portable path ran");
    }
    assert_eq!(wide.instructions() == Instructions::X86V3, Instructions::X86V3.is_available());
    let tree = |solver: &BitParallel| {
        let stats = solver.last_stats();
        (stats.nodes, stats.guesses, stats.backtracks)
    };
    for set in puzzle_sets {
        for puzzle in set.take(take) {
            let first = (portable.solve(&puzzle).unwrap().grid, tree(&portable));
            assert_eq!((wide.solve(&puzzle).unwrap().grid, tree(&wide)), first, "{}: {puzzle}", set.name);
            let count = (portable.count_solutions(&puzzle, 2).unwrap(), tree(&portable));
            assert_eq!((wide.count_solutions(&puzzle, 2).unwrap(), tree(&wide)), count, "{}: {puzzle}", set.name);
        }
    }
}

/// What [`Instructions::detect`] picks: the portable path when the
/// environment forces it (CI runs these tests both ways), else the widest
/// set the CPU has.
#[test]
fn detection_follows_the_environment_and_the_cpu() {
    let forced = std::env::var_os(PORTABLE_ENV).is_some_and(|value| !value.is_empty() && value != "0");
    let expected =
        if !forced && Instructions::X86V3.is_available() { Instructions::X86V3 } else { Instructions::Portable };
    assert_eq!(Instructions::detect(), expected);
    assert_eq!(BitParallel::new().instructions(), expected);
    assert_eq!(BitParallel::strict().instructions(), expected);
}

#[test]
fn strict_solver_rejects_other_shapes() {
    let puzzle = generate::puzzle(Shape::MINI, 6, 1);
    match BitParallel::strict().solve(&puzzle) {
        Err(SolveError::UnsupportedShape { shape, .. }) => assert_eq!(shape, Shape::MINI),
        other => panic!("expected UnsupportedShape, got {other:?}"),
    }
    assert!(matches!(BitParallel::strict().count_solutions(&puzzle, 2), Err(SolveError::UnsupportedShape { .. })));
    assert!(BitParallel::new().solve(&puzzle).unwrap().grid.is_solution_of(&puzzle));
}

#[test]
fn counts_agree_with_the_oracle_on_multi_solution_puzzles() {
    let mut solver = BitParallel::new();
    for seed in 0..40 {
        // Few givens: many solutions, exercising the search.
        let puzzle = generate::puzzle(Shape::CLASSIC, 58, seed);
        let expected = oracle::count_solutions(&puzzle, 30);
        assert_eq!(solver.count_solutions(&puzzle, 30).unwrap(), expected, "seed {seed}: {puzzle}");
    }
}

#[test]
fn hard_puzzles_need_guesses_and_report_them() {
    let mut solver = BitParallel::new();
    let mut guesses = 0;
    for puzzle in sets::FORUM_1106.take(20) {
        let solution = solver.solve(&puzzle).unwrap();
        assert_eq!(oracle::check_solution(&puzzle, &solution.grid), Ok(()));
        assert!(solution.stats.nodes > solution.stats.guesses);
        guesses += solution.stats.guesses;
    }
    assert!(guesses >= 20, "the hardest puzzles cannot be solved by singles and locked candidates alone");
}

/// A puzzle solvable by naked singles alone: cells are emptied only while
/// their peers still show the eight other digits, so filling them back in
/// reverse order needs no other technique.
fn singles_only_puzzle(seed: u64) -> Grid {
    let solved = generate::solved_grid(Shape::CLASSIC, seed);
    let layout = Layout::of(Shape::CLASSIC);
    let mut values = solved.values().to_vec();
    let mut order: Vec<usize> = (0..81).collect();
    generate::SplitMix64::new(seed).shuffle(&mut order);
    for cell in order {
        let seen: u16 = layout.peers(cell).iter().fold(0, |seen, &p| seen | (1 << values[usize::from(p)]));
        if seen >> 1 == 0x1ff & !(1 << (values[cell] - 1)) {
            values[cell] = 0;
        }
    }
    Grid::from_values(Shape::CLASSIC, &values).unwrap()
}

#[test]
fn puzzles_solvable_by_singles_need_no_guess() {
    let mut solver = BitParallel::new();
    for seed in 0..50 {
        let puzzle = singles_only_puzzle(seed);
        assert!(puzzle.filled_count() <= 65, "the generator empties many cells: {puzzle}");
        let solution = solver.solve(&puzzle).unwrap();
        assert_eq!(oracle::check_solution(&puzzle, &solution.grid), Ok(()));
        assert_eq!(solution.stats.guesses, 0, "{puzzle}");
    }
}

#[test]
fn node_cap_stops_the_search() {
    let puzzle = sets::FORUM_1106.take(1).remove(0);
    match BitParallel::new().solve_with(&puzzle, &Budget::unlimited().with_max_nodes(1)) {
        Err(SolveError::BudgetExhausted { reason: StopReason::NodeLimit, stats, .. }) => assert_eq!(stats.nodes, 1),
        other => panic!("expected a node-limit stop, got {other:?}"),
    }
}

#[test]
fn a_cell_without_candidates_is_unsolvable_not_invalid() {
    // No clash among the givens, but r1c9 can hold neither 9 (column) nor
    // anything else (row).
    let puzzle: Grid = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(81 - 18)).parse().unwrap();
    assert_eq!(puzzle.validate(), Ok(()));
    assert_eq!(BitParallel::new().solve(&puzzle), Err(SolveError::Unsolvable));
    assert_eq!(BitParallel::new().count_solutions(&puzzle, 2), Ok(0));
}

/// The 9×9 rules the board takes beyond the standard ones, alone and
/// together.
fn extra_rules() -> Vec<Variant> {
    let classic = Variant::standard(Shape::CLASSIC);
    let ring: Vec<Cell> = [(0, 4), (1, 3), (1, 5), (2, 2), (2, 6), (3, 1), (3, 7), (4, 0), (4, 8)]
        .into_iter()
        .map(|(row, col)| Cell::new(row, col))
        .collect();
    let pair = [Cell::new(4, 4), Cell::new(8, 8)];
    vec![
        classic.clone().with_diagonals(),
        classic.clone().with_windows(),
        classic.clone().with_disjoint_groups(),
        classic.clone().with_relation(Relation::AntiKing),
        classic.clone().with_relation(Relation::AntiKnight),
        classic.clone().with_diagonals().with_windows().with_relation(Relation::AntiKing),
        classic.clone().with_house(&ring).unwrap(),
        classic.with_cage(&pair, None).unwrap(),
    ]
}

/// A random solution of `variant`, with `holes` of its cells emptied.
fn thinned(variant: &Variant, holes: usize, seed: u64) -> Grid {
    let empty = Puzzle::new(Grid::empty(Shape::CLASSIC), variant.clone()).unwrap();
    let solution = PropagationSearch::with_seed(seed).solve_puzzle(&empty).unwrap().grid;
    generate::with_holes(&solution, holes, seed)
}

#[test]
fn counts_under_extra_rules_agree_with_the_oracle() {
    let mut solver = BitParallel::new();
    let mut several = 0;
    for variant in extra_rules() {
        assert!(solver.supports(&Rulebook::new(variant.clone())), "{variant}");
        for seed in 0..6 {
            let grid = thinned(&variant, 50 + 2 * seed as usize, seed);
            let puzzle = Puzzle::new(grid.clone(), variant.clone()).unwrap();
            let expected = count_variant_solutions(&grid, &variant, 20).0;
            assert_eq!(solver.count_puzzle_solutions(&puzzle, 20), Ok(expected), "{variant}: {grid}");
            assert!(solver.last_stats().nodes > 0, "the board searched {variant}");
            let solution = solver.solve_puzzle(&puzzle).unwrap().grid;
            assert_eq!(check_variant_solution(&grid, &variant, &solution), Ok(()), "{variant}: {grid}");
            several += usize::from(expected > 1);
        }
    }
    assert!(several >= 20, "only {several} puzzles with several solutions: the test would prove little");
}

#[test]
fn pencil_marks_count_as_the_oracle_counts() {
    let mut solver = BitParallel::new();
    let mut counts = [0; 3];
    for seed in 0..30 {
        let solution = generate::solved_grid(Shape::CLASSIC, seed);
        let (grid, variant) =
            generate::pencil_marks(&generate::with_holes(&solution, 50, seed), &solution, 4, 60, seed);
        let expected = count_variant_solutions(&grid, &variant, 2).0;
        let puzzle = Puzzle::new(grid.clone(), variant.clone()).unwrap();
        assert_eq!(solver.count_puzzle_solutions(&puzzle, 2), Ok(expected), "{grid};{variant}");
        counts[expected as usize] += 1;
    }
    assert!(counts.iter().all(|&n| n > 0), "no candidate grid with some count: {counts:?}");
}

#[test]
fn givens_that_break_an_extra_rule_are_the_caller_s_error() {
    // r1c1 and r9c9 both 5: no row, column or box sees it, the diagonal does.
    let mut grid = Grid::empty(Shape::CLASSIC);
    grid.set(Cell::new(0, 0), Digit::new(5));
    grid.set(Cell::new(8, 8), Digit::new(5));
    let x = Puzzle::new(grid.clone(), Variant::standard(Shape::CLASSIC).with_diagonals()).unwrap();
    assert!(matches!(BitParallel::new().solve_puzzle(&x), Err(SolveError::VariantClash { .. })));
    assert!(matches!(BitParallel::new().count_puzzle_solutions(&x, 2), Err(SolveError::VariantClash { .. })));
    // Without the diagonals the same givens are fine.
    assert!(BitParallel::new().solve(&grid).is_ok());
}

#[test]
fn extra_rules_on_other_shapes_go_to_backtracking_unless_strict() {
    let x = Variant::standard(Shape::SIX).with_diagonals();
    let puzzle = Puzzle::new(Grid::empty(Shape::SIX), x.clone()).unwrap();
    let solution = BitParallel::new().solve_puzzle(&puzzle).unwrap().grid;
    assert_eq!(check_variant_solution(&Grid::empty(Shape::SIX), &x, &solution), Ok(()));
    assert!(matches!(BitParallel::strict().solve_puzzle(&puzzle), Err(SolveError::UnsupportedShape { .. })));
    // Rules the board does not take are refused by name, on 9×9 too.
    let nc = Variant::standard(Shape::CLASSIC).with_relation(Relation::NonConsecutive);
    let refused = BitParallel::new().solve_puzzle(&Puzzle::new(Grid::empty(Shape::CLASSIC), nc).unwrap());
    assert!(matches!(refused, Err(SolveError::UnsupportedVariant { kind: RuleKind::NonConsecutive, .. })));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn solutions_of_random_puzzles_are_valid(seed in any::<u64>(), holes in 0usize..=64) {
        let puzzle = generate::puzzle(Shape::CLASSIC, holes, seed);
        let solution = BitParallel::new().solve(&puzzle).unwrap();
        prop_assert_eq!(oracle::check_solution(&puzzle, &solution.grid), Ok(()));
    }

    #[test]
    fn counts_match_backtracking(seed in any::<u64>(), holes in 40usize..=60) {
        let puzzle = generate::puzzle(Shape::CLASSIC, holes, seed);
        let ours = BitParallel::new().count_solutions(&puzzle, 5).unwrap();
        prop_assert_eq!(ours, oracle::count_solutions(&puzzle, 5));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `has_solution_without` agrees with the oracle: a solution without
    /// `digit` in the cell is a solution with one of the other digits there.
    /// (At most 55 holes: the oracle's plain backtracking can take minutes
    /// to prove an open grid with a digit placed unsolvable.)
    #[test]
    fn a_solution_without_a_digit_is_one_with_another(seed in any::<u64>(), holes in 40usize..=55, cell in 0usize..81, d in 1u8..=9) {
        let puzzle = generate::puzzle(Shape::CLASSIC, holes, seed);
        let digit = sudokit_bitparallel::sudokit_core::Digit::new(d).unwrap();
        let at = sudokit_bitparallel::sudokit_core::Cell::from_index(cell, Shape::CLASSIC);
        let got = BitParallel::new().has_solution_without(&puzzle, at, digit, &Budget::unlimited()).unwrap();
        let mut values = puzzle.values().to_vec();
        let expected = if values[cell] != 0 {
            values[cell] != d && oracle::count_solutions(&puzzle, 1) > 0
        } else {
            (1..=9u8).filter(|&other| other != d).any(|other| {
                values[cell] = other;
                let placed = Grid::from_values(Shape::CLASSIC, &values).unwrap();
                !oracle::has_clash(&placed) && oracle::count_solutions(&placed, 1) > 0
            })
        };
        prop_assert_eq!(got, expected, "{} at {} without {}", puzzle, at, d);
    }
}

#[test]
fn has_solution_without_is_for_9x9_only() {
    let mini = generate::puzzle(Shape::MINI, 6, 1);
    let (cell, digit) =
        (sudokit_bitparallel::sudokit_core::Cell::new(0, 0), sudokit_bitparallel::sudokit_core::Digit::new(1).unwrap());
    let result = BitParallel::new().has_solution_without(&mini, cell, digit, &Budget::unlimited());
    assert!(matches!(result, Err(SolveError::UnsupportedShape { .. })), "{result:?}");
}
