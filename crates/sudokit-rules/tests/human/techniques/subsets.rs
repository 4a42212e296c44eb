//! Naked and hidden pairs and triples.

use sudokit_rules::human::Strategy;
use sudokit_rules::human::techniques::{HiddenSubsets, NakedSubsets};

use crate::human::{cells, marks, removed};

#[test]
fn naked_and_hidden_pairs() {
    let pair = |r: usize, c: usize, d: u8| !(r == 1 && c <= 2 && d > 2);
    let step = NakedSubsets::PAIR.find(&marks(pair)).expect("naked pair");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 2)]));
    // The pair lies in row 1 and box 1; boxes are scanned first, as
    // Sudoku Explainer does, so the step clears box 1.
    let rest = [(1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)];
    assert_eq!(removed(&step, 1), rest);
    assert_eq!(removed(&step, 2), rest);
    assert_eq!(step.eliminations().len(), 14, "box 1 only: {step}");

    let hidden = |r: usize, c: usize, d: u8| !(r == 1 && c > 2 && d <= 2);
    let step = HiddenSubsets::PAIR.find(&marks(hidden)).expect("hidden pair");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 2)]));
    assert_eq!(step.eliminations().len(), 14);
    assert!(step.eliminations().iter().all(|(c, d)| c.row() == 0 && c.col() < 2 && d.get() > 2));
    assert!(NakedSubsets::PAIR.find(&marks(hidden)).is_none());
}

#[test]
fn naked_triple_in_a_row() {
    // One cell in each of boxes 1, 2 and 3: only row 1 holds the triple.
    let triple = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) => d == 1 || d == 2,
        (1, 4) => d == 2 || d == 3,
        (1, 7) => d == 1 || d == 3,
        _ => true,
    };
    let step = NakedSubsets::TRIPLE.find(&marks(triple)).expect("a naked triple");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 4), (1, 7)]));
    let rest = [(1, 2), (1, 3), (1, 5), (1, 6), (1, 8), (1, 9)];
    for d in 1..=3 {
        assert_eq!(removed(&step, d), rest);
    }
    assert_eq!(step.eliminations().len(), 18);
    assert!(NakedSubsets::PAIR.find(&marks(triple)).is_none());
}

#[test]
fn hidden_triple_in_a_row() {
    let hidden = |r: usize, c: usize, d: u8| !(r == 1 && c > 3 && d <= 3);
    let step = HiddenSubsets::TRIPLE.find(&marks(hidden)).expect("a hidden triple");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 2), (1, 3)]));
    assert_eq!(step.eliminations().len(), 18);
    assert!(step.eliminations().iter().all(|(c, d)| c.row() == 0 && c.col() < 3 && d.get() > 3));
    assert!(HiddenSubsets::PAIR.find(&marks(hidden)).is_none());
}
