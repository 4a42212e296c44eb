//! Killer techniques, as sudokuwiki's killer solver describes them: the
//! digit combinations of each cage's sum, the digits every combination
//! needs, and the rule of 45 — rows, columns and boxes add up to the same
//! total, so the cells a union of them leaves outside its whole cages
//! (innies), or the cells of its cages that stick out (outies), add up to
//! a known sum too; when one cage sticks out, the rule splits it in two
//! parts of known sums.
//!
//! Every technique reads a group of cells with a known sum the same way
//! ([`fillings`]): the digits each cell can take in some filling of the
//! group within the candidates, cells that see each other holding
//! distinct digits, that adds up to the sum. The rest go.

mod drawn;
mod fillings;
mod house;
mod leftovers;

use sudokit_core::{Digit, HouseKind, RuleKind, RuleKinds, Rulebook};
use sudokit_grid::Candidates;

use crate::human::house::House;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};
use fillings::{Fillings, group_of, removals, supported, supported_holding, supported_signed};

pub use drawn::DrawnSums;
pub use house::HouseCombinations;
pub use leftovers::LawOfLeftovers;

/// Cage combinations: the cells of a cage keep the digits of the
/// combinations of its sum that its cells can still hold, each cell only
/// the digits some such filling puts there. Cages in the order of the
/// rules, the first that removes anything.
#[derive(Clone, Copy, Debug)]
pub struct CageCombinations;

/// Cage-locked digits: a digit that every combination of a cage's sum
/// still possible holds is in the cage, so a cell outside it that sees
/// each of its cells that may hold the digit cannot; a digit with one
/// place left in the cage goes there.
#[derive(Clone, Copy, Debug)]
pub struct CageLockedDigits;

/// Cage-bound digits: when a house has every place of a digit inside one
/// cage, the cage holds the digit, and its cells keep only the digits of
/// the combinations of its sum that hold it.
#[derive(Clone, Copy, Debug)]
pub struct CageBoundDigits;

/// The rule of 45: a union of 1 to side − 1 adjacent rows, of adjacent
/// columns, a box or two boxes side by side holds each digit once per
/// house, so its digits add up to a known total. Its innies — its cells
/// outside the cages it holds whole — add up to the total less those
/// cages' sums, and its outies — the cells outside it of the cages that
/// stick out of it — to the sums of those cages less the innies' sum.
/// With only some of the cages that stick out, the outies of those less
/// the innies in none of them add up to what is left
/// ([`Technique::InnieOutieDifference`]). A group of up to five cells
/// keeps the digits some filling to its sum puts there; one open cell
/// takes its digit. When a single cage sticks out and holds every innie,
/// the rule splits it in two parts of known sums
/// ([`Technique::CageSplit`]). A cage that shares cells with another
/// counts as none: its cells are innies or outies like any others.
#[derive(Clone, Copy, Debug)]
pub struct RuleOf45;

/// The largest group of innies or outies the rule of 45 reads: beyond,
/// a sum says little and the fillings are many.
const MAX_GROUP: usize = 5;

/// The most cages sticking out of a union whose subsets the rule of 45
/// tries for innie-outie differences.
const MAX_STICKING: usize = 8;

/// Each cage with a sum, lazily: its number, cells, sum and fillings
/// (a cage with too many to look through is left out).
fn cage_fillings(position: &Position) -> impl Iterator<Item = (usize, &[usize], u32, Fillings)> + '_ {
    position.variant().cages().iter().enumerate().filter_map(|(number, cage)| {
        let sum = cage.sum()?;
        Some((number, cage.cells(), sum, supported(position, cage.cells(), sum)?))
    })
}

impl Strategy for CageCombinations {
    fn name(&self) -> &'static str {
        "Cage combinations"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Killer rules only.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::CageSums)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        cage_fillings(position).find_map(|(number, cells, sum, fillings)| {
            let removed = removals(position, cells, &fillings.digits);
            (!removed.is_empty()).then(|| {
                let group = group_of(position, cells, sum, Some(number), Vec::new(), fillings.sets);
                Step::new(Technique::CageCombination, Pattern::Sum(Box::new(group))).eliminating(removed)
            })
        })
    }
}

impl Strategy for CageLockedDigits {
    fn name(&self) -> &'static str {
        "Cage-locked digits"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Killer rules only.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::CageSums)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        cage_fillings(position).find_map(|(number, cells, sum, fillings)| {
            let placed: Candidates = cells.iter().filter_map(|&i| Digit::new(position.placed(i))).collect();
            let needed = fillings.sets.iter().fold(Candidates::full(position.side()), |m, &s| m & s) - placed;
            needed.iter().find_map(|digit| {
                let places: Vec<usize> = cells.iter().copied().filter(|&i| position.cands(i).contains(digit)).collect();
                let group = || {
                    let sets = vec![Candidates::single(digit)];
                    Pattern::Sum(Box::new(group_of(position, cells, sum, Some(number), Vec::new(), sets)))
                };
                // Its one place in the cage takes it.
                if let [only] = places[..] {
                    if position.cands(only).len() > 1 {
                        return Some(
                            Step::new(Technique::CageLockedDigit, group()).placing(position.cell(only), digit),
                        );
                    }
                }
                let removed: Vec<_> = (0..position.len())
                    .filter(|&o| !cells.contains(&o) && position.cands(o).contains(digit))
                    .filter(|&o| places.iter().all(|&p| position.sees(o, p)))
                    .map(|o| (position.cell(o), digit))
                    .collect();
                (!removed.is_empty()).then(|| Step::new(Technique::CageLockedDigit, group()).eliminating(removed))
            })
        })
    }
}

impl Strategy for CageBoundDigits {
    fn name(&self) -> &'static str {
        "Cage-bound digits"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Killer rules only.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::CageSums)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        (0..position.unit_count())
            .find_map(|u| position.missing(u).iter().find_map(|digit| bound_step(position, u, digit)))
    }
}

/// The step of a cage holding every place of `digit` in unit `u`, if
/// one removes anything.
fn bound_step(position: &Position, u: usize, digit: Digit) -> Option<Step> {
    let places: Vec<usize> = position.cells_with(u, digit).collect();
    let cages = position.variant().cages();
    // Overlapping cages may each hold every place.
    let holding = |c: &usize| !places.is_empty() && places.iter().all(|i| cages[*c].cells().contains(i));
    (0..cages.len()).filter(holding).find_map(|number| {
        let (cells, sum) = (cages[number].cells(), cages[number].sum()?);
        let fillings = supported_holding(position, cells, sum, Candidates::single(digit))?;
        let removed = removals(position, cells, &fillings.digits);
        (!removed.is_empty()).then(|| {
            let houses = vec![position.house(u)];
            let mut group = group_of(position, cells, sum, Some(number), houses, fillings.sets);
            group.digit = Some(digit);
            Step::new(Technique::CageBoundDigit, Pattern::Sum(Box::new(group))).eliminating(removed)
        })
    })
}

impl Strategy for RuleOf45 {
    fn name(&self) -> &'static str {
        "Rule of 45"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Killer rules only.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::CageSums)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        // Cages that overlap another would count their shared cells twice.
        let separate = position.variant().separate_cages();
        regions(position).into_iter().find_map(|units| innies_and_outies(position, &units, &separate))
    }
}

/// The unions the rule of 45 reads, as lists of unit numbers: adjacent
/// rows, then adjacent columns (1 to side − 1 of them, fewest first),
/// then the boxes (or regions), then two boxes side by side.
fn regions(position: &Position) -> Vec<Vec<usize>> {
    let side = position.side();
    let of_kind = |kind| units_of(position, kind);
    let (rows, columns) = (of_kind(HouseKind::Row), of_kind(HouseKind::Column));
    let mut out = Vec::new();
    for lines in [&rows, &columns] {
        for k in 1..side {
            out.extend(lines.windows(k).map(<[usize]>::to_vec));
        }
    }
    let boxes =
        (0..position.unit_count()).filter(|&u| matches!(position.house(u).kind(), HouseKind::Box | HouseKind::Region));
    out.extend(boxes.map(|u| vec![u]));
    // Two boxes side by side in a band or a stack.
    let boxes = of_kind(HouseKind::Box);
    let shape = position.shape();
    let across = side / shape.box_width();
    for (b, &u) in boxes.iter().enumerate() {
        if b % across + 1 < across {
            out.push(vec![u, boxes[b + 1]]);
        }
        if let Some(&below) = boxes.get(b + across) {
            out.push(vec![u, below]);
        }
    }
    out
}

/// The units of houses of `kind`, in order.
fn units_of(position: &Position, kind: HouseKind) -> Vec<usize> {
    (0..position.unit_count()).filter(|&u| position.house(u).kind() == kind).collect()
}

/// The first step the innies or the outies of the union of `units` give,
/// reading the cages `separate` (those that overlap no other).
fn innies_and_outies(position: &Position, units: &[usize], separate: &[usize]) -> Option<Step> {
    let side = position.side();
    let mut inside = vec![false; position.len()];
    for &u in units {
        position.unit(u).iter().for_each(|&i| inside[usize::from(i)] = true);
    }
    let total = units.len() as u32 * (side * (side + 1) / 2) as u32;
    let (mut whole, mut sticking) = (0u32, Vec::new());
    let mut in_whole = vec![false; position.len()];
    let cages = position.variant().cages();
    for &number in separate {
        let cage = &cages[number];
        let Some(sum) = cage.sum() else { continue };
        let within = cage.cells().iter().filter(|&&i| inside[i]).count();
        if within == cage.cells().len() {
            whole += sum;
            cage.cells().iter().for_each(|&i| in_whole[i] = true);
        } else if within > 0 {
            sticking.push(number);
        }
    }
    let innies: Vec<usize> = (0..position.len()).filter(|&i| inside[i] && !in_whole[i]).collect();
    let innie_sum = total.checked_sub(whole)?;
    let houses: Vec<House> = units.iter().map(|&u| position.house(u)).collect();
    // A single cage sticking out, holding every innie: it splits.
    let split = match sticking[..] {
        [c] if innies.iter().all(|&i| cages[c].cells().contains(&i)) => Some(c),
        _ => None,
    };
    if (1..=MAX_GROUP).contains(&innies.len()) {
        let technique = if split.is_some() { Technique::CageSplit } else { Technique::Innies };
        if let Some(step) = group_step(position, &innies, innie_sum, technique, split, &houses) {
            return Some(step);
        }
    }
    // Some cages sticking out add their sums: their outies, less the
    // innies in none of them, add up to what is left. All of them give the
    // outies; fewer, a difference of innies and outies.
    if sticking.len() > MAX_STICKING {
        return None;
    }
    // Each sticking cage's cells outside the union, and how many it has
    // inside (all of them innies), so that a subset's group size is known
    // before its cells are gathered.
    let parts: Vec<(Vec<usize>, usize)> = sticking
        .iter()
        .map(|&c| {
            let (out, within): (Vec<usize>, Vec<usize>) = cages[c].cells().iter().partition(|&&i| !inside[i]);
            (out, within.len())
        })
        .collect();
    let mut by_size: Vec<(Vec<usize>, Vec<usize>, i64)> = Vec::new();
    for subset in (1u32..1 << sticking.len()).rev() {
        let chosen = || (0..sticking.len()).filter(move |&k| subset >> k & 1 == 1);
        let outside: usize = chosen().map(|k| parts[k].0.len()).sum();
        let within: usize = chosen().map(|k| parts[k].1).sum();
        if outside + innies.len() - within > MAX_GROUP {
            continue;
        }
        let mut outies: Vec<usize> = chosen().flat_map(|k| parts[k].0.iter().copied()).collect();
        outies.sort_unstable();
        let in_chosen = |i: usize| chosen().any(|k| cages[sticking[k]].cells().contains(&i));
        let loose: Vec<usize> = innies.iter().copied().filter(|&i| !in_chosen(i)).collect();
        let added: u32 = chosen().filter_map(|k| cages[sticking[k]].sum()).sum();
        by_size.push((outies, loose, i64::from(added) - i64::from(innie_sum)));
    }
    by_size.sort_by_key(|(outies, loose, _)| outies.len() + loose.len());
    by_size.into_iter().find_map(|(outies, loose, difference)| {
        if loose.is_empty() {
            let technique = if split.is_some() { Technique::CageSplit } else { Technique::Outies };
            group_step(position, &outies, u32::try_from(difference).ok()?, technique, split, &houses)
        } else {
            difference_step(position, (&outies, &loose), difference, &houses, &[])
        }
    })
}

/// The step of innies and outies whose sums differ by a known amount:
/// `outies` add up to `difference` more than `loose` do, once the cages
/// `read` stand for their cells by their sums.
fn difference_step(
    position: &Position,
    (outies, loose): (&[usize], &[usize]),
    difference: i64,
    houses: &[House],
    read: &[usize],
) -> Option<Step> {
    // Written with the larger side first, so that the difference is
    // positive.
    let (more, less) = if difference >= 0 { (outies, loose) } else { (loose, outies) };
    let cells: Vec<usize> = more.iter().chain(less).copied().collect();
    let signs: Vec<i64> = more.iter().map(|_| 1).chain(less.iter().map(|_| -1)).collect();
    let fillings = supported_signed(position, &cells, &signs, difference.abs(), Candidates::EMPTY)?;
    let group = |_| {
        let mut group = group_of(position, more, difference.unsigned_abs() as u32, None, houses.to_vec(), Vec::new());
        group.minus = less.iter().map(|&i| position.cell(i)).collect();
        group.cages = read.to_vec();
        Pattern::Sum(Box::new(group))
    };
    fillings_step(position, &cells, fillings, Technique::InnieOutieDifference, group)
}

/// The step of a group of cells with a known sum: its one cell's digit
/// placed, or the digits no filling puts in a cell removed.
fn group_step(
    position: &Position,
    cells: &[usize],
    sum: u32,
    technique: Technique,
    cage: Option<usize>,
    houses: &[House],
) -> Option<Step> {
    let fillings = supported(position, cells, sum)?;
    let group = |sets| Pattern::Sum(Box::new(group_of(position, cells, sum, cage, houses.to_vec(), sets)));
    fillings_step(position, cells, fillings, technique, group)
}

/// The step a group's fillings give: its one open cell's digit placed,
/// or the digits no filling puts in a cell removed.
fn fillings_step(
    position: &Position,
    cells: &[usize],
    fillings: Fillings,
    technique: Technique,
    group: impl Fn(Vec<Candidates>) -> Pattern,
) -> Option<Step> {
    // One open cell left whose filling is one digit: placed there.
    let mut open = cells.iter().enumerate().filter(|&(_, &i)| position.placed(i) == 0);
    if let (Some((k, &only)), None) = (open.next(), open.next()) {
        if let Some(digit) = fillings.digits[k].single_digit().filter(|_| position.cands(only).len() > 1) {
            return Some(Step::new(technique, group(fillings.sets)).placing(position.cell(only), digit));
        }
    }
    let removed = removals(position, cells, &fillings.digits);
    (!removed.is_empty()).then(|| Step::new(technique, group(fillings.sets)).eliminating(removed))
}
