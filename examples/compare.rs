//! Races sudokit's solvers on the same puzzles with a time limit per puzzle,
//! like the course's `TestSolvers`, and prints a table (or CSV, or JSON).
//!
//! With no arguments it runs every registered solver on the course's three
//! levels (easy, medium, hard) from `puzzles/`:
//!
//! ```text
//! cargo run --release --example compare
//! cargo run --release --example compare -- [--solver NAME]... [--time-limit SECONDS]
//!     [--format table|csv|json] [--threads N] [--list] [FILE]...
//! ```
//!
//! Each FILE is one level, named after the file. A solver that fails or
//! times out on a puzzle is disqualified from that level and skips the rest
//! of it. Progress goes to stderr, the report to stdout.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use sudokit::compare::{Event, Harness, Level};
use sudokit::registry;
use sudokit_examples::{Args, COURSE_LEVELS, exit_code, puzzles_dir};

const USAGE: &str = "usage: compare [--solver NAME]... [--time-limit SECONDS] [--format table|csv|json] [--threads N] [--list] [FILE]...";

enum Format {
    Table,
    Csv,
    Json,
}

fn main() -> ExitCode {
    exit_code(run())
}

fn run() -> Result<(), String> {
    let mut args = Args::from_env();
    let mut names = Vec::new();
    let mut files = Vec::new();
    let mut harness = Harness::new();
    let mut limit = Duration::from_secs(3);
    let mut format = Format::Table;
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--solver" | "-s" => names.push(args.value(&arg)?),
            "--time-limit" | "-t" => {
                let value = args.value(&arg)?;
                let seconds: f64 = value.parse().map_err(|_| format!("--time-limit: {value:?} is not a number"))?;
                limit = Duration::try_from_secs_f64(seconds)
                    .map_err(|_| format!("--time-limit: {value:?} is not a duration"))?;
            }
            "--format" | "-f" => {
                format = match args.value(&arg)?.as_str() {
                    "table" => Format::Table,
                    "csv" => Format::Csv,
                    "json" => Format::Json,
                    other => return Err(format!("--format: unknown format {other:?} (table, csv or json)")),
                }
            }
            "--threads" => {
                let value = args.value(&arg)?;
                harness = harness.threads(value.parse().map_err(|_| format!("--threads: {value:?} is not a number"))?);
            }
            "--list" => {
                for info in registry::solvers() {
                    let kind = if info.is_exact() { "exact" } else { "heuristic" };
                    println!("{:<20} {:<14} {:<9} {}", info.name(), info.crate_name(), kind, info.summary());
                }
                return Ok(());
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}\n{USAGE}")),
            _ => files.push(arg),
        }
    }
    let solvers = if names.is_empty() {
        registry::solvers().iter().map(|info| info.build()).collect()
    } else {
        names.iter().map(|name| registry::create(name).map_err(|e| e.to_string())).collect::<Result<Vec<_>, _>>()?
    };
    let levels = if files.is_empty() {
        COURSE_LEVELS
            .iter()
            .map(|(name, file)| {
                let level = Level::from_file(puzzles_dir().join(file)).map_err(|e| e.to_string())?;
                Ok(Level::new(*name, level.puzzles))
            })
            .collect::<Result<Vec<_>, String>>()?
    } else {
        files.iter().map(|f| Level::from_file(f).map_err(|e| e.to_string())).collect::<Result<Vec<_>, _>>()?
    };

    let harness = harness.time_limit(limit);
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
    let report = harness.run_with_progress(solvers, &levels, &|event| {
        let mut err = stderr.lock().unwrap_or_else(|e| e.into_inner());
        match event {
            Event::Puzzle { solver, level, done, total } if live => {
                let _ = write!(err, "\r\x1b[K  {solver} on {level}: {done}/{total}");
            }
            Event::Level(r) => {
                let clear = if live { "\r\x1b[K" } else { "" };
                let _ = writeln!(
                    err,
                    "{clear}[{:>6.1} s] {} on {}: {}/{} solved, {}",
                    started.elapsed().as_secs_f64(),
                    r.solver,
                    r.level,
                    r.solved,
                    r.total,
                    r.status
                );
            }
            _ => {}
        }
    });
    eprintln!("done in {:.1} s", started.elapsed().as_secs_f64());
    match format {
        Format::Table => print!("{report}"),
        Format::Csv => print!("{}", report.to_csv()),
        Format::Json => print!("{}", report.to_json()),
    }
    Ok(())
}
