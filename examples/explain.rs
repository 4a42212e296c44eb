//! Walks a puzzle step by step as a player would, printing each step's
//! explanation; the pencil marks between steps on request; guesses and
//! backtracks when the techniques stall; and the rating at the end.
//!
//! ```text
//! cargo run --release --example explain -- [--marks] [PUZZLE]
//! cargo run --release --example explain -- --marks \
//!     "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5.."
//! ```
//!
//! PUZZLE is an 81-character line (or any grid text sudokit reads, any
//! shape); without it a top95 puzzle is explained whose path shows
//! pointing, a naked pair, direct hidden pairs, a unique rectangle and two
//! skyscrapers. `--marks` prints every cell's candidates before each step.

use std::process::ExitCode;

use sudokit::Grid;
use sudokit::rules::human::{Event, Explainer, Outcome, rate};
use sudokit_examples::{Args, exit_code};

const USAGE: &str = "usage: explain [--marks] [PUZZLE]";

/// Top95 number 13.
const DEFAULT: &str = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..";

fn main() -> ExitCode {
    exit_code(run())
}

fn run() -> Result<(), String> {
    let mut args = Args::from_env();
    let mut marks = false;
    let mut text = None;
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--marks" | "-m" => marks = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}\n{USAGE}")),
            _ if text.is_some() => return Err(format!("more than one puzzle given\n{USAGE}")),
            _ => text = Some(arg),
        }
    }
    let puzzle: Grid = text.as_deref().unwrap_or(DEFAULT).trim().parse().map_err(|e| format!("bad puzzle: {e}"))?;
    println!("Puzzle ({}, {} givens):\n{puzzle:#}\n", puzzle.shape(), puzzle.filled_count());
    let mut explainer = Explainer::new(&puzzle).map_err(|e| e.to_string())?;
    let mut number = 0;
    loop {
        if marks {
            println!("{}", explainer.position().pencil_marks());
        }
        let Some(event) = explainer.next() else { break };
        number += 1;
        match event {
            Event::Step(step) => println!("{number:>3}. [{}] {step}", step.score()),
            Event::Guess { cell, digit, alternatives, depth } => {
                println!("{number:>3}. Guess {digit} in {cell} (then {alternatives}; depth {depth})")
            }
            Event::Backtrack { contradiction, cell, digit, depth } => match contradiction {
                Some(reason) => {
                    println!("{number:>3}. Contradiction: {reason}; back to {cell}, try {digit} (depth {depth})")
                }
                None => {
                    println!("{number:>3}. Solution found; back to {cell}, try {digit} for another (depth {depth})")
                }
            },
            Event::Solution(_) => println!("{number:>3}. A solution; looking for another"),
            Event::Finished(outcome) => report(&puzzle, &outcome),
            other => println!("{number:>3}. {other:?}"),
        }
    }
    Ok(())
}

fn report(puzzle: &Grid, outcome: &Outcome) {
    match outcome {
        Outcome::Solved(grid) => {
            println!("\nSolved, the only solution:\n{grid:#}");
            match rate(puzzle) {
                Ok(r) => println!("Rating: ER {} EP {} ED {} ({})", r.er, r.ep, r.ed, r.level),
                Err(e) => println!("Rating: {e}"),
            }
        }
        Outcome::NoSolution => println!("\nThe puzzle has no solution."),
        Outcome::MultipleSolutions(a, b) => println!("\nMore than one solution, for example:\n{a:#}\nand\n{b:#}"),
        other => println!("\n{other:?}"),
    }
}
