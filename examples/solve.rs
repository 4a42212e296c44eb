//! Solves one puzzle and prints the boxed grid with the solver's statistics.
//!
//! ```text
//! cargo run --release --example solve -- [--solver NAME] [--unique] [--true-candidates] [--rules RULES] [PUZZLE]
//! echo "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" \
//!     | cargo run --release --example solve
//! cargo run --release --example solve -- --rules x,anti-knight ..............................
//! ```
//!
//! PUZZLE is the 81-character line (or any grid text sudokit reads: other
//! sizes, the boxed picture, a killer in SumoCue's format, an f-puzzles
//! link `https://f-puzzles.com/?load=…` with the constraints it gives);
//! without it the puzzle is read from stdin. The
//! default solver, `auto`, is the fastest exact one for each shape.
//! `--unique` also checks that the solution is the only one;
//! `--true-candidates` also prints the digits some solution puts in each
//! cell (a setter's check of a puzzle with several solutions), as a
//! pencil-mark grid and a pencil-mark line. `--rules`
//! solves a variant (`x`, `windoku`, `jigsaw=MAP`, `anti-knight`, … — see
//! `sudokit::base::variant_text`); a puzzle line may also carry its rules
//! after a `;`. Bad input ends with a one-line error and a non-zero exit
//! code.

use std::io::Read;
use std::process::ExitCode;

use clap::Parser;
use sudokit::base::marks::write_marks;
use sudokit::grid::{CandidateBoard, Candidates};
use sudokit::{Grid, Puzzle, Shape, registry};
use sudokit_examples::{Drawn, Result, WithContext, puzzle_and_rules};

/// Solves one puzzle and prints the boxed grid with the solver's
/// statistics.
///
/// Exit status: 0 when the puzzle was solved (and, with --unique, had one
/// solution); 1 when it could not be read or solved; 2 for a bad command
/// line.
#[derive(Parser)]
#[command(name = "solve", version)]
struct Cli {
    /// Solver to use, by registered name (see `compare --list`).
    #[arg(short, long, default_value = "auto", value_name = "NAME")]
    solver: String,
    /// Also check that the solution is the only one.
    #[arg(short, long)]
    unique: bool,
    /// Also print the true candidates: the digits some solution puts in
    /// each cell, as pencil marks (needs an exact solver).
    #[arg(long)]
    true_candidates: bool,
    /// The puzzle's rules beyond rows, columns and boxes, comma-separated:
    /// x, windoku, disjoint-groups, jigsaw=MAP, house=r1c1+r2c2+…,
    /// anti-king, anti-knight, non-consecutive, cage=SUM:CELLS, Kropki dots
    /// (white=r1c1+r1c2, black=…, kropki-negative), XV (x=…, v=…,
    /// xv-negative), lines (thermo=r1c1+r1c2+… from the bulb, slow-thermo=…,
    /// german-whispers=…, dutch-whispers=…, palindrome=…, renban=…, between=…,
    /// entropic=…, modular=…), minimum=r1c1+…,
    /// maximum=…, even=r1c1+…, odd=…, arrow=r1c1:r1c2+… (circle, then the
    /// shaft), little-killer=SUM:CELLS, quadruple=r4c4:1+2,
    /// sandwich=SUM:r3 (or :c5), x-sum=SUM:r3c0 and skyscraper=COUNT:r0c5
    /// (the clue's place outside the grid).
    #[arg(short, long, value_name = "RULES")]
    rules: Option<String>,
    /// The puzzle (any grid text sudokit reads); read from stdin when
    /// absent. It may start with '-', an empty cell.
    #[arg(allow_hyphen_values = true, value_parser = puzzle_or_flag)]
    puzzle: Option<String>,
}

/// The puzzle text; an argument that starts with `--` and is no grid is
/// a mistyped flag, and said to be one.
fn puzzle_or_flag(text: &str) -> std::result::Result<String, String> {
    if text.starts_with("--") && text.trim().parse::<Grid>().is_err() {
        return Err(format!("{text} is not a flag of solve (see --help), nor a puzzle"));
    }
    Ok(text.to_string())
}

fn main() -> ExitCode {
    sudokit_examples::main(|| run(Cli::parse()))
}

fn run(cli: Cli) -> Result {
    let info = registry::find(&cli.solver)?;
    let unique = cli.unique;
    let text = match cli.puzzle {
        Some(text) => text,
        None => {
            let mut input = String::new();
            std::io::stdin().read_to_string(&mut input).context(|| "cannot read stdin")?;
            input
        }
    };
    let (puzzle, variant) = puzzle_and_rules(&text, cli.rules.as_deref())?;
    let ruled = sudokit_examples::rules_note(&variant);
    println!("Puzzle ({}, {} givens{ruled}):\n{}", puzzle.shape(), puzzle.filled_count(), Drawn(&puzzle, &variant));

    let mut solver = info.build();
    let ruled_puzzle = Puzzle::new(puzzle.clone(), variant.clone())?;
    let solution = solver.solve_puzzle(&ruled_puzzle)?;
    let counter = || {
        let flag = if unique { "--unique" } else { "--true-candidates" };
        info.build_counter()
            .ok_or_else(|| format!("{} cannot count solutions; pick an exact solver for {flag}", info.name()))
    };
    if unique {
        match counter()?.count_puzzle_solutions(&ruled_puzzle, 2)? {
            1 => {}
            0 => return Err("the puzzle has no solution".into()),
            _ => return Err("the puzzle has several solutions".into()),
        }
    }
    let s = &solution.stats;
    println!("\nSolution by {}:\n{}", info.name(), Drawn(&solution.grid, &variant));
    println!("{}", solution.grid);
    println!(
        "{:.3} ms, {} nodes, {} backtracks, {} guesses{}",
        s.elapsed.as_secs_f64() * 1e3,
        s.nodes,
        s.backtracks,
        s.guesses,
        if unique { ", unique" } else { "" }
    );
    if cli.true_candidates {
        let marks = counter()?.true_candidates(&ruled_puzzle)?;
        print_true_candidates(puzzle.shape(), &marks)?;
    }
    Ok(())
}

/// The true candidates as a pencil-mark grid, then as a pencil-mark line.
fn print_true_candidates(shape: Shape, marks: &[u64]) -> Result {
    let sets = marks.iter().map(|&set| Candidates::from_bits(set)).collect();
    let board = CandidateBoard::from_candidates(shape, sets)?;
    let open = marks.iter().filter(|set| set.count_ones() > 1).count();
    let total: u32 = marks.iter().map(|set| set.count_ones()).sum();
    println!("\nTrue candidates ({total}; {open} cells with more than one):\n{}", board.pencil_marks());
    println!("{}", write_marks(shape, marks));
    Ok(())
}
