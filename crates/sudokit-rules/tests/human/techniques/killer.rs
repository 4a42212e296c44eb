//! The killer techniques on a 4×4 killer whose eliminations are worked
//! out by hand. Its solution:
//!
//! ```text
//! 1 2 | 3 4
//! 3 4 | 1 2
//! ----+----
//! 2 1 | 4 3
//! 4 3 | 2 1
//! ```
//!
//! Cage 1 is r1c1 + r1c2 = 3, cage 2 r1c3 + r2c3 = 4, cage 3 r1c4 + r2c4
//! = 6, cage 4 r2c1 + r2c2 = 7; the other cells are in no cage.

use sudokit_rules::human::techniques::{
    CageBoundDigits, CageCombinations, CageLockedDigits, HouseCombinations, LawOfLeftovers, RuleOf45,
};
use sudokit_rules::human::{ChainLink, LinkReason, Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Cell, Grid, Rulebook, Shape, Solver, Variant};

fn killer() -> Variant {
    Variant::parse("cage=3:r1c1+r1c2,cage=4:r1c3+r2c3,cage=6:r1c4+r2c4,cage=7:r2c1+r2c2", Shape::MINI)
        .expect("valid cages")
}

fn start() -> Position {
    Position::with_variant(&Grid::empty(Shape::MINI), &killer()).expect("a valid killer")
}

/// `(row, col, digit)`, 1-based, as a step lists them: by digit, then cell.
fn removed(step: &sudokit_rules::human::Step) -> Vec<(usize, usize, u8)> {
    step.eliminations().iter().map(|&(c, d)| (c.row() + 1, c.col() + 1, d.get())).collect()
}

#[test]
fn cage_combinations_keep_a_sum_s_digits() {
    let step = CageCombinations.find(&start()).expect("cage 1 is 1 + 2");
    assert_eq!(step.technique(), Technique::CageCombination);
    assert_eq!(removed(&step), [(1, 1, 3), (1, 2, 3), (1, 1, 4), (1, 2, 4)]);
    assert_eq!(
        step.to_string(),
        "Cage combinations: cage 1 (r1c1, r1c2: 3) can only be 1+2: 3 removed from r1c1, r1c2; 4 removed from r1c1, r1c2"
    );
}

#[test]
fn a_digit_every_combination_holds_leaves_the_cells_that_see_its_places() {
    // Cage 1 holds 1 and 2: the rest of row 1 and of box 1 lose them.
    let step = CageLockedDigits.find(&start()).expect("cage 1 holds 1");
    assert_eq!(step.technique(), Technique::CageLockedDigit);
    assert_eq!(removed(&step), [(1, 3, 1), (1, 4, 1), (2, 1, 1), (2, 2, 1)]);
}

#[test]
fn innies_then_outies_of_row_one() {
    let mut position = start();
    // Row 1 holds cage 1 whole: r1c3 + r1c4 = 10 − 3 = 7, so 3 and 4.
    let step = RuleOf45.find(&position).expect("innies of row 1");
    assert_eq!(step.technique(), Technique::Innies);
    assert_eq!(removed(&step), [(1, 3, 1), (1, 4, 1), (1, 3, 2), (1, 4, 2)]);
    assert_eq!(step.to_string().split(':').next(), Some("Innies of row 1"));
    position.apply(&step).expect("the step holds");
    // Cages 2 and 3 stick out of row 1: r2c3 + r2c4 = 4 + 6 − 7 = 3, so
    // 1 and 2.
    let step = RuleOf45.find(&position).expect("outies of row 1");
    assert_eq!(step.technique(), Technique::Outies);
    assert_eq!(removed(&step), [(2, 3, 3), (2, 4, 3), (2, 3, 4), (2, 4, 4)]);
    position.apply(&step).expect("the step holds");
    // Cage 3 alone sticks out: r2c4 − r1c3 = 6 − 7, so r1c3 − r2c4 = 1;
    // with r1c3 in {3, 4} and r2c4 in {1, 2} only 3 − 2 fits.
    let step = RuleOf45.find(&position).expect("a difference of row 1");
    assert_eq!(step.technique(), Technique::InnieOutieDifference);
    assert_eq!(removed(&step), [(2, 4, 1), (1, 3, 4)]);
}

#[test]
fn a_cage_that_overlaps_another_is_no_cage_to_the_rule_of_45() {
    // Cages r1c1 + r1c2 = 3 and r1c2 + r1c3 = 2 + 3 = 5 share r1c2: read
    // as two whole cages of row 1 they would add up to 8 and leave r1c4 a
    // 2, where the solution has a 4. Row 1's four cells add up to 10,
    // which says nothing, and no other union holds a cage apart.
    let killer = Variant::parse("cage=3:r1c1+r1c2,cage=5:r1c2+r1c3", Shape::MINI).expect("valid cages");
    let position = Position::with_variant(&Grid::empty(Shape::MINI), &killer).expect("a valid killer");
    assert!(RuleOf45.find(&position).is_none());
    // Each cage still keeps its own combinations: r1c2 is 1 or 2 by the
    // first, 1, 2, 3 or 4 by the second.
    let step = CageCombinations.find(&position).expect("cage 1 is 1 + 2");
    assert_eq!(removed(&step), [(1, 1, 3), (1, 2, 3), (1, 1, 4), (1, 2, 4)]);
}

/// A 4×4 jigsaw (regions 1 2 3 4 as drawn) with `cages`; one of its
/// solutions is 1234 / 3412 / 2143 / 4321.
///
/// ```text
/// 1 1 1 2
/// 3 1 2 2
/// 3 3 4 2
/// 3 4 4 4
/// ```
fn jigsaw_killer(cages: &str) -> Position {
    let rules = Variant::parse(&format!("jigsaw=1112312233423444,{cages}"), Shape::MINI).expect("valid rules");
    Position::with_variant(&Grid::empty(Shape::MINI), &rules).expect("a valid killer")
}

#[test]
fn row_one_and_region_one_leave_cells_of_the_same_digit() {
    // Row 1 and region 1 share r1c1..r1c3: r1c4 and r2c2 are left over,
    // and hold the same digit. The cage r2c1 + r2c2 = 7 leaves r2c2 a 3
    // or a 4, and so r1c4.
    let mut position = jigsaw_killer("cage=7:r2c1+r2c2");
    let step = CageCombinations.find(&position).expect("3 + 4");
    position.apply(&step).expect("the step holds");
    let step = LawOfLeftovers.find(&position).expect("row 1 against region 1");
    assert_eq!(step.technique(), Technique::LawOfLeftovers);
    assert_eq!(removed(&step), [(1, 4, 1), (1, 4, 2)]);
    assert_eq!(
        step.to_string(),
        "Law of leftovers: row 1 against region 1 leave r1c4 and r2c2, which hold the same digits: \
         1 removed from r1c4; 2 removed from r1c4"
    );
}

#[test]
fn a_cage_on_one_side_of_the_leftovers_gives_the_other_its_sum() {
    // r2c2 alone is a cage of 4: r1c4, left over against it, holds 4.
    let position = jigsaw_killer("cage=4:r2c2");
    let step = LawOfLeftovers.find(&position).expect("row 1 against region 1");
    assert_eq!(step.technique(), Technique::InnieOutieDifference);
    assert_eq!(
        step.to_string(),
        "Innie-outie difference of row 1 against region 1, with cage 1 for its sum: r1c4 = 4: 4 placed in r1c4"
    );
    // Without regions of its own the grid has no leftovers to read.
    let boxes = Variant::parse("cage=4:r2c2", Shape::MINI).expect("valid rules");
    assert!(!LawOfLeftovers.applies_to(&Rulebook::new(boxes.clone())));
    let position = Position::with_variant(&Grid::empty(Shape::MINI), &boxes).expect("a valid killer");
    assert!(LawOfLeftovers.find(&position).is_none());
}

#[test]
fn a_killer_position_starts_from_every_digit_and_refuses_a_broken_sum() {
    let mut grid = Grid::empty(Shape::MINI);
    grid.set(Cell::new(0, 0), sudokit_rules::sudokit_core::Digit::new(3));
    let err = Position::with_variant(&grid, &killer()).map(|_| ()).expect_err("3 leaves cage 1 nothing");
    assert!(err.to_string().starts_with("invalid puzzle: cage 1 (r1c1, r1c2: 3) holds 3"), "{err}");
}

#[test]
fn a_digit_a_house_places_only_in_a_cage_picks_its_combinations() {
    // Cage r1c1 + r1c2 = 5 is 1 + 4 or 2 + 3. The given 4 in r2c3 takes
    // 4 from r1c3 and r1c4 (box 2), so row 1 has its 4 in the cage: 1 + 4.
    let rules = Variant::parse("cage=5:r1c1+r1c2", Shape::MINI).expect("a valid cage");
    let grid: Grid = "......4.........".parse().expect("a grid");
    let position = Position::with_variant(&grid, &rules).expect("a valid killer");
    assert!(CageCombinations.find(&position).is_none(), "both combinations fit the candidates");
    let step = CageBoundDigits.find(&position).expect("row 1's 4 lies in the cage");
    assert_eq!(step.technique(), Technique::CageBoundDigit);
    assert_eq!(removed(&step), [(1, 1, 2), (1, 2, 2), (1, 1, 3), (1, 2, 3)]);
    assert_eq!(
        step.to_string(),
        "Cage-bound digit: row 1 has its 4 only in cage 1 (r1c1, r1c2: 5), which can then only be 1+4: \
         2 removed from r1c1, r1c2; 3 removed from r1c1, r1c2"
    );
}

#[test]
fn a_house_fits_its_cages_together() {
    // Row 1 of the solution is 1 2 3 4. Cage 1 is r1c2 + r1c3 = 5 (1+4 or
    // 2+3), cage 2 r1c4 + r2c4 = 6 (2+4, sticking out of row 1). With
    // 1+4 in cage 1, r1c4 must be 2 and r1c1 3; with 2+3, r1c4 is 4 and
    // r1c1 1: r1c1 keeps 1 and 3, and cage 2 keeps 2 and 4, in row 1 and
    // out of it.
    let rules = Variant::parse("cage=5:r1c2+r1c3,cage=6:r1c4+r2c4", Shape::MINI).expect("valid cages");
    let position = Position::with_variant(&Grid::empty(Shape::MINI), &rules).expect("a valid killer");
    let step = HouseCombinations.find(&position).expect("row 1 fits its cages");
    assert_eq!(step.technique(), Technique::HouseCombination);
    assert_eq!(removed(&step), [(1, 4, 1), (2, 4, 1), (1, 1, 2), (1, 4, 3), (2, 4, 3), (1, 1, 4)]);
    assert_eq!(
        step.to_string(),
        "House combinations: row 1 with cage 1 and cage 2 filled together: 1 removed from r1c4, r2c4; \
         2 removed from r1c1; 3 removed from r1c4, r2c4; 4 removed from r1c1"
    );
}

#[test]
fn a_box_holding_a_cage_keeps_its_digits_out_of_its_other_cells() {
    // Cage 1 is r1c1 + r1c2 = 3 (1+2), cage 2 r1c3 + r1c4 = 7 (3+4).
    // Once cage combinations have run, row 1 and column 1 fit every way;
    // box 1 has its 1 and 2 in cage 1, so r2c1 and r2c2 lose them.
    let rules = Variant::parse("cage=3:r1c1+r1c2,cage=7:r1c3+r1c4", Shape::MINI).expect("valid cages");
    let mut position = Position::with_variant(&Grid::empty(Shape::MINI), &rules).expect("a valid killer");
    while let Some(step) = CageCombinations.find(&position) {
        position.apply(&step).expect("the step holds");
    }
    let step = HouseCombinations.find(&position).expect("box 1 fits cage 1");
    assert_eq!(
        step.to_string(),
        "House combinations: box 1 with cage 1 filled together: 1 removed from r2c1, r2c2; 2 removed from r2c1, r2c2"
    );
}

#[test]
fn a_dynamic_chain_links_through_a_cage_s_sum() {
    // On an empty killer, the path reaches a forcing chain that reads a
    // sum (a cage's, or innies and outies) as a link.
    let puzzle = sudokit_testkit::sets::VARIANT_KILLER.take(3).remove(2);
    let solution = sudokit_grid::PropagationSearch::new().solve_puzzle(&puzzle).expect("solved").grid;
    let mut position = Position::with_variant(puzzle.grid(), puzzle.variant()).expect("a valid killer");
    let sums = |link: &&ChainLink| matches!(link.reason(), LinkReason::CageSum(_) | LinkReason::ImpliedSum(_));
    let (step, link) = loop {
        let step = position.hint().expect("the path does not stall on this killer");
        crate::human::soundness::check_step(&step, &solution).expect("a sound step");
        let link = step.forcing_chains().iter().find_map(|chain| chain.links().iter().find(sums).cloned());
        if let Some(link) = link {
            break (step, link);
        }
        position.apply(&step).expect("the step holds");
    };
    assert!(step.technique() >= Technique::DynamicForcingChains, "{step}");
    // A sum takes a candidate off, on the grounds of what the branch took
    // from its cells before.
    assert!(!link.is_on() && !link.parents().is_empty(), "{link:?}");
}
