//! Generation through the facade: the same puzzles in the same order on
//! any number of threads, each as one call with its seed makes it.

use sudokit::Shape;
use sudokit::generate::{Generator, Symmetry, generate_many};

#[test]
fn many_puzzles_are_the_same_on_any_number_of_threads() {
    let generator = Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Diagonal);
    let one: Vec<_> = generate_many(&generator, 10..=49, 1).collect();
    let two: Vec<_> = generate_many(&generator, 10..=49, 2).collect();
    let every_core: Vec<_> = generate_many(&generator, 10..=49, 0).collect();
    assert_eq!(one.len(), 40);
    assert_eq!(one, two);
    assert_eq!(one, every_core);
    for (seed, made) in (10..=49).zip(&one) {
        let made = made.as_ref().unwrap();
        assert_eq!(made.seed, seed);
        assert_eq!(made, &generator.generate(seed).unwrap());
    }
}

/// Seeds are streamed: the whole range of seeds costs nothing until read,
/// even under a deadline already past.
#[test]
fn any_range_of_seeds_streams() {
    use std::time::Instant;
    use sudokit::generate::GenerateError;
    use sudokit::{Budget, StopReason};
    let past = Budget::unlimited().with_deadline(Instant::now());
    let generator = Generator::new(Shape::CLASSIC).with_budget(past);
    for range in [0..=u64::MAX, 0..=1 << 40] {
        let first: Vec<_> = generate_many(&generator, range, 2).take(5).collect();
        assert_eq!(first.len(), 5);
        assert!(first.iter().all(|r| matches!(r, Err(GenerateError::Stopped { reason: StopReason::Deadline, .. }))));
    }
    let last: Vec<_> = generate_many(&Generator::new(Shape::MINI), u64::MAX - 1..=u64::MAX, 0).collect();
    let seeds: Vec<u64> = last.iter().map(|r| r.as_ref().unwrap().seed).collect();
    assert_eq!(seeds, [u64::MAX - 1, u64::MAX]);
}
