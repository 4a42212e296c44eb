//! The human techniques on pencil-mark puzzles ("sukaku"): candidate grids
//! derived from real puzzles, whose marks the position starts from. Every
//! step of the hint path keeps the solution the test kit's oracle finds;
//! the explainer, the `rules` solver and the rating agree with the
//! oracle's count.

use sudokit_core::Puzzle;
use sudokit_rules::human::{Event, Explainer, HumanSolver, Outcome, Position, RateError, Rater};
use sudokit_rules::sudokit_core::{Cell, CountSolutions, Digit, Grid, Shape, SolveError, Solver, Variant};
use sudokit_testkit::generate::pencil_marks;
use sudokit_testkit::oracle::unique_solution;
use sudokit_testkit::sets;
use sudokit_testkit::variant_oracle::{check_variant_solution, count_variant_solutions};

use crate::human::soundness::check_step;

/// Candidate grids of the course's easy and Norvig's top 95 puzzles, a
/// third of the marks that are not the solution's dropped, some givens
/// opened: with their oracle counts (up to 2) and first solutions.
fn sukaku(n: usize) -> Vec<(Grid, Variant, u64, Option<Grid>)> {
    let mut real = sets::EASY.take(n / 2);
    real.extend(sets::HARD.take(n - n / 2));
    real.iter()
        .enumerate()
        .map(|(k, puzzle)| {
            let solution = unique_solution(puzzle).expect("a proper puzzle");
            let (grid, variant) = pencil_marks(puzzle, &solution, 4 * (k % 3), 33, 100 + k as u64);
            let (count, first) = count_variant_solutions(&grid, &variant, 2);
            (grid, variant, count, first)
        })
        .collect()
}

#[test]
fn every_step_on_a_pencil_mark_puzzle_keeps_the_solution() {
    let mut walked = 0;
    for (grid, variant, count, solution) in sukaku(24) {
        let Some(solution) = solution.filter(|_| count == 1) else { continue };
        let mut position = Position::with_variant(&grid, &variant).expect("a valid puzzle");
        // The position starts from the marks, not from every digit.
        for (i, &set) in variant.marks().expect("marks").iter().enumerate() {
            let cell = Cell::from_index(i, Shape::CLASSIC);
            assert_eq!(position.candidates(cell).bits() & !set, 0, "{cell}");
        }
        while let Some(step) = position.hint() {
            check_step(&step, &solution).unwrap_or_else(|e| panic!("{grid};{variant}: {e}"));
            position.apply(&step).expect("a hint applies");
        }
        walked += 1;
    }
    assert!(walked >= 8, "{walked} unique pencil-mark puzzles walked");
}

#[test]
fn the_solver_the_explainer_and_the_rating_agree_with_the_oracle() {
    let (mut unique, mut none, mut several) = (0, 0, 0);
    for (grid, variant, count, _) in sukaku(12) {
        assert_eq!(
            HumanSolver::new().count_puzzle_solutions(&Puzzle::new(grid.clone(), variant.clone()).unwrap(), 2),
            Ok(count),
            "{grid};{variant}"
        );
        let rating = Rater::new().rate_variant(&grid, &variant);
        match count {
            0 => {
                none += 1;
                assert_eq!(rating.unwrap_err(), RateError::NoSolution);
                let err =
                    HumanSolver::new().solve_puzzle(&Puzzle::new(grid.clone(), variant.clone()).unwrap()).unwrap_err();
                assert_eq!(err, SolveError::Unsolvable);
            }
            1 => {
                unique += 1;
                assert!(rating.is_ok_and(|r| r.er.tenths() >= 10), "{grid};{variant}");
                let last = Explainer::with_variant(&grid, &variant).expect("a valid puzzle").last();
                assert!(
                    matches!(&last, Some(Event::Finished(Outcome::Solved(g))) if check_variant_solution(&grid, &variant, g).is_ok()),
                    "{grid};{variant}: {last:?}"
                );
            }
            _ => {
                several += 1;
                assert_eq!(rating.unwrap_err(), RateError::MultipleSolutions);
            }
        }
    }
    assert!(unique > 0 && none > 0 && several > 0, "{unique} unique, {none} none, {several} several");
}

#[test]
fn a_given_outside_its_marks_is_refused_by_name() {
    let mut marks = vec![0x1ffu64; 81];
    marks[0] = 0b11;
    let variant = Variant::standard(Shape::CLASSIC).with_marks(&marks).expect("valid marks");
    let mut grid = Grid::empty(Shape::CLASSIC);
    grid.set(Cell::new(0, 0), Digit::new(3));
    let err = Position::with_variant(&grid, &variant).map(|_| ()).expect_err("refused");
    assert_eq!(err.to_string(), "invalid puzzle: r1c1 holds 3, which its marks (1, 2) exclude");
}

/// Pencil-mark lines made from real puzzles (`tests/data/sukaku_reference.csv`:
/// 240 standard and 120 variant lines by `tools/sukaku_from_puzzles.py`,
/// rated by SukakuExplainer v1.18.1): read as it reads them, a cell of one
/// mark given only when no peer holds its digit, they rate as it rates
/// them. A debug build rates those of ER 7.5 or less; `--release`, every
/// one.
#[test]
fn pencil_mark_lines_rate_as_sukaku_explainer_rates_them() {
    use sudokit_grid::io::PuzzleReader;
    use sudokit_rules::human::Score;
    let text = include_str!("../data/sukaku_reference.csv");
    let ceiling = if cfg!(debug_assertions) { Score::from_tenths(75) } else { Score::from_tenths(120) };
    let (mut rated, mut with_open_singles) = (0, 0);
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let score = |k: usize| -> Score { fields[k].parse().expect("a score") };
        let puzzle = PuzzleReader::new(fields[0].as_bytes()).with_rules().next().expect("a record").expect("a puzzle");
        let marks = puzzle.variant().marks().expect("a line of marks");
        let singles = marks.iter().filter(|set| set.count_ones() == 1).count();
        with_open_singles += usize::from(singles > puzzle.grid().filled_count());
        if score(1) > ceiling {
            continue;
        }
        let rating =
            Rater::new().rate_variant(puzzle.grid(), puzzle.variant()).unwrap_or_else(|e| panic!("{}: {e}", fields[0]));
        assert_eq!((rating.er, rating.ep, rating.ed), (score(1), score(2), score(3)), "{}", fields[0]);
        rated += 1;
    }
    // The lines hold both kinds of cells of one mark, most of them some
    // that stay open, so that the reading decides ratings.
    assert!(with_open_singles >= 250, "{with_open_singles} lines with open cells of one mark");
    assert!(rated >= if cfg!(debug_assertions) { 300 } else { 360 }, "{rated} rated");
}
