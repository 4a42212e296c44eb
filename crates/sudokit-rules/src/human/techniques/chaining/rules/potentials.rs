//! Potentials: a candidate assumed or deduced true ("on") or false
//! ("off"), with the potentials that implied it, as Sudoku Explainer's
//! chaining records them. A chain's length is the number of distinct
//! potentials behind its conclusion.

use sudokit_core::Relation;

/// A candidate and a truth value: `(cell * side + digit index) * 2 + on`
/// (see [`Work::node`](super::work::Work::node)).
pub(crate) type Node = u32;

/// Why a potential holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    /// The assumption a chain starts from.
    Assumed,
    /// The cell can hold one value only (on from off: its last candidate;
    /// off from on: another value of the cell).
    Cell,
    /// The value can go once in unit `u` (on: its last place there; off:
    /// another place of it).
    Unit(u16),
    /// Off only: a peer the cell shares no unit with holds the value on,
    /// through a relation (anti-king, anti-knight) or a house smaller
    /// than the side (`None`); or, under non-consecutive, a neighbour
    /// holds a value next to it.
    Bound(Option<Relation>),
    /// A technique run inside the chain; the nested chain it came from,
    /// as an index into [`Potentials::nested`], if it was a chain.
    Advanced(Option<u32>),
    /// Off only: a sum (its place in `Work::sum_links`) leaves no
    /// filling of its cells that puts the value in the cell.
    Sum(u16),
}

/// One potential: its node, cause and parents: a range of
/// [`Potentials::parents`], or the one parent itself (most potentials have
/// one, and the searches make millions).
#[derive(Clone, Copy, Debug)]
struct Entry {
    node: Node,
    cause: Cause,
    /// With one parent, that parent; otherwise where they start.
    first_parent: u32,
    parent_count: u32,
}

/// Index of a potential in its [`Potentials`].
pub(crate) type Id = u32;

const ABSENT: u32 = u32::MAX;

/// The potentials of one chaining search: every potential created, and the
/// set of those kept (one per node, the first one derived), in the order
/// they were kept.
#[derive(Clone, Debug)]
pub(crate) struct Potentials {
    entries: Vec<Entry>,
    parents: Vec<Id>,
    kept: Vec<u32>,
    /// The nodes kept, as a bit set, once [`mark_bits`](Self::mark_bits)
    /// has filled it: what every branch of a cell or a region implies is
    /// found by intersecting these.
    kept_bits: Vec<u64>,
    bits_marked: bool,
    order: Vec<Id>,
    /// Each chain nested in this search's potentials: its signature (see
    /// [`signature`](Potentials::signature)) and complexity.
    pub(crate) nested: Vec<(u64, usize)>,
}

impl Potentials {
    /// An empty set over `nodes` nodes.
    pub(crate) fn new(nodes: usize) -> Potentials {
        // A branch keeps a few hundred potentials: room for them saves
        // the reallocations.
        let room = (nodes / 4).min(1024);
        Potentials {
            entries: Vec::with_capacity(room),
            parents: Vec::with_capacity(2 * room),
            kept: vec![ABSENT; nodes],
            kept_bits: vec![0; nodes.div_ceil(64)],
            bits_marked: false,
            order: Vec::with_capacity(room),
            nested: Vec::new(),
        }
    }

    /// The nodes this set is for.
    pub(crate) fn nodes(&self) -> usize {
        self.kept.len()
    }

    /// A new potential (not kept yet).
    pub(crate) fn create(&mut self, node: Node, cause: Cause, parents: &[Id]) -> Id {
        if let [parent] = parents {
            return self.add(node, cause, *parent);
        }
        let first_parent = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.entries.push(Entry { node, cause, first_parent, parent_count: parents.len() as u32 });
        (self.entries.len() - 1) as Id
    }

    /// A new potential with one parent, kept as its node's potential: the
    /// node must have none yet. The breadth-first searches' one step.
    pub(crate) fn add_kept(&mut self, node: Node, cause: Cause, parent: Id) -> Id {
        let id = self.add(node, cause, parent);
        self.kept[node as usize] = id;
        self.order.push(id);
        id
    }

    /// A new potential with one parent (not kept yet).
    pub(crate) fn add(&mut self, node: Node, cause: Cause, parent: Id) -> Id {
        self.entries.push(Entry { node, cause, first_parent: parent, parent_count: 1 });
        (self.entries.len() - 1) as Id
    }

    /// Keeps `id` as its node's potential; false (and nothing kept) when
    /// the node already has one.
    pub(crate) fn keep(&mut self, id: Id) -> bool {
        let node = self.entries[id as usize].node as usize;
        if self.kept[node] != ABSENT {
            return false;
        }
        self.kept[node] = id;
        self.order.push(id);
        true
    }

    /// The potential kept for `node`.
    pub(crate) fn kept(&self, node: Node) -> Option<Id> {
        let id = self.kept[node as usize];
        (id != ABSENT).then_some(id)
    }

    pub(crate) fn contains(&self, node: Node) -> bool {
        self.kept[node as usize] != ABSENT
    }

    pub(crate) fn node(&self, id: Id) -> Node {
        self.entries[id as usize].node
    }

    pub(crate) fn cause(&self, id: Id) -> Cause {
        self.entries[id as usize].cause
    }

    pub(crate) fn parents(&self, id: Id) -> &[Id] {
        let e = &self.entries[id as usize];
        if e.parent_count == 1 {
            return std::slice::from_ref(&e.first_parent);
        }
        &self.parents[e.first_parent as usize..(e.first_parent + e.parent_count) as usize]
    }

    /// Fills the bit set of the nodes kept so far ([`kept_bits`](Self::kept_bits)),
    /// for a set that will not grow: the searches that grow their sets
    /// start after start would pay for it at every step.
    pub(crate) fn mark_bits(&mut self) {
        for &id in &self.order {
            let node = self.entries[id as usize].node as usize;
            self.kept_bits[node / 64] |= 1 << (node % 64);
        }
        self.bits_marked = true;
    }

    /// The nodes kept, as a bit set (bit `n % 64` of word `n / 64` for
    /// node `n`), as [`mark_bits`](Self::mark_bits) left it.
    pub(crate) fn kept_bits(&self) -> &[u64] {
        debug_assert!(self.bits_marked, "the bits are marked");
        &self.kept_bits
    }

    /// The kept potentials, in the order they were kept.
    pub(crate) fn order(&self) -> &[Id] {
        &self.order
    }

    /// Whether a potential of `node` lies on the first-parent path above
    /// `child`.
    pub(crate) fn has_ancestor(&self, child: Id, node: Node) -> bool {
        let mut at = child;
        while let Some(&parent) = self.parents(at).first() {
            if self.node(parent) == node {
                return true;
            }
            at = parent;
        }
        false
    }

    /// The potentials behind `target`, itself included, one per node, in
    /// breadth-first order.
    pub(crate) fn chain(&self, target: Id, walker: &mut Walker) -> Vec<Id> {
        self.walk(target, walker).to_vec()
    }

    /// [`chain`](Potentials::chain)`(target)`, in `walker`'s buffer: a
    /// chain is walked for every hint's length, and a list each time
    /// would cost more than the walk.
    fn walk<'w>(&self, target: Id, walker: &'w mut Walker) -> &'w [Id] {
        let Walker { seen, stamp, out } = walker;
        // A fresh stamp marks nothing seen, without clearing.
        *stamp = stamp.wrapping_add(1);
        if *stamp == 0 || seen.len() < self.kept.len() {
            seen.clear();
            seen.resize(self.kept.len().max(seen.len()), 0);
            *stamp = 1;
        }
        out.clear();
        out.push(target);
        seen[self.node(target) as usize] = *stamp;
        let mut at = 0;
        while at < out.len() {
            for &parent in self.parents(out[at]) {
                let node = self.node(parent) as usize;
                if std::mem::replace(&mut seen[node], *stamp) != *stamp {
                    out.push(parent);
                }
            }
            at += 1;
        }
        out
    }

    /// Forgets every potential, keeping the buffers.
    pub(crate) fn clear(&mut self) {
        for &id in &self.order {
            self.kept[self.entries[id as usize].node as usize] = ABSENT;
        }
        if std::mem::take(&mut self.bits_marked) {
            self.kept_bits.fill(0);
        }
        self.entries.clear();
        self.parents.clear();
        self.order.clear();
        self.nested.clear();
    }

    /// The number of distinct nodes behind `target`, itself included.
    pub(crate) fn ancestor_count(&self, target: Id, walker: &mut Walker) -> usize {
        self.walk(target, walker).len()
    }

    /// The complexity of the chains nested in the chain behind `targets`,
    /// each counted once over the calls that share `seen` (their
    /// signatures): equal chains are one chain, as in Sudoku Explainer.
    pub(crate) fn nested_complexity(&self, targets: &[Id], seen: &mut Vec<u64>, walker: &mut Walker) -> usize {
        if self.nested.is_empty() {
            return 0;
        }
        let mut total = 0;
        for &t in targets {
            for &id in self.walk(t, walker) {
                if let Cause::Advanced(Some(k)) = self.cause(id) {
                    let (signature, complexity) = self.nested[k as usize];
                    if !seen.contains(&signature) {
                        seen.push(signature);
                        total += complexity;
                    }
                }
            }
        }
        total
    }

    /// A hash of the chains behind `targets` (their nodes in
    /// breadth-first order): equal chains have equal signatures.
    pub(crate) fn signature(&self, targets: &[Id], mut hash: u64, walker: &mut Walker) -> u64 {
        for &t in targets {
            for &id in self.walk(t, walker) {
                hash = (hash ^ u64::from(self.node(id))).wrapping_mul(0x0100_0000_01b3);
            }
            hash = (hash ^ 0xff).wrapping_mul(0x0100_0000_01b3);
        }
        hash
    }
}

/// The buffers of a walk up a chain: marks of the nodes seen, by stamp,
/// and the walk's queue, kept from one walk to the next.
#[derive(Debug, Default)]
pub(crate) struct Walker {
    seen: Vec<u32>,
    stamp: u32,
    out: Vec<Id>,
}
