//! Puzzles of every kind of clue `ClueGenerator` draws, checked against
//! the test kit's independent oracle: each is unique with the generator's
//! solution; every registered counter that takes its rules counts it, and
//! the same puzzle without one of its clues, as the oracle does; and the
//! hint path keeps the solution at every step. A few puzzles a kind run
//! with the tests; a thousand a kind (or `SUDOKIT_CLUE_PUZZLES`, of the
//! kinds of `SUDOKIT_CLUE_KINDS`, comma-separated) run with
//! `cargo test --release -p sudokit --test clue_puzzles -- --ignored`.

use std::time::Instant;

use sudokit::generate::{ClueGenerator, ClueKind, Generated};
use sudokit::rules::human::{CustomTechnique, Position, Score, Step, Technique};
use sudokit::{Cell, Grid, Puzzle, Rulebook, Shape, Variant, registry};
use sudokit_testkit::variant_oracle::count_variant_solutions;

/// A step a stalled walk takes: the solution's digit.
const GUESS: CustomTechnique = CustomTechnique::new("Guess", Score::from_tenths(100));

/// The rules of `made` without their first clue (its text form's first
/// part).
fn one_clue_fewer(made: &Generated) -> Variant {
    let text = made.variant.to_string();
    let rest: Vec<&str> = text.split(',').skip(1).collect();
    let shape = made.puzzle.shape();
    if rest.is_empty() {
        Variant::standard(shape)
    } else {
        Variant::parse(&rest.join(","), shape).expect("valid rules")
    }
}

/// Every counter that takes `variant` counts `puzzle` up to two as the
/// oracle does; the counts checked.
fn counters_agree(puzzle: &Grid, variant: &Variant) -> Result<usize, String> {
    let expected = count_variant_solutions(puzzle, variant, 2).0;
    let rules = Rulebook::new(variant.clone());
    let mut checked = 0;
    for info in registry::solvers() {
        let Some(mut counter) = info.build_counter() else { continue };
        if !rules.kinds().is_subset(info.rule_kinds()) {
            continue;
        }
        let ruled = Puzzle::new(puzzle.clone(), rules.clone()).map_err(|e| e.to_string())?;
        let count = counter.count_puzzle_solutions(&ruled, 2).map_err(|e| format!("{}: {e}", info.name()))?;
        if count != expected {
            return Err(format!("{} counts {count}, the oracle {expected}: {puzzle};{variant}", info.name()));
        }
        checked += 1;
    }
    Ok(checked)
}

/// Walks the hint path of `made`, checking each step against its
/// solution; a stalled walk plays the solution's digit.
fn walk(made: &Generated) -> Result<usize, String> {
    let (grid, solution) = (&made.puzzle, &made.solution);
    let mut position = Position::with_variant(grid, &made.variant).map_err(|e| e.to_string())?;
    let mut steps = 0;
    while !position.is_solved() {
        let step = match position.hint() {
            Some(step) => step,
            None => {
                let cell = (0..grid.shape().cell_count())
                    .map(|i| Cell::from_index(i, grid.shape()))
                    .filter(|&c| position.value(c).is_none())
                    .min_by_key(|&c| position.candidates(c).len())
                    .ok_or("no empty cell in an unsolved position")?;
                let digit = solution.get(cell).ok_or("a complete solution")?;
                Step::builder(Technique::Custom(GUESS))
                    .placing(cell, digit)
                    .build(&position)
                    .map_err(|e| e.to_string())?
            }
        };
        for &(cell, digit) in step.eliminations() {
            if solution.get(cell) == Some(digit) {
                return Err(format!("{grid};{}: removes the true {digit} from {cell}: {step}", made.variant));
            }
        }
        for &(cell, digit) in step.placements() {
            if solution.get(cell) != Some(digit) {
                return Err(format!("{grid};{}: places a wrong {digit} in {cell}: {step}", made.variant));
            }
        }
        position.apply(&step).map_err(|e| format!("{e} after {step}"))?;
        steps += 1;
    }
    Ok(steps)
}

/// What [`check`] did: puzzles, counter checks, steps walked, and the
/// seconds spent making, counting (oracle and counters) and walking.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    counts: usize,
    steps: usize,
    seconds: [f64; 3],
}

/// Makes and checks the 6×6 puzzles of `kinds` for `seeds`.
fn check(kinds: &[ClueKind], seeds: impl Iterator<Item = u64>, tally: &mut Tally) {
    let generator = ClueGenerator::new(Variant::standard(Shape::SIX), kinds);
    for seed in seeds {
        let started = Instant::now();
        let made = generator.generate(seed).unwrap_or_else(|e| panic!("{kinds:?}, seed {seed}: {e}"));
        let made_at = Instant::now();
        let (count, found) = count_variant_solutions(&made.puzzle, &made.variant, 2);
        assert_eq!((count, found.as_ref()), (1, Some(&made.solution)), "{};{}", made.puzzle, made.variant);
        tally.counts += counters_agree(&made.puzzle, &made.variant).unwrap_or_else(|e| panic!("{e}"));
        tally.counts += counters_agree(&made.puzzle, &one_clue_fewer(&made)).unwrap_or_else(|e| panic!("{e}"));
        let counted_at = Instant::now();
        tally.steps += walk(&made).unwrap_or_else(|e| panic!("{e}"));
        tally.puzzles += 1;
        let laps = [made_at - started, counted_at - made_at, counted_at.elapsed()];
        for (total, lap) in tally.seconds.iter_mut().zip(laps) {
            *total += lap.as_secs_f64();
        }
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [made, counted, walked] = self.seconds;
        write!(
            f,
            "{} puzzles, {} counts, {} steps; {made:.1} s making, {counted:.1} s counting, {walked:.1} s walking",
            self.puzzles, self.counts, self.steps
        )
    }
}

/// Three kinds of seed `seed`, drawn from every kind.
fn mixture(seed: u64) -> [ClueKind; 3] {
    let all = ClueKind::ALL;
    let at = |k: u64| all[((seed * 7 + k * 3) % all.len() as u64) as usize];
    [at(0), at(1), at(2)]
}

#[test]
fn a_few_puzzles_of_each_kind_agree_with_the_oracle() {
    let mut tally = Tally::default();
    for kind in ClueKind::ALL {
        check(&[kind], 1..=2, &mut tally);
    }
    check(&mixture(5), 1..=2, &mut tally);
    assert_eq!(tally.puzzles, 2 * ClueKind::ALL.len() + 2);
}

#[test]
#[ignore = "a thousand puzzles a kind: run with --release --ignored"]
fn a_thousand_puzzles_of_each_kind_agree_with_the_oracle() {
    let per_kind: u64 = std::env::var("SUDOKIT_CLUE_PUZZLES").ok().and_then(|n| n.parse().ok()).unwrap_or(1_000);
    // SUDOKIT_CLUE_KINDS=thermo,arrow checks those kinds alone.
    let asked = std::env::var("SUDOKIT_CLUE_KINDS").unwrap_or_default();
    let kinds: Vec<ClueKind> = if asked.is_empty() {
        ClueKind::ALL.to_vec()
    } else {
        asked.split(',').map(|name| name.parse().expect("a kind of clue")).collect()
    };
    for kind in kinds {
        let mut tally = Tally::default();
        check(&[kind], 1..=per_kind, &mut tally);
        println!("{kind}: {tally}");
    }
    let mut tally = Tally::default();
    for seed in 1..=per_kind / 5 {
        check(&mixture(seed), seed..=seed, &mut tally);
    }
    println!("mixtures of three: {tally}");
}
