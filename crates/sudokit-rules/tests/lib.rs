//! Integration tests of sudokit-rules.

mod budget;
mod fast;
mod human;
