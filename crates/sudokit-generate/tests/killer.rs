//! Killers from `KillerGenerator`, checked by the testkit's oracle of the
//! rules (a backtracking search the generator does not use): one
//! solution, cages that partition the grid and hold the solution's sums,
//! minimal in cages or in givens, the same for a seed.

use sudokit_dlx::Dlx;
use sudokit_generate::sudokit_core::{Cell, CountSolutions, Grid, Puzzle, Shape, Variant};
use sudokit_generate::{GenerateError, Generated, KillerGenerator, KillerGivens};
use sudokit_testkit::variant_oracle::{check_variant_solution, count_variant_solutions};

/// The cages of a generated killer, as lists of cell indices.
fn cages(made: &Generated) -> Vec<Vec<usize>> {
    made.variant.cages().iter().map(|cage| cage.cells().to_vec()).collect()
}

/// `cages` over the standard rules of `shape`, each with the sum of its
/// digits in `solution`.
fn killer(shape: Shape, solution: &Grid, cages: &[Vec<usize>]) -> Variant {
    cages.iter().fold(Variant::standard(shape), |variant, cage| {
        let cells: Vec<Cell> = cage.iter().map(|&i| Cell::from_index(i, shape)).collect();
        let sum = cage.iter().map(|&i| u32::from(solution.values()[i])).sum();
        variant.with_cage(&cells, Some(sum)).unwrap()
    })
}

/// Whether cells `i` and `j` are orthogonal neighbours on a grid of side
/// `side`.
fn adjacent(i: usize, j: usize, side: usize) -> bool {
    (i / side == j / side && i.abs_diff(j) == 1) || i.abs_diff(j) == side
}

/// Whether the cells of `cage` are orthogonally connected on a grid of
/// side `side`.
fn connected(cage: &[usize], side: usize) -> bool {
    let mut reached = vec![cage[0]];
    let mut head = 0;
    while head < reached.len() {
        let i = reached[head];
        head += 1;
        for &j in cage {
            if adjacent(i, j, side) && !reached.contains(&j) {
                reached.push(j);
            }
        }
    }
    reached.len() == cage.len()
}

/// The checks every killer passes: the cages partition the grid into
/// connected cages of at most `largest` cells, each summing its solution
/// digits, and the oracle finds the generator's solution, alone.
fn assert_proper(made: &Generated, largest: usize) {
    let shape = made.puzzle.shape();
    let mut covered = vec![0; shape.cell_count()];
    for (cage, listed) in cages(made).iter().zip(made.variant.cages()) {
        assert!(cage.len() <= largest && connected(cage, shape.side()), "seed {}: {cage:?}", made.seed);
        let sum: u32 = cage.iter().map(|&i| u32::from(made.solution.values()[i])).sum();
        assert_eq!(listed.sum(), Some(sum), "seed {}", made.seed);
        cage.iter().for_each(|&i| covered[i] += 1);
    }
    assert!(covered.iter().all(|&n| n == 1), "seed {}: cages do not partition the grid", made.seed);
    check_variant_solution(&made.puzzle, &made.variant, &made.solution).unwrap();
    if shape.side() <= 6 {
        let (count, solution) = count_variant_solutions(&made.puzzle, &made.variant, 2);
        assert_eq!((count, solution.as_ref()), (1, Some(&made.solution)), "seed {}", made.seed);
    } else {
        // The oracle's naive search takes up to half a minute on a 9×9
        // killer; Dancing Links counts apart from the generator's search.
        let puzzle = Puzzle::new(made.puzzle.clone(), made.variant.clone()).unwrap();
        assert_eq!(Dlx::new().count_puzzle_solutions(&puzzle, 2), Ok(1), "seed {}", made.seed);
    }
}

#[test]
fn killers_without_givens_are_unique_and_minimal_in_cages() {
    for (shape, seeds) in [(Shape::MINI, 0..12), (Shape::SIX, 0..4)] {
        for seed in seeds {
            let made = KillerGenerator::new(Variant::standard(shape)).generate(seed).unwrap();
            assert_eq!(made.puzzle.filled_count(), 0);
            assert_proper(&made, 5);
            // No two neighbouring cages that could merge into one cage
            // keep the solution unique.
            let cages = cages(&made);
            let side = shape.side();
            for a in 0..cages.len() {
                for b in a + 1..cages.len() {
                    let neighbours = cages[a].iter().any(|&i| cages[b].iter().any(|&j| adjacent(i, j, side)));
                    let values = made.solution.values();
                    let distinct = cages[a].iter().all(|&i| cages[b].iter().all(|&j| values[i] != values[j]));
                    if !neighbours || !distinct || cages[a].len() + cages[b].len() > 5 {
                        continue;
                    }
                    let mut merged: Vec<Vec<usize>> = cages
                        .iter()
                        .enumerate()
                        .filter(|&(c, _)| c != a && c != b)
                        .map(|(_, cage)| cage.clone())
                        .collect();
                    merged.push([cages[a].as_slice(), cages[b].as_slice()].concat());
                    let variant = killer(shape, &made.solution, &merged);
                    let (count, _) = count_variant_solutions(&made.puzzle, &variant, 2);
                    assert_eq!(count, 2, "{shape:?} seed {seed}: cages {a} and {b} merge and stay unique");
                }
            }
        }
    }
}

#[test]
fn killers_with_givens_keep_their_layout_and_need_every_given() {
    for (shape, seeds) in [(Shape::SIX, 0..4), (Shape::CLASSIC, 0..2)] {
        for seed in seeds {
            let generator = KillerGenerator::new(Variant::standard(shape)).with_givens(KillerGivens::Minimal);
            let made = generator.generate(seed).unwrap();
            assert_proper(&made, 5);
            for i in (0..shape.cell_count()).filter(|&i| made.puzzle.values()[i] != 0) {
                let mut values = made.puzzle.values().to_vec();
                values[i] = 0;
                let fewer = Grid::from_values(shape, &values).unwrap();
                let count = Dlx::new()
                    .count_puzzle_solutions(&Puzzle::new(fewer.clone(), made.variant.clone()).unwrap(), 2)
                    .unwrap();
                assert_eq!(count, 2, "{shape:?} seed {seed}: the given of cell {i} can go");
            }
        }
    }
}

#[test]
fn a_classic_killer_without_givens_is_unique() {
    let made = KillerGenerator::new(Variant::standard(Shape::CLASSIC)).with_largest_cage(4).generate(5).unwrap();
    assert_eq!(made.puzzle.filled_count(), 0);
    assert!(cages(&made).iter().all(|cage| cage.len() <= 4));
    assert_eq!(
        Dlx::new().count_puzzle_solutions(&Puzzle::new(made.puzzle.clone(), made.variant.clone()).unwrap(), 2).unwrap(),
        1
    );
    assert!(made.variant.is_solution_of(&made.solution, &made.puzzle));
}

#[test]
fn killers_over_variant_rules_keep_the_rules() {
    let rules = Variant::standard(Shape::SIX).with_diagonals();
    let made = KillerGenerator::new(rules.clone()).generate(2).unwrap();
    assert!(rules.is_solution_of(&made.solution, &made.puzzle));
    assert_proper(&made, 5);
}

#[test]
fn a_seed_gives_one_killer() {
    let generator = KillerGenerator::new(Variant::standard(Shape::SIX));
    let (a, b, c) = (generator.generate(7).unwrap(), generator.generate(7).unwrap(), generator.generate(8).unwrap());
    assert_eq!((&a.variant, &a.solution), (&b.variant, &b.solution));
    assert_ne!(a.variant, c.variant);
}

#[test]
fn bad_parameters_are_typed_errors() {
    let rules = Variant::standard(Shape::MINI);
    for largest in [0, 1, 5] {
        let error = KillerGenerator::new(rules.clone()).with_largest_cage(largest).generate(0).unwrap_err();
        assert!(matches!(error, GenerateError::Parameter(_)), "{largest}: {error}");
    }
    let caged = rules.with_cage(&[Cell::new(0, 0), Cell::new(0, 1)], Some(3)).unwrap();
    let error = KillerGenerator::new(caged).generate(0).unwrap_err();
    assert!(matches!(error, GenerateError::Impossible { .. }), "{error}");
}

#[test]
fn killers_by_difficulty_rate_in_their_band() {
    use sudokit_generate::Difficulty;
    use sudokit_rules::human::{Rater, Score};

    let band = Score::from_tenths(27)..=Score::from_tenths(28);
    let request = KillerGenerator::new(Variant::standard(Shape::SIX))
        .with_givens(KillerGivens::Minimal)
        .with_difficulty(Difficulty::any().with_rating(band.clone()));
    for seed in 0..3 {
        let made = request.generate(seed).unwrap();
        assert_proper(&made, 5);
        // Rated again, by the rater alone: in the band, as reported.
        let rating = Rater::new().rate_variant(&made.puzzle, &made.variant).unwrap();
        assert!(band.contains(&rating.er), "seed {seed}: ER {}", rating.er);
        assert_eq!(made.rating, Some(rating));
        assert_eq!(request.generate(seed).map(|again| again.puzzle), Ok(made.puzzle));
    }
    let empty = Difficulty::any().with_rating(Score::from_tenths(30)..=Score::from_tenths(20));
    let err = KillerGenerator::new(Variant::standard(Shape::SIX)).with_difficulty(empty).generate(0).unwrap_err();
    assert!(matches!(err, GenerateError::Impossible { .. }), "{err:?}");
}

#[test]
fn a_candidate_whose_rating_passes_its_node_cap_is_dropped_for_the_next() {
    use sudokit_generate::Difficulty;
    use sudokit_generate::sudokit_core::{Budget, StopReason};
    use sudokit_rules::human::Score;

    let band = Difficulty::any().with_rating(Score::from_tenths(10)..=Score::from_tenths(120));
    let request = KillerGenerator::new(Variant::standard(Shape::MINI)).with_difficulty(band);
    // Every band killer rates within the default cap: the first candidate.
    let made = request.generate(4).unwrap();
    assert_eq!(made.attempts, 1);
    // A cap of one node stops every rating: each candidate is dropped and
    // the next made, until the puzzle's own budget (nodes here, so that
    // the run is the same everywhere) ends the request.
    let capped = request.with_rating_node_limit(1).with_budget(Budget::unlimited().with_max_nodes(3_000));
    match capped.generate(4) {
        Err(GenerateError::Stopped { reason: StopReason::NodeLimit, attempts, .. }) => {
            assert!(attempts > 1, "{attempts} attempts")
        }
        other => panic!("{other:?}"),
    }
}
