//! Aligned pair exclusion: two cells cannot take a pair of digits that
//! would empty a bivalue cell seeing both.

use crate::human::strategy::KINDS_PLAYED;
use sudokit_core::{Digit, RuleKinds, Shape};
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Score, Step, Technique};
use crate::human::strategy::Strategy;

/// Aligned pair exclusion (6.2): for two empty cells seen by at least two
/// common bivalue cells (Sudoku Explainer's condition), a pair of digits
/// `(a, b)` is impossible when a bivalue cell seeing both holds exactly
/// `{a, b}`, or when `a == b` and the two cells see each other. A
/// candidate of either cell that belongs to no possible pair goes.
#[derive(Clone, Copy, Debug)]
pub struct AlignedPairExclusion;

impl Strategy for AlignedPairExclusion {
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn name(&self) -> &'static str {
        "Aligned pair exclusion"
    }

    fn least_score(&self) -> Option<Score> {
        Some(Technique::AlignedPairExclusion.base_score())
    }

    fn find(&self, position: &Position) -> Option<Step> {
        let bivalue: Vec<usize> = (0..position.len()).filter(|&i| position.cands(i).len() == 2).collect();
        let (mut near, mut excluders) = (Vec::new(), Vec::new());
        (0..position.len()).filter(|&a| position.cands(a).len() >= 2).find_map(|a| {
            // The bivalue cells seeing `a`, the only ones that can see both.
            near.clear();
            near.extend(bivalue.iter().copied().filter(|&c| position.sees(c, a)));
            position.peers(a).iter().copied().filter(|&b| b > a && position.cands(b).len() >= 2).find_map(|b| {
                excluders.clear();
                excluders.extend(near.iter().copied().filter(|&c| c != b && position.sees(c, b)));
                // Without an excluder, every pair of digits but a
                // repeated one is possible, and each cell has two.
                if excluders.is_empty() {
                    return None;
                }
                exclude(position, a, b, &excluders)
            })
        })
    }
}

/// The step that the bivalue cells `excluders` (each seeing `a` and `b`)
/// give, if any.
fn exclude(position: &Position, a: usize, b: usize, excluders: &[usize]) -> Option<Step> {
    let clash = position.sees(a, b);
    let impossible = |x: Digit, y: Digit| {
        let pair = Candidates::single(x) | Candidates::single(y);
        (x == y && clash) || excluders.iter().any(|&c| position.cands(c) == pair)
    };
    let allowed = |x: Digit, y: Digit| !impossible(x, y);
    let (ca, cb) = (position.cands(a), position.cands(b));
    let keep_a: Candidates = ca.iter().filter(|&x| cb.iter().any(|y| allowed(x, y))).collect();
    let keep_b: Candidates = cb.iter().filter(|&y| ca.iter().any(|x| allowed(x, y))).collect();
    if keep_a == ca && keep_b == cb {
        return None;
    }
    let removed: Vec<_> = (ca - keep_a)
        .iter()
        .map(|d| (position.cell(a), d))
        .chain((cb - keep_b).iter().map(|d| (position.cell(b), d)))
        .collect();
    if removed.is_empty() {
        return None;
    }
    let used: Vec<usize> = excluders.iter().copied().filter(|&c| (position.cands(c) - (ca | cb)).is_empty()).collect();
    let cells = [a, b].iter().chain(&used).map(|&i| position.cell(i)).collect();
    let pattern = Pattern::Cells { digits: ca | cb, cells, variant: 0 };
    Some(Step::new(Technique::AlignedPairExclusion, pattern).eliminating(removed))
}

/// Aligned triple exclusion (7.5), Sudoku Explainer's aligned exclusion
/// of three cells: for three cells with at least two common "excluders"
/// (cells seeing all three, with two or three candidates), a combination
/// of one digit per cell is impossible when two cells that see each other
/// take the same digit, or when it covers every candidate of an excluder.
/// A candidate that belongs to no possible combination goes.
#[derive(Clone, Copy, Debug)]
pub struct AlignedTripleExclusion;

impl Strategy for AlignedTripleExclusion {
    fn rule_kinds(&self) -> RuleKinds {
        KINDS_PLAYED
    }

    fn name(&self) -> &'static str {
        "Aligned triple exclusion"
    }

    fn least_score(&self) -> Option<Score> {
        Some(Technique::AlignedTripleExclusion.base_score())
    }

    fn find(&self, position: &Position) -> Option<Step> {
        // Cell sets as arrays of a fixed size: two words hold a 9×9 grid.
        match position.len().div_ceil(64) {
            0..=2 => triples::<2>(position),
            3 | 4 => triples::<4>(position),
            _ => triples::<{ CELL_WORDS }>(position),
        }
    }
}

/// Words enough for a set of cells of the largest grid.
const CELL_WORDS: usize = (Shape::MAX_SIDE * Shape::MAX_SIDE).div_ceil(64);

/// [`AlignedTripleExclusion`]'s search, with sets of cells in `W` words.
fn triples<const W: usize>(position: &Position) -> Option<Step> {
    debug_assert!(position.len() <= 64 * W);
    let (cells, excluders) = aligned_candidates(position, 3);
    if cells.len() < 3 {
        return None;
    }
    // Each cell's excluders as a set.
    let sets: Vec<[u64; W]> = excluders
        .iter()
        .map(|list| {
            let mut set = [0u64; W];
            for &c in list {
                set[c / 64] |= 1 << (c % 64);
            }
            set
        })
        .collect();
    let both_of = |a: &[u64; W], b: &[u64; W]| -> [u64; W] { std::array::from_fn(|w| a[w] & b[w]) };
    let has = |set: &[u64; W], c: usize| set[c / 64] >> (c % 64) & 1 == 1;
    let bits_of: Vec<u64> = (0..position.len()).map(|c| position.cands(c).bits()).collect();
    let mut index = vec![usize::MAX; position.len()];
    for (k, &c) in cells.iter().enumerate() {
        index[c] = k;
    }
    // The pair for which a cell was last tried as the third.
    let mut tried = vec![usize::MAX; position.len()];
    let mut forbidden = Vec::new();
    // Pairs in Sudoku Explainer's order (by second index, then first),
    // then a third cell from what either excludes, in their order.
    for j in 1..cells.len() {
        for i in 0..j {
            let pair = both_of(&sets[i], &sets[j]);
            if !at_least_two(pair.iter().copied()) {
                continue;
            }
            let (c0, c1) = (cells[i], cells[j]);
            let sees01 = position.sees(c0, c1);
            let stamp = j * cells.len() + i;
            for &c2 in excluders[i].iter().chain(&excluders[j]) {
                let k = index[c2];
                if c2 == c0 || c2 == c1 || k == usize::MAX || tried[c2] == stamp {
                    continue;
                }
                tried[c2] = stamp;
                let both = both_of(&pair, &sets[k]);
                if !at_least_two(both.iter().copied()) {
                    continue;
                }
                // The same three cells met from an earlier pair found
                // nothing then, and would find nothing now.
                let met_before = |(p, q): (usize, usize), r: usize| {
                    let (first, second) = (p.min(q), p.max(q));
                    let third = cells[r];
                    (second, first) < (j, i) && (has(&sets[p], third) || has(&sets[q], third))
                };
                if met_before((i, k), j) || met_before((j, k), i) {
                    continue;
                }
                let triple = [c0, c1, c2];
                let bits = triple.map(|c| bits_of[c]);
                // An excluder with a digit none of the cells has forbids
                // nothing.
                let all = bits[0] | bits[1] | bits[2];
                forbidden.clear();
                for (w, &word) in both.iter().enumerate() {
                    let mut rest = word;
                    while rest != 0 {
                        let f = bits_of[w * 64 + rest.trailing_zeros() as usize];
                        rest &= rest - 1;
                        if f & !all == 0 {
                            forbidden.push(f);
                        }
                    }
                }
                let sight = [sees01, position.sees(c0, c2), position.sees(c1, c2)];
                if let Some(allowed) = allowed_digits(bits, sight, &forbidden) {
                    // The common excluders, in Sudoku Explainer's order.
                    let common: Vec<usize> = excluders[i].iter().copied().filter(|&c| has(&both, c)).collect();
                    if let Some(step) = triple_step(position, triple, allowed, &common) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Whether the words hold two set bits or more between them.
fn at_least_two(words: impl Iterator<Item = u64>) -> bool {
    let mut any = false;
    for w in words {
        if w & w.wrapping_sub(1) != 0 || (any && w != 0) {
            return true;
        }
        any |= w != 0;
    }
    false
}

/// Sudoku Explainer's cells for an aligned exclusion of `degree` cells:
/// the cells of two candidates or more, with the cells of their houses
/// that have two to `degree` candidates (their excluders), when they have
/// any; ascending.
fn aligned_candidates(position: &Position, degree: usize) -> (Vec<usize>, Vec<Vec<usize>>) {
    let (mut cells, mut excluders) = (Vec::new(), Vec::new());
    for cell in (0..position.len()).filter(|&c| position.cands(c).len() >= 2) {
        let mut own = Vec::new();
        let mut single = false;
        for &p in position.se_house_cells(cell) {
            let n = position.cands(p).len();
            if n == 1 && position.placed(p) == 0 {
                single = true;
            } else if (2..=degree).contains(&n) {
                own.push(p);
            }
        }
        if !single && !own.is_empty() {
            cells.push(cell);
            excluders.push(own);
        }
    }
    (cells, excluders)
}

/// The digits of each cell (`bits`) that take part in some possible
/// combination, one digit per cell: two cells in sight of each other
/// (`sees`: cells 0 and 1, 0 and 2, 1 and 2) differ, and a combination
/// covers no excluder's candidates (`forbidden`). `None` when that is all
/// of them.
fn allowed_digits(bits: [u64; 3], sees: [bool; 3], forbidden: &[u64]) -> Option<[u64; 3]> {
    if forbidden.is_empty() && sees == [false; 3] {
        return None;
    }
    let mut allowed = [0u64; 3];
    let mut xs = bits[0];
    while xs != 0 {
        let x = xs & xs.wrapping_neg();
        xs ^= x;
        let mut ys = bits[1] & if sees[0] { !x } else { !0 };
        while ys != 0 {
            let y = ys & ys.wrapping_neg();
            ys ^= y;
            // The third digits that complete `x` and `y`: an excluder
            // within `x | y` forbids them all, one with a single digit
            // more forbids that digit.
            let mut zs = bits[2] & (if sees[1] { !x } else { !0 }) & (if sees[2] { !y } else { !0 });
            for &f in forbidden {
                let rest = f & !(x | y);
                if rest & rest.wrapping_sub(1) == 0 {
                    zs &= !rest;
                    if rest == 0 {
                        zs = 0;
                    }
                }
            }
            if zs != 0 {
                allowed[0] |= x;
                allowed[1] |= y;
                allowed[2] |= zs;
                let rest = (allowed[1] ^ bits[1]) | (allowed[2] ^ bits[2]);
                if rest | (allowed[0] ^ bits[0]) == 0 {
                    // Every candidate takes part in a combination.
                    return None;
                }
                if rest == 0 {
                    // The other cells' digits are all in: only `x` was
                    // still to show, and it has.
                    break;
                }
            }
        }
    }
    Some(allowed)
}

/// The step of the triple `cells` whose excluders `common` leave only
/// the digits `allowed`, if it removes anything.
fn triple_step(position: &Position, cells: [usize; 3], allowed: [u64; 3], common: &[usize]) -> Option<Step> {
    let cands = cells.map(|c| position.cands(c));
    let allowed = allowed.map(Candidates::from_bits);
    let removed: Vec<(sudokit_core::Cell, Digit)> =
        (0..3).flat_map(|k| (cands[k] - allowed[k]).iter().map(move |d| (position.cell(cells[k]), d))).collect();
    if removed.is_empty() {
        return None;
    }
    let pattern = Pattern::Cells {
        digits: cands[0] | cands[1] | cands[2],
        cells: cells.iter().chain(common).map(|&i| position.cell(i)).collect(),
        variant: 0,
    };
    Some(Step::new(Technique::AlignedTripleExclusion, pattern).eliminating(removed))
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Budget, Grid, SearchTally};

    use super::*;
    use crate::human::lists;
    use crate::human::strategy::{Cache, first_step};

    #[test]
    fn triples_are_the_same_at_every_width() {
        // Sudoku Explainer's path for this puzzle takes an aligned triple
        // exclusion (reference set, magictour).
        let puzzle: Grid =
            ".237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8.......".parse().unwrap();
        let mut position = Position::new(&puzzle).unwrap();
        let budget = Budget::unlimited();
        let mut found = 0;
        let mut cache = Cache::new();
        while let Some(step) =
            first_step(lists::standard(), &position, &mut SearchTally::new(&budget, 0), &mut cache).unwrap()
        {
            let narrow = triples::<2>(&position);
            assert_eq!(narrow, triples::<4>(&position));
            assert_eq!(narrow, triples::<{ CELL_WORDS }>(&position));
            found += usize::from(narrow.is_some());
            position.apply(&step).unwrap();
        }
        assert!(found > 0, "the path meets an aligned triple exclusion");
    }
}
