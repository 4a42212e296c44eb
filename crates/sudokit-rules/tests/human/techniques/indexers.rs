//! Indexer cells on small grids, their eliminations worked out by hand.

use super::removed;
use sudokit_rules::human::techniques::Indexers;
use sudokit_rules::human::{Position, Strategy, Technique};
use sudokit_rules::sudokit_core::{Grid, Shape, Variant};

#[test]
fn the_indexer_names_where_its_number_may_stand() {
    // On 4×4, r1c1 indexes row 1's 1; r1c2 = 3 and r1c4 = 2 are given,
    // so r1c1 and r1c3 hold 1 and 4, and the 1 of row 1 stands in one of
    // them: r1c1 may name column 1 or 3, of which it holds only 1. It
    // loses 4, and, naming its own column, takes the 1 from r1c3.
    let variant = Variant::parse("column-indexer=r1c1", Shape::MINI).expect("valid rules");
    let grid: Grid = ".3.2............".parse().expect("a 4×4 grid");
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let step = Indexers.find(&position).expect("the indexer narrows");
    assert_eq!(step.technique(), Technique::Indexer);
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(1, 1, 4), (1, 3, 1)]);
    assert!(step.to_string().starts_with("Indexer: r1c1 names the column of row 1's 1: "), "{step}");
}

#[test]
fn a_named_place_holds_the_number() {
    // r2c2 a row indexer holding 3: column 2's 2 stands in r3c2, which
    // loses its other candidates.
    let variant = Variant::parse("row-indexer=r2c2", Shape::MINI).expect("valid rules");
    let grid: Grid = ".....3..........".parse().expect("a 4×4 grid");
    let position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
    let step = Indexers.find(&position).expect("the indexer narrows");
    let mut got = removed(&step);
    got.sort_unstable();
    assert_eq!(got, [(1, 2, 2), (3, 2, 1), (3, 2, 4), (4, 2, 2)]);
    assert!(step.to_string().starts_with("Indexer: r2c2 names the row of column 2's 2: "), "{step}");
}
