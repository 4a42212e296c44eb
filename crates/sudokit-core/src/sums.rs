//! Sums over cells: a killer cage's, and those its rules imply — the
//! cells of a house outside the cages wholly inside it add up to the rest
//! of the house's total (innies), a cage out of a house by one cell ties
//! that cell to the house's other cells, and over rows, columns or boxes
//! taken together the cells inside that no cage covers, less the cells of
//! those cages outside, add up to a known number (innies and outies).
//!
//! A solver that keeps each sum to the digits its bounds allow prunes a
//! killer long before its cages alone would: [`sums_of`] lists them once,
//! at set-up, from the compiled rules.
//!
//! ```
//! use sudokit_core::sums::{SumOrigin, sums_of};
//! use sudokit_core::{Cell, Rulebook, Shape, Variant};
//!
//! // Two cages fill all of row 1 but r1c9: that cell must be 45 − 40 = 5.
//! let row: Vec<Cell> = (0..9).map(|c| Cell::new(0, c)).collect();
//! let killer = Variant::standard(Shape::CLASSIC).with_cage(&row[..4], Some(20))?.with_cage(&row[4..8], Some(20))?;
//! let sums = sums_of(&Rulebook::new(killer));
//! let rest = sums.iter().find(|s| s.origin() == SumOrigin::HouseRest).ok_or("no innie")?;
//! assert_eq!((rest.plus(), rest.minus(), rest.total()), (&[8][..], &[][..], 5));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use crate::rulebook::Rulebook;
use crate::variant::HouseKind;

/// Where a [`LinearSum`] comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SumOrigin {
    /// A killer cage's own sum.
    Cage,
    /// The cells of a full house outside the cages wholly inside it: the
    /// house's total less those cages' sums.
    HouseRest,
    /// Cages out of a full house: for a cage out by one cell, the house's
    /// cells outside that cage and the cages wholly inside, less the cell
    /// outside; for every cage meeting the house, their cells outside it,
    /// less the house's cells none covers.
    HouseOutie,
    /// Rows, columns or boxes taken together (the first `k` in order, or
    /// the last): the cells inside no cage of the group covers, less the
    /// cells of those cages outside.
    Group,
    /// The cells of the whole grid no cage covers.
    Grid,
    /// An arrow's: its shaft less its circle adds up to 0.
    Arrow,
    /// A little killer's: its diagonal adds up to its clue.
    LittleKiller,
}

/// The digits of [`plus`](LinearSum::plus) less those of
/// [`minus`](LinearSum::minus) add up to [`total`](LinearSum::total).
/// A cell appears once at most; the cells of `plus` need not hold
/// distinct digits (a sum over several houses).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinearSum {
    plus: Vec<usize>,
    minus: Vec<usize>,
    total: i64,
    origin: SumOrigin,
}

impl LinearSum {
    /// The cells counted positively, ascending.
    pub fn plus(&self) -> &[usize] {
        &self.plus
    }

    /// The cells counted negatively, ascending.
    pub fn minus(&self) -> &[usize] {
        &self.minus
    }

    /// What the sum comes to.
    pub fn total(&self) -> i64 {
        self.total
    }

    /// Where it comes from.
    pub fn origin(&self) -> SumOrigin {
        self.origin
    }

    /// Whether the digits `values` (row-major, 0 for an empty cell) fill
    /// every cell of the sum and add up to its total.
    pub fn holds(&self, values: &[u8]) -> bool {
        let digit = |&i: &usize| values.get(i).copied().filter(|&v| v != 0).map(i64::from);
        let plus: Option<i64> = self.plus.iter().map(digit).sum();
        let minus: Option<i64> = self.minus.iter().map(digit).sum();
        plus.zip(minus).is_some_and(|(p, m)| p - m == self.total)
    }
}

/// `cells` split into runs of pairwise peers (cells that hold distinct
/// digits), greedily in order: each cell joins the first run it sees
/// whole, or starts one. What a sum over them can add up to is bounded
/// run by run.
///
/// ```
/// use sudokit_core::sums::peer_runs;
/// use sudokit_core::{Rulebook, Shape};
///
/// // r1c1, r1c2 share a row; r5c5 sees neither.
/// let runs = peer_runs(&[0, 1, 40], &Rulebook::standard(Shape::CLASSIC));
/// assert_eq!(runs, vec![vec![0, 1], vec![40]]);
/// ```
pub fn peer_runs(cells: &[usize], rules: &Rulebook) -> Vec<Vec<usize>> {
    let mut runs: Vec<Vec<usize>> = Vec::new();
    for &i in cells {
        match runs.iter_mut().find(|run| run.iter().all(|&j| rules.are_peers(i, j))) {
            Some(run) => run.push(i),
            None => runs.push(vec![i]),
        }
    }
    runs
}

/// The most cells of a sum derived around one house from a cage that
/// sticks out of it: bounds over more cells prune too little to pay.
const MAX_OUTIE_CELLS: usize = 6;

/// Every sum the rules hold or imply: each killer cage's sum, then the
/// derived ones ([`SumOrigin`]), then each arrow's and little killer's,
/// each once. Derived sums are found among
/// full houses only (rows, columns, boxes or regions, extra houses of a
/// side's cells), from the cages that do not overlap; none of more cells
/// than the side, except the grid's own.
///
/// Every derived sum holds in every solution (a test checks it on random
/// killers against their solutions); none is listed where no cage has a
/// sum.
pub fn sums_of(rules: &Rulebook) -> Vec<LinearSum> {
    let mut found = Derivation::new(rules);
    for cage in rules.variant().cages() {
        if let Some(sum) = cage.sum() {
            found.push(cage.cells().to_vec(), Vec::new(), i64::from(sum), SumOrigin::Cage);
        }
    }
    if !found.pieces.is_empty() {
        found.derive();
    }
    let variant = rules.variant();
    for arrow in variant.arrows() {
        found.push(arrow.shaft().to_vec(), vec![arrow.circle()], 0, SumOrigin::Arrow);
    }
    for killer in variant.little_killers() {
        found.push(killer.cells().to_vec(), Vec::new(), i64::from(killer.total()), SumOrigin::LittleKiller);
    }
    found.sums
}

impl Derivation<'_> {
    /// The sums the cages with a sum imply over the full houses.
    fn derive(&mut self) {
        let rules = self.rules;
        let houses: Vec<usize> = (0..rules.houses().len())
            .filter(|&h| rules.houses()[h].cells().len() == self.side && rules.houses()[h].kind() != HouseKind::Cage)
            .collect();
        for &h in &houses {
            self.around_house(rules.houses()[h].cells());
        }
        for kind in [HouseKind::Row, HouseKind::Column, HouseKind::Box, HouseKind::Region] {
            let group: Vec<&[usize]> =
                houses.iter().map(|&h| &rules.houses()[h]).filter(|h| h.kind() == kind).map(|h| h.cells()).collect();
            self.over_group(&group);
            let reversed: Vec<&[usize]> = group.iter().rev().copied().collect();
            self.over_group(&reversed);
        }
        self.grid_rest();
    }
}

/// The sums found so far and what they are found from.
struct Derivation<'r> {
    /// The rules, for which cells are peers.
    rules: &'r Rulebook,
    side: usize,
    cells: usize,
    /// The total of a full house.
    house_total: i64,
    /// The cages with a sum that overlap no other cage: cells and sum.
    pieces: Vec<(Vec<usize>, i64)>,
    /// The piece of each cell, if any.
    piece_of: Vec<Option<usize>>,
    sums: Vec<LinearSum>,
    seen: HashSet<(Vec<usize>, Vec<usize>, i64)>,
}

impl<'r> Derivation<'r> {
    fn new(rules: &'r Rulebook) -> Derivation<'r> {
        let (side, cells) = (rules.shape().side(), rules.shape().cell_count());
        // A cage that overlaps another is left out of the derivations.
        let cages = rules.variant().cages();
        let pieces: Vec<(Vec<usize>, i64)> = (rules.variant().separate_cages().into_iter())
            .filter_map(|c| Some((cages[c].cells().to_vec(), i64::from(cages[c].sum()?))))
            .collect();
        let mut piece_of = vec![None; cells];
        for (k, (cells, _)) in pieces.iter().enumerate() {
            for &i in cells {
                piece_of[i] = Some(k);
            }
        }
        let house_total = (side * (side + 1) / 2) as i64;
        Derivation { rules, side, cells, house_total, pieces, piece_of, sums: Vec::new(), seen: HashSet::new() }
    }

    fn push(&mut self, mut plus: Vec<usize>, mut minus: Vec<usize>, total: i64, origin: SumOrigin) {
        plus.sort_unstable();
        minus.sort_unstable();
        if plus.is_empty() && minus.is_empty() {
            return;
        }
        if self.seen.insert((plus.clone(), minus.clone(), total)) {
            self.sums.push(LinearSum { plus, minus, total, origin });
        }
    }

    /// The pieces that meet `cells`, each once, in order.
    fn pieces_meeting(&self, cells: &[usize]) -> Vec<usize> {
        let mut met: Vec<usize> = cells.iter().filter_map(|&i| self.piece_of[i]).collect();
        met.sort_unstable();
        met.dedup();
        met
    }

    /// The rest of a full house outside the cages wholly inside it, and for
    /// each cage out of it by one cell, that rest less the cage's cells in
    /// the house, less the cell outside.
    fn around_house(&mut self, house: &[usize]) {
        let mut inside = vec![false; self.cells];
        for &i in house {
            inside[i] = true;
        }
        let met = self.pieces_meeting(house);
        let (mut rest, mut total) = (house.to_vec(), self.house_total);
        let mut outies = Vec::new();
        for &k in &met {
            let (cells, sum) = &self.pieces[k];
            let out: Vec<usize> = cells.iter().copied().filter(|&i| !inside[i]).collect();
            match out.len() {
                0 => {
                    rest.retain(|i| !cells.contains(i));
                    total -= sum;
                }
                1 => outies.push(k),
                _ => {}
            }
        }
        if rest.len() < house.len() {
            self.push(rest.clone(), Vec::new(), total, SumOrigin::HouseRest);
        }
        for k in outies {
            let (cells, sum) = self.pieces[k].clone();
            let plus: Vec<usize> = rest.iter().copied().filter(|i| !cells.contains(i)).collect();
            let minus: Vec<usize> = cells.iter().copied().filter(|&i| !inside[i]).collect();
            if plus.len() + minus.len() <= MAX_OUTIE_CELLS {
                self.push(plus, minus, total - sum, SumOrigin::HouseOutie);
            }
        }
        // Every cage meeting the house: their cells outside it, less the
        // house's cells none covers, add up to their sums less its total.
        let uncovered: Vec<usize> = house.iter().copied().filter(|&i| self.piece_of[i].is_none()).collect();
        let outside: Vec<usize> =
            met.iter().flat_map(|&k| self.pieces[k].0.iter().copied().filter(|&i| !inside[i])).collect();
        let total = met.iter().map(|&k| self.pieces[k].1).sum::<i64>() - self.house_total;
        let worth = match uncovered.len() {
            0 => outside.len() <= self.side && self.narrows(&outside, total),
            1 | 2 => outside.len() + uncovered.len() <= MAX_OUTIE_CELLS,
            _ => false,
        };
        if worth && !outside.is_empty() {
            self.push(outside, uncovered, total, SumOrigin::HouseOutie);
        }
    }

    /// Whether a sum of `total` over `cells` is narrow enough to pay: its
    /// slack (how far the total is from the least or the most the cells
    /// can add up to, in runs of peers) under a quarter of their range.
    fn narrows(&self, cells: &[usize], total: i64) -> bool {
        let runs = peer_runs(cells, self.rules);
        let (least, most) = runs.iter().fold((0, 0), |(l, m), run| {
            let (a, b) = crate::cage::sum_range(run.len(), self.side);
            (l + i64::from(a), m + i64::from(b))
        });
        let slack = (total - least).min(most - total);
        slack < 0 || 4 * slack < most - least
    }

    /// The first `k` houses of `group` taken together, for `k` from 2 to
    /// one less than the side: each piece joins the group once more than
    /// half of its cells lie inside; the cells inside outside the joined
    /// pieces, less the joined pieces' cells outside, add up to the
    /// houses' totals less the pieces' sums.
    fn over_group(&mut self, group: &[&[usize]]) {
        let mut inside = vec![false; self.cells];
        let mut joined = vec![false; self.pieces.len()];
        let mut pieces_sum = 0i64;
        for (k, house) in group.iter().enumerate().take(self.side.saturating_sub(1)) {
            for &i in *house {
                inside[i] = true;
            }
            for ((cells, sum), joined) in self.pieces.iter().zip(joined.iter_mut()) {
                if !*joined && 2 * cells.iter().filter(|&&i| inside[i]).count() > cells.len() {
                    *joined = true;
                    pieces_sum += sum;
                }
            }
            if k == 0 {
                continue;
            }
            let covered = |i: usize| self.piece_of[i].is_some_and(|p| joined[p]);
            let plus: Vec<usize> = (0..self.cells).filter(|&i| inside[i] && !covered(i)).collect();
            let minus: Vec<usize> = (0..self.cells).filter(|&i| !inside[i] && covered(i)).collect();
            let small = plus.len().min(minus.len()) <= 2;
            if small && plus.len() + minus.len() <= self.side {
                let total = (k as i64 + 1) * self.house_total - pieces_sum;
                self.push(plus, minus, total, SumOrigin::Group);
            }
        }
    }

    /// The cells of the grid no cage covers, when fewer than a side's.
    fn grid_rest(&mut self) {
        let rest: Vec<usize> = (0..self.cells).filter(|&i| self.piece_of[i].is_none()).collect();
        if !rest.is_empty() && rest.len() < self.side && self.cells % self.side == 0 {
            let total =
                (self.cells / self.side) as i64 * self.house_total - self.pieces.iter().map(|p| p.1).sum::<i64>();
            self.push(rest, Vec::new(), total, SumOrigin::Grid);
        }
    }
}
