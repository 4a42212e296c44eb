//! [`Symmetry`]: the patterns of givens a generator can keep, as orbits
//! of cells that are given or emptied together.

use std::fmt;
use std::str::FromStr;

use sudokit_core::Shape;

/// The symmetry of a puzzle's givens: a cell is given exactly when its
/// images are. Every symmetry works on every shape (the grid is square,
/// whatever its boxes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// A half turn about the centre: the most common in published puzzles.
    Rotate180,
    /// Quarter turns about the centre (so half turns too).
    Rotate90,
    /// The mirror across the horizontal axis: row `r` and row `n - 1 - r`.
    MirrorRows,
    /// The mirror across the vertical axis: column `c` and `n - 1 - c`.
    MirrorColumns,
    /// The mirror across the main diagonal: `(r, c)` and `(c, r)`.
    Diagonal,
    /// The mirror across the other diagonal: `(r, c)` and
    /// `(n - 1 - c, n - 1 - r)`.
    AntiDiagonal,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::MirrorRows,
        Symmetry::MirrorColumns,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
    ];

    /// The name `FromStr` reads and `Display` writes: `none`, `rotate180`,
    /// `rotate90`, `mirror-rows`, `mirror-columns`, `diagonal`,
    /// `anti-diagonal`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::MirrorRows => "mirror-rows",
            Symmetry::MirrorColumns => "mirror-columns",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
        }
    }

    /// The images of cell `(r, c)` of a grid of side `n`, the cell itself
    /// first.
    fn images(self, n: usize, r: usize, c: usize) -> Vec<(usize, usize)> {
        let m = n - 1;
        match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rotate180 => vec![(r, c), (m - r, m - c)],
            Symmetry::Rotate90 => vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::MirrorRows => vec![(r, c), (m - r, c)],
            Symmetry::MirrorColumns => vec![(r, c), (r, m - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
            Symmetry::AntiDiagonal => vec![(r, c), (m - c, m - r)],
        }
    }

    /// The orbits of the cells of `shape` (row-major indices, each orbit
    /// ascending, orbits by their first cell): the sets a symmetric puzzle
    /// gives or empties together.
    ///
    /// ```
    /// use sudokit_generate::Symmetry;
    /// use sudokit_core::Shape;
    ///
    /// let orbits = Symmetry::Rotate180.orbits(Shape::CLASSIC);
    /// assert_eq!(orbits.len(), 41); // 40 pairs and the centre
    /// assert_eq!(orbits[0], [0, 80]);
    /// assert!(orbits.contains(&vec![40]));
    /// ```
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let n = shape.side();
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for i in 0..n * n {
            if seen[i] {
                continue;
            }
            let mut orbit: Vec<usize> = self.images(n, i / n, i % n).into_iter().map(|(r, c)| r * n + c).collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &j in &orbit {
                seen[j] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the givens of `values` (0 for empty) have this symmetry.
    pub fn holds_for(self, shape: Shape, values: &[u8]) -> bool {
        values.len() == shape.cell_count()
            && self.orbits(shape).iter().all(|orbit| orbit.iter().all(|&i| (values[i] == 0) == (values[orbit[0]] == 0)))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that is none of [`Symmetry::name`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symmetry {given:?}: expected one of none, rotate180, rotate90, mirror-rows, mirror-columns, diagonal, anti-diagonal"
)]
#[non_exhaustive]
pub struct UnknownSymmetry {
    /// The name given.
    pub given: String,
}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    /// Reads a [`name`](Symmetry::name), in any case; `rotational` is
    /// `rotate180`, as QQWing calls it.
    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        if wanted == "rotational" || wanted == "rotate-180" {
            return Ok(Symmetry::Rotate180);
        }
        if wanted == "rotate-90" {
            return Ok(Symmetry::Rotate90);
        }
        Symmetry::ALL.into_iter().find(|s| s.name() == wanted).ok_or(UnknownSymmetry { given: s.to_owned() })
    }
}
