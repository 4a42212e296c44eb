//! Uniqueness techniques: unique rectangles (types 1 to 4) and BUG (types 1 and 2).
//! Both are sound only for a puzzle with exactly one solution.

use sudokit_core::Digit;
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Score, Step, Technique};
use crate::human::strategy::{Strategy, combinations};

/// Four empty cells in two rows, two columns and two boxes that all hold
/// the same two digits would let those digits swap: a second solution.
/// Type 1: three cells hold only the pair, so the fourth is not either
/// digit. Type 2: two cells hold the pair and one same extra digit, which
/// leaves every cell seeing both. Type 3: the extras of two cells form a
/// naked subset with other cells of their house. Type 4: one digit of the
/// pair is confined to the two cells in a house, so the other leaves them.
/// Each scores 4.5, type 3 plus 0.1 per extra cell of its subset, as in
/// Sudoku Explainer.
#[derive(Clone, Copy, Debug)]
pub struct UniqueRectangles;

/// Bivalue universal grave: every empty cell holds two candidates but a few
/// that hold three, and removing one digit `x` from those few would leave
/// every digit two places in each house. Such a grave has zero or several
/// solutions, so one of the few is `x`. Type 1 (5.6): a single such cell,
/// which is `x`. Type 2 (5.7): `x` leaves every cell that sees them all.
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
        (1..=3).find_map(|size| {
            combinations(others.len(), size, &mut |pick| {
                let digits = pick.iter().fold(extras, |acc, &k| acc | position.cands(others[k]));
                if digits.len() != size + 1 {
                    return None;
                }
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
        let mut poly = Vec::new();
        for i in (0..position.len()).filter(|&i| position.placed(i) == 0) {
            match position.cands(i).len() {
                2 => {}
                3 if poly.len() < MAX_BUG_CELLS => poly.push(i),
                _ => return None,
            }
        }
        let shared = poly.iter().fold(Candidates::full(position.side()), |acc, &i| acc & position.cands(i));
        let digit = shared.iter().find(|&x| is_grave_without(position, &poly, x))?;
        let cells: Vec<_> = poly.iter().map(|&i| position.cell(i)).collect();
        let digits = poly.iter().fold(Candidates::EMPTY, |acc, &i| acc | position.cands(i));
        if let [only] = poly[..] {
            let pattern = Pattern::Cells { digits, cells, variant: 1 };
            return Some(Step::new(Technique::Bug, pattern).placing(position.cell(only), digit));
        }
        let removed: Vec<_> = (0..position.len())
            .filter(|i| !poly.contains(i) && position.cands(*i).contains(digit))
            .filter(|&i| poly.iter().all(|&p| position.sees(i, p)))
            .map(|i| (position.cell(i), digit))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let pattern = Pattern::Cells { digits, cells, variant: 2 };
        Some(Step::new(Technique::Bug, pattern).with_score(Score::from_tenths(57)).eliminating(removed))
    }
}

/// Cells with a third candidate that a BUG may have: more leave too little
/// of the grave to be likely, and cost a check each.
const MAX_BUG_CELLS: usize = 6;

/// Whether the position, with `digit` taken from the cells `poly`, is a
/// bivalue universal grave: every empty cell two candidates, every digit
/// two places in every house where it is missing. Such a position has zero
/// or two solutions, so a puzzle with one needs `digit` in one of `poly`.
fn is_grave_without(position: &Position, poly: &[usize], digit: Digit) -> bool {
    if poly.is_empty() {
        return false;
    }
    let layout = position.layout();
    (0..layout.unit_count()).all(|u| {
        position.missing(u).iter().all(|d| {
            let taken =
                if d == digit { layout.unit(u).iter().filter(|&&i| poly.contains(&(i as usize))).count() } else { 0 };
            position.places(u, d).count_ones() as usize - taken == 2
        })
    })
}
