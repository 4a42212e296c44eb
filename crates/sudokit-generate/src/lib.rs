//! Puzzle generation for **sudokit**: random solved grids, proper puzzles
//! (exactly one solution) with a symmetry of the givens, minimal or with a
//! target number of givens, puzzles of a requested difficulty on the Sudoku
//! Explainer scale, and the transformations that keep a grid valid — for
//! every shape, reproducible from a seed.
//!
//! ```
//! use sudokit_generate::{Difficulty, Generator, Symmetry};
//! use sudokit_rules::human::Score;
//! use sudokit_core::Shape;
//!
//! // A minimal 9×9 puzzle with 180° symmetry.
//! let made = Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Rotate180).generate(1)?;
//! println!("{} ({} givens)", made.puzzle, made.puzzle.filled_count());
//!
//! // One that rates between 3.0 and 4.0.
//! let medium = Difficulty::any().with_rating(Score::from_tenths(30)..=Score::from_tenths(40));
//! let made = Generator::new(Shape::CLASSIC).with_difficulty(medium).generate(1)?;
//! let er = made.rating.ok_or("rated")?.er;
//! assert!((30..=40).contains(&er.tenths()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! * [`Generator`]: puzzles by shape, [`Symmetry`], [`Givens`] and
//!   [`Difficulty`], one per seed, each request within a budget; puzzles
//!   of a [`Variant`](sudokit_core::Variant) (X, windoku, anti-knight…)
//!   with [`Generator::for_variant`], and random jigsaw maps with
//!   [`Generator::random_jigsaw`].
//! * [`KillerGenerator`]: killers, a random layout of cages over a random
//!   solved grid, unique without givens (and minimal in cages) or with
//!   minimal givens, as [`KillerGivens`] says.
//! * [`ClueGenerator`]: puzzles of clues read off a random solved grid
//!   (sandwiches, X-sums, skyscrapers, little killers, Kropki dots, XV,
//!   parity, minimum and maximum cells, quadruples, thermometers, arrows,
//!   whispers, renban, entropic, modular and between lines, indexers:
//!   [`ClueKind`]), as few as keep it unique, givens only where needed.
//! * [`Vicinity`]: the hardest puzzles (SE 9.5 and up, which random
//!   generation does not reach) by neighbourhood search from seed
//!   puzzles, a seeded stream of finds ([`VicinitySearch`]).
//! * [`Transform`]: digit relabelling, row and column permutations within
//!   bands and stacks, band and stack permutations, transposition,
//!   rotations and mirrors, composed and inverted: what makes hidden
//!   variants of a puzzle set.
//! * [`canonical_solution`] and [`canonical_puzzle`]: the one
//!   representative of a 9×9 grid's class, with its automorphisms, so
//!   that equivalent grids can be found and deduplicated.
//!
//! # Seeds
//! Randomness is `ChaCha8Rng` seeded with the seed alone, so a seed gives
//! the same puzzle on every platform and on any thread, whatever ran
//! before; the facade's `sudokit::generate::generate_many` makes many in
//! parallel, in seed order. Across versions a seed promises less: a change
//! to the generator's choices, to the search order of the solvers it
//! checks with or to the rating may change what a seed makes. Such a
//! change is value-breaking (as `rand_core` says of `from_seed`): it is
//! said in the changelog and bumps at least the minor version, and a test
//! pins the puzzles of fixed seeds so that none happens unnoticed.
//!
//! # What it costs
//! A minimal 9×9 puzzle is about 60 uniqueness checks, most of them free
//! (the remaining givens force the emptied digit) and the others a search
//! of the bit-parallel solver that stops at the first solution other than
//! the known one. Other shapes count solutions to two with Dancing Links,
//! each check a search over the whole grid: on 25×25 and above ask for a
//! target number of givens rather than a minimal puzzle. A difficulty
//! multiplies the cost by the puzzles made and rated before one meets it
//! (each rated only until it passes the highest ER asked for), more the
//! rarer its band. The measured figures are in the workspace's
//! `docs/notes.md` ("Generation: what a puzzle costs").
//!
//! # Module layout
//! `transform`, `symmetry`, `regions` (jigsaw maps) and `variant_tables`
//! ← `solved` (random grids), `unique` (the checks) and `canonical` (←
//! `variant_canonical`, a variant's transformations) ←
//! `request` (what is asked) ← `generator` ← `killer`, `clues` and
//! `vicinity`.
#![doc(test(attr(deny(warnings))))]

pub use sudokit_core;

mod canonical;
mod clues;
mod generator;
mod killer;
mod regions;
mod request;
mod solved;
mod symmetry;
mod transform;
mod unique;
mod variant_canonical;
mod variant_tables;
mod vicinity;

pub use canonical::{Canonical, CanonicalError, canonical_puzzle, canonical_solution};
pub use clues::{ClueGenerator, ClueKind, UnknownClueKind};
pub use generator::{GenerateError, Generated, Generator};
pub use killer::{KillerGenerator, KillerGivens};
pub use request::{Difficulty, Givens};
pub use symmetry::{Symmetry, UnknownSymmetry};
pub use transform::{Transform, TransformError};
pub use variant_canonical::{VariantCanonical, canonical_variant_puzzle, variant_transforms};
pub use vicinity::{Found, SearchStats, Vicinity, VicinitySearch};

/// The rating's types that a request takes and a generated puzzle
/// carries, so that a user of this crate alone can name them.
pub use sudokit_rules::human::{Level, Rating, Score, Technique};

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
