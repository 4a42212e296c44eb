//! Generates puzzles with a unique solution for any shape, for the bundled
//! 16×16 and 25×25 sets: a seeded solved grid from the testkit's generator,
//! then its cells emptied in a seeded random order, each removal kept only
//! when Dancing Links proves the solution still unique.
//!
//! ```text
//! cargo run --release --example make_puzzles -- --side 16 --count 20 --empty 0.6 puzzles/sixteen_unique.txt
//! cargo run --release --example make_puzzles -- [--side N] [--count N] [--empty SHARE] [--seed N] OUTPUT
//! ```
//!
//! `--empty` is the share of cells to try to empty (removals that would
//! break uniqueness are skipped, so a puzzle may keep more givens). The
//! file starts with comment lines saying how it was made; progress goes to
//! stderr.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use sudokit::{Budget, CountSolutions, Dlx, Grid, Shape};
use sudokit_examples::{Args, exit_code};
use sudokit_testkit::generate::{self, SplitMix};

const USAGE: &str = "usage: make_puzzles [--side N] [--count N] [--empty SHARE] [--seed N] OUTPUT";

fn main() -> ExitCode {
    exit_code(run())
}

fn run() -> Result<(), String> {
    let mut args = Args::from_env();
    let (mut side, mut count, mut empty, mut seed, mut output) = (16usize, 10usize, 0.6f64, 1u64, None);
    while let Some(arg) = args.pop() {
        match arg.as_str() {
            "--side" => side = args.parsed(&arg)?,
            "--count" => count = args.parsed(&arg)?,
            "--empty" => empty = args.parsed(&arg)?,
            "--seed" => seed = args.parsed(&arg)?,
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}\n{USAGE}")),
            _ => output = Some(arg),
        }
    }
    let output = output.ok_or(USAGE)?;
    let shape = Shape::from_side(side).map_err(|e| e.to_string())?;
    if !(0.0..=1.0).contains(&empty) {
        return Err(format!("--empty: {empty} is not a share between 0 and 1"));
    }
    let mut text = format!(
        "# {count} {shape} puzzles with a unique solution, made by\n\
         # cargo run --release --example make_puzzles -- --side {side} --count {count} --empty {empty} --seed {seed} {output}\n\
         # (sudokit-testkit's solved_grid with seeds {seed}..{}, cells emptied in a seeded order while Dlx proves the solution unique)\n",
        seed + count as u64 - 1
    );
    for k in 0..count as u64 {
        let puzzle = unique_puzzle(shape, seed + k, empty);
        eprintln!("{}/{count}: {} givens", k + 1, puzzle.filled_count());
        let _ = writeln!(text, "{puzzle}");
    }
    std::fs::write(&output, text).map_err(|e| format!("{output}: {e}"))
}

/// A puzzle from the solved grid of `seed`, emptied cell by cell in a seeded
/// order while its solution stays provably unique, up to `empty` of the
/// cells.
fn unique_puzzle(shape: Shape, seed: u64, empty: f64) -> Grid {
    let solved = generate::solved_grid(shape, seed);
    let mut order: Vec<usize> = (0..shape.cell_count()).collect();
    SplitMix::new(seed).shuffle(&mut order);
    let target = (shape.cell_count() as f64 * empty) as usize;
    // A count that runs out of time keeps the cell: uniqueness stays proved.
    let budget = Budget::unlimited().with_time_limit(Duration::from_secs(5));
    let mut dlx = Dlx::new();
    let mut values = solved.values().to_vec();
    let mut emptied = 0;
    for cell in order {
        if emptied == target {
            break;
        }
        let kept = values[cell];
        values[cell] = 0;
        let candidate = Grid::from_values(shape, &values).expect("emptying keeps values valid");
        if dlx.count_solutions_with(&candidate, 2, &budget) == Ok(1) {
            emptied += 1;
        } else {
            values[cell] = kept;
        }
    }
    Grid::from_values(shape, &values).expect("emptying keeps values valid")
}
