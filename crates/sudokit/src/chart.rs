//! Bar charts of measurements on a log scale, as SVG (feature `chart`):
//! what `compare --chart` and `throughput --chart` draw. Groups are stacked
//! top to bottom (a solver, or a set), with one bar per series (a level, or
//! a contender) coloured from the shared [palette](crate::base::picture);
//! a bar can carry a note at its end (`30/30`) and be marked as a
//! disqualification (drawn hollow in the removal colour).
//!
//! ```
//! use sudokit::chart::{Bar, BarChart, Group, Mark};
//!
//! let mut chart = BarChart::new("Median time per puzzle", "milliseconds per puzzle (log scale)");
//! let easy = chart.series_index("easy");
//! let mut dlx = Group::new("dlx");
//! dlx.bars.push(Bar::new(easy, 0.05).with_note("20/20"));
//! let mut annealing = Group::new("annealing");
//! annealing.bars.push(Bar::new(easy, 900.0).with_note("DQ 3/20").with_mark(Mark::Disqualified));
//! chart.groups.extend([dlx, annealing]);
//! let svg = chart.to_svg()?;
//! assert!(svg.contains("annealing") && svg.contains("DQ 3/20"));
//! # Ok::<(), sudokit::chart::ChartError>(())
//! ```

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::base::picture::{self, Colour};

/// A horizontal bar chart with a logarithmic value axis.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct BarChart {
    /// The caption above the chart.
    pub title: String,
    /// The value axis' label, with its unit.
    pub value_label: String,
    /// The series, in legend order; a bar refers to one by index.
    pub series: Vec<String>,
    /// The groups, top to bottom.
    pub groups: Vec<Group>,
}

/// A labelled group of bars.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Group {
    /// The label at the left of the group.
    pub label: String,
    /// Its bars, top to bottom.
    pub bars: Vec<Bar>,
}

/// One bar: a value of one series.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Bar {
    /// Index into [`BarChart::series`].
    pub series: usize,
    /// The value; `None` draws no bar, only the note (a solver with no
    /// time to show).
    pub value: Option<f64>,
    /// Text at the end of the bar.
    pub note: String,
    /// How the bar is drawn.
    pub mark: Mark,
}

/// How a bar is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mark {
    /// Filled with its series' colour.
    #[default]
    Normal,
    /// Hollow, outlined in its series' colour, its note in the removal
    /// colour: a solver disqualified from the set.
    Disqualified,
}

/// A chart that cannot be drawn.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ChartError {
    /// No bar has a positive value, so there is no scale to draw.
    #[error("nothing to draw: no bar has a positive value")]
    Empty,
    /// A bar names a series the chart does not have.
    #[error("bar of group {group:?} refers to series {series}, but the chart has {count}")]
    UnknownSeries {
        /// The group's label.
        group: String,
        /// The bar's series index.
        series: usize,
        /// How many series there are.
        count: usize,
    },
    /// The drawing backend failed.
    #[error("cannot draw the chart: {0}")]
    Drawing(String),
}

impl Group {
    /// A group with no bars yet.
    pub fn new(label: &str) -> Group {
        Group { label: label.to_string(), bars: Vec::new() }
    }
}

impl Bar {
    /// A normal bar of `series` at `value`, with no note.
    pub fn new(series: usize, value: f64) -> Bar {
        Bar { series, value: Some(value), note: String::new(), mark: Mark::Normal }
    }

    /// A bar of `series` with no value to draw: only its note shows.
    pub fn missing(series: usize) -> Bar {
        Bar { series, value: None, note: String::new(), mark: Mark::Normal }
    }

    /// The bar with `note` at its end.
    #[must_use]
    pub fn with_note(mut self, note: &str) -> Bar {
        self.note = note.to_string();
        self
    }

    /// The bar drawn as `mark` says.
    #[must_use]
    pub fn with_mark(mut self, mark: Mark) -> Bar {
        self.mark = mark;
        self
    }
}

/// Height of one bar's row, in pixels.
const ROW: u32 = 18;

impl BarChart {
    /// An empty chart with its caption and value-axis label.
    pub fn new(title: &str, value_label: &str) -> BarChart {
        BarChart { title: title.to_string(), value_label: value_label.to_string(), ..BarChart::default() }
    }

    /// The index of series `name`, added at the end if new.
    pub fn series_index(&mut self, name: &str) -> usize {
        self.series.iter().position(|s| s == name).unwrap_or_else(|| {
            self.series.push(name.to_string());
            self.series.len() - 1
        })
    }

    /// The chart as a standalone SVG document. Every group label, series
    /// name and note appears as a `<text>` element.
    ///
    /// # Errors
    /// [`ChartError::Empty`] when no bar has a positive value,
    /// [`ChartError::UnknownSeries`] for a bar of a series not listed.
    pub fn to_svg(&self) -> Result<String, ChartError> {
        for group in &self.groups {
            if let Some(bar) = group.bars.iter().find(|b| b.series >= self.series.len()) {
                let (series, count) = (bar.series, self.series.len());
                return Err(ChartError::UnknownSeries { group: group.label.clone(), series, count });
            }
        }
        let values = self.groups.iter().flat_map(|g| &g.bars).filter_map(|b| b.value).filter(|v| *v > 0.0);
        let (low, high) = values.fold((f64::INFINITY, 0.0_f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
        if high <= 0.0 {
            return Err(ChartError::Empty);
        }
        // A decade below the least value, and two above the greatest so
        // that the notes fit at the bars' ends.
        let (low, high) = (10f64.powf(low.log10().floor() - 1.0), 10f64.powf(high.log10().ceil() + 1.5));
        let rows: u32 = self.groups.iter().map(|g| g.bars.len() as u32 + 1).sum::<u32>().max(1);
        let legend_rows = self.series.len() as u32 + 1;
        let height = 110 + (rows.max(legend_rows)) * ROW;
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (1000, height)).into_drawing_area();
            self.draw(&root, low..high, rows).map_err(|e| ChartError::Drawing(e.to_string()))?;
            root.present().map_err(|e| ChartError::Drawing(e.to_string()))?;
        }
        Ok(svg)
    }

    fn draw(
        &self,
        root: &DrawingArea<SVGBackend<'_>, Shift>,
        range: std::ops::Range<f64>,
        rows: u32,
    ) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
        root.fill(&rgb(picture::PAPER))?;
        let (plot, legend) = root.split_horizontally(800);
        let mut chart = ChartBuilder::on(&plot)
            .caption(&self.title, font(20, picture::INK))
            .margin(10)
            .x_label_area_size(45)
            .y_label_area_size(self.label_width())
            .build_cartesian_2d(range.log_scale(), 0.0..f64::from(rows))?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .disable_y_axis()
            .x_desc(&self.value_label)
            .x_label_formatter(&|v| format_value(*v))
            .axis_desc_style(font(14, picture::INK))
            .label_style(font(12, picture::INK))
            .x_max_light_lines(1)
            .light_line_style(rgb(picture::FAINT).mix(0.15))
            .bold_line_style(rgb(picture::FAINT).mix(0.4))
            .draw()?;
        let left = chart.x_range().start;
        let mut row = 0u32;
        for group in &self.groups {
            let top = f64::from(rows - row);
            let centre = top - f64::from(group.bars.len() as u32) / 2.0;
            let (x, y) = chart.backend_coord(&(left, centre));
            let label = Text::new(
                group.label.clone(),
                (x - 8, y),
                font(13, picture::INK).pos(Pos::new(HPos::Right, VPos::Center)),
            );
            plot.draw(&label)?;
            for (k, bar) in group.bars.iter().enumerate() {
                let (upper, lower) = (top - k as f64 - 0.1, top - k as f64 - 0.9);
                let colour = rgb(picture::series(bar.series));
                let end = bar.value.filter(|v| *v > 0.0).unwrap_or(left);
                if bar.value.is_some() {
                    let style = match bar.mark {
                        Mark::Normal => colour.filled(),
                        Mark::Disqualified => colour.stroke_width(2),
                    };
                    chart.draw_series(std::iter::once(Rectangle::new([(left, lower), (end, upper)], style)))?;
                }
                if !bar.note.is_empty() {
                    let (x, y) = chart.backend_coord(&(end, (upper + lower) / 2.0));
                    let ink = if bar.mark == Mark::Disqualified { picture::REMOVED } else { picture::INK };
                    let note =
                        Text::new(bar.note.clone(), (x + 4, y), font(11, ink).pos(Pos::new(HPos::Left, VPos::Center)));
                    plot.draw(&note)?;
                }
            }
            row += group.bars.len() as u32 + 1;
        }
        self.draw_legend(&legend)
    }

    /// Pixels left of the plot for the group labels: about 7 a character
    /// at the labels' size, so the longest fits.
    fn label_width(&self) -> u32 {
        let longest = self.groups.iter().map(|g| g.label.chars().count()).max().unwrap_or(0);
        (longest as u32 * 7 + 20).clamp(80, 400)
    }

    /// The series' colours, and what a hollow bar means when one is.
    fn draw_legend(
        &self,
        area: &DrawingArea<SVGBackend<'_>, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
        let y0 = 50;
        area.draw(&Text::new("Legend", (10, y0 - 22), font(13, picture::INK)))?;
        for (k, name) in self.series.iter().enumerate() {
            let y = y0 + k as i32 * ROW as i32;
            area.draw(&Rectangle::new([(10, y), (26, y + 12)], rgb(picture::series(k)).filled()))?;
            area.draw(&Text::new(
                name.clone(),
                (32, y + 6),
                font(12, picture::INK).pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
        if !self.groups.iter().flat_map(|g| &g.bars).any(|b| b.mark == Mark::Disqualified) {
            return Ok(());
        }
        let y = y0 + self.series.len() as i32 * ROW as i32 + 6;
        area.draw(&Rectangle::new([(10, y), (26, y + 12)], rgb(picture::INK).stroke_width(2)))?;
        let text = Text::new(
            "hollow: disqualified (median of the puzzles tried)",
            (32, y + 6),
            font(12, picture::REMOVED).pos(Pos::new(HPos::Left, VPos::Center)),
        );
        area.draw(&text)?;
        Ok(())
    }
}

/// A colour of the shared palette, for plotters.
fn rgb(colour: Colour) -> RGBColor {
    RGBColor(colour.r, colour.g, colour.b)
}

/// The shared font at `size`, in `colour`.
fn font(size: u32, colour: Colour) -> TextStyle<'static> {
    (picture::FONT, size).into_font().color(&rgb(colour))
}

/// An axis value without trailing noise, in one notation from one tick to
/// the next: `0.001`, `20`, `10k`, `100k`, `1M`.
fn format_value(value: f64) -> String {
    if value >= 1e9 {
        format!("{}G", format_value(value / 1e9))
    } else if value >= 1e6 {
        format!("{}M", format_value(value / 1e6))
    } else if value >= 1e3 {
        format!("{}k", format_value(value / 1e3))
    } else if value > 0.0 && value < 1e-3 {
        format!("{value:.0e}")
    } else if value >= 1.0 {
        format!("{value:.0}")
    } else {
        let digits = (-value.log10()).ceil() as usize;
        format!("{value:.digits$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_values_read_plainly() {
        assert_eq!(format_value(0.01), "0.01");
        assert_eq!(format_value(20.0), "20");
        assert_eq!(format_value(1e4), "10k");
        assert_eq!(format_value(1e5), "100k");
        assert_eq!(format_value(1e6), "1M");
        assert_eq!(format_value(2.5e7), "25M");
        assert_eq!(format_value(1e-4), "1e-4");
    }

    #[test]
    fn a_chart_without_values_or_with_a_stray_series_is_refused() {
        let mut chart = BarChart::new("t", "v");
        assert!(matches!(chart.to_svg(), Err(ChartError::Empty)));
        let mut group = Group::new("g");
        group.bars.push(Bar::new(3, 1.0));
        chart.groups.push(group);
        assert!(matches!(chart.to_svg(), Err(ChartError::UnknownSeries { series: 3, count: 0, .. })));
    }
}
