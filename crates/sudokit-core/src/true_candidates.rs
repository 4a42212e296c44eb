//! The candidates that appear in some solution of a puzzle (a setter's
//! "true candidates"), found with any exact solver: what
//! [`CountSolutions::true_candidates_with`](crate::CountSolutions::true_candidates_with)
//! runs.

use crate::budget::Budget;
use crate::cell::{Cell, Digit};
use crate::error::SolveError;
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// For each cell of `puzzle`, the digits some solution puts there (bit
/// `d - 1` for digit `d`): `solve` finds a solution of a puzzle with
/// `solver` or proves there is none, `count` counts up to a limit, both
/// under the one budget they are given.
///
/// One solution, then a count to two: a unique puzzle's true candidates
/// are its solution's digits. Otherwise every digit of an open cell that
/// no solution found so far holds there, and that no given of a peer
/// holds, is tried as a given: a solution marks each of its digits, a
/// proof of none (or a clash of the new given with the rules) leaves the
/// digit out. So at most one solve per candidate, and far fewer where
/// many digits are true.
pub(crate) fn true_candidates<S: ?Sized>(
    solver: &mut S,
    puzzle: &Puzzle,
    budget: &Budget,
    solve: impl Fn(&mut S, &Puzzle, &Budget) -> Result<Grid, SolveError>,
    count: impl Fn(&mut S, &Puzzle, u64, &Budget) -> Result<u64, SolveError>,
) -> Result<Vec<u64>, SolveError> {
    // One time limit and one node count for every solve of the call.
    let budget = budget.starting_now();
    let first = solve(solver, puzzle, &budget)?;
    let mut found = vec![0u64; first.values().len()];
    mark(&mut found, &first);
    if count(solver, puzzle, 2, &budget)? == 1 {
        return Ok(found);
    }
    let (givens, rules) = (puzzle.grid(), puzzle.rules());
    let side = puzzle.shape().side();
    for i in 0..found.len() {
        if givens.values()[i] != 0 {
            continue;
        }
        // The digits the givens among the cell's peers hold: never true.
        let held =
            rules.peers(i).map(|j| givens.values()[j]).filter(|&v| v != 0).fold(0u64, |set, v| set | 1 << (v - 1));
        for d in 0..side {
            if (found[i] | held) >> d & 1 == 1 {
                continue;
            }
            let mut grid = givens.clone();
            grid.set(Cell::from_index(i, grid.shape()), Digit::new(d as u8 + 1));
            match solve(solver, &Puzzle::new(grid, rules.clone())?, &budget) {
                Ok(solution) => mark(&mut found, &solution),
                Err(e) if rules_out_the_digit(&e) => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(found)
}

/// Adds each digit of `solution` to its cell's set.
fn mark(found: &mut [u64], solution: &Grid) {
    for (set, &value) in found.iter_mut().zip(solution.values()) {
        *set |= 1 << (value - 1);
    }
}

/// Whether a solve of the puzzle with one more given failed because no
/// solution has it: proved unsolvable, or the given breaks a rule.
fn rules_out_the_digit(error: &SolveError) -> bool {
    matches!(
        error,
        SolveError::Unsolvable
            | SolveError::InvalidPuzzle { .. }
            | SolveError::VariantClash { .. }
            | SolveError::CageClash { .. }
            | SolveError::MarkClash { .. }
            | SolveError::SumClash { .. }
            | SolveError::QuadrupleClash { .. }
            | SolveError::SandwichClash { .. }
            | SolveError::SightlineClash { .. }
            | SolveError::IndexerClash { .. }
            | SolveError::LineClash { .. }
    )
}
