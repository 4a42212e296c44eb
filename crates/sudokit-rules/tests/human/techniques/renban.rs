//! Renban runs on small grids, their eliminations worked out by hand.

use super::{removed, start};
use sudokit_rules::human::techniques::{RenbanLockedDigits, RenbanRuns};
use sudokit_rules::human::{Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Grid, Shape, Variant};

#[test]
fn a_renban_keeps_the_runs_its_cells_can_fill() {
    // On 4×4, r3c1 = 2 and r4c1 = 3 leave r1c1 1 or 4 in column 1; the
    // renban r1c1 r1c2 then holds 12 (r1c2 = 2) or 34 (r1c2 = 3), never
    // 23, so r1c2 loses 1 and 4.
    let variant = Variant::parse("renban=r1c1+r1c2", Shape::MINI).expect("valid rules");
    let grid: Grid = "........2...3...".parse().expect("a 4×4 grid");
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let step = RenbanRuns.find(&position).expect("r1c2 holds 2 or 3");
    assert_eq!(step.technique(), Technique::RenbanRun);
    assert_eq!(removed(&step), [(1, 2, 1), (1, 2, 4)]);
    assert_eq!(
        step.to_string(),
        "Renban run: the renban r1c1, r1c2 can hold 12 or 34: 1 removed from r1c2; 4 removed from r1c2"
    );
}

#[test]
fn a_digit_every_run_holds_leaves_the_cells_that_see_its_places() {
    // On 6×6, five cells of row 1 on a renban hold 12345 or 23456: 2 to 5
    // are on the line, so r1c6 (the row's last cell) holds none of them;
    // the step takes the first, 2. Nothing is cut from the line itself.
    let position = start("renban=r1c1+r1c2+r1c3+r1c4+r1c5", Shape::SIX);
    assert!(RenbanRuns.find(&position).is_none(), "every cell keeps 1 to 6");
    let step = RenbanLockedDigits.find(&position).expect("2 leaves r1c6");
    assert_eq!(step.technique(), Technique::RenbanLockedDigit);
    assert_eq!(removed(&step), [(1, 6, 2)]);
    assert_eq!(
        step.to_string(),
        "Renban-locked digit: every run the renban r1c1, r1c2, r1c3, r1c4, r1c5 can hold has 2: 2 removed from r1c6"
    );
}
