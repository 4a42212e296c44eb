//! Shows Sudoku as exact cover: prints the incidence matrix of the 4×4
//! mini-Sudoku (the course's exercise: 64 options × 64 items), then solves a
//! 4×4 puzzle with Dancing Links and names the options chosen.
//!
//! ```text
//! cargo run --release --example exact_cover
//! ```

use std::process::ExitCode;

use clap::Parser;
use sudokit::dlx::{CoverError, ExactCover, SudokuCover};
use sudokit::{Budget, Grid, Shape};
use sudokit_examples::Result;

/// Prints the exact-cover matrix of the 4×4 Sudoku and solves a 4×4 puzzle
/// with Dancing Links. Takes no arguments.
///
/// Exit status: 0 when the matrix was printed and the puzzle solved; 1
/// when it could not be solved; 2 for a bad command line.
#[derive(Parser)]
#[command(name = "exact_cover", version)]
struct Cli {}

fn main() -> ExitCode {
    sudokit_examples::main(|| {
        Cli::parse();
        run()
    })
}

/// Prints the matrix, then solves the puzzle.
fn run() -> Result {
    let cover = SudokuCover::new(Shape::MINI);
    let header: String = (0..cover.item_count()).map(|i| if i % 16 == 0 { '|' } else { ' ' }).collect();
    println!(
        "{} options x {} items: cells, then row-digit, column-digit and box-digit constraints",
        cover.option_count(),
        cover.item_count()
    );
    println!("{:<6} {header}", "");
    print!("{cover}");

    let puzzle: Grid = "1.........4....1".parse()?;
    let mut matrix = cover.matrix();
    let select_givens = |matrix: &mut ExactCover| -> std::result::Result<(), CoverError> {
        matrix.reset();
        for (cell, &value) in puzzle.values().iter().enumerate() {
            if value != 0 {
                matrix.select(cover.option(cell, value))?;
            }
        }
        Ok(())
    };
    select_givens(&mut matrix)?;
    println!(
        "\npuzzle {puzzle}: givens selected, {} solutions:",
        matrix.count_solutions(u64::MAX, &Budget::unlimited())?
    );
    select_givens(&mut matrix)?;
    if let Some(options) = matrix.first_solution(&Budget::unlimited())? {
        let names: Vec<String> = options.iter().map(|&o| cover.option_name(o)).collect();
        println!("first cover: {}", names.join(" "));
    }
    Ok(())
}
