//! The workspace's own checks (see `tests/lib.rs`): each module reads
//! something only a checkout of the repository has.

mod readme;
mod sets;
mod sources;
mod variant_sets;
