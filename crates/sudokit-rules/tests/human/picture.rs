//! Step pictures (feature `svg`): each is well-formed XML, names every cell
//! of the step's pattern, strikes each removed candidate and rings each
//! placed digit, on every step of real paths.

use std::collections::HashSet;

use sudokit_rules::human::{PictureError, Position, Step, Technique, lists};
use sudokit_rules::sudokit_core::{Cell, Digit, Grid, Shape};

/// Top95 number 13 (pointing, pairs, a unique rectangle, skyscrapers), a
/// puzzle whose path reaches chains, and top95 number 21 (forcing chains).
const PUZZLES: [&str; 3] = [
    "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2...",
];

/// The steps of the rating path of `puzzle`, each with the position it was
/// found in.
fn path(puzzle: &str) -> Vec<(Step, Position)> {
    let grid: Grid = puzzle.parse().expect("a valid puzzle");
    let mut position = Position::new(&grid).expect("a consistent puzzle");
    let mut steps = Vec::new();
    while !position.is_solved() {
        let Some(step) = lists::explained().iter().find_map(|s| s.find(&position)) else { break };
        let before = position.clone();
        position.apply(&step).expect("a sound step");
        steps.push((step, before));
    }
    steps
}

fn check(step: &Step, before: &Position) {
    let svg = step.to_svg(before).expect("a step of this position");
    let document = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{step}: not XML: {e}"));
    let named: HashSet<String> = document
        .descendants()
        .filter(|n| n.has_class_token("pattern"))
        .filter(|n| n.children().any(|c| c.has_tag_name("title")))
        .filter_map(|n| n.attribute("id").map(str::to_string))
        .collect();
    let wanted: HashSet<String> = step
        .pattern_cells()
        .into_iter()
        .chain(step.placements().iter().map(|&(c, _)| c))
        .map(|c: Cell| c.to_string())
        .collect();
    assert_eq!(named, wanted, "{step}: highlighted cells");
    let count = |class: &str| document.descendants().filter(|n| n.has_class_token(class)).count();
    assert_eq!(count("removed"), step.eliminations().len(), "{step}: struck candidates");
    assert_eq!(count("placed"), step.placements().len(), "{step}: ringed digits");
    if step.technique() == Technique::Skyscraper {
        assert_eq!(count("link"), 3, "{step}: a skyscraper's strong, weak and strong links");
    }
    let chains = step.forcing_chains();
    if !chains.is_empty() {
        assert_eq!(count("branch"), chains.len(), "{step}: a group of arrows per branch");
        let parents: usize = chains.iter().flat_map(|c| c.links()).map(|l| l.parents().len()).sum();
        assert_eq!(count("link"), parents, "{step}: an arrow from every link to each it implies");
        let arrows = document.descendants().filter(|n| n.has_class_token("link"));
        assert!(arrows.clone().all(|n| n.attribute("marker-end").is_some()), "{step}: arrowheads");
        // Weak links (into a candidate made false) dashed, strong ones solid.
        let dashed = arrows.filter(|n| n.attribute("stroke-dasharray").is_some()).count();
        let weak: usize = chains.iter().flat_map(|c| c.links()).filter(|l| !l.is_on()).map(|l| l.parents().len()).sum();
        assert_eq!(dashed, weak, "{step}: weak links dashed");
    }
}

trait ClassToken {
    fn has_class_token(&self, class: &str) -> bool;
}

impl ClassToken for roxmltree::Node<'_, '_> {
    fn has_class_token(&self, class: &str) -> bool {
        self.attribute("class").is_some_and(|c| c.split_whitespace().any(|t| t == class))
    }
}

#[test]
fn every_step_of_three_paths_draws_its_pattern() {
    let mut kinds = HashSet::new();
    for puzzle in PUZZLES {
        let steps = path(puzzle);
        assert!(steps.len() > 20, "{puzzle}: a path of {} steps", steps.len());
        for (step, before) in &steps {
            check(step, before);
            kinds.insert(step.technique());
        }
    }
    assert!(kinds.len() >= 8, "only {} techniques drawn", kinds.len());
    assert!(kinds.contains(&Technique::Skyscraper), "a chain is drawn");
    assert!(kinds.contains(&Technique::Nishio), "a forcing chain is drawn");
}

#[test]
fn a_step_of_another_shape_is_refused() {
    let steps = path(PUZZLES[0]);
    let mini = Position::new(&"1...........2...".parse::<Grid>().expect("4x4")).expect("consistent");
    let far = steps.iter().find(|(s, _)| s.pattern_cells().iter().any(|c| c.row() >= 4 || c.col() >= 4));
    let (step, _) = far.expect("a step beyond the 4x4 corner");
    assert!(matches!(step.to_svg(&mini), Err(PictureError::CellOutside { .. })));
}

#[test]
fn a_digit_above_the_side_of_the_position_is_refused() {
    let six = Position::new(&Grid::empty(Shape::new(2, 3).unwrap())).unwrap();
    let (cell, digit) = (Cell::new(0, 1), Digit::new(6).unwrap());
    let step = Step::builder(Technique::NakedSingle).placing(cell, digit).build(&six).unwrap();
    assert!(step.to_svg(&six).is_ok());
    let mini = Position::new(&Grid::empty(Shape::MINI)).unwrap();
    assert_eq!(step.to_svg(&mini), Err(PictureError::DigitOutside { cell, digit, shape: Shape::MINI }));
    let removal = Step::builder(Technique::NakedSingle).eliminating(cell, digit).build(&six).unwrap();
    assert!(matches!(removal.to_svg(&mini), Err(PictureError::DigitOutside { .. })));
}
