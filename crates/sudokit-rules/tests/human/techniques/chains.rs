//! X-chains, X-cycles and the length bonus.

use sudokit_rules::human::techniques::Chains;
use sudokit_rules::human::{Strategy, Technique};
use sudokit_rules::sudokit_core::Cell;

use crate::human::{cells, marks, removed};

#[test]
fn length_bonus_follows_sudoku_explainer() {
    // Thresholds 4, 6, 8, 12, 16: an X-chain of 4 nodes has no bonus.
    let position = marks(|r, c, d| !(d == 6 && ((c == 1 && r != 2 && r != 8) || (c == 5 && r != 3 && r != 8))));
    let step = Chains.find(&position).expect("an X-chain");
    assert_eq!(step.technique(), Technique::XChain);
    assert_eq!(step.score().to_string(), "6.6");
}

#[test]
fn x_cycle_is_the_loop_of_an_x_wing() {
    // 2 in rows 1 and 4 only in columns 1 and 5: the loop
    // r1c1=r1c5-r4c5=r4c1-r1c1, whose weak links are the two columns.
    let rows = |r: usize, c: usize, d: u8| !(d == 2 && (r == 1 || r == 4) && c != 1 && c != 5);
    let step = Chains.find(&marks(rows)).expect("a chain");
    assert_eq!(step.technique(), Technique::XCycle);
    assert_eq!(step.score().to_string(), "6.5");
    let mut got = removed(&step, 2);
    got.sort_unstable();
    let mut want: Vec<(usize, usize)> = [2, 3, 5, 6, 7, 8, 9].iter().flat_map(|&r| [(r, 1), (r, 5)]).collect();
    want.sort_unstable();
    assert_eq!(got, want);
    assert!(
        step.to_string().ends_with(&format!(
            "(loop): 2 removed from {}",
            cells(&want).iter().map(Cell::to_string).collect::<Vec<_>>().join(", ")
        )),
        "{step}"
    );
}
