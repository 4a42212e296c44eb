//! [`PropagationSearch`]: candidates under any [`Variant`], singles
//! propagated through its peers, houses and relations, then guesses.

mod cell_set;
mod cells;
mod conflicts;
pub(crate) mod groups;
mod linear;
mod pairs;
mod planes;

use cell_set::Wide;
use sudokit_core::{
    Admitted, Budget, CountSolutions, Puzzle, RuleKind, RuleKinds, SearchTally, Solution, SolveError, Solver,
    SplitMix64, Stats,
};

/// A solver of every [`Variant`](sudokit_core::Variant) (the standard rules included): each cell
/// keeps the digits its peers leave; a cell left with one digit takes it
/// and removes it from its peers (and, from each cell another rule
/// binds to it — non-consecutive, a Kropki dot, an X or a V — the digits
/// that rule forbids beside it); a digit left with one
/// place in a house goes there; a digit whose places in a house all lie
/// in a second house leaves the rest of the second (locked candidates,
/// between any two houses that share cells: a box and a line, a box and
/// a diagonal, a window and a line…); then a guess, on a copy of the
/// candidates.
///
/// Killers get more: every sum the rules hold or imply
/// ([`sums_of`](sudokit_core::sums::sums_of): each cage's, the rest of a
/// house outside its cages, innies and outies over rows, columns or
/// boxes taken together) keeps its cells to the digits its bounds allow,
/// from what each run of distinct cells can add up to; a sum over
/// distinct cells keeps them to the digit sets that add up to it and
/// whose complement the rest of the house can hold, places a digit every
/// such set needs in its one possible cell, and takes it from every cell
/// that sees all its places; with three open cells or fewer left, a sum
/// keeps exactly the digits some filling of them reaches it with. An
/// unseeded search guesses the cell of most weight per candidate (a
/// weight from the houses and sums it is in, plus the guesses in it that
/// failed lately), its lowest digit first, and propagates the cell
/// without that digit before choosing again.
///
/// It reads nothing but the compiled rules: houses, relations between
/// two cells, cage sums and pencil marks, so every rule the model has is
/// one it takes (sums whose combinations it can list, see
/// [`Variant::sums_are_listable`](sudokit_core::Variant::sums_are_listable)). Grids of up to 128 cells (sides up
/// to 11, 9×9 among them) without cage sums run on a set of cells per
/// digit, where a placement and each rule's pass are a few word
/// operations; larger grids, killers, and seeded searches keep candidates
/// cell by cell. The tables of the last variant solved are kept, so a
/// batch of puzzles of one variant builds them once.
///
/// ```
/// use sudokit_grid::PropagationSearch;
/// use sudokit_core::{CountSolutions, Grid, Puzzle, Shape, Solver, Variant};
///
/// let x = Variant::standard(Shape::CLASSIC).with_diagonals();
/// let grid: Grid = "..6..5.7....9....54..7.3.................2.1..67.......4...7.8...5.....18.....53.".parse()?;
/// let puzzle = Puzzle::new(grid, x)?;
/// let mut solver = PropagationSearch::new();
/// let solution = solver.solve_puzzle(&puzzle)?;
/// assert!(puzzle.is_solved_by(&solution.grid));
/// assert_eq!(solver.count_puzzle_solutions(&puzzle, 2)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Complexity
/// Exponential in the worst case, like every exact solver. On grids of up
/// to 128 cells a placement costs O(side) word operations, a pass of
/// hidden singles or locked candidates looks only at the houses where a
/// digit lost a cell, and a guess copies about 700 bytes; on larger grids
/// a node costs O(cells · peers) for the eliminations and O(houses · side)
/// per pass of hidden singles, and a guess copies one `u64` and one byte
/// per cell; a sum costs O(cells) a pass over bounds, O(sets · cells)
/// over listed digit sets.
///
/// # References
/// Boussemart, Hemery, Lecoutre and Sais, "Boosting systematic search by
/// weighting constraints" (ECAI 2004), for the choice by failures; sigh's
/// Interactive Sudoku Solver (the design notes of its sums and its
/// optimizer, <https://github.com/sigh/Interactive-Sudoku-Solver>), for
/// the sums a house implies and the bounds over runs of distinct cells.
#[derive(Clone, Debug, Default)]
pub struct PropagationSearch {
    /// The digits of a guess in a random order, when seeded.
    order: Option<SplitMix64>,
    /// The counters of the last search.
    last: Stats,
}

impl PropagationSearch {
    /// A new solver.
    pub fn new() -> PropagationSearch {
        PropagationSearch::default()
    }

    /// A solver that tries the digits of each guess in a random order,
    /// drawn from `seed`: the same seed, the same answers. Its first
    /// solution of an empty grid is a random solved grid of the rules (how
    /// the generator draws them), not uniform over all grids.
    ///
    /// It keeps candidates cell by cell whatever the grid (the engine the
    /// generator's grids, and the sets made from them, were drawn with),
    /// so it is slower than an unseeded search on small grids.
    ///
    /// ```
    /// use sudokit_grid::PropagationSearch;
    /// use sudokit_core::{Grid, Puzzle, Shape, Solver, Variant};
    ///
    /// let x = Variant::standard(Shape::CLASSIC).with_diagonals();
    /// let empty = Puzzle::new(Grid::empty(Shape::CLASSIC), x)?;
    /// let a = PropagationSearch::with_seed(1).solve_puzzle(&empty)?.grid;
    /// let b = PropagationSearch::with_seed(2).solve_puzzle(&empty)?.grid;
    /// assert!(empty.is_solved_by(&a) && empty.is_solved_by(&b));
    /// assert_ne!(a, b);
    /// assert_eq!(PropagationSearch::with_seed(1).solve_puzzle(&empty)?.grid, a);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_seed(seed: u64) -> PropagationSearch {
        PropagationSearch { order: Some(SplitMix64::new(seed)), last: Stats::default() }
    }

    /// The counters of the last solve or count: nodes (placements tried),
    /// guesses and backtracks, and the time taken; those of the work done
    /// until the budget ran out for a search it stopped.
    ///
    /// ```
    /// use sudokit_core::{CountSolutions, Grid};
    /// use sudokit_grid::PropagationSearch;
    ///
    /// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut solver = PropagationSearch::new();
    /// solver.count_solutions(&puzzle, 2)?;
    /// assert!(solver.last_stats().guesses > 0 && solver.last_stats().nodes > solver.last_stats().guesses);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_stats(&self) -> Stats {
        self.last
    }

    /// Keeps the counters of a search's end in [`last_stats`](Self::last_stats).
    fn remember<T>(
        &mut self,
        outcome: Result<SearchTally<'_>, SolveError>,
        then: impl FnOnce(SearchTally<'_>) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        match outcome {
            Ok(tally) => {
                self.last = tally.finish();
                then(tally)
            }
            Err(error) => {
                self.last = match &error {
                    SolveError::BudgetExhausted { stats, .. } => *stats,
                    _ => Stats::default(),
                };
                Err(error)
            }
        }
    }

    /// Every kind of rule: houses, every relation between two cells
    /// ([`RuleKinds::PAIRS`]: a placement takes from each bound cell the
    /// digits its rule forbids, read from
    /// [`PairRule::partners`](sudokit_core::PairRule::partners)), cage sums
    /// whose combinations can be listed (every killer up to 16×16), the
    /// sums drawn on the grid (arrows, little killers: kept by their
    /// bounds like the sums killers imply), pencil marks, parity,
    /// quadruples, between lines and sandwiches.
    pub const RULE_KINDS: RuleKinds = RuleKinds::HOUSES
        .union(RuleKinds::PAIRS)
        .with(RuleKind::CageSums)
        .union(RuleKinds::CELL_DIGITS)
        .union(RuleKinds::DRAWN_SUMS)
        .union(groups::KINDS);

    /// Searches `puzzle` for up to `limit` solutions. Each engine's
    /// tables are derived from the puzzle's rulebook once and kept with it.
    fn run<'b>(&mut self, puzzle: &Puzzle, budget: &'b Budget, limit: u64) -> Result<SearchTally<'b>, SolveError> {
        let (rules, variant, puzzle) = (puzzle.rules(), puzzle.variant(), puzzle.grid());
        let mut tally = SearchTally::new(budget, limit);
        tally.check().map_err(|reason| tally.exhausted(reason, None))?;
        // The seeded search stays on the general engine, whose digit order
        // the generator's random grids (and the sets made with them) follow.
        let outcome = match self.order.as_mut() {
            // Up to 128 cells, so sides up to 11.
            None if planes::Tables::<u128>::fits(rules) => {
                let tables = rules.derived(planes::Tables::<u128>::new);
                planes::search::<u128, 11>(&tables, puzzle, &mut tally, limit)
            }
            // Beyond 128 cells the planes pay on the standard rules only:
            // on 16×16 X puzzles the cells engine's choice by failures
            // takes a third of the nodes (docs/notes.md).
            None if rules.is_standard() && planes::Tables::<Wide>::fits(rules) => {
                let tables = rules.derived(planes::Tables::<Wide>::new);
                planes::search::<Wide, 16>(&tables, puzzle, &mut tally, limit)
            }
            order => cells::search(&rules.derived(cells::Tables::new), puzzle, &mut tally, order, limit),
        };
        match outcome {
            Ok(true) if tally.found() > 0 => Ok(tally),
            // Clashing givens, and givens no completion of a cage's sum
            // fits, are the caller's error, named by the variant's check
            // (run only when no solution turned up); givens that only
            // leave a cell nothing make an unsolvable puzzle.
            Ok(_) => variant.validate(puzzle).map(|()| tally),
            Err(reason) => Err(tally.exhausted(reason, None)),
        }
    }
}

impl Solver for PropagationSearch {
    fn name(&self) -> &str {
        "propagation"
    }

    /// [`PropagationSearch::RULE_KINDS`].
    fn rule_kinds(&self) -> RuleKinds {
        PropagationSearch::RULE_KINDS
    }

    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        let outcome = self.run(&puzzle, budget, 1);
        self.remember(outcome, |tally| tally.into_solution(puzzle.shape()))
    }
}

impl CountSolutions for PropagationSearch {
    fn count_admitted(&mut self, puzzle: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        let outcome = self.run(&puzzle, budget, limit);
        self.remember(outcome, |tally| Ok(tally.found()))
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Cell, CountSolutions, Grid, Puzzle, Relation, Rulebook, Shape, SolveError, Solver, Variant};

    use sudokit_testkit::generate::with_holes;

    use super::PropagationSearch;
    use crate::BacktrackingMrv;

    /// Puzzles with half, a third and a quarter of the cells of a
    /// solution of `variant` given, emptied in a seeded order.
    fn thinned(variant: &Variant, seed: u64) -> Vec<Grid> {
        let solved = PropagationSearch::new()
            .solve_puzzle(&Puzzle::new(Grid::empty(variant.shape()).clone(), variant.clone()).unwrap())
            .unwrap()
            .grid;
        let cells = variant.shape().cell_count();
        [cells / 2, cells / 3, cells / 4].iter().map(|&given| with_holes(&solved, cells - given, seed)).collect()
    }

    #[test]
    fn counts_agree_with_the_baseline_on_every_kind_of_rule() {
        let classic = Variant::standard(Shape::CLASSIC);
        let variants = [
            classic.clone(),
            classic.clone().with_diagonals(),
            classic.clone().with_windows(),
            classic.clone().with_relation(Relation::AntiKnight),
            classic.clone().with_relation(Relation::NonConsecutive),
            Variant::standard(Shape::SIX).with_relation(Relation::AntiKing),
        ];
        let mut several = 0;
        for variant in &variants {
            for seed in 1..=3 {
                for puzzle in thinned(variant, seed) {
                    let mine = PropagationSearch::new()
                        .count_puzzle_solutions(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap(), 3)
                        .unwrap();
                    let baseline = BacktrackingMrv::new()
                        .count_puzzle_solutions(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap(), 3)
                        .unwrap();
                    assert_eq!(mine, baseline, "{variant}: {puzzle}");
                    several += usize::from(mine > 1);
                    let solution = PropagationSearch::new()
                        .solve_puzzle(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap())
                        .unwrap()
                        .grid;
                    assert!(variant.is_solution_of(&solution, &puzzle), "{variant}: {puzzle}");
                }
            }
        }
        assert!(several > 5, "only {several} puzzles with several solutions: the test would prove little");
    }

    #[test]
    fn sums_too_wide_to_list_are_refused_by_both_searches() {
        let row: Vec<Cell> = (0..13).map(|col| Cell::new(0, col)).collect();
        let wide = Variant::standard(Shape::TWENTY_FIVE).with_cage(&row, Some(169)).unwrap();
        let empty = Grid::empty(Shape::TWENTY_FIVE);
        assert!(
            !PropagationSearch::new().supports(&Rulebook::new(wide.clone()))
                && !BacktrackingMrv::new().supports(&Rulebook::new(wide.clone()))
        );
        let refused = |r: Result<u64, SolveError>| matches!(r, Err(SolveError::UnsupportedVariant { .. }));
        assert!(refused(
            PropagationSearch::new().count_puzzle_solutions(&Puzzle::new(empty.clone(), wide.clone()).unwrap(), 2)
        ));
        assert!(refused(
            BacktrackingMrv::new().count_puzzle_solutions(&Puzzle::new(empty.clone(), wide.clone()).unwrap(), 2)
        ));
        // Without its sum the same cage is a house, which both take.
        let house = Variant::standard(Shape::TWENTY_FIVE).with_cage(&row, None).unwrap();
        assert!(
            PropagationSearch::new().supports(&Rulebook::new(house.clone()))
                && BacktrackingMrv::new().supports(&Rulebook::new(house.clone()))
        );
    }

    #[test]
    fn a_given_no_sum_completes_is_a_cage_clash() {
        let killer = Variant::standard(Shape::MINI).with_cage(&[Cell::new(0, 0), Cell::new(0, 1)], Some(4)).unwrap();
        let mut puzzle = Grid::empty(Shape::MINI);
        puzzle.set(Cell::new(0, 0), sudokit_core::Digit::new(4));
        let err =
            PropagationSearch::new().solve_puzzle(&Puzzle::new(puzzle.clone(), killer.clone()).unwrap()).unwrap_err();
        assert!(matches!(err, SolveError::CageClash { .. }), "{err:?}");
        let err = PropagationSearch::new()
            .count_puzzle_solutions(&Puzzle::new(puzzle.clone(), killer.clone()).unwrap(), 2)
            .unwrap_err();
        assert!(matches!(err, SolveError::CageClash { .. }), "{err:?}");
    }

    #[test]
    fn killer_counts_agree_with_the_baseline() {
        use sudokit_testkit::generate::killer_cages;
        let mut several = 0;
        for (shape, largest) in [(Shape::CLASSIC, 4), (Shape::SIX, 5), (Shape::MINI, 3)] {
            for seed in 1..=4 {
                let standard = Variant::standard(shape);
                let solved = PropagationSearch::with_seed(seed).solve(&Grid::empty(shape)).unwrap().grid;
                let killer = killer_cages(standard, &solved, largest, seed);
                let cells = shape.cell_count();
                for puzzle in [Grid::empty(shape), with_holes(&solved, cells - cells / 8, seed)] {
                    let mine = PropagationSearch::new()
                        .count_puzzle_solutions(&Puzzle::new(puzzle.clone(), killer.clone()).unwrap(), 3)
                        .unwrap();
                    let baseline = BacktrackingMrv::new()
                        .count_puzzle_solutions(&Puzzle::new(puzzle.clone(), killer.clone()).unwrap(), 3)
                        .unwrap();
                    assert_eq!(mine, baseline, "{killer}: {puzzle}");
                    assert!(mine >= 1, "the cages were taken from a solution");
                    several += usize::from(mine > 1);
                    let solution = PropagationSearch::new()
                        .solve_puzzle(&Puzzle::new(puzzle.clone(), killer.clone()).unwrap())
                        .unwrap()
                        .grid;
                    assert!(killer.is_solution_of(&solution, &puzzle), "{killer}: {puzzle}");
                }
            }
        }
        assert!(several > 2, "only {several} killers with several solutions: the test would prove little");
    }

    #[test]
    fn both_engines_count_alike() {
        // A seeded search runs on the general engine, an unseeded one on
        // the planes of small grids: same counts, different digit orders.
        let classic = Variant::standard(Shape::CLASSIC);
        let variants = [
            classic.clone().with_diagonals().with_relation(Relation::AntiKnight),
            classic.clone().with_windows(),
            classic.clone().with_relation(Relation::NonConsecutive),
            classic.with_disjoint_groups(),
            Variant::standard(Shape::SIX).with_diagonals(),
        ];
        for variant in &variants {
            for puzzle in thinned(variant, 4) {
                let planes = PropagationSearch::new()
                    .count_puzzle_solutions(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap(), 3)
                    .unwrap();
                let cells = PropagationSearch::with_seed(9)
                    .count_puzzle_solutions(&Puzzle::new(puzzle.clone(), variant.clone()).unwrap(), 3)
                    .unwrap();
                assert_eq!(planes, cells, "{variant}: {puzzle}");
            }
        }
    }

    #[test]
    fn wide_planes_count_as_the_cells_engine_and_the_baseline() {
        // Standard 12×12 and 16×16 grids run on two-word planes unseeded,
        // on the cells engine seeded.
        let variants = [Variant::standard(Shape::TWELVE), Variant::standard(Shape::SIXTEEN)];
        let mut several = 0;
        for variant in &variants {
            let empty = Puzzle::new(Grid::empty(variant.shape()), variant.clone()).unwrap();
            let solved = PropagationSearch::with_seed(5).solve_puzzle(&empty).unwrap().grid;
            assert!(variant.is_solution_of(&solved, &Grid::empty(variant.shape())), "{variant}");
            let cells = variant.shape().cell_count();
            for (seed, holes) in [(1, cells / 2), (2, cells * 3 / 5), (3, cells * 2 / 3)] {
                let puzzle = Puzzle::new(with_holes(&solved, holes, seed), variant.clone()).unwrap();
                let planes = PropagationSearch::new().count_puzzle_solutions(&puzzle, 3).unwrap();
                let general = PropagationSearch::with_seed(9).count_puzzle_solutions(&puzzle, 3).unwrap();
                assert_eq!(planes, general, "{puzzle}");
                if variant.shape() == Shape::TWELVE {
                    let baseline = BacktrackingMrv::new().count_puzzle_solutions(&puzzle, 3).unwrap();
                    assert_eq!(planes, baseline, "{puzzle}");
                }
                several += usize::from(planes > 1);
                let solution = PropagationSearch::new().solve_puzzle(&puzzle).unwrap().grid;
                assert!(puzzle.is_solved_by(&solution), "{puzzle}");
            }
        }
        assert!(several > 2, "only {several} puzzles with several solutions: the test would prove little");
    }

    #[test]
    fn a_small_house_of_ones_own_only_keeps_digits_distinct() {
        let cells = [sudokit_core::Cell::new(0, 0), sudokit_core::Cell::new(4, 4), sudokit_core::Cell::new(8, 8)];
        let variant = Variant::standard(Shape::CLASSIC).with_house(&cells).unwrap();
        let solution = PropagationSearch::new()
            .solve_puzzle(&Puzzle::new(Grid::empty(Shape::CLASSIC).clone(), variant.clone()).unwrap())
            .unwrap()
            .grid;
        let digits: Vec<u8> = [0, 40, 80].iter().map(|&i| solution.values()[i]).collect();
        assert!(digits[0] != digits[1] && digits[1] != digits[2] && digits[0] != digits[2], "{digits:?}");
    }

    #[test]
    fn rules_without_a_solution_are_proved_unsolvable() {
        // On 4×4, the diagonals and anti-king leave no grid.
        let variant = Variant::standard(Shape::MINI).with_diagonals().with_relation(Relation::AntiKing);
        let empty = Grid::empty(Shape::MINI);
        assert_eq!(
            BacktrackingMrv::new()
                .count_puzzle_solutions(&Puzzle::new(empty.clone(), variant.clone()).unwrap(), 1)
                .unwrap(),
            0
        );
        assert_eq!(
            PropagationSearch::new()
                .count_puzzle_solutions(&Puzzle::new(empty.clone(), variant.clone()).unwrap(), 1)
                .unwrap(),
            0
        );
        assert!(matches!(
            PropagationSearch::new().solve_puzzle(&Puzzle::new(empty.clone(), variant.clone()).unwrap()),
            Err(sudokit_core::SolveError::Unsolvable)
        ));
    }
}
