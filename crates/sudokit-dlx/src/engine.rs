//! [`ExactCover`]: Knuth's Algorithm X on Dancing Links, for any problem.

use sudokit_core::{Budget, Meter, StopReason};

/// A node of the dancing-links structure, in the layout of Knuth's DLX1.
/// Nodes `0..=items` are the item headers (0 is the root); the options
/// follow, each a run of contiguous nodes, with a spacer node before the
/// first option and after every option. All links are `u32` indices into
/// one `Vec<Node>` of 12-byte nodes.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Vertical links. In a spacer, `up` is the first node of the option
    /// before it and `down` the last node of the option after it, so that a
    /// row is walked as a cycle without left/right links.
    up: u32,
    down: u32,
    /// For an option node, the header of its item; for a header, the
    /// number of options left in its list (Knuth's LEN); for a spacer,
    /// [`SPACER`].
    top: u32,
}

/// The `top` of a spacer node: the root's index, which no option names.
const SPACER: u32 = 0;

/// The links of a header in the list of uncovered primary items.
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    left: u32,
    right: u32,
}

/// An error building or using an [`ExactCover`] matrix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CoverError {
    /// An option names an item the matrix does not have.
    #[error("option {option}: item {item} out of range (the matrix has {items} items)")]
    ItemOutOfRange {
        /// The option being added.
        option: usize,
        /// The offending item.
        item: usize,
        /// Number of items.
        items: usize,
    },
    /// An option names the same item twice.
    #[error("option {option}: item {item} appears twice")]
    RepeatedItem {
        /// The option being added.
        option: usize,
        /// The repeated item.
        item: usize,
    },
    /// An option with no item at all.
    #[error("option {option} covers no item")]
    EmptyOption {
        /// The option being added.
        option: usize,
    },
    /// An option made only of secondary items: the search branches on
    /// primary items, so it could never be chosen (Knuth requires every
    /// option to hold a primary item).
    #[error("option {option} has no primary item")]
    NoPrimaryItem {
        /// The option being added.
        option: usize,
    },
    /// [`ExactCover::select`] named an option that does not exist.
    #[error("option {option} does not exist (the matrix has {options} options)")]
    NoSuchOption {
        /// The option asked for.
        option: usize,
        /// Number of options.
        options: usize,
    },
    /// [`ExactCover::select`] named an option whose items are already covered
    /// by an earlier selection.
    #[error("option {option} clashes with an option selected before it (item {item})")]
    Clash {
        /// The option asked for.
        option: usize,
        /// An item it shares with an earlier selection.
        item: usize,
    },
    /// The matrix would exceed [`ExactCover::MAX_ITEMS`] items or
    /// [`ExactCover::MAX_NODES`] nodes (the items of all its options).
    #[error("{what} {requested} exceeds the maximum of {max}")]
    TooLarge {
        /// What is counted: `items` or `nodes`.
        what: &'static str,
        /// How many were asked for (saturated at `usize::MAX`).
        requested: usize,
        /// The maximum.
        max: usize,
    },
}

/// Search counters, as Knuth reports them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct CoverStats {
    /// Nodes of the search tree: levels entered.
    pub nodes: u64,
    /// Link updates: each option node unlinked from or relinked into an
    /// item's list counts one.
    pub updates: u64,
    /// Branch points: levels whose item still had two or more options.
    pub guesses: u64,
    /// Options taken back after their subtree was explored.
    pub backtracks: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// The counters of two searches, added up: a solve's runs, its restarts
/// included.
pub(crate) fn plus(a: CoverStats, b: CoverStats) -> CoverStats {
    CoverStats {
        nodes: a.nodes + b.nodes,
        updates: a.updates + b.updates,
        guesses: a.guesses + b.guesses,
        backtracks: a.backtracks + b.backtracks,
        solutions: a.solutions + b.solutions,
    }
}

/// Where the resumable search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Not started (or reset): the next search starts at the root.
    Idle,
    /// A solution was just reported: resume by trying the next option.
    Found,
    /// The whole tree has been explored.
    Done,
}

/// An exact-cover problem and its Dancing Links solver.
///
/// The matrix has *primary* items, which a solution covers exactly once,
/// and *secondary* items, which it covers at most once (Knuth's optional
/// columns). Options are sets of items; a solution is a set of options that
/// covers every primary item exactly once and no secondary item twice.
///
/// The search is Knuth's Algorithm X (arXiv cs/0011047; TAOCP 7.2.2.1) with
/// the minimum-remaining-values rule: branch on the primary item with the
/// fewest options left, the first such item on ties.
///
/// The layout is Knuth's DLX1: 12-byte nodes of `u32` links (up, down,
/// and the item or spacer tag) in one flat array, each option a contiguous
/// run between spacer nodes so rows need no left/right links, and the
/// header list in a second small array. A bit set of the items left with
/// at most one option finds the forced levels, most of a search, without
/// walking the header list. [`reset`](ExactCover::reset) restores the
/// matrix so one instance serves many searches, and
/// [`clear`](ExactCover::clear) reuses its memory for another matrix.
///
/// # Complexity
/// Exact cover is NP-complete (Karp 1972), so the search is exponential in
/// the worst case. One level costs the link updates of covering the chosen
/// item and the items of the option tried: O(length of the options touched),
/// each update O(1); choosing the item is O(1) when one is forced (the bit
/// set) and O(items) otherwise. Building takes O(nodes) time; extra space is
/// 12 bytes a node plus O(items), and O(depth) for the choices of a search.
///
/// # References
/// Knuth, "Dancing Links", *Millennial Perspectives in Computer Science*
/// (2000), arXiv cs/0011047; Knuth, *The Art of Computer Programming* 4B
/// (2022), §7.2.2.1, Algorithms X and DLX1.
///
/// # Example
/// The course's example: with U = {0, 1, 2, 3, 4} and the sets E = {0, 2,
/// 4}, I = {1, 3}, P = {2, 3}, the only exact cover is {E, I}.
/// ```
/// use sudokit_dlx::ExactCover;
/// use sudokit_core::Budget;
///
/// let mut matrix = ExactCover::new(5, 0);
/// let e = matrix.add_option(&[0, 2, 4])?;
/// let i = matrix.add_option(&[1, 3])?;
/// let _p = matrix.add_option(&[2, 3])?;
/// let solutions: Vec<Vec<usize>> = matrix.solutions(&Budget::unlimited()).collect::<Result<_, _>>()?;
/// assert_eq!(solutions, vec![vec![e, i]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ExactCover {
    nodes: Vec<Node>,
    /// The header list, indexed like the headers.
    links: Vec<Link>,
    primary: usize,
    items: usize,
    /// The spacer before each option, plus the last spacer: option `k`'s
    /// nodes lie strictly between `spacers[k]` and `spacers[k + 1]`.
    spacers: Vec<u32>,
    /// Options chosen by [`select`](Self::select), in order.
    selected: Vec<u32>,
    /// Items covered by the selected options.
    selected_items: Vec<bool>,
    /// The option node chosen at each level of the search.
    choice: Vec<u32>,
    /// One bit per header: set for the primary items still uncovered that
    /// have at most one option left. Most levels of a search are forced, and
    /// this finds their item without walking the header list.
    short: Vec<u64>,
    stage: Stage,
    stats: CoverStats,
}

impl ExactCover {
    /// The most items a matrix holds: some four million, far beyond any
    /// puzzle (a 35×35 Sudoku has 4 900).
    pub const MAX_ITEMS: usize = 1 << 22;
    /// The most nodes (items of options, added up) a matrix holds: about
    /// 67 million, some 800 MB of links.
    pub const MAX_NODES: usize = 1 << 26;

    /// A matrix with `primary` items `0..primary` and `secondary` items
    /// `primary..primary + secondary`, and no option yet.
    ///
    /// # Panics
    /// When there are more than [`ExactCover::MAX_ITEMS`] items;
    /// [`try_new`](ExactCover::try_new) is the checked twin.
    pub fn new(primary: usize, secondary: usize) -> ExactCover {
        ExactCover::try_new(primary, secondary).unwrap_or_else(|err| panic!("{err}"))
    }

    /// [`new`](ExactCover::new), or an error for a matrix too large.
    ///
    /// ```
    /// use sudokit_dlx::{CoverError, ExactCover};
    /// assert!(ExactCover::try_new(3, 2).is_ok());
    /// assert!(matches!(ExactCover::try_new(usize::MAX, 1), Err(CoverError::TooLarge { what: "items", .. })));
    /// ```
    ///
    /// # Errors
    /// [`CoverError::TooLarge`] beyond [`ExactCover::MAX_ITEMS`] items.
    pub fn try_new(primary: usize, secondary: usize) -> Result<ExactCover, CoverError> {
        Self::check_items(primary, secondary)?;
        let mut matrix = ExactCover {
            nodes: Vec::new(),
            links: Vec::new(),
            primary: 0,
            items: 0,
            spacers: Vec::new(),
            selected: Vec::new(),
            selected_items: Vec::new(),
            choice: Vec::new(),
            short: Vec::new(),
            stage: Stage::Idle,
            stats: CoverStats::default(),
        };
        matrix.reset_items(primary, secondary);
        Ok(matrix)
    }

    fn check_items(primary: usize, secondary: usize) -> Result<(), CoverError> {
        let items = primary.saturating_add(secondary);
        if items > Self::MAX_ITEMS {
            return Err(CoverError::TooLarge { what: "items", requested: items, max: Self::MAX_ITEMS });
        }
        Ok(())
    }

    /// Empties the matrix and sets new item counts, keeping the allocations.
    ///
    /// # Errors
    /// [`CoverError::TooLarge`] beyond [`ExactCover::MAX_ITEMS`] items;
    /// the matrix is then unchanged.
    pub fn clear(&mut self, primary: usize, secondary: usize) -> Result<(), CoverError> {
        Self::check_items(primary, secondary)?;
        self.reset_items(primary, secondary);
        Ok(())
    }

    fn reset_items(&mut self, primary: usize, secondary: usize) {
        let items = primary + secondary;
        self.primary = primary;
        self.items = items;
        self.nodes.clear();
        self.links.clear();
        self.spacers.clear();
        self.selected.clear();
        self.selected_items.clear();
        self.selected_items.resize(items, false);
        self.choice.clear();
        self.short.clear();
        self.short.resize((items + 1).div_ceil(64), 0);
        self.stage = Stage::Idle;
        self.stats = CoverStats::default();
        // Headers: primary items in a circular list with the root; secondary
        // items linked to themselves so that the search never picks them.
        for i in 0..=items as u32 {
            let (left, right) = if i as usize <= primary {
                (if i == 0 { primary as u32 } else { i - 1 }, if i as usize == primary { 0 } else { i + 1 })
            } else {
                (i, i)
            };
            self.links.push(Link { left, right });
            self.nodes.push(Node { up: i, down: i, top: 0 });
            if (1..=primary as u32).contains(&i) {
                self.mark_short(i);
            }
        }
        self.spacers.push(self.nodes.len() as u32);
        self.nodes.push(Node { up: 0, down: 0, top: SPACER });
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// Number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.items
    }

    /// Number of options added.
    pub fn options(&self) -> usize {
        self.spacers.len() - 1
    }

    /// The items of option `option`, in the order given.
    ///
    /// # Panics
    /// When the option does not exist.
    pub fn option_items(&self, option: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (start, end) = (self.spacers[option] as usize + 1, self.spacers[option + 1] as usize);
        self.nodes[start..end].iter().map(|n| n.top as usize - 1)
    }

    /// Adds an option covering `items`; returns its index (options are
    /// numbered from 0 in the order added).
    ///
    /// After a search, the matrix is first put back as it was before it
    /// (selections kept, as [`reset`](Self::reset) followed by the same
    /// selections would).
    ///
    /// # Errors
    /// [`CoverError`] for an empty option, an item out of range or repeated,
    /// an option without a primary item, or a matrix that would pass
    /// [`ExactCover::MAX_NODES`].
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, CoverError> {
        let option = self.options();
        let nodes = self.nodes.len().saturating_add(items.len()).saturating_add(1);
        if nodes > Self::MAX_NODES {
            return Err(CoverError::TooLarge { what: "nodes", requested: nodes, max: Self::MAX_NODES });
        }
        if items.is_empty() {
            return Err(CoverError::EmptyOption { option });
        }
        for (k, &item) in items.iter().enumerate() {
            if item >= self.items {
                return Err(CoverError::ItemOutOfRange { option, item, items: self.items });
            }
            if items[..k].contains(&item) {
                return Err(CoverError::RepeatedItem { option, item });
            }
        }
        if items.iter().all(|&item| item >= self.primary) {
            return Err(CoverError::NoPrimaryItem { option });
        }
        // Options are linked into the full matrix: undo the search and the
        // selections, then select again.
        self.unwind();
        let selected = self.selected.clone();
        self.reset();
        self.push_option(items.iter().map(|&item| item as u32));
        for option in selected {
            self.select(option as usize)?;
        }
        Ok(option)
    }

    /// Links an option the caller has checked as [`add_option`] does: at
    /// least one item, all in range and distinct, one of them primary, and
    /// the matrix idle. For encodings that are valid by construction.
    ///
    /// [`add_option`]: Self::add_option
    pub(crate) fn push_option(&mut self, items: impl IntoIterator<Item = u32>) {
        debug_assert!(self.stage == Stage::Idle && self.selected.is_empty());
        let spacer = self.nodes.len() as u32 - 1;
        let first = spacer + 1;
        for (k, item) in items.into_iter().enumerate() {
            debug_assert!((item as usize) < self.items);
            let header = item + 1;
            let index = first + k as u32;
            let above = self.nodes[header as usize].up;
            self.nodes.push(Node { up: above, down: header, top: header });
            self.nodes[above as usize].down = index;
            self.nodes[header as usize].up = index;
            self.nodes[header as usize].top += 1;
            if self.nodes[header as usize].top == 2 {
                self.unmark_short(header);
            }
        }
        self.nodes[spacer as usize].down = self.nodes.len() as u32 - 1;
        self.spacers.push(self.nodes.len() as u32);
        self.nodes.push(Node { up: first, down: 0, top: SPACER });
    }

    /// Counters of the searches since the last [`reset`](Self::reset).
    pub fn stats(&self) -> CoverStats {
        self.stats
    }

    /// Chooses `option` before the search (a Sudoku's givens): its items
    /// are covered, and every option sharing an item with it disappears.
    /// Selected options are part of every solution reported.
    ///
    /// After a search, the search is undone first (the selections stay).
    ///
    /// # Errors
    /// [`CoverError::NoSuchOption`], and [`CoverError::Clash`] when an item
    /// of the option is already covered by an earlier selection.
    pub fn select(&mut self, option: usize) -> Result<(), CoverError> {
        self.unwind();
        if option >= self.options() {
            return Err(CoverError::NoSuchOption { option, options: self.options() });
        }
        if let Some(item) = self.option_items(option).find(|&item| self.selected_items[item]) {
            return Err(CoverError::Clash { option, item });
        }
        let (start, end) = (self.spacers[option] + 1, self.spacers[option + 1]);
        for node in start..end {
            let header = self.nodes[node as usize].top;
            self.selected_items[header as usize - 1] = true;
            self.cover(header);
        }
        self.selected.push(option as u32);
        Ok(())
    }

    /// Undoes the search and the selections: the matrix is as it was after
    /// the last [`add_option`](Self::add_option), ready for another search.
    pub fn reset(&mut self) {
        self.unwind();
        while let Some(option) = self.selected.pop() {
            let (start, end) = (self.spacers[option as usize] + 1, self.spacers[option as usize + 1]);
            for node in (start..end).rev() {
                let header = self.nodes[node as usize].top;
                self.selected_items[header as usize - 1] = false;
                self.uncover(header);
            }
        }
        self.stage = Stage::Idle;
        self.stats = CoverStats::default();
    }

    /// Undoes the choices of an interrupted or finished search.
    fn unwind(&mut self) {
        while let Some(x) = self.choice.pop() {
            self.uncover_others(x);
            self.uncover(self.nodes[x as usize].top);
        }
        self.stage = Stage::Idle;
    }

    /// The option holding node `node`.
    fn option_of(&self, node: u32) -> usize {
        self.spacers.partition_point(|&spacer| spacer < node) - 1
    }

    #[inline]
    fn mark_short(&mut self, header: u32) {
        self.short[header as usize / 64] |= 1 << (header % 64);
    }

    #[inline]
    fn unmark_short(&mut self, header: u32) {
        self.short[header as usize / 64] &= !(1 << (header % 64));
    }

    /// Removes `header` from the header list and every option of its list
    /// from the other items' lists (Knuth's `cover`).
    #[inline(always)]
    fn cover(&mut self, header: u32) {
        let Link { left, right } = self.links[header as usize];
        self.links[left as usize].right = right;
        self.links[right as usize].left = left;
        self.unmark_short(header);
        let mut updates = 0;
        let mut row = self.nodes[header as usize].down;
        while row != header {
            // Hide the row: walk its other nodes rightwards, wrapping at the
            // spacer. Nodes of one row sit in different items, so their
            // order does not matter for undoing; only rows must be undone
            // in reverse.
            let mut node = row + 1;
            while node != row {
                let n = self.nodes[node as usize];
                if n.top == SPACER {
                    node = n.up;
                    continue;
                }
                self.nodes[n.up as usize].down = n.down;
                self.nodes[n.down as usize].up = n.up;
                let len = &mut self.nodes[n.top as usize].top;
                *len -= 1;
                if *len <= 1 && n.top as usize <= self.primary {
                    self.mark_short(n.top);
                }
                updates += 1;
                node += 1;
            }
            row = self.nodes[row as usize].down;
        }
        self.stats.updates += updates;
    }

    /// Undoes [`cover`](Self::cover): rows bottom-up, nodes leftwards.
    #[inline(always)]
    fn uncover(&mut self, header: u32) {
        let mut updates = 0;
        let mut row = self.nodes[header as usize].up;
        while row != header {
            let mut node = row - 1;
            while node != row {
                let n = self.nodes[node as usize];
                if n.top == SPACER {
                    node = n.down;
                    continue;
                }
                self.nodes[n.up as usize].down = node;
                self.nodes[n.down as usize].up = node;
                let len = &mut self.nodes[n.top as usize].top;
                *len += 1;
                if *len == 2 {
                    self.unmark_short(n.top);
                }
                updates += 1;
                node -= 1;
            }
            row = self.nodes[row as usize].up;
        }
        self.stats.updates += updates;
        let Link { left, right } = self.links[header as usize];
        self.links[left as usize].right = header;
        self.links[right as usize].left = header;
        if self.nodes[header as usize].top <= 1 && header as usize <= self.primary {
            self.mark_short(header);
        }
    }

    /// Covers the items of `x`'s option other than `x`'s own, rightwards.
    #[inline]
    fn cover_others(&mut self, x: u32) {
        let mut node = x + 1;
        while node != x {
            let n = self.nodes[node as usize];
            if n.top == SPACER {
                node = n.up;
            } else {
                self.cover(n.top);
                node += 1;
            }
        }
    }

    /// Undoes [`cover_others`](Self::cover_others), leftwards.
    #[inline]
    fn uncover_others(&mut self, x: u32) {
        let mut node = x - 1;
        while node != x {
            let n = self.nodes[node as usize];
            if n.top == SPACER {
                node = n.down;
            } else {
                self.uncover(n.top);
                node -= 1;
            }
        }
    }

    /// The primary item with the fewest options left (the first in index
    /// order on ties), or `None` when every primary item is covered.
    #[inline]
    fn choose_item(&self) -> Option<(u32, u32)> {
        // Forced levels: an item with no option left ends the branch at
        // once, so it goes before one with a single option. The header list
        // is always in index order, so the lowest index is the first in
        // the list.
        let mut first_single = None;
        for (w, &word) in self.short.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let item = (w * 64) as u32 + bits.trailing_zeros();
                let len = self.nodes[item as usize].top;
                if len == 0 {
                    return Some((item, 0));
                }
                first_single.get_or_insert(item);
                bits &= bits - 1;
            }
        }
        if let Some(item) = first_single {
            return Some((item, 1));
        }
        // Every item left has two options or more: walk the list, and stop
        // at the first pair, which nothing can beat.
        let mut item = self.links[0].right;
        if item == 0 {
            return None;
        }
        let mut best = (item, u32::MAX);
        while item != 0 {
            let len = self.nodes[item as usize].top;
            if len < best.1 {
                best = (item, len);
                if len == 2 {
                    break;
                }
            }
            item = self.links[item as usize].right;
        }
        Some(best)
    }

    /// Runs Algorithm X until the next solution (`Ok(true)`), the end of the
    /// tree (`Ok(false)`), or the budget's end.
    fn advance(&mut self, meter: &mut Meter<'_>) -> Result<bool, StopReason> {
        // `descend` is true when entering a new level (X2), false when
        // trying the next option at the current level (X6).
        let mut descend = match self.stage {
            Stage::Done => return Ok(false),
            Stage::Idle => true,
            Stage::Found => false,
        };
        loop {
            if descend {
                meter.tick(self.stats.nodes, 0)?;
                self.stats.nodes += 1;
                let Some((item, options)) = self.choose_item() else {
                    self.stats.solutions += 1;
                    self.stage = Stage::Found;
                    return Ok(true);
                };
                if options >= 2 {
                    self.stats.guesses += 1;
                }
                self.cover(item);
                let first = self.nodes[item as usize].down;
                if first == item {
                    // No option left for this item: dead end.
                    self.uncover(item);
                } else {
                    self.cover_others(first);
                    self.choice.push(first);
                    continue;
                }
            }
            // Leave the current level: try the next option of its item, or
            // backtrack further.
            loop {
                let Some(x) = self.choice.pop() else {
                    self.stage = Stage::Done;
                    return Ok(false);
                };
                self.uncover_others(x);
                self.stats.backtracks += 1;
                let item = self.nodes[x as usize].top;
                let next = self.nodes[x as usize].down;
                if next != item {
                    self.cover_others(next);
                    self.choice.push(next);
                    descend = true;
                    break;
                }
                self.uncover(item);
            }
        }
    }

    /// The options of the current solution: the selected ones, then the
    /// search's choices level by level.
    fn solution_options(&self) -> impl Iterator<Item = usize> + '_ {
        self.selected.iter().map(|&o| o as usize).chain(self.choice.iter().map(|&x| self.option_of(x)))
    }

    fn current_solution(&self) -> Vec<usize> {
        self.solution_options().collect()
    }

    /// The first solution, or `None` when there is none. The matrix stays in
    /// the solved state; call [`reset`](Self::reset) before reusing it.
    ///
    /// # Errors
    /// The [`StopReason`] when the budget runs out first.
    pub fn first_solution(&mut self, budget: &Budget) -> Result<Option<Vec<usize>>, StopReason> {
        self.first_solution_with_meter(&mut Meter::new(budget))
    }

    /// [`first_solution`](Self::first_solution) checking the budget with a
    /// running `meter`: a solver built on the engine passes its
    /// [`SearchTally`](sudokit_core::SearchTally)'s meter, so that one solve
    /// runs one meter.
    ///
    /// # Errors
    /// The [`StopReason`] when the budget runs out first.
    pub fn first_solution_with_meter(&mut self, meter: &mut Meter<'_>) -> Result<Option<Vec<usize>>, StopReason> {
        self.unwind();
        Ok(self.advance(meter)?.then(|| self.current_solution()))
    }

    /// Goes on with the search from where it stopped (a budget that ran out
    /// stops it just before a node, leaving it resumable) to the next
    /// solution; from the root when it has not started. The meter's node
    /// cap counts the nodes since the search started.
    pub(crate) fn resume_with_meter(&mut self, meter: &mut Meter<'_>) -> Result<Option<Vec<usize>>, StopReason> {
        Ok(self.advance(meter)?.then(|| self.current_solution()))
    }

    /// Calls `visit` with each solution (the option indices, as in
    /// [`solutions`](Self::solutions)) until it returns `false` or the tree
    /// is exhausted; returns the number of solutions visited. Faster than
    /// the iterator: one buffer serves every solution.
    ///
    /// # Errors
    /// The [`StopReason`] when the budget runs out first.
    pub fn for_each_solution(
        &mut self,
        budget: &Budget,
        mut visit: impl FnMut(&[usize]) -> bool,
    ) -> Result<u64, StopReason> {
        self.unwind();
        let mut meter = Meter::new(budget);
        let mut count = 0;
        let mut buffer = Vec::with_capacity(self.selected.len() + self.choice.capacity());
        while self.advance(&mut meter)? {
            count += 1;
            buffer.clear();
            buffer.extend(self.solution_options());
            if !visit(&buffer) {
                break;
            }
        }
        Ok(count)
    }

    /// Counts the solutions, stopping at `limit`.
    ///
    /// # Errors
    /// The [`StopReason`] when the budget runs out first.
    pub fn count_solutions(&mut self, limit: u64, budget: &Budget) -> Result<u64, StopReason> {
        self.count_solutions_with_meter(limit, &mut Meter::new(budget))
    }

    /// [`count_solutions`](Self::count_solutions) checking the budget with
    /// a running `meter`, as in
    /// [`first_solution_with_meter`](Self::first_solution_with_meter).
    ///
    /// # Errors
    /// The [`StopReason`] when the budget runs out first.
    pub fn count_solutions_with_meter(&mut self, limit: u64, meter: &mut Meter<'_>) -> Result<u64, StopReason> {
        if limit == 0 {
            return Ok(0);
        }
        self.unwind();
        let mut count = 0;
        while count < limit && self.advance(meter)? {
            count += 1;
        }
        Ok(count)
    }

    /// An iterator over every solution, each a list of option indices (the
    /// selected options first). The search restarts from the root.
    pub fn solutions<'a>(&'a mut self, budget: &'a Budget) -> Solutions<'a> {
        self.unwind();
        Solutions { matrix: self, meter: Meter::new(budget), failed: false }
    }
}

/// Iterator over the solutions of an [`ExactCover`], from
/// [`ExactCover::solutions`]. Yields `Err` once if the budget runs out.
#[derive(Debug)]
pub struct Solutions<'a> {
    matrix: &'a mut ExactCover,
    meter: Meter<'a>,
    failed: bool,
}

impl Iterator for Solutions<'_> {
    type Item = Result<Vec<usize>, StopReason>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.matrix.advance(&mut self.meter) {
            Ok(true) => Some(Ok(self.matrix.current_solution())),
            Ok(false) => None,
            Err(reason) => {
                self.failed = true;
                Some(Err(reason))
            }
        }
    }
}
