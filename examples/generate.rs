//! Generates proper puzzles: minimal or with a target number of givens,
//! with a symmetry of the givens, of a requested difficulty on the Sudoku
//! Explainer scale; in parallel on every core, in seed order.
//!
//! ```text
//! cargo run --release --example generate -- --count 10 --symmetry rotational
//! cargo run --release --example generate -- [--count N] [--shape 9x9] [--symmetry NAME]
//!     [--minimal | --givens N] [--rating A..B | --level LEVEL | --technique NAME]
//!     [--seed S] [--threads N] [--time-limit SECONDS] [--format line|csv]
//! ```
//!
//! Puzzle `k` comes from seed `S + k` (S is 1 unless `--seed` says), so a
//! line can be made again alone. `--shape` takes `9x9`, `16x16`, `6x6`
//! (2×3 boxes), `3x2` for boxes of 3 rows and 2 columns, …; `--symmetry`
//! one of none, rotate180 (or rotational), rotate90, mirror-rows,
//! mirror-columns, diagonal, anti-diagonal. `--rating 6.0..7.5` includes
//! both ends; `--level` is easy, medium, hard, expert or needs-guessing;
//! `--technique` a technique's name as the rater prints it (case, spaces
//! and hyphens ignored: `x-wing`, `naked pair`). `--time-limit` bounds
//! each puzzle (60 s by default): a puzzle not made in time is reported on
//! stderr and left out. `--format csv` writes `puzzle,seed,er,ep,ed,solution`.
//! Progress goes to stderr.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudokit::generate::{Difficulty, GenerateError, Generated, Generator, Givens, Symmetry, generate_many};
use sudokit::rules::human::{Level, Score, Technique, rate};
use sudokit::{Budget, Shape};
use sudokit_examples::{Args, exit_code};

const USAGE: &str = "usage: generate [--count N] [--shape 9x9] [--symmetry NAME] [--minimal | --givens N] \
[--rating A..B | --level LEVEL | --technique NAME] [--seed S] [--threads N] [--time-limit SECONDS] [--format line|csv]";

/// What the command line asks for.
struct Options {
    count: u64,
    seed: u64,
    threads: usize,
    csv: bool,
    generator: Generator,
}

fn main() -> ExitCode {
    exit_code(run())
}

fn run() -> Result<(), String> {
    let Some(options) = options()? else { return Ok(()) };
    let started = Instant::now();
    let stderr = io::stderr();
    let live = stderr.is_terminal();
    let mut out = io::stdout().lock();
    if options.csv {
        writeln!(out, "puzzle,seed,er,ep,ed,solution").map_err(|e| e.to_string())?;
    }
    // Chunks of a few puzzles per thread: progress between them, results
    // in seed order.
    let chunk = 64;
    let (mut made, mut failed) = (0u64, 0u64);
    let mut first = options.seed;
    let last = options.seed + options.count.saturating_sub(1);
    while options.count > 0 && first <= last {
        let end = (first + chunk - 1).min(last);
        for result in generate_many(&options.generator, first..=end, options.threads) {
            match result {
                Ok(generated) => {
                    write_puzzle(&mut out, &generated, options.csv).map_err(|e| e.to_string())?;
                    made += 1;
                }
                Err(error) => {
                    let closest = match &error {
                        GenerateError::Stopped { closest: Some(c), .. } => {
                            c.rating.map_or(String::new(), |r| format!(" (the closest rated {}: {})", r.er, c.puzzle))
                        }
                        _ => String::new(),
                    };
                    eprintln!("{}{error}{closest}", if live { "\r\x1b[K" } else { "" });
                    failed += 1;
                }
            }
        }
        out.flush().map_err(|e| e.to_string())?;
        let done = end - options.seed + 1;
        if live {
            eprint!("\r\x1b[K{done}/{} puzzles, {:.1} s", options.count, started.elapsed().as_secs_f64());
        } else if done % 1024 == 0 {
            eprintln!("{done}/{} puzzles, {:.1} s", options.count, started.elapsed().as_secs_f64());
        }
        first = end + 1;
    }
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{}{made} puzzles in {seconds:.2} s ({:.0} per second){}",
        if live { "\r\x1b[K" } else { "" },
        made as f64 / seconds.max(1e-9),
        if failed > 0 { format!(", {failed} not made in time") } else { String::new() }
    );
    Ok(())
}

fn write_puzzle(out: &mut impl Write, generated: &Generated, csv: bool) -> io::Result<()> {
    if !csv {
        return writeln!(out, "{}", generated.puzzle);
    }
    let rating = generated.rating.or_else(|| rate(&generated.puzzle).ok());
    let (er, ep, ed) = rating.map_or((String::new(), String::new(), String::new()), |r| {
        (r.er.to_string(), r.ep.to_string(), r.ed.to_string())
    });
    writeln!(out, "{},{},{er},{ep},{ed},{}", generated.puzzle, generated.seed, generated.solution)
}

fn options() -> Result<Option<Options>, String> {
    let mut args = Args::from_env();
    let (mut count, mut seed, mut threads, mut csv) = (10u64, 1u64, 0usize, false);
    let (mut shape, mut symmetry, mut givens) = (Shape::CLASSIC, Symmetry::None, Givens::Minimal);
    let (mut difficulty, mut limit) = (Difficulty::any(), Duration::from_secs(60));
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--count" => count = args.parsed(&arg)?,
            "--seed" => seed = args.parsed(&arg)?,
            "--threads" => threads = args.parsed(&arg)?,
            "--shape" => shape = parse_shape(&args.value(&arg)?)?,
            "--symmetry" => {
                symmetry = args.value(&arg)?.parse().map_err(|e: sudokit::generate::UnknownSymmetry| e.to_string())?
            }
            "--minimal" => givens = Givens::Minimal,
            "--givens" => givens = Givens::Target(args.parsed(&arg)?),
            "--rating" => difficulty = difficulty.with_rating(parse_range(&args.value(&arg)?)?),
            "--level" => difficulty = difficulty.with_level(parse_level(&args.value(&arg)?)?),
            "--technique" => difficulty = difficulty.with_technique(parse_technique(&args.value(&arg)?)?),
            "--time-limit" => limit = args.seconds(&arg)?,
            "--format" => {
                csv = match args.value(&arg)?.as_str() {
                    "csv" => true,
                    "line" => false,
                    other => return Err(format!("--format: {other:?} is not line or csv")),
                }
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(None);
            }
            flag => return Err(format!("unknown option {flag}\n{USAGE}")),
        }
    }
    let generator = Generator::new(shape)
        .with_symmetry(symmetry)
        .with_givens(givens)
        .with_difficulty(difficulty)
        .with_budget(Budget::unlimited().with_time_limit(limit));
    Ok(Some(Options { count, seed, threads, csv, generator }))
}

/// `9x9` (the side, boxes as square as can be) or `3x2` (box rows by box
/// columns) when the two numbers differ and are small.
fn parse_shape(text: &str) -> Result<Shape, String> {
    let bad = || format!("--shape: {text:?} is not SIDExSIDE (9x9, 16x16) or box rows x box columns (2x3)");
    let (a, b) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (a, b): (usize, usize) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if a == b { Shape::from_side(a) } else { Shape::new(a, b) }.map_err(|e| format!("--shape: {e}"))
}

/// `6.0..7.5`, both ends included.
fn parse_range(text: &str) -> Result<std::ops::RangeInclusive<Score>, String> {
    let bad = || format!("--rating: {text:?} is not a range such as 6.0..7.5");
    let (low, high) = text.split_once("..").ok_or_else(bad)?;
    let score = |s: &str| -> Result<Score, String> {
        let value: f64 = s.trim().parse().map_err(|_| bad())?;
        if !(0.0..=20.0).contains(&value) {
            return Err(bad());
        }
        Ok(Score::from_tenths((value * 10.0).round() as u16))
    };
    Ok(score(low)?..=score(high)?)
}

fn parse_level(text: &str) -> Result<Level, String> {
    let levels = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::NeedsGuessing];
    let wanted = normalise(text);
    levels
        .into_iter()
        .find(|l| normalise(l.name()) == wanted)
        .ok_or_else(|| format!("--level: {text:?} is not easy, medium, hard, expert or needs-guessing"))
}

fn parse_technique(text: &str) -> Result<Technique, String> {
    let wanted = normalise(text);
    Technique::ALL.iter().copied().find(|t| normalise(t.name()) == wanted).ok_or_else(|| {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!("--technique: {text:?} is none of {}", names.join(", "))
    })
}

/// Lower case without spaces, hyphens or underscores.
fn normalise(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
}
