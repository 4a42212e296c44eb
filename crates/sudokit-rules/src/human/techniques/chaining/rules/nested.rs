//! What the chains of nesting level 1 and up run inside their branches
//! when the singles run out (Sudoku Explainer's `getAdvancedPotentials`):
//! locked candidates, hidden and naked pairs and X-Wings at every level,
//! then, at level 2 and up, chains of their own. Each removal comes with
//! the candidates, removed earlier in the branch, that it relies on.

use std::sync::Arc;

use sudokit_core::{Digit, SearchTally, StopReason};
use sudokit_grid::Candidates;

use super::super::speed::cache::ChainCache;
use super::hint::{Hint, rule_parents, sort_and_dedup};
use super::multiple::{self, Carry};
use super::propagate::{Advanced, Removal};
use super::rule::Rule;
use super::unary;
use super::work::{State, Work, several_bits, two_bits};

/// A removal of a basic technique and the candidates it relies on.
type Basic = (Vec<(usize, Digit)>, Vec<(usize, Digit)>);

/// The techniques of nesting level `level` (1 to 5), whose chains keep
/// their hints in `cache`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Nested<'c> {
    pub(crate) level: u8,
    pub(crate) cache: &'c ChainCache,
}

impl Advanced for Nested<'_> {
    fn removals(&self, work: &mut Work, base: &State, tally: &mut SearchTally<'_>) -> Result<Vec<Removal>, StopReason> {
        // Under a variant's houses and relations, SukakuExplainer's
        // generalized intersections and naked pairs.
        let rules: [fn(&Work, &State) -> Vec<Basic>; 4] = if work.generalized() {
            [generalized_locking, hidden_pairs, generalized_naked_pairs, x_wings]
        } else {
            [locking, hidden_pairs, naked_pairs, x_wings]
        };
        for rule in rules {
            let found = from_basic(rule(work, base));
            if !found.is_empty() {
                return Ok(found);
            }
        }
        let chains: &[Rule] = match self.level {
            0 | 1 => &[],
            2 => &[UNARY],
            3 => &[UNARY, Rule { multiple: true, dynamic: false, nishio: false, level: 0 }],
            4 => &[Rule { multiple: true, dynamic: true, nishio: false, level: 0 }],
            _ => &[
                Rule { multiple: true, dynamic: true, nishio: false, level: 0 },
                Rule { multiple: true, dynamic: true, nishio: false, level: self.level - 3 },
            ],
        };
        for &rule in chains {
            let hints = chain_hints(work, rule, tally, self.cache)?;
            // The next level runs the cell and region chains where the
            // unary chains find nothing, on the states met here.
            if self.level == 2 && hints.is_empty() {
                self.cache.keep_shares(work);
            }
            let found = from_chains(work, base, &hints);
            if !found.is_empty() {
                return Ok(found);
            }
        }
        Ok(Vec::new())
    }
}

/// The hints, sorted, of `rule` (or of the unary chains) on `work`, from
/// `cache` when the state was searched before in this step.
fn chain_hints(
    work: &mut Work,
    rule: Rule,
    tally: &mut SearchTally<'_>,
    cache: &ChainCache,
) -> Result<Arc<Vec<Hint>>, StopReason> {
    if let Some(hints) = cache.known_hints(rule, work.all_cands()) {
        return Ok(hints);
    }
    let hints = if rule == UNARY {
        sort_and_dedup(unary::hints(work, tally, cache)?)
    } else {
        let inner = Nested { level: rule.level, cache };
        let advanced: Option<&dyn Advanced> = (rule.level > 0).then_some(&inner);
        // Sorted already, as a nested search's hints come.
        multiple::hints(work, (rule, advanced), Carry::Supports, tally, cache, Vec::new())?
    };
    let hints = Arc::new(hints);
    cache.keep_hints(rule, work.all_cands(), &hints);
    Ok(hints)
}

/// Stands for the unary chains ("Forcing Chains & Cycles") in the lists
/// above.
const UNARY: Rule = Rule { multiple: false, dynamic: false, nishio: false, level: 0 };

fn from_basic(found: Vec<Basic>) -> Vec<Removal> {
    let mut out = Vec::new();
    for (removable, parents) in found {
        if parents.is_empty() {
            continue;
        }
        for (cell, digit) in removable {
            out.push(Removal { cell, digit, parents: parents.clone(), nested: None });
        }
    }
    out
}

fn from_chains(work: &Work, base: &State, hints: &[Hint]) -> Vec<Removal> {
    let mut out = Vec::new();
    for hint in hints {
        let parents = rule_parents(work, base, &hint.supports);
        if parents.is_empty() {
            continue;
        }
        for &(cell, digit) in &hint.removable {
            out.push(Removal {
                cell,
                digit,
                parents: parents.clone(),
                nested: Some((hint.signature, hint.complexity)),
            });
        }
    }
    out
}

/// The cells of `unit` holding `digit` in `base` but not in `work`,
/// outside the positions `skip`.
fn removed_in(work: &Work, base: &State, unit: usize, digit: Digit, skip: u64) -> Vec<(usize, Digit)> {
    let gone = work.places_in(base, unit, digit) & !work.places(unit, digit) & !skip;
    work.cells_at(unit, gone).map(|c| (c, digit)).collect()
}

/// Pointing and claiming: a digit of one house confined to another.
fn locking(work: &Work, base: &State) -> Vec<Basic> {
    let mut out = Vec::new();
    for crossing in work.crossings() {
        let (from, to) = (work.unit_places(crossing.from), work.unit_places(crossing.to));
        for (index, (&places, &there)) in from.iter().zip(to).enumerate() {
            if !several_bits(places) || places & !crossing.from_shared != 0 {
                continue;
            }
            let removable = there & !crossing.to_shared;
            if let Some(digit) = Digit::new(index as u8 + 1).filter(|_| removable != 0) {
                let removable = work.cells_at(crossing.to, removable).map(|c| (c, digit)).collect();
                out.push((removable, removed_in(work, base, crossing.from, digit, crossing.from_shared)));
            }
        }
    }
    out
}

/// A digit whose places in a house (two to six) all see cells outside
/// it, which lose it: SukakuExplainer's generalized intersections, by
/// kind of house, then digit, then house.
fn generalized_locking(work: &Work, base: &State) -> Vec<Basic> {
    let mut out = Vec::new();
    for kind in work.unit_kinds() {
        for digit in work.digits() {
            for unit in kind.clone() {
                let places = work.places(unit, digit);
                if !(2..=6).contains(&places.count_ones()) {
                    continue;
                }
                let cells: Vec<usize> = work.cells_at(unit, places).collect();
                let mut removable: Vec<(usize, Digit)> = work
                    .peers(cells[0])
                    .iter()
                    .copied()
                    .filter(|&c| work.cands(c).contains(digit) && !cells.contains(&c))
                    .filter(|&c| cells[1..].iter().all(|&p| work.sees(p, c)))
                    .map(|c| (c, digit))
                    .collect();
                if !removable.is_empty() {
                    removable.sort_unstable();
                    out.push((removable, removed_in(work, base, unit, digit, 0)));
                }
            }
        }
    }
    out
}

/// Pairs `(a, b)`, `a < b < n`, in Sudoku Explainer's order (by `b`,
/// then `a`).
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// Houses in the order Sudoku Explainer's subsets scan them: boxes,
/// columns, rows; then, under a variant's extra houses, those
/// (SukakuExplainer's).
fn subset_units(work: &Work) -> impl Iterator<Item = usize> + '_ {
    let extra = if work.generalized() { 3 * work.side()..work.unit_count() } else { 0..0 };
    [0, 2, 1].into_iter().flat_map(|k| work.units_of_kind(k)).chain(extra)
}

/// Two digits confined to the same two cells of a house.
fn hidden_pairs(work: &Work, base: &State) -> Vec<Basic> {
    let mut out = Vec::new();
    for unit in subset_units(work) {
        if work.empty_count(unit) <= 4 {
            continue;
        }
        // Only digits with exactly two places can pair up, on the same
        // two; the pairs keep Sudoku Explainer's order among them.
        let mut two = [(0u8, 0u64); 64];
        let mut n = 0;
        for digit in work.digits() {
            let places = work.places(unit, digit);
            if two_bits(places) {
                two[n] = (digit.get(), places);
                n += 1;
            }
        }
        for (a, b) in pairs(n) {
            let ((da, pa), (db, pb)) = (two[a], two[b]);
            let (Some(da), Some(db)) = (Digit::new(da), Digit::new(db)) else { continue };
            if pa != pb {
                continue;
            }
            let pair = Candidates::single(da) | Candidates::single(db);
            // Most such pairs remove nothing any more: look before
            // building the lists.
            let unit_cells = work.unit(unit);
            let mut rest = pa;
            let mut removes = false;
            while rest != 0 && !removes {
                removes = !(work.cands(usize::from(unit_cells[rest.trailing_zeros() as usize])) - pair).is_empty();
                rest &= rest - 1;
            }
            if !removes {
                continue;
            }
            let mut removable = Vec::new();
            let mut parents = Vec::new();
            for (k, &c) in unit_cells.iter().enumerate() {
                let c = c as usize;
                if pa >> k & 1 == 1 {
                    removable.extend((work.cands(c) - pair).iter().map(|d| (c, d)));
                } else {
                    parents.extend((base.cands(c) & pair).iter().map(|d| (c, d)));
                }
            }
            if !removable.is_empty() {
                out.push((removable, parents));
            }
        }
    }
    out
}

/// Two cells of a house holding the same two candidates.
fn naked_pairs(work: &Work, base: &State) -> Vec<Basic> {
    let mut out = Vec::new();
    for unit in subset_units(work) {
        if work.empty_count(unit) < 4 {
            continue;
        }
        let cells = work.unit(unit);
        // Only cells of exactly two candidates can pair up; their pairs
        // keep Sudoku Explainer's order.
        let mut two = [0usize; 64];
        let mut n = 0;
        for (k, &c) in cells.iter().enumerate() {
            if two_bits(work.cands(c as usize).bits()) {
                two[n] = k;
                n += 1;
            }
        }
        for (a, b) in pairs(n) {
            let (a, b) = (two[a], two[b]);
            let (ca, cb) = (work.cands(cells[a] as usize), work.cands(cells[b] as usize));
            if ca != cb {
                continue;
            }
            let pair = ca;
            let removable: Vec<(usize, Digit)> = cells
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != a && k != b)
                .flat_map(|(_, &c)| (work.cands(c as usize) & pair).iter().map(move |d| (c as usize, d)))
                .collect();
            if removable.is_empty() {
                continue;
            }
            let parents = [cells[a], cells[b]]
                .iter()
                .flat_map(|&c| (base.cands(c as usize) - pair).iter().map(move |d| (c as usize, d)))
                .collect();
            out.push((removable, parents));
        }
    }
    out
}

/// Two cells of a house holding the same two candidates, which go from
/// every cell that sees both: SukakuExplainer's generalized naked pairs.
fn generalized_naked_pairs(work: &Work, base: &State) -> Vec<Basic> {
    let mut out = Vec::new();
    for unit in subset_units(work) {
        if work.empty_count(unit) < 4 {
            continue;
        }
        let cells = work.unit(unit);
        let two: Vec<usize> =
            cells.iter().map(|&c| usize::from(c)).filter(|&c| two_bits(work.cands(c).bits())).collect();
        for (a, b) in pairs(two.len()) {
            let (a, b) = (two[a], two[b]);
            let pair = work.cands(a);
            if pair != work.cands(b) {
                continue;
            }
            let mut removable: Vec<(usize, Digit)> = work
                .peers(a)
                .iter()
                .copied()
                .filter(|&c| c != b && work.sees(b, c))
                .flat_map(|c| (work.cands(c) & pair).iter().map(move |d| (c, d)))
                .collect();
            if removable.is_empty() {
                continue;
            }
            removable.sort_unstable();
            let parents = [a, b].iter().flat_map(|&c| (base.cands(c) - pair).iter().map(move |d| (c, d))).collect();
            out.push((removable, parents));
        }
    }
    out
}

/// A digit confined to two columns in two rows, or the converse.
fn x_wings(work: &Work, base: &State) -> Vec<Basic> {
    let mut out = Vec::new();
    let side = work.side();
    for (base_kind, cover_kind) in [(2, 1), (1, 2)] {
        let (lines, covers) = (work.units_of_kind(base_kind), work.units_of_kind(cover_kind));
        let (line, cover) = (|k: usize| lines.start + k, |k: usize| covers.start + k);
        // Per line and digit, its places when they are exactly two: only
        // two lines with the same two places make an X-Wing.
        let mut two = Vec::with_capacity(side * side);
        for line in lines.clone() {
            two.extend(work.digits().map(|digit| {
                let places = work.places(line, digit);
                if two_bits(places) && work.placed_count(digit) + 4 <= side { places } else { 0 }
            }));
        }
        // The pairs of lines with the same two places of a digit, found
        // digit by digit (few lines hold a digit twice), then taken in
        // Sudoku Explainer's order: pairs by second line, then first, then
        // the digit.
        let mut wings = Vec::new();
        for digit in work.digits() {
            let at = |k: usize| two[k * side + digit.index()];
            for b in (1..side).filter(|&b| at(b) != 0) {
                wings.extend((0..b).filter(|&a| at(a) == at(b)).map(|a| (b, a, digit)));
            }
        }
        wings.sort_unstable_by_key(|&(b, a, digit)| (b, a, digit.get()));
        for (b, a, digit) in wings {
            // The two lines' places, the same two.
            let places = two[b * side + digit.index()];
            let mut removable = Vec::new();
            for u in (0..side).filter(|k| places >> k & 1 == 1).map(cover) {
                for (k, &c) in work.unit(u).iter().enumerate() {
                    if k != a && k != b && work.cands(c as usize).contains(digit) {
                        removable.push((c as usize, digit));
                    }
                }
            }
            if removable.is_empty() {
                continue;
            }
            // A base line's cells in the cover lines sit where the digit's
            // places are.
            let mut parents = removed_in(work, base, line(a), digit, places);
            parents.extend(removed_in(work, base, line(b), digit, places));
            out.push((removable, parents));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Grid, Shape};

    use super::*;
    use crate::human::position::Position;

    fn digit(d: u8) -> Digit {
        Digit::new(d).expect("a digit")
    }

    /// The grid of an empty 9×9 puzzle, every candidate everywhere.
    fn empty() -> Work {
        Work::new(&Position::new(&Grid::empty(Shape::CLASSIC)).expect("a valid puzzle"))
    }

    /// `found`, each removal's and parents' lists sorted.
    fn sorted(mut found: Vec<Basic>) -> Vec<Basic> {
        for (removable, parents) in &mut found {
            removable.sort_unstable();
            parents.sort_unstable();
        }
        found
    }

    #[test]
    fn claiming_relies_on_the_places_removed_from_its_line() {
        let mut work = empty();
        let base = work.save();
        // 1 leaves row 1 but for box 1: it goes from the rest of box 1.
        for cell in 3..9 {
            work.remove(cell, digit(1));
        }
        let expected =
            vec![([9, 10, 11, 18, 19, 20].map(|c| (c, digit(1))).to_vec(), (3..9).map(|c| (c, digit(1))).collect())];
        assert_eq!(sorted(locking(&work, &base)), expected);
    }

    #[test]
    fn a_hidden_pair_relies_on_its_digits_removed_from_the_house() {
        let mut work = empty();
        let base = work.save();
        // 1 and 2 only in r1c1 and r1c2: the other digits go from those.
        for cell in 2..9 {
            work.remove(cell, digit(1));
            work.remove(cell, digit(2));
        }
        let removable = [0, 1].iter().flat_map(|&c| (3..=9).map(move |d| (c, digit(d)))).collect();
        let parents = (2..9).flat_map(|c| [(c, digit(1)), (c, digit(2))]).collect();
        assert_eq!(sorted(hidden_pairs(&work, &base)), vec![(removable, parents)]);
    }

    #[test]
    fn a_naked_pair_relies_on_the_other_candidates_of_its_cells() {
        let mut work = empty();
        let base = work.save();
        // r1c1 and r1c4 hold 1 and 2 only: their row loses 1 and 2.
        for cell in [0, 3] {
            for d in 3..=9 {
                work.remove(cell, digit(d));
            }
        }
        let removable = [1, 2, 4, 5, 6, 7, 8].iter().flat_map(|&c| [(c, digit(1)), (c, digit(2))]).collect();
        let parents = [0, 3].iter().flat_map(|&c| (3..=9).map(move |d| (c, digit(d)))).collect();
        assert_eq!(sorted(naked_pairs(&work, &base)), vec![(removable, parents)]);
    }

    #[test]
    fn an_x_wing_relies_on_the_places_removed_from_its_rows() {
        let mut work = empty();
        let base = work.save();
        // 5 in rows 1 and 5 only in columns 1 and 5: those columns lose
        // it elsewhere.
        for row in [0, 4] {
            for col in [1, 2, 3, 5, 6, 7, 8] {
                work.remove(row * 9 + col, digit(5));
            }
        }
        let removable: Vec<(usize, Digit)> = (0..9)
            .filter(|row| ![0, 4].contains(row))
            .flat_map(|row| [(row * 9, digit(5)), (row * 9 + 4, digit(5))])
            .collect();
        let parents =
            [0, 4].iter().flat_map(|&row| [1, 2, 3, 5, 6, 7, 8].map(|col| (row * 9 + col, digit(5)))).collect();
        let mut removable = removable;
        removable.sort_unstable();
        assert_eq!(sorted(x_wings(&work, &base)), vec![(removable, parents)]);
    }

    #[test]
    fn the_first_technique_that_removes_anything_is_the_only_one_asked() {
        let mut work = empty();
        let base = work.save();
        // A claiming and a hidden pair at once: level 1 gives the
        // claiming's removals only, each with its parents.
        for cell in 2..9 {
            work.remove(cell, digit(1));
            work.remove(cell, digit(2));
        }
        let cache = ChainCache::default();
        let budget = sudokit_core::Budget::unlimited().without_timing();
        let mut tally = SearchTally::new(&budget, 0);
        let removals = Nested { level: 1, cache: &cache }.removals(&mut work, &base, &mut tally).expect("no limit");
        let claimed: Vec<(usize, Digit)> = sorted(locking(&work, &base)).into_iter().flat_map(|(r, _)| r).collect();
        let mut got: Vec<(usize, Digit)> = removals.iter().map(|r| (r.cell, r.digit)).collect();
        got.sort_unstable();
        let mut claimed = claimed;
        claimed.sort_unstable();
        assert!(!got.is_empty());
        assert_eq!(got, claimed);
        assert!(removals.iter().all(|r| !r.parents.is_empty() && r.nested.is_none()));
    }
}
