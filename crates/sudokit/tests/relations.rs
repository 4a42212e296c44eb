//! Relations between two cells as data: Kropki dots and XV against an
//! outside judge. `tests/data/kropki_xv_iss.tsv` holds puzzles drawn over
//! random solved grids whose solutions the Interactive Sudoku Solver
//! counted (see `puzzles/README.md`); every exact registered solver that
//! takes their rules counts the same, and finds the grid the clues were
//! drawn from when it is the one solution.

use sudokit::generate::canonical_variant_puzzle;
use sudokit::{CountSolutions, Grid, PropagationSearch, Puzzle, RuleKind, Shape, SolveError, Variant, registry};
use sudokit_testkit::variant_oracle::check_variant_solution;

/// Each puzzle, the judge's count (2 for two or more) and the grid its
/// clues were drawn from.
fn judged() -> Vec<(Puzzle, u64, Option<Grid>)> {
    let text = include_str!("data/kropki_xv_iss.tsv");
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let (grid, rules) = fields[0].split_once(';').expect("GRID;RULES");
            let rules = Variant::parse(rules, Shape::CLASSIC).expect("rules sudokit reads");
            let puzzle = Puzzle::new(grid.parse().expect("a grid"), rules).expect("one shape");
            let count = fields[1].parse().expect("a count");
            let source = fields.get(2).filter(|s| !s.is_empty()).map(|s| s.parse().expect("a solved grid"));
            (puzzle, count, source)
        })
        .collect()
}

#[test]
fn every_exact_solver_counts_kropki_and_xv_as_the_judge_does() {
    let puzzles = judged();
    assert!(puzzles.len() >= 25, "{} puzzles", puzzles.len());
    let kinds = |kind| puzzles.iter().filter(|(p, ..)| p.rules().kinds().contains(kind)).count();
    assert!(kinds(RuleKind::Kropki) >= 10 && kinds(RuleKind::Xv) >= 10);
    let mut solvers = 0;
    for info in registry::solvers().iter().filter(|info| info.is_exact()) {
        let Some(mut counter) = info.build_counter() else { continue };
        if !puzzles.iter().all(|(p, ..)| info.takes(p.rules())) {
            continue;
        }
        solvers += 1;
        for (puzzle, count, source) in &puzzles {
            let what = format!("{} on {puzzle}", info.name());
            assert_eq!(counter.count_puzzle_solutions(puzzle, 2).ok(), Some(*count), "{what}");
            match (info.build().solve_puzzle(puzzle), source) {
                (Ok(solution), Some(source)) => {
                    let grid = &solution.grid;
                    assert_eq!(check_variant_solution(puzzle.grid(), puzzle.variant(), grid), Ok(()), "{what}");
                    assert!(*count > 1 || grid == source, "{what}: the one solution is the clues' grid");
                }
                (Err(SolveError::Unsolvable), None) => assert_eq!(*count, 0, "{what}"),
                (outcome, _) => panic!("{what}: {outcome:?}"),
            }
            if let Some(source) = source {
                assert!(puzzle.is_solved_by(source), "{what}: the clues' grid breaks its own clues");
            }
        }
    }
    assert!(solvers >= 4, "auto, propagation, dlx and backtracking-mrv at least: {solvers}");
}

/// The picture draws a puzzle's clues where the judge's file puts them.
#[test]
fn the_picture_draws_every_clue() {
    for (puzzle, ..) in judged() {
        let picture = puzzle.variant().picture(puzzle.grid()).expect("one shape").to_string();
        let drawn = picture.lines().take(2 * 9 + 1).flat_map(str::chars).filter(|c| "o@xv".contains(*c)).count();
        assert_eq!(drawn, puzzle.variant().edge_clues().len(), "{puzzle}");
    }
}

/// A canonical form keeps the clues where they are and relabels digits
/// only as the clues allow: the representative of a unique puzzle is a
/// unique puzzle of the same rules, and a transform of the solution
/// solves it.
#[test]
fn canonical_forms_keep_every_clue() {
    for (puzzle, count, source) in judged() {
        let Some(source) = source.filter(|_| count == 1) else { continue };
        let canon = canonical_variant_puzzle(&puzzle).expect("a 9×9 puzzle with clues");
        assert_eq!(&canon.variant, puzzle.variant(), "clues stay put");
        let moved = Puzzle::new(canon.grid.clone(), canon.variant.clone()).expect("one shape");
        let solved = canon.transform.apply(&source).expect("a 9×9 grid");
        assert!(moved.is_solved_by(&solved), "{puzzle}: the moved solution breaks the moved puzzle");
        assert_eq!(PropagationSearch::new().count_puzzle_solutions(&moved, 2).ok(), Some(1), "{puzzle}");
        assert!(canon.automorphisms >= 1);
    }
}
