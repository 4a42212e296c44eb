//! An independent oracle: checks and counts from raw cell values only.
//!
//! Nothing here calls the validation or geometry code of `sudokit-core`
//! (`Grid::conflicts`, `Shape::unit`…): it re-derives rows, columns and
//! boxes from the box dimensions, so a bug shared by a solver and the core
//! cannot hide itself.

use sudokit_core::Grid;

/// Box height, box width and raw values of a grid.
fn raw(grid: &Grid) -> (usize, usize, &[u8]) {
    (grid.shape().box_height(), grid.shape().box_width(), grid.values())
}

/// The cells of every row, column and box, for boxes of `bh` × `bw`.
fn units(bh: usize, bw: usize) -> Vec<Vec<usize>> {
    let n = bh * bw;
    let mut units = Vec::with_capacity(3 * n);
    for r in 0..n {
        units.push((0..n).map(|c| r * n + c).collect());
    }
    for c in 0..n {
        units.push((0..n).map(|r| r * n + c).collect());
    }
    for band in 0..bw {
        for stack in 0..bh {
            let mut cells = Vec::with_capacity(n);
            for r in band * bh..(band + 1) * bh {
                for c in stack * bw..(stack + 1) * bw {
                    cells.push(r * n + c);
                }
            }
            units.push(cells);
        }
    }
    units
}

/// Checks that `answer` solves `puzzle`: same dimensions, every cell filled
/// with `1..=side`, every unit a permutation, every given kept.
///
/// # Errors
/// A message saying what is wrong, for the test's failure output.
pub fn check_solution(puzzle: &Grid, answer: &Grid) -> Result<(), String> {
    let (bh, bw, given) = raw(puzzle);
    let (abh, abw, cells) = raw(answer);
    if (bh, bw) != (abh, abw) || given.len() != cells.len() {
        return Err(format!("answer has boxes {abh}x{abw}, puzzle {bh}x{bw}"));
    }
    let n = bh * bw;
    if let Some(i) = cells.iter().position(|&v| v == 0 || v as usize > n) {
        return Err(format!("cell {i} holds {} in a side-{n} grid", cells[i]));
    }
    if let Some(i) = (0..cells.len()).find(|&i| given[i] != 0 && given[i] != cells[i]) {
        return Err(format!("given {} at cell {i} became {}", given[i], cells[i]));
    }
    for unit in units(bh, bw) {
        let mut seen = vec![false; n + 1];
        for &i in &unit {
            if std::mem::replace(&mut seen[cells[i] as usize], true) {
                return Err(format!("digit {} twice in the unit of cells {unit:?}", cells[i]));
            }
        }
    }
    Ok(())
}

/// Whether the givens of `puzzle` repeat a digit in some unit.
pub fn has_clash(puzzle: &Grid) -> bool {
    let (bh, bw, cells) = raw(puzzle);
    units(bh, bw).iter().any(|unit| {
        let mut seen = vec![false; bh * bw + 1];
        unit.iter().any(|&i| cells[i] != 0 && std::mem::replace(&mut seen[cells[i] as usize], true))
    })
}

/// Counts the solutions of `puzzle` up to `limit` by naive backtracking
/// (fewest-candidates cell first). Meant for small or nearly full grids in
/// tests; it returns 0 for clashing givens.
pub fn count_solutions(puzzle: &Grid, limit: u64) -> u64 {
    search(puzzle, limit).0
}

/// The solution of `puzzle` when it has exactly one, by the same naive
/// backtracking as [`count_solutions`]: the reference that human
/// techniques' steps are checked against.
pub fn unique_solution(puzzle: &Grid) -> Option<Grid> {
    match search(puzzle, 2) {
        (1, Some(values)) => Grid::from_values(puzzle.shape(), &values).ok(),
        _ => None,
    }
}

/// For each cell, the digits some solution of `puzzle` puts there (bit
/// `d - 1` for digit `d`), by definition: every digit of every cell
/// given in turn, and counted. Meant for small grids.
pub fn true_candidates(puzzle: &Grid) -> Vec<u64> {
    candidates_by_trial(puzzle, |grid| count_solutions(grid, 1) > 0)
}

/// For each cell of `puzzle`, the digits `d` for which the puzzle with
/// `d` given there (or already given there) `has_solution`, as mark
/// sets: true candidates under whatever rules `has_solution` reads.
pub fn candidates_by_trial(puzzle: &Grid, has_solution: impl Fn(&Grid) -> bool) -> Vec<u64> {
    let (values, side) = (puzzle.values(), puzzle.side());
    (0..values.len())
        .map(|i| {
            (1..=side as u8)
                .filter(|&d| {
                    let mut with = values.to_vec();
                    if with[i] != 0 && with[i] != d {
                        return false;
                    }
                    with[i] = d;
                    Grid::from_values(puzzle.shape(), &with).is_ok_and(|grid| has_solution(&grid))
                })
                .fold(0, |set, d| set | 1 << (d - 1))
        })
        .collect()
}

/// Solutions up to `limit`, and the first one.
fn search(puzzle: &Grid, limit: u64) -> (u64, Option<Vec<u8>>) {
    let (bh, bw, values) = raw(puzzle);
    if has_clash(puzzle) || limit == 0 {
        return (0, None);
    }
    let n = bh * bw;
    let units = units(bh, bw);
    let mut unit_of = vec![Vec::new(); n * n];
    for (u, cells) in units.iter().enumerate() {
        for &i in cells {
            unit_of[i].push(u);
        }
    }
    let mut used = vec![vec![false; n + 1]; units.len()];
    for (i, &v) in values.iter().enumerate() {
        if v != 0 {
            for &u in &unit_of[i] {
                used[u][v as usize] = true;
            }
        }
    }
    let mut cells = values.to_vec();
    let mut found = (0, None);
    count_rec(&mut cells, &unit_of, &mut used, n, limit, &mut found);
    found
}

type Found = (u64, Option<Vec<u8>>);

fn count_rec(
    cells: &mut [u8],
    unit_of: &[Vec<usize>],
    used: &mut [Vec<bool>],
    n: usize,
    limit: u64,
    found: &mut Found,
) {
    let allowed = |cells: &[u8], used: &[Vec<bool>], i: usize| -> Vec<u8> {
        debug_assert_eq!(cells[i], 0);
        (1..=n as u8).filter(|&v| unit_of[i].iter().all(|&u| !used[u][v as usize])).collect()
    };
    let best = (0..cells.len())
        .filter(|&i| cells[i] == 0)
        .map(|i| (allowed(cells, used, i), i))
        .min_by_key(|(digits, _)| digits.len());
    let Some((digits, i)) = best else {
        found.0 += 1;
        found.1.get_or_insert_with(|| cells.to_vec());
        return;
    };
    for v in digits {
        cells[i] = v;
        for &u in &unit_of[i] {
            used[u][v as usize] = true;
        }
        count_rec(cells, unit_of, used, n, limit, found);
        for &u in &unit_of[i] {
            used[u][v as usize] = false;
        }
        cells[i] = 0;
        if found.0 >= limit {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_solutions_and_mistakes() {
        let puzzle: Grid = "1.........4....1".parse().unwrap();
        let good: Grid = "1234341221434321".parse().unwrap();
        assert_eq!(check_solution(&puzzle, &good), Ok(()));
        let changed_given: Grid = "2143341212344321".parse().unwrap();
        assert!(check_solution(&puzzle, &changed_given).unwrap_err().contains("given"));
        let bad_box: Grid = "1234214334124321".parse().unwrap();
        assert!(check_solution(&"................".parse().unwrap(), &bad_box).is_err());
        let incomplete: Grid = "123434122143432.".parse().unwrap();
        assert!(check_solution(&puzzle, &incomplete).is_err());
    }

    #[test]
    fn counts_small_cases() {
        // The 4x4 grid has 288 solutions.
        assert_eq!(count_solutions(&"................".parse().unwrap(), 1000), 288);
        // Both counts checked by brute force over all 4x4 Latin squares.
        assert_eq!(count_solutions(&"1.........4....1".parse().unwrap(), 1000), 6);
        assert_eq!(count_solutions(&"11..............".parse().unwrap(), 10), 0);
    }
}
