//! Criterion benchmark of the rating's costliest steps: the search for one
//! step on fixed positions whose next step on Sudoku Explainer's path is a
//! dynamic forcing chain (8.5), a nested one (9.5) and a nested dynamic
//! one (10.5), each found by walking a hard puzzle's path to it; and the
//! whole rating of the course's hard level.
//!
//! `cargo bench --bench rating`. The rating's agreement with Sudoku
//! Explainer comes from `cargo run --release --example se_reference`.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudokit::Grid;
use sudokit::rating::rater;
use sudokit::rules::human::{Position, Step, lists};
use sudokit_benches::fixture;
use sudokit_testkit::sets;

/// Norvig's hardest list, puzzle 1 (ER 10.6): its path meets steps of
/// 8.5, 9.5 and 10.5.
const HARDEST: &str = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..";

/// The next step on Sudoku Explainer's path.
fn next_step(position: &Position) -> Option<Step> {
    lists::standard().iter().find_map(|strategy| strategy.find(position))
}

/// The first position of `puzzle`'s path whose next step scores `tenths`
/// to `tenths + 4`.
fn position_before(puzzle: &Grid, tenths: u16) -> Position {
    let mut position = Position::new(puzzle).expect("a valid puzzle");
    while let Some(step) = next_step(&position) {
        if (tenths..tenths + 5).contains(&step.score().tenths()) {
            return position;
        }
        position.apply(&step).expect("the path's steps are sound");
    }
    panic!("no step of {tenths} tenths on the path of {puzzle}")
}

fn steps(c: &mut Criterion) {
    let puzzle: Grid = HARDEST.parse().expect("a puzzle");
    let mut group = c.benchmark_group("rating-step");
    group.sample_size(10);
    for tenths in [85, 95, 105] {
        let position = position_before(&puzzle, tenths);
        group.bench_function(BenchmarkId::from_parameter(format!("{}.{}", tenths / 10, tenths % 10)), |b| {
            b.iter(|| next_step(std::hint::black_box(&position)).expect("a step"))
        });
    }
    group.finish();
}

fn whole(c: &mut Criterion) {
    let (label, puzzles) = fixture(sets::HARD, 95);
    let mut group = c.benchmark_group(format!("rating/{label}"));
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.sample_size(10);
    let rater = rater();
    group.bench_function(BenchmarkId::from_parameter("rate"), |b| {
        b.iter(|| {
            for puzzle in &puzzles {
                assert!(rater.rate(std::hint::black_box(puzzle)).is_ok());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, steps, whole);
criterion_main!(benches);
