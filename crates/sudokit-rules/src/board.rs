//! The bit-parallel 9×9 board behind [`FastSolver`](crate::FastSolver).
//!
//! # Layout
//! The 81 cells are cut into three *bands* of three rows. A cell's row-major
//! index `i` sits in band `i / 27` at bit `i % 27` of a `u32`: bits 0–8 are
//! the band's first row, 9–17 its second, 18–26 its third. For every digit
//! and band one such word holds the cells where the digit can still go, so
//! the whole candidate state is 27 words (plus a snapshot of each, and the
//! unsolved cells), about 270 bytes to copy for a guess.
//!
//! # Inference
//! Everything happens when a word is *shrunk*, which is done to every word
//! that differs from its snapshot until none does:
//! * **Locked candidates in the band.** A digit occupies one cell in each
//!   row of a band and one in each box, so its three placements form a
//!   permutation of (row, box) pairs. A table maps the 9-bit set of
//!   non-empty row segments to the segments that some permutation can use;
//!   the others are cleared. This is pointing and claiming along rows, for
//!   the three boxes at once.
//! * **Locked columns.** A box left with candidates in one column only
//!   holds the digit in that column, so the other two bands lose it there.
//! * **Settled cells.** A cell alone in its row of the word holds the digit
//!   (a hidden single, or a placed cell): it leaves the unsolved set and the
//!   eight other digits' words.
//!
//! Placing a digit therefore only removes it from the cell's row and box in
//! its own word; the shrink settles the cell. When no word changes any
//! more:
//! * **naked singles**: cells with exactly one candidate, found for all 27
//!   cells of a band at once by bit-sliced counting over the nine digits;
//! * **hidden singles in columns**: per digit, columns covered by exactly one
//!   band and one row in it.
//!
//! All of it is branch-free but for the loops over what was found.

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// For a 9-bit row: bits 0–2, which of its three 3-cell segments (one per
/// box) hold a candidate; bits 3–11, the row itself when it holds exactly
/// one candidate (a hidden single), else 0.
static ROW_INFO: [u32; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut segment = 0;
        while segment < 3 {
            if (row >> (3 * segment)) & 7 != 0 {
                table[row] |= 1 << segment;
            }
            segment += 1;
        }
        if row.count_ones() == 1 {
            table[row] |= (row as u32) << 3;
        }
        row += 1;
    }
    table
};

/// For the 9-bit set of columns where a digit can go in one band: the
/// columns that are the only one left in their box, as a 27-bit mask of
/// their cells in any band. The digit of that box must sit in that column,
/// so the other bands lose it there (pointing along columns).
static LOCKED_COLUMNS: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns: u32 = 0;
    while columns < 512 {
        let mut group = 0;
        while group < 3 {
            let in_box = (columns >> (3 * group)) & 7;
            if in_box.count_ones() == 1 {
                table[columns as usize] |= 0x40201 * (in_box << (3 * group));
            }
            group += 1;
        }
        columns += 1;
    }
    table
};

/// The words of one band's nine digits in a 27-bit word mask.
const BAND_WORDS: [u32; 3] = [0o111111111, 0o222222222, 0o444444444];

/// For the non-empty segments of one digit in one band (bit `3·row + box`),
/// the 27-bit mask of the segments that some permutation of the digit's
/// three placements can use; 0 when there is none.
static PERMUTATION_KEEP: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut table = [0; 512];
    let mut segments = 0;
    while segments < 512 {
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut row = 0;
            let mut fits = true;
            while row < 3 {
                fits &= segments & (1 << (3 * row + boxes[row])) != 0;
                row += 1;
            }
            if fits {
                let mut row = 0;
                while row < 3 {
                    table[segments] |= 7 << (9 * row + 3 * boxes[row]);
                    row += 1;
                }
            }
            p += 1;
        }
        segments += 1;
    }
    table
};

/// For each bit of a band, the other cells of its row and box in the band.
static BAND_PEERS: [u32; 27] = {
    let mut table = [0; 27];
    let mut pos = 0;
    while pos < 27 {
        let (row, col) = (pos / 9, pos % 9);
        let mut peers = 0x1ff << (9 * row);
        let mut r = 0;
        while r < 3 {
            peers |= 7 << (9 * r + 3 * (col / 3));
            r += 1;
        }
        table[pos] = peers & !(1 << pos);
        pos += 1;
    }
    table
};

/// For each bit of a band, the three bits of its column in a band.
static COLUMN: [u32; 27] = {
    let mut table = [0; 27];
    let mut pos = 0;
    while pos < 27 {
        table[pos] = 0x40201 << (pos % 9);
        pos += 1;
    }
    table
};

/// The two other bands of each band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// A contradiction: some cell, or some digit in some unit, has no place left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Contradiction;

/// The candidate state of a 9×9 grid (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// Where each digit can go: word `3·digit + band`. Padded to 32 so that
    /// indices masked with 31 need no bounds check.
    candidates: [u32; 32],
    /// Each word as it was when last shrunk: a word that differs has changed
    /// since and is shrunk again. Comparing is cheaper than keeping a
    /// change mask up to date on every write.
    shrunk: [u32; 32],
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
}

/// A cell to guess on: its band, bit, and candidate digits (bit `d` for
/// digit `d + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Branch {
    pub(crate) band: usize,
    pub(crate) pos: u32,
    pub(crate) digits: u32,
}

impl Board {
    /// The board of `values` (81 cells, 0 for empty, 1–9 for a given), with
    /// the givens placed but nothing inferred yet.
    ///
    /// # Errors
    /// [`Contradiction`] when two givens clash.
    pub(crate) fn new(values: &[u8]) -> Result<Board, Contradiction> {
        debug_assert_eq!(values.len(), 81);
        let mut candidates = [0; 32];
        candidates[..27].fill(BAND);
        // Every word differs from its snapshot, so all are shrunk once.
        let mut board = Board { candidates, shrunk: [0; 32], unsolved: [BAND; 3] };
        for (i, &value) in values.iter().enumerate().take(81) {
            if value != 0 {
                let (band, pos) = (i / 27, (i % 27) as u32);
                let digit = usize::from(value - 1) % 9;
                if board.candidates[3 * digit + band] & (1 << pos) == 0 {
                    return Err(Contradiction);
                }
                // Clear the column at once too, so that every clash between
                // givens is caught here rather than by propagation.
                board.place(digit, band, pos);
                for other in OTHER_BANDS[band] {
                    board.candidates[3 * digit + other] &= !COLUMN[pos as usize];
                }
            }
        }
        Ok(board)
    }

    /// The grid's values, for a solved board.
    pub(crate) fn values(&self) -> [u8; 81] {
        let mut values = [0; 81];
        for digit in 0..9 {
            for band in 0..3 {
                let mut cells = self.candidates[3 * digit + band] & !self.unsolved[band];
                while cells != 0 {
                    values[27 * band + cells.trailing_zeros() as usize] = digit as u8 + 1;
                    cells &= cells - 1;
                }
            }
        }
        values
    }

    /// Places `digit` (0-based) at bit `pos` of `band` by removing it from
    /// the cell's row and box: the cell becomes its row's single, and the
    /// next shrink of the word does the rest (see [`shrink`](Board::shrink)).
    /// The caller has checked that the digit is a candidate there.
    #[inline]
    pub(crate) fn place(&mut self, digit: usize, band: usize, pos: u32) {
        self.candidates[(3 * digit + band) & 31] &= !BAND_PEERS[pos as usize % 27];
    }

    /// Shrinks word `K` (see the module docs), removes its digit from the
    /// other bands in the columns it is locked to, and settles the cells
    /// that are the last of their row: hidden singles and placed cells
    /// alike. Branch-free but for the contradiction test: settling a cell
    /// twice is harmless.
    #[inline(always)]
    fn shrink<const K: usize>(&mut self) -> Result<(), Contradiction> {
        let (band, digit) = (K % 3, K / 3);
        let x = self.candidates[K & 31];
        let segments = (ROW_INFO[(x & 0x1ff) as usize] & 7)
            | (ROW_INFO[((x >> 9) & 0x1ff) as usize] & 7) << 3
            | (ROW_INFO[(x >> 18) as usize & 0x1ff] & 7) << 6;
        let y = x & PERMUTATION_KEEP[segments as usize];
        if y == 0 {
            return Err(Contradiction);
        }
        self.candidates[K & 31] = y;
        self.shrunk[K & 31] = y;
        let locked = LOCKED_COLUMNS[((y | y >> 9 | y >> 18) & 0x1ff) as usize];
        for other in OTHER_BANDS[band] {
            self.candidates[(3 * digit + other) & 31] &= !locked;
        }
        // Cells alone in their row: the digit goes there, so no other digit
        // can.
        let settled = ROW_INFO[(y & 0x1ff) as usize] >> 3
            | (ROW_INFO[((y >> 9) & 0x1ff) as usize] >> 3) << 9
            | (ROW_INFO[(y >> 18) as usize & 0x1ff] >> 3) << 18;
        self.unsolved[band] &= !settled;
        for other in 0..9 {
            if other != digit {
                self.candidates[(3 * other + band) & 31] &= !settled;
            }
        }
        Ok(())
    }

    /// Shrinks every word that changed since its last shrink, until none
    /// did; returns the words shrunk.
    #[inline]
    fn shrink_changed(&mut self) -> Result<u32, Contradiction> {
        /// One sweep over the 27 words, unrolled so that each shrink works
        /// with its digit and band as constants.
        macro_rules! sweep {
            ($self:ident, $sweep:ident; $($k:literal)*) => {$(
                if $self.candidates[$k] != $self.shrunk[$k] {
                    $sweep |= 1 << $k;
                    $self.shrink::<$k>()?;
                }
            )*};
        }
        let mut shrunk = 0;
        loop {
            let mut sweep = 0;
            sweep!(self, sweep; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if sweep == 0 {
                return Ok(shrunk);
            }
            shrunk |= sweep;
        }
    }

    /// Bit-sliced candidate counts of `band`: cells with at least one, two
    /// and three candidates.
    #[inline]
    fn counts(&self, band: usize) -> (u32, u32, u32) {
        let (mut one, mut two, mut three) = (0, 0, 0);
        let mut k = band;
        while k < 27 {
            let x = self.candidates[k];
            three |= two & x;
            two |= one & x;
            one |= x;
            k += 3;
        }
        (one, two, three)
    }

    /// Places every naked single in the bands of the `touched` words;
    /// returns whether it placed any.
    #[inline]
    fn naked_singles(&mut self, touched: u32) -> Result<bool, Contradiction> {
        let mut placed = false;
        for (band, words) in BAND_WORDS.into_iter().enumerate() {
            let open = self.unsolved[band];
            if open == 0 || touched & words == 0 {
                continue;
            }
            let (mut one, mut two) = (0, 0);
            let mut k = band;
            while k < 27 {
                let x = self.candidates[k];
                two |= one & x;
                one |= x;
                k += 3;
            }
            if open & !one != 0 {
                return Err(Contradiction);
            }
            let mut singles = open & !two;
            while singles != 0 {
                let pos = singles.trailing_zeros();
                singles &= singles - 1;
                let digit = self.only_digit(band, pos)?;
                self.place(digit, band, pos);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// The one candidate left at `pos` of `band` (an earlier placement of
    /// the same pass may have removed it).
    #[inline]
    fn only_digit(&self, band: usize, pos: u32) -> Result<usize, Contradiction> {
        let bit = 1 << pos;
        let mut k = band;
        while k < 27 {
            if self.candidates[k] & bit != 0 {
                return Ok(k / 3);
            }
            k += 3;
        }
        Err(Contradiction)
    }

    /// Places every hidden single in a column of the digits of the `touched`
    /// words; returns whether it placed any.
    #[inline]
    fn column_singles(&mut self, touched: u32) -> Result<bool, Contradiction> {
        let mut placed = false;
        for digit in 0..9 {
            if touched & (7 << (3 * digit)) == 0 {
                continue;
            }
            let words = [0, 1, 2].map(|band| self.candidates[(3 * digit + band) & 31]);
            // Per band: the columns with a candidate in exactly one row, and
            // in at least one.
            let [(s0, a0), (s1, a1), (s2, a2)] = words.map(|x| {
                let (r0, r1, r2) = (x & 0x1ff, (x >> 9) & 0x1ff, x >> 18);
                ((r0 ^ r1 ^ r2) & !(r0 & r1 & r2), r0 | r1 | r2)
            });
            if a0 | a1 | a2 != 0x1ff {
                return Err(Contradiction);
            }
            let one_band = (a0 ^ a1 ^ a2) & !(a0 & a1 & a2);
            let spread = |columns: u32| columns | columns << 9 | columns << 18;
            let found = [s0, s1, s2].map(|single| spread(one_band & single));
            if found == [0; 3] {
                continue;
            }
            for band in 0..3 {
                let mut cells = found[band] & words[band] & self.unsolved[band];
                while cells != 0 {
                    let pos = cells.trailing_zeros();
                    cells &= cells - 1;
                    if self.candidates[(3 * digit + band) & 31] & (1 << pos) == 0 {
                        return Err(Contradiction);
                    }
                    self.place(digit, band, pos);
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// Applies every inference until none applies.
    ///
    /// # Errors
    /// [`Contradiction`] when the board has no solution.
    pub(crate) fn propagate(&mut self) -> Result<(), Contradiction> {
        // Words changed since the last look for naked and column singles:
        // kept until both have seen them.
        let mut touched = 0;
        loop {
            touched |= self.shrink_changed()?;
            if touched == 0 {
                return Ok(());
            }
            // Cheap naked singles first; column singles once they run dry.
            if self.naked_singles(touched)? {
                continue;
            }
            if !self.column_singles(touched)? {
                return Ok(());
            }
            touched = 0;
        }
    }

    /// The cell to guess on: the first with two candidates, else the first
    /// unsolved one. `None` when the board is solved.
    pub(crate) fn branch(&self) -> Option<Branch> {
        let mut fallback = None;
        for band in 0..3 {
            let open = self.unsolved[band];
            if open == 0 {
                continue;
            }
            let (_, two, three) = self.counts(band);
            let pairs = open & two & !three;
            if pairs != 0 {
                return Some(self.branch_at(band, pairs.trailing_zeros()));
            }
            if fallback.is_none() {
                fallback = Some((band, open.trailing_zeros()));
            }
        }
        fallback.map(|(band, pos)| self.branch_at(band, pos))
    }

    fn branch_at(&self, band: usize, pos: u32) -> Branch {
        let mut digits = 0;
        for digit in 0..9 {
            if self.candidates[3 * digit + band] & (1 << pos) != 0 {
                digits |= 1 << digit;
            }
        }
        Branch { band, pos, digits }
    }
}
