//! Draws a solved grid's constraint graph in a circular layout, as SVG and
//! as Graphviz DOT (the course's graph-colouring exercise 3).
//!
//! ```text
//! cargo run --release --example graph_svg -- [--puzzle PUZZLE] [OUTPUT.svg]
//! ```
//!
//! Solves PUZZLE (by default the course's first easy puzzle) with DSATUR and
//! forward checking, writes the picture to OUTPUT.svg (`sudoku-graph.svg` by
//! default) and the DOT text beside it (`.dot`), which `neato -n2 -Tpng`
//! renders with the same circle. The 81 vertices go round the circle in
//! row-major order, filled with their digit's colour; the 810 edges are the
//! faint chords.

use std::path::PathBuf;
use std::process::ExitCode;

use sudokit::graph::ConstraintGraph;
use sudokit::{Dsatur, Grid, Solver};
use sudokit_examples::{Args, exit_code};
use sudokit_testkit::sets;

const USAGE: &str = "usage: graph_svg [--puzzle PUZZLE] [OUTPUT.svg]";

fn main() -> ExitCode {
    exit_code(run())
}

fn run() -> Result<(), String> {
    let mut args = Args::from_env();
    let mut puzzle = None;
    let mut output = PathBuf::from("sudoku-graph.svg");
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--puzzle" | "-p" => {
                let text = args.value(&arg)?;
                puzzle = Some(text.parse::<Grid>().map_err(|e| format!("bad puzzle: {e}"))?);
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}\n{USAGE}")),
            path => output = PathBuf::from(path),
        }
    }
    let puzzle = match puzzle {
        Some(puzzle) => puzzle,
        None => sets::EASY.take(1).into_iter().next().ok_or("the course's easy level is empty")?,
    };
    let graph = ConstraintGraph::new(puzzle.shape());
    println!("{}", graph.summary(&puzzle));
    let solution = Dsatur::new().with_propagation().solve(&puzzle).map_err(|e| e.to_string())?;
    if !graph.is_proper_colouring(&solution.grid) {
        return Err(format!("the solution {} is not a proper colouring", solution.grid));
    }
    println!("{:#}", solution.grid);
    let dot = output.with_extension("dot");
    std::fs::write(&output, graph.to_svg(&solution.grid)).map_err(|e| format!("{}: {e}", output.display()))?;
    std::fs::write(&dot, graph.to_dot(&solution.grid)).map_err(|e| format!("{}: {e}", dot.display()))?;
    println!("wrote {} and {}", output.display(), dot.display());
    Ok(())
}
