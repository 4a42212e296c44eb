//! The [`Strategy`] trait, the [`Cache`] a path's techniques keep, and
//! the helpers the techniques share. The lists of techniques are in
//! [`lists`](super::lists).

use std::any::{Any, TypeId};
use std::fmt;

use sudokit_core::{Budget, RuleKind, RuleKinds, Rulebook, SearchTally, StopReason};

use super::position::Position;
use super::step::{Score, Step};

/// A technique: finds a deduction on a [`Position`]. The built-in ones are
/// the types of [`techniques`](super::techniques); one of one's own makes
/// its steps with [`Step::builder`] (see
/// [`Explainer::with_strategies`](super::Explainer::with_strategies) for
/// one joining the explainer).
///
/// An implementation returns its easiest step (lowest
/// [`score`](Step::score)), or `None` when the technique does not apply.
/// It never returns a step without effect, and a step it returns never
/// removes a candidate that the puzzle's solution uses (for the
/// uniqueness techniques: when the puzzle has one solution).
///
/// ```
/// use sudokit_rules::human::techniques::NakedSingles;
/// use sudokit_rules::human::{Position, Strategy};
/// use sudokit_core::Grid;
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let position = Position::new(&puzzle)?;
/// let step = NakedSingles.find(&position).ok_or("no naked single")?;
/// assert_eq!(step.placements().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Strategy: Send + Sync {
    /// The technique's name, as players say it.
    fn name(&self) -> &'static str;

    /// The easiest step of this technique on `position`, if any.
    fn find(&self, position: &Position) -> Option<Step>;

    /// [`find`](Strategy::find) within the budget counted by `tally`,
    /// with the memory `cache` keeps for the techniques of one path.
    ///
    /// A technique whose search is long (chains, forcing chains) counts a
    /// node with [`SearchTally::enter`] per branch or search start, and
    /// stops when the budget runs out; one that keeps tables or buffers
    /// from one call to the next keeps them in `cache`. The default checks
    /// the budget once, then calls `find`, ignoring `cache`.
    ///
    /// # Errors
    /// The [`StopReason`] of the limit reached.
    fn find_with(
        &self,
        position: &Position,
        tally: &mut SearchTally<'_>,
        cache: &mut Cache,
    ) -> Result<Option<Step>, StopReason> {
        let _ = cache;
        tally.check()?;
        Ok(self.find(position))
    }

    /// A score no step of the technique falls below, if it is known (the
    /// default: `None`). A rating with a maximum
    /// ([`Rater::with_max`](super::Rater::with_max)) skips the techniques
    /// at the end of its path whose least scores all exceed the maximum:
    /// whatever they would find rates above it. The built-in chains,
    /// forcing chains and aligned exclusions give theirs, the techniques
    /// whose search is long.
    fn least_score(&self) -> Option<Score> {
        None
    }

    /// Whether the technique assumes the puzzle has exactly one solution
    /// (unique rectangles, BUG): such steps are sound only then.
    fn assumes_uniqueness(&self) -> bool {
        false
    }

    /// The kinds of rule beyond rows, columns and boxes under which the
    /// technique is sound. The default knows none, so that a technique of
    /// one's own written for the standard rules never runs on a variant,
    /// and a kind added tomorrow is refused until a technique says it
    /// knows it. The built-in ones that reason over any houses and peers
    /// (singles, direct intersections, generalized intersections and
    /// naked sets, hidden sets, fish on rows and columns, wings, aligned
    /// exclusion, chains and forcing chains, the killer and
    /// non-consecutive techniques) know [`KINDS_PLAYED`].
    fn rule_kinds(&self) -> RuleKinds {
        RuleKinds::STANDARD
    }

    /// Whether the technique has anything to find under `rules`, which
    /// it knows (the default: always). The killer techniques need cage
    /// sums, the non-consecutive ones that rule, and generalized
    /// intersections give way to pointing and claiming under the
    /// standard rules.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        let _ = rules;
        true
    }

    /// Whether paths and hints play the technique under `rules`: the one
    /// check, made from [`rule_kinds`](Strategy::rule_kinds) and
    /// [`applies_to`](Strategy::applies_to) (not meant to be overridden).
    /// A built-in technique also finds nothing on a position of rules it
    /// does not take.
    fn takes(&self, rules: &Rulebook) -> bool {
        rules.kinds().is_subset(self.rule_kinds()) && self.applies_to(rules)
    }
}

/// Every kind of rule the human engine plays: houses of any kind,
/// relations between two cells (a placement takes from each bound cell
/// what its rule forbids; [`BoundCells`](super::techniques::BoundCells)
/// reasons over candidates), cage sums whose combinations can be listed,
/// arrows and little killers
/// ([`DrawnSums`](super::techniques::DrawnSums)), pencil marks, parity and
/// quadruples ([`Quadruples`](super::techniques::Quadruples)), between
/// lines ([`BetweenLines`](super::techniques::BetweenLines)), region-sum
/// lines ([`RegionSumLines`](super::techniques::RegionSumLines)), sandwiches
/// ([`Sandwiches`](super::techniques::Sandwiches)), X-sums and skyscraper
/// clues ([`Sightlines`](super::techniques::Sightlines)), indexer cells
/// ([`Indexers`](super::techniques::Indexers)) and pill arrows
/// ([`PillArrows`](super::techniques::PillArrows)).
pub const KINDS_PLAYED: RuleKinds = RuleKinds::HOUSES
    .union(RuleKinds::PAIRS)
    .with(RuleKind::CageSums)
    .union(RuleKinds::CELL_DIGITS)
    .union(RuleKinds::DRAWN_SUMS)
    .with(RuleKind::Quadruples)
    .with(RuleKind::BetweenLines)
    .with(RuleKind::RegionSumLines)
    .with(RuleKind::Sandwiches)
    .with(RuleKind::XSums)
    .with(RuleKind::Skyscrapers)
    .with(RuleKind::Indexers)
    .with(RuleKind::PillArrows);

/// What the techniques of one path keep from one call to the next: the
/// forcing chains' link tables, their buffers, and the hints of the grid
/// states their nested levels meet (tens of megabytes on the hardest
/// puzzles). Whoever walks a path owns one — [`Rater`](super::Rater) per
/// puzzle, [`Explainer`](super::Explainer) per explainer — and hands it
/// to every [`Strategy::find_with`].
///
/// It is memory, never meaning: a technique given a fresh cache finds the
/// same step, only slower; one given a cache used on another position
/// checks what it kept against the position first. A clone is empty.
///
/// A technique of one's own may keep a value of its own type here:
///
/// ```
/// use sudokit_rules::human::Cache;
///
/// #[derive(Default)]
/// struct Calls(u32);
///
/// let mut cache = Cache::new();
/// cache.get_or_insert_default::<Calls>().0 += 1;
/// cache.get_or_insert_default::<Calls>().0 += 1;
/// assert_eq!(cache.get_or_insert_default::<Calls>().0, 2);
/// ```
///
/// It also says how many threads a technique may spread one search over
/// ([`with_threads`](Cache::with_threads)): one by default.
#[derive(Default)]
pub struct Cache {
    /// One value per type, looked up by its [`TypeId`]: a path has a
    /// handful of techniques that keep anything.
    parts: Vec<(TypeId, Box<dyn Any + Send>)>,
    /// Threads one search may take; 0 stands for 1.
    threads: usize,
}

impl Cache {
    /// An empty cache.
    pub fn new() -> Cache {
        Cache::default()
    }

    /// Lets a technique spread one search over `threads` threads (the
    /// calling one among them; 0 counts as 1): the nested forcing chains
    /// (9.5 and up) run the branches of one step on them, with the same
    /// step found. For one puzzle's latency on several cores; many puzzles
    /// rated at once are better spread one puzzle per thread.
    ///
    /// ```
    /// use sudokit_rules::human::Cache;
    /// assert_eq!(Cache::new().threads(), 1);
    /// assert_eq!(Cache::new().with_threads(4).threads(), 4);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Cache {
        self.threads = threads;
        self
    }

    /// The threads one search may take (see
    /// [`with_threads`](Cache::with_threads)), at least 1.
    pub fn threads(&self) -> usize {
        self.threads.max(1)
    }

    /// The value of type `T` kept here, made with `T::default()` the first
    /// time it is asked.
    pub fn get_or_insert_default<T: Any + Send + Default>(&mut self) -> &mut T {
        let id = TypeId::of::<T>();
        let at = match self.parts.iter().position(|(t, _)| *t == id) {
            Some(at) => at,
            None => {
                self.parts.push((id, Box::new(T::default())));
                self.parts.len() - 1
            }
        };
        self.parts[at].1.downcast_mut().expect("the part of a type id is of that type")
    }

    /// Drops everything kept (the threads stay).
    pub fn clear(&mut self) {
        self.parts.clear();
    }
}

impl Clone for Cache {
    /// An empty cache with the same threads: what a cache holds serves its
    /// own path only.
    fn clone(&self) -> Cache {
        Cache::new().with_threads(self.threads)
    }
}

impl fmt::Debug for Cache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cache")
            .field("parts", &self.parts.len())
            .field("threads", &self.threads())
            .finish_non_exhaustive()
    }
}

/// The step of the first of `strategies` that finds one on `position`,
/// each searching within the budget of `tally` with the memory of
/// `cache`: what a path plays next.
pub(crate) fn first_step(
    strategies: &[&dyn Strategy],
    position: &Position,
    tally: &mut SearchTally<'_>,
    cache: &mut Cache,
) -> Result<Option<Step>, StopReason> {
    for strategy in strategies.iter().filter(|s| s.takes(position.rules())) {
        if let Some(step) = strategy.find_with(position, tally, cache)? {
            return Ok(Some(step));
        }
    }
    Ok(None)
}

/// Runs `search` without a limit and with a fresh cache: the
/// [`Strategy::find`] of a technique whose [`Strategy::find_with`] does
/// the work.
pub(crate) fn without_limit<T>(search: impl FnOnce(&mut SearchTally<'_>, &mut Cache) -> Result<T, StopReason>) -> T {
    let budget = Budget::unlimited().without_timing();
    search(&mut SearchTally::new(&budget, 0), &mut Cache::new())
        .expect("an unlimited budget without a cancel flag never stops")
}

/// Calls `visit` with every `k`-subset of `0..masks.len()` (ascending
/// indices, the subsets in lexicographic order) whose masks, with
/// `initial`, hold exactly `bits` bits together, and with that union,
/// until it returns `Some`: the subsets that naked and hidden subsets,
/// fish and the uniqueness techniques look for. A union only grows as a subset does, so the subsets above one
/// that already holds more than `bits` bits are never visited.
pub(crate) fn subsets_by_union<T>(
    masks: &[u64],
    k: usize,
    (initial, bits): (u64, u32),
    visit: &mut impl FnMut(&[usize], u64) -> Option<T>,
) -> Option<T> {
    struct Walk<'m> {
        masks: &'m [u64],
        k: usize,
        bits: u32,
        chosen: Vec<usize>,
    }
    fn go<T>(
        walk: &mut Walk<'_>,
        start: usize,
        union: u64,
        visit: &mut impl FnMut(&[usize], u64) -> Option<T>,
    ) -> Option<T> {
        if walk.chosen.len() == walk.k {
            return if union.count_ones() == walk.bits { visit(&walk.chosen, union) } else { None };
        }
        for i in start..walk.masks.len() {
            if walk.masks.len() - i < walk.k - walk.chosen.len() {
                break;
            }
            let wider = union | walk.masks[i];
            if wider.count_ones() > walk.bits {
                continue;
            }
            walk.chosen.push(i);
            let found = go(walk, i + 1, wider, visit);
            walk.chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if k == 0 || k > masks.len() || initial.count_ones() > bits {
        return None;
    }
    let mut walk = Walk { masks, k, bits, chosen: Vec::with_capacity(k) };
    go(&mut walk, 0, initial, visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `k`-subset of `0..n`, ascending indices, in lexicographic
    /// order: by brute force over the bit sets of `n` bits.
    fn all_subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = (0u32..1 << n)
            .filter(|set| set.count_ones() as usize == k)
            .map(|set| (0..n).filter(|&i| set >> i & 1 == 1).collect())
            .collect();
        out.sort();
        out
    }

    #[test]
    fn subsets_by_union_are_the_subsets_of_that_union() {
        let masks: [u64; 6] = [0b0011, 0b0110, 0b0001, 0b1100, 0b0101, 0b0010];
        for k in 1..=4 {
            for bits in 0..=4 {
                for initial in [0, 0b1000] {
                    let expected: Vec<(Vec<usize>, u64)> = all_subsets(masks.len(), k)
                        .into_iter()
                        .map(|pick| {
                            let union = pick.iter().fold(initial, |acc, &i| acc | masks[i]);
                            (pick, union)
                        })
                        .filter(|&(_, union)| union.count_ones() == bits)
                        .collect();
                    let mut seen = Vec::new();
                    let none: Option<()> = subsets_by_union(&masks, k, (initial, bits), &mut |pick, union| {
                        seen.push((pick.to_vec(), union));
                        None
                    });
                    assert!(none.is_none());
                    assert_eq!(seen, expected, "{k} masks, {bits} bits, from {initial:b}");
                }
            }
        }
        // It stops at the first subset `visit` takes.
        let first = subsets_by_union(&masks, 2, (0, 3), &mut |pick, _| Some(pick.to_vec()));
        assert_eq!(first, Some(vec![0, 1]));
    }

    #[test]
    fn subsets_of_empty_masks_are_all_visited_once() {
        let mut seen = Vec::new();
        let none: Option<()> = subsets_by_union(&[0; 5], 3, (0, 0), &mut |pick, _| {
            seen.push(pick.to_vec());
            None
        });
        assert!(none.is_none());
        assert_eq!(seen.len(), 10);
        assert_eq!(seen.first().map(Vec::as_slice), Some(&[0, 1, 2][..]));
        assert_eq!(seen.last().map(Vec::as_slice), Some(&[2, 3, 4][..]));
        assert!(subsets_by_union(&[0; 2], 3, (0, 0), &mut |_, _| Some(())).is_none());
    }
}
