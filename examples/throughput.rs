//! Throughput of a sudokit solver against its peer, measured side by side
//! in one run: `BitParallel` against the `sudoku` crate 0.8 (a port of
//! JCZSolve), or with `--pair dlx` the `Dlx` Dancing Links solver against
//! `DlxRs` on the `dlx-rs` crate, or with `--pair generate` the making of
//! minimal 180°-symmetric 9×9 puzzles by `sudokit::generate` against the
//! `sudoku` crate's `Sudoku::generate`, or with `--pair variants` `Auto`
//! on puzzles of variants against the `sudoku-variants` crate 0.2's
//! `StrategicBacktrackingSolver` with naked singles and hidden singles
//! ("only cell"), its fastest exact solver.
//!
//! ```text
//! cargo run --release --example throughput -- [--pair fast|dlx|generate|canonical|variants] [--mode first|unique|both] [--rounds N] [--limit N] [--timed] [--check-only] [--chart FILE.svg] [FILE...]
//! ```
//!
//! `--pair variants` reads puzzles with their rules (`GRID;RULES` lines):
//! by default the generated variant sets of `puzzles/` the peer takes (X,
//! anti-king, anti-knight, X with anti-knight, non-consecutive), 50
//! puzzles of each unless `--limit` says (the peer is slow). A file of
//! rules the peer does not take (windoku, jigsaw, killer…) races `Auto`
//! against `Dlx` instead. Only `unique` mode: the peer always counts to
//! two.
//!
//! `--chart FILE.svg` also draws the rates, puzzles per second on a log
//! scale, per set and mode. `--check-only` checks every answer as below
//! and times nothing: each set's two rows leave the rate empty (CI checks
//! `Auto` against `sudoku-variants` so).
//!
//! `--pair generate` makes `--limit` puzzles (2 000 by default) per timed
//! run on one thread, each side in turn; before the timing, every puzzle
//! of both sides is checked to have one solution and no removable pair of
//! givens (by `Dlx`, which the generator does not use), and the mean
//! number of givens of each side goes to stderr. Its rows have set
//! `generated` and mode `minimal`. `--pair canonical` puts `--limit`
//! random solved grids (2 000 by default) in canonical form with
//! `canonical_solution` and with the `sudoku` crate's `canonicalized`,
//! after checking that both find the same form and count the same
//! automorphisms for each (rows with set `solved_grids`, mode
//! `canonical`), then, on its own (the peer has no form of a puzzle's
//! own), `canonical_puzzle` on `--limit` minimal puzzles (set
//! `minimal_puzzles`, mode `canonical_puzzle`).
//!
//! Without FILE it reads the public throughput sets of `puzzles/`: top95,
//! magictour top1465, 17-clue, forum hardest 1905 11+, forum hardest 1106
//! and serg for `fast`; top95 and magictour top1465 for `dlx`. Each answer
//! of both solvers is checked before anything is timed: in `first` mode
//! every returned grid must solve its puzzle, in `unique` mode (count up
//! to 2 solutions, the default) both must report the same count. The timed runs then alternate
//! between the two solvers for `--rounds` rounds (5 by default) so that
//! machine noise hits both, and the median rate is reported. A set too small
//! for a 100 ms run is solved several times over in each run.
//!
//! The peers do not time their solves, so sudokit's solvers race under
//! `Budget::unlimited().without_timing()`: the same work, without the two
//! clock reads per solve behind `Stats::elapsed` (3–4% of an easy 9×9
//! solve). `--timed` races them under the default budget instead, and names
//! them `fast-timed`, `dlx-timed`, `dlx-rs-timed`. CSV goes to stdout,
//! progress to stderr:
//!
//! ```text
//! set,solver,mode,puzzles,puzzles_per_sec,guesses_per_puzzle
//! norvig_top95,fast,unique,95,...,...
//! norvig_top95,sudoku-0.8,unique,95,...,
//! ```
//!
//! The peers do not report their guesses, nor does `auto` on puzzles with
//! rules, so their last column is empty.

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, ValueEnum};
use sudokit::bitparallel::PORTABLE_ENV;
use sudokit::chart::{Bar, BarChart, Group};
use sudokit::generate::{Generator, Symmetry, Transform, canonical_puzzle, canonical_solution};
use sudokit::{Auto, BitParallel, Budget, CountSolutions, Dlx, DlxRs, Grid, Puzzle, Shape, Solver, io};
use sudokit_examples::{Progress, Result, WithContext};
use sudokit_testkit::sets;
use sudoku::Sudoku;

/// Throughput of a sudokit solver against its peer, measured side by side
/// in one run; CSV on stdout.
///
/// Exit status: 0 when the race ran; 1 when the two sides disagree on a
/// puzzle (the race stops before timing anything), a solver fails, or a
/// file cannot be read or written; 2 for a bad command line.
#[derive(Parser)]
#[command(name = "throughput", version)]
struct Cli {
    /// Which solver races which peer.
    #[arg(long, value_enum, default_value_t = Pair::Fast)]
    pair: Pair,
    /// First solution only, count up to two, or both.
    #[arg(long, value_enum, default_value_t = ModeArg::Unique)]
    mode: ModeArg,
    /// Timed runs of each side, alternating.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..), value_name = "N")]
    rounds: u64,
    /// At most N puzzles a set (generate and canonical: N puzzles or grids,
    /// 2 000 by default).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), value_name = "N")]
    limit: Option<u64>,
    /// Race under the default budget, which times every solve.
    #[arg(long)]
    timed: bool,
    /// Check every answer of both solvers against each other and time
    /// nothing (pairs fast, dlx and variants): a row per set and solver,
    /// its rate left empty.
    #[arg(long, conflicts_with_all = ["rounds", "timed", "chart"])]
    check_only: bool,
    /// Also draw the rates as an SVG chart (puzzles per second, log scale).
    #[arg(long, value_name = "FILE.svg")]
    chart: Option<PathBuf>,
    /// Puzzle files (default: the public throughput sets of `puzzles/`).
    files: Vec<PathBuf>,
}

/// The sets `--pair dlx` races by default: the slower pair gets the two
/// smaller sets.
const DLX_SETS: [sets::PuzzleSet; 2] = [sets::HARD, sets::MAGICTOUR];

/// Which solver races which peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Pair {
    /// `BitParallel` against the `sudoku` crate.
    Fast,
    /// `Dlx` against `DlxRs`.
    Dlx,
    /// `sudokit::generate` against `Sudoku::generate`.
    Generate,
    /// `canonical_solution` against `Sudoku::canonicalized`.
    Canonical,
    /// `Auto` on variants against `sudoku-variants`.
    Variants,
}

/// The sets `--pair variants` races by default: the rules the peer takes.
const VARIANT_SETS: [&str; 5] = [
    "variant_x.txt",
    "variant_anti_king.txt",
    "variant_anti_knight.txt",
    "variant_x_anti_knight.txt",
    "variant_non_consecutive.txt",
];

/// Puzzles a set `--pair variants` races by default.
const VARIANT_LIMIT: usize = 50;

/// The `--mode` flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ModeArg {
    /// The first solution.
    First,
    /// Count up to two solutions.
    Unique,
    /// First, then unique.
    Both,
}

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
    pair: Pair,
    modes: Vec<Mode>,
    rounds: usize,
    limit: usize,
    timed: bool,
    check_only: bool,
    files: Vec<PathBuf>,
}

impl Options {
    fn from(cli: &Cli) -> Options {
        let modes = match cli.mode {
            ModeArg::First => vec![Mode::First],
            ModeArg::Unique => vec![Mode::Unique],
            ModeArg::Both => vec![Mode::First, Mode::Unique],
        };
        let mut files = cli.files.clone();
        if files.is_empty() && cli.pair == Pair::Variants {
            files = VARIANT_SETS.iter().map(|file| sets::puzzles_dir().join(file)).collect();
        } else if files.is_empty() {
            let sets: &[sets::PuzzleSet] = if cli.pair == Pair::Fast { &sets::THROUGHPUT } else { &DLX_SETS };
            files = sets.iter().map(sets::PuzzleSet::path).collect();
        }
        let default_limit = if cli.pair == Pair::Variants { VARIANT_LIMIT } else { usize::MAX };
        Options {
            pair: cli.pair,
            modes,
            rounds: cli.rounds as usize,
            limit: cli.limit.map_or(default_limit, |n| n as usize),
            timed: cli.timed,
            check_only: cli.check_only,
            files,
        }
    }
}

/// One printed row: a set, a contender, a mode and its median rate.
struct Row {
    set: String,
    solver: String,
    mode: &'static str,
    rate: f64,
}

fn main() -> ExitCode {
    sudokit_examples::main(|| {
        let cli = Cli::parse();
        run(&Options::from(&cli)).and_then(|rows| match &cli.chart {
            Some(path) => draw(&rows, path),
            None => Ok(()),
        })
    })
}

/// Prints a CSV row and keeps it for the chart.
fn report(rows: &mut Vec<Row>, set: &str, solver: &str, mode: &'static str, n: usize, rate: f64, guesses: &str) {
    println!("{set},{solver},{mode},{n},{rate:.0},{guesses}");
    rows.push(Row { set: set.to_string(), solver: solver.to_string(), mode, rate });
}

/// The rates as a bar chart: a group per set and mode, a bar per solver.
fn draw(rows: &[Row], path: &std::path::Path) -> Result {
    let mut chart = BarChart::new("Throughput, one thread", "puzzles per second (log scale)");
    for row in rows {
        let label = format!("{} ({})", row.set, row.mode);
        let group = match chart.groups.iter().position(|g| g.label == label) {
            Some(k) => k,
            None => {
                chart.groups.push(Group::new(&label));
                chart.groups.len() - 1
            }
        };
        let series = chart.series_index(&row.solver);
        // The log axis hides a 10–20% lead, which is the race's point: the
        // first bar of a group (sudokit's) says its ratio to each peer.
        let bars = &mut chart.groups[group].bars;
        if let Some(first) = bars.first_mut().filter(|_| row.rate > 0.0) {
            let ours = first.value.unwrap_or_default();
            first.note = format!("{}, {:.2}× {}", first.note, ours / row.rate, row.solver);
        }
        bars.push(Bar::new(series, row.rate).with_note(&format!("{:.0}/s", row.rate)));
    }
    std::fs::write(path, chart.to_svg()?).context(|| format!("cannot write {}", path.display()))?;
    eprintln!("chart written to {}", path.display());
    Ok(())
}

/// One side of a race: puzzles it is checked on, then timed on.
trait Contender {
    /// The name in the CSV.
    fn name(&self) -> &str;
    /// The answer to one puzzle: 1 for a checked solution in `first` mode,
    /// the count up to 2 in `unique` mode; and the guesses, when known.
    fn answer(&mut self, mode: Mode, index: usize) -> std::result::Result<(u64, Option<u64>), String>;
    /// Solves every puzzle `repeat` times: what a timed run does.
    fn run(&mut self, mode: Mode, repeat: usize);
}

/// A sudokit solver over the parsed grids.
struct Ours<'a, S> {
    name: String,
    solver: S,
    budget: Budget,
    puzzles: &'a [Grid],
    guesses: fn(&S) -> u64,
}

impl<'a, S> Ours<'a, S> {
    /// `solver` racing under `budget`, named `name`, or `name-timed` when
    /// the budget times its solves.
    fn new(name: &str, solver: S, budget: &Budget, puzzles: &'a [Grid], guesses: fn(&S) -> u64) -> Ours<'a, S> {
        let name = if budget.is_timed() { format!("{name}-timed") } else { name.to_owned() };
        Ours { name, solver, budget: budget.clone(), puzzles, guesses }
    }
}

impl<S: Solver + CountSolutions + Clone> Contender for Ours<'_, S> {
    fn name(&self) -> &str {
        &self.name
    }

    fn answer(&mut self, mode: Mode, index: usize) -> std::result::Result<(u64, Option<u64>), String> {
        let puzzle = &self.puzzles[index];
        match mode {
            Mode::First => {
                let solution = self.solver.solve_with(puzzle, &self.budget).map_err(|e| format!("failed ({e})"))?;
                if !solution.grid.is_solution_of(puzzle) {
                    return Err(format!("returned the wrong grid {}", solution.grid));
                }
                Ok((1, Some(solution.stats.guesses)))
            }
            Mode::Unique => {
                let count =
                    self.solver.count_solutions_with(puzzle, 2, &self.budget).map_err(|e| format!("failed ({e})"))?;
                Ok((count, Some((self.guesses)(&self.solver))))
            }
        }
    }

    fn run(&mut self, mode: Mode, repeat: usize) {
        // A fresh solver per run, as a user would start with.
        let mut solver = self.solver.clone();
        for puzzle in (0..repeat).flat_map(|_| self.puzzles) {
            match mode {
                Mode::First => drop(black_box(solver.solve_with(black_box(puzzle), &self.budget))),
                Mode::Unique => drop(black_box(solver.count_solutions_with(black_box(puzzle), 2, &self.budget))),
            }
        }
    }
}

/// The `sudoku` crate over its own puzzle type, converted from `grids`.
struct SudokuCrate<'a> {
    grids: &'a [Grid],
    puzzles: Vec<Sudoku>,
}

impl Contender for SudokuCrate<'_> {
    fn name(&self) -> &str {
        "sudoku-0.8"
    }

    fn answer(&mut self, mode: Mode, index: usize) -> std::result::Result<(u64, Option<u64>), String> {
        let peer = self.puzzles[index];
        match mode {
            Mode::First => {
                let solution = peer.some_solution().ok_or("found no solution")?;
                let solution = Grid::from_values(Shape::CLASSIC, &solution.to_bytes()).map_err(|e| e.to_string())?;
                if !solution.is_solution_of(&self.grids[index]) {
                    return Err(format!("returned the wrong grid {solution}"));
                }
                Ok((1, None))
            }
            Mode::Unique => Ok((peer.solutions_count_up_to(2) as u64, None)),
        }
    }

    fn run(&mut self, mode: Mode, repeat: usize) {
        for &peer in (0..repeat).flat_map(|_| &self.puzzles) {
            match mode {
                Mode::First => drop(black_box(black_box(peer).some_solution())),
                Mode::Unique => drop(black_box(black_box(peer).solutions_count_up_to(2))),
            }
        }
    }
}

fn run(options: &Options) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    let budget = if options.timed { Budget::unlimited() } else { Budget::unlimited().without_timing() };
    println!("set,solver,mode,puzzles,puzzles_per_sec,guesses_per_puzzle");
    let instructions = BitParallel::new().instructions();
    eprintln!("fast runs on {instructions:?} instructions (set {PORTABLE_ENV}=1 for the portable path)");
    if options.check_only && matches!(options.pair, Pair::Generate | Pair::Canonical) {
        return Err("--check-only applies to --pair fast, dlx and variants".into());
    }
    if options.pair == Pair::Generate {
        race_generators(options, &mut rows)?;
        return Ok(rows);
    }
    if options.pair == Pair::Canonical {
        race_canonical(options, &mut rows)?;
        return Ok(rows);
    }
    if options.pair == Pair::Variants {
        race_variants(options, &budget, &mut rows)?;
        return Ok(rows);
    }
    for file in &options.files {
        let set = file.file_stem().map_or_else(|| file.display().to_string(), |s| s.to_string_lossy().into_owned());
        let mut puzzles = io::read_puzzles(file)?;
        puzzles.truncate(options.limit);
        if let Some(p) = puzzles.iter().find(|p| p.shape() != Shape::CLASSIC) {
            return Err(format!("{set}: only 9x9 puzzles can be compared, found a {} one", p.shape()).into());
        }
        let (mut ours, mut peer): (Box<dyn Contender>, Box<dyn Contender>) = match options.pair {
            Pair::Fast => {
                let peers = puzzles
                    .iter()
                    .map(|p| {
                        Sudoku::from_bytes_slice(p.values()).map_err(|e| format!("{set}: the peer rejects {p}: {e:?}"))
                    })
                    .collect::<std::result::Result<_, _>>()?;
                let fast = Ours::new("fast", BitParallel::new(), &budget, &puzzles, |s| s.last_stats().guesses);
                (Box::new(fast), Box::new(SudokuCrate { grids: &puzzles, puzzles: peers }))
            }
            Pair::Generate | Pair::Canonical | Pair::Variants => unreachable!("these pairs race on their own"),
            Pair::Dlx => (
                Box::new(Ours::new("dlx", Dlx::new(), &budget, &puzzles, |s| s.last_stats().guesses)),
                Box::new(Ours::new("dlx-rs", DlxRs::new(), &budget, &puzzles, |_| 0)),
            ),
        };
        for &mode in &options.modes {
            race(&set, mode, options, &puzzles, ours.as_mut(), peer.as_mut(), &mut rows)?;
        }
    }
    Ok(rows)
}

/// Checks both contenders on every puzzle, then times them in alternation
/// and prints their median rates.
fn race(
    set: &str,
    mode: Mode,
    options: &Options,
    puzzles: &[Grid],
    ours: &mut dyn Contender,
    peer: &mut dyn Contender,
    rows: &mut Vec<Row>,
) -> Result {
    let n = puzzles.len();
    eprintln!("{set} ({n} puzzles, {}): checking every answer", mode.name());
    // Guesses are reported only when every answer counted them.
    let mut guesses = Some(0);
    for (k, puzzle) in puzzles.iter().enumerate() {
        let wrong = |who: &str, what: String| format!("{set} #{}: {who} {what} for {puzzle}", k + 1);
        let (our_answer, our_guesses) = ours.answer(mode, k).map_err(|e| wrong(ours.name(), e))?;
        let (their_answer, _) = peer.answer(mode, k).map_err(|e| wrong(peer.name(), e))?;
        if our_answer != their_answer {
            let what = format!("{} counts {our_answer}, {} {their_answer}", ours.name(), peer.name());
            return Err(wrong("the solvers disagree:", what).into());
        }
        guesses = guesses.zip(our_guesses).map(|(sum, g)| sum + g);
    }
    let guesses = guesses.map_or(String::new(), |g| format!("{:.2}", g as f64 / n as f64));
    if options.check_only {
        println!("{set},{},{},{n},,{guesses}", ours.name(), mode.name());
        println!("{set},{},{},{n},,", peer.name(), mode.name());
        return Ok(());
    }
    // Small sets are repeated so that each timed run lasts at least 100 ms:
    // shorter runs are at the mercy of a single hiccup.
    let once = seconds(|| ours.run(mode, 1)).max(1e-6);
    let repeat = (0.1 / once).ceil().clamp(1.0, 10_000.0) as usize;
    let (mut our_runs, mut their_runs) = alternate(
        &format!("{set} ({})", mode.name()),
        options.rounds,
        |_| {
            ours.run(mode, repeat);
            Ok(())
        },
        |_| {
            peer.run(mode, repeat);
            Ok(())
        },
    )?;
    report(rows, set, ours.name(), mode.name(), n, median(&mut our_runs, n * repeat), &guesses);
    report(rows, set, peer.name(), mode.name(), n, median(&mut their_runs, n * repeat), "");
    Ok(())
}

/// `Auto` against `sudoku-variants` on each file of puzzles with rules.
fn race_variants(options: &Options, budget: &Budget, rows: &mut Vec<Row>) -> Result {
    if options.modes.contains(&Mode::First) {
        return Err("--pair variants races in unique mode only: the peer always counts to two".into());
    }
    for file in &options.files {
        let set = file.file_stem().map_or_else(|| file.display().to_string(), |s| s.to_string_lossy().into_owned());
        let reader = io::PuzzleReader::open(file)?.with_rules();
        let puzzles: Vec<Puzzle> = reader.take(options.limit).collect::<std::result::Result<_, _>>()?;
        let grids: Vec<Grid> = puzzles.iter().map(|p| p.grid().clone()).collect();
        let peers = puzzles.iter().map(variants_peer::Peer::new).collect::<std::result::Result<Vec<_>, _>>();
        let mut ours = Ruled::new("auto", Auto::new, budget, &puzzles);
        match peers {
            Ok(peers) => {
                let mut peer = variants_peer::Contender { puzzles: peers };
                race(&set, Mode::Unique, options, &grids, &mut ours, &mut peer, rows)?;
            }
            Err(e) => {
                eprintln!("{set}: {e}; racing `dlx` instead");
                let mut dlx = Ruled::new("dlx", Dlx::new, budget, &puzzles);
                race(&set, Mode::Unique, options, &grids, &mut ours, &mut dlx, rows)?;
            }
        }
    }
    Ok(())
}

/// A sudokit solver over puzzles with rules.
struct Ruled<'a, S> {
    name: String,
    make: fn() -> S,
    solver: S,
    budget: Budget,
    puzzles: &'a [Puzzle],
}

impl<'a, S> Ruled<'a, S> {
    fn new(name: &str, make: fn() -> S, budget: &Budget, puzzles: &'a [Puzzle]) -> Self {
        let name = if budget.is_timed() { format!("{name}-timed") } else { name.to_owned() };
        Ruled { name, make, solver: make(), budget: budget.clone(), puzzles }
    }
}

impl<S: CountSolutions> Contender for Ruled<'_, S> {
    fn name(&self) -> &str {
        &self.name
    }

    fn answer(&mut self, _: Mode, index: usize) -> std::result::Result<(u64, Option<u64>), String> {
        let count = self.solver.count_puzzle_solutions_with(&self.puzzles[index], 2, &self.budget);
        Ok((count.map_err(|e| format!("failed ({e})"))?, None))
    }

    fn run(&mut self, _: Mode, repeat: usize) {
        let mut solver = (self.make)();
        for puzzle in (0..repeat).flat_map(|_| self.puzzles) {
            let count = solver.count_puzzle_solutions_with(black_box(puzzle), 2, &self.budget);
            drop(black_box(count));
        }
    }
}

/// The `sudoku-variants` crate: its puzzles, built from ours.
mod variants_peer {
    use std::hint::black_box;

    use sudokit::Puzzle;
    use sudokit::{HouseKind, Relation};
    use sudoku_variants::constraint::{
        AdjacentConsecutiveConstraint, DefaultConstraint, DiagonallyAdjacentConstraint, DiagonalsConstraint,
        DynamicConstraint, KnightsMoveConstraint,
    };
    use sudoku_variants::solver::strategy::{
        CompositeStrategy, NakedSingleStrategy, OnlyCellStrategy, StrategicBacktrackingSolver,
    };
    use sudoku_variants::solver::{Solution, Solver};
    use sudoku_variants::{Sudoku, SudokuGrid};

    use super::Mode;

    /// One puzzle as the peer holds it.
    pub(super) struct Peer(Sudoku<DynamicConstraint>);

    impl Peer {
        /// The peer's form of `puzzle`, or why it has none (rules it
        /// lacks: windoku, jigsaw, houses of one's own, killer cages).
        pub(super) fn new(puzzle: &Puzzle) -> Result<Peer, String> {
            let variant = &puzzle.variant();
            let shape = variant.shape();
            if variant.regions().is_some() {
                return Err("the peer takes no jigsaw".to_owned());
            }
            if !variant.cages().is_empty() {
                return Err("the peer takes no killer cages".to_owned());
            }
            let mut constraint = DynamicConstraint::new();
            constraint.add(DefaultConstraint);
            let kinds: Vec<HouseKind> = variant.extra_houses().iter().map(|h| h.kind()).collect();
            if kinds.iter().any(|k| !matches!(k, HouseKind::Diagonal | HouseKind::AntiDiagonal)) {
                return Err(format!("the peer takes no such houses ({variant})"));
            }
            if !kinds.is_empty() {
                constraint.add(DiagonalsConstraint);
            }
            for relation in variant.relations() {
                match relation {
                    Relation::AntiKing => constraint.add(DiagonallyAdjacentConstraint),
                    Relation::AntiKnight => constraint.add(KnightsMoveConstraint),
                    Relation::NonConsecutive => constraint.add(AdjacentConsecutiveConstraint),
                    other => return Err(format!("the peer takes no {other}")),
                }
            }
            let (width, height) = (shape.box_width(), shape.box_height());
            let mut grid = SudokuGrid::new(width, height).map_err(|e| format!("{e:?}"))?;
            let side = shape.side();
            for (i, &value) in puzzle.grid().values().iter().enumerate().filter(|&(_, &v)| v != 0) {
                grid.set_cell(i % side, i / side, usize::from(value)).map_err(|e| format!("{e:?}"))?;
            }
            Ok(Peer(Sudoku::new_with_grid(grid, constraint)))
        }

        /// Its solutions, up to two.
        fn count(&self) -> u64 {
            // The peer's plain `BacktrackingSolver` takes minutes on one
            // minimal X puzzle: its backtracking with singles is the fair
            // opponent.
            let solver =
                StrategicBacktrackingSolver::new(CompositeStrategy::new(NakedSingleStrategy, OnlyCellStrategy));
            match solver.solve(&self.0) {
                Solution::Impossible => 0,
                Solution::Unique(_) => 1,
                Solution::Ambiguous => 2,
            }
        }
    }

    /// The peer's side of a race.
    pub(super) struct Contender {
        pub(super) puzzles: Vec<Peer>,
    }

    impl super::Contender for Contender {
        fn name(&self) -> &str {
            "sudoku-variants-0.2"
        }

        fn answer(&mut self, _: Mode, index: usize) -> Result<(u64, Option<u64>), String> {
            Ok((self.puzzles[index].count(), None))
        }

        fn run(&mut self, _: Mode, repeat: usize) {
            for peer in (0..repeat).flat_map(|_| &self.puzzles) {
                black_box(black_box(peer).count());
            }
        }
    }
}

/// Minimal 180°-symmetric 9×9 puzzles made by `sudokit::generate` and by
/// `Sudoku::generate`, each checked, then timed in turn.
fn race_generators(options: &Options, rows: &mut Vec<Row>) -> Result {
    let n = if options.limit == usize::MAX { 2_000 } else { options.limit };
    let generator = Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Rotate180);
    let ours = |round: usize| -> Result<Vec<Grid>> {
        let first = (round * n) as u64 + 1;
        Ok((first..first + n as u64)
            .map(|seed| generator.generate(seed).map(|g| g.puzzle))
            .collect::<std::result::Result<_, _>>()?)
    };
    let theirs = || -> Vec<Grid> {
        (0..n)
            .map(|_| {
                let bytes = Sudoku::generate().to_bytes();
                Grid::from_values(Shape::CLASSIC, &bytes).expect("the peer writes digits")
            })
            .collect()
    };
    eprintln!("generated ({n} puzzles a run): checking every puzzle of both sides");
    for (who, puzzles) in [("sudokit", ours(0)?), ("sudoku-0.8", theirs())] {
        let mut givens = 0;
        for puzzle in &puzzles {
            check_minimal(puzzle).context(|| format!("{who}, {puzzle}"))?;
            givens += puzzle.filled_count();
        }
        eprintln!("{who}: every puzzle unique and minimal, {:.2} givens on average", givens as f64 / n as f64);
    }
    let (mut our_runs, mut their_runs) = alternate(
        "generated",
        options.rounds,
        |round| {
            black_box(ours(round)?);
            Ok(())
        },
        |_| {
            black_box(theirs());
            Ok(())
        },
    )?;
    report(rows, "generated", "sudokit", "minimal", n, median(&mut our_runs, n), "");
    report(rows, "generated", "sudoku-0.8", "minimal", n, median(&mut their_runs, n), "");
    Ok(())
}

/// Canonical forms of random solved grids by `canonical_solution` and by
/// `Sudoku::canonicalized`, their forms and automorphism counts checked to
/// agree, then timed in turn.
fn race_canonical(options: &Options, rows: &mut Vec<Row>) -> Result {
    let n = if options.limit == usize::MAX { 2_000 } else { options.limit };
    let generator = Generator::new(Shape::CLASSIC);
    let grids: Vec<Grid> =
        (1..=n as u64).map(|seed| generator.solved_grid(seed)).collect::<std::result::Result<_, _>>()?;
    let peers: Vec<Sudoku> = grids
        .iter()
        .map(|g| Sudoku::from_bytes_slice(g.values()).map_err(|e| format!("{e:?}")))
        .collect::<std::result::Result<_, _>>()?;
    eprintln!("canonical ({n} solved grids): checking that both sides find the same form and automorphism count");
    for (grid, peer) in grids.iter().zip(&peers) {
        let ours = canonical_solution(grid)?;
        let (form, theirs) = peer.canonicalized().ok_or("the peer found no form")?;
        if ours.automorphisms != theirs {
            return Err(format!("{grid}: {} automorphisms here, {theirs} for the peer", ours.automorphisms).into());
        }
        if ours.grid.values() != form.to_bytes() {
            return Err(
                format!("{grid}: canonical form {} here, {} for the peer", ours.grid, form.to_str_line()).into()
            );
        }
    }
    let (mut our_runs, mut their_runs) = alternate(
        "canonical",
        options.rounds,
        |_| {
            for grid in &grids {
                black_box(canonical_solution(grid).ok());
            }
            Ok(())
        },
        |_| {
            for peer in &peers {
                black_box(peer.canonicalized());
            }
            Ok(())
        },
    )?;
    report(rows, "solved_grids", "sudokit", "canonical", n, median(&mut our_runs, n), "");
    report(rows, "solved_grids", "sudoku-0.8", "canonical", n, median(&mut their_runs, n), "");
    canonical_puzzles(options, &generator, n, rows)
}

/// Canonical forms of minimal puzzles by `canonical_puzzle`, on their own:
/// the peer has no form of a puzzle's own (it canonicalises a puzzle
/// through its solution). Checked first: every transform of a puzzle gets
/// its form.
fn canonical_puzzles(options: &Options, generator: &Generator, n: usize, rows: &mut Vec<Row>) -> Result {
    let puzzles: Vec<Grid> =
        (1..=n as u64).map(|seed| generator.generate(seed).map(|g| g.puzzle)).collect::<std::result::Result<_, _>>()?;
    let turn = Transform::permute_bands(Shape::CLASSIC, &[2, 0, 1])?.rotate_90();
    for puzzle in &puzzles {
        if canonical_puzzle(puzzle)?.grid != canonical_puzzle(&turn.apply(puzzle)?)?.grid {
            return Err(format!("{puzzle}: a turned copy has another canonical form").into());
        }
    }
    let mut runs = Vec::with_capacity(options.rounds);
    let bar = Progress::new("canonical puzzles", options.rounds as u64, "rounds");
    for round in 0..options.rounds {
        bar.set(round as u64, "");
        runs.push(seconds(|| {
            for puzzle in &puzzles {
                black_box(canonical_puzzle(puzzle).ok());
            }
        }));
    }
    bar.finish();
    report(rows, "minimal_puzzles", "sudokit", "canonical_puzzle", n, median(&mut runs, n), "");
    Ok(())
}

/// Whether `puzzle` has one solution and loses it when any pair of givens
/// symmetric about the centre goes, counted by `Dlx`.
fn check_minimal(puzzle: &Grid) -> Result {
    let mut dlx = Dlx::new();
    let count = |grid: &Grid, dlx: &mut Dlx| dlx.count_solutions(grid, 2);
    if count(puzzle, &mut dlx)? != 1 {
        return Err("not one solution".into());
    }
    for orbit in Symmetry::Rotate180.orbits(Shape::CLASSIC) {
        if puzzle.values()[orbit[0]] == 0 {
            continue;
        }
        let mut values = puzzle.values().to_vec();
        for i in &orbit {
            values[*i] = 0;
        }
        let fewer = Grid::from_values(Shape::CLASSIC, &values)?;
        if count(&fewer, &mut dlx)? == 1 {
            return Err(format!("not minimal: the givens {orbit:?} can go").into());
        }
    }
    Ok(())
}

/// The wall-clock seconds `work` takes: the one stopwatch of the races.
fn seconds(work: impl FnOnce()) -> f64 {
    let start = Instant::now();
    work();
    start.elapsed().as_secs_f64()
}

/// `rounds` timed runs of each side (each closure is one run and gets the
/// round's number), taking turns at going first, so that neither always
/// runs on a warm or a throttled machine; the seconds of each side's runs.
fn alternate(
    label: &str,
    rounds: usize,
    mut ours: impl FnMut(usize) -> Result,
    mut theirs: impl FnMut(usize) -> Result,
) -> Result<(Vec<f64>, Vec<f64>)> {
    let (mut our_runs, mut their_runs) = (Vec::with_capacity(rounds), Vec::with_capacity(rounds));
    // The bar moves between rounds only: nothing is drawn while a side is
    // being timed.
    let bar = Progress::new(label, rounds as u64, "rounds");
    for round in 0..rounds {
        bar.set(round as u64, "");
        let run = |side: &mut dyn FnMut(usize) -> Result, runs: &mut Vec<f64>| {
            let mut outcome = Ok(());
            runs.push(seconds(|| outcome = side(round)));
            outcome
        };
        if round % 2 == 0 {
            run(&mut ours, &mut our_runs)?;
            run(&mut theirs, &mut their_runs)?;
        } else {
            run(&mut theirs, &mut their_runs)?;
            run(&mut ours, &mut our_runs)?;
        }
    }
    bar.finish();
    Ok((our_runs, their_runs))
}

/// The median rate, in puzzles per second, of runs of `n` solves.
fn median(seconds: &mut [f64], n: usize) -> f64 {
    seconds.sort_by(f64::total_cmp);
    n as f64 / seconds[seconds.len() / 2]
}
