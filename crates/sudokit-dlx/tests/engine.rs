use std::collections::BTreeSet;

use proptest::prelude::*;
use sudokit_dlx::sudokit_core::{Budget, StopReason};
use sudokit_dlx::{CoverError, ExactCover};

fn all(matrix: &mut ExactCover) -> BTreeSet<Vec<usize>> {
    matrix
        .solutions(&Budget::unlimited())
        .map(|s| {
            let mut s = s.unwrap();
            s.sort_unstable();
            s
        })
        .collect()
}

/// Every exact cover by brute force over all subsets of options.
fn brute_force(primary: usize, secondary: usize, options: &[Vec<usize>]) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    for mask in 0u32..1 << options.len() {
        let mut used = vec![0; primary + secondary];
        for (k, option) in options.iter().enumerate() {
            if mask & (1 << k) != 0 {
                for &i in option {
                    used[i] += 1;
                }
            }
        }
        if used[..primary].iter().all(|&u| u == 1) && used[primary..].iter().all(|&u| u <= 1) {
            out.insert((0..options.len()).filter(|k| mask & (1 << k) != 0).collect());
        }
    }
    out
}

/// Algorithm X on plain sets, as the rustdoc states the rule: branch on the
/// uncovered primary item with the fewest options left, the lowest index on
/// ties, and try its options in the order they were added. Returns the
/// solutions in the order found (options level by level) and the levels
/// entered.
fn reference_search(primary: usize, secondary: usize, options: &[Vec<usize>]) -> (Vec<Vec<usize>>, u64) {
    fn search(
        options: &[Vec<usize>],
        primary: usize,
        covered: &mut Vec<bool>,
        chosen: &mut Vec<usize>,
        out: &mut (Vec<Vec<usize>>, u64),
    ) {
        out.1 += 1;
        let fits = |o: &Vec<usize>, covered: &[bool]| o.iter().all(|&i| !covered[i]);
        let item = (0..primary)
            .filter(|&i| !covered[i])
            .min_by_key(|&i| options.iter().filter(|o| o.contains(&i) && fits(o, covered)).count());
        let Some(item) = item else {
            out.0.push(chosen.clone());
            return;
        };
        for (k, option) in options.iter().enumerate() {
            if option.contains(&item) && fits(option, covered) {
                option.iter().for_each(|&i| covered[i] = true);
                chosen.push(k);
                search(options, primary, covered, chosen, out);
                chosen.pop();
                option.iter().for_each(|&i| covered[i] = false);
            }
        }
    }
    let mut out = (Vec::new(), 0);
    search(options, primary, &mut vec![false; primary + secondary], &mut Vec::new(), &mut out);
    out
}

#[test]
fn knuth_example_from_the_paper() {
    // Knuth's 6-option example (items A..G = 0..6): the unique cover is
    // options 0, 3 and 4 ({C,E,F}, {A,D}, {B,G}).
    let mut m = ExactCover::new(7, 0);
    for option in [vec![2, 4, 5], vec![0, 3, 6], vec![1, 2, 5], vec![0, 3], vec![1, 6], vec![3, 4, 6]] {
        m.add_option(&option).unwrap();
    }
    assert_eq!(all(&mut m), BTreeSet::from([vec![0, 3, 4]]));
    assert_eq!(m.stats().solutions, 1);
    assert!(m.stats().nodes > 0 && m.stats().updates > 0);
}

#[test]
fn builder_errors_are_precise() {
    let mut m = ExactCover::new(3, 1);
    assert_eq!(m.add_option(&[]), Err(CoverError::EmptyOption { option: 0 }));
    assert_eq!(m.add_option(&[0, 4]), Err(CoverError::ItemOutOfRange { option: 0, item: 4, items: 4 }));
    assert_eq!(m.add_option(&[1, 2, 1]), Err(CoverError::RepeatedItem { option: 0, item: 1 }));
    assert_eq!(m.add_option(&[3]), Err(CoverError::NoPrimaryItem { option: 0 }));
    assert_eq!(m.add_option(&[0, 3]), Ok(0));
    assert_eq!(m.add_option(&[0]), Ok(1));
    assert_eq!(m.add_option(&[1, 2]), Ok(2));
    assert_eq!(m.select(7), Err(CoverError::NoSuchOption { option: 7, options: 3 }));
    m.select(1).unwrap();
    assert_eq!(m.select(0), Err(CoverError::Clash { option: 0, item: 0 }));
    assert_eq!(m.select(1), Err(CoverError::Clash { option: 1, item: 0 }));
    assert_eq!(all(&mut m), BTreeSet::from([vec![1, 2]]));
    // Options can be added after a selection and a search: the selection
    // stays and the new options take part in the next search.
    assert_eq!(m.add_option(&[2]), Ok(3));
    assert_eq!(m.add_option(&[1]), Ok(4));
    assert_eq!(all(&mut m), BTreeSet::from([vec![1, 2], vec![1, 3, 4]]));
    m.reset();
    assert_eq!(all(&mut m), BTreeSet::from([vec![0, 2], vec![1, 2], vec![0, 3, 4], vec![1, 3, 4]]));
}

#[test]
fn sizes_beyond_the_maximum_are_errors_not_aborts() {
    for (primary, secondary) in [(usize::MAX, 1), (1, usize::MAX), (usize::MAX, 0), (1 << 40, 0)] {
        assert!(
            matches!(ExactCover::try_new(primary, secondary), Err(CoverError::TooLarge { what: "items", .. })),
            "{primary} + {secondary}"
        );
    }
    let mut m = ExactCover::new(2, 0);
    assert!(matches!(m.clear(usize::MAX, usize::MAX), Err(CoverError::TooLarge { .. })));
    assert_eq!(m.items(), 2, "a refused clear leaves the matrix as it was");
    let caught = std::panic::catch_unwind(|| ExactCover::new(usize::MAX, 1));
    assert!(caught.is_err(), "new documents its panic");
    for n in [sudokit_dlx::problems::MAX_QUEENS + 1, 65_536, usize::MAX] {
        assert!(matches!(sudokit_dlx::problems::queens(n), Err(CoverError::TooLarge { what: "queens", .. })));
    }
    assert!(sudokit_dlx::problems::pentominoes(usize::MAX, usize::MAX).is_err());
}

#[test]
fn secondary_items_are_covered_at_most_once() {
    // Knuth's optional-column example: items 0..4 primary, 4 secondary.
    let mut m = ExactCover::new(4, 1);
    for option in [vec![0, 2], vec![1, 3], vec![0, 4], vec![2], vec![2, 4]] {
        m.add_option(&option).unwrap();
    }
    assert_eq!(all(&mut m), BTreeSet::from([vec![0, 1], vec![1, 2, 3]]));
}

#[test]
fn counting_and_budgets() {
    let mut m = sudokit_dlx::problems::queens(8).unwrap();
    assert_eq!(m.count_solutions(10, &Budget::unlimited()), Ok(10));
    assert_eq!(m.count_solutions(0, &Budget::unlimited()), Ok(0));
    assert_eq!(m.count_solutions(u64::MAX, &Budget::unlimited().with_max_nodes(20)), Err(StopReason::NodeLimit));
    assert_eq!(m.count_solutions(u64::MAX, &Budget::unlimited()), Ok(92));
    let mut iter_count = 0;
    for s in m.solutions(&Budget::unlimited().with_max_nodes(200)) {
        match s {
            Ok(_) => iter_count += 1,
            Err(reason) => {
                assert_eq!(reason, StopReason::NodeLimit);
                break;
            }
        }
    }
    assert!(iter_count < 92);
}

#[test]
fn one_matrix_serves_many_searches() {
    let mut m = sudokit_dlx::problems::queens(6).unwrap();
    let first = all(&mut m);
    assert_eq!(first.len(), 4);
    // Interrupt a search half-way, then search again from scratch.
    assert!(m.first_solution(&Budget::unlimited()).unwrap().is_some());
    // A selection after a search undoes the search first.
    m.select(1).unwrap();
    let with_queen = all(&mut m);
    assert!(with_queen.iter().all(|s| s.contains(&1)));
    assert_eq!(with_queen.len(), first.iter().filter(|s| s.contains(&1)).count());
    m.reset();
    assert_eq!(all(&mut m), first);
    m.clear(2, 0).unwrap();
    m.add_option(&[0, 1]).unwrap();
    assert_eq!(all(&mut m), BTreeSet::from([vec![0]]));
}

fn matrix_strategy() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
    (1..7usize, 0..3usize).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let option = proptest::sample::subsequence((0..items).collect::<Vec<_>>(), 1..=items.min(4));
        let option = option.prop_filter("options hold a primary item", move |o| o[0] < primary);
        (Just(primary), Just(secondary), proptest::collection::vec(option, 0..13))
    })
}

proptest! {
    #[test]
    fn solutions_match_brute_force((primary, secondary, options) in matrix_strategy()) {
        let mut m = ExactCover::new(primary, secondary);
        for option in &options {
            m.add_option(option).unwrap();
        }
        let expected = brute_force(primary, secondary, &options);
        prop_assert_eq!(&all(&mut m), &expected);
        prop_assert_eq!(m.count_solutions(u64::MAX, &Budget::unlimited()).unwrap(), expected.len() as u64);
        let first = m.first_solution(&Budget::unlimited()).unwrap();
        prop_assert_eq!(first.is_some(), !expected.is_empty());
    }

    #[test]
    fn the_search_follows_the_documented_rule((primary, secondary, options) in matrix_strategy()) {
        // Same solutions in the same order, and the same tree size: the
        // dancing links, the bit set of forced items and the early stops of
        // the item choice change nothing but speed.
        let mut m = ExactCover::new(primary, secondary);
        for option in &options {
            m.add_option(option).unwrap();
        }
        let found: Vec<Vec<usize>> = m.solutions(&Budget::unlimited()).collect::<Result<_, _>>().unwrap();
        let (expected, nodes) = reference_search(primary, secondary, &options);
        prop_assert_eq!(found, expected);
        prop_assert_eq!(m.stats().nodes, nodes);
    }
}
