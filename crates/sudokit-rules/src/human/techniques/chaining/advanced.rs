//! What the chains of nesting level 1 and up run inside their branches
//! when the singles run out (Sudoku Explainer's `getAdvancedPotentials`):
//! locked candidates, hidden and naked pairs and X-Wings at every level,
//! then, at level 2 and up, chains of their own. Each removal comes with
//! the candidates, removed earlier in the branch, that it relies on.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use sudokit_core::{Digit, SearchTally, StopReason};
use sudokit_grid::Candidates;

use super::branches;
use super::hint::{Hint, rule_parents, sort_and_dedup};
use super::multiple::{self, Rule};
use super::propagate::{Advanced, Removal};
use super::unary;
use super::work::{Origin, State, Work, several_bits, two_bits};

/// A removal of a basic technique and the candidates it relies on.
type Basic = (Vec<(usize, Digit)>, Vec<(usize, Digit)>);

/// The techniques of nesting level `level` (1 to 5).
#[derive(Clone, Copy, Debug)]
pub(super) struct Nested {
    pub(super) level: u8,
}

impl Advanced for Nested {
    fn removals(&self, work: &mut Work, base: &State, tally: &mut SearchTally<'_>) -> Result<Vec<Removal>, StopReason> {
        for rule in [locking, hidden_pairs, naked_pairs, x_wings] {
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
            let hints = chain_hints(work, rule, tally)?;
            let found = from_chains(work, base, &hints);
            if !found.is_empty() {
                return Ok(found);
            }
        }
        Ok(Vec::new())
    }
}

/// Past this many grid states, or this many hints kept for them,
/// [`KNOWN`] starts afresh: a step of the hardest puzzles sees some ten
/// thousand states, and the bound keeps the memory to some tens of
/// megabytes.
const KNOWN_STATES: usize = 50_000;
/// See [`KNOWN_STATES`].
const KNOWN_HINTS: usize = 100_000;

/// The sorted hints of the chains run inside branches, by rule and grid
/// state, and how many hints that is in all, for the position they were
/// met from.
#[derive(Default)]
struct Known {
    /// Per rule (one or two per level), by the candidates of the state.
    hints: Vec<(Rule, ByState)>,
    count: usize,
    /// The position whose searches met the states (see
    /// [`Work::origin`]): a search's hints depend on its state's
    /// candidates and on the position's filled cells.
    origin: Origin,
}

impl Known {
    /// The hints of `rule` kept for `state`.
    fn get(&self, rule: Rule, state: &[Candidates]) -> Option<Rc<Vec<Hint>>> {
        let (_, by_state) = self.hints.iter().find(|(r, _)| *r == rule)?;
        by_state.get(state).cloned()
    }

    /// The states kept, over every rule.
    fn states(&self) -> usize {
        self.hints.iter().map(|(_, by_state)| by_state.len()).sum()
    }

    /// Keeps the hints of `rule` for `state`.
    fn insert(&mut self, rule: Rule, state: Vec<Candidates>, hints: Rc<Vec<Hint>>) {
        self.count += hints.len();
        let at = match self.hints.iter().position(|(r, _)| *r == rule) {
            Some(at) => at,
            None => {
                self.hints.push((rule, HashMap::default()));
                self.hints.len() - 1
            }
        };
        self.hints[at].1.insert(state, hints);
    }
}

/// The sorted hints of one rule, by the candidates of the grid state,
/// hashed with `foldhash` rather than the default SipHash: one key is
/// hashed per nested search.
type ByState = HashMap<Vec<Candidates>, Rc<Vec<Hint>>, foldhash::fast::RandomState>;

thread_local! {
    /// The branches of one step often reach the same state (a quarter to
    /// a half of the nested unary searches on the hardest puzzles), and
    /// each nested level repeats the branches of the level below it until
    /// they part: a level's search that finds nothing leaves its states
    /// to the next level's search of the same position
    /// ([`meet_position`]), and [`forget_states`] empties them once a
    /// step is found.
    static KNOWN: RefCell<Known> = RefCell::new(Known::default());
}

/// Makes [`KNOWN`] the states met from `work`'s position, and its
/// branches those the searches nested in them may take
/// ([`branches::remember`]): what was kept from another position is
/// forgotten.
pub(super) fn meet_position(work: &Work) {
    KNOWN.with_borrow_mut(|known| {
        if !work.has_origin(&known.origin) {
            *known = Known { origin: work.origin(), ..Known::default() };
            branches::remember(work);
        }
    });
}

/// Forgets the grid states of [`KNOWN`]: the position will change, or the
/// search was stopped.
pub(super) fn forget_states() {
    branches::forget();
    // Fresh maps, not cleared ones: clearing costs the capacity every
    // step, and a hard step leaves a large one. The origin goes too, so
    // that the position, met again, is remembered again.
    KNOWN.set(Known::default());
}

/// The hints, sorted, of `rule` (or of the unary chains) on `work`, from
/// [`KNOWN`] when the state was searched before in this step.
fn chain_hints(work: &mut Work, rule: Rule, tally: &mut SearchTally<'_>) -> Result<Rc<Vec<Hint>>, StopReason> {
    if let Some(hints) = KNOWN.with_borrow(|known| known.get(rule, work.all_cands())) {
        return Ok(hints);
    }
    // The borrow is let go: the search below may nest chains that ask too.
    let hints = if rule == UNARY {
        sort_and_dedup(unary::hints(work, tally)?)
    } else {
        let inner = Nested { level: rule.level };
        let advanced: Option<&dyn Advanced> = (rule.level > 0).then_some(&inner);
        // Sorted already, as a nested search's hints come.
        multiple::hints(work, rule, advanced, true, tally)?
    };
    let hints = Rc::new(hints);
    KNOWN.with_borrow_mut(|known| {
        if known.states() >= KNOWN_STATES || known.count >= KNOWN_HINTS {
            *known = Known { origin: std::mem::take(&mut known.origin), ..Known::default() };
        }
        known.insert(rule, work.all_cands().to_vec(), Rc::clone(&hints));
    });
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

/// Pairs `(a, b)`, `a < b < n`, in Sudoku Explainer's order (by `b`,
/// then `a`).
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// Houses in the order Sudoku Explainer's subsets scan them: boxes,
/// columns, rows.
fn subset_units(work: &Work) -> impl Iterator<Item = usize> + '_ {
    [0, 2, 1].into_iter().flat_map(|k| work.units_of_kind(k))
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
