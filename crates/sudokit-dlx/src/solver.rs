//! The [`Dlx`] solver: the [`SudokuCover`] of a puzzle on the
//! [`ExactCover`] engine, with restarts for heavy-tailed searches.

#[cfg(doc)]
use sudokit_core::Stats;
use sudokit_core::{
    Admitted, Budget, CountSolutions, Grid, Meter, RuleKinds, SearchTally, Solution, SolveError, Solver, SplitMix64,
    StopReason,
};

use crate::engine::{CoverStats, ExactCover, plus};
use crate::restart::{Relabelling, luby};
use crate::sudoku::SudokuCover;
use crate::variant::{self, VariantMatrix};

/// A puzzle's matrix: the items its givens leave, and the options that do
/// not clash with them.
#[derive(Clone, Debug)]
struct Prepared {
    matrix: ExactCover,
    /// For each item of the full encoding, its index in `matrix`, or
    /// [`Prepared::COVERED`] when a given covers it.
    item_index: Vec<u32>,
    /// For each option of `matrix`, its index in the full encoding.
    option_of: Vec<u32>,
}

impl Prepared {
    const COVERED: u32 = u32::MAX;

    fn new() -> Prepared {
        Prepared { matrix: ExactCover::new(0, 0), item_index: Vec::new(), option_of: Vec::new() }
    }

    /// Builds the matrix `puzzle`'s givens leave, or returns the error for
    /// clashing givens. Items and options keep their relative order from
    /// the full encoding, so the search (and its tie-breaking) is the one
    /// the full matrix with the givens selected would run; a restart's
    /// `shuffle` numbers the items in another order instead, which changes
    /// how ties between equally short items are broken.
    fn prepare(&mut self, puzzle: &Grid, shuffle: Option<&mut SplitMix64>) -> Result<SudokuCover, SolveError> {
        puzzle.validate()?;
        let cover = SudokuCover::new(puzzle.shape());
        let values = puzzle.values();
        self.item_index.clear();
        self.item_index.resize(cover.item_count(), 0);
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                for item in cover.items(cover.option(cell, value)) {
                    self.item_index[item] = Self::COVERED;
                }
            }
        }
        let mut open: Vec<u32> =
            (0..cover.item_count() as u32).filter(|&i| self.item_index[i as usize] != Self::COVERED).collect();
        if let Some(rng) = shuffle {
            rng.shuffle(&mut open);
        }
        for (number, &item) in open.iter().enumerate() {
            self.item_index[item as usize] = number as u32;
        }
        // At most 4 × 35² items, far below the engine's maximum.
        self.matrix.clear(open.len(), 0).expect("a Sudoku's items fit the engine");
        self.option_of.clear();
        let side = puzzle.shape().side();
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                continue;
            }
            // The items of digit d are those of digit 1, each plus d but
            // for the cell's own.
            let [cell_item, row, col, boxed] = cover.items(cover.option(cell, 1));
            let cell_item = self.item_index[cell_item];
            let digits = self.item_index[row..row + side]
                .iter()
                .zip(&self.item_index[col..col + side])
                .zip(&self.item_index[boxed..boxed + side]);
            for (d, ((&row, &col), &boxed)) in digits.enumerate() {
                let option = cover.option(cell, d as u8 + 1);
                let items = [cell_item, row, col, boxed];
                debug_assert_eq!(items, cover.items(option).map(|item| self.item_index[item]));
                if !items.contains(&Self::COVERED) {
                    self.matrix.push_option(items);
                    self.option_of.push(option as u32);
                }
            }
        }
        Ok(cover)
    }

    /// `puzzle` completed by the options of a solution of the matrix.
    fn fill(&self, cover: &SudokuCover, puzzle: &Grid, options: Vec<usize>) -> Grid {
        cover.fill(puzzle, options.into_iter().map(|option| self.option_of[option] as usize))
    }
}

/// How one run of the search ended.
enum Run {
    Solved(Grid),
    Unsolvable,
    /// Its slice of nodes is spent; the budget is not.
    Paused,
}

/// Sudoku by Dancing Links: the [`SudokuCover`] matrix solved with
/// [`ExactCover`], for every shape.
///
/// Each puzzle gets the matrix its givens leave: the items they cover and
/// every option clashing with them are never built, so the search starts on
/// a matrix of a few hundred options (for 9×9) that stays in the L1 cache.
/// The allocations are kept from one puzzle to the next. The search
/// branches on the constraint with the fewest options left, which makes
/// naked and hidden singles free.
///
/// # Restarts
/// A search of a nearly empty grid can wander into a huge subtree without
/// a solution, where another order finds one at once (a heavy-tailed
/// search, Gomes, Selman and Kautz 1998). After
/// [`Dlx::FIRST_RUN_NODES`] nodes per cell without an answer, the search
/// goes on in slices, each after a restart on the puzzle with its digits
/// relabelled and its constraints in another order; restarts lengthen by
/// Luby's sequence (Luby, Sinclair and Zuckerman 1993), from
/// [`Dlx::RESTART_NODES`] nodes per cell, and each slice is
/// [`Dlx::MAIN_SHARE`] times its restart. An answer is still exact: the
/// first search, or a restart, that ends within its slice has found a
/// solution or explored its whole tree. So every grid that a search of
/// `T` nodes solves costs at most about `4T / 3`, and a grid given nothing,
/// its first row or its first band is completed, for every shape, within
/// [`Dlx::COMPLETION_NODES`] nodes per cell (a test checks it on each
/// shape). Counting solutions explores the whole tree and never restarts.
///
/// # Statistics
/// [`Stats::nodes`](sudokit_core::Stats::nodes) counts search levels
/// entered, [`Stats::guesses`](sudokit_core::Stats::guesses) the levels
/// with two or more options,
/// [`Stats::backtracks`](sudokit_core::Stats::backtracks) options taken
/// back; [`Dlx::last_stats`] adds Knuth's link updates.
///
/// # Complexity
/// Completing a Sudoku of side `n` is NP-complete (Yato and Seta 2003), so a
/// search is exponential in the worst case. The full matrix has n³ options of
/// 4 items over 4n² items; one search level costs O(n) link updates per item
/// covered, and a given removes its options before the search at O(n) each.
/// Extra space: O(n³) nodes, kept from one puzzle to the next, and O(n²) for
/// the choices of a search.
///
/// # References
/// Knuth, "Dancing Links" (2000), arXiv cs/0011047; Yato and Seta,
/// "Complexity and completeness of finding another solution and its
/// application to puzzles", *IEICE Trans. Fundamentals* E86-A(5), 2003.
///
/// # Example
/// ```
/// use sudokit_dlx::Dlx;
/// use sudokit_core::{CountSolutions, Grid, Solver, Uniqueness};
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut dlx = Dlx::new();
/// assert!(dlx.solve(&puzzle)?.is_complete());
/// assert_eq!(dlx.uniqueness(&puzzle)?, Uniqueness::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Dlx {
    /// The puzzle as given, searched in slices.
    main: Prepared,
    /// The puzzle as the current restart relabels it.
    restart: Prepared,
    /// The work of the restarts of the current solve, added up.
    restarts: CoverStats,
    last: CoverStats,
}

impl Default for Dlx {
    fn default() -> Dlx {
        Dlx::new()
    }
}

impl Dlx {
    /// Nodes per cell the search of the puzzle as given takes before the
    /// restarts join in: most searches of a proper puzzle end well within
    /// it, and are then exactly as without restarts.
    pub const FIRST_RUN_NODES: u64 = 64;
    /// Nodes per cell of the shortest restart.
    pub const RESTART_NODES: u64 = 4;
    /// How many times longer each slice of the search as given is than the
    /// restart before it: a proper puzzle's search, which restarts rarely
    /// shorten, loses at most a quarter of its time to them.
    pub const MAIN_SHARE: u64 = 3;
    /// Nodes per cell within which an empty grid, or one given its first
    /// row or first band, is completed, for every shape up to 35×35.
    pub const COMPLETION_NODES: u64 = 512;

    /// A new solver.
    pub fn new() -> Dlx {
        Dlx {
            main: Prepared::new(),
            restart: Prepared::new(),
            restarts: CoverStats::default(),
            last: CoverStats::default(),
        }
    }

    /// Counters of the last search, with Knuth's link updates (its
    /// restarts included).
    pub fn last_stats(&self) -> CoverStats {
        self.last
    }

    /// The work of the solve so far: the search as given (the engine
    /// counts it from its start) and the restarts.
    fn spent(&self) -> CoverStats {
        plus(self.main.matrix.stats(), self.restarts)
    }

    /// Keeps `stats` as the last search's, and copies them into `tally`.
    fn keep_stats(&mut self, stats: CoverStats, tally: &mut SearchTally<'_>) {
        self.last = stats;
        let counters = tally.stats_mut();
        counters.nodes = stats.nodes;
        counters.guesses = stats.guesses;
        counters.backtracks = stats.backtracks;
    }

    /// The nodes a run of `slice` may take, and the budget of the run with
    /// the engine's node count before it: the budget's node cap may leave
    /// fewer.
    fn slice_budget(&self, slice: u64, before: u64, budget: &Budget) -> (u64, Budget) {
        let room = budget.max_nodes().map_or(u64::MAX, |max| max.saturating_sub(self.spent().nodes));
        (room, budget.clone().with_max_nodes(before.saturating_add(slice.min(room))))
    }

    /// Goes on with the search of the puzzle as given for `slice` more
    /// nodes.
    fn resume(&mut self, cover: &SudokuCover, puzzle: &Grid, slice: u64, budget: &Budget) -> Result<Run, StopReason> {
        let (room, run) = self.slice_budget(slice, self.main.matrix.stats().nodes, budget);
        let outcome = self.main.matrix.resume_with_meter(&mut Meter::new(&run));
        ended(outcome, slice < room, |options| self.main.fill(cover, puzzle, options))
    }

    /// Restart `attempt`: the puzzle relabelled, for `slice` nodes.
    fn restart(&mut self, puzzle: &Grid, attempt: u64, slice: u64, budget: &Budget) -> Result<Run, StopReason> {
        let mut rng = SplitMix64::new(attempt);
        let relabel = Relabelling::new(puzzle.side(), &mut rng);
        let relabelled = relabel.apply(puzzle);
        let cover = self.restart.prepare(&relabelled, Some(&mut rng)).expect("a relabelled valid puzzle is valid");
        let (room, run) = self.slice_budget(slice, 0, budget);
        let outcome = self.restart.matrix.first_solution_with_meter(&mut Meter::new(&run));
        self.restarts = plus(self.restarts, self.restart.matrix.stats());
        ended(outcome, slice < room, |options| relabel.undo(&self.restart.fill(&cover, &relabelled, options)))
    }

    /// The search of [`Solver::solve_with`], with its restarts, on the
    /// prepared puzzle.
    fn search(&mut self, cover: &SudokuCover, puzzle: &Grid, budget: &Budget) -> Result<Run, StopReason> {
        let cells = puzzle.shape().cell_count() as u64;
        match self.resume(cover, puzzle, Dlx::FIRST_RUN_NODES.saturating_mul(cells), budget)? {
            Run::Paused => {}
            done => return Ok(done),
        }
        for attempt in 1.. {
            let slice = Dlx::RESTART_NODES.saturating_mul(cells).saturating_mul(luby(attempt));
            match self.restart(puzzle, attempt, slice, budget)? {
                Run::Paused => {}
                done => return Ok(done),
            }
            match self.resume(cover, puzzle, slice.saturating_mul(Dlx::MAIN_SHARE), budget)? {
                Run::Paused => {}
                done => return Ok(done),
            }
        }
        unreachable!("the slices grow until a search ends or the budget does")
    }
}

/// How a run ended: `resumable` when the budget leaves more nodes than its
/// slice, so that a node limit is the slice's and the search goes on.
fn ended(
    outcome: Result<Option<Vec<usize>>, StopReason>,
    resumable: bool,
    fill: impl FnOnce(Vec<usize>) -> Grid,
) -> Result<Run, StopReason> {
    match outcome {
        Ok(Some(options)) => Ok(Run::Solved(fill(options))),
        Ok(None) => Ok(Run::Unsolvable),
        Err(StopReason::NodeLimit) if resumable => Ok(Run::Paused),
        Err(reason) => Err(reason),
    }
}

impl Solver for Dlx {
    fn name(&self) -> &str {
        "dlx"
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        // One deadline for the search and its restarts.
        let budget = budget.starting_now();
        let mut tally = SearchTally::new(&budget, 1);
        tally.check().map_err(|reason| tally.exhausted(reason, None))?;
        let cover = self.main.prepare(puzzle, None)?;
        self.restarts = CoverStats::default();
        // The runs meter themselves against slices of what the budget
        // leaves; the tally counts the whole solve once it ends.
        let outcome = self.search(&cover, puzzle, &budget.with_caps_left());
        self.keep_stats(self.spent(), &mut tally);
        match outcome {
            Ok(Run::Solved(grid)) => Ok(tally.solution(grid)),
            Ok(Run::Unsolvable) => Err(SolveError::Unsolvable),
            Ok(Run::Paused) => unreachable!("a paused search goes on"),
            Err(reason) => Err(tally.exhausted(reason, None)),
        }
    }

    /// Every kind of rule: houses, relations and cages are items of the
    /// matrix; cage sums whose combinations can be listed (every killer up
    /// to 16×16), as a sum's combinations are options.
    fn rule_kinds(&self) -> RuleKinds {
        variant::RULE_KINDS
    }

    /// The standard rules go to [`solve_with`](Solver::solve_with); the
    /// others are searched on their own matrix, with restarts as for the
    /// standard rules (on the matrix numbered in other orders: relabelling
    /// digits would change a non-consecutive puzzle).
    fn solve_admitted(&mut self, admitted: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        let (puzzle, variant) = (admitted.grid(), admitted.variant());
        if variant.is_standard_for(puzzle) {
            return self.solve_with(puzzle, budget);
        }
        let budget = budget.starting_now();
        let mut tally = SearchTally::new(&budget, 1);
        tally.check().map_err(|reason| tally.exhausted(reason, None))?;
        variant.validate(puzzle)?;
        let cells = puzzle.shape().cell_count() as u64;
        let slices = (Dlx::FIRST_RUN_NODES.saturating_mul(cells), Dlx::RESTART_NODES.saturating_mul(cells));
        let (outcome, spent) = variant::solve_with_restarts(puzzle, admitted.rules(), slices, &budget.with_caps_left());
        self.keep_stats(spent, &mut tally);
        match outcome {
            Ok(Some(grid)) => Ok(tally.solution(grid)),
            Ok(None) => Err(SolveError::Unsolvable),
            Err(reason) => Err(tally.exhausted(reason, None)),
        }
    }
}

impl CountSolutions for Dlx {
    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        let mut tally = SearchTally::new(budget, limit);
        self.main.prepare(puzzle, None)?;
        let outcome = self.main.matrix.count_solutions_with_meter(limit, tally.meter_mut());
        self.keep_stats(self.main.matrix.stats(), &mut tally);
        outcome.map_err(|reason| tally.exhausted(reason, None))
    }

    fn count_admitted(&mut self, admitted: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        let (puzzle, variant) = (admitted.grid(), admitted.variant());
        if variant.is_standard_for(puzzle) {
            return self.count_solutions_with(puzzle, limit, budget);
        }
        let mut tally = SearchTally::new(budget, limit);
        let mut cover = VariantMatrix::new(puzzle, admitted.rules())?;
        let outcome = cover.matrix.count_solutions_with_meter(limit, tally.meter_mut());
        self.keep_stats(cover.matrix.stats(), &mut tally);
        outcome.map_err(|reason| tally.exhausted(reason, None))
    }
}
