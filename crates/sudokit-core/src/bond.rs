//! [`Bond`]: what binds two cells by a [`PairRule`] — a whole-grid
//! relation, a clue between them, the absence of a clue where every clue
//! is given, or a line through both.

use std::fmt;

use crate::lines::LineKind;
use crate::pairs::{ClueFamily, EdgeClue, Extremum, PairRule, Relation};
use crate::rule_kinds::RuleKind;

/// What binds two cells by a [`PairRule`]: a whole-grid relation, a clue
/// between them, or no clue between them where every clue of its family
/// is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Bond {
    /// A relation over the whole grid.
    Relation(Relation),
    /// A clue on the edge between them.
    Clue(EdgeClue),
    /// No clue of the family between them, where all of them are given.
    Unclued(ClueFamily),
    /// A line through both: neighbours along it, or facing each other on
    /// a palindrome.
    Line(LineKind),
    /// The first is a minimum or maximum cell, the second one of its
    /// orthogonal neighbours.
    Extremum(Extremum),
    /// They sit at the same place of the two parts of a clone: the same
    /// digit.
    Clone,
}

impl Bond {
    /// The rule on the digits of the cells it binds.
    pub fn rule(self) -> PairRule {
        match self {
            Bond::Relation(relation) => relation.rule(),
            Bond::Clue(clue) => clue.rule(),
            Bond::Unclued(family) => family.unclued_rule(),
            Bond::Line(kind) => kind.rule(),
            Bond::Extremum(extremum) => extremum.rule(),
            Bond::Clone => PairRule::Equal,
        }
    }

    /// The kind of rule it belongs to.
    pub fn kind(self) -> RuleKind {
        match self {
            Bond::Relation(Relation::AntiKing) => RuleKind::AntiKing,
            Bond::Relation(Relation::AntiKnight) => RuleKind::AntiKnight,
            Bond::Relation(Relation::NonConsecutive) => RuleKind::NonConsecutive,
            Bond::Clue(clue) => clue.family().kind(),
            Bond::Unclued(family) => family.kind(),
            Bond::Line(kind) => kind.kind(),
            Bond::Extremum(_) => RuleKind::Extrema,
            Bond::Clone => RuleKind::Clones,
        }
    }
}

impl fmt::Display for Bond {
    /// How a sentence says what binds two cells: `a king's move apart`,
    /// `across a white dot`, `with no X or V between them`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bond::Relation(relation) => f.write_str(relation.apart()),
            Bond::Clue(clue) => write!(f, "across {}", clue.article()),
            Bond::Unclued(ClueFamily::Kropki) => f.write_str("with no dot between them"),
            Bond::Unclued(ClueFamily::Xv) => f.write_str("with no X or V between them"),
            Bond::Unclued(ClueFamily::BlackDots) => f.write_str("with no black dot between them"),
            Bond::Line(LineKind::Palindrome) => f.write_str("on a palindrome"),
            Bond::Line(LineKind::Renban(_)) => f.write_str("on a renban"),
            Bond::Line(kind) => write!(f, "along {}", kind.article()),
            Bond::Extremum(Extremum::Minimum) => f.write_str("as the minimum of its neighbours"),
            Bond::Extremum(Extremum::Maximum) => f.write_str("as the maximum of its neighbours"),
            Bond::Clone => f.write_str("as its clone"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonds_name_their_kind_and_rule() {
        assert_eq!(Bond::Clue(EdgeClue::V).kind(), RuleKind::Xv);
        assert_eq!(Bond::Unclued(ClueFamily::Kropki).rule(), PairRule::NeitherConsecutiveNorDouble);
        assert_eq!(Bond::Relation(Relation::NonConsecutive).rule(), PairRule::NotConsecutive);
        assert_eq!(Bond::Clue(EdgeClue::Black).to_string(), "across a black dot");
    }
}
