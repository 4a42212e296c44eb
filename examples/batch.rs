//! Solves a whole puzzle file in parallel and writes one line per puzzle, in
//! input order: the solution, or `error: <reason>` for a puzzle that cannot
//! be read or solved.
//!
//! ```text
//! cargo run --release --example batch -- [--solver NAME] [--threads N] [--time-limit SECONDS] [--keyed] INPUT [OUTPUT]
//! cargo run --release --example batch -- puzzles/17_clue.txt /tmp/17_clue.solved
//! ```
//!
//! The file is streamed a chunk at a time, so its size is not limited by
//! memory. INPUT `-` reads standard input, so that `batch` runs as a
//! filter (GNU `parallel --pipe`, Hadoop streaming, Spark's `RDD.pipe`:
//! `docs/scale-out.md`); `--keyed` starts each line with the puzzle and a
//! tab, the key those tools join on. The default solver, `auto`, is the fastest exact one for each
//! shape; `--threads 0` (the default) uses every core. Without OUTPUT the
//! answers go to stdout.
//! A progress bar and the final rate go to stderr. The run exits with
//! status 1 when a puzzle failed (0 when every one was solved).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use sudokit::batch::Batch;
use sudokit::registry;
use sudokit_examples::{Input, Progress, Result, WithContext, seconds};

/// Solves a puzzle file in parallel, one answer line per puzzle in input
/// order: the solution, or `error: <reason>`.
///
/// Exit status: 0 when every puzzle was solved; 1 when one could not be
/// read or solved (the others are solved all the same, and its line says
/// why) or a file could not be read or written; 2 for a bad command line.
#[derive(Parser)]
#[command(name = "batch", version)]
struct Cli {
    /// Solver to use, by registered name (see `compare --list`).
    #[arg(short, long, default_value = "auto", value_name = "NAME")]
    solver: String,
    /// Worker threads; 0 uses every core.
    #[arg(short = 'j', long, default_value_t = 0)]
    threads: usize,
    /// Time limit per puzzle, in seconds (none by default).
    #[arg(short, long, value_parser = seconds, value_name = "SECONDS")]
    time_limit: Option<Duration>,
    /// Start each answer line with its puzzle and a tab (the key of
    /// Hadoop streaming and Spark); a record that cannot be read has an
    /// empty key.
    #[arg(long)]
    keyed: bool,
    /// Puzzle file: one puzzle per line, or boxed pictures; `-` reads
    /// standard input.
    input: PathBuf,
    /// Where to write the answers; stdout when absent.
    output: Option<PathBuf>,
}

fn main() -> ExitCode {
    sudokit_examples::main(|| run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    let info = registry::find(&cli.solver)?;
    let Input { name: input, reader, size, read } = Input::open(&cli.input)?;
    let writer: Box<dyn Write> = match &cli.output {
        Some(path) => Box::new(File::create(path).context(|| format!("cannot create {}", path.display()))?),
        None => Box::new(io::stdout().lock()),
    };

    let mut batch = Batch::new(move || info.build()).with_threads(cli.threads);
    if let Some(limit) = cli.time_limit {
        batch = batch.with_time_limit(limit);
    }
    if cli.keyed {
        batch = batch.with_keys();
    }
    let threads = batch.threads();
    let started = Instant::now();
    let bar = Progress::new("batch", size, "bytes");
    let summary = batch
        .solve_stream(reader, BufWriter::new(writer), |progress| {
            let message = format!("{} puzzles, {} failed", progress.done, progress.failed);
            bar.set(read.load(std::sync::atomic::Ordering::Relaxed), &message);
        })
        .context(|| input.clone())?;
    bar.finish();
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{}: {} puzzles, {} solved, {} failed, in {seconds:.2} s ({:.0} puzzles/s, {} with {threads} thread{})",
        input,
        summary.done,
        summary.solved,
        summary.failed,
        summary.done as f64 / seconds.max(1e-9),
        info.name(),
        if threads == 1 { "" } else { "s" },
    );
    if summary.failed > 0 {
        return Err(format!("{} of {} puzzles failed (see their error lines)", summary.failed, summary.done).into());
    }
    Ok(())
}
