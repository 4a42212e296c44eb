//! Puzzle generation (the `sudokit-generate` crate), and
//! [`generate_many`]: many puzzles on every core, in seed order.
//!
//! ```
//! use sudokit::generate::{generate_many, Generator, Symmetry};
//! use sudokit::Shape;
//!
//! let generator = Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Rotate180);
//! let made = generate_many(&generator, 1..=8, 0);
//! assert_eq!(made.len(), 8);
//! for (seed, result) in (1..=8).zip(&made) {
//!     let made = result.as_ref().map_err(|e| e.to_string())?;
//!     assert_eq!(made.seed, seed);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::RangeInclusive;

pub use sudokit_generate::{
    Canonical, CanonicalError, Difficulty, GenerateError, Generated, Generator, Givens, Symmetry, Transform,
    TransformError, UnknownSymmetry, canonical_puzzle, canonical_solution,
};

use crate::parallel;

/// The puzzles of `seeds`, made on `threads` threads (0: one per core,
/// at most 256), in seed order: the same list whatever the number of
/// threads, each as [`Generator::generate`] makes it.
pub fn generate_many(
    generator: &Generator,
    seeds: RangeInclusive<u64>,
    threads: usize,
) -> Vec<Result<Generated, GenerateError>> {
    let seeds: Vec<u64> = seeds.collect();
    parallel::map_in_order(&seeds, threads, || (), |(), &seed| generator.generate(seed))
}
