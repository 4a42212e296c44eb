//! A puzzle of any [`Variant`] as exact cover: what [`Dlx`](crate::Dlx)
//! searches for rules other than the standard ones.

use sudokit_core::{Budget, Digit, Grid, Meter, RuleKind, RuleKinds, Rulebook, SolveError, SplitMix64, StopReason};

use crate::engine::{CoverStats, ExactCover, plus};
use crate::restart::luby;

/// The matrix of a puzzle under a variant's rules, its givens selected.
///
/// Options: "digit `d` in cell `i`", numbered `i·n + d − 1` for side `n`,
/// then for each cage with a sum (of fewer than `n` cells) "the cage
/// holds this combination of digits", one per combination of its sum.
/// Primary items: each cell holds a digit (`n²`), each house of `n` cells
/// holds each digit (`n` per house: rows, columns, boxes or regions, extra
/// houses), and each cage with a sum holds one combination. Secondary
/// items, which a solution covers at most once (Knuth's way to say "not
/// both"): each digit of a smaller house (houses of one's own, cages) and
/// of a one-cell cage with a sum, which the cell's options cover and a
/// combination's option covers for each digit it lacks, so that the cells
/// take the combination's digits; for two cells a difference relation
/// binds (anti-king, anti-knight), one per digit; for two orthogonal
/// neighbours under non-consecutive, one per ordered pair of consecutive
/// digits. A cell's digits its pencil marks leave out have no option.
pub(crate) struct VariantMatrix {
    pub(crate) matrix: ExactCover,
    side: usize,
    /// For each option of `matrix`, its option of the encoding above
    /// ([`COMBINATION`] for a cage's combination).
    option_of: Vec<u32>,
}

/// The kinds of rule the matrix expresses: every house and cage, every
/// relation between two cells (a secondary item per pair of options its
/// rule forbids together), cage sums whose combinations can be listed,
/// and pencil marks.
pub(crate) const RULE_KINDS: RuleKinds =
    RuleKinds::HOUSES.union(RuleKinds::PAIRS).with(RuleKind::CageSums).union(RuleKinds::CELL_DIGITS);

/// What `option_of` holds for an option that places no digit.
const COMBINATION: u32 = u32::MAX;

impl VariantMatrix {
    /// The matrix of `puzzle` under `rules`.
    ///
    /// # Errors
    /// [`SolveError::ShapeMismatch`], [`SolveError::InvalidPuzzle`] or
    /// [`SolveError::VariantClash`], from [`Variant::validate`].
    pub(crate) fn new(puzzle: &Grid, rules: &Rulebook) -> Result<VariantMatrix, SolveError> {
        rules.variant().validate(puzzle)?;
        Ok(VariantMatrix::build(puzzle, rules, None))
    }

    /// The matrix of a validated `puzzle`; with `shuffle`, its primary
    /// items and its options numbered in another order (a restart's), which
    /// changes how the search breaks ties.
    fn build(puzzle: &Grid, rules: &Rulebook, shuffle: Option<&mut SplitMix64>) -> VariantMatrix {
        let (shape, variant) = (rules.shape(), rules.variant());
        let (n, cells) = (shape.side(), shape.cell_count());
        // A house of every cell's width holds each digit once (primary
        // items); a smaller one, of one's own, at most once (secondary).
        let (full, small): (Vec<_>, Vec<_>) = rules.houses().iter().partition(|h| h.cells().len() == n);
        let mut homes: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (h, house) in full.iter().enumerate() {
            for &cell in house.cells() {
                homes[cell].push(h);
            }
        }
        // Cages with a sum and fewer cells than a row: their first
        // secondary item is set below.
        let mut sums: Vec<(Vec<usize>, Vec<u64>, usize)> = variant
            .cages()
            .iter()
            .filter(|cage| cage.sum().is_some() && cage.cells().len() < n)
            .map(|cage| (cage.cells().to_vec(), cage.combinations(n), 0))
            .collect();
        let primary = cells + full.len() * n + sums.len();
        // The secondary items of each option.
        let mut bound: Vec<Vec<usize>> = vec![Vec::new(); cells * n];
        let mut secondary = 0;
        let lone_cells = sums.iter().filter(|(cells, ..)| cells.len() == 1).map(|(cells, ..)| cells.clone());
        let small_cells: Vec<Vec<usize>> = small.iter().map(|h| h.cells().to_vec()).chain(lone_cells).collect();
        for house in &small_cells {
            // Two cages over the same cells are two houses: each takes its own.
            if let Some(cage) = sums.iter_mut().find(|(cells, _, first)| *first == 0 && cells == house) {
                cage.2 = primary + secondary;
            }
            for d in 0..n {
                for &cell in house {
                    bound[cell * n + d].push(primary + secondary);
                }
                secondary += 1;
            }
        }
        let mut not_both = |a: usize, b: usize| {
            bound[a].push(primary + secondary);
            bound[b].push(primary + secondary);
            secondary += 1;
        };
        let digits: Vec<Digit> = (1..=n as u8).filter_map(Digit::new).collect();
        for (bond, pairs) in rules.bonds() {
            let rule = bond.rule();
            // The digit pairs the rule forbids, as option offsets.
            let forbidden: Vec<(usize, usize)> = digits
                .iter()
                .flat_map(|&x| digits.iter().map(move |&y| (x, y)))
                .filter(|&(x, y)| !rule.allows(x, y))
                .map(|(x, y)| (x.index(), y.index()))
                .collect();
            for &(a, b) in pairs {
                forbidden.iter().for_each(|&(d, e)| not_both(a * n + d, b * n + e));
            }
        }
        // Sides up to 35 keep the matrix below the engine's limits: a white
        // dot on every edge of a 35×35 grid, with both negatives and
        // non-consecutive, is about 3.4 million secondary items.
        let mut matrix = ExactCover::try_new(primary, secondary).expect("a variant's items fit the engine");
        let mut number: Vec<usize> = (0..primary).collect();
        let mut order: Vec<u32> = (0..(cells * n) as u32).collect();
        if let Some(rng) = shuffle {
            rng.shuffle(&mut number);
            rng.shuffle(&mut order);
        }
        let mut items = Vec::new();
        let mut option_at = vec![0; cells * n];
        // Digits a cell's pencil marks or parity leave out are no options
        // at all.
        let marked = |cell: usize, d: usize| rules.allowed_digits().is_none_or(|allowed| allowed[cell] >> d & 1 == 1);
        order.retain(|&option| marked(option as usize / n, option as usize % n));
        for (at, &option) in order.iter().enumerate() {
            let (cell, d) = (option as usize / n, option as usize % n);
            items.clear();
            items.push(number[cell]);
            items.extend(homes[cell].iter().map(|&h| number[cells + h * n + d]));
            items.extend_from_slice(&bound[cell * n + d]);
            matrix.add_option(&items).expect("a variant's options fit the engine");
            option_at[option as usize] = at;
        }
        let mut option_of = order;
        let first_cage = cells + full.len() * n;
        for (c, (_, combinations, first)) in sums.iter().enumerate() {
            for &combination in combinations {
                items.clear();
                items.push(number[first_cage + c]);
                items.extend((0..n).filter(|&d| combination & 1 << d == 0).map(|d| first + d));
                matrix.add_option(&items).expect("a variant's options fit the engine");
                option_of.push(COMBINATION);
            }
        }
        for (cell, &value) in puzzle.values().iter().enumerate() {
            if value != 0 {
                // Validated givens clash in no house or relation.
                matrix.select(option_at[cell * n + usize::from(value) - 1]).expect("validated givens do not clash");
            }
        }
        VariantMatrix { matrix, side: n, option_of }
    }

    /// The first solution within `meter`'s budget, filled into `puzzle`.
    pub(crate) fn first_solution(&mut self, puzzle: &Grid, meter: &mut Meter<'_>) -> Result<Option<Grid>, StopReason> {
        let Some(options) = self.matrix.first_solution_with_meter(meter)? else { return Ok(None) };
        let mut values = puzzle.values().to_vec();
        for option in options.into_iter().map(|option| self.option_of[option]).filter(|&o| o != COMBINATION) {
            let option = option as usize;
            values[option / self.side] = (option % self.side) as u8 + 1;
        }
        Ok(Some(Grid::from_values(puzzle.shape(), &values).expect("options decode to digits of the shape")))
    }
}

/// How one run of a variant's search ended.
enum Run {
    Solved(Grid),
    Unsolvable,
    /// Its slice of nodes is spent; the budget is not.
    Paused,
}

/// The first solution of a validated `puzzle` under `rules`, within
/// `budget`'s caps: a first run of `first` nodes, then restarts on the
/// matrix numbered in other orders, `restart` nodes times Luby's sequence
/// each, until one ends (a run that ends without a solution proves there
/// is none: each searches the whole matrix, given the nodes). Returns the
/// outcome and the work of every run.
pub(crate) fn solve_with_restarts(
    puzzle: &Grid,
    rules: &Rulebook,
    (first, restart): (u64, u64),
    budget: &Budget,
) -> (Result<Option<Grid>, StopReason>, CoverStats) {
    let mut spent = CoverStats::default();
    for attempt in 0u64.. {
        let slice = if attempt == 0 { first } else { restart.saturating_mul(luby(attempt)) };
        let room = budget.max_nodes().map_or(u64::MAX, |max| max.saturating_sub(spent.nodes));
        let run = budget.clone().with_max_nodes(slice.min(room));
        let mut rng = SplitMix64::new(attempt);
        let mut cover = VariantMatrix::build(puzzle, rules, (attempt > 0).then_some(&mut rng));
        let outcome = match cover.first_solution(puzzle, &mut Meter::new(&run)) {
            Ok(Some(grid)) => Ok(Run::Solved(grid)),
            Ok(None) => Ok(Run::Unsolvable),
            Err(StopReason::NodeLimit) if slice < room => Ok(Run::Paused),
            Err(reason) => Err(reason),
        };
        spent = plus(spent, cover.matrix.stats());
        match outcome {
            Ok(Run::Paused) => {}
            Ok(Run::Solved(grid)) => return (Ok(Some(grid)), spent),
            Ok(Run::Unsolvable) => return (Ok(None), spent),
            Err(reason) => return (Err(reason), spent),
        }
    }
    unreachable!("the slices grow until a run ends or the budget does")
}
