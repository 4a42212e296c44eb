//! Constraint propagation on a [`CandidateBoard`]: naked and hidden singles
//! and locked candidates, repeated until nothing changes, for every shape.

use std::fmt;

use sudokit_core::{Cell, ClueSide, Digit, HouseKind, IndexerKind, SightlineKind, UnitKind};

use crate::board::CandidateBoard;
use crate::{Candidates, Layout};

/// The sentence of a [`Contradiction::Sightline`]: `the x-sum left of row
/// 3 can no longer add up to 15`, `the skyscrapers above column 2 can no
/// longer show 3`.
fn sightline_lost(kind: SightlineKind, at: ClueSide, number: usize, value: u32) -> String {
    let (clue, verb) = match kind {
        SightlineKind::XSum => ("x-sum", "add up to"),
        _ => ("skyscrapers", "show"),
    };
    format!("the {clue} {} {} {number} can no longer {verb} {value}", at.name(), at.unit())
}

/// Why a position has no solution, found by [`CandidateBoard::propagate`]:
/// a proof, since propagation only removes candidates no solution uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Contradiction {
    /// A cell has no candidate left.
    #[error("{cell} has no candidate left")]
    NoCandidate {
        /// The cell.
        cell: Cell,
    },
    /// A digit has no cell left in a house.
    #[error("{digit} has no place left in {}", HouseName(*kind, *number))]
    NoPlace {
        /// The digit.
        digit: Digit,
        /// The kind of house: a row, column or box, or a variant's house.
        kind: HouseKind,
        /// The house's 1-based number among those of its kind.
        number: usize,
    },
    /// A killer cage's placed digits leave no distinct digits that
    /// complete its sum.
    #[error("cage {number} can no longer add up to {sum}")]
    CageSum {
        /// The cage's 1-based number (see `Variant::cages`).
        number: usize,
        /// Its sum.
        sum: u32,
    },
    /// An arrow's cells can no longer add up to its circle's digit.
    #[error("the arrow from {circle} can no longer add up to its circle")]
    ArrowSum {
        /// Its circle.
        circle: Cell,
    },
    /// A between line's cells can no longer lie between its ends.
    #[error("the between line from {first} can no longer keep its cells between its ends")]
    BetweenLine {
        /// Its first cell, one end.
        first: Cell,
    },
    /// A region-sum line's parts can no longer add up alike.
    #[error("the region-sum line from {first} can no longer add up alike in each region")]
    RegionSumLine {
        /// Its first cell.
        first: Cell,
    },
    /// A quadruple's four cells can no longer hold its digits.
    #[error("the quadruple at {corner} can no longer hold its digits")]
    Quadruple {
        /// The top-left cell of its four.
        corner: Cell,
    },
    /// A sandwich's row or column can no longer hold its clue.
    #[error("the sandwich of {unit} {number} can no longer add up to {sum}")]
    Sandwich {
        /// A row or a column.
        unit: UnitKind,
        /// Its 1-based number.
        number: usize,
        /// Its clue.
        sum: u32,
    },
    /// An X-sum's or skyscraper clue's row or column can no longer give
    /// its clue.
    #[error("{}", sightline_lost(*kind, *at, *number, *value))]
    Sightline {
        /// What the clue counts.
        kind: SightlineKind,
        /// Where it stands.
        at: ClueSide,
        /// Its row's or column's 1-based number.
        number: usize,
        /// The clue.
        value: u32,
    },
    /// An indexer's line can no longer keep it.
    #[error("the {kind} {cell} can no longer name the place of its number")]
    Indexer {
        /// What it indexes.
        kind: IndexerKind,
        /// Its cell.
        cell: Cell,
    },
    /// A pill arrow's cells can no longer add up to its pill's number.
    #[error("the pill arrow from {first} can no longer add up to its pill")]
    PillArrow {
        /// The first cell of its pill.
        first: Cell,
    },
    /// A little killer's cells can no longer add up to its clue.
    #[error("the little killer from {first} can no longer add up to {sum}")]
    LittleKillerSum {
        /// Its first cell, at the clue.
        first: Cell,
        /// Its clue.
        sum: u32,
    },
}

/// A house named by its kind and 1-based number, as
/// [`Contradiction::NoPlace`] names it.
struct HouseName(HouseKind, usize);

impl fmt::Display for HouseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_house(self.1.saturating_sub(1), f)
    }
}

/// What [`CandidateBoard::propagate`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Propagation {
    /// Cells this call left with one candidate that had more.
    pub placements: usize,
    /// Candidates removed.
    pub eliminations: usize,
    /// Passes over the board.
    pub passes: usize,
}

impl CandidateBoard {
    /// Applies naked singles, hidden singles and locked candidates
    /// (pointing and claiming) until none changes anything.
    ///
    /// Every removed candidate is one that no solution uses, so a
    /// [`Contradiction`] proves the puzzle has no solution, and a board
    /// whose cells all end with one candidate is the unique solution.
    ///
    /// ```
    /// use sudokit_grid::CandidateBoard;
    /// use sudokit_core::Grid;
    /// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
    /// let mut board = CandidateBoard::new(&puzzle);
    /// let done = board.propagate()?;
    /// assert!(board.is_solved() && done.placements > 0);
    /// assert!(board.to_grid().is_solution_of(&puzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The [`Contradiction`] found: a cell without candidates, or a digit
    /// without a place in a unit.
    pub fn propagate(&mut self) -> Result<Propagation, Contradiction> {
        let layout = Layout::of(self.shape());
        let mut done = Propagation::default();
        // Cells whose single digit has been removed from their peers.
        let mut settled = vec![false; self.shape().cell_count()];
        if let Some(cell) = self.dead_cell() {
            return Err(Contradiction::NoCandidate { cell });
        }
        let singles = |board: &CandidateBoard| board.as_slice().iter().filter(|c| c.len() == 1).count();
        let before = singles(self);
        loop {
            done.passes += 1;
            let changed = self.naked_singles(layout, &mut settled, &mut done)?
                || self.hidden_singles(layout, &mut done)?
                || self.locked_candidates(layout, &mut done);
            if !changed {
                done.placements = singles(self) - before;
                return Ok(done);
            }
        }
    }

    /// Whether every cell has exactly one candidate.
    pub fn is_solved(&self) -> bool {
        self.as_slice().iter().all(|c| c.len() == 1)
    }

    /// Removes `digit` from `cell`; returns whether it was there.
    fn eliminate(&mut self, cell: usize, digit: Digit, done: &mut Propagation) -> Result<bool, Contradiction> {
        let cells = self.cells_mut();
        if !cells[cell].remove(digit) {
            return Ok(false);
        }
        done.eliminations += 1;
        if cells[cell].is_empty() {
            return Err(Contradiction::NoCandidate { cell: Cell::from_index(cell, self.shape()) });
        }
        Ok(true)
    }

    fn naked_singles(
        &mut self,
        layout: &Layout,
        settled: &mut [bool],
        done: &mut Propagation,
    ) -> Result<bool, Contradiction> {
        let mut changed = false;
        for (cell, settled) in settled.iter_mut().enumerate() {
            if *settled {
                continue;
            }
            let Some(digit) = self.as_slice()[cell].single_digit() else { continue };
            *settled = true;
            for &peer in layout.peers(cell) {
                changed |= self.eliminate(usize::from(peer), digit, done)?;
            }
        }
        Ok(changed)
    }

    fn hidden_singles(&mut self, layout: &Layout, done: &mut Propagation) -> Result<bool, Contradiction> {
        let side = self.shape().side();
        let mut changed = false;
        for u in 0..layout.unit_count() {
            for value in 1..=side as u8 {
                let digit = Digit::new(value).expect("1..=side is a digit");
                let mut places =
                    layout.unit(u).iter().map(|&c| usize::from(c)).filter(|&c| self.get_index(c).contains(digit));
                let Some(first) = places.next() else {
                    let (kind, n) = layout.unit_kind(u);
                    return Err(Contradiction::NoPlace { digit, kind: kind.into(), number: n + 1 });
                };
                if places.next().is_none() && self.get_index(first).len() > 1 {
                    done.eliminations += self.get_index(first).len() - 1;
                    self.cells_mut()[first] = Candidates::single(digit);
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// A digit whose places in one unit all lie in a second unit is removed
    /// from the rest of the second unit: pointing (box to row or column) and
    /// claiming (row or column to box).
    fn locked_candidates(&mut self, layout: &Layout, done: &mut Propagation) -> bool {
        let side = self.shape().side();
        let mut changed = false;
        for u in 0..layout.unit_count() {
            for value in 1..=side as u8 {
                let digit = Digit::new(value).expect("1..=side is a digit");
                let places: Vec<usize> = layout
                    .unit(u)
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| self.get_index(c).contains(digit))
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                for other in layout.units_of(places[0]) {
                    if other == u || !places.iter().all(|&c| layout.units_of(c).contains(&other)) {
                        continue;
                    }
                    for &cell in layout.unit(other) {
                        let cell = usize::from(cell);
                        if !places.contains(&cell) && self.cells_mut()[cell].remove(digit) {
                            // Never empties a cell: the digit's places in
                            // `u` stay, and a naked single is settled first.
                            done.eliminations += 1;
                            changed = true;
                        }
                    }
                }
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::Grid;

    use super::*;

    #[test]
    fn a_contradiction_names_its_cell_or_unit() {
        // r1c9 can hold nothing: 1..8 in its row, 9 in its column.
        let puzzle: Grid = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)).parse().unwrap();
        let mut board = CandidateBoard::new(&puzzle);
        assert_eq!(board.propagate(), Err(Contradiction::NoCandidate { cell: Cell::new(0, 8) }));
        // 9 can go nowhere in row 1: its empty cells share box 3 with r2c7.
        let puzzle: Grid = format!("123456...{}9..{}", ".".repeat(6), ".".repeat(63)).parse().unwrap();
        let err = CandidateBoard::new(&puzzle).propagate().unwrap_err();
        assert!(matches!(err, Contradiction::NoPlace { kind: HouseKind::Row, number: 1, .. }), "{err}");
    }

    #[test]
    fn pointing_removes_a_digit_from_the_rest_of_the_row() {
        // Box 1's 1s are confined to row 1 (rows 2 and 3 of box 1 are full),
        // so no other cell of row 1 may hold a 1.
        let puzzle: Grid = format!("{}234{}567{}", ".".repeat(9), ".".repeat(6), ".".repeat(60)).parse().unwrap();
        let mut board = CandidateBoard::new(&puzzle);
        let before = board.get(Cell::new(0, 5));
        assert!(before.contains(Digit::new(1).unwrap()));
        board.propagate().unwrap();
        assert!(!board.get(Cell::new(0, 5)).contains(Digit::new(1).unwrap()), "{board:?}");
    }
}
