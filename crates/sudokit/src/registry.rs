//! Every solver of the workspace, by a stable name — and the
//! [`SolverInfo`] your own solvers can use to join them.
//!
//! ```
//! use sudokit::registry;
//! let mut solver = registry::create("backtracking-mrv")?;
//! let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! assert!(solver.solve(&puzzle)?.grid.is_solution_of(&puzzle));
//! assert!(registry::names().any(|name| name == "backtracking"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Adding a solver
//! A solver of the workspace joins by one line in the list below; the
//! facade's tests then check it against the conformance suite, check that
//! its [`Solver::name`] is the registered one, and check that the tables of
//! the crate docs and the README list it. A solver from another crate
//! joins a list of your own:
//!
//! ```
//! use sudokit::registry::{self, SolverInfo};
//! # use sudokit::{Admitted, Budget, Solution, SolveError, Solver};
//! # struct Mine;
//! # impl Solver for Mine {
//! #     fn name(&self) -> &str { "mine" }
//! #     fn solve_admitted(&mut self, p: Admitted<'_>, b: &Budget) -> Result<Solution, SolveError> {
//! #         registry::create("fast").map_err(|_| SolveError::Unsolvable)?.solve_puzzle_with(&p, b)
//! #     }
//! # }
//! let mut solvers = registry::solvers().to_vec();
//! solvers.push(SolverInfo::heuristic("mine", "my own method", || Mine));
//! assert_eq!(solvers.last().map(SolverInfo::name), Some("mine"));
//! ```

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use sudokit_bitparallel::BitParallel;
use sudokit_core::{CountSolutions, RuleKinds, Rulebook, Shape, Solver};
use sudokit_dlx::{Dlx, DlxRs};
use sudokit_graph::{Dsatur, Greedy, MrvColouring, SequentialColouring};
use sudokit_grid::{Backtracking, BacktrackingMrv, PropagationSearch};
use sudokit_local::{Annealing, Genetic, Moves};
use sudokit_rules::human::HumanSolver;

type BuildSolver = dyn Fn() -> Box<dyn Solver> + Send + Sync;
type BuildCounter = dyn Fn() -> Box<dyn CountSolutions> + Send + Sync;

/// One solver: its name, what it is, and how to build it.
///
/// The registry holds one per solver of the workspace; build your own with
/// [`SolverInfo::exact`] or [`SolverInfo::heuristic`] to list a solver of
/// your crate beside them (for the `compare` harness, a command-line
/// `--solver` flag, or your own tests). Clones share the builder.
#[derive(Clone)]
pub struct SolverInfo {
    name: Cow<'static, str>,
    summary: Cow<'static, str>,
    crate_name: Cow<'static, str>,
    type_name: &'static str,
    build: Arc<BuildSolver>,
    build_counter: Option<Arc<BuildCounter>>,
    max_side: usize,
}

impl SolverInfo {
    /// An exact solver, which also counts solutions: `make` builds a new
    /// instance each time one is asked for.
    pub fn exact<S, F>(name: impl Into<Cow<'static, str>>, summary: impl Into<Cow<'static, str>>, make: F) -> SolverInfo
    where
        S: CountSolutions + 'static,
        F: Fn() -> S + Send + Sync + 'static,
    {
        let make = Arc::new(make);
        let counter = Arc::clone(&make);
        SolverInfo {
            build_counter: Some(Arc::new(move || Box::new(counter()))),
            ..SolverInfo::heuristic_from(name.into(), summary.into(), make)
        }
    }

    /// A heuristic solver: it may fail without a proof (greedy colouring,
    /// local search) and does not count solutions.
    pub fn heuristic<S, F>(
        name: impl Into<Cow<'static, str>>,
        summary: impl Into<Cow<'static, str>>,
        make: F,
    ) -> SolverInfo
    where
        S: Solver + 'static,
        F: Fn() -> S + Send + Sync + 'static,
    {
        SolverInfo::heuristic_from(name.into(), summary.into(), Arc::new(make))
    }

    fn heuristic_from<S, F>(name: Cow<'static, str>, summary: Cow<'static, str>, make: Arc<F>) -> SolverInfo
    where
        S: Solver + 'static,
        F: Fn() -> S + Send + Sync + 'static,
    {
        SolverInfo {
            name,
            summary,
            crate_name: crate_of::<S>(),
            type_name: type_of::<S>(),
            build: Arc::new(move || Box::new(make())),
            build_counter: None,
            max_side: Shape::MAX_SIDE,
        }
    }

    /// Says the solver handles grids of sides up to `side` only (larger
    /// ones give [`SolveError::UnsupportedShape`]); the default is every
    /// shape, up to [`Shape::MAX_SIDE`].
    ///
    /// [`SolveError::UnsupportedShape`]: sudokit_core::SolveError::UnsupportedShape
    #[must_use]
    pub fn with_max_side(mut self, side: usize) -> SolverInfo {
        self.max_side = side.min(Shape::MAX_SIDE);
        self
    }

    /// The largest side of the grids the solver takes: every shape up to
    /// it, rectangular boxes included. Taking a shape is no promise of
    /// speed: only `auto` and `dlx` complete the largest grids quickly
    /// (see [`Auto`](crate::Auto)), the backtracking and colouring searches
    /// are exponential and may need a budget from 16×16 up.
    ///
    /// ```
    /// use sudokit::registry;
    /// assert_eq!(registry::find("auto")?.max_side(), 35);
    /// assert_eq!(registry::find("dlx-rs")?.max_side(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_side(&self) -> usize {
        self.max_side
    }

    /// Whether the solver takes grids of `shape`.
    pub fn supports(&self, shape: Shape) -> bool {
        shape.side() <= self.max_side
    }

    /// The kinds of rule the solver knows ([`Solver::rule_kinds`]; it
    /// builds an instance to ask).
    ///
    /// ```
    /// use sudokit::{RuleKind, registry};
    ///
    /// assert!(registry::find("dsatur")?.rule_kinds().contains(RuleKind::AntiKnight));
    /// assert!(!registry::find("dsatur")?.rule_kinds().contains(RuleKind::NonConsecutive));
    /// assert!(registry::find("dlx-rs")?.rule_kinds().is_empty());
    /// assert!(registry::find("fast")?.rule_kinds().contains(RuleKind::Diagonals));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rule_kinds(&self) -> RuleKinds {
        self.build().rule_kinds()
    }

    /// Whether the solver takes puzzles under `rules`: of its shape, and
    /// of kinds of rule it knows ([`rule_kinds`](SolverInfo::rule_kinds)).
    /// The others give
    /// [`SolveError::UnsupportedVariant`](sudokit_core::SolveError::UnsupportedVariant).
    ///
    /// ```
    /// use sudokit::{Relation, Rulebook, Shape, Variant, registry};
    ///
    /// let x = Rulebook::new(Variant::standard(Shape::CLASSIC).with_diagonals());
    /// let non_consecutive = Rulebook::new(Variant::standard(Shape::CLASSIC).with_relation(Relation::NonConsecutive));
    /// assert!(registry::find("auto")?.takes(&non_consecutive));
    /// assert!(registry::find("dsatur")?.takes(&x));
    /// assert!(!registry::find("dsatur")?.takes(&non_consecutive));
    /// let takers: Vec<&str> = registry::solvers().iter().filter(|s| s.takes(&x)).map(|s| s.name()).collect();
    /// assert!(takers.contains(&"propagation") && !takers.contains(&"dlx-rs"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn takes(&self, rules: &Rulebook) -> bool {
        self.supports(rules.shape()) && rules.kinds().is_subset(self.rule_kinds())
    }

    /// The stable kebab-case name (`"backtracking-mrv"`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A one-line description.
    pub fn summary(&self) -> &str {
        &self.summary
    }

    /// The crate that implements it (`"sudokit-grid"`), from its type.
    pub fn crate_name(&self) -> &str {
        &self.crate_name
    }

    /// The Rust type behind the name, without its path (`"BitParallel"`
    /// for `fast`), so that a user of the registry knows which type's
    /// docs to read.
    ///
    /// ```
    /// use sudokit::registry;
    /// assert_eq!(registry::find("fast")?.type_name(), "BitParallel");
    /// assert_eq!(registry::find("rules")?.type_name(), "HumanSolver");
    /// # Ok::<(), sudokit::registry::UnknownSolver>(())
    /// ```
    pub fn type_name(&self) -> &str {
        self.type_name
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
        self.build_counter.as_ref().map(|build| build())
    }
}

/// The crate of type `S`, kebab-cased as in its manifest
/// (`sudokit_grid::…` gives `sudokit-grid`), from the type's path.
fn crate_of<S>() -> Cow<'static, str> {
    let path = std::any::type_name::<S>();
    let first = path.split("::").next().unwrap_or(path);
    if first.contains('_') { Cow::Owned(first.replace('_', "-")) } else { Cow::Borrowed(first) }
}

/// The last segment of the type's path: `BitParallel`.
fn type_of<S>() -> &'static str {
    let path = std::any::type_name::<S>();
    path.rsplit("::").next().unwrap_or(path)
}

impl fmt::Debug for SolverInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolverInfo")
            .field("name", &self.name)
            .field("crate_name", &self.crate_name)
            .field("type_name", &self.type_name)
            .field("exact", &self.is_exact())
            .field("max_side", &self.max_side)
            .finish()
    }
}

/// The registry: every solver of the workspace, the default first. Adding
/// a solver is one line here.
fn registered() -> Vec<SolverInfo> {
    use SolverInfo as S;
    vec![
        S::exact(
            "auto",
            "the fastest exact solver for each shape and rules: bit-parallel for 9x9 (X, windoku, disjoint groups, anti-king and anti-knight too), propagation for other shapes up to 16x16 and for the other variants, Dancing Links beyond",
            crate::Auto::new,
        ),
        S::exact(
            "fast",
            "bit-parallel singles and locked candidates, then guesses (9x9, with extra houses on the boxes, anti-king, anti-knight and pencil marks; other shapes by backtracking-mrv)",
            BitParallel::new,
        ),
        S::exact(
            "propagation",
            "singles propagated through the houses and relations of any variant, then guesses",
            PropagationSearch::new,
        ),
        S::exact("dlx", "Dancing Links (Knuth's Algorithm X) on the matrix the givens leave", Dlx::new),
        S::exact(
            "dlx-rs",
            "the same exact cover solved by the dlx-rs crate (the course's library approach; up to 16x16)",
            DlxRs::new,
        )
        .with_max_side(16),
        S::exact(
            "rules",
            "human techniques (singles, locked candidates, pairs) after every change, then guesses on an explicit stack",
            HumanSolver::new,
        ),
        S::exact("dsatur-propagate", "graph colouring, highest saturation first, with forward checking", || {
            Dsatur::new().with_propagation()
        }),
        S::exact("graph-mrv-propagate", "graph colouring, fewest colours first, with forward checking", || {
            MrvColouring::new().with_propagation()
        }),
        S::exact("dsatur", "graph colouring, highest saturation first (DSATUR)", Dsatur::new),
        S::exact("graph-mrv", "graph colouring, fewest available colours first", MrvColouring::new),
        S::exact("backtracking-mrv", "backtracking, fewest-candidates cell first", BacktrackingMrv::new),
        S::exact(
            "graph-sequential",
            "graph colouring by backtracking in vertex order (the course's graph baseline)",
            SequentialColouring::new,
        ),
        S::exact("backtracking", "plain backtracking in row-major order (the course's baseline)", Backtracking::new),
        S::heuristic("greedy", "greedy colouring, one pass without backtracking: fails on most puzzles", Greedy::new),
        S::heuristic(
            "annealing-hybrid",
            "simulated annealing on box permutations after singles and locked candidates, moves within the candidates",
            || Annealing::new().with_moves(Moves::Propagated),
        ),
        S::heuristic(
            "annealing",
            "simulated annealing on box permutations within the givens' candidates: short runs, restarts",
            Annealing::new,
        ),
        S::heuristic(
            "genetic-hybrid",
            "genetic algorithm on box permutations with local search, after singles and locked candidates",
            || Genetic::new().with_moves(Moves::Propagated),
        ),
        S::heuristic(
            "genetic",
            "genetic algorithm on box permutations: tournament, unit crossover, swap mutation, local search",
            Genetic::new,
        ),
    ]
}

/// Every registered solver, the default one first.
pub fn solvers() -> &'static [SolverInfo] {
    static SOLVERS: OnceLock<Vec<SolverInfo>> = OnceLock::new();
    SOLVERS.get_or_init(registered)
}

/// The names of every registered solver.
pub fn names() -> impl Iterator<Item = &'static str> {
    solvers().iter().map(SolverInfo::name)
}

/// The registered solver called `name`.
///
/// # Errors
/// [`UnknownSolver`], whose message lists the known names.
pub fn find(name: &str) -> Result<&'static SolverInfo, UnknownSolver> {
    solvers().iter().find(|info| info.name == name).ok_or_else(|| UnknownSolver { name: name.to_owned() })
}

/// A new instance of the solver called `name`.
///
/// # Errors
/// [`UnknownSolver`] for a name not in the registry.
pub fn create(name: &str) -> Result<Box<dyn Solver>, UnknownSolver> {
    find(name).map(SolverInfo::build)
}

/// The default solver, `auto`: the fastest exact one for each shape.
pub fn default_solver() -> &'static SolverInfo {
    &solvers()[0]
}

/// A solver name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown solver {name:?} (known: {known})", known = names().collect::<Vec<_>>().join(", "))]
#[non_exhaustive]
pub struct UnknownSolver {
    /// The name asked for.
    pub name: String,
}

/// The registry as the Markdown table of the crate docs and the README;
/// a test checks that the docs hold it (and the workspace's tests that the
/// README holds the same), so neither drifts from the list.
#[cfg(test)]
pub(crate) fn markdown_table() -> String {
    let mut table = String::from("| name | type | crate | method | sides |\n|---|---|---|---|---|\n");
    for info in solvers() {
        let summary =
            if info.is_exact() { info.summary().to_owned() } else { format!("{} (not exact)", info.summary()) };
        let (name, kind, krate, side) = (info.name(), info.type_name(), info.crate_name(), info.max_side());
        table.push_str(&format!("| `{name}` | `{kind}` | `{krate}` | {summary} | 4 to {side} |\n"));
    }
    table
}

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
            assert!(info.crate_name().starts_with("sudokit"), "{info:?}");
        }
        assert!(default_solver().is_exact());
        assert_eq!(find("greedy").map(SolverInfo::crate_name), Ok("sudokit-graph"));
    }

    #[test]
    fn a_solver_from_another_crate_names_its_own_crate() {
        struct Local;
        impl Solver for Local {
            fn name(&self) -> &str {
                "local"
            }
            fn solve_admitted(
                &mut self,
                _: sudokit_core::Admitted<'_>,
                _: &sudokit_core::Budget,
            ) -> Result<sudokit_core::Solution, sudokit_core::SolveError> {
                Err(sudokit_core::SolveError::Unsolvable)
            }
        }
        let info = SolverInfo::heuristic("local", "a test double", || Local);
        assert_eq!((info.name(), info.crate_name(), info.is_exact()), ("local", "sudokit", false));
        assert!(info.build_counter().is_none());
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let err = create("nope").err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("unknown solver \"nope\"") && err.contains("backtracking-mrv"), "{err}");
    }

    #[test]
    fn the_crate_docs_list_every_registered_solver() {
        let table = markdown_table();
        let docs: String = include_str!("lib.rs")
            .lines()
            .filter_map(|line| line.strip_prefix("//! ").or_else(|| line.strip_prefix("//!")))
            .map(|line| format!("{line}\n"))
            .collect();
        assert!(docs.contains(&table), "the crate docs (src/lib.rs) should hold this table:\n{table}");
    }
}
