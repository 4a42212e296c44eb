//! Bound cells on small grids whose eliminations are worked out by hand:
//! a thermometer, a black dot, whispers, and what a placement takes along
//! a palindrome.

use super::{removed, start};
use sudokit_rules::human::techniques::BoundCells;
use sudokit_rules::human::{Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Cell, Digit, Grid, Shape, Variant};

#[test]
fn a_thermometer_bounds_its_cells_step_by_step() {
    // r1c1 < r1c2 < r1c3 on 4×4: r1c2 holds more than 1 first; after it,
    // the bulb loses 4 and 3 in turn, the tip 1 and 2.
    let mut position = start("thermo=r1c1+r1c2+r1c3", Shape::MINI);
    let step = BoundCells.find(&position).expect("r1c2 is above the bulb");
    assert_eq!(step.technique(), Technique::BoundCells);
    assert_eq!(removed(&step), [(1, 2, 1)]);
    assert_eq!(
        step.to_string(),
        "Bound cells: r1c2 lies after r1c1 {1234} along a thermometer, so it holds more than 1: 1 removed from r1c2"
    );
    let mut total = Vec::new();
    while let Some(step) = BoundCells.find(&position) {
        total.extend(removed(&step));
        position.apply(&step).expect("a step of this position");
    }
    total.sort_unstable();
    assert_eq!(total, [(1, 1, 3), (1, 1, 4), (1, 2, 1), (1, 2, 4), (1, 3, 1), (1, 3, 2)]);
}

#[test]
fn a_black_dot_leaves_its_cells_halves_and_doubles() {
    // Beside a black dot on 9×9 no cell holds 5, 7 or 9: none has a half
    // or a double among the digits.
    let step = BoundCells.find(&start("black=r1c1+r1c2", Shape::CLASSIC)).expect("the dot takes 5, 7, 9");
    assert_eq!(removed(&step), [(1, 2, 5), (1, 2, 7), (1, 2, 9)]);
    assert_eq!(
        step.to_string(),
        "Bound cells: no candidate of r1c1 {123456789} pairs with these in r1c2 across a black dot: \
         5 removed from r1c2; 7 removed from r1c2; 9 removed from r1c2"
    );
}

#[test]
fn german_whispers_take_the_middle_digits() {
    // 5 apart on 9×9: a 5 has no partner (0 and 10 are no digits).
    let step = BoundCells.find(&start("german-whispers=r5c5+r5c6", Shape::CLASSIC)).expect("5 goes");
    assert_eq!(removed(&step), [(5, 6, 5)]);
}

#[test]
fn a_placement_takes_what_its_bonds_forbid() {
    // A 3 at one end of a palindrome leaves the other end a 3 alone; on a
    // thermometer it leaves the next cell 4 and up.
    let variant = Variant::parse("palindrome=r1c1+r2c2+r3c3,thermo=r1c1+r1c2", Shape::MINI).expect("valid rules");
    let mut grid = Grid::empty(Shape::MINI);
    grid.set(Cell::new(0, 0), Digit::new(3));
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let digits = |cell: Cell| position.candidates(cell).iter().map(Digit::get).collect::<Vec<u8>>();
    assert_eq!(digits(Cell::new(2, 2)), [3]);
    assert_eq!(digits(Cell::new(0, 1)), [4]);
}

#[test]
fn extremum_steps_name_the_marked_cell() {
    // r1c1 is a minimum on 4×4: its neighbours lose 1 (the minimum is
    // below them), and it loses 4 (it is below a neighbour) — each step
    // names r1c1 as the minimum, whichever cell it reads from.
    let mut position = start("minimum=r1c1", Shape::MINI);
    let mut sentences = Vec::new();
    while let Some(step) = BoundCells.find(&position) {
        sentences.push(step.to_string());
        position.apply(&step).expect("a step of this position");
    }
    let digits = |cell: Cell| position.candidates(cell).iter().map(Digit::get).collect::<Vec<u8>>();
    assert_eq!((digits(Cell::new(0, 0)), digits(Cell::new(0, 1))), (vec![1, 2, 3], vec![2, 3, 4]));
    assert!(sentences.iter().any(|s| s.contains("r1c2 neighbours the minimum cell r1c1")), "{sentences:?}");
    assert!(sentences.iter().any(|s| s.contains("r1c1 is a minimum cell beside r1c")), "{sentences:?}");
    assert!(!sentences.iter().any(|s| s.contains("maximum")), "{sentences:?}");
}
