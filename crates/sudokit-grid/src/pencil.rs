//! Pencil marks as text: the common one-line form (729 characters for
//! 9×9) and a picture of every cell's candidates.

use std::fmt::Write as _;

use sudokit_core::{ParseError, Shape};

use crate::Candidates;
use crate::board::CandidateBoard;

impl CandidateBoard {
    /// The board from its one-line pencil marks: for each cell in
    /// row-major order, `side` characters, the one at position `k` being
    /// digit `k + 1`'s symbol when it is a candidate and `.` (or `0`) when
    /// it is not. A 9×9 board is 729 characters; white space is ignored.
    ///
    /// ```
    /// use sudokit_grid::CandidateBoard;
    /// use sudokit_core::{Cell, Grid};
    /// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
    /// let board = CandidateBoard::new(&puzzle);
    /// let line = board.to_pencil_line();
    /// assert_eq!(line.len(), 729);
    /// assert_eq!(&line[18..27], "12.4.....");
    /// assert_eq!(CandidateBoard::from_pencil_line(&line)?, board);
    /// assert_eq!(board.get(Cell::new(0, 2)).to_string(), "{124}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A line cannot show boxes: one of `side³` marks is read with the
    /// default boxes of that side ([`Shape::from_side`], as
    /// [`Grid`](sudokit_core::Grid)'s line format does: 6 as 2×3, 12 as
    /// 3×4). Name the shape with
    /// [`from_pencil_line_with_shape`](Self::from_pencil_line_with_shape)
    /// for any other boxes.
    ///
    /// # Errors
    /// [`ParseError::UnknownShape`] when the length is `side³` for no
    /// shape, [`ParseError::InvalidCharacter`] (with its column) for a
    /// character that is neither `.`, `0` nor the digit of its position.
    pub fn from_pencil_line(text: &str) -> Result<CandidateBoard, ParseError> {
        read_pencil_line(text, None)
    }

    /// The board of `shape` from its one-line pencil marks (see
    /// [`from_pencil_line`](Self::from_pencil_line)): boxes 3 rows high
    /// and 2 wide, say, which a bare line of 216 marks would read as 2×3.
    ///
    /// ```
    /// use sudokit_grid::CandidateBoard;
    /// use sudokit_core::{Grid, Shape};
    /// let tall = Shape::new(3, 2)?;
    /// let board = CandidateBoard::new(&Grid::empty(tall));
    /// let line = board.to_pencil_line();
    /// assert_eq!(CandidateBoard::from_pencil_line_with_shape(&line, tall)?, board);
    /// assert_eq!(CandidateBoard::from_pencil_line(&line)?.shape(), Shape::SIX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ParseError::WrongCellCount`] when the line does not hold
    /// `shape.side()³` marks (the count given is the marks'), and the
    /// character errors of [`from_pencil_line`](Self::from_pencil_line).
    pub fn from_pencil_line_with_shape(text: &str, shape: Shape) -> Result<CandidateBoard, ParseError> {
        read_pencil_line(text, Some(shape))
    }

    /// The one-line pencil marks (see
    /// [`from_pencil_line`](Self::from_pencil_line)).
    pub fn to_pencil_line(&self) -> String {
        let marks: Vec<u64> = self.as_slice().iter().map(|set| set.bits()).collect();
        sudokit_core::marks::write_marks(self.shape(), &marks)
    }

    /// A picture of every cell's candidates, one row of the grid per line,
    /// boxes apart, each cell as its candidates' symbols padded to a common
    /// width: what a player's pencil marks look like.
    ///
    /// ```
    /// use sudokit_grid::CandidateBoard;
    /// use sudokit_core::Grid;
    /// let board = CandidateBoard::new(&"1.........4....1".parse::<Grid>()?);
    /// assert_eq!(
    ///     board.pencil_marks(),
    ///     "\
    /// 1   234 | 23  234
    /// 234 234 | 123 234
    /// --------+--------
    /// 23  123 | 4   23
    /// 234 234 | 23  1
    /// "
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pencil_marks(&self) -> String {
        let shape = self.shape();
        let (side, bh, bw) = (shape.side(), shape.box_height(), shape.box_width());
        let texts: Vec<String> =
            self.as_slice().iter().map(|set| set.iter().map(|d| shape.symbol(d.get())).collect()).collect();
        let width = texts.iter().map(String::len).max().unwrap_or(1);
        let mut out = String::new();
        for row in 0..side {
            if row > 0 && row % bh == 0 {
                let stack = "-".repeat(bw * (width + 1) + 1);
                let rule: Vec<&str> = (0..side / bw).map(|_| stack.as_str()).collect();
                let rule = rule.join("+");
                // The first and last stacks lose the padding outside them.
                let _ = writeln!(out, "{}", &rule[1..rule.len() - 1]);
            }
            let mut line = String::new();
            for col in 0..side {
                if col > 0 && col % bw == 0 {
                    line.push_str("| ");
                }
                let _ = write!(line, "{:<width$} ", texts[row * side + col]);
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        out
    }
}

/// The pencil-mark line of `shape`, or of the default shape for its length.
fn read_pencil_line(text: &str, shape: Option<Shape>) -> Result<CandidateBoard, ParseError> {
    let (shape, marks) = sudokit_core::marks::read_marks(text, shape)?;
    Ok(CandidateBoard::from_cells(shape, marks.into_iter().map(Candidates::from_bits).collect()))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use sudokit_core::Grid;

    use super::*;

    proptest! {
        #[test]
        fn pencil_lines_round_trip(
            shape in proptest::sample::select(vec![Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::SIXTEEN]),
            seed in any::<u64>(),
        ) {
            let puzzle: Grid = sudokit_testkit::generate::puzzle(shape, shape.cell_count() / 2, seed);
            let board = CandidateBoard::new(&puzzle);
            let line = board.to_pencil_line();
            prop_assert_eq!(line.len(), shape.cell_count() * shape.side());
            prop_assert_eq!(CandidateBoard::from_pencil_line(&line), Ok(board.clone()));
            prop_assert_eq!(board.pencil_marks().lines().count(), shape.side() + shape.side() / shape.box_height() - 1);
        }

        #[test]
        fn pencil_lines_of_every_shape_keep_their_boxes(
            (shape, values) in proptest::sample::select(Shape::all().collect::<Vec<_>>()).prop_flat_map(|shape| {
                (Just(shape), proptest::collection::vec(0..=shape.side() as u8, shape.cell_count()))
            }),
        ) {
            let board = CandidateBoard::new(&Grid::from_values(shape, &values).unwrap());
            let line = board.to_pencil_line();
            prop_assert_eq!(CandidateBoard::from_pencil_line_with_shape(&line, shape), Ok(board.clone()));
            let bare = CandidateBoard::from_pencil_line(&line).unwrap();
            prop_assert_eq!(bare.shape(), Shape::from_side(shape.side()).unwrap());
            prop_assert_eq!(bare.as_slice(), board.as_slice());
        }
    }
}
