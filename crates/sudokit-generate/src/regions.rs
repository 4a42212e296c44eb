//! Random jigsaw region maps: `side` connected regions of `side` cells
//! each.

use rand::Rng;
use rand::seq::IndexedRandom;
use sudokit_core::{Shape, Variant};

/// Swaps made per cell: enough that a map keeps few of the boxes it
/// starts from (the module test measures how few).
const SWAPS_PER_CELL: usize = 20;

/// A random map of `shape`: each cell's region, 1 to the side,
/// row-major; every region connected (orthogonally) and of `side` cells.
///
/// A random walk from the boxes: each step takes a cell `a` on the border
/// of its region `A` with a region `B`, and a cell `b` of `B` on the
/// border with `A`, and swaps their regions when both stay connected.
/// The sizes never change, so every map it makes is a jigsaw map.
pub(crate) fn random_map<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Vec<u8> {
    let (side, cells) = (shape.side(), shape.cell_count());
    let mut map: Vec<usize> = (0..cells).map(|i| shape.box_of(i)).collect();
    let neighbours: Vec<Vec<usize>> = (0..cells).map(|i| orthogonal(side, i)).collect();
    let (mut swaps, mut tries) = (0, 0);
    // Tries are bounded too: on 4×4 many swaps cut a region in two.
    while swaps < SWAPS_PER_CELL * cells && tries < 50 * SWAPS_PER_CELL * cells {
        tries += 1;
        let a = rng.random_range(0..cells);
        let Some(&across) = neighbours[a].choose(rng) else { continue };
        let (from, to) = (map[a], map[across]);
        if from == to {
            continue;
        }
        // A cell of `to` that borders `from`, other than through `a` alone.
        let border: Vec<usize> =
            (0..cells).filter(|&b| map[b] == to && neighbours[b].iter().any(|&c| c != a && map[c] == from)).collect();
        let Some(&b) = border.choose(rng) else { continue };
        map[a] = to;
        map[b] = from;
        if connected(&map, &neighbours, from, side) && connected(&map, &neighbours, to, side) {
            swaps += 1;
        } else {
            map[a] = from;
            map[b] = to;
        }
    }
    map.iter().map(|&r| r as u8 + 1).collect()
}

/// The orthogonal neighbours of cell `i` on a grid of `side`.
pub(crate) fn orthogonal(side: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / side, i % side);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(i - side);
    }
    if r + 1 < side {
        out.push(i + side);
    }
    if c > 0 {
        out.push(i - 1);
    }
    if c + 1 < side {
        out.push(i + 1);
    }
    out
}

/// Whether the `size` cells of `region` in `map` are orthogonally
/// connected.
fn connected(map: &[usize], neighbours: &[Vec<usize>], region: usize, size: usize) -> bool {
    let Some(start) = map.iter().position(|&r| r == region) else { return false };
    let mut seen = vec![false; map.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(i) = stack.pop() {
        reached += 1;
        for &j in &neighbours[i] {
            if !seen[j] && map[j] == region {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    reached == size
}

/// `rules` with the regions of `map`, a map [`random_map`] made of
/// their shape.
pub(crate) fn jigsaw(rules: &Variant, map: &[u8]) -> Variant {
    rules.clone().with_regions(map).expect("a random map has side regions of side cells")
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use sudokit_core::Shape;

    use super::{connected, orthogonal, random_map};

    #[test]
    fn maps_are_connected_regions_of_side_cells_far_from_the_boxes() {
        for shape in [Shape::MINI, Shape::new(2, 3).expect("6x6"), Shape::CLASSIC, Shape::new(4, 4).expect("16x16")] {
            let (side, cells) = (shape.side(), shape.cell_count());
            let neighbours: Vec<Vec<usize>> = (0..cells).map(|i| orthogonal(side, i)).collect();
            let mut in_box = 0;
            for seed in 0..10 {
                let map = random_map(shape, &mut ChaCha8Rng::seed_from_u64(seed));
                let zero_based: Vec<usize> = map.iter().map(|&r| usize::from(r) - 1).collect();
                for region in 0..side {
                    assert_eq!(zero_based.iter().filter(|&&r| r == region).count(), side, "{shape}, seed {seed}");
                    assert!(connected(&zero_based, &neighbours, region, side), "{shape}, seed {seed}, region {region}");
                }
                in_box += (0..cells).filter(|&i| zero_based[i] == shape.box_of(i)).count();
            }
            if side >= 6 {
                // A box's cells, relabelled, may still make up a region;
                // most cells must have left their box's region all the same.
                assert!(in_box * 2 < 10 * cells, "{shape}: {in_box} of {} cells kept their box", 10 * cells);
            }
        }
    }
}
