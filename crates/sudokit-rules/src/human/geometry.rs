//! [`Geometry`]: the houses, peers and neighbours of a position's rules —
//! the standard ones or a [`Variant`]'s — as tables the techniques index.

use std::sync::Arc;

use sudokit_core::{Bond, Digit, HouseKind, PairRule, Rulebook, Shape, Variant};
use sudokit_grid::Layout;

use super::house::House;

/// The houses (units) of a position's rules — rows, columns, boxes or
/// regions, then the extra houses of the side's size — and per cell its
/// units, its peers
/// (the cells that may not share its digit), under non-consecutive its
/// orthogonal neighbours, and the cells any other rule between two cells
/// binds to it.
#[derive(Debug)]
pub(crate) struct Geometry {
    variant: Variant,
    /// The shape's standard tables, for standard rules only: what the
    /// techniques that hold only there (uniqueness, the named patterns, the
    /// chaining engine) read.
    layout: Option<&'static Layout>,
    units: Vec<Box<[u16]>>,
    names: Vec<House>,
    /// Per cell, each unit it lies in and its place there.
    homes: Vec<Box<[(u16, u16)]>>,
    peers: Vec<Vec<usize>>,
    /// `cells` rows of `words` words: bit `b` of row `a` when `a` and `b`
    /// are peers.
    seen: Box<[u64]>,
    words: usize,
    neighbours: Vec<Box<[u16]>>,
    /// Per cell, each cell a rule other than different digits binds to it
    /// (a relation, a clue, a line).
    bound: Vec<Box<[BoundCell]>>,
    /// Per rule read from one cell, per digit `d + 1` there, the digits
    /// the other cell may hold.
    partners: Vec<u64>,
}

/// A cell bound to another by a rule other than different digits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoundCell {
    /// The bound cell.
    pub(crate) cell: u16,
    /// The start of the rule's row in the partners' table.
    pub(crate) row: u32,
    /// The rule, read from the cell whose list this is (its digit first).
    pub(crate) rule: PairRule,
    /// What binds them.
    pub(crate) bond: Bond,
}

impl Geometry {
    /// The geometry of `rules`, built the first time they are played and
    /// kept with them ([`Rulebook::derived`]): a file of puzzles under one
    /// rules line builds its tables once (a tenth of a millisecond on 9×9,
    /// as long as the rest of an easy puzzle's rating).
    pub(crate) fn of(rules: &Rulebook) -> Arc<Geometry> {
        rules.derived(|rules| Geometry::build(rules.variant()))
    }

    fn build(variant: &Variant) -> Geometry {
        let shape = variant.shape();
        let cells = shape.cell_count();
        // A house of one's own with fewer cells than the side holds each
        // digit at most once, not once: it only makes peers, since hidden
        // singles and subsets read a house as holding every digit.
        let houses: Vec<_> = variant.houses().into_iter().filter(|h| h.cells().len() == shape.side()).collect();
        let mut names: Vec<House> = houses.iter().map(|h| House::new(h.kind(), h.number())).collect();
        let mut units: Vec<Box<[u16]>> = houses.iter().map(|h| h.cells().iter().map(|&i| i as u16).collect()).collect();
        let windows = houses.iter().filter(|h| h.kind() == HouseKind::Window).count();
        let mut peers = variant.peers();
        for (k, cells) in implied_windows(variant).into_iter().enumerate() {
            for &a in &cells {
                peers[a].extend(cells.iter().copied().filter(|&b| b != a));
            }
            names.push(House::new(HouseKind::Window, windows + k));
            units.push(cells.into_iter().map(|i| i as u16).collect());
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        let mut homes: Vec<Vec<(u16, u16)>> = vec![Vec::new(); cells];
        for (u, unit) in units.iter().enumerate() {
            for (k, &i) in unit.iter().enumerate() {
                homes[usize::from(i)].push((u as u16, k as u16));
            }
        }
        let words = cells.div_ceil(64);
        let mut seen = vec![0u64; cells * words].into_boxed_slice();
        for (a, list) in peers.iter().enumerate() {
            for &b in list {
                seen[a * words + b / 64] |= 1 << (b % 64);
            }
        }
        // The techniques know non-consecutive alone among the rules between
        // two cells that do not ask for different digits, by its own
        // techniques; every such rule binds its cells in `bound`.
        let mut neighbours: Vec<Vec<u16>> = vec![Vec::new(); cells];
        let mut bound: Vec<Vec<BoundCell>> = vec![Vec::new(); cells];
        let mut rules: Vec<PairRule> = Vec::new();
        let mut row_of = |rule: PairRule| {
            let r = rules.iter().position(|&k| k == rule).unwrap_or_else(|| {
                rules.push(rule);
                rules.len() - 1
            });
            (r * shape.side()) as u32
        };
        for (bond, pairs) in variant.bonds() {
            let rule = bond.rule();
            if rule.is_difference() {
                continue;
            }
            let (forward, backward) = (row_of(rule), row_of(rule.reversed()));
            for (a, b) in pairs {
                bound[a].push(BoundCell { cell: b as u16, row: forward, rule, bond });
                bound[b].push(BoundCell { cell: a as u16, row: backward, rule: rule.reversed(), bond });
                if rule == PairRule::NotConsecutive {
                    neighbours[a].push(b as u16);
                    neighbours[b].push(a as u16);
                }
            }
        }
        let partners = rules
            .iter()
            .flat_map(|&rule| {
                (1..=shape.side() as u8).filter_map(Digit::new).map(move |d| rule.partners(d, shape.side()))
            })
            .collect();
        let neighbours = neighbours
            .into_iter()
            .map(|mut list| {
                list.sort_unstable();
                list.into_boxed_slice()
            })
            .collect();
        Geometry {
            variant: variant.clone(),
            layout: variant.is_standard().then(|| Layout::of(shape)),
            units,
            names,
            homes: homes.into_iter().map(Vec::into_boxed_slice).collect(),
            peers,
            seen,
            words,
            neighbours,
            bound: bound.into_iter().map(Vec::into_boxed_slice).collect(),
            partners,
        }
    }

    pub(crate) fn shape(&self) -> Shape {
        self.variant.shape()
    }

    /// The rules these tables are of.
    pub(crate) fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The standard tables, for standard rules only.
    pub(crate) fn layout(&self) -> Option<&'static Layout> {
        self.layout
    }

    /// Number of units: rows, columns, boxes or regions, extra houses.
    pub(crate) fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// The cells of unit `u`, ascending.
    #[inline]
    pub(crate) fn unit(&self, u: usize) -> &[u16] {
        &self.units[u]
    }

    /// How steps name unit `u`.
    pub(crate) fn house(&self, u: usize) -> House {
        self.names[u]
    }

    /// The unit `house` names, if these rules have it.
    pub(crate) fn unit_of(&self, house: House) -> Option<usize> {
        self.names.iter().position(|&h| h == house)
    }

    /// The units of cell `i`, each with the cell's place in it.
    #[inline]
    pub(crate) fn homes(&self, i: usize) -> &[(u16, u16)] {
        &self.homes[i]
    }

    /// The cells that may not hold cell `i`'s digit, ascending.
    #[inline]
    pub(crate) fn peers(&self, i: usize) -> &[usize] {
        &self.peers[i]
    }

    /// Whether cells `a` and `b` may not hold the same digit.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.seen[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// The cells whose digit may not be consecutive to cell `i`'s (under
    /// non-consecutive; none otherwise).
    #[inline]
    pub(crate) fn neighbours(&self, i: usize) -> &[u16] {
        &self.neighbours[i]
    }

    /// The cells a rule other than different digits binds to cell `i`.
    #[inline]
    pub(crate) fn bound(&self, i: usize) -> &[BoundCell] {
        &self.bound[i]
    }

    /// The digits a bound cell may hold beside `digit`, for the rule whose
    /// row starts at `row` ([`BoundCell::row`]).
    #[inline]
    pub(crate) fn partners(&self, row: u32, digit: Digit) -> u64 {
        self.partners[row as usize + digit.index()]
    }

    /// The relation that binds cells `a` and `b` when they share no house
    /// and one does.
    pub(crate) fn relation_between(&self, a: usize, b: usize) -> Option<sudokit_core::Relation> {
        let shares = self.homes(a).iter().any(|&(u, _)| self.homes(b).iter().any(|&(v, _)| u == v));
        if shares {
            return None;
        }
        let shape = self.shape();
        let (x, y) = (sudokit_core::Cell::from_index(a, shape), sudokit_core::Cell::from_index(b, shape));
        self.variant.relations().iter().copied().find(|r| r.is_difference() && r.binds(x, y))
    }

    /// Whether two filled cells of `values` break a rule: equal digits in
    /// peers, or digits a bond between them does not allow.
    pub(crate) fn clashes(&self, values: &[u8]) -> bool {
        (0..values.len()).filter_map(|i| Digit::new(values[i]).map(|d| (i, d))).any(|(i, digit)| {
            self.peers(i).iter().any(|&p| values[p] == digit.get())
                || self.bound(i).iter().any(|bound| {
                    let held = values[usize::from(bound.cell)];
                    held != 0 && self.partners(bound.row, digit) >> (held - 1) & 1 == 0
                })
        })
    }

    /// Whether the rules are the standard ones.
    pub(crate) fn is_standard(&self) -> bool {
        self.layout.is_some()
    }
}

/// The houses windoku's windows imply: with the windows' rows in `k`
/// bands of rows and the rows between them (as many as a box is high),
/// and likewise for columns, each digit fills every such band once per
/// column, the windows hold it once each, so the cells of a band outside
/// the windows hold it once more — a house, as players and
/// SukakuExplainer count them (the five "hidden windows" of 9×9). None
/// unless the windows tile that way (every side sudokit draws them on).
fn implied_windows(variant: &Variant) -> Vec<Vec<usize>> {
    let windows: Vec<&sudokit_core::House> =
        variant.extra_houses().iter().filter(|h| h.kind() == HouseKind::Window).collect();
    let shape = variant.shape();
    let (side, bh, bw) = (shape.side(), shape.box_height(), shape.box_width());
    if windows.is_empty() {
        return Vec::new();
    }
    // The windows' row ranges and column ranges, and the lines they miss.
    let mut row_sets: Vec<Vec<usize>> = Vec::new();
    let mut col_sets: Vec<Vec<usize>> = Vec::new();
    for w in &windows {
        let mut rows: Vec<usize> = w.cells().iter().map(|&i| i / side).collect();
        let mut cols: Vec<usize> = w.cells().iter().map(|&i| i % side).collect();
        rows.dedup();
        cols.sort_unstable();
        cols.dedup();
        if !row_sets.contains(&rows) {
            row_sets.push(rows);
        }
        if !col_sets.contains(&cols) {
            col_sets.push(cols);
        }
    }
    let missed =
        |sets: &[Vec<usize>]| -> Vec<usize> { (0..side).filter(|l| !sets.iter().any(|s| s.contains(l))).collect() };
    let (gap_rows, gap_cols) = (missed(&row_sets), missed(&col_sets));
    let tiles = row_sets.len() + 1 == bw && col_sets.len() + 1 == bh && gap_rows.len() == bh && gap_cols.len() == bw;
    if !tiles || windows.len() != row_sets.len() * col_sets.len() {
        return Vec::new();
    }
    row_sets.push(gap_rows);
    col_sets.push(gap_cols);
    let mut out = Vec::new();
    for (a, rows) in row_sets.iter().enumerate() {
        for (b, cols) in col_sets.iter().enumerate() {
            if a + 1 < row_sets.len() && b + 1 < col_sets.len() {
                continue;
            }
            out.push(rows.iter().flat_map(|&r| cols.iter().map(move |&c| r * side + c)).collect());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use sudokit_core::Cell;

    use super::*;

    #[test]
    fn standard_tables_are_the_layouts() {
        for shape in [Shape::CLASSIC, Shape::new(2, 3).expect("a shape")] {
            let geometry = Geometry::of(&Rulebook::standard(shape));
            let layout = Layout::of(shape);
            assert_eq!(geometry.unit_count(), layout.unit_count());
            for u in 0..layout.unit_count() {
                assert_eq!(geometry.unit(u), layout.unit(u), "{shape} unit {u}");
            }
            for i in 0..shape.cell_count() {
                let peers: Vec<usize> = layout.peers(i).iter().map(|&p| usize::from(p)).collect();
                assert_eq!(geometry.peers(i), peers, "{shape} cell {i}");
                let units: Vec<usize> = geometry.homes(i).iter().map(|&(u, _)| usize::from(u)).collect();
                assert_eq!(units, layout.units_of(i), "{shape} cell {i}");
            }
        }
    }

    #[test]
    fn a_variant_adds_its_houses_and_peers() {
        let variant =
            Variant::standard(Shape::CLASSIC).with_diagonals().with_relation(sudokit_core::Relation::NonConsecutive);
        let geometry = Geometry::of(&Rulebook::new(variant.clone()));
        assert_eq!(geometry.unit_count(), 29);
        assert_eq!(geometry.house(27).to_string(), "the main diagonal");
        assert_eq!(geometry.homes(40).len(), 5, "the centre lies on both diagonals");
        assert!(geometry.sees(0, 80) && !geometry.sees(0, 79));
        assert_eq!(geometry.neighbours(0), [1, 9]);
        assert_eq!(geometry.unit_of(House::new(HouseKind::AntiDiagonal, 0)), Some(28));
    }

    #[test]
    fn windoku_s_windows_imply_five_more() {
        let geometry = Geometry::of(&Rulebook::new(Variant::standard(Shape::CLASSIC).with_windows()));
        assert_eq!(geometry.unit_count(), 27 + 4 + 5);
        // Rows 1, 5 and 9 by columns 2 to 4: the first hidden window.
        let first: Vec<u16> = [1, 2, 3, 37, 38, 39, 73, 74, 75].to_vec();
        assert!((31..36).any(|u| geometry.unit(u) == first.as_slice()));
        assert!(geometry.sees(1, 73), "r1c2 and r9c2 share a column anyway");
        assert!(geometry.sees(2, 39), "r1c3 and r5c4 share a hidden window");
        assert_eq!(geometry.house(35).to_string(), "window 9");
    }

    #[test]
    fn a_house_smaller_than_the_side_only_makes_peers() {
        let cells = [Cell::new(0, 0), Cell::new(4, 4), Cell::new(8, 8)];
        let variant = Variant::standard(Shape::CLASSIC).with_house(&cells).expect("a house");
        let geometry = Geometry::of(&Rulebook::new(variant.clone()));
        assert_eq!(geometry.unit_count(), 27, "no unit for three cells");
        assert!(geometry.sees(0, 40) && geometry.sees(40, 80));
    }
}
