//! Draws a solved grid's constraint graph as SVG, and as Graphviz DOT (the
//! course's graph-colouring exercise 3).
//!
//! ```text
//! cargo run --release --example graph_svg -- [--puzzle PUZZLE] [--layout grid|circle] [--focus r5c5] [OUTPUT.svg]
//! ```
//!
//! Solves PUZZLE (by default the course's first easy puzzle) with DSATUR and
//! forward checking and writes the picture to OUTPUT.svg
//! (`target/pictures/sudoku-graph.svg` by default, out of the sources).
//! The grid layout (the default) puts each vertex where its cell sits,
//! coloured by its digit with a legend, marks the givens, and draws the 20
//! edges of one vertex (`--focus`, the centre cell by default) to its row,
//! column and box. The circle layout is the course's picture: the 81
//! vertices round a circle in row-major order and all 810 edges as faint
//! chords, with the DOT text beside it (`.dot`), which `neato -n2 -Tpng`
//! renders with the same circle.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use sudokit::graph::ConstraintGraph;
use sudokit::{Cell, Dsatur, Grid, Solver};
use sudokit_examples::{Result, WithContext};
use sudokit_testkit::sets;

/// Draws a solved grid's constraint graph as SVG (and, in the circle
/// layout, Graphviz DOT).
///
/// Exit status: 0 when the picture was written; 1 for a puzzle that
/// cannot be read or solved, or a file that cannot be written; 2 for a bad
/// command line (a --focus that is no cell included).
#[derive(Parser)]
#[command(name = "graph_svg", version)]
struct Cli {
    /// The puzzle to solve and draw (default: the course's first easy one).
    #[arg(short, long)]
    puzzle: Option<String>,
    /// Vertices where their cells sit, or round a circle (the course's).
    #[arg(short, long, value_enum, default_value_t = Layout::Grid)]
    layout: Layout,
    /// The cell whose edges the grid layout draws, as rNcM (default: the
    /// centre cell).
    #[arg(short, long, value_parser = cell, value_name = "CELL")]
    focus: Option<Cell>,
    /// Where to write the picture; the circle layout writes the DOT text
    /// beside it (`.dot`).
    #[arg(default_value = DEFAULT_OUTPUT, value_name = "OUTPUT.svg")]
    output: PathBuf,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Layout {
    Grid,
    Circle,
}

/// Reads a cell written `r5c5` (1-based), for `clap`.
fn cell(text: &str) -> std::result::Result<Cell, String> {
    let bad = || format!("`{text}` is no cell: write it rNcM, as r5c5");
    let rest = text.trim().to_ascii_lowercase();
    let (row, col) = rest.strip_prefix('r').and_then(|r| r.split_once('c')).ok_or_else(bad)?;
    let (row, col): (usize, usize) = (row.parse().map_err(|_| bad())?, col.parse().map_err(|_| bad())?);
    if row == 0 || col == 0 {
        return Err(bad());
    }
    Ok(Cell::new(row - 1, col - 1))
}

/// The default picture, under `target/` so that a run leaves nothing
/// untracked among the sources; its folder is made when missing.
const DEFAULT_OUTPUT: &str = "target/pictures/sudoku-graph.svg";

fn main() -> ExitCode {
    sudokit_examples::main(|| run(Cli::parse()))
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
    let write = |path: &std::path::Path, text: String| {
        std::fs::write(path, text).context(|| format!("cannot write {}", path.display()))
    };
    match cli.layout {
        Layout::Grid => {
            let side = puzzle.side();
            let focus = cli.focus.unwrap_or(Cell::new(side / 2, side / 2));
            write(&output, graph.to_svg_in_grid(&puzzle, &solution.grid, focus)?)?;
            println!("wrote {}", output.display());
        }
        Layout::Circle => {
            let dot = output.with_extension("dot");
            write(&output, graph.to_svg(&solution.grid))?;
            write(&dot, graph.to_dot(&solution.grid))?;
            println!("wrote {} and {}", output.display(), dot.display());
        }
    }
    Ok(())
}
