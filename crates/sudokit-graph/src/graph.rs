//! The constraint graph of a [`Shape`], on petgraph.

use std::fmt;

use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::EdgeRef;
use sudokit_core::{Cell, Grid, RuleKinds, Rulebook, Shape, SolveError};
use sudokit_grid::Layout;

/// A Sudoku as a graph: one vertex per cell, an edge between every two
/// cells that share a row, a column or a box. Solving the puzzle is
/// colouring the vertices with `side` colours (digits) so that no edge joins
/// two vertices of one colour, keeping the givens' colours.
///
/// The graph is a petgraph [`UnGraph`] ([`ConstraintGraph::graph`]) whose
/// vertex `i` is the cell of row-major index `i`. The solvers read the same
/// adjacency from flat arrays built once from it, which is faster to walk.
///
/// ```
/// use sudokit_graph::ConstraintGraph;
/// use sudokit_core::Shape;
///
/// let graph = ConstraintGraph::new(Shape::CLASSIC);
/// assert_eq!((graph.vertex_count(), graph.edge_count()), (81, 810));
/// assert_eq!(graph.degree_range(), (20, 20));
/// assert_eq!(graph.clique_size(), 9);
/// assert_eq!(graph.connected_components(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct ConstraintGraph {
    shape: Shape,
    graph: UnGraph<Cell, ()>,
    /// Neighbours of vertex `v`: `adjacency[offsets[v]..offsets[v + 1]]`.
    offsets: Vec<u32>,
    adjacency: Vec<u32>,
    /// The colours each vertex may take (bit `c - 1` for colour `c`), for
    /// a puzzle given as pencil marks: a list colouring. `None`: every
    /// colour.
    lists: Option<Box<[u64]>>,
}

/// What a puzzle's constraint graph looks like; see
/// [`ConstraintGraph::summary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GraphSummary {
    /// Vertices: one per cell.
    pub vertices: usize,
    /// Edges: one per pair of peers.
    pub edges: usize,
    /// The smallest vertex degree.
    pub min_degree: usize,
    /// The largest vertex degree.
    pub max_degree: usize,
    /// Vertices coloured by a given.
    pub fixed: usize,
    /// The size of the largest cliques (the units), so the fewest colours
    /// any proper colouring needs.
    pub clique_size: usize,
    /// Connected components, as petgraph counts them.
    pub components: usize,
}

impl fmt::Display for GraphSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} vertices, {} edges, degree {}..={}, {} fixed, cliques of {}, {} component{}",
            self.vertices,
            self.edges,
            self.min_degree,
            self.max_degree,
            self.fixed,
            self.clique_size,
            self.components,
            if self.components == 1 { "" } else { "s" }
        )
    }
}

impl ConstraintGraph {
    /// The constraint graph of `shape`: `side²` vertices, an edge between
    /// every pair of peers.
    ///
    /// # Complexity
    /// Time and space O(n³) for side `n`: n² vertices of degree O(n)
    /// (20 on 9×9, 810 edges in all).
    ///
    /// ```
    /// use sudokit_graph::ConstraintGraph;
    /// use sudokit_core::Shape;
    /// let graph = ConstraintGraph::new(Shape::CLASSIC);
    /// assert_eq!((graph.vertex_count(), graph.edge_count()), (81, 810));
    /// ```
    pub fn new(shape: Shape) -> ConstraintGraph {
        let layout = Layout::of(shape);
        let peers = (0..shape.cell_count()).map(|i| layout.peers(i).iter().map(|&p| usize::from(p)));
        ConstraintGraph::from_peers(shape, layout.peer_count(), peers)
    }

    /// The kinds of rule a graph can say: each asks two cells for
    /// different digits (houses, cages without a sum, anti-king,
    /// anti-knight), and pencil marks make it a list colouring;
    /// non-consecutive and a cage's sum are no colouring constraints.
    pub const RULE_KINDS: RuleKinds = RuleKinds::HOUSES.union(RuleKinds::DIFFERENCES).union(RuleKinds::CELL_DIGITS);

    /// The constraint graph of a puzzle under `rules`: an edge between
    /// every two cells that may not hold the same digit (sharing a house,
    /// or bound by anti-king or anti-knight).
    ///
    /// ```
    /// use sudokit_graph::ConstraintGraph;
    /// use sudokit_core::{Relation, Rulebook, Shape, Variant};
    /// let x = Rulebook::new(Variant::standard(Shape::CLASSIC).with_diagonals());
    /// // Each diagonal adds its 36 pairs, less those a box already holds.
    /// assert_eq!(ConstraintGraph::of_rules(&x)?.edge_count(), 810 + 2 * (36 - 9));
    /// let nc = Rulebook::new(Variant::standard(Shape::CLASSIC).with_relation(Relation::NonConsecutive));
    /// assert!(ConstraintGraph::of_rules(&nc).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::UnsupportedVariant`] for a kind of rule outside
    /// [`RULE_KINDS`](ConstraintGraph::RULE_KINDS) (non-consecutive: a
    /// digit's neighbours may not hold the next one, which an edge cannot
    /// say).
    pub fn of_rules(rules: &Rulebook) -> Result<ConstraintGraph, SolveError> {
        rules.check_known(ConstraintGraph::RULE_KINDS)?;
        if rules.is_standard() {
            return Ok(ConstraintGraph::new(rules.shape()));
        }
        let cells = rules.shape().cell_count();
        let most = (0..cells).map(|cell| rules.peers(cell).count()).max().unwrap_or(0);
        let mut graph = ConstraintGraph::from_peers(rules.shape(), most, (0..cells).map(|cell| rules.peers(cell)));
        graph.lists = rules.allowed_digits().map(Into::into);
        Ok(graph)
    }

    /// The graph of `shape` with an edge between each cell and each of its
    /// `peers` (given for every cell, row-major, at most `degree` each).
    fn from_peers<P: IntoIterator<Item = usize>>(
        shape: Shape,
        degree: usize,
        peers: impl IntoIterator<Item = P>,
    ) -> ConstraintGraph {
        let n = shape.cell_count();
        let mut graph = UnGraph::with_capacity(n, n * degree / 2);
        for i in 0..n {
            graph.add_node(Cell::from_index(i, shape));
        }
        for (i, cell_peers) in peers.into_iter().enumerate() {
            for peer in cell_peers.into_iter().filter(|&p| p > i) {
                graph.add_edge(NodeIndex::new(i), NodeIndex::new(peer), ());
            }
        }
        // The solvers' flat copy of the adjacency, read back from petgraph.
        let mut offsets = Vec::with_capacity(graph.node_count() + 1);
        let mut adjacency = Vec::with_capacity(2 * graph.edge_count());
        offsets.push(0);
        for v in graph.node_indices() {
            let start = adjacency.len();
            adjacency.extend(graph.neighbors(v).map(|u| u.index() as u32));
            adjacency[start..].sort_unstable();
            offsets.push(adjacency.len() as u32);
        }
        ConstraintGraph { shape, graph, offsets, adjacency, lists: None }
    }

    /// The colours vertex `v` may take, bit `c - 1` for colour `c`: every
    /// colour of the side, or under [pencil marks](sudokit_core::Variant::with_marks)
    /// the cell's marks (a list colouring).
    pub fn colours_of(&self, v: usize) -> u64 {
        match &self.lists {
            Some(lists) => lists.get(v).copied().unwrap_or(0),
            None => sudokit_core::marks::all_digits(self.shape.side()),
        }
    }

    /// The shape the graph models.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The petgraph graph: node weights are the cells, vertex `i` is the
    /// cell of row-major index `i`.
    pub fn graph(&self) -> &UnGraph<Cell, ()> {
        &self.graph
    }

    /// Number of vertices, `side²`.
    pub fn vertex_count(&self) -> usize {
        self.graph.node_count()
    }

    /// Number of edges: 810 for 9×9.
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// The neighbours of vertex `v`, ascending.
    ///
    /// # Panics
    /// When `v` is not a vertex.
    #[inline]
    pub fn neighbours(&self, v: usize) -> &[u32] {
        &self.adjacency[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The degree of vertex `v`.
    ///
    /// # Panics
    /// When `v` is not a vertex.
    pub fn degree(&self, v: usize) -> usize {
        self.neighbours(v).len()
    }

    /// The smallest and largest degrees: every vertex of a Sudoku graph has
    /// the same, `3·side − box_height − box_width − 1` (20 for 9×9).
    pub fn degree_range(&self) -> (usize, usize) {
        let degrees = (0..self.vertex_count()).map(|v| self.degree(v));
        (degrees.clone().min().unwrap_or(0), degrees.max().unwrap_or(0))
    }

    /// The size of the largest cliques: a unit's cells are pairwise
    /// adjacent, so `side`.
    pub fn clique_size(&self) -> usize {
        self.shape.side()
    }

    /// Connected components, computed by petgraph.
    pub fn connected_components(&self) -> usize {
        petgraph::algo::connected_components(&self.graph)
    }

    /// The graph's figures, with the givens of `puzzle` as fixed vertices.
    pub fn summary(&self, puzzle: &Grid) -> GraphSummary {
        let (min_degree, max_degree) = self.degree_range();
        GraphSummary {
            vertices: self.vertex_count(),
            edges: self.edge_count(),
            min_degree,
            max_degree,
            fixed: puzzle.filled_count(),
            clique_size: self.clique_size(),
            components: self.connected_components(),
        }
    }

    /// The edges whose two vertices have the same colour in `grid` (empty
    /// cells are uncoloured and clash with nothing), checked edge by edge
    /// over the petgraph structure.
    ///
    /// # Panics
    /// When `grid` is of another shape.
    pub fn clashing_edges<'g>(&'g self, grid: &'g Grid) -> impl Iterator<Item = (Cell, Cell)> + 'g {
        assert_eq!(grid.shape(), self.shape, "a {} grid on the graph of {}", grid.shape(), self.shape);
        let values = grid.values();
        self.graph.edge_references().filter_map(move |edge| {
            let (a, b) = (edge.source(), edge.target());
            let colour = values[a.index()];
            (colour != 0 && colour == values[b.index()]).then(|| (self.graph[a], self.graph[b]))
        })
    }

    /// Whether `grid` is a proper colouring: every vertex coloured, and no
    /// edge joining two vertices of one colour. For a Sudoku grid this is
    /// "solved", decided from the graph alone.
    ///
    /// ```
    /// use sudokit_graph::ConstraintGraph;
    /// use sudokit_core::{Grid, Shape};
    ///
    /// let graph = ConstraintGraph::new(Shape::MINI);
    /// let solved: Grid = "1234341221434321".parse()?;
    /// let clash: Grid = "1234341221433421".parse()?;
    /// assert!(graph.is_proper_colouring(&solved));
    /// assert!(!graph.is_proper_colouring(&clash));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// When `grid` is of another shape.
    pub fn is_proper_colouring(&self, grid: &Grid) -> bool {
        grid.is_complete() && self.clashing_edges(grid).next().is_none()
    }
}
