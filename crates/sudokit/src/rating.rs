//! Ratings on the Sudoku Explainer scale (see
//! [`sudokit_rules::human::Rater`]), and [`rate_many`]: many puzzles on
//! every core, in input order.
//!
//! ```
//! use sudokit::rating::{rate_many, Rater};
//! use sudokit::Grid;
//!
//! let puzzles: Vec<Grid> = [
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//!     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
//! ]
//! .iter()
//! .map(|line| line.parse())
//! .collect::<Result<_, _>>()?;
//! let rated = rate_many(&puzzles, &Rater::new(), 0, |_| {});
//! assert_eq!(rated.len(), 2);
//! assert_eq!(rated[0].rating.as_ref().map_err(|e| e.to_string())?.er.to_string(), "1.2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub use sudokit_rules::human::{Cutoff, Level, RateError, RateUntil, Rater, Rating};

use crate::parallel;
use sudokit_auto::Auto;
use sudokit_core::{Budget, Grid};

/// Sudoku Explainer's path, counting each puzzle's solutions first with
/// [`Auto`], the fastest exact solver (the rater of `sudokit-rules` alone
/// counts with its own search, up to 1.5 times as long on easy puzzles):
/// what [`rate`] and [`rate_with`] use, and the start of a rater with
/// settings of one's own.
pub fn rater() -> Rater<'static> {
    Rater::new().with_counter(Auto::new)
}

/// Rates `puzzle`: ER, EP, ED and level (see [`Rating`]), as
/// [`sudokit_rules::human::rate`] does, with [`rater`].
///
/// # Errors
/// [`RateError::Invalid`] when givens clash, [`RateError::NoSolution`] and
/// [`RateError::MultipleSolutions`] when the puzzle does not have exactly
/// one solution.
pub fn rate(puzzle: &Grid) -> Result<Rating, RateError> {
    rater().rate(puzzle)
}

/// [`rate`] within `budget`, which bounds the whole rating (see
/// [`sudokit_rules::human::rate_with`]).
///
/// # Errors
/// As [`rate`], and [`RateError::Stopped`] when the budget runs out.
pub fn rate_with(puzzle: &Grid, budget: &Budget) -> Result<Rating, RateError> {
    rater().with_budget(budget.clone()).rate(puzzle)
}

/// One puzzle's rating and the time it took.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rated {
    /// The rating, or why there is none.
    pub rating: Result<Rating, RateError>,
    /// The time the rating took, on its thread.
    pub time: Duration,
}

/// The ratings of `puzzles` by `rater`, on `threads` threads (0: one per
/// core, at most 256), in the order of `puzzles`: the same list whatever
/// the number of threads. `progress` is called with the number rated so
/// far after each puzzle, from the thread that rated it.
pub fn rate_many(puzzles: &[Grid], rater: &Rater<'_>, threads: usize, progress: impl Fn(usize) + Sync) -> Vec<Rated> {
    let done = AtomicUsize::new(0);
    parallel::map_in_order(
        puzzles,
        threads,
        || (),
        |(), puzzle| {
            let start = Instant::now();
            let rating = rater.rate(puzzle);
            let time = start.elapsed();
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            Rated { rating, time }
        },
    )
}
