//! Draws a solved grid's constraint graph in a circular layout, as SVG and
//! as Graphviz DOT (the course's graph-colouring exercise 3).
//!
//! ```text
//! cargo run --release --example graph_svg -- [--puzzle PUZZLE] [OUTPUT.svg]
//! ```
//!
//! Solves PUZZLE (by default the course's first easy puzzle) with DSATUR and
//! forward checking, writes the picture to OUTPUT.svg
//! (`target/pictures/sudoku-graph.svg` by default, out of the sources) and
//! the DOT text beside it (`.dot`), which `neato -n2 -Tpng`
//! renders with the same circle. The 81 vertices go round the circle in
//! row-major order, filled with their digit's colour; the 810 edges are the
//! faint chords.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use sudokit::graph::ConstraintGraph;
use sudokit::{Dsatur, Grid, Solver};
use sudokit_examples::{Result, WithContext, exit_code};
use sudokit_testkit::sets;

/// Draws a solved grid's constraint graph as SVG and Graphviz DOT.
#[derive(Parser)]
#[command(name = "graph_svg", version)]
struct Cli {
    /// The puzzle to solve and draw (default: the course's first easy one).
    #[arg(short, long)]
    puzzle: Option<String>,
    /// Where to write the picture; the DOT text goes beside it (`.dot`).
    #[arg(default_value = DEFAULT_OUTPUT, value_name = "OUTPUT.svg")]
    output: PathBuf,
}

/// The default picture, under `target/` so that a run leaves nothing
/// untracked among the sources; its folder is made when missing.
const DEFAULT_OUTPUT: &str = "target/pictures/sudoku-graph.svg";

fn main() -> ExitCode {
    exit_code(run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    let output = cli.output;
    let puzzle = match &cli.puzzle {
        Some(text) => text.parse::<Grid>().context(|| "bad puzzle")?,
        None => sets::EASY.take(1).into_iter().next().ok_or("the course's easy level is empty")?,
    };
    let graph = ConstraintGraph::new(puzzle.shape());
    println!("{}", graph.summary(&puzzle));
    let solution = Dsatur::new().with_propagation().solve(&puzzle)?;
    if !graph.is_proper_colouring(&solution.grid) {
        return Err(format!("the solution {} is not a proper colouring", solution.grid).into());
    }
    println!("{:#}", solution.grid);
    if output == std::path::Path::new(DEFAULT_OUTPUT) {
        std::fs::create_dir_all("target/pictures").context(|| "cannot make target/pictures")?;
    }
    let dot = output.with_extension("dot");
    std::fs::write(&output, graph.to_svg(&solution.grid)).context(|| format!("cannot write {}", output.display()))?;
    std::fs::write(&dot, graph.to_dot(&solution.grid)).context(|| format!("cannot write {}", dot.display()))?;
    println!("wrote {} and {}", output.display(), dot.display());
    Ok(())
}
