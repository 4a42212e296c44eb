//! Integration tests of sudokit-dlx.

mod engine;
mod problems;
mod sudoku;
mod variants;
