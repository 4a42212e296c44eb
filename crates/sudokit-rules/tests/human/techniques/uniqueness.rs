//! Unique rectangles.

use sudokit_rules::human::Strategy;
use sudokit_rules::human::techniques::UniqueRectangles;

use crate::human::{marks, removed};

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
