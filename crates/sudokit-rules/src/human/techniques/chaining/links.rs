//! The implications of every potential of a grid that stays as it is,
//! as a table: what the searches for chains from one candidate walk.

use super::potentials::{Cause, Node};
use super::propagate::{off_to_on, on_to_off};
use super::work::Work;

/// The implications of every potential of a grid that stays as it is: for
/// each node, the nodes it implies (links inside its cell first), and
/// where the links of each kind of search lie among them.
#[derive(Default)]
pub(super) struct Links {
    to: Vec<(Node, Cause)>,
    /// Per node, the range of `to` for each kind of links (see
    /// [`Links::of`]).
    spans: Vec<[(u32, u32); 3]>,
    /// The nodes of the grid's candidates, ascending.
    present: Vec<Node>,
    out: Vec<(Node, Cause)>,
}

impl Links {
    /// Fills the table for `work`, keeping the buffers.
    pub(super) fn build(&mut self, work: &Work) {
        let nodes = work.nodes();
        let Links { to, spans, present, out } = self;
        to.clear();
        spans.clear();
        present.clear();
        for node in 0..nodes as Node {
            let start = to.len() as u32;
            let (cell, digit, on) = work.decode(node);
            if cell >= work.len() || !work.cands(cell).contains(digit) {
                spans.push([(start, start); 3]);
                continue;
            }
            present.push(node);
            if on {
                on_to_off(work, cell, digit, true, out);
            } else {
                off_to_on(work, cell, digit, (true, true), out);
            }
            let in_cell = start + out.iter().take_while(|&&(_, c)| c == Cause::Cell).count() as u32;
            to.extend_from_slice(out);
            let end = to.len() as u32;
            // An "on" always implies along its digit, and inside its cell
            // with `y`; an "off" implies inside its cell only with `y`,
            // along its digit only with `x`.
            spans.push(if on {
                [(in_cell, end), (start, end), (start, end)]
            } else {
                [(in_cell, end), (start, in_cell), (start, end)]
            });
        }
    }

    /// The nodes of the grid, candidates or not.
    pub(super) fn nodes(&self) -> usize {
        self.spans.len()
    }

    /// The nodes of the grid's candidates, ascending.
    pub(super) fn present(&self) -> &[Node] {
        &self.present
    }

    /// What `node` implies, with links inside the cell (`y`) and along
    /// its digit (`x`), for the searches' three kinds: `x` alone, `y`
    /// alone, both.
    #[inline]
    pub(super) fn of(&self, node: Node, (y, x): (bool, bool)) -> &[(Node, Cause)] {
        let kind = match (y, x) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 2,
        };
        let (start, end) = self.spans[node as usize][kind];
        &self.to[start as usize..end as usize]
    }
}
