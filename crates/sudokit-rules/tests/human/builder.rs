//! Steps of users' own techniques: the builder's checks, and such a
//! technique in the explainer and on the rating's path.

use sudokit_rules::human::techniques::{HiddenSingles, NakedSingles};
use sudokit_rules::human::{
    CustomTechnique, Event, Explainer, Position, Rater, Score, Step, StepError, Strategy, Technique, lists,
};
use sudokit_rules::sudokit_core::{Cell, Digit, Grid, Shape};

const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const MINE: Technique = Technique::Custom(CustomTechnique::new("Mine", Score::from_tenths(40)));

fn digit(d: u8) -> Digit {
    Digit::new(d).unwrap()
}

fn easy() -> Position {
    Position::new(&EASY.parse().unwrap()).unwrap()
}

#[test]
fn a_technique_needs_a_name_and_a_score_on_the_scale() {
    use sudokit_rules::human::CustomTechniqueError;
    let score = Score::from_tenths(40);
    assert_eq!(CustomTechnique::try_new("", score), Err(CustomTechniqueError::Name { name: String::new() }));
    for bad in ["line\nbreak", "tab\there", "\u{85}next line", &"x".repeat(65)] {
        assert!(matches!(CustomTechnique::try_new(bad, score), Err(CustomTechniqueError::Name { .. })), "{bad:?}");
    }
    for tenths in [0, 9, 201, u16::MAX] {
        let score = Score::from_tenths(tenths);
        assert_eq!(CustomTechnique::try_new("Mine", score), Err(CustomTechniqueError::Score { score }));
    }
    // An owned name, made at run time, names the technique as a literal does.
    let owned = CustomTechnique::try_new(format!("M{}", "ine"), score).unwrap();
    assert_eq!(Technique::Custom(owned), MINE);
    assert_eq!(Technique::Custom(owned).name(), "Mine");
    assert!(CustomTechnique::try_new("Sue de Coq \u{e9}\u{e8}", score).is_ok());
    assert!(CustomTechnique::try_new("\u{e9}".repeat(64), score).is_ok());
}

#[test]
#[should_panic(expected = "a technique's name has 1 to 64 characters")]
fn a_literal_without_a_name_panics() {
    let _ = CustomTechnique::new(std::hint::black_box(""), Score::from_tenths(40));
}

#[test]
fn the_builder_refuses_inconsistent_steps() {
    let position = easy();
    let (r1c3, r1c1) = (Cell::new(0, 2), Cell::new(0, 0));
    let build = |b: sudokit_rules::human::StepBuilder| b.build(&position);
    assert_eq!(build(Step::builder(MINE)), Err(StepError::NoEffect));
    assert_eq!(build(Step::builder(MINE).eliminating(r1c1, digit(4))), Err(StepError::Filled { cell: r1c1 }));
    assert_eq!(
        build(Step::builder(MINE).placing(r1c3, digit(3))),
        Err(StepError::NotACandidate { cell: r1c3, digit: digit(3) })
    );
    let far = Cell::new(9, 0);
    assert_eq!(build(Step::builder(MINE).eliminating(far, digit(1))), Err(StepError::CellOutsideGrid { cell: far }));
    assert_eq!(
        build(Step::builder(MINE).eliminating(r1c3, digit(4)).with_cells([far])),
        Err(StepError::CellOutsideGrid { cell: far })
    );
    assert_eq!(
        build(Step::builder(MINE).placing(r1c3, digit(4)).eliminating(r1c3, digit(4))),
        Err(StepError::PlacedAndRemoved { cell: r1c3, digit: digit(4) })
    );
    // r1c3 and r1c4 are both empty and share row 1: one 2 between them.
    let r1c4 = Cell::new(0, 3);
    assert_eq!(
        build(Step::builder(MINE).placing(r1c3, digit(2)).placing(r1c4, digit(2))),
        Err(StepError::Clash { cell: r1c4, digit: digit(2), other: r1c3 })
    );
    assert_eq!(
        build(Step::builder(MINE).placing(r1c3, digit(2)).placing(r1c3, digit(4))),
        Err(StepError::Clash { cell: r1c3, digit: digit(4), other: r1c3 })
    );
    assert_eq!(
        build(Step::builder(MINE).eliminating(r1c3, digit(4)).with_score(Score::from_tenths(39))),
        Err(StepError::BelowBaseScore { score: Score::from_tenths(39), base: Score::from_tenths(40) })
    );
    let big = Position::new(&Grid::empty(Shape::SIXTEEN)).unwrap();
    let far_house = big.houses().last().unwrap();
    assert_eq!(
        build(Step::builder(MINE).eliminating(r1c3, digit(4)).with_houses([far_house])),
        Err(StepError::HouseOutsideGrid { house: far_house })
    );
}

#[test]
fn a_built_step_applies_reads_and_scores_as_given() {
    let mut position = easy();
    let r1c3 = Cell::new(0, 2);
    let row = position.houses().next().unwrap();
    assert_eq!(position.cells_of(row).count(), 9);
    let step = Step::builder(MINE)
        .eliminating(r1c3, digit(1))
        .eliminating(r1c3, digit(2))
        .with_cells([r1c3])
        .with_houses([row])
        .with_score(Score::from_tenths(42))
        .build(&position)
        .unwrap();
    assert_eq!(step.technique().name(), "Mine");
    assert_eq!(step.score(), Score::from_tenths(42));
    assert_eq!(step.pattern_cells(), [r1c3]);
    assert_eq!(step.houses(), [row]);
    assert_eq!(step.to_string(), "Mine in r1c3 (row 1): 1 removed from r1c3; 2 removed from r1c3");
    position.apply(&step).unwrap();
    assert_eq!(position.candidates(r1c3).to_string(), "{4}");
}

/// A technique that knows the solution: it places the digit of the first
/// empty cell, a step no built-in technique would call easy.
struct Oracle(Grid);

impl Strategy for Oracle {
    fn name(&self) -> &'static str {
        MINE.name()
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let (cell, _) = position.to_grid().iter().find(|(_, d)| d.is_none())?;
        Step::builder(MINE).placing(cell, self.0.get(cell)?).build(position).ok()
    }
}

#[test]
fn a_users_technique_joins_the_explainer_and_the_rating() {
    let puzzle: Grid = EASY.parse().unwrap();
    let solution = sudokit_testkit::oracle::unique_solution(&puzzle).unwrap();
    let oracle = Oracle(solution.clone());
    // First on the path, it makes every step.
    let path = std::iter::once(&oracle as &dyn Strategy).chain(lists::explained().iter().copied());
    let events: Vec<Event> = Explainer::new(&puzzle).unwrap().with_strategies(path).collect();
    let steps: Vec<&Step> = events.iter().filter_map(|e| if let Event::Step(s) = e { Some(s) } else { None }).collect();
    assert_eq!(steps.len(), puzzle.empty_count());
    assert!(steps.iter().all(|s| s.technique() == MINE));
    assert!(matches!(events.last(), Some(Event::Finished(sudokit_rules::human::Outcome::Solved(g))) if *g == solution));

    // After the singles, it only steps in when they stall: never, here.
    let singles: [&dyn Strategy; 2] = [&HiddenSingles, &NakedSingles];
    let alone = Rater::new().with_strategies(singles).rate(&puzzle).unwrap();
    let rated = Rater::new().with_strategies(singles.into_iter().chain([&oracle as &dyn Strategy])).rate(&puzzle);
    assert_eq!(rated.unwrap(), alone);
    assert_eq!(alone.hardest, Some(Technique::HiddenSingle));
    let rated = Rater::new().with_strategies([&oracle as &dyn Strategy]).rate(&puzzle).unwrap();
    assert_eq!((rated.er, rated.hardest, rated.steps), (Score::from_tenths(40), Some(MINE), puzzle.empty_count()));
}
