//! [`Stats`]: the work counters every solver reports.

use std::time::Duration;

/// Work counters reported by a solver.
///
/// Each solver fills the counters that mean something for its method and
/// documents what it counts; the others stay 0. Inside a search the
/// counters are kept by a [`SearchTally`](crate::SearchTally); a solver
/// written outside this workspace that keeps its own builds them with the
/// `with_*` methods (the struct is `#[non_exhaustive]`, so that counters
/// can be added without breaking anyone).
///
/// ```
/// use std::time::Duration;
/// use sudokit_core::Stats;
/// let stats = Stats::new().with_nodes(120).with_guesses(4).with_elapsed(Duration::from_micros(35));
/// assert_eq!((stats.nodes, stats.guesses, stats.backtracks), (120, 4, 0));
/// ```
///
/// Equality and hashing compare the work counters only, never
/// [`elapsed`](Stats::elapsed): two runs of a seeded solver that did the
/// same work compare equal however long each took.
///
/// ```
/// use std::time::Duration;
/// use sudokit_core::Stats;
/// let a = Stats::new().with_nodes(5).with_elapsed(Duration::from_millis(1));
/// let b = Stats::new().with_nodes(5).with_elapsed(Duration::from_millis(9));
/// assert_eq!(a, b);
/// assert_ne!(a, b.with_nodes(6));
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Stats {
    /// Search nodes: recursive calls, placements or DLX column choices.
    pub nodes: u64,
    /// Placements undone because the search below them failed.
    pub backtracks: u64,
    /// Choices made between two or more candidates (branch points).
    pub guesses: u64,
    /// Local-search iterations (moves tried) or rule passes.
    pub iterations: u64,
    /// Local-search restarts.
    pub restarts: u64,
    /// Wall-clock time spent in the solver; zero when the budget was
    /// [without timing](crate::Budget::without_timing).
    pub elapsed: Duration,
}

/// The counters and times of two pieces of work, added up: the stats of a
/// search run in parts.
///
/// ```
/// use sudokit_core::Stats;
/// let mut total = Stats::new().with_nodes(3).with_guesses(1);
/// total += Stats::new().with_nodes(4);
/// assert_eq!((total.nodes, total.guesses), (7, 1));
/// ```
impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.backtracks += other.backtracks;
        self.guesses += other.guesses;
        self.iterations += other.iterations;
        self.restarts += other.restarts;
        self.elapsed += other.elapsed;
    }
}

impl Stats {
    /// The work counters, in declaration order: what equality compares.
    fn counters(&self) -> [u64; 5] {
        [self.nodes, self.backtracks, self.guesses, self.iterations, self.restarts]
    }

    /// Every counter at zero.
    pub fn new() -> Stats {
        Stats::default()
    }

    /// Sets [`Stats::nodes`].
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Stats {
        self.nodes = nodes;
        self
    }

    /// Sets [`Stats::backtracks`].
    #[must_use]
    pub fn with_backtracks(mut self, backtracks: u64) -> Stats {
        self.backtracks = backtracks;
        self
    }

    /// Sets [`Stats::guesses`].
    #[must_use]
    pub fn with_guesses(mut self, guesses: u64) -> Stats {
        self.guesses = guesses;
        self
    }

    /// Sets [`Stats::iterations`].
    #[must_use]
    pub fn with_iterations(mut self, iterations: u64) -> Stats {
        self.iterations = iterations;
        self
    }

    /// Sets [`Stats::restarts`].
    #[must_use]
    pub fn with_restarts(mut self, restarts: u64) -> Stats {
        self.restarts = restarts;
        self
    }

    /// Sets [`Stats::elapsed`].
    #[must_use]
    pub fn with_elapsed(mut self, elapsed: Duration) -> Stats {
        self.elapsed = elapsed;
        self
    }
}

impl PartialEq for Stats {
    fn eq(&self, other: &Stats) -> bool {
        self.counters() == other.counters()
    }
}

impl Eq for Stats {}

impl std::hash::Hash for Stats {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.counters().hash(state);
    }
}
