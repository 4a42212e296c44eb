//! A picture of a [`ConstraintGraph`] that teaches what the course
//! teaches: each vertex where its cell sits in the grid, coloured by its
//! digit with a legend, the givens marked, and the edges of one vertex
//! drawn, so that a reader sees which cells may not share a digit.

use std::fmt::Write as _;

use sudokit_core::picture::{self, FAINT, FONT, INK, PAPER, escape};
use sudokit_core::{Cell, Grid, Shape};

use crate::graph::ConstraintGraph;
use crate::render::colour_of;

/// Why [`ConstraintGraph::to_svg_in_grid`] cannot draw.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PictureError {
    /// A grid is of another shape than the graph.
    #[error("a {found} grid on the graph of a {expected} grid")]
    ShapeMismatch {
        /// The graph's shape.
        expected: Shape,
        /// The grid's.
        found: Shape,
    },
    /// The cell to highlight is outside the grid.
    #[error("{cell} is outside the {side}×{side} grid")]
    CellOutside {
        /// The cell.
        cell: Cell,
        /// The side of the grid.
        side: usize,
    },
}

/// The width of a cell, in pixels.
const PITCH: f64 = 44.0;
/// The room above the grid, for the title and the caption.
const TOP: f64 = 100.0;
/// The room left of the grid, for the row names.
const LEFT: f64 = 40.0;

impl ConstraintGraph {
    /// The graph drawn as the grid it comes from, as a standalone SVG
    /// document: each vertex sits where its cell does, filled with the
    /// colour of its digit in `solution` (a legend gives the colours), the
    /// givens of `puzzle` with a thick ring and a bold digit, and the edges
    /// of `focus` drawn to its neighbours — its row, column and box — with
    /// the boxes outlined. A title says how many vertices and edges the
    /// graph has, and each vertex's tooltip names its cell.
    ///
    /// ```
    /// use sudokit_graph::ConstraintGraph;
    /// use sudokit_core::{Cell, Grid, Shape};
    ///
    /// let puzzle: Grid = "1...........3...".parse()?;
    /// let solution: Grid = "1234341221434321".parse()?;
    /// let svg = ConstraintGraph::new(Shape::MINI).to_svg_in_grid(&puzzle, &solution, Cell::new(0, 0))?;
    /// assert!(svg.contains("16 vertices") && svg.contains("7 edges of r1c1"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PictureError::ShapeMismatch`] for a grid of another shape,
    /// [`PictureError::CellOutside`] for a `focus` outside the grid.
    pub fn to_svg_in_grid(&self, puzzle: &Grid, solution: &Grid, focus: Cell) -> Result<String, PictureError> {
        let shape = self.shape();
        for grid in [puzzle, solution] {
            if grid.shape() != shape {
                return Err(PictureError::ShapeMismatch { expected: shape, found: grid.shape() });
            }
        }
        let side = shape.side();
        if focus.row() >= side || focus.col() >= side {
            return Err(PictureError::CellOutside { cell: focus, side });
        }
        let mut svg = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_picture(&mut svg, puzzle, solution, focus);
        Ok(svg)
    }

    fn write_picture(&self, svg: &mut String, puzzle: &Grid, solution: &Grid, focus: Cell) -> std::fmt::Result {
        let shape = self.shape();
        let side = shape.side();
        let grid_size = PITCH * side as f64;
        let legend_width = 110.0;
        // Wide enough for the caption's lines whatever the side.
        let width = (LEFT + grid_size + 30.0 + legend_width).max(600.0);
        let height = TOP + grid_size + 30.0;
        writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"{FONT}\">"
        )?;
        writeln!(svg, "<rect width=\"100%\" height=\"100%\" fill=\"{PAPER}\"/>")?;
        let degree = self.neighbours(focus.index(shape)).len();
        let (vertices, edges) = (self.vertex_count(), self.edge_count());
        let lines = [
            (16, format!("A {side}×{side} Sudoku as a graph: {vertices} vertices, {edges} edges")),
            (12, "A vertex per cell; an edge between two cells that may not hold the same digit.".to_owned()),
            (
                12,
                format!("In red, the {degree} edges of {focus}: to its row, its column and its box (every vertex has"),
            ),
            (
                12,
                format!(
                    "{degree}). Colouring the graph with {side} colours solves the puzzle; a thick ring is a given."
                ),
            ),
        ];
        for (k, (size, text)) in lines.iter().enumerate() {
            let y = 22.0 + 18.0 * k as f64 + if k > 0 { 4.0 } else { 0.0 };
            writeln!(
                svg,
                "<text x=\"{LEFT}\" y=\"{y:.0}\" font-size=\"{size}\" fill=\"{INK}\">{}</text>",
                escape(text)
            )?;
        }
        let centre = |cell: Cell| (LEFT + PITCH * (cell.col() as f64 + 0.5), TOP + PITCH * (cell.row() as f64 + 0.5));
        self.write_boxes_and_names(svg)?;
        let (fx, fy) = centre(focus);
        let neighbours = self.neighbours(focus.index(shape));
        // A red halo behind each neighbour, so that the ends of the edges
        // stand out.
        writeln!(svg, "<g fill=\"none\" stroke=\"{}\" stroke-width=\"3\">", picture::REMOVED)?;
        for &n in neighbours {
            let (x, y) = centre(Cell::from_index(n as usize, shape));
            writeln!(svg, "<circle class=\"neighbour\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"19\"/>")?;
        }
        writeln!(svg, "</g>")?;
        writeln!(svg, "<g font-size=\"14\" text-anchor=\"middle\" fill=\"{INK}\">")?;
        for (cell, digit) in solution.iter() {
            let (x, y) = centre(cell);
            let value = digit.map_or(0, |d| d.get());
            let given = puzzle.get(cell).is_some();
            let ring = if cell == focus {
                format!("stroke=\"{}\" stroke-width=\"3\"", picture::REMOVED)
            } else if given {
                format!("stroke=\"{INK}\" stroke-width=\"3\"")
            } else {
                format!("stroke=\"{FAINT}\" stroke-width=\"1\"")
            };
            let label = if value == 0 { String::new() } else { escape(&shape.symbol(value).to_string()) };
            let weight = if given { " font-weight=\"bold\"" } else { "" };
            writeln!(
                svg,
                "<g><title>{cell}{}</title><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"15\" fill=\"{}\" {ring}/>\
                 <text x=\"{x:.1}\" y=\"{:.1}\"{weight}>{label}</text></g>",
                if given { ", given" } else { "" },
                colour_of(value, side),
                y + 5.0
            )?;
        }
        writeln!(svg, "</g>")?;
        // The edges over the vertices, bowed so that those along a row or
        // a column pass beside the vertices between rather than through.
        writeln!(
            svg,
            "<g stroke=\"{}\" stroke-width=\"1.5\" stroke-opacity=\"0.75\" fill=\"none\">",
            picture::REMOVED
        )?;
        for &n in neighbours {
            let (x, y) = centre(Cell::from_index(n as usize, shape));
            let (mx, my) = ((fx + x) / 2.0 + (y - fy) * 0.3, (fy + y) / 2.0 - (x - fx) * 0.3);
            writeln!(svg, "<path class=\"edge\" d=\"M{fx:.1},{fy:.1} Q{mx:.1},{my:.1} {x:.1},{y:.1}\"/>")?;
        }
        writeln!(svg, "</g>")?;
        self.write_legend(svg, LEFT + grid_size + 30.0)?;
        writeln!(svg, "</svg>")
    }

    /// The boxes' outlines, and the row and column names along the grid.
    fn write_boxes_and_names(&self, svg: &mut String) -> std::fmt::Result {
        let shape = self.shape();
        let (side, bh, bw) = (shape.side(), shape.box_height(), shape.box_width());
        writeln!(svg, "<g fill=\"none\" stroke=\"{FAINT}\" stroke-width=\"1.5\">")?;
        for band in 0..side / bh {
            for stack in 0..side / bw {
                let (x, y) = (LEFT + PITCH * (stack * bw) as f64, TOP + PITCH * (band * bh) as f64);
                let (w, h) = (PITCH * bw as f64, PITCH * bh as f64);
                writeln!(svg, "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\"/>")?;
            }
        }
        writeln!(svg, "</g>\n<g font-size=\"11\" fill=\"{FAINT}\" text-anchor=\"middle\">")?;
        for k in 0..side {
            let along = PITCH * (k as f64 + 0.5);
            writeln!(svg, "<text x=\"{:.1}\" y=\"{:.1}\">r{}</text>", LEFT / 2.0, TOP + along + 4.0, k + 1)?;
            writeln!(svg, "<text x=\"{:.1}\" y=\"{:.1}\">c{}</text>", LEFT + along, TOP - 6.0, k + 1)?;
        }
        writeln!(svg, "</g>")
    }

    /// One swatch per digit, its colour and its symbol.
    fn write_legend(&self, svg: &mut String, x: f64) -> std::fmt::Result {
        let shape = self.shape();
        writeln!(svg, "<g font-size=\"12\" fill=\"{INK}\">")?;
        writeln!(svg, "<text x=\"{x:.1}\" y=\"{:.1}\">colour = digit</text>", TOP + 10.0)?;
        for value in 1..=shape.side() as u8 {
            let y = TOP + 22.0 + 20.0 * f64::from(value - 1);
            writeln!(
                svg,
                "<rect class=\"swatch\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"14\" height=\"14\" fill=\"{}\" stroke=\"{FAINT}\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
                colour_of(value, shape.side()),
                x + 22.0,
                y + 11.5,
                escape(&shape.symbol(value).to_string())
            )?;
        }
        writeln!(svg, "</g>")
    }
}
