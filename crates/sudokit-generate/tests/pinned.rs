//! The exact puzzles of fixed seeds and requests, pinned: a change to a
//! solver's search order, to the generator's choices or to the rating
//! that changes what a seed makes fails here, and is then a deliberate,
//! value-breaking change to say in the changelog (see the crate docs,
//! "Seeds").

use sudokit_generate::sudokit_core::Shape;
use sudokit_generate::{Difficulty, Generator, Givens, Symmetry};
use sudokit_rules::human::Score;

#[test]
fn each_seed_makes_the_same_puzzle_as_when_pinned() {
    let rated = Difficulty::any().with_rating(Score::from_tenths(30)..=Score::from_tenths(40));
    let cases: [(Generator, u64, &str); 8] = [
        (
            Generator::new(Shape::CLASSIC),
            1,
            "..89.5....1.......3...1..2448.6..9.1.....2......4.3...7..2..359........2....394..",
        ),
        (
            Generator::new(Shape::CLASSIC),
            2,
            ".......16.6.98..2..95......41.....89..78.....5.2..1.7...1.5.......2.6.3....3..5.7",
        ),
        (
            Generator::new(Shape::CLASSIC).with_symmetry(Symmetry::Rotate180),
            7,
            "7.621..43.........2.43.6..9..9....8.1.......7.2....5..3..6.14.8.........67..359.1",
        ),
        (
            Generator::new(Shape::CLASSIC).with_givens(Givens::Target(30)),
            3,
            "32.4.5...6953..41..1..7..2.....8.7..2.9.6......194..3..56...2......3756.......8..",
        ),
        (
            Generator::new(Shape::CLASSIC).with_difficulty(rated),
            1,
            "6.3.5...4..4......21.7..9..........23.9.4.8..7...63....8....5.....2...1..4.....2.",
        ),
        (Generator::new(Shape::MINI), 3, ".1.........34.2."),
        (Generator::new(Shape::new(2, 3).unwrap()), 4, "..3.1...5......5..1...2.4....3...6.."),
        (
            Generator::new(Shape::TWELVE).with_symmetry(Symmetry::Diagonal),
            5,
            ".7.23...8...9A.....2..1.....9..C..6.7......62139C.1..3.9A7......A.7B.6.......9..38...826CB..4A..1..C8.23B..6...7B235..8..58B.....3.....9....6...",
        ),
    ];
    for (generator, seed, pinned) in cases {
        let made = generator.generate(seed).unwrap();
        assert_eq!(made.puzzle.to_string(), pinned, "{generator:?}, seed {seed}");
    }
}
