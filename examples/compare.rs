//! Races sudokit's solvers on the same puzzles with a time limit per puzzle,
//! like the course's `TestSolvers`, and prints a table (or CSV, or JSON).
//!
//! With no arguments it runs every registered solver on the course's three
//! levels (easy, medium, hard):
//!
//! ```text
//! cargo run --release --example compare
//! cargo run --release --example compare -- [--solver NAME]... [--time-limit SECONDS]
//!     [--max-nodes N] [--max-iterations N] [--format table|csv|json] [--threads N]
//!     [--keep-going] [--list] [FILE]...
//! ```
//!
//! Each FILE is one level, named after the file. A solver that fails or
//! times out on a puzzle is disqualified from that level and skips the rest
//! of it; with `--keep-going` it tries every puzzle all the same, and
//! `solved` counts its successes over the whole level (local search is
//! judged by its rate). A file may carry rules (`rules:` lines, `;RULES`
//! suffixes, as the variant sets of `puzzles/` do); a solver that does not
//! take them sits that level out, `unsupported`. Progress goes to stderr,
//! the report to stdout.
//!
//! A time limit makes the race depend on the machine: a loaded one
//! disqualifies more. `--max-nodes N` and `--max-iterations N` cap the
//! work per puzzle instead (exact solvers count search nodes, local search
//! its moves); with a cap and no `--time-limit`, the clock only stops a
//! solver past 60 s, and the same command gives the same table, times
//! aside, on any machine: every solver is seeded.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use sudokit::compare::{Event, Harness, PuzzleSet, Report};
use sudokit::{Budget, Solver, registry};
use sudokit_examples::{Progress, Result, WithContext, seconds};
use sudokit_testkit::sets;

/// Races sudokit's solvers on the same puzzles with a time limit per
/// puzzle and prints the results.
///
/// Exit status: 0 when the race ran, whoever was disqualified; 1 when it
/// could not run (a file, a solver name, a time limit of 0, a chart that
/// cannot be written); 2 for a bad command line.
#[derive(Parser)]
#[command(name = "compare", version)]
struct Cli {
    /// Solver to race, by registered name; repeat for several (default:
    /// every registered solver).
    #[arg(short, long = "solver", value_name = "NAME")]
    solvers: Vec<String>,
    /// Time limit per puzzle, in seconds [default: 3, or 60 with
    /// --max-nodes or --max-iterations].
    #[arg(short, long, value_parser = seconds, value_name = "SECONDS")]
    time_limit: Option<Duration>,
    /// At most N search nodes per puzzle (the exact solvers count them).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: Option<u64>,
    /// At most N iterations per puzzle (local search counts its moves).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_iterations: Option<u64>,
    /// Report format on stdout.
    #[arg(short, long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Worker threads; 0 uses every core.
    #[arg(short = 'j', long, default_value_t = 0)]
    threads: usize,
    /// Try every puzzle of a level even after a failure.
    #[arg(long)]
    keep_going: bool,
    /// List the registered solvers and exit.
    #[arg(long)]
    list: bool,
    /// Also draw the report as an SVG chart: per level, each solver's
    /// median time per puzzle on a log scale.
    #[arg(long, value_name = "FILE.svg")]
    chart: Option<PathBuf>,
    /// Puzzle files, one level each, named after the file (default: the
    /// course's easy, medium and hard levels).
    files: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Table,
    Csv,
    Json,
}

fn main() -> ExitCode {
    sudokit_examples::main(|| run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    if cli.list {
        list_solvers();
        return Ok(());
    }
    // What would fail after the race fails before it.
    let (budget, per_puzzle) = budget(&cli)?;
    if let Some(path) = &cli.chart {
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
        if !folder.is_dir() {
            return Err(format!("--chart {}: the folder {} does not exist", path.display(), folder.display()).into());
        }
    }
    let mut solvers = solvers(&cli.solvers)?;
    let levels = levels(&cli.files)?;
    let mut harness = Harness::new().with_budget(budget).with_threads(cli.threads);
    if cli.keep_going {
        harness = harness.with_keep_going();
    }
    let report = race(&harness, &mut solvers, &levels, &per_puzzle);
    match cli.format {
        Format::Table => print!("{report}"),
        Format::Csv => print!("{}", report.to_csv()),
        Format::Json => print!("{}", report.to_json()),
    }
    if let Some(path) = &cli.chart {
        let svg = report.chart().to_svg()?;
        std::fs::write(path, svg).context(|| format!("cannot write {}", path.display()))?;
        eprintln!("chart written to {}", path.display());
    }
    Ok(())
}

/// The budget of each puzzle, and how to say it.
fn budget(cli: &Cli) -> Result<(Budget, String)> {
    let capped = cli.max_nodes.is_some() || cli.max_iterations.is_some();
    let limit = cli.time_limit.unwrap_or(Duration::from_secs(if capped { 60 } else { 3 }));
    if limit.is_zero() {
        return Err("--time-limit 0 leaves no time to solve anything: give a positive limit".into());
    }
    let mut budget = Budget::unlimited().with_time_limit(limit);
    let mut said = Vec::new();
    if let Some(nodes) = cli.max_nodes {
        budget = budget.with_max_nodes(nodes);
        said.push(format!("{nodes} nodes"));
    }
    if let Some(iterations) = cli.max_iterations {
        budget = budget.with_max_iterations(iterations);
        said.push(format!("{iterations} iterations"));
    }
    said.push(format!("{:.1} s", limit.as_secs_f64()));
    Ok((budget, format!("at most {} per puzzle", said.join(", "))))
}

/// One line per registered solver: name, crate, kind and summary, in
/// columns as wide as their widest entry.
fn list_solvers() {
    let solvers = registry::solvers();
    let name = solvers.iter().map(|info| info.name().len()).max().unwrap_or(0);
    let krate = solvers.iter().map(|info| info.crate_name().len()).max().unwrap_or(0);
    for info in solvers {
        let kind = if info.is_exact() { "exact" } else { "heuristic" };
        println!("{:<name$}  {:<krate$}  {kind:<9}  {}", info.name(), info.crate_name(), info.summary());
    }
}

/// The solvers named, or every registered one.
fn solvers(names: &[String]) -> Result<Vec<Box<dyn Solver>>> {
    if names.is_empty() {
        return Ok(registry::solvers().iter().map(|info| info.build()).collect());
    }
    Ok(names.iter().map(|name| registry::create(name)).collect::<std::result::Result<_, _>>()?)
}

/// The files as levels, or the course's three levels.
fn levels(files: &[String]) -> Result<Vec<PuzzleSet>> {
    if files.is_empty() {
        return Ok(sets::COURSE_LEVELS.iter().map(|set| PuzzleSet::new(set.name, set.puzzles())).collect());
    }
    Ok(files.iter().map(PuzzleSet::from_file).collect::<std::result::Result<_, _>>()?)
}

/// Runs the race, with its progress on stderr.
fn race(harness: &Harness, solvers: &mut [Box<dyn Solver>], levels: &[PuzzleSet], per_puzzle: &str) -> Report {
    let puzzles: usize = levels.iter().map(|l| l.puzzles.len()).sum();
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    eprintln!(
        "racing {} on {} ({}), {per_puzzle}",
        plural(solvers.len(), "solver"),
        plural(levels.len(), "level"),
        plural(puzzles, "puzzle"),
    );
    let started = Instant::now();
    let bar = Progress::new("compare", (solvers.len() * puzzles) as u64, "puzzles");
    let finished = std::sync::atomic::AtomicU64::new(0);
    let report = harness.run_with_progress(solvers, levels, &|event| match event {
        Event::Puzzle { solver, set: level, done, .. } => {
            let before = finished.load(std::sync::atomic::Ordering::Relaxed);
            bar.set(before + done as u64, &format!("{solver} on {level}"));
        }
        Event::SetDone(r) => {
            finished.fetch_add(r.total as u64, std::sync::atomic::Ordering::Relaxed);
            bar.set(finished.load(std::sync::atomic::Ordering::Relaxed), "");
            bar.println(&format!(
                "[{:>6.1} s] {} on {}: {}/{} solved, {}",
                started.elapsed().as_secs_f64(),
                r.solver,
                r.set,
                r.solved,
                r.total,
                r.status
            ));
        }
        _ => {}
    });
    bar.finish();
    eprintln!("done in {:.1} s", started.elapsed().as_secs_f64());
    report
}
