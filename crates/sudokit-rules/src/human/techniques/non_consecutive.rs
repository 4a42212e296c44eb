//! Techniques of non-consecutive puzzles, as SukakuExplainer has them:
//! what a cell's candidates, or a digit's places in a house, rule out in
//! the orthogonal neighbours.

use crate::human::strategy::KINDS_PLAYED;
use sudokit_core::{Digit, HouseKind, RuleKind, RuleKinds, Rulebook};
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::Strategy;

/// Non-consecutive forcing cells (2.4): a cell holding two digits in a row
/// (`{45}`) takes both from its neighbours (either one rules out the
/// other next door, and a neighbour shares a row or column with it); three
/// in a row (`{456}`), or two with one between (`{46}`), take the middle
/// one. Cells in reading order, the first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct NonConsecutiveCells;

/// Locked non-consecutive (2.5): when every place of a digit in a house
/// is a given cell or one of its neighbours — for each of a set of cells
/// — those cells lose the digits next to it, wherever the digit goes.
/// Scanned as SukakuExplainer scans it: digits, then windoku's windows,
/// columns, rows, boxes (or regions), each in order; at most five places
/// in a box or window, three in a line.
#[derive(Clone, Copy, Debug)]
pub struct LockedNonConsecutive;

impl Strategy for NonConsecutiveCells {
    fn name(&self) -> &'static str {
        "Non-consecutive forcing cell"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Non-consecutive rules only.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::NonConsecutive)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        (0..position.len()).find_map(|i| {
            let cands = position.cands(i);
            let (first, last) = (cands.first()?.get(), cands.iter().last()?.get());
            let count = cands.len();
            if !(2..=3).contains(&count) {
                return None;
            }
            // A run of two takes both; a run of three, or a gap of one,
            // the middle.
            let mut tries = Vec::new();
            if usize::from(last - first) + 1 == count {
                tries.push(if count == 2 { cands } else { middle(first) });
            }
            if last - first == 2 {
                tries.push(middle(first));
            }
            tries.into_iter().find_map(|taken| {
                let removed = in_neighbours(position, &[i], taken, false);
                (!removed.is_empty()).then(|| {
                    let pattern = Pattern::Cells { digits: cands, cells: vec![position.cell(i)], variant: 0 };
                    Step::new(Technique::NonConsecutiveForcingCell, pattern).eliminating(removed)
                })
            })
        })
    }
}

impl Strategy for LockedNonConsecutive {
    fn name(&self) -> &'static str {
        "Locked non-consecutive"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Non-consecutive rules only.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::NonConsecutive)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let kinds = [HouseKind::Window, HouseKind::Column, HouseKind::Row];
        let mut units: Vec<usize> = Vec::new();
        for kind in kinds {
            let drawn = position.variant().extra_houses().iter().filter(|h| h.kind() == kind).count();
            units.extend((0..position.unit_count()).filter(|&u| {
                let house = position.house(u);
                // The windows drawn, not those they imply.
                house.kind() == kind && (kind != HouseKind::Window || house.index() < drawn)
            }));
        }
        let boxes = |u: &usize| matches!(position.house(*u).kind(), HouseKind::Box | HouseKind::Region);
        units.extend((0..position.unit_count()).filter(boxes));
        (1..=position.side() as u8).filter_map(Digit::new).find_map(|digit| {
            units.iter().find_map(|&u| {
                let square = matches!(position.house(u).kind(), HouseKind::Box | HouseKind::Region | HouseKind::Window);
                let places: Vec<usize> = position.cells_with(u, digit).collect();
                if places.is_empty() || places.len() > if square { 5 } else { 3 } {
                    return None;
                }
                let next: Candidates = [digit.get() - 1, digit.get() + 1].into_iter().filter_map(Digit::new).collect();
                let removed = in_neighbours(position, &places, next & Candidates::full(position.side()), true);
                (!removed.is_empty()).then(|| {
                    let pattern = Pattern::Houses {
                        digits: Candidates::single(digit),
                        houses: vec![position.house(u)],
                        cells: places.iter().map(|&i| position.cell(i)).collect(),
                    };
                    Step::new(Technique::LockedNonConsecutive, pattern).eliminating(removed)
                })
            })
        })
    }
}

/// The digit after `first`, alone.
fn middle(first: u8) -> Candidates {
    Digit::new(first + 1).map_or(Candidates::EMPTY, Candidates::single)
}

/// The candidates among `digits` of the cells that neighbour each of
/// `cells` (or, when `closed`, are one of them), in reading order.
fn in_neighbours(
    position: &Position,
    cells: &[usize],
    digits: Candidates,
    closed: bool,
) -> Vec<(sudokit_core::Cell, Digit)> {
    let touches = |c: usize, of: usize| (closed && c == of) || position.neighbours(of).contains(&(c as u16));
    let mut around: Vec<usize> = position.neighbours(cells[0]).iter().map(|&c| usize::from(c)).collect();
    around.push(cells[0]);
    around.sort_unstable();
    around
        .into_iter()
        .filter(|&c| cells.iter().all(|&of| touches(c, of)))
        .flat_map(|c| (position.cands(c) & digits).iter().map(move |d| (position.cell(c), d)))
        .collect()
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Grid, Relation, Shape, Variant};

    use super::*;

    #[test]
    fn the_steps_keep_the_solution_and_the_forcing_cell_its_own_candidates() {
        // A non-consecutive puzzle of 16 givens made by `generate`, and
        // its solution (unique, checked by three solvers).
        let puzzle: Grid = "7......9...6...........8......36.9.........3.3......6.....5..8......7..9.....47.."
            .parse()
            .expect("a grid");
        let solution = "758246391416973825293518647825361974641729538379485162937152486164837259582694713";
        let variant = Variant::standard(Shape::CLASSIC).with_relation(Relation::NonConsecutive);
        let mut position = Position::with_variant(&puzzle, &variant).expect("a valid puzzle");
        let (mut cells, mut locked) = (0, 0);
        while let Some(step) = position.hint() {
            for &(cell, digit) in step.eliminations() {
                let held = solution.as_bytes()[cell.index(Shape::CLASSIC)] - b'0';
                assert_ne!(held, digit.get(), "{step} removes the solution's {digit} from {cell}");
            }
            match step.technique() {
                Technique::NonConsecutiveForcingCell => {
                    cells += 1;
                    let Pattern::Cells { cells: own, .. } = &step.pattern else { panic!("{step}") };
                    assert!(step.eliminations().iter().all(|(c, _)| !own.contains(c)), "{step}");
                }
                Technique::LockedNonConsecutive => locked += 1,
                _ => {}
            }
            position.apply(&step).expect("a sound step");
        }
        assert!(position.is_solved());
        assert!(cells > 0 && locked > 0, "{cells} forcing cells, {locked} locked");
    }
}
