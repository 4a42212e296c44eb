//! Transformations keep validity and the number of solutions, and compose
//! as a group.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit_generate::sudokit_core::{Grid, Shape};
use sudokit_generate::{Transform, TransformError};
use sudokit_testkit::{generate, oracle};

fn shapes() -> impl Strategy<Value = Shape> {
    proptest::sample::select(vec![Shape::MINI, Shape::SIX, Shape::new(3, 2).unwrap(), Shape::CLASSIC, Shape::TWELVE])
}

/// A transform built from random generators, turns included.
fn composed(shape: Shape, seed: u64, turns: u8) -> Transform {
    let mut t = Transform::random(shape, &mut ChaCha8Rng::seed_from_u64(seed));
    for k in 0..turns {
        t = match k % 4 {
            0 => t.rotate_90(),
            1 => t.mirror_rows(),
            2 => t.anti_transpose(),
            _ => t.transpose(),
        };
        let next = Transform::random(t.output_shape(), &mut ChaCha8Rng::seed_from_u64(seed ^ u64::from(k)));
        t = t.then(&next);
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_transformed_solution_solves_the_transformed_puzzle(shape in shapes(), seed in any::<u64>(), turns in 0u8..6) {
        let solved = generate::solved_grid(shape, seed);
        let puzzle = generate::with_holes(&solved, shape.cell_count() / 2, seed);
        let t = composed(shape, seed, turns);
        let (moved, moved_solution) = (t.apply(&puzzle).unwrap(), t.apply(&solved).unwrap());
        prop_assert_eq!(moved.shape(), t.output_shape());
        prop_assert_eq!(oracle::check_solution(&moved, &moved_solution), Ok(()));
        prop_assert_eq!(moved.filled_count(), puzzle.filled_count());
        prop_assert_eq!(oracle::count_solutions(&moved, 3), oracle::count_solutions(&puzzle, 3));
    }

    #[test]
    fn transforms_compose_and_invert(shape in shapes(), a in any::<u64>(), b in any::<u64>(), turns in 0u8..6) {
        let grid = generate::solved_grid(shape, a);
        let s = composed(shape, a, turns);
        let t = composed(s.output_shape(), b, 1);
        prop_assert_eq!(&t.inverse().inverse(), &t);
        let both = s.then(&t);
        prop_assert_eq!(both.apply(&grid).unwrap(), t.apply(&s.apply(&grid).unwrap()).unwrap());
        prop_assert!(s.then(&s.inverse()).is_identity());
        prop_assert!(s.inverse().then(&s).is_identity());
        prop_assert_eq!(s.inverse().apply(&s.apply(&grid).unwrap()).unwrap(), grid);
    }
}

#[test]
fn four_quarter_turns_are_none_and_turns_swap_rectangular_boxes() {
    for shape in [Shape::SIX, Shape::CLASSIC, Shape::new(2, 4).unwrap()] {
        let id = Transform::identity(shape);
        assert!(id.rotate_90().rotate_90().rotate_90().rotate_90().is_identity());
        assert_eq!(id.rotate_90().then(&Transform::identity(id.rotate_90().output_shape())).rotate_270(), id);
        assert_eq!(id.rotate_180(), id.rotate_90().rotate_90());
        assert_eq!(id.transpose().transpose(), id);
        assert_eq!(id.mirror_rows().mirror_columns(), id.rotate_180());
        let turned = id.rotate_90().output_shape();
        assert_eq!((turned.box_height(), turned.box_width()), (shape.box_width(), shape.box_height()));
        assert_eq!(id.rotate_180().output_shape(), shape);
    }
}

#[test]
fn a_quarter_turn_moves_each_cell_clockwise() {
    let grid: Grid = "1...............".parse().unwrap();
    let turned = Transform::identity(Shape::MINI).rotate_90().apply(&grid).unwrap();
    // The top left corner goes to the top right.
    assert_eq!(turned.to_string(), "...1............");
    let flipped = Transform::identity(Shape::MINI).mirror_rows().apply(&grid).unwrap();
    assert_eq!(flipped.to_string(), "............1...");
}

#[test]
fn generators_check_their_permutations() {
    let shape = Shape::CLASSIC;
    assert!(matches!(
        Transform::relabel(shape, &[1, 2, 3]),
        Err(TransformError::NotAPermutation { what: "digits", .. })
    ));
    assert!(matches!(
        Transform::relabel(shape, &[1, 1, 3, 4, 5, 6, 7, 8, 9]),
        Err(TransformError::NotAPermutation { .. })
    ));
    // A list of the digits 0..9 is no permutation of the digits, and the
    // message says which digits it wants.
    let zero_based = Transform::relabel(shape, &[0, 1, 2, 3, 4, 5, 6, 7, 8]).unwrap_err();
    assert_eq!(zero_based.to_string(), "digits: [0, 1, 2, 3, 4, 5, 6, 7, 8] is not a permutation of 1..=9");
    let bands = Transform::permute_bands(shape, &[1, 2, 3]).unwrap_err();
    assert_eq!(bands.to_string(), "bands: [1, 2, 3] is not a permutation of 0..=2");
    assert_eq!(
        Transform::permute_columns_in_stack(shape, 5, &[0, 1, 2]),
        Err(TransformError::OutOfRange { what: "stack", index: 5, len: 3 })
    );
    assert!(matches!(
        Transform::permute_bands(shape, &[0, 1, 3]),
        Err(TransformError::NotAPermutation { what: "bands", .. })
    ));
    assert_eq!(
        Transform::permute_rows_in_band(shape, 3, &[0, 1, 2]),
        Err(TransformError::OutOfRange { what: "band", index: 3, len: 3 })
    );
    let mini = Transform::identity(Shape::MINI);
    let grid = generate::solved_grid(shape, 1);
    assert_eq!(mini.apply(&grid), Err(TransformError::ShapeMismatch { expected: Shape::MINI, found: shape }));
    assert!(mini.try_then(&Transform::identity(shape)).is_err());
    // Bands 1 and 3 swapped: row 1 becomes row 7.
    let swapped = Transform::permute_bands(shape, &[2, 1, 0]).unwrap().apply(&grid).unwrap();
    assert_eq!(&swapped.values()[..9], &grid.values()[54..63]);
    let relabelled = Transform::relabel(shape, &[2, 3, 4, 5, 6, 7, 8, 9, 1]).unwrap().apply(&grid).unwrap();
    assert!(relabelled.values().iter().zip(grid.values()).all(|(&a, &b)| a == b % 9 + 1));
}
