//! Aligned pair exclusion.

use sudokit_rules::human::Strategy;
use sudokit_rules::human::techniques::AlignedPairExclusion;
use sudokit_rules::sudokit_core::Cell;

use crate::human::marks;

#[test]
fn aligned_pair_exclusion() {
    // r1c1 {1,2,3} and r1c2 {1,2} see each other, and so do the bivalue
    // r2c3 {1,2} and r3c3 {1,3} (box 1). Pairs for (r1c1, r1c2): (1,1) and
    // (2,2) clash, (1,2) and (2,1) would empty r2c3, (3,1) would empty
    // r3c3; only (3,2) stays. So r1c1 keeps only 3, r1c2 only 2.
    let ape = |r: usize, c: usize, d: u8| match (r, c) {
        (1, 1) => d <= 3,
        (1, 2) => d <= 2,
        (2, 3) => d == 1 || d == 2,
        (3, 3) => d == 1 || d == 3,
        _ => true,
    };
    let step = AlignedPairExclusion.find(&marks(ape)).expect("an exclusion");
    let mut got: Vec<(Cell, u8)> = step.eliminations().iter().map(|&(c, d)| (c, d.get())).collect();
    got.sort_unstable();
    assert_eq!(got, [(Cell::new(0, 0), 1), (Cell::new(0, 0), 2), (Cell::new(0, 1), 1)]);
    assert_eq!(step.score().to_string(), "6.2");
    // Without r3c3, the pair (3,1) is allowed and r1c2 keeps 1 too.
    let weaker = |r: usize, c: usize, d: u8| (r, c) == (3, 3) || ape(r, c, d);
    let step = AlignedPairExclusion.find(&marks(weaker));
    assert!(step.is_none_or(|s| s.eliminations().iter().all(|&(c, _)| c != Cell::new(0, 1))));
}
