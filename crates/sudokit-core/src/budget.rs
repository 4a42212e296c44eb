//! Limits on a search: deadline, node and iteration caps, cancellation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::clock::Instant;
use crate::error::StopReason;

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
/// Node and iteration caps bound each solve too, unless the budget
/// [shares its caps](Budget::with_shared_caps): then they bound all the
/// solves under it (and its clones) together. A call that runs several
/// solves as phases of one larger call (a rating's uniqueness check and
/// its steps, a generation request's grids, checks and ratings) fixes its
/// budget once with [`starting_now`](Budget::starting_now), which does
/// both, and hands that budget to every phase: each phase then has what
/// the earlier ones left.
///
/// ```
/// use std::time::Duration;
/// use sudokit_core::Budget;
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
    /// The work of the finished solves, when the caps are shared.
    spent: Option<Arc<Spent>>,
}

/// The nodes and iterations of the finished solves under a budget whose
/// caps are shared.
#[derive(Debug, Default)]
struct Spent {
    nodes: AtomicU64,
    iterations: AtomicU64,
}

impl Budget {
    /// No limit at all.
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// Stop every solve under this budget at `deadline`, one instant for
    /// all of them (see [`with_time_limit`](Budget::with_time_limit) for a
    /// limit per solve). The instant is read from [`clock::Instant`](crate::clock::Instant),
    /// which is std's outside `wasm32-unknown-unknown`.
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

    /// This budget with its time limit fixed from now (a deadline) and its
    /// caps [shared](Budget::with_shared_caps): the budget of one larger
    /// call whose several solves (a rating's uniqueness check and its
    /// steps, say) share one time limit and one count of nodes and
    /// iterations. Caps that are shared already stay shared with the
    /// budget they came from; a budget without caps has nothing to share.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudokit_core::Budget;
    /// let budget = Budget::unlimited().with_time_limit(Duration::from_secs(3)).with_max_nodes(1_000);
    /// let fixed = budget.starting_now();
    /// assert_eq!(fixed.time_limit(), None);
    /// assert!(fixed.deadline().is_some());
    /// assert!(fixed.has_shared_caps());
    /// assert!(!Budget::unlimited().starting_now().has_shared_caps());
    /// ```
    #[must_use]
    pub fn starting_now(&self) -> Budget {
        let capped = self.max_nodes.is_some() || self.max_iterations.is_some();
        let mut fixed = if capped { self.clone().with_shared_caps() } else { self.clone() };
        if self.time_limit.is_some() {
            fixed.deadline = self.stop_at(Instant::now());
            fixed.time_limit = None;
        }
        fixed
    }

    /// Makes the node and iteration caps bound every solve under this
    /// budget and its clones together, instead of each solve alone: a
    /// solve that ends adds its nodes and iterations to the count, and a
    /// solve stops when the count and its own work reach a cap. Solves
    /// running at once on several threads see each other's work when it
    /// ends, so together they may pass a cap by what they do meanwhile.
    ///
    /// ```
    /// use sudokit_core::{Budget, SearchTally, StopReason};
    ///
    /// // Five nodes for every solve under this budget and its clones.
    /// let budget = Budget::unlimited().with_max_nodes(5).with_shared_caps();
    /// {
    ///     let mut first = SearchTally::new(&budget, 1);
    ///     for _ in 0..3 {
    ///         first.enter()?;
    ///     }
    /// } // The first solve ends: its three nodes count.
    /// assert_eq!(budget.nodes_left(), Some(2));
    /// let clone = budget.clone();
    /// let mut second = SearchTally::new(&clone, 1);
    /// second.enter()?;
    /// second.enter()?;
    /// assert_eq!(second.enter(), Err(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_shared_caps(mut self) -> Budget {
        if self.spent.is_none() {
            self.spent = Some(Arc::default());
        }
        self
    }

    /// Whether the caps bound every solve under the budget together (see
    /// [`with_shared_caps`](Budget::with_shared_caps)).
    pub fn has_shared_caps(&self) -> bool {
        self.spent.is_some()
    }

    /// This budget with the caps it has left as caps of its own, no longer
    /// shared: for the parts of one solve that an engine meters itself.
    #[must_use]
    pub fn with_caps_left(&self) -> Budget {
        Budget { max_nodes: self.nodes_left(), max_iterations: self.iterations_left(), spent: None, ..self.clone() }
    }

    /// The nodes a solve may still take: the node cap, less what the
    /// finished solves spent when the caps are shared; `None` without a
    /// cap.
    pub fn nodes_left(&self) -> Option<u64> {
        let spent = self.spent.as_ref().map_or(0, |spent| spent.nodes.load(Ordering::Relaxed));
        self.max_nodes.map(|max| max.saturating_sub(spent))
    }

    /// The iterations a solve may still take, as
    /// [`nodes_left`](Budget::nodes_left) for nodes.
    pub fn iterations_left(&self) -> Option<u64> {
        let spent = self.spent.as_ref().map_or(0, |spent| spent.iterations.load(Ordering::Relaxed));
        self.max_iterations.map(|max| max.saturating_sub(spent))
    }

    /// Adds the work of a finished solve to the shared count, if the caps
    /// are shared.
    pub(crate) fn charge(&self, nodes: u64, iterations: u64) {
        if let Some(spent) = &self.spent {
            spent.nodes.fetch_add(nodes, Ordering::Relaxed);
            spent.iterations.fetch_add(iterations, Ordering::Relaxed);
        }
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
