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

use sudokit::{Grid, Uniqueness, registry};
use sudokit_examples::{Args, exit_code};

const USAGE: &str = "usage: solve [--solver NAME] [--unique] [PUZZLE]";

fn main() -> ExitCode {
    exit_code(run())
}

fn run() -> Result<(), String> {
    let mut args = Args::from_env();
    let mut info = registry::default_solver();
    let mut unique = false;
    let mut text = None;
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--solver" | "-s" => info = registry::find(&args.value(&arg)?).map_err(|e| e.to_string())?,
            "--unique" | "-u" => unique = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            flag if flag.starts_with('-') && flag.len() > 1 && !flag.starts_with("--") && text.is_none() => {
                // A puzzle may start with '-' (an empty cell): take it as one.
                text = Some(arg);
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}\n{USAGE}")),
            _ if text.is_some() => return Err(format!("more than one puzzle given\n{USAGE}")),
            _ => text = Some(arg),
        }
    }
    let text = match text {
        Some(text) => text,
        None => {
            let mut input = String::new();
            std::io::stdin().read_to_string(&mut input).map_err(|e| format!("cannot read stdin: {e}"))?;
            input
        }
    };
    let puzzle: Grid = text.trim().parse().map_err(|e| format!("bad puzzle: {e}"))?;
    println!("Puzzle ({}, {} givens):\n{puzzle:#}", puzzle.shape(), puzzle.filled_count());

    let mut solver = info.build();
    let solution = solver.solve(&puzzle).map_err(|e| e.to_string())?;
    if unique {
        let mut counter = info
            .build_counter()
            .ok_or_else(|| format!("{} cannot count solutions; pick an exact solver for --unique", info.name()))?;
        match counter.uniqueness(&puzzle).map_err(|e| e.to_string())? {
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
