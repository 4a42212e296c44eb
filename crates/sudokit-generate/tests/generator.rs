//! Generated puzzles, checked by the testkit's oracle (a solver the
//! generator does not use): one solution, minimal, symmetric, as many
//! givens and as hard as asked, the same for a seed.

use sudokit_generate::sudokit_core::{Budget, CancelFlag, Grid, Shape, StopReason};
use sudokit_generate::{Difficulty, GenerateError, Generator, Givens, Symmetry};
use sudokit_rules::human::{Level, Score, Technique, rate};
use sudokit_testkit::oracle;

/// Whether emptying any orbit of givens of `puzzle` leaves it with
/// several solutions.
fn is_minimal(puzzle: &Grid, symmetry: Symmetry) -> bool {
    let shape = puzzle.shape();
    symmetry.orbits(shape).into_iter().filter(|o| puzzle.values()[o[0]] != 0).all(|orbit| {
        let mut values = puzzle.values().to_vec();
        for i in orbit {
            values[i] = 0;
        }
        oracle::count_solutions(&Grid::from_values(shape, &values).unwrap(), 2) == 2
    })
}

#[test]
fn minimal_puzzles_of_every_symmetry_are_proper_minimal_and_symmetric() {
    for symmetry in Symmetry::ALL {
        let generator = Generator::new(Shape::CLASSIC).with_symmetry(symmetry);
        for seed in 1..=6 {
            let made = generator.generate(seed).unwrap();
            assert_eq!(oracle::unique_solution(&made.puzzle), Some(made.solution.clone()), "{symmetry} {seed}");
            assert!(symmetry.holds_for(Shape::CLASSIC, made.puzzle.values()), "{symmetry} {seed}: {}", made.puzzle);
            assert!(is_minimal(&made.puzzle, symmetry), "{symmetry} {seed}: {}", made.puzzle);
            assert_eq!((made.seed, made.attempts), (seed, 1));
        }
    }
}

#[test]
fn other_shapes_give_proper_minimal_puzzles() {
    let shapes = [Shape::MINI, Shape::SIX, Shape::new(3, 2).unwrap(), Shape::new(2, 4).unwrap(), Shape::TWELVE];
    for shape in shapes {
        for (seed, symmetry) in [(1, Symmetry::None), (2, Symmetry::Rotate180), (3, Symmetry::Diagonal)] {
            let made = Generator::new(shape).with_symmetry(symmetry).generate(seed).unwrap();
            assert_eq!(made.puzzle.shape(), shape);
            assert_eq!(oracle::unique_solution(&made.puzzle), Some(made.solution.clone()), "{shape} {seed}");
            assert!(symmetry.holds_for(shape, made.puzzle.values()));
            // The oracle's minimality check on 12x12 (a count per given)
            // takes minutes in a debug build.
            if shape.side() <= 8 {
                assert!(is_minimal(&made.puzzle, symmetry), "{shape} {seed}: {}", made.puzzle);
            }
        }
    }
}

#[test]
fn sixteen_by_sixteen_with_a_target_number_of_givens() {
    let made = Generator::new(Shape::SIXTEEN).with_givens(Givens::Target(140)).generate(5).unwrap();
    assert!(made.puzzle.filled_count() <= 140, "{}", made.puzzle.filled_count());
    assert_eq!(oracle::unique_solution(&made.puzzle), Some(made.solution));
}

#[test]
fn a_seed_gives_the_same_puzzle_and_seeds_differ() {
    let generator = Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Rotate180);
    let first = generator.generate(42).unwrap();
    assert_eq!(generator.generate(42).unwrap(), first);
    assert_ne!(generator.generate(43).unwrap().puzzle, first.puzzle);
    // Another generator with the same settings, after other work.
    let _ = Generator::new(Shape::SIX).generate(1).unwrap();
    assert_eq!(Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Rotate180).generate(42).unwrap(), first);
}

#[test]
fn a_target_number_of_givens_is_met_or_the_budget_says_so() {
    let made = Generator::new(Shape::CLASSIC).with_givens(Givens::Target(30)).generate(3).unwrap();
    assert!(made.puzzle.filled_count() <= 30);
    assert_eq!(oracle::count_solutions(&made.puzzle, 2), 1);
    // Above the target a minimal puzzle is a reject; 19 givens take many
    // grids, more than an iteration-free budget of a cancelled flag allows.
    let flag = CancelFlag::new();
    flag.cancel();
    let cancelled = Budget::unlimited().with_cancel_flag(flag);
    let result = Generator::new(Shape::CLASSIC).with_givens(Givens::Target(19)).with_budget(cancelled).generate(1);
    assert!(matches!(result, Err(GenerateError::Stopped { reason: StopReason::Cancelled, .. })), "{result:?}");
}

#[test]
fn impossible_requests_are_refused_at_once() {
    let impossible = |g: Generator| matches!(g.generate(1), Err(GenerateError::Impossible { .. }));
    assert!(impossible(Generator::new(Shape::CLASSIC).with_givens(Givens::Target(16))));
    let empty = Difficulty::any().with_rating(Score::from_tenths(50)..=Score::from_tenths(40));
    assert!(impossible(Generator::new(Shape::CLASSIC).with_difficulty(empty)));
    // The named patterns are off the rating path, which finds them as chains.
    for technique in [
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::WWing,
        Technique::RemotePair,
        Technique::EmptyRectangle,
        Technique::SimpleColouring,
    ] {
        let named = Difficulty::any().with_technique(technique);
        assert!(impossible(Generator::new(Shape::CLASSIC).with_difficulty(named)), "{technique}");
    }
}

#[test]
fn a_target_of_every_cell_or_more_is_a_parameter_error() {
    for target in [81, 1000, usize::MAX] {
        let result = Generator::new(Shape::CLASSIC).with_givens(Givens::Target(target)).generate(1);
        let Err(GenerateError::Parameter(error)) = result else { panic!("{target}: {result:?}") };
        assert_eq!(error.name(), "givens");
        assert_eq!(error.value(), target.to_string());
    }
    assert!(Generator::new(Shape::MINI).with_givens(Givens::Target(15)).generate(1).is_ok());
}

#[test]
fn three_givens_on_a_4x4_are_impossible_at_once() {
    let result = Generator::new(Shape::MINI).with_givens(Givens::Target(3)).generate(1);
    assert!(matches!(result, Err(GenerateError::Impossible { .. })), "{result:?}");
    let made = Generator::new(Shape::MINI).with_givens(Givens::Target(4)).generate(1).unwrap();
    assert_eq!(made.puzzle.filled_count(), 4);
    assert_eq!(oracle::count_solutions(&made.puzzle, 2), 1);
}

/// Node and iteration caps bound a whole request, not each of its solves:
/// a request no puzzle meets soon (17 givens) stops on the cap.
#[test]
fn node_and_iteration_caps_bound_a_whole_request() {
    let seventeen = Generator::new(Shape::CLASSIC).with_givens(Givens::Target(17));
    let nodes = seventeen.clone().with_budget(Budget::unlimited().with_max_nodes(200_000)).generate(1);
    assert!(matches!(nodes, Err(GenerateError::Stopped { reason: StopReason::NodeLimit, .. })), "{nodes:?}");
    let iterations = seventeen.with_budget(Budget::unlimited().with_max_iterations(50)).generate(1);
    let Err(GenerateError::Stopped { reason: StopReason::IterationLimit, attempts, .. }) = iterations else {
        panic!("{iterations:?}")
    };
    assert_eq!(attempts, 50);
    // Ratings count too: their steps are iterations.
    let rated = Generator::new(Shape::CLASSIC)
        .with_difficulty(Difficulty::any().with_rating(Score::from_tenths(90)..=Score::from_tenths(120)))
        .with_budget(Budget::unlimited().with_max_iterations(500));
    let result = rated.generate(1);
    assert!(matches!(result, Err(GenerateError::Stopped { reason: StopReason::IterationLimit, .. })), "{result:?}");
}

/// A band request spreads over its band (see `Difficulty`): the first
/// puzzle a search meets in 2.0..4.0 is nearly always rated 2.0 to 2.6,
/// while targets drawn over the band reach its upper half too.
#[test]
fn band_requests_spread_over_the_band() {
    let band = Score::from_tenths(20)..=Score::from_tenths(40);
    let generator = Generator::new(Shape::CLASSIC).with_difficulty(Difficulty::any().with_rating(band.clone()));
    let ers: Vec<Score> = (1..=24).map(|seed| generator.generate(seed).unwrap().rating.unwrap().er).collect();
    assert!(ers.iter().all(|er| band.contains(er)), "{ers:?}");
    let distinct: std::collections::BTreeSet<Score> = ers.iter().copied().collect();
    assert!(distinct.len() >= 6, "{ers:?}");
    assert!(ers.iter().filter(|er| er.tenths() >= 30).count() >= 6, "{ers:?}");
}

#[test]
fn rated_requests_give_puzzles_of_that_rating() {
    let range = Score::from_tenths(26)..=Score::from_tenths(40);
    let generator = Generator::new(Shape::CLASSIC).with_difficulty(Difficulty::any().with_rating(range.clone()));
    for seed in 1..=3 {
        let made = generator.generate(seed).unwrap();
        let rating = rate(&made.puzzle).unwrap();
        assert_eq!(made.rating, Some(rating));
        assert!(range.contains(&rating.er), "{}: {}", made.puzzle, rating.er);
    }
    let hard = Generator::new(Shape::CLASSIC).with_difficulty(Difficulty::any().with_level(Level::Hard));
    let made = hard.generate(1).unwrap();
    assert_eq!(rate(&made.puzzle).unwrap().level, Level::Hard);
    let x_wing = Generator::new(Shape::CLASSIC).with_difficulty(Difficulty::any().with_technique(Technique::XWing));
    let made = x_wing.generate(2).unwrap();
    assert_eq!(rate(&made.puzzle).unwrap().hardest, Some(Technique::XWing));
}
