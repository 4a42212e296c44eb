//! Unique rectangles and BUG.

use sudokit_rules::human::Strategy;
use sudokit_rules::human::techniques::UniqueRectangles;

use crate::human::{marks, removed};
use sudokit_testkit::sets;

#[test]
fn unique_rectangle_type_one() {
    let rectangle = |four_boxes: bool| {
        let far = if four_boxes { 4 } else { 2 };
        move |r: usize, c: usize, d: u8| {
            let corner = (r == 1 || r == 4) && (c == 1 || c == far);
            match (corner, r == 4 && c == far) {
                (true, false) => d == 1 || d == 2,
                (true, true) => d <= 2 || d == 5,
                _ => true,
            }
        }
    };
    let step = UniqueRectangles.find(&marks(rectangle(false))).expect("a unique rectangle");
    assert_eq!(removed(&step, 1), [(4, 2)]);
    assert_eq!(removed(&step, 2), [(4, 2)]);
    assert_eq!(step.score().to_string(), "4.5");
    assert!(UniqueRectangles.assumes_uniqueness());
    assert!(UniqueRectangles.find(&marks(rectangle(true))).is_none(), "four boxes: no deadly pattern");
}

#[test]
fn unique_rectangle_type_two() {
    let rectangle = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) | (1, 2) => d == 1 || d == 2,
        (4, 1) | (4, 2) => d <= 2 || d == 5,
        _ => true,
    };
    let step = UniqueRectangles.find(&marks(rectangle)).expect("a type 2 rectangle");
    assert_eq!(step.score().to_string(), "4.5");
    let mut got = removed(&step, 5);
    got.sort_unstable();
    let mut want: Vec<(usize, usize)> = (3..=9).map(|c| (4, c)).collect();
    want.extend([(5, 1), (5, 2), (5, 3), (6, 1), (6, 2), (6, 3)]);
    want.sort_unstable();
    assert_eq!(got, want);
    assert_eq!(step.eliminations().len(), 13);
}

/// Sudoku Explainer's path through norvig's hardest number 7 (index 6)
/// takes a BUG type 4 on r2c1 and r6c1 at its 40th step (the solving
/// paths in the shared ratings folder: "BUG type 4: A2,A6 on 2"); so does
/// sudokit's.
#[test]
fn bug_type_four_where_sudoku_explainer_finds_it() {
    use sudokit_rules::human::{Position, Technique, lists};
    use sudokit_rules::sudokit_core::Grid;
    let puzzle: Grid =
        "1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2".parse().unwrap();
    let mut position = Position::new(&puzzle).unwrap();
    let mut steps = Vec::new();
    while !position.is_solved() {
        let step = lists::standard().iter().find_map(|s| s.find(&position)).expect("solved by logic");
        position.apply(&step).unwrap();
        steps.push(step);
    }
    let bug = &steps[39];
    assert_eq!(bug.technique(), Technique::Bug);
    assert!(bug.to_string().starts_with("BUG type 4"), "{bug}");
    let cells: Vec<String> = bug.pattern_cells().iter().map(ToString::to_string).collect();
    assert_eq!(cells, ["r2c1", "r6c1"]);
    assert_eq!(bug.score().to_string(), "5.7");
}

/// Sudoku Explainer's path through magictour's puzzle 475 (index 474)
/// takes, at its 30th step, "Unique Loop type 1: Cells D4,D5,I5,I8,G8,G4
/// on 7, 9" (the solving paths in the shared ratings folder); so does
/// sudokit's, scoring 4.6 for six cells.
#[test]
fn a_unique_loop_where_sudoku_explainer_finds_it() {
    use sudokit_rules::human::{Position, Technique, lists};
    let puzzle = sets::MAGICTOUR.puzzles().remove(474);
    let mut position = Position::new(&puzzle).unwrap();
    let mut steps = Vec::new();
    while steps.len() < 30 {
        let step = lists::standard().iter().find_map(|s| s.find(&position)).expect("a step");
        position.apply(&step).unwrap();
        steps.push(step);
    }
    let ul = &steps[29];
    assert_eq!((ul.technique(), ul.score().to_string()), (Technique::UniqueLoop, "4.6".to_string()));
    let cells: Vec<String> = ul.pattern_cells().iter().map(ToString::to_string).collect();
    assert_eq!(cells, ["r4c4", "r5c4", "r5c9", "r8c9", "r8c7", "r4c7"]);
    assert!(ul.to_string().starts_with("Unique loop type 1"), "{ul}");
}
