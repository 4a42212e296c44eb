//! The implications of every potential of a grid that stays as it is,
//! as a table: what the searches for chains from one candidate walk.

use sudokit_core::Digit;

use super::super::rules::potentials::{Cause, Node};
use super::super::rules::propagate::{push_off_to_on, push_on_in_cell, push_on_outside_units, push_on_to_off};
use super::super::rules::work::{CellMasks, MAX_MASK_SIDE, Work};

/// The implications of every potential of a grid that stays as it is: for
/// each node, the nodes it implies (links inside its cell first), and
/// where the links of each kind of search lie among them.
#[derive(Default)]
pub(crate) struct Links {
    to: Vec<(Node, Cause)>,
    /// Per node, the range of `to` for each kind of links (see
    /// [`Links::of`]).
    spans: Vec<[(u32, u32); 3]>,
    /// The nodes of the grid's candidates, ascending.
    present: Vec<Node>,
}

impl Links {
    /// Fills the table for `work`, keeping the buffers.
    pub(crate) fn build(&mut self, work: &Work) {
        let by_masks = work.masks().filter(|masks| masks.units_ascending).zip(work.digit_planes());
        self.build_with(work, by_masks);
    }

    /// [`build`](Self::build), with the links along a digit read from
    /// bit sets when `by_masks` has them, else unit by unit.
    fn build_with(&mut self, work: &Work, by_masks: Option<(&CellMasks, [u128; MAX_MASK_SIDE])>) {
        let Links { to, spans, present } = self;
        to.clear();
        spans.clear();
        // The nodes of no candidate imply nothing.
        spans.resize(work.nodes(), [(0, 0); 3]);
        present.clear();
        // Cell by cell, digit by digit, "off" before "on": the nodes in
        // ascending order.
        for cell in 0..work.len() {
            for digit in work.cands(cell).iter() {
                for on in [false, true] {
                    let node = work.node(cell, digit, on);
                    present.push(node);
                    let start = to.len() as u32;
                    if let (true, Some((masks, planes))) = (on, &by_masks) {
                        push_on_in_cell(work, cell, digit, to);
                        push_on_along_digit(work, (masks, planes), cell, digit, to);
                        push_on_outside_units(work, cell, digit, to);
                    } else if on {
                        push_on_to_off(work, cell, digit, true, to);
                    } else {
                        push_off_to_on(work, cell, digit, (true, true), to);
                    }
                    let in_cell =
                        start + to[start as usize..].iter().take_while(|&&(_, c)| c == Cause::Cell).count() as u32;
                    let end = to.len() as u32;
                    // An "on" always implies along its digit, and inside
                    // its cell with `y`; an "off" implies inside its cell
                    // only with `y`, along its digit only with `x`.
                    spans[node as usize] = if on {
                        [(in_cell, end), (start, end), (start, end)]
                    } else {
                        [(in_cell, end), (start, in_cell), (start, end)]
                    };
                }
            }
        }
    }

    /// The nodes of the grid, candidates or not.
    pub(crate) fn nodes(&self) -> usize {
        self.spans.len()
    }

    /// The nodes of the grid's candidates, ascending.
    pub(crate) fn present(&self) -> &[Node] {
        &self.present
    }

    /// What `node` implies, with links inside the cell (`y`) and along
    /// its digit (`x`), for the searches' three kinds: `x` alone, `y`
    /// alone, both.
    #[inline]
    pub(crate) fn of(&self, node: Node, (y, x): (bool, bool)) -> &[(Node, Cause)] {
        let kind = match (y, x) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 2,
        };
        let (start, end) = self.spans[node as usize][kind];
        &self.to[start as usize..end as usize]
    }
}

/// The places of `digit` that `digit` in `cell` (on) turns off in the
/// cell's units, as [`push_on_to_off`] lists them: unit by unit, in the
/// unit's order (ascending, as `masks` says), each cell under the first
/// unit it shares with `cell`. `planes` holds the cells of each digit.
#[inline]
fn push_on_along_digit(
    work: &Work,
    (masks, planes): (&CellMasks, &[u128; MAX_MASK_SIDE]),
    cell: usize,
    digit: Digit,
    out: &mut Vec<(Node, Cause)>,
) {
    let mut seen = 1u128 << cell;
    let plane = planes[digit.index()];
    for &(u, _) in work.homes(cell) {
        let unit = masks.units[usize::from(u)];
        let mut places = unit & plane & !seen;
        seen |= unit;
        while places != 0 {
            let c = places.trailing_zeros() as usize;
            places &= places - 1;
            out.push((work.node(c, digit, false), Cause::Unit(u)));
        }
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Grid, Relation, Variant};

    use super::*;
    use crate::human::position::Position;

    /// The links of every node, of the three kinds.
    fn all_links(links: &Links) -> Vec<Vec<(Node, Cause)>> {
        let kinds = [(false, true), (true, false), (true, true)];
        links.present().iter().flat_map(|&n| kinds.map(|kind| links.of(n, kind).to_vec())).collect()
    }

    #[test]
    fn links_from_masks_are_those_unit_by_unit() {
        let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .expect("a grid");
        let shape = puzzle.shape();
        let variants = [
            Variant::standard(shape),
            Variant::standard(shape).with_diagonals(),
            Variant::standard(shape).with_windows(),
            Variant::standard(shape).with_disjoint_groups(),
            Variant::standard(shape).with_relation(Relation::AntiKnight),
            Variant::standard(shape).with_relation(Relation::NonConsecutive),
        ];
        let mut compared = Vec::new();
        for variant in &variants {
            let position = Position::with_variant(&puzzle, variant).expect("a valid puzzle");
            let mut work = Work::new(&position);
            // Some cells and units reduced to two candidates or places.
            for cell in (0..work.len()).step_by(5) {
                for digit in work.cands(cell).iter().skip(2) {
                    work.remove(cell, digit);
                }
            }
            // Houses read column by column (windows) keep to the units.
            let Some(masks) = work.masks().filter(|masks| masks.units_ascending) else { continue };
            let (mut by_units, mut by_masks) = (Links::default(), Links::default());
            by_units.build_with(&work, None);
            by_masks.build_with(&work, Some((masks, work.digit_planes().expect("a 9×9 grid"))));
            assert_eq!(by_masks.present(), by_units.present());
            assert!(by_units.present().len() > 300, "a grid of many candidates");
            assert_eq!(all_links(&by_masks), all_links(&by_units), "{variant:?}");
            compared.push(variant.to_string());
        }
        assert_eq!(compared.len(), 5, "the variants compared: {compared:?}");
    }
}
