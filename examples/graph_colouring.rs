//! The course's graph-colouring benchmark, reproduced and extended: each
//! colouring solver on the first 5 easy and the first 3 hard puzzles, with
//! the figures the course published beside ours.
//!
//! ```text
//! cargo run --release --example graph_colouring
//! ```
//!
//! Columns follow the course's table: whether every puzzle was solved, the
//! mean time, and the mean nodes and backtracks over the solved puzzles
//! (integer division, as the notebook does). The first three rows are the
//! course's algorithms, counted its way; the others are ours. The second
//! column says how to build each solver, the third its name for
//! `compare --solver` and `solve --solver` when it is registered.
//!
//! A node is a call of the search, a backtrack a colour taken back. With
//! propagation, a colour that the propagation refutes at once is taken
//! back without a call, so those rows count more backtracks than nodes.

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use sudokit::graph::ConstraintGraph;
use sudokit::{Budget, Dsatur, Greedy, Grid, MrvColouring, SequentialColouring, Solver};
use sudokit_examples::Result;
use sudokit_testkit::sets;

/// Mean (nodes, backtracks) as the course publishes them.
type Means = (u64, u64);

/// The course's published means on the easy five and the hard three, for
/// its three algorithms.
const COURSE: [(&str, Means, Means); 3] = [
    ("Backtracking Simple", (4250, 4201), (4_356_440, 4_356_375)),
    ("MRV Heuristic", (63, 14), (1406, 1341)),
    ("DSATUR", (74, 25), (1202, 1137)),
];

/// The course's graph-colouring benchmark, with its published figures
/// beside ours. Takes no arguments.
///
/// Exit status: 0 when the benchmark ran; 1 when a solver failed on a
/// course puzzle; 2 for a bad command line.
#[derive(Parser)]
#[command(name = "graph_colouring", version)]
struct Cli {}

fn main() -> ExitCode {
    sudokit_examples::main(|| {
        Cli::parse();
        run()
    })
}

fn run() -> Result {
    let [easy, _, hard] = sets::COURSE_LEVELS;
    let levels = [(easy.name, easy.take(5)), (hard.name, hard.take(3))];
    let summary = ConstraintGraph::new(levels[0].1[0].shape()).summary(&levels[0].1[0]);
    println!("Constraint graph of the first easy puzzle: {summary}\n");

    for (k, (level, puzzles)) in levels.iter().enumerate() {
        println!("First {} {level} puzzles:\n", puzzles.len());
        println!(
            "| {:<22} | {:<38} | {:<19} | {:<7} | {:>9} | {:>9} | {:>10} | {:>12} | {:>12} |",
            "algorithm",
            "sudokit solver",
            "registered name",
            "success",
            "mean ms",
            "nodes",
            "backtracks",
            "course nodes",
            "course backtr."
        );
        println!(
            "|{:-<24}|{:-<40}|{:-<21}|{:-<9}|{:-<11}|{:-<11}|{:-<12}|{:-<14}|{:-<16}|",
            "", "", "", "", "", "", "", "", ""
        );
        let solvers: Vec<(&str, &str, Box<dyn Solver>)> = vec![
            (COURSE[0].0, "SequentialColouring::new()", Box::new(SequentialColouring::new())),
            (COURSE[1].0, "MrvColouring::new()", Box::new(MrvColouring::new())),
            (COURSE[2].0, "Dsatur::course()", Box::new(Dsatur::course())),
            ("DSATUR, degree ties", "Dsatur::new()", Box::new(Dsatur::new())),
            (
                "MRV + propagation",
                "MrvColouring::new().with_propagation()",
                Box::new(MrvColouring::new().with_propagation()),
            ),
            ("DSATUR + propagation", "Dsatur::new().with_propagation()", Box::new(Dsatur::new().with_propagation())),
            ("Greedy", "Greedy::new()", Box::new(Greedy::new())),
        ];
        for (row, (algorithm, built, mut solver)) in solvers.into_iter().enumerate() {
            let row_stats = bench(solver.as_mut(), puzzles);
            let course = COURSE.get(row).map(|(_, easy, hard)| if k == 0 { *easy } else { *hard });
            let (course_nodes, course_backtracks) =
                course.map_or((String::new(), String::new()), |(n, b)| (n.to_string(), b.to_string()));
            println!(
                "| {algorithm:<22} | {built:<38} | {:<19} | {:<7} | {:>9} | {:>9} | {:>10} | {course_nodes:>12} | {course_backtracks:>14} |",
                registered(solver.name()),
                if row_stats.solved == puzzles.len() { "OK" } else { "FAILED" },
                row_stats.mean_ms.map_or(String::from("-"), |ms| format!("{ms:.3}")),
                row_stats.nodes,
                row_stats.backtracks,
            );
        }
        println!();
    }
    Ok(())
}

/// `name` when the registry knows it (`compare --solver NAME`), else a
/// dash: a setting that is not registered.
fn registered(name: &str) -> &str {
    if sudokit::registry::find(name).is_ok() { name } else { "-" }
}

/// One row of the table.
struct Row {
    solved: usize,
    mean_ms: Option<f64>,
    nodes: u64,
    backtracks: u64,
}

/// Solves every puzzle (10 s each at most) and averages over the solved
/// ones, as the course does.
fn bench(solver: &mut dyn Solver, puzzles: &[Grid]) -> Row {
    let (mut solved, mut time, mut nodes, mut backtracks) = (0, Duration::ZERO, 0, 0);
    for puzzle in puzzles {
        let budget = Budget::unlimited().with_time_limit(Duration::from_secs(10));
        if let Ok(solution) = solver.solve_with(puzzle, &budget) {
            if solution.grid.is_solution_of(puzzle) {
                solved += 1;
                time += solution.stats.elapsed;
                nodes += solution.stats.nodes;
                backtracks += solution.stats.backtracks;
            }
        }
    }
    let n = solved.max(1) as u64;
    Row {
        solved,
        mean_ms: (solved > 0).then(|| time.as_secs_f64() * 1000.0 / solved as f64),
        nodes: nodes / n,
        backtracks: backtracks / n,
    }
}
