//! Generates puzzles with a unique solution for any shape into a file, for
//! sets like the bundled 16×16 and 25×25 ones: puzzle `k` from seed
//! `SEED + k`, at most the givens that leave `--empty` of the cells empty.
//! It is the `generate` example with `--side`, `--empty`, `--output` and
//! ten minutes a puzzle, kept under this name for the commands that use it.
//!
//! ```text
//! cargo run --release --example make_puzzles -- --side 16 --count 20 --empty 0.6 puzzles/sixteen_unique.txt
//! cargo run --release --example make_puzzles -- [--side N] [--count N] [--empty SHARE] [--seed N] OUTPUT
//! ```
//!
//! A grid whose removals end before the target (its puzzle is minimal
//! with more givens) is replaced by another, for up to ten minutes a
//! puzzle; a puzzle not made in that time is left out and reported. The
//! file starts with comment lines saying how it was made; progress goes to
//! stderr. (The bundled 16×16 and 25×25 sets were made by an earlier
//! version, which kept a grid's minimal puzzle instead: see
//! `puzzles/README.md`.)

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

// The generate example's command line and run, whole: this one only
// translates its flags.
#[allow(dead_code)]
#[path = "generate.rs"]
mod generate;

/// Generates puzzles with a unique solution for any shape into a file.
///
/// Exit status, as `generate`'s: 0 when every puzzle asked for was made;
/// 1 when one was not made in time (the others are written all the same)
/// or the file could not be written; 2 for a bad command line.
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
    sudokit_examples::main(|| {
        let cli = Cli::parse();
        let args = [
            "generate".to_owned(),
            format!("--side={}", cli.side),
            format!("--count={}", cli.count),
            format!("--empty={}", cli.empty),
            format!("--seed={}", cli.seed),
            "--time-limit=600".to_owned(),
            format!("--output={}", cli.output.display()),
        ];
        generate::Cli::try_parse_from(args).map_err(Into::into).and_then(generate::run)
    })
}
