//! The rating's path, step by step, against Sudoku Explainer 1.2.1's own
//! (`tests/data/se121_paths_sample.tsv`, with its provenance): at every
//! step the same technique (under SE's name for it), the same difficulty,
//! and for the singles the same cell and digit. A change to a technique,
//! to its score or to the order in which the path tries them shows here,
//! on 103 puzzles from ER 1.2 to 10.6, where the rating's ER alone may
//! hide it.

use sudokit_rules::human::{Position, Technique, lists};
use sudokit_rules::sudokit_core::{Cell, Grid};

const PATHS: &str = include_str!("../data/se121_paths_sample.tsv");

/// One step of SE's path.
struct SeStep<'a> {
    number: &'a str,
    technique: &'a str,
    difficulty: &'a str,
    text: &'a str,
}

/// The puzzles of the file, each with SE's path.
fn se_paths() -> Vec<(Grid, Vec<SeStep<'static>>)> {
    let mut paths: Vec<(Grid, Vec<SeStep<'static>>)> = Vec::new();
    for line in PATHS.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[..] {
            ["P", puzzle] => paths.push((puzzle.parse().expect("a puzzle"), Vec::new())),
            [number, technique, difficulty, text] => {
                paths.last_mut().expect("a puzzle first").1.push(SeStep { number, technique, difficulty, text })
            }
            _ => panic!("unreadable line {line:?}"),
        }
    }
    paths
}

/// The name SE gives to the steps of `technique` (SE names some kinds
/// apart that this crate names as one, and the other way round: every
/// hidden single, full houses included, is SE's "Hidden Single").
fn se_names(technique: Technique) -> &'static [&'static str] {
    use Technique as T;
    match technique {
        T::FullHouse | T::HiddenSingle => &["Hidden Single"],
        T::NakedSingle => &["Naked Single"],
        T::DirectPointing => &["Direct Pointing"],
        T::DirectClaiming => &["Direct Claiming"],
        T::DirectHiddenPair => &["Direct Hidden Pair"],
        T::DirectHiddenTriple => &["Direct Hidden Triplet"],
        T::Pointing => &["Pointing"],
        T::Claiming => &["Claiming"],
        T::NakedPair => &["Naked Pair"],
        T::NakedTriple => &["Naked Triplet"],
        T::NakedQuad => &["Naked Quad"],
        T::HiddenPair => &["Hidden Pair"],
        T::HiddenTriple => &["Hidden Triplet"],
        T::HiddenQuad => &["Hidden Quad"],
        T::XWing => &["X-Wing"],
        T::Swordfish => &["Swordfish"],
        T::Jellyfish => &["Jellyfish"],
        T::XyWing => &["XY-Wing"],
        T::XyzWing => &["XYZ-Wing"],
        T::UniqueRectangle => &[
            "Unique Rectangle type 1",
            "Unique Rectangle type 2",
            "Unique Rectangle type 3",
            "Unique Rectangle type 4",
        ],
        T::UniqueLoop => &["Unique Loop type 1", "Unique Loop type 2", "Unique Loop type 3", "Unique Loop type 4"],
        T::Bug => &["BUG type 1", "BUG type 2", "BUG type 3", "BUG type 4"],
        T::AlignedPairExclusion => &["Aligned Pair Exclusion"],
        T::AlignedTripleExclusion => &["Aligned Triplet Exclusion"],
        T::XChain => &["Turbot Fish", "Forcing X-Chain"],
        T::XCycle => &["Bidirectional X-Cycle"],
        T::YCycle => &["Bidirectional Y-Cycle"],
        T::ContinuousLoop => &["Bidirectional Cycle"],
        T::Aic => &["Forcing Chain"],
        T::Nishio => &["Nishio Forcing Chains"],
        T::CellForcingChains => &["Cell Forcing Chains"],
        T::RegionForcingChains => &["Region Forcing Chains"],
        T::DynamicForcingChains => &[
            "Dynamic Cell Forcing Chains",
            "Dynamic Region Forcing Chains",
            "Dynamic Contradiction Forcing Chains",
            "Dynamic Double Forcing Chains",
        ],
        T::DynamicForcingChainsPlus => &[
            "Dynamic Cell Forcing Chains (+)",
            "Dynamic Region Forcing Chains (+)",
            "Dynamic Contradiction Forcing Chains (+)",
            "Dynamic Double Forcing Chains (+)",
        ],
        T::NestedForcingChains => &[
            "Dynamic Cell Forcing Chains (+ Forcing Chains)",
            "Dynamic Region Forcing Chains (+ Forcing Chains)",
            "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
            "Dynamic Double Forcing Chains (+ Forcing Chains)",
        ],
        T::NestedMultipleForcingChains => &[
            "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
            "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
            "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
            "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        ],
        T::NestedDynamicForcingChains => &[
            "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
            "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
            "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
            "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        ],
        // The named patterns are off SE's path.
        _ => &[],
    }
}

/// The cell and digit of SE's text for a single (`Hidden Single: B3: 3 in
/// block`, `Naked Single: F8: 6`): column letter, row number, digit.
fn single_of(text: &str) -> (Cell, u8) {
    let mut parts = text.split(": ").skip(1);
    let (cell, digit) = (parts.next().expect("a cell"), parts.next().expect("a digit"));
    let mut chars = cell.chars();
    let col = chars.next().expect("a column letter") as usize - 'A' as usize;
    let row: usize = chars.as_str().parse().expect("a row number");
    (Cell::new(row - 1, col), digit[..1].parse().expect("a digit"))
}

#[test]
fn the_path_is_sudoku_explainers_step_by_step() {
    let paths = se_paths();
    assert_eq!(paths.len(), 103);
    for (puzzle, se) in &paths {
        let mut position = Position::new(puzzle).unwrap();
        for step in se {
            let at = format!("{puzzle}, SE's step {} ({} {})", step.number, step.technique, step.difficulty);
            let ours = lists::standard().iter().find_map(|s| s.find(&position));
            let ours = ours.unwrap_or_else(|| panic!("{at}: no step of ours"));
            assert!(se_names(ours.technique()).contains(&step.technique), "{at}: ours is {ours}");
            assert_eq!(ours.score().to_string(), step.difficulty, "{at}: ours is {ours}");
            if !step.text.is_empty() {
                let (cell, digit) = single_of(step.text);
                let placed: Vec<(Cell, u8)> = ours.placements().iter().map(|&(c, d)| (c, d.get())).collect();
                assert_eq!(placed, [(cell, digit)], "{at}: ours is {ours}");
            }
            position.apply(&ours).unwrap();
        }
        assert!(position.is_solved(), "{puzzle}: SE's path ends before ours");
    }
}

#[test]
fn singles_read_as_se_writes_them() {
    assert_eq!(single_of("Hidden Single: B3: 3 in block"), (Cell::new(2, 1), 3));
    assert_eq!(single_of("Naked Single: I7: 9"), (Cell::new(6, 8), 9));
}
