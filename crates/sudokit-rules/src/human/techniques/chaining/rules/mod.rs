//! Sudoku Explainer's chaining rules: what a chain is, how it is found,
//! measured and ordered. Everything here decides which step a search
//! gives; the sibling module `speed` only gets there sooner.
//!
//! Layers, bottom up: `potentials` (a candidate on or off, with what
//! implied it), `geometry` (the houses and peers of the rules, in the
//! order the searches read them) and `work` (the grid a search shrinks); `rule` (which
//! rule, which propagation); `sums` (what a killer cage's sum removes in
//! a branch); `hint` (what a search finds, ordered as
//! Sudoku Explainer orders it); `propagate` (the implications of a
//! potential, and a whole branch); `unary` (cycles and chains from one
//! candidate) and `multiple` (contradiction, double, cell and region
//! chains); `nested` (what nested levels run inside their branches).

pub(super) mod hint;
pub(super) mod multiple;
pub(super) mod nested;
pub(super) mod potentials;
pub(super) mod propagate;
pub(super) mod rule;
pub(super) mod sums;
pub(super) mod unary;
pub(super) mod work;

mod geometry;
