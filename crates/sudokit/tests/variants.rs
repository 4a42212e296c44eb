//! Every registered solver under variants' rules: those that take a
//! variant agree with the test kit's independent oracle, the others refuse
//! it with a typed error.

use sudokit::{Cell, Grid, LineKind, Puzzle, Relation, Rulebook, Shape, SolveError, Variant, registry};
use sudokit_testkit::generate::{
    arrows, clones, extrema, indexers, killer_cages, lines, little_killers, overlapping_cages, parities, pill_arrows,
    quadruples, sandwiches, sightlines, solved_grid, with_holes,
};
use sudokit_testkit::variant_oracle::{check_variant_solution, count_variant_solutions, variant_true_candidates};

/// The seed of the 9×9 killer's solution.
const KILLER_SEED: u64 = 4;

/// Variants of every kind, on small grids so that the oracle is quick.
fn variants() -> Vec<(&'static str, Variant)> {
    let jigsaw = [1, 1, 1, 2, 3, 1, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4];
    let six = || Variant::standard(Shape::SIX);
    vec![
        ("jigsaw 4×4", Variant::standard(Shape::MINI).with_regions(&jigsaw).expect("a valid map")),
        ("6×6 x", six().with_diagonals()),
        ("6×6 windoku", six().with_windows()),
        ("6×6 disjoint groups", six().with_disjoint_groups()),
        ("6×6 anti-king", six().with_relation(Relation::AntiKing)),
        ("6×6 anti-knight", six().with_relation(Relation::AntiKnight)),
        ("6×6 non-consecutive", six().with_relation(Relation::NonConsecutive)),
        (
            "6×6 with a house of three",
            six().with_house(&[Cell::new(0, 0), Cell::new(2, 3), Cell::new(5, 5)]).expect("a valid house"),
        ),
        ("9×9 x + anti-king", Variant::standard(Shape::CLASSIC).with_diagonals().with_relation(Relation::AntiKing)),
        ("6×6 killer", killer_cages(six(), &solved_grid(Shape::SIX, 3), 4, 3)),
        (
            "6×6 killer with overlapping cages",
            overlapping_cages(
                killer_cages(six(), &solved_grid(Shape::SIX, 5), 4, 5),
                &solved_grid(Shape::SIX, 5),
                6,
                4,
                5,
            ),
        ),
        (
            "9×9 killer",
            killer_cages(Variant::standard(Shape::CLASSIC), &solved_grid(Shape::CLASSIC, KILLER_SEED), 5, 4),
        ),
        ("6×6 thermometers", lines(six(), &solved_grid(Shape::SIX, 7), LineKind::Thermometer, 5, 5, 7)),
        (
            "6×6 slow thermometers and palindromes",
            lines(
                lines(six(), &solved_grid(Shape::SIX, 8), LineKind::SlowThermometer, 4, 5, 8),
                &solved_grid(Shape::SIX, 8),
                LineKind::Palindrome,
                3,
                4,
                8,
            ),
        ),
        ("6×6 minimum and maximum cells", extrema(six(), &solved_grid(Shape::SIX, 11), 60, 11)),
        (
            "6×6 maximum cells side by side",
            Variant::parse("maximum=r1c1+r1c2+r2c1,minimum=r6c6+r6c5+r5c6", Shape::SIX).expect("valid rules"),
        ),
        ("6×6 even and odd cells", parities(six(), &solved_grid(Shape::SIX, 12), 40, 12)),
        (
            "9×9 even and odd cells with thermometers",
            parities(
                lines(
                    Variant::standard(Shape::CLASSIC),
                    &solved_grid(Shape::CLASSIC, KILLER_SEED),
                    LineKind::Thermometer,
                    4,
                    5,
                    13,
                ),
                &solved_grid(Shape::CLASSIC, KILLER_SEED),
                25,
                13,
            ),
        ),
        ("6×6 arrows", arrows(six(), &solved_grid(Shape::SIX, 14), 5, 14)),
        ("6×6 little killers", little_killers(six(), &solved_grid(Shape::SIX, 15), 4, 15)),
        ("6×6 pill arrows", pill_arrows(six(), &solved_grid(Shape::SIX, 30), 3, 30)),
        (
            "9×9 arrows and little killers",
            little_killers(
                arrows(Variant::standard(Shape::CLASSIC), &solved_grid(Shape::CLASSIC, KILLER_SEED), 6, 16),
                &solved_grid(Shape::CLASSIC, KILLER_SEED),
                4,
                16,
            ),
        ),
        ("6×6 German whispers", lines(six(), &solved_grid(Shape::SIX, 9), LineKind::german_whispers(6), 4, 6, 9)),
        ("6×6 between lines", lines(six(), &solved_grid(Shape::SIX, 22), LineKind::Between, 6, 5, 22)),
        ("6×6 region-sum lines", lines(six(), &solved_grid(Shape::SIX, 29), LineKind::RegionSum, 6, 4, 29)),
        ("6×6 quadruples", quadruples(six(), &solved_grid(Shape::SIX, 20), 6, 20)),
        ("6×6 sandwiches", sandwiches(six(), &solved_grid(Shape::SIX, 23), 6, 23)),
        ("6×6 x-sums and skyscrapers", sightlines(six(), &solved_grid(Shape::SIX, 30), 6, 30)),
        (
            "9×9 x-sums and skyscrapers with thermometers",
            sightlines(
                lines(
                    Variant::standard(Shape::CLASSIC),
                    &solved_grid(Shape::CLASSIC, KILLER_SEED),
                    LineKind::Thermometer,
                    2,
                    4,
                    31,
                ),
                &solved_grid(Shape::CLASSIC, KILLER_SEED),
                10,
                31,
            ),
        ),
        (
            "6×6 every black dot given",
            Variant::parse("black=r1c1+r1c2,white=r3c3+r3c4,black-negative", Shape::SIX).expect("valid rules"),
        ),
        ("6×6 clones", clones(six(), &solved_grid(Shape::SIX, 25), 5, 25)),
        ("6×6 indexers", indexers(six(), &solved_grid(Shape::SIX, 27), 6, 27)),
        (
            "9×9 indexers with arrows",
            indexers(
                arrows(Variant::standard(Shape::CLASSIC), &solved_grid(Shape::CLASSIC, KILLER_SEED), 4, 28),
                &solved_grid(Shape::CLASSIC, KILLER_SEED),
                9,
                28,
            ),
        ),
        (
            "9×9 clones with thermometers",
            clones(
                lines(
                    Variant::standard(Shape::CLASSIC),
                    &solved_grid(Shape::CLASSIC, KILLER_SEED),
                    LineKind::Thermometer,
                    3,
                    4,
                    26,
                ),
                &solved_grid(Shape::CLASSIC, KILLER_SEED),
                6,
                26,
            ),
        ),
        (
            "9×9 sandwiches with little killers",
            sandwiches(
                little_killers(Variant::standard(Shape::CLASSIC), &solved_grid(Shape::CLASSIC, KILLER_SEED), 2, 24),
                &solved_grid(Shape::CLASSIC, KILLER_SEED),
                8,
                24,
            ),
        ),
        (
            "9×9 quadruples with renban",
            quadruples(
                lines(
                    Variant::standard(Shape::CLASSIC),
                    &solved_grid(Shape::CLASSIC, KILLER_SEED),
                    LineKind::Renban(0),
                    4,
                    4,
                    21,
                ),
                &solved_grid(Shape::CLASSIC, KILLER_SEED),
                8,
                21,
            ),
        ),
        ("6×6 renban", lines(six(), &solved_grid(Shape::SIX, 17), LineKind::Renban(0), 5, 5, 17)),
        (
            "6×6 entropic and modular lines",
            lines(
                lines(six(), &solved_grid(Shape::SIX, 18), LineKind::entropic(6), 3, 5, 18),
                &solved_grid(Shape::SIX, 18),
                LineKind::modular(6),
                3,
                5,
                18,
            ),
        ),
        (
            "9×9 renban and entropic lines",
            lines(
                lines(
                    Variant::standard(Shape::CLASSIC),
                    &solved_grid(Shape::CLASSIC, KILLER_SEED),
                    LineKind::Renban(0),
                    6,
                    5,
                    19,
                ),
                &solved_grid(Shape::CLASSIC, KILLER_SEED),
                LineKind::entropic(9),
                3,
                6,
                19,
            ),
        ),
        (
            "9×9 thermometers",
            lines(
                Variant::standard(Shape::CLASSIC),
                &solved_grid(Shape::CLASSIC, KILLER_SEED),
                LineKind::Thermometer,
                8,
                6,
                10,
            ),
        ),
        (
            "6×6 cages without sums",
            six()
                .with_cage(&[Cell::new(0, 0), Cell::new(1, 1)], None)
                .and_then(|v| v.with_cage(&[Cell::new(3, 3), Cell::new(3, 4), Cell::new(4, 3)], None))
                .expect("valid cages"),
        ),
    ]
}

/// Puzzles of `variant`: seeded holes in a grid the oracle completes.
fn puzzles(variant: &Variant) -> Vec<Grid> {
    let shape = variant.shape();
    let mut start = Grid::empty(shape);
    // A 9×9 empty grid is slow for the oracle: one seeded row first, or
    // for a killer the grid its sums came from, which the oracle checks.
    let drawn = !variant.arrows().is_empty()
        || !variant.little_killers().is_empty()
        || !variant.quadruples().is_empty()
        || !variant.sandwiches().is_empty()
        || !variant.indexers().is_empty()
        || !variant.sightlines().is_empty();
    if shape == Shape::CLASSIC && (variant.has_sums() || !variant.lines().is_empty() || drawn) {
        start = solved_grid(shape, KILLER_SEED);
    } else if shape == Shape::CLASSIC {
        let values: Vec<u8> = [1, 2, 3, 4, 5, 6, 7, 8, 9].iter().copied().chain([0; 72]).collect();
        start = Grid::from_values(shape, &values).expect("a grid");
    }
    let solution = count_variant_solutions(&start, variant, 1).1.expect("the rules allow a grid");
    let mut puzzles: Vec<Grid> = (0..6u64).map(|seed| with_holes(&solution, shape.cell_count() / 2, seed)).collect();
    // Most killers and line puzzles have no givens (the oracle takes
    // minutes on a 9×9 killer).
    let marked = !variant.extrema().is_empty() || !variant.parities().is_empty() || drawn;
    if (variant.has_sums() || !variant.lines().is_empty() || marked) && shape != Shape::CLASSIC {
        puzzles.push(Grid::empty(shape));
    }
    puzzles
}

#[test]
fn solvers_that_take_a_variant_agree_with_the_oracle_and_the_others_refuse_it() {
    for (name, variant) in variants() {
        if name.contains("overlapping") {
            assert!(variant.separate_cages().len() + 6 <= variant.cages().len(), "{name}: cages that overlap");
        }
        let puzzles = puzzles(&variant);
        let expected: Vec<u64> = puzzles.iter().map(|p| count_variant_solutions(p, &variant, 2).0).collect();
        let mut takers = 0;
        for info in registry::solvers() {
            let mut solver = info.build();
            if !solver.supports(&Rulebook::new(variant.clone())) {
                let err = solver.solve_puzzle(&Puzzle::new(puzzles[0].clone(), variant.clone()).unwrap()).unwrap_err();
                assert!(matches!(err, SolveError::UnsupportedVariant { .. }), "{} on {name}: {err:?}", info.name());
                continue;
            }
            takers += 1;
            for puzzle in &puzzles {
                let answer =
                    solver.solve_puzzle(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap()).map(|s| s.grid);
                let answer = answer.unwrap_or_else(|e| panic!("{} on {name}, {puzzle}: {e}", info.name()));
                assert_eq!(check_variant_solution(puzzle, &variant, &answer), Ok(()), "{} on {name}", info.name());
            }
            if let Some(mut counter) = info.build_counter() {
                let counts: Vec<u64> = puzzles
                    .iter()
                    .map(|p| {
                        counter
                            .count_puzzle_solutions(&Puzzle::new(p.clone(), variant.clone()).unwrap(), 2)
                            .expect("no limit")
                    })
                    .collect();
                assert_eq!(counts, expected, "{} on {name}", info.name());
            }
        }
        // auto, propagation, dlx, backtracking-mrv, rules and the four
        // local searches take every variant; the five exact colourings all
        // but non-consecutive, cage sums and lines; fast all but those and
        // jigsaw.
        let expected_takers = match name {
            // auto, propagation, backtracking-mrv and rules.
            _ if [
                "arrows",
                "little killers",
                "quadruples",
                "between",
                "region-sum",
                "sandwiches",
                "indexers",
                "x-sums",
            ]
            .iter()
            .any(|kind| name.contains(kind)) =>
            {
                4
            }
            _ if ["thermometers", "whispers", "maximum", "renban", "entropic", "clones"]
                .iter()
                .any(|kind| name.contains(kind)) =>
            {
                9
            }
            _ if name.contains("non-consecutive") || name.contains("dot") => 9,
            _ if name.contains("killer") => 9,
            _ if name.contains("jigsaw") => 14,
            _ => 15,
        };
        assert_eq!(takers, expected_takers, "{name}");
    }
}

#[test]
fn true_candidates_agree_with_the_oracle_under_every_variant() {
    let mut several = 0;
    for (name, variant) in variants().into_iter().filter(|(_, v)| v.shape() != Shape::CLASSIC) {
        let (shape, rules) = (variant.shape(), Rulebook::new(variant.clone()));
        let solution = count_variant_solutions(&Grid::empty(shape), &variant, 1).1.expect("the rules allow a grid");
        for seed in 0..3u64 {
            let puzzle = with_holes(&solution, shape.cell_count() * 3 / 4, seed);
            let expected = variant_true_candidates(&puzzle, &variant);
            several += usize::from(expected.iter().any(|set| set.count_ones() > 1));
            for info in registry::solvers().iter().filter(|info| info.takes(&rules)) {
                let Some(mut counter) = info.build_counter() else { continue };
                let mine = counter.true_candidates(&Puzzle::new(puzzle.clone(), rules.clone()).unwrap());
                assert_eq!(mine, Ok(expected.clone()), "{} on {name}, {puzzle}", info.name());
            }
        }
    }
    assert!(several > 10, "only {several} puzzles with several solutions: the test would prove little");
}

/// Two cages over the same cells with different sums leave no solution:
/// every exact counter that takes them counts none (`propagation` once
/// kept one sum of the two and counted several).
#[test]
fn two_sums_over_the_same_cells_leave_no_solution() {
    let variant = Variant::parse("cage=3:r1c1+r1c2,cage=4:r1c1+r1c2", Shape::MINI).expect("valid rules");
    let puzzle = Puzzle::new(Grid::empty(Shape::MINI), variant.clone()).expect("one shape");
    assert_eq!(count_variant_solutions(puzzle.grid(), &variant, 2).0, 0);
    let mut counted = 0;
    for info in registry::solvers().iter().filter(|info| info.takes(puzzle.rules())) {
        let Some(mut counter) = info.build_counter() else { continue };
        assert_eq!(counter.count_puzzle_solutions(&puzzle, 2), Ok(0), "{}", info.name());
        counted += 1;
    }
    assert!(counted >= 4, "auto, propagation, dlx and backtracking-mrv count it");
}
