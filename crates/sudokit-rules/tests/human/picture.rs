//! Step pictures (feature `svg`): each is well-formed XML, names every cell
//! of the step's pattern, strikes each removed candidate and rings each
//! placed digit, on every step of real paths.

use std::collections::HashSet;

use sudokit_rules::human::{PictureError, Position, Step, Technique, lists};
use sudokit_rules::sudokit_core::{Cell, Digit, Grid, Shape, Variant};

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

/// The nodes of `svg` whose class holds `rule` and `class`.
fn rules_drawn(svg: &str, class: &str) -> usize {
    let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    document.descendants().filter(|n| n.has_class_token("rule") && n.has_class_token(class)).count()
}

#[test]
fn every_rule_is_drawn_once() {
    let six = Shape::new(2, 3).expect("6×6");
    let text = "x,house=r1c6+r2c5,cage=7:r1c1+r1c2,cage=r3c3+r3c4+r4c3,thermo=r2c1+r3c1+r4c1,\
                slow-thermo=r2c2+r3c2,german-whispers=r5c1+r5c2,palindrome=r6c1+r6c2+r6c3,renban=r4c4+r4c5,\
                between=r2c3+r2c4+r2c5,entropic=r5c3+r5c4+r6c4,modular=r6c5+r5c6,minimum=r5c5,maximum=r6c6+r1c3,\
                even=r3c6,odd=r4c6+r2c6,arrow=r5c4:r4c3+r3c2,arrow=r1c4:r2c4,little-killer=5:r2c1+r1c2,\
                quadruple=r3c2:1+2+3,sandwich=4:r1,sandwich=0:c6,white=r1c3+r1c4,black=r1c4+r1c5,x=r3c5+r4c5,\
                v=r6c2+r5c2,v=r6c5+r6c6,clone=r1c1+r1c2:r4c4+r4c5,column-indexer=r1c1+r2c1,row-indexer=r3c3,\
                region-sum=r3c4+r3c5,pill-arrow=r6c4+r6c5:r5c6+r4c6,x-sum=6:r2c7,skyscraper=3:r7c2,skyscraper=1:r0c1";
    let variant = Variant::parse(text, six).expect("valid rules");
    let position = Position::with_variant(&Grid::empty(six), &variant).expect("no given to break them");
    let step = Step::builder(Technique::NakedSingle).eliminating(Cell::new(0, 0), Digit::new(6).unwrap());
    let svg = step.build(&position).expect("a step").to_svg(&position).expect("drawn");
    let expected = [
        ("diagonal", 1),
        ("anti-diagonal", 1),
        ("house", 1),
        ("cage", 2),
        ("thermometer", 2),
        ("whispers", 1),
        ("palindrome", 1),
        ("renban", 1),
        ("between", 1),
        ("entropic", 1),
        ("modular", 1),
        ("minimum", 1),
        ("maximum", 2),
        ("even", 1),
        ("odd", 2),
        ("arrow", 2),
        ("little-killer", 1),
        ("quadruple", 1),
        ("sandwich", 2),
        ("white-dot", 1),
        ("black-dot", 1),
        ("x", 1),
        ("v", 2),
        ("clone", 1),
        ("column-indexer", 2),
        ("row-indexer", 1),
        ("region-sum", 1),
        ("pill-arrow", 1),
        ("x-sum", 1),
        ("skyscraper", 2),
    ];
    for (class, count) in expected {
        assert_eq!(rules_drawn(&svg, class), count, "{class}");
    }
    let document = roxmltree::Document::parse(&svg).expect("XML");
    let texts: Vec<&str> = document.descendants().filter_map(|n| n.text()).map(str::trim).collect();
    for clue in ["7", "5", "4", "0"] {
        assert!(texts.contains(&clue), "the clue {clue} is written");
    }
}

/// The thick walls of a picture: one `M` move a wall segment.
fn wall_segments(svg: &str) -> usize {
    let document = roxmltree::Document::parse(svg).expect("XML");
    let walls = document.descendants().find(|n| n.has_class_token("walls")).expect("walls");
    walls.attribute("d").unwrap_or_default().matches('M').count()
}

#[test]
fn walls_follow_the_regions() {
    // A 4×4 jigsaw: regions 0 0 0 1 / 2 0 1 1 / 2 2 3 1 / 2 3 3 3.
    let map = [1, 1, 1, 2, 3, 1, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4];
    let jigsaw = Variant::standard(Shape::MINI).with_regions(&map).expect("a map");
    let mut borders = 0;
    for r in 0..4 {
        for c in 0..4 {
            borders += usize::from(c + 1 < 4 && map[r * 4 + c] != map[r * 4 + c + 1]);
            borders += usize::from(r + 1 < 4 && map[r * 4 + c] != map[r * 4 + c + 4]);
        }
    }
    let step = |position: &Position| {
        let step = Step::builder(Technique::NakedSingle).eliminating(Cell::new(0, 0), Digit::new(4).unwrap());
        step.build(position).expect("a step").to_svg(position).expect("drawn")
    };
    let position = Position::with_variant(&Grid::empty(Shape::MINI), &jigsaw).expect("a jigsaw");
    assert_eq!(wall_segments(&step(&position)), borders);
    // The boxes of a 9×9 grid: two lines of nine segments each way.
    let classic = Position::new(&Grid::empty(Shape::CLASSIC)).expect("an empty grid");
    assert_eq!(wall_segments(&step(&classic)), 36);
}
