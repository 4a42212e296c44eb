//! A step drawn as the players' tools show it (feature `svg`): the grid
//! with its rules drawn as solvers' sites draw them (`rules`) and its
//! pencil marks, the houses of the pattern shaded, its cells
//! highlighted, the candidates it speaks of in bold, the candidates it
//! removes struck through and the digits it places ringed. Plain SVG, in the
//! look shared by every picture of sudokit ([`sudokit_core::picture`]).

use std::fmt::Write as _;

mod layout;
mod rules;

use sudokit_core::picture::{ADDED, CONTEXT, FAINT, FOCUS, FONT, INK, PAPER, REMOVED, SERIES, escape};
use sudokit_core::{Cell, Digit, Shape};

use self::layout::Layout;
use super::position::Position;
use super::step::{Pattern, Step};

/// A step that cannot be drawn on the position given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PictureError {
    /// A cell of the step lies outside the position's grid.
    #[error("cell {cell} of the step lies outside the {shape} position")]
    CellOutside {
        /// The cell.
        cell: Cell,
        /// The position's shape.
        shape: Shape,
    },
    /// A digit of the step lies above the position's side.
    #[error("digit {digit} in {cell} of the step lies above the side of the {shape} position")]
    DigitOutside {
        /// Where the step places, removes or marks it.
        cell: Cell,
        /// The digit.
        digit: Digit,
        /// The position's shape.
        shape: Shape,
    },
}

impl Step {
    /// The step as a standalone SVG document, drawn on `before`, the
    /// position it was found in: every cell with its value or pencil marks;
    /// the pattern's houses shaded and its cells highlighted, each cell
    /// a `<g>` with `id` and `<title>` naming it (`r3c5`); the candidates
    /// of a chain or forcing chain's nodes in bold, a chain's links drawn
    /// between them (strong solid, weak dashed), a forcing chain's as
    /// arrows, one colour per branch (class `link`); each removed
    /// candidate struck through (class `removed`); each placed digit
    /// ringed (class `placed`); the step's sentence under the grid, and a
    /// forcing chain's branches shortened (see [`ForcingChain`](super::ForcingChain)).
    ///
    /// ```
    /// use sudokit_rules::human::Position;
    /// use sudokit_core::Grid;
    ///
    /// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
    /// let position = Position::new(&puzzle)?;
    /// let step = position.hint().ok_or("stuck")?;
    /// let svg = step.to_svg(&position)?;
    /// let (cell, _) = step.placements()[0];
    /// assert!(svg.contains(&format!("id=\"{cell}\"")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PictureError::CellOutside`] when a cell of the step is not in
    /// `before`'s grid, [`PictureError::DigitOutside`] when one of its
    /// digits is above `before`'s side (a step of another position).
    pub fn to_svg(&self, before: &Position) -> Result<String, PictureError> {
        let shape = before.shape();
        let inside = |cell: Cell| cell.row() < shape.side() && cell.col() < shape.side();
        let mentioned = self.pattern_cells().into_iter().chain(self.placements.iter().map(|&(c, _)| c));
        if let Some(cell) = mentioned.chain(self.eliminations.iter().map(|&(c, _)| c)).find(|&c| !inside(c)) {
            return Err(PictureError::CellOutside { cell, shape });
        }
        let candidates = self.placements.iter().chain(&self.eliminations).copied().chain(self.pattern_candidates());
        if let Some((cell, digit)) = candidates.into_iter().find(|&(_, d)| usize::from(d.get()) > shape.side()) {
            return Err(PictureError::DigitOutside { cell, digit, shape });
        }
        let layout = Layout::new(before.variant());
        // 13-pixel text runs about 7.5 pixels a character.
        let width_chars = (layout.grid_size() / 7.5) as usize;
        let mut lines = wrap(&self.to_string(), width_chars);
        for chain in self.forcing_chains() {
            lines.extend(wrap(&chain.to_string(), width_chars));
        }
        let width = layout.grid_size() + 2.0 * layout.margin;
        let height = width + 18.0 * lines.len() as f64 + 8.0;
        let mut svg = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"{FONT}\">"
        );
        let _ = writeln!(svg, "<title>{}</title>", escape(&self.to_string()));
        let _ = writeln!(svg, "<rect width=\"100%\" height=\"100%\" fill=\"{PAPER}\"/>");
        self.draw_backgrounds(&mut svg, before, &layout);
        rules::shading(&mut svg, before.variant(), &layout);
        rules::drawings(&mut svg, before.variant(), &layout);
        rules::walls(&mut svg, before.variant(), &layout);
        self.draw_cells(&mut svg, before, &layout);
        rules::on_borders(&mut svg, before.variant(), &layout);
        self.draw_links(&mut svg, &layout);
        self.draw_arrows(&mut svg, &layout);
        let mut y = width;
        for line in lines {
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"13\" fill=\"{INK}\">{}</text>",
                layout.margin,
                escape(&line)
            );
            y += 18.0;
        }
        svg.push_str("</svg>\n");
        Ok(svg)
    }

    /// The candidates the pattern is made of, drawn in bold.
    fn pattern_candidates(&self) -> Vec<(Cell, Digit)> {
        match &self.pattern {
            Pattern::Chain { nodes, .. } => nodes.clone(),
            Pattern::Forcing { source, chains, .. } => source
                .iter()
                .map(|&(c, d, _)| (c, d))
                .chain(chains.iter().flat_map(|chain| chain.links().iter().map(|l| (l.cell(), l.digit()))))
                .collect(),
            Pattern::Houses { digits, cells, .. } | Pattern::Cells { digits, cells, .. } => {
                cells.iter().flat_map(|&c| digits.iter().map(move |d| (c, d))).collect()
            }
            Pattern::Bound { cell, digits, .. } => digits.iter().map(|d| (*cell, d)).collect(),
            Pattern::Single { .. } | Pattern::Custom { .. } | Pattern::Sum(_) => Vec::new(),
        }
    }

    /// A chain's links between its candidates, as the players' tools draw
    /// them: strong links solid, weak ones dashed (class `link`).
    fn draw_links(&self, svg: &mut String, layout: &Layout) {
        let Pattern::Chain { nodes, cycle, weak_first, .. } = &self.pattern else { return };
        let closing = if *cycle && nodes.len() > 2 { Some((nodes.len() - 1, 0)) } else { None };
        let links = (1..nodes.len()).map(|k| (k - 1, k)).chain(closing);
        let _ = writeln!(svg, "<g fill=\"none\" stroke=\"{ADDED}\" stroke-width=\"1.5\" stroke-opacity=\"0.8\">");
        for (a, b) in links {
            let ((x1, y1), (x2, y2)) = (layout.mark(nodes[a].0, nodes[a].1), layout.mark(nodes[b].0, nodes[b].1));
            // The first link is strong (unless `weak_first`), then they
            // alternate.
            let dash = if (a % 2 == 0) != *weak_first { "" } else { " stroke-dasharray=\"4 3\"" };
            let _ = writeln!(
                svg,
                "<line class=\"link\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"{dash}/>"
            );
        }
        svg.push_str("</g>\n");
    }

    /// A forcing chain's links as arrows from each candidate to those it
    /// implies, one colour per branch: solid into a candidate made true (a
    /// strong link), dashed into one made false (a weak link).
    fn draw_arrows(&self, svg: &mut String, layout: &Layout) {
        let chains = self.forcing_chains();
        if chains.is_empty() {
            return;
        }
        // Arrows stop short of the digits they join, so both stay legible.
        let gap = layout.cell / layout.marks_across as f64 * 0.45;
        svg.push_str("<defs>");
        for k in 0..chains.len() {
            let colour = SERIES[k % SERIES.len()];
            let _ = write!(
                svg,
                "<marker id=\"arrow-{k}\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\">\
                 <path d=\"M0,0 L8,4 L0,8 z\" fill=\"{colour}\"/></marker>"
            );
        }
        svg.push_str("</defs>\n");
        for (k, chain) in chains.iter().enumerate() {
            let colour = SERIES[k % SERIES.len()];
            let _ = writeln!(
                svg,
                "<g class=\"branch\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\" stroke-opacity=\"0.85\">"
            );
            for link in chain.links() {
                let to = layout.mark(link.cell(), link.digit());
                let dash = if link.is_on() { "" } else { " stroke-dasharray=\"4 3\"" };
                for &p in link.parents() {
                    let from = &chain.links()[p];
                    let from = layout.mark(from.cell(), from.digit());
                    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
                    let length = (dx * dx + dy * dy).sqrt();
                    if length <= 2.0 * gap {
                        continue;
                    }
                    let (ux, uy) = (dx / length * gap, dy / length * gap);
                    let _ = writeln!(
                        svg,
                        "<line class=\"link\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"{dash} marker-end=\"url(#arrow-{k})\"/>",
                        from.0 + ux,
                        from.1 + uy,
                        to.0 - ux,
                        to.1 - uy
                    );
                }
            }
            svg.push_str("</g>\n");
        }
    }

    /// Each cell's background: the pattern's cells and placements
    /// highlighted, the cells of its houses in the context colour.
    fn draw_backgrounds(&self, svg: &mut String, before: &Position, layout: &Layout) {
        let shape = layout.shape;
        let mut fills = vec![PAPER; shape.cell_count()];
        for house in self.houses() {
            for cell in before.cells_of(house) {
                fills[cell.index(shape)] = CONTEXT;
            }
        }
        for cell in self.pattern_cells().into_iter().chain(self.placements.iter().map(|&(c, _)| c)) {
            fills[cell.index(shape)] = FOCUS;
        }
        let size = layout.cell;
        for (index, fill) in fills.into_iter().enumerate() {
            let (x, y) = layout.corner(Cell::from_index(index, shape));
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{size:.1}\" height=\"{size:.1}\" fill=\"{fill}\"/>"
            );
        }
    }

    /// Each cell's digit or pencil marks, in a group named by the cell
    /// (with a title where the step points at it).
    fn draw_cells(&self, svg: &mut String, before: &Position, layout: &Layout) {
        let shape = layout.shape;
        let mut focus = vec![false; shape.cell_count()];
        for cell in self.pattern_cells() {
            focus[cell.index(shape)] = true;
        }
        let bold = self.pattern_candidates();
        let size = layout.cell;
        for (index, focused) in focus.into_iter().enumerate() {
            let cell = Cell::from_index(index, shape);
            let (x, y) = layout.corner(cell);
            let placed = self.placements.iter().find(|&&(c, _)| c == cell).map(|&(_, d)| d);
            if focused || placed.is_some() {
                let _ = write!(svg, "<g id=\"{cell}\" class=\"pattern\"><title>{cell}</title>");
            } else {
                let _ = write!(svg, "<g id=\"{cell}\">");
            }
            let (cx, cy) = (x + size / 2.0, y + size / 2.0);
            if let Some(digit) = before.value(cell) {
                let symbol = layout.symbol(digit);
                let _ = write!(
                    svg,
                    "<text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"{:.0}\" text-anchor=\"middle\" fill=\"{INK}\">{symbol}</text>",
                    cy + size * 0.2,
                    size * 0.55
                );
            } else if let Some(digit) = placed {
                let symbol = layout.symbol(digit);
                let _ = write!(
                    svg,
                    "<g class=\"placed\"><circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{ADDED}\" stroke-width=\"2\"/>\
                     <text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"{:.0}\" text-anchor=\"middle\" fill=\"{ADDED}\">{symbol}</text></g>",
                    size * 0.38,
                    cy + size * 0.2,
                    size * 0.55
                );
            } else {
                self.draw_marks(svg, before, layout, cell, &bold);
            }
            svg.push_str("</g>\n");
        }
    }

    fn draw_marks(&self, svg: &mut String, before: &Position, layout: &Layout, cell: Cell, bold: &[(Cell, Digit)]) {
        let font = layout.cell / layout.marks_across as f64 * 0.75;
        for digit in before.candidates(cell) {
            let (x, y) = layout.mark(cell, digit);
            let symbol = layout.symbol(digit);
            let removed = self.eliminations.contains(&(cell, digit));
            let (colour, weight) = if removed {
                (REMOVED, "bold")
            } else if bold.contains(&(cell, digit)) {
                (INK, "bold")
            } else {
                (FAINT, "normal")
            };
            let _ = write!(
                svg,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{font:.1}\" font-weight=\"{weight}\" text-anchor=\"middle\" fill=\"{colour}\">{symbol}</text>",
                y + font * 0.35
            );
            if removed {
                let half = font * 0.5;
                let _ = write!(
                    svg,
                    "<line class=\"removed\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{REMOVED}\" stroke-width=\"1.5\"><title>{cell}: {symbol} removed</title></line>",
                    x - half,
                    y + half,
                    x + half,
                    y - half
                );
            }
        }
    }
}

/// `text` cut at spaces into lines of at most `width` characters (a word
/// longer than that gets a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().map_or(0, |l| l.chars().count());
        if line > 0 && line + 1 + word.chars().count() > width {
            lines.push(String::new());
        }
        if let Some(last) = lines.last_mut() {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn long_sentences_wrap_at_spaces() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("", 6), [""]);
    }
}
