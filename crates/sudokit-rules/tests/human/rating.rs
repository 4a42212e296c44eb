//! The rating: levels, errors, invariance under symmetry.

use proptest::prelude::*;
use sudokit_rules::human::{Level, RateError, rate};
use sudokit_rules::sudokit_core::{Grid, Shape};
use sudokit_testkit::{generate, sets};

#[test]
fn rating_levels_and_errors() {
    let easy: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    let rating = rate(&easy).unwrap();
    assert_eq!((rating.level, rating.ed.to_string()), (Level::Easy, "1.2".to_string()));
    assert!(rating.ep <= rating.er && rating.ed <= rating.ep);
    let open = generate::puzzle(Shape::CLASSIC, 64, 3);
    assert_eq!(rate(&open), Err(RateError::MultipleSolutions));
    let dead: Grid = sets::UNSOLVABLE[0].parse().unwrap();
    assert_eq!(rate(&dead), Err(RateError::NoSolution));
    let clash: Grid =
        "11...............................................................................".parse().unwrap();
    assert!(matches!(rate(&clash), Err(RateError::Invalid(_))));
}

/// `puzzle` with digits relabelled by `perm`, rows permuted within their
/// band by `rows`, and transposed when `transpose`.
fn transform(puzzle: &Grid, perm: &[u8; 9], rows: &[usize; 3], transpose: bool) -> Grid {
    let v = puzzle.values();
    let mut out = vec![0u8; 81];
    for r in 0..9 {
        let src = r / 3 * 3 + rows[r % 3];
        for c in 0..9 {
            let value = v[src * 9 + c];
            let (tr, tc) = if transpose { (c, r) } else { (r, c) };
            out[tr * 9 + tc] = if value == 0 { 0 } else { perm[value as usize - 1] };
        }
    }
    Grid::from_values(Shape::CLASSIC, &out).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn ratings_without_chains_are_invariant_under_symmetry(
        index in 0..60usize,
        perm in Just(vec![1u8, 2, 3, 4, 5, 6, 7, 8, 9]).prop_shuffle(),
        rows in Just(vec![0usize, 1, 2]).prop_shuffle(),
        transpose: bool,
    ) {
        let puzzles = sets::MAGICTOUR.take(60);
        let puzzle = &puzzles[index];
        let original = rate(puzzle).unwrap();
        prop_assume!(original.er.tenths() <= 57);
        let perm: [u8; 9] = perm.try_into().unwrap();
        let rows: [usize; 3] = rows.try_into().unwrap();
        let moved = rate(&transform(puzzle, &perm, &rows, transpose)).unwrap();
        prop_assert_eq!(moved.er, original.er);
        prop_assert_eq!(moved.level, original.level);
    }
}
