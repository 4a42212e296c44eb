//! The large puzzle sets that live only in the repository's `puzzles/`
//! folder (the throughput sets: 17-clue, the forum's hardest of 1905,
//! Serg's benchmark), which no crate ships: they read, and the solvers
//! that race on them keep the contract there.

use sudokit::grid::io::PuzzleReader;
use sudokit::{CountSolutions, Grid, Shape};
use sudokit_bitparallel::BitParallel;
use sudokit_testkit::sets::{self, puzzle_lines};
use sudokit_testkit::{Conformance, oracle};

#[test]
fn the_repository_sets_are_there_with_their_documented_sizes() {
    let expected = [(sets::SERG, 10_000), (sets::SEVENTEEN, 49_158), (sets::FORUM_HARDEST, 48_766)];
    for (set, count) in expected {
        assert!(set.is_available(), "{} is missing", set.path().display());
        assert_eq!(puzzle_lines(&set.text()).count(), count, "{}", set.file);
    }
}

#[test]
fn the_reader_reads_serg_s_benchmark_as_the_test_kit_does() {
    let grids: Vec<Grid> = PuzzleReader::open(sets::SERG.path()).unwrap().collect::<Result<_, _>>().unwrap();
    assert_eq!(grids.len(), 10_000);
    assert_eq!(grids, sets::SERG.puzzles());
    assert!(grids.iter().all(|g| g.shape() == Shape::CLASSIC && g.is_consistent()));
}

#[test]
fn the_bit_parallel_solver_keeps_the_contract_on_the_throughput_sets() {
    Conformance::exact()
        .with_set(sets::SEVENTEEN, 200)
        .with_set(sets::FORUM_HARDEST, 100)
        .run_counter(&mut BitParallel::new());
}

#[test]
fn serg_puzzles_have_several_solutions_counted_like_the_oracle() {
    let mut solver = BitParallel::new();
    for puzzle in sets::SERG.take(50) {
        let count = solver.count_solutions(&puzzle, 10).unwrap();
        assert!(count >= 2, "{puzzle}");
        assert_eq!(count, oracle::count_solutions(&puzzle, 10), "{puzzle}");
    }
}
