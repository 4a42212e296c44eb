//! The constraint graph of a [`Shape`], on petgraph.

use std::f64::consts::TAU;
use std::fmt::{self, Write as _};

use petgraph::dot::{Config, Dot};
use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::{EdgeRef, IntoNodeReferences};
use sudokit_core::{Cell, Grid, Shape};
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
/// use sudokit_graph::sudokit_core::Shape;
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
    pub fn new(shape: Shape) -> ConstraintGraph {
        let layout = Layout::of(shape);
        let n = shape.cell_count();
        let mut graph = UnGraph::with_capacity(n, n * layout.peer_count() / 2);
        for i in 0..n {
            graph.add_node(Cell::from_index(i, shape));
        }
        for i in 0..n {
            for &peer in layout.peers(i).iter().filter(|&&p| usize::from(p) > i) {
                graph.add_edge(NodeIndex::new(i), NodeIndex::new(usize::from(peer)), ());
            }
        }
        // The solvers' flat copy of the adjacency, read back from petgraph.
        let mut offsets = Vec::with_capacity(n + 1);
        let mut adjacency = Vec::with_capacity(2 * graph.edge_count());
        offsets.push(0);
        for v in graph.node_indices() {
            let start = adjacency.len();
            adjacency.extend(graph.neighbors(v).map(|u| u.index() as u32));
            adjacency[start..].sort_unstable();
            offsets.push(adjacency.len() as u32);
        }
        ConstraintGraph { shape, graph, offsets, adjacency }
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
    /// use sudokit_graph::sudokit_core::{Grid, Shape};
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

    /// The graph in Graphviz DOT, each vertex labelled with its cell and
    /// digit and filled with its digit's colour, placed on a circle (render
    /// with `neato -n2 -Tsvg`, which keeps the given positions).
    ///
    /// # Panics
    /// When `grid` is of another shape.
    pub fn to_dot(&self, grid: &Grid) -> String {
        assert_eq!(grid.shape(), self.shape, "a {} grid on the graph of {}", grid.shape(), self.shape);
        let layout = CircleLayout::new(self.vertex_count());
        let node = |_, (index, cell): (NodeIndex, &Cell)| {
            let value = grid.values()[index.index()];
            let (x, y) = layout.position(index.index());
            let digit = if value == 0 { String::from("·") } else { self.shape.symbol(value).to_string() };
            format!(
                "label = \"{cell}\\n{digit}\", style = filled, fillcolor = \"{}\", pos = \"{x:.1},{y:.1}!\", shape = circle",
                colour_of(value, self.shape.side())
            )
        };
        let edge = |_, _| String::from("color = \"#00000022\"");
        let dot = Dot::with_attr_getters(&self.graph, &[Config::NodeNoLabel, Config::EdgeNoLabel], &edge, &node);
        format!("{dot:?}")
    }

    /// A picture of the graph as a standalone SVG document: vertices on a
    /// circle in row-major order, filled with their digit's colour and
    /// labelled with it, and every edge as a faint line (the course's
    /// exercise 3).
    ///
    /// # Panics
    /// When `grid` is of another shape.
    pub fn to_svg(&self, grid: &Grid) -> String {
        assert_eq!(grid.shape(), self.shape, "a {} grid on the graph of {}", grid.shape(), self.shape);
        let layout = CircleLayout::new(self.vertex_count());
        let size = 2.0 * (layout.radius + 40.0);
        let mut svg = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size:.0}\" height=\"{size:.0}\" viewBox=\"0 0 {size:.0} {size:.0}\">"
        );
        let _ = writeln!(svg, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
        let _ = writeln!(svg, "<g stroke=\"#000\" stroke-opacity=\"0.08\" stroke-width=\"1\">");
        let centre = size / 2.0;
        let at = |v: usize| {
            let (x, y) = layout.position(v);
            (centre + x, centre - y)
        };
        for edge in self.graph.edge_references() {
            let ((x1, y1), (x2, y2)) = (at(edge.source().index()), at(edge.target().index()));
            let _ = writeln!(svg, "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>");
        }
        let _ = writeln!(svg, "</g>\n<g font-family=\"sans-serif\" font-size=\"10\" text-anchor=\"middle\">");
        for (index, cell) in self.graph.node_references() {
            let v = index.index();
            let value = grid.values()[v];
            let (x, y) = at(v);
            let digit = if value == 0 { String::new() } else { self.shape.symbol(value).to_string() };
            let _ = writeln!(
                svg,
                "<g><title>{cell}</title><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"9\" fill=\"{}\" stroke=\"#333\"/>\
                 <text x=\"{x:.1}\" y=\"{:.1}\">{digit}</text></g>",
                colour_of(value, self.shape.side()),
                y + 3.5
            );
        }
        let _ = writeln!(svg, "</g>\n</svg>");
        svg
    }
}

/// Vertices evenly spaced on a circle, the first at the top.
struct CircleLayout {
    count: usize,
    radius: f64,
}

impl CircleLayout {
    fn new(count: usize) -> CircleLayout {
        // About 24 points of arc per vertex, so neighbours do not overlap.
        CircleLayout { count, radius: (24.0 * count as f64 / TAU).max(60.0) }
    }

    fn position(&self, v: usize) -> (f64, f64) {
        let angle = TAU * v as f64 / self.count.max(1) as f64;
        (self.radius * angle.sin(), self.radius * angle.cos())
    }
}

/// A fill colour for digit `value` out of `side`: hues around the colour
/// wheel; light grey for an empty cell.
fn colour_of(value: u8, side: usize) -> String {
    if value == 0 {
        return String::from("#eeeeee");
    }
    let hue = 360.0 * f64::from(value - 1) / side as f64;
    // HSL(hue, 70%, 70%) as RGB.
    let (s, l) = (0.7, 0.7);
    let c = (1.0 - (2.0 * l - 1.0_f64).abs()) * s;
    let h = hue / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}
