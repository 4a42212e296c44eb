//! The batch API: order, agreement with one-by-one solving, streaming.

use std::time::Duration;

use sudokit::batch::{Batch, Progress};
use sudokit::{BitParallel, CancelFlag, Grid, SolveError, Solver, registry};
use sudokit_testkit::{oracle, sets};

/// Magictour puzzles with a clash and an unsolvable puzzle mixed in.
fn mixed_puzzles() -> Vec<Grid> {
    let mut puzzles = sets::MAGICTOUR.take(300);
    let clash: Grid = format!("11{}", ".".repeat(79)).parse().unwrap();
    let unsolvable: Grid = sets::UNSOLVABLE[0].parse().unwrap();
    puzzles.insert(17, clash);
    puzzles.insert(200, unsolvable);
    puzzles
}

#[test]
fn results_come_in_input_order_and_match_one_by_one_solving() {
    let puzzles = mixed_puzzles();
    let mut alone = BitParallel::new();
    let expected: Vec<_> = puzzles.iter().map(|p| alone.solve(p).map(|s| s.grid)).collect();
    for threads in [1, 2, 3] {
        let results = Batch::new(BitParallel::new).with_threads(threads).solve_all(&puzzles);
        assert_eq!(results.len(), puzzles.len());
        let grids: Vec<_> = results.into_iter().map(|r| r.map(|s| s.grid)).collect();
        assert_eq!(grids, expected, "{threads} threads");
    }
    assert!(matches!(expected[17], Err(SolveError::InvalidPuzzle { .. })));
    assert_eq!(expected[200], Err(SolveError::Unsolvable));
    assert_eq!(oracle::check_solution(&puzzles[0], expected[0].as_ref().unwrap()), Ok(()));
}

#[test]
fn iterator_mode_works_chunk_by_chunk() {
    let puzzles = mixed_puzzles();
    let batch = Batch::new(BitParallel::new).with_chunk_size(7);
    let lazy: Vec<_> = batch.solve_iter(puzzles.clone()).map(|r| r.map(|s| s.grid)).collect();
    let eager: Vec<_> = batch.solve_all(&puzzles).into_iter().map(|r| r.map(|s| s.grid)).collect();
    assert_eq!(lazy, eager);
}

#[test]
fn any_registered_solver_can_be_batched() {
    let info = registry::find("dlx").unwrap();
    let puzzles = sets::HARD.take(20);
    for (puzzle, result) in puzzles.iter().zip(Batch::new(move || info.build()).solve_all(&puzzles)) {
        assert_eq!(oracle::check_solution(puzzle, &result.unwrap().grid), Ok(()));
    }
}

#[test]
fn untimed_batches_give_the_same_answers_with_no_times() {
    let puzzles = sets::HARD.take(30);
    let timed = Batch::new(BitParallel::new).solve_all(&puzzles);
    let untimed = Batch::new(BitParallel::new).without_timing().solve_all(&puzzles);
    for (timed, untimed) in timed.into_iter().zip(untimed) {
        let (timed, untimed) = (timed.unwrap(), untimed.unwrap());
        assert_eq!(timed.grid, untimed.grid);
        assert_eq!(untimed.stats.elapsed, Duration::ZERO);
        assert_eq!((timed.stats.nodes, timed.stats.guesses), (untimed.stats.nodes, untimed.stats.guesses));
    }
    // Limits still hold without timing.
    let spent = Batch::new(BitParallel::new).without_timing().with_time_limit(Duration::ZERO).solve_all(&puzzles);
    assert!(spent.iter().all(|r| matches!(r, Err(SolveError::BudgetExhausted { .. }))));
}

#[test]
fn budgets_apply_to_every_puzzle() {
    let puzzles = sets::HARD.take(10);
    let spent = Batch::new(BitParallel::new).with_time_limit(Duration::ZERO).solve_all(&puzzles);
    assert!(spent.iter().all(|r| matches!(r, Err(SolveError::BudgetExhausted { .. }))));
    let flag = CancelFlag::new();
    flag.cancel();
    let cancelled = Batch::new(BitParallel::new).with_cancel_flag(flag).solve_all(&puzzles);
    assert!(cancelled.iter().all(|r| matches!(r, Err(SolveError::BudgetExhausted { .. }))));
}

#[test]
fn streams_write_one_line_per_record_in_order() {
    let puzzles = sets::HARD.take(25);
    let mut input = String::from("# a comment, not a record\n");
    for (k, puzzle) in puzzles.iter().enumerate() {
        input.push_str(&format!("{puzzle}\n"));
        if k == 3 {
            input.push_str("12?4\n");
        }
        if k == 9 {
            input.push_str(&format!("11{}\n", ".".repeat(79)));
        }
    }
    let mut output = Vec::new();
    let mut reports = Vec::new();
    let summary = Batch::new(BitParallel::new)
        .with_chunk_size(4)
        .solve_stream(input.as_bytes(), &mut output, |p| reports.push(p))
        .unwrap();
    let lines: Vec<&str> = std::str::from_utf8(&output).unwrap().lines().collect();
    assert_eq!(lines.len(), 27);
    assert!(lines[4].starts_with("error: line 6, column 3"), "{}", lines[4]);
    // The clash is record 12, on line 13 of the input.
    assert!(lines[11].starts_with("error: line 13: invalid puzzle"), "{}", lines[11]);
    let answers: Vec<&str> = lines.iter().copied().filter(|l| !l.starts_with("error: ")).collect();
    for (puzzle, answer) in puzzles.iter().zip(answers) {
        assert_eq!(oracle::check_solution(puzzle, &answer.parse().unwrap()), Ok(()));
    }
    let mut expected = Progress::default();
    expected.done = 27;
    expected.solved = 25;
    expected.failed = 2;
    assert_eq!(summary, expected);
    assert_eq!(reports.len(), 7, "one report per chunk of 4");
    assert_eq!(reports.last(), Some(&expected));
}

#[test]
fn keyed_lines_carry_their_puzzle_or_an_empty_key() {
    let puzzles = sets::HARD.take(3);
    let clash = format!("11{}", ".".repeat(79));
    let input = format!("{}\n12?4\n{clash}\n{}\n{}\n", puzzles[0], puzzles[1], puzzles[2]);
    let mut output = Vec::new();
    Batch::new(BitParallel::new).with_keys().solve_stream(input.as_bytes(), &mut output, |_| {}).unwrap();
    let lines: Vec<(&str, &str)> =
        std::str::from_utf8(&output).unwrap().lines().map(|l| l.split_once('\t').unwrap()).collect();
    let keys: Vec<String> = lines.iter().map(|(key, _)| (*key).to_owned()).collect();
    let expected = [puzzles[0].to_string(), String::new(), clash, puzzles[1].to_string(), puzzles[2].to_string()];
    assert_eq!(keys, expected);
    assert!(lines[1].1.starts_with("error: line 2, column 3"), "{}", lines[1].1);
    assert!(lines[2].1.starts_with("error: line 3: invalid puzzle"), "{}", lines[2].1);
    for (k, puzzle) in [(0, &puzzles[0]), (3, &puzzles[1]), (4, &puzzles[2])] {
        assert_eq!(oracle::check_solution(puzzle, &lines[k].1.parse().unwrap()), Ok(()));
    }
}

#[test]
fn seeded_local_search_gives_the_same_batch_on_any_number_of_threads() {
    let puzzles = sets::EASY.take(8);
    let run = |threads| {
        Batch::new(sudokit::Annealing::new)
            .with_threads(threads)
            .without_timing()
            .solve_all(&puzzles)
            .into_iter()
            .map(|r| r.map(|s| (s.grid, s.stats.iterations)))
            .collect::<Vec<_>>()
    };
    let one = run(1);
    assert!(one.iter().all(Result::is_ok));
    assert_eq!(run(2), one);
    assert_eq!(run(3), one);
}

#[test]
fn extreme_chunk_sizes_and_thread_counts_are_safe() {
    // A chunk of usize::MAX puzzles used to ask for that much memory up
    // front; threads beyond the cap are not started.
    let puzzles = sets::HARD.take(3);
    let batch = Batch::new(BitParallel::new).with_chunk_size(usize::MAX).with_threads(usize::MAX);
    let results: Vec<_> = batch.solve_iter(puzzles.clone()).collect();
    assert_eq!(results.len(), 3);
    for (puzzle, result) in puzzles.iter().zip(results) {
        assert_eq!(oracle::check_solution(puzzle, &result.unwrap().grid), Ok(()));
    }
}
