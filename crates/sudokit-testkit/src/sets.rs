//! The puzzle sets: the one list of them for the tests, examples and
//! benches of the workspace.
//!
//! The small sets (the course's three levels, magictour's top 1465, the
//! forum's hardest of 2011, the variant sets) ship inside this crate and
//! are embedded with `include_str!`, so they work wherever the crate is
//! used, a packaged crate's tests included. The large
//! throughput sets live in the repository's `puzzles/` folder and are read
//! from disk through [`PuzzleSet::path`]: they exist only in a checkout of
//! the sudokit repository (see [`PuzzleSet::is_available`]).

use std::path::PathBuf;

use sudokit_core::{Grid, Puzzle, Variant};

/// One file of `puzzles/`.
#[derive(Clone, Copy, Debug)]
pub struct PuzzleSet {
    /// Short name (`"easy"`, `"top95"`…).
    pub name: &'static str,
    /// File name inside `puzzles/`.
    pub file: &'static str,
    /// The file's text, for the embedded sets.
    embedded: Option<&'static str>,
}

impl PuzzleSet {
    /// Absolute path of the file: inside this crate for the embedded sets,
    /// in the repository's `puzzles/` folder for the others.
    pub fn path(&self) -> PathBuf {
        if self.embedded.is_some() { embedded_path(self.file) } else { puzzles_dir().join(self.file) }
    }

    /// Whether the set can be read here: always for the embedded sets, in a
    /// checkout of the repository for the others.
    pub fn is_available(&self) -> bool {
        self.embedded.is_some() || self.path().is_file()
    }

    /// The file's text.
    ///
    /// # Panics
    /// When a non-embedded file is missing: the test setup is broken.
    pub fn text(&self) -> String {
        match self.embedded {
            Some(text) => text.to_owned(),
            None => std::fs::read_to_string(self.path())
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", self.path().display())),
        }
    }

    /// Every puzzle of the set, in file order.
    ///
    /// # Panics
    /// When a line is not a grid: the fixture is broken.
    pub fn puzzles(&self) -> Vec<Grid> {
        self.take(usize::MAX)
    }

    /// The first `n` puzzles.
    ///
    /// # Panics
    /// When a line is not a grid.
    pub fn take(&self, n: usize) -> Vec<Grid> {
        puzzle_lines(&self.text())
            .take(n)
            .map(|(line_no, line)| line.parse().unwrap_or_else(|e| panic!("{}:{line_no}: {e}", self.file)))
            .collect()
    }
}

/// The non-comment, non-blank lines of a one-puzzle-per-line file, with
/// their 1-based line numbers.
pub fn puzzle_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Where the embedded file `file` lies, inside this crate.
fn embedded_path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles").join(file)
}

/// The repository's `puzzles/` folder (the embedded sets are linked
/// there too).
pub fn puzzles_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../puzzles")
}

/// The course's easy level: 51 puzzles (Project Euler 96).
pub const EASY: PuzzleSet =
    PuzzleSet { name: "easy", file: "course_easy51.txt", embedded: Some(include_str!("../puzzles/course_easy51.txt")) };
/// The course's medium level: Norvig's 11 "hardest".
pub const MEDIUM: PuzzleSet = PuzzleSet {
    name: "medium",
    file: "norvig_hardest.txt",
    embedded: Some(include_str!("../puzzles/norvig_hardest.txt")),
};
/// The course's hard level: Norvig's top 95.
pub const HARD: PuzzleSet =
    PuzzleSet { name: "hard", file: "norvig_top95.txt", embedded: Some(include_str!("../puzzles/norvig_top95.txt")) };
/// Magictour's top 1465.
pub const MAGICTOUR: PuzzleSet = PuzzleSet {
    name: "magictour-top1465",
    file: "magictour_top1465.txt",
    embedded: Some(include_str!("../puzzles/magictour_top1465.txt")),
};
/// Serg's benchmark: every puzzle has two or more solutions.
pub const SERG: PuzzleSet = PuzzleSet { name: "serg", file: "serg_benchmark.txt", embedded: None };
/// All 49 158 known 17-clue puzzles.
pub const SEVENTEEN: PuzzleSet = PuzzleSet { name: "17-clue", file: "17_clue.txt", embedded: None };
/// Forum hardest 1905, SE 11 and above.
pub const FORUM_HARDEST: PuzzleSet =
    PuzzleSet { name: "forum-hardest-1905-11+", file: "forum_hardest_1905_11plus.txt", embedded: None };
/// Forum hardest database of 2011-06.
pub const FORUM_1106: PuzzleSet = PuzzleSet {
    name: "forum-hardest-1106",
    file: "forum_hardest_1106.txt",
    embedded: Some(include_str!("../puzzles/forum_hardest_1106.txt")),
};

/// 20 generated 16×16 puzzles, each proved to have one solution (see the
/// file's header for how it was made).
pub const SIXTEEN_UNIQUE: PuzzleSet = PuzzleSet {
    name: "16x16-unique",
    file: "generated_16x16_unique.txt",
    embedded: Some(include_str!("../puzzles/generated_16x16_unique.txt")),
};
/// 10 generated 25×25 puzzles, each proved to have one solution.
pub const TWENTY_FIVE_UNIQUE: PuzzleSet = PuzzleSet {
    name: "25x25-unique",
    file: "generated_25x25_unique.txt",
    embedded: Some(include_str!("../puzzles/generated_25x25_unique.txt")),
};

/// The three course levels, easy to hard: the `compare` example's default
/// race.
pub const COURSE_LEVELS: [PuzzleSet; 3] = [EASY, MEDIUM, HARD];

/// The public throughput sets, as raced by the `throughput` example.
pub const THROUGHPUT: [PuzzleSet; 6] = [HARD, MAGICTOUR, SEVENTEEN, FORUM_HARDEST, FORUM_1106, SERG];

/// One embedded file of variant puzzles, one per line as `GRID;RULES`
/// (the rules in `sudokit_core::variant_text`'s form), each with one
/// solution: see the header of each file for how it was made.
#[derive(Clone, Copy, Debug)]
pub struct VariantSet {
    /// The file's rules, as its lines write them (`"x"`, `"jigsaw"` for
    /// maps that differ line by line, `"killer"` for cages).
    pub name: &'static str,
    /// File name inside `puzzles/`.
    pub file: &'static str,
    text: &'static str,
}

impl VariantSet {
    /// Absolute path of the file, inside this crate (`puzzles/` of the
    /// repository links there).
    pub fn path(&self) -> PathBuf {
        embedded_path(self.file)
    }

    /// The file's text.
    pub fn text(&self) -> &'static str {
        self.text
    }

    /// The first `n` puzzles, each with its rules.
    ///
    /// # Panics
    /// When a line is not a grid and its rules: the fixture is broken.
    pub fn take(&self, n: usize) -> Vec<Puzzle> {
        puzzle_lines(self.text)
            .take(n)
            .map(|(line_no, line)| read_variant_line(line).unwrap_or_else(|e| panic!("{}:{line_no}: {e}", self.file)))
            .collect()
    }

    /// Every puzzle of the set, in file order.
    ///
    /// # Panics
    /// As [`take`](VariantSet::take).
    pub fn puzzles(&self) -> Vec<Puzzle> {
        self.take(usize::MAX)
    }
}

/// One `GRID;RULES` line as a puzzle.
fn read_variant_line(line: &str) -> Result<Puzzle, String> {
    let (grid, rules) = line.split_once(';').ok_or("no `;` before the rules")?;
    let grid: Grid = grid.parse().map_err(|e| format!("{e}"))?;
    let rules = Variant::parse(rules, grid.shape()).map_err(|e| format!("{e}"))?;
    Puzzle::new(grid, rules).map_err(|e| format!("{e}"))
}

macro_rules! variant_set {
    ($name:literal, $file:literal) => {
        VariantSet { name: $name, file: $file, text: include_str!(concat!("../puzzles/", $file)) }
    };
}

/// 500 minimal Sudoku X puzzles (both diagonals).
pub const VARIANT_X: VariantSet = variant_set!("x", "variant_x.txt");
/// 500 minimal windoku puzzles.
pub const VARIANT_WINDOKU: VariantSet = variant_set!("windoku", "variant_windoku.txt");
/// 500 minimal disjoint-groups puzzles.
pub const VARIANT_DISJOINT_GROUPS: VariantSet = variant_set!("disjoint-groups", "variant_disjoint_groups.txt");
/// 500 minimal anti-king puzzles.
pub const VARIANT_ANTI_KING: VariantSet = variant_set!("anti-king", "variant_anti_king.txt");
/// 500 minimal anti-knight puzzles.
pub const VARIANT_ANTI_KNIGHT: VariantSet = variant_set!("anti-knight", "variant_anti_knight.txt");
/// 200 minimal puzzles under both diagonals and the anti-knight rule.
pub const VARIANT_X_ANTI_KNIGHT: VariantSet = variant_set!("x,anti-knight", "variant_x_anti_knight.txt");
/// 200 minimal non-consecutive puzzles.
pub const VARIANT_NON_CONSECUTIVE: VariantSet = variant_set!("non-consecutive", "variant_non_consecutive.txt");
/// 500 minimal jigsaw puzzles, a random map each.
pub const VARIANT_JIGSAW: VariantSet = variant_set!("jigsaw", "variant_jigsaw.txt");
/// 30 killer puzzles: cages covering the grid, no given.
pub const VARIANT_KILLER: VariantSet = variant_set!("killer", "variant_killer.txt");
/// 100 killer puzzles with cages and minimal givens.
pub const VARIANT_KILLER_GIVENS: VariantSet = variant_set!("killer", "variant_killer_givens.txt");

/// Every variant set, cages last.
pub const VARIANTS: [VariantSet; 10] = [
    VARIANT_X,
    VARIANT_WINDOKU,
    VARIANT_DISJOINT_GROUPS,
    VARIANT_ANTI_KING,
    VARIANT_ANTI_KNIGHT,
    VARIANT_X_ANTI_KNIGHT,
    VARIANT_NON_CONSECUTIVE,
    VARIANT_JIGSAW,
    VARIANT_KILLER,
    VARIANT_KILLER_GIVENS,
];

/// Clash-free 9×9 puzzles with no solution, each proved by a short search:
/// r1c9 has no candidate in the first; in the second, r1c8 and r1c9 both
/// need the 8.
pub const UNSOLVABLE: [&str; 2] = [
    "12345678.\
     ........9\
     .........\
     .........\
     .........\
     .........\
     .........\
     .........\
     .........",
    "1234567..\
     .........\
     .........\
     .......9.\
     .........\
     .........\
     ........9\
     .........\
     .........",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_sets_have_their_documented_sizes() {
        assert_eq!(EASY.puzzles().len(), 51);
        assert_eq!(MEDIUM.puzzles().len(), 11);
        assert_eq!(HARD.puzzles().len(), 95);
        assert_eq!(MAGICTOUR.puzzles().len(), 1465);
        assert_eq!(FORUM_1106.puzzles().len(), 375);
        assert_eq!(SIXTEEN_UNIQUE.puzzles().len(), 20);
        assert_eq!(TWENTY_FIVE_UNIQUE.puzzles().len(), 10);
    }

    #[test]
    fn variant_sets_read_with_their_rules() {
        let sizes = [500, 500, 500, 500, 500, 200, 200, 500, 30, 100];
        for (set, size) in VARIANTS.into_iter().zip(sizes) {
            let puzzles = set.puzzles();
            assert_eq!(puzzles.len(), size, "{}", set.file);
            let written = puzzles[0].variant().to_string();
            let expected = match set.name {
                "killer" => written.starts_with("cage="),
                "jigsaw" => written.starts_with("jigsaw="),
                name => written == name,
            };
            assert!(expected, "{}: {written}", set.file);
        }
    }
}
