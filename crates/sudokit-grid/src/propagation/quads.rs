//! The quadruples of the general engine of
//! [`PropagationSearch`](super::PropagationSearch), each kept to what
//! [`Quadruple::narrow`] leaves its cells.

use sudokit_core::{Quadruple, Rulebook};

/// A quadruple as the engine reads it: its cells as the engine indexes
/// them, and its rule.
#[derive(Debug)]
pub(super) struct Quad {
    pub(super) cells: [u16; 4],
    pub(super) rule: Quadruple,
}

impl Quad {
    /// Every quadruple of `rules`.
    pub(super) fn all(rules: &Rulebook) -> Vec<Quad> {
        let quadruples = rules.variant().quadruples().iter();
        quadruples.map(|rule| Quad { cells: rule.cells().map(|i| i as u16), rule: rule.clone() }).collect()
    }
}
