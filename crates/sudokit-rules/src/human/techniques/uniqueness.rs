//! Uniqueness techniques: unique rectangles (types 1 to 4) and BUG (types 1 to 4).
//! Both are sound only for a puzzle with exactly one solution.

use sudokit_core::Digit;
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Score, Step, Technique};
use crate::human::strategy::{Strategy, subsets_by_union};

/// Four empty cells in two rows, two columns and two boxes that all hold
/// the same two digits would let those digits swap: a second solution.
/// Type 1: three cells hold only the pair, so the fourth is not either
/// digit. Type 2: two cells hold the pair and one same extra digit, which
/// leaves every cell seeing both. Type 3: the extras of two cells form a
/// naked subset with other cells of their house. Type 4: one digit of the
/// pair is confined to the two cells in a house, so the other leaves them.
/// Each scores 4.5, type 3 plus 0.1 per extra cell of its subset. The
/// standard path uses [`UniqueLoops`](super::UniqueLoops) instead, which
/// finds rectangles the way Sudoku Explainer does, and longer loops.
#[derive(Clone, Copy, Debug)]
pub struct UniqueRectangles;

/// Bivalue universal grave, as Sudoku Explainer finds it: every empty
/// cell holds two candidates but a few, and removing their extra digits
/// would leave every digit two places (or none) in each house. Such a
/// grave has zero or several solutions, so one of the few holds an extra
/// digit. Type 1 (5.6): a single such cell keeps only its extras. Type 2
/// (5.7): one extra digit, which leaves every cell that sees them all.
/// Type 3 (5.7 plus 0.1 per digit beyond a pair): the extras and other
/// cells of a house seeing them form a naked subset. Type 4 (5.7): two
/// cells in a house sharing one digit beyond their extras.
#[derive(Clone, Copy, Debug)]
pub struct Bug;

impl Strategy for UniqueRectangles {
    fn name(&self) -> &'static str {
        "Unique rectangle"
    }

    fn assumes_uniqueness(&self) -> bool {
        true
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if !position.is_standard() {
            return None;
        }
        let side = position.side();
        let shape = position.shape();
        let mut best: Option<Step> = None;
        for r1 in 0..side {
            for r2 in r1 + 1..side {
                for c1 in 0..side {
                    for c2 in c1 + 1..side {
                        let corners =
                            [shape.index(r1, c1), shape.index(r1, c2), shape.index(r2, c1), shape.index(r2, c2)];
                        let mut boxes: Vec<usize> = corners.iter().map(|&i| shape.box_of(i)).collect();
                        boxes.sort_unstable();
                        boxes.dedup();
                        if boxes.len() != 2 || corners.iter().any(|&i| position.placed(i) != 0) {
                            continue;
                        }
                        let common = corners.iter().fold(Candidates::full(side), |acc, &i| acc & position.cands(i));
                        for pair in pairs(common) {
                            if let Some(step) = rectangle(position, corners, pair) {
                                if best.as_ref().is_none_or(|b| step.score() < b.score()) {
                                    best = Some(step);
                                }
                            }
                        }
                        if best.as_ref().is_some_and(|b| b.score() == Technique::UniqueRectangle.base_score()) {
                            return best;
                        }
                    }
                }
            }
        }
        best
    }
}

/// Every two-digit subset of `set`.
fn pairs(set: Candidates) -> Vec<Candidates> {
    let digits: Vec<Digit> = set.iter().collect();
    let mut out = Vec::new();
    for (k, &a) in digits.iter().enumerate() {
        for &b in &digits[k + 1..] {
            out.push([a, b].into_iter().collect());
        }
    }
    out
}

fn rectangle(position: &Position, corners: [usize; 4], pair: Candidates) -> Option<Step> {
    let extra: Vec<usize> = corners.iter().copied().filter(|&i| position.cands(i) != pair).collect();
    let cells = corners.iter().map(|&i| position.cell(i)).collect::<Vec<_>>();
    let step = |variant: u8, score: u16, removed: Vec<(usize, Digit)>| {
        if removed.is_empty() {
            return None;
        }
        let pattern = Pattern::Cells { digits: pair, cells: cells.clone(), variant };
        let eliminations = removed.iter().map(|&(i, d)| (position.cell(i), d)).collect();
        Some(
            Step::new(Technique::UniqueRectangle, pattern)
                .with_score(Score::from_tenths(score))
                .eliminating(eliminations),
        )
    };
    match extra.as_slice() {
        [e] => step(1, 45, pair.iter().map(|d| (*e, d)).collect()),
        [a, b] => {
            let (a, b) = (*a, *b);
            let extras = (position.cands(a) | position.cands(b)) - pair;
            let mut found = None;
            if let Some(x) = extras.single_digit().filter(|_| position.cands(a) == position.cands(b)) {
                let removed = (0..position.len())
                    .filter(|&i| position.cands(i).contains(x) && position.sees(i, a) && position.sees(i, b))
                    .map(|i| (i, x))
                    .collect();
                found = step(2, 45, removed);
            }
            found
                .or_else(|| type_four(position, a, b, pair, &step))
                .or_else(|| type_three(position, a, b, extras, &step))
        }
        _ => None,
    }
}

type MakeStep<'a> = dyn Fn(u8, u16, Vec<(usize, Digit)>) -> Option<Step> + 'a;

/// A house holding both roof cells `a` and `b`.
fn shared_units(position: &Position, a: usize, b: usize) -> Vec<usize> {
    let layout = position.layout();
    let ub = layout.units_of(b);
    layout.units_of(a).into_iter().filter(|u| ub.contains(u)).collect()
}

fn type_four(position: &Position, a: usize, b: usize, pair: Candidates, step: &MakeStep<'_>) -> Option<Step> {
    shared_units(position, a, b).into_iter().find_map(|u| {
        pair.iter().find_map(|locked| {
            if position.places(u, locked).count_ones() != 2 {
                return None;
            }
            let other = (pair - Candidates::single(locked)).first()?;
            step(4, 45, [a, b].iter().filter(|&&i| position.cands(i).contains(other)).map(|&i| (i, other)).collect())
        })
    })
}

fn type_three(position: &Position, a: usize, b: usize, extras: Candidates, step: &MakeStep<'_>) -> Option<Step> {
    if extras.len() < 2 {
        return None;
    }
    shared_units(position, a, b).into_iter().find_map(|u| {
        let others: Vec<usize> = position.empty_cells(u).filter(|&i| i != a && i != b).collect();
        let masks: Vec<u64> = others.iter().map(|&i| position.cands(i).bits()).collect();
        (1..=3).find_map(|size| {
            subsets_by_union(&masks, size, (extras.bits(), size as u32 + 1), &mut |pick, union| {
                let digits = Candidates::from_bits(union);
                let removed = others
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| !pick.contains(k))
                    .flat_map(|(_, &i)| (position.cands(i) & digits).iter().map(move |d| (i, d)))
                    .collect();
                step(3, 45 + size as u16, removed)
            })
        })
    })
}

impl Strategy for Bug {
    fn name(&self) -> &'static str {
        "BUG"
    }

    fn assumes_uniqueness(&self) -> bool {
        true
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if !position.is_standard() {
            return None;
        }
        let grave = Grave::of(position)?;
        let digits = grave.cells.iter().fold(Candidates::EMPTY, |acc, &i| acc | position.cands(i));
        let cells: Vec<_> = grave.cells.iter().map(|&i| position.cell(i)).collect();
        let step = |variant: u8, score: u16, removed: Vec<(usize, Digit)>| {
            if removed.is_empty() {
                return None;
            }
            let pattern = Pattern::Cells { digits, cells: cells.clone(), variant };
            let removed = removed.into_iter().map(|(i, d)| (position.cell(i), d)).collect();
            Some(Step::new(Technique::Bug, pattern).with_score(Score::from_tenths(score)).eliminating(removed))
        };
        if let [only] = grave.cells[..] {
            // The cell is one of its extra digits: the others go.
            let removed = (position.cands(only) - grave.all_extras).iter().map(|d| (only, d)).collect();
            return step(1, 56, removed);
        }
        if grave.all_extras.len() == 1 {
            let digit = grave.all_extras.first()?;
            let removed: Vec<_> =
                grave.common.iter().filter(|&&c| position.cands(c).contains(digit)).map(|&c| (c, digit)).collect();
            if !removed.is_empty() {
                return step(2, 57, removed);
            }
            return grave.type_four(position).and_then(|removed| step(4, 57, removed));
        }
        if grave.common.is_empty() {
            return None;
        }
        if let Some(removed) = grave.type_four(position) {
            return step(4, 57, removed);
        }
        grave.type_three(position).and_then(|(removed, size)| step(3, 57 + size, removed))
    }
}

/// A bivalue universal grave as Sudoku Explainer finds it: the cells that
/// hold a digit beyond the grave's (each the only cell of three
/// candidates or more where some digit has a number of places other than
/// two in a house), their extra digits, and the cells that see them all.
struct Grave {
    cells: Vec<usize>,
    extras: Vec<Candidates>,
    all_extras: Candidates,
    common: Vec<usize>,
}

impl Grave {
    fn of(position: &Position) -> Option<Grave> {
        let layout = position.layout();
        let mut grave =
            Grave { cells: Vec::new(), extras: Vec::new(), all_extras: Candidates::EMPTY, common: Vec::new() };
        let mut common: Option<Vec<usize>> = None;
        let mut rest: Vec<Candidates> = (0..position.len()).map(|i| position.cands(i)).collect();
        for u in position.units_se_order() {
            let unit = layout.unit(u);
            for digit in (1..=position.side() as u8).filter_map(Digit::new) {
                let places = position.places(u, digit);
                if places == 0 || places.count_ones() == 2 {
                    continue;
                }
                let wide: Vec<usize> = (0..unit.len())
                    .filter(|k| places >> k & 1 == 1)
                    .map(|k| unit[k] as usize)
                    .filter(|&c| position.cands(c).len() >= 3)
                    .collect();
                match wide[..] {
                    [] => return None,
                    [cell] => {
                        let at = grave.cells.iter().position(|&c| c == cell).unwrap_or_else(|| {
                            grave.cells.push(cell);
                            grave.extras.push(Candidates::EMPTY);
                            grave.cells.len() - 1
                        });
                        grave.extras[at].insert(digit);
                        grave.all_extras.insert(digit);
                        rest[cell].remove(digit);
                        let seen = position.se_house_cells(cell);
                        let list = common.get_or_insert_with(|| seen.to_vec());
                        list.retain(|c| seen.contains(c) && !grave.cells.contains(c));
                        if grave.cells.len() > 1 && grave.all_extras.len() > 1 && list.is_empty() {
                            return None;
                        }
                    }
                    _ => {}
                }
            }
        }
        // Without the extras, every cell holds two candidates and every
        // digit two places (or none) in every house.
        if (0..position.len()).any(|i| position.placed(i) == 0 && rest[i].len() != 2) {
            return None;
        }
        for u in 0..layout.unit_count() {
            for digit in (1..=position.side() as u8).filter_map(Digit::new) {
                let n = layout.unit(u).iter().filter(|&&c| rest[c as usize].contains(digit)).count();
                if n != 0 && n != 2 {
                    return None;
                }
            }
        }
        if grave.cells.is_empty() {
            return None;
        }
        grave.common = common.unwrap_or_default();
        Some(grave)
    }

    /// The houses (box, row, column) holding every cell of the grave.
    fn shared_houses(&self, position: &Position) -> Vec<usize> {
        position
            .units_se_order()
            .filter(|&u| self.cells.iter().all(|&c| position.layout().units_of(c).contains(&u)))
            .collect()
    }

    /// Type 4: two cells in one house that share one digit besides the
    /// extras; as Sudoku Explainer has it, each keeps only its extras and
    /// that digit.
    fn type_four(&self, position: &Position) -> Option<Vec<(usize, Digit)>> {
        let [a, b] = self.cells[..] else { return None };
        let shared = (position.cands(a) & position.cands(b)) - self.all_extras;
        let digit = shared.single_digit()?;
        self.shared_houses(position).first()?;
        let keep = |i: usize| self.extras[i] | Candidates::single(digit);
        Some(
            [(a, keep(0)), (b, keep(1))]
                .into_iter()
                .flat_map(|(c, kept)| (position.cands(c) - kept).iter().map(move |d| (c, d)))
                .collect(),
        )
    }

    /// Type 3: the extras and cells of a house that see the grave make a
    /// naked subset; its digits leave the house's other such cells. The
    /// removals and the subset's size beyond a pair.
    fn type_three(&self, position: &Position) -> Option<(Vec<(usize, Digit)>, u16)> {
        for house in self.shared_houses(position) {
            let cells: Vec<usize> =
                self.common.iter().copied().filter(|&c| position.layout().units_of(c).contains(&house)).collect();
            let masks: Vec<u64> = cells.iter().map(|&c| position.cands(c).bits()).collect();
            for degree in 2..=6 {
                if cells.len() < degree {
                    continue;
                }
                let found = subsets_by_union(&masks, degree - 1, (0, degree as u32), &mut |pick, union| {
                    let union = Candidates::from_bits(union);
                    if pick.iter().any(|&k| position.cands(cells[k]).len() <= 1) {
                        return None;
                    }
                    let subset = union | self.all_extras;
                    if self.all_extras.len() <= 1 || subset.len() != degree {
                        return None;
                    }
                    let removed: Vec<(usize, Digit)> = cells
                        .iter()
                        .enumerate()
                        .filter(|(k, c)| !pick.contains(k) && !self.cells.contains(c))
                        .flat_map(|(_, &c)| (position.cands(c) & subset).iter().map(move |d| (c, d)))
                        .collect();
                    (!removed.is_empty()).then_some((removed, subset.len() as u16 - 1))
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
}
