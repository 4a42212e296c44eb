//! Integration tests of sudokit-rules.

mod bit_parallel;
mod budget;
mod human;
