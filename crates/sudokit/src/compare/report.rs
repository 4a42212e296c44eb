//! The results of a race and their three forms — an aligned table, CSV and
//! JSON — all written from one list of fields, [`COLUMNS`].

use std::fmt;
use std::time::Duration;

use serde::Serialize;

/// Whether a solver got through a whole set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Status {
    /// Every puzzle solved within the limit.
    Qualified,
    /// A puzzle failed: the rest of the set was skipped (or, with
    /// [`keep going`](super::Harness::with_keep_going), tried all the same).
    Disqualified,
    /// The solver does not take the rules of the set's puzzles
    /// ([`Solver::supports`](sudokit_core::Solver::supports)): it tried
    /// none, and the failure names the first puzzle it refused.
    Unsupported,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Qualified => "qualified",
            Status::Disqualified => "disqualified",
            Status::Unsupported => "unsupported",
        })
    }
}

/// The first failure of a solver on a set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Failure {
    /// 0-based index of the puzzle in the set.
    pub puzzle: usize,
    /// What happened: the solver's error, or why its answer was rejected.
    pub reason: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle {}: {}", self.puzzle + 1, self.reason)
    }
}

/// One solver on one set.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct SetResult {
    /// The solver's name.
    pub solver: String,
    /// The set's name (`level` in the table and the JSON and CSV
    /// reports, the course's word).
    #[serde(rename = "level")]
    pub set: String,
    /// Puzzles solved with a correct answer.
    pub solved: usize,
    /// Puzzles attempted (the rest were skipped after a failure).
    pub attempted: usize,
    /// Puzzles in the set.
    pub total: usize,
    /// Wall time over the attempted puzzles.
    pub total_time: Duration,
    /// Median wall time per attempted puzzle.
    pub median_time: Duration,
    /// Mean [`Stats::nodes`](sudokit_core::Stats::nodes) over the solved
    /// puzzles; `None` for a solver that counts no nodes (a local search
    /// counts iterations: its solves counted iterations and no node).
    pub mean_nodes: Option<f64>,
    /// Mean [`Stats::backtracks`](sudokit_core::Stats::backtracks) over the
    /// solved puzzles; `None` when nodes are not counted.
    pub mean_backtracks: Option<f64>,
    /// Qualified or disqualified.
    pub status: Status,
    /// The first failure, if any.
    pub failure: Option<Failure>,
}

/// A field's value, typed so that each form writes it its own way.
enum Value {
    Text(String),
    Count(usize),
    Millis(Duration),
    Mean(f64),
    /// A figure the solver does not count.
    NotCounted,
    Missing,
}

/// One field of a report row.
struct Column {
    /// Header in the table, CSV and JSON.
    name: &'static str,
    /// Whether the table shows it (the failure reason is printed under the
    /// table instead, being long).
    in_table: bool,
    value: fn(&SetResult) -> Value,
}

/// The one list of fields behind the table, the CSV and the JSON.
const COLUMNS: &[Column] = &[
    Column { name: "solver", in_table: true, value: |r| Value::Text(r.solver.clone()) },
    Column { name: "level", in_table: true, value: |r| Value::Text(r.set.clone()) },
    Column { name: "solved", in_table: true, value: |r| Value::Count(r.solved) },
    Column { name: "attempted", in_table: true, value: |r| Value::Count(r.attempted) },
    Column { name: "total", in_table: true, value: |r| Value::Count(r.total) },
    Column { name: "total_ms", in_table: true, value: |r| Value::Millis(r.total_time) },
    Column { name: "median_ms", in_table: true, value: |r| Value::Millis(r.median_time) },
    Column { name: "mean_nodes", in_table: true, value: |r| r.mean_nodes.map_or(Value::NotCounted, Value::Mean) },
    Column {
        name: "mean_backtracks",
        in_table: true,
        value: |r| r.mean_backtracks.map_or(Value::NotCounted, Value::Mean),
    },
    Column { name: "status", in_table: true, value: |r| Value::Text(r.status.to_string()) },
    Column {
        name: "failure",
        in_table: false,
        value: |r| r.failure.as_ref().map_or(Value::Missing, |f| Value::Text(f.to_string())),
    },
];

impl Value {
    /// The value in the table.
    fn to_text(&self) -> String {
        match self {
            Value::Text(text) => text.clone(),
            Value::Count(n) => n.to_string(),
            Value::Millis(d) => format!("{:.3}", d.as_secs_f64() * 1e3),
            Value::Mean(x) => format!("{x:.1}"),
            Value::NotCounted => String::from("not counted"),
            Value::Missing => String::new(),
        }
    }

    /// The value in a CSV cell: a figure not counted is an empty cell, as
    /// a numeric column must hold numbers.
    fn to_csv(&self) -> String {
        match self {
            Value::NotCounted => String::new(),
            value => csv_field(&value.to_text()),
        }
    }

    fn to_json(&self) -> serde_json::Value {
        match self {
            Value::Text(text) => text.clone().into(),
            Value::Count(n) => (*n).into(),
            // Rounded as in the other forms, so the three agree.
            Value::Millis(d) => ((d.as_secs_f64() * 1e6).round() / 1e3).into(),
            Value::Mean(x) => ((x * 10.0).round() / 10.0).into(),
            Value::NotCounted | Value::Missing => serde_json::Value::Null,
        }
    }

    fn is_numeric(&self) -> bool {
        matches!(self, Value::Count(_) | Value::Millis(_) | Value::Mean(_))
    }
}

/// The results of a [`Harness`](super::Harness) run, one row per solver and
/// set.
///
/// `Display` prints the aligned table; [`Report::to_csv`] and
/// [`Report::to_json`] give machine-readable forms with the same fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Report {
    results: Vec<SetResult>,
}

impl Report {
    pub(super) fn new(results: Vec<SetResult>) -> Report {
        Report { results }
    }

    /// The rows, solvers in the order given, sets in order.
    pub fn results(&self) -> &[SetResult] {
        &self.results
    }

    /// The field names, in the order of every form.
    pub fn fields() -> impl Iterator<Item = &'static str> {
        COLUMNS.iter().map(|column| column.name)
    }

    /// CSV: a header of the [fields](Report::fields), then one line per
    /// row.
    pub fn to_csv(&self) -> String {
        let mut out = Report::fields().collect::<Vec<_>>().join(",");
        out.push('\n');
        for row in &self.results {
            let cells: Vec<String> = COLUMNS.iter().map(|c| (c.value)(row).to_csv()).collect();
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        out
    }

    /// A JSON array with one object per row, keyed by the
    /// [fields](Report::fields).
    pub fn to_json(&self) -> String {
        let rows: Vec<serde_json::Map<String, serde_json::Value>> = self
            .results
            .iter()
            .map(|row| COLUMNS.iter().map(|c| (c.name.to_owned(), (c.value)(row).to_json())).collect())
            .collect();
        let mut out = serde_json::to_string_pretty(&rows).unwrap_or_else(|e| format!("\"{e}\""));
        out.push('\n');
        out
    }

    /// The report as a bar chart (feature `chart`): a group per solver, a
    /// bar per set at the solver's median time per puzzle in milliseconds
    /// (log scale), noted with its solved count (solved over total) and drawn
    /// hollow with a `DQ` note when the solver was disqualified. Draw it with
    /// [`BarChart::to_svg`](crate::chart::BarChart::to_svg).
    ///
    /// ```
    /// use sudokit::compare::{Harness, PuzzleSet};
    ///
    /// let set = PuzzleSet::new("one", vec!["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?]);
    /// let mut solvers = vec![sudokit::registry::create("fast")?];
    /// let report = Harness::new().run(&mut solvers, &[set]);
    /// let svg = report.chart().to_svg()?;
    /// assert!(svg.contains("fast") && svg.contains("1/1"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "chart")]
    pub fn chart(&self) -> crate::chart::BarChart {
        use crate::chart::{Bar, BarChart, Group, Mark};
        let mut chart = BarChart::new("Median time per puzzle", "milliseconds per puzzle (log scale)");
        let mut groups: Vec<Group> = Vec::new();
        for row in &self.results {
            let series = chart.series_index(&row.set);
            let at = match groups.iter().position(|g| g.label == row.solver) {
                Some(at) => at,
                None => {
                    groups.push(Group::new(&row.solver));
                    groups.len() - 1
                }
            };
            let millis = row.median_time.as_secs_f64() * 1e3;
            let bar = if row.attempted > 0 && millis > 0.0 { Bar::new(series, millis) } else { Bar::missing(series) };
            let bar = match row.status {
                Status::Qualified => bar.with_note(&format!("{}/{}", row.solved, row.total)),
                Status::Disqualified => {
                    bar.with_note(&format!("DQ {}/{}", row.solved, row.total)).with_mark(Mark::Disqualified)
                }
                Status::Unsupported => bar.with_note("n/a"),
            };
            groups[at].bars.push(bar);
        }
        chart.groups = groups;
        chart
    }
}

impl fmt::Display for Report {
    /// The aligned table, and under it the first failure of each row that
    /// has one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let columns: Vec<&Column> = COLUMNS.iter().filter(|c| c.in_table).collect();
        let rows: Vec<Vec<(String, bool)>> = self
            .results
            .iter()
            .map(|r| {
                columns
                    .iter()
                    .map(|c| {
                        let value = (c.value)(r);
                        (value.to_text(), value.is_numeric())
                    })
                    .collect()
            })
            .collect();
        let mut widths: Vec<usize> = columns.iter().map(|c| c.name.len()).collect();
        for row in &rows {
            for (w, (cell, _)) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.len());
            }
        }
        let line = |f: &mut fmt::Formatter<'_>, cells: &mut dyn Iterator<Item = (&str, bool)>| -> fmt::Result {
            let mut text = String::new();
            for (k, ((cell, numeric), &w)) in cells.zip(&widths).enumerate() {
                let sep = if k == 0 { "" } else { "  " };
                // Numbers align right, text left.
                text.push_str(&if numeric { format!("{sep}{cell:>w$}") } else { format!("{sep}{cell:<w$}") });
            }
            writeln!(f, "{}", text.trim_end())
        };
        line(f, &mut columns.iter().map(|c| (c.name, false)))?;
        let rules: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
        line(f, &mut rules.iter().map(|rule| (rule.as_str(), false)))?;
        for row in &rows {
            line(f, &mut row.iter().map(|(cell, numeric)| (cell.as_str(), *numeric)))?;
        }
        for r in &self.results {
            if let Some(failure) = &r.failure {
                writeln!(f, "{} on {}: {failure}", r.solver, r.set)?;
            }
        }
        Ok(())
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(failure: Option<Failure>) -> SetResult {
        SetResult {
            solver: "a,b".into(),
            set: "easy".into(),
            solved: 1,
            attempted: 2,
            total: 3,
            total_time: Duration::from_micros(1500),
            median_time: Duration::from_micros(700),
            mean_nodes: Some(12.25),
            mean_backtracks: Some(0.0),
            status: if failure.is_some() { Status::Disqualified } else { Status::Qualified },
            failure,
        }
    }

    #[test]
    fn the_three_forms_share_one_field_list() {
        let failure = Failure { puzzle: 1, reason: "wrong answer \"x\"".into() };
        let report = Report::new(vec![row(Some(failure)), row(None)]);
        let csv = report.to_csv();
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some(Report::fields().collect::<Vec<_>>().join(",").as_str()));
        assert_eq!(
            lines.next(),
            Some("\"a,b\",easy,1,2,3,1.500,0.700,12.2,0.0,disqualified,\"puzzle 2: wrong answer \"\"x\"\"\"")
        );
        assert_eq!(lines.next(), Some("\"a,b\",easy,1,2,3,1.500,0.700,12.2,0.0,qualified,"));
        let json: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        let first = &json[0];
        assert_eq!(first.as_object().map(|o| o.len()), Some(Report::fields().count()));
        assert_eq!(first["solver"], "a,b");
        assert_eq!(first["total_ms"], 1.5);
        assert_eq!(first["failure"], "puzzle 2: wrong answer \"x\"");
        assert!(json[1]["failure"].is_null());
        let table = report.to_string();
        let header = table.lines().next().unwrap_or_default();
        assert!(Report::fields().filter(|&f| f != "failure").all(|f| header.contains(f)), "{table}");
        assert!(table.lines().last().unwrap_or_default().ends_with("puzzle 2: wrong answer \"x\""), "{table}");
    }

    #[test]
    fn figures_a_solver_does_not_count_say_so() {
        let mut local = row(None);
        (local.mean_nodes, local.mean_backtracks) = (None, None);
        let report = Report::new(vec![local]);
        assert_eq!(report.to_csv().lines().nth(1), Some("\"a,b\",easy,1,2,3,1.500,0.700,,,qualified,"));
        let json: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        assert!(json[0]["mean_nodes"].is_null() && json[0]["mean_backtracks"].is_null());
        let table = report.to_string();
        assert_eq!(table.lines().nth(2).map(|l| l.matches("not counted").count()), Some(2), "{table}");
    }

    #[test]
    fn escaping() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("plain"), "plain");
    }
}
