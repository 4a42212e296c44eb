//! Generation through the facade: the same puzzles in the same order on
//! any number of threads, each as one call with its seed makes it.

use sudokit::Shape;
use sudokit::generate::{Generator, Symmetry, generate_many};

#[test]
fn many_puzzles_are_the_same_on_any_number_of_threads() {
    let generator = Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Diagonal);
    let one = generate_many(&generator, 10..=49, 1);
    let two = generate_many(&generator, 10..=49, 2);
    let every_core = generate_many(&generator, 10..=49, 0);
    assert_eq!(one.len(), 40);
    assert_eq!(one, two);
    assert_eq!(one, every_core);
    for (seed, made) in (10..=49).zip(&one) {
        let made = made.as_ref().unwrap();
        assert_eq!(made.seed, seed);
        assert_eq!(made, &generator.generate(seed).unwrap());
    }
}
