//! Every solver of the workspace, by a stable name.
//!
//! ```
//! use sudokit::registry;
//! let mut solver = registry::create("backtracking-mrv")?;
//! let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! assert!(solver.solve(&puzzle)?.grid.is_solution_of(&puzzle));
//! assert!(registry::names().any(|name| name == "backtracking"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use sudokit_core::{CountSolutions, Solver};
use sudokit_dlx::{Dlx, DlxRs};
use sudokit_graph::{Dsatur, Greedy, MrvColouring, SequentialColouring};
use sudokit_grid::{Backtracking, BacktrackingMrv};
use sudokit_rules::FastSolver;

/// One registered solver: its name, what it is, and how to build it.
#[derive(Clone, Copy)]
pub struct SolverInfo {
    name: &'static str,
    summary: &'static str,
    crate_name: &'static str,
    build: fn() -> Box<dyn Solver>,
    build_counter: Option<fn() -> Box<dyn CountSolutions>>,
}

impl SolverInfo {
    /// The stable kebab-case name (`"backtracking-mrv"`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// A one-line description.
    pub fn summary(&self) -> &'static str {
        self.summary
    }

    /// The crate that implements it.
    pub fn crate_name(&self) -> &'static str {
        self.crate_name
    }

    /// Whether the method is exact: it always finds a solution when one
    /// exists, proves unsolvability, and can count solutions.
    pub fn is_exact(&self) -> bool {
        self.build_counter.is_some()
    }

    /// A new instance of the solver.
    pub fn build(&self) -> Box<dyn Solver> {
        (self.build)()
    }

    /// A new instance as a solution counter, for exact solvers.
    pub fn build_counter(&self) -> Option<Box<dyn CountSolutions>> {
        self.build_counter.map(|build| build())
    }
}

impl fmt::Debug for SolverInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolverInfo")
            .field("name", &self.name)
            .field("crate_name", &self.crate_name)
            .field("exact", &self.is_exact())
            .finish()
    }
}

/// Registers a solver built by `$make`: `exact` ones also as counters,
/// `heuristic` ones (which may fail without proof: greedy, local search)
/// only as solvers.
macro_rules! solver {
    (exact $name:literal, $crate_name:literal, $make:expr, $summary:literal) => {
        solver!(@info $name, $crate_name, $make, $summary, Some(|| Box::new($make)))
    };
    (heuristic $name:literal, $crate_name:literal, $make:expr, $summary:literal) => {
        solver!(@info $name, $crate_name, $make, $summary, None)
    };
    (@info $name:literal, $crate_name:literal, $make:expr, $summary:literal, $counter:expr) => {
        SolverInfo { name: $name, summary: $summary, crate_name: $crate_name, build: || Box::new($make), build_counter: $counter }
    };
}

/// Every solver, the fastest exact one first.
static SOLVERS: &[SolverInfo] = &[
    solver!(exact
        "fast",
        "sudokit-rules",
        FastSolver::new(),
        "bit-parallel singles and locked candidates, then guesses (9x9; other shapes by backtracking-mrv)"
    ),
    solver!(exact "dlx", "sudokit-dlx", Dlx::new(), "Dancing Links (Knuth's Algorithm X) on the matrix the givens leave"),
    solver!(exact
        "dlx-rs",
        "sudokit-dlx",
        DlxRs::new(),
        "the same exact cover solved by the dlx-rs crate (the course's library approach)"
    ),
    solver!(exact
        "dsatur-propagate",
        "sudokit-graph",
        Dsatur::new().with_propagation(),
        "graph colouring, highest saturation first, with forward checking"
    ),
    solver!(exact
        "graph-mrv-propagate",
        "sudokit-graph",
        MrvColouring::new().with_propagation(),
        "graph colouring, fewest colours first, with forward checking"
    ),
    solver!(exact "dsatur", "sudokit-graph", Dsatur::new(), "graph colouring, highest saturation first (DSATUR)"),
    solver!(exact "graph-mrv", "sudokit-graph", MrvColouring::new(), "graph colouring, fewest available colours first"),
    solver!(exact "backtracking-mrv", "sudokit-grid", BacktrackingMrv::new(), "backtracking, fewest-candidates cell first"),
    solver!(exact
        "graph-sequential",
        "sudokit-graph",
        SequentialColouring::new(),
        "graph colouring by backtracking in vertex order (the course's graph baseline)"
    ),
    solver!(exact
        "backtracking",
        "sudokit-grid",
        Backtracking::new(),
        "plain backtracking in row-major order (the course's baseline)"
    ),
    solver!(heuristic
        "greedy",
        "sudokit-graph",
        Greedy::new(),
        "greedy colouring, one pass without backtracking: fails on most puzzles"
    ),
];

/// Every registered solver, the default one first.
pub fn solvers() -> &'static [SolverInfo] {
    SOLVERS
}

/// The names of every registered solver.
pub fn names() -> impl Iterator<Item = &'static str> {
    SOLVERS.iter().map(SolverInfo::name)
}

/// The registered solver called `name`.
///
/// # Errors
/// [`UnknownSolver`], whose message lists the known names.
pub fn find(name: &str) -> Result<&'static SolverInfo, UnknownSolver> {
    SOLVERS.iter().find(|info| info.name == name).ok_or_else(|| UnknownSolver(name.to_owned()))
}

/// A new instance of the solver called `name`.
///
/// # Errors
/// [`UnknownSolver`] for a name not in the registry.
pub fn create(name: &str) -> Result<Box<dyn Solver>, UnknownSolver> {
    find(name).map(SolverInfo::build)
}

/// The default solver: the fastest exact one registered.
pub fn default_solver() -> &'static SolverInfo {
    &SOLVERS[0]
}

/// A solver name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSolver(pub String);

impl fmt::Display for UnknownSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown solver {:?} (known: {})", self.0, names().collect::<Vec<_>>().join(", "))
    }
}

impl std::error::Error for UnknownSolver {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_kebab_case_and_match_the_solvers() {
        let mut seen = std::collections::HashSet::new();
        for info in solvers() {
            assert!(seen.insert(info.name()), "duplicate {}", info.name());
            assert!(info.name().chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
            assert_eq!(info.build().name(), info.name(), "registry name and Solver::name differ");
            if let Some(counter) = info.build_counter() {
                assert_eq!(counter.name(), info.name());
            }
        }
        assert!(default_solver().is_exact());
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let err = create("nope").err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("unknown solver \"nope\"") && err.contains("backtracking-mrv"), "{err}");
    }
}
