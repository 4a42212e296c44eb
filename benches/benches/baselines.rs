//! Criterion benchmarks of the two baselines on the course levels: one
//! group per solver, one benchmark per level, each timing the whole set.
//!
//! `cargo bench --bench baselines`. Plain backtracking only gets the easy
//! level and the first medium puzzles: the hard ones take it seconds each.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudokit::{Backtracking, BacktrackingMrv, Solver};
use sudokit_benches::fixture;
use sudokit_testkit::sets;

fn bench_solver(c: &mut Criterion, solver: &mut dyn Solver, sets: &[(sets::PuzzleSet, usize)]) {
    let mut group = c.benchmark_group(solver.name().to_owned());
    group.sample_size(10);
    for &(set, n) in sets {
        let (label, puzzles) = fixture(set, n);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(BenchmarkId::from_parameter(label), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    let solution = solver.solve(puzzle).expect("bundled puzzles are solvable");
                    std::hint::black_box(solution);
                }
            })
        });
    }
    group.finish();
}

fn baselines(c: &mut Criterion) {
    bench_solver(c, &mut BacktrackingMrv::new(), &[(sets::EASY, 51), (sets::MEDIUM, 11), (sets::HARD, 95)]);
    bench_solver(c, &mut Backtracking::new(), &[(sets::EASY, 51), (sets::MEDIUM, 3)]);
}

criterion_group!(benches, baselines);
criterion_main!(benches);
