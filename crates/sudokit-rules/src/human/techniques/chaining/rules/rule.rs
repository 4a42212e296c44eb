//! Which of Sudoku Explainer's chaining rules a search follows, and how
//! its branches propagate.

/// One of Sudoku Explainer's chaining rules above the unary chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Rule {
    /// Cell and region chains over cells of three candidates or more.
    pub(crate) multiple: bool,
    pub(crate) dynamic: bool,
    /// Contradictions only, along one digit.
    pub(crate) nishio: bool,
    /// Nesting level (0 to 5).
    pub(crate) level: u8,
}

impl Rule {
    /// The rule's base difficulty.
    pub(crate) fn difficulty(self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * f64::from(self.level - 2)
        } else if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    /// How the rule's branches propagate.
    pub(crate) fn mode(self) -> Mode {
        Mode { y: !self.nishio, dynamic: self.dynamic, level: self.level }
    }
}

/// Which links a propagation follows and what it does between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mode {
    /// Links inside a cell (naked singles); off for Nishio.
    pub(crate) y: bool,
    /// Candidates turned off leave the grid, so later implications see
    /// the singles they make.
    pub(crate) dynamic: bool,
    /// Nesting level: from 1, techniques run when the singles run out.
    pub(crate) level: u8,
}
