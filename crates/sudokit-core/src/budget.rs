//! Limits on a search: deadline, node and iteration caps, cancellation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::error::StopReason;

/// A shared flag that asks running solvers to stop.
///
/// Clones share the flag: keep one, hand a clone to a [`Budget`], and call
/// [`CancelFlag::cancel`] from any thread.
///
/// ```
/// use sudokit::{Budget, CancelFlag};
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
/// The default budget is unlimited. Solvers check it through a
/// [`SearchTally`](crate::SearchTally) often enough to stop within a few
/// milliseconds of a deadline or a cancellation, and return
/// [`SolveError::BudgetExhausted`](crate::SolveError::BudgetExhausted) when
/// it runs out.
///
/// A budget is a reusable description of limits: a
/// [time limit](Budget::with_time_limit) counts from the start of each
/// solve, so one budget serves a whole loop of puzzles, each with its own
/// 3 s. An absolute [deadline](Budget::with_deadline) is the same instant
/// for every solve under the budget; with both, the earlier one stops.
///
/// ```
/// use std::time::Duration;
/// use sudokit::Budget;
/// let budget = Budget::unlimited().with_time_limit(Duration::from_secs(3)).with_max_nodes(1_000_000);
/// assert_eq!(budget.max_nodes(), Some(1_000_000));
/// assert_eq!(budget.time_limit(), Some(Duration::from_secs(3)));
/// assert_eq!(budget.deadline(), None);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    time_limit: Option<Duration>,
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

    /// Stop every solve under this budget at `deadline`, one instant for
    /// all of them (see [`with_time_limit`](Budget::with_time_limit) for a
    /// limit per solve).
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Budget {
        self.deadline = Some(deadline);
        self
    }

    /// Stop each solve `limit` after it starts. A limit too large to
    /// represent means no limit.
    #[must_use]
    pub fn with_time_limit(mut self, limit: Duration) -> Budget {
        self.time_limit = Some(limit);
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

    /// Do not time the solve: [`Stats::elapsed`](crate::Stats::elapsed) stays zero. Timing reads
    /// the clock twice per solve, which costs 3–4% of an easy 9×9 solve by
    /// the fastest solvers (a couple of microseconds); leave it out where
    /// many puzzles are solved and their times are not looked at, such as
    /// uniqueness checks in a generator. Limits work as before.
    ///
    /// ```
    /// use sudokit::Budget;
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

    /// The absolute deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The time limit of each solve, if any.
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The instant a solve starting at `start` must stop: the earlier of
    /// the deadline and the end of the time limit.
    pub(crate) fn stop_at(&self, start: Instant) -> Option<Instant> {
        let limit_end = self.time_limit.and_then(|limit| start.checked_add(limit));
        match (self.deadline, limit_end) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// This budget with its time limit fixed from now: a deadline, so that
    /// the several solves of one larger call (a rating's uniqueness check
    /// and its steps, say) share one time limit.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudokit::Budget;
    /// let budget = Budget::unlimited().with_time_limit(Duration::from_secs(3));
    /// let fixed = budget.starting_now();
    /// assert_eq!(fixed.time_limit(), None);
    /// assert!(fixed.deadline().is_some());
    /// ```
    #[must_use]
    pub fn starting_now(&self) -> Budget {
        let mut fixed = self.clone();
        if self.time_limit.is_some() {
            fixed.deadline = self.stop_at(Instant::now());
            fixed.time_limit = None;
        }
        fixed
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

    #[inline]
    pub(crate) fn check_caps(&self, nodes: u64, iterations: u64) -> Result<(), StopReason> {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return Err(StopReason::NodeLimit);
        }
        if self.max_iterations.is_some_and(|max| iterations >= max) {
            return Err(StopReason::IterationLimit);
        }
        Ok(())
    }

    /// Checks the cancel flag, then `stop_at` against the clock.
    pub(crate) fn check_clock(&self, stop_at: Option<Instant>) -> Result<(), StopReason> {
        if self.is_cancelled() {
            return Err(StopReason::Cancelled);
        }
        if stop_at.is_some_and(|d| Instant::now() >= d) {
            return Err(StopReason::Deadline);
        }
        Ok(())
    }
}
