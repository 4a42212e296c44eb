//! Races sudokit's solvers on the same puzzles with a time limit per puzzle,
//! like the course's `TestSolvers`, and prints a table (or CSV, or JSON).
//!
//! With no arguments it runs every registered solver on the course's three
//! levels (easy, medium, hard):
//!
//! ```text
//! cargo run --release --example compare
//! cargo run --release --example compare -- [--solver NAME]... [--time-limit SECONDS]
//!     [--format table|csv|json] [--threads N] [--keep-going] [--list] [FILE]...
//! ```
//!
//! Each FILE is one level, named after the file. A solver that fails or
//! times out on a puzzle is disqualified from that level and skips the rest
//! of it; with `--keep-going` it tries every puzzle all the same, and
//! `solved` counts its successes over the whole level (local search is
//! judged by its rate). Progress goes to stderr, the report to stdout.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sudokit::compare::{Event, Harness, PuzzleSet, Report};
use sudokit::{Solver, registry};
use sudokit_examples::{Args, exit_code};
use sudokit_testkit::sets;

const USAGE: &str = "usage: compare [--solver NAME]... [--time-limit SECONDS] [--format table|csv|json] [--threads N] [--keep-going] [--list] [FILE]...";

enum Format {
    Table,
    Csv,
    Json,
}

/// What the command line asks for.
struct Options {
    names: Vec<String>,
    files: Vec<String>,
    limit: Duration,
    threads: usize,
    keep_going: bool,
    format: Format,
}

fn main() -> ExitCode {
    exit_code(run())
}

fn run() -> Result<(), String> {
    let Some(options) = parse_args()? else { return Ok(()) };
    let mut solvers = solvers(&options.names)?;
    let levels = levels(&options.files)?;
    let mut harness = Harness::new().with_time_limit(options.limit).with_threads(options.threads);
    if options.keep_going {
        harness = harness.with_keep_going();
    }
    let report = race(&harness, &mut solvers, &levels, options.limit);
    match options.format {
        Format::Table => print!("{report}"),
        Format::Csv => print!("{}", report.to_csv()),
        Format::Json => print!("{}", report.to_json()),
    }
    Ok(())
}

/// The options, or `None` when the command was answered already (`--list`,
/// `--help`).
fn parse_args() -> Result<Option<Options>, String> {
    let mut args = Args::from_env();
    let mut options = Options {
        names: Vec::new(),
        files: Vec::new(),
        limit: Duration::from_secs(3),
        threads: 0,
        keep_going: false,
        format: Format::Table,
    };
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--solver" | "-s" => options.names.push(args.value(&arg)?),
            "--time-limit" | "-t" => options.limit = args.seconds(&arg)?,
            "--threads" => options.threads = args.parsed(&arg)?,
            "--keep-going" => options.keep_going = true,
            "--format" | "-f" => {
                options.format = match args.value(&arg)?.as_str() {
                    "table" => Format::Table,
                    "csv" => Format::Csv,
                    "json" => Format::Json,
                    other => return Err(format!("--format: unknown format {other:?} (table, csv or json)")),
                }
            }
            "--list" => {
                list_solvers();
                return Ok(None);
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(None);
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}\n{USAGE}")),
            _ => options.files.push(arg),
        }
    }
    Ok(Some(options))
}

fn list_solvers() {
    for info in registry::solvers() {
        let kind = if info.is_exact() { "exact" } else { "heuristic" };
        println!("{:<20} {:<14} {:<9} {}", info.name(), info.crate_name(), kind, info.summary());
    }
}

/// The solvers named, or every registered one.
fn solvers(names: &[String]) -> Result<Vec<Box<dyn Solver>>, String> {
    if names.is_empty() {
        return Ok(registry::solvers().iter().map(|info| info.build()).collect());
    }
    names.iter().map(|name| registry::create(name).map_err(|e| e.to_string())).collect()
}

/// The files as levels, or the course's three levels.
fn levels(files: &[String]) -> Result<Vec<PuzzleSet>, String> {
    if files.is_empty() {
        return Ok(sets::COURSE_LEVELS.iter().map(|set| PuzzleSet::new(set.name, set.puzzles())).collect());
    }
    files.iter().map(|f| PuzzleSet::from_file(f).map_err(|e| e.to_string())).collect()
}

/// Runs the race, with its progress on stderr.
fn race(harness: &Harness, solvers: &mut [Box<dyn Solver>], levels: &[PuzzleSet], limit: Duration) -> Report {
    let puzzles: usize = levels.iter().map(|l| l.puzzles.len()).sum();
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    eprintln!(
        "racing {} on {} ({}), {:.1} s per puzzle",
        plural(solvers.len(), "solver"),
        plural(levels.len(), "level"),
        plural(puzzles, "puzzle"),
        limit.as_secs_f64()
    );
    let started = Instant::now();
    let live = std::io::stderr().is_terminal();
    let stderr = Mutex::new(std::io::stderr());
    let report = harness.run_with_progress(solvers, levels, &|event| {
        let mut err = stderr.lock().unwrap_or_else(|e| e.into_inner());
        match event {
            Event::Puzzle { solver, set: level, done, total } if live => {
                let _ = write!(err, "\r\x1b[K  {solver} on {level}: {done}/{total}");
            }
            Event::SetDone(r) => {
                let clear = if live { "\r\x1b[K" } else { "" };
                let _ = writeln!(
                    err,
                    "{clear}[{:>6.1} s] {} on {}: {}/{} solved, {}",
                    started.elapsed().as_secs_f64(),
                    r.solver,
                    r.set,
                    r.solved,
                    r.total,
                    r.status
                );
            }
            _ => {}
        }
    });
    eprintln!("done in {:.1} s", started.elapsed().as_secs_f64());
    report
}
