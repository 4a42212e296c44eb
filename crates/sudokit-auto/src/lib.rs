//! [`Auto`], the fastest exact Sudoku solver of **sudokit** for each
//! shape and rules: [`BitParallel`] on 9×9 (X, windoku, disjoint groups,
//! anti-king and anti-knight included), [`PropagationSearch`] on the other shapes up
//! to 16×16 and under the other rules, [`Dlx`] (Dancing Links) beyond. It is the
//! facade's default solver, registered as `auto`, and the one place that
//! decides which exact solver is fastest: the generator and the rating's
//! uniqueness check use it too.
//!
//! Use it when you want solutions or counts of any shape, fast, and do not
//! care which algorithm finds them.
//!
//! ```
//! use sudokit_auto::Auto;
//! use sudokit_core::{CountSolutions, Grid, Solver, Uniqueness};
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let mut auto = Auto::new();
//! assert!(auto.solve(&puzzle)?.grid.is_solution_of(&puzzle));
//! assert_eq!(auto.uniqueness(&puzzle)?, Uniqueness::Unique);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![doc(test(attr(deny(warnings))))]

pub use sudokit_core;

use sudokit_bitparallel::BitParallel;
use sudokit_core::{
    Admitted, Budget, CountSolutions, Grid, RuleKind, RuleKinds, Rulebook, Shape, Solution, SolveError, Solver,
};
use sudokit_dlx::Dlx;
use sudokit_grid::PropagationSearch;

/// The fastest exact solver of the workspace for each shape:
/// [`BitParallel`] for 9×9, [`PropagationSearch`] (on its digit planes)
/// for the other shapes up to 16×16, [`Dlx`] (Dancing Links) beyond.
/// Under other rules: [`BitParallel`] for 9×9 grids whose extra rules are
/// houses on the standard boxes (X, windoku, disjoint groups), anti-king
/// or pencil marks, or anti-knight alone; [`PropagationSearch`] for the
/// others (jigsaw, killers, other relations, every other shape).
///
/// On the standard rules of 6×6 to 16×16 the digit planes take 40 to
/// 60 % fewer instructions than Dancing Links (2.5 times fewer on 16×16);
/// beyond 16×16, where the planes do not reach, Dancing Links keeps up
/// best (the
/// measurements are in the workspace's `docs/notes.md`, "Auto: the
/// fastest solver per shape" and "Digit planes up to 16×16").
///
/// # Shapes
/// Every shape up to [`Shape::MAX_SIDE`] (35×35), boxes taller or wider
/// than the default included. A grid given nothing, its first row or its
/// first band is completed within [`Dlx::COMPLETION_NODES`] nodes per cell
/// (512: at most 627 200 nodes, about half a second, on 35×35; a test
/// checks every shape), thanks to the restarts of [`Dlx`] beyond 16×16;
/// the worst seen is 238 nodes per cell, on an empty 30×30 grid of 5×6
/// boxes. Hard proper puzzles of 25×25 and above can still take long:
/// give them a budget.
///
/// # Complexity
/// That of the solver it picks: [`BitParallel`] on 9×9
/// (a fixed cost per node), [`PropagationSearch`] up to 16×16 (O(side)
/// word operations a placement), [`Dlx`] beyond (O(n³) space on side
/// `n`); both are exponential in the worst case, as
/// completing a Sudoku is NP-complete (Yato and Seta 2003).
///
/// # References
/// Knuth, "Dancing Links" (2000), arXiv cs/0011047; JCZSolve (zhouyundong and
/// champagne, 2012–2014).
///
/// ```
/// use sudokit_auto::Auto;
/// use sudokit_core::{Grid, Shape, Solver};
/// let mut auto = Auto::new();
/// let classic: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert!(auto.solve(&classic)?.grid.is_solution_of(&classic));
/// let empty = Grid::empty(Shape::TWENTY_FIVE);
/// assert!(auto.solve(&empty)?.grid.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Auto {
    bit_parallel: BitParallel,
    dlx: Dlx,
    /// For rules other than the standard ones, and standard grids up to
    /// 16×16 but 9×9.
    propagation: PropagationSearch,
}

impl Auto {
    /// A new solver.
    pub fn new() -> Auto {
        Auto::default()
    }

    /// The solver `Auto` uses for `shape` under the standard rules.
    fn pick(&mut self, shape: Shape) -> &mut dyn CountSolutions {
        match shape.side() {
            _ if shape == Shape::CLASSIC => &mut self.bit_parallel,
            ..=Auto::PLANES_MAX_SIDE => &mut self.propagation,
            _ => &mut self.dlx,
        }
    }

    /// The largest side whose standard grids go to [`PropagationSearch`]'s
    /// digit planes (every side from 4 to 16 but 9, which
    /// [`BitParallel`] takes).
    const PLANES_MAX_SIDE: usize = 16;

    /// The solver `Auto` uses for rules other than the standard ones:
    /// [`BitParallel`] for 9×9 grids with extra houses on the standard
    /// boxes (diagonals, windows, disjoint groups, houses of one's own,
    /// cages without sums), anti-king or pencil marks, or anti-knight
    /// alone, where it takes 50 to 60 % fewer instructions than the digit
    /// planes; [`PropagationSearch`] for the
    /// others, killers included: keeping each cage's cells to the
    /// combinations its sum still allows is an order of magnitude faster
    /// on empty 9×9 killers than Dancing Links' choice among the
    /// combinations (`docs/notes.md`, "Extra houses on the bit-parallel
    /// board" and "Killer cages: which search counts a killer").
    fn pick_variant(&mut self, rules: &Rulebook) -> &mut dyn CountSolutions {
        let kinds = rules.kinds();
        let board = kinds.is_subset(Auto::BIT_PARALLEL_KINDS) || kinds == RuleKinds::of(&[RuleKind::AntiKnight]);
        if rules.shape() == Shape::CLASSIC && board {
            return &mut self.bit_parallel;
        }
        &mut self.propagation
    }

    /// The kinds of rule beyond the standard ones that [`BitParallel`]
    /// searches faster than the digit planes on 9×9 grids, in any
    /// combination (pencil marks included); anti-knight goes there alone
    /// too (half the digit planes' instructions), but not with the
    /// diagonals (twice theirs).
    const BIT_PARALLEL_KINDS: RuleKinds = BitParallel::RULE_KINDS.without(RuleKind::AntiKnight);
}

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

impl Solver for Auto {
    fn name(&self) -> &str {
        "auto"
    }

    /// Every kind of rule some solver it picks from knows: the standard
    /// rules go to the fastest solver of their shape, the others (killer
    /// cages included) to [`PropagationSearch`], which takes every sum
    /// whose combinations it can list.
    fn rule_kinds(&self) -> RuleKinds {
        self.propagation.rule_kinds()
    }

    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        if puzzle.is_standard() {
            return self.solve_with(puzzle.grid(), budget);
        }
        self.pick_variant(puzzle.rules()).solve_puzzle_with(&puzzle, budget)
    }

    fn solve_with(&mut self, puzzle: &Grid, budget: &Budget) -> Result<Solution, SolveError> {
        self.pick(puzzle.shape()).solve_with(puzzle, budget)
    }
}

impl CountSolutions for Auto {
    fn count_admitted(&mut self, puzzle: Admitted<'_>, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        if puzzle.is_standard() {
            return self.count_solutions_with(puzzle.grid(), limit, budget);
        }
        self.pick_variant(puzzle.rules()).count_puzzle_solutions_with(&puzzle, limit, budget)
    }

    fn count_solutions_with(&mut self, puzzle: &Grid, limit: u64, budget: &Budget) -> Result<u64, SolveError> {
        self.pick(puzzle.shape()).count_solutions_with(puzzle, limit, budget)
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Cell, Digit, Puzzle, Relation, Rulebook, Variant};

    use super::*;

    #[test]
    fn extra_houses_of_9x9_go_to_the_bit_parallel_board_and_jigsaw_does_not() {
        let puzzle: Grid =
            "..6..5.7....9....54..7.3.................2.1..67.......4...7.8...5.....18.....53.".parse().unwrap();
        let mut auto = Auto::new();
        let x = Puzzle::new(puzzle.clone(), Variant::standard(Shape::CLASSIC).with_diagonals()).unwrap();
        assert_eq!(auto.count_puzzle_solutions(&x, 2), Ok(1));
        assert!(auto.bit_parallel.last_stats().nodes > 0, "the board counted the X puzzle");
        let knight = Variant::standard(Shape::CLASSIC).with_relation(Relation::AntiKnight);
        let mut auto = Auto::new();
        let _ = auto.count_puzzle_solutions(&Puzzle::new(puzzle.clone(), knight.clone()).unwrap(), 2);
        assert!(auto.bit_parallel.last_stats().nodes > 0, "anti-knight alone goes to the board");
        let mut auto = Auto::new();
        let _ = auto.count_puzzle_solutions(&Puzzle::new(puzzle.clone(), knight.with_diagonals()).unwrap(), 2);
        assert_eq!(auto.bit_parallel.last_stats().nodes, 0, "X with anti-knight stays on the digit planes");
        let regions: Vec<u8> = (0..81).map(|cell| 1 + cell / 9).collect();
        let rows_as_regions = Variant::standard(Shape::CLASSIC).with_regions(&regions).unwrap();
        let mut auto = Auto::new();
        let _ = auto.count_puzzle_solutions(&Puzzle::new(puzzle, rows_as_regions).unwrap(), 2);
        assert_eq!(auto.bit_parallel.last_stats().nodes, 0, "jigsaw stays on the digit planes");
    }

    #[test]
    fn variants_go_to_dancing_links_and_standard_rules_stay_fast() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse().unwrap();
        let mut auto = Auto::new();
        let standard = Variant::standard(Shape::CLASSIC);
        let plain = auto.solve_puzzle(&Puzzle::new(puzzle.clone(), standard.clone()).unwrap()).unwrap().grid;
        assert_eq!(plain, BitParallel::new().solve(&puzzle).unwrap().grid);
        // Under anti-king, the same givens lead elsewhere or nowhere; a
        // grid that comes back keeps the rule.
        let anti_king = standard.with_relation(Relation::AntiKing);
        assert!(auto.supports(&Rulebook::new(anti_king.clone())));
        match auto.solve_puzzle(&Puzzle::new(puzzle.clone(), anti_king.clone()).unwrap()) {
            Ok(solution) => assert!(anti_king.is_solution_of(&solution.grid, &puzzle)),
            Err(e) => assert_eq!(e, SolveError::Unsolvable),
        }
        let mut empty = Grid::empty(Shape::SIX);
        empty.set(Cell::new(0, 0), Digit::new(1));
        let x = Variant::standard(Shape::SIX).with_diagonals();
        let grid = auto.solve_puzzle(&Puzzle::new(empty.clone(), x.clone()).unwrap()).unwrap().grid;
        assert!(x.is_solution_of(&grid, &empty));
        assert!(auto.count_puzzle_solutions(&Puzzle::new(empty.clone(), x.clone()).unwrap(), 2).unwrap() == 2);
    }
}
