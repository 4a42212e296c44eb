//! Generates puzzles with a unique solution for any shape into a file, for
//! sets like the bundled 16×16 and 25×25 ones: `sudokit::generate` with a
//! target number of givens (a random solved grid, its cells emptied in a
//! random order while an exact solver proves the solution unique, until
//! the target), puzzle `k` from seed `SEED + k`.
//!
//! ```text
//! cargo run --release --example make_puzzles -- --side 16 --count 20 --empty 0.6 puzzles/sixteen_unique.txt
//! cargo run --release --example make_puzzles -- [--side N] [--count N] [--empty SHARE] [--seed N] OUTPUT
//! ```
//!
//! `--empty` is the share of cells to empty: removals stop there. A grid
//! whose removals end before it (its puzzle is minimal with more givens)
//! is replaced by another, for up to ten minutes a puzzle; a puzzle not
//! made in that time is left out and reported. The file starts with
//! comment lines saying how it was made; progress goes to stderr. (The
//! bundled 16×16 and 25×25 sets were made by the earlier version of this
//! example, which kept a grid's minimal puzzle instead: see
//! `puzzles/README.md`.)

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use sudokit::generate::{Generator, Givens};
use sudokit::{Budget, Shape};
use sudokit_examples::{Args, exit_code};

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
    let cells = shape.cell_count();
    let givens = cells - (cells as f64 * empty) as usize;
    let generator = Generator::new(shape)
        .with_givens(Givens::Target(givens))
        .with_budget(Budget::unlimited().with_time_limit(Duration::from_secs(600)));
    let mut text = format!(
        "# {count} {shape} puzzles with a unique solution, made by\n\
         # cargo run --release --example make_puzzles -- --side {side} --count {count} --empty {empty} --seed {seed} {output}\n\
         # (sudokit::generate, at most {givens} givens, seeds {seed}..{})\n",
        seed + count as u64 - 1
    );
    for k in 0..count as u64 {
        match generator.generate(seed + k) {
            Ok(made) => {
                eprintln!("{}/{count}: {} givens", k + 1, made.puzzle.filled_count());
                let _ = writeln!(text, "{}", made.puzzle);
            }
            Err(error) => eprintln!("{}/{count}: seed {}: {error}", k + 1, seed + k),
        }
    }
    std::fs::write(&output, text).map_err(|e| format!("{output}: {e}"))
}
