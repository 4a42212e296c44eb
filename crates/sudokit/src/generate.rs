//! Puzzle generation (the `sudokit-generate` crate), and
//! [`generate_many`]: many puzzles on every core, in seed order.
//!
//! ```
//! use sudokit::generate::{generate_many, Generator, Symmetry};
//! use sudokit::Shape;
//!
//! let generator = Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Rotate180);
//! let made: Vec<_> = generate_many(&generator, 1..=8, 0).collect();
//! assert_eq!(made.len(), 8);
//! for (seed, result) in (1..=8).zip(&made) {
//!     let made = result.as_ref().map_err(|e| e.to_string())?;
//!     assert_eq!(made.seed, seed);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::RangeInclusive;

pub use sudokit_generate::{
    Canonical, CanonicalError, ClueGenerator, ClueKind, Difficulty, Found, GenerateError, Generated, Generator, Givens,
    KillerGenerator, KillerGivens, SearchStats, Symmetry, Transform, TransformError, UnknownClueKind, UnknownSymmetry,
    VariantCanonical, Vicinity, VicinitySearch, canonical_puzzle, canonical_solution, canonical_variant_puzzle,
    variant_transforms,
};

use std::collections::VecDeque;

use sudokit_rules::human::RateError;

use crate::parallel;

/// The puzzles of `seeds`, made on `threads` threads (0: one per core,
/// at most 256), lazily and in seed order: the same sequence whatever the
/// number of threads, each as [`Generator::generate`] makes it. Seeds are
/// taken a few per thread at a time as the iterator is read, so any range
/// works, `0..=u64::MAX` included, in bounded memory.
///
/// ```
/// use sudokit::generate::{generate_many, Generator};
/// use sudokit::Shape;
///
/// let generator = Generator::new(Shape::MINI);
/// let first: Vec<u64> = generate_many(&generator, 0..=u64::MAX, 2).take(3).map(|made| made.map(|m| m.seed)).collect::<Result<_, _>>()?;
/// assert_eq!(first, [0, 1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_many(
    generator: &Generator,
    seeds: RangeInclusive<u64>,
    threads: usize,
) -> impl Iterator<Item = Result<Generated, GenerateError>> + '_ {
    let chunk = parallel::thread_count(threads) * SEEDS_PER_THREAD;
    parallel::map_chunks_in_order(seeds, chunk, threads, || (), |(), &seed| generator.generate(seed))
}

/// Seeds handed to each thread at a time: enough to keep the threads busy
/// when puzzles take unequal times, few enough that the first results come
/// soon.
const SEEDS_PER_THREAD: usize = 4;

/// The finds of `search` ([`Vicinity::search`]), its neighbours rated on
/// `threads` threads (0: one per core, at most 256), lazily as the
/// iterator is read: the same finds in the same order whatever the number
/// of threads, those the search gives alone. A rating that panics leaves
/// its neighbour out.
///
/// ```
/// use sudokit::generate::{Difficulty, Vicinity, search_vicinity};
/// use sudokit::rules::human::Score;
/// use sudokit::Grid;
///
/// let seed: Grid = "38.5......49..6.5..7..8...1....5..9..........8.2..4.....7..29....49.87.5.6.....2.".parse()?;
/// let hard = Difficulty::any().with_rating(Score::from_tenths(75)..=Score::from_tenths(120));
/// let vicinity = Vicinity::new(hard);
/// let alone: Vec<_> = vicinity.search(&[seed.clone()], 3)?.take(2).collect::<Result<_, _>>()?;
/// let shared: Vec<_> = search_vicinity(vicinity.search(&[seed], 3)?, 2).take(2).collect::<Result<_, _>>()?;
/// assert_eq!(alone, shared);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn search_vicinity(
    mut search: VicinitySearch,
    threads: usize,
) -> impl Iterator<Item = Result<Found, GenerateError>> {
    let mut finds = VecDeque::new();
    let mut over = false;
    std::iter::from_fn(move || {
        loop {
            if let Some(found) = finds.pop_front() {
                return Some(Ok(found));
            }
            if over {
                return None;
            }
            let batch = match search.neighbours() {
                Ok(batch) if batch.is_empty() => {
                    over = true;
                    return None;
                }
                Ok(batch) => batch,
                Err(error) => {
                    over = true;
                    return Some(Err(error));
                }
            };
            let rater = search.rater();
            let ratings = parallel::map_in_order(
                &batch,
                threads,
                || (),
                |(), puzzle| {
                    parallel::caught(|| rater.rate(puzzle)).unwrap_or_else(|message| Err(RateError::Panicked(message)))
                },
            );
            match search.offer(ratings) {
                Ok(found) => finds.extend(found),
                Err(error) => {
                    over = true;
                    return Some(Err(error));
                }
            }
        }
    })
}
