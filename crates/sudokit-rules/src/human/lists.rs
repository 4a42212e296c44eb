//! The lists of techniques: Sudoku Explainer's path ([`standard`]), the
//! path of explanations ([`explained`]), the cheap ones ([`basic`]) and the
//! named patterns; and the hint, the first step of the explained path.

use std::sync::OnceLock;

use sudokit_core::{Budget, SearchTally, SolveError};

use super::position::Position;
use super::step::Step;
use super::strategy::{Cache, Strategy, first_step};
use super::techniques::{
    AlignedPairExclusion, AlignedTripleExclusion, BetweenLines, BoundCells, Bug, CageBoundDigits, CageCombinations,
    CageLockedDigits, Chains, DrawnSums, EmptyRectangle, Fish, ForcingChains, GeneralizedIntersections, HiddenSingles,
    HiddenSubsets, HouseCombinations, Indexers, Intersections, LawOfLeftovers, LockedNonConsecutive, NakedSingles,
    NakedSubsets, NonConsecutiveCells, PillArrows, Quadruples, RegionSumLines, RemotePair, RenbanLockedDigits,
    RenbanRuns, RuleOf45, Sandwiches, Sightlines, SimpleColouring, Skyscraper, TwoStringKite, UniqueLoops, WWing,
    XyWing, XyzWing,
};

/// The techniques of the Sudoku Explainer 1.2.1 path, in its order: the
/// solving path applies the first one that finds a step. Under a
/// variant's rules the path skips the techniques that do not take them
/// ([`Strategy::takes`]) and uses SukakuExplainer's swaps: generalized
/// intersections for pointing and claiming, generalized naked sets for
/// naked sets.
pub fn standard() -> &'static [&'static dyn Strategy] {
    const STANDARD: &[&dyn Strategy] = &[
        &HiddenSingles,
        &Intersections::DIRECT,
        &HiddenSubsets::DIRECT_PAIR,
        &NakedSingles,
        &NonConsecutiveCells,
        &BoundCells,
        &CageCombinations,
        &DrawnSums,
        &PillArrows,
        &RenbanRuns,
        &Quadruples,
        &BetweenLines,
        &RegionSumLines,
        &Sandwiches,
        &Sightlines,
        &Indexers,
        &LockedNonConsecutive,
        &RuleOf45,
        &HiddenSubsets::DIRECT_TRIPLE,
        &Intersections::LOCKED,
        &CageLockedDigits,
        &CageBoundDigits,
        &RenbanLockedDigits,
        &LawOfLeftovers,
        &GeneralizedIntersections,
        &HouseCombinations,
        &NakedSubsets::PAIR,
        &Fish::X_WING,
        &HiddenSubsets::PAIR,
        &NakedSubsets::TRIPLE,
        &Fish::SWORDFISH,
        &HiddenSubsets::TRIPLE,
        &XyWing,
        &XyzWing,
        &UniqueLoops,
        &NakedSubsets::QUAD,
        &Fish::JELLYFISH,
        &HiddenSubsets::QUAD,
        &Bug,
        &AlignedPairExclusion,
        &Chains,
        &AlignedTripleExclusion,
        &ForcingChains::NISHIO,
        &ForcingChains::MULTIPLE,
        &ForcingChains::DYNAMIC,
        &ForcingChains::DYNAMIC_PLUS,
        &ForcingChains::NESTED,
        &ForcingChains::NESTED_MULTIPLE,
        &ForcingChains::NESTED_DYNAMIC,
        &ForcingChains::NESTED_DYNAMIC_PLUS,
    ];
    STANDARD
}

/// Where the chains start in [`standard`]: the named patterns go just
/// before them in [`explained`].
const CHAINS_AT: usize = 40;

/// The nested levels at the end of [`standard`] (9.5 to 11.0).
const NESTED: usize = 4;

/// The path of hints and explanations: [`standard`] with the
/// [`named_patterns`] just before the chains, so that a skyscraper is
/// called a skyscraper, and without the nested forcing chains (9.5 and
/// up): their steps can take minutes on an open grid and no player
/// follows them, so the explainer guesses there instead. Every named
/// pattern scores what the X-chain it is would score, so the order stays
/// easiest first.
pub fn explained() -> &'static [&'static dyn Strategy] {
    static EXPLAINED: OnceLock<Vec<&'static dyn Strategy>> = OnceLock::new();
    EXPLAINED.get_or_init(|| {
        let (before, chains) = standard().split_at(CHAINS_AT);
        let chains = &chains[..chains.len() - NESTED];
        before.iter().chain(named_patterns()).chain(chains).copied().collect()
    })
}

/// The cheap techniques the `rules` solver runs before it guesses: singles,
/// locked candidates and pairs. None assumes uniqueness, so they also
/// serve to count solutions.
pub fn basic() -> &'static [&'static dyn Strategy] {
    const BASIC: &[&dyn Strategy] = &[
        &HiddenSingles,
        &NakedSingles,
        &BoundCells,
        &CageCombinations,
        &DrawnSums,
        &PillArrows,
        &RenbanRuns,
        &Quadruples,
        &BetweenLines,
        &RegionSumLines,
        &Sandwiches,
        &Sightlines,
        &Indexers,
        &Intersections::LOCKED,
        &GeneralizedIntersections,
        &NakedSubsets::PAIR,
        &HiddenSubsets::PAIR,
    ];
    BASIC
}

/// The popular patterns that Sudoku Explainer folds into chains, under the
/// names players know: skyscraper, 2-string kite, empty rectangle, W-Wing,
/// remote pair, simple colouring.
/// They are not on the standard path (there, the same deductions come as
/// X-chains and XY-chains); use them for explanations.
pub fn named_patterns() -> &'static [&'static dyn Strategy] {
    const NAMED: &[&dyn Strategy] =
        &[&Skyscraper, &TwoStringKite, &EmptyRectangle, &WWing, &RemotePair, &SimpleColouring];
    NAMED
}

/// The hints of a position: the first step of [`explained`].
impl Position {
    /// The easiest step the techniques find ([`explained`],
    /// named patterns included), without solving any further: a hint for a
    /// player. `None` when no technique applies (or the puzzle is solved).
    ///
    /// Like a player, the hint assumes the puzzle has one solution (unique
    /// rectangles, BUG); [`Explainer`](super::Explainer) checks it first.
    /// It has no limit: on a grid with few givens the forcing chains can
    /// search for seconds, so a game's hint button wants
    /// [`hint_with`](Position::hint_with).
    pub fn hint(&self) -> Option<Step> {
        explained().iter().filter(|s| s.takes(self.rules())).find_map(|s| s.find(self))
    }

    /// [`hint`](Position::hint) within `budget`: a game's hint button that
    /// must answer in time. Each technique checks the budget as it starts,
    /// and the long ones inside their search (a node per chain start and
    /// per forcing-chain branch).
    ///
    /// ```
    /// use sudokit_rules::human::Position;
    /// use sudokit_core::{Budget, Grid, Shape, SolveError, StopReason};
    ///
    /// // An empty grid has no step short of forcing chains, which branch
    /// // on every candidate: a hundred nodes stop them.
    /// let empty = Position::new(&Grid::empty(Shape::CLASSIC))?;
    /// let budget = Budget::unlimited().with_max_nodes(100);
    /// let err = empty.hint_with(&budget).unwrap_err();
    /// assert!(matches!(err, SolveError::BudgetExhausted { reason: StopReason::NodeLimit, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::BudgetExhausted`] when the budget runs out first.
    pub fn hint_with(&self, budget: &Budget) -> Result<Option<Step>, SolveError> {
        let mut tally = SearchTally::slow(budget, 0);
        first_step(explained(), self, &mut tally, &mut Cache::new()).map_err(|reason| tally.exhausted(reason, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_patterns_come_just_before_the_chains() {
        assert_eq!(standard()[CHAINS_AT].name(), "Chains");
        assert_eq!(explained().len(), standard().len() + named_patterns().len() - NESTED);
        assert_eq!(standard()[standard().len() - NESTED].name(), "Dynamic forcing chains (+ forcing chains)");
        assert_eq!(explained()[CHAINS_AT].name(), "Skyscraper");
    }
}
