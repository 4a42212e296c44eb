//! [`SplitMix64`], the small seeded generator whose sequence is fixed for
//! good.

/// SplitMix64 (Steele, Lea and Flood, 2014): a seeded generator of 64-bit
/// numbers whose sequence for a seed never changes, whatever the version
/// of any random-number crate. The workspace uses it where a result must
/// stay the same across versions: the order of `Dlx`'s restarts and the
/// puzzles of the test kit. It is not for cryptography, and its `below`
/// is biased by at most `bound / 2⁶⁴`.
///
/// ```
/// use sudokit_core::SplitMix64;
///
/// let mut rng = SplitMix64::new(7);
/// let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
/// rng.shuffle(&mut digits);
/// let mut again = [1, 2, 3, 4, 5, 6, 7, 8, 9];
/// SplitMix64::new(7).shuffle(&mut again);
/// assert_eq!(digits, again);
/// assert!(rng.below(9) < 9);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound`; 0 when `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            return 0;
        }
        (self.next_u64() % bound as u64) as usize
    }

    /// Shuffles `items` in place (Fisher–Yates, from the last item down).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_the_published_one() {
        // The first outputs for seed 1234567 in the reference C code of
        // SplitMix64 (Vigna, prng.di.unimi.it/splitmix64.c).
        let mut rng = SplitMix64::new(1_234_567);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(first, [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423]);
    }
}
