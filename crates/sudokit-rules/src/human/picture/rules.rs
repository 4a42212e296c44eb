//! A variant's rules drawn on a step's grid as the solvers' sites draw
//! them (f-puzzles, SudokuPad): jigsaw regions walled off, windows and
//! houses of one's own shaded, the diagonals, killer cages dashed with
//! their sums, thermometers as grey bulbs and tubes, the other lines in
//! their colours, arrows from their circles, even cells as grey squares
//! and odd ones as grey circles, minimum and maximum cells, Kropki dots
//! and X and V on the borders, quadruples' circles on the grid points,
//! clones' cells in a pale colour, indexer cells in pale red,
//! little killers', sandwiches', X-sums' and skyscrapers' clues outside
//! the grid. Each drawing
//! is a group of class `rule` and the rule's own class (`cage`,
//! `thermometer`, `arrow`, …), one per rule.

use std::fmt::Write as _;

use sudokit_core::picture::{Colour, FAINT, INK, PAPER};
use sudokit_core::{EdgeClue, Extremum, HouseKind, LineKind, Parity, UnitKind, Variant};

use super::layout::Layout;

/// Thermometers, arrows and the cells of even and odd marks.
const GREY: Colour = Colour::rgb(0xb4, 0xb4, 0xb4);
/// Shaded cells: windows, houses of one's own.
const SHADE: Colour = Colour::rgb(0xe4, 0xe4, 0xe4);
/// Clones' cells.
const CLONE: Colour = Colour::rgb(0xf6, 0xec, 0xc0);
/// Indexer cells.
const INDEXER: Colour = Colour::rgb(0xf4, 0xd4, 0xd4);

/// The cells' shading, drawn over their backgrounds and under everything
/// else: windows and houses of one's own, clones, indexer cells, minimum
/// and maximum cells, even and odd cells.
pub(super) fn shading(svg: &mut String, variant: &Variant, layout: &Layout) {
    let size = layout.cell;
    for house in variant.extra_houses() {
        let class = match house.kind() {
            HouseKind::Window => "window",
            HouseKind::Extra => "house",
            _ => continue,
        };
        let _ = write!(svg, "<g class=\"rule {class}\" fill=\"{SHADE}\" fill-opacity=\"0.7\">");
        for &i in house.cells() {
            cell_rect(svg, layout, i, "");
        }
        svg.push_str("</g>\n");
    }
    // A clone's two parts in one pale colour.
    for (cells, copies) in variant.clones() {
        let _ = write!(svg, "<g class=\"rule clone\" fill=\"{CLONE}\">");
        for &i in cells.iter().chain(copies) {
            cell_rect(svg, layout, i, "");
        }
        svg.push_str("</g>\n");
    }
    // Indexer cells in a pale red, one rect each.
    for indexer in variant.indexers() {
        let class = indexer.kind().name();
        cell_rect(svg, layout, indexer.cell(), &format!("class=\"rule {class}\" fill=\"{INDEXER}\""));
    }
    // Minimum and maximum cells lightly shaded, their marks on top.
    for &(i, _) in variant.extrema() {
        cell_rect(svg, layout, i, &format!("fill=\"{SHADE}\" fill-opacity=\"0.6\""));
    }
    for &(i, parity) in variant.parities() {
        let (x, y) = layout.centre_of(i);
        let r = size * 0.4;
        let _ = match parity {
            Parity::Even => writeln!(
                svg,
                "<rect class=\"rule even\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{SHADE}\"/>",
                x - r,
                y - r,
                2.0 * r,
                2.0 * r
            ),
            _ => {
                writeln!(svg, "<circle class=\"rule odd\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{SHADE}\"/>")
            }
        };
    }
}

/// A square over cell `i` (row-major), with `attributes`.
fn cell_rect(svg: &mut String, layout: &Layout, i: usize, attributes: &str) {
    let side = layout.shape.side();
    let (x, y) = layout.point((i / side) as isize, (i % side) as isize);
    let size = layout.cell;
    let _ = write!(svg, "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{size:.1}\" height=\"{size:.1}\" {attributes}/>");
}

/// What is drawn through the cells, under their digits: the diagonals,
/// lines, arrows and killer cages.
pub(super) fn drawings(svg: &mut String, variant: &Variant, layout: &Layout) {
    diagonals(svg, variant, layout);
    for line in variant.lines() {
        draw_line(svg, line.kind(), line.cells(), layout);
    }
    arrows(svg, variant, layout);
    pills(svg, variant, layout);
    cages(svg, variant, layout);
}

fn diagonals(svg: &mut String, variant: &Variant, layout: &Layout) {
    let (m, size) = (layout.margin, layout.grid_size());
    for house in variant.extra_houses() {
        let (class, (x1, x2)) = match house.kind() {
            HouseKind::Diagonal => ("diagonal", (m, m + size)),
            HouseKind::AntiDiagonal => ("anti-diagonal", (m + size, m)),
            _ => continue,
        };
        let _ = writeln!(
            svg,
            "<line class=\"rule {class}\" x1=\"{x1:.1}\" y1=\"{m:.1}\" x2=\"{x2:.1}\" y2=\"{:.1}\" stroke=\"{FAINT}\" stroke-width=\"1.5\"/>",
            m + size
        );
    }
}

/// A line through its cells' centres, in its kind's colour and width: a
/// thermometer grey and thick with its bulb, a between line with a circle
/// at each end, whispers green, renban purple, palindromes grey-blue,
/// entropic lines orange, modular lines teal.
fn draw_line(svg: &mut String, kind: LineKind, cells: &[usize], layout: &Layout) {
    let size = layout.cell;
    let (class, colour, width) = match kind {
        LineKind::Thermometer | LineKind::SlowThermometer => ("thermometer", GREY, 0.28),
        LineKind::Whispers(_) => ("whispers", Colour::rgb(0x5c, 0xb8, 0x5c), 0.12),
        LineKind::Palindrome => ("palindrome", Colour::rgb(0x8a, 0x9c, 0xc8), 0.12),
        LineKind::Renban(_) => ("renban", Colour::rgb(0xc0, 0x7c, 0xe0), 0.14),
        LineKind::Entropic(_) => ("entropic", Colour::rgb(0xf0, 0xa0, 0x30), 0.12),
        LineKind::Modular(_) => ("modular", Colour::rgb(0x30, 0xa8, 0x9c), 0.12),
        LineKind::Between => ("between", Colour::rgb(0x9c, 0xb8, 0xd8), 0.08),
        LineKind::RegionSum => ("region-sum", Colour::rgb(0x3c, 0x78, 0xd8), 0.1),
        _ => ("line", FAINT, 0.1),
    };
    let points: Vec<String> =
        cells.iter().map(|&i| layout.centre_of(i)).map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
    let _ = write!(
        svg,
        "<g class=\"rule {class}\" stroke=\"{colour}\" stroke-opacity=\"0.8\">\
         <polyline points=\"{}\" fill=\"none\" stroke-width=\"{:.1}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
        points.join(" "),
        size * width
    );
    let ring = |svg: &mut String, i: usize, fill: &str| {
        let (x, y) = layout.centre_of(i);
        let _ = write!(
            svg,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke-width=\"2\"/>",
            size * 0.38
        );
    };
    match (kind, cells) {
        // A slow thermometer's bulb is hollow: its digits may stay level.
        (LineKind::Thermometer, [bulb, ..]) => ring(svg, *bulb, &colour.to_string()),
        (LineKind::SlowThermometer, [bulb, ..]) => ring(svg, *bulb, "none"),
        (LineKind::Between, [first, .., last]) => {
            ring(svg, *first, "none");
            ring(svg, *last, "none");
        }
        _ => {}
    }
    svg.push_str("</g>\n");
}

/// Each arrow: a circle round its circle cell, and a shaft from it
/// through its cells ending in an arrowhead.
fn arrows(svg: &mut String, variant: &Variant, layout: &Layout) {
    if variant.arrows().is_empty() && variant.pill_arrows().is_empty() {
        return;
    }
    let r = layout.cell * 0.38;
    let _ = writeln!(
        svg,
        "<defs><marker id=\"rule-arrowhead\" viewBox=\"0 0 8 8\" refX=\"6\" refY=\"4\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\">\
         <path d=\"M0,0 L8,4 L0,8\" fill=\"none\" stroke=\"{GREY}\" stroke-width=\"1.5\"/></marker></defs>"
    );
    for arrow in variant.arrows() {
        let (cx, cy) = layout.centre_of(arrow.circle());
        let mut points: Vec<(f64, f64)> = arrow.shaft().iter().map(|&i| layout.centre_of(i)).collect();
        // The shaft leaves the circle from its rim.
        if let Some(&(x, y)) = points.first() {
            let (dx, dy) = (x - cx, y - cy);
            let length = (dx * dx + dy * dy).sqrt().max(1.0);
            points.insert(0, (cx + dx / length * r, cy + dy / length * r));
        }
        let shaft: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(
            svg,
            "<g class=\"rule arrow\" fill=\"none\" stroke=\"{GREY}\" stroke-width=\"2\">\
             <circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\"/>\
             <polyline points=\"{}\" stroke-linejoin=\"round\" marker-end=\"url(#rule-arrowhead)\"/></g>",
            shaft.join(" ")
        );
    }
}

/// Each pill arrow: a rounded box round its pill, and its shaft from the
/// edge of the pill's last cell.
fn pills(svg: &mut String, variant: &Variant, layout: &Layout) {
    let (size, side) = (layout.cell, layout.shape.side());
    let inset = size * 0.12;
    for arrow in variant.pill_arrows() {
        let rows = arrow.pill().iter().map(|&i| i / side);
        let cols = arrow.pill().iter().map(|&i| i % side);
        let (top, bottom) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
        let (left, right) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
        let (x, y) = layout.point(top as isize, left as isize);
        let (width, height) =
            ((right - left + 1) as f64 * size - 2.0 * inset, (bottom - top + 1) as f64 * size - 2.0 * inset);
        let mut points: Vec<(f64, f64)> = arrow.shaft().iter().map(|&i| layout.centre_of(i)).collect();
        // The shaft leaves the pill from the edge of its last cell, toward
        // the shaft's first cell.
        let (cx, cy) = layout.centre_of(arrow.pill()[arrow.pill().len() - 1]);
        if let Some(&(x, y)) = points.first() {
            let (dx, dy) = (x - cx, y - cy);
            let reach = (size / 2.0 - inset) / dx.abs().max(dy.abs()).max(1.0);
            points.insert(0, (cx + dx * reach, cy + dy * reach));
        }
        let points: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(
            svg,
            "<g class=\"rule pill-arrow\" fill=\"none\" stroke=\"{GREY}\" stroke-width=\"2\">\
             <rect x=\"{:.1}\" y=\"{:.1}\" width=\"{width:.1}\" height=\"{height:.1}\" rx=\"{:.1}\"/>\
             <polyline points=\"{}\" stroke-linejoin=\"round\" marker-end=\"url(#rule-arrowhead)\"/></g>",
            x + inset,
            y + inset,
            size * 0.35,
            points.join(" ")
        );
    }
}

/// Each killer cage: a dashed outline just inside its cells, its sum in
/// the corner of its first cell.
fn cages(svg: &mut String, variant: &Variant, layout: &Layout) {
    let (side, size) = (layout.shape.side() as isize, layout.cell);
    let inset = size * 0.08;
    for cage in variant.cages() {
        let cells = cage.cells();
        let inside = |r: isize, c: isize| {
            (0..side).contains(&r) && (0..side).contains(&c) && cells.contains(&((r * side + c) as usize))
        };
        let _ = write!(
            svg,
            "<g class=\"rule cage\"><path fill=\"none\" stroke=\"{INK}\" stroke-width=\"1\" stroke-dasharray=\"3 2\" d=\""
        );
        for &i in cells {
            let (r, c) = ((i as isize) / side, (i as isize) % side);
            let (x, y) = layout.point(r, c);
            // Each side without the cage beyond it, inset; it runs on past
            // the corner where the cage goes on, to meet the next side.
            let along = |before: bool, after: bool, from: f64| {
                (from + if before { -inset } else { inset }, from + size + if after { inset } else { -inset })
            };
            if !inside(r - 1, c) {
                let (a, b) = along(inside(r, c - 1), inside(r, c + 1), x);
                let _ = write!(svg, "M{a:.1},{:.1}H{b:.1}", y + inset);
            }
            if !inside(r + 1, c) {
                let (a, b) = along(inside(r, c - 1), inside(r, c + 1), x);
                let _ = write!(svg, "M{a:.1},{:.1}H{b:.1}", y + size - inset);
            }
            if !inside(r, c - 1) {
                let (a, b) = along(inside(r - 1, c), inside(r + 1, c), y);
                let _ = write!(svg, "M{:.1},{a:.1}V{b:.1}", x + inset);
            }
            if !inside(r, c + 1) {
                let (a, b) = along(inside(r - 1, c), inside(r + 1, c), y);
                let _ = write!(svg, "M{:.1},{a:.1}V{b:.1}", x + size - inset);
            }
        }
        svg.push_str("\"/>");
        if let (Some(sum), Some(&first)) = (cage.sum(), cells.first()) {
            let (x, y) = layout.centre_of(first);
            let (x, y) = (x - size / 2.0 + inset * 0.5, y - size / 2.0 + inset * 0.5);
            let font = size * 0.22;
            let width = font * 0.62 * sum.to_string().len() as f64 + 2.0;
            let _ = write!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{width:.1}\" height=\"{:.1}\" fill=\"{PAPER}\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{font:.1}\" fill=\"{INK}\">{sum}</text>",
                font + 1.0,
                x + 1.0,
                y + font * 0.85
            );
        }
        svg.push_str("</g>\n");
    }
}

/// The grid's lines: thin between cells, thick between boxes (or a
/// jigsaw's regions) and round the grid.
pub(super) fn walls(svg: &mut String, variant: &Variant, layout: &Layout) {
    let (m, size, side) = (layout.margin, layout.grid_size(), layout.shape.side());
    let shape = layout.shape;
    let region = |i: usize| variant.regions().map_or(shape.box_of(i), |map| usize::from(map[i]));
    let _ = writeln!(svg, "<g stroke=\"{INK}\" stroke-linecap=\"square\">");
    for k in 1..side {
        let at = m + k as f64 * layout.cell;
        let _ = writeln!(
            svg,
            "<line x1=\"{m:.1}\" y1=\"{at:.1}\" x2=\"{:.1}\" y2=\"{at:.1}\" stroke-width=\"0.6\"/>",
            m + size
        );
        let _ = writeln!(
            svg,
            "<line x1=\"{at:.1}\" y1=\"{m:.1}\" x2=\"{at:.1}\" y2=\"{:.1}\" stroke-width=\"0.6\"/>",
            m + size
        );
    }
    let mut walls = String::new();
    for i in 0..shape.cell_count() {
        let (r, c) = ((i / side) as isize, (i % side) as isize);
        let (x, y) = layout.point(r, c);
        if c + 1 < side as isize && region(i) != region(i + 1) {
            let _ = write!(walls, "M{:.1},{y:.1}V{:.1}", x + layout.cell, y + layout.cell);
        }
        if r + 1 < side as isize && region(i) != region(i + side) {
            let _ = write!(walls, "M{x:.1},{:.1}H{:.1}", y + layout.cell, x + layout.cell);
        }
    }
    let _ = writeln!(svg, "<path class=\"walls\" d=\"{walls}\" stroke-width=\"2.5\" fill=\"none\"/>");
    let _ = writeln!(
        svg,
        "<rect x=\"{m:.1}\" y=\"{m:.1}\" width=\"{size:.1}\" height=\"{size:.1}\" fill=\"none\" stroke-width=\"2.5\"/>"
    );
    svg.push_str("</g>\n");
}

/// What sits on the grid's lines and outside it, over the digits: Kropki
/// dots, X and V, quadruples' circles, minimum and maximum cells' marks,
/// little killers' and sandwiches' clues.
pub(super) fn on_borders(svg: &mut String, variant: &Variant, layout: &Layout) {
    let size = layout.cell;
    for &(clue, a, b) in variant.edge_clues() {
        let ((xa, ya), (xb, yb)) = (layout.centre_of(a), layout.centre_of(b));
        let (x, y) = ((xa + xb) / 2.0, (ya + yb) / 2.0);
        let r = size * 0.12;
        let _ = match clue {
            EdgeClue::White | EdgeClue::Black => {
                let (class, fill) = if clue == EdgeClue::White { ("white-dot", PAPER) } else { ("black-dot", INK) };
                writeln!(
                    svg,
                    "<circle class=\"rule {class}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1.2\"/>"
                )
            }
            _ => {
                let letter = if clue == EdgeClue::X { "X" } else { "V" };
                writeln!(
                    svg,
                    "<g class=\"rule {}\"><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{PAPER}\"/>\
                     <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{INK}\">{letter}</text></g>",
                    letter.to_lowercase(),
                    x - r,
                    y - r,
                    2.0 * r,
                    2.0 * r,
                    y + r * 0.8,
                    r * 2.2
                )
            }
        };
    }
    quadruples(svg, variant, layout);
    extrema(svg, variant, layout);
    outside_clues(svg, variant, layout);
}

fn quadruples(svg: &mut String, variant: &Variant, layout: &Layout) {
    let side = layout.shape.side();
    let r = layout.cell * 0.28;
    for quadruple in variant.quadruples() {
        let top_left = quadruple.cells()[0];
        let (x, y) = layout.point((top_left / side + 1) as isize, (top_left % side + 1) as isize);
        let digits: Vec<String> = quadruple.digits().iter().map(ToString::to_string).collect();
        // Two digits a row.
        let rows: Vec<String> = digits.chunks(2).map(|pair| pair.join(" ")).collect();
        let font = r * 0.75;
        let _ = write!(
            svg,
            "<g class=\"rule quadruple\"><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{PAPER}\" stroke=\"{INK}\" stroke-width=\"1.2\"/>"
        );
        let top = y - font * (rows.len() as f64 - 1.0) / 2.0 + font * 0.35;
        for (k, row) in rows.iter().enumerate() {
            let _ = write!(
                svg,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{font:.1}\" text-anchor=\"middle\" fill=\"{INK}\">{row}</text>",
                top + font * k as f64
            );
        }
        svg.push_str("</g>\n");
    }
}

/// A minimum cell's small grey triangles point in from each neighbour (it
/// is below them), a maximum cell's point out.
fn extrema(svg: &mut String, variant: &Variant, layout: &Layout) {
    let side = layout.shape.side() as isize;
    let (size, tip) = (layout.cell, layout.cell * 0.13);
    for &(i, extremum) in variant.extrema() {
        let (r, c) = ((i as isize) / side, (i as isize) % side);
        let (cx, cy) = layout.centre(r, c);
        let class = if extremum == Extremum::Minimum { "minimum" } else { "maximum" };
        let _ = write!(svg, "<g class=\"rule {class}\" fill=\"{FAINT}\">");
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            if !(0..side).contains(&(r + dr)) || !(0..side).contains(&(c + dc)) {
                continue;
            }
            let (ux, uy) = (dc as f64, dr as f64);
            // The edge's middle, and the triangle's base a little inside.
            let (ex, ey) = (cx + ux * size * 0.47, cy + uy * size * 0.47);
            let (bx, by) = (ex - ux * tip, ey - uy * tip);
            let (apex, base) = if extremum == Extremum::Maximum { ((ex, ey), (bx, by)) } else { ((bx, by), (ex, ey)) };
            let _ = write!(
                svg,
                "<path d=\"M{:.1},{:.1}L{:.1},{:.1}L{:.1},{:.1}z\"/>",
                apex.0,
                apex.1,
                base.0 - uy * tip,
                base.1 - ux * tip,
                base.0 + uy * tip,
                base.1 + ux * tip
            );
        }
        svg.push_str("</g>\n");
    }
}

/// Little killers' clues, with a small arrow along their diagonal,
/// sandwiches' clues, left of their row or above their column, and
/// X-sums' and skyscrapers' clues on their own side.
fn outside_clues(svg: &mut String, variant: &Variant, layout: &Layout) {
    let side = layout.shape.side() as isize;
    let font = layout.cell * 0.32;
    let text = |svg: &mut String, class: &str, (x, y): (f64, f64), total: u32, extra: String| {
        let _ = writeln!(
            svg,
            "<g class=\"rule {class}\"><text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{font:.1}\" text-anchor=\"middle\" fill=\"{INK}\">{total}</text>{extra}</g>",
            y + font * 0.35
        );
    };
    for killer in variant.little_killers() {
        let cells = killer.cells();
        let at = |i: usize| ((i as isize) / side, (i as isize) % side);
        let (r, c) = at(cells[0]);
        let (dr, dc) = cells.get(1).map_or((1, 1), |&next| (at(next).0 - r, at(next).1 - c));
        let (x, y) = layout.centre(r - dr, c - dc);
        let (ux, uy) = (dc as f64 * layout.cell * 0.22, dr as f64 * layout.cell * 0.22);
        let arrow = format!(
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{INK}\" stroke-width=\"1\"/>",
            x + ux,
            y + uy,
            x + 1.8 * ux,
            y + 1.8 * uy
        );
        text(svg, "little-killer", (x - ux * 0.3, y - uy * 0.3), killer.total(), arrow);
    }
    for sandwich in variant.sandwiches() {
        let k = sandwich.index() as isize;
        let place = if sandwich.unit() == UnitKind::Row { layout.centre(k, -1) } else { layout.centre(-1, k) };
        text(svg, "sandwich", place, sandwich.total(), String::new());
    }
    for clue in variant.sightlines() {
        // Its place's coordinates are 1-based, the layout's 0-based.
        let (row, col) = clue.side().place(clue.index(), side as usize);
        let place = layout.centre(row as isize - 1, col as isize - 1);
        text(svg, clue.kind().name(), place, clue.value(), String::new());
    }
}
