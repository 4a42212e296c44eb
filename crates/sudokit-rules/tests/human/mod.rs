//! The human techniques, laid out as `src/human/` is: each technique on
//! a position where it applies (exact eliminations, worked out by hand)
//! and one where it must not, in `techniques/`; steps checked against the
//! solution on many puzzles and every shape; the builder of users' steps;
//! the explainer, the solver and the rating.

mod builder;
mod explain;
mod marks;
mod paths;
#[cfg(feature = "svg")]
mod picture;
mod position;
mod rating;
mod solver;
mod soundness;
mod techniques;
mod variants;

use sudokit_rules::human::Position;
use sudokit_rules::human::Step;
use sudokit_rules::sudokit_core::{Cell, CountSolutions, Grid, Shape};
use sudokit_testkit::{generate, oracle};

/// A 9×9 position with no digit placed, where `keep(row, col, digit)`
/// (1-based) says which candidates stay. Built through the pencil-mark
/// line, as a user would.
pub(crate) fn marks(keep: impl Fn(usize, usize, u8) -> bool) -> Position {
    let mut line = String::new();
    for r in 1..=9 {
        for c in 1..=9 {
            for d in 1..=9u8 {
                line.push(if keep(r, c, d) { char::from(b'0' + d) } else { '.' });
            }
        }
    }
    Position::from_pencil_line(&line).expect("a valid pencil-mark line")
}

pub(crate) fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
    list.iter().map(|&(r, c)| Cell::new(r - 1, c - 1)).collect()
}

/// The eliminations of `step` as (row, col) 1-based, for one digit.
pub(crate) fn removed(step: &Step, digit: u8) -> Vec<(usize, usize)> {
    step.eliminations().iter().filter(|(_, d)| d.get() == digit).map(|(c, _)| (c.row() + 1, c.col() + 1)).collect()
}

/// A proper puzzle of `shape`: givens of a seeded solved grid removed in a
/// seeded order while the puzzle stays unique (checked by the propagation
/// search of `sudokit-grid`, which the human techniques share no code
/// with), at most `holes` of them.
pub(crate) fn proper_puzzle_of(shape: Shape, seed: u64, holes: usize) -> Grid {
    let solved = generate::solved_grid(shape, seed);
    let mut values = solved.values().to_vec();
    let mut rng = generate::SplitMix64::new(seed);
    let mut order: Vec<usize> = (0..shape.cell_count()).collect();
    rng.shuffle(&mut order);
    let mut counter = sudokit_grid::PropagationSearch::new();
    let mut removed = 0;
    for i in order {
        if removed == holes {
            break;
        }
        let kept = values[i];
        values[i] = 0;
        let puzzle = Grid::from_values(shape, &values).unwrap();
        if counter.count_solutions(&puzzle, 2).unwrap() == 1 {
            removed += 1;
        } else {
            values[i] = kept;
        }
    }
    Grid::from_values(shape, &values).unwrap()
}

/// The unique solution, from the testkit's independent oracle.
pub(crate) fn solution_of(puzzle: &Grid) -> Option<Grid> {
    oracle::unique_solution(puzzle)
}
