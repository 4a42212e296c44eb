//! Canonical forms: the same for every transformation of a grid, a
//! transform of the grid itself, and different for grids that are not
//! equivalent.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit_generate::sudokit_core::{Grid, Shape};
use sudokit_generate::{CanonicalError, Generator, Symmetry, Transform, canonical_puzzle, canonical_solution};

/// The most symmetric solved grid: Russell and Jarvis (2006) count 648
/// automorphisms for it, the most any solved grid has (an exhaustive
/// enumeration of the 2 * 6^8 row and column arrangements, outside this
/// crate, agrees).
const MOST_SYMMETRIC: &str = "123456789456789123789123456231564897564897231897231564312645978645978312978312645";

/// Each band shifts the one above by a box, each row the one above by
/// three: 54 automorphisms by the same exhaustive enumeration.
const SHIFTED: &str = "123456789456789123789123456234567891567891234891234567345678912678912345912345678";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_transform_of_a_grid_has_its_canonical_form(seed in any::<u64>(), other in any::<u64>()) {
        let grid = Generator::new(Shape::CLASSIC).solved_grid(seed).unwrap();
        let moved = Transform::random(Shape::CLASSIC, &mut ChaCha8Rng::seed_from_u64(other)).rotate_90().apply(&grid).unwrap();
        let (a, b) = (canonical_solution(&grid).unwrap(), canonical_solution(&moved).unwrap());
        prop_assert_eq!(&a.grid, &b.grid);
        prop_assert_eq!(a.automorphisms, b.automorphisms);
        prop_assert_eq!(a.transform.apply(&grid).unwrap(), a.grid.clone());
        prop_assert_eq!(canonical_solution(&a.grid).unwrap().grid, a.grid.clone());
        prop_assert!(a.grid.to_string().starts_with("123456789"));
    }

    #[test]
    fn every_transform_of_a_puzzle_has_its_canonical_form(seed in 1u64..10_000, other in any::<u64>()) {
        let puzzle = Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Rotate180).generate(seed).unwrap().puzzle;
        let moved = Transform::random(Shape::CLASSIC, &mut ChaCha8Rng::seed_from_u64(other)).apply(&puzzle).unwrap();
        let (a, b) = (canonical_puzzle(&puzzle).unwrap(), canonical_puzzle(&moved).unwrap());
        prop_assert_eq!(&a.grid, &b.grid);
        prop_assert_eq!(a.transform.apply(&puzzle).unwrap(), a.grid.clone());
        prop_assert_eq!(a.grid.filled_count(), puzzle.filled_count());
    }
}

#[test]
fn the_most_symmetric_grid_has_648_automorphisms() {
    let grid: Grid = MOST_SYMMETRIC.parse().unwrap();
    let canonical = canonical_solution(&grid).unwrap();
    assert_eq!(canonical.automorphisms, 648);
    assert_eq!(canonical.grid, grid, "already least");
    let shifted = canonical_solution(&SHIFTED.parse().unwrap()).unwrap();
    assert_eq!(shifted.automorphisms, 54);
    assert_eq!(shifted.grid.to_string(), SHIFTED, "already least");
    // Moved copies keep their form and count, however they are moved.
    for seed in 0..8 {
        let transform = Transform::random(Shape::CLASSIC, &mut ChaCha8Rng::seed_from_u64(seed));
        for (form, count) in [(MOST_SYMMETRIC, 648), (SHIFTED, 54)] {
            let moved = canonical_solution(&transform.apply(&form.parse().unwrap()).unwrap()).unwrap();
            assert_eq!((moved.grid.to_string(), moved.automorphisms), (form.to_string(), count), "seed {seed}");
        }
    }
    // A random grid has none but the identity: a different class.
    let random = canonical_solution(&Generator::new(Shape::CLASSIC).solved_grid(1).unwrap()).unwrap();
    assert_eq!(random.automorphisms, 1);
    assert_ne!(random.grid, canonical.grid);
}

#[test]
fn canonical_forms_want_a_9x9_solved_grid_or_proper_puzzle() {
    let mini = Generator::new(Shape::MINI).solved_grid(1).unwrap();
    assert_eq!(canonical_solution(&mini), Err(CanonicalError::Shape(Shape::MINI)));
    let puzzle: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    assert_eq!(canonical_solution(&puzzle), Err(CanonicalError::NotSolved));
    let open: Grid =
        ".................................................................................".parse().unwrap();
    assert_eq!(canonical_puzzle(&open), Err(CanonicalError::NotProper));
}

/// The least of all the arrangements of `grid`, and how many reach it,
/// by trying every one of the 2 * 6^8: slow and plain, to check the
/// pruned search against.
fn exhaustive(grid: &Grid) -> (String, usize) {
    const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut arrangements = Vec::new();
    for b in ORDERS {
        for o0 in ORDERS {
            for o1 in ORDERS {
                for o2 in ORDERS {
                    let within = [o0, o1, o2];
                    arrangements.push(std::array::from_fn::<usize, 9, _>(|i| 3 * b[i / 3] + within[i / 3][i % 3]));
                }
            }
        }
    }
    let g = grid.values();
    let (mut best, mut count) = ([10u8; 81], 0);
    for transposed in [false, true] {
        let values: Vec<u8> = (0..81).map(|i| if transposed { g[(i % 9) * 9 + i / 9] } else { g[i] }).collect();
        for rows in &arrangements {
            for columns in &arrangements {
                let mut to = [0u8; 10];
                for j in 0..9 {
                    to[usize::from(values[rows[0] * 9 + columns[j]])] = j as u8 + 1;
                }
                let cells: [u8; 81] =
                    std::array::from_fn(|i| to[usize::from(values[rows[i / 9] * 9 + columns[i % 9]])]);
                match cells.cmp(&best) {
                    std::cmp::Ordering::Less => (best, count) = (cells, 1),
                    std::cmp::Ordering::Equal => count += 1,
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
    }
    (Grid::from_values(Shape::CLASSIC, &best).unwrap().to_string(), count)
}

#[test]
fn the_search_finds_what_trying_every_arrangement_finds() {
    for seed in [1, 2] {
        let grid = Generator::new(Shape::CLASSIC).solved_grid(seed).unwrap();
        let canonical = canonical_solution(&grid).unwrap();
        assert_eq!((canonical.grid.to_string(), canonical.automorphisms), exhaustive(&grid), "seed {seed}");
    }
    let shifted: Grid = SHIFTED.parse().unwrap();
    assert_eq!(exhaustive(&shifted), (SHIFTED.to_string(), 54));
}
