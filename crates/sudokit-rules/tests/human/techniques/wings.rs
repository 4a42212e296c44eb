//! XY-Wing and XYZ-Wing.

use sudokit_rules::human::Strategy;
use sudokit_rules::human::techniques::{XyWing, XyzWing};
use sudokit_rules::sudokit_core::{Cell, Digit};

use crate::human::{cells, marks, removed};

#[test]
fn xy_wing_removes_from_cells_seeing_both_pincers() {
    let wing = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) => d == 1 || d == 2,
        (1, 5) => d == 1 || d == 3,
        (5, 1) => d == 2 || d == 3,
        _ => true,
    };
    let step = XyWing.find(&marks(wing)).expect("an XY-Wing");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 5), (5, 1)]));
    assert_eq!(step.eliminations(), [(Cell::new(4, 4), Digit::new(3).unwrap())]);
    // Pincers {1,3} and {2,4} share no digit: nothing.
    let broken = |r: usize, c: usize, d: u8| match (r, c) {
        (5, 1) => d == 2 || d == 4,
        _ => wing(r, c, d),
    };
    assert!(XyWing.find(&marks(broken)).is_none());
}

#[test]
fn xyz_wing_removes_from_cells_seeing_all_three() {
    let wing = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) => d <= 3,
        (1, 5) => d == 1 || d == 3,
        (2, 2) => d == 2 || d == 3,
        _ => true,
    };
    let step = XyzWing.find(&marks(wing)).expect("an XYZ-Wing");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 5), (2, 2)]));
    assert_eq!(removed(&step, 3), [(1, 2), (1, 3)]);
    assert_eq!(step.eliminations().len(), 2);
    assert!(XyWing.find(&marks(wing)).is_none());
}
