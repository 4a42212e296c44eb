//! The narrowing of a region-sum line ([`LineKind::RegionSum`]): its
//! parts, one per region it passes through, add up to one sum. Each part
//! lies in one region, so its digits differ; a short part is filled digit
//! by digit, a long one kept by its bounds.
//!
//! [`LineKind::RegionSum`]: crate::LineKind::RegionSum

use std::ops::Range;

/// Parts up to this many cells are filled digit by digit (at most
/// 9·8·7·6 fillings on 9×9); longer ones are kept by their bounds.
const LISTED: usize = 4;

/// Narrows `allowed` (the line's candidates, in order; `parts` where each
/// part starts): every cell keeps the digits some filling of its part
/// gives it whose sum every other part can reach. `false` when a cell is
/// left nothing or no sum is common to every part.
pub(crate) fn narrow(parts: &[usize], allowed: &mut [u64]) -> bool {
    if allowed.contains(&0) {
        return false;
    }
    let ends = parts.iter().skip(1).copied().chain([allowed.len()]);
    let ranges: Vec<Range<usize>> = parts.iter().zip(ends).map(|(&a, b)| a..b).collect();
    if ranges.len() < 2 || ranges.iter().any(|r| r.start >= r.end || r.end > allowed.len()) {
        return ranges.len() < 2;
    }
    let tables: Vec<PartSums> = ranges.iter().map(|r| PartSums::of(&allowed[r.clone()])).collect();
    let most = tables.iter().map(|t| t.reached.len()).min().unwrap_or(0);
    let common: Vec<bool> = (0..most).map(|s| tables.iter().all(|t| t.reached[s])).collect();
    if !common.contains(&true) {
        return false;
    }
    for (range, table) in ranges.into_iter().zip(&tables) {
        table.keep(&mut allowed[range], &common);
    }
    allowed.iter().all(|&a| a != 0)
}

/// The highest and lowest digit of a set.
fn high(set: u64) -> usize {
    64 - set.leading_zeros() as usize
}

fn low(set: u64) -> usize {
    set.trailing_zeros() as usize + 1
}

/// What one part can add up to: the sums it reaches and, for a short
/// part, the digits each cell holds in some filling of each sum.
struct PartSums {
    reached: Vec<bool>,
    /// Per sum, each cell's digits in its fillings (short parts only).
    support: Vec<[u64; LISTED]>,
}

impl PartSums {
    fn of(cells: &[u64]) -> PartSums {
        let most: usize = cells.iter().map(|&a| high(a)).sum();
        let mut reached = vec![false; most + 1];
        let mut support = Vec::new();
        if cells.len() <= LISTED {
            support = vec![[0; LISTED]; most + 1];
            let mut chosen = [0u64; LISTED];
            fill(cells, 0, 0, 0, &mut chosen, &mut |sum, chosen| {
                reached[sum] = true;
                for (s, &c) in support[sum].iter_mut().zip(chosen) {
                    *s |= c;
                }
            });
        } else {
            let least: usize = cells.iter().map(|&a| low(a)).sum();
            reached[least..=most].fill(true);
        }
        PartSums { reached, support }
    }

    /// Narrows `cells` to the digits that some filling adding up to a
    /// `common` sum gives them (for a long part: that its bounds allow).
    fn keep(&self, cells: &mut [u64], common: &[bool]) {
        if !self.support.is_empty() {
            let mut kept = [0u64; LISTED];
            for (_, per_cell) in self.support.iter().enumerate().filter(|&(s, _)| common.get(s) == Some(&true)) {
                for (k, &digits) in kept.iter_mut().zip(per_cell) {
                    *k |= digits;
                }
            }
            cells.iter_mut().zip(kept).for_each(|(cell, k)| *cell &= k);
            return;
        }
        let least: usize = cells.iter().map(|&a| low(a)).sum();
        let most: usize = cells.iter().map(|&a| high(a)).sum();
        for cell in cells.iter_mut() {
            let (others_least, others_most) = (least - low(*cell), most - high(*cell));
            let reaches = |d: usize| (others_least + d..=others_most + d).any(|s| common.get(s) == Some(&true));
            *cell &=
                (1..=high(*cell)).filter(|&d| *cell >> (d - 1) & 1 == 1 && reaches(d)).fold(0, |m, d| m | 1 << (d - 1));
        }
    }
}

/// Calls `found` with the sum and the digits (one bit a cell) of every
/// filling of `cells[k..]` by distinct digits outside `used`, after the
/// `chosen` ones.
fn fill(
    cells: &[u64],
    k: usize,
    used: u64,
    sum: usize,
    chosen: &mut [u64; LISTED],
    found: &mut impl FnMut(usize, &[u64]),
) {
    let Some(&cell) = cells.get(k) else {
        found(sum, &chosen[..cells.len()]);
        return;
    };
    let mut open = cell & !used;
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open &= open - 1;
        chosen[k] = bit;
        fill(cells, k + 1, used | bit, sum + bit.trailing_zeros() as usize + 1, chosen, found);
    }
}

#[cfg(test)]
mod tests {
    use super::narrow;

    #[test]
    fn the_parts_keep_the_sums_they_share() {
        // Parts r·· (one cell, 5 or 6) and (two cells of 1–3): the pair
        // reaches 3, 4 and 5, so the lone cell is 5, and the pair 2+3.
        let mut allowed = [0b11_0000, 0b111, 0b111];
        assert!(narrow(&[0, 1], &mut allowed));
        assert_eq!(allowed, [0b1_0000, 0b110, 0b110]);
    }

    #[test]
    fn parts_with_no_common_sum_are_a_contradiction() {
        let mut allowed = [0b1000_0000, 0b11, 0b11];
        assert!(!narrow(&[0, 1], &mut allowed), "8 against 1+2");
    }

    #[test]
    fn one_part_is_no_constraint_and_long_parts_keep_their_bounds() {
        let mut one = [0b111, 0b111];
        assert!(narrow(&[0], &mut one));
        assert_eq!(one, [0b111, 0b111]);
        // A lone cell of 1 or 2 against five cells of 1 to 9: their
        // bounds (5 to 45) leave the lone cell nothing... 2 at most, so a
        // contradiction; against five cells of digits 1 (as bounds see
        // them, sum 5) a lone cell of 5 stands.
        let mut short = [0b11, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff];
        assert!(!narrow(&[0, 1], &mut short));
        let mut five = [0b1_0000, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff];
        assert!(narrow(&[0, 1], &mut five));
        // Each of the five keeps only what leaves the others' least (4)
        // room under 5: the digit 1.
        assert_eq!(five[1..], [1, 1, 1, 1, 1]);
    }
}
