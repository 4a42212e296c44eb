//! One file per family of techniques, as in `src/human/techniques/`.

mod between;
mod bound;
mod chains;
mod drawn;
mod exclusion;
mod fish;
mod indexers;
mod intersections;
mod killer;
mod named;
mod quadruples;
mod renban;
mod sandwiches;
mod sightlines;
mod singles;
mod subsets;
mod uniqueness;
mod wings;

use sudokit_rules::human::{Position, Step};
use sudokit_rules::sudokit_core::{Grid, Shape, Variant};

/// The position of an empty grid of `shape` under `rules` (their text).
fn start(rules: &str, shape: Shape) -> Position {
    let variant = Variant::parse(rules, shape).expect("valid rules");
    Position::with_variant(&Grid::empty(shape), &variant).expect("a valid puzzle")
}

/// `(row, col, digit)`, 1-based, as a step lists them: by digit, then cell.
fn removed(step: &Step) -> Vec<(usize, usize, u8)> {
    step.eliminations().iter().map(|&(c, d)| (c.row() + 1, c.col() + 1, d.get())).collect()
}
