//! Sandwich sums on small grids, their eliminations worked out by hand.

use super::removed;
use sudokit_rules::human::techniques::Sandwiches;
use sudokit_rules::human::{Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Grid, Shape, Variant};

#[test]
fn the_whole_middle_puts_the_crusts_at_the_ends() {
    // On 4×4, row 1's clue 5 is 2 + 3, every middle digit: the 1 and the
    // 4 take the two ends, the 2 and the 3 the two cells between.
    let variant = Variant::parse("sandwich=5:r1", Shape::MINI).expect("valid rules");
    let position = Position::with_variant(&Grid::empty(Shape::MINI), &variant).expect("a valid puzzle");
    let step = Sandwiches.find(&position).expect("the clue narrows");
    assert_eq!(step.technique(), Technique::SandwichSum);
    let mut got = removed(&step);
    got.sort_unstable();
    let expected = [(1, 1, 2), (1, 1, 3), (1, 2, 1), (1, 2, 4), (1, 3, 1), (1, 3, 4), (1, 4, 2), (1, 4, 3)];
    assert_eq!(got, expected);
    assert!(step.to_string().starts_with("Sandwich: the digits between the 1 and the 4 of row 1 add up to 5: "));
}

#[test]
fn a_clue_of_zero_puts_the_crusts_side_by_side() {
    // Column 1's clue 0 with r1c1 = 1: the 4 is at r2c1, its only
    // neighbour, so r2c1 loses 2 and 3, and r3c1 and r4c1 lose the 4.
    let variant = Variant::parse("sandwich=0:c1", Shape::MINI).expect("valid rules");
    let grid: Grid = "1...............".parse().expect("a 4×4 grid");
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let step = Sandwiches.find(&position).expect("the clue narrows");
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(2, 1, 2), (2, 1, 3), (3, 1, 4), (4, 1, 4)]);
    assert!(step.to_string().starts_with("Sandwich: the 1 and the 4 of column 1 are side by side: "));
}
