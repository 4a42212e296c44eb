//! Integration tests of sudokit-rules.

mod budget;
mod human;
