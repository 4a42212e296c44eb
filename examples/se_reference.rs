//! Rates the puzzles that Sudoku Explainer 1.2.1 rated (`puzzles/se121_*.csv`)
//! and compares: per band of SE's ER, the share with the same ER, within
//! 0.1, the same EP and ED, and the mean error; then the time per set.
//!
//! ```text
//! cargo run --release --example se_reference -- [--check] [--mismatches] [--time-limit SECONDS] [FILE]
//! cargo run --release --example se_reference -- --check --paths puzzles/se121_hardest_paths.tsv puzzles/se121_hardest.csv
//! ```
//!
//! `FILE` defaults to `puzzles/se121_reference.csv` (657 puzzles; columns
//! `set,index,puzzle,er,ep,ed,hardest_technique`, `ep` optional).
//! `--paths TSV` walks sudokit's path of each puzzle beside Sudoku
//! Explainer's (`puzzles/se121_hardest_paths.tsv` for the hardest set) and
//! reports where one first parts from the other. `--path PUZZLE` prints
//! sudokit's rating path of one puzzle instead, a step a line with its
//! score, to set beside Sudoku Explainer's. `--mismatches` lists every
//! puzzle whose ER differs, with SE's hardest technique and ours.
//! `--check` fails unless the agreement reaches the floor this project has
//! reached on the reference set (see `FLOOR`), or a path differs.
//! Progress goes to stderr.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use sudokit::rating::rater;
use sudokit::rules::human::{Position, Rating, Step, lists};
use sudokit::{Budget, Grid};
use sudokit_examples::{Progress, Result, WithContext, seconds};

/// Rates the puzzles Sudoku Explainer 1.2.1 rated and compares, per band
/// of SE's ER.
///
/// Exit status: 0 when the comparison ran (and, with its floors, met
/// them); 1 when agreement fell below a floor, a path differed where it
/// must not, or a file could not be read; 2 for a bad command line.
#[derive(Parser)]
#[command(name = "se_reference", version)]
struct Cli {
    /// Fail unless the agreement reaches the floor reached on the
    /// reference set.
    #[arg(long)]
    check: bool,
    /// List every puzzle whose ER differs, with SE's hardest technique and
    /// ours.
    #[arg(long)]
    mismatches: bool,
    /// Time limit per puzzle, in seconds (none by default).
    #[arg(short, long, value_parser = seconds, value_name = "SECONDS")]
    time_limit: Option<Duration>,
    /// Print sudokit's rating path of one puzzle instead, a step a line.
    #[arg(long, value_name = "PUZZLE")]
    path: Option<String>,
    /// SE's solving paths of the same puzzles (tab-separated: set, index,
    /// step, technique, difficulty, description): compare ours step by
    /// step, the difficulty of every step; with --check, a puzzle whose
    /// path differs fails the run.
    #[arg(long, value_name = "TSV")]
    paths: Option<PathBuf>,
    /// The CSV of SE's ratings: set,index,puzzle,er,ep,ed,hardest_technique.
    #[arg(default_value = "puzzles/se121_reference.csv")]
    file: PathBuf,
}

/// SE's bands, as the rating issue measures them: (label, lowest ER,
/// highest ER), in tenths.
const BANDS: [(&str, u16, u16); 7] = [
    ("<= 1.5", 0, 15),
    ("1.6-2.5", 16, 25),
    ("2.6-4.0", 26, 40),
    ("4.1-6.0", 41, 60),
    ("6.1-7.5", 61, 75),
    ("7.6-9.0", 76, 90),
    (">= 9.1", 91, u16::MAX),
];

/// The agreement `--check` requires: per band, the share (percent) of
/// puzzles with SE's ER; and the share with SE's EP and ED over all
/// puzzles. On the reference set every puzzle agrees.
const FLOOR: (u32, u32, u32) = (100, 100, 100);

struct Row {
    set: String,
    index: String,
    puzzle: Grid,
    er: u16,
    ep: Option<u16>,
    ed: u16,
    technique: String,
}

struct Outcome {
    rating: Option<Rating>,
    time: Duration,
}

fn main() -> ExitCode {
    sudokit_examples::main(|| run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    if let Some(puzzle) = &cli.path {
        return print_path(puzzle);
    }
    let budget = cli.time_limit.map_or_else(Budget::unlimited, |limit| Budget::unlimited().with_time_limit(limit));
    let rows = read(&cli.file.display().to_string())?;
    let outcomes = rate_all(&rows, &budget);
    let table = agreement(&rows, &outcomes);
    if cli.mismatches {
        print_mismatches(&rows, &outcomes);
    }
    print_times(&rows, &outcomes);
    let differ = match &cli.paths {
        Some(paths) => compare_paths(&rows, &read_paths(&paths.display().to_string())?)?,
        None => 0,
    };
    if cli.check {
        table.check()?;
        if differ > 0 {
            return Err(format!("{differ} paths differ from Sudoku Explainer's").into());
        }
    }
    Ok(())
}

/// SE's path of each puzzle, by set and index: the difficulty of each
/// step, in tenths.
fn read_paths(file: &str) -> Result<HashMap<(String, String), Vec<u16>>> {
    let text = std::fs::read_to_string(file).context(|| format!("cannot read {file}"))?;
    let mut paths: HashMap<(String, String), Vec<u16>> = HashMap::new();
    for (k, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [set, index, _step, _technique, difficulty, ..] = fields[..] else {
            return Err(format!("{file}:{}: too few columns", k + 1).into());
        };
        paths.entry((set.to_string(), index.to_string())).or_default().push(tenths(difficulty, k + 1)?);
    }
    Ok(paths)
}

/// Walks sudokit's path of every puzzle that SE's `paths` has, and prints
/// where it first parts from SE's; returns how many part.
fn compare_paths(rows: &[Row], paths: &HashMap<(String, String), Vec<u16>>) -> Result<usize> {
    let bar = Progress::new("paths", rows.len() as u64, "puzzles");
    let (mut same, mut differ) = (0, 0);
    for row in rows {
        bar.add(1);
        let Some(se) = paths.get(&(row.set.clone(), row.index.clone())) else { continue };
        let ours: Vec<u16> = walk(&row.puzzle)?.0.iter().map(|step| step.score().tenths()).collect();
        match ours
            .iter()
            .zip(se)
            .position(|(a, b)| a != b)
            .or((ours.len() != se.len()).then(|| ours.len().min(se.len())))
        {
            None => same += 1,
            Some(k) => {
                differ += 1;
                let show = |p: &[u16]| p.get(k).map_or("the end".to_string(), |t| format!("{}.{}", t / 10, t % 10));
                bar.println(&format!(
                    "{} {}: step {} is {} here, {} in SE's path",
                    row.set,
                    row.index,
                    k + 1,
                    show(&ours),
                    show(se)
                ));
            }
        }
    }
    bar.finish();
    println!("\npaths step by step: {same} the same as Sudoku Explainer's, {differ} not");
    Ok(differ)
}

fn tenths(field: &str, line: usize) -> std::result::Result<u16, String> {
    let value: f64 = field.parse().map_err(|_| format!("line {line}: {field:?} is not a rating"))?;
    Ok((value * 10.0).round() as u16)
}

fn read(file: &str) -> Result<Vec<Row>> {
    let text = std::fs::read_to_string(file).context(|| format!("cannot read {file}"))?;
    let mut lines = text.lines().enumerate();
    let (_, header) = lines.next().ok_or_else(|| format!("{file}: empty"))?;
    let columns: Vec<&str> = header.split(',').collect();
    let at = |name: &str| columns.iter().position(|&c| c == name);
    let need = |name: &str| at(name).ok_or_else(|| format!("{file}: no {name} column"));
    let (set, index, puzzle, er, ed, technique) =
        (need("set")?, need("index")?, need("puzzle")?, need("er")?, need("ed")?, need("hardest_technique")?);
    let ep = at("ep");
    let mut rows = Vec::new();
    for (k, line) in lines {
        let fields: Vec<&str> = line.split(',').collect();
        let field = |i: usize| fields.get(i).copied().ok_or_else(|| format!("{file}:{}: too few columns", k + 1));
        rows.push(Row {
            set: field(set)?.to_string(),
            index: field(index)?.to_string(),
            puzzle: field(puzzle)?.parse().context(|| format!("{file}:{}", k + 1))?,
            er: tenths(field(er)?, k + 1)?,
            ep: ep.map(|i| field(i).and_then(|f| tenths(f, k + 1))).transpose()?,
            ed: tenths(field(ed)?, k + 1)?,
            technique: field(technique)?.to_string(),
        });
    }
    Ok(rows)
}

fn rate_all(rows: &[Row], budget: &Budget) -> Vec<Outcome> {
    let bar = Progress::new("se_reference", rows.len() as u64, "puzzles");
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let start = Instant::now();
        let rating = rater().with_budget(budget.clone()).rate(&row.puzzle).ok();
        out.push(Outcome { rating, time: start.elapsed() });
        bar.add(1);
    }
    bar.finish();
    out
}

#[derive(Default, Clone, Copy)]
struct Tally {
    puzzles: u32,
    same_er: u32,
    near_er: u32,
    same_ep: u32,
    with_ep: u32,
    same_ed: u32,
    error: f64,
}

struct Table {
    bands: Vec<Tally>,
    all: Tally,
}

impl Table {
    fn check(&self) -> std::result::Result<(), String> {
        let (band_floor, ep_floor, ed_floor) = FLOOR;
        let pct = |a: u32, b: u32| (a * 100).checked_div(b).unwrap_or(100);
        for (t, (label, _, _)) in self.bands.iter().zip(BANDS) {
            if t.puzzles > 0 && pct(t.same_er, t.puzzles) < band_floor {
                return Err(format!(
                    "band {label}: same ER on {}% of {}, below {band_floor}%",
                    pct(t.same_er, t.puzzles),
                    t.puzzles
                ));
            }
        }
        if pct(self.all.same_ep, self.all.with_ep) < ep_floor || pct(self.all.same_ed, self.all.puzzles) < ed_floor {
            return Err("EP or ED agreement below the floor".into());
        }
        println!("agreement at or above the floor");
        Ok(())
    }
}

fn agreement(rows: &[Row], outcomes: &[Outcome]) -> Table {
    let mut bands = vec![Tally::default(); BANDS.len()];
    let mut all = Tally::default();
    for (row, outcome) in rows.iter().zip(outcomes) {
        let band = BANDS.iter().position(|&(_, lo, hi)| (lo..=hi).contains(&row.er)).unwrap_or(0);
        for t in [&mut bands[band], &mut all] {
            t.puzzles += 1;
            let Some(r) = outcome.rating else {
                t.error += f64::from(row.er) / 10.0;
                continue;
            };
            let er = r.er.tenths();
            t.same_er += u32::from(er == row.er);
            t.near_er += u32::from(er.abs_diff(row.er) <= 1);
            if let Some(ep) = row.ep {
                t.with_ep += 1;
                t.same_ep += u32::from(r.ep.tenths() == ep);
            }
            t.same_ed += u32::from(r.ed.tenths() == row.ed);
            t.error += f64::from(er.abs_diff(row.er)) / 10.0;
        }
    }
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "| SE band | puzzles | same ER | within 0.1 | same EP | same ED | mean error |");
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|");
    let pct = |a: u32, b: u32| (a * 100).checked_div(b).map_or_else(|| "-".to_string(), |p| format!("{p}%"));
    let print = |out: &mut std::io::StdoutLock<'_>, label: &str, t: &Tally| {
        if t.puzzles == 0 {
            return;
        }
        let _ = writeln!(
            out,
            "| {label} | {} | {} | {} | {} | {} | {:.2} |",
            t.puzzles,
            pct(t.same_er, t.puzzles),
            pct(t.near_er, t.puzzles),
            pct(t.same_ep, t.with_ep),
            pct(t.same_ed, t.puzzles),
            t.error / f64::from(t.puzzles)
        );
    };
    for (t, (label, _, _)) in bands.iter().zip(BANDS) {
        print(&mut out, label, t);
    }
    print(&mut out, "all", &all);
    Table { bands, all }
}

fn print_mismatches(rows: &[Row], outcomes: &[Outcome]) {
    println!();
    println!("set,index-free puzzle,se_er,our_er,se_technique,our_technique");
    for (row, outcome) in rows.iter().zip(outcomes) {
        let (er, technique) = match outcome.rating {
            Some(r) => (r.er.to_string(), r.hardest.map_or(String::new(), |t| t.name().to_string())),
            None => ("-".into(), "not rated".into()),
        };
        let se = format!("{}.{}", row.er / 10, row.er % 10);
        if er != se {
            println!("{},{},{se},{er},{},{technique}", row.set, row.puzzle, row.technique);
        }
    }
}

fn print_times(rows: &[Row], outcomes: &[Outcome]) {
    println!();
    println!("| set | puzzles | total | median | worst |");
    println!("|---|---:|---:|---:|---:|");
    let mut sets: Vec<&str> = rows.iter().map(|r| r.set.as_str()).collect();
    sets.dedup();
    let mut total = Duration::ZERO;
    for set in sets {
        let mut times: Vec<Duration> =
            rows.iter().zip(outcomes).filter(|(r, _)| r.set == set).map(|(_, o)| o.time).collect();
        times.sort_unstable();
        let sum: Duration = times.iter().sum();
        total += sum;
        let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
        println!(
            "| {set} | {} | {} | {} | {} |",
            times.len(),
            ms(sum),
            ms(times[times.len() / 2]),
            ms(times[times.len() - 1])
        );
    }
    println!("\ntotal: {:.2} s", total.as_secs_f64());
}

/// Prints the rating path of `puzzle`: the first technique of the
/// standard list that finds a step, applied, until solved or stuck.
fn print_path(puzzle: &str) -> Result {
    let grid: Grid = puzzle.parse().context(|| "bad puzzle")?;
    let (path, solved) = walk(&grid)?;
    for (k, step) in path.iter().enumerate() {
        println!("{}\t{}\t{step}", k + 1, step.score());
    }
    if !solved {
        println!("stuck");
    }
    Ok(())
}

/// The rating path of `puzzle`: the first technique of the standard list
/// that finds a step, applied, until solved (then `true`) or stuck.
fn walk(puzzle: &Grid) -> Result<(Vec<Step>, bool)> {
    let mut position = Position::new(puzzle)?;
    let mut path = Vec::new();
    while !position.is_solved() {
        let Some(step) = lists::standard().iter().find_map(|s| s.find(&position)) else { return Ok((path, false)) };
        position.apply(&step)?;
        path.push(step);
    }
    Ok((path, true))
}
