//! The README's tables against the code: the registered solvers,
//! which of them knows which kind of rule, and the killer scale.

use sudokit::{RuleKind, registry};

const README: &str = include_str!("../../README.md");

/// The registry's table as the facade's crate docs hold it (a unit test
/// of `sudokit::registry` builds it from the registry and checks them):
/// the README shows the same.
#[test]
fn the_readme_lists_every_registered_solver() {
    let docs: Vec<&str> = include_str!("../../crates/sudokit/src/lib.rs")
        .lines()
        .filter_map(|line| line.strip_prefix("//! "))
        .skip_while(|line| !line.starts_with("| name | type | crate |"))
        .take_while(|line| line.starts_with('|'))
        .collect();
    assert!(docs.len() > registry::solvers().len(), "the crate docs hold no solver table: {docs:?}");
    let table = docs.join("\n");
    assert!(README.contains(&table), "README.md should hold this table:\n{table}");
}

/// The table of the README's "Variants" section: a row per registered
/// solver, a column per kind of rule, `✓` where the solver knows it.
const TABLE: &str = "\
| solver | jigsaw | x | windoku | disjoint | house | king | knight | non-consec. | kropki | xv | cage | sum | wide sum | marks | thermo | whispers | palindrome | extrema | parity | arrow | little killer | renban | entropic | modular | quadruple | between | sandwich | clone | indexer | region sum | pill arrow | x-sum | skyscraper |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| `auto` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |
| `fast` |  | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  | ✓ |  |  |  |  | ✓ |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
| `propagation` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |
| `dlx` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  |  |  |  |
| `dlx-rs` |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
| `rules` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |
| `dsatur-propagate` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  | ✓ |  |  |  |  | ✓ |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
| `graph-mrv-propagate` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  | ✓ |  |  |  |  | ✓ |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
| `dsatur` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  | ✓ |  |  |  |  | ✓ |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
| `graph-mrv` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  | ✓ |  |  |  |  | ✓ |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
| `backtracking-mrv` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |
| `graph-sequential` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  | ✓ |  |  |  |  | ✓ |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
| `backtracking` |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
| `greedy` |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
| `annealing-hybrid` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  |  |  |  |
| `annealing` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  |  |  |  |
| `genetic-hybrid` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  |  |  |  |
| `genetic` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |  |  | ✓ | ✓ | ✓ |  |  |  | ✓ |  |  |  |  |  |
";

/// The column of each kind, in the order of [`RuleKind::ALL`].
const COLUMNS: [&str; 33] = [
    "jigsaw",
    "x",
    "windoku",
    "disjoint",
    "house",
    "king",
    "knight",
    "non-consec.",
    "kropki",
    "xv",
    "cage",
    "sum",
    "wide sum",
    "marks",
    "thermo",
    "whispers",
    "palindrome",
    "extrema",
    "parity",
    "arrow",
    "little killer",
    "renban",
    "entropic",
    "modular",
    "quadruple",
    "between",
    "sandwich",
    "clone",
    "indexer",
    "region sum",
    "pill arrow",
    "x-sum",
    "skyscraper",
];

fn table() -> String {
    assert_eq!(RuleKind::ALL.len(), COLUMNS.len(), "a new kind of rule needs a column here and in the README");
    let mut out = format!("| solver | {} |\n|---|{}\n", COLUMNS.join(" | "), "---|".repeat(COLUMNS.len()));
    for info in registry::solvers() {
        let known = info.rule_kinds();
        let cells: Vec<&str> = RuleKind::ALL.iter().map(|&kind| if known.contains(kind) { "✓" } else { "" }).collect();
        out.push_str(&format!("| `{}` | {} |\n", info.name(), cells.join(" | ")));
    }
    out
}

#[test]
fn rule_kinds_of_every_registered_solver() {
    assert_eq!(table(), TABLE, "the table of registered solvers × kinds of rule changed");
    assert!(README.contains(TABLE), "README.md should hold this table:\n{TABLE}");
}

/// The killer scale's table: each row's techniques score what the row
/// says, and every killer technique has a row.
#[test]
fn the_readme_s_killer_scale_is_the_techniques_scores() {
    use sudokit::rules::human::Technique;

    let start = README.find("| technique | score | why there |").expect("the killer scale's table");
    let rows = README[start..].lines().skip(2).take_while(|line| line.starts_with('|'));
    let mut named = Vec::new();
    for row in rows {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        for name in cells[0].split(", ") {
            let technique = Technique::ALL
                .iter()
                .copied()
                .find(|t| t.name().eq_ignore_ascii_case(name))
                .unwrap_or_else(|| panic!("`{name}` is no technique"));
            assert_eq!(technique.base_score().to_string(), cells[1], "{name}");
            named.push(technique);
        }
    }
    let killer = [
        Technique::CageCombination,
        Technique::ArrowSum,
        Technique::LittleKillerSum,
        Technique::PillArrow,
        Technique::RenbanRun,
        Technique::Quadruple,
        Technique::BetweenLine,
        Technique::RegionSumLine,
        Technique::SandwichSum,
        Technique::XSum,
        Technique::SkyscraperClue,
        Technique::Indexer,
        Technique::Innies,
        Technique::Outies,
        Technique::CageSplit,
        Technique::InnieOutieDifference,
        Technique::CageLockedDigit,
        Technique::CageBoundDigit,
        Technique::RenbanLockedDigit,
        Technique::LawOfLeftovers,
        Technique::HouseCombination,
    ];
    assert_eq!(named, killer, "one row per killer technique, in the scale's order");
}
