//! The default solver on the bundled 16×16 and 25×25 sets: every puzzle
//! solved, and proved unique, as their files say.

use sudokit::{Auto, CountSolutions, Solver, Uniqueness};
use sudokit_testkit::{oracle, sets};

#[test]
fn auto_solves_the_large_bundled_sets_and_proves_them_unique() {
    let mut auto = Auto::new();
    for set in [sets::SIXTEEN_UNIQUE, sets::TWENTY_FIVE_UNIQUE] {
        for (k, puzzle) in set.puzzles().iter().enumerate() {
            let solution = auto.solve(puzzle).unwrap_or_else(|e| panic!("{} #{}: {e}", set.name, k + 1));
            assert_eq!(oracle::check_solution(puzzle, &solution.grid), Ok(()), "{} #{}", set.name, k + 1);
            assert_eq!(auto.uniqueness(puzzle), Ok(Uniqueness::Unique), "{} #{}", set.name, k + 1);
        }
    }
}
