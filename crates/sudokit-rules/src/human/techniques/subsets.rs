//! Naked and hidden subsets (pairs, triples, quads) within one house.

use crate::human::strategy::KINDS_PLAYED;
use sudokit_core::{Digit, RuleKinds};
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::{Strategy, subsets_by_union};

/// `size` cells of a house whose candidates together are `size` digits:
/// those digits leave the house's other cells. Under a variant's rules
/// the subset is generalized as SukakuExplainer does: each digit leaves
/// every cell, in the house or not, that sees all the subset's cells
/// holding it.
#[derive(Clone, Copy, Debug)]
pub struct NakedSubsets {
    size: usize,
}

/// `size` digits of a house confined to `size` cells: those cells lose
/// their other candidates. With `direct`, only when that leaves a hidden
/// single, placed in the same step.
#[derive(Clone, Copy, Debug)]
pub struct HiddenSubsets {
    size: usize,
    direct: bool,
}

impl NakedSubsets {
    /// Naked pairs (3.0).
    pub const PAIR: NakedSubsets = NakedSubsets { size: 2 };
    /// Naked triples (3.6).
    pub const TRIPLE: NakedSubsets = NakedSubsets { size: 3 };
    /// Naked quads (5.0).
    pub const QUAD: NakedSubsets = NakedSubsets { size: 4 };
}

impl HiddenSubsets {
    /// Hidden pairs (3.4).
    pub const PAIR: HiddenSubsets = HiddenSubsets { size: 2, direct: false };
    /// Hidden triples (4.0).
    pub const TRIPLE: HiddenSubsets = HiddenSubsets { size: 3, direct: false };
    /// Hidden quads (5.4).
    pub const QUAD: HiddenSubsets = HiddenSubsets { size: 4, direct: false };
    /// Direct hidden pairs (2.0): only those that leave a hidden single.
    pub const DIRECT_PAIR: HiddenSubsets = HiddenSubsets { size: 2, direct: true };
    /// Direct hidden triples (2.5): only those that leave a hidden single.
    pub const DIRECT_TRIPLE: HiddenSubsets = HiddenSubsets { size: 3, direct: true };
}

impl Strategy for NakedSubsets {
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn name(&self) -> &'static str {
        ["Naked pair", "Naked triple", "Naked quad"][self.size.clamp(2, 4) - 2]
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let k = self.size.clamp(2, 4) - 2;
        let technique = if position.is_standard() {
            [Technique::NakedPair, Technique::NakedTriple, Technique::NakedQuad][k]
        } else {
            [Technique::GeneralizedNakedPair, Technique::GeneralizedNakedTriple, Technique::GeneralizedNakedQuad][k]
        };
        position.units_boxes_first().find_map(|u| {
            let empty: Vec<usize> = position.empty_cells(u).collect();
            // With fewer empty cells, the other cells of the house form a
            // smaller hidden subset, which is the one to report.
            if empty.len() < 2 * self.size {
                return None;
            }
            let small: Vec<usize> =
                empty.iter().copied().filter(|&i| (2..=self.size).contains(&position.cands(i).len())).collect();
            let masks: Vec<u64> = small.iter().map(|&i| position.cands(i).bits()).collect();
            subsets_by_union(&masks, self.size, (0, self.size as u32), &mut |pick, union| {
                let digits = Candidates::from_bits(union);
                let cells: Vec<usize> = pick.iter().map(|&k| small[k]).collect();
                let removed: Vec<(usize, Digit)> = if position.is_standard() {
                    empty
                        .iter()
                        .filter(|i| !cells.contains(i))
                        .flat_map(|&i| (position.cands(i) & digits).iter().map(move |d| (i, d)))
                        .collect()
                } else {
                    digits.iter().flat_map(|d| seen_by_all(position, &cells, d)).collect()
                };
                if removed.is_empty() {
                    return None;
                }
                let pattern = Pattern::Houses {
                    digits,
                    houses: vec![position.house(u)],
                    cells: cells.iter().map(|&i| position.cell(i)).collect(),
                };
                let eliminations = removed.iter().map(|&(i, d)| (position.cell(i), d)).collect();
                let bound = position.relation_links(&cells, &removed);
                Some(Step::new(technique, pattern).eliminating(eliminations).binding(bound))
            })
        })
    }
}

impl Strategy for HiddenSubsets {
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn name(&self) -> &'static str {
        match (self.direct, self.size) {
            (true, 2) => "Direct hidden pair",
            (true, _) => "Direct hidden triple",
            (false, 2) => "Hidden pair",
            (false, 3) => "Hidden triple",
            _ => "Hidden quad",
        }
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let technique = match (self.direct, self.size) {
            (true, 2) => Technique::DirectHiddenPair,
            (true, _) => Technique::DirectHiddenTriple,
            (false, 2) => Technique::HiddenPair,
            (false, 3) => Technique::HiddenTriple,
            _ => Technique::HiddenQuad,
        };
        position.units_boxes_first().find_map(|u| {
            // As for naked subsets, the smaller complement is the one to
            // report, unless the subset leaves a hidden single.
            let empty = position.empty_cells(u).count();
            if empty <= if self.direct { self.size } else { 2 * self.size } {
                return None;
            }
            let digits: Vec<(Digit, u64)> = position
                .missing(u)
                .iter()
                .map(|d| (d, position.places(u, d)))
                .filter(|&(_, p)| (2..=self.size as u32).contains(&p.count_ones()))
                .collect();
            let masks: Vec<u64> = digits.iter().map(|&(_, places)| places).collect();
            subsets_by_union(&masks, self.size, (0, self.size as u32), &mut |pick, places| {
                let kept: Candidates = pick.iter().map(|&k| digits[k].0).collect();
                let cells: Vec<usize> = (0..position.side())
                    .filter(|k| places >> k & 1 == 1)
                    .map(|k| position.unit(u)[k] as usize)
                    .collect();
                let removed: Vec<(usize, Digit)> =
                    cells.iter().flat_map(|&i| (position.cands(i) - kept).iter().map(move |d| (i, d))).collect();
                if removed.is_empty() {
                    return None;
                }
                // Sudoku Explainer looks for the single in the subset's house.
                let placed = if self.direct { Some(single_after(position, &removed, u)?) } else { None };
                let pattern = Pattern::Houses {
                    digits: kept,
                    houses: vec![position.house(u)],
                    cells: cells.iter().map(|&i| position.cell(i)).collect(),
                };
                // As in Sudoku Explainer, a direct step only places its
                // single.
                let step = Step::new(technique, pattern);
                Some(match placed {
                    Some((i, d)) => step.placing(position.cell(i), d),
                    None => step.eliminating(removed.iter().map(|&(i, d)| (position.cell(i), d)).collect()),
                })
            })
        })
    }
}

/// The hidden single of the lowest digit, as `(cell, digit)`, that the
/// eliminations `removed` leave in unit `u`: what makes a hidden subset
/// "direct".
fn single_after(position: &Position, removed: &[(usize, Digit)], u: usize) -> Option<(usize, Digit)> {
    let unit = position.unit(u);
    let digits: Candidates = removed.iter().map(|&(_, d)| d).collect();
    digits.iter().find_map(|digit| {
        let mut left = unit
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| position.cands(i).contains(digit) && !removed.contains(&(i, digit)));
        match (left.next(), left.next()) {
            (Some(i), None) => Some((i, digit)),
            _ => None,
        }
    })
}

/// The cells outside `cells` with candidate `digit` that see every cell of
/// `cells` holding it: where `digit` cannot go once it is locked in
/// `cells`, each with the digit.
pub(crate) fn seen_by_all(position: &Position, cells: &[usize], digit: Digit) -> Vec<(usize, Digit)> {
    let holders: Vec<usize> = cells.iter().copied().filter(|&c| position.cands(c).contains(digit)).collect();
    let Some(&first) = holders.first() else { return Vec::new() };
    position
        .peers(first)
        .iter()
        .copied()
        .filter(|i| !cells.contains(i) && position.cands(*i).contains(digit))
        .filter(|&i| holders.iter().all(|&h| position.sees(i, h)))
        .map(|i| (i, digit))
        .collect()
}
