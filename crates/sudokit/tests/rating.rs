//! `rating::rate_many`: ratings in input order, whatever the threads, and
//! a panicking technique reported for its puzzle.

use sudokit::rating::{RateError, Rater, rate_many, rater};
use sudokit::rules::human::{Position, Step, Strategy, lists};
use sudokit::{Auto, Solver};
use sudokit_testkit::sets;

#[test]
fn many_ratings_come_in_input_order_on_any_number_of_threads() {
    let puzzles = sets::HARD.take(24);
    let rater = rater();
    let one_by_one: Vec<_> = puzzles.iter().map(|p| rater.rate(p)).collect();
    for threads in [1, 2, 0] {
        let ratings: Vec<_> = rate_many(puzzles.clone(), &rater, threads).map(|r| r.rating).collect();
        assert_eq!(ratings, one_by_one, "{threads} threads");
    }
}

/// A technique of the user's that panics once r1c1 holds an odd digit:
/// on the puzzles whose solution has one there, and on no other.
struct Fragile;

impl Strategy for Fragile {
    fn name(&self) -> &'static str {
        "Fragile"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        assert!(position.value(sudokit::Cell::new(0, 0)).is_none_or(|d| d.get() % 2 == 0), "an odd digit in r1c1");
        None
    }
}

#[test]
fn a_panicking_technique_is_reported_for_its_puzzle_alone() {
    let puzzles = sets::HARD.take(12);
    let strategies: Vec<&dyn Strategy> =
        std::iter::once(&Fragile as &dyn Strategy).chain(lists::standard().iter().copied()).collect();
    let fragile = Rater::new().with_strategies(strategies);
    let rated: Vec<_> = rate_many(puzzles.clone(), &fragile, 2).collect();
    assert_eq!(rated.len(), 12);
    let mut panicked = 0;
    for (puzzle, rated) in puzzles.iter().zip(&rated) {
        let solution = Auto::new().solve(puzzle).unwrap().grid;
        if solution.values()[0] % 2 == 1 {
            assert_eq!(rated.rating, Err(RateError::Panicked("an odd digit in r1c1".to_owned())), "{puzzle}");
            panicked += 1;
        } else {
            assert_eq!(rated.rating, rater().rate(puzzle), "{puzzle}");
        }
    }
    assert!((1..12).contains(&panicked), "{panicked} of 12 panicked");
}
