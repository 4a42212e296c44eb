//! [`BitParallel`]: propagation on the bit-parallel board, then guesses.

use sudokit_core::{
    Admitted, Budget, Cell, CountSolutions, Digit, Grid, Puzzle, RuleKinds, SearchTally, Shape, Solution, SolveError,
    Solver, Stats, StopReason,
};
use sudokit_grid::BacktrackingMrv;

use crate::board::{Board, Contradiction};
use crate::extras::Extras;
use crate::instructions::{Instructions, Path};

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
/// On 9×9 it takes more than the standard rules: houses on the standard
/// boxes (the diagonals of X, the windows of windoku, disjoint groups,
/// houses of one's own, cages without sums), the difference relations
/// (anti-king, anti-knight) and pencil marks. A cell settled takes its
/// digit from the cells those rules bind to it, a digit left with one
/// cell in a house of nine cells goes there, and a window and a line
/// lock a digit into the cells they share; the rest is as above. Jigsaw
/// regions, sums and the other relations are refused
/// ([`SolveError::UnsupportedVariant`]).
///
/// Other shapes are handed to [`BacktrackingMrv`], so the solver accepts
/// every [`Shape`]; [`BitParallel::strict`] returns
/// [`SolveError::UnsupportedShape`] for them instead.
///
/// On x86-64 CPUs with AVX2 and BMI2 the propagation runs a copy compiled
/// for them, chosen at run time ([`Instructions`]); answers and statistics
/// are the same on every path.
///
/// [`Stats`]: `nodes` counts search nodes (the root, and each guess whose
/// propagation did not fail), `guesses` the branch points, `backtracks` the
/// guesses that led to a contradiction. The budget is checked at every node;
/// the clock and cancel flag every
/// [`Meter::CLOCK_STRIDE`](sudokit_core::Meter::CLOCK_STRIDE) nodes.
///
/// # Complexity
/// 9×9 only. A search is exponential in the worst case (completing a Sudoku is
/// NP-complete), but each node costs a fixed amount of word operations:
/// propagation runs passes over the 27 machine words until nothing changes,
/// each pass O(1) for the fixed grid (at most 81 placements in all), and a
/// guess copies the board (a few hundred bytes). Extra space O(1) per guess
/// level, at most 81 levels.
///
/// # References
/// JCZSolve (zhouyundong and champagne, 2012–2014, enjoysudoku.com forum),
/// whose band representation this follows; Dillon, tdoku's
/// design notes (github.com/t-dillon/tdoku, docs/sudoku.md, 2019), for the
/// measurements it is raced against.
///
/// ```
/// use sudokit_bitparallel::BitParallel;
/// use sudokit_core::{CountSolutions, Grid, Solver, Uniqueness};
///
/// let puzzle: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let mut solver = BitParallel::new();
/// let solution = solver.solve(&puzzle)?;
/// assert!(solution.grid.is_solution_of(&puzzle));
/// assert_eq!(solver.uniqueness(&puzzle)?, Uniqueness::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Under the rules of Sudoku X:
/// ```
/// use sudokit_bitparallel::BitParallel;
/// use sudokit_core::{CountSolutions, Grid, Puzzle, Shape, Variant};
///
/// let x = Variant::standard(Shape::CLASSIC).with_diagonals();
/// let grid: Grid = "..6..5.7....9....54..7.3.................2.1..67.......4...7.8...5.....18.....53.".parse()?;
/// let puzzle = Puzzle::new(grid, x)?;
/// assert_eq!(BitParallel::new().count_puzzle_solutions(&puzzle, 2)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct BitParallel {
    strict: bool,
    path: Path,
    last_stats: Stats,
}

impl Default for BitParallel {
    fn default() -> BitParallel {
        BitParallel { strict: false, path: Path::of(Instructions::detect()), last_stats: Stats::default() }
    }
}

impl BitParallel {
    /// A solver that hands shapes other than 9×9 to [`BacktrackingMrv`],
    /// on the [detected](Instructions::detect) instruction set.
    pub fn new() -> BitParallel {
        BitParallel::default()
    }

    /// The kinds of rule it takes beyond the standard ones, on 9×9 grids:
    /// houses on the standard boxes (diagonals, windows, disjoint groups,
    /// houses of one's own, cages without sums), anti-king, anti-knight
    /// and pencil marks.
    pub const RULE_KINDS: RuleKinds = Extras::KINDS;

    /// A solver that rejects shapes other than 9×9 with
    /// [`SolveError::UnsupportedShape`].
    pub fn strict() -> BitParallel {
        BitParallel { strict: true, ..BitParallel::default() }
    }

    /// The same solver on the instruction set `instructions`, or on
    /// [`Instructions::Portable`] when this CPU lacks it (see
    /// [`instructions`](BitParallel::instructions)). Answers and statistics
    /// do not depend on it.
    #[must_use]
    pub fn with_instructions(self, instructions: Instructions) -> BitParallel {
        BitParallel { path: Path::of(instructions), ..self }
    }

    /// The instruction set the solver's searches run on.
    pub fn instructions(&self) -> Instructions {
        self.path.instructions()
    }

    /// The work of the last 9×9 solve or count, finished or not: handy after
    /// [`count_solutions`](CountSolutions::count_solutions), which returns
    /// only a number.
    pub fn last_stats(&self) -> Stats {
        self.last_stats
    }

    /// Keeps the stats of a finished or stopped search.
    fn keep_stats<'b>(&mut self, search: Result<SearchTally<'b>, SolveError>) -> Result<SearchTally<'b>, SolveError> {
        self.last_stats = match &search {
            Ok(tally) => tally.finish(),
            Err(SolveError::BudgetExhausted { stats, .. }) => *stats,
            Err(_) => Stats::default(),
        };
        search
    }

    /// Whether `puzzle` has a solution in which `cell` does not hold
    /// `digit`: the question a puzzle generator asks when it empties a
    /// cell of a puzzle whose solution it knows. If the puzzle with `cell`
    /// given as `digit` has one solution, the puzzle without that given
    /// has one too exactly when this is `false`. One search that stops at
    /// the first solution, where counting solutions up to two would search
    /// on after the known one.
    ///
    /// ```
    /// use sudokit_bitparallel::BitParallel;
    /// use sudokit_core::{Budget, Cell, Digit, Grid};
    ///
    /// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
    /// let mut solver = BitParallel::new();
    /// let (r1c3, four) = (Cell::new(0, 2), Digit::new(4).ok_or("digit")?);
    /// // The solution has a 4 in r1c3, and it is the only solution.
    /// assert!(!solver.has_solution_without(&puzzle, r1c3, four, &Budget::unlimited())?);
    /// let one = Digit::new(1).ok_or("digit")?;
    /// assert!(solver.has_solution_without(&puzzle, r1c3, one, &Budget::unlimited())?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::UnsupportedShape`] for grids other than 9×9 or a cell
    /// outside it, [`SolveError::InvalidPuzzle`] for clashing givens,
    /// [`SolveError::BudgetExhausted`] when the budget runs out first.
    pub fn has_solution_without(
        &mut self,
        puzzle: &Grid,
        cell: Cell,
        digit: Digit,
        budget: &Budget,
    ) -> Result<bool, SolveError> {
        let shape = Shape::CLASSIC;
        if puzzle.shape() != shape || cell.row() >= 9 || cell.col() >= 9 || digit.get() > 9 {
            return Err(SolveError::unsupported_shape(puzzle.shape()));
        }
        let index = cell.index(shape);
        match puzzle.values()[index] {
            0 => {}
            given if given == digit.get() => {
                puzzle.validate()?;
                return Ok(false);
            }
            _ => return Ok(self.count_solutions_with(puzzle, 1, budget)? > 0),
        }
        let excluded = Exclusion { index, digit: digit.index() };
        Ok(self.keep_stats(search(puzzle, 1, budget, Some(excluded), self.standard()))?.found() > 0)
    }

    /// A search under the standard rules.
    fn standard(&self) -> Run<'static> {
        Run { path: self.path, extras: None }
    }

    /// Searches a puzzle of rules other than the standard ones for up to
    /// `limit` solutions on the board; `None` when the board does not take
    /// them (another shape than 9×9), for [`BacktrackingMrv`] to search.
    fn search_variant<'b>(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        budget: &'b Budget,
    ) -> Result<Option<SearchTally<'b>>, SolveError> {
        if !Extras::fits(puzzle.rules()) {
            self.unsupported(puzzle.grid())?;
            return Ok(None);
        }
        let extras = puzzle.rules().derived(Extras::new);
        let run = Run { path: self.path, extras: Some(&extras) };
        let tally = self.keep_stats(search(puzzle.grid(), limit, budget, None, run))?;
        // Givens that break a rule beyond the standard ones are the
        // caller's error, named by the puzzle's own check.
        if tally.found() == 0 {
            puzzle.validate()?;
        }
        Ok(Some(tally))
    }

    fn unsupported(&self, puzzle: &Grid) -> Result<(), SolveError> {
        if self.strict {
            return Err(SolveError::unsupported_shape(puzzle.shape()));
        }
        Ok(())
    }
}

/// Hidden singles in columns are looked for at the root, and at every node
/// once the search has made this many guesses. They pay off in large
/// searches but cost more than they save in small ones. Against looking for
/// them everywhere, this cut the instructions (callgrind, each throughput
/// set solved once) by 4.9% on serg (about six guesses a puzzle), 1.3% on
/// magictour, 0.7% on forum hardest and 0.5% on 17-clue; against the root
/// alone, by 2.2% on forum hardest.
const COLUMN_SINGLES_AFTER_GUESSES: u64 = 8;

/// Explores `board`, already propagated, until `tally` reaches its limit,
/// propagating as `run` says (instructions, rules beyond the standard ones). The board is used up: its last
/// branch is tried in place, so that a guess costs one copy of the board.
fn explore(tally: &mut SearchTally<'_>, board: &mut Board, run: Run<'_>) -> Result<(), StopReason> {
    loop {
        tally.enter()?;
        let choice = match run.extras {
            // Beyond the standard rules, the cell that binds the most open
            // cells: a fifth fewer guesses on X and anti-king.
            Some(extras) => board.branch_bound(extras),
            None => board.branch(),
        };
        let Some(branch) = choice else {
            // Only a solve needs the grid (the limit is then 1).
            if tally.limit() == 1 {
                tally.record(&board.values());
            } else {
                tally.count();
            }
            return Ok(());
        };
        if branch.digits & branch.digits.wrapping_sub(1) != 0 {
            tally.stats_mut().guesses += 1;
        }
        let column_singles = tally.stats().guesses >= COLUMN_SINGLES_AFTER_GUESSES;
        // Every candidate but the last on a copy of the board, the one the
        // branch suggests first, then in ascending order…
        let mut digit = branch.first;
        let mut rest = branch.digits & !(1 << digit);
        while rest != 0 {
            let mut next = board.fork();
            next.place(digit, branch.band, branch.pos);
            if run.propagate(&mut next, column_singles).is_ok() {
                explore(tally, &mut next, run)?;
                if tally.is_done() {
                    return Ok(());
                }
            } else {
                tally.stats_mut().backtracks += 1;
            }
            digit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
        }
        // …and the last one on the board itself, as a loop rather than a
        // call.
        board.place(digit, branch.band, branch.pos);
        if run.propagate(board, column_singles).is_err() {
            tally.stats_mut().backtracks += 1;
            return Ok(());
        }
    }
}

/// How a search propagates: on which instructions, under which rules
/// beyond the standard ones.
#[derive(Clone, Copy, Debug)]
struct Run<'a> {
    path: Path,
    extras: Option<&'a Extras>,
}

impl Run<'_> {
    #[inline(always)]
    fn propagate(self, board: &mut Board, column_singles: bool) -> Result<(), Contradiction> {
        self.path.propagate(board, column_singles, self.extras)
    }
}

/// A candidate taken out of an empty cell before the search.
#[derive(Clone, Copy, Debug)]
struct Exclusion {
    index: usize,
    digit: usize,
}

/// Runs the search on a 9×9 `puzzle` up to `limit` solutions, with the
/// candidate `excluded` taken out first, if any.
fn search<'b>(
    puzzle: &Grid,
    limit: u64,
    budget: &'b Budget,
    excluded: Option<Exclusion>,
    run: Run<'_>,
) -> Result<SearchTally<'b>, SolveError> {
    let mut tally = SearchTally::new(budget, limit);
    // Clashing givens are found while placing them; the grid's own check
    // then names the clash. (Givens that cannot all be placed are a proof of
    // unsolvability in any case.)
    let mut board = Board::empty();
    if board.place_givens(puzzle.values()).is_err() {
        puzzle.validate()?;
        return Err(SolveError::Unsolvable);
    }
    if let Some(Exclusion { index, digit }) = excluded {
        board.exclude(index, digit);
    }
    for &(cell, mut digits) in run.extras.map_or(&[][..], Extras::excluded) {
        while digits != 0 {
            board.exclude(cell, digits.trailing_zeros() as usize);
            digits &= digits - 1;
        }
    }
    if tally.is_done() {
        return Ok(tally);
    }
    let explored = if run.propagate(&mut board, true).is_ok() {
        explore(&mut tally, &mut board, run)
    } else {
        // The root is a node too, and must see a spent budget.
        tally.enter()
    };
    match explored {
        Ok(()) => Ok(tally),
        Err(reason) => Err(tally.exhausted(reason, None)),
    }
}

impl Solver for BitParallel {
    fn name(&self) -> &str {
        "fast"
    }

    /// [`BitParallel::RULE_KINDS`].
    fn rule_kinds(&self) -> RuleKinds {
        BitParallel::RULE_KINDS
    }

    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        if puzzle.is_standard() {
            return self.solve_with(puzzle.grid(), budget);
        }
        match self.search_variant(&puzzle, 1, budget)? {
            Some(tally) => tally.into_solution(Shape::CLASSIC),
            None => BacktrackingMrv::new().solve_puzzle_with(&puzzle, budget),
        }
    }

    /// The standard rules only, so a bare grid skips the puzzle the
    /// provided method would make.
    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        if puzzle.shape() != Shape::CLASSIC {
            self.unsupported(puzzle)?;
            return BacktrackingMrv::new().solve_with(puzzle, budget);
        }
        self.keep_stats(search(puzzle, 1, budget, None, self.standard()))?.into_solution(Shape::CLASSIC)
    }
}

impl CountSolutions for BitParallel {
    fn count_admitted(&mut self, puzzle: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        if puzzle.is_standard() {
            return self.count_solutions_with(puzzle.grid(), limit, budget);
        }
        match self.search_variant(&puzzle, limit, budget)? {
            Some(tally) => Ok(tally.found()),
            None => BacktrackingMrv::new().count_puzzle_solutions_with(&puzzle, limit, budget),
        }
    }

    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        if puzzle.shape() != Shape::CLASSIC {
            self.unsupported(puzzle)?;
            return BacktrackingMrv::new().count_solutions_with(puzzle, limit, budget);
        }
        Ok(self.keep_stats(search(puzzle, limit, budget, None, self.standard()))?.found())
    }
}
