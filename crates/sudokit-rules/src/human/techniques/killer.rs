//! Killer techniques, as sudokuwiki's killer solver describes them: the
//! digit combinations of each cage's sum, the digits every combination
//! needs, and the rule of 45 — rows, columns and boxes add up to the same
//! total, so the cells a union of them leaves outside its whole cages
//! (innies), or the cells of its cages that stick out (outies), add up to
//! a known sum too; when one cage sticks out, the rule splits it in two
//! parts of known sums.
//!
//! Every technique reads a group of cells with a known sum the same way
//! ([`supported`]): the digits each cell can take in some filling of the
//! group within the candidates, cells that see each other holding
//! distinct digits, that adds up to the sum. The rest go.

use crate::human::strategy::KINDS_PLAYED;
use sudokit_core::{Digit, HouseKind, RuleKind, RuleKinds, Rulebook};
use sudokit_grid::Candidates;

use crate::human::house::House;
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, SumGroup, Technique};
use crate::human::strategy::Strategy;

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
/// ([`Technique::CageSplit`]).
#[derive(Clone, Copy, Debug)]
pub struct RuleOf45;

/// The largest group of innies or outies the rule of 45 reads: beyond,
/// a sum says little and the fillings are many.
const MAX_GROUP: usize = 5;

/// The most cages sticking out of a union whose subsets the rule of 45
/// tries for innie-outie differences.
const MAX_STICKING: usize = 8;

/// How many partial fillings [`supported`] tries before it gives up on a
/// group (a large cage with a wide sum): it then removes nothing.
const MAX_NODES: usize = 200_000;

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
        let cages = position.variant().cages();
        (0..position.unit_count()).find_map(|u| {
            position.missing(u).iter().find_map(|digit| {
                let mut places = position.cells_with(u, digit);
                let first = places.next()?;
                let number = cages.iter().position(|cage| cage.cells().contains(&first))?;
                let (cells, sum) = (cages[number].cells(), cages[number].sum()?);
                if !places.all(|i| cells.contains(&i)) {
                    return None;
                }
                let fillings = supported_holding(position, cells, sum, Candidates::single(digit))?;
                let removed = removals(position, cells, &fillings.digits);
                (!removed.is_empty()).then(|| {
                    let houses = vec![position.house(u)];
                    let mut group = group_of(position, cells, sum, Some(number), houses, fillings.sets);
                    group.digit = Some(digit);
                    Step::new(Technique::CageBoundDigit, Pattern::Sum(Box::new(group))).eliminating(removed)
                })
            })
        })
    }
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
        regions(position).into_iter().find_map(|units| innies_and_outies(position, &units))
    }
}

/// The unions the rule of 45 reads, as lists of unit numbers: adjacent
/// rows, then adjacent columns (1 to side − 1 of them, fewest first),
/// then the boxes (or regions), then two boxes side by side.
fn regions(position: &Position) -> Vec<Vec<usize>> {
    let side = position.side();
    let of_kind = |kind: HouseKind| -> Vec<usize> {
        (0..position.unit_count()).filter(|&u| position.house(u).kind() == kind).collect()
    };
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

/// The first step the innies or the outies of the union of `units` give.
fn innies_and_outies(position: &Position, units: &[usize]) -> Option<Step> {
    let side = position.side();
    let mut inside = vec![false; position.len()];
    for &u in units {
        position.unit(u).iter().for_each(|&i| inside[usize::from(i)] = true);
    }
    let total = units.len() as u32 * (side * (side + 1) / 2) as u32;
    let (mut whole, mut sticking) = (0u32, Vec::new());
    let mut in_whole = vec![false; position.len()];
    for (number, cage) in position.variant().cages().iter().enumerate() {
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
    let cages = position.variant().cages();
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
            difference_step(position, &outies, &loose, difference, &houses)
        }
    })
}

/// The step of innies and outies whose sums differ by a known amount:
/// `outies` add up to `difference` more than `loose` do.
fn difference_step(
    position: &Position,
    outies: &[usize],
    loose: &[usize],
    difference: i64,
    houses: &[House],
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

/// The candidates of the open cells of `cells` that no filling puts there.
fn removals(position: &Position, cells: &[usize], digits: &[Candidates]) -> Vec<(sudokit_core::Cell, Digit)> {
    cells
        .iter()
        .zip(digits)
        .filter(|&(&i, _)| position.placed(i) == 0)
        .flat_map(|(&i, &kept)| (position.cands(i) - kept).iter().map(move |d| (position.cell(i), d)))
        .collect()
}

/// The pattern of a group, for its wording.
fn group_of(
    position: &Position,
    cells: &[usize],
    sum: u32,
    cage: Option<usize>,
    houses: Vec<House>,
    sets: Vec<Candidates>,
) -> SumGroup {
    let cells = cells.iter().map(|&i| position.cell(i)).collect();
    SumGroup { cells, minus: Vec::new(), sum, cage, houses, sets, digit: None }
}

/// What the fillings of a group put where: per cell (in the group's
/// order) the digits some filling gives it, and the digit sets of the
/// fillings, distinct, in ascending order.
struct Fillings {
    digits: Vec<Candidates>,
    sets: Vec<Candidates>,
}

/// The fillings of `cells` that add up to `sum`: each cell a digit of its
/// candidates (a placed cell its digit), cells that see each other
/// distinct digits. `None` when there are too many to look through
/// ([`MAX_NODES`]).
fn supported(position: &Position, cells: &[usize], sum: u32) -> Option<Fillings> {
    supported_holding(position, cells, sum, Candidates::EMPTY)
}

/// [`supported`] for the fillings that hold every digit of `required`.
fn supported_holding(position: &Position, cells: &[usize], sum: u32, required: Candidates) -> Option<Fillings> {
    supported_signed(position, cells, &vec![1; cells.len()], i64::from(sum), required)
}

/// [`supported`] for the fillings whose digits, each times its `sign`
/// (+1 or −1), add up to `total` (innies less outies), and that hold
/// every digit of `required`.
fn supported_signed(
    position: &Position,
    cells: &[usize],
    signs: &[i64],
    total: i64,
    required: Candidates,
) -> Option<Fillings> {
    let options: Vec<Candidates> =
        cells.iter().map(|&i| Digit::new(position.placed(i)).map_or(position.cands(i), Candidates::single)).collect();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&k| options[k].len());
    // The least and the most the cells from each depth on can add.
    let mut bounds = vec![(0i64, 0i64); cells.len() + 1];
    for (depth, &k) in order.iter().enumerate().rev() {
        let low = options[k].first().map_or(0, |d| i64::from(d.get())) * signs[k];
        let high = options[k].iter().last().map_or(0, |d| i64::from(d.get())) * signs[k];
        let (least, most) = bounds[depth + 1];
        bounds[depth] = (least + low.min(high), most + low.max(high));
    }
    let mut search = Filling {
        cells,
        signs,
        required,
        options: &options,
        order: &order,
        bounds: &bounds,
        position,
        chosen: vec![0; cells.len()],
        digits: vec![Candidates::EMPTY; cells.len()],
        sets: Vec::new(),
        nodes: 0,
    };
    search.fill(0, total)?;
    let mut sets = search.sets;
    sets.sort_unstable_by_key(|s| s.bits());
    sets.dedup();
    Some(Fillings { digits: search.digits, sets })
}

/// A search through the fillings of a group.
struct Filling<'a> {
    cells: &'a [usize],
    signs: &'a [i64],
    /// Digits every filling must hold.
    required: Candidates,
    options: &'a [Candidates],
    /// The group's indices, fewest options first.
    order: &'a [usize],
    /// The least and the most the cells from `order[depth]` on can add.
    bounds: &'a [(i64, i64)],
    position: &'a Position,
    /// The digit given to each cell so far.
    chosen: Vec<u8>,
    digits: Vec<Candidates>,
    sets: Vec<Candidates>,
    nodes: usize,
}

impl Filling<'_> {
    /// Fills the cells from `order[depth]` on with digits adding up (each
    /// times its sign) to `left`; `None` past the node cap.
    fn fill(&mut self, depth: usize, left: i64) -> Option<()> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        let Some(&k) = self.order.get(depth) else {
            if left != 0 {
                return Some(());
            }
            let set: Candidates = self.chosen.iter().filter_map(|&v| Digit::new(v)).collect();
            if self.required - set == Candidates::EMPTY {
                for (k, &v) in self.chosen.iter().enumerate() {
                    self.digits[k].insert(Digit::new(v).expect("every cell chosen"));
                }
                self.sets.push(set);
            }
            return Some(());
        };
        let (least, most) = self.bounds[depth + 1];
        for digit in self.options[k] {
            let value = i64::from(digit.get()) * self.signs[k];
            if value + least > left || value + most < left {
                continue;
            }
            let clash = self.order[..depth]
                .iter()
                .any(|&o| self.chosen[o] == digit.get() && self.position.sees(self.cells[o], self.cells[k]));
            if clash {
                continue;
            }
            self.chosen[k] = digit.get();
            self.fill(depth + 1, left - value)?;
            self.chosen[k] = 0;
        }
        Some(())
    }
}
