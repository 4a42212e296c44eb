//! Between lines on small grids, their eliminations worked out by hand.

use super::removed;
use sudokit_rules::human::techniques::{BetweenLines, RegionSumLines};
use sudokit_rules::human::{Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Grid, Shape, Variant};

#[test]
fn the_inner_cells_lie_between_the_ends() {
    // On 4×4 the between line r1c1 r1c2 r1c3: r1c1 = 1 given, so r1c3
    // holds 3 or 4 (2 leaves nothing strictly between) and r1c2 holds 2
    // or 3 (below r1c3's largest, above 1): 4 goes from r1c2, 2 from
    // r1c3.
    let variant = Variant::parse("between=r1c1+r1c2+r1c3", Shape::MINI).expect("valid rules");
    let grid: Grid = "1...............".parse().expect("a 4×4 grid");
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let step = BetweenLines.find(&position).expect("the line narrows");
    assert_eq!(step.technique(), Technique::BetweenLine);
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(1, 2, 4), (1, 3, 2)]);
    assert_eq!(
        step.to_string(),
        "Between line: r1c2 lies strictly between r1c1 and r1c3: 2 removed from r1c3; 4 removed from r1c2"
    );
}

#[test]
fn a_region_sum_line_s_parts_add_up_alike() {
    // On 4×4 the line r1c2 (box 1) r1c3 r2c3 (box 2): r1c2 = 4 is given,
    // so r1c3 + r2c3 = 4, which only 1 + 3 makes (2 + 2 repeats a digit in
    // box 2): both lose 2.
    let variant = Variant::parse("region-sum=r1c2+r1c3+r2c3", Shape::MINI).expect("valid rules");
    let grid: Grid = ".4..............".parse().expect("a 4×4 grid");
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let step = RegionSumLines.find(&position).expect("the line narrows");
    assert_eq!(step.technique(), Technique::RegionSumLine);
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(1, 3, 2), (2, 3, 2), (2, 3, 4)]);
    assert!(step.to_string().starts_with("Region-sum line: each region's part of r1c2, r1c3, r2c3 adds up to"));
}
