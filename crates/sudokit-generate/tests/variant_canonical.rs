//! The transformations of a variant's rules and canonical forms under
//! them: each transformation maps a valid grid of the rules to one (the
//! testkit's checker says so), the groups have the orders worked out by
//! hand, and a puzzle moved by any of them, relabelled as its rules allow,
//! has the same canonical form.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit_generate::sudokit_core::{Cell, Grid, LineKind, Puzzle, Relation, Rulebook, Shape, Variant};
use sudokit_generate::{CanonicalError, Generator, Transform, canonical_variant_puzzle, variant_transforms};
use sudokit_testkit::variant_oracle::check_variant_solution;

fn classic() -> Variant {
    Variant::standard(Shape::CLASSIC)
}

#[test]
fn the_groups_have_the_orders_worked_out_by_hand() {
    // X: rows and columns in one order that commutes with reversal (2
    // outer-band orders, 6 within the first band, which fixes the last, 2
    // in the middle band), the columns possibly reversed on top (main and
    // anti-diagonal swap), and transposition: 24 · 2 · 2.
    assert_eq!(variant_transforms(&Rulebook::new(classic().with_diagonals())).unwrap().len(), 96);
    // Disjoint groups: any band and stack orders, one order of the rows
    // inside every band and one of the columns inside every stack, and
    // transposition: (6 · 6)² · 2.
    assert_eq!(variant_transforms(&Rulebook::new(classic().with_disjoint_groups())).unwrap().len(), 2592);
    // Relations of neighbours: only the turns and mirrors keep them.
    for relation in Relation::ALL {
        assert_eq!(
            variant_transforms(&Rulebook::new(classic().with_relation(relation))).unwrap().len(),
            8,
            "{relation}"
        );
    }
    assert_eq!(variant_transforms(&Rulebook::new(classic())), Err(CanonicalError::Unenumerable));
    let six = Variant::standard(Shape::SIX).with_diagonals();
    assert_eq!(variant_transforms(&Rulebook::new(six)), Err(CanonicalError::Shape(Shape::SIX)));
}

#[test]
fn rules_no_move_is_searched_for_are_refused() -> Result<(), Box<dyn std::error::Error>> {
    let corner = Cell::new(3, 3);
    let refused = [
        classic().with_quadruple(corner, &[1, 2])?,
        classic().with_cage(&[corner, Cell::new(3, 4)], Some(3))?,
        classic().with_line(LineKind::Thermometer, &[corner, Cell::new(3, 4)])?,
        classic().with_little_killer(3, &[Cell::new(1, 0), Cell::new(0, 1)])?,
        classic().with_relation(Relation::AntiKing).with_quadruple(corner, &[9])?,
    ];
    for rules in refused {
        let text = rules.to_string();
        assert_eq!(variant_transforms(&Rulebook::new(rules)), Err(CanonicalError::Unsupported { rules: text }));
    }
    Ok(())
}

#[test]
fn every_transformation_keeps_the_rules() {
    let jigsaw_x = Generator::for_variant(classic().with_diagonals()).random_jigsaw(3).unwrap();
    let rules = [
        classic().with_diagonals(),
        classic().with_windows(),
        classic().with_disjoint_groups(),
        classic().with_relation(Relation::AntiKnight),
        classic().with_diagonals().with_relation(Relation::AntiKing),
        jigsaw_x,
    ];
    for variant in rules {
        let made = Generator::for_variant(variant.clone()).generate(1).unwrap();
        let transforms = variant_transforms(&Rulebook::new(variant.clone())).unwrap();
        assert!(transforms[0].is_identity(), "{variant}");
        for t in &transforms {
            let moved = t.apply(&made.solution).unwrap();
            // A jigsaw's map turns with the grid.
            let rules = moved_rules(t, &variant);
            assert_eq!(check_variant_solution(&Grid::empty(Shape::CLASSIC), &rules, &moved), Ok(()), "{variant}");
        }
    }
}

/// A random transformation of `variant`'s rules with a digit map they
/// allow, applied to `puzzle` (and to the map of a jigsaw).
fn moved(puzzle: &Grid, variant: &Variant, rng: &mut ChaCha8Rng) -> (Grid, Variant) {
    let transforms = variant_transforms(&Rulebook::new(variant.clone())).unwrap();
    let t = &transforms[rng.random_range(0..transforms.len())];
    let digits: Vec<u8> = if variant.relations().contains(&Relation::NonConsecutive) {
        if rng.random_bool(0.5) { (1..=9).rev().collect() } else { (1..=9).collect() }
    } else {
        let mut d: Vec<u8> = (1..=9).collect();
        for k in (1..9).rev() {
            d.swap(k, rng.random_range(0..=k));
        }
        d
    };
    let grid = t.then(&Transform::relabel(Shape::CLASSIC, &digits).unwrap()).apply(puzzle).unwrap();
    (grid, moved_rules(t, variant))
}

/// `variant` after the cell move `t` (digits unchanged): a jigsaw's map
/// moves as the cells do, its regions read as digits; other rules stay.
fn moved_rules(t: &Transform, variant: &Variant) -> Variant {
    match variant.regions() {
        Some(map) => {
            let as_grid = Grid::from_values(Shape::CLASSIC, &map.iter().map(|&r| r + 1).collect::<Vec<_>>()).unwrap();
            variant.clone().with_regions(t.apply(&as_grid).unwrap().values()).unwrap()
        }
        None => variant.clone(),
    }
}

#[test]
fn moved_puzzles_share_their_canonical_form() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let jigsaw = Generator::new(Shape::CLASSIC).random_jigsaw(5).unwrap();
    let rules = [
        classic().with_diagonals(),
        classic().with_windows(),
        classic().with_disjoint_groups(),
        classic().with_relation(Relation::NonConsecutive),
        classic().with_relation(Relation::AntiKnight),
        jigsaw,
    ];
    for variant in rules {
        let rulebook = Rulebook::new(variant.clone());
        for seed in 1..4 {
            let puzzle = Generator::for_variant(variant.clone()).generate(seed).unwrap().puzzle;
            let form = canonical_variant_puzzle(&Puzzle::new(puzzle.clone(), rulebook.clone()).unwrap()).unwrap();
            assert_eq!(form.transform.apply(&puzzle).unwrap(), form.grid, "{variant}");
            for _ in 0..5 {
                let (grid, rules) = moved(&puzzle, &variant, &mut rng);
                // Rules a move leaves as they were share the rulebook.
                let rules = if rules == variant { rulebook.clone() } else { Rulebook::new(rules) };
                let other = canonical_variant_puzzle(&Puzzle::new(grid, rules).unwrap()).unwrap();
                assert_eq!((&other.grid, &other.variant), (&form.grid, &form.variant), "{variant}, seed {seed}");
            }
        }
    }
}

#[test]
fn different_puzzles_get_different_forms() {
    let x = classic().with_diagonals();
    let a = Generator::for_variant(x.clone()).generate(1).unwrap().puzzle;
    let b = Generator::for_variant(x.clone()).generate(2).unwrap().puzzle;
    let form = |grid: Grid| canonical_variant_puzzle(&Puzzle::new(grid, x.clone()).unwrap()).unwrap().grid;
    assert_ne!(form(a), form(b));
}
