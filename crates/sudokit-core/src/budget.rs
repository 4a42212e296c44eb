//! Limits on a search: deadline, node and iteration caps, cancellation.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::error::SolveError;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::solver::{Solution, Stats};

/// A shared flag that asks running solvers to stop.
///
/// Clones share the flag: keep one, hand a clone to a [`Budget`], and call
/// [`CancelFlag::cancel`] from any thread.
///
/// ```
/// use sudokit_core::{Budget, CancelFlag};
/// let flag = CancelFlag::new();
/// let budget = Budget::unlimited().with_cancel_flag(flag.clone());
/// flag.cancel();
/// assert!(budget.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// A flag that is not raised.
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }

    /// Raises the flag: every solver holding a clone stops soon after.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How much work a solver may do before it gives up.
///
/// The default budget is unlimited. Solvers check it often enough to stop
/// within a few milliseconds of a deadline or a cancellation, and return
/// [`SolveError::BudgetExhausted`] when it runs out.
///
/// ```
/// use std::time::Duration;
/// use sudokit_core::Budget;
/// let budget = Budget::unlimited().with_time_limit(Duration::from_secs(3)).with_max_nodes(1_000_000);
/// assert_eq!(budget.max_nodes(), Some(1_000_000));
/// assert!(budget.deadline().is_some());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    deadline: Option<std::time::Instant>,
    max_nodes: Option<u64>,
    max_iterations: Option<u64>,
    cancel: Option<CancelFlag>,
    untimed: bool,
}

impl Budget {
    /// No limit at all.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// Stop at `deadline`.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// Stop `limit` from now. A limit too large to represent means no
    /// deadline.
    #[must_use]
    pub fn with_time_limit(mut self, limit: Duration) -> Budget {
        self.deadline = Instant::now().checked_add(limit);
        self
    }

    /// Stop after `nodes` search nodes (exact solvers).
    #[must_use]
    pub fn with_max_nodes(mut self, nodes: u64) -> Budget {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stop after `iterations` iterations (local search: moves tried).
    #[must_use]
    pub fn with_max_iterations(mut self, iterations: u64) -> Budget {
        self.max_iterations = Some(iterations);
        self
    }

    /// Stop when `flag` is raised.
    #[must_use]
    pub fn with_cancel_flag(mut self, flag: CancelFlag) -> Budget {
        self.cancel = Some(flag);
        self
    }

    /// Do not time the solve: [`Stats::elapsed`] stays zero. Timing reads
    /// the clock twice per solve, which costs 3–4% of an easy 9×9 solve by
    /// the fastest solvers (a couple of microseconds); leave it out where
    /// many puzzles are solved and their times are not looked at, such as
    /// uniqueness checks in a generator. Limits work as before.
    ///
    /// ```
    /// use sudokit_core::Budget;
    /// assert!(Budget::unlimited().is_timed());
    /// assert!(!Budget::unlimited().without_timing().is_timed());
    /// ```
    #[must_use]
    pub fn without_timing(mut self) -> Budget {
        self.untimed = true;
        self
    }

    /// Whether solves under this budget are timed (the default).
    pub fn is_timed(&self) -> bool {
        !self.untimed
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The node cap, if any.
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The iteration cap, if any.
    pub fn max_iterations(&self) -> Option<u64> {
        self.max_iterations
    }

    /// Whether the cancel flag, if any, is raised.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(CancelFlag::is_cancelled)
    }

    /// Checks every limit against the work in `stats` and the clock.
    ///
    /// # Errors
    /// The [`StopReason`] of the first limit reached.
    pub fn check(&self, stats: &Stats) -> Result<(), StopReason> {
        self.check_caps(stats.nodes, stats.iterations)?;
        self.check_clock()
    }

    #[inline]
    fn check_caps(&self, nodes: u64, iterations: u64) -> Result<(), StopReason> {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return Err(StopReason::NodeLimit);
        }
        if self.max_iterations.is_some_and(|max| iterations >= max) {
            return Err(StopReason::IterationLimit);
        }
        Ok(())
    }

    fn check_clock(&self) -> Result<(), StopReason> {
        if self.is_cancelled() {
            return Err(StopReason::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(StopReason::Deadline);
        }
        Ok(())
    }
}

/// Which limit of a [`Budget`] stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The deadline passed.
    Deadline,
    /// The node cap was reached.
    NodeLimit,
    /// The iteration cap was reached.
    IterationLimit,
    /// The cancel flag was raised.
    Cancelled,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::Deadline => "time limit reached",
            StopReason::NodeLimit => "node limit reached",
            StopReason::IterationLimit => "iteration limit reached",
            StopReason::Cancelled => "cancelled",
        })
    }
}

impl std::error::Error for StopReason {}

/// The budget check every solver runs in its search loop: caps on every
/// call, the clock and the cancel flag every [`Meter::CLOCK_STRIDE`] calls,
/// so the hot loop stays cheap yet stops within milliseconds.
///
/// It also times the solve, for [`Stats::elapsed`], unless the budget is
/// [without timing](Budget::without_timing).
///
/// ```
/// use sudokit_core::{Budget, Meter, Stats, StopReason};
/// let budget = Budget::unlimited().with_max_nodes(3);
/// let mut meter = Meter::new(&budget);
/// let mut stats = Stats::default();
/// let mut stopped = None;
/// for _ in 0..10 {
///     if let Err(reason) = meter.tick(&stats) {
///         stopped = Some(reason);
///         break;
///     }
///     stats.nodes += 1;
/// }
/// assert_eq!(stopped, Some(StopReason::NodeLimit));
/// assert_eq!(stats.nodes, 3);
/// ```
#[derive(Debug)]
pub struct Meter<'a> {
    budget: &'a Budget,
    started: Option<Instant>,
    countdown: u32,
}

impl<'a> Meter<'a> {
    /// Calls between two looks at the clock and the cancel flag.
    pub const CLOCK_STRIDE: u32 = 1024;

    /// Starts timing against `budget`. The first [`tick`](Meter::tick)
    /// checks everything, so a spent budget stops a solver at once.
    pub fn new(budget: &'a Budget) -> Meter<'a> {
        Meter { budget, started: budget.is_timed().then(Instant::now), countdown: 0 }
    }

    /// The budget being enforced.
    pub fn budget(&self) -> &'a Budget {
        self.budget
    }

    /// Checks the budget against `stats`.
    ///
    /// # Errors
    /// The [`StopReason`] of the first limit reached.
    #[inline]
    pub fn tick(&mut self, stats: &Stats) -> Result<(), StopReason> {
        self.tick_counts(stats.nodes, stats.iterations)
    }

    /// [`tick`](Meter::tick) for solvers that keep their own counters:
    /// `nodes` and `iterations` done so far.
    ///
    /// # Errors
    /// The [`StopReason`] of the first limit reached.
    #[inline]
    pub fn tick_counts(&mut self, nodes: u64, iterations: u64) -> Result<(), StopReason> {
        self.budget.check_caps(nodes, iterations)?;
        if self.countdown == 0 {
            self.countdown = Self::CLOCK_STRIDE;
            self.budget.check_clock()?;
        }
        self.countdown -= 1;
        Ok(())
    }

    /// Time since the meter started; zero without timing.
    pub fn elapsed(&self) -> Duration {
        self.started.map_or(Duration::ZERO, |started| started.elapsed())
    }

    /// `stats` with `elapsed` filled in from this meter.
    pub fn finish(&self, mut stats: Stats) -> Stats {
        stats.elapsed = self.elapsed();
        stats
    }

    /// The [`SolveError::BudgetExhausted`] for `reason`, with timed `stats`
    /// and the best grid reached, if the solver has one.
    pub fn exhausted(&self, reason: StopReason, stats: Stats, best: Option<Grid>) -> SolveError {
        SolveError::BudgetExhausted { reason, stats: self.finish(stats), best }
    }
}

/// The bookkeeping every exact depth-first search shares: the budget check
/// at each node, the work counters, and the solutions found up to a limit
/// (the first one kept).
///
/// ```
/// use sudokit_core::{Budget, SearchTally, Shape};
/// let budget = Budget::unlimited();
/// let mut tally = SearchTally::new(&budget, 2);
/// tally.enter()?;
/// assert!(!tally.record(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]));
/// assert_eq!((tally.found(), tally.stats.nodes), (1, 1));
/// let solution = tally.into_solution(Shape::MINI)?;
/// assert!(solution.grid.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SearchTally<'a> {
    /// The budget being enforced, and the clock.
    pub meter: Meter<'a>,
    /// The work done so far.
    pub stats: Stats,
    limit: u64,
    found: u64,
    first: Option<Vec<u8>>,
}

impl<'a> SearchTally<'a> {
    /// A tally against `budget` that stops at `limit` solutions.
    pub fn new(budget: &'a Budget, limit: u64) -> SearchTally<'a> {
        SearchTally { meter: Meter::new(budget), stats: Stats::default(), limit, found: 0, first: None }
    }

    /// Enters a search node: checks the budget, then counts the node.
    ///
    /// # Errors
    /// The [`StopReason`] of the first limit reached.
    #[inline]
    pub fn enter(&mut self) -> Result<(), StopReason> {
        self.meter.tick(&self.stats)?;
        self.stats.nodes += 1;
        Ok(())
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

    /// The first solution found, with the timed stats.
    ///
    /// # Errors
    /// [`SolveError::Unsolvable`] when the search ended without one.
    ///
    /// # Panics
    /// When the recorded values are not a grid of `shape`: a bug in the
    /// search that recorded them.
    pub fn into_solution(self, shape: Shape) -> Result<Solution, SolveError> {
        let stats = self.meter.finish(self.stats);
        let values = self.first.ok_or(SolveError::Unsolvable)?;
        let grid = Grid::from_vec(shape, values).expect("a search records grids of its puzzle's shape");
        Ok(Solution::new(grid, stats))
    }

    /// The [`SolveError::BudgetExhausted`] for `reason`, with the timed
    /// stats and the best grid reached, if any.
    pub fn exhausted(&self, reason: StopReason, best: Option<Grid>) -> SolveError {
        self.meter.exhausted(reason, self.stats, best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_untimed_meter_reports_no_time_but_keeps_the_deadline() {
        let budget = Budget::unlimited().with_time_limit(Duration::ZERO).without_timing();
        let mut meter = Meter::new(&budget);
        assert_eq!(meter.tick(&Stats::default()), Err(StopReason::Deadline));
        std::thread::sleep(Duration::from_millis(1));
        assert_eq!(meter.finish(Stats::default()).elapsed, Duration::ZERO);
        let timed = Budget::unlimited();
        let meter = Meter::new(&timed);
        std::thread::sleep(Duration::from_millis(1));
        assert!(meter.finish(Stats::default()).elapsed >= Duration::from_millis(1));
    }

    #[test]
    fn zero_time_limit_stops_at_first_tick() {
        let budget = Budget::unlimited().with_time_limit(Duration::ZERO);
        let mut meter = Meter::new(&budget);
        assert_eq!(meter.tick(&Stats::default()), Err(StopReason::Deadline));
    }

    #[test]
    fn cancellation_is_seen_within_a_stride() {
        let flag = CancelFlag::new();
        let budget = Budget::unlimited().with_cancel_flag(flag.clone());
        let mut meter = Meter::new(&budget);
        let stats = Stats::default();
        assert!(meter.tick(&stats).is_ok());
        flag.cancel();
        let calls = (0..=Meter::CLOCK_STRIDE).take_while(|_| meter.tick(&stats).is_ok()).count();
        assert!(calls < Meter::CLOCK_STRIDE as usize, "stopped after {calls} calls");
    }

    #[test]
    fn iteration_cap() {
        let budget = Budget::unlimited().with_max_iterations(5);
        let stats = Stats { iterations: 5, ..Stats::default() };
        assert_eq!(budget.check(&stats), Err(StopReason::IterationLimit));
        assert_eq!(Budget::unlimited().check(&stats), Ok(()));
    }

    #[test]
    fn huge_time_limit_means_no_deadline() {
        let budget = Budget::unlimited().with_time_limit(Duration::MAX);
        assert_eq!(budget.deadline(), None);
    }
}
