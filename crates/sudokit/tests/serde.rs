//! With the `serde` feature: what a user stores or sends comes back the
//! same, boxes included, and the rating and explainer types serialise.
#![cfg(feature = "serde")]

use sudokit::rules::human::{CustomTechnique, Event, Explainer, Outcome, Rating, Score, Technique, rate};
use sudokit::{Grid, Shape, Solution, SolveError, Solver, registry};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn solutions_and_errors_of_any_shape_round_trip() {
    for shape in [Shape::new(3, 2).unwrap(), Shape::new(4, 3).unwrap(), Shape::new(2, 5).unwrap()] {
        let puzzle = Grid::empty(shape);
        let solution = registry::create("dlx").unwrap().solve(&puzzle).unwrap();
        let json = serde_json::to_string(&solution).unwrap();
        let back: Solution = serde_json::from_str(&json).unwrap();
        assert_eq!(back.grid.shape(), shape, "{json}");
        assert_eq!(back, solution);
    }
    let clash: Grid = "11..............".parse().unwrap();
    let err = registry::create("dlx").unwrap().solve(&clash).unwrap_err();
    assert!(matches!(err, SolveError::InvalidPuzzle { .. }));
    assert_eq!(serde_json::from_str::<SolveError>(&serde_json::to_string(&err).unwrap()).unwrap(), err);
}

#[test]
fn ratings_round_trip_and_steps_serialise() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let rating = rate(&puzzle).unwrap();
    let json = serde_json::to_string(&rating).unwrap();
    assert_eq!(serde_json::from_str::<Rating>(&json).unwrap(), rating);
    assert!(json.contains(r#""hardest":"#), "{json}");
    let technique = serde_json::to_string(&Technique::XWing).unwrap();
    assert_eq!(serde_json::from_str::<Technique>(&technique).unwrap(), Technique::XWing);
    // A user's technique comes back too, checked on the way in.
    let mine = Technique::Custom(CustomTechnique::try_new(String::from("Sue de Coq"), Score::from_tenths(50)).unwrap());
    let json = serde_json::to_string(&mine).unwrap();
    assert_eq!(serde_json::from_str::<Technique>(&json).unwrap(), mine);
    let nameless = json.replace("Sue de Coq", "");
    assert!(serde_json::from_str::<Technique>(&nameless).is_err(), "{nameless}");

    let events: Vec<Event> = Explainer::new(&puzzle).unwrap().collect();
    let first = serde_json::to_value(&events[0]).unwrap();
    assert!(first.get("Step").is_some(), "{first}");
    let Some(Event::Finished(outcome)) = events.last() else { panic!("no end") };
    let json = serde_json::to_string(outcome).unwrap();
    assert_eq!(&serde_json::from_str::<Outcome>(&json).unwrap(), outcome);
}
