//! `Dlx` on variants, against the test kit's independent variant oracle.

use sudokit_core::{Puzzle, Rulebook};
use sudokit_dlx::Dlx;
use sudokit_dlx::sudokit_core::{Budget, CountSolutions, Grid, Relation, Shape, SolveError, Solver, Variant};
use sudokit_testkit::generate::with_holes;
use sudokit_testkit::variant_oracle::{check_variant_solution, count_variant_solutions};

/// A 9×9 jigsaw map: region `(row + column / 3) % 9`, three cells a row.
fn slanted_regions() -> Vec<u8> {
    (0..81).map(|i: usize| ((i / 9 + i % 9 / 3) % 9) as u8 + 1).collect()
}

/// The variants checked, each on its shapes.
fn variants() -> Vec<(&'static str, Variant)> {
    let classic = || Variant::standard(Shape::CLASSIC);
    let mini_jigsaw = [1, 1, 1, 2, 3, 1, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4];
    vec![
        ("x", classic().with_diagonals()),
        ("windoku", classic().with_windows()),
        ("disjoint groups", classic().with_disjoint_groups()),
        ("anti-king", classic().with_relation(Relation::AntiKing)),
        ("anti-knight", classic().with_relation(Relation::AntiKnight)),
        ("non-consecutive", classic().with_relation(Relation::NonConsecutive)),
        ("x + anti-knight", classic().with_diagonals().with_relation(Relation::AntiKnight)),
        ("jigsaw 9×9", classic().with_regions(&slanted_regions()).expect("a valid map")),
        ("jigsaw 4×4", Variant::standard(Shape::MINI).with_regions(&mini_jigsaw).expect("a valid map")),
        ("6×6 x", Variant::standard(Shape::SIX).with_diagonals()),
    ]
}

#[test]
fn dlx_agrees_with_the_oracle_on_every_variant() {
    let mut dlx = Dlx::new();
    for (name, variant) in variants() {
        // Dlx's grid, checked by the oracle: the oracle's own search is
        // too slow on an empty grid under some rules.
        let empty = Grid::empty(variant.shape());
        let solution = dlx
            .solve_puzzle(&Puzzle::new(empty.clone(), variant.clone()).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .grid;
        assert_eq!(check_variant_solution(&empty, &variant, &solution), Ok(()), "{name}: {solution}");
        assert!(variant.is_solution_of(&solution, &empty), "{name}: {solution}");
        let mut unique = 0;
        for seed in 0..8 {
            let cells = variant.shape().cell_count();
            let puzzle = with_holes(&solution, cells / 2, seed);
            let expected = count_variant_solutions(&puzzle, &variant, 2).0;
            let count = dlx
                .count_puzzle_solutions(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap(), 2)
                .expect("no limit");
            assert_eq!(count, expected, "{name}: {puzzle}");
            let answer = dlx
                .solve_puzzle(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap())
                .expect("a solvable puzzle")
                .grid;
            assert_eq!(check_variant_solution(&puzzle, &variant, &answer), Ok(()), "{name}: {puzzle}");
            assert!(variant.is_solution_of(&answer, &puzzle), "{name}: {answer}");
            unique += usize::from(count == 1);
        }
        assert!(unique > 0, "{name}: no puzzle with one solution among 8");
    }
}

#[test]
fn the_standard_rules_of_a_variant_are_solved_as_standard_puzzles() {
    let puzzle: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
    let mut dlx = Dlx::new();
    let plain = dlx.solve(&puzzle).unwrap().grid;
    assert_eq!(
        dlx.solve_puzzle(&Puzzle::new(puzzle.clone(), Variant::standard(Shape::CLASSIC).clone()).unwrap())
            .unwrap()
            .grid,
        plain
    );
    assert_eq!(
        dlx.count_puzzle_solutions(&Puzzle::new(puzzle.clone(), Variant::standard(Shape::CLASSIC).clone()).unwrap(), 2),
        Ok(1)
    );
}

#[test]
fn givens_that_break_a_rule_name_it() {
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "5");
    line.replace_range(80..81, "5");
    let puzzle: Grid = line.parse().unwrap();
    let x = Variant::standard(Shape::CLASSIC).with_diagonals();
    let err = Dlx::new().solve_puzzle(&Puzzle::new(puzzle.clone(), x.clone()).unwrap()).unwrap_err();
    assert!(matches!(err, SolveError::VariantClash { .. }), "{err:?}");
    assert_eq!(err.to_string(), "invalid puzzle: r1c1 and r9c9 both hold 5 in the main diagonal");
    // A grid and rules of two shapes make no puzzle.
    let err = Puzzle::new(puzzle.clone(), Variant::standard(Shape::MINI)).unwrap_err();
    assert!(matches!(err, SolveError::ShapeMismatch { .. }), "{err:?}");
}

#[test]
fn a_budget_bounds_a_variant_search() {
    let empty = Grid::empty(Shape::TWELVE);
    let anti_knight = Variant::standard(Shape::TWELVE).with_relation(Relation::AntiKnight);
    let budget = Budget::unlimited().with_max_nodes(10);
    let err =
        Dlx::new().solve_puzzle_with(&Puzzle::new(empty.clone(), anti_knight.clone()).unwrap(), &budget).unwrap_err();
    assert!(matches!(err, SolveError::BudgetExhausted { .. }), "{err:?}");
}

#[test]
fn restarts_bound_the_heavy_tail_of_an_empty_grid() {
    // Without restarts, this search ran for over a minute (tens of
    // millions of nodes) on the first order it tried.
    let x_anti_knight = Variant::standard(Shape::CLASSIC).with_diagonals().with_relation(Relation::AntiKnight);
    let empty = Grid::empty(Shape::CLASSIC);
    // The seeded restarts solve it in 121 401 nodes.
    let budget = Budget::unlimited().with_max_nodes(1_000_000);
    let solution = Dlx::new()
        .solve_puzzle_with(&Puzzle::new(empty.clone(), x_anti_knight.clone()).unwrap(), &budget)
        .expect("solved within the nodes");
    assert_eq!(check_variant_solution(&empty, &x_anti_knight, &solution.grid), Ok(()));
}

#[test]
fn a_house_smaller_than_the_side_holds_each_digit_at_most_once() {
    // Found by the fuzz run: a two-cell house of one's own was asked to
    // hold all four digits, so no grid solved it.
    let puzzle: Grid = "...4..13....2341".parse().unwrap();
    let cells = [sudokit_dlx::sudokit_core::Cell::new(0, 0), sudokit_dlx::sudokit_core::Cell::new(1, 1)];
    let variant = Variant::parse("jigsaw=1111222233334444", Shape::MINI).unwrap().with_house(&cells).unwrap();
    let (expected, _) = count_variant_solutions(&puzzle, &variant, 2);
    assert_eq!(expected, 1);
    assert_eq!(
        Dlx::new().count_puzzle_solutions(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap(), 2),
        Ok(expected)
    );
    let answer = Dlx::new().solve_puzzle(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap()).unwrap().grid;
    assert_eq!(check_variant_solution(&puzzle, &variant, &answer), Ok(()));
}

#[test]
fn killers_without_givens_come_back_to_the_grid_their_sums_were_taken_from() {
    let mut dlx = Dlx::new();
    let empty = Grid::empty(Shape::CLASSIC);
    let mut unique = 0;
    for seed in 1..=8 {
        let source = sudokit_testkit::generate::solved_grid(Shape::CLASSIC, seed);
        let killer = sudokit_testkit::generate::killer_cages(Variant::standard(Shape::CLASSIC), &source, 4, seed);
        let count =
            dlx.count_puzzle_solutions(&Puzzle::new(empty.clone(), killer.clone()).unwrap(), 2).expect("no limit");
        let solution = dlx
            .solve_puzzle(&Puzzle::new(empty.clone(), killer.clone()).unwrap())
            .expect("the source grid solves it")
            .grid;
        assert_eq!(check_variant_solution(&empty, &killer, &solution), Ok(()), "seed {seed}");
        // A killer of one solution has the grid its sums came from.
        if count == 1 {
            assert_eq!(solution, source, "seed {seed}");
            unique += 1;
        }
        assert!((1..=2).contains(&count), "seed {seed}: {count}");
    }
    assert!(unique > 0, "cages of up to four cells pin most grids");
}

#[test]
fn a_cage_sum_no_given_fits_is_a_typed_error() {
    let cells = [sudokit_dlx::sudokit_core::Cell::new(0, 0), sudokit_dlx::sudokit_core::Cell::new(0, 1)];
    let killer = Variant::standard(Shape::CLASSIC).with_cage(&cells, Some(4)).expect("1 + 3");
    let mut puzzle = Grid::empty(Shape::CLASSIC);
    puzzle.set(cells[0], sudokit_dlx::sudokit_core::Digit::new(2));
    let err = Dlx::new().solve_puzzle(&Puzzle::new(puzzle.clone(), killer.clone()).unwrap()).unwrap_err();
    assert!(matches!(err, SolveError::CageClash { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "invalid puzzle: cage 1 (r1c1, r1c2: 4) holds 2, which no digit in its empty cell completes"
    );
    // A small cage of a 25×25 killer is taken; one of 13 cells, whose
    // sum's combinations run to millions, is refused, not ground through.
    let small = Variant::standard(Shape::TWENTY_FIVE).with_cage(&cells, Some(4)).expect("1 + 3");
    assert!(Dlx::new().supports(&Rulebook::new(small.clone())));
    let row: Vec<_> = (0..13).map(|col| sudokit_dlx::sudokit_core::Cell::new(0, col)).collect();
    let big = Variant::standard(Shape::TWENTY_FIVE).with_cage(&row, Some(169)).expect("13 digits can make 169");
    assert!(!Dlx::new().supports(&Rulebook::new(big.clone())));
    let err = Dlx::new()
        .solve_puzzle(&Puzzle::new(Grid::empty(Shape::TWENTY_FIVE).clone(), big.clone()).unwrap())
        .unwrap_err();
    assert!(matches!(err, SolveError::UnsupportedVariant { .. }), "{err:?}");
}
