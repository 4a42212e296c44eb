//! Unique loops, as Sudoku Explainer finds them: rectangles and longer
//! loops of cells that would let two digits swap.

use sudokit_core::Digit;
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Score, Step, Technique};
use crate::human::strategy::Strategy;

/// Unique loops (4.5 for a rectangle, 4.6 for six cells, 4.7 for eight,
/// 5.0 for ten or more): a loop of cells, each holding two digits `a` and
/// `b` (and maybe more), where every house holds two of its cells or none
/// and each cell's houses alternate along the loop; if every cell held
/// only `a` and `b` they could swap, so a puzzle with one solution needs
/// another digit in one of them. Type 1: one cell holds more, and loses
/// `a` and `b`. Type 2: the cells that hold more share one extra digit,
/// which leaves every cell seeing them all. Type 3: the extras of two
/// cells form a naked subset with other cells of their house (plus 0.1
/// per digit beyond a pair), or a hidden one. Type 4: `a` or `b` is
/// confined to the two cells in a house, so the other digit leaves them.
/// Sudoku Explainer's search, order and choice (easiest, then lowest
/// type).
#[derive(Clone, Copy, Debug)]
pub struct UniqueLoops;

impl Strategy for UniqueLoops {
    fn name(&self) -> &'static str {
        "Unique loops"
    }

    fn assumes_uniqueness(&self) -> bool {
        true
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if !position.is_standard() {
            return None;
        }
        let mut hints: Vec<Hint> = Vec::new();
        let mut walk = Walk::new(position);
        for cell in 0..position.len() {
            let cands = position.cands(cell);
            if cands.len() != 2 {
                continue;
            }
            let (Some(a), Some(b)) = (cands.iter().next(), cands.iter().nth(1)) else { continue };
            let mut loops = Vec::new();
            let started = walk.push(position, cell);
            debug_assert!(started, "an empty walk takes any cell");
            extend(position, (a, b), &mut walk, 2, Candidates::EMPTY, None, &mut loops);
            walk.pop(position);
            for cells in loops {
                for hint in hints_of(position, &cells, (a, b)) {
                    let same = |h: &Hint| {
                        h.type_ == hint.type_
                            && h.cells.len() == cells.len()
                            && cells.iter().all(|c| h.cells.contains(c))
                    };
                    if !hint.removed.is_empty() && !hints.iter().any(same) {
                        hints.push(hint);
                    }
                }
            }
        }
        hints.sort_by_key(|h| (h.score, h.type_));
        let best = hints.into_iter().next()?;
        let digits = Candidates::single(best.pair.0) | Candidates::single(best.pair.1);
        let technique = if best.cells.len() == 4 { Technique::UniqueRectangle } else { Technique::UniqueLoop };
        let pattern = Pattern::Cells {
            digits,
            cells: best.cells.iter().map(|&c| position.cell(c)).collect(),
            variant: best.type_,
        };
        let removed = best.removed.iter().map(|&(c, d)| (position.cell(c), d)).collect();
        Some(Step::new(technique, pattern).with_score(Score::from_tenths(best.score)).eliminating(removed))
    }
}

/// One unique loop step found.
struct Hint {
    cells: Vec<usize>,
    pair: (Digit, Digit),
    type_: u8,
    score: u16,
    removed: Vec<(usize, Digit)>,
}

/// The cells of a walk, in order and as a set.
struct Walk {
    path: Vec<usize>,
    on_path: Vec<bool>,
    /// The houses of the cells at even places of the path, and at odd
    /// ones, as bits (a grid has at most 105 houses). A loop is valid
    /// when every house met at odd places is met once, likewise at even
    /// places, and both sets are the same: the walk keeps the first
    /// condition as it goes, and the second is that the two are equal.
    houses: [u128; 2],
}

impl Walk {
    fn new(position: &Position) -> Walk {
        debug_assert!(3 * position.side() <= 128);
        Walk { path: Vec::new(), on_path: vec![false; position.len()], houses: [0; 2] }
    }

    /// The houses of `cell` as bits.
    fn houses_of(position: &Position, cell: usize) -> u128 {
        position.se_houses(cell).iter().fold(0, |bits, &u| bits | 1 << u)
    }

    /// Adds `cell` to the path unless it meets a house again among the
    /// cells of its parity: a walk that does can never make a valid loop.
    /// Returns whether it was added.
    fn push(&mut self, position: &Position, cell: usize) -> bool {
        let (houses, parity) = (Walk::houses_of(position, cell), self.path.len() % 2);
        if houses & self.houses[parity] != 0 {
            return false;
        }
        self.houses[parity] |= houses;
        self.path.push(cell);
        self.on_path[cell] = true;
        true
    }

    /// Whether the path, back at its first cell, is a valid loop.
    fn closes(&self) -> bool {
        self.houses[0] == self.houses[1]
    }

    fn pop(&mut self, position: &Position) {
        if let Some(cell) = self.path.pop() {
            self.on_path[cell] = false;
            self.houses[self.path.len() % 2] &= !Walk::houses_of(position, cell);
        }
    }
}

/// Sudoku Explainer's depth-first walk: from the loop's last cell, through
/// a house of another kind than the one it came by, to a cell holding
/// both digits (at most two cells with more digits, unless those more
/// are the same single digit), until back at the first cell.
fn extend(
    position: &Position,
    (a, b): (Digit, Digit),
    walk: &mut Walk,
    allowed: usize,
    extras: Candidates,
    came_by: Option<usize>,
    loops: &mut Vec<Vec<usize>>,
) {
    let cell = *walk.path.last().expect("a path has its start");
    let first = walk.path[0];
    let pair = Candidates::single(a) | Candidates::single(b);
    // Sudoku Explainer adds each candidate's extras as it meets it, for
    // the later candidates of the same walk too.
    let mut extras = extras;
    for (kind, u) in position.se_houses(cell).into_iter().enumerate() {
        if came_by == Some(kind) {
            continue;
        }
        for &next in position.layout().unit(u) {
            let next = next as usize;
            if next == first && walk.path.len() >= 4 {
                if walk.closes() {
                    loops.push(walk.path.clone());
                }
            } else if !walk.on_path[next] {
                let cands = position.cands(next);
                if cands & pair == pair {
                    extras |= cands - pair;
                    let wide = cands.len() > 2;
                    if (!wide || extras.len() == 1 || allowed > 0) && walk.push(position, next) {
                        extend(
                            position,
                            (a, b),
                            walk,
                            allowed - usize::from(wide && allowed > 0),
                            extras,
                            Some(kind),
                            loops,
                        );
                        walk.pop(position);
                    }
                }
            }
        }
    }
}

/// Sudoku Explainer's score of a loop of `len` cells.
fn base_score(len: usize) -> u16 {
    45 + if len >= 10 { 3 } else { 0 }
        + if len >= 8 {
            2
        } else if len >= 6 {
            1
        } else {
            0
        }
}

/// The steps of one loop, in Sudoku Explainer's order.
fn hints_of(position: &Position, cells: &[usize], (a, b): (Digit, Digit)) -> Vec<Hint> {
    let pair = Candidates::single(a) | Candidates::single(b);
    let wide: Vec<usize> = cells.iter().copied().filter(|&c| position.cands(c).len() > 2).collect();
    let base = base_score(cells.len());
    let hint = |type_: u8, score: u16, removed: Vec<(usize, Digit)>| Hint {
        cells: cells.to_vec(),
        pair: (a, b),
        type_,
        score,
        removed,
    };
    let mut out = Vec::new();
    match wide[..] {
        [rescue] => out.push(hint(1, base, pair.iter().map(|d| (rescue, d)).collect())),
        [r1, r2] => {
            let extras = (position.cands(r1) | position.cands(r2)) - pair;
            if extras.len() == 1 {
                out.push(hint(2, base, type_two(position, &wide, pair)));
            } else if extras.len() >= 2 {
                for (score, removed) in type_three(position, (r1, r2), pair) {
                    out.push(hint(3, base + score, removed));
                }
            }
            if let Some(removed) = type_four(position, (r1, r2), (a, b)) {
                out.push(hint(4, base, removed));
            }
        }
        _ if wide.len() > 2 => out.push(hint(2, base, type_two(position, &wide, pair))),
        _ => {}
    }
    out
}

/// Type 2: the lowest extra digit of the first wide cell leaves every
/// other cell that sees all wide cells.
fn type_two(position: &Position, wide: &[usize], pair: Candidates) -> Vec<(usize, Digit)> {
    let Some(digit) = (position.cands(wide[0]) - pair).first() else { return Vec::new() };
    let peers = |c: usize| position.layout().peers(c).iter().map(|&p| p as usize).collect::<Vec<_>>();
    let mut common = peers(wide[0]);
    for &w in &wide[1..] {
        let others = peers(w);
        common.retain(|c| others.contains(c));
    }
    common.sort_unstable();
    common.into_iter().filter(|c| !wide.contains(c) && position.cands(*c).contains(digit)).map(|c| (c, digit)).collect()
}

/// Combinations of `k` of `n` positions as bit masks, in increasing order
/// of the mask (Sudoku Explainer's `Permutations`).
fn masks(n: usize, k: usize) -> impl Iterator<Item = u64> {
    let mut next = (k <= n && k > 0).then(|| (1u64 << k) - 1);
    std::iter::from_fn(move || {
        let mask = next?;
        let low = mask & mask.wrapping_neg();
        let ripple = mask + low;
        let grown = ripple | (((mask ^ ripple) >> 2) / low);
        next = (grown < 1 << n).then_some(grown);
        Some(mask)
    })
}

/// Type 3, naked then hidden, for each subset size and house: the
/// removals and the bonus (0.1 per digit, or cell, beyond a pair).
fn type_three(position: &Position, (c1, c2): (usize, usize), pair: Candidates) -> Vec<(u16, Vec<(usize, Digit)>)> {
    let layout = position.layout();
    let extra = (position.cands(c1) | position.cands(c2)) - pair;
    let mut out = Vec::new();
    for degree in extra.len()..=7 {
        for u in position.se_houses(c1) {
            if !position.se_houses(c2).contains(&u) {
                continue;
            }
            let unit = layout.unit(u);
            let empty = position.empty_cells(u).count();
            let k1 = unit.iter().position(|&c| c as usize == c1).expect("c1 is in its house");
            let k2 = unit.iter().position(|&c| c as usize == c2).expect("c2 is in its house");
            if degree * 2 <= empty {
                for mask in masks(unit.len(), degree).filter(|m| m >> k1 & 1 == 1 && m >> k2 & 1 == 0) {
                    // The subset's other cells: the mask's, but `c1`.
                    let others = mask & !(1 << k1);
                    let mut naked = extra & position.cands(c1) & position.cands(c2);
                    let mut cards_ok = extra.len() > 1;
                    let mut union = extra;
                    let mut rest = others;
                    while rest != 0 {
                        let o = usize::from(unit[rest.trailing_zeros() as usize]);
                        rest &= rest - 1;
                        naked |= position.cands(o);
                        cards_ok &= position.cands(o).len() > 1;
                        union |= position.cands(o);
                    }
                    if naked.len() != degree || !cards_ok || union.len() != degree {
                        continue;
                    }
                    let removed: Vec<(usize, Digit)> = (0..unit.len())
                        .filter(|&k| others >> k & 1 == 0 && k != k1 && k != k2)
                        .map(|k| usize::from(unit[k]))
                        .flat_map(|c| (position.cands(c) & union).iter().map(move |d| (c, d)))
                        .collect();
                    if !removed.is_empty() {
                        out.push((union.len() as u16 - 1, removed));
                    }
                }
            }
            if degree * 2 < empty && degree >= 2 {
                let rest: Vec<Digit> = (Candidates::full(position.side()) - pair - extra).iter().collect();
                for mask in masks(rest.len(), degree - 2).chain((degree == 2).then_some(0)) {
                    // The subset's digits: the mask's of `rest`, and the pair.
                    let mut hidden = pair;
                    let mut picked = mask;
                    while picked != 0 {
                        hidden.insert(rest[picked.trailing_zeros() as usize]);
                        picked &= picked - 1;
                    }
                    let (mut common, mut everywhere) = (0u64, true);
                    for d in hidden.iter() {
                        let places = position.places(u, d) & !(1 << k2);
                        everywhere &= places != 0;
                        common |= places;
                    }
                    if !everywhere || common.count_ones() as usize != degree {
                        continue;
                    }
                    let cells = common & !(1 << k1);
                    let removed: Vec<(usize, Digit)> = (0..unit.len())
                        .filter(|&k| cells >> k & 1 == 1)
                        .map(|k| unit[k] as usize)
                        .flat_map(|c| (position.cands(c) - hidden).iter().map(move |d| (c, d)))
                        .collect();
                    if !removed.is_empty() {
                        out.push((cells.count_ones() as u16 - 1, removed));
                    }
                }
            }
        }
    }
    out
}

/// Type 4: in a house holding both wide cells, one digit of the pair has
/// no other place, so the other digit leaves them.
fn type_four(position: &Position, (c1, c2): (usize, usize), (a, b): (Digit, Digit)) -> Option<Vec<(usize, Digit)>> {
    let (mut lock_a, mut lock_b) = (false, false);
    for u in position.se_houses(c1) {
        if !position.se_houses(c2).contains(&u) {
            continue;
        }
        let elsewhere = |d: Digit| {
            position
                .layout()
                .unit(u)
                .iter()
                .map(|&c| c as usize)
                .any(|c| c != c1 && c != c2 && position.cands(c).contains(d))
        };
        lock_a |= !elsewhere(a);
        lock_b |= !elsewhere(b);
    }
    let gone = if lock_a {
        b
    } else if lock_b {
        a
    } else {
        return None;
    };
    Some(vec![(c1, gone), (c2, gone)])
}
