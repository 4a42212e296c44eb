//! The default solver on the bundled 16×16 and 25×25 sets: every puzzle
//! solved, and proved unique, as their files say.

use sudokit::{Auto, Budget, CountSolutions, Dlx, Grid, Shape, Solver, Uniqueness};
use sudokit_testkit::{oracle, sets};

#[test]
fn auto_solves_the_large_bundled_sets_and_proves_them_unique() {
    let mut auto = Auto::new();
    for set in [sets::SIXTEEN_UNIQUE, sets::TWENTY_FIVE_UNIQUE] {
        for (k, puzzle) in set.puzzles().iter().enumerate() {
            let solution = auto.solve(puzzle).unwrap_or_else(|e| panic!("{} #{}: {e}", set.name, k + 1));
            assert_eq!(oracle::check_solution(puzzle, &solution.grid), Ok(()), "{} #{}", set.name, k + 1);
            assert_eq!(auto.uniqueness(puzzle), Ok(Uniqueness::Unique), "{} #{}", set.name, k + 1);
        }
    }
}

/// Nearly empty grids of every shape: nothing given, the first row (in
/// order or shuffled), or the first band of a solved grid.
fn sparse_grids(shape: Shape) -> Vec<(String, Grid)> {
    let (side, cells) = (shape.side(), shape.cell_count());
    let mut seed = 0x5eed_u64;
    let mut next = move || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let mut grids = vec![("nothing".to_string(), Grid::empty(shape))];
    for k in 0..4 {
        let mut row: Vec<u8> = (1..=side as u8).collect();
        for i in (1..side).rev().filter(|_| k > 0) {
            row.swap(i, next() % (i + 1));
        }
        let mut values = vec![0; cells];
        values[..side].copy_from_slice(&row);
        grids.push((format!("row {k}"), Grid::from_values(shape, &values).unwrap()));
    }
    // The first band of a solved grid made from a row by shifts: row
    // `r` is the first rotated by `bw·(r mod bh) + r div bh`, a pattern
    // valid for every shape (and independent of any solver). Its rows are
    // then shuffled within the band.
    let (bh, bw) = (shape.box_height(), shape.box_width());
    for k in [0, 2] {
        let first = grids[1 + k].1.values()[..side].to_vec();
        let mut order: Vec<usize> = (0..bh).collect();
        for i in (1..bh).rev().filter(|_| k > 0) {
            order.swap(i, next() % (i + 1));
        }
        let mut values = vec![0; cells];
        for (r, &from) in order.iter().enumerate() {
            let shift = bw * (from % bh) + from / bh;
            for c in 0..side {
                values[r * side + c] = first[(c + shift) % side];
            }
        }
        grids.push((format!("band {k}"), Grid::from_values(shape, &values).unwrap()));
    }
    grids
}

#[test]
fn auto_completes_nearly_empty_grids_of_every_shape_within_its_node_bound() {
    let mut auto = Auto::new();
    for shape in Shape::all() {
        let bound = Dlx::COMPLETION_NODES * shape.cell_count() as u64;
        let budget = Budget::unlimited().with_max_nodes(bound);
        for (label, grid) in sparse_grids(shape) {
            let solution = auto.solve_with(&grid, &budget).unwrap_or_else(|e| panic!("{shape}, {label}: {e}"));
            assert_eq!(oracle::check_solution(&grid, &solution.grid), Ok(()), "{shape}, {label}");
            assert_eq!(solution.grid.shape(), shape);
        }
    }
}
