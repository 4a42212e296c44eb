//! An independent oracle for variants: checks and counts under a
//! [`Variant`]'s rules, derived again here from what the variant says
//! (its region map, which kinds of extra house it has, which relations)
//! rather than from its own tables (`Variant::houses`, `Variant::bonds`,
//! `PairRule`, `Variant::conflicts`), so that a bug there cannot hide
//! itself. Only a house of one's own, a cage, a clue between two cells
//! (which it sits between), a line's cells, an arrow's and a little
//! killer's cells, pencil marks and even or odd cells are read as the
//! variant lists them; a cage's sum is checked here by bounds of the digits
//! left, not by its combinations, and a line over its whole length, not
//! pair by pair.

/// The cells and sum of a cage with a sum.
type Sum = (Vec<usize>, u32);

/// Whether two digits may sit in two tied cells.
type Allows = fn(u8, u8) -> bool;

/// A line: what it asks, and its cells in order.
/// A line: its kind, its cells in order, and each cell's region (box or
/// jigsaw region), which a region-sum line reads.
type Drawn = (LineKind, Vec<usize>, Vec<usize>);

/// Cells, each with its weight, whose digits add up to a total: an
/// arrow (its shaft +1, its circle −1, total 0), a pill arrow (its pill's
/// digits −10 and −1, or −100, −10 and −1), a little killer.
type Weighted = (Vec<(usize, i64)>, i64);

/// Four cells and the digits they hold between them (a quadruple).
type Quad = (Vec<usize>, Vec<u8>);

/// A row or column, in order from its clue, and what the clue asks of
/// it.
type Filling = (Vec<usize>, Clue);

/// What a clue outside the grid asks of its row or column.
#[derive(Clone, Copy, Debug)]
enum Clue {
    /// The digits between its 1 and its highest digit add up to this.
    Sandwich(u32),
    /// Its first `x` digits add up to this, `x` being the first.
    XSum(u32),
    /// This many of its digits are higher than every digit before them.
    Skyscraper(u32),
}

/// An indexer cell: the line it indexes into, in order, and its place
/// in it (0-based).
type Index = (Vec<usize>, usize);

/// Per cell: the cells it must differ from, the cells tied to it by
/// another rule (with the rule), its cages with a sum, its lines, its
/// weighted sums, its quadruples, its sandwiches, and the digits it may
/// hold.
type Bonds<'a> = (
    &'a [Vec<usize>],
    &'a [Vec<Tie>],
    &'a [Vec<&'a Sum>],
    &'a [Vec<&'a Drawn>],
    &'a [Vec<&'a Weighted>],
    &'a [Vec<&'a Quad>],
    &'a [Vec<&'a Filling>],
    &'a [Vec<&'a Index>],
    &'a [u64],
);

/// A cell tied to another: the other, the rule, and whether the rule
/// reads the other's digit first (a minimum cell's rule, seen from its
/// neighbour).
type Tie = (usize, Allows, bool);

use sudokit_core::{
    ClueFamily, ClueSide, EdgeClue, Extremum, Grid, HouseKind, IndexerKind, LineKind, Parity, Relation, SightlineKind,
    UnitKind, Variant,
};

fn below(x: u8, y: u8) -> bool {
    x < y
}

fn above(x: u8, y: u8) -> bool {
    x > y
}

fn same(x: u8, y: u8) -> bool {
    x == y
}

fn not_consecutive(x: u8, y: u8) -> bool {
    x.abs_diff(y) != 1
}

fn consecutive(x: u8, y: u8) -> bool {
    x.abs_diff(y) == 1
}

fn double(x: u8, y: u8) -> bool {
    x == 2 * y || y == 2 * x
}

fn ten(x: u8, y: u8) -> bool {
    x + y == 10
}

fn five(x: u8, y: u8) -> bool {
    x + y == 5
}

fn no_dot(x: u8, y: u8) -> bool {
    !consecutive(x, y) && !double(x, y)
}

fn no_double(x: u8, y: u8) -> bool {
    !double(x, y)
}

fn no_xv(x: u8, y: u8) -> bool {
    !ten(x, y) && !five(x, y)
}

/// The rules of `variant`, derived again: every house (rows, columns,
/// boxes or regions, extra houses), the pairs of cells that must differ
/// beyond them, the pairs tied by another rule on their digits, and the
/// cages' sums.
struct Rules {
    side: usize,
    houses: Vec<Vec<usize>>,
    differ: Vec<(usize, usize)>,
    tied: Vec<(usize, usize, Allows)>,
    sums: Vec<Sum>,
    lines: Vec<Drawn>,
    weighted: Vec<Weighted>,
    quads: Vec<Quad>,
    fillings: Vec<Filling>,
    indexes: Vec<Index>,
    /// Per cell, the digits its pencil marks and parity allow (bit
    /// `d - 1`).
    marks: Vec<u64>,
}

impl Rules {
    fn of(variant: &Variant) -> Rules {
        let shape = variant.shape();
        let (bh, bw, n) = (shape.box_height(), shape.box_width(), shape.side());
        let at = |r: usize, c: usize| r * n + c;
        let mut houses: Vec<Vec<usize>> = Vec::new();
        houses.extend((0..n).map(|r| (0..n).map(|c| at(r, c)).collect()));
        houses.extend((0..n).map(|c| (0..n).map(|r| at(r, c)).collect()));
        match variant.regions() {
            Some(map) => houses.extend((0..n).map(|k| (0..n * n).filter(|&i| usize::from(map[i]) == k).collect())),
            None => houses.extend((0..n).map(|b| {
                let (top, left) = (b / bh * bh, b % bh * bw);
                (0..n).map(|k| at(top + k / bw, left + k % bw)).collect()
            })),
        }
        let kinds: Vec<HouseKind> = variant.extra_houses().iter().map(|h| h.kind()).collect();
        if kinds.contains(&HouseKind::Diagonal) {
            houses.push((0..n).map(|k| at(k, k)).collect());
            houses.push((0..n).map(|k| at(k, n - 1 - k)).collect());
        }
        if kinds.contains(&HouseKind::Window) {
            // One cell in from the edges, one row and column between them.
            let tops: Vec<usize> = (1..n).step_by(bh + 1).filter(|t| t + bh < n).collect();
            let lefts: Vec<usize> = (1..n).step_by(bw + 1).filter(|l| l + bw < n).collect();
            for &t in &tops {
                for &l in &lefts {
                    houses.push((0..bh).flat_map(|r| (0..bw).map(move |c| at(t + r, l + c))).collect());
                }
            }
        }
        if kinds.contains(&HouseKind::DisjointGroup) {
            for place in 0..n {
                houses.push((0..n * n).filter(|&i| (i / n % bh) * bw + i % n % bw == place).collect());
            }
        }
        houses
            .extend(variant.extra_houses().iter().filter(|h| h.kind() == HouseKind::Extra).map(|h| h.cells().to_vec()));
        houses.extend(variant.cages().iter().map(|cage| cage.cells().to_vec()));
        let sums = variant.cages().iter().filter_map(|cage| Some((cage.cells().to_vec(), cage.sum()?))).collect();
        let mut differ = Vec::new();
        let mut tied: Vec<(usize, usize, Allows)> = Vec::new();
        let mut apart = Vec::new();
        for r in 0..n as isize {
            for c in 0..n as isize {
                let bind = |dr: isize, dc: isize, to: &mut Vec<(usize, usize)>| {
                    let (r2, c2) = (r + dr, c + dc);
                    if (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                        to.push((at(r as usize, c as usize), at(r2 as usize, c2 as usize)));
                    }
                };
                for &relation in variant.relations() {
                    match relation {
                        Relation::AntiKing => [(1, 1), (1, -1)].iter().for_each(|&(dr, dc)| bind(dr, dc, &mut differ)),
                        Relation::AntiKnight => {
                            [(1, 2), (1, -2), (2, 1), (2, -1)].iter().for_each(|&(dr, dc)| bind(dr, dc, &mut differ));
                        }
                        Relation::NonConsecutive => {
                            [(0, 1), (1, 0)].iter().for_each(|&(dr, dc)| bind(dr, dc, &mut apart))
                        }
                        _ => unimplemented!("a relation the oracle does not know yet: {relation}"),
                    }
                }
            }
        }
        tied.extend(apart.iter().map(|&(a, b)| (a, b, not_consecutive as Allows)));
        for &(clue, a, b) in variant.edge_clues() {
            let allows: Allows = match clue {
                EdgeClue::White => consecutive,
                EdgeClue::Black => double,
                EdgeClue::X => ten,
                EdgeClue::V => five,
                _ => unimplemented!("a clue the oracle does not know yet: {clue:?}"),
            };
            tied.push((a, b, allows));
        }
        for &family in variant.all_given() {
            let (allows, clues): (Allows, [EdgeClue; 2]) = match family {
                ClueFamily::Kropki => (no_dot, [EdgeClue::White, EdgeClue::Black]),
                ClueFamily::Xv => (no_xv, [EdgeClue::X, EdgeClue::V]),
                // Only black dots count: a white-dotted pair is bound too.
                ClueFamily::BlackDots => (no_double, [EdgeClue::Black, EdgeClue::Black]),
                _ => unimplemented!("a family the oracle does not know yet: {family:?}"),
            };
            for a in 0..n * n {
                for b in [a + 1, a + n].into_iter().filter(|&b| b < n * n && (b == a + n || b % n != 0)) {
                    let clued = variant.edge_clues().iter().any(|&(c, x, y)| clues.contains(&c) && (x, y) == (a, b));
                    if !clued {
                        tied.push((a, b, allows));
                    }
                }
            }
        }
        // A minimum cell holds less than each orthogonal neighbour not
        // marked a minimum, a maximum more: the neighbours found again here
        // from the cell.
        for &(cell, extremum) in variant.extrema() {
            let (r, c) = (cell / n, cell % n);
            let around = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
            let alike = |i: usize| variant.extrema().contains(&(i, extremum));
            for (r2, c2) in around.into_iter().filter(|&(r2, c2)| r2 < n && c2 < n && !alike(at(r2, c2))) {
                let allows: Allows = match extremum {
                    Extremum::Minimum => below,
                    Extremum::Maximum => above,
                    other => unimplemented!("a mark the oracle does not know yet: {other:?}"),
                };
                tied.push((cell, at(r2, c2), allows));
            }
        }
        // Cells at the same place of a clone's two parts hold one digit.
        for (cells, copies) in variant.clones() {
            tied.extend(cells.iter().zip(copies).map(|(&a, &b)| (a, b, same as Allows)));
        }
        let mut marks = match variant.marks() {
            Some(marks) => marks.to_vec(),
            None => vec![u64::MAX; n * n],
        };
        // An even cell keeps the digits d with d % 2 == 0, an odd one the
        // others.
        for &(cell, parity) in variant.parities() {
            let even = match parity {
                Parity::Even => true,
                Parity::Odd => false,
                other => unimplemented!("a parity the oracle does not know yet: {other:?}"),
            };
            let kept = (1..=n as u64).filter(|d| (d % 2 == 0) == even).fold(0, |set, d| set | 1 << (d - 1));
            marks[cell] &= kept;
        }
        let region_of = |i: usize| variant.regions().map_or((i / n / bh) * bh + i % n / bw, |map| usize::from(map[i]));
        let lines = (variant.lines().iter())
            .map(|line| (line.kind(), line.cells().to_vec(), line.cells().iter().map(|&i| region_of(i)).collect()))
            .collect();
        let arrows = variant.arrows().iter().map(|arrow| {
            let shaft = arrow.shaft().iter().map(|&i| (i, 1));
            (shaft.chain([(arrow.circle(), -1)]).collect(), 0)
        });
        let killers = (variant.little_killers().iter())
            .map(|killer| (killer.cells().iter().map(|&i| (i, 1)).collect(), i64::from(killer.total())));
        // A pill's digits weigh 10 and 1 (100, 10 and 1) against its shaft.
        let pills = variant.pill_arrows().iter().map(|arrow| {
            let k = arrow.pill().len() as u32;
            let pill = arrow.pill().iter().enumerate().map(move |(p, &i)| (i, -(10i64.pow(k - 1 - p as u32))));
            (arrow.shaft().iter().map(|&i| (i, 1)).chain(pill).collect(), 0)
        });
        let weighted = arrows.chain(killers).chain(pills).collect();
        let quads = (variant.quadruples().iter()).map(|q| (q.cells().to_vec(), q.digits().to_vec())).collect();
        let fillings = (variant.sandwiches().iter())
            .map(|sandwich| {
                let line = (0..n).map(|k| {
                    if sandwich.unit() == UnitKind::Row { at(sandwich.index(), k) } else { at(k, sandwich.index()) }
                });
                (line.collect(), Clue::Sandwich(sandwich.total()))
            })
            .chain(variant.sightlines().iter().map(|clue| {
                let index = clue.index();
                let mut line: Vec<usize> = match clue.side().unit() {
                    UnitKind::Row => (0..n).map(|k| at(index, k)).collect(),
                    _ => (0..n).map(|k| at(k, index)).collect(),
                };
                if matches!(clue.side(), ClueSide::Right | ClueSide::Bottom) {
                    line.reverse();
                }
                let asked = match clue.kind() {
                    SightlineKind::XSum => Clue::XSum(clue.value()),
                    SightlineKind::Skyscraper => Clue::Skyscraper(clue.value()),
                    other => unimplemented!("a clue the oracle does not know yet: {other:?}"),
                };
                (line, asked)
            }))
            .collect();
        // A column indexer at (r, c) indexes row r at place c; a row
        // indexer at (r, c) column c at place r.
        let indexes = (variant.indexers().iter())
            .map(|indexer| {
                let (r, c) = (indexer.cell() / n, indexer.cell() % n);
                match indexer.kind() {
                    IndexerKind::Column => ((0..n).map(|k| at(r, k)).collect(), c),
                    _ => ((0..n).map(|k| at(k, c)).collect(), r),
                }
            })
            .collect();
        Rules { side: n, houses, differ, tied, sums, lines, weighted, quads, fillings, indexes, marks }
    }

    /// The first broken rule of `values` (0 for an empty cell), if any.
    fn broken(&self, values: &[u8]) -> Option<String> {
        if let Some(i) = (0..values.len()).find(|&i| values[i] != 0 && self.marks[i] >> (values[i] - 1) & 1 == 0) {
            return Some(format!("cell {i} holds {}, which its marks {:#b} leave out", values[i], self.marks[i]));
        }
        for house in &self.houses {
            let mut seen = vec![false; self.side + 1];
            for &i in house {
                if values[i] != 0 && std::mem::replace(&mut seen[usize::from(values[i])], true) {
                    return Some(format!("digit {} twice in the house of cells {house:?}", values[i]));
                }
            }
        }
        let filled = |&(a, b): &(usize, usize)| values[a] != 0 && values[b] != 0;
        if let Some(&(a, b)) = self.differ.iter().filter(|p| filled(p)).find(|&&(a, b)| values[a] == values[b]) {
            return Some(format!("cells {a} and {b} both hold {}", values[a]));
        }
        if let Some(&(a, b, _)) = self
            .tied
            .iter()
            .filter(|&&(a, b, _)| filled(&(a, b)))
            .find(|&&(a, b, allows)| !allows(values[a], values[b]))
        {
            return Some(format!("tied cells {a} and {b} hold {} and {}", values[a], values[b]));
        }
        if let Some((cells, sum)) = self.sums.iter().find(|cage| !sum_reachable(cage, values, self.side)) {
            return Some(format!("the cage of cells {cells:?} cannot add up to {sum}"));
        }
        if let Some((kind, cells, _)) = self.lines.iter().find(|line| !line_holds(line, values, self.side)) {
            return Some(format!("the {kind:?} line of cells {cells:?} is broken"));
        }
        if let Some((cells, total)) = self.weighted.iter().find(|sum| !weighted_reachable(sum, values, self.side)) {
            return Some(format!("the cells {cells:?} cannot add up to {total}"));
        }
        if let Some((cells, digits)) = self.quads.iter().find(|quad| !quad_has_room(quad, values)) {
            return Some(format!("the cells {cells:?} cannot hold {digits:?}"));
        }
        if let Some((line, place)) = self.indexes.iter().find(|index| !index_holds(index, values)) {
            return Some(format!("the indexer at place {place} of {line:?} names no place of its number"));
        }
        if let Some((cells, clue)) = self.fillings.iter().find(|filling| !filling_fits(filling, values, self.side)) {
            return Some(format!("the line of cells {cells:?} breaks its clue {clue:?}"));
        }
        None
    }
}

/// Whether the filled cells of a line can still keep it, from its
/// definition over the whole line (on a full line: whether it keeps it).
/// A thermometer's cell `p` places from the bulb holds at least `p + 1`,
/// leaves room for the cells after it, and lies `q - p` or more below the
/// cell `q` places from the bulb; a slow one never falls; whispers'
/// neighbours lie far enough apart; a palindrome's facing cells agree; a
/// renban's digits differ and span fewer than its cells; any three cells
/// in a row on an entropic line hold different tiers, any `m` on a
/// modular line by `m` different remainders; a between line's inner
/// digits lie strictly between its ends' (and differ from a lone filled
/// end).
fn line_holds((kind, cells, regions): &Drawn, values: &[u8], side: usize) -> bool {
    let filled: Vec<(usize, i64)> =
        cells.iter().enumerate().filter(|&(_, &i)| values[i] != 0).map(|(p, &i)| (p, i64::from(values[i]))).collect();
    let len = cells.len();
    match *kind {
        LineKind::Thermometer => {
            filled.iter().all(|&(p, v)| v > p as i64 && v + (len - 1 - p) as i64 <= side as i64)
                && filled
                    .iter()
                    .all(|&(p, v)| filled.iter().filter(|&&(q, _)| q > p).all(|&(q, w)| w - v >= (q - p) as i64))
        }
        LineKind::SlowThermometer => {
            filled.iter().all(|&(p, v)| filled.iter().filter(|&&(q, _)| q > p).all(|&(_, w)| w >= v))
        }
        LineKind::Whispers(apart) => {
            filled.windows(2).filter(|w| w[1].0 == w[0].0 + 1).all(|w| w[0].1.abs_diff(w[1].1) >= u64::from(apart))
        }
        LineKind::Palindrome => {
            let at = |p: usize| values[cells[p]];
            (0..len / 2).all(|p| at(p) == 0 || at(len - 1 - p) == 0 || at(p) == at(len - 1 - p))
        }
        LineKind::Renban(_) => {
            let digits: Vec<i64> = filled.iter().map(|&(_, v)| v).collect();
            let (low, high) = (digits.iter().min(), digits.iter().max());
            let distinct = digits.iter().enumerate().all(|(k, v)| !digits[..k].contains(v));
            distinct && low.zip(high).is_none_or(|(low, high)| high - low < len as i64)
        }
        LineKind::Between => {
            let (first, last) = (values[cells[0]], values[cells[len - 1]]);
            let inner = filled.iter().filter(|&&(p, _)| p > 0 && p < len - 1).map(|&(_, v)| v);
            match (first, last) {
                (0, 0) => true,
                (0, end) | (end, 0) => inner.clone().all(|v| v != i64::from(end)),
                (a, b) => {
                    let (low, high) = (i64::from(a.min(b)), i64::from(a.max(b)));
                    (len == 2 || high - low >= 2) && inner.clone().all(|v| low < v && v < high)
                }
            }
        }
        LineKind::RegionSum => {
            // The parts: runs of cells in one region; those filled whole
            // add up alike.
            let starts = (0..len).filter(|&p| p == 0 || regions[p] != regions[p - 1]);
            let ends = (1..=len).filter(|&p| p == len || regions[p] != regions[p - 1]);
            let sums: Vec<i64> = starts
                .zip(ends)
                .filter(|&(a, b)| (a..b).all(|p| values[cells[p]] != 0))
                .map(|(a, b)| (a..b).map(|p| i64::from(values[cells[p]])).sum())
                .collect();
            sums.windows(2).all(|w| w[0] == w[1])
        }
        LineKind::Entropic(width) => windows_differ(&filled, len, 3, |v| (v - 1) / i64::from(width)),
        LineKind::Modular(modulus) => windows_differ(&filled, len, modulus as usize, |v| v % i64::from(modulus)),
        other => unimplemented!("a line the oracle does not know yet: {other:?}"),
    }
}

/// Whether, in every `size` cells in a row along a line of `len` cells
/// (the whole line when it is shorter), the filled ones (`(place, digit)`)
/// fall in different classes of `class`.
fn windows_differ(filled: &[(usize, i64)], len: usize, size: usize, class: impl Fn(i64) -> i64) -> bool {
    (0..(len + 1).saturating_sub(size).max(1)).all(|start| {
        let window: Vec<i64> =
            filled.iter().filter(|&&(p, _)| (start..start + size).contains(&p)).map(|&(_, v)| class(v)).collect();
        window.iter().enumerate().all(|(k, c)| !window[..k].contains(c))
    })
}

/// Whether the cage's filled cells leave its sum between the smallest and
/// the largest the digits not in it can add to its empty cells (on a full
/// cage: whether it holds its sum).
fn sum_reachable((cells, sum): &Sum, values: &[u8], side: usize) -> bool {
    let held: Vec<u32> = cells.iter().map(|&i| u32::from(values[i])).filter(|&v| v != 0).collect();
    let empty = cells.len() - held.len();
    let free: Vec<u32> = (1..=side as u32).filter(|d| !held.contains(d)).collect();
    let total: u32 = held.iter().sum();
    let least: u32 = free.iter().take(empty).sum();
    let most: u32 = free.iter().rev().take(empty).sum();
    total + least <= *sum && *sum <= total + most
}

/// Whether the four cells of a quadruple, as filled in `values`, leave its
/// empty ones enough room for the copies of its digits the filled ones
/// lack (on full cells: whether they hold every digit, as often as
/// written).
fn quad_has_room((cells, digits): &Quad, values: &[u8]) -> bool {
    let empty = cells.iter().filter(|&&i| values[i] == 0).count();
    let mut lacking = 0;
    let mut asked: Vec<u8> = digits.clone();
    asked.dedup();
    for &d in &asked {
        let wanted = digits.iter().filter(|&&x| x == d).count();
        let held = cells.iter().filter(|&&i| values[i] == d).count();
        lacking += wanted.saturating_sub(held);
    }
    lacking <= empty
}

/// Whether an indexer, as filled in `values`, keeps its rule so far: when
/// it holds `v`, the `v`-th cell of its line holds its number (place + 1)
/// or is empty; and when a cell of the line holds its number, the indexer
/// names that cell or is empty.
fn index_holds((line, place): &Index, values: &[u8]) -> bool {
    let own = *place as u8 + 1;
    let held = values[line[*place]];
    let target = |v: u8| values[line[usize::from(v) - 1]];
    let named_ok = held == 0 || target(held) == 0 || target(held) == own;
    let found_ok = line.iter().enumerate().all(|(x, &i)| values[i] != own || held == 0 || usize::from(held) == x + 1);
    named_ok && found_ok
}

/// Whether a row or column, as filled in `values`, can still keep its
/// clue (on a full line: whether it keeps it). A sandwich: once its 1 and
/// its highest digit are placed, the digits filled between them add up
/// to no more than the clue, and to the clue once every cell between is
/// filled. An X-sum: once its first digit `x` is placed, the digits
/// filled among the first `x` add up to no more than the clue, and to it
/// once all are filled. Skyscrapers: the digits seen along the filled
/// run from the clue are no more than the clue, and as many once that
/// run reaches the highest digit.
fn filling_fits((cells, clue): &Filling, values: &[u8], side: usize) -> bool {
    let digits: Vec<u8> = cells.iter().map(|&i| values[i]).collect();
    let total = match *clue {
        Clue::Sandwich(total) => total,
        Clue::XSum(total) => {
            let Some(&x) = digits.first().filter(|&&x| x != 0) else { return true };
            let first = &digits[..usize::from(x)];
            let sum: u32 = first.iter().map(|&d| u32::from(d)).sum();
            return if first.contains(&0) { sum <= total } else { sum == total };
        }
        Clue::Skyscraper(count) => {
            let run: Vec<u8> = digits.iter().copied().take_while(|&d| d != 0).collect();
            let seen = (0..run.len()).filter(|&k| run[..k].iter().all(|&d| d < run[k])).count() as u32;
            return if run.contains(&(side as u8)) { seen == count } else { seen <= count };
        }
    };
    let (Some(a), Some(b)) = (digits.iter().position(|&d| d == 1), digits.iter().position(|&d| usize::from(d) == side))
    else {
        return true;
    };
    let between = &digits[a.min(b) + 1..a.max(b)];
    let sum: u32 = between.iter().map(|&d| u32::from(d)).sum();
    if between.contains(&0) { sum <= total } else { sum == total }
}

/// Whether the filled cells of a weighted sum leave its total between
/// the least and the most its empty cells can bring, each any digit from
/// 1 to the side (on a full sum: whether it adds up).
fn weighted_reachable((cells, total): &Weighted, values: &[u8], side: usize) -> bool {
    let (mut low, mut high) = (0i64, 0i64);
    for &(i, weight) in cells {
        let (a, b) = match values[i] {
            0 => (weight, weight * side as i64),
            v => (weight * i64::from(v), weight * i64::from(v)),
        };
        (low, high) = (low + a.min(b), high + a.max(b));
    }
    (low..=high).contains(total)
}

/// Checks that `answer` solves `puzzle` under `variant`: every cell filled
/// with `1..=side`, every given kept, no rule broken.
///
/// # Errors
/// A message saying what is wrong, for the test's failure output.
pub fn check_variant_solution(puzzle: &Grid, variant: &Variant, answer: &Grid) -> Result<(), String> {
    let rules = Rules::of(variant);
    let (given, cells) = (puzzle.values(), answer.values());
    if given.len() != cells.len() || cells.len() != rules.side * rules.side {
        return Err(format!("{} cells in the answer, {} in the puzzle", cells.len(), given.len()));
    }
    if let Some(i) = cells.iter().position(|&v| v == 0 || usize::from(v) > rules.side) {
        return Err(format!("cell {i} holds {}", cells[i]));
    }
    if let Some(i) = (0..cells.len()).find(|&i| given[i] != 0 && given[i] != cells[i]) {
        return Err(format!("given {} at cell {i} became {}", given[i], cells[i]));
    }
    rules.broken(cells).map_or(Ok(()), Err)
}

/// Counts the solutions of `puzzle` under `variant` up to `limit`, by
/// naive backtracking (fewest-digits cell first), and gives the first;
/// 0 for givens that break a rule. Meant for small or well-filled grids.
pub fn count_variant_solutions(puzzle: &Grid, variant: &Variant, limit: u64) -> (u64, Option<Grid>) {
    let rules = Rules::of(variant);
    let mut cells = puzzle.values().to_vec();
    if limit == 0 || rules.broken(&cells).is_some() {
        return (0, None);
    }
    // Per cell, the cells it must differ from and those tied to it by
    // another rule.
    let mut differ = vec![Vec::new(); cells.len()];
    for house in &rules.houses {
        for &a in house {
            differ[a].extend(house.iter().copied().filter(|&b| b != a));
        }
    }
    for &(a, b) in &rules.differ {
        differ[a].push(b);
        differ[b].push(a);
    }
    let mut tied = vec![Vec::new(); cells.len()];
    for &(a, b, allows) in &rules.tied {
        tied[a].push((b, allows, false));
        tied[b].push((a, allows, true));
    }
    let mut sum_of = vec![Vec::new(); cells.len()];
    for cage in &rules.sums {
        cage.0.iter().for_each(|&i| sum_of[i].push(cage));
    }
    let mut line_of = vec![Vec::new(); cells.len()];
    for line in &rules.lines {
        line.1.iter().for_each(|&i| line_of[i].push(line));
    }
    let mut weighted_of = vec![Vec::new(); cells.len()];
    for sum in &rules.weighted {
        sum.0.iter().for_each(|&(i, _)| weighted_of[i].push(sum));
    }
    let mut quads_of = vec![Vec::new(); cells.len()];
    for quad in &rules.quads {
        quad.0.iter().for_each(|&i| quads_of[i].push(quad));
    }
    let mut fillings_of = vec![Vec::new(); cells.len()];
    for filling in &rules.fillings {
        filling.0.iter().for_each(|&i| fillings_of[i].push(filling));
    }
    let mut indexes_of = vec![Vec::new(); cells.len()];
    for index in &rules.indexes {
        index.0.iter().for_each(|&i| indexes_of[i].push(index));
    }
    let mut found = (0, None);
    let bonds = (
        &differ[..],
        &tied[..],
        &sum_of[..],
        &line_of[..],
        &weighted_of[..],
        &quads_of[..],
        &fillings_of[..],
        &indexes_of[..],
        &rules.marks[..],
    );
    search(&mut cells, bonds, rules.side, limit, &mut found);
    (found.0, found.1.and_then(|values| Grid::from_values(puzzle.shape(), &values).ok()))
}

fn search(
    cells: &mut [u8],
    (differ, tied, sum_of, line_of, weighted_of, quads_of, fillings_of, indexes_of, marks): Bonds<'_>,
    side: usize,
    limit: u64,
    found: &mut (u64, Option<Vec<u8>>),
) {
    let allowed = |cells: &[u8], i: usize| -> Vec<u8> {
        (1..=side as u8)
            .filter(|&v| marks[i] >> (v - 1) & 1 == 1)
            .filter(|&v| differ[i].iter().all(|&j| cells[j] != v))
            .filter(|&v| {
                tied[i].iter().all(|&(j, allows, flipped)| {
                    cells[j] == 0 || if flipped { allows(cells[j], v) } else { allows(v, cells[j]) }
                })
            })
            .collect()
    };
    let best = (0..cells.len()).filter(|&i| cells[i] == 0).map(|i| (allowed(cells, i), i)).min_by_key(|(d, _)| d.len());
    let Some((digits, i)) = best else {
        found.0 += 1;
        found.1.get_or_insert_with(|| cells.to_vec());
        return;
    };
    for v in digits {
        cells[i] = v;
        let keeps = |cells: &[u8]| {
            line_of[i].iter().all(|line| line_holds(line, cells, side))
                && weighted_of[i].iter().all(|sum| weighted_reachable(sum, cells, side))
                && quads_of[i].iter().all(|quad| quad_has_room(quad, cells))
                && fillings_of[i].iter().all(|filling| filling_fits(filling, cells, side))
                && indexes_of[i].iter().all(|index| index_holds(index, cells))
        };
        if sum_of[i].iter().all(|cage| sum_reachable(cage, cells, side)) && keeps(cells) {
            let bonds = (differ, tied, sum_of, line_of, weighted_of, quads_of, fillings_of, indexes_of, marks);
            search(cells, bonds, side, limit, found);
        }
        cells[i] = 0;
        if found.0 >= limit {
            return;
        }
    }
}

/// For each cell, the digits some solution of `puzzle` under `variant`
/// puts there (bit `d - 1` for digit `d`), by definition: every digit of
/// every cell given in turn, and counted by [`count_variant_solutions`].
/// Meant for small grids.
pub fn variant_true_candidates(puzzle: &Grid, variant: &Variant) -> Vec<u64> {
    crate::oracle::candidates_by_trial(puzzle, |grid| count_variant_solutions(grid, variant, 1).0 > 0)
}
