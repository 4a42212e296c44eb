//! X-Wing, swordfish, jellyfish.

use sudokit_rules::human::Strategy;
use sudokit_rules::human::techniques::Fish;

use crate::human::{marks, removed};

#[test]
fn x_wing_on_two_rows() {
    let position = marks(|r, c, d| !(d == 4 && (r == 2 || r == 7) && c != 3 && c != 8));
    let step = Fish::X_WING.find(&position).expect("an X-Wing");
    let expected: Vec<(usize, usize)> =
        [1, 3, 4, 5, 6, 8, 9].iter().flat_map(|&r| [(r, 3), (r, 8)]).collect::<Vec<_>>();
    let mut got = removed(&step, 4);
    got.sort_unstable();
    let mut want = expected;
    want.sort_unstable();
    assert_eq!(got, want);
    assert!(step.to_string().starts_with("X-Wing on 4 in rows 2 and 7, columns 3 and 8: 4 removed from r1c3, "));
    assert!(Fish::SWORDFISH.find(&position).is_none(), "an X-Wing is not a swordfish");
}

#[test]
fn swordfish_and_jellyfish() {
    let sword = |r: usize, c: usize, d: u8| !(d == 5 && [1, 5, 9].contains(&r) && ![2, 5, 8].contains(&c));
    let step = Fish::SWORDFISH.find(&marks(sword)).expect("a swordfish");
    let mut got = removed(&step, 5);
    got.sort_unstable();
    let mut want: Vec<(usize, usize)> = [2, 3, 4, 6, 7, 8].iter().flat_map(|&r| [(r, 2), (r, 5), (r, 8)]).collect();
    want.sort_unstable();
    assert_eq!(got, want);
    assert!(step.to_string().starts_with("Swordfish on 5 in rows 1, 5 and 9, columns 2, 5 and 8: "));
    assert!(Fish::X_WING.find(&marks(sword)).is_none());

    let jelly = |r: usize, c: usize, d: u8| !(d == 8 && [1, 3, 5, 7].contains(&r) && ![1, 3, 5, 7].contains(&c));
    let step = Fish::JELLYFISH.find(&marks(jelly)).expect("a jellyfish");
    assert_eq!(removed(&step, 8).len(), 20);
    assert!(removed(&step, 8).iter().all(|(r, c)| [2, 4, 6, 8, 9].contains(r) && [1, 3, 5, 7].contains(c)));
    assert!(Fish::SWORDFISH.find(&marks(jelly)).is_none());
}
