//! The bookkeeping every solver shares: [`SearchTally`] (the budget check,
//! the work counters, the solutions found) and the [`Meter`] under it.

use std::time::Duration;

use crate::budget::Budget;
use crate::clock::Instant;
use crate::error::{SolveError, StopReason};
use crate::grid::Grid;
use crate::shape::Shape;
use crate::solver::Solution;
use crate::stats::Stats;

/// The budget check under a [`SearchTally`]: caps on every call, the clock
/// and the cancel flag every [`Meter::CLOCK_STRIDE`] calls, so a hot loop
/// stays cheap yet stops within milliseconds. It also times the solve, for
/// [`Stats::elapsed`], unless the budget is
/// [without timing](Budget::without_timing).
///
/// Solvers use it through their [`SearchTally`]; an engine that keeps its
/// own counters (such as `sudokit-dlx`'s exact-cover engine) takes the
/// tally's meter with [`SearchTally::meter_mut`], so that one solve runs one
/// meter.
///
/// ```
/// use sudokit_core::{Budget, Meter, StopReason};
/// let budget = Budget::unlimited().with_max_nodes(3);
/// let mut meter = Meter::new(&budget);
/// let nodes = (0..10).take_while(|&n| meter.tick(n, 0).is_ok()).count();
/// assert_eq!(nodes, 3);
/// assert_eq!(meter.tick(3, 0), Err(StopReason::NodeLimit));
/// ```
#[derive(Debug)]
pub struct Meter<'a> {
    budget: &'a Budget,
    /// The nodes and iterations the budget leaves (`u64::MAX` for no cap),
    /// looked up with the clock: shared caps shrink as other solves end.
    nodes_left: u64,
    iterations_left: u64,
    started: Option<Instant>,
    stop_at: Option<Instant>,
    countdown: u32,
    stride: u32,
}

impl<'a> Meter<'a> {
    /// Calls between two looks at the clock and the cancel flag.
    pub const CLOCK_STRIDE: u32 = 1024;

    /// Starts timing against `budget`: its time limit counts from now.
    /// The first [`tick`](Meter::tick) checks everything, so a spent budget
    /// stops a solver at once.
    #[inline]
    pub fn new(budget: &'a Budget) -> Meter<'a> {
        // One clock read serves both the timing and the time limit; an
        // untimed budget without a time limit reads no clock at all.
        let now = (budget.is_timed() || budget.time_limit().is_some()).then(Instant::now);
        let stop_at = match now {
            Some(now) => budget.stop_at(now),
            None => budget.deadline(),
        };
        Meter {
            budget,
            nodes_left: budget.nodes_left().unwrap_or(u64::MAX),
            iterations_left: budget.iterations_left().unwrap_or(u64::MAX),
            started: now.filter(|_| budget.is_timed()),
            stop_at,
            countdown: 0,
            stride: Self::CLOCK_STRIDE,
        }
    }

    /// A meter that looks at the clock and the cancel flag at every
    /// [`tick`](Meter::tick): for searches whose nodes are slow (a
    /// forcing-chain branch, a rating step), where one look every
    /// [`CLOCK_STRIDE`](Meter::CLOCK_STRIDE) calls would come too late.
    pub fn slow(budget: &'a Budget) -> Meter<'a> {
        Meter { stride: 1, ..Meter::new(budget) }
    }

    /// The budget being enforced.
    pub fn budget(&self) -> &'a Budget {
        self.budget
    }

    /// Checks the budget, with `nodes` and `iterations` done so far.
    ///
    /// # Errors
    /// The [`StopReason`] of the first limit reached.
    #[inline]
    pub fn tick(&mut self, nodes: u64, iterations: u64) -> Result<(), StopReason> {
        if self.countdown == 0 {
            self.look(nodes, iterations)?;
            self.countdown = self.stride;
        } else {
            self.check_caps(nodes, iterations)?;
        }
        self.countdown -= 1;
        Ok(())
    }

    /// The caps, the clock and the cancel flag, with the caps looked up
    /// anew.
    fn look(&mut self, nodes: u64, iterations: u64) -> Result<(), StopReason> {
        if self.budget.has_shared_caps() {
            self.nodes_left = self.budget.nodes_left().unwrap_or(u64::MAX);
            self.iterations_left = self.budget.iterations_left().unwrap_or(u64::MAX);
        }
        self.check_caps(nodes, iterations)?;
        self.budget.check_clock(self.stop_at)
    }

    #[inline]
    fn check_caps(&self, nodes: u64, iterations: u64) -> Result<(), StopReason> {
        if nodes >= self.nodes_left {
            return Err(StopReason::NodeLimit);
        }
        if iterations >= self.iterations_left {
            return Err(StopReason::IterationLimit);
        }
        Ok(())
    }

    /// Checks the budget like [`tick`](Meter::tick), but looks at the
    /// clock and the cancel flag at every call: for loops whose steps are
    /// slow (a rating step, a restart), where one look every
    /// [`CLOCK_STRIDE`](Meter::CLOCK_STRIDE) calls would come too late.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudokit_core::{Budget, Meter, StopReason};
    /// let budget = Budget::unlimited().with_time_limit(Duration::ZERO);
    /// let mut meter = Meter::new(&budget);
    /// assert_eq!(meter.tick_slow(0, 0), Err(StopReason::Deadline));
    /// ```
    ///
    /// # Errors
    /// The [`StopReason`] of the first limit reached.
    pub fn tick_slow(&mut self, nodes: u64, iterations: u64) -> Result<(), StopReason> {
        self.look(nodes, iterations)
    }

    /// Time since the meter started; zero without timing.
    pub fn elapsed(&self) -> Duration {
        self.started.map_or(Duration::ZERO, |started| started.elapsed())
    }
}

/// The bookkeeping of one solve: the [`Budget`] check, the work counters,
/// and the solutions found up to a limit (the first one kept). Every solver
/// of the workspace runs one per solve, and so can yours.
///
/// * [`enter`](SearchTally::enter) at each search node, or
///   [`step`](SearchTally::step) at each local-search move: checks the
///   budget, then counts.
/// * [`stats_mut`](SearchTally::stats_mut) for the other counters
///   (guesses, backtracks, restarts).
/// * [`record`](SearchTally::record) or [`count`](SearchTally::count) for
///   each complete grid, up to the limit.
/// * At the end, one of [`into_solution`](SearchTally::into_solution),
///   [`solution`](SearchTally::solution),
///   [`exhausted`](SearchTally::exhausted) or
///   [`incomplete`](SearchTally::incomplete): each fills in the time.
///
/// ```
/// use sudokit_core::{Budget, SearchTally, SolveError, StopReason};
/// let budget = Budget::unlimited().with_max_nodes(2);
/// let mut tally = SearchTally::new(&budget, 2);
/// tally.enter()?;
/// tally.stats_mut().guesses += 1;
/// assert!(!tally.record(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]));
/// assert_eq!((tally.found(), tally.stats().nodes, tally.stats().guesses), (1, 1, 1));
/// tally.enter()?;
/// assert_eq!(tally.enter(), Err(StopReason::NodeLimit));
/// let err = tally.exhausted(StopReason::NodeLimit, None);
/// assert!(matches!(err, SolveError::BudgetExhausted { stats, .. } if stats.nodes == 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SearchTally<'a> {
    meter: Meter<'a>,
    stats: Stats,
    limit: u64,
    found: u64,
    first: Option<Vec<u8>>,
}

impl<'a> SearchTally<'a> {
    /// A tally against `budget` that stops at `limit` solutions (1 to
    /// solve, 2 for a uniqueness check).
    #[inline]
    pub fn new(budget: &'a Budget, limit: u64) -> SearchTally<'a> {
        SearchTally { meter: Meter::new(budget), stats: Stats::default(), limit, found: 0, first: None }
    }

    /// A tally like [`new`](SearchTally::new) whose meter is
    /// [`Meter::slow`]: it looks at the clock at every call, for searches
    /// whose nodes take microseconds or more.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudokit_core::{Budget, SearchTally, StopReason};
    /// let budget = Budget::unlimited().with_time_limit(Duration::ZERO);
    /// let mut tally = SearchTally::slow(&budget, 1);
    /// assert_eq!(tally.enter(), Err(StopReason::Deadline));
    /// ```
    pub fn slow(budget: &'a Budget, limit: u64) -> SearchTally<'a> {
        SearchTally { meter: Meter::slow(budget), stats: Stats::default(), limit, found: 0, first: None }
    }

    /// Enters a search node: checks the budget, then counts the node.
    ///
    /// # Errors
    /// The [`StopReason`] of the first limit reached.
    #[inline]
    pub fn enter(&mut self) -> Result<(), StopReason> {
        self.meter.tick(self.stats.nodes, self.stats.iterations)?;
        self.stats.nodes += 1;
        Ok(())
    }

    /// Makes a local-search move (or a rule pass): checks the budget, then
    /// counts the iteration.
    ///
    /// # Errors
    /// The [`StopReason`] of the first limit reached.
    #[inline]
    pub fn step(&mut self) -> Result<(), StopReason> {
        self.meter.tick(self.stats.nodes, self.stats.iterations)?;
        self.stats.iterations += 1;
        Ok(())
    }

    /// Checks the budget without counting anything: for a solver's first
    /// check, before it has done any work.
    ///
    /// # Errors
    /// The [`StopReason`] of the first limit reached.
    #[inline]
    pub fn check(&mut self) -> Result<(), StopReason> {
        self.meter.tick(self.stats.nodes, self.stats.iterations)
    }

    /// The work done so far (not yet timed).
    #[inline]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The counters, for what [`enter`](SearchTally::enter) and
    /// [`step`](SearchTally::step) do not count.
    #[inline]
    pub fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }

    /// The meter, for an engine that counts its own nodes and checks the
    /// budget with [`Meter::tick`]; copy its counters into
    /// [`stats_mut`](SearchTally::stats_mut) when it returns.
    pub fn meter_mut(&mut self) -> &mut Meter<'a> {
        &mut self.meter
    }

    /// Records a complete grid's `values` (kept if it is the first);
    /// returns whether the limit is reached and the search should stop.
    pub fn record(&mut self, values: &[u8]) -> bool {
        self.found += 1;
        if self.first.is_none() {
            self.first = Some(values.to_vec());
        }
        self.is_done()
    }

    /// Counts a complete grid without keeping it (when only the number
    /// matters, or a first one is kept already); returns whether the limit
    /// is reached.
    pub fn count(&mut self) -> bool {
        self.found += 1;
        self.is_done()
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// The solution limit.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Whether the limit is reached.
    pub fn is_done(&self) -> bool {
        self.found >= self.limit
    }

    /// The counters with the time since the tally started.
    pub fn finish(&self) -> Stats {
        let mut stats = self.stats;
        stats.elapsed = self.meter.elapsed();
        stats
    }

    /// The first recorded solution, with the timed stats.
    ///
    /// # Errors
    /// [`SolveError::Unsolvable`] when the search ended without one.
    ///
    /// # Panics
    /// When the recorded values are not a grid of `shape`: a bug in the
    /// search that recorded them.
    pub fn into_solution(mut self, shape: Shape) -> Result<Solution, SolveError> {
        let stats = self.finish();
        let values = self.first.take().ok_or(SolveError::Unsolvable)?;
        let grid = Grid::from_vec(shape, values).expect("a search records grids of its puzzle's shape");
        Ok(Solution::new(grid, stats))
    }

    /// `grid` as the solution, with the timed stats: for a solver that
    /// builds its grid itself rather than [recording](SearchTally::record)
    /// values.
    pub fn solution(&self, grid: Grid) -> Solution {
        Solution::new(grid, self.finish())
    }

    /// The [`SolveError::BudgetExhausted`] for `reason`, with the timed
    /// stats and the best grid reached, if the solver keeps one.
    pub fn exhausted(&self, reason: StopReason, best: Option<Grid>) -> SolveError {
        SolveError::BudgetExhausted { reason, stats: self.finish(), best }
    }

    /// The [`SolveError::Incomplete`] of a method that stopped without a
    /// solution and without a proof, with the timed stats and its best
    /// grid, if any.
    pub fn incomplete(&self, best: Option<Grid>) -> SolveError {
        SolveError::Incomplete { stats: self.finish(), best }
    }
}

/// A budget with [shared caps](Budget::with_shared_caps) counts the
/// solve's nodes and iterations when its tally ends.
impl Drop for SearchTally<'_> {
    fn drop(&mut self) {
        self.meter.budget.charge(self.stats.nodes, self.stats.iterations);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::CancelFlag;

    #[test]
    fn an_untimed_tally_reports_no_time_but_keeps_the_deadline() {
        let budget = Budget::unlimited().with_time_limit(Duration::ZERO).without_timing();
        let mut tally = SearchTally::new(&budget, 1);
        assert_eq!(tally.enter(), Err(StopReason::Deadline));
        std::thread::sleep(Duration::from_millis(1));
        assert_eq!(tally.finish().elapsed, Duration::ZERO);
        let timed = Budget::unlimited();
        let tally = SearchTally::new(&timed, 1);
        std::thread::sleep(Duration::from_millis(1));
        assert!(tally.finish().elapsed >= Duration::from_millis(1));
    }

    #[test]
    fn zero_time_limit_stops_at_first_check() {
        let budget = Budget::unlimited().with_time_limit(Duration::ZERO);
        assert_eq!(SearchTally::new(&budget, 1).check(), Err(StopReason::Deadline));
    }

    #[test]
    fn cancellation_is_seen_within_a_stride() {
        let flag = CancelFlag::new();
        let budget = Budget::unlimited().with_cancel_flag(flag.clone());
        let mut meter = Meter::new(&budget);
        assert!(meter.tick(0, 0).is_ok());
        flag.cancel();
        let calls = (0..=Meter::CLOCK_STRIDE).take_while(|_| meter.tick(0, 0).is_ok()).count();
        assert!(calls < Meter::CLOCK_STRIDE as usize, "stopped after {calls} calls");
    }

    #[test]
    fn iteration_cap_counts_steps() {
        let budget = Budget::unlimited().with_max_iterations(5);
        let mut tally = SearchTally::new(&budget, 1);
        let steps = (0..10).take_while(|_| tally.step().is_ok()).count();
        assert_eq!((steps, tally.stats().iterations), (5, 5));
        assert_eq!(tally.step(), Err(StopReason::IterationLimit));
    }

    #[test]
    fn huge_time_limit_means_no_limit() {
        let budget = Budget::unlimited().with_time_limit(Duration::MAX);
        assert_eq!(budget.deadline(), None);
        assert_eq!(Meter::new(&budget).tick(0, 0), Ok(()));
    }

    #[test]
    fn a_time_limit_counts_from_each_solve_and_a_deadline_is_shared() {
        let per_solve = Budget::unlimited().with_time_limit(Duration::from_millis(20));
        std::thread::sleep(Duration::from_millis(30));
        // Built 30 ms ago, yet a new solve has its own 20 ms.
        assert_eq!(Meter::new(&per_solve).tick(0, 0), Ok(()));
        let shared = Budget::unlimited().with_deadline(Instant::now() + Duration::from_millis(20));
        assert_eq!(Meter::new(&shared).tick(0, 0), Ok(()));
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(Meter::new(&shared).tick(0, 0), Err(StopReason::Deadline));
        let both = shared.clone().with_time_limit(Duration::from_secs(60));
        assert_eq!(Meter::new(&both).tick(0, 0), Err(StopReason::Deadline));
    }

    #[test]
    fn shared_caps_bound_the_solves_together() {
        let budget = Budget::unlimited().with_max_nodes(10).with_max_iterations(4).starting_now();
        {
            let mut first = SearchTally::new(&budget, 1);
            (0..6).for_each(|_| first.enter().unwrap());
            first.step().unwrap();
        }
        assert_eq!((budget.nodes_left(), budget.iterations_left()), (Some(4), Some(3)));
        let mut outer = SearchTally::slow(&budget, 1);
        outer.step().unwrap();
        {
            // A phase nested in the outer one: it has what the budget
            // leaves, and the outer one sees its work once it ends.
            let mut inner = SearchTally::new(&budget, 1);
            assert_eq!((0..10).take_while(|_| inner.enter().is_ok()).count(), 4);
        }
        assert_eq!(outer.enter(), Err(StopReason::NodeLimit));
        assert_eq!(outer.step(), Err(StopReason::NodeLimit));
        drop(outer);
        assert_eq!((budget.nodes_left(), budget.iterations_left()), (Some(0), Some(2)));
        // A snapshot keeps what is left, and counts nothing back.
        let snapshot = budget.with_caps_left();
        assert!(!snapshot.has_shared_caps());
        assert_eq!(SearchTally::new(&snapshot, 1).enter(), Err(StopReason::NodeLimit));
        // Without shared caps, every solve has the whole cap.
        let own = Budget::unlimited().with_max_nodes(2);
        for _ in 0..3 {
            let mut tally = SearchTally::new(&own, 1);
            assert_eq!((0..5).take_while(|_| tally.enter().is_ok()).count(), 2);
        }
        assert_eq!(own.nodes_left(), Some(2));
    }

    #[test]
    fn recorded_solution_becomes_the_grid() {
        let budget = Budget::unlimited();
        let mut tally = SearchTally::new(&budget, 1);
        assert!(tally.record(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]));
        let solution = tally.into_solution(Shape::MINI);
        assert!(solution.is_ok_and(|s| s.grid.is_solved()));
        assert_eq!(SearchTally::new(&budget, 1).into_solution(Shape::MINI), Err(SolveError::Unsolvable));
    }
}
