//! The sums the rules imply hold in every solution, and the search that
//! keeps them counts as the test kit's oracle does.

use proptest::prelude::*;
use sudokit_core::sums::{SumOrigin, sums_of};
use sudokit_core::{Cell, CountSolutions, Grid, Puzzle, Rulebook, Shape, Solver, SplitMix64, Variant};
use sudokit_grid::PropagationSearch;
use sudokit_testkit::generate::{killer_cages, with_holes};
use sudokit_testkit::variant_oracle::count_variant_solutions;

/// A solved grid of `base`, and `base` with about `share` percent of
/// the cages of a killer cut from that grid (cages of up to `largest`
/// cells, one-cell cages dropped: they are givens).
fn partial_killer(base: &Variant, seed: u64, largest: usize, share: usize) -> (Grid, Variant) {
    let empty = Puzzle::new(Grid::empty(base.shape()), base.clone()).expect("an empty grid of its shape");
    let solved = PropagationSearch::with_seed(seed).solve_puzzle(&empty).expect("rules with a solution").grid;
    let full = killer_cages(base.clone(), &solved, largest, seed);
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let mut killer = base.clone();
    for cage in full.cages().iter().filter(|cage| cage.cells().len() > 1) {
        if rng.below(100) < share {
            let cells: Vec<Cell> = cage.cells().iter().map(|&i| Cell::from_index(i, base.shape())).collect();
            killer = killer.with_cage(&cells, cage.sum()).expect("cages of a solved grid");
        }
    }
    (solved, killer)
}

fn bases() -> Vec<Variant> {
    vec![
        Variant::standard(Shape::MINI),
        Variant::standard(Shape::SIX),
        Variant::standard(Shape::CLASSIC),
        Variant::standard(Shape::CLASSIC).with_diagonals(),
        Variant::standard(Shape::CLASSIC).with_windows(),
        Variant::standard(Shape::TWELVE),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every sum, a cage's or implied, adds up on the grid the cages were
    /// cut from.
    #[test]
    fn implied_sums_hold_in_the_source_grid(
        base in proptest::sample::select(bases()),
        seed in any::<u64>(),
        largest in 2usize..6,
        share in 30usize..101,
    ) {
        let (solved, killer) = partial_killer(&base, seed, largest, share);
        for sum in sums_of(&Rulebook::new(killer.clone())) {
            prop_assert!(sum.holds(solved.values()), "{killer}: {sum:?} fails on {solved}");
        }
    }

    /// With some cells given, the search that keeps the implied sums counts
    /// the solutions the oracle counts.
    #[test]
    fn counts_agree_with_the_oracle(
        base in proptest::sample::select(vec![Variant::standard(Shape::MINI), Variant::standard(Shape::SIX)]),
        seed in any::<u64>(),
        largest in 2usize..5,
        share in 30usize..101,
        holes in 0.5f64..1.0,
    ) {
        let (solved, killer) = partial_killer(&base, seed, largest, share);
        let puzzle = with_holes(&solved, (solved.shape().cell_count() as f64 * holes) as usize, seed);
        let mine = PropagationSearch::new()
            .count_puzzle_solutions(&Puzzle::new(puzzle.clone(), killer.clone()).expect("of its shape"), 3)
            .expect("a killer the search takes");
        prop_assert_eq!(mine, count_variant_solutions(&puzzle, &killer, 3).0, "{}: {}", killer, puzzle);
    }
}

#[test]
fn every_kind_of_implied_sum_turns_up() {
    let mut origins = Vec::new();
    for seed in 1..=40 {
        // A few cages dropped for the sums around houses, none for the grid's.
        let (largest, share) = if seed % 2 == 0 { (4, 70) } else { (6, 100) };
        let (_, killer) = partial_killer(&Variant::standard(Shape::CLASSIC), seed, largest, share);
        for sum in sums_of(&Rulebook::new(killer)) {
            if !origins.contains(&sum.origin()) {
                origins.push(sum.origin());
            }
        }
    }
    for origin in [SumOrigin::Cage, SumOrigin::HouseRest, SumOrigin::HouseOutie, SumOrigin::Group, SumOrigin::Grid] {
        assert!(origins.contains(&origin), "no {origin:?} sum in 40 killers: the property would prove little");
    }
}
