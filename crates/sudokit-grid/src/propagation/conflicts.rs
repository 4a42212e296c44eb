//! Which cell to guess: the one whose guesses failed most often lately,
//! per candidate, after Boussemart, Hemery, Lecoutre and Sais's weighted
//! degree ("Boosting systematic search by weighting constraints", ECAI
//! 2004) as the Interactive Sudoku Solver applies it to cells: each cell
//! starts with a weight of its own (the constraints it is in), a guess
//! that fails at once adds one to its cell, and every count fades by half
//! every so many failures, so the search keeps to where the puzzle is
//! hard now.

/// How many failures between two halvings of every cell's count.
const HALF_LIFE: u32 = 1 << 14;

/// Each cell's weight: its first weight and its recent failed guesses.
#[derive(Debug)]
pub(super) struct Conflicts {
    counts: Vec<u32>,
    /// Failures left before the next halving.
    until_decay: u32,
}

impl Conflicts {
    /// Counts that start at `weights`, one per cell: how much each cell
    /// is worth guessing before anything failed.
    pub(super) fn new(weights: Vec<u32>) -> Conflicts {
        Conflicts { counts: weights, until_decay: HALF_LIFE }
    }

    /// A guess in `cell` failed at once.
    pub(super) fn failed(&mut self, cell: usize) {
        self.counts[cell] += 1;
        self.until_decay -= 1;
        if self.until_decay == 0 {
            self.counts.iter_mut().for_each(|c| *c >>= 1);
            self.until_decay = HALF_LIFE;
        }
    }

    /// The open cell (`values` 0) with the most weight per candidate, the
    /// fewest candidates among equals (so the fewest candidates where
    /// every weight is the same); `None` when every cell is placed.
    pub(super) fn pick(&self, candidates: &[u64], values: &[u8]) -> Option<usize> {
        let (mut best, mut best_count, mut best_size) = (None, 0u64, u64::MAX);
        for (i, (&digits, &value)) in candidates.iter().zip(values).enumerate() {
            if value != 0 {
                continue;
            }
            let (count, size) = (u64::from(self.counts[i]), u64::from(digits.count_ones()));
            // count / size against best_count / best_size, without dividing.
            let (mine, theirs) = (count * best_size.min(64), best_count * size);
            if best.is_none() || mine > theirs || (mine == theirs && size < best_size) {
                (best, best_count, best_size) = (Some(i), count, size);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::Conflicts;

    #[test]
    fn fewest_candidates_until_a_failure_then_failures_per_candidate() {
        let mut conflicts = Conflicts::new(vec![0; 4]);
        let (candidates, values) = ([0b111, 0b11, 0b1111, 0b1], [0, 0, 0, 1]);
        assert_eq!(conflicts.pick(&candidates, &values), Some(1));
        conflicts.failed(2);
        assert_eq!(conflicts.pick(&candidates, &values), Some(2));
        conflicts.failed(1);
        assert_eq!(conflicts.pick(&candidates, &values), Some(1), "1/2 beats 1/4");
        assert_eq!(conflicts.pick(&candidates, &[1, 1, 1, 1]), None);
    }

    #[test]
    fn counts_fade() {
        let mut conflicts = Conflicts::new(vec![0; 2]);
        for _ in 0..super::HALF_LIFE {
            conflicts.failed(0);
        }
        assert_eq!(conflicts.counts, [super::HALF_LIFE / 2, 0]);
    }
}
