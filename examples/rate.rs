//! Rates puzzles on the Sudoku Explainer scale with sudokit's human
//! techniques, one CSV line per puzzle.
//!
//! ```text
//! cargo run --release --example rate -- [--summary] FILE...
//! cargo run --release --example rate -- puzzles/norvig_top95.txt > top95.csv
//! ```
//!
//! Columns: `puzzle,er,ep,ed,level,technique,micros` — ER is the hardest
//! step of the easiest-first path, EP the hardest up to the first
//! placement, ED the first step; `technique` is the step that set ER, and
//! `micros` the time to rate the puzzle. A puzzle that cannot be rated
//! (no solution, several) gets its reason in the `level` column and empty
//! ratings. Progress goes to stderr; `--summary` adds, on stderr, the
//! distribution of levels and the median and worst rating times per file.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sudokit::grid::io::PuzzleReader;
use sudokit::rules::human::{Level, rate};
use sudokit_examples::{Args, exit_code};

const USAGE: &str = "usage: rate [--summary] FILE...";

fn main() -> ExitCode {
    exit_code(run())
}

fn run() -> Result<(), String> {
    let mut args = Args::from_env();
    let mut files = Vec::new();
    let mut summary = false;
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--summary" => summary = true,
            "-h" | "--help" => return Err(USAGE.into()),
            flag if flag.starts_with("--") => return Err(format!("unknown flag {flag}\n{USAGE}")),
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        return Err(USAGE.into());
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    writeln!(out, "puzzle,er,ep,ed,level,technique,micros").map_err(|e| e.to_string())?;
    for file in &files {
        let stats = rate_file(file, &mut out)?;
        if summary {
            stats.print(file);
        }
    }
    out.flush().map_err(|e| e.to_string())
}

/// Per-file figures for `--summary`.
#[derive(Default)]
struct FileStats {
    times: Vec<Duration>,
    levels: Vec<(String, usize)>,
}

impl FileStats {
    fn count(&mut self, level: String) {
        match self.levels.iter_mut().find(|(l, _)| *l == level) {
            Some((_, n)) => *n += 1,
            None => self.levels.push((level, 1)),
        }
    }

    fn print(mut self, file: &str) {
        self.times.sort_unstable();
        let median = self.times.get(self.times.len() / 2).copied().unwrap_or_default();
        let worst = self.times.last().copied().unwrap_or_default();
        let levels: Vec<String> = self.levels.iter().map(|(l, n)| format!("{l} {n}")).collect();
        eprintln!(
            "{file}: {} puzzles; {}; rating time median {:.2} ms, worst {:.2} ms",
            self.times.len(),
            levels.join(", "),
            median.as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3
        );
    }
}

fn rate_file(file: &str, out: &mut impl Write) -> Result<FileStats, String> {
    let reader = PuzzleReader::open(file).map_err(|e| e.to_string())?;
    let mut stats = FileStats::default();
    let tty = io::stderr().is_terminal();
    for (n, puzzle) in reader.enumerate() {
        let puzzle = puzzle.map_err(|e| e.to_string())?;
        let start = Instant::now();
        let rated = rate(&puzzle);
        let micros = start.elapsed();
        stats.times.push(micros);
        let line = match rated {
            Ok(r) => {
                let level =
                    if r.level == Level::NeedsGuessing { "needs guessing".to_string() } else { r.level.to_string() };
                stats.count(level.clone());
                let technique = r.hardest.map(|t| t.name()).unwrap_or("");
                format!("{puzzle},{},{},{},{level},{technique},{}", r.er, r.ep, r.ed, micros.as_micros())
            }
            Err(e) => {
                stats.count(e.to_string());
                format!("{puzzle},,,,{e},,{}", micros.as_micros())
            }
        };
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
        if tty || (n + 1) % 100 == 0 {
            eprint!("\r{file}: {} rated", n + 1);
        }
    }
    eprintln!("\r{file}: {} rated", stats.times.len());
    Ok(stats)
}
