//! Rates puzzles on the Sudoku Explainer scale with sudokit's human
//! techniques, one CSV line per puzzle.
//!
//! ```text
//! cargo run --release --example rate -- [--summary] [--threads N] [--time-limit SECONDS] FILE...
//! cargo run --release --example rate -- puzzles/norvig_top95.txt > top95.csv
//! ```
//!
//! Columns: `puzzle,er,ep,ed,level,technique,micros` — ER is the hardest
//! step of the easiest-first path, EP the hardest up to the first
//! placement, ED the first step; `technique` is the step that set ER, and
//! `micros` the time to rate the puzzle. A puzzle that cannot be rated
//! (no solution, several, or over the `--time-limit` per puzzle) gets its
//! reason in the `level` column and empty ratings. `--threads N` rates on
//! N threads (default 0: one per core), the lines still in input order.
//! Progress goes to stderr; `--summary` adds, on stderr, per
//! file: the distribution of levels and of ER, the median and worst rating
//! times, and the share of puzzles solved without a guess, by sudokit's
//! techniques and, in the same run, by the strategy solver of the `sudoku`
//! crate (every strategy it implements) on the 9×9 puzzles.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use sudokit::grid::io::PuzzleReader;
use sudokit::rating::{Level, Rater, rate_many, rater};
use sudokit::{Budget, Grid};
use sudokit_examples::{Progress, Result, exit_code, seconds};

/// Rates puzzles on the Sudoku Explainer scale, one CSV line per puzzle:
/// puzzle,er,ep,ed,level,technique,micros.
#[derive(Parser)]
#[command(name = "rate", version)]
struct Cli {
    /// Also print, per file on stderr, the distribution of levels and ER,
    /// rating times and the share solved without guessing.
    #[arg(long)]
    summary: bool,
    /// Worker threads; 0 uses every core.
    #[arg(short = 'j', long, default_value_t = 0)]
    threads: usize,
    /// Time limit per puzzle, in seconds (none by default).
    #[arg(short, long, value_parser = seconds, value_name = "SECONDS")]
    time_limit: Option<Duration>,
    /// Puzzle files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

fn main() -> ExitCode {
    exit_code(run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    let budget = cli.time_limit.map_or_else(Budget::unlimited, |limit| Budget::unlimited().with_time_limit(limit));
    let mut out = io::BufWriter::new(io::stdout().lock());
    writeln!(out, "puzzle,er,ep,ed,level,technique,micros")?;
    for file in &cli.files {
        let name = file.display().to_string();
        let stats = rate_file(&name, &rater().with_budget(budget.clone()), cli.threads, cli.summary, &mut out)?;
        if cli.summary {
            stats.print(&name);
        }
    }
    out.flush()?;
    Ok(())
}

/// Per-file figures for `--summary`.
#[derive(Default)]
struct FileStats {
    times: Vec<Duration>,
    levels: Vec<(String, usize)>,
    /// Puzzles per whole ER (index 1 = ER 1.0 to 1.9).
    er: [usize; 12],
    no_guess: usize,
    peer_no_guess: usize,
    peer_tried: usize,
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
        let n = self.times.len();
        let median = self.times.get(n / 2).copied().unwrap_or_default();
        let worst = self.times.last().copied().unwrap_or_default();
        let levels: Vec<String> = self.levels.iter().map(|(l, n)| format!("{l} {n}")).collect();
        let er: Vec<String> =
            self.er.iter().enumerate().filter(|(_, n)| **n > 0).map(|(e, n)| format!("{e}.x: {n}")).collect();
        let share = |k: usize, of: usize| if of == 0 { 0.0 } else { 100.0 * k as f64 / of as f64 };
        eprintln!("{file}: {n} puzzles");
        eprintln!("  levels: {}", levels.join(", "));
        eprintln!("  ER: {}", er.join(", "));
        eprintln!(
            "  rating time: median {:.2} ms, worst {:.2} ms",
            median.as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3
        );
        eprintln!("  solved without guessing: sudokit {}/{n} ({:.1}%)", self.no_guess, share(self.no_guess, n));
        if self.peer_tried > 0 {
            eprintln!(
                "  solved without guessing: sudoku crate {}/{} ({:.1}%)",
                self.peer_no_guess,
                self.peer_tried,
                share(self.peer_no_guess, self.peer_tried)
            );
        }
    }
}

/// Whether the `sudoku` crate's strategy solver, with every strategy it
/// has, solves `line` without guessing; `None` when it cannot read it.
fn peer_solves(line: &str) -> Option<bool> {
    use sudoku::strategy::{Strategy as S, StrategySolver};
    // `AvoidableRectangles` is declared but panics as not implemented.
    const ALL: [S; 16] = [
        S::NakedSingles,
        S::HiddenSingles,
        S::LockedCandidates,
        S::NakedPairs,
        S::NakedTriples,
        S::NakedQuads,
        S::HiddenPairs,
        S::HiddenTriples,
        S::HiddenQuads,
        S::XWing,
        S::Swordfish,
        S::Jellyfish,
        S::XyWing,
        S::XyzWing,
        S::MutantSwordfish,
        S::MutantJellyfish,
    ];
    let sudoku = sudoku::Sudoku::from_str_line(line).ok()?;
    Some(StrategySolver::from_sudoku(sudoku).solve(&ALL).is_ok())
}

/// Rates the puzzles of `file` onto `out`; with `summary`, also gathers
/// what `--summary` prints, the `sudoku` crate's strategy solver included.
fn rate_file(file: &str, rater: &Rater<'_>, threads: usize, summary: bool, out: &mut impl Write) -> Result<FileStats> {
    let reader = PuzzleReader::open(file)?;
    let puzzles: Vec<Grid> = reader.collect::<std::result::Result<_, _>>()?;
    let total = puzzles.len();
    let bar = Progress::new(file, total as u64, "puzzles");
    let mut stats = FileStats::default();
    for (puzzle, rated) in puzzles.iter().zip(rate_many(puzzles.clone(), rater, threads)) {
        bar.add(1);
        stats.times.push(rated.time);
        if let Some(solved) = summary.then(|| peer_solves(&puzzle.to_string())).flatten() {
            stats.peer_tried += 1;
            stats.peer_no_guess += usize::from(solved);
        }
        let micros = rated.time.as_micros();
        let line = match rated.rating {
            Ok(r) => {
                let level = r.level.to_string();
                stats.count(level.clone());
                stats.er[usize::from(r.er.tenths() / 10).min(11)] += 1;
                stats.no_guess += usize::from(r.level != Level::NeedsGuessing);
                let technique =
                    r.hardest.map_or(if r.level == Level::NeedsGuessing { "guess" } else { "" }, |t| t.name());
                format!("{puzzle},{},{},{},{level},{technique},{micros}", r.er, r.ep, r.ed)
            }
            Err(e) => {
                stats.count(e.to_string());
                format!("{puzzle},,,,{e},,{micros}")
            }
        };
        writeln!(out, "{line}")?;
    }
    bar.finish();
    eprintln!("{file}: {total} rated");
    Ok(stats)
}
