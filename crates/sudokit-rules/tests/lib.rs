//! Integration tests of sudokit-rules.

mod fast;
mod human;
