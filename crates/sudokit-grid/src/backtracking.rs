//! The baseline solvers: plain backtracking and backtracking with the
//! minimum-remaining-values heuristic.

use sudokit_core::{
    Admitted, Budget, CountSolutions, Grid, RuleKind, RuleKinds, SearchTally, Shape, Solution, SolveError, Solver,
    StopReason,
};

use crate::Candidates;
use crate::variant_search;

/// Plain chronological backtracking, the course's first solver
/// (`BacktrackingDotNetSolver`).
///
/// Cells are visited in row-major order and digits tried in ascending order;
/// a digit is allowed when its row, column and box do not hold it yet. It
/// works for every shape, but its running time grows exponentially with the
/// number of empty cells: use it as a reference point, not in production.
///
/// # Statistics
/// [`Stats::nodes`](sudokit_core::Stats::nodes) counts the calls of the recursive search exactly as the
/// course does: one call per visited position, where a position is a cell or
/// the end of a row (the search moves to the next row with a call of its
/// own), plus the final call past the last row. On the course's three demo
/// puzzles this gives 122, 490 304 and 12 625 368 calls, the course's
/// figures. [`Stats::backtracks`](sudokit_core::Stats::backtracks) counts digits taken back.
///
/// # Complexity
/// With `n` the side and `e` the empty cells: time O(nᵉ) nodes in the worst
/// case (the search has no pruning beyond the givens' masks), O(n) work per
/// node, each digit tested against three bit masks in O(1); extra space O(n²)
/// for the grid and masks, plus the recursion, one frame per visited
/// position (O(n²) deep).
///
/// # References
/// Knuth, *The Art of Computer Programming* 4B (2022), §7.2.2, Algorithm B
/// (basic backtrack); the course's `BacktrackingDotNetSolver`.
///
/// # Example
/// ```
/// use sudokit_grid::Backtracking;
/// use sudokit_core::{Grid, Solver};
/// let puzzle: Grid = "902005403100063025508407060026309001057010290090670530240530600705200304080041950".parse()?;
/// let solution = Backtracking::new().solve(&puzzle)?;
/// assert!(solution.grid.is_solution_of(&puzzle));
/// assert_eq!(solution.stats.nodes, 122);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Backtracking {
    _private: (),
}

/// Backtracking that always fills the empty cell with the fewest candidates
/// first (minimum remaining values), ties going to the first such cell in
/// row-major order; digits ascending.
///
/// A cell with no candidate ends the branch at once, so hopeless branches
/// die young: on hard puzzles it explores orders of magnitude fewer nodes
/// than [`Backtracking`]. It is still a baseline — candidates are
/// recomputed from row, column and box masks at every node and nothing is
/// propagated.
///
/// # Statistics
/// [`Stats::nodes`](sudokit_core::Stats::nodes) counts recursive calls (one per placement tried, plus
/// the root); [`Stats::guesses`](sudokit_core::Stats::guesses) the nodes where the chosen cell had two or
/// more candidates; [`Stats::backtracks`](sudokit_core::Stats::backtracks) digits taken back.
///
/// # Complexity
/// With `n` the side and `e` the empty cells: time O(nᵉ) nodes in the worst
/// case, far fewer in practice; O(n²) work per node to find the cell with the
/// fewest candidates (each cell's candidates are three mask lookups); extra
/// space O(n²) for the grid and masks, plus one frame per filled cell (O(e)
/// deep).
///
/// # References
/// Golomb and Baumert, "Backtrack programming", *JACM* 12(4), 1965 (choosing
/// the variable with the fewest values first).
///
/// # Example
/// ```
/// use sudokit_grid::BacktrackingMrv;
/// use sudokit_core::{CountSolutions, Grid, Solver, Uniqueness};
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut solver = BacktrackingMrv::new();
/// assert!(solver.solve(&puzzle)?.grid.is_solution_of(&puzzle));
/// assert_eq!(solver.uniqueness(&puzzle)?, Uniqueness::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct BacktrackingMrv {
    _private: (),
}

impl Backtracking {
    /// A new solver.
    pub fn new() -> Self {
        Self::default()
    }
}

impl BacktrackingMrv {
    /// A new solver.
    pub fn new() -> Self {
        Self::default()
    }
}

/// Which search order a [`Search`] follows.
#[derive(Clone, Copy, Debug)]
enum Order {
    RowMajor,
    FewestCandidates,
}

/// The search state shared by both baselines: cell values and, per unit, the
/// set of digits already used.
struct Search<'b> {
    shape: Shape,
    side: usize,
    full: Candidates,
    cells: Vec<u8>,
    rows: Vec<Candidates>,
    cols: Vec<Candidates>,
    boxes: Vec<Candidates>,
    tally: SearchTally<'b>,
}

impl<'b> Search<'b> {
    fn new(puzzle: &Grid, budget: &'b Budget, limit: u64) -> Result<Self, SolveError> {
        puzzle.validate()?;
        let shape = puzzle.shape();
        let side = shape.side();
        let mut search = Search {
            shape,
            side,
            full: Candidates::full(side),
            cells: puzzle.values().to_vec(),
            rows: vec![Candidates::EMPTY; side],
            cols: vec![Candidates::EMPTY; side],
            boxes: vec![Candidates::EMPTY; side],
            tally: SearchTally::new(budget, limit),
        };
        for i in 0..shape.cell_count() {
            if search.cells[i] != 0 {
                search.toggle(i, search.cells[i]);
            }
        }
        Ok(search)
    }

    /// Adds or removes `value` at cell `i` in the unit masks.
    #[inline]
    fn toggle(&mut self, i: usize, value: u8) {
        let bit = Candidates::from_bits(1 << (value - 1));
        self.rows[self.shape.row_of(i)] ^= bit;
        self.cols[self.shape.col_of(i)] ^= bit;
        self.boxes[self.shape.box_of(i)] ^= bit;
    }

    #[inline]
    fn free(&self, i: usize) -> Candidates {
        let (r, c, b) = (self.shape.row_of(i), self.shape.col_of(i), self.shape.box_of(i));
        self.full - (self.rows[r] | self.cols[c] | self.boxes[b])
    }

    /// Tries each free digit at `i`, continuing with `next`; returns whether
    /// to stop.
    #[inline]
    fn branch(&mut self, i: usize, next: impl Fn(&mut Self) -> Result<bool, StopReason>) -> Result<bool, StopReason> {
        for digit in self.free(i) {
            let value = digit.get();
            self.cells[i] = value;
            self.toggle(i, value);
            let stop = next(self)?;
            self.toggle(i, value);
            self.cells[i] = 0;
            if stop {
                return Ok(true);
            }
            self.tally.stats_mut().backtracks += 1;
        }
        Ok(false)
    }

    /// The course's recursion over positions `(row, col)`, `col == side`
    /// being the step to the next row.
    fn row_major(&mut self, row: usize, col: usize) -> Result<bool, StopReason> {
        self.tally.enter()?;
        if col == self.side {
            return self.row_major(row + 1, 0);
        }
        if row == self.side {
            return Ok(self.tally.record(&self.cells));
        }
        let i = row * self.side + col;
        if self.cells[i] != 0 {
            return self.row_major(row, col + 1);
        }
        self.branch(i, |s| s.row_major(row, col + 1))
    }

    fn fewest_candidates(&mut self) -> Result<bool, StopReason> {
        self.tally.enter()?;
        let mut best: Option<(usize, usize)> = None;
        for i in (0..self.cells.len()).filter(|&i| self.cells[i] == 0) {
            let n = self.free(i).len();
            if best.is_none_or(|(_, m)| n < m) {
                best = Some((i, n));
                if n <= 1 {
                    break;
                }
            }
        }
        let Some((i, n)) = best else {
            return Ok(self.tally.record(&self.cells));
        };
        if n > 1 {
            self.tally.stats_mut().guesses += 1;
        }
        self.branch(i, Self::fewest_candidates)
    }

    /// Runs the search to the end or to the limit.
    fn run(&mut self, order: Order) -> Result<(), StopReason> {
        if self.tally.is_done() {
            return Ok(());
        }
        match order {
            Order::RowMajor => self.row_major(0, 0),
            Order::FewestCandidates => self.fewest_candidates(),
        }
        .map(drop)
    }
}

fn solve(puzzle: &Grid, budget: &Budget, order: Order) -> Result<Solution, SolveError> {
    let mut search = Search::new(puzzle, budget, 1)?;
    if let Err(reason) = search.run(order) {
        return Err(search.tally.exhausted(reason, None));
    }
    search.tally.into_solution(puzzle.shape())
}

fn count(puzzle: &Grid, limit: u64, budget: &Budget, order: Order) -> Result<u64, SolveError> {
    let mut search = Search::new(puzzle, budget, limit)?;
    match search.run(order) {
        Ok(()) => Ok(search.tally.found()),
        Err(reason) => Err(search.tally.exhausted(reason, None)),
    }
}

impl Solver for Backtracking {
    fn name(&self) -> &str {
        "backtracking"
    }

    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        solve(puzzle.grid(), budget, Order::RowMajor)
    }
}

impl CountSolutions for Backtracking {
    fn count_admitted(&mut self, puzzle: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        count(puzzle.grid(), limit, budget, Order::RowMajor)
    }
}

impl BacktrackingMrv {
    /// Every kind of rule: the candidates of a cell are the digits its
    /// peers (houses and difference relations), the rules binding it to
    /// other cells ([`RuleKinds::PAIRS`], read as pairs and
    /// [`PairRule::partners`](sudokit_core::PairRule::partners)) and its
    /// cage's combinations leave, recomputed at every node; sums whose
    /// combinations can be listed (every killer up to 16×16), and the
    /// sums drawn on the grid (arrows, little killers) by their bounds;
    /// quadruples, between lines and sandwiches by what they leave each
    /// cell.
    pub const RULE_KINDS: RuleKinds = RuleKinds::HOUSES
        .union(RuleKinds::PAIRS)
        .with(RuleKind::CageSums)
        .union(RuleKinds::CELL_DIGITS)
        .union(RuleKinds::DRAWN_SUMS)
        .union(crate::propagation::groups::KINDS);
}

impl Solver for BacktrackingMrv {
    fn name(&self) -> &str {
        "backtracking-mrv"
    }

    fn rule_kinds(&self) -> RuleKinds {
        BacktrackingMrv::RULE_KINDS
    }

    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        if puzzle.is_standard() {
            return solve(puzzle.grid(), budget, Order::FewestCandidates);
        }
        variant_search::solve(puzzle.puzzle(), budget)
    }
}

impl CountSolutions for BacktrackingMrv {
    fn count_admitted(&mut self, puzzle: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        if puzzle.is_standard() {
            return count(puzzle.grid(), limit, budget, Order::FewestCandidates);
        }
        variant_search::count(puzzle.puzzle(), limit, budget)
    }
}
