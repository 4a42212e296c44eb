//! House combinations: a house and the cages over it filled as one group.
//!
//! A house holds each digit once, so the fillings of the cages inside it
//! must fit together: two cages of a row cannot both need the 9. The
//! search fills the house piece by piece — each cage's cells in the house
//! take one of the cage's own fillings (for a cage that sticks out, a
//! filling of the whole cage, seen through the house), each other cell
//! one of its candidates — with the house's digits distinct. A candidate
//! that no filling of the house uses goes, and so does a digit of a
//! cell outside the house that only fillings of its cage that the house
//! cannot take give it.

use std::collections::HashMap;

use sudokit_core::{Cell, Digit, RuleKind, RuleKinds, Rulebook};
use sudokit_grid::Candidates;

use super::fillings::{MAX_NODES, for_each_filling, group_of, keep_digits, removals};
use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::{KINDS_PLAYED, Strategy};

/// House combinations: the cages over a house (inside it, or sticking
/// out) and its other cells, filled as one group with the house's digits
/// distinct; the candidates no such filling uses go, in the house and in
/// the cells of its cages outside it. Houses in the order of the rules,
/// the first that removes anything.
///
/// It finds what two cages sharing a house rule out in each other, and
/// the innies of a house, in one search; a house whose fillings are too
/// many to look through is left alone.
#[derive(Clone, Copy, Debug)]
pub struct HouseCombinations;

impl Strategy for HouseCombinations {
    fn name(&self) -> &'static str {
        "House combinations"
    }

    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    /// Killer rules only.
    fn applies_to(&self, rules: &Rulebook) -> bool {
        rules.kinds().contains(RuleKind::CageSums)
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let mut cages = CageCache::new(position);
        (0..position.unit_count())
            .filter(|&u| position.unit(u).len() == position.side())
            .find_map(|u| house_step(position, u, &mut cages))
    }
}

/// The fillings of each cage with a sum, worked out when a house first
/// needs them: `None` inside when too many to look through.
struct CageCache {
    fillings: Vec<Option<Option<Vec<u8>>>>,
}

impl CageCache {
    fn new(position: &Position) -> CageCache {
        CageCache { fillings: vec![None; position.variant().cages().len()] }
    }

    /// Cage `number`'s fillings, one digit per cell in the cage's order,
    /// flat.
    fn of(&mut self, position: &Position, number: usize) -> Option<&[u8]> {
        let cage = &position.variant().cages()[number];
        let found = self.fillings[number].get_or_insert_with(|| {
            let sum = cage.sum()?;
            let mut flat = Vec::new();
            let signs = vec![1; cage.cells().len()];
            for_each_filling(position, cage.cells(), &signs, i64::from(sum), |chosen| flat.extend_from_slice(chosen))?;
            Some(flat)
        });
        found.as_deref()
    }
}

/// Part of a house filled at once: a cage's cells in the house, or one
/// other cell.
struct Piece {
    /// Places in the house's cell list.
    slots: Vec<usize>,
    /// The digits it may take, `slots.len()` per choice, flat.
    choices: Vec<u8>,
    /// Each choice's digits as a bit mask.
    masks: Vec<u64>,
    /// Whether some filling of the house takes each choice.
    taken: Vec<bool>,
    /// For a cage: its number, and for each of its fillings the choice it
    /// gives the house.
    cage: Option<(usize, Vec<usize>)>,
}

impl Piece {
    fn width(&self) -> usize {
        self.slots.len()
    }

    fn choice(&self, k: usize) -> &[u8] {
        &self.choices[k * self.width()..(k + 1) * self.width()]
    }
}

/// The step of unit `u`'s combinations, if they remove anything.
fn house_step(position: &Position, u: usize, cages: &mut CageCache) -> Option<Step> {
    let cells: Vec<usize> = position.unit(u).iter().map(|&i| usize::from(i)).collect();
    if cells.iter().all(|&i| position.placed(i) != 0) {
        return None;
    }
    let mut pieces = pieces_of(position, &cells, cages);
    if !pieces.iter().any(|p| p.cage.is_some()) {
        return None;
    }
    pieces.sort_by_key(|p| p.masks.len());
    let untaken = pieces.iter().map(|p| p.masks.len()).sum();
    let mut search = HouseSearch { pieces: &mut pieces, known: HashMap::new(), untaken, nodes: 0 };
    search.fill(0, 0)?;
    // A house with no filling is a contradiction that other steps show.
    if !pieces.iter().any(|p| p.taken.iter().any(|&t| t)) {
        return None;
    }
    let mut removed = Vec::new();
    let mut numbers = Vec::new();
    for piece in &pieces {
        let mut kept = vec![Candidates::EMPTY; piece.width()];
        for k in (0..piece.masks.len()).filter(|&k| piece.taken[k]) {
            keep_digits(&mut kept, piece.choice(k));
        }
        let slot_cells: Vec<usize> = piece.slots.iter().map(|&slot| cells[slot]).collect();
        removed.extend(removals(position, &slot_cells, &kept));
        if let Some((number, of_filling)) = &piece.cage {
            numbers.push(*number);
            outside_removals(position, &cells, piece, *number, of_filling, cages, &mut removed);
        }
    }
    if removed.is_empty() {
        return None;
    }
    removed.sort_unstable_by_key(|&(c, d): &(Cell, Digit)| (d.get(), c.row(), c.col()));
    removed.dedup();
    let total: u32 = (1..=position.side() as u32).sum();
    let mut group = group_of(position, &cells, total, None, vec![position.house(u)], Vec::new());
    numbers.sort_unstable();
    group.cages = numbers;
    Some(Step::new(Technique::HouseCombination, Pattern::Sum(Box::new(group))).eliminating(removed))
}

/// The candidates of a cage's cells outside the house that only
/// fillings the house cannot take give them.
fn outside_removals(
    position: &Position,
    cells: &[usize],
    piece: &Piece,
    number: usize,
    of_filling: &[usize],
    cages: &mut CageCache,
    removed: &mut Vec<(Cell, Digit)>,
) {
    let cage_cells = position.variant().cages()[number].cells();
    if cage_cells.len() == piece.width() {
        return;
    }
    let Some(fillings) = cages.of(position, number) else { return };
    let mut kept = vec![Candidates::EMPTY; cage_cells.len()];
    for (filling, &choice) in fillings.chunks(cage_cells.len()).zip(of_filling) {
        if piece.taken[choice] {
            keep_digits(&mut kept, filling);
        }
    }
    let (outside, kept): (Vec<usize>, Vec<Candidates>) =
        cage_cells.iter().zip(kept).filter(|&(i, _)| !cells.contains(i)).map(|(&i, kept)| (i, kept)).unzip();
    removed.extend(removals(position, &outside, &kept));
}

/// The house's pieces: each cage with a sum over it whose fillings could
/// be listed, then every other cell alone.
fn pieces_of(position: &Position, cells: &[usize], cages: &mut CageCache) -> Vec<Piece> {
    let mut covered = vec![false; cells.len()];
    let mut pieces = Vec::new();
    for (number, cage) in position.variant().cages().iter().enumerate() {
        let slots: Vec<usize> = cage.cells().iter().filter_map(|i| cells.iter().position(|c| c == i)).collect();
        if slots.is_empty() || slots.iter().any(|&s| covered[s]) {
            continue;
        }
        let Some(fillings) = cages.of(position, number) else { continue };
        // Where each of the house's slots sits in the cage.
        let at: Vec<usize> =
            slots.iter().map(|&s| cage.cells().iter().position(|&i| i == cells[s]).expect("in the cage")).collect();
        let mut seen: Vec<Vec<u8>> = Vec::new();
        let mut of_filling = Vec::new();
        for filling in fillings.chunks(cage.cells().len()) {
            let choice: Vec<u8> = at.iter().map(|&k| filling[k]).collect();
            let k = seen.iter().position(|c| *c == choice).unwrap_or_else(|| {
                seen.push(choice);
                seen.len() - 1
            });
            of_filling.push(k);
        }
        slots.iter().for_each(|&s| covered[s] = true);
        pieces.push(piece(slots, seen, Some((number, of_filling))));
    }
    for (slot, &i) in cells.iter().enumerate().filter(|&(s, _)| !covered[s]) {
        let options = Digit::new(position.placed(i)).map_or(position.cands(i), Candidates::single);
        pieces.push(piece(vec![slot], options.iter().map(|d| vec![d.get()]).collect(), None));
    }
    pieces
}

fn piece(slots: Vec<usize>, choices: Vec<Vec<u8>>, cage: Option<(usize, Vec<usize>)>) -> Piece {
    let masks = choices.iter().map(|c| c.iter().fold(0, |m, &v| m | 1u64 << (v - 1))).collect();
    let taken = vec![false; choices.len()];
    Piece { slots, choices: choices.concat(), masks, taken, cage }
}

/// A search through the fillings of a house, piece by piece.
///
/// Which choices below a depth complete the house depends only on the
/// digits used above it, so each (depth, used digits) is searched once.
struct HouseSearch<'a> {
    pieces: &'a mut [Piece],
    /// Whether the pieces from a depth on have a filling with the digits
    /// of a mask used, for those searched.
    known: HashMap<(usize, u64), bool>,
    /// Choices no filling has taken yet: at none, nothing can go.
    untaken: usize,
    nodes: usize,
}

impl HouseSearch<'_> {
    /// Fills the pieces from `depth` on with digits outside `used`,
    /// marking the choices of every complete filling; `true` when the
    /// pieces from `depth` on have some filling. `None` past the node
    /// cap, or once every choice is taken.
    fn fill(&mut self, depth: usize, used: u64) -> Option<bool> {
        if depth == self.pieces.len() {
            return Some(true);
        }
        if let Some(&known) = self.known.get(&(depth, used)) {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        let mut any = false;
        for k in 0..self.pieces[depth].masks.len() {
            let mask = self.pieces[depth].masks[k];
            if mask & used != 0 || !self.fill(depth + 1, used | mask)? {
                continue;
            }
            any = true;
            if !self.pieces[depth].taken[k] {
                self.pieces[depth].taken[k] = true;
                self.untaken -= 1;
                if self.untaken == 0 {
                    return None;
                }
            }
        }
        self.known.insert((depth, used), any);
        Some(any)
    }
}
