//! Arrow, pill arrow and little killer sums on small grids, their
//! eliminations worked out by hand.

use super::{removed, start};
use sudokit_rules::human::techniques::{DrawnSums, PillArrows};
use sudokit_rules::human::{Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Cell, Digit, Grid, Shape, Variant};

#[test]
fn an_arrow_bounds_its_shaft_and_its_circle() {
    // On 4×4, r1c2 + r1c3 = r1c1, all three in row 1 (distinct): the
    // shaft adds up to 3 at least (1 + 2), so the circle holds 3 or 4; a 4
    // in the shaft would leave the circle 5 or more.
    let position = start("arrow=r1c1:r1c2+r1c3", Shape::MINI);
    let step = DrawnSums.find(&position).expect("the arrow removes");
    assert_eq!(step.technique(), Technique::ArrowSum);
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(1, 1, 1), (1, 1, 2), (1, 2, 4), (1, 3, 4)]);
    assert_eq!(
        step.to_string(),
        "Arrow sum: r1c2, r1c3 add up to the digit of r1c1: 1 removed from r1c1; 2 removed from r1c1; \
         4 removed from r1c2, r1c3"
    );
}

#[test]
fn a_little_killer_keeps_what_its_boxes_allow() {
    // On 4×4 the anti-diagonal r1c4 r2c3 r3c2 r4c1 has two cells in box 2
    // and two in box 3, each pair distinct: 1 + 2 + 1 + 2 = 6 at least,
    // so a clue of 6 leaves every cell 1 or 2 (digits repeat across the
    // boxes).
    let position = start("little-killer=6:r1c4+r2c3+r3c2+r4c1", Shape::MINI);
    let step = DrawnSums.find(&position).expect("the diagonal keeps 1 and 2");
    assert_eq!(step.technique(), Technique::LittleKillerSum);
    let mut got = removed(&step);
    got.sort_unstable();
    let mut expected: Vec<(usize, usize, u8)> =
        [(1, 4), (2, 3), (3, 2), (4, 1)].iter().flat_map(|&(r, c)| [(r, c, 3), (r, c, 4)]).collect();
    expected.sort_unstable();
    assert_eq!(got, expected);
    assert!(
        step.to_string().starts_with("Little killer sum: the diagonal r1c4, r2c3, r3c2, r4c1 adds up to 6"),
        "{step}"
    );
}

#[test]
fn a_placed_circle_fixes_a_one_cell_shaft() {
    // A 3 in r1c2 leaves r2c3 (no peer of it) a 3 alone.
    let variant = Variant::parse("arrow=r1c2:r2c3", Shape::MINI).expect("valid rules");
    let mut grid = Grid::empty(Shape::MINI);
    grid.set(Cell::new(0, 1), Digit::new(3));
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let step = DrawnSums.find(&position).expect("r2c3 holds 3");
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(2, 3, 1), (2, 3, 2), (2, 3, 4)]);
    assert!(step.to_string().starts_with("Arrow sum: r2c3 holds the digit of r1c2: "), "{step}");
}

#[test]
fn givens_an_arrow_cannot_add_up_are_refused() {
    // r1c1 = 1 under an arrow of two shaft cells (2 at least).
    let variant = Variant::parse("arrow=r1c1:r1c2+r1c3", Shape::MINI).expect("valid rules");
    let mut grid = Grid::empty(Shape::MINI);
    grid.set(Cell::new(0, 0), Digit::new(1));
    let err = Position::with_variant(&grid, &variant).unwrap_err();
    assert_eq!(err.to_string(), "invalid puzzle: the arrow from r1c1 (1) along r1c2 r1c3 cannot add up to it: . .");
}

#[test]
fn a_pill_writes_what_its_shaft_can_add_up_to() {
    // On 9×9 the pill r1c1 r1c2 (r1c1 given 1) and the shaft r2c3 r3c4:
    // r2c3 holds 2 to 9 (the 1 is in its box), r3c4 1 to 9, so the shaft
    // adds up to 3 to 18 and the pill writes 12 to 18: r1c2 loses 9. Each
    // shaft cell then needs 12 less the other's 9 at most: 3 or more.
    let variant = Variant::parse("pill-arrow=r1c1+r1c2:r2c3+r3c4", Shape::CLASSIC).expect("valid rules");
    let mut givens = ['.'; 81];
    givens[0] = '1';
    let grid: Grid = givens.iter().collect::<String>().parse().expect("a 9×9 grid");
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let step = PillArrows.find(&position).expect("the pill narrows");
    assert_eq!(step.technique(), Technique::PillArrow);
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(1, 2, 9), (2, 3, 2), (3, 4, 1), (3, 4, 2)]);
    assert!(step.to_string().starts_with("Pill arrow: r2c3, r3c4 add up to the number r1c1r1c2 writes"), "{step}");
}
