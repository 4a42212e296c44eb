//! Rates puzzles on the Sudoku Explainer scale with sudokit's human
//! techniques, one CSV line per puzzle.
//!
//! ```text
//! cargo run --release --example rate -- [--summary] [--threads N] [--step-threads N] [--time-limit SECONDS] [--no-header] FILE...
//! cargo run --release --example rate -- puzzles/norvig_top95.txt > top95.csv
//! ```
//!
//! Columns: `puzzle,er,ep,ed,level,technique,micros,error` — ER is the
//! hardest step of the easiest-first path, EP the hardest up to the first
//! placement, ED the first step; `technique` is the step that set ER, and
//! `micros` the time to rate the puzzle. A record that cannot be read (no
//! puzzle column then) or rated (no solution, several, or over the
//! `--time-limit` per puzzle) gets its line and reason in the `error`
//! column and empty ratings; the rest of the file is rated all the same,
//! and the run exits with status 1 (0 when every record was rated). `--threads N` rates on
//! N threads (default 0: one per core), the lines still in input order,
//! a thousand records at a time (memory stays bounded); `--step-threads N`
//! runs the branches of each step of the nested forcing chains (9.5 and
//! up) on N threads, for one hard puzzle's latency (`rate -j 1
//! --step-threads 2 FILE`), with the same ratings. FILE `-` reads
//! standard input, so that `rate` runs as a filter; its first column, the
//! puzzle, is the key of each line (`docs/scale-out.md`). A record may
//! carry its rules (`GRID;x`, or a `rules:` line for those after it, as
//! the variant sets of `puzzles/` do): it is rated under them as
//! SukakuExplainer rates variants, and one whose path needs the chains
//! (which take the standard rules only for now) gets that reason in the
//! `error` column.
//! Progress goes to stderr; `--summary` adds, on stderr, per
//! file: the distribution of levels and of ER, the median and worst rating
//! times, and the share of puzzles solved without a guess, by sudokit's
//! techniques and, in the same run, by the strategy solver of the `sudoku`
//! crate (every strategy it implements) on the 9×9 puzzles.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use sudokit::Budget;
use sudokit::Puzzle;
use sudokit::grid::io::{PuzzleReader, ReadError};
use sudokit::rating::{Level, Rater, rate_many, rater};
use sudokit_examples::{Input, Progress, Result, csv_field, seconds};

/// Records rated at a time: memory stays bounded whatever the input's
/// size, and every thread has work.
const CHUNK: usize = 1024;

/// Rates puzzles on the Sudoku Explainer scale, one CSV line per puzzle:
/// puzzle,er,ep,ed,level,technique,micros,error.
///
/// Exit status: 0 when every record was rated; 1 when a record could not
/// be read or rated (the others are rated all the same, and its line and
/// reason are in the error column) or a file could not be read; 2 for a
/// bad command line.
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
    /// Threads per puzzle for the branches of the nested forcing chains
    /// (9.5 and up); the ratings stay the same.
    #[arg(long, default_value_t = 1, value_name = "N")]
    step_threads: usize,
    /// Time limit per puzzle, in seconds (none by default).
    #[arg(short, long, value_parser = seconds, value_name = "SECONDS")]
    time_limit: Option<Duration>,
    /// Leave out the CSV header line (for pieces of one input rated
    /// apart and joined, as `parallel --pipe` does).
    #[arg(long)]
    no_header: bool,
    /// Puzzle files; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

fn main() -> ExitCode {
    sudokit_examples::main(|| run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    let budget = cli.time_limit.map_or_else(Budget::unlimited, |limit| Budget::unlimited().with_time_limit(limit));
    let mut out = io::BufWriter::new(io::stdout().lock());
    if !cli.no_header {
        writeln!(out, "puzzle,er,ep,ed,level,technique,micros,error")?;
    }
    let mut failed = 0;
    for file in &cli.files {
        let stats = rate_file(
            file,
            &rater().with_budget(budget.clone()).with_threads(cli.step_threads),
            cli.threads,
            cli.summary,
            &mut out,
        )?;
        failed += stats.failed;
        if cli.summary {
            stats.print();
        }
    }
    out.flush()?;
    if failed > 0 {
        return Err(format!("{failed} records could not be rated (see the error column)").into());
    }
    Ok(())
}

/// Per-file figures for `--summary`.
#[derive(Default)]
struct FileStats {
    rated: usize,
    /// Records that could not be read or rated.
    failed: usize,
    times: Vec<Duration>,
    levels: Vec<(Level, usize)>,
    /// Puzzles per whole ER (index 1 = ER 1.0 to 1.9).
    er: [usize; 12],
    no_guess: usize,
    peer_no_guess: usize,
    peer_tried: usize,
}

impl FileStats {
    fn count(&mut self, level: Level) {
        match self.levels.iter_mut().find(|(l, _)| *l == level) {
            Some((_, n)) => *n += 1,
            None => self.levels.push((level, 1)),
        }
    }

    fn print(mut self) {
        self.times.sort_unstable();
        let n = self.times.len();
        let median = self.times.get(n / 2).copied().unwrap_or_default();
        let worst = self.times.last().copied().unwrap_or_default();
        self.levels.sort_unstable();
        let levels: Vec<String> = self.levels.iter().map(|(l, n)| format!("{l} {n}")).collect();
        let er: Vec<String> =
            self.er.iter().enumerate().filter(|(_, n)| **n > 0).map(|(e, n)| format!("{e}.x: {n}")).collect();
        let share = |k: usize, of: usize| if of == 0 { 0.0 } else { 100.0 * k as f64 / of as f64 };
        eprintln!("  levels: {}", levels.join(", "));
        eprintln!("  ER: {}", er.join(", "));
        eprintln!(
            "  rating time: median {:.2} ms, worst {:.2} ms",
            median.as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3
        );
        let rated = self.rated;
        eprintln!("  solved without guessing: sudokit {}/{rated} ({:.1}%)", self.no_guess, share(self.no_guess, rated));
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
/// A record that cannot be read or rated gets its line with the reason in
/// the `error` column; only a file that cannot be read stops the run.
fn rate_file(file: &Path, rater: &Rater<'_>, threads: usize, summary: bool, out: &mut impl Write) -> Result<FileStats> {
    let Input { name, reader, size, read } = Input::open(file)?;
    let mut reader = PuzzleReader::new(reader).with_path(&name).with_rules();
    let bar = Progress::new(&name, size, "bytes");
    let mut stats = FileStats::default();
    loop {
        let mut records: Vec<(usize, std::result::Result<Puzzle, String>)> = Vec::with_capacity(CHUNK);
        while records.len() < CHUNK {
            match reader.next() {
                None => break,
                Some(Ok(puzzle)) => records.push((reader.reader().last_line(), Ok(puzzle))),
                Some(Err(error @ ReadError::Io { .. })) => return Err(error.into()),
                Some(Err(error)) => records.push((reader.reader().last_line(), Err(error.to_string()))),
            }
        }
        if records.is_empty() {
            break;
        }
        rate_chunk(&records, rater, threads, summary, out, &mut stats)?;
        bar.set(read.load(std::sync::atomic::Ordering::Relaxed), &format!("{} rated", stats.rated));
    }
    bar.finish();
    eprintln!("{name}: {} rated, {} failed", stats.rated, stats.failed);
    Ok(stats)
}

/// Rates `records` (each with its input line) on `threads` threads and
/// writes their lines in order, counting them in `stats`.
fn rate_chunk(
    records: &[(usize, std::result::Result<Puzzle, String>)],
    rater: &Rater<'_>,
    threads: usize,
    summary: bool,
    out: &mut impl Write,
    stats: &mut FileStats,
) -> Result {
    let puzzles: Vec<Puzzle> = records.iter().filter_map(|(_, r)| r.as_ref().ok().cloned()).collect();
    let mut ratings = rate_many(puzzles, rater, threads);
    for (line, record) in records {
        let puzzle = match record {
            Ok(puzzle) => puzzle,
            Err(reason) => {
                stats.failed += 1;
                writeln!(out, ",,,,,,,{}", csv_field(reason))?;
                continue;
            }
        };
        let rated = ratings.next().ok_or("a rating for every puzzle")?;
        stats.times.push(rated.time);
        let standard = puzzle.variant().is_standard();
        if let Some(solved) = (summary && standard).then(|| peer_solves(&puzzle.grid().to_string())).flatten() {
            stats.peer_tried += 1;
            stats.peer_no_guess += usize::from(solved);
        }
        let micros = rated.time.as_micros();
        match rated.rating {
            Ok(r) => {
                stats.rated += 1;
                stats.count(r.level);
                stats.er[usize::from(r.er.tenths() / 10).min(11)] += 1;
                stats.no_guess += usize::from(r.level != Level::NeedsGuessing);
                let technique =
                    r.hardest.map_or(if r.level == Level::NeedsGuessing { "guess" } else { "" }, |t| t.name());
                let puzzle = csv_field(&puzzle.to_string());
                writeln!(out, "{puzzle},{},{},{},{},{technique},{micros},", r.er, r.ep, r.ed, r.level)?;
            }
            Err(e) => {
                stats.failed += 1;
                let puzzle = csv_field(&puzzle.to_string());
                writeln!(out, "{puzzle},,,,,,{micros},{}", csv_field(&format!("line {line}: {e}")))?;
            }
        }
    }
    Ok(())
}
