//! The rules over a group of cells of the general engine of
//! [`PropagationSearch`](super::PropagationSearch) that are neither pairs
//! nor sums — quadruples, between and region-sum lines, sandwiches,
//! X-sums and skyscrapers, indexer cells and pill arrows —
//! each kept to what its own narrowing in the core leaves its cells
//! ([`Quadruple::narrow`], [`Line::narrow`], [`Sandwich::narrow`],
//! [`Sightline::narrow`], [`Indexer::narrow`], [`PillArrow::narrow`]).

use sudokit_core::{Indexer, Line, PillArrow, Quadruple, RuleKind, RuleKinds, Rulebook, Sandwich, Sightline};

/// The kinds of rule read as groups.
pub(crate) const KINDS: RuleKinds = RuleKinds::of(&[
    RuleKind::Quadruples,
    RuleKind::BetweenLines,
    RuleKind::RegionSumLines,
    RuleKind::Sandwiches,
    RuleKind::Indexers,
    RuleKind::PillArrows,
    RuleKind::XSums,
    RuleKind::Skyscrapers,
]);

/// A rule over a few cells, as the engine reads it: its cells as the
/// engine indexes them, and the rule.
#[derive(Debug)]
pub(crate) struct Group {
    pub(crate) cells: Vec<u16>,
    rule: Rule,
}

/// What a [`Group`] asks of its cells.
#[derive(Debug)]
enum Rule {
    Quadruple(Quadruple),
    /// A between line or a region-sum line.
    Line(Line),
    Sandwich(Sandwich),
    /// An X-sum or a skyscraper clue.
    Sightline(Sightline),
    Indexer(Indexer),
    Pill(PillArrow),
}

impl Group {
    /// Every quadruple, between and region-sum line, sandwich, X-sum,
    /// skyscraper clue, indexer and pill arrow of `rules`.
    pub(crate) fn all(rules: &Rulebook) -> Vec<Group> {
        let narrow = |cells: &[usize]| cells.iter().map(|&i| i as u16).collect();
        let variant = rules.variant();
        let quadruples =
            variant.quadruples().iter().map(|q| Group { cells: narrow(q.cells()), rule: Rule::Quadruple(q.clone()) });
        let between = (variant.lines().iter())
            .filter(|line| line.kind().is_narrowed())
            .map(|line| Group { cells: narrow(line.cells()), rule: Rule::Line(line.clone()) });
        let sandwiches = (variant.sandwiches().iter())
            .map(|sandwich| Group { cells: narrow(sandwich.cells()), rule: Rule::Sandwich(sandwich.clone()) });
        let sightlines = (variant.sightlines().iter())
            .map(|clue| Group { cells: narrow(clue.cells()), rule: Rule::Sightline(clue.clone()) });
        let indexers = (variant.indexers().iter())
            .map(|indexer| Group { cells: narrow(indexer.line()), rule: Rule::Indexer(indexer.clone()) });
        let pills = (variant.pill_arrows().iter())
            .map(|arrow| Group { cells: narrow(&arrow.cells()), rule: Rule::Pill(arrow.clone()) });
        (quadruples.chain(between).chain(sandwiches).chain(sightlines)).chain(indexers).chain(pills).collect()
    }

    /// Narrows `allowed` (the candidates of its cells, in order) to what
    /// the rule leaves them; `false` when it leaves a cell nothing.
    pub(crate) fn narrow(&self, allowed: &mut [u64]) -> bool {
        match &self.rule {
            Rule::Quadruple(quadruple) => match <&mut [u64; 4]>::try_from(allowed) {
                Ok(four) => quadruple.narrow(four),
                Err(_) => false,
            },
            Rule::Line(line) => line.narrow(allowed),
            Rule::Sandwich(sandwich) => sandwich.narrow(allowed),
            Rule::Sightline(clue) => clue.narrow(allowed),
            Rule::Indexer(indexer) => indexer.narrow(allowed),
            Rule::Pill(arrow) => arrow.narrow(allowed),
        }
    }
}
