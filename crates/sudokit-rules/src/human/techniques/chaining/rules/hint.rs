//! What a chaining search finds, scored and ordered as Sudoku Explainer
//! orders its chaining hints: by difficulty, then complexity, then kind.

use sudokit_core::Digit;
use sudokit_grid::Candidates;

use super::potentials::{Cause, Id, Node, Potentials, Walker};
use super::work::{State, Work};

/// The shape of a chaining hint, for its sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A loop whose links hold both ways (`x`: links along a digit, `y`:
    /// links inside cells), through these candidates.
    Cycle { x: bool, y: bool },
    /// A chain from a candidate to its own negation.
    Chain { x: bool, y: bool },
    /// A candidate assumed on (or off) leads to a candidate both on and
    /// off: it is off (or on).
    Contradiction { cell: usize, digit: Digit, on: bool },
    /// A candidate on and off lead to the same conclusion.
    Double { cell: usize, digit: Digit },
    /// Every candidate of a cell leads to the same conclusion.
    Cell { cell: usize },
    /// Every place of a digit in a unit leads to the same conclusion.
    Region { unit: usize, digit: Digit },
}

/// A candidate a chaining hint relies on having been removed, as Sudoku
/// Explainer collects the parents of a nested chain: the other
/// candidates of a cell, or the other places of a digit in a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Support {
    Cell(usize),
    Unit(usize, Digit),
}

/// One chaining hint.
#[derive(Clone, Debug)]
pub(crate) struct Hint {
    pub(crate) difficulty: f64,
    pub(crate) complexity: usize,
    pub(crate) sort_key: u8,
    /// The candidates it removes, by cell then digit.
    pub(crate) removable: Vec<(usize, Digit)>,
    /// The placement it makes, when it removes every other candidate of
    /// a cell (Sudoku Explainer's "result on").
    pub(crate) placement: Option<(usize, Digit)>,
    pub(crate) kind: Kind,
    /// The candidates of the chain, for cycles and chains.
    pub(crate) nodes: Vec<(usize, Digit)>,
    pub(crate) supports: Vec<Support>,
    /// A hash of its chains, telling equal nested chains apart from
    /// others.
    pub(crate) signature: u64,
    /// Its branches written out, for the step a player reads: filled in
    /// only for the hint a search returns first (see [`written`]).
    pub(crate) branches: Vec<Vec<Written>>,
}

/// One potential of a branch written out: its node, cause, and parents
/// as indices into its branch.
#[derive(Clone, Debug)]
pub(crate) struct Written {
    pub(crate) node: Node,
    pub(crate) cause: Cause,
    pub(crate) parents: Vec<usize>,
}

/// The potentials behind `target` in `pots`, each after its parents (a
/// potential is created after those it follows from), `target` last.
pub(crate) fn written(pots: &Potentials, target: Id, walker: &mut Walker) -> Vec<Written> {
    let mut ids = pots.chain(target, walker);
    ids.sort_unstable();
    let at: std::collections::HashMap<Node, usize> =
        ids.iter().enumerate().map(|(k, &id)| (pots.node(id), k)).collect();
    ids.iter()
        .map(|&id| Written {
            node: pots.node(id),
            cause: pots.cause(id),
            parents: pots.parents(id).iter().filter_map(|&p| at.get(&pots.node(p)).copied()).collect(),
        })
        .collect()
}

impl Hint {
    /// A hint of `kind` with no supports, and the signature of no chain:
    /// what a search fills in when the chain around it needs them.
    pub(crate) fn without_chains(
        difficulty: f64,
        complexity: usize,
        sort_key: u8,
        removable: Vec<(usize, Digit)>,
        placement: Option<(usize, Digit)>,
        kind: Kind,
    ) -> Hint {
        Hint {
            difficulty,
            complexity,
            sort_key,
            removable,
            placement,
            kind,
            nodes: Vec::new(),
            supports: Vec::new(),
            signature: SEED,
            branches: Vec::new(),
        }
    }
}

/// Where signatures start (FNV-1a's offset basis).
pub(crate) const SEED: u64 = 0xcbf2_9ce4_8422_2325;

/// Sudoku Explainer's length bonus as it adds it: 0.1 for every threshold
/// (4, 6, 8, 12, 16, 24, …; alternately ×3/2 and ×4/3) that `complexity`
/// minus two exceeds, added in floating point so that ties and orders
/// come out as they do there.
pub(crate) fn length_difficulty(complexity: usize) -> f64 {
    let length = complexity as i64 - 2;
    let (mut ceil, mut odd, mut added) = (4i64, false, 0.0f64);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A difficulty in tenths, rounded as Sudoku Explainer prints it.
pub(crate) fn tenths(difficulty: f64) -> u16 {
    ((difficulty + 0.05) * 10.0) as u16
}

/// Sorts `hints` as Sudoku Explainer does (stable: difficulty, then
/// complexity, then kind) and drops any that removes what an earlier one
/// removes.
pub(crate) fn sort_and_dedup(hints: Vec<Hint>) -> Vec<Hint> {
    sort_and_dedup_by(hints, |h| h)
}

/// [`sort_and_dedup`] for items that each hold a hint.
pub(crate) fn sort_and_dedup_by<T>(mut items: Vec<T>, hint: impl Fn(&T) -> &Hint) -> Vec<T> {
    items.sort_by(|a, b| {
        let (a, b) = (hint(a), hint(b));
        a.difficulty
            .partial_cmp(&b.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    });
    let mut out: Vec<T> = Vec::with_capacity(items.len());
    for item in items {
        if !out.iter().any(|o| hint(o).removable == hint(&item).removable) {
            out.push(item);
        }
    }
    out
}

/// What removing "everything but `digit`" or "`digit`" from `cell` means.
pub(crate) fn removable_for(work: &Work, cell: usize, digit: Digit, on: bool) -> Vec<(usize, Digit)> {
    if on {
        (work.cands(cell) - Candidates::single(digit)).iter().map(|d| (cell, d)).collect()
    } else {
        vec![(cell, digit)]
    }
}

/// The supports of the chains behind `targets`: each "on" potential's
/// cause; the assumption counts as `assumed`.
pub(crate) fn supports(
    work: &Work,
    pots: &Potentials,
    targets: &[Id],
    assumed: Option<Support>,
    (out, walker): (&mut Vec<Support>, &mut Walker),
) {
    for &t in targets {
        for id in pots.chain(t, walker) {
            if pots.node(id) & 1 == 0 {
                continue;
            }
            if let Some(s) = support_of(work, pots, id, assumed).filter(|s| !out.contains(s)) {
                out.push(s);
            }
        }
    }
}

/// What potential `id` relies on, by its cause; the assumption counts as
/// `assumed`, a technique's removal as nothing.
pub(crate) fn support_of(work: &Work, pots: &Potentials, id: Id, assumed: Option<Support>) -> Option<Support> {
    let (cell, digit, _) = work.decode(pots.node(id));
    match pots.cause(id) {
        Cause::Assumed => assumed,
        Cause::Cell => Some(Support::Cell(cell)),
        Cause::Unit(u) => Some(Support::Unit(usize::from(u), digit)),
        Cause::Bound(_) | Cause::Advanced(_) | Cause::Sum(_) => None,
    }
}

/// The candidates, present in `base` and gone from `work`, that the
/// supports rely on: the parents of a nested hint in the chain around it.
pub(crate) fn rule_parents(work: &Work, base: &State, supports: &[Support]) -> Vec<(usize, Digit)> {
    let mut out = Vec::new();
    for &s in supports {
        match s {
            Support::Cell(cell) => {
                out.extend((base.cands(cell) - work.cands(cell)).iter().map(|d| (cell, d)));
            }
            Support::Unit(u, digit) => {
                out.extend(
                    work.unit(u)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| base.cands(c).contains(digit) && !work.cands(c).contains(digit))
                        .map(|c| (c, digit)),
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_bonus_steps_at_sudoku_explainers_thresholds() {
        let steps: Vec<usize> = (0..40).map(|c| (length_difficulty(c) * 10.0 + 0.5) as usize).collect();
        // complexity - 2 > 4, 6, 8, 12, 16, 24, 32
        assert_eq!(steps[6], 0);
        assert_eq!(steps[7], 1);
        assert_eq!(steps[9], 2);
        assert_eq!(steps[11], 3);
        assert_eq!(steps[15], 4);
        assert_eq!(steps[19], 5);
        assert_eq!(steps[27], 6);
        assert_eq!(steps[35], 7);
    }

    #[test]
    fn tenths_round_as_sudoku_explainer_prints() {
        assert_eq!(tenths(7.5 + length_difficulty(11)), 78);
        assert_eq!(tenths(6.6 + length_difficulty(10)), 68);
    }
}
