//! Solves a whole puzzle file in parallel and writes one line per puzzle, in
//! input order: the solution, or `error: <reason>` for a puzzle that cannot
//! be read or solved.
//!
//! ```text
//! cargo run --release --example batch -- [--solver NAME] [--threads N] [--time-limit SECONDS] INPUT [OUTPUT]
//! cargo run --release --example batch -- puzzles/17_clue.txt /tmp/17_clue.solved
//! ```
//!
//! The file is streamed a chunk at a time, so its size is not limited by
//! memory. The default solver, `auto`, is the fastest exact one for each
//! shape; `--threads 0` (the default) uses every core. Without OUTPUT the
//! answers go to stdout.
//! A progress bar and the final rate go to stderr.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sudokit::batch::{Batch, Progress};
use sudokit::registry;
use sudokit_examples::{Args, exit_code};

const USAGE: &str = "usage: batch [--solver NAME] [--threads N] [--time-limit SECONDS] INPUT [OUTPUT]";

fn main() -> ExitCode {
    exit_code(run())
}

/// A reader that counts the bytes read, for the progress bar.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

fn run() -> Result<(), String> {
    let mut args = Args::from_env();
    let mut info = registry::default_solver();
    let mut threads = 0;
    let mut time_limit = None;
    let mut files = Vec::new();
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--solver" | "-s" => info = registry::find(&args.value(&arg)?).map_err(|e| e.to_string())?,
            "--threads" | "-j" => threads = args.parsed(&arg)?,
            "--time-limit" | "-t" => time_limit = Some(args.seconds(&arg)?),
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}\n{USAGE}")),
            _ => files.push(arg),
        }
    }
    let (input, output) = match files.as_slice() {
        [input] => (input, None),
        [input, output] => (input, Some(output)),
        _ => return Err(format!("expected INPUT and optionally OUTPUT\n{USAGE}")),
    };
    let file = File::open(input).map_err(|e| format!("cannot open {input}: {e}"))?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    let read = Arc::new(AtomicU64::new(0));
    let reader = BufReader::new(Counting { inner: file, read: Arc::clone(&read) });
    let writer: Box<dyn Write> = match output {
        Some(path) => Box::new(File::create(path).map_err(|e| format!("cannot create {path}: {e}"))?),
        None => Box::new(io::stdout().lock()),
    };

    let mut batch = Batch::new(move || info.build()).with_threads(threads);
    if let Some(limit) = time_limit {
        batch = batch.with_time_limit(limit);
    }
    let started = Instant::now();
    let mut bar = ProgressBar::new(size, io::stderr().is_terminal());
    let summary = batch
        .solve_stream(reader, BufWriter::new(writer), |progress| bar.show(progress, read.load(Ordering::Relaxed)))
        .map_err(|e| format!("{input}: {e}"))?;
    bar.finish();
    let seconds = started.elapsed().as_secs_f64();
    let threads = if threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { threads };
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
    Ok(())
}

/// A one-line progress bar on stderr, redrawn at most ten times a second;
/// silent when stderr is not a terminal.
struct ProgressBar {
    size: u64,
    enabled: bool,
    started: Instant,
    last: Option<Instant>,
}

impl ProgressBar {
    fn new(size: u64, enabled: bool) -> ProgressBar {
        ProgressBar { size, enabled, started: Instant::now(), last: None }
    }

    fn show(&mut self, progress: Progress, bytes_read: u64) {
        if !self.enabled || self.last.is_some_and(|t| t.elapsed() < Duration::from_millis(100)) {
            return;
        }
        self.last = Some(Instant::now());
        let fraction = if self.size == 0 { 0.0 } else { (bytes_read as f64 / self.size as f64).min(1.0) };
        let filled = (fraction * 30.0) as usize;
        let rate = progress.done as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
        eprint!(
            "\r[{}{}] {:3.0}%  {} puzzles  {} failed  {rate:.0}/s ",
            "#".repeat(filled),
            "-".repeat(30 - filled),
            fraction * 100.0,
            progress.done,
            progress.failed
        );
    }

    fn finish(&self) {
        if self.enabled && self.last.is_some() {
            eprintln!();
        }
    }
}
