//! The law of leftovers, for jigsaw killers: `k` adjacent rows (or
//! columns) and `k` regions each hold every digit `k` times, so once the
//! cells they share are taken away, the rows' leftover cells hold the
//! same digits as the regions' leftover cells. In a killer the two
//! leftovers also add up to the same total, and the cages wholly inside
//! either side can stand in for their cells: what is left is an
//! innie-outie difference over the rows and the regions.

use sudokit_core::{Digit, HouseKind, RuleKind, RuleKinds, Rulebook};
use sudokit_grid::Candidates;

use super::fillings::{group_of, removals};
use super::{MAX_GROUP, difference_step, units_of};
use crate::human::house::House;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// The law of leftovers: `k` adjacent rows or columns (1 to side − 1)
/// against the `k` regions with the most cells among them. Each digit
/// the rows' leftover cells can hold must have a place among the
/// regions' leftover cells, and the converse
/// ([`Technique::LawOfLeftovers`]); and the leftovers add up to the same
/// total, so, the cages wholly inside either side read as their sums, a
/// group of up to five cells keeps the digits some filling of that
/// difference puts there ([`Technique::InnieOutieDifference`]). Jigsaw
/// killers only: the standard boxes line up with the rows, and a jigsaw
/// without sums keeps SukakuExplainer's path.
#[derive(Clone, Copy, Debug)]
pub struct LawOfLeftovers;

impl Strategy for LawOfLeftovers {
    fn name(&self) -> &'static str {
        "Law of leftovers"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Jigsaw killers only.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::CageSums) && rules.kinds().contains(RuleKind::Regions)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let of_kind = |kind| units_of(position, kind);
        let grounds = (of_kind(HouseKind::Region), position.variant().separate_cages());
        [of_kind(HouseKind::Row), of_kind(HouseKind::Column)].iter().find_map(|lines| {
            (1..position.side()).find_map(|k| lines.windows(k).find_map(|window| leftovers(position, window, &grounds)))
        })
    }
}

/// The step the leftovers of `lines` against as many of `regions` give,
/// reading the cages `separate` (those that overlap no other).
fn leftovers(position: &Position, lines: &[usize], (regions, separate): &(Vec<usize>, Vec<usize>)) -> Option<Step> {
    let mut in_lines = vec![false; position.len()];
    for &u in lines {
        position.unit(u).iter().for_each(|&i| in_lines[usize::from(i)] = true);
    }
    // The regions with the most cells among the lines, ties by number.
    let mut by_overlap: Vec<(usize, usize)> =
        regions.iter().map(|&u| (position.unit(u).iter().filter(|&&i| in_lines[usize::from(i)]).count(), u)).collect();
    by_overlap.sort_by_key(|&(shared, u)| (std::cmp::Reverse(shared), u));
    // Without as many regions (a grid of boxes), there are no leftovers.
    if by_overlap.len() < lines.len() {
        return None;
    }
    let mut chosen: Vec<usize> = by_overlap.iter().take(lines.len()).map(|&(_, u)| u).collect();
    chosen.sort_unstable();
    let mut in_regions = vec![false; position.len()];
    for &u in &chosen {
        position.unit(u).iter().for_each(|&i| in_regions[usize::from(i)] = true);
    }
    let plus: Vec<usize> = (0..position.len()).filter(|&i| in_lines[i] && !in_regions[i]).collect();
    let minus: Vec<usize> = (0..position.len()).filter(|&i| in_regions[i] && !in_lines[i]).collect();
    if plus.is_empty() {
        return None;
    }
    let houses: Vec<House> = lines.iter().chain(&chosen).map(|&u| position.house(u)).collect();
    same_digits(position, &plus, &minus, &houses).or_else(|| same_sums(position, (&plus, &minus), &houses, separate))
}

/// The digits each side's leftovers lose for want of a place in the
/// other side's.
fn same_digits(position: &Position, plus: &[usize], minus: &[usize], houses: &[House]) -> Option<Step> {
    let held = |cells: &[usize]| -> Candidates {
        cells.iter().fold(Candidates::EMPTY, |m, &i| {
            m | Digit::new(position.placed(i)).map_or(position.cands(i), Candidates::single)
        })
    };
    let (on_plus, on_minus) = (held(plus), held(minus));
    let mut removed = removals(position, plus, &vec![on_minus; plus.len()]);
    removed.extend(removals(position, minus, &vec![on_plus; minus.len()]));
    (!removed.is_empty()).then(|| {
        let mut group = group_of(position, plus, 0, None, houses.to_vec(), Vec::new());
        group.minus = minus.iter().map(|&i| position.cell(i)).collect();
        Step::new(Technique::LawOfLeftovers, Pattern::Sum(Box::new(group))).eliminating(removed)
    })
}

/// The difference the leftovers' equal totals give, the cages of
/// `separate` wholly inside either side read as their sums.
fn same_sums(
    position: &Position,
    (plus, minus): (&[usize], &[usize]),
    houses: &[House],
    separate: &[usize],
) -> Option<Step> {
    let cages = position.variant().cages();
    let (mut plus, mut minus, mut total) = (plus.to_vec(), minus.to_vec(), 0i64);
    let mut read = Vec::new();
    for &number in separate {
        let (cells, Some(sum)) = (cages[number].cells(), cages[number].sum()) else { continue };
        if cells.iter().all(|i| plus.contains(i)) {
            plus.retain(|i| !cells.contains(i));
            total -= i64::from(sum);
        } else if cells.iter().all(|i| minus.contains(i)) {
            minus.retain(|i| !cells.contains(i));
            total += i64::from(sum);
        } else {
            continue;
        }
        read.push(number);
    }
    if plus.len() + minus.len() > MAX_GROUP || plus.is_empty() && minus.is_empty() {
        return None;
    }
    difference_step(position, (&plus, &minus), total, houses, &read)
}
