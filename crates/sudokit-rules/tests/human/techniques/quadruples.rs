//! Quadruples on small grids, their eliminations worked out by hand.

use super::{removed, start};
use sudokit_rules::human::techniques::Quadruples;
use sudokit_rules::human::{Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Grid, Shape, Variant};

#[test]
fn four_digits_around_a_point_leave_nothing_else() {
    // On 6×6, the quadruple at r1c1 asks for 1, 2, 3 and 4: its four cells
    // (two rows of box 1) hold exactly those, so 5 and 6 leave each.
    let position = start("quadruple=r1c1:1+2+3+4", Shape::SIX);
    let step = Quadruples.find(&position).expect("5 and 6 go");
    assert_eq!(step.technique(), Technique::Quadruple);
    let mut expected: Vec<(usize, usize, u8)> =
        [(1, 1), (1, 2), (2, 1), (2, 2)].iter().flat_map(|&(r, c)| [(r, c, 5), (r, c, 6)]).collect();
    expected.sort_unstable_by_key(|&(r, c, d)| (d, r, c));
    assert_eq!(removed(&step), expected);
    assert!(
        step.to_string().starts_with("Quadruple: r1c1, r1c2, r2c1, r2c2 hold 1, 2, 3 and 4 between them: "),
        "{step}"
    );
}

#[test]
fn a_digit_with_its_last_places_takes_them() {
    // On 4×4, 2 given in r1c3 (column 3) and r3c4 (row 3) leaves r2c2 the
    // one cell of the quadruple at r2c2 (r2c2, r2c3, r3c2, r3c3) that may
    // hold its 2: r2c2 holds 2.
    let variant = Variant::parse("quadruple=r2c2:2", Shape::MINI).expect("valid rules");
    let grid: Grid = "..2........2....".parse().expect("a 4×4 grid");
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let step = Quadruples.find(&position).expect("r2c2 holds 2");
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(2, 2, 1), (2, 2, 3), (2, 2, 4)]);
    assert_eq!(
        step.to_string(),
        "Quadruple: r2c2, r2c3, r3c2, r3c3 hold 2 between them: 1 removed from r2c2; 3 removed from r2c2; 4 removed from r2c2"
    );
}
