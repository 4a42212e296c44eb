//! The page's calls in plain Rust: each reads a puzzle's text (and
//! [`Options`]) and returns a reply that serialises to the JSON the
//! JavaScript side reads, or a [`Failure`] whose message the page shows.
//! Nothing here touches JavaScript, so the native tests check it all.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sudokit::generate::{Difficulty, Generator, Symmetry};
use sudokit::grid::Candidates;
use sudokit::io::parse_puzzle;
use sudokit::rating::{RateError, rater};
use sudokit::rules::human::{Event, Explainer, Outcome, Score};
use sudokit::{Auto, Budget, Cell, CountSolutions, Digit, Puzzle, Shape, Solver, Variant, registry};

/// Why a call gave no reply: a message naming what was wrong and where
/// (line and column of the text, cell, rule), as the library says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure(String);

impl Failure {
    /// The message.
    pub fn message(&self) -> &str {
        &self.0
    }

    fn because(what: &str, error: impl fmt::Display) -> Failure {
        Failure(format!("{what}: {error}"))
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Failure {}

/// The settings of a call, each with a default; a JavaScript caller passes
/// an object with the camel-case names (`{ timeLimitMs: 2000 }`), and the
/// fields a call does not read are ignored.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct Options {
    /// The time the call may take, in milliseconds; 0 for no limit.
    /// Default: 10 000.
    pub time_limit_ms: u64,
    /// [`solve`]: the solver, by its registered name. Default: `auto`.
    pub solver: String,
    /// [`count`]: the count to stop at. Default: 2.
    pub limit: u64,
    /// [`explain`]: draw each step as SVG. Default: true.
    pub pictures: bool,
    /// [`generate`]: the side of the grid. Default: 9.
    pub side: usize,
    /// [`generate`]: the rules, in their text form (`x`, `windoku`, …).
    /// Default: the standard ones.
    pub rules: String,
    /// [`generate`]: the symmetry of the givens, by name. Default: none.
    pub symmetry: String,
    /// [`generate`]: the band of Sudoku Explainer ratings, `A..B`
    /// (`2.6..4.0`). Default: any rating.
    pub rating: String,
    /// [`generate`]: the seed; the same seed makes the same puzzle.
    /// Default: 0.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            time_limit_ms: 10_000,
            solver: "auto".to_owned(),
            limit: 2,
            pictures: true,
            side: 9,
            rules: String::new(),
            symmetry: "none".to_owned(),
            rating: String::new(),
            seed: 0,
        }
    }
}

impl Options {
    /// The options of a JSON object (empty text: the defaults).
    ///
    /// # Errors
    /// A [`Failure`] naming the bad field or value.
    pub fn from_json(json: &str) -> Result<Options, Failure> {
        if json.trim().is_empty() {
            return Ok(Options::default());
        }
        serde_json::from_str(json).map_err(|e| Failure::because("bad options", e))
    }

    fn budget(&self) -> Budget {
        match self.time_limit_ms {
            0 => Budget::unlimited(),
            ms => Budget::unlimited().with_time_limit(Duration::from_millis(ms)),
        }
    }
}

/// A puzzle as the page draws it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleView {
    /// Cells per row.
    pub side: usize,
    /// The digit of each cell, row by row; 0 for an empty one.
    pub cells: Vec<u8>,
    /// The region (box, or jigsaw piece) of each cell.
    pub regions: Vec<usize>,
    /// The killer cages: their cells and sums.
    pub cages: Vec<CageView>,
    /// The houses the rules add (diagonals, windows, …), as cells.
    pub extra_houses: Vec<Vec<usize>>,
    /// The clues between two neighbours: `white`, `black` (Kropki dots),
    /// `x` or `v`, with the two cells.
    pub edge_clues: Vec<EdgeClueView>,

    /// The pencil marks of each cell, as a list of digits, when the puzzle
    /// was given as marks.
    pub marks: Option<Vec<Vec<u8>>>,
    /// The rules in their text form; empty for the standard ones.
    pub rules: String,
    /// The puzzle as one line (`GRID;RULES`), which reads back as it.
    pub line: String,
    /// The picture the command-line tools print.
    pub picture: String,
}

/// A clue on the edge between two neighbouring cells.
#[derive(Clone, Debug, Serialize)]
pub struct EdgeClueView {
    /// `white`, `black`, `x` or `v`.
    pub kind: &'static str,
    /// The two cells (row-major indices).
    pub cells: [usize; 2],
}

/// A killer cage.
#[derive(Clone, Debug, Serialize)]
pub struct CageView {
    /// Its cells (row-major indices).
    pub cells: Vec<usize>,
    /// Its sum, when given.
    pub sum: Option<u32>,
}

/// Reads a puzzle (every text form [`parse_puzzle`] reads) and checks its
/// givens against its rules.
///
/// # Errors
/// A [`Failure`] naming the line and column of bad text, the rule that
/// cannot be read, or the cells whose givens clash.
pub fn parse(text: &str) -> Result<PuzzleView, Failure> {
    let puzzle = read(text)?;
    Ok(view(&puzzle))
}

fn read(text: &str) -> Result<Puzzle, Failure> {
    let puzzle = parse_puzzle(text).map_err(|e| Failure::because("bad puzzle", e))?;
    puzzle.validate().map_err(|e| Failure::because("bad puzzle", e))?;
    Ok(puzzle)
}

fn view(puzzle: &Puzzle) -> PuzzleView {
    let shape = puzzle.shape();
    let variant = puzzle.variant();
    let regions = match variant.regions() {
        Some(map) => map.iter().map(|&r| usize::from(r)).collect(),
        None => (0..shape.cell_count()).map(|i| shape.box_of(i)).collect(),
    };
    let marks = variant.marks().map(|marks| marks.iter().map(|&mask| digits_of(mask)).collect());
    PuzzleView {
        side: shape.side(),
        cells: puzzle.grid().values().to_vec(),
        regions,
        cages: variant.cages().iter().map(|c| CageView { cells: c.cells().to_vec(), sum: c.sum() }).collect(),
        extra_houses: variant.extra_houses().iter().map(|h| h.cells().to_vec()).collect(),
        edge_clues: variant
            .edge_clues()
            .iter()
            .map(|&(clue, a, b)| EdgeClueView { kind: clue.name(), cells: [a, b] })
            .collect(),
        marks,
        rules: if variant.is_standard() { String::new() } else { variant.to_string() },
        line: puzzle.to_string(),
        picture: variant.picture(puzzle.grid()).map(|p| p.to_string()).unwrap_or_default(),
    }
}

/// The digits of a candidate mask (bit `d - 1` for digit `d`).
fn digits_of(mask: u64) -> Vec<u8> {
    Candidates::from_bits(mask).iter().map(|d| d.get()).collect()
}

/// `[cell index, digit]` for each of `pairs`.
fn indexed(pairs: &[(Cell, Digit)], shape: Shape) -> Vec<[usize; 2]> {
    pairs.iter().map(|&(c, d)| [c.index(shape), usize::from(d.get())]).collect()
}

/// A solution and what finding it took.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Solved {
    /// The solved grid's digits, row by row.
    pub cells: Vec<u8>,
    /// The solved grid as one line.
    pub line: String,
    /// The solver that found it.
    pub solver: String,
    /// Its search nodes.
    pub nodes: u64,
    /// Its time, in microseconds.
    pub micros: u64,
}

/// Solves the puzzle with [`Options::solver`] within the time limit.
///
/// # Errors
/// A [`Failure`] for bad text or clashing givens, a solver that is not
/// registered or does not take the rules, a puzzle proved to have no
/// solution, or a time limit reached.
pub fn solve(text: &str, options: &Options) -> Result<Solved, Failure> {
    let puzzle = read(text)?;
    let mut solver = registry::create(&options.solver).map_err(|e| Failure::because("bad solver", e))?;
    let solution =
        solver.solve_puzzle_with(&puzzle, &options.budget()).map_err(|e| Failure::because("not solved", e))?;
    Ok(Solved {
        cells: solution.grid.values().to_vec(),
        line: solution.grid.to_string(),
        solver: solver.name().to_owned(),
        nodes: solution.stats.nodes,
        micros: micros(solution.stats.elapsed),
    })
}

fn micros(time: Duration) -> u64 {
    u64::try_from(time.as_micros()).unwrap_or(u64::MAX)
}

/// A count of solutions.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counted {
    /// The solutions found, at most [`Options::limit`].
    pub count: u64,
    /// The count asked to stop at: a count that reaches it means at least
    /// that many.
    pub limit: u64,
    /// `unique`, `none` or `several`.
    pub verdict: &'static str,
}

/// Counts the puzzle's solutions up to [`Options::limit`] (at least 1),
/// with [`Auto`].
///
/// # Errors
/// A [`Failure`] for bad text or clashing givens, or a time limit reached.
pub fn count(text: &str, options: &Options) -> Result<Counted, Failure> {
    let puzzle = read(text)?;
    let limit = options.limit.max(1);
    let count = Auto::new()
        .count_puzzle_solutions_with(&puzzle, limit, &options.budget())
        .map_err(|e| Failure::because("not counted", e))?;
    let verdict = match count {
        0 => "none",
        1 => "unique",
        _ => "several",
    };
    Ok(Counted { count, limit, verdict })
}

/// The digits some solution puts in each cell.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrueCandidates {
    /// Per cell, row by row, the digits some solution puts there.
    pub candidates: Vec<Vec<u8>>,
}

/// The true candidates: for each cell, the digits that some solution puts
/// there.
///
/// # Errors
/// A [`Failure`] for bad text or clashing givens, a puzzle with no
/// solution, or a time limit reached.
pub fn true_candidates(text: &str, options: &Options) -> Result<TrueCandidates, Failure> {
    let puzzle = read(text)?;
    let masks =
        Auto::new().true_candidates_with(&puzzle, &options.budget()).map_err(|e| Failure::because("not found", e))?;
    Ok(TrueCandidates { candidates: masks.iter().map(|&mask| digits_of(mask)).collect() })
}

/// One event of an explained walk.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExplainedStep {
    /// `step` (a technique's deduction), `guess`, `backtrack` or
    /// `solution` (one found while looking for a second).
    pub kind: &'static str,
    /// The sentence, as `explain` prints it.
    pub text: String,
    /// The technique of a step.
    pub technique: Option<String>,
    /// The score of a step, on Sudoku Explainer's scale (`4.2`).
    pub score: Option<String>,
    /// The forcing chains of a chain step, one line per branch.
    pub chains: Vec<String>,
    /// The cells a step fills, with their digits: `[cell, digit]`.
    pub placements: Vec<[usize; 2]>,
    /// The candidates a step removes: `[cell, digit]`.
    pub eliminations: Vec<[usize; 2]>,
    /// The step drawn on the position before it, as SVG, when pictures
    /// were asked for.
    pub svg: Option<String>,
    /// The digits of every cell after the event, row by row.
    pub cells: Vec<u8>,
}

/// A puzzle explained step by step.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Explained {
    /// The walk, in order.
    pub steps: Vec<ExplainedStep>,
    /// `solved`, `no-solution`, `several` or `stopped`.
    pub outcome: &'static str,
    /// The verdict in a sentence.
    pub verdict: String,
    /// The solution, when the walk found exactly one.
    pub solution: Option<Vec<u8>>,
}

/// Explains the puzzle step by step with the human techniques (guessing
/// where they stall), as the `explain` example does, within the time
/// limit; a walk that reaches the limit ends with the outcome `stopped`
/// and the steps made so far.
///
/// # Errors
/// A [`Failure`] for bad text or clashing givens.
pub fn explain(text: &str, options: &Options) -> Result<Explained, Failure> {
    walk(text, options, usize::MAX)
}

/// The first step of [`explain`]'s walk (none when the puzzle is solved).
///
/// # Errors
/// As [`explain`].
pub fn hint(text: &str, options: &Options) -> Result<Option<ExplainedStep>, Failure> {
    Ok(walk(text, options, 1)?.steps.into_iter().next())
}

fn walk(text: &str, options: &Options, most: usize) -> Result<Explained, Failure> {
    let puzzle = read(text)?;
    let mut explainer =
        Explainer::with_puzzle(&puzzle).map_err(|e| Failure::because("bad puzzle", e))?.with_budget(options.budget());
    let mut steps = Vec::new();
    // None while the walk goes on, and when it stops at the steps asked
    // for.
    let mut outcome = None;
    while steps.len() < most {
        let before = options.pictures.then(|| explainer.position().clone());
        let Some(event) = explainer.next() else { break };
        let mut step = ExplainedStep {
            kind: "step",
            text: event.to_string(),
            technique: None,
            score: None,
            chains: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            svg: None,
            cells: Vec::new(),
        };
        match &event {
            Event::Step(found) => {
                step.technique = Some(found.technique().to_string());
                step.score = Some(found.score().to_string());
                step.chains = found.forcing_chains().iter().map(ToString::to_string).collect();
                step.placements = indexed(found.placements(), puzzle.shape());
                step.eliminations = indexed(found.eliminations(), puzzle.shape());
                if let Some(before) = &before {
                    step.svg = Some(found.to_svg(before).map_err(|e| Failure::because("no picture", e))?);
                }
            }
            Event::Guess { .. } => step.kind = "guess",
            Event::Backtrack { .. } => step.kind = "backtrack",
            Event::Solution(_) => step.kind = "solution",
            Event::Finished(end) => {
                outcome = Some(end.clone());
                continue;
            }
            _ => step.kind = "other",
        }
        step.cells = explainer.position().to_grid().values().to_vec();
        steps.push(step);
    }
    let (name, solution, verdict) = match &outcome {
        Some(Outcome::Solved(grid)) => ("solved", Some(grid.values().to_vec()), "solved: the only solution".to_owned()),
        Some(Outcome::NoSolution) => ("no-solution", None, "no solution".to_owned()),
        Some(Outcome::MultipleSolutions(..)) => ("several", None, "more than one solution".to_owned()),
        Some(Outcome::Stopped(reason)) => ("stopped", None, format!("stopped: {reason}")),
        _ => ("stopped", None, "stopped after the steps asked for".to_owned()),
    };
    Ok(Explained { steps, outcome: name, verdict, solution })
}

/// A rating on Sudoku Explainer's scale.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rated {
    /// ER: the hardest step (`7.2`).
    pub er: String,
    /// EP: the hardest step before the first placement.
    pub ep: String,
    /// ED: the hardest step before the first elimination or placement.
    pub ed: String,
    /// The level: easy, medium, hard, expert or needs-guessing.
    pub level: String,
    /// The technique of the hardest step.
    pub hardest: Option<String>,
    /// The steps of the rated path.
    pub steps: usize,
}

/// Rates the puzzle as the `rate` example does (as SukakuExplainer rates
/// variants), within the time limit.
///
/// # Errors
/// A [`Failure`] for bad text or clashing givens, a puzzle without exactly
/// one solution, or a time limit reached.
pub fn rate(text: &str, options: &Options) -> Result<Rated, Failure> {
    let puzzle = read(text)?;
    let rating = rater().with_budget(options.budget()).rate_puzzle(&puzzle).map_err(|e| match e {
        RateError::Stopped(_) => Failure(format!("not rated within {} ms", options.time_limit_ms)),
        other => Failure::because("not rated", other),
    })?;
    Ok(Rated {
        er: rating.er.to_string(),
        ep: rating.ep.to_string(),
        ed: rating.ed.to_string(),
        level: rating.level.to_string(),
        hardest: rating.hardest.map(|t| t.to_string()),
        steps: rating.steps,
    })
}

/// A generated puzzle.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Made {
    /// The puzzle, as the page draws it.
    pub puzzle: PuzzleView,
    /// Its solution, row by row.
    pub solution: Vec<u8>,
    /// The seed that made it.
    pub seed: u64,
    /// Its rating, when a band was asked for.
    pub rating: Option<String>,
}

/// Generates a proper puzzle of [`Options::side`], [`Options::rules`],
/// [`Options::symmetry`] and [`Options::rating`] from [`Options::seed`],
/// within the time limit.
///
/// # Errors
/// A [`Failure`] naming a bad side, rules, symmetry or band, or a time
/// limit reached before a puzzle of the band was found.
pub fn generate(options: &Options) -> Result<Made, Failure> {
    let shape = Shape::from_side(options.side).map_err(|e| Failure::because("bad side", e))?;
    let variant = Variant::parse(options.rules.trim(), shape).map_err(|e| Failure::because("bad rules", e))?;
    let symmetry: Symmetry = options.symmetry.parse().map_err(|e| Failure::because("bad symmetry", e))?;
    let mut difficulty = Difficulty::any();
    if !options.rating.trim().is_empty() {
        let band = Score::parse_range(options.rating.trim()).map_err(|e| Failure::because("bad rating band", e))?;
        difficulty = difficulty.with_rating(band);
    }
    let made = Generator::new(shape)
        .with_variant(variant)
        .with_symmetry(symmetry)
        .with_difficulty(difficulty)
        .with_budget(options.budget())
        .generate(options.seed)
        .map_err(|e| Failure::because("not generated", e))?;
    let puzzle = Puzzle::new(made.puzzle, made.variant).map_err(|e| Failure::because("not generated", e))?;
    Ok(Made {
        puzzle: view(&puzzle),
        solution: made.solution.values().to_vec(),
        seed: made.seed,
        rating: made.rating.map(|r| r.er.to_string()),
    })
}

/// The time of one call over many puzzles.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Measured {
    /// The calls made: one per puzzle.
    pub calls: usize,
    /// The calls that gave a [`Failure`] (a time limit, a puzzle without
    /// one solution).
    pub failures: usize,
    /// The time of all the calls, in microseconds, on this build's clock.
    pub micros: u64,
}

/// Times `call` (`solve`, `count`, `rate`, `explain`, `trueCandidates`)
/// on each line of `lines` in turn, as the page would make it, so that a
/// build's speed (WebAssembly in a browser, native) can be set against
/// another's on the same puzzles.
///
/// # Errors
/// A [`Failure`] for a call that is not one of those.
pub fn measure(call: &str, lines: &str, options: &Options) -> Result<Measured, Failure> {
    let run: fn(&str, &Options) -> bool = match call {
        "solve" => |line, options| solve(line, options).is_ok(),
        "count" => |line, options| count(line, options).is_ok(),
        "rate" => |line, options| rate(line, options).is_ok(),
        "explain" => |line, options| explain(line, options).is_ok(),
        "trueCandidates" => |line, options| true_candidates(line, options).is_ok(),
        other => return Err(Failure(format!("bad call: `{other}` cannot be measured"))),
    };
    let lines: Vec<&str> = lines.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let started = sudokit::base::clock::Instant::now();
    let failures = lines.iter().filter(|line| !run(line, options)).count();
    Ok(Measured { calls: lines.len(), failures, micros: micros(started.elapsed()) })
}
