//! Criterion benchmarks of `Dlx` against `DlxRs` (the dlx-rs crate) on the
//! course's hard level and on magictour's top 1465, side by side, plus the
//! N-Queens and pentomino counts on the bare engine.
//!
//! `cargo bench --bench dlx`. The target: `Dlx` at least 10x the
//! throughput of `DlxRs` on both sets.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudokit::dlx::problems;
use sudokit::{Budget, Dlx, DlxRs, Solver};
use sudokit_benches::fixture;
use sudokit_testkit::sets;

fn sudoku(c: &mut Criterion) {
    for (set, n) in [(sets::HARD, 95), (sets::MAGICTOUR, 300)] {
        let (label, puzzles) = fixture(set, n);
        let mut group = c.benchmark_group(format!("dlx/{label}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        let solvers: [Box<dyn Solver>; 2] = [Box::new(Dlx::new()), Box::new(DlxRs::new())];
        for mut solver in solvers {
            group.bench_function(BenchmarkId::from_parameter(solver.name().to_owned()), |b| {
                b.iter(|| {
                    for puzzle in &puzzles {
                        std::hint::black_box(solver.solve(puzzle).expect("bundled puzzles are solvable"));
                    }
                })
            });
        }
        group.finish();
    }
}

fn engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact-cover");
    group.sample_size(10);
    group.bench_function("queens-10", |b| {
        b.iter(|| problems::queens(10).map(|mut m| m.count_solutions(u64::MAX, &Budget::unlimited())))
    });
    group.finish();
}

criterion_group!(benches, sudoku, engine);
criterion_main!(benches);
