//! A seeded, bounded fuzz run over the public entry points, as a user's
//! code reaches them through the facade: parsers and readers on random and
//! near-valid text, pencil-mark lines, constructors with extreme sizes and
//! settings, exact-cover matrices against brute force, every registered
//! solver under node and iteration caps, ratings (every exit mode), hints
//! and explainer walks, generation requests with extreme settings and
//! small caps, transformations from random lists, steps of the builder
//! (drawn on their position and on others), candidate-board edits, and
//! variants: rules from text, and puzzles under them.
//!
//! It asserts that nothing panics, that every returned grid is checked by
//! the independent oracle, that two exact methods agree on counts, and that
//! every budgeted call stops within its caps (counted in nodes and
//! iterations, never in time).
//!
//! `SUDOKIT_FUZZ_ROUNDS` sets the number of rounds (default 300, what CI
//! runs); `SUDOKIT_FUZZ_SEED` the first seed. Each round tries every
//! section once; run with `--nocapture` for the counts.

use std::panic::{AssertUnwindSafe, catch_unwind};

use sudokit::dlx::ExactCover;
use sudokit::generate::{Difficulty, GenerateError, Generator, Givens, Symmetry, Transform};
use sudokit::grid::io::PuzzleReader;
use sudokit::grid::{BoardError, CandidateBoard, Candidates};
use sudokit::local::{Annealing, Cooling, Genetic, InitialTemperature};
use sudokit::rules::human::{
    Event, Explainer, House, Outcome, Position, RateError, RateUntil, Rater, Score, Step, Technique, hint_with,
    rate_with,
};
use sudokit::{
    Budget, Cell, ClueFamily, ClueSide, CountSolutions, Digit, Dlx, EdgeClue, Extremum, Grid, IndexerKind, LineKind,
    Parity, Puzzle, Relation, Rulebook, Shape, SightlineKind, SolveError, Solver, StopReason, UnitKind, Variant,
    registry,
};
use sudokit_testkit::generate::{self, SplitMix64};
use sudokit_testkit::oracle;
use sudokit_testkit::variant_oracle::{self, check_variant_solution};

/// Inputs tried per section, for the summary.
#[derive(Default)]
struct Tally {
    inputs: usize,
    sections: Vec<(&'static str, usize)>,
}

impl Tally {
    fn count(&mut self, section: &'static str) {
        self.inputs += 1;
        match self.sections.iter_mut().find(|(name, _)| *name == section) {
            Some((_, n)) => *n += 1,
            None => self.sections.push((section, 1)),
        }
    }
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Runs `f`, failing the test with `what` when it panics.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("panicked on {what}"))
}

/// Solutions up to 2, from the naive oracle up to 6×6 and from Dancing
/// Links above (the oracle is exponential on a 9×9 grid of a few random
/// givens without a solution): every other exact method is checked against
/// it, and Dancing Links against the oracle on the small shapes.
fn truth(grid: &Grid) -> u64 {
    if grid.side() <= 6 { oracle::count_solutions(grid, 2) } else { Dlx::new().count_solutions(grid, 2).unwrap_or(0) }
}

/// The solution of a puzzle `truth` found unique.
fn unique_solution(grid: &Grid) -> Grid {
    if grid.side() <= 6 {
        oracle::unique_solution(grid).expect("unique")
    } else {
        let solution = Dlx::new().solve(grid).expect("unique").grid;
        assert_eq!(oracle::check_solution(grid, &solution), Ok(()));
        solution
    }
}

/// Shapes small enough for every solver.
const SMALL: [(usize, usize); 4] = [(2, 2), (2, 3), (3, 2), (3, 3)];

fn small_shape(rng: &mut SplitMix64) -> Shape {
    let (h, w) = SMALL[rng.below(SMALL.len())];
    Shape::new(h, w).expect("a small shape")
}

fn any_shape(rng: &mut SplitMix64) -> Shape {
    let all: Vec<Shape> = Shape::all().collect();
    all[rng.below(all.len())]
}

/// A puzzle with at least one solution, or with a clash or a few random
/// givens (maybe none, maybe several solutions).
fn puzzle(rng: &mut SplitMix64, shape: Shape) -> Grid {
    let cells = shape.cell_count();
    let seed = rng.next_u64();
    match rng.below(4) {
        0 => {
            let mut values = vec![0; cells];
            for _ in 0..rng.below(cells / 3 + 1) {
                values[rng.below(cells)] = rng.below(shape.side() + 1) as u8;
            }
            Grid::from_values(shape, &values).expect("digits of the shape")
        }
        _ => generate::puzzle(shape, cells / 3 + rng.below(cells / 2 + 1), seed),
    }
}

/// Text that is a grid, nearly one, or noise.
fn text(rng: &mut SplitMix64) -> String {
    const NOISE: &[char] = &['.', '0', '1', '9', 'A', 'Z', 'x', '-', '|', '+', '=', ' ', '\n', '\t', 'é', '?', '#'];
    let shape = any_shape(rng);
    let small = small_shape(rng);
    let grid = puzzle(rng, small);
    let mut chars: Vec<char> = match rng.below(5) {
        0 => format!("{grid:#}").chars().collect(),
        1 => grid.to_string().chars().collect(),
        2 => Grid::empty(shape).to_string().chars().collect(),
        3 => (0..rng.below(200)).map(|_| NOISE[rng.below(NOISE.len())]).collect(),
        _ => format!("{:#}", Grid::empty(shape)).chars().collect(),
    };
    for _ in 0..rng.below(4) {
        if chars.is_empty() {
            break;
        }
        let at = rng.below(chars.len());
        match rng.below(3) {
            0 => chars[at] = NOISE[rng.below(NOISE.len())],
            1 => chars.insert(at, NOISE[rng.below(NOISE.len())]),
            _ => {
                chars.remove(at);
            }
        }
    }
    chars.into_iter().collect()
}

fn parsers(rng: &mut SplitMix64, tally: &mut Tally) {
    let input = text(rng);
    tally.count("parsers");
    let shape = any_shape(rng);
    no_panic(&format!("parse {input:?}"), || {
        if let Ok(grid) = input.parse::<Grid>() {
            assert_eq!(format!("{grid:#}").parse::<Grid>().as_ref(), Ok(&grid), "boxed round trip of {input:?}");
            assert_eq!(Grid::parse_with_shape(&grid.to_string(), grid.shape()).as_ref(), Ok(&grid));
        }
        if let Ok(grid) = Grid::parse_with_shape(&input, shape) {
            assert_eq!(grid.shape(), shape, "parse_with_shape keeps the shape");
        }
    });
    tally.count("readers");
    no_panic(&format!("read {input:?}"), || {
        let records = PuzzleReader::new(input.as_bytes()).with_mixed_shapes().take(100).count();
        assert!(records <= input.lines().count() + 1);
        let _ = PuzzleReader::new(input.as_bytes()).with_shape(shape).take(100).count();
    });
}

fn pencil_marks(rng: &mut SplitMix64, tally: &mut Tally) {
    tally.count("pencil marks");
    let shape = small_shape(rng);
    let board = CandidateBoard::new(&puzzle(rng, shape));
    let mut line: Vec<char> = board.to_pencil_line().chars().collect();
    for _ in 0..rng.below(3) {
        let at = rng.below(line.len());
        line[at] = ['.', '1', '5', 'G', ' '][rng.below(5)];
    }
    let line: String = line.into_iter().collect();
    no_panic(&format!("pencil line {line:?}"), || {
        let _ = CandidateBoard::from_pencil_line(&line);
        if let Ok(read) = CandidateBoard::from_pencil_line_with_shape(&line, shape) {
            assert_eq!(read.shape(), shape);
        }
        let _ = Position::from_pencil_line_with_shape(&line, shape);
    });
}

/// Sizes near the edges of what each constructor allows.
fn extreme_sizes(rng: &mut SplitMix64, tally: &mut Tally) {
    const SIZES: [usize; 7] = [0, 1, 2, 65_536, 1 << 40, usize::MAX / 2, usize::MAX];
    let (a, b) = (SIZES[rng.below(SIZES.len())], SIZES[rng.below(SIZES.len())]);
    tally.count("sizes");
    no_panic(&format!("sizes {a}, {b}"), || {
        let _ = ExactCover::try_new(a, b);
        let _ = sudokit::dlx::problems::queens(a);
        let _ = sudokit::dlx::problems::pentominoes(a, b);
        let _ = Shape::new(a, b);
        let _ = Shape::from_side(a);
        let _ = Shape::from_cell_count(a);
    });
    tally.count("settings");
    const REALS: [f64; 7] = [f64::NAN, f64::INFINITY, -1.0, 0.0, 0.5, 1.0, 1e300];
    let (x, y) = (REALS[rng.below(REALS.len())], REALS[rng.below(REALS.len())]);
    let small = small_shape(rng);
    let grid = puzzle(rng, small);
    let budget = Budget::unlimited().with_max_iterations(2_000).with_max_nodes(2_000);
    no_panic(&format!("settings {a}, {b}, {x}, {y}"), || {
        let solvers: Vec<Box<dyn Solver>> = vec![
            Box::new(Genetic::new().with_population(a, b).with_mutation_rate(x).with_crossover(Default::default(), y)),
            Box::new(
                Genetic::new()
                    .with_tournament(a)
                    .with_local_search(u32::MAX)
                    .with_termination(0, b as u64)
                    .with_restarts(1),
            ),
            Box::new(
                Annealing::new()
                    .with_initial_temperature(InitialTemperature::Auto(u32::try_from(a).unwrap_or(u32::MAX)))
                    .with_cooling(Cooling::Exponential(x))
                    .with_min_temperature(y),
            ),
            Box::new(
                Annealing::new().with_initial_temperature(InitialTemperature::Fixed(x)).with_moves_per_temperature(0),
            ),
        ];
        for mut solver in solvers {
            match solver.solve_with(&grid, &budget) {
                Ok(solution) => assert_eq!(oracle::check_solution(&grid, &solution.grid), Ok(())),
                Err(SolveError::BudgetExhausted { stats, .. }) => {
                    assert!(stats.iterations <= 2_000 && stats.nodes <= 2_000, "{stats:?}");
                }
                Err(_) => {}
            }
        }
    });
}

/// A random small exact-cover matrix, counted by the engine and by brute
/// force over every subset of options.
fn exact_cover(rng: &mut SplitMix64, tally: &mut Tally) {
    tally.count("exact cover");
    let (primary, secondary) = (1 + rng.below(6), rng.below(3));
    let items = primary + secondary;
    let mut matrix = ExactCover::new(primary, secondary);
    let mut options: Vec<Vec<usize>> = Vec::new();
    for _ in 0..rng.below(10) {
        let mut option: Vec<usize> = (0..items).filter(|_| rng.below(3) == 0).collect();
        if option.iter().all(|&i| i >= primary) {
            option.push(rng.below(primary));
        }
        option.sort_unstable();
        option.dedup();
        if matrix.add_option(&option).is_ok() {
            options.push(option);
        }
    }
    let brute = (0u32..1 << options.len())
        .filter(|mask| {
            let mut covered = vec![0; items];
            for (k, option) in options.iter().enumerate().filter(|(k, _)| mask >> k & 1 == 1) {
                let _ = k;
                for &i in option {
                    covered[i] += 1;
                }
            }
            covered[..primary].iter().all(|&c| c == 1) && covered[primary..].iter().all(|&c| c <= 1)
        })
        .count() as u64;
    let counted = matrix.count_solutions(u64::MAX, &Budget::unlimited()).expect("no limit");
    assert_eq!(counted, brute, "{primary} primary, {secondary} secondary, options {options:?}");
}

/// Every registered solver under caps; every answer checked; the exact
/// ones' counts against the oracle's.
fn solvers(rng: &mut SplitMix64, tally: &mut Tally) {
    let shape = small_shape(rng);
    let grid = puzzle(rng, shape);
    let (nodes, iterations) = (20_000, 20_000);
    let budget = Budget::unlimited().with_max_nodes(nodes).with_max_iterations(iterations).without_timing();
    let truth = truth(&grid);
    for info in registry::solvers() {
        tally.count("solvers");
        let what = format!("{} on {grid}", info.name());
        let result = no_panic(&what, || info.build().solve_with(&grid, &budget));
        match result {
            Ok(solution) => assert_eq!(oracle::check_solution(&grid, &solution.grid), Ok(()), "{what}"),
            Err(SolveError::Unsolvable) => assert_eq!(truth, 0, "{what}: unsolvable, but the oracle solves it"),
            Err(SolveError::InvalidPuzzle { .. }) => assert!(oracle::has_clash(&grid), "{what}"),
            Err(SolveError::BudgetExhausted { stats, best, .. }) => {
                assert!(stats.nodes <= nodes && stats.iterations <= iterations, "{what}: {stats:?}");
                if let Some(best) = best {
                    assert!(best.keeps_givens_of(&grid), "{what}");
                }
            }
            Err(SolveError::Incomplete { .. }) => assert!(!info.is_exact(), "{what}: an exact solver gave up"),
            Err(other) => panic!("{what}: {other}"),
        }
        if let Some(mut counter) = info.build_counter() {
            tally.count("counts");
            if let Ok(count) = no_panic(&what, || counter.count_solutions_with(&grid, 2, &budget)) {
                assert_eq!(count, truth, "{what}: counts differ from the oracle's");
            }
        }
    }
}

/// Ratings, hints and explainer walks under caps.
fn human(rng: &mut SplitMix64, tally: &mut Tally) {
    let shape = small_shape(rng);
    let grid = puzzle(rng, shape);
    let (nodes, iterations) = (300 + rng.below(3_000) as u64, 50 + rng.below(300) as u64);
    let budget = Budget::unlimited().with_max_nodes(nodes).with_max_iterations(iterations);
    let truth = truth(&grid);
    let what = format!("{grid}");
    tally.count("ratings");
    match no_panic(&what, || rate_with(&grid, &budget)) {
        Ok(rating) => {
            assert_eq!(truth, 1, "{what}: rated, but not unique");
            assert!(rating.ep <= rating.er && rating.ed <= rating.er, "{what}: {rating:?}");
        }
        Err(RateError::NoSolution) => assert_eq!(truth, 0, "{what}"),
        Err(RateError::MultipleSolutions) => assert_eq!(truth, 2, "{what}"),
        Err(_) => {}
    }
    tally.count("hints");
    match no_panic(&what, || hint_with(&grid, None, &budget)) {
        Ok(Some(step)) if truth == 1 => {
            let solution = unique_solution(&grid);
            for &(cell, digit) in step.placements() {
                assert_eq!(solution.get(cell), Some(digit), "{what}: {step}");
            }
            for &(cell, digit) in step.eliminations() {
                assert_ne!(solution.get(cell), Some(digit), "{what}: {step}");
            }
        }
        Err(SolveError::BudgetExhausted { stats, .. }) => assert!(stats.nodes <= nodes, "{what}: {stats:?}"),
        _ => {}
    }
    tally.count("explainer");
    let Ok(explainer) = Explainer::new(&grid) else { return };
    let mut explainer = explainer.with_budget(budget);
    let mut last = None;
    for event in explainer.by_ref() {
        last = Some(event);
    }
    let stats = explainer.stats();
    assert!(stats.nodes <= nodes && stats.iterations <= iterations, "{what}: {stats:?}");
    match last {
        Some(Event::Finished(Outcome::Solved(solution))) => {
            assert_eq!(truth, 1, "{what}");
            assert_eq!(oracle::check_solution(&grid, &solution), Ok(()));
        }
        Some(Event::Finished(Outcome::NoSolution)) => assert_eq!(truth, 0, "{what}"),
        Some(Event::Finished(Outcome::MultipleSolutions(a, b))) => {
            assert_eq!(truth, 2, "{what}");
            assert_ne!(a, b);
        }
        Some(Event::Finished(_)) => {}
        other => panic!("{what}: the walk ended on {other:?}"),
    }
}

/// Every exit mode of the rater, with a maximum or not, under caps.
fn rater_modes(rng: &mut SplitMix64, tally: &mut Tally) {
    tally.count("rater modes");
    const UNTIL: [RateUntil; 5] = [
        RateUntil::Solved,
        RateUntil::FirstStep,
        RateUntil::FirstPlacement,
        RateUntil::NotPearl,
        RateUntil::NotDiamond,
    ];
    let shape = small_shape(rng);
    let grid = puzzle(rng, shape);
    let until = UNTIL[rng.below(UNTIL.len())];
    let max = [None, Some(0), Some(25), Some(u16::MAX)][rng.below(4)];
    let budget = Budget::unlimited().with_max_nodes(2_000).with_max_iterations(200);
    let mut rater = Rater::new().until(until).with_budget(budget);
    if let Some(max) = max {
        rater = rater.with_max(Score::from_tenths(max));
    }
    let what = format!("{until:?} up to {max:?} on {grid}");
    match no_panic(&what, || rater.rate(&grid)) {
        Ok(rating) => {
            assert_eq!(truth(&grid), 1, "{what}");
            assert!(rating.ed <= rating.er && rating.ep <= rating.er, "{what}: {rating:?}");
            assert!(rating.cutoff.is_some() || until == RateUntil::Solved || rating.er == rating.ep, "{what}");
        }
        Err(RateError::NoSolution) => assert_eq!(truth(&grid), 0, "{what}"),
        Err(RateError::MultipleSolutions) => assert_eq!(truth(&grid), 2, "{what}"),
        Err(_) => {}
    }
}

/// Generation requests with extreme settings and small caps: each one
/// ends, and a puzzle made is proper and as asked.
fn generation(rng: &mut SplitMix64, tally: &mut Tally) {
    tally.count("generation");
    let shape = if rng.below(4) == 0 { Shape::CLASSIC } else { small_shape(rng) };
    let symmetry = Symmetry::ALL[rng.below(Symmetry::ALL.len())];
    let cells = shape.cell_count();
    let givens = match rng.below(3) {
        0 => Givens::Minimal,
        _ => Givens::Target([0, 3, 4, 17, cells / 2, cells - 1, cells, usize::MAX][rng.below(8)]),
    };
    let (low, high) = (rng.below(130) as u16, rng.below(130) as u16);
    let difficulty = if rng.below(3) == 0 {
        Difficulty::any().with_rating(Score::from_tenths(low)..=Score::from_tenths(high))
    } else {
        Difficulty::any()
    };
    let budget = Budget::unlimited().with_max_nodes(5_000 + rng.below(50_000) as u64).with_max_iterations(400);
    let generator = Generator::new(shape)
        .with_symmetry(symmetry)
        .with_givens(givens)
        .with_difficulty(difficulty)
        .with_budget(budget);
    let what = format!("{generator:?}");
    match no_panic(&what, || generator.generate(rng.next_u64())) {
        Ok(made) => {
            assert_eq!(truth(&made.puzzle), 1, "{what}: {}", made.puzzle);
            assert!(made.puzzle.keeps_givens_of(&made.puzzle) && made.solution.is_solution_of(&made.puzzle), "{what}");
            if let Givens::Target(n) = givens {
                assert!(made.puzzle.filled_count() <= n, "{what}: {}", made.puzzle);
            }
        }
        Err(GenerateError::Parameter(_)) => {
            assert!(matches!(givens, Givens::Target(n) if n >= cells), "{what}");
        }
        Err(GenerateError::Stopped { reason, .. }) => {
            assert!(matches!(reason, StopReason::NodeLimit | StopReason::IterationLimit), "{what}: {reason}");
        }
        Err(GenerateError::Impossible { .. }) => {}
        Err(other) => panic!("{what}: {other}"),
    }
}

/// A list of `len` entries that is often a permutation of `first..first+len`.
fn maybe_permutation(rng: &mut SplitMix64, first: usize, len: usize) -> Vec<usize> {
    let mut list: Vec<usize> = (first..first + len).collect();
    rng.shuffle(&mut list);
    match rng.below(4) {
        0 if !list.is_empty() => list[rng.below(len)] = rng.below(len + 2),
        1 => list.push(first),
        2 => {
            list.pop();
        }
        _ => {}
    }
    list
}

/// Transformations from random lists: built or refused, and a transform
/// built keeps a solved grid solved and undoes itself.
fn transformations(rng: &mut SplitMix64, tally: &mut Tally) {
    tally.count("transformations");
    let shape = any_shape(rng);
    let (h, w, n) = (shape.box_height(), shape.box_width(), shape.side());
    let index = [0, 1, n / h, n / w, n, usize::MAX][rng.below(6)];
    let first = rng.below(2);
    let digits: Vec<u8> = maybe_permutation(rng, first, n).into_iter().map(|d| d as u8).collect();
    let built = match rng.below(5) {
        0 => Transform::relabel(shape, &digits),
        1 => Transform::permute_bands(shape, &maybe_permutation(rng, 0, n / h)),
        2 => Transform::permute_stacks(shape, &maybe_permutation(rng, 0, n / w)),
        3 => Transform::permute_rows_in_band(shape, index, &maybe_permutation(rng, 0, h)),
        _ => Transform::permute_columns_in_stack(shape, index, &maybe_permutation(rng, 0, w)),
    };
    let Ok(transform) = built else { return };
    let transform = if rng.below(2) == 0 { transform.transpose() } else { transform.rotate_90() };
    let grid = generate::solved_grid(shape, rng.next_u64());
    let moved = no_panic(&format!("{transform:?}"), || transform.apply(&grid)).expect("a transform of the shape");
    assert!(moved.is_solved(), "{transform:?}");
    assert_eq!(transform.inverse().apply(&moved), Ok(grid));
}

/// Steps of the builder from random cells, digits and houses: built only
/// when they fit the position, drawn on it and on a position of another
/// shape without a panic.
fn steps(rng: &mut SplitMix64, tally: &mut Tally) {
    tally.count("steps");
    let shape = small_shape(rng);
    let Ok(position) = Position::new(&puzzle(rng, shape)) else { return };
    let other = Position::new(&Grid::empty(small_shape(rng))).expect("an empty grid");
    let mut builder = Step::builder(Technique::Custom(
        sudokit::rules::human::CustomTechnique::try_new("Fuzz", Score::from_tenths(40)).expect("a name"),
    ));
    let cell = |rng: &mut SplitMix64| Cell::new(rng.below(shape.side() + 2), rng.below(shape.side() + 2));
    let digit =
        |rng: &mut SplitMix64| Digit::new(1 + [rng.below(shape.side() + 1), 63, 64, 65, 254][rng.below(5)] as u8);
    for _ in 0..1 + rng.below(4) {
        let (c, d) = (cell(rng), digit(rng).expect("not zero"));
        builder = if rng.below(3) == 0 { builder.placing(c, d) } else { builder.eliminating(c, d) };
    }
    let houses: Vec<House> = position.houses().chain(other.houses()).collect();
    builder = builder.with_cells([cell(rng)]).with_houses([houses[rng.below(houses.len())]]);
    let what = format!("{builder:?} on {position:?}");
    let Ok(step) = no_panic(&what, || builder.build(&position)) else { return };
    // A step of the user's may be wrong: applying it may empty a cell
    // (an error), never panic.
    let mut after = position.clone();
    let _ = no_panic(&what, || after.apply(&step));
    #[cfg(feature = "svg")]
    no_panic(&what, || {
        assert!(step.to_svg(&position).is_ok(), "{what}");
        let _ = step.to_svg(&other);
    });
    let _ = other;
}

/// Candidate-board edits with cells and digits inside and outside the
/// grid: refused with an error, or done as asked.
fn board_edits(rng: &mut SplitMix64, tally: &mut Tally) {
    tally.count("board edits");
    let shape = small_shape(rng);
    let mut board = CandidateBoard::new(&puzzle(rng, shape));
    for _ in 0..8 {
        let cell = Cell::new(rng.below(shape.side() + 2), rng.below(shape.side() + 2));
        let value = [1 + rng.below(shape.side()), shape.side() + 1, 64, 65, 255][rng.below(5)] as u8;
        let digit = Digit::new(value).expect("not zero");
        let inside = cell.row() < shape.side() && cell.col() < shape.side();
        let fits = usize::from(value) <= shape.side();
        let before = board.clone();
        let what = format!("{cell} {digit} on {shape}");
        match rng.below(3) {
            0 => match no_panic(&what, || board.insert(cell, digit)) {
                Ok(_) => assert!(inside && fits && board.get(cell).contains(digit), "{what}"),
                Err(BoardError::CellOutside { .. }) => assert!(!inside, "{what}"),
                Err(BoardError::DigitOutside { .. }) => assert!(inside && !fits, "{what}"),
                Err(other) => panic!("{what}: {other}"),
            },
            1 => match no_panic(&what, || board.remove(cell, digit)) {
                Ok(_) => assert!(inside && !board.get(cell).contains(digit), "{what}"),
                Err(_) => assert!(!inside, "{what}"),
            },
            _ => {
                let set = Candidates::from_bits(rng.next_u64() >> rng.below(64));
                let fits = (set - Candidates::full(shape.side())).is_empty();
                match no_panic(&what, || board.set(cell, set)) {
                    Ok(()) => assert!(inside && fits && board.get(cell) == set, "{what}"),
                    Err(_) => assert!(!inside || !fits, "{what}"),
                }
            }
        }
        if board != before {
            assert!(inside, "{what}: the board changed outside the grid");
        }
    }
}

/// Rules text made of known names, near-names and noise.
fn rules_text(rng: &mut SplitMix64, shape: Shape) -> String {
    let cells = shape.cell_count();
    let map: String = (0..cells).map(|i| shape.symbol((i / shape.side()) as u8 + 1)).collect();
    let names = [
        "x",
        "windoku",
        "disjoint-groups",
        "anti-king",
        "anti-knight",
        "non-consecutive",
        "standard",
        "",
        " x ",
        "anti-queen",
        "house=r1c1+r2c2",
        "house=r1c1",
        "house=r0c1+r1c1",
        "jigsaw=12",
        "=",
        ",",
        "thermo=r1c1+r2c2+r2c3",
        "slow-thermo=r4c4+r3c4",
        "german-whispers=r1c2+r1c3+r2c4",
        "dutch-whispers=r3c1+r3c2",
        "whispers=3:r2c1+r3c1",
        "whispers=0:r2c1+r3c1",
        "palindrome=r4c1+r4c2+r4c3",
        "thermo=r1c1+r1c3",
        "minimum=r2c2+r4c4",
        "maximum=r1c1,minimum=r1c1",
        "even=r1c1+r2c3",
        "odd=r4c4,even=r4c4",
        "arrow=r1c1:r1c2+r2c3",
        "arrow=r2c2:r2c2",
        "little-killer=7:r1c2+r2c3+r3c4",
        "little-killer=3:r4c1+r3c2",
    ];
    let mut parts: Vec<String> = (0..rng.below(4)).map(|_| names[rng.below(names.len())].to_owned()).collect();
    if rng.below(4) == 0 {
        parts.push(format!("jigsaw={map}"));
    }
    parts.join(",")
}

/// Rules from text: parsed without a panic, written back to the same
/// rules; puzzles under them solved and counted by the solvers that take
/// every variant, under a node cap, each answer checked by the variant
/// oracle and their counts equal when both finish.
fn variants(rng: &mut SplitMix64, tally: &mut Tally) {
    tally.count("variants");
    let shape = small_shape(rng);
    let text = rules_text(rng, shape);
    let Ok(variant) = no_panic(&format!("rules {text:?}"), || Variant::parse(&text, shape)) else { return };
    assert_eq!(Variant::parse(&variant.to_string(), shape).as_ref(), Ok(&variant), "round trip of {text:?}");
    let grid = puzzle(rng, shape);
    let budget = Budget::unlimited().with_max_nodes(20_000);
    let mut counts = Vec::new();
    for name in ["dlx", "backtracking-mrv"] {
        let mut solver = registry::find(name).expect("registered").build_counter().expect("exact");
        let what = format!("{name} on {grid} under {variant}");
        if let Ok(solution) =
            no_panic(&what, || solver.solve_puzzle_with(&Puzzle::new(grid.clone(), variant.clone()).unwrap(), &budget))
        {
            assert_eq!(check_variant_solution(&grid, &variant, &solution.grid), Ok(()), "{what}");
        }
        counts.push(
            no_panic(&what, || {
                solver.count_puzzle_solutions_with(&Puzzle::new(grid.clone(), variant.clone()).unwrap(), 2, &budget)
            })
            .ok(),
        );
    }
    if let [Some(a), Some(b)] = counts[..] {
        assert_eq!(a, b, "dlx and backtracking-mrv count {grid} under {variant} differently");
    }
}

/// Random rules built kind by kind (regions, extra houses, relations,
/// cages with and without sums, pencil marks) on 4×4 and 6×6 puzzles:
/// every registered solver that knows every kind they hold agrees with
/// the variant oracle (its grid checked, its count equal when it
/// finishes), and every other one refuses them, naming the first kind it
/// does not know.
fn rule_sets(rng: &mut SplitMix64, tally: &mut Tally) {
    tally.count("rule sets");
    let shape = [Shape::MINI, Shape::new(2, 3).expect("6×6"), Shape::new(3, 2).expect("6×6")][rng.below(3)];
    let variant = random_rules(rng, shape);
    let rules = Rulebook::new(variant.clone());
    let grid = puzzle(rng, shape);
    let Ok(puzzle) = Puzzle::new(grid.clone(), rules.clone()) else { unreachable!("one shape") };
    let (truth, _) = variant_oracle::count_variant_solutions(&grid, &variant, 2);
    let (nodes, iterations) = (20_000, 20_000);
    let budget = Budget::unlimited().with_max_nodes(nodes).with_max_iterations(iterations).without_timing();
    for info in registry::solvers() {
        tally.count("rule sets × solvers");
        let what = format!("{} on {puzzle}", info.name());
        let unknown = rules.kinds().difference(info.rule_kinds()).first();
        let solved = no_panic(&what, || info.build().solve_puzzle_with(&puzzle, &budget));
        let counted =
            info.build_counter().map(|mut c| no_panic(&what, || c.count_puzzle_solutions_with(&puzzle, 2, &budget)));
        if let Some(kind) = unknown {
            let refusals = [Some(solved.err()), counted.map(Result::err)];
            for result in refusals.into_iter().flatten() {
                assert!(
                    matches!(result, Some(SolveError::UnsupportedVariant { kind: k, .. }) if k == kind),
                    "{what}: {result:?}, expected a refusal naming {kind}"
                );
            }
            continue;
        }
        match solved {
            Ok(solution) => assert_eq!(check_variant_solution(&grid, &variant, &solution.grid), Ok(()), "{what}"),
            Err(
                SolveError::Unsolvable
                | SolveError::InvalidPuzzle { .. }
                | SolveError::VariantClash { .. }
                | SolveError::CageClash { .. }
                | SolveError::MarkClash { .. }
                | SolveError::SumClash { .. }
                | SolveError::QuadrupleClash { .. }
                | SolveError::SandwichClash { .. }
                | SolveError::SightlineClash { .. }
                | SolveError::IndexerClash { .. }
                | SolveError::LineClash { .. },
            ) => assert_eq!(truth, 0, "{what}: no solution, but the oracle finds one"),
            Err(SolveError::BudgetExhausted { stats, .. }) => {
                assert!(stats.nodes <= nodes && stats.iterations <= iterations, "{what}: {stats:?}");
            }
            Err(SolveError::Incomplete { .. }) => assert!(!info.is_exact(), "{what}: an exact solver gave up"),
            Err(other) => panic!("{what}: {other}"),
        }
        match counted {
            Some(Ok(count)) => assert_eq!(count, truth, "{what}: counts differ from the oracle's"),
            Some(Err(SolveError::BudgetExhausted { .. })) | None => {}
            Some(Err(error)) => assert_eq!(truth, 0, "{what}: {error}, but the oracle finds a solution"),
        }
    }
}

/// Rules of `shape` with each kind drawn at random (a quarter of the
/// time the standard rules alone).
fn random_rules(rng: &mut SplitMix64, shape: Shape) -> Variant {
    let mut variant = Variant::standard(shape);
    let side = shape.side();
    let cell = |rng: &mut SplitMix64| Cell::new(rng.below(side), rng.below(side));
    if shape == Shape::MINI && rng.below(4) == 0 {
        variant = variant.with_regions(&[1, 1, 1, 2, 3, 1, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4]).expect("a map");
    }
    for (odds, add) in [
        (4, Variant::with_diagonals as fn(Variant) -> Variant),
        (6, Variant::with_windows),
        (6, Variant::with_disjoint_groups),
    ] {
        if rng.below(odds) == 0 {
            variant = add(variant);
        }
    }
    for relation in Relation::ALL {
        if rng.below(5) == 0 {
            variant = variant.with_relation(relation);
        }
    }
    if rng.below(6) == 0 {
        let (a, b) = (cell(rng), cell(rng));
        variant = variant.clone().with_house(&[a, b]).unwrap_or(variant);
    }
    for _ in 0..rng.below(3) {
        // A domino of two cells, with a sum one time in two.
        let a = cell(rng);
        let b = if a.col() + 1 < side { Cell::new(a.row(), a.col() + 1) } else { Cell::new(a.row(), a.col() - 1) };
        let sum = (rng.below(2) == 0).then(|| 3 + rng.below(2 * side - 3) as u32);
        variant = variant.clone().with_cage(&[a, b], sum).unwrap_or(variant);
    }
    for _ in 0..rng.below(4) {
        // A clue between two neighbours: Kropki's dots, XV's X and V.
        let a = cell(rng);
        let (row, col) = (a.row(), a.col());
        let b = match rng.below(2) {
            0 if col + 1 < side => Cell::new(row, col + 1),
            0 => Cell::new(row, col - 1),
            _ if row + 1 < side => Cell::new(row + 1, col),
            _ => Cell::new(row - 1, col),
        };
        let clue = EdgeClue::ALL[rng.below(EdgeClue::ALL.len())];
        variant = variant.clone().with_edge_clue(clue, a, b).unwrap_or(variant);
    }
    for family in ClueFamily::ALL {
        if rng.below(8) == 0 {
            variant = variant.with_all_clues_given(family);
        }
    }
    for _ in 0..rng.below(3) {
        // A line of 2 to 4 cells walked through king's-move neighbours
        // (a step off the grid or back onto the line is an error, kept).
        let kinds = [
            LineKind::Thermometer,
            LineKind::SlowThermometer,
            LineKind::german_whispers(side),
            LineKind::Palindrome,
            LineKind::Renban(0),
            LineKind::entropic(side),
            LineKind::modular(side),
            LineKind::Between,
            LineKind::RegionSum,
        ];
        let kind = kinds[rng.below(kinds.len())];
        let mut line = vec![cell(rng)];
        for _ in 0..1 + rng.below(3) {
            let last = line[line.len() - 1];
            let step = |at: usize, rng: &mut SplitMix64| (at + rng.below(3)).checked_sub(1).filter(|&to| to < side);
            match (step(last.row(), rng), step(last.col(), rng)) {
                (Some(row), Some(col)) => line.push(Cell::new(row, col)),
                _ => break,
            }
        }
        // A renban's count is its cells'.
        let kind = if kind == LineKind::Renban(0) { LineKind::Renban(line.len() as u32) } else { kind };
        variant = variant.clone().with_line(kind, &line).unwrap_or(variant);
    }
    for _ in 0..rng.below(3) {
        let extremum = Extremum::ALL[rng.below(2)];
        variant = variant.clone().with_extremum(cell(rng), extremum).unwrap_or(variant);
    }
    for _ in 0..rng.below(3) {
        let parity = Parity::ALL[rng.below(2)];
        variant = variant.clone().with_parity(cell(rng), parity).unwrap_or(variant);
    }
    for _ in 0..rng.below(2) {
        // Random cells: most are no arrow or diagonal (an error, kept).
        let (a, b, c) = (cell(rng), cell(rng), cell(rng));
        variant = variant.clone().with_arrow(a, &[b, c]).unwrap_or(variant);
        let total = 1 + rng.below(2 * side) as u32;
        variant = variant.clone().with_little_killer(total, &[a, b]).unwrap_or(variant);
        variant = variant.clone().with_pill_arrow(&[a, b], &[c]).unwrap_or(variant);
        // One to five digits up to one past the side: some refused, kept.
        let digits: Vec<u8> = (0..1 + rng.below(5)).map(|_| rng.below(side + 1) as u8 + 1).collect();
        variant = variant.clone().with_quadruple(c, &digits).unwrap_or(variant);
        // Any total up to past the reach: some refused, kept.
        let unit = [UnitKind::Row, UnitKind::Column, UnitKind::Box][rng.below(3)];
        let total = rng.below(side * side / 2) as u32;
        variant = variant.clone().with_sandwich(unit, rng.below(side + 1), total).unwrap_or(variant);
        // Any clue up to past the reach, beside any row or column or one
        // past the side: some refused, kept.
        let (kind, at) = (SightlineKind::ALL[rng.below(2)], ClueSide::ALL[rng.below(4)]);
        let value = rng.below(side * 2) as u32;
        variant = variant.clone().with_sightline(kind, at, rng.below(side + 1), value).unwrap_or(variant);
        // Random cells against random cells: some of different counts or
        // repeated, refused and kept.
        let (cells, copies): (Vec<Cell>, Vec<Cell>) = (0..1 + rng.below(3)).map(|_| (cell(rng), cell(rng))).unzip();
        let copies = if rng.below(4) == 0 { &copies[1..] } else { &copies[..] };
        variant = variant.clone().with_clone(&cells, copies).unwrap_or(variant);
        let kind = [IndexerKind::Column, IndexerKind::Row][rng.below(2)];
        variant = variant.clone().with_indexer(kind, c).unwrap_or(variant);
    }
    if rng.below(8) == 0 {
        let full = (1u64 << side) - 1;
        let marks: Vec<u64> = (0..shape.cell_count()).map(|_| full & !(1 << rng.below(side))).collect();
        variant = variant.clone().with_marks(&marks).unwrap_or(variant);
    }
    variant
}

#[test]
fn fuzz_the_public_entry_points() {
    let rounds = env("SUDOKIT_FUZZ_ROUNDS", 300);
    let first = env("SUDOKIT_FUZZ_SEED", 1);
    let mut tally = Tally::default();
    for seed in first..first + rounds {
        let mut rng = SplitMix64::new(seed);
        parsers(&mut rng, &mut tally);
        pencil_marks(&mut rng, &mut tally);
        extreme_sizes(&mut rng, &mut tally);
        exact_cover(&mut rng, &mut tally);
        solvers(&mut rng, &mut tally);
        human(&mut rng, &mut tally);
        rater_modes(&mut rng, &mut tally);
        generation(&mut rng, &mut tally);
        transformations(&mut rng, &mut tally);
        steps(&mut rng, &mut tally);
        board_edits(&mut rng, &mut tally);
        variants(&mut rng, &mut tally);
        rule_sets(&mut rng, &mut tally);
    }
    println!("{} inputs over {rounds} rounds from seed {first}: {:?}", tally.inputs, tally.sections);
    assert!(tally.inputs >= rounds as usize * 20, "every section ran");
}
