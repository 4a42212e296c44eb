//! Which registered solver knows which kind of rule, checked against what
//! each solver does with a puzzle of each kind (the README's table of them
//! is pinned by the workspace's tests, `tests/workspace/readme.rs`).

use std::time::Duration;

use sudokit::{
    Budget, Cell, ClueSide, EdgeClue, Extremum, Grid, IndexerKind, LineKind, Parity, Puzzle, Relation, RuleKind,
    RuleKinds, Rulebook, Shape, SightlineKind, SolveError, UnitKind, Variant, registry,
};

/// A puzzle holding `kind` (with nothing beyond it but what `kind` needs).
fn puzzle_of(kind: RuleKind) -> Puzzle {
    let mini = Variant::standard(Shape::MINI);
    let pair = [Cell::new(0, 0), Cell::new(0, 1)];
    let variant = match kind {
        RuleKind::Regions => mini.with_regions(&[1, 1, 1, 2, 3, 1, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4]).expect("a map"),
        RuleKind::Diagonals => mini.with_diagonals(),
        RuleKind::Windows => mini.with_windows(),
        RuleKind::DisjointGroups => mini.with_disjoint_groups(),
        RuleKind::ExtraHouses => mini.with_house(&[Cell::new(0, 0), Cell::new(3, 3)]).expect("a house"),
        RuleKind::AntiKing => mini.with_relation(Relation::AntiKing),
        RuleKind::AntiKnight => mini.with_relation(Relation::AntiKnight),
        RuleKind::NonConsecutive => mini.with_relation(Relation::NonConsecutive),
        RuleKind::Kropki => mini.with_edge_clue(EdgeClue::White, pair[0], pair[1]).expect("a dot"),
        RuleKind::Xv => mini.with_edge_clue(EdgeClue::V, pair[0], pair[1]).expect("a V"),
        RuleKind::Cages => mini.with_cage(&pair, None).expect("a cage"),
        RuleKind::CageSums => mini.with_cage(&pair, Some(3)).expect("a cage"),
        RuleKind::WideCageSums => {
            let long: Vec<Cell> = (0..12).map(|c| Cell::new(0, c)).collect();
            Variant::standard(Shape::TWENTY_FIVE).with_cage(&long, Some(150)).expect("a cage")
        }
        RuleKind::Marks => mini.with_marks(&[0b0011; 16]).expect("marks"),
        RuleKind::Thermometers => mini.with_line(LineKind::Thermometer, &pair).expect("a thermometer"),
        RuleKind::Whispers => mini.with_line(LineKind::german_whispers(4), &pair).expect("whispers"),
        RuleKind::Extrema => mini.with_extremum(pair[0], Extremum::Minimum).expect("a minimum"),
        RuleKind::Parity => mini.with_parity(pair[0], Parity::Even).expect("an even cell"),
        RuleKind::Arrows => mini.with_arrow(pair[0], &pair[1..]).expect("an arrow"),
        RuleKind::LittleKillers => mini.with_little_killer(5, &[Cell::new(1, 0), pair[1]]).expect("a little killer"),
        RuleKind::Palindromes => {
            mini.with_line(LineKind::Palindrome, &[Cell::new(0, 0), Cell::new(1, 1), Cell::new(2, 2)]).expect("a line")
        }
        RuleKind::Renban => mini.with_line(LineKind::Renban(2), &pair).expect("a renban"),
        RuleKind::EntropicLines => mini.with_line(LineKind::entropic(4), &pair).expect("an entropic line"),
        RuleKind::ModularLines => mini.with_line(LineKind::modular(4), &pair).expect("a modular line"),
        RuleKind::Quadruples => mini.with_quadruple(pair[0], &[1, 2]).expect("a quadruple"),
        RuleKind::BetweenLines => {
            mini.with_line(LineKind::Between, &[Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)]).expect("a line")
        }
        RuleKind::Sandwiches => mini.with_sandwich(UnitKind::Row, 0, 5).expect("a sandwich"),
        RuleKind::Clones => mini.with_clone(&pair[..1], &[Cell::new(3, 3)]).expect("a clone"),
        RuleKind::RegionSumLines => {
            mini.with_line(LineKind::RegionSum, &[Cell::new(0, 1), Cell::new(0, 2)]).expect("a line")
        }
        RuleKind::PillArrows => mini.with_pill_arrow(&pair, &[Cell::new(1, 2)]).expect("a pill arrow"),
        RuleKind::Indexers => mini.with_indexer(IndexerKind::Column, pair[0]).expect("an indexer"),
        RuleKind::XSums => mini.with_sightline(SightlineKind::XSum, ClueSide::Left, 0, 3).expect("an x-sum"),
        RuleKind::Skyscrapers => {
            mini.with_sightline(SightlineKind::Skyscraper, ClueSide::Top, 0, 2).expect("a skyscraper clue")
        }
        other => panic!("no puzzle of {other} yet: add one"),
    };
    let rules = Rulebook::new(variant);
    let expected = if kind == RuleKind::CageSums || kind == RuleKind::WideCageSums {
        RuleKinds::of(&[RuleKind::Cages, kind])
    } else {
        RuleKinds::of(&[kind])
    };
    assert_eq!(rules.kinds(), expected, "{kind}");
    Puzzle::new(Grid::empty(rules.shape()), rules).expect("one shape")
}

/// Every solver refuses each kind it does not know, naming it, and takes
/// each kind it knows (a spent budget stops it at once either way: the
/// check comes first).
#[test]
fn each_solver_refuses_exactly_the_kinds_it_does_not_know() {
    let spent = Budget::unlimited().with_time_limit(Duration::ZERO);
    for kind in RuleKind::ALL {
        let puzzle = puzzle_of(kind);
        for info in registry::solvers() {
            let known = info.rule_kinds().contains(kind);
            // The first kind of the puzzle the solver does not know (a
            // cage sum's puzzle holds cages too).
            let unknown = puzzle.rules().kinds().difference(info.rule_kinds()).first();
            assert_eq!(unknown.is_none(), known, "{} on {kind}", info.name());
            let mut errors = vec![info.build().solve_puzzle_with(&puzzle, &spent).err()];
            if let Some(mut counter) = info.build_counter() {
                errors.push(counter.count_puzzle_solutions_with(&puzzle, 2, &spent).err());
            }
            for error in errors {
                let named = match error {
                    Some(SolveError::UnsupportedVariant { kind, .. }) => Some(kind),
                    _ => None,
                };
                assert_eq!(named, unknown, "{} on {kind}", info.name());
            }
            if kind != RuleKind::WideCageSums {
                assert_eq!(info.takes(puzzle.rules()), known, "{} on {kind}", info.name());
            }
        }
    }
}
