//! Which instructions [`BitParallel`](crate::BitParallel)'s search runs on,
//! chosen at run time: the portable build, or the x86-64-v3 set (AVX2,
//! BMI1/2, POPCNT, LZCNT) where the CPU has it.
//!
//! The propagation, where a search spends nearly all its time, is one body
//! compiled twice: once as the build's target allows, once inlined into a
//! function with the x86-64-v3 features enabled, reached through a token of
//! the `pulp` crate that exists only when the CPU reports those features,
//! so no `unsafe` is needed.

use std::sync::OnceLock;

use crate::board::{Board, Contradiction};
use crate::extras::Extras;

/// The environment variable that keeps [`Instructions::detect`] on
/// [`Instructions::Portable`]: set to anything but empty or `0`, it forces
/// the portable path, as on a CPU without the wider sets. Read once per
/// process.
pub const PORTABLE_ENV: &str = "SUDOKIT_PORTABLE";

/// The instruction set a [`BitParallel`](crate::BitParallel) search runs
/// on. Both give the same answers, statistics included; only the speed
/// differs.
///
/// ```
/// use sudokit_bitparallel::{BitParallel, Instructions};
///
/// let solver = BitParallel::new().with_instructions(Instructions::Portable);
/// assert_eq!(solver.instructions(), Instructions::Portable);
/// // The detected set is one this CPU runs.
/// assert!(Instructions::detect().is_available());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Instructions {
    /// What the build's target guarantees (SSE2 on a default x86-64 build).
    Portable,
    /// x86-64-v3: AVX2, BMI1, BMI2, FMA, POPCNT and LZCNT (Intel since
    /// Haswell, AMD since Excavator).
    X86V3,
}

impl Instructions {
    /// The widest set this CPU runs, or [`Portable`](Instructions::Portable)
    /// when the environment variable [`PORTABLE_ENV`] is set (to anything
    /// but empty or `0`). Detected once per process.
    pub fn detect() -> Instructions {
        static DETECTED: OnceLock<Instructions> = OnceLock::new();
        *DETECTED.get_or_init(|| {
            let forced = std::env::var_os(PORTABLE_ENV).is_some_and(|value| !value.is_empty() && value != "0");
            if !forced && Instructions::X86V3.is_available() { Instructions::X86V3 } else { Instructions::Portable }
        })
    }

    /// Whether this CPU runs the set.
    pub fn is_available(self) -> bool {
        match self {
            Instructions::Portable => true,
            Instructions::X86V3 => Path::of(self).instructions() == self,
        }
    }
}

/// A way to run the search: the portable body, or the one compiled with
/// x86-64-v3 features, with the token that proves the CPU has them.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Path {
    /// The build's own target.
    Portable,
    /// x86-64-v3, checked at run time.
    #[cfg(target_arch = "x86_64")]
    X86V3(pulp::x86::V3),
}

impl Path {
    /// The path for `instructions`, or the portable one when this CPU lacks
    /// them.
    pub(crate) fn of(instructions: Instructions) -> Path {
        match instructions {
            Instructions::Portable => Path::Portable,
            #[cfg(target_arch = "x86_64")]
            Instructions::X86V3 => pulp::x86::V3::try_new().map_or(Path::Portable, Path::X86V3),
            #[cfg(not(target_arch = "x86_64"))]
            Instructions::X86V3 => Path::Portable,
        }
    }

    /// The instruction set of the path.
    pub(crate) fn instructions(self) -> Instructions {
        match self {
            Path::Portable => Instructions::Portable,
            #[cfg(target_arch = "x86_64")]
            Path::X86V3(_) => Instructions::X86V3,
        }
    }

    /// Propagates `board` (see [`Board::propagate`]) with the path's
    /// instructions.
    #[inline(always)]
    pub(crate) fn propagate(
        self,
        board: &mut Board,
        column_singles: bool,
        extras: Option<&Extras>,
    ) -> Result<(), Contradiction> {
        match self {
            Path::Portable => board.propagate(column_singles, extras),
            #[cfg(target_arch = "x86_64")]
            // One copy per case, so that the standard rules' copy keeps no
            // trace of the extras.
            Path::X86V3(v3) => match extras {
                None => v3.vectorize(|| board.propagate_inline(column_singles, None)),
                Some(extras) => v3.vectorize(|| board.propagate_inline(column_singles, Some(extras))),
            },
        }
    }
}
