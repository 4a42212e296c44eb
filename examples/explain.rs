//! Walks a puzzle step by step as a player would, printing each step's
//! explanation; the pencil marks between steps on request; guesses and
//! backtracks when the techniques stall; and the rating at the end.
//!
//! ```text
//! cargo run --release --example explain -- [--marks] [--full-chains] [--rules RULES] [--svg DIR] [--rating-time-limit SECONDS] [PUZZLE]
//! cargo run --release --example explain -- --marks \
//!     "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5.."
//! ```
//!
//! PUZZLE is an 81-character line (or any grid text sudokit reads, any
//! shape), with `;RULES` after it for a variant (as the variant sets in
//! `puzzles/` write them), or the rules given with `--rules` (`x`,
//! `windoku`, `jigsaw=MAP`, `anti-knight`, …); without it a top95 puzzle is explained whose path shows
//! pointing, a naked pair, direct hidden pairs, a unique rectangle and two
//! skyscrapers. `--marks` prints every cell's candidates before each step.
//! Under a forcing-chain step, each branch is written out as a line of
//! links (`r6c2=1 → r6c5≠1 → … → r3c3≠2`), shortened to its ends;
//! `--full-chains` writes every link of every branch, with what it
//! follows from and why.
//! `--svg DIR` also draws every step as DIR/step-001.svg, … (the grid
//! with its pencil marks, the pattern's cells and houses highlighted, the
//! removed candidates struck and the placed digits ringed) and writes
//! DIR/index.html, one page with every step under its sentence. The
//! rating after the walk stops after `--rating-time-limit` seconds (30 by
//! default). The run exits with status 1 for a puzzle without exactly one
//! solution.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use sudokit::rating::{RateError, rater};
use sudokit::rules::human::{Event, Explainer, Outcome, Position, Step};
use sudokit::{Budget, Grid, Variant};
use sudokit_examples::{Drawn, Result, WithContext, puzzle_and_rules, seconds};

/// Walks a puzzle step by step as a player would, printing each step's
/// explanation, then its rating.
///
/// Exit status: 0 when the puzzle has exactly one solution; 1 when it has
/// none or several (the walk shows why), or the puzzle cannot be read; 2
/// for a bad command line.
#[derive(Parser)]
#[command(name = "explain", version)]
struct Cli {
    /// Print every cell's candidates before each step.
    #[arg(short, long)]
    marks: bool,
    /// Write every link of a forcing chain's branches (by default each
    /// branch is one line, shortened to its ends).
    #[arg(long)]
    full_chains: bool,
    /// The puzzle's rules beyond rows, columns and boxes, comma-separated
    /// (`x`, `windoku`, `disjoint-groups`, `jigsaw=MAP`, `anti-king`,
    /// `anti-knight`, `non-consecutive`); a puzzle line may carry them
    /// after a `;`.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// Draw every step as an SVG picture in DIR, with an index.html page.
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Time limit of the rating after the walk, in seconds (the forcing
    /// chains of a hard killer can take minutes).
    #[arg(long, value_parser = seconds, default_value = "30", value_name = "SECONDS")]
    rating_time_limit: Duration,
    /// The puzzle: an 81-character line or any grid text sudokit reads
    /// (default: top95 number 13).
    puzzle: Option<String>,
}

/// Top95 number 13.
const DEFAULT: &str = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..";

fn main() -> ExitCode {
    sudokit_examples::main(|| run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    let (puzzle, variant) = puzzle_and_rules(cli.puzzle.as_deref().unwrap_or(DEFAULT), cli.rules.as_deref())?;
    let mut pictures = cli.svg.as_deref().map(Pictures::new).transpose()?;
    let ruled = sudokit_examples::rules_note(&variant);
    println!("Puzzle ({}, {} givens{ruled}):\n{}\n", puzzle.shape(), puzzle.filled_count(), Drawn(&puzzle, &variant));
    let mut explainer = Explainer::with_variant(&puzzle, &variant)?;
    let mut number = 0;
    let mut verdict = Ok(());
    loop {
        let marks = cli.marks.then(|| explainer.position().pencil_marks().to_string());
        let before = pictures.is_some().then(|| explainer.position().clone());
        let Some(event) = explainer.next() else { break };
        // The marks a step or a guess reads; not the solved grid again
        // before the verdict, which prints it.
        if let (Some(marks), Event::Step(_) | Event::Guess { .. }) = (&marks, &event) {
            println!("{marks}");
        }
        number += 1;
        match event {
            Event::Step(step) => {
                println!("{number:>3}. [{}] {step}", step.score());
                print_chains(&step, cli.full_chains);
                if let (Some(pictures), Some(before)) = (&mut pictures, &before) {
                    pictures.add(number, &step, before)?;
                }
            }
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
            Event::Finished(outcome) => verdict = report(&puzzle, &variant, &outcome, cli.rating_time_limit),
            other => println!("{number:>3}. {other:?}"),
        }
    }
    if let Some(pictures) = pictures {
        pictures.finish()?;
    }
    verdict
}

/// The branches of a forcing-chain step, under its sentence.
fn print_chains(step: &Step, full: bool) {
    let count = step.forcing_chains().len();
    for (k, chain) in step.forcing_chains().iter().enumerate() {
        if full {
            println!("       branch {} of {count}:", k + 1);
            for line in format!("{chain:#}").lines() {
                println!("         {line}");
            }
        } else {
            println!("       {chain}");
        }
    }
}

/// The step pictures being written, and the page that shows them all.
struct Pictures {
    dir: PathBuf,
    page: String,
}

impl Pictures {
    fn new(dir: &Path) -> Result<Pictures> {
        std::fs::create_dir_all(dir).context(|| format!("cannot create {}", dir.display()))?;
        let page = String::from(
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>sudokit: step by step</title></head>\n<body style=\"font-family: sans-serif\">\n",
        );
        Ok(Pictures { dir: dir.to_path_buf(), page })
    }

    fn add(&mut self, number: usize, step: &Step, before: &Position) -> Result {
        let name = format!("step-{number:03}.svg");
        let path = self.dir.join(&name);
        std::fs::write(&path, step.to_svg(before)?).context(|| format!("cannot write {}", path.display()))?;
        let sentence = step.to_string().replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
        let _ = writeln!(
            self.page,
            "<h3>{number}. [{}] {sentence}</h3>\n<img src=\"{name}\" alt=\"step {number}\">",
            step.score()
        );
        Ok(())
    }

    fn finish(mut self) -> Result {
        self.page.push_str("</body></html>\n");
        let path = self.dir.join("index.html");
        std::fs::write(&path, &self.page).context(|| format!("cannot write {}", path.display()))?;
        eprintln!("pictures written to {}", self.dir.display());
        Ok(())
    }
}

/// Prints how the walk ended; an error unless the puzzle had exactly one
/// solution, for the exit status.
fn report(puzzle: &Grid, variant: &Variant, outcome: &Outcome, rating_limit: Duration) -> Result {
    match outcome {
        Outcome::Solved(grid) => {
            println!("\nSolved, the only solution:\n{}", Drawn(grid, variant));
            eprintln!("rating (at most {} s)…", rating_limit.as_secs_f64());
            let budget = Budget::unlimited().with_time_limit(rating_limit);
            match rater().with_budget(budget).rate_variant(puzzle, variant) {
                Ok(r) => println!("Rating: ER {} EP {} ED {} ({})", r.er, r.ep, r.ed, r.level),
                Err(RateError::Stopped(_)) => println!(
                    "Rating: not reached within {} s (--rating-time-limit gives it longer)",
                    rating_limit.as_secs_f64()
                ),
                Err(e) => println!("Rating: {e}"),
            }
            Ok(())
        }
        Outcome::NoSolution => {
            println!("\nThe puzzle has no solution.");
            Err("the puzzle has no solution".into())
        }
        Outcome::MultipleSolutions(a, b) => {
            println!("\nMore than one solution, for example:\n{a:#}\nand\n{b:#}");
            Err("the puzzle has more than one solution".into())
        }
        other => {
            println!("\n{other:?}");
            Err(format!("the walk ended without a verdict: {other:?}").into())
        }
    }
}
