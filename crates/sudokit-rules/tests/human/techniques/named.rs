//! The named patterns: skyscraper, 2-string kite, W-Wing, remote pair,
//! empty rectangle, simple colouring.

use sudokit_rules::human::Strategy;
use sudokit_rules::human::techniques::{EmptyRectangle, RemotePair, SimpleColouring, Skyscraper, TwoStringKite, WWing};
use sudokit_rules::sudokit_core::{Cell, Digit};

use crate::human::{cells, marks, removed};

#[test]
fn skyscraper_on_two_columns() {
    // 6 in column 1 only at r2 and r8, in column 5 only at r3 and r8.
    let sky = |r: usize, c: usize, d: u8| !(d == 6 && ((c == 1 && r != 2 && r != 8) || (c == 5 && r != 3 && r != 8)));
    let step = Skyscraper.find(&marks(sky)).expect("a skyscraper");
    let mut got = removed(&step, 6);
    got.sort_unstable();
    assert_eq!(got, [(2, 4), (2, 6), (3, 2), (3, 3)]);
}

#[test]
fn two_string_kite() {
    // 4 in row 1 only at c1 and c8; in column 2 only at r2 and r7.
    let kite = |r: usize, c: usize, d: u8| !(d == 4 && ((r == 1 && c != 1 && c != 8) || (c == 2 && r != 2 && r != 7)));
    let step = TwoStringKite.find(&marks(kite)).expect("a kite");
    assert_eq!(step.eliminations(), [(Cell::new(6, 7), Digit::new(4).unwrap())]);
    assert!(Skyscraper.find(&marks(kite)).is_none());
}

#[test]
fn w_wing() {
    // {1,2} in r1c1 and r5c9; 1 in column 5 only at r1 and r5.
    let wing = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) | (5, 9) => d == 1 || d == 2,
        (_, 5) if d == 1 => r == 1 || r == 5,
        _ => true,
    };
    let step = WWing.find(&marks(wing)).expect("a W-Wing");
    let mut got = removed(&step, 2);
    got.sort_unstable();
    assert_eq!(got, [(1, 9), (5, 1)]);
    assert_eq!(step.eliminations().len(), 2);
}

#[test]
fn remote_pair() {
    let chain = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) | (1, 5) | (5, 5) | (5, 9) => d == 3 || d == 4,
        _ => true,
    };
    let step = RemotePair.find(&marks(chain)).expect("a remote pair");
    assert_eq!(step.pattern_cells(), cells(&[(1, 1), (1, 5), (5, 5), (5, 9)]));
    for d in [3, 4] {
        let mut got = removed(&step, d);
        got.sort_unstable();
        assert_eq!(got, [(1, 9), (5, 1)]);
    }
    // Three cells make an odd chain: nothing follows.
    let short = |r: usize, c: usize, d: u8| (r, c) == (5, 9) || chain(r, c, d);
    assert!(RemotePair.find(&marks(short)).is_none());
}

#[test]
fn empty_rectangle() {
    // 5 in box 1 only in row 1 and column 1; in column 5 only at r1, r7.
    let er = |r: usize, c: usize, d: u8| {
        d != 5 || !((2..=3).contains(&r) && (2..=3).contains(&c) || c == 5 && r != 1 && r != 7)
    };
    let step = EmptyRectangle.find(&marks(er)).expect("an empty rectangle");
    assert_eq!(step.eliminations(), [(Cell::new(6, 0), Digit::new(5).unwrap())]);
    // The step names the box its rectangle is empty in, and shades it.
    let houses: Vec<String> = step.houses().iter().map(ToString::to_string).collect();
    assert_eq!(houses, ["box 1"]);
    assert!(step.to_string().starts_with("Empty rectangle in box 1: "), "{step}");
    // With 5 also in r2c2, box 1 is no cross.
    let full_box = |r: usize, c: usize, d: u8| (r, c) == (2, 2) || er(r, c, d);
    assert!(EmptyRectangle.find(&marks(full_box)).is_none());
}

#[test]
fn simple_colouring_trap() {
    // 7: row 1 only at c1 and c5, columns 1 and 5 only at r1 and r5.
    let colours = |r: usize, c: usize, d: u8| {
        d != 7 || !((r == 1 && c != 1 && c != 5) || ((c == 1 || c == 5) && r != 1 && r != 5))
    };
    let step = SimpleColouring.find(&marks(colours)).expect("a colour trap");
    let mut got = removed(&step, 7);
    got.sort_unstable();
    assert_eq!(got, [(5, 2), (5, 3), (5, 4), (5, 6), (5, 7), (5, 8), (5, 9)]);
    assert!(SimpleColouring.find(&marks(|_, _, _| true)).is_none());
}
