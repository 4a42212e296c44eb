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
//! parameters. The chart goes to `target/pictures/local_search.svg`
//! (out of the sources; the folder is made when missing) unless `--chart` says
//! otherwise.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use plotters::prelude::*;
use sudokit::base::picture::{self, Colour};
use sudokit::local::{Annealing, AnnealingSample, Genetic, GeneticSample, Moves};
use sudokit::{Budget, Grid, SolveError, Solver, Stats};
use sudokit_examples::{Result, WithContext, seconds};
use sudokit_testkit::sets;

/// Runs one local-search method on one puzzle, prints a summary and draws
/// the run as an SVG chart.
///
/// Exit status: 0 when the run ended, solved or not (the summary says
/// which); 1 for a puzzle that cannot be read or a chart that cannot be
/// written; 2 for a bad command line.
#[derive(Parser)]
#[command(name = "local_search", version)]
struct Cli {
    /// The method.
    #[arg(short, long, value_enum, default_value_t = Method::Annealing)]
    method: Method,
    /// Propagate singles and locked candidates first.
    #[arg(long)]
    hybrid: bool,
    /// Use the course's parameters.
    #[arg(long)]
    course: bool,
    /// Random seed (default: the method's own).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Time limit of the run, in seconds.
    #[arg(short, long, value_parser = seconds, default_value = "10", value_name = "SECONDS")]
    time_limit: Duration,
    /// Where to draw the chart.
    #[arg(long, default_value = DEFAULT_CHART, value_name = "FILE")]
    chart: PathBuf,
    /// The puzzle (default: the first of the course's hard level).
    puzzle: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Method {
    Annealing,
    Genetic,
}

/// The default chart, under `target/` so that a run leaves nothing
/// untracked among the sources.
const DEFAULT_CHART: &str = "target/pictures/local_search.svg";

fn main() -> ExitCode {
    sudokit_examples::main(|| run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    if cli.chart == std::path::Path::new(DEFAULT_CHART) {
        std::fs::create_dir_all("target/pictures").context(|| "cannot make target/pictures")?;
    }
    let puzzle: Grid = match &cli.puzzle {
        Some(text) => text.parse().context(|| "bad puzzle")?,
        None => sets::HARD.take(1).into_iter().next().ok_or("the hard level is empty")?,
    };
    let budget = Budget::unlimited().with_time_limit(cli.time_limit);
    println!("{puzzle:#}");
    match cli.method {
        Method::Genetic => run_genetic(&cli, &puzzle, &budget),
        Method::Annealing => run_annealing(&cli, &puzzle, &budget),
    }
}

fn run_annealing(options: &Cli, puzzle: &Grid, budget: &Budget) -> Result {
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
    let series = [
        ("energy", &energy, rgb(picture::series(0))),
        ("temperature (right axis)", &temperature, rgb(picture::series(1))),
    ];
    draw(&options.chart, &format!("{} on one puzzle", solver.name()), "moves", &series, true)?;
    println!("chart: {}", options.chart.display());
    Ok(())
}

fn run_genetic(options: &Cli, puzzle: &Grid, budget: &Budget) -> Result {
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
    let series = [("best energy", &best, rgb(picture::series(0))), ("mean energy", &mean, rgb(picture::series(1)))];
    draw(&options.chart, &format!("{} on one puzzle", solver.name()), "generations", &series, false)?;
    println!("chart: {}", options.chart.display());
    Ok(())
}

/// A colour of the shared palette, for plotters.
fn rgb(colour: Colour) -> RGBColor {
    RGBColor(colour.r, colour.g, colour.b)
}

/// A named line of the chart: its points and colour.
type Series<'a> = (&'a str, &'a Vec<(f64, f64)>, RGBColor);

/// Prints the outcome; returns the solve's statistics.
fn summarise(
    name: &str,
    puzzle: &Grid,
    outcome: &std::result::Result<sudokit::Solution, SolveError>,
    seconds: f64,
) -> Stats {
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
fn draw(path: &std::path::Path, title: &str, x_label: &str, series: &[Series<'_>; 2], secondary: bool) -> Result {
    let error = || format!("cannot draw {}", path.display());
    let root = SVGBackend::new(path, (900, 500)).into_drawing_area();
    root.fill(&rgb(picture::PAPER)).context(error)?;
    let x_max = series.iter().flat_map(|(_, points, _)| points.iter().map(|p| p.0)).fold(1.0, f64::max);
    let y_max = |points: &[(f64, f64)]| points.iter().map(|p| p.1).fold(1e-9, f64::max) * 1.05;
    let left_max =
        if secondary { y_max(series[0].1) } else { series.iter().map(|(_, p, _)| y_max(p)).fold(1e-9, f64::max) };
    let mut chart = ChartBuilder::on(&root)
        .caption(title, (picture::FONT, 20).into_font().color(&rgb(picture::INK)))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .right_y_label_area_size(if secondary { 50 } else { 0 })
        .build_cartesian_2d(0.0..x_max, 0.0..left_max)
        .context(error)?
        .set_secondary_coord(0.0..x_max, 0.0..y_max(series[1].1));
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc("energy")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .axis_desc_style((picture::FONT, 14).into_font().color(&rgb(picture::INK)))
        .label_style((picture::FONT, 12).into_font().color(&rgb(picture::INK)))
        .x_max_light_lines(1)
        .y_max_light_lines(1)
        .light_line_style(rgb(picture::FAINT).mix(0.15))
        .bold_line_style(rgb(picture::FAINT).mix(0.4))
        .draw()
        .context(error)?;
    if secondary {
        chart.configure_secondary_axes().y_desc("temperature").draw().context(error)?;
    }
    let (name, points, colour) = series[0];
    chart
        .draw_series(LineSeries::new(points.iter().copied(), colour.stroke_width(2)))
        .context(error)?
        .label(name)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    let (name, points, colour) = series[1];
    if secondary {
        chart
            .draw_secondary_series(LineSeries::new(points.iter().copied(), colour.stroke_width(2)))
            .context(error)?
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    } else {
        chart
            .draw_series(LineSeries::new(points.iter().copied(), colour.stroke_width(2)))
            .context(error)?
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(rgb(picture::PAPER).mix(0.8))
        .border_style(rgb(picture::FAINT))
        .label_font((picture::FONT, 12).into_font().color(&rgb(picture::INK)))
        .draw()
        .context(error)?;
    root.present().context(error)
}
