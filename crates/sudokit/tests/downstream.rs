//! What a crate outside the workspace can do with the published API alone:
//! write a solver (borrowing data, with the one bookkeeping idiom), list it
//! beside the registered ones, race it in the harness and get it back, and
//! check it against the contract with the published conformance suite.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use sudokit::base::SearchTally;
use sudokit::compare::{Harness, PuzzleSet, Status};
use sudokit::registry::{self, SolverInfo};
use sudokit::{Admitted, Budget, Shape, Solution, SolveError, Solver, Stats, StopReason};
use sudokit_testkit::{Conformance, sets};

/// Backtracking on the cell with the fewest candidates, counting its solves
/// in a counter it borrows.
struct Mrv<'a> {
    solves: &'a AtomicUsize,
}

/// The digits (as bits 1..=side) that no peer of `cell` holds.
fn candidates(values: &[u8], shape: Shape, cell: usize) -> u64 {
    let (side, bh, bw) = (shape.side(), shape.box_height(), shape.box_width());
    let (row, col) = (cell / side, cell % side);
    let (top, left) = (row - row % bh, col - col % bw);
    let mut used = 0u64;
    for k in 0..side {
        used |= 1 << values[row * side + k];
        used |= 1 << values[k * side + col];
        used |= 1 << values[(top + k / bw) * side + left + k % bw];
    }
    !used & (((1u64 << side) - 1) << 1)
}

fn search(values: &mut [u8], shape: Shape, tally: &mut SearchTally<'_>) -> Result<bool, StopReason> {
    tally.enter()?;
    let open = (0..values.len()).filter(|&cell| values[cell] == 0);
    let Some((cell, mut digits)) =
        open.map(|cell| (cell, candidates(values, shape, cell))).min_by_key(|&(_, d)| d.count_ones())
    else {
        return Ok(tally.record(values));
    };
    if digits.count_ones() > 1 {
        tally.stats_mut().guesses += 1;
    }
    while digits != 0 {
        values[cell] = digits.trailing_zeros() as u8;
        digits &= digits - 1;
        if search(values, shape, tally)? {
            return Ok(true);
        }
        tally.stats_mut().backtracks += 1;
    }
    values[cell] = 0;
    Ok(false)
}

impl Solver for Mrv<'_> {
    fn name(&self) -> &str {
        "downstream-mrv"
    }

    fn solve_admitted(&mut self, puzzle: Admitted<'_>, budget: &Budget) -> Result<Solution, SolveError> {
        let puzzle = puzzle.grid();
        self.solves.fetch_add(1, Ordering::Relaxed);
        puzzle.validate()?;
        let mut tally = SearchTally::new(budget, 1);
        let mut values = puzzle.values().to_vec();
        match search(&mut values, puzzle.shape(), &mut tally) {
            Ok(_) => tally.into_solution(puzzle.shape()),
            Err(reason) => Err(tally.exhausted(reason, None)),
        }
    }
}

#[test]
fn a_borrowing_solver_races_beside_registered_ones_and_comes_back() {
    let solves = AtomicUsize::new(0);
    let level = PuzzleSet::new("easy", sets::EASY.take(3));
    let mut solvers: Vec<Box<dyn Solver + '_>> =
        vec![registry::create("dlx").expect("registered"), Box::new(Mrv { solves: &solves })];
    let report = Harness::new().with_time_limit(Duration::from_secs(10)).run(&mut solvers, &[level]);
    assert!(report.results().iter().all(|row| row.status == Status::Qualified && row.solved == 3), "{report}");
    assert_eq!(report.results()[1].solver, "downstream-mrv");
    drop(solvers);
    assert_eq!(solves.into_inner(), 3);
}

#[test]
fn a_solver_of_ones_own_joins_a_user_built_list_and_keeps_the_contract() {
    static SOLVES: AtomicUsize = AtomicUsize::new(0);
    let mut list = registry::solvers().to_vec();
    list.push(SolverInfo::heuristic("downstream-mrv", "backtracking, fewest candidates first", || Mrv {
        solves: &SOLVES,
    }));
    let info = list.iter().find(|info| info.name() == "downstream-mrv").expect("just added");
    assert_eq!(info.crate_name(), "downstream");
    let mut solver = info.build();
    Conformance::exact().with_puzzles_per_set(5).run(&mut solver);
    assert!(SOLVES.load(Ordering::Relaxed) > 0);
    let stats = Stats::new().with_nodes(3).with_backtracks(1);
    assert_eq!((stats.nodes, stats.backtracks, stats.guesses), (3, 1, 0));
}
