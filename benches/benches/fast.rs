//! Criterion benchmark of `BitParallel` against the `sudoku` crate 0.8 (a
//! port of JCZSolve) on the course's hard level, in "up to 2 solutions"
//! mode, side by side.
//!
//! `cargo bench --bench fast`. The full table on the public sets comes from
//! `cargo run --release --example throughput`.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudokit::{BitParallel, CountSolutions};
use sudokit_benches::fixture;
use sudokit_testkit::sets;
use sudoku::Sudoku;

fn unique(c: &mut Criterion) {
    let (label, puzzles) = fixture(sets::HARD, 95);
    let peers: Vec<Sudoku> =
        puzzles.iter().map(|p| Sudoku::from_bytes_slice(p.values()).expect("9x9 puzzles convert")).collect();
    let mut group = c.benchmark_group(format!("unique/{label}"));
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    let mut fast = BitParallel::new();
    group.bench_function(BenchmarkId::from_parameter("fast"), |b| {
        b.iter(|| {
            for puzzle in &puzzles {
                assert_eq!(fast.count_solutions(std::hint::black_box(puzzle), 2), Ok(1));
            }
        })
    });
    group.bench_function(BenchmarkId::from_parameter("sudoku-0.8"), |b| {
        b.iter(|| {
            for &peer in &peers {
                assert_eq!(std::hint::black_box(peer).solutions_count_up_to(2), 1);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, unique);
criterion_main!(benches);
