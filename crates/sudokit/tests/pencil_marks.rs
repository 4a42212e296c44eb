//! Pencil-mark puzzles ("sukaku") through every registered solver: those
//! that take marks agree with the test kit's oracle on candidate grids
//! derived from real puzzles, refuse a given the marks exclude with a
//! typed error, and files carry marks as the usual line of them.

use sudokit::Puzzle;
use sudokit::grid::io::PuzzleReader;
use sudokit::{Cell, Digit, Grid, Rulebook, Shape, SolveError, Variant, VariantError, registry};
use sudokit_testkit::generate::{pencil_marks, solved_grid, with_holes};
use sudokit_testkit::oracle::unique_solution;
use sudokit_testkit::sets;
use sudokit_testkit::variant_oracle::{check_variant_solution, count_variant_solutions};

/// Candidate grids from the course's easy and Norvig's hardest puzzles:
/// up to nine givens opened, a tenth to a half of the other marks dropped.
fn derived() -> Vec<(Grid, Variant)> {
    let mut real = sets::EASY.take(16);
    real.extend(sets::MEDIUM.take(16));
    real.iter()
        .enumerate()
        .map(|(k, p)| {
            let solution = unique_solution(p).expect("a proper puzzle");
            pencil_marks(p, &solution, 3 * (k % 4), 10 + 20 * (k % 3), k as u64)
        })
        .collect()
}

#[test]
fn derived_candidate_grids_have_every_count() {
    let counts: Vec<u64> = derived().iter().map(|(g, v)| count_variant_solutions(g, v, 2).0).collect();
    for count in 0..=2 {
        assert!(counts.contains(&count), "no candidate grid with {count} solutions: {counts:?}");
    }
}

#[test]
fn exact_solvers_agree_with_the_oracle_on_candidate_grids_of_real_puzzles() {
    let puzzles = derived();
    let expected: Vec<u64> = puzzles.iter().map(|(g, v)| count_variant_solutions(g, v, 2).0).collect();
    let mut counters = Vec::new();
    for info in registry::solvers() {
        let Some(mut counter) = info.build_counter() else { continue };
        if !counter.supports(&Rulebook::new(puzzles[0].1.clone())) {
            continue;
        }
        counters.push(info.name());
        for ((grid, variant), &count) in puzzles.iter().zip(&expected) {
            let found = counter.count_puzzle_solutions(&Puzzle::new(grid.clone(), variant.clone()).unwrap(), 2);
            assert_eq!(found, Ok(count), "{} on {grid};{variant}", info.name());
            match counter.solve_puzzle(&Puzzle::new(grid.clone(), variant.clone()).unwrap()) {
                Ok(solution) => assert_eq!(check_variant_solution(grid, variant, &solution.grid), Ok(())),
                Err(err) => assert!(count == 0 && err == SolveError::Unsolvable, "{}: {err}", info.name()),
            }
        }
    }
    // Every exact solver that takes variants: they take marks too.
    let mut names = counters.clone();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "auto",
            "backtracking-mrv",
            "dlx",
            "dsatur",
            "dsatur-propagate",
            "fast",
            "graph-mrv",
            "graph-mrv-propagate",
            "graph-sequential",
            "propagation",
            "rules"
        ],
    );
}

#[test]
fn every_solver_that_takes_marks_solves_small_candidate_grids() {
    // 6×6, where the local searches finish quickly too.
    for seed in 0..4 {
        let solution = solved_grid(Shape::SIX, seed);
        let (grid, variant) = pencil_marks(&with_holes(&solution, 24, seed), &solution, 0, 50, seed);
        let mut takers = 0;
        for info in registry::solvers() {
            let mut solver = info.build();
            if !solver.supports(&Rulebook::new(variant.clone())) {
                let err = solver.solve_puzzle(&Puzzle::new(grid.clone(), variant.clone()).unwrap()).unwrap_err();
                assert!(matches!(err, SolveError::UnsupportedVariant { .. }), "{}: {err:?}", info.name());
                continue;
            }
            takers += 1;
            let answer = solver.solve_puzzle(&Puzzle::new(grid.clone(), variant.clone()).unwrap());
            if count_variant_solutions(&grid, &variant, 1).0 == 0 {
                assert!(answer.is_err(), "{}", info.name());
                continue;
            }
            let answer = answer.unwrap_or_else(|e| panic!("{}: {e}", info.name()));
            assert_eq!(check_variant_solution(&grid, &variant, &answer.grid), Ok(()), "{}", info.name());
        }
        assert_eq!(takers, 15);
    }
}

#[test]
fn a_given_the_marks_exclude_is_a_typed_error_naming_the_cell() {
    let mut marks = vec![0b1111u64; 16];
    marks[5] = 0b0011; // r2c2: 1 or 2
    let variant = Variant::standard(Shape::MINI).with_marks(&marks).expect("valid marks");
    let mut grid = Grid::empty(Shape::MINI);
    grid.set(Cell::new(1, 1), Digit::new(4));
    for info in registry::solvers() {
        let mut solver = info.build();
        if !solver.supports(&Rulebook::new(variant.clone())) {
            continue;
        }
        let err = solver.solve_puzzle(&Puzzle::new(grid.clone(), variant.clone()).unwrap()).unwrap_err();
        assert!(matches!(err, SolveError::MarkClash { .. }), "{}: {err:?}", info.name());
        assert_eq!(err.to_string(), "invalid puzzle: r2c2 holds 4, which its marks (1, 2) exclude", "{}", info.name());
    }
}

#[test]
fn marks_are_checked_when_built() {
    let mini = || Variant::standard(Shape::MINI);
    assert_eq!(mini().with_marks(&[0b1111; 15]), Err(VariantError::MarksLength { expected: 16, found: 15 }));
    let mut marks = vec![0b1111u64; 16];
    marks[6] = 0;
    let err = mini().with_marks(&marks).unwrap_err();
    assert_eq!(err, VariantError::NoMarks { cell: Cell::new(1, 2) });
    marks[6] = 0b10001;
    let err = mini().with_marks(&marks).unwrap_err();
    assert_eq!(err.to_string(), "r2c3 has marks 0b10001, but a grid of side 4 has digits 1 to 4");
    // Every digit everywhere is no mark at all; marks given twice meet.
    assert!(mini().with_marks(&[0b1111; 16]).is_ok_and(|v| v.is_standard()));
    let mut first = vec![0b1111u64; 16];
    first[0] = 0b0111;
    let mut second = vec![0b1111u64; 16];
    second[0] = 0b1110;
    let both = mini().with_marks(&first).and_then(|v| v.with_marks(&second)).expect("valid marks");
    assert_eq!(both.marks().map(|m| m[0]), Some(0b0110));
}

#[test]
fn pencil_mark_lines_read_as_puzzles_with_marks_and_write_back() {
    let easy = &sets::EASY.take(1)[0];
    let (grid, variant) = pencil_marks(easy, &unique_solution(easy).expect("proper"), 3, 30, 7);
    let written = Puzzle::new(grid.clone(), variant.clone()).expect("same shape").to_string();
    assert_eq!(written.len(), 729);
    let read: Vec<Puzzle> =
        PuzzleReader::new(written.as_bytes()).with_rules().collect::<Result<_, _>>().expect("a pencil-mark line");
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].variant().marks(), variant.marks());
    // A cell of one mark is a given when no cell of its row, column or
    // box has its digit among its marks; the others stay open: the same
    // puzzle.
    let marks = variant.marks().expect("marks");
    let sees =
        |a: usize, b: usize| a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3));
    let given = |i: usize| marks[i].count_ones() == 1 && (0..81).all(|j| !sees(i, j) || marks[j] & marks[i] == 0);
    let expected: Vec<u8> = (0..81).map(|i| if given(i) { marks[i].trailing_zeros() as u8 + 1 } else { 0 }).collect();
    assert_eq!(read[0].grid().values(), &expected[..]);
    let singles = marks.iter().filter(|m| m.count_ones() == 1).count();
    assert!(read[0].grid().filled_count() < singles, "some cells of one mark stay open");
    assert_eq!(
        count_variant_solutions(read[0].grid(), read[0].variant(), 2),
        count_variant_solutions(&grid, &variant, 2)
    );
    // With other rules after the line, and as rules text.
    let x = variant.clone().with_diagonals();
    let line = Puzzle::new(grid.clone(), x.clone()).expect("same shape").to_string();
    assert!(line.ends_with(";x"), "{line}");
    let again = PuzzleReader::new(line.as_bytes()).with_rules().next().expect("a record").expect("valid");
    assert_eq!(again.variant().clone().without_marks(), Variant::standard(Shape::CLASSIC).with_diagonals());
    assert_eq!(Variant::parse(&x.to_string(), Shape::CLASSIC), Ok(x));
    // The plain reader refuses the marks rather than drop them.
    assert!(PuzzleReader::new(written.as_bytes()).next().expect("a record").is_err());
}

#[test]
fn a_bad_pencil_mark_line_is_named_where_it_is() {
    let mut line = "123456789".repeat(81);
    line.replace_range(10..11, "7");
    let text = format!("# a sukaku\n{line}\n");
    let reader = PuzzleReader::new(text.as_bytes()).with_shape(Shape::CLASSIC);
    let err = reader.with_rules().next().expect("a record").unwrap_err();
    assert_eq!(err.to_string(), "line 2, column 11: unexpected character '7'");
    // Without the shape, 729 characters may be a 27×27 grid, as this is.
    let read = PuzzleReader::new(text.as_bytes()).with_rules().next().expect("a record").expect("a grid");
    assert_eq!(read.grid().shape().side(), 27);
    let mut empty_cell = "123456789".repeat(81);
    empty_cell.replace_range(18..27, ".........");
    let err = PuzzleReader::new(empty_cell.as_bytes()).with_rules().next().expect("a record").unwrap_err();
    assert_eq!(err.to_string(), "line 1: bad rules: r1c3 has no pencil mark");
    // A line of 27×27 givens is no pencil-mark line.
    let grid = format!("1{}", ".".repeat(728));
    let read = PuzzleReader::new(grid.as_bytes()).with_rules().next().expect("a record").expect("a 27×27 grid");
    assert_eq!(read.grid().shape().side(), 27);
}
