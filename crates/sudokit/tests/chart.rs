//! The comparison chart (feature `chart`): well-formed SVG that names every
//! solver and level of the report, notes each solved count, and marks each
//! disqualification.
#![cfg(feature = "chart")]

use std::collections::HashSet;
use std::time::Duration;

use sudokit::compare::{Harness, PuzzleSet, Status};
use sudokit::registry;
use sudokit_testkit::sets;

/// Every `<text>` of the document, as written.
fn texts(svg: &str) -> HashSet<String> {
    let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    document
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants().filter(|d| d.is_text()).filter_map(|d| d.text()).collect::<String>().trim().to_string()
        })
        .collect()
}

#[test]
fn the_chart_names_every_solver_and_level_and_marks_disqualifications() {
    let levels = [PuzzleSet::new("easy", sets::EASY.take(3)), PuzzleSet::new("hard", sets::HARD.take(3))];
    // `greedy` never backtracks: it fails the hard puzzles and is
    // disqualified there.
    let mut solvers: Vec<_> =
        ["fast", "dlx", "greedy"].iter().map(|n| registry::create(n).expect("registered")).collect();
    let report = Harness::new().with_time_limit(Duration::from_secs(5)).run(&mut solvers, &levels);
    let disqualified: Vec<_> = report.results().iter().filter(|r| r.status == Status::Disqualified).collect();
    assert!(!disqualified.is_empty(), "greedy should fail a hard puzzle");
    let texts = texts(&report.chart().to_svg().expect("a chart"));
    for name in ["fast", "dlx", "greedy", "easy", "hard"] {
        assert!(texts.contains(name), "{name} missing from {texts:?}");
    }
    for row in report.results() {
        let note = match row.status {
            Status::Qualified => format!("{}/{}", row.solved, row.total),
            _ => format!("DQ {}/{}", row.solved, row.total),
        };
        assert!(texts.contains(&note), "{} on {}: {note} missing", row.solver, row.set);
    }
    assert!(texts.contains("milliseconds per puzzle (log scale)"));
}
