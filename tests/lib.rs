//! The checks of the sudokit workspace that cannot ship with a crate: the
//! root README's code (run as doctests of this library), the doc examples
//! and errors of every crate read from their sources, the README's tables
//! against the registry, and the tests on the large puzzle sets that live
//! only in the repository's `puzzles/` folder. The tests are in
//! `tests/workspace/`; `cargo test --workspace` runs them with the rest.

/// The README's code runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
