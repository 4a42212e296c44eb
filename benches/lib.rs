//! Shared fixtures of the sudokit benchmarks (not part of the library API).

use sudokit::Grid;
use sudokit_testkit::sets::PuzzleSet;

/// The first `n` puzzles of `set`, labelled for criterion.
pub fn fixture(set: PuzzleSet, n: usize) -> (String, Vec<Grid>) {
    let puzzles = set.take(n);
    (format!("{}x{}", set.name, puzzles.len()), puzzles)
}
