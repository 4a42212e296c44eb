//! The variant sets of `puzzles/`: every file reads with its rules, and a
//! sample of each has one solution by two independent exact solvers
//! (Dancing Links and propagation; killers, below, otherwise). CI's `throughput --pair variants`
//! step also counts a sample of three sets with the `sudoku-variants`
//! crate. `compare` reads the sets with their rules.

use sudokit::Puzzle;
use sudokit::grid::io::PuzzleReader;
use sudokit::{BacktrackingMrv, BitParallel, CountSolutions, Dlx, PropagationSearch, Solver};
use sudokit_testkit::sets::puzzles_dir;

/// Each set, with the rules its puzzles carry.
const SETS: [(&str, &str); 8] = [
    ("variant_x.txt", "x"),
    ("variant_windoku.txt", "windoku"),
    ("variant_disjoint_groups.txt", "disjoint-groups"),
    ("variant_anti_king.txt", "anti-king"),
    ("variant_anti_knight.txt", "anti-knight"),
    ("variant_x_anti_knight.txt", "x,anti-knight"),
    ("variant_non_consecutive.txt", "non-consecutive"),
    ("variant_jigsaw.txt", "jigsaw"),
];

fn read(file: &str) -> Vec<Puzzle> {
    let path = puzzles_dir().join(file);
    PuzzleReader::open(&path).unwrap().with_rules().collect::<Result<_, _>>().unwrap()
}

#[test]
fn every_set_reads_with_its_rules_and_a_sample_has_one_solution() {
    for (file, rules) in SETS {
        let puzzles = read(file);
        assert!(puzzles.len() >= 200, "{file}: {} puzzles", puzzles.len());
        for puzzle in &puzzles {
            let text = puzzle.variant().to_string();
            assert!(text == rules || rules == "jigsaw" && text.starts_with("jigsaw="), "{file}: {text}");
        }
        // Jigsaw maps differ puzzle by puzzle.
        if rules == "jigsaw" {
            assert_ne!(puzzles[0].variant(), puzzles[1].variant(), "{file}");
        }
        for puzzle in puzzles.iter().take(5) {
            let grid = puzzle.grid();
            assert_eq!(Dlx::new().count_puzzle_solutions(puzzle, 2).unwrap(), 1, "{file}: {grid}");
            assert_eq!(PropagationSearch::new().count_puzzle_solutions(puzzle, 2).unwrap(), 1, "{file}: {grid}");
        }
    }
}

/// The killer sets: cages that partition the grid, and a sample with one
/// solution by propagation (every killer without givens: the hardest
/// hundred were proved unique by the Interactive Sudoku Solver, the set's
/// outside judge), and by backtracking-MRV where there are givens (on
/// empty killers it, like Dancing Links, takes seconds each).
#[test]
fn the_killer_sets_read_with_their_cages_and_a_sample_has_one_solution() {
    let sets = [("variant_killer.txt", 30), ("variant_killer_givens.txt", 5), ("variant_killer_hardest.txt", 100)];
    for (file, sample) in sets {
        let puzzles = read(file);
        assert!(puzzles.len() >= 30, "{file}: {} puzzles", puzzles.len());
        for puzzle in &puzzles {
            let cells: usize = puzzle.variant().cages().iter().map(|cage| cage.cells().len()).sum();
            assert!(puzzle.variant().has_sums() && cells == 81, "{file}: {}", puzzle.grid());
        }
        for puzzle in puzzles.iter().take(sample) {
            let grid = puzzle.grid();
            let count = PropagationSearch::new().count_puzzle_solutions(puzzle, 2).unwrap();
            assert_eq!(count, 1, "{file}: {grid}");
            if grid.filled_count() > 0 {
                assert_eq!(BacktrackingMrv::new().count_puzzle_solutions(puzzle, 2).unwrap(), 1, "{file}");
            }
        }
    }
}

/// The bit-parallel board and the digit planes count the same on every
/// puzzle of every set whose rules the board takes (the first 40 of X
/// with anti-knight, where the board is slower than the planes).
#[test]
fn the_bit_parallel_board_counts_every_set_it_takes_as_propagation_does() {
    for (file, rules) in SETS {
        let puzzles = read(file);
        let mut board = BitParallel::new();
        if !board.supports(puzzles[0].rules()) {
            assert!(rules == "jigsaw" || rules == "non-consecutive", "{file}");
            continue;
        }
        let take = if rules == "x,anti-knight" { 40 } else { puzzles.len() };
        for puzzle in puzzles.iter().take(take) {
            let count = board.count_puzzle_solutions(puzzle, 2).unwrap();
            assert_eq!(count, 1, "{file}: {}", puzzle.grid());
            assert_eq!(PropagationSearch::new().count_puzzle_solutions(puzzle, 2).unwrap(), count, "{file}");
        }
    }
}

#[test]
fn compare_races_the_solvers_that_take_a_set_s_rules() {
    use sudokit::compare::{Harness, PuzzleSet, Status};
    let mut sets: Vec<PuzzleSet> = ["variant_x.txt", "variant_jigsaw.txt"]
        .into_iter()
        .map(|file| PuzzleSet::from_file(puzzles_dir().join(file)).unwrap())
        .collect();
    for set in &mut sets {
        set.puzzles.truncate(5);
    }
    assert_eq!(sets[0].name, "variant_x");
    let mut solvers = ["auto", "dlx", "fast"].map(|name| sudokit::registry::create(name).unwrap());
    let report = Harness::new().with_threads(1).run(&mut solvers, &sets);
    let statuses: Vec<(&str, &str, Status, usize)> =
        report.results().iter().map(|r| (r.solver.as_str(), r.set.as_str(), r.status, r.solved)).collect();
    assert_eq!(
        statuses,
        [
            ("auto", "variant_x", Status::Qualified, 5),
            ("auto", "variant_jigsaw", Status::Qualified, 5),
            ("dlx", "variant_x", Status::Qualified, 5),
            ("dlx", "variant_jigsaw", Status::Qualified, 5),
            ("fast", "variant_x", Status::Qualified, 5),
            ("fast", "variant_jigsaw", Status::Unsupported, 0),
        ]
    );
}
