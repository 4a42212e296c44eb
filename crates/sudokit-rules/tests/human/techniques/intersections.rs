//! Pointing and claiming.

use sudokit_rules::human::techniques::Intersections;
use sudokit_rules::human::{Strategy, Technique};

use crate::human::{marks, removed};

#[test]
fn pointing_removes_the_digit_from_the_rest_of_the_line() {
    // 3 in box 1 only in row 1.
    let position = marks(|r, c, d| !(d == 3 && (r == 2 || r == 3) && c <= 3));
    let step = Intersections::LOCKED.find(&position).expect("pointing");
    assert_eq!(step.technique(), Technique::Pointing);
    assert_eq!(removed(&step, 3), [(1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9)]);
    assert_eq!(
        step.to_string(),
        "Pointing: 3 in box 1 lies only in row 1: 3 removed from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9"
    );
    assert!(Intersections::LOCKED.find(&marks(|_, _, _| true)).is_none());
}

#[test]
fn claiming_removes_the_digit_from_the_rest_of_the_box() {
    // 7 in row 1 only in box 1.
    let position = marks(|r, c, d| !(d == 7 && r == 1 && c > 3));
    let step = Intersections::LOCKED.find(&position).expect("claiming");
    assert_eq!(step.technique(), Technique::Claiming);
    assert_eq!(removed(&step, 7), [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]);
    assert_eq!(step.eliminations().len(), 6);
}
