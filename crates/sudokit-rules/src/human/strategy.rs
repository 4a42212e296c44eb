//! The [`Strategy`] trait, and the helpers the techniques share. The
//! lists of techniques are in [`lists`](super::lists).

use sudokit_core::{Budget, SearchTally, StopReason};

use super::position::Position;
use super::step::Step;

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
/// use sudokit::rules::human::techniques::NakedSingles;
/// use sudokit::rules::human::{Position, Strategy};
/// use sudokit::Grid;
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

/// The step of the first of `strategies` that finds one on `position`,
/// each searching within the budget of `tally`: what a path plays next.
pub(crate) fn first_step(
    strategies: &[&dyn Strategy],
    position: &Position,
    tally: &mut SearchTally<'_>,
) -> Result<Option<Step>, StopReason> {
    for strategy in strategies {
        if let Some(step) = strategy.find_within(position, tally)? {
            return Ok(Some(step));
        }
    }
    Ok(None)
}

/// Runs `search` without a limit: the [`Strategy::find`] of a technique
/// whose [`Strategy::find_within`] does the work.
pub(crate) fn without_limit<T>(search: impl FnOnce(&mut SearchTally<'_>) -> Result<T, StopReason>) -> T {
    let budget = Budget::unlimited().without_timing();
    search(&mut SearchTally::new(&budget, 0)).expect("an unlimited budget without a cancel flag never stops")
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
