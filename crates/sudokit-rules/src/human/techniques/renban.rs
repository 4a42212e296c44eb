//! Renban runs: a renban line holds a run of consecutive digits, one a
//! cell, so it keeps to the runs its cells can still fill — each cell the
//! digits some such filling gives it — and a digit every such run holds is
//! on the line, gone from the cells that see each of its places there.

use sudokit_core::{Digit, RuleKind, RuleKinds, Rulebook};
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, SumGroup, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// Renban runs (sudokit's own score, 2.4, a cage combination's): the
/// cells of a renban keep the digits of the runs of consecutive digits
/// they can still fill, each cell only those some filling (a digit a cell,
/// every digit of the run once) gives it ([`Technique::RenbanRun`]).
/// Lines in the order of the rules, the first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct RenbanRuns;

/// Renban-locked digits (sudokit's own score, 2.8, a cage-locked
/// digit's): a digit that every run a renban can still fill holds is on
/// the line, so a cell off it that sees each of its places on it loses it
/// ([`Technique::RenbanLockedDigit`]). Lines in the order of the rules,
/// the first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct RenbanLockedDigits;

/// Each renban of the position's rules: its cells and its runs.
fn renban(position: &Position) -> impl Iterator<Item = (&[usize], Vec<u64>)> {
    let side = position.side();
    position.variant().lines().iter().filter_map(move |line| Some((line.cells(), line.digit_sets(side)?)))
}

impl Strategy for RenbanRuns {
    fn name(&self) -> &'static str {
        "Renban runs"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with a renban.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::Renban)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        renban(position).find_map(|(cells, runs)| kept_to_runs(position, cells, &runs))
    }
}

impl Strategy for RenbanLockedDigits {
    fn name(&self) -> &'static str {
        "Renban-locked digits"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Rules with a renban.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::Renban)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        renban(position).find_map(|(cells, runs)| locked_digits(position, cells, &runs))
    }
}

/// The runs of `runs` the cells can fill, and per cell the digits those
/// fillings give it.
fn fillings(position: &Position, cells: &[usize], runs: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let options: Vec<u64> = cells
        .iter()
        .map(|&i| match position.placed(i) {
            0 => position.cands(i).bits(),
            v => 1 << (v - 1),
        })
        .collect();
    let mut fitting = Vec::new();
    let mut kept = vec![0u64; cells.len()];
    for &run in runs {
        let within: Vec<u64> = options.iter().map(|&o| o & run).collect();
        if !fills(&within) {
            continue;
        }
        fitting.push(run);
        for (k, kept) in kept.iter_mut().enumerate() {
            let mut digits = within[k];
            while digits != 0 {
                let bit = digits & digits.wrapping_neg();
                digits &= digits - 1;
                let mut forced = within.clone();
                forced.iter_mut().for_each(|o| *o &= !bit);
                forced[k] = bit;
                if fills(&forced) {
                    *kept |= bit;
                }
            }
        }
    }
    (fitting, kept)
}

/// Whether each cell can take a digit of its `options`, no digit twice
/// (a matching of every cell, grown one augmenting path a cell).
fn fills(options: &[u64]) -> bool {
    let mut holder = [usize::MAX; 64];
    (0..options.len()).all(|cell| augment(options, cell, &mut 0, &mut holder))
}

/// Finds `cell` a digit, moving the holders of taken digits on where they
/// can; `seen` marks the digits tried on this path.
fn augment(options: &[u64], cell: usize, seen: &mut u64, holder: &mut [usize; 64]) -> bool {
    let mut digits = options[cell] & !*seen;
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        *seen |= 1 << d;
        if holder[d] == usize::MAX || augment(options, holder[d], seen, holder) {
            holder[d] = cell;
            return true;
        }
    }
    false
}

/// The step keeping a renban's open cells to what its fitting runs give
/// them, if that removes anything.
fn kept_to_runs(position: &Position, cells: &[usize], runs: &[u64]) -> Option<Step> {
    let (fitting, kept) = fillings(position, cells, runs);
    let removed: Vec<_> = cells
        .iter()
        .zip(&kept)
        .filter(|&(&i, _)| position.placed(i) == 0)
        .flat_map(|(&i, &kept)| (position.cands(i) - Candidates::from_bits(kept)).iter().map(move |d| (i, d)))
        .map(|(i, d)| (position.cell(i), d))
        .collect();
    (!removed.is_empty()).then(|| step(position, Technique::RenbanRun, cells, &fitting).eliminating(removed))
}

/// The step taking a digit every fitting run holds from the cells off the
/// line that see each of its places on it, if any has it.
fn locked_digits(position: &Position, cells: &[usize], runs: &[u64]) -> Option<Step> {
    let (fitting, kept) = fillings(position, cells, runs);
    let needed = fitting.iter().fold(u64::MAX, |all, &run| all & run);
    let mut needed = if fitting.is_empty() { 0 } else { needed };
    while needed != 0 {
        let bit = needed & needed.wrapping_neg();
        needed &= needed - 1;
        let digit = Digit::new(bit.trailing_zeros() as u8 + 1)?;
        let places: Vec<usize> = cells.iter().zip(&kept).filter(|&(_, &k)| k & bit != 0).map(|(&i, _)| i).collect();
        if places.iter().any(|&i| position.placed(i) != 0) {
            continue;
        }
        let removed: Vec<_> = (0..position.len())
            .filter(|&j| !cells.contains(&j) && position.placed(j) == 0 && position.cands(j).contains(digit))
            .filter(|&j| places.iter().all(|&i| position.sees(i, j)))
            .map(|j| (position.cell(j), digit))
            .collect();
        if !removed.is_empty() {
            return Some(step(position, Technique::RenbanLockedDigit, cells, &[bit]).eliminating(removed));
        }
    }
    None
}

/// A step of `technique` over the renban `cells`, naming the digit sets
/// `sets` (its fitting runs, or the digit they all hold).
fn step(position: &Position, technique: Technique, cells: &[usize], sets: &[u64]) -> Step {
    let group = SumGroup::listing(
        cells.iter().map(|&i| position.cell(i)).collect(),
        sets.iter().map(|&s| Candidates::from_bits(s)).collect(),
    );
    Step::new(technique, Pattern::Sum(Box::new(group)))
}
