//! Puzzles of variants, checked by the testkit's oracle of the rules (a
//! backtracking search the generator does not use): one solution, valid
//! under the rules, minimal, symmetric, the same for a seed; and random
//! jigsaw maps.

use sudokit_dlx::Dlx;
use sudokit_generate::sudokit_core::{
    Budget, CountSolutions, Grid, Puzzle, Relation, Shape, Solver, StopReason, Variant,
};
use sudokit_generate::{Difficulty, GenerateError, Generator, Givens, Symmetry};
use sudokit_rules::human::Score;
use sudokit_testkit::variant_oracle::{check_variant_solution, count_variant_solutions};

/// One variant of each kind the model has, and two compositions.
fn variants() -> Vec<(&'static str, Variant)> {
    let classic = Variant::standard(Shape::CLASSIC);
    let jigsaw = Generator::new(Shape::CLASSIC).random_jigsaw(11).unwrap();
    let jigsaw_x = Generator::for_variant(classic.clone().with_diagonals()).random_jigsaw(11).unwrap();
    vec![
        ("x", classic.clone().with_diagonals()),
        ("windoku", classic.clone().with_windows()),
        ("disjoint groups", classic.clone().with_disjoint_groups()),
        ("anti-king", classic.clone().with_relation(Relation::AntiKing)),
        ("anti-knight", classic.clone().with_relation(Relation::AntiKnight)),
        ("non-consecutive", classic.clone().with_relation(Relation::NonConsecutive)),
        ("x + anti-knight", classic.with_diagonals().with_relation(Relation::AntiKnight)),
        ("jigsaw + x", jigsaw_x),
        ("jigsaw", jigsaw),
    ]
}

/// Whether emptying any orbit of givens of `puzzle` leaves it with
/// several solutions under `variant`, by Dancing Links (which the
/// generator does not use; the oracle takes minutes on the sparsest
/// puzzles).
fn is_minimal(puzzle: &Grid, variant: &Variant, symmetry: Symmetry) -> bool {
    let shape = puzzle.shape();
    symmetry.orbits(shape).into_iter().filter(|o| puzzle.values()[o[0]] != 0).all(|orbit| {
        let mut values = puzzle.values().to_vec();
        for i in orbit {
            values[i] = 0;
        }
        Dlx::new()
            .count_puzzle_solutions(
                &Puzzle::new(Grid::from_values(shape, &values).unwrap().clone(), variant.clone()).unwrap(),
                2,
            )
            .unwrap()
            == 2
    })
}

#[test]
fn puzzles_of_every_variant_are_proper_and_minimal() {
    for (name, variant) in variants() {
        let made = Generator::for_variant(variant.clone()).generate(1).unwrap();
        check_variant_solution(&made.puzzle, &variant, &made.solution).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            Dlx::new().count_puzzle_solutions(&Puzzle::new(made.puzzle.clone(), variant.clone()).unwrap(), 2).unwrap(),
            1,
            "{name}: {}",
            made.puzzle
        );
        // The oracle too, where it takes less than a second: on puzzles
        // of 15 givens or more.
        if made.puzzle.filled_count() >= 15 {
            let (count, solution) = count_variant_solutions(&made.puzzle, &variant, 2);
            assert_eq!((count, solution.as_ref()), (1, Some(&made.solution)), "{name}: {}", made.puzzle);
        }
        assert!(is_minimal(&made.puzzle, &variant, Symmetry::None), "{name}: {}", made.puzzle);
        // The standard rules alone would not make it unique: the
        // variant's rules took part.
        if variant.regions().is_none() {
            assert_eq!(Dlx::new().count_solutions(&made.puzzle, 2).unwrap(), 2, "{name}: {}", made.puzzle);
        }
    }
}

#[test]
fn a_seed_makes_the_same_puzzle_and_seeds_differ() {
    let x = Generator::for_variant(Variant::standard(Shape::CLASSIC).with_diagonals());
    let (a, b) = (x.generate(1).unwrap(), x.generate(2).unwrap());
    assert_eq!(x.generate(1).unwrap(), a);
    assert_ne!(a.puzzle, b.puzzle);
    assert_ne!(a.solution, b.solution);
}

#[test]
fn variants_keep_a_symmetry_of_the_givens_and_a_target() {
    let x = Variant::standard(Shape::CLASSIC).with_diagonals();
    let generator = Generator::for_variant(x.clone()).with_symmetry(Symmetry::Rotate180);
    for seed in 1..=3 {
        let made = generator.generate(seed).unwrap();
        assert!(Symmetry::Rotate180.holds_for(Shape::CLASSIC, made.puzzle.values()), "{}", made.puzzle);
        assert_eq!(count_variant_solutions(&made.puzzle, &x, 2).0, 1);
        assert!(is_minimal(&made.puzzle, &x, Symmetry::Rotate180), "{}", made.puzzle);
    }
    let made = Generator::for_variant(x.clone()).with_givens(Givens::Target(30)).generate(4).unwrap();
    assert!(made.puzzle.filled_count() <= 30);
    assert_eq!(count_variant_solutions(&made.puzzle, &x, 2).0, 1);
}

#[test]
fn small_shapes_take_variants_too() {
    let six = Shape::new(2, 3).unwrap();
    let jigsaw = Generator::new(six).random_jigsaw(2).unwrap();
    let x = Variant::standard(Shape::MINI).with_diagonals();
    let anti_king = Variant::standard(six).with_relation(Relation::AntiKing);
    for variant in [jigsaw, x, anti_king] {
        for seed in 1..=3 {
            match Generator::for_variant(variant.clone()).generate(seed) {
                Ok(made) => {
                    assert_eq!(count_variant_solutions(&made.puzzle, &variant, 2).0, 1, "{variant}: {}", made.puzzle);
                    assert!(is_minimal(&made.puzzle, &variant, Symmetry::None), "{variant}: {}", made.puzzle);
                }
                Err(error) => panic!("{variant} {seed}: {error}"),
            }
        }
    }
}

#[test]
fn jigsaw_maps_depend_on_the_seed_and_keep_the_other_rules() {
    let x = Generator::for_variant(Variant::standard(Shape::CLASSIC).with_diagonals());
    let a = x.random_jigsaw(1).unwrap();
    let b = x.random_jigsaw(2).unwrap();
    assert_ne!(a.regions(), b.regions());
    assert_eq!(x.random_jigsaw(1).unwrap(), a);
    assert_eq!(a.extra_houses().len(), 2, "{a}");
    // At least one solved grid under all its rules: the one a solver
    // finds, checked by the oracle (whose own search takes a minute).
    let empty = Grid::empty(Shape::CLASSIC);
    let solved = Dlx::new().solve_puzzle(&Puzzle::new(empty.clone(), a.clone()).unwrap()).unwrap().grid;
    assert_eq!(check_variant_solution(&empty, &a, &solved), Ok(()));
}

#[test]
fn a_variant_puzzle_comes_in_the_rating_band_asked_for() {
    use sudokit_rules::human::Rater;
    let x = Variant::standard(Shape::CLASSIC).with_diagonals();
    let band = Score::from_tenths(70)..=Score::from_tenths(85);
    let hard = Difficulty::any().with_rating(band.clone());
    let made = Generator::for_variant(x.clone()).with_difficulty(hard).generate(1).expect("a puzzle in the band");
    assert!(x.is_solution_of(&made.solution, &made.puzzle));
    // Rated anew, under the rules: unique, and in the band.
    let rating = Rater::new().rate_variant(&made.puzzle, &x).expect("rated");
    assert!(band.contains(&rating.er), "{}: {}", made.puzzle, rating.er);
    assert_eq!(made.rating.map(|r| (r.er, r.ep, r.ed)), Some((rating.er, rating.ep, rating.ed)));
    // The fewest givens of a variant: two digits no given shows swap.
    let anti_king = Variant::standard(Shape::CLASSIC).with_relation(Relation::AntiKing);
    assert!(matches!(
        Generator::for_variant(anti_king).with_givens(Givens::Target(7)).generate(1),
        Err(GenerateError::Impossible { .. })
    ));
}

#[test]
fn a_node_cap_bounds_variant_requests_restarts_and_map_checks_included() {
    let x = Variant::standard(Shape::CLASSIC).with_diagonals();
    let tight = Budget::unlimited().with_max_nodes(50);
    let generator = Generator::for_variant(x).with_budget(tight);
    for outcome in [generator.generate(1).map(|_| ()), generator.random_jigsaw(1).map(|_| ())] {
        match outcome {
            Err(GenerateError::Stopped { reason: StopReason::NodeLimit, .. }) => {}
            other => panic!("{other:?}"),
        }
    }
    // The map checks' nodes count against a shared cap.
    let shared = Budget::unlimited().with_max_nodes(1_000_000).with_shared_caps();
    let jigsaw = Generator::new(Shape::CLASSIC).with_budget(shared.clone()).random_jigsaw(3).unwrap();
    let spent = 1_000_000 - shared.nodes_left().unwrap();
    assert!(spent > 0, "the map check of {jigsaw} counted no node");
    // And so do a request's searches, restarts included.
    let made = Generator::for_variant(jigsaw).with_budget(shared.clone()).generate(2);
    assert!(made.is_ok(), "{made:?}");
    assert!(1_000_000 - shared.nodes_left().unwrap() > spent);
}
