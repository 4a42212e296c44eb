//! Solves one puzzle and prints the boxed grid with the solver's statistics.
//!
//! ```text
//! cargo run --release --example solve -- [--solver NAME] [--unique] [PUZZLE]
//! echo "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" \
//!     | cargo run --release --example solve
//! ```
//!
//! PUZZLE is the 81-character line (or any grid text sudokit reads: other
//! sizes, the boxed picture); without it the puzzle is read from stdin. The
//! default solver, `auto`, is the fastest exact one for each shape.
//! `--unique` also checks that the solution is the only one. Bad input ends
//! with a one-line error and a non-zero exit code.

use std::io::Read;
use std::process::ExitCode;

use clap::Parser;
use sudokit::{Grid, Uniqueness, registry};
use sudokit_examples::{Result, WithContext, exit_code};

/// Solves one puzzle and prints the boxed grid with the solver's
/// statistics.
///
/// Exit status: 0 when the puzzle was solved (and, with --unique, had one
/// solution); 1 when it could not be read or solved; 2 for a bad command
/// line.
#[derive(Parser)]
#[command(name = "solve", version)]
struct Cli {
    /// Solver to use, by registered name (see `compare --list`).
    #[arg(short, long, default_value = "auto", value_name = "NAME")]
    solver: String,
    /// Also check that the solution is the only one.
    #[arg(short, long)]
    unique: bool,
    /// The puzzle (any grid text sudokit reads); read from stdin when
    /// absent. It may start with '-', an empty cell.
    #[arg(allow_hyphen_values = true, value_parser = puzzle_or_flag)]
    puzzle: Option<String>,
}

/// The puzzle text; an argument that starts with `--` and is no grid is
/// a mistyped flag, and said to be one.
fn puzzle_or_flag(text: &str) -> std::result::Result<String, String> {
    if text.starts_with("--") && text.trim().parse::<Grid>().is_err() {
        return Err(format!("{text} is not a flag of solve (see --help), nor a puzzle"));
    }
    Ok(text.to_string())
}

fn main() -> ExitCode {
    exit_code(run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    let info = registry::find(&cli.solver)?;
    let unique = cli.unique;
    let text = match cli.puzzle {
        Some(text) => text,
        None => {
            let mut input = String::new();
            std::io::stdin().read_to_string(&mut input).context(|| "cannot read stdin")?;
            input
        }
    };
    let puzzle: Grid = text.trim().parse().context(|| "bad puzzle")?;
    println!("Puzzle ({}, {} givens):\n{puzzle:#}", puzzle.shape(), puzzle.filled_count());

    let mut solver = info.build();
    let solution = solver.solve(&puzzle)?;
    if unique {
        let mut counter = info
            .build_counter()
            .ok_or_else(|| format!("{} cannot count solutions; pick an exact solver for --unique", info.name()))?;
        match counter.uniqueness(&puzzle)? {
            Uniqueness::Unique => {}
            Uniqueness::Multiple => return Err("the puzzle has several solutions".into()),
            Uniqueness::NoSolution => return Err("the puzzle has no solution".into()),
        }
    }
    let s = &solution.stats;
    println!("\nSolution by {}:\n{:#}", info.name(), solution.grid);
    println!("{}", solution.grid);
    println!(
        "{:.3} ms, {} nodes, {} backtracks, {} guesses{}",
        s.elapsed.as_secs_f64() * 1e3,
        s.nodes,
        s.backtracks,
        s.guesses,
        if unique { ", unique" } else { "" }
    );
    Ok(())
}
