//! Full house, hidden and naked singles.

use sudokit_rules::human::techniques::{HiddenSingles, NakedSingles};
use sudokit_rules::human::{Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Cell, Digit, Grid};

use crate::human::marks;

#[test]
fn hidden_single_in_a_row() {
    // 5 stays in row 1 only at r1c4; box 2 still has other places for it.
    let position = marks(|r, c, d| !(r == 1 && d == 5 && c != 4));
    let step = HiddenSingles.find(&position).expect("a hidden single");
    assert_eq!(step.to_string(), "Hidden single: 5 can only go in r1c4 within row 1");
    assert_eq!(step.score().to_string(), "1.5");
    assert!(HiddenSingles.find(&marks(|_, _, _| true)).is_none());
}

#[test]
fn full_house_and_naked_single() {
    let full: Grid =
        "12345678.........................................................................".parse().unwrap();
    let step = Position::new(&full).unwrap().hint().unwrap();
    assert_eq!(step.technique(), Technique::FullHouse);
    assert_eq!(step.to_string(), "Full house: r1c9 is the last empty cell of row 1");
    assert_eq!(step.placements(), [(Cell::new(0, 8), Digit::new(9).unwrap())]);
    // r1c1 sees 1..8 in its row, column and box but 9 is free in other
    // rows: a naked single, not a hidden one.
    let naked: Grid =
        ".1234....5........6........7........8............................................".parse().unwrap();
    let step = NakedSingles.find(&Position::new(&naked).unwrap()).unwrap();
    assert_eq!(step.to_string(), "Naked single: r1c1 can only hold 9");
}
