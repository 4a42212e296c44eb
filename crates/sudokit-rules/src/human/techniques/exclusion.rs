//! Aligned pair exclusion: two cells cannot take a pair of digits that
//! would empty a bivalue cell seeing both.

use sudokit_core::Digit;
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::Strategy;

/// Aligned pair exclusion (6.2): for two empty cells seen by at least two
/// common bivalue cells (Sudoku Explainer's condition), a pair of digits
/// `(a, b)` is impossible when a bivalue cell seeing both holds exactly
/// `{a, b}`, or when `a == b` and the two cells see each other. A
/// candidate of either cell that belongs to no possible pair goes.
#[derive(Clone, Copy, Debug)]
pub struct AlignedPairExclusion;

impl Strategy for AlignedPairExclusion {
    fn name(&self) -> &'static str {
        "Aligned pair exclusion"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let layout = position.layout();
        let bivalue: Vec<usize> = (0..position.len()).filter(|&i| position.cands(i).len() == 2).collect();
        (0..position.len()).filter(|&a| position.cands(a).len() >= 2).find_map(|a| {
            layout.peers(a).iter().map(|&b| b as usize).filter(|&b| b > a && position.cands(b).len() >= 2).find_map(
                |b| {
                    let excluders: Vec<usize> = bivalue
                        .iter()
                        .copied()
                        .filter(|&c| c != a && c != b && position.sees(c, a) && position.sees(c, b))
                        .collect();
                    exclude(position, a, b, &excluders)
                },
            )
        })
    }
}

/// The step that the bivalue cells `excluders` (each seeing `a` and `b`)
/// give, if any.
fn exclude(position: &Position, a: usize, b: usize, excluders: &[usize]) -> Option<Step> {
    let forbidden: Vec<Candidates> = excluders.iter().map(|&c| position.cands(c)).collect();
    let clash = position.sees(a, b);
    let impossible = |x: Digit, y: Digit| (x == y && clash) || forbidden.contains(&[x, y].into_iter().collect());
    let allowed = |x: Digit, y: Digit| !impossible(x, y);
    let (ca, cb) = (position.cands(a), position.cands(b));
    let keep_a: Candidates = ca.iter().filter(|&x| cb.iter().any(|y| allowed(x, y))).collect();
    let keep_b: Candidates = cb.iter().filter(|&y| ca.iter().any(|x| allowed(x, y))).collect();
    let removed: Vec<_> = (ca - keep_a)
        .iter()
        .map(|d| (position.cell(a), d))
        .chain((cb - keep_b).iter().map(|d| (position.cell(b), d)))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let used: Vec<usize> = excluders.iter().copied().filter(|&c| (position.cands(c) - (ca | cb)).is_empty()).collect();
    let cells = [a, b].iter().chain(&used).map(|&i| position.cell(i)).collect();
    let pattern = Pattern::Cells { digits: ca | cb, cells, variant: 0 };
    Some(Step::new(Technique::AlignedPairExclusion, pattern).eliminating(removed))
}
