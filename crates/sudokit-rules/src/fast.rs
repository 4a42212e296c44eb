//! [`FastSolver`]: propagation on the bit-parallel board, then guesses.

use sudokit_core::{Budget, CountSolutions, Grid, Meter, Shape, Solution, SolveError, Solver, Stats, StopReason};
use sudokit_grid::BacktrackingMrv;

use crate::board::Board;

/// The fastest exact solver of sudokit, for 9×9 grids.
///
/// It keeps the candidates of the whole grid in 27 machine words (one per
/// digit and band of three rows) and, after every placement, applies
/// naked and hidden singles and locked candidates with table lookups and
/// mask operations, a whole band at a time. When logic stalls it guesses on
/// a cell with two candidates and undoes a wrong guess by dropping a copy
/// of the board (a few hundred bytes). See the [crate docs](crate) for how
/// it works and how it compares.
///
/// Other shapes are handed to [`BacktrackingMrv`], so the solver accepts
/// every [`Shape`]; [`FastSolver::strict`] returns
/// [`SolveError::UnsupportedShape`] for them instead.
///
/// [`Stats`]: `nodes` counts search nodes (the root and one per guess
/// tried), `guesses` the branch points, `backtracks` the guesses that led to
/// a contradiction. The budget is checked at every node; the clock and
/// cancel flag every [`Meter::CLOCK_STRIDE`] nodes.
///
/// ```
/// use sudokit_rules::FastSolver;
/// use sudokit_rules::sudokit_core::{CountSolutions, Grid, Solver, Uniqueness};
///
/// let puzzle: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let mut solver = FastSolver::new();
/// let solution = solver.solve(&puzzle)?;
/// assert!(solution.grid.is_solution_of(&puzzle));
/// assert_eq!(solver.uniqueness(&puzzle)?, Uniqueness::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct FastSolver {
    strict: bool,
    last_stats: Stats,
}

impl FastSolver {
    /// A solver that hands shapes other than 9×9 to [`BacktrackingMrv`].
    pub fn new() -> FastSolver {
        FastSolver::default()
    }

    /// A solver that rejects shapes other than 9×9 with
    /// [`SolveError::UnsupportedShape`].
    pub fn strict() -> FastSolver {
        FastSolver { strict: true, ..FastSolver::default() }
    }

    /// The work of the last 9×9 solve or count, finished or not: handy after
    /// [`count_solutions`](CountSolutions::count_solutions), which returns
    /// only a number.
    pub fn last_stats(&self) -> Stats {
        self.last_stats
    }

    /// Keeps the stats of a finished or stopped search.
    fn record<'b>(&mut self, search: Result<Search<'b>, SolveError>) -> Result<Search<'b>, SolveError> {
        self.last_stats = match &search {
            Ok(search) => search.meter.finish(search.stats),
            Err(SolveError::BudgetExhausted { stats, .. }) => *stats,
            Err(_) => Stats::default(),
        };
        search
    }

    fn unsupported(&self, puzzle: &Grid) -> Result<(), SolveError> {
        if self.strict {
            return Err(SolveError::UnsupportedShape { shape: puzzle.shape() });
        }
        Ok(())
    }
}

/// The depth-first search over propagated boards.
struct Search<'b> {
    meter: Meter<'b>,
    stats: Stats,
    limit: u64,
    found: u64,
    first: Option<[u8; 81]>,
}

impl Search<'_> {
    /// Explores `board`, already propagated; stops once `limit` solutions
    /// are found. The board is used up: its last branch is tried in place.
    fn explore(&mut self, mut board: Board) -> Result<(), StopReason> {
        loop {
            self.meter.tick_counts(self.stats.nodes, 0)?;
            self.stats.nodes += 1;
            let Some(branch) = board.branch() else {
                self.found += 1;
                if self.first.is_none() {
                    self.first = Some(board.values());
                }
                return Ok(());
            };
            if branch.digits.count_ones() > 1 {
                self.stats.guesses += 1;
            }
            let mut digits = branch.digits;
            // Every candidate but the last on a copy of the board…
            while digits & (digits - 1) != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut next = board;
                next.place(digit, branch.band, branch.pos);
                if next.propagate().is_ok() {
                    self.explore(next)?;
                    if self.found >= self.limit {
                        return Ok(());
                    }
                } else {
                    self.stats.backtracks += 1;
                }
            }
            // …and the last one on the board itself, as a loop rather than a
            // call.
            board.place(digits.trailing_zeros() as usize, branch.band, branch.pos);
            if board.propagate().is_err() {
                self.stats.backtracks += 1;
                return Ok(());
            }
        }
    }
}

/// Runs the search on a 9×9 `puzzle` up to `limit` solutions.
fn search<'b>(puzzle: &Grid, limit: u64, budget: &'b Budget) -> Result<Search<'b>, SolveError> {
    let mut search = Search { meter: Meter::new(budget), stats: Stats::default(), limit, found: 0, first: None };
    // Clashing givens are found while placing them; the grid's own check
    // then names the clash. (Givens that cannot all be placed are a proof of
    // unsolvability in any case.)
    let Ok(mut board) = Board::new(puzzle.values()) else {
        puzzle.validate()?;
        return Err(SolveError::Unsolvable);
    };
    if limit == 0 {
        return Ok(search);
    }
    if board.propagate().is_ok() {
        if let Err(reason) = search.explore(board) {
            return Err(search.meter.exhausted(reason, search.stats, None));
        }
    } else {
        // The root is a node too, and must see a spent budget.
        if let Err(reason) = search.meter.tick_counts(0, 0) {
            return Err(search.meter.exhausted(reason, search.stats, None));
        }
        search.stats.nodes = 1;
    }
    Ok(search)
}

impl Solver for FastSolver {
    fn name(&self) -> &str {
        "fast"
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        if puzzle.shape() != Shape::CLASSIC {
            self.unsupported(puzzle)?;
            return BacktrackingMrv::new().solve_with(puzzle, budget);
        }
        let search = self.record(search(puzzle, 1, budget))?;
        let stats = search.meter.finish(search.stats);
        match search.first {
            Some(values) => {
                let grid = Grid::from_values(Shape::CLASSIC, &values).expect("the board holds digits 1 to 9");
                Ok(Solution::new(grid, stats))
            }
            None => Err(SolveError::Unsolvable),
        }
    }
}

impl CountSolutions for FastSolver {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        if puzzle.shape() != Shape::CLASSIC {
            self.unsupported(puzzle)?;
            return BacktrackingMrv::new().count_solutions_with(puzzle, limit, budget);
        }
        Ok(self.record(search(puzzle, limit, budget))?.found)
    }
}
