//! Puzzles written for f-puzzles: the JSON its editor saves
//! ([`write_fpuzzles`]) and the link that opens it
//! ([`fpuzzles_link`]), each rule under the key
//! [`read_fpuzzles`](super::read_fpuzzles) reads, so that reading a
//! written puzzle gives it back.
//!
//! f-puzzles has no windoku, no slow thermometer, no whispers but
//! German ones, no disjoint groups over jigsaw regions and no
//! non-consecutive rule beside Kropki dots; a puzzle
//! with one of those is [`FPuzzlesError::Unwritable`], never written as
//! another puzzle. Windoku's windows are the one exception: f-puzzles
//! setters draw them as extra regions, which is how they are written (and
//! read back: as houses of one's own).

use serde_json::{Map, Value, json};
use sudokit_core::{
    ClueFamily, EdgeClue, Extremum, HouseKind, IndexerKind, LineKind, Parity, Puzzle, Relation, Shape, SightlineKind,
    UnitKind, Variant,
};

use super::fpuzzles::FPuzzlesError;

/// The f-puzzles JSON of `puzzle`: its size, grid (givens, a jigsaw's
/// regions, pencil marks) and one key per kind of rule.
///
/// ```
/// use sudokit_grid::io::{fpuzzles_link, read_fpuzzles, write_fpuzzles};
/// use sudokit_core::{Grid, Puzzle, Shape, Variant};
///
/// let rules = Variant::parse("x,thermo=r1c1+r2c2+r3c3,arrow=r4c4:r3c4,even=r1c2", Shape::MINI)?;
/// let puzzle = Puzzle::new("1...............".parse::<Grid>()?, rules)?;
/// let json = write_fpuzzles(&puzzle)?;
/// assert!(json.contains(r#""thermometer":[{"lines":[["R1C1","R2C2","R3C3"]]}]"#));
/// assert!(json.contains(r#""grid":[[{"given":true,"value":1},{}"#));
/// assert_eq!(read_fpuzzles(&json)?, puzzle);
/// assert_eq!(read_fpuzzles(&fpuzzles_link(&puzzle)?)?, puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`FPuzzlesError::Unwritable`] for a rule f-puzzles cannot say: slow
/// thermometers, whispers other than German ones, disjoint groups over
/// jigsaw regions, non-consecutive beside Kropki dots (windoku's windows
/// are written as extra regions, and read back as houses of one's own).
pub fn write_fpuzzles(puzzle: &Puzzle) -> Result<String, FPuzzlesError> {
    let mut object = Map::new();
    let shape = puzzle.shape();
    object.insert("size".into(), json!(shape.side()));
    object.insert("grid".into(), grid(puzzle));
    let variant = puzzle.variant();
    houses(variant, &mut object)?;
    relations(variant, &mut object)?;
    lines(variant, &mut object)?;
    marked_cells(variant, &mut object);
    sums(variant, &mut object);
    Ok(Value::Object(object).to_string())
}

/// The f-puzzles link of `puzzle`: its JSON compressed with lz-string's
/// base64, after `https://f-puzzles.com/?load=`.
///
/// # Errors
/// As [`write_fpuzzles`].
pub fn fpuzzles_link(puzzle: &Puzzle) -> Result<String, FPuzzlesError> {
    Ok(format!("https://f-puzzles.com/?load={}", lz_str::compress_to_base64(&write_fpuzzles(puzzle)?)))
}

/// `R1C1`, 1-based, as f-puzzles names a cell; `row` and `col` may lie
/// one step outside the grid (a little killer's clue).
fn name(row: isize, col: isize) -> String {
    format!("R{}C{}", row + 1, col + 1)
}

fn names(cells: &[usize], shape: Shape) -> Value {
    let side = shape.side();
    Value::Array(cells.iter().map(|&i| Value::String(name((i / side) as isize, (i % side) as isize))).collect())
}

/// The rows of cells: a given's value, a jigsaw cell's region (from 0),
/// a cell's pencil marks when they leave some digit out.
fn grid(puzzle: &Puzzle) -> Value {
    let (shape, variant) = (puzzle.shape(), puzzle.variant());
    let side = shape.side();
    let all = sudokit_core::marks::all_digits(side);
    let values = puzzle.grid().values();
    let cell = |i: usize| {
        let mut cell = Map::new();
        if values[i] != 0 {
            cell.insert("value".into(), json!(values[i]));
            cell.insert("given".into(), json!(true));
        }
        if let Some(map) = variant.regions() {
            cell.insert("region".into(), json!(map[i]));
        }
        if let Some(set) = variant.marks().map(|marks| marks[i]).filter(|&set| set != all) {
            let digits: Vec<u64> = (0..side as u64).filter(|d| set >> d & 1 == 1).map(|d| d + 1).collect();
            cell.insert("givenPencilMarks".into(), json!(digits));
        }
        Value::Object(cell)
    };
    Value::Array((0..side).map(|r| Value::Array((0..side).map(|c| cell(r * side + c)).collect())).collect())
}

/// Appends `entry` to the list under `key`.
fn push(object: &mut Map<String, Value>, key: &str, entry: Value) {
    if let Value::Array(list) = object.entry(key).or_insert_with(|| Value::Array(Vec::new())) {
        list.push(entry);
    }
}

fn unwritable(rule: &str) -> FPuzzlesError {
    FPuzzlesError::Unwritable(rule.into())
}

/// The diagonals, disjoint groups, extra regions (windows among them) and
/// killer cages.
fn houses(variant: &Variant, object: &mut Map<String, Value>) -> Result<(), FPuzzlesError> {
    let shape = variant.shape();
    for house in variant.extra_houses() {
        match house.kind() {
            HouseKind::Diagonal => {
                object.insert("diagonal-".into(), json!(true));
            }
            HouseKind::AntiDiagonal => {
                object.insert("diagonal+".into(), json!(true));
            }
            // f-puzzles' disjoint groups are the places of the boxes.
            HouseKind::DisjointGroup if variant.regions().is_some() => {
                return Err(unwritable("disjoint groups over jigsaw regions"));
            }
            HouseKind::DisjointGroup => {
                object.insert("disjointgroups".into(), json!(true));
            }
            HouseKind::Window | HouseKind::Extra => {
                push(object, "extraregion", json!({ "cells": names(house.cells(), shape) }));
            }
            other => return Err(unwritable(&format!("houses of kind {other:?}"))),
        }
    }
    for cage in variant.cages() {
        let mut entry = Map::new();
        entry.insert("cells".into(), names(cage.cells(), shape));
        if let Some(sum) = cage.sum() {
            entry.insert("value".into(), json!(sum.to_string()));
        }
        push(object, "killercage", Value::Object(entry));
    }
    Ok(())
}

/// Anti-king, anti-knight, non-consecutive, the clues between two cells
/// and their negatives, as the reader pairs them: every Kropki dot given
/// is `nonconsecutive` with `ratio` negative.
fn relations(variant: &Variant, object: &mut Map<String, Value>) -> Result<(), FPuzzlesError> {
    let shape = variant.shape();
    for &relation in variant.relations() {
        let key = match relation {
            Relation::AntiKing => "antiking",
            Relation::AntiKnight => "antiknight",
            Relation::NonConsecutive => "nonconsecutive",
            other => return Err(unwritable(&format!("the relation {other:?}"))),
        };
        object.insert(key.into(), json!(true));
    }
    // f-puzzles' `nonconsecutive` beside dots says every dot is given.
    let dots = variant.edge_clues().iter().any(|&(clue, ..)| matches!(clue, EdgeClue::White | EdgeClue::Black));
    let kropki = dots || variant.all_given().contains(&ClueFamily::Kropki);
    if variant.relations().contains(&Relation::NonConsecutive) && kropki {
        return Err(unwritable("non-consecutive beside Kropki dots"));
    }
    for &(clue, a, b) in variant.edge_clues() {
        let cells = names(&[a, b], shape);
        match clue {
            EdgeClue::White => push(object, "difference", json!({ "cells": cells })),
            EdgeClue::Black => push(object, "ratio", json!({ "cells": cells })),
            EdgeClue::X => push(object, "xv", json!({ "cells": cells, "value": "X" })),
            EdgeClue::V => push(object, "xv", json!({ "cells": cells, "value": "V" })),
            other => return Err(unwritable(&format!("the clue {other:?}"))),
        }
    }
    for &family in variant.all_given() {
        match family {
            ClueFamily::Kropki => {
                object.insert("nonconsecutive".into(), json!(true));
                push(object, "negative", json!("ratio"));
            }
            ClueFamily::Xv => push(object, "negative", json!("xv")),
            ClueFamily::BlackDots => push(object, "negative", json!("ratio")),
            other => return Err(unwritable(&format!("every clue of {other:?} given"))),
        }
    }
    Ok(())
}

/// Thermometers, German whispers, palindromes, renban, between lines and entropic lines
/// (of the side's tiers), one entry a line.
fn lines(variant: &Variant, object: &mut Map<String, Value>) -> Result<(), FPuzzlesError> {
    let shape = variant.shape();
    for line in variant.lines() {
        let key = match line.kind() {
            LineKind::Thermometer => "thermometer",
            LineKind::Palindrome => "palindrome",
            kind if kind == LineKind::german_whispers(shape.side()) => "whispers",
            LineKind::Renban(_) => "renban",
            LineKind::Between => "betweenline",
            LineKind::RegionSum => "regionsumline",
            kind if kind == LineKind::entropic(shape.side()) => "entropicline",
            kind => return Err(unwritable(&kind.name(shape.side()))),
        };
        push(object, key, json!({ "lines": [names(line.cells(), shape)] }));
    }
    Ok(())
}

/// Minimum, maximum, odd and even cells, clones and indexer cells.
fn marked_cells(variant: &Variant, object: &mut Map<String, Value>) {
    let (shape, side) = (variant.shape(), variant.shape().side());
    for (cells, copies) in variant.clones() {
        push(object, "clone", json!({ "cells": names(cells, shape), "cloneCells": names(copies, shape) }));
    }
    for (key, kind) in [("columnindexer", IndexerKind::Column), ("rowindexer", IndexerKind::Row)] {
        let cells: Vec<usize> = variant.indexers().iter().filter(|x| x.kind() == kind).map(|x| x.cell()).collect();
        if !cells.is_empty() {
            push(object, key, json!({ "cells": names(&cells, shape) }));
        }
    }
    let cell = |i: usize| json!({ "cell": name((i / side) as isize, (i % side) as isize) });
    for &(i, extremum) in variant.extrema() {
        let key = if extremum == Extremum::Minimum { "minimum" } else { "maximum" };
        push(object, key, cell(i));
    }
    for &(i, parity) in variant.parities() {
        let key = if parity == Parity::Odd { "odd" } else { "even" };
        push(object, key, cell(i));
    }
}

/// Arrows (one entry an arrow, its line from the circle), little
/// killers (the clue one step before the first cell, and the direction),
/// quadruples, and the clues outside the grid: sandwiches, X-sums and
/// skyscrapers (the cell just outside their row or column).
fn sums(variant: &Variant, object: &mut Map<String, Value>) {
    let shape = variant.shape();
    let side = shape.side() as isize;
    let at = |i: usize| (i as isize / side, i as isize % side);
    for arrow in variant.arrows() {
        let line: Vec<usize> = std::iter::once(arrow.circle()).chain(arrow.shaft().iter().copied()).collect();
        push(object, "arrow", json!({ "cells": names(&[arrow.circle()], shape), "lines": [names(&line, shape)] }));
    }
    // A pill arrow's line starts from its pill's last cell.
    for arrow in variant.pill_arrows() {
        let line: Vec<usize> = arrow.pill()[arrow.pill().len() - 1..].iter().chain(arrow.shaft()).copied().collect();
        push(object, "arrow", json!({ "cells": names(arrow.pill(), shape), "lines": [names(&line, shape)] }));
    }
    for killer in variant.little_killers() {
        let first = at(killer.cells()[0]);
        let (dr, dc) = killer.cells().get(1).map_or((1, 1), |&next| (at(next).0 - first.0, at(next).1 - first.1));
        let direction = match (dr, dc) {
            (-1, 1) => "UR",
            (-1, _) => "UL",
            (_, 1) => "DR",
            _ => "DL",
        };
        let entry = json!({
            "cell": name(first.0 - dr, first.1 - dc),
            "cells": names(killer.cells(), shape),
            "direction": direction,
            "value": killer.total().to_string(),
        });
        push(object, "littlekillersum", entry);
    }
    for quadruple in variant.quadruples() {
        let entry = json!({ "cells": names(quadruple.cells(), shape), "values": quadruple.digits() });
        push(object, "quadruple", entry);
    }
    // A sandwich's clue sits left of its row or above its column.
    for sandwich in variant.sandwiches() {
        let k = sandwich.index() as isize;
        let cell = if sandwich.unit() == UnitKind::Row { name(k, -1) } else { name(-1, k) };
        push(object, "sandwichsum", json!({ "cell": cell, "value": sandwich.total().to_string() }));
    }
    for clue in variant.sightlines() {
        let (row, col) = clue.side().place(clue.index(), shape.side());
        let cell = format!("R{row}C{col}");
        let key = if clue.kind() == SightlineKind::XSum { "xsum" } else { "skyscraper" };
        push(object, key, json!({ "cell": cell, "value": clue.value().to_string() }));
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use sudokit_core::{Cell, EdgeClue, Grid, Relation};
    use sudokit_testkit::generate::{
        arrows, clones, extrema, indexers, killer_cages, lines, little_killers, overlapping_cages, parities,
        pencil_marks, pill_arrows, quadruples, sandwiches, sightlines, solved_grid, with_holes,
    };

    use super::*;
    use crate::io::read_fpuzzles;

    /// A puzzle of `shape` under rules drawn from `seed` among those
    /// f-puzzles says: each kind in or out by a bit of `kinds`.
    fn drawn(shape: Shape, seed: u64, kinds: u32) -> Puzzle {
        let solution = solved_grid(shape, seed);
        let on = |bit: u32| kinds >> bit & 1 == 1;
        let (mut grid, mut variant) = if on(0) {
            pencil_marks(&with_holes(&solution, shape.cell_count() / 2, seed), &solution, 4, 30, seed)
        } else {
            (with_holes(&solution, shape.cell_count() * 2 / 3, seed), Variant::standard(shape))
        };
        if on(1) {
            variant = variant.with_diagonals();
        }
        if on(2) {
            variant = variant.with_relation(Relation::AntiKing).with_relation(Relation::AntiKnight);
        }
        if on(3) {
            variant = variant.with_disjoint_groups();
        }
        if on(4) {
            variant = overlapping_cages(killer_cages(variant, &solution, 4, seed), &solution, 2, 3, seed);
        }
        if on(5) {
            variant = lines(variant, &solution, LineKind::Thermometer, 3, 4, seed);
            variant = lines(variant, &solution, LineKind::german_whispers(shape.side()), 2, 3, seed);
            variant = lines(variant, &solution, LineKind::Palindrome, 2, 3, seed);
            variant = lines(variant, &solution, LineKind::Renban(0), 2, 4, seed);
            variant = lines(variant, &solution, LineKind::entropic(shape.side()), 1, 4, seed);
            variant = lines(variant, &solution, LineKind::Between, 2, 4, seed);
            variant = lines(variant, &solution, LineKind::RegionSum, 2, 4, seed);
        }
        if on(6) {
            variant = parities(extrema(variant, &solution, 50, seed), &solution, 20, seed);
            variant = indexers(clones(variant, &solution, 2, seed), &solution, 3, seed);
        }
        if on(7) {
            variant = little_killers(arrows(variant, &solution, 3, seed), &solution, 2, seed);
            variant = pill_arrows(variant, &solution, 2, seed);
            variant = sandwiches(quadruples(variant, &solution, 2, seed), &solution, 2, seed);
            variant = sightlines(variant, &solution, 3, seed);
        }
        if on(8) {
            let (a, b, c) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 1));
            variant = variant.with_edge_clue(EdgeClue::White, a, b).expect("neighbours");
            variant = variant.with_edge_clue(EdgeClue::V, b, c).expect("neighbours");
            variant = variant.with_all_clues_given(ClueFamily::Kropki).with_all_clues_given(ClueFamily::Xv);
        } else if on(9) && on(5) {
            let (a, b) = (Cell::new(0, 0), Cell::new(0, 1));
            variant = variant.with_edge_clue(EdgeClue::Black, a, b).expect("neighbours");
            variant = variant.with_all_clues_given(ClueFamily::BlackDots);
        } else if on(9) {
            variant = variant.with_relation(Relation::NonConsecutive);
        }
        if on(10) && !on(3) {
            let map: Vec<u8> = (0..shape.cell_count()).map(|i| shape.box_of(i) as u8 + 1).collect();
            let mut map = map;
            // Two cells of neighbouring boxes swap regions.
            let (a, b) = (shape.box_width() - 1, shape.box_width());
            map.swap(a, b);
            if let Ok(jigsaw) = variant.clone().with_regions(&map) {
                variant = jigsaw;
                grid = Grid::empty(shape);
            }
        }
        Puzzle::new(grid, variant).expect("one shape")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// What is written reads back the same, as JSON and as a link.
        #[test]
        fn written_puzzles_read_back(seed in 0u64..1000, kinds in 0u32..2048, nine in any::<bool>()) {
            let shape = if nine { Shape::CLASSIC } else { Shape::SIX };
            let puzzle = drawn(shape, seed, kinds);
            let json = write_fpuzzles(&puzzle).expect("rules f-puzzles says");
            prop_assert_eq!(read_fpuzzles(&json).expect("its own JSON"), puzzle.clone(), "{}", json);
            let link = fpuzzles_link(&puzzle).expect("rules f-puzzles says");
            prop_assert_eq!(read_fpuzzles(&link).expect("its own link"), puzzle);
        }
    }

    #[test]
    fn rules_f_puzzles_cannot_say_are_named() {
        let err = |rules: &str| {
            let puzzle = Puzzle::new(Grid::empty(Shape::MINI), Variant::parse(rules, Shape::MINI).expect("rules"));
            write_fpuzzles(&puzzle.expect("one shape")).map(|_| ()).unwrap_err().to_string()
        };
        assert_eq!(err("slow-thermo=r1c1+r1c2"), "f-puzzles has no way to say slow-thermo");
        assert_eq!(err("dutch-whispers=r1c1+r1c2"), "f-puzzles has no way to say dutch-whispers");
        assert_eq!(
            err("non-consecutive,kropki-negative"),
            "f-puzzles has no way to say non-consecutive beside Kropki dots"
        );
    }
}
