//! What every local search does before searching: check the puzzle, seed
//! its random numbers, and, for the hybrids, propagate constraints first.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudokit_core::cage::open_digits;
use sudokit_core::{Grid, SearchTally, Solution, SolveError, StopReason, Variant};
use sudokit_grid::CandidateBoard;

use crate::encoding::{Problem, Representation};

/// Where a local search's moves may go: which digits each free cell may
/// take. One setting, `with_moves`, on both searches, so that no two
/// setters can contradict each other.
///
/// ```
/// use sudokit_local::{Annealing, Genetic, Moves};
/// use sudokit_core::Solver;
/// assert_eq!(Annealing::new().with_moves(Moves::Propagated).name(), "annealing-hybrid");
/// assert_eq!(Genetic::new().with_moves(Moves::Propagated).with_moves(Moves::AnyDigit).name(), "genetic");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Moves {
    /// Any digit its kept unit misses, even one a given of its row, column
    /// or box holds (the course's encoding).
    AnyDigit,
    /// The digits the givens leave it: none that a given of its row,
    /// column or box holds (the default).
    #[default]
    GivensCandidates,
    /// Its candidates after singles and locked candidates, which run
    /// first: the hybrids, registered as `annealing-hybrid` and
    /// `genetic-hybrid`. A contradiction there proves the puzzle
    /// unsolvable. Under rules other than the standard ones, the givens'
    /// candidates under those rules.
    Propagated,
}

/// Keeps the empty cells of each cage with a sum in `allowed` (bit `d`
/// for digit `d`) to the digits of the combinations that hold its givens.
/// The combinations are listed only when the rules allow it
/// ([`Variant::sums_are_listable`]); the energy scores every sum anyway.
fn keep_to_sums(allowed: &mut [u64], puzzle: &Grid, variant: &Variant) {
    if !variant.sums_are_listable() {
        return;
    }
    let (side, values) = (variant.shape().side(), puzzle.values());
    for cage in variant.cages().iter().filter(|cage| cage.sum().is_some()) {
        let placed = cage.cells().iter().filter(|&&i| values[i] != 0).fold(0u64, |m, &i| m | 1 << (values[i] - 1));
        let open = open_digits(&cage.combinations(side), placed);
        for &i in cage.cells().iter().filter(|&&i| values[i] == 0) {
            allowed[i] &= open << 1;
        }
    }
}

/// Where a search starts.
enum Start {
    /// Nothing left to search: the puzzle (or what propagation made of it)
    /// is solved.
    Solved(Grid),
    /// The problem left to search.
    Search(Problem),
}

/// The start of a search on `puzzle` under `variant`.
///
/// With [`Moves::Propagated`] and the standard rules, singles and locked
/// candidates run first: a contradiction proves the puzzle unsolvable, a
/// settled board is the answer, and otherwise the search keeps each cell
/// within its candidates.
///
/// # Errors
/// [`SolveError::InvalidPuzzle`] for clashing givens (and
/// [`SolveError::VariantClash`] under a variant's rules),
/// [`SolveError::Unsolvable`] when propagation (or the search's own first
/// filling of its units) proves there is no solution.
fn start(puzzle: &Grid, variant: &Variant, moves: Moves, representation: Representation) -> Result<Start, SolveError> {
    if variant.is_standard_for(puzzle) {
        puzzle.validate()?;
    } else {
        variant.validate(puzzle)?;
    }
    if puzzle.is_complete() {
        return Ok(Start::Solved(puzzle.clone()));
    }
    if moves == Moves::AnyDigit {
        return Ok(Start::Search(Problem::unrestricted(puzzle, variant, representation)));
    }
    let mut board = CandidateBoard::with_variant(puzzle, variant)
        .map_err(|_| SolveError::shape_mismatch(variant.shape(), puzzle.shape()))?;
    if !variant.is_standard() {
        // Propagation reads rows, columns and boxes only: a variant's
        // search starts from what the givens rule out, and a cage's
        // cells from the digits of its sum's combinations.
        let mut allowed: Vec<u64> = board.as_slice().iter().map(|c| c.bits() << 1).collect();
        keep_to_sums(&mut allowed, puzzle, variant);
        return Ok(Start::Search(Problem::new(puzzle, variant, allowed, representation)));
    }
    if moves == Moves::Propagated {
        board.propagate().map_err(|_| SolveError::Unsolvable)?;
    }
    if board.is_solved() {
        return Ok(Start::Solved(board.to_grid()));
    }
    // Candidates hold digit d at bit d - 1; the encoding at bit d.
    let allowed = board.as_slice().iter().map(|c| c.bits() << 1).collect();
    Ok(Start::Search(Problem::new(puzzle, variant, allowed, representation)))
}

/// The first steps of every solve: the budget's first check, the puzzle's,
/// propagation for the hybrids, and the random numbers. `Ok(Err(solution))`
/// when nothing is left to search.
///
/// # Errors
/// As [`start`], and [`SolveError::BudgetExhausted`] for a spent budget.
pub(crate) fn begin(
    puzzle: &Grid,
    variant: &Variant,
    tally: &mut SearchTally<'_>,
    moves: Moves,
    representation: Representation,
    seed: u64,
) -> Result<Result<(Problem, ChaCha8Rng), Solution>, SolveError> {
    tally.check().map_err(|reason| tally.exhausted(reason, None))?;
    let problem = match start(puzzle, variant, moves, representation)? {
        Start::Solved(grid) if variant.is_solution_of(&grid, puzzle) => return Ok(Err(tally.solution(grid))),
        Start::Solved(grid) => return Err(tally.incomplete(Some(grid))),
        Start::Search(problem) => problem,
    };
    let mut rng = rng_for(seed, puzzle);
    if problem.random_values(&mut rng).is_err() {
        // A kept unit cannot be filled within the candidates: a proof.
        return Err(SolveError::Unsolvable);
    }
    Ok(Ok((problem, rng)))
}

/// The result of a search that ended with `outcome` (`Ok(true)` when the
/// kept `best` values solve the puzzle). A grid is returned only once
/// checked against `puzzle` and `variant`: whatever the search believes,
/// never a wrong answer.
pub(crate) fn finish(
    tally: &SearchTally<'_>,
    puzzle: &Grid,
    variant: &Variant,
    outcome: Result<bool, StopReason>,
    best: &[u8],
) -> Result<Solution, SolveError> {
    let best = Grid::from_values(puzzle.shape(), best).ok();
    match (outcome, best) {
        (Ok(true), Some(grid)) if variant.is_solution_of(&grid, puzzle) => Ok(tally.solution(grid)),
        (Ok(_), best) => Err(tally.incomplete(best)),
        (Err(reason), best) => Err(tally.exhausted(reason, best)),
    }
}

/// The random numbers of one solve: from the solver's seed and the puzzle
/// alone, so that a solve gives the same result whatever ran before it, on
/// whichever thread.
fn rng_for(seed: u64, puzzle: &Grid) -> ChaCha8Rng {
    // FNV-1a over the cells: different puzzles get different streams.
    let hash =
        puzzle.values().iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &v| (h ^ u64::from(v)).wrapping_mul(0x100_0000_01b3));
    ChaCha8Rng::seed_from_u64(seed ^ hash)
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Cell, Digit, Grid, Shape, Variant};

    use super::keep_to_sums;

    #[test]
    fn cage_cells_start_from_their_sums_combinations() {
        let cells = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)];
        let killer = Variant::standard(Shape::MINI).with_cage(&cells, Some(7)).unwrap_or_else(|e| panic!("{e}"));
        // 7 of three digits of 1 to 4 is 1 + 2 + 4: never a 3.
        let mut allowed = vec![0b11110u64; 16];
        keep_to_sums(&mut allowed, &Grid::empty(Shape::MINI), &killer);
        assert_eq!(allowed[..4], [0b10110, 0b10110, 0b10110, 0b11110]);
        // With a given 4, the two others are 1 and 2.
        let mut puzzle = Grid::empty(Shape::MINI);
        puzzle.set(cells[2], Digit::new(4));
        let mut allowed = vec![0b11110u64; 16];
        keep_to_sums(&mut allowed, &puzzle, &killer);
        assert_eq!(allowed[..2], [0b110, 0b110]);
    }
}
