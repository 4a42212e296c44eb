//! Runs one local-search method on one puzzle, prints a summary, and draws
//! the run as an SVG chart: energy and temperature over the moves for
//! simulated annealing, best and mean energy per generation for the genetic
//! algorithm.
//!
//! ```text
//! cargo run --release --example local_search
//! cargo run --release --example local_search -- [--method annealing|genetic] [--hybrid] [--course]
//!     [--seed N] [--time-limit SECONDS] [--chart FILE] [PUZZLE]
//! ```
//!
//! PUZZLE is one grid on the command line (81 characters for 9×9); without
//! it, the first puzzle of the course's hard level. `--hybrid` propagates
//! singles and locked candidates first; `--course` uses the course's
//! parameters. The chart goes to `local_search.svg` unless `--chart` says
//! otherwise.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use plotters::prelude::*;
use sudokit::local::{Annealing, AnnealingSample, Genetic, GeneticSample, Moves};
use sudokit::{Budget, Grid, SolveError, Solver, Stats};
use sudokit_examples::{Args, exit_code};
use sudokit_testkit::sets;

const USAGE: &str = "usage: local_search [--method annealing|genetic] [--hybrid] [--course] [--seed N] [--time-limit SECONDS] [--chart FILE] [PUZZLE]";

/// What the command line asks for.
struct Options {
    genetic: bool,
    hybrid: bool,
    course: bool,
    seed: Option<u64>,
    limit: Duration,
    chart: String,
    puzzle: Option<String>,
}

fn main() -> ExitCode {
    exit_code(run())
}

fn run() -> Result<(), String> {
    let Some(options) = parse_args()? else { return Ok(()) };
    let puzzle: Grid = match &options.puzzle {
        Some(text) => text.parse().map_err(|e| format!("{e}"))?,
        None => sets::HARD.take(1).into_iter().next().ok_or("the hard level is empty")?,
    };
    let budget = Budget::unlimited().with_time_limit(options.limit);
    println!("{puzzle:#}");
    if options.genetic { run_genetic(&options, &puzzle, &budget) } else { run_annealing(&options, &puzzle, &budget) }
}

fn parse_args() -> Result<Option<Options>, String> {
    let mut args = Args::from_env();
    let mut options = Options {
        genetic: false,
        hybrid: false,
        course: false,
        seed: None,
        limit: Duration::from_secs(10),
        chart: "local_search.svg".to_owned(),
        puzzle: None,
    };
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--method" | "-m" => {
                options.genetic = match args.value(&arg)?.as_str() {
                    "annealing" => false,
                    "genetic" => true,
                    other => return Err(format!("--method: unknown method {other:?} (annealing or genetic)")),
                }
            }
            "--hybrid" => options.hybrid = true,
            "--course" => options.course = true,
            "--seed" => options.seed = Some(args.parsed(&arg)?),
            "--time-limit" | "-t" => options.limit = args.seconds(&arg)?,
            "--chart" => options.chart = args.value(&arg)?,
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(None);
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}\n{USAGE}")),
            _ => options.puzzle = Some(arg),
        }
    }
    Ok(Some(options))
}

fn run_annealing(options: &Options, puzzle: &Grid, budget: &Budget) -> Result<(), String> {
    let mut samples: Vec<AnnealingSample> = Vec::new();
    let mut solver = if options.course { Annealing::course() } else { Annealing::new() };
    if options.hybrid {
        solver = solver.with_moves(Moves::Propagated);
    }
    if let Some(seed) = options.seed {
        solver = solver.with_seed(seed);
    }
    let started = Instant::now();
    let outcome = solver.solve_observed(puzzle, budget, 5_000, |sample| samples.push(*sample));
    let seconds = started.elapsed().as_secs_f64();
    let stats = summarise(solver.name(), puzzle, &outcome, seconds);
    println!("{:.1} M moves per second", stats.iterations as f64 / seconds.max(1e-9) / 1e6);
    let energy: Vec<(f64, f64)> = samples.iter().map(|s| (s.iteration as f64, f64::from(s.energy))).collect();
    let temperature: Vec<(f64, f64)> = samples.iter().map(|s| (s.iteration as f64, s.temperature)).collect();
    let series = [("energy", &energy, RED), ("temperature (right axis)", &temperature, BLUE)];
    draw(&options.chart, &format!("{} on one puzzle", solver.name()), "moves", &series, true)?;
    println!("chart: {}", options.chart);
    Ok(())
}

fn run_genetic(options: &Options, puzzle: &Grid, budget: &Budget) -> Result<(), String> {
    let mut samples: Vec<GeneticSample> = Vec::new();
    let mut solver = if options.course { Genetic::course() } else { Genetic::new() };
    if options.hybrid {
        solver = solver.with_moves(Moves::Propagated);
    }
    if let Some(seed) = options.seed {
        solver = solver.with_seed(seed);
    }
    let started = Instant::now();
    let outcome = solver.solve_observed(puzzle, budget, 1, |sample| samples.push(*sample));
    let stats = summarise(solver.name(), puzzle, &outcome, started.elapsed().as_secs_f64());
    println!(
        "{} generations, {} iterations (chromosomes evaluated and their local-search moves)",
        stats.nodes, stats.iterations
    );
    let best: Vec<(f64, f64)> = samples.iter().map(|s| (s.generation as f64, f64::from(s.best_energy))).collect();
    let mean: Vec<(f64, f64)> = samples.iter().map(|s| (s.generation as f64, s.mean_energy)).collect();
    let series = [("best energy", &best, RED), ("mean energy", &mean, BLUE)];
    draw(&options.chart, &format!("{} on one puzzle", solver.name()), "generations", &series, false)?;
    println!("chart: {}", options.chart);
    Ok(())
}

/// A named line of the chart: its points and colour.
type Series<'a> = (&'a str, &'a Vec<(f64, f64)>, RGBColor);

/// Prints the outcome; returns the solve's statistics.
fn summarise(name: &str, puzzle: &Grid, outcome: &Result<sudokit::Solution, SolveError>, seconds: f64) -> Stats {
    match outcome {
        Ok(solution) => {
            println!("{name}: solved in {seconds:.3} s\n{:#}", solution.grid);
            solution.stats
        }
        Err(SolveError::BudgetExhausted { stats, best, .. } | SolveError::Incomplete { stats, best, .. }) => {
            let energy = best.as_ref().map_or(0, |b| b.error_count(puzzle));
            println!(
                "{name}: {} after {seconds:.3} s; best energy {energy}",
                outcome.as_ref().err().map_or(String::new(), ToString::to_string)
            );
            *stats
        }
        Err(e) => {
            println!("{name}: {e}");
            Stats::default()
        }
    }
}

/// Draws `series` against a shared x axis; with `secondary`, the second
/// series gets its own right-hand axis (temperature beside energy).
fn draw(path: &str, title: &str, x_label: &str, series: &[Series<'_>; 2], secondary: bool) -> Result<(), String> {
    let error = |e: &dyn std::fmt::Display| format!("{path}: {e}");
    let root = SVGBackend::new(path, (900, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| error(&e))?;
    let x_max = series.iter().flat_map(|(_, points, _)| points.iter().map(|p| p.0)).fold(1.0, f64::max);
    let y_max = |points: &[(f64, f64)]| points.iter().map(|p| p.1).fold(1e-9, f64::max) * 1.05;
    let left_max =
        if secondary { y_max(series[0].1) } else { series.iter().map(|(_, p, _)| y_max(p)).fold(1e-9, f64::max) };
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .right_y_label_area_size(if secondary { 50 } else { 0 })
        .build_cartesian_2d(0.0..x_max, 0.0..left_max)
        .map_err(|e| error(&e))?
        .set_secondary_coord(0.0..x_max, 0.0..y_max(series[1].1));
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc("energy")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()
        .map_err(|e| error(&e))?;
    if secondary {
        chart.configure_secondary_axes().y_desc("temperature").draw().map_err(|e| error(&e))?;
    }
    let (name, points, colour) = series[0];
    chart
        .draw_series(LineSeries::new(points.iter().copied(), colour))
        .map_err(|e| error(&e))?
        .label(name)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    let (name, points, colour) = series[1];
    if secondary {
        chart
            .draw_secondary_series(LineSeries::new(points.iter().copied(), colour))
            .map_err(|e| error(&e))?
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    } else {
        chart
            .draw_series(LineSeries::new(points.iter().copied(), colour))
            .map_err(|e| error(&e))?
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| error(&e))?;
    root.present().map_err(|e| error(&e))
}
