//! Killer cages as links of a dynamic chain: once a branch has taken
//! candidates from a cage's cells, the cage's sum may leave a cell of it
//! without some digit (no filling of the cage within the candidates left
//! puts it there). That removal is a link whose parents are the
//! candidates the branch took from the cage. The sums the cages imply
//! (innies and outies) link the same way: exactly where their cells hold
//! distinct digits, by their bounds where digits may repeat or count
//! negatively (an exact search there costs more than it finds).

use sudokit_core::Digit;
use sudokit_grid::Candidates;

use super::super::speed::pools::SumMemo;
use super::work::{State, SumLink, Work};
use crate::human::fillings::Group;

/// A removal a sum makes in a branch: the cell and digit, the sum (its
/// place in [`Work::sum_links`]), and the candidates the branch took from
/// the sum's cells that it relies on.
pub(crate) struct SumRemoval {
    pub(crate) cell: usize,
    pub(crate) digit: Digit,
    pub(crate) sum: usize,
    pub(crate) parents: Vec<(usize, Digit)>,
}

/// The group of `link`'s cells under `options`.
fn group<'a>(work: &'a Work, link: &'a SumLink, options: &'a [Candidates]) -> Group<'a, impl Fn(usize, usize) -> bool> {
    let sees = |a: usize, b: usize| work.sees(link.cells[a], link.cells[b]);
    Group { options, signs: &link.signs, total: link.total, sees }
}

/// What the `touched` sums (untouched on return) remove from `work`, sum
/// by sum, cell by cell, digit by digit; each relies on the candidates
/// the branch took from the sum's cells since `base`.
pub(crate) fn sum_removals(work: &Work, base: &State, touched: &mut [bool], memo: &mut SumMemo) -> Vec<SumRemoval> {
    let mut out = Vec::new();
    for (k, (link, touched)) in work.sum_links().iter().zip(touched).enumerate() {
        if !std::mem::take(touched) {
            continue;
        }
        if link.cells.iter().all(|&c| base.cands(c) == work.cands(c)) {
            continue;
        }
        let options: Vec<Candidates> =
            link.cells.iter().map(|&c| Digit::new(work.value(c)).map_or(work.cands(c), Candidates::single)).collect();
        let kept = if link.distinct {
            memo.kept((work.grid_id(), k), options, |options| group(work, link, options).supported())
        } else {
            Some(group(work, link, &options).within_bounds())
        };
        let Some(kept) = kept else { continue };
        // Most sums remove nothing: their parents are gathered only when
        // one does.
        let mut taken: Option<Vec<(usize, Digit)>> = None;
        for (&c, kept) in link.cells.iter().zip(kept) {
            for digit in (work.cands(c) - kept).iter() {
                let parents = taken.get_or_insert_with(|| {
                    let lost = |c: usize| (base.cands(c) - work.cands(c)).iter().map(move |d| (c, d));
                    link.cells.iter().flat_map(|&c| lost(c)).collect()
                });
                out.push(SumRemoval { cell: c, digit, sum: k, parents: parents.clone() });
            }
        }
    }
    out
}
