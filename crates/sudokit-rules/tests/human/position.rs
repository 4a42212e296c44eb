//! Positions from a player's marks, and steps applied to them.

use sudokit_rules::human::{Position, Technique};
use sudokit_rules::sudokit_core::{Cell, Grid, Shape};

#[test]
fn hints_respect_the_players_marks() {
    let puzzle: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    let mut board = Position::new(&puzzle).unwrap().to_board();
    assert_eq!(Position::with_marks(&puzzle, &board).unwrap(), Position::new(&puzzle).unwrap());
    // A player's marks of another shape are refused.
    let mini = Position::new(&Grid::empty(Shape::MINI)).unwrap().to_board();
    assert!(Position::with_marks(&puzzle, &mini).is_err());
    // The line round-trips; a cell of one mark comes back placed when no
    // cell of its row, column or box has that mark, open otherwise (the
    // naked singles of the position: their digit is still a candidate
    // around them).
    let line = board.to_pencil_line();
    let read = Position::from_pencil_line(&line).unwrap();
    let sees = |a: Cell, b: Cell| {
        a != b && (a.row() == b.row() || a.col() == b.col() || (a.row() / 3, a.col() / 3) == (b.row() / 3, b.col() / 3))
    };
    let mut open_singles = 0;
    for (cell, _) in puzzle.iter() {
        let marked = board.get(cell);
        let alone = marked
            .single_digit()
            .filter(|&d| puzzle.iter().all(|(other, _)| !sees(cell, other) || !board.get(other).contains(d)));
        assert_eq!(read.value(cell), alone, "{cell}");
        if alone.is_none() {
            assert_eq!(read.candidates(cell) - marked, Default::default(), "{cell} gained a mark");
            open_singles += usize::from(marked.single_digit().is_some());
        }
    }
    assert_eq!(read.empty_count(), puzzle.empty_count());
    assert!(open_singles > 0, "the position has naked singles");
    // The player has not yet seen that r1c3 cannot hold 4: a hint may use
    // only the marks given, and the marks never add a candidate.
    board = Position::new(&puzzle).unwrap().to_board();
    let hint = Position::with_marks(&puzzle, &board).unwrap().hint().unwrap();
    assert_eq!(hint.technique(), Technique::HiddenSingle);
}

#[test]
fn a_step_from_another_position_changes_nothing() {
    let puzzle: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    let mut position = Position::new(&puzzle).unwrap();
    let step = position.hint().unwrap();
    let mut mini = Position::new(&Grid::empty(Shape::MINI)).unwrap();
    let before = mini.clone();
    assert!(mini.apply(&step).is_err(), "{step} placed outside a 4x4");
    assert_eq!(mini, before);
    position.apply(&step).unwrap();
    // Played twice, the placement is already there: no change, no error.
    let after = position.clone();
    position.apply(&step).unwrap();
    assert_eq!(position, after);
}
