//! The neighbourhood search: every find checked by the testkit's oracle
//! (one solution, minimal when asked) and rated again, finds new up to
//! symmetry, the same finds for a seed, and its errors and budget.

use std::collections::HashSet;

use sudokit_generate::sudokit_core::{Budget, Grid, StopReason};
use sudokit_generate::{Difficulty, GenerateError, Vicinity, canonical_puzzle};
use sudokit_rules::human::{Score, rate};
use sudokit_testkit::oracle;

/// A generated puzzle rated 7.2.
const SEED: &str = "38.5......49..6.5..7..8...1....5..9..........8.2..4.....7..29....49.87.5.6.....2.";

fn seed() -> Grid {
    SEED.parse().unwrap()
}

fn band(low: u16, high: u16) -> Difficulty {
    Difficulty::any().with_rating(Score::from_tenths(low)..=Score::from_tenths(high))
}

#[test]
fn finds_are_proper_new_and_in_the_band() {
    let wanted = Score::from_tenths(75)..=Score::from_tenths(120);
    let search = Vicinity::new(band(75, 120)).search(&[seed()], 7).unwrap();
    let mut forms = HashSet::from([canonical_puzzle(&seed()).unwrap().grid]);
    for found in search.take(4) {
        let found = found.unwrap();
        assert_eq!(oracle::count_solutions(&found.puzzle, 2), 1, "{}", found.puzzle);
        assert_eq!(oracle::unique_solution(&found.puzzle).as_ref(), Some(&found.solution));
        let rating = rate(&found.puzzle).unwrap();
        assert_eq!(rating, found.rating);
        assert!(wanted.contains(&rating.er), "{}: {}", found.puzzle, rating.er);
        assert!(forms.insert(canonical_puzzle(&found.puzzle).unwrap().grid), "{} seen before", found.puzzle);
    }
}

#[test]
fn minimal_searches_find_minimal_puzzles() {
    let search = Vicinity::new(band(70, 120)).with_minimal(true).search(&[seed()], 3).unwrap();
    for found in search.take(3) {
        let puzzle = found.unwrap().puzzle;
        for i in (0..81).filter(|&i| puzzle.values()[i] != 0) {
            let mut values = puzzle.values().to_vec();
            values[i] = 0;
            let fewer = Grid::from_values(puzzle.shape(), &values).unwrap();
            assert_eq!(oracle::count_solutions(&fewer, 2), 2, "{puzzle}: r{}c{} can go", i / 9 + 1, i % 9 + 1);
        }
    }
}

#[test]
fn a_seed_gives_the_same_finds() {
    let vicinity = Vicinity::new(band(75, 120)).with_moves(3).unwrap();
    let finds = |seed| -> Vec<String> {
        let search = vicinity.search(&[self::seed()], seed).unwrap();
        search.take(2).map(|found| found.unwrap().puzzle.to_string()).collect()
    };
    let first = finds(11);
    assert_eq!(first.len(), 2);
    assert_eq!(finds(11), first);
    assert_ne!(finds(12), first);
}

#[test]
fn bad_seeds_and_settings_are_refused() {
    let vicinity = Vicinity::new(band(75, 120));
    let impossible = |result: Result<_, GenerateError>| matches!(result, Err(GenerateError::Impossible { .. }));
    assert!(impossible(vicinity.search(&[], 1)));
    let several: Grid = SEED.replacen('3', ".", 1).parse().unwrap();
    let Err(GenerateError::Impossible { reason }) = vicinity.search(&[seed(), several], 1) else { panic!() };
    assert!(reason.contains("seed puzzle 2"), "{reason}");
    let small: Grid = "1...........3..4".parse().unwrap();
    assert!(impossible(vicinity.search(&[small], 1)));
    assert!(matches!(vicinity.clone().with_moves(0), Err(GenerateError::Parameter(_))));
    assert!(matches!(vicinity.clone().with_moves(9), Err(GenerateError::Parameter(_))));
    assert!(impossible(Vicinity::new(band(50, 40)).search(&[seed()], 1)));
}

#[test]
fn the_budget_bounds_the_search() {
    // Nothing rates above 12.0 near a 7.2: the iteration cap ends it.
    let budget = Budget::unlimited().with_max_iterations(300);
    let mut search = Vicinity::new(band(120, 120)).with_budget(budget).search(&[seed()], 1).unwrap();
    let Some(Err(GenerateError::Stopped { reason, .. })) = search.next() else { panic!() };
    assert_eq!(reason, StopReason::IterationLimit);
    assert!(search.next().is_none());
}

#[test]
fn a_fixed_pattern_keeps_the_given_cells() {
    let pattern = |grid: &Grid| grid.values().iter().map(|&v| v != 0).collect::<Vec<bool>>();
    let search = Vicinity::new(band(70, 120)).with_fixed_pattern(true).with_minimal(true).search(&[seed()], 5).unwrap();
    for found in search.take(3) {
        let found = found.unwrap();
        assert_eq!(pattern(&found.puzzle), pattern(&seed()), "{}", found.puzzle);
        assert_ne!(found.puzzle, seed());
        assert_eq!(oracle::count_solutions(&found.puzzle, 2), 1);
        assert!(found.rating.er.tenths() >= 70);
    }
}
