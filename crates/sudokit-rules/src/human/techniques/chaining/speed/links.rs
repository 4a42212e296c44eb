//! The implications of every potential of a grid that stays as it is,
//! as a table: what the searches for chains from one candidate walk.

use super::super::rules::potentials::{Cause, Node};
use super::super::rules::propagate::{push_off_to_on, push_on_to_off};
use super::super::rules::work::Work;

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
                    if on {
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
