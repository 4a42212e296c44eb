//! No step removes a true candidate or places a wrong digit: every step
//! of the path, and every named pattern on the way, checked against the
//! solution from the testkit's independent oracle, on every shape; and
//! Sudoku Explainer's path with its nested levels, under a node budget.

use sudokit_rules::human::{Cache, Position, Score, Step, lists};
use sudokit_rules::sudokit_core::{Budget, Grid, SearchTally, Shape, Solver};
use sudokit_testkit::{oracle, sets};

use crate::human::{proper_puzzle_of, solution_of};

/// Whether `step` keeps every digit of `solution`.
pub(crate) fn check_step(step: &Step, solution: &Grid) -> Result<(), String> {
    for &(cell, digit) in step.eliminations() {
        if solution.get(cell) == Some(digit) {
            return Err(format!("removes the true {digit} from {cell}: {step}"));
        }
    }
    for &(cell, digit) in step.placements() {
        if solution.get(cell) != Some(digit) {
            return Err(format!("places a wrong {digit} in {cell}: {step}"));
        }
    }
    Ok(())
}

/// Follows the standard path on `puzzle`, checking every step, and at
/// every position the named patterns too, against the solution.
fn walk(puzzle: &Grid) -> Result<(), String> {
    let solution = solution_of(puzzle).ok_or("not unique")?;
    walk_with(puzzle, &solution)
}

/// [`walk`] against a known `solution`.
fn walk_with(puzzle: &Grid, solution: &Grid) -> Result<(), String> {
    let solution = solution.clone();
    let mut position = Position::new(puzzle).map_err(|e| e.to_string())?;
    let mut steps = 0;
    while let Some(step) = position.hint() {
        check_step(&step, &solution).map_err(|e| format!("{puzzle} step {steps}: {e}"))?;
        for s in lists::named_patterns() {
            if let Some(other) = s.find(&position) {
                check_step(&other, &solution).map_err(|e| format!("{puzzle} step {steps}: {e}"))?;
            }
        }
        position.apply(&step).map_err(|e| e.to_string())?;
        steps += 1;
    }
    Ok(())
}

#[test]
fn steps_never_remove_a_true_candidate_on_hard_puzzles() {
    for puzzle in sets::HARD.take(30).iter().chain(&sets::MAGICTOUR.take(30)) {
        walk(puzzle).unwrap();
    }
}

#[test]
fn steps_never_remove_a_true_candidate_on_generated_puzzles() {
    // Two thousand in a debug build, five thousand with `--release`.
    let count = if cfg!(debug_assertions) { 2000 } else { 5000 };
    for seed in 0..count {
        walk(&proper_puzzle_of(Shape::CLASSIC, seed, 81)).unwrap();
    }
}

#[test]
fn steps_never_remove_a_true_candidate_on_other_shapes() {
    // Minimal puzzles of the small shapes, rectangular boxes both ways;
    // half-empty 12×12 and 16×16 ones (their forcing chains take seconds).
    // More in a release run.
    let count = if cfg!(debug_assertions) { 1 } else { 8 };
    let shapes = [(2, 2, 16), (2, 3, 36), (3, 2, 36), (2, 4, 64), (3, 4, 84), (4, 4, 150)];
    for (h, w, holes) in shapes {
        let shape = Shape::new(h, w).unwrap();
        for seed in 0..count * (if holes <= 36 { 20 } else { 1 }) {
            let puzzle = proper_puzzle_of(shape, seed, holes);
            let solution = sudokit_grid::PropagationSearch::new().solve(&puzzle).unwrap().grid;
            assert_eq!(oracle::check_solution(&puzzle, &solution), Ok(()));
            walk_with(&puzzle, &solution).unwrap_or_else(|e| panic!("{shape}: {e}"));
        }
    }
}

/// Follows Sudoku Explainer's path (`lists::standard`, the nested levels
/// included) on `puzzle`, each step's search within `nodes` nodes,
/// checking every step against `solution`; returns the scores of the
/// steps checked, up to the first search the budget cuts.
fn walk_standard(puzzle: &Grid, solution: &Grid, nodes: u64) -> Result<Vec<Score>, String> {
    let mut position = Position::new(puzzle).map_err(|e| e.to_string())?;
    let mut scores = Vec::new();
    let mut cache = Cache::new();
    while !position.is_solved() {
        let budget = Budget::unlimited().with_max_nodes(nodes);
        let mut tally = SearchTally::new(&budget, 0);
        let mut found = None;
        for strategy in lists::standard() {
            match strategy.find_with(&position, &mut tally, &mut cache) {
                Ok(Some(step)) => {
                    found = Some(step);
                    break;
                }
                Ok(None) => {}
                Err(_) => return Ok(scores),
            }
        }
        let step = found.ok_or_else(|| format!("{puzzle}: the path stalls"))?;
        check_step(&step, solution).map_err(|e| format!("{puzzle} step {}: {e}", scores.len()))?;
        position.apply(&step).map_err(|e| e.to_string())?;
        scores.push(step.score());
    }
    Ok(scores)
}

#[test]
fn nested_forcing_chains_never_remove_a_true_candidate() {
    // The two of Norvig's hardest rated 10.6 and 10.5, and the first
    // puzzles of forum hardest 1106, whose paths run the nested levels
    // (9.5 and up).
    let norvig = [
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ];
    let norvig = norvig.iter().map(|p| p.parse::<Grid>().unwrap());
    let puzzles = norvig.chain(sets::FORUM_1106.take(4));
    let mut nested = 0;
    for puzzle in puzzles {
        let solution = solution_of(&puzzle).expect("unique");
        let scores = walk_standard(&puzzle, &solution, 2_000_000).unwrap();
        nested += scores.iter().filter(|s| s.tenths() >= 95).count();
    }
    assert!(nested >= 20, "only {nested} nested steps checked");
}
