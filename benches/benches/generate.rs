//! Criterion benchmark of puzzle generation: minimal 9×9 puzzles, without
//! symmetry and with 180° symmetry, a hundred seeds a sample.
//!
//! `cargo bench --bench generate`. The race against the `sudoku` crate's
//! generator is `cargo run --release --example throughput -- --pair generate`.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudokit::Shape;
use sudokit::generate::{Generator, Symmetry};

/// Seeds a sample makes.
const SEEDS: u64 = 100;

fn minimal(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate/9x9-minimal");
    group.throughput(Throughput::Elements(SEEDS));
    for symmetry in [Symmetry::None, Symmetry::Rotate180] {
        let generator = Generator::new(Shape::CLASSIC).with_symmetry(symmetry);
        group.bench_function(BenchmarkId::from_parameter(symmetry.name()), |b| {
            b.iter(|| {
                for seed in 1..=SEEDS {
                    assert!(generator.generate(std::hint::black_box(seed)).is_ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, minimal);
criterion_main!(benches);
