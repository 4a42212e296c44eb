//! The colouring solvers.

use sudokit_core::{
    Admitted, Budget, CountSolutions, Grid, Puzzle, RuleKinds, Rulebook, Shape, Solution, SolveError, Solver,
};

use crate::graph::ConstraintGraph;
use crate::search::{self, ColourOrder, Method, Selection};

/// The constraint graph of the last shape solved, and of the last variant,
/// kept between puzzles.
#[derive(Clone, Debug, Default)]
struct GraphCache {
    standard: Option<ConstraintGraph>,
    rules: Option<(Rulebook, ConstraintGraph)>,
}

impl GraphCache {
    fn get(&mut self, shape: Shape) -> &ConstraintGraph {
        if self.standard.as_ref().is_none_or(|g| g.shape() != shape) {
            self.standard = Some(ConstraintGraph::new(shape));
        }
        self.standard.get_or_insert_with(|| ConstraintGraph::new(shape))
    }

    /// The graph of `puzzle`'s rules, its givens checked against them.
    ///
    /// # Errors
    /// The error of [`Puzzle::validate`] or of
    /// [`ConstraintGraph::of_rules`].
    fn of_rules(&mut self, puzzle: &Puzzle) -> Result<&ConstraintGraph, SolveError> {
        puzzle.validate()?;
        if puzzle.is_standard() {
            return Ok(self.get(puzzle.shape()));
        }
        if self.rules.as_ref().is_none_or(|(rules, _)| rules != puzzle.rules()) {
            self.rules = Some((puzzle.rules().clone(), ConstraintGraph::of_rules(puzzle.rules())?));
        }
        Ok(&self.rules.as_ref().expect("built above").1)
    }
}

/// Implements `Solver` and `CountSolutions` for a solver with a `cache`
/// field and a `method()`.
macro_rules! exact_colouring {
    ($ty:ty) => {
        impl Solver for $ty {
            fn name(&self) -> &str {
                self.name()
            }

            fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
                puzzle.validate()?;
                let method = self.method();
                search::solve(self.cache.get(puzzle.shape()), method, puzzle, budget)
            }

            /// Every kind of rule that is an edge: houses, anti-king,
            /// anti-knight, cages without a sum, and pencil marks; not
            /// non-consecutive, not sums.
            fn rule_kinds(&self) -> RuleKinds {
                ConstraintGraph::RULE_KINDS
            }

            fn solve_admitted(&mut self, admitted: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
                let puzzle = admitted.grid();
                let method = self.method();
                search::solve(self.cache.of_rules(&admitted)?, method, puzzle, budget)
            }
        }

        impl CountSolutions for $ty {
            fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
                puzzle.validate()?;
                let method = self.method();
                search::count(self.cache.get(puzzle.shape()), method, puzzle, limit, budget)
            }

            fn count_admitted(
                &mut self,
                admitted: Admitted<'_>,
                limit: u64,
                budget: &Budget,
            ) -> Result<u64, SolveError> {
                let puzzle = admitted.grid();
                let method = self.method();
                search::count(self.cache.of_rules(&admitted)?, method, puzzle, limit, budget)
            }
        }
    };
}

/// Backtracking colouring in vertex order: the first uncoloured vertex
/// takes each available colour in turn, smallest first (the course's
/// baseline, `GraphColoringBacktracking`).
///
/// [`Stats`](sudokit_core::Stats): `nodes` counts recursive calls and
/// `backtracks` colours undone, as the course does; on the course's first 5
/// easy puzzles that is 4 250 nodes on average, and 4 356 440 on its first
/// 3 hard ones.
///
/// # Complexity
/// On the constraint graph of side `n` (n² vertices, each of degree
/// 3n − 1 − box height − box width, O(n)): time O(nᵉ) nodes in the worst
/// case for `e` uncoloured vertices, O(n) per node to find a vertex's free
/// colours from its neighbours; extra space O(n³) for the graph and O(e) for
/// the recursion.
///
/// # References
/// Brown, "Chromatic scheduling and the chromatic number problem",
/// *Management Science* 19(4), 1972 (backtracking colouring).
///
/// ```
/// use sudokit_graph::SequentialColouring;
/// use sudokit_core::{Grid, Solver};
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// assert!(SequentialColouring::new().solve(&puzzle)?.grid.is_solution_of(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SequentialColouring {
    cache: GraphCache,
}

impl SequentialColouring {
    /// A new solver.
    pub fn new() -> SequentialColouring {
        SequentialColouring::default()
    }

    fn name(&self) -> &'static str {
        "graph-sequential"
    }

    fn method(&self) -> Method {
        Method { selection: Selection::Sequential, colours: ColourOrder::Ascending, propagate: false }
    }
}

exact_colouring!(SequentialColouring);

/// Backtracking colouring that always colours the vertex with the fewest
/// available colours next (minimum remaining values), ties by lowest index;
/// the course's `GraphColoringMRV` when the colours go in ascending order.
///
/// [`with_propagation`](MrvColouring::with_propagation) adds forward
/// checking: after each placement, a neighbour left with a single colour is
/// coloured at once, recursively, and one left with none fails the branch
/// (the course's exercise 2).
///
/// # Complexity
/// Time O(nᵉ) nodes in the worst case, far fewer in practice; O(n²) per node
/// to pick the vertex with the fewest free colours, and forward checking adds
/// O(n) per placement and per neighbour it colours. Extra space O(n³) for the
/// graph, O(n²) for the free colours and the recursion.
///
/// # References
/// Golomb and Baumert, "Backtrack programming", *JACM* 12(4), 1965;
/// Haralick and Elliott, "Increasing tree search efficiency for constraint
/// satisfaction problems", *Artificial Intelligence* 14(3), 1980 (forward
/// checking).
///
/// ```
/// use sudokit_graph::MrvColouring;
/// use sudokit_core::{CountSolutions, Grid, Uniqueness};
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert_eq!(MrvColouring::new().with_propagation().uniqueness(&puzzle)?, Uniqueness::Unique);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct MrvColouring {
    colours: ColourOrder,
    propagate: bool,
    cache: GraphCache,
}

impl MrvColouring {
    /// MRV with colours in ascending order and no propagation.
    pub fn new() -> MrvColouring {
        MrvColouring::default()
    }

    /// Tries colours in `order`.
    #[must_use]
    pub fn with_colour_order(mut self, order: ColourOrder) -> MrvColouring {
        self.colours = order;
        self
    }

    /// Adds forward checking after each placement.
    #[must_use]
    pub fn with_propagation(mut self) -> MrvColouring {
        self.propagate = true;
        self
    }

    fn name(&self) -> &'static str {
        if self.propagate { "graph-mrv-propagate" } else { "graph-mrv" }
    }

    fn method(&self) -> Method {
        Method { selection: Selection::FewestColours, colours: self.colours, propagate: self.propagate }
    }
}

exact_colouring!(MrvColouring);

/// DSATUR: backtracking colouring that always colours the vertex whose
/// neighbours already show the most distinct colours (its *saturation*),
/// ties by the most uncoloured neighbours, then lowest index. Saturation is
/// kept up to date incrementally as colours are placed and removed.
///
/// Colours go in ascending order by default, which needed about 7% fewer
/// nodes than the course's most-used-first order on the hard level;
/// [`with_colour_order`](Dsatur::with_colour_order) changes that.
/// [`with_propagation`](Dsatur::with_propagation) adds forward checking as
/// for [`MrvColouring`]. [`Dsatur::course`] is the course's
/// `GraphColoringDSATUR`: ties by static degree — in a Sudoku graph every
/// degree is equal, so ties go to the lowest index — and most-used colours
/// first.
///
/// On a Sudoku graph a vertex's saturation is `side` minus its available
/// colours, so DSATUR and MRV pick among the same vertices; they differ in
/// the tie-break and the colour order.
///
/// # Complexity
/// Time O(nᵉ) nodes in the worst case; O(n²) per node to pick the most
/// saturated vertex, and O(n) per placement or removal to keep the
/// neighbours' saturations (a count of each colour per vertex). Extra space
/// O(n³) for the graph and the colour counts.
///
/// # References
/// Brélaz, "New methods to color the vertices of a graph", *Communications
/// of the ACM* 22(4), 1979.
///
/// ```
/// use sudokit_graph::Dsatur;
/// use sudokit_core::{Grid, Solver};
/// let puzzle: Grid = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.".parse()?;
/// let solution = Dsatur::new().with_propagation().solve(&puzzle)?;
/// assert!(solution.grid.is_solution_of(&puzzle));
/// println!("{} nodes, {} backtracks", solution.stats.nodes, solution.stats.backtracks);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Dsatur {
    colours: ColourOrder,
    propagate: bool,
    static_ties: bool,
    cache: GraphCache,
}

impl Default for Dsatur {
    fn default() -> Dsatur {
        Dsatur { colours: ColourOrder::Ascending, propagate: false, static_ties: false, cache: GraphCache::default() }
    }
}

impl Dsatur {
    /// DSATUR with ties by uncoloured degree, colours in ascending order, no
    /// propagation.
    pub fn new() -> Dsatur {
        Dsatur::default()
    }

    /// The course's variant: ties by static degree (so by lowest index),
    /// most-used colours first, no propagation.
    pub fn course() -> Dsatur {
        Dsatur { static_ties: true, colours: ColourOrder::MostUsedFirst, ..Dsatur::default() }
    }

    /// Tries colours in `order`.
    #[must_use]
    pub fn with_colour_order(mut self, order: ColourOrder) -> Dsatur {
        self.colours = order;
        self
    }

    /// Adds forward checking after each placement.
    #[must_use]
    pub fn with_propagation(mut self) -> Dsatur {
        self.propagate = true;
        self
    }

    fn name(&self) -> &'static str {
        match (self.static_ties, self.propagate) {
            (true, false) => "dsatur-course",
            (true, true) => "dsatur-course-propagate",
            (false, false) => "dsatur",
            (false, true) => "dsatur-propagate",
        }
    }

    fn method(&self) -> Method {
        let selection = if self.static_ties { Selection::SaturationStaticDegree } else { Selection::Saturation };
        Method { selection, colours: self.colours, propagate: self.propagate }
    }
}

exact_colouring!(Dsatur);

/// Greedy colouring: one pass in vertex order, each uncoloured vertex
/// taking its smallest available colour, never revisiting a choice (the
/// course's exercise 1).
///
/// It almost never solves a Sudoku. A Sudoku graph needs exactly `side`
/// colours and is full of cliques of that size; an early vertex takes the
/// smallest colour its *current* neighbours allow, without looking at the
/// colours later vertices will be forced to, so some later vertex soon finds
/// all `side` colours on its neighbours. Only backtracking (or enough
/// propagation) can undo that early choice. When the pass gets stuck,
/// `Greedy` returns [`SolveError::Incomplete`] with the partial grid — never
/// a wrong grid. It solves puzzles where every empty cell, in index order,
/// has exactly one candidate left when its turn comes.
///
/// # Complexity
/// One pass: time O(V + E) = O(n³) for side `n` (each vertex reads its O(n)
/// neighbours once); extra space O(n²). No backtracking, hence the failures
/// above.
///
/// # References
/// Welsh and Powell, "An upper bound for the chromatic number of a graph and
/// its application to timetabling problems", *The Computer Journal* 10(1),
/// 1967.
///
/// ```
/// use sudokit_graph::Greedy;
/// use sudokit_core::{Grid, SolveError, Solver};
/// let hard: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert!(matches!(Greedy::new().solve(&hard), Err(SolveError::Incomplete { .. })));
/// let one_hole: Grid = "53467891267219534819834256785976142342685379171392485696153728428741963534528617.".parse()?;
/// assert!(Greedy::new().solve(&one_hole)?.grid.is_solution_of(&one_hole));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    cache: GraphCache,
}

impl Greedy {
    /// A new solver.
    pub fn new() -> Greedy {
        Greedy::default()
    }
}

impl Solver for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        search::greedy(self.cache.get(puzzle.shape()), puzzle.grid(), budget)
    }
}
