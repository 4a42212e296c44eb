//! Seeded generation of solved grids and puzzles, for every shape.
//!
//! A solved grid starts from the pattern `(bw * (r % bh) + r / bh + c) % n`
//! and is shuffled by validity-preserving transformations: relabelling
//! digits, permuting rows within a band, bands, columns within a stack, and
//! stacks. Puzzles blank random cells of such a grid, so they always have at
//! least one solution.

use proptest::prelude::*;
pub use sudokit_core::SplitMix64;
use sudokit_core::{
    Cell, ClueSide, Extremum, Grid, IndexerKind, LineKind, Parity, Shape, SightlineKind, UnitKind, Variant,
};

/// Killer rules whose cages cover the grid, drawn from `seed`, with the
/// sums `solution` gives them: cages of 1 to `largest` orthogonally
/// connected cells (grown cell by cell from the first uncaged cell,
/// row-major), each holding distinct digits of `solution`. `solution`
/// solves the rules (with `variant`'s other rules if it solves those).
pub fn killer_cages(variant: Variant, solution: &Grid, largest: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let shape = solution.shape();
    let mut caged = vec![false; shape.cell_count()];
    let mut variant = variant;
    for start in 0..shape.cell_count() {
        if caged[start] {
            continue;
        }
        let size = 1 + rng.below(largest);
        let cage = grow_cage(solution, start, size, &caged, &mut rng);
        cage.iter().for_each(|&i| caged[i] = true);
        variant = with_cage_of(variant, solution, &cage);
    }
    variant
}

/// `variant` with `count` more cages drawn from `seed`: each of 2 to
/// `largest` orthogonally connected cells from a random start, holding
/// distinct digits of `solution`, with the sum `solution` gives it. They
/// may overlap the cages there and each other, as in published killers;
/// `solution` solves the rules if it solved `variant`'s.
pub fn overlapping_cages(variant: Variant, solution: &Grid, count: usize, largest: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let cells = solution.shape().cell_count();
    let free = vec![false; cells];
    (0..count).fold(variant, |variant, _| {
        let start = rng.below(cells);
        let size = 2 + rng.below(largest.max(2) - 1);
        let cage = grow_cage(solution, start, size, &free, &mut rng);
        with_cage_of(variant, solution, &cage)
    })
}

/// A cage grown from `start` to `size` cells (fewer where it cannot grow):
/// each next cell an orthogonal neighbour, not `taken`, holding a digit
/// of `solution` the cage lacks.
fn grow_cage(solution: &Grid, start: usize, size: usize, taken: &[bool], rng: &mut SplitMix64) -> Vec<usize> {
    let (n, values) = (solution.shape().side(), solution.values());
    let mut cage = vec![start];
    while cage.len() < size {
        let mut next: Vec<usize> = cage
            .iter()
            .flat_map(|&i| {
                let (r, c) = (i / n, i % n);
                [(r + 1, c), (r, c + 1), (r.wrapping_sub(1), c), (r, c.wrapping_sub(1))]
            })
            .filter(|&(r, c)| r < n && c < n)
            .map(|(r, c)| r * n + c)
            .filter(|&j| !taken[j] && cage.iter().all(|&i| values[i] != values[j]))
            .collect();
        next.sort_unstable();
        next.dedup();
        if next.is_empty() {
            break;
        }
        cage.push(next[rng.below(next.len())]);
    }
    cage
}

/// `variant` with a cage over `cage`, of the sum `solution` gives it.
fn with_cage_of(variant: Variant, solution: &Grid, cage: &[usize]) -> Variant {
    let shape = solution.shape();
    let cells: Vec<Cell> = cage.iter().map(|&i| Cell::from_index(i, shape)).collect();
    let sum = cage.iter().map(|&i| u32::from(solution.values()[i])).sum();
    variant.with_cage(&cells, Some(sum)).expect("cages of distinct digits of a solved grid")
}

/// `variant` with `count` more lines of `kind` drawn from `seed`, each of
/// 2 to `longest` cells walked from a random start through king's-move
/// neighbours, which `solution` keeps: each step of a thermometer to a
/// larger digit (or no smaller, slow), of whispers to a digit far enough
/// apart, of a renban to a new digit within the span its length allows,
/// of an entropic line to a tier unlike the two before, of a modular line
/// by `m` to a remainder unlike the `m − 1` before; a palindrome's walk is kept only where its facing cells hold
/// the same digit, a renban's where its digits run without a gap, a
/// between line's where its inner digits lie between its ends', a
/// region-sum line's where it crosses two regions or more and its parts
/// add up alike (tried
/// up to 200 times a line, so there may be fewer). A renban's count is
/// the walk's, whatever `kind` says. Written from the definitions, not
/// from the rules' pairs; `solution` solves the rules if it solved
/// `variant`'s.
///
/// # Panics
/// When `longest` is below 2.
pub fn lines(variant: Variant, solution: &Grid, kind: LineKind, count: usize, longest: usize, seed: u64) -> Variant {
    assert!(longest >= 2, "a line has two cells or more");
    let mut rng = SplitMix64::new(seed);
    let (shape, values) = (solution.shape(), solution.values());
    let n = shape.side();
    // Whether the walk so far (`held`, its digits) may step to `to`.
    let step_keeps = |held: &[u8], size: usize, to: u8| {
        let from = held[held.len() - 1];
        let last_two = &held[held.len().saturating_sub(2)..];
        match kind {
            LineKind::Thermometer => to > from,
            LineKind::SlowThermometer => to >= from,
            LineKind::Whispers(apart) => u32::from(from.abs_diff(to)) >= apart,
            LineKind::Renban(_) => {
                let (low, high) = held.iter().fold((to, to), |(l, h), &d| (l.min(d), h.max(d)));
                !held.contains(&to) && usize::from(high - low) < size
            }
            LineKind::Entropic(width) => {
                let tier = |d: u8| (u32::from(d) - 1) / width;
                last_two.iter().all(|&d| tier(d) != tier(to))
            }
            LineKind::Modular(modulus) => {
                let window = &held[held.len().saturating_sub(modulus as usize - 1)..];
                window.iter().all(|&d| u32::from(d) % modulus != u32::from(to) % modulus)
            }
            _ => true,
        }
    };
    let mut variant = variant;
    for _ in 0..count {
        for _ in 0..200 {
            let size = 2 + rng.below(longest - 1);
            let mut line = vec![rng.below(shape.cell_count())];
            let mut held = vec![values[line[0]]];
            while line.len() < size {
                let next: Vec<usize> = king_steps(line[line.len() - 1], n)
                    .filter(|j| !line.contains(j) && step_keeps(&held, size, values[*j]))
                    .collect();
                if next.is_empty() {
                    break;
                }
                let step = next[rng.below(next.len())];
                line.push(step);
                held.push(values[step]);
            }
            let facing = |k: usize| values[line[k]] == values[line[line.len() - 1 - k]];
            let span = held.iter().max().zip(held.iter().min()).map_or(0, |(high, low)| usize::from(high - low));
            let (first, last) = (held[0], held[held.len() - 1]);
            let between = |d: &u8| first.min(last) < *d && *d < first.max(last);
            let kept = match kind {
                LineKind::Palindrome => (0..line.len() / 2).all(facing),
                LineKind::Renban(_) => span == line.len() - 1,
                LineKind::Between => line.len() > 2 && held[1..held.len() - 1].iter().all(between),
                LineKind::RegionSum => parts_agree(&line, values, |i| region_of(&variant, i)),
                _ => true,
            };
            if line.len() < 2 || !kept {
                continue;
            }
            let kind = match kind {
                LineKind::Renban(_) => LineKind::Renban(line.len() as u32),
                kind => kind,
            };
            let cells: Vec<Cell> = line.iter().map(|&i| Cell::from_index(i, shape)).collect();
            variant = variant.with_line(kind, &cells).expect("a walk through neighbours");
            break;
        }
    }
    variant
}

/// The region of cell `i`: its jigsaw region, or its box.
fn region_of(variant: &Variant, i: usize) -> usize {
    let shape = variant.shape();
    variant.regions().map_or_else(|| shape.box_of(i), |map| usize::from(map[i]))
}

/// Whether `line` crosses two regions or more and its parts, one per
/// region it runs through, add up alike in `values`.
fn parts_agree(line: &[usize], values: &[u8], region_of: impl Fn(usize) -> usize) -> bool {
    let mut sums = vec![0u32];
    for (k, &i) in line.iter().enumerate() {
        if k > 0 && region_of(i) != region_of(line[k - 1]) {
            sums.push(0);
        }
        if let Some(last) = sums.last_mut() {
            *last += u32::from(values[i]);
        }
    }
    sums.len() > 1 && sums.windows(2).all(|w| w[0] == w[1])
}

/// `variant` with `count` quadruples that `solution` keeps: around random
/// points, each one to four of the digits its four cells hold there
/// (repeats as they come). Written from the definition; `solution`
/// solves the rules if it solved `variant`'s.
pub fn quadruples(variant: Variant, solution: &Grid, count: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let (shape, values) = (solution.shape(), solution.values());
    let n = shape.side();
    let mut variant = variant;
    for _ in 0..count {
        let (row, col) = (rng.below(n - 1), rng.below(n - 1));
        let mut held: Vec<u8> =
            [(0, 0), (0, 1), (1, 0), (1, 1)].iter().map(|&(dr, dc)| values[(row + dr) * n + col + dc]).collect();
        for k in (1..held.len()).rev() {
            held.swap(k, rng.below(k + 1));
        }
        held.truncate(1 + rng.below(4));
        variant = variant.with_quadruple(Cell::new(row, col), &held).expect("a point inside the grid");
    }
    variant
}

/// `variant` with up to `count` indexer cells that `solution` keeps:
/// cells, from a random start in reading order, whose digit names the
/// place of their own column number in their row (or, one time in two,
/// of their row number in their column). Written from the definition;
/// `solution` solves the rules if it solved `variant`'s.
pub fn indexers(variant: Variant, solution: &Grid, count: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let (shape, values) = (solution.shape(), solution.values());
    let n = shape.side();
    let start = rng.below(n * n);
    let mut variant = variant;
    let mut added = 0;
    for i in (0..n * n).map(|k| (start + k) % (n * n)) {
        let (r, c, v) = (i / n, i % n, usize::from(values[i]));
        let (kind, keeps) = if rng.below(2) == 0 {
            (IndexerKind::Column, usize::from(values[r * n + v - 1]) == c + 1)
        } else {
            (IndexerKind::Row, usize::from(values[(v - 1) * n + c]) == r + 1)
        };
        if keeps && added < count {
            variant = variant.with_indexer(kind, Cell::new(r, c)).expect("a cell of the grid");
            added += 1;
        }
    }
    variant
}

/// `variant` with `count` clones that `solution` keeps: for a random
/// shift, the cells whose digit the cell that far away repeats, up to
/// four of them in a row-major run from a random start (a shift that
/// finds none adds nothing). Written from the definition; `solution`
/// solves the rules if it solved `variant`'s.
pub fn clones(variant: Variant, solution: &Grid, count: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let (shape, values) = (solution.shape(), solution.values());
    let n = shape.side();
    let mut variant = variant;
    for _ in 0..count {
        let (dr, dc) = (rng.below(n), rng.below(n));
        let start = rng.below(n * n);
        let pairs: Vec<(Cell, Cell)> = (0..n * n)
            .map(|k| (start + k) % (n * n))
            .map(|i| (i / n, i % n))
            .filter(|&(r, c)| r + dr < n && c + dc < n && (dr, dc) != (0, 0))
            .filter(|&(r, c)| values[r * n + c] == values[(r + dr) * n + c + dc])
            .take(1 + rng.below(4))
            .map(|(r, c)| (Cell::new(r, c), Cell::new(r + dr, c + dc)))
            .collect();
        let (cells, copies): (Vec<Cell>, Vec<Cell>) = pairs.into_iter().unzip();
        variant = variant.clone().with_clone(&cells, &copies).unwrap_or(variant);
    }
    variant
}

/// `variant` with `count` sandwich clues that `solution` keeps, beside
/// random rows and columns (a line drawn twice keeps its one clue twice):
/// each the sum of the digits `solution` has strictly between the line's
/// 1 and its highest digit. Written from the definition; `solution`
/// solves the rules if it solved `variant`'s. Grids up to 16×16, as
/// sandwiches are.
pub fn sandwiches(variant: Variant, solution: &Grid, count: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let (shape, values) = (solution.shape(), solution.values());
    let n = shape.side();
    let mut variant = variant;
    for _ in 0..count {
        let (unit, index) = (if rng.below(2) == 0 { UnitKind::Row } else { UnitKind::Column }, rng.below(n));
        let line: Vec<u8> =
            (0..n).map(|k| if unit == UnitKind::Row { values[index * n + k] } else { values[k * n + index] }).collect();
        let place = |digit: usize| line.iter().position(|&d| usize::from(d) == digit).expect("a full line");
        let (a, b) = (place(1), place(n));
        let total = line[a.min(b) + 1..a.max(b)].iter().map(|&d| u32::from(d)).sum();
        variant = variant.with_sandwich(unit, index, total).expect("a total the solution reaches");
    }
    variant
}

/// `variant` with `count` X-sum and skyscraper clues that `solution`
/// keeps, each on a random side of a random row or column, of a kind at
/// random (X-sums only up to 16×16, as they are taken): an X-sum the sum
/// of the first `x` digits read from its side, `x` being the first; a
/// skyscraper clue the number of digits read from its side that are
/// higher than every digit before them. Written from the definition;
/// `solution` solves the rules if it solved `variant`'s.
pub fn sightlines(variant: Variant, solution: &Grid, count: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let (shape, values) = (solution.shape(), solution.values());
    let n = shape.side();
    let mut variant = variant;
    for _ in 0..count {
        let at = ClueSide::ALL[rng.below(4)];
        let index = rng.below(n);
        let mut line: Vec<u8> = (0..n)
            .map(|k| if at.unit() == UnitKind::Row { values[index * n + k] } else { values[k * n + index] })
            .collect();
        if matches!(at, ClueSide::Right | ClueSide::Bottom) {
            line.reverse();
        }
        let x_sum = n <= 16 && rng.below(2) == 0;
        let (kind, value) = if x_sum {
            (SightlineKind::XSum, line[..usize::from(line[0])].iter().map(|&d| u32::from(d)).sum())
        } else {
            let seen = (0..n).filter(|&k| line[..k].iter().all(|&d| d < line[k])).count();
            (SightlineKind::Skyscraper, seen as u32)
        };
        variant = variant.with_sightline(kind, at, index, value).expect("a clue the solution gives");
    }
    variant
}

/// The cells a king's move from cell `at` on a grid of side `n`.
fn king_steps(at: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (at / n, at % n);
    (r.saturating_sub(1)..(r + 2).min(n))
        .flat_map(move |r2| (c.saturating_sub(1)..(c + 2).min(n)).map(move |c2| r2 * n + c2))
        .filter(move |&j| j != at)
}

/// A random walk from the last cell of `from` through king's-move
/// neighbours (never onto `from` or itself again) whose digits in
/// `values` add up to `target`: `None` when it cannot reach it exactly.
fn shaft_to(rng: &mut SplitMix64, values: &[u8], n: usize, from: &[usize], target: u32) -> Option<Vec<usize>> {
    let (mut shaft, mut sum): (Vec<usize>, u32) = (Vec::new(), 0);
    while sum < target {
        let last = shaft.last().or(from.last()).copied()?;
        let next: Vec<usize> = king_steps(last, n)
            .filter(|j| !from.contains(j) && !shaft.contains(j) && sum + u32::from(values[*j]) <= target)
            .collect();
        if next.is_empty() {
            return None;
        }
        let step = next[rng.below(next.len())];
        sum += u32::from(values[step]);
        shaft.push(step);
    }
    (sum == target && !shaft.is_empty()).then_some(shaft)
}

/// `variant` with up to `count` pill arrows that `solution` keeps: a
/// pill of two cells side by side at random, and a walk from it through
/// king's-move neighbours (never back onto itself) whose digits add up to
/// the number the pill writes, kept when they reach it exactly (tried up
/// to 200 times an arrow). Written from the definition; `solution` solves
/// the rules if it solved `variant`'s. Grids up to 9×9, as pills are.
pub fn pill_arrows(variant: Variant, solution: &Grid, count: usize, seed: u64) -> Variant {
    drawn_arrows(variant, solution, count, seed, true)
}

/// `variant` with `count` arrows that `solution` keeps: from a random
/// circle, a walk through king's-move neighbours (never back onto itself)
/// whose digits add up to the circle's, kept when they reach it exactly
/// (tried up to 200 times an arrow, so there may be fewer). Written from
/// the definition; `solution` solves the rules if it solved `variant`'s.
pub fn arrows(variant: Variant, solution: &Grid, count: usize, seed: u64) -> Variant {
    drawn_arrows(variant, solution, count, seed, false)
}

/// Arrows from a random circle, or (`pill`) from a random pill of two
/// cells side by side, whose shafts `solution` adds up right.
fn drawn_arrows(variant: Variant, solution: &Grid, count: usize, seed: u64, pill: bool) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let (shape, values) = (solution.shape(), solution.values());
    let n = shape.side();
    let cells = |list: &[usize]| list.iter().map(|&i| Cell::from_index(i, shape)).collect::<Vec<_>>();
    let mut variant = variant;
    for _ in 0..count {
        for _ in 0..200 {
            let (from, target) = if pill {
                let (r, c) = (rng.below(n), rng.below(n - 1));
                let from = vec![r * n + c, r * n + c + 1];
                (from, u32::from(values[r * n + c]) * 10 + u32::from(values[r * n + c + 1]))
            } else {
                let circle = rng.below(shape.cell_count());
                (vec![circle], u32::from(values[circle]))
            };
            let Some(shaft) = shaft_to(&mut rng, values, n, &from, target) else { continue };
            variant = match pill {
                true => variant.with_pill_arrow(&cells(&from), &cells(&shaft)),
                false => variant.with_arrow(cells(&from)[0], &cells(&shaft)),
            }
            .expect("a walk from the circle or pill");
            break;
        }
    }
    variant
}

/// `variant` with `count` little killers of `solution`: each a whole
/// diagonal run from a random edge cell to the far edge, its clue the sum
/// of `solution`'s digits along it (runs of one cell, the corners,
/// skipped); the same run may come twice.
pub fn little_killers(variant: Variant, solution: &Grid, count: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let (shape, values) = (solution.shape(), solution.values());
    let n = shape.side() as isize;
    let mut variant = variant;
    let mut added = 0;
    for _ in 0..count * 50 {
        if added == count {
            break;
        }
        let (dr, dc) = ([1, -1][rng.below(2)], [1, -1][rng.below(2)]);
        // Start on the edge the run enters from: the top or bottom row,
        // or the left or right column.
        let along = rng.below(n as usize) as isize;
        let (mut r, mut c) = if rng.below(2) == 0 {
            (if dr > 0 { 0 } else { n - 1 }, along)
        } else {
            (along, if dc > 0 { 0 } else { n - 1 })
        };
        let mut cells = Vec::new();
        while (0..n).contains(&r) && (0..n).contains(&c) {
            cells.push(Cell::new(r as usize, c as usize));
            (r, c) = (r + dr, c + dc);
        }
        if cells.len() < 2 {
            continue;
        }
        let total: u32 = cells.iter().map(|cell| u32::from(values[cell.index(shape)])).sum();
        variant = variant.with_little_killer(total, &cells).expect("a diagonal run");
        added += 1;
    }
    variant
}

/// `variant` with every cell of `solution` that is below (above) each
/// orthogonal neighbour marked a minimum (maximum) with probability
/// `percent` %, drawn from `seed`: `solution` solves the rules if it
/// solved `variant`'s.
pub fn extrema(variant: Variant, solution: &Grid, percent: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let (shape, values) = (solution.shape(), solution.values());
    let n = shape.side();
    let mut variant = variant;
    for i in 0..shape.cell_count() {
        let (r, c) = (i / n, i % n);
        let around: Vec<u8> = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)]
            .into_iter()
            .filter(|&(r2, c2)| r2 < n && c2 < n)
            .map(|(r2, c2)| values[r2 * n + c2])
            .collect();
        let mark = if around.iter().all(|&v| v > values[i]) {
            Some(Extremum::Minimum)
        } else if around.iter().all(|&v| v < values[i]) {
            Some(Extremum::Maximum)
        } else {
            None
        };
        if let Some(extremum) = mark.filter(|_| rng.below(100) < percent) {
            variant = variant.with_extremum(Cell::from_index(i, shape), extremum).expect("one mark a cell");
        }
    }
    variant
}

/// `variant` with each cell of `solution` marked even or odd, as its
/// digit is, with probability `percent` %, drawn from `seed`: `solution`
/// solves the rules if it solved `variant`'s.
pub fn parities(variant: Variant, solution: &Grid, percent: usize, seed: u64) -> Variant {
    let mut rng = SplitMix64::new(seed);
    let shape = solution.shape();
    let mut variant = variant;
    for (i, &value) in solution.values().iter().enumerate() {
        let parity = if value % 2 == 0 { Parity::Even } else { Parity::Odd };
        if value != 0 && rng.below(100) < percent {
            variant = variant.with_parity(Cell::from_index(i, shape), parity).expect("one parity a cell");
        }
    }
    variant
}

/// A pencil-mark puzzle ("sukaku") derived from `puzzle`, drawn from
/// `seed`: `open` of its givens (at most) become empty cells; each empty
/// cell's marks are the digits no peer given holds (rows, columns and
/// boxes, worked out here), and each mark that is not the digit of
/// `solution` (a solution of `puzzle`) is dropped with probability
/// `drop_percent` %. One derived puzzle in four also loses the solution's
/// digit from one random empty cell. Returns the givens left and the
/// standard rules with the marks (a cell of one mark is no given): the
/// marks never break a given, and leave one solution, several (opened
/// givens) or none (a solution's digit dropped, if no other solution
/// survives).
pub fn pencil_marks(puzzle: &Grid, solution: &Grid, open: usize, drop_percent: usize, seed: u64) -> (Grid, Variant) {
    let mut rng = SplitMix64::new(seed);
    let shape = puzzle.shape();
    let (n, (bh, bw)) = (shape.side(), (shape.box_height(), shape.box_width()));
    let (mut values, answer) = (puzzle.values().to_vec(), solution.values());
    let mut givens: Vec<usize> = (0..n * n).filter(|&i| values[i] != 0).collect();
    rng.shuffle(&mut givens);
    givens.iter().take(open).for_each(|&i| values[i] = 0);
    let sees = |a: usize, b: usize| {
        let ((ra, ca), (rb, cb)) = ((a / n, a % n), (b / n, b % n));
        ra == rb || ca == cb || (ra / bh == rb / bh && ca / bw == cb / bw)
    };
    let mut marks: Vec<u64> = (0..n * n)
        .map(|i| {
            if values[i] != 0 {
                return 1 << (values[i] - 1);
            }
            let own = 1u64 << (answer[i] - 1);
            let held = (0..n * n).filter(|&j| j != i && values[j] != 0 && sees(i, j));
            let open = held.fold((1u64 << n) - 1, |m, j| m & !(1 << (values[j] - 1)));
            (0..n)
                .filter(|&d| open >> d & 1 == 1 && (own >> d & 1 == 1 || rng.below(100) >= drop_percent))
                .fold(0, |m, d| m | 1 << d)
        })
        .collect();
    let empty: Vec<usize> = (0..n * n).filter(|&i| values[i] == 0 && marks[i].count_ones() > 1).collect();
    if rng.below(4) == 0 && !empty.is_empty() {
        let i = empty[rng.below(empty.len())];
        marks[i] &= !(1 << (answer[i] - 1));
    }
    let grid = Grid::from_values(shape, &values).expect("a puzzle's givens");
    let variant = Variant::standard(shape).with_marks(&marks).expect("one mark or more in every cell");
    (grid, variant)
}

/// A shuffle of `0..n`.
fn permutation(rng: &mut SplitMix64, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut p);
    p
}

/// A solved grid of `shape`, different for each `seed`.
pub fn solved_grid(shape: Shape, seed: u64) -> Grid {
    let mut rng = SplitMix64::new(seed);
    let (bh, bw, n) = (shape.box_height(), shape.box_width(), shape.side());
    let digits = permutation(&mut rng, n);
    // Rows: `bw` bands of `bh` rows; columns: `bh` stacks of `bw` columns.
    let band_order = permutation(&mut rng, bw);
    let row_order: Vec<usize> = band_order
        .iter()
        .flat_map(|&band| permutation(&mut rng, bh).into_iter().map(move |r| band * bh + r).collect::<Vec<_>>())
        .collect();
    let stack_order = permutation(&mut rng, bh);
    let col_order: Vec<usize> = stack_order
        .iter()
        .flat_map(|&stack| permutation(&mut rng, bw).into_iter().map(move |c| stack * bw + c).collect::<Vec<_>>())
        .collect();
    let values: Vec<u8> = (0..n * n)
        .map(|i| {
            let (r, c) = (row_order[i / n], col_order[i % n]);
            digits[(bw * (r % bh) + r / bh + c) % n] as u8 + 1
        })
        .collect();
    Grid::from_values(shape, &values).expect("generated values are digits of the shape")
}

/// `grid` with `holes` distinct random cells emptied.
pub fn with_holes(grid: &Grid, holes: usize, seed: u64) -> Grid {
    let mut rng = SplitMix64::new(seed ^ 0x5EED);
    let mut order: Vec<usize> = (0..grid.values().len()).collect();
    rng.shuffle(&mut order);
    let mut values = grid.values().to_vec();
    for &i in order.iter().take(holes) {
        values[i] = 0;
    }
    Grid::from_values(grid.shape(), &values).expect("blanking keeps values valid")
}

/// A puzzle of `shape` with at least one solution: a seeded solved grid with
/// `holes` cells emptied.
pub fn puzzle(shape: Shape, holes: usize, seed: u64) -> Grid {
    with_holes(&solved_grid(shape, seed), holes, seed)
}

/// Every shape the workspace promises to handle.
pub const SHAPES: [Shape; 6] =
    [Shape::MINI, Shape::SIX, Shape::CLASSIC, Shape::TWELVE, Shape::SIXTEEN, Shape::TWENTY_FIVE];

/// A strategy over [`SHAPES`].
pub fn any_shape() -> impl Strategy<Value = Shape> {
    proptest::sample::select(SHAPES.to_vec())
}

/// A strategy over solved grids of `shape`.
pub fn any_solved_grid(shape: Shape) -> impl Strategy<Value = Grid> {
    any::<u64>().prop_map(move |seed| solved_grid(shape, seed))
}

/// A strategy over grids of `shape` with any mix of filled and empty cells
/// (often inconsistent): for parser and printer properties.
pub fn any_grid(shape: Shape) -> impl Strategy<Value = Grid> {
    proptest::collection::vec(0..=shape.side() as u8, shape.cell_count())
        .prop_map(move |values| Grid::from_values(shape, &values).expect("values in range"))
}

/// A strategy over solvable puzzles of `shape` with up to `max_holes`
/// empty cells, paired with the solved grid they came from.
pub fn any_puzzle(shape: Shape, max_holes: usize) -> impl Strategy<Value = (Grid, Grid)> {
    (any::<u64>(), 0..=max_holes).prop_map(move |(seed, holes)| {
        let solved = solved_grid(shape, seed);
        (with_holes(&solved, holes, seed), solved)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle;

    #[test]
    fn generated_grids_are_solved_for_every_shape() {
        for shape in SHAPES {
            for seed in 0..20 {
                let g = solved_grid(shape, seed);
                assert_eq!(oracle::check_solution(&Grid::empty(shape), &g), Ok(()), "{shape} seed {seed}");
            }
            assert_ne!(solved_grid(shape, 1), solved_grid(shape, 2));
        }
    }

    #[test]
    fn holes_are_exact() {
        let p = puzzle(Shape::CLASSIC, 50, 7);
        assert_eq!(p.empty_count(), 50);
        assert_eq!(oracle::check_solution(&p, &solved_grid(Shape::CLASSIC, 7)), Ok(()));
    }
}
