//! One file per family of techniques, as in `src/human/techniques/`.

mod bound;
mod chains;
mod exclusion;
mod fish;
mod intersections;
mod killer;
mod named;
mod singles;
mod subsets;
mod uniqueness;
mod wings;
