//! `rating::rate_many`: ratings in input order, whatever the threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use sudokit::rating::{Rater, rate_many};
use sudokit_testkit::sets;

#[test]
fn many_ratings_come_in_input_order_on_any_number_of_threads() {
    let puzzles = sets::HARD.take(24);
    let rater = Rater::new();
    let one_by_one: Vec<_> = puzzles.iter().map(|p| rater.rate(p)).collect();
    for threads in [1, 2, 0] {
        let calls = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let rated = rate_many(&puzzles, &rater, threads, |done| {
            calls.fetch_add(1, Ordering::Relaxed);
            most.fetch_max(done, Ordering::Relaxed);
        });
        let ratings: Vec<_> = rated.into_iter().map(|r| r.rating).collect();
        assert_eq!(ratings, one_by_one, "{threads} threads");
        assert_eq!((calls.into_inner(), most.into_inner()), (24, 24));
    }
}
