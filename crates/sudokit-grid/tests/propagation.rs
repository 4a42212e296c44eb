//! Propagation never removes a candidate that a solution uses.

use proptest::prelude::*;
use sudokit_core::Shape;
use sudokit_grid::CandidateBoard;
use sudokit_testkit::{generate, oracle};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Keeps the digit of the grid the puzzle came from in every cell; the
    /// board it leaves is that grid when it settles every cell.
    #[test]
    fn keeps_every_candidate_of_the_source_grid(
        shape in proptest::sample::select(vec![Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::TWELVE]),
        seed in any::<u64>(),
        share in 0.2f64..0.8,
    ) {
        let solved = generate::solved_grid(shape, seed);
        let puzzle = generate::with_holes(&solved, (shape.cell_count() as f64 * share) as usize, seed);
        let mut board = CandidateBoard::new(&puzzle);
        prop_assert!(board.propagate().is_ok(), "{puzzle}");
        for (cell, digit) in solved.iter() {
            let digit = digit.expect("a solved grid");
            prop_assert!(board.get(cell).contains(digit), "{puzzle}: {cell} lost {digit}");
        }
        if board.is_solved() {
            prop_assert_eq!(board.to_grid(), solved);
        }
    }

    /// A contradiction is found only on puzzles without a solution.
    #[test]
    fn contradictions_are_proofs(seed in any::<u64>(), swaps in 1usize..4) {
        let solved = generate::solved_grid(Shape::CLASSIC, seed);
        let mut puzzle = generate::with_holes(&solved, 50, seed);
        // Change a few givens to other digits, keeping the givens clash-free.
        let mut values = puzzle.values().to_vec();
        for k in 0..swaps {
            let cell = (seed as usize / (k + 1)) % 81;
            if values[cell] != 0 {
                values[cell] = values[cell] % 9 + 1;
            }
        }
        puzzle = sudokit_core::Grid::from_values(Shape::CLASSIC, &values).expect("digits in range");
        prop_assume!(puzzle.is_consistent());
        if CandidateBoard::new(&puzzle).propagate().is_err() {
            prop_assert_eq!(oracle::count_solutions(&puzzle, 1), 0, "{}", puzzle);
        }
    }
}
