//! Throughput of sudokit's `FastSolver` against the `sudoku` crate 0.8 (a
//! port of JCZSolve), measured side by side in one run.
//!
//! ```text
//! cargo run --release --example throughput -- [--mode first|unique|both] [--rounds N] [--limit N] [FILE...]
//! ```
//!
//! Without FILE it reads the five public throughput sets of `puzzles/`
//! (top95, magictour top1465, 17-clue, forum hardest 1905 11+, serg). Each
//! answer of both solvers is checked before anything is timed: in `first`
//! mode every returned grid must solve its puzzle, in `unique` mode (count up
//! to 2 solutions, the default) both must report the same count. The timed
//! runs then alternate between the two solvers for `--rounds` rounds (5 by
//! default) so that machine noise hits both, and the median rate is
//! reported. A set too small for a 100 ms run is solved several times over
//! in each run. CSV goes to stdout, progress to stderr:
//!
//! ```text
//! set,solver,mode,puzzles,puzzles_per_sec,guesses_per_puzzle
//! norvig_top95,fast,unique,95,...,...
//! norvig_top95,sudoku-0.8,unique,95,...,
//! ```
//!
//! The peer does not report its guesses, so its last column is empty.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use sudokit::{CountSolutions, FastSolver, Grid, Shape, Solver, io};
use sudoku::Sudoku;

const USAGE: &str = "usage: throughput [--mode first|unique|both] [--rounds N] [--limit N] [FILE...]";

const DEFAULT_SETS: [&str; 5] =
    ["norvig_top95.txt", "magictour_top1465.txt", "17_clue.txt", "forum_hardest_1905_11plus.txt", "serg_benchmark.txt"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    First,
    Unique,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Unique => "unique",
        }
    }
}

struct Options {
    modes: Vec<Mode>,
    rounds: usize,
    limit: usize,
    files: Vec<PathBuf>,
}

fn main() -> ExitCode {
    match parse_args().and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options { modes: vec![Mode::Unique], rounds: 5, limit: usize::MAX, files: Vec::new() };
    let mut args = std::env::args().skip(1);
    let number = |flag: &str, value: Option<String>| -> Result<usize, String> {
        let value = value.ok_or_else(|| format!("{flag} needs a value"))?;
        value
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("{flag}: expected a positive number, got {value:?}"))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--mode" => {
                options.modes = match args.next().as_deref() {
                    Some("first") => vec![Mode::First],
                    Some("unique") => vec![Mode::Unique],
                    Some("both") => vec![Mode::First, Mode::Unique],
                    other => return Err(format!("--mode: expected first, unique or both, got {other:?}")),
                }
            }
            "--rounds" => options.rounds = number("--rounds", args.next())?,
            "--limit" => options.limit = number("--limit", args.next())?,
            "--help" | "-h" => return Err(USAGE.to_owned()),
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}\n{USAGE}")),
            file => options.files.push(file.into()),
        }
    }
    if options.files.is_empty() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../puzzles");
        options.files = DEFAULT_SETS.iter().map(|name| dir.join(name)).collect();
    }
    Ok(options)
}

fn run(options: Options) -> Result<(), String> {
    println!("set,solver,mode,puzzles,puzzles_per_sec,guesses_per_puzzle");
    for file in &options.files {
        let set = file.file_stem().map_or_else(|| file.display().to_string(), |s| s.to_string_lossy().into_owned());
        let mut puzzles = io::read_puzzles(file).map_err(|e| e.to_string())?;
        puzzles.truncate(options.limit);
        if let Some(p) = puzzles.iter().find(|p| p.shape() != Shape::CLASSIC) {
            return Err(format!("{set}: only 9x9 puzzles can be compared, found a {} one", p.shape()));
        }
        let peers: Vec<Sudoku> = puzzles
            .iter()
            .map(|p| Sudoku::from_bytes_slice(p.values()).map_err(|e| format!("{set}: the peer rejects {p}: {e:?}")))
            .collect::<Result<_, _>>()?;
        for &mode in &options.modes {
            eprintln!("{set} ({} puzzles, {}): checking every answer", puzzles.len(), mode.name());
            let guesses = check(&set, mode, &puzzles, &peers)?;
            // Small sets are repeated so that each timed run lasts at least
            // 100 ms: shorter runs are at the mercy of a single hiccup.
            let once = time_ours(mode, &puzzles, 1).max(1e-6);
            let repeat = (0.1 / once).ceil().clamp(1.0, 10_000.0) as usize;
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            for round in 0..options.rounds {
                eprintln!("{set} ({}): round {}/{}", mode.name(), round + 1, options.rounds);
                // Alternate who goes first, so neither always runs on a warm
                // or a throttled machine.
                if round % 2 == 0 {
                    ours.push(time_ours(mode, &puzzles, repeat));
                    theirs.push(time_peer(mode, &peers, repeat));
                } else {
                    theirs.push(time_peer(mode, &peers, repeat));
                    ours.push(time_ours(mode, &puzzles, repeat));
                }
            }
            let n = puzzles.len();
            let per_puzzle = guesses as f64 / n as f64;
            println!("{set},fast,{},{n},{:.0},{per_puzzle:.2}", mode.name(), median(&mut ours, n * repeat));
            println!("{set},sudoku-0.8,{},{n},{:.0},", mode.name(), median(&mut theirs, n * repeat));
        }
    }
    Ok(())
}

/// Checks both solvers on every puzzle; returns our total guesses.
fn check(set: &str, mode: Mode, puzzles: &[Grid], peers: &[Sudoku]) -> Result<u64, String> {
    let mut solver = FastSolver::new();
    let mut guesses = 0;
    for (k, (puzzle, peer)) in puzzles.iter().zip(peers).enumerate() {
        let wrong = |who: &str, what: String| format!("{set} #{}: {who} {what} for {puzzle}", k + 1);
        match mode {
            Mode::First => {
                let ours = solver.solve(puzzle).map_err(|e| wrong("fast", format!("failed ({e})")))?;
                if !ours.grid.is_solution_of(puzzle) {
                    return Err(wrong("fast", format!("returned the wrong grid {}", ours.grid)));
                }
                guesses += ours.stats.guesses;
                let theirs = peer.some_solution().ok_or_else(|| wrong("sudoku-0.8", "found no solution".into()))?;
                let theirs = Grid::from_values(Shape::CLASSIC, &theirs.to_bytes()).map_err(|e| e.to_string())?;
                if !theirs.is_solution_of(puzzle) {
                    return Err(wrong("sudoku-0.8", format!("returned the wrong grid {theirs}")));
                }
            }
            Mode::Unique => {
                let ours = solver.count_solutions(puzzle, 2).map_err(|e| wrong("fast", format!("failed ({e})")))?;
                guesses += solver.last_stats().guesses;
                let theirs = peer.solutions_count_up_to(2) as u64;
                if ours != theirs {
                    return Err(wrong("the solvers disagree:", format!("fast counts {ours}, sudoku-0.8 {theirs}")));
                }
            }
        }
    }
    Ok(guesses)
}

/// Seconds to solve `puzzles` `repeat` times with our solver.
fn time_ours(mode: Mode, puzzles: &[Grid], repeat: usize) -> f64 {
    let mut solver = FastSolver::new();
    let start = Instant::now();
    for puzzle in (0..repeat).flat_map(|_| puzzles) {
        match mode {
            Mode::First => drop(black_box(solver.solve(black_box(puzzle)))),
            Mode::Unique => drop(black_box(solver.count_solutions(black_box(puzzle), 2))),
        }
    }
    start.elapsed().as_secs_f64()
}

/// Seconds to solve `peers` `repeat` times with the peer.
fn time_peer(mode: Mode, peers: &[Sudoku], repeat: usize) -> f64 {
    let start = Instant::now();
    for &peer in (0..repeat).flat_map(|_| peers) {
        match mode {
            Mode::First => drop(black_box(black_box(peer).some_solution())),
            Mode::Unique => drop(black_box(black_box(peer).solutions_count_up_to(2))),
        }
    }
    start.elapsed().as_secs_f64()
}

/// The median rate, in puzzles per second, of runs of `n` solves.
fn median(seconds: &mut [f64], n: usize) -> f64 {
    seconds.sort_by(f64::total_cmp);
    n as f64 / seconds[seconds.len() / 2]
}
