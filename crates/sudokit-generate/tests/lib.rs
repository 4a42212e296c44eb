//! Integration tests of sudokit-generate: transformations as a group,
//! symmetry orbits, and generated puzzles checked by the testkit's
//! independent oracle (unique, minimal, symmetric, as requested; killers
//! too).

mod canonical;
mod clues;
mod generator;
mod killer;
mod pinned;
mod symmetry;
mod transform;
mod variant_canonical;
mod variants;
mod vicinity;
