//! Random solved grids of every shape.

use rand::Rng;
use rand::seq::SliceRandom;
use sudokit_auto::Auto;
use sudokit_core::{Budget, Grid, Puzzle, Rulebook, Shape, SolveError, Solver, StopReason};
use sudokit_dlx::Dlx;
use sudokit_grid::PropagationSearch;

use crate::transform::Transform;

/// How many fillings of the diagonal boxes are tried before giving up: one
/// always completes on the shapes with square boxes; with rectangular
/// boxes a filling can be a dead end, rarely twice.
const ATTEMPTS: usize = 64;

/// A random solved grid of `shape` (the method, and how far from uniform,
/// is on [`Generator::solved_grid`](crate::Generator::solved_grid)).
///
/// # Errors
/// [`SolveError::BudgetExhausted`] when `budget` runs out first (on the
/// largest shapes, a completion is some milliseconds).
pub(crate) fn solved_grid<R: Rng + ?Sized>(
    shape: Shape,
    rng: &mut R,
    budget: &Budget,
    solver: &mut Auto,
) -> Result<Grid, SolveError> {
    let (h, w, n) = (shape.box_height(), shape.box_width(), shape.side());
    let diagonal = (n / h).min(n / w);
    let mut dlx = Dlx::new();
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    for _ in 0..ATTEMPTS {
        let mut values = vec![0u8; n * n];
        for k in 0..diagonal {
            digits.shuffle(rng);
            for (j, &d) in digits.iter().enumerate() {
                let (r, c) = (k * h + j / w, k * w + j % w);
                values[r * n + c] = d;
            }
        }
        let start = Grid::from_values(shape, &values).expect("diagonal boxes hold digits of the shape");
        // Dancing Links completes every shape but 9×9 (`Auto`'s
        // `BitParallel` there): its restarts bound a completion, and the
        // generated sets of `puzzles/` were drawn with its grids.
        let completed =
            if shape == Shape::CLASSIC { solver.solve_with(&start, budget) } else { dlx.solve_with(&start, budget) };
        match completed {
            Ok(solution) => {
                let moved = Transform::random(shape, rng).apply(&solution.grid);
                return Ok(moved.expect("a random transform of a shape takes grids of that shape"));
            }
            Err(SolveError::Unsolvable) => continue,
            Err(other) => return Err(other),
        }
    }
    Err(SolveError::Unsolvable)
}

/// The nodes of the first search for a variant's solved grid; each next
/// one, with other random choices, may take twice as many.
const FIRST_SEARCH_NODES: u64 = 1_000;

/// A random solved grid of a variant (the method, and how far from
/// uniform, is on [`Generator::solved_grid`](crate::Generator::solved_grid)).
///
/// # Errors
/// [`SolveError::BudgetExhausted`] when `budget` runs out first;
/// [`SolveError::Unsolvable`] when the rules have no solved grid at all.
pub(crate) fn solved_variant_grid<R: Rng + ?Sized>(
    rules: &Rulebook,
    rng: &mut R,
    budget: &Budget,
) -> Result<Grid, SolveError> {
    let empty = Puzzle::new(Grid::empty(rules.shape()), rules.clone())?;
    // A search whose random choices lead into a large barren subtree is
    // dropped for one with other choices and twice the nodes: the heavy
    // tail of a random search, cut by restarts.
    let mut nodes = FIRST_SEARCH_NODES;
    loop {
        let (search, ours) = within(budget, nodes);
        match PropagationSearch::with_seed(rng.next_u64()).solve_puzzle_with(&empty, &search) {
            Ok(solution) => return Ok(solution.grid),
            Err(SolveError::BudgetExhausted { reason: StopReason::NodeLimit, .. }) if ours => nodes *= 2,
            Err(other) => return Err(other),
        }
    }
}

/// `budget` for a search of at most `nodes` more nodes, and whether that
/// bound is the one it sets (not `budget`'s own cap, which is lower). The
/// nodes still count against `budget`'s shared caps.
pub(crate) fn within(budget: &Budget, nodes: u64) -> (Budget, bool) {
    match (budget.max_nodes(), budget.nodes_left()) {
        (Some(_), Some(left)) if left <= nodes => (budget.clone(), false),
        (Some(max), Some(left)) => (budget.clone().with_max_nodes(max - left + nodes), true),
        _ => (budget.clone().with_max_nodes(nodes), true),
    }
}
