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
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use sudokit::generate::{Generator, Givens};
use sudokit::{Budget, Shape};
use sudokit_examples::{Progress, Result, WithContext, exit_code};

/// Generates puzzles with a unique solution for any shape into a file.
#[derive(Parser)]
#[command(name = "make_puzzles", version)]
struct Cli {
    /// Side of the grid (boxes as square as can be).
    #[arg(long, default_value_t = 16, value_name = "N")]
    side: usize,
    /// How many puzzles to make.
    #[arg(long, default_value_t = 10, value_name = "N")]
    count: usize,
    /// Share of the cells to empty, between 0 and 1.
    #[arg(long, default_value_t = 0.6, value_name = "SHARE")]
    empty: f64,
    /// Seed of the first puzzle; puzzle k comes from seed N + k.
    #[arg(long, default_value_t = 1, value_name = "N")]
    seed: u64,
    /// The file to write.
    output: PathBuf,
}

fn main() -> ExitCode {
    exit_code(run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    let Cli { side, count, empty, seed, output } = cli;
    let output_name = output.display().to_string();
    let shape = Shape::from_side(side)?;
    if !(0.0..=1.0).contains(&empty) {
        return Err(format!("--empty: {empty} is not a share between 0 and 1").into());
    }
    let cells = shape.cell_count();
    let givens = cells - (cells as f64 * empty) as usize;
    let generator = Generator::new(shape)
        .with_givens(Givens::Target(givens))
        .with_budget(Budget::unlimited().with_time_limit(Duration::from_secs(600)));
    let mut text = format!(
        "# {count} {shape} puzzles with a unique solution, made by\n\
         # cargo run --release --example make_puzzles -- --side {side} --count {count} --empty {empty} --seed {seed} {output_name}\n\
         # (sudokit::generate, at most {givens} givens, seeds {seed}..{})\n",
        seed + count as u64 - 1
    );
    let bar = Progress::new("make_puzzles", count as u64, "puzzles");
    for k in 0..count as u64 {
        match generator.generate(seed + k) {
            Ok(made) => {
                bar.println(&format!("{}/{count}: {} givens", k + 1, made.puzzle.filled_count()));
                let _ = writeln!(text, "{}", made.puzzle);
            }
            Err(error) => bar.println(&format!("{}/{count}: seed {}: {error}", k + 1, seed + k)),
        }
        bar.add(1);
    }
    bar.finish();
    std::fs::write(&output, text).context(|| format!("cannot write {output_name}"))?;
    Ok(())
}
