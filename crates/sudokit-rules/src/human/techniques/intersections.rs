//! Locked candidates: pointing (a box's digit confined to one line) and
//! claiming (a line's digit confined to one box), and their direct forms.

use crate::human::strategy::KINDS_PLAYED;
use sudokit_core::{Digit, HouseKind, RuleKinds, Rulebook};

use super::subsets::seen_by_all;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::Strategy;

/// Pointing (2.6) then claiming (2.8); with `direct`, only those whose
/// eliminations leave a hidden single of the digit, placed in the same step
/// (1.7 and 1.9).
#[derive(Clone, Copy, Debug)]
pub struct Intersections {
    direct: bool,
}

impl Intersections {
    /// Pointing (2.6) and claiming (2.8).
    pub const LOCKED: Intersections = Intersections { direct: false };
    /// Direct pointing (1.7) and direct claiming (1.9): only those that
    /// leave a hidden single.
    pub const DIRECT: Intersections = Intersections { direct: true };
}

impl Strategy for Intersections {
    /// The direct forms work on boxes or a jigsaw's regions and lines
    /// under any rules; under a variant's, pointing and claiming give way
    /// to [`GeneralizedIntersections`], which subsumes them.
    fn rule_kinds(&self) -> RuleKinds {
        if self.direct { KINDS_PLAYED } else { RuleKinds::STANDARD }
    }

    fn name(&self) -> &'static str {
        if self.direct { "Direct pointing and claiming" } else { "Pointing and claiming" }
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let side = position.side();
        let (rows, columns, boxes) = (0..side, side..2 * side, 2 * side..3 * side);
        // Sudoku Explainer's order: boxes onto columns, then onto rows;
        // columns onto boxes, then rows.
        let order = [(boxes.clone(), Some(true)), (boxes, Some(false)), (columns, None), (rows, None)];
        let found = order.into_iter().find_map(|(from_units, to_columns)| {
            from_units.clone().find_map(|from| self.locked(position, from, to_columns))
        });
        found.or_else(|| if self.direct { direct_with_variant_houses(position) } else { None })
    }
}

/// Under a variant's rules, the direct intersections of a disjoint group
/// or a window with a line or a box, and of a window with a disjoint
/// group, in SukakuExplainer's order: pairs of kinds of house, then
/// digits, then the houses of each kind. Diagonals take no part, as there.
fn direct_with_variant_houses(position: &Position) -> Option<Step> {
    let of_kind = |kind: HouseKind| -> Vec<usize> {
        (0..position.unit_count()).filter(|&u| position.house(u).kind() == kind).collect()
    };
    let (rows, columns) = (of_kind(HouseKind::Row), of_kind(HouseKind::Column));
    let boxes = [of_kind(HouseKind::Box), of_kind(HouseKind::Region)].concat();
    let (groups, windows) = (of_kind(HouseKind::DisjointGroup), of_kind(HouseKind::Window));
    let mut pairs: Vec<(&[usize], &[usize])> = Vec::new();
    for extra in [&groups, &windows].into_iter().filter(|e| !e.is_empty()) {
        pairs.extend([
            (&extra[..], &columns[..]),
            (extra, &rows),
            (&columns, extra),
            (&rows, extra),
            (&boxes, extra),
            (extra, &boxes),
        ]);
    }
    if !groups.is_empty() && !windows.is_empty() {
        pairs.extend([(&windows[..], &groups[..]), (&groups, &windows)]);
    }
    let side = position.side();
    pairs.into_iter().find_map(|(from_kind, to_kind)| {
        (1..=side as u8).filter_map(Digit::new).find_map(|digit| {
            from_kind.iter().find_map(|&from| {
                let places: Vec<usize> = position.cells_with(from, digit).collect();
                if places.len() < 2 {
                    return None;
                }
                to_kind.iter().copied().filter(|&to| places.iter().all(|&c| lies_in(position, c, to))).find_map(|to| {
                    let removed: Vec<(usize, Digit)> = position
                        .cells_with(to, digit)
                        .filter(|&c| !lies_in(position, c, from))
                        .map(|c| (c, digit))
                        .collect();
                    if removed.is_empty() {
                        return None;
                    }
                    let single = from_kind.iter().filter(|&&other| other != from).find_map(|&other| {
                        let theirs: Vec<usize> = position.cells_with(other, digit).collect();
                        let outside: Vec<usize> =
                            theirs.iter().copied().filter(|&c| !lies_in(position, c, to)).collect();
                        let crosses = position.unit(other).iter().any(|&c| lies_in(position, usize::from(c), to));
                        (crosses && theirs.len() > 1 && outside.len() == 1).then(|| outside[0])
                    })?;
                    let technique = if position.house(from).kind() == HouseKind::Box {
                        Technique::DirectPointing
                    } else {
                        Technique::DirectClaiming
                    };
                    let pattern = Pattern::Houses {
                        digits: sudokit_grid::Candidates::single(digit),
                        houses: vec![position.house(from), position.house(to)],
                        cells: places.iter().map(|&i| position.cell(i)).collect(),
                    };
                    Some(Step::new(technique, pattern).placing(position.cell(single), digit))
                })
            })
        })
    })
}

/// Whether cell `i` lies in unit `u`.
fn lies_in(position: &Position, i: usize, u: usize) -> bool {
    position.homes(i).iter().any(|&(v, _)| usize::from(v) == u)
}

/// Under a variant's rules, a digit whose places in a house (two to six)
/// are all seen by cells outside it: those cells lose the digit (2.9).
/// Pointing and claiming are the cases of a box and a line; a diagonal, a
/// window or an anti-knight relation give others. SukakuExplainer's
/// "Generalized Intersections", scanned in its order: kinds of house
/// (boxes or regions, rows, columns, then the extra houses), then digits,
/// then houses.
#[derive(Clone, Copy, Debug)]
pub struct GeneralizedIntersections;

impl Strategy for GeneralizedIntersections {
    fn name(&self) -> &'static str {
        "Generalized intersection"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Variants only: under the standard rules pointing and claiming are
    /// the path's.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        !rules.is_standard()
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if position.is_standard() {
            return None;
        }
        let side = position.side();
        let mut kinds: Vec<Vec<usize>> =
            vec![(2 * side..3 * side).collect(), (0..side).collect(), (side..2 * side).collect()];
        for u in 3 * side..position.unit_count() {
            let same_kind = kinds.len() > 3
                && kinds[kinds.len() - 1].first().map(|&v| position.house(v).kind()) == Some(position.house(u).kind());
            match kinds.last_mut() {
                Some(last) if same_kind => last.push(u),
                _ => kinds.push(vec![u]),
            }
        }
        kinds.iter().find_map(|units| {
            (1..=side as u8).filter_map(Digit::new).find_map(|digit| {
                units.iter().find_map(|&u| {
                    if !(2..=6).contains(&position.places(u, digit).count_ones()) {
                        return None;
                    }
                    let cells: Vec<usize> = position.cells_with(u, digit).collect();
                    let removed = seen_by_all(position, &cells, digit);
                    if removed.is_empty() {
                        return None;
                    }
                    let pattern = Pattern::Houses {
                        digits: sudokit_grid::Candidates::single(digit),
                        houses: vec![position.house(u)],
                        cells: cells.iter().map(|&i| position.cell(i)).collect(),
                    };
                    let eliminations = removed.iter().map(|&(i, d)| (position.cell(i), d)).collect();
                    let bound = position.relation_links(&cells, &removed);
                    Some(
                        Step::new(Technique::GeneralizedIntersection, pattern).eliminating(eliminations).binding(bound),
                    )
                })
            })
        })
    }
}

impl Intersections {
    /// The first step, in Sudoku Explainer's order (the crossing unit,
    /// then the digit), of a digit of unit `from` whose places (two or
    /// more) all lie in one crossing unit, removed from the rest of it: a
    /// box's crossing columns or rows (`to_columns`), a line's boxes.
    fn locked(&self, position: &Position, from: usize, to_columns: Option<bool>) -> Option<Step> {
        let from_cells = position.unit(from);
        // The crossing unit of each position of `from`.
        let to_of = |k: usize| {
            let [row, col, bx] = line_and_box(position, usize::from(from_cells[k]));
            match to_columns {
                Some(true) => col,
                Some(false) => row,
                None => bx,
            }
        };
        // Each confined digit with its crossing unit, sorted below.
        let mut confined = [(0usize, 0u8); 64];
        let mut n = 0;
        for digit in position.missing(from).iter() {
            let here = position.places(from, digit);
            if here.count_ones() < 2 {
                continue;
            }
            let to = to_of(here.trailing_zeros() as usize);
            if (0..from_cells.len()).filter(|&k| here >> k & 1 == 1).all(|k| to_of(k) == to) {
                confined[n] = (to, digit.get());
                n += 1;
            }
        }
        let confined = &mut confined[..n];
        confined.sort_unstable();
        confined.iter().find_map(|&(to, digit)| {
            let digit = Digit::new(digit)?;
            let (to_cells, there) = (position.unit(to), position.places(to, digit));
            let removed: Vec<(usize, Digit)> = (0..to_cells.len())
                .filter(|&k| there >> k & 1 == 1)
                .map(|k| usize::from(to_cells[k]))
                .filter(|&i| !line_and_box(position, i).contains(&from))
                .map(|i| (i, digit))
                .collect();
            self.step(position, removed, digit, from, to, to_columns.is_some())
        })
    }

    fn step(
        &self,
        position: &Position,
        removed: Vec<(usize, Digit)>,
        digit: Digit,
        from: usize,
        to: usize,
        is_pointing: bool,
    ) -> Option<Step> {
        if removed.is_empty() {
            return None;
        }
        let technique = match (self.direct, is_pointing) {
            (true, true) => Technique::DirectPointing,
            (true, false) => Technique::DirectClaiming,
            (false, true) => Technique::Pointing,
            (false, false) => Technique::Claiming,
        };
        let placed = if self.direct { Some(direct_single(position, from, to, digit)?) } else { None };
        let cells = position
            .unit(from)
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| position.cands(i).contains(digit))
            .map(|i| position.cell(i))
            .collect();
        let pattern = Pattern::Houses {
            digits: sudokit_grid::Candidates::single(digit),
            houses: vec![position.house(from), position.house(to)],
            cells,
        };
        // As in Sudoku Explainer, a direct step only places its single.
        let step = Step::new(technique, pattern);
        Some(match placed {
            Some(i) => step.placing(position.cell(i), digit),
            None => step.eliminating(removed.iter().map(|&(i, d)| (position.cell(i), d)).collect()),
        })
    }
}

/// The cell where `digit` becomes a hidden single once the locked
/// candidates of `from` leave `to`, as Sudoku Explainer looks for it: in
/// another unit of `from`'s kind that crosses `to`.
fn direct_single(position: &Position, from: usize, to: usize, digit: Digit) -> Option<usize> {
    let side = position.side();
    let kind = from / side;
    (kind * side..(kind + 1) * side).filter(|&other| other != from).find_map(|other| {
        // The digit's places in `other`, and those outside `to`.
        let cells = position.unit(other);
        let places = position.places(other, digit);
        let (mut outside, mut rest) = (0u64, places);
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !line_and_box(position, usize::from(cells[k])).contains(&to) {
                outside |= 1 << k;
            }
        }
        (places.count_ones() > 1 && outside.count_ones() == 1)
            .then(|| usize::from(cells[outside.trailing_zeros() as usize]))
    })
}

/// The row, column and box (or jigsaw region) of cell `i`: a cell's first
/// three units, under any rules.
fn line_and_box(position: &Position, i: usize) -> [usize; 3] {
    let homes = position.homes(i);
    [homes[0].0, homes[1].0, homes[2].0].map(usize::from)
}
