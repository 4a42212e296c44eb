//! The [`Strategy`] trait, the standard path of techniques, and the
//! helpers the techniques share.

use std::sync::OnceLock;

use sudokit_core::{Budget, SearchTally, StopReason};

use super::position::Position;
use super::step::Step;
use super::{chains, exclusion, fish, forcing, intersections, named, singles, subsets, uniqueness, wings};

/// A technique: finds a deduction on a [`Position`].
///
/// An implementation returns its easiest step (lowest
/// [`score`](Step::score)), or `None` when the technique does not apply.
/// It never returns a step without effect, and a step it returns never
/// removes a candidate that the puzzle's solution uses (for the
/// uniqueness techniques: when the puzzle has one solution).
///
/// ```
/// use sudokit::rules::human::{strategy, Position};
/// use sudokit::Grid;
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let position = Position::new(&puzzle)?;
/// let naked = strategy::standard().iter().find(|s| s.name() == "Naked single").ok_or("missing")?;
/// let step = naked.find(&position).ok_or("no naked single")?;
/// assert_eq!(step.placements().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Strategy: Send + Sync {
    /// The technique's name, as players say it.
    fn name(&self) -> &'static str;

    /// The easiest step of this technique on `position`, if any.
    fn find(&self, position: &Position) -> Option<Step>;

    /// [`find`](Strategy::find) within the budget of `tally`. A technique
    /// whose search is long (chains, forcing chains) counts a node with
    /// [`SearchTally::enter`] per branch or search start, and stops when
    /// the budget runs out; the default checks the budget once, then
    /// calls `find`.
    ///
    /// # Errors
    /// The [`StopReason`] of the limit reached.
    fn find_within(&self, position: &Position, tally: &mut SearchTally<'_>) -> Result<Option<Step>, StopReason> {
        tally.check()?;
        Ok(self.find(position))
    }

    /// Whether the technique assumes the puzzle has exactly one solution
    /// (unique rectangles, BUG): such steps are sound only then.
    fn assumes_uniqueness(&self) -> bool {
        false
    }
}

/// Runs `search` without a limit: the [`Strategy::find`] of a technique
/// whose [`Strategy::find_within`] does the work.
pub(crate) fn without_limit<T>(search: impl FnOnce(&mut SearchTally<'_>) -> Result<T, StopReason>) -> T {
    let budget = Budget::unlimited().without_timing();
    search(&mut SearchTally::new(&budget, 0)).expect("an unlimited budget without a cancel flag never stops")
}

/// The techniques of the Sudoku Explainer 1.2.1 path, in its order: the
/// solving path applies the first one that finds a step.
pub fn standard() -> &'static [&'static dyn Strategy] {
    const STANDARD: &[&dyn Strategy] = &[
        &singles::HiddenSingles,
        &intersections::Intersections { direct: true },
        &subsets::HiddenSubsets { size: 2, direct: true },
        &singles::NakedSingles,
        &subsets::HiddenSubsets { size: 3, direct: true },
        &intersections::Intersections { direct: false },
        &subsets::NakedSubsets { size: 2 },
        &fish::Fish { size: 2 },
        &subsets::HiddenSubsets { size: 2, direct: false },
        &subsets::NakedSubsets { size: 3 },
        &fish::Fish { size: 3 },
        &subsets::HiddenSubsets { size: 3, direct: false },
        &wings::XyWing,
        &wings::XyzWing,
        &uniqueness::UniqueRectangles,
        &subsets::NakedSubsets { size: 4 },
        &fish::Fish { size: 4 },
        &subsets::HiddenSubsets { size: 4, direct: false },
        &uniqueness::Bug,
        &exclusion::AlignedPairExclusion,
        &chains::Chains,
        &forcing::Forcing { level: 0 },
        &forcing::Forcing { level: 1 },
        &forcing::Forcing { level: 2 },
        &forcing::Forcing { level: 3 },
    ];
    STANDARD
}

/// Where the chains start in [`standard`]: the named patterns go just
/// before them in [`explained`].
const CHAINS_AT: usize = 20;

/// The path of hints and explanations: [`standard`] with the
/// [`named_patterns`] just before the chains, so that a skyscraper is
/// called a skyscraper. Every named pattern scores what the X-chain or
/// XY-chain it is would score, so the order stays easiest first.
pub fn explained() -> &'static [&'static dyn Strategy] {
    static EXPLAINED: OnceLock<Vec<&'static dyn Strategy>> = OnceLock::new();
    EXPLAINED.get_or_init(|| {
        let (before, chains) = standard().split_at(CHAINS_AT);
        before.iter().chain(named_patterns()).chain(chains).copied().collect()
    })
}

/// The cheap techniques the `rules` solver runs before it guesses: singles,
/// locked candidates and pairs. None assumes uniqueness, so they also
/// serve to count solutions.
pub fn basic() -> &'static [&'static dyn Strategy] {
    const BASIC: &[&dyn Strategy] = &[
        &singles::HiddenSingles,
        &singles::NakedSingles,
        &intersections::Intersections { direct: false },
        &subsets::NakedSubsets { size: 2 },
        &subsets::HiddenSubsets { size: 2, direct: false },
    ];
    BASIC
}

/// The popular patterns that Sudoku Explainer folds into chains, under the
/// names players know: skyscraper, 2-string kite, empty rectangle, W-Wing,
/// remote pair, simple colouring.
/// They are not on the standard path (there, the same deductions come as
/// X-chains and XY-chains); use them for explanations.
pub fn named_patterns() -> &'static [&'static dyn Strategy] {
    const NAMED: &[&dyn Strategy] = &[
        &named::Skyscraper,
        &named::TwoStringKite,
        &named::EmptyRectangle,
        &named::WWing,
        &named::RemotePair,
        &named::SimpleColouring,
    ];
    NAMED
}

/// Calls `visit` with every `k`-subset of `0..n` (ascending indices) until
/// it returns `Some`.
pub(crate) fn combinations<T>(n: usize, k: usize, visit: &mut impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    fn go<T>(
        n: usize,
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        visit: &mut impl FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return visit(chosen);
        }
        for i in start..n {
            if n - i < k - chosen.len() {
                break;
            }
            chosen.push(i);
            let found = go(n, k, i + 1, chosen, visit);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if k == 0 || k > n {
        return None;
    }
    go(n, k, 0, &mut Vec::with_capacity(k), visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_patterns_come_just_before_the_chains() {
        assert_eq!(standard()[CHAINS_AT].name(), "Chains");
        assert_eq!(explained().len(), standard().len() + named_patterns().len());
        assert_eq!(explained()[CHAINS_AT].name(), "Skyscraper");
    }

    #[test]
    fn combinations_are_all_visited_once() {
        let mut seen = Vec::new();
        let none: Option<()> = combinations(5, 3, &mut |c| {
            seen.push(c.to_vec());
            None
        });
        assert!(none.is_none());
        assert_eq!(seen.len(), 10);
        assert_eq!(seen.first().map(Vec::as_slice), Some(&[0, 1, 2][..]));
        assert_eq!(seen.last().map(Vec::as_slice), Some(&[2, 3, 4][..]));
        assert!(combinations(2, 3, &mut |_| Some(())).is_none());
    }
}
