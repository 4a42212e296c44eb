//! Generates proper puzzles: minimal or with a target number of givens,
//! with a symmetry of the givens, of a requested difficulty on the Sudoku
//! Explainer scale; in parallel on every core, in seed order.
//!
//! ```text
//! cargo run --release --example generate -- --count 10 --symmetry rotational
//! cargo run --release --example generate -- --side 16 --count 20 --empty 0.6 --output sixteen.txt
//! cargo run --release --example generate -- [--count N] [--shape 9x9 | --side N] [--symmetry NAME]
//!     [--minimal | --givens N | --empty SHARE] [--rating A..B | --level LEVEL | --technique NAME]
//!     [--rules RULES] [--jigsaw] [--killer cages|givens] [--clues KINDS] [--seed S] [--threads N] [--time-limit SECONDS] [--format line|csv|sumocue] [--output FILE]
//! cargo run --release --example generate -- --rules x,anti-knight --count 5
//! cargo run --release --example generate -- --killer cages --count 5
//! cargo run --release --example generate -- --rating 10.0..12.0 --count 5 --format csv
//! cargo run --release --example generate -- --from hard.txt --rating 9.0..12.0 --minimal --count 20
//! cargo run --release --example generate -- --help
//! ```
//!
//! Puzzle `k` comes from seed `S + k` (S is 1 unless `--seed` says), so a
//! line can be made again alone. `--shape` takes `9x9`, `16x16`, `6x6`
//! (2×3 boxes), `3x2` for boxes of 3 rows and 2 columns, …; `--symmetry`
//! one of none, rotate180 (or rotational), rotate90, mirror-rows,
//! mirror-columns, diagonal, anti-diagonal. `--rating 6.0..7.5` includes
//! both ends, and the puzzles spread over the band (each seed aims at a
//! rating drawn evenly over it, up to 9.0; see `Difficulty`); `--level` is easy, medium, hard, expert or needs-guessing;
//! `--technique` a technique's name as the rater prints it (case, spaces
//! and hyphens ignored: `x-wing`, `naked pair`). `--time-limit` bounds
//! each puzzle (60 s by default): a puzzle not made in time is reported on
//! stderr and left out, and the run then exits with status 1. `--format csv` writes `puzzle,seed,er,ep,ed,solution`;
//! `--format sumocue` writes killers without givens (`--killer cages`) in
//! SumoCue's exchange format (`3x3::k:…`, which killer sites and solvers
//! read; `sudokit::grid::io::sumocue`).
//! `--side N` is `--shape NxN`; `--empty SHARE` asks for at most the
//! givens that leave that share of the cells empty (for puzzle sets of the
//! large shapes, whose minimal puzzles take long); `--output FILE` writes
//! the puzzles to a file that starts with comment lines saying how it was
//! made, as the bundled 16×16 and 25×25 sets do (the `make_puzzles`
//! example is this one with those three flags). Progress goes to stderr.
//!
//! `--rules` makes puzzles of a variant (the rules' text form of
//! `sudokit::base::variant_text`: `x`, `windoku`, `anti-knight`…); each
//! line then ends with `;RULES`, as `PuzzleReader::with_rules` reads, and
//! CSV's puzzle column too (quoted when the rules hold commas). A
//! difficulty is rated under the rules, as SukakuExplainer rates
//! variants; without one, a variant puzzle's ER, EP and ED stay empty.
//! `--jigsaw` gives each puzzle a random jigsaw map of its own.
//!
//! `--vicinity PUZZLE` (repeatable) and `--from FILE` search the
//! neighbourhood of given puzzles instead (`Vicinity`: moves {-1+0} to
//! {-N+(N+1)} with N from `--moves`, 2 by default; each neighbour with one
//! solution, new up to symmetry, minimal with `--minimal`, rated; the
//! search climbs from the best so far) and write each puzzle of the
//! difficulty asked as it is found, on `--threads` threads, the same finds
//! whatever their number; `--pattern` keeps the seeds' given cells and
//! changes their digits instead. A `--rating` band that starts above 9.0, which
//! random generation does not reach, searches so from four puzzles of the
//! bundled forum list `puzzles/forum_hardest_1106.txt` drawn by `--seed`
//! (a climb from generated puzzles stalls at 9.3 to 9.4: see
//! `docs/notes.md`). In a search, `--seed` seeds the whole search, CSV's
//! seed column repeats it, and `--time-limit` bounds the search as a
//! whole at that many seconds a puzzle asked for.
//!
//! `--killer` makes killers with `KillerGenerator`, over the rules of
//! `--rules` if any: `cages` for killers without givens, minimal in cages
//! (no two neighbouring cages merge and keep one solution), `givens` for
//! a random cage layout with minimal givens. Each line ends with its
//! cages (`;cage=SUM:CELLS,…`). With `--rating`, `--level` or
//! `--technique`, killers are made until one is in the band, rated with
//! the killer techniques (cage combinations 2.4, rule of 45 2.5 to 2.7,
//! cage-locked digits 2.8; a killer they cannot solve rates past them):
//! `cargo run --release --example generate -- --killer givens --rating
//! 2.8..12.0`. A killer whose rating passes 500 000 search nodes is
//! dropped for the next one (see `KillerGenerator::with_rating_node_limit`).
//!
//! `--clues KINDS` makes puzzles with `ClueGenerator`: the clues of the
//! `+`-joined kinds (sandwich, x-sum, skyscraper, little-killer, kropki,
//! xv, parity, extrema, quadruple, thermo, arrow, whispers, renban,
//! entropic, modular, between, indexer) that a random solved
//! grid gives, shuffled, as few as keep it unique, and no givens unless
//! the clues cannot make it unique (then minimal givens): `cargo run
//! --release --example generate -- --clues skyscraper --count 5`. With a
//! difficulty, puzzles are made until one is in the band.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use sudokit::Puzzle;
use sudokit::base::SplitMix64;
use sudokit::generate::{
    ClueGenerator, ClueKind, Difficulty, GenerateError, Generated, Generator, Givens, KillerGenerator, KillerGivens,
    Symmetry, Vicinity, generate_many, search_vicinity,
};
use sudokit::grid::io::{fpuzzles_link, parse_puzzles, read_puzzles, write_sumocue};
use sudokit::rating::rate;
use sudokit::rules::human::{Level, Rating, Score, Technique};
use sudokit::{Budget, Grid, Shape, Variant};
use sudokit_examples::{Progress, Result, WithContext, csv_field, seconds};

/// Generates proper puzzles, minimal or with a target number of givens,
/// with a symmetry and a difficulty, in seed order.
///
/// Exit status: 0 when every puzzle asked for was made; 1 when one was
/// not made in time (the others are written all the same) or a file could
/// not be written; 2 for a bad command line (an empty rating range
/// included).
#[derive(Parser)]
#[command(name = "generate", version)]
pub(crate) struct Cli {
    /// How many puzzles to make.
    #[arg(short = 'n', long, default_value_t = 10)]
    count: u64,
    /// Shape: SIDExSIDE (9x9, 16x16) or box rows x box columns (3x2).
    #[arg(long, default_value = "9x9", conflicts_with = "side")]
    shape: Shape,
    /// The side of the grid, with its default boxes: `--side 16` is
    /// `--shape 16x16`.
    #[arg(long, value_name = "N")]
    side: Option<usize>,
    /// Symmetry of the givens: none, rotate180 (or rotational), rotate90,
    /// mirror-rows, mirror-columns, diagonal, anti-diagonal.
    #[arg(long, default_value = "none")]
    symmetry: Symmetry,
    /// Minimal puzzles: no given can go without losing uniqueness (the
    /// default, except in a search, whose neighbours are kept minimal
    /// only with this flag).
    #[arg(long, conflicts_with_all = ["givens", "empty"])]
    minimal: bool,
    /// Stop removing givens at N instead of at a minimal puzzle.
    #[arg(long, value_name = "N", conflicts_with = "empty")]
    givens: Option<usize>,
    /// Stop removing givens once this share of the cells (0 to 1) is
    /// empty.
    #[arg(long, value_name = "SHARE")]
    empty: Option<f64>,
    /// SE rating range, both ends included (6.0..7.5).
    #[arg(long, value_parser = Score::parse_range, value_name = "A..B")]
    rating: Option<std::ops::RangeInclusive<Score>>,
    /// Level: easy, medium, hard, expert or needs-guessing.
    #[arg(long)]
    level: Option<Level>,
    /// The technique of the hardest step, as the rater names it (case,
    /// spaces and hyphens ignored: x-wing, naked pair).
    #[arg(long, value_name = "NAME")]
    technique: Option<Technique>,
    /// The rules beyond rows, columns and boxes, comma-separated (x,
    /// windoku, disjoint-groups, anti-king, anti-knight, non-consecutive,
    /// jigsaw=MAP, house=r1c1+r2c2…, Kropki dots and XV clues such as
    /// white=r1c1+r1c2, lines such as thermo=r1c1+r2c2+r3c3); each line
    /// then ends with `;RULES`.
    /// A difficulty is rated under them, as SukakuExplainer rates
    /// variants.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// A random jigsaw map for each puzzle, from its seed, with the other
    /// rules of `--rules` (puzzles are then made one after the other).
    #[arg(long)]
    jigsaw: bool,
    /// Killers over the rules: `cages` (no givens, minimal in cages) or
    /// `givens` (minimal givens); puzzles are then made one after the
    /// other, and a symmetry or a number of givens cannot be asked (a
    /// difficulty can: killers are made until one is in the band).
    #[arg(long, value_enum, value_name = "KIND", conflicts_with_all = [
        "jigsaw", "givens", "empty", "minimal"
    ])]
    killer: Option<Killer>,
    /// Clues read off a random solved grid, `+`-joined kinds (sandwich,
    /// x-sum, skyscraper, little-killer, kropki, xv, parity, extrema,
    /// quadruple, thermo, arrow, whispers, renban, entropic, modular,
    /// between, indexer): as few as keep the solution unique,
    /// givens only where they cannot; puzzles are then made one after the
    /// other (a difficulty can be asked: puzzles are made until one is in
    /// the band).
    #[arg(long, value_name = "KINDS", value_parser = clue_kinds, conflicts_with_all = [
        "killer", "jigsaw", "givens", "empty", "minimal"
    ])]
    clues: Option<ClueKinds>,
    /// Search the neighbourhood of this puzzle (repeatable) for puzzles
    /// of the difficulty asked, instead of generating at random.
    #[arg(long, value_name = "PUZZLE", conflicts_with_all = ["killer", "clues", "jigsaw", "rules", "givens", "empty"])]
    vicinity: Vec<String>,
    /// Search the neighbourhood of the puzzles of FILE (one per line).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["killer", "clues", "jigsaw", "rules", "givens", "empty"])]
    from: Option<std::path::PathBuf>,
    /// In a search: the most givens a move empties (moves {-1+0} to
    /// {-N+(N+1)}).
    #[arg(long, default_value_t = 2, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=8))]
    moves: u8,
    /// In a search: keep the seeds' patterns of given cells, each move
    /// giving 1 to N givens other digits.
    #[arg(long)]
    pattern: bool,
    /// Seed of the first puzzle; puzzle k comes from seed S + k.
    #[arg(long, default_value_t = 1, value_name = "S")]
    seed: u64,
    /// Worker threads; 0 uses every core.
    #[arg(short = 'j', long, default_value_t = 0)]
    threads: usize,
    /// Time limit per puzzle, in seconds: a puzzle not made in time is
    /// reported on stderr and left out.
    #[arg(short, long, value_parser = seconds, default_value = "60", value_name = "SECONDS")]
    time_limit: Duration,
    /// Output: one puzzle per line, CSV `puzzle,seed,er,ep,ed,solution`,
    /// SumoCue's killer format, or f-puzzles links.
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Write to FILE, after comment lines saying how it was made, instead
    /// of to standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
}

/// What a killer of `--killer` is minimal in.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Killer {
    /// No givens, minimal in cages.
    Cages,
    /// A random cage layout, minimal in givens.
    Givens,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Line,
    Csv,
    /// SumoCue's killer exchange format (with `--killer cages`).
    Sumocue,
    /// f-puzzles links (`https://f-puzzles.com/?load=…`), one a line.
    Fpuzzles,
}

impl Cli {
    /// The shape asked for, by `--shape` or `--side`.
    fn shape(&self) -> Result<Shape> {
        Ok(match self.side {
            Some(side) => Shape::from_side(side)?,
            None => self.shape,
        })
    }

    /// How many givens to keep, by `--givens` or `--empty`.
    fn givens(&self, shape: Shape) -> Result<Givens> {
        let cells = shape.cell_count();
        Ok(match (self.givens, self.empty) {
            (Some(n), _) => Givens::Target(n),
            (None, Some(share)) if (0.0..=1.0).contains(&share) => {
                Givens::Target(cells - (cells as f64 * share) as usize)
            }
            (None, Some(share)) => return Err(format!("--empty: {share} is not a share between 0 and 1").into()),
            (None, None) => Givens::Minimal,
        })
    }

    fn difficulty(&self) -> Difficulty {
        let mut difficulty = Difficulty::any();
        if let Some(range) = &self.rating {
            difficulty = difficulty.with_rating(range.clone());
        }
        if let Some(level) = self.level {
            difficulty = difficulty.with_level(level);
        }
        if let Some(technique) = self.technique {
            difficulty = difficulty.with_technique(technique);
        }
        difficulty
    }

    /// The difficulty asked, as the command line says it.
    fn difficulty_text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(range) = &self.rating {
            parts.push(format!("ER {}..{}", range.start(), range.end()));
        }
        if let Some(level) = self.level {
            parts.push(level.to_string());
        }
        if let Some(technique) = self.technique {
            parts.push(technique.to_string());
        }
        parts.join(", ")
    }

    fn generator(&self) -> Result<Generator> {
        let difficulty = self.difficulty();
        let shape = self.shape()?;
        let variant = Variant::parse(self.rules.as_deref().unwrap_or(""), shape).context(|| "--rules")?;
        Ok(Generator::for_variant(variant)
            .with_symmetry(self.symmetry)
            .with_givens(self.givens(shape)?)
            .with_difficulty(difficulty)
            .with_budget(Budget::unlimited().with_time_limit(self.time_limit)))
    }
}

fn main() -> ExitCode {
    sudokit_examples::main(|| run(Cli::parse()))
}

/// Runs the command line `cli` (the `make_puzzles` example runs it too).
pub(crate) fn run(cli: Cli) -> Result {
    if cli.format == Format::Sumocue && (cli.killer != Some(Killer::Cages) || cli.shape()? != Shape::CLASSIC) {
        return Err("--format sumocue writes 9x9 killers without givens: it needs --killer cages".into());
    }
    if cli.killer.is_some() && cli.symmetry != Symmetry::None {
        return Err("--killer draws cages, not symmetric givens: leave --symmetry out".into());
    }
    if cli.clues.is_some() && cli.symmetry != Symmetry::None {
        return Err("--clues draws clues, not symmetric givens: leave --symmetry out".into());
    }
    let generator = cli.generator()?;
    if let Some(seeds) = search_seeds(&cli, &generator)? {
        return search(&cli, &seeds);
    }
    let killers = cli.killer.map(|kind| killer_generator(&generator, kind, cli.difficulty(), cli.time_limit));
    let clues = cli.clues.as_ref().map(|kinds| {
        ClueGenerator::new(generator.variant().clone(), &kinds.0)
            .with_difficulty(cli.difficulty())
            .with_budget(Budget::unlimited().with_time_limit(cli.time_limit))
    });
    let started = Instant::now();
    let last = cli.seed.saturating_add(cli.count.saturating_sub(1));
    let mut header = vec![
        format!(
            "{} {} puzzles with a unique solution, seeds {} to {last}, made by",
            cli.count,
            generator.shape(),
            cli.seed
        ),
        match (&killers, &clues) {
            (Some(killers), _) => format!("sudokit::generate ({killers:?})"),
            (_, Some(clues)) => format!("sudokit::generate ({clues:?})"),
            _ => format!("sudokit::generate ({generator:?})"),
        },
    ];
    if cli.jigsaw {
        header.push("each with the random jigsaw map Generator::random_jigsaw makes from its seed".to_owned());
    }
    let mut out = output(&cli, &header)?;
    let bar = Progress::new("generate", cli.count, "puzzles");
    let (mut made, mut failed) = (0u64, 0u64);
    let results: Box<dyn Iterator<Item = std::result::Result<Generated, GenerateError>>> =
        if let Some(killers) = killers {
            Box::new((cli.seed..=last).map(move |seed| killers.generate(seed)))
        } else if let Some(clues) = clues {
            Box::new((cli.seed..=last).map(move |seed| clues.generate(seed)))
        } else if cli.jigsaw {
            Box::new((cli.seed..=last).map(|seed| jigsaw_puzzle(&generator, seed)))
        } else {
            Box::new(generate_many(&generator, cli.seed..=last, cli.threads))
        };
    for (done, result) in (1..).zip(results.take(cli.count as usize)) {
        match result {
            Ok(generated) => {
                write_puzzle(&mut out, &generated, cli.format)?;
                made += 1;
            }
            Err(error) => {
                bar.println(&format!("{error}{}", closest(&error)));
                failed += 1;
            }
        }
        out.flush()?;
        bar.set(done, "");
    }
    bar.finish();
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{made} puzzles in {seconds:.2} s ({:.0} per second){}",
        made as f64 / seconds.max(1e-9),
        if failed > 0 { format!(", {failed} not made in time") } else { String::new() }
    );
    if failed > 0 {
        return Err(format!("{failed} of {} puzzles not made (see above)", made + failed).into());
    }
    Ok(())
}

/// The puzzles to search the neighbourhood of, when the command asks for
/// a search: those of `--vicinity` and `--from`, or, for a band above
/// what random generation reaches (`--rating` from above 9.0),
/// [`HARDEST_SEEDS`] puzzles of the bundled forum list drawn by `--seed`.
fn search_seeds(cli: &Cli, generator: &Generator) -> Result<Option<Vec<Grid>>> {
    let mut seeds = Vec::new();
    for text in &cli.vicinity {
        seeds.push(text.parse::<Grid>().context(|| format!("--vicinity {text}"))?);
    }
    if let Some(path) = &cli.from {
        seeds.extend(read_puzzles(path).context(|| format!("--from {}", path.display()))?);
        if seeds.is_empty() {
            return Err(format!("--from {}: no puzzle in the file", path.display()).into());
        }
    }
    if !seeds.is_empty() {
        return Ok(Some(seeds));
    }
    let hopeless = cli.rating.as_ref().is_some_and(|band| *band.start() > Difficulty::SPREAD_TOP);
    if !hopeless || cli.killer.is_some() || cli.jigsaw || !generator.variant().is_standard() {
        return Ok(None);
    }
    if generator.shape() != Shape::CLASSIC {
        return Err(
            format!("no search reaches {} on {}: the seeds are 9x9", cli.difficulty_text(), generator.shape()).into()
        );
    }
    let list = parse_puzzles(FORUM_HARDEST).context(|| "the bundled forum list")?;
    let mut draw = SplitMix64::new(cli.seed);
    seeds.extend((0..HARDEST_SEEDS).map(|_| list[draw.below(list.len())].clone()));
    eprintln!(
        "random generation does not reach {}: searching near {HARDEST_SEEDS} puzzles of the forum's hardest list",
        cli.difficulty_text()
    );
    Ok(Some(seeds))
}

/// The forum's hardest puzzles (puzzles/forum_hardest_1106.txt, whose
/// header says where they come from): the seeds of a band above 9.0.
const FORUM_HARDEST: &str = include_str!("../puzzles/forum_hardest_1106.txt");

/// Seeds drawn from [`FORUM_HARDEST`] for a search.
const HARDEST_SEEDS: usize = 4;

/// Searches the neighbourhood of `seeds` for `--count` puzzles of the
/// difficulty asked, written as they are found. `--time-limit` bounds the
/// search as a whole at that many seconds a puzzle asked for.
fn search(cli: &Cli, seeds: &[Grid]) -> Result {
    if cli.symmetry != Symmetry::None {
        return Err("a search keeps no symmetry: leave --symmetry out".into());
    }
    let difficulty = cli.difficulty();
    if difficulty.is_any() {
        return Err("a search climbs by rating: give --rating, --level or --technique".into());
    }
    let budget = Budget::unlimited().with_time_limit(cli.time_limit.saturating_mul(cli.count.min(1 << 20) as u32));
    let vicinity = Vicinity::new(difficulty)
        .with_moves(usize::from(cli.moves))?
        .with_minimal(cli.minimal)
        .with_fixed_pattern(cli.pattern)
        .with_budget(budget);
    let bar = std::sync::Arc::new(Progress::new("search", cli.count, "puzzles"));
    let shown = std::sync::Arc::clone(&bar);
    let search = vicinity.search(seeds, cli.seed)?.with_progress(move |stats| {
        let best = stats.best.map_or(String::new(), |er| format!(", best ER {er}"));
        shown.set(stats.found, &format!("{} rated{best}", stats.rated));
    });
    let started = Instant::now();
    let header = [
        format!("puzzles with a unique solution found by sudokit::generate::{vicinity:?},"),
        format!("seed {}, from {} puzzles", cli.seed, seeds.len()),
    ];
    let mut out = output(cli, &header)?;
    let mut made = 0;
    for result in search_vicinity(search, cli.threads).take(cli.count as usize) {
        let found = result.map_err(|error| format!("{error} ({made} of {} found)", cli.count))?;
        let puzzle = found.puzzle.to_string();
        if cli.format == Format::Csv {
            let Rating { er, ep, ed, .. } = found.rating;
            writeln!(out, "{puzzle},{},{er},{ep},{ed},{}", cli.seed, found.solution)?;
        } else {
            writeln!(out, "{puzzle}")?;
        }
        out.flush()?;
        made += 1;
        bar.set(made, &format!("ER {}, {} rated", found.rating.er, found.stats.rated));
    }
    bar.finish();
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("{made} puzzles in {seconds:.2} s");
    if made < cli.count {
        return Err(format!("the neighbourhood ran out of new puzzles after {made} of {}", cli.count).into());
    }
    Ok(())
}

/// Where the puzzles go: the file of `--output`, which starts with the
/// `header` lines as comments, or standard output; then CSV's header line
/// with `--format csv`.
fn output(cli: &Cli, header: &[String]) -> Result<Box<dyn Write>> {
    let mut out: Box<dyn Write> = match &cli.output {
        Some(path) => {
            let file = std::fs::File::create(path).context(|| format!("cannot write {}", path.display()))?;
            let mut file = io::BufWriter::new(file);
            for line in header {
                writeln!(file, "# {line}")?;
            }
            Box::new(file)
        }
        None => Box::new(io::stdout().lock()),
    };
    if cli.format == Format::Csv {
        writeln!(out, "puzzle,seed,er,ep,ed,solution")?;
    }
    Ok(out)
}

/// The puzzle of `seed` on the random jigsaw map of `seed`, with the
/// other rules of `generator`.
fn jigsaw_puzzle(generator: &Generator, seed: u64) -> std::result::Result<Generated, GenerateError> {
    let variant = generator.random_jigsaw(seed)?;
    generator.clone().with_variant(variant).generate(seed)
}

/// The killers of `--killer` over the rules of `generator`.
fn killer_generator(
    generator: &Generator,
    kind: Killer,
    difficulty: Difficulty,
    time_limit: Duration,
) -> KillerGenerator {
    let givens = if kind == Killer::Cages { KillerGivens::None } else { KillerGivens::Minimal };
    KillerGenerator::new(generator.variant().clone())
        .with_givens(givens)
        .with_difficulty(difficulty)
        .with_budget(Budget::unlimited().with_time_limit(time_limit))
}

/// The kinds of clues of `--clues`.
#[derive(Clone, Debug)]
struct ClueKinds(Vec<ClueKind>);

/// The kinds of `--clues`: names joined by `+`.
fn clue_kinds(text: &str) -> std::result::Result<ClueKinds, String> {
    text.split('+')
        .map(|name| name.parse::<ClueKind>().map_err(|error| error.to_string()))
        .collect::<std::result::Result<_, _>>()
        .map(ClueKinds)
}

/// What a request that ran out of time came closest to.
fn closest(error: &GenerateError) -> String {
    match error {
        GenerateError::Stopped { closest: Some(c), .. } => {
            c.rating.map_or(String::new(), |r| format!(" (the closest rated {}: {})", r.er, c.puzzle))
        }
        _ => String::new(),
    }
}

fn write_puzzle(out: &mut impl Write, generated: &Generated, format: Format) -> io::Result<()> {
    let ruled = Puzzle::new(generated.puzzle.clone(), generated.variant.clone());
    let ruled = ruled.expect("a generated puzzle has its rules' shape");
    let puzzle = match format {
        Format::Line => return writeln!(out, "{ruled}"),
        Format::Sumocue => return writeln!(out, "{}", write_sumocue(&ruled).map_err(io::Error::other)?),
        Format::Fpuzzles => return writeln!(out, "{}", fpuzzles_link(&ruled).map_err(io::Error::other)?),
        Format::Csv => ruled.to_string(),
    };
    // The rating takes the standard rules only.
    let standard = generated.variant.is_standard();
    let rating = generated.rating.or_else(|| standard.then(|| rate(&generated.puzzle).ok()).flatten());
    let (er, ep, ed) = rating.map_or((String::new(), String::new(), String::new()), |r| {
        (r.er.to_string(), r.ep.to_string(), r.ed.to_string())
    });
    writeln!(out, "{},{},{er},{ep},{ed},{}", csv_field(&puzzle), generated.seed, generated.solution)
}
