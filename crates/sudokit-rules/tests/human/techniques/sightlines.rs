//! X-sums and skyscraper clues on small grids, their eliminations worked
//! out by hand.

use super::removed;
use sudokit_rules::human::techniques::Sightlines;
use sudokit_rules::human::{Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Grid, Shape, Variant};

fn first_step(rules: &str, grid: &str) -> sudokit_rules::human::Step {
    let variant = Variant::parse(rules, Shape::MINI).expect("valid rules");
    let grid: Grid = grid.parse().expect("a 4×4 grid");
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    Sightlines.find(&position).expect("the clue narrows")
}

#[test]
fn an_x_sum_of_three_is_two_then_one() {
    // Left of row 1, 3: a first 1 adds up to 1, a first 3 or 4 to 6 at
    // least; so r1c1 is 2 and r1c2 is 1, and the last two hold 3 and 4.
    let step = first_step("x-sum=3:r1c0", "................");
    assert_eq!(step.technique(), Technique::XSum);
    let mut got = removed(&step);
    got.sort_unstable();
    let expected =
        [(1, 1, 1), (1, 1, 3), (1, 1, 4), (1, 2, 2), (1, 2, 3), (1, 2, 4), (1, 3, 1), (1, 3, 2), (1, 4, 1), (1, 4, 2)];
    assert_eq!(got, expected);
    assert!(
        step.to_string()
            .starts_with("X-Sum: from the left of row 1, the first x digits add up to 3, x being the first: ")
    );
}

#[test]
fn four_skyscrapers_seen_from_the_right_climb_one_by_one() {
    // Right of row 2, 4: every digit is seen, so read from the right the
    // row climbs 1 2 3 4: r2c4 = 1, r2c3 = 2, r2c2 = 3, r2c1 = 4.
    let step = first_step("skyscraper=4:r2c5", "................");
    assert_eq!(step.technique(), Technique::SkyscraperClue);
    let mut got = removed(&step);
    got.sort_unstable();
    let expected = [
        (2, 1, 1),
        (2, 1, 2),
        (2, 1, 3),
        (2, 2, 1),
        (2, 2, 2),
        (2, 2, 4),
        (2, 3, 1),
        (2, 3, 3),
        (2, 3, 4),
        (2, 4, 2),
        (2, 4, 3),
        (2, 4, 4),
    ];
    assert_eq!(got, expected);
    assert!(step.to_string().starts_with(
        "Skyscraper Clue: 4 of the digits from the right of row 2 are seen, each hiding the lower ones behind it: "
    ));
}

#[test]
fn two_seen_from_below_after_a_one() {
    // Below column 1, 2, with r4c1 = 1 (the first from below): the next
    // cell up is taller than the 1, so seen, and it must be the last one
    // seen — the 4. So r3c1 is 4 and r2c1 and r1c1 lose the 4.
    let step = first_step("skyscraper=2:r5c1", "............1...");
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(1, 1, 4), (2, 1, 4), (3, 1, 2), (3, 1, 3)]);
    assert!(step.to_string().starts_with("Skyscraper Clue: 2 of the digits from below column 1 are seen"));
}
