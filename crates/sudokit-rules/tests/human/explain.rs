//! The explainer: its events and outcomes.

use sudokit_rules::human::{Event, Explainer, Outcome, lists};
use sudokit_rules::sudokit_core::{Cell, Digit, Grid, Shape};
use sudokit_testkit::{generate, oracle, sets};

use crate::human::solution_of;

#[test]
fn explainer_ends_with_the_unique_solution() {
    for puzzle in sets::HARD.take(10) {
        let events: Vec<Event> = Explainer::new(&puzzle).unwrap().collect();
        let Some(Event::Finished(Outcome::Solved(grid))) = events.last() else {
            panic!("{puzzle}: {:?}", events.last())
        };
        assert_eq!(Some(grid), solution_of(&puzzle).as_ref());
    }
}

#[test]
fn explainer_reports_several_solutions_and_none() {
    let open = generate::puzzle(Shape::CLASSIC, 64, 3);
    assert_eq!(oracle::count_solutions(&open, 2), 2);
    let last = Explainer::new(&open).unwrap().last();
    let Some(Event::Finished(Outcome::MultipleSolutions(a, b))) = last else { panic!("{last:?}") };
    assert!(a != b && a.is_solution_of(&open) && b.is_solution_of(&open));

    for line in sets::UNSOLVABLE {
        let puzzle: Grid = line.parse().unwrap();
        let last = Explainer::new(&puzzle).unwrap().last();
        assert_eq!(last, Some(Event::Finished(Outcome::NoSolution)), "{puzzle}");
    }
}

/// On a unique puzzle a guess places the solution's digit, which one
/// propagation search found first: the walk guesses but never backtracks.
#[test]
fn the_explainer_guesses_right_on_a_hard_unique_puzzle() {
    for puzzle in sets::FORUM_1106.take(3) {
        // With singles and locked candidates only, it must guess.
        let events: Vec<Event> =
            Explainer::new(&puzzle).unwrap().with_strategies(lists::basic()[..3].iter().copied()).collect();
        let Some(Event::Finished(Outcome::Solved(solution))) = events.last() else { panic!("{:?}", events.last()) };
        assert!(solution.is_solution_of(&puzzle));
        let guesses: Vec<(Cell, Digit)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Guess { cell, digit, .. } => Some((*cell, *digit)),
                _ => None,
            })
            .collect();
        assert!(!guesses.is_empty(), "{puzzle}");
        assert!(guesses.iter().all(|&(cell, digit)| solution.get(cell) == Some(digit)), "{puzzle}: {guesses:?}");
        assert!(!events.iter().any(|e| matches!(e, Event::Backtrack { .. })), "{puzzle}");
    }
}

/// Where the puzzle has several solutions, no guess is known right: the
/// walk backtracks on contradictions to reach the second.
#[test]
fn the_explainer_backtracks_where_several_solutions_leave_guesses_open() {
    let open = generate::puzzle(Shape::CLASSIC, 58, 5);
    let events: Vec<Event> =
        Explainer::new(&open).unwrap().with_strategies(lists::basic()[..3].iter().copied()).collect();
    assert!(events.iter().any(|e| matches!(e, Event::Backtrack { .. })));
    assert!(matches!(events.last(), Some(Event::Finished(Outcome::MultipleSolutions(..)))));
}
