//! Ratings on the Sudoku Explainer scale (see
//! [`sudokit_rules::human::Rater`]), and [`rate_many`]: many puzzles on
//! every core, in input order.
//!
//! ```
//! use sudokit::rating::{rate_many, rater};
//! use sudokit::Grid;
//!
//! let puzzles: Vec<Grid> = [
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//!     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
//! ]
//! .iter()
//! .map(|line| line.parse())
//! .collect::<Result<_, _>>()?;
//! let rated: Vec<_> = rate_many(puzzles, &rater(), 0).collect();
//! assert_eq!(rated.len(), 2);
//! assert_eq!(rated[0].rating.as_ref().map_err(|e| e.to_string())?.er.to_string(), "1.2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use sudokit_core::clock::Instant;

pub use sudokit_rules::human::{Cutoff, Level, RateError, RateUntil, Rater, Rating};

use crate::parallel;
use sudokit_auto::Auto;
use sudokit_core::Puzzle;
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
/// core, at most 256), lazily and in the order of `puzzles`: the same
/// sequence whatever the number of threads, as [`Batch::solve_iter`]
/// solves and [`generate_many`] generates. Puzzles are taken a few per
/// thread at a time as the iterator is read, so memory stays bounded and
/// progress shows as results come; the rater's budget (a time limit, a
/// cancel flag) bounds each rating. A rating that panics (a technique of
/// the user's, say) gives [`RateError::Panicked`] for its puzzle. A
/// puzzle is a [`Grid`] (standard rules) or a [`Puzzle`] with its rules,
/// rated by [`Rater::rate_variant`].
///
/// [`Batch::solve_iter`]: crate::batch::Batch::solve_iter
/// [`generate_many`]: crate::generate::generate_many
///
pub fn rate_many<'a, P: Into<Puzzle> + 'a>(
    puzzles: impl IntoIterator<Item = P, IntoIter: 'a>,
    rater: &'a Rater<'_>,
    threads: usize,
) -> impl Iterator<Item = Rated> + 'a {
    let chunk = parallel::thread_count(threads) * PUZZLES_PER_THREAD;
    let puzzles = puzzles.into_iter().map(Into::into);
    parallel::map_chunks_in_order(puzzles, chunk, threads, || (), move |(), puzzle| rate_caught(rater, puzzle))
}

/// Puzzles handed to each thread at a time: enough to even out ratings
/// of unequal times, few enough for progress to show.
const PUZZLES_PER_THREAD: usize = 16;

/// `rater.rate(puzzle)`, timed, with a panic turned into
/// [`RateError::Panicked`].
fn rate_caught(rater: &Rater<'_>, puzzle: &Puzzle) -> Rated {
    let start = Instant::now();
    let rating =
        parallel::caught(|| rater.rate_puzzle(puzzle)).unwrap_or_else(|message| Err(RateError::Panicked(message)));
    Rated { rating, time: start.elapsed() }
}
