//! Drawing a [`ConstraintGraph`]: Graphviz DOT and a standalone SVG
//! picture, vertices on a circle, coloured by digit.

use std::f64::consts::TAU;
use std::fmt::Write as _;

use petgraph::dot::{Config, Dot};
use petgraph::graph::NodeIndex;
use petgraph::visit::{EdgeRef, IntoNodeReferences};
use sudokit_core::picture::{self, FAINT, FONT, INK, PAPER, escape};
use sudokit_core::{Cell, Grid};

use crate::graph::ConstraintGraph;

impl ConstraintGraph {
    /// [`to_dot`](Self::to_dot), or `None` when `grid` is of another shape.
    pub fn try_to_dot(&self, grid: &Grid) -> Option<String> {
        (grid.shape() == self.shape()).then(|| self.to_dot(grid))
    }

    /// [`to_svg`](Self::to_svg), or `None` when `grid` is of another shape.
    pub fn try_to_svg(&self, grid: &Grid) -> Option<String> {
        (grid.shape() == self.shape()).then(|| self.to_svg(grid))
    }

    /// The graph in Graphviz DOT, each vertex labelled with its cell and
    /// digit and filled with its digit's colour, placed on a circle (render
    /// with `neato -n2 -Tsvg`, which keeps the given positions).
    ///
    /// # Panics
    /// When `grid` is of another shape; [`try_to_dot`](Self::try_to_dot) is
    /// the checked twin.
    pub fn to_dot(&self, grid: &Grid) -> String {
        assert_eq!(grid.shape(), self.shape(), "a {} grid on the graph of {}", grid.shape(), self.shape());
        let layout = CircleLayout::new(self.vertex_count());
        let node = |_, (index, cell): (NodeIndex, &Cell)| {
            let value = grid.values()[index.index()];
            let (x, y) = layout.position(index.index());
            let digit = if value == 0 { String::from("·") } else { self.shape().symbol(value).to_string() };
            format!(
                "label = \"{cell}\\n{digit}\", style = filled, fillcolor = \"{}\", pos = \"{x:.1},{y:.1}!\", shape = circle",
                colour_of(value, self.shape().side())
            )
        };
        let edge = |_, _| String::from("color = \"#00000022\"");
        let dot = Dot::with_attr_getters(self.graph(), &[Config::NodeNoLabel, Config::EdgeNoLabel], &edge, &node);
        format!("{dot:?}")
    }

    /// A picture of the graph as a standalone SVG document: vertices on a
    /// circle in row-major order, filled with their digit's colour and
    /// labelled with it, and every edge as a faint line (the course's
    /// exercise 3).
    ///
    /// # Panics
    /// When `grid` is of another shape; [`try_to_svg`](Self::try_to_svg) is
    /// the checked twin.
    pub fn to_svg(&self, grid: &Grid) -> String {
        assert_eq!(grid.shape(), self.shape(), "a {} grid on the graph of {}", grid.shape(), self.shape());
        let layout = CircleLayout::new(self.vertex_count());
        let size = 2.0 * (layout.radius + 40.0);
        let mut svg = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size:.0}\" height=\"{size:.0}\" viewBox=\"0 0 {size:.0} {size:.0}\">"
        );
        let _ = writeln!(svg, "<rect width=\"100%\" height=\"100%\" fill=\"{PAPER}\"/>");
        let _ = writeln!(svg, "<g stroke=\"{FAINT}\" stroke-opacity=\"0.25\" stroke-width=\"1\">");
        let centre = size / 2.0;
        let at = |v: usize| {
            let (x, y) = layout.position(v);
            (centre + x, centre - y)
        };
        for edge in self.graph().edge_references() {
            let ((x1, y1), (x2, y2)) = (at(edge.source().index()), at(edge.target().index()));
            let _ = writeln!(svg, "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>");
        }
        let _ =
            writeln!(svg, "</g>\n<g font-family=\"{FONT}\" font-size=\"10\" fill=\"{INK}\" text-anchor=\"middle\">");
        for (index, cell) in self.graph().node_references() {
            let v = index.index();
            let value = grid.values()[v];
            let (x, y) = at(v);
            let digit = if value == 0 { String::new() } else { escape(&self.shape().symbol(value).to_string()) };
            let _ = writeln!(
                svg,
                "<g id=\"{cell}\"><title>{cell}</title><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"9\" fill=\"{}\" stroke=\"{INK}\"/>\
                 <text x=\"{x:.1}\" y=\"{:.1}\">{digit}</text></g>",
                colour_of(value, self.shape().side()),
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

/// A fill colour for digit `value` out of `side`: the shared series
/// palette, lightened so that the digit's ink reads on it, up to ten digits;
/// hues around the colour wheel beyond; light grey for an empty cell.
pub(crate) fn colour_of(value: u8, side: usize) -> String {
    if value == 0 {
        return String::from("#eeeeee");
    }
    if side <= picture::SERIES.len() {
        let colour = picture::series(usize::from(value) - 1);
        let light = |c: u8| ((u16::from(c) + 255) / 2) as u8;
        return picture::Colour::rgb(light(colour.r), light(colour.g), light(colour.b)).to_string();
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
