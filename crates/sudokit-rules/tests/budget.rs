//! Every long call of the human techniques takes a budget, and a node or
//! iteration cap bounds its work: hints, the explainer and the rating,
//! on grids where they would otherwise search for seconds.

use sudokit_core::{Budget, CancelFlag, Grid, Shape, SolveError, StopReason};
use sudokit_rules::human::{Event, Explainer, Outcome, Position, RateError, Rater, hint_with, rate_with};

#[test]
fn a_hint_on_an_empty_grid_stops_at_its_node_cap() {
    // No technique short of forcing chains applies to an empty grid, and
    // those branch on every candidate: seconds on 12×12, more on 16×16.
    for shape in [Shape::CLASSIC, Shape::TWELVE, Shape::SIXTEEN] {
        let empty = Position::new(&Grid::empty(shape)).unwrap();
        let budget = Budget::unlimited().with_max_nodes(200);
        match empty.hint_with(&budget) {
            Err(SolveError::BudgetExhausted { reason: StopReason::NodeLimit, stats, .. }) => {
                assert_eq!(stats.nodes, 200, "{shape}");
            }
            other => panic!("{shape}: {other:?}"),
        }
    }
}

#[test]
fn a_raised_cancel_flag_stops_a_hint_at_once() {
    let flag = CancelFlag::new();
    flag.cancel();
    let budget = Budget::unlimited().with_cancel_flag(flag);
    let result = hint_with(&Grid::empty(Shape::SIXTEEN), None, &budget);
    assert!(matches!(result, Err(SolveError::BudgetExhausted { reason: StopReason::Cancelled, .. })), "{result:?}");
}

#[test]
fn the_explainer_stops_within_its_budget() {
    let budget = Budget::unlimited().with_max_nodes(30);
    let mut explainer = Explainer::new(&Grid::empty(Shape::CLASSIC)).unwrap().with_budget(budget);
    let events: Vec<Event> = explainer.by_ref().collect();
    assert_eq!(events.last(), Some(&Event::Finished(Outcome::Stopped(StopReason::NodeLimit))));
    assert_eq!(explainer.stats().nodes, 30);
    assert_eq!(explainer.next(), None, "nothing after the end");
    // An iteration cap counts the walk's steps: the first count is one
    // propagation search, whose work is nodes.
    let puzzle: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    let cap = 5;
    let mut explainer = Explainer::new(&puzzle).unwrap().with_budget(Budget::unlimited().with_max_iterations(cap));
    let events: Vec<Event> = explainer.by_ref().collect();
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Step(_))).count(), 5);
    assert_eq!(events.last(), Some(&Event::Finished(Outcome::Stopped(StopReason::IterationLimit))));
    assert_eq!(explainer.stats().iterations, cap);
}

#[test]
fn rating_counts_solutions_within_its_budget() {
    // Counting the solutions of a sparse 35×35 grid took seconds outside
    // the budget; it is now the budget's first work.
    let sparse = Grid::empty(Shape::new(7, 5).unwrap());
    let budget = Budget::unlimited().with_max_nodes(50);
    assert_eq!(rate_with(&sparse, &budget), Err(RateError::Stopped(StopReason::NodeLimit)));
    // A counter given to the rater counts under the same cap.
    let empty = Grid::empty(Shape::CLASSIC);
    let capped = Budget::unlimited().with_max_nodes(3);
    let counted = Rater::new().with_counter(sudokit_grid::PropagationSearch::new);
    assert_eq!(
        counted.clone().with_budget(capped.clone()).rate(&empty),
        Err(RateError::Stopped(StopReason::NodeLimit))
    );
    assert_eq!(rate_with(&empty, &capped), Err(RateError::Stopped(StopReason::NodeLimit)));
    assert_eq!(counted.rate(&empty), Err(RateError::MultipleSolutions));
    assert_eq!(rate_with(&empty, &Budget::unlimited()), Err(RateError::MultipleSolutions));
}

#[test]
fn marks_of_another_shape_name_both_shapes() {
    let puzzle = Grid::empty(Shape::CLASSIC);
    let mini = Position::new(&Grid::empty(Shape::MINI)).unwrap().to_board();
    match Position::with_marks(&puzzle, &mini) {
        Err(err @ SolveError::ShapeMismatch { .. }) => {
            assert_eq!(err.to_string(), "the puzzle is 9x9 (3x3 boxes), but what came with it is 4x4 (2x2 boxes)");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn events_and_outcomes_read_as_sentences() {
    // An empty 4×4 grid: no technique applies, so the first event is a
    // guess on the first cell with the fewest candidates.
    let first = Explainer::new(&Grid::empty(Shape::MINI)).unwrap().next().unwrap();
    assert_eq!(first.to_string(), "Guess: 1 in r1c1 (depth 1; 2, 3, 4 left)");
    assert_eq!(Outcome::Stopped(StopReason::NodeLimit).to_string(), "stopped: node limit reached");
    assert_eq!(Outcome::NoSolution.to_string(), "no solution");
    let solved: Grid = "1234341221434321".parse().unwrap();
    assert_eq!(Event::Finished(Outcome::Solved(solved)).to_string(), "Finished: solved: 1234341221434321");
}
