//! Puzzles from f-puzzles (`f-puzzles.com`), the editor most variant
//! setters publish with: a link `https://f-puzzles.com/?load=…`, its
//! `load` value, or the JSON inside.
//!
//! The value is the puzzle's JSON compressed with lz-string's
//! `compressToBase64`. The JSON has the grid's `size`, a `grid` of rows of
//! cells (`value` with `given: true` for a given, `region` for a jigsaw's
//! regions counted from 0, `givenPencilMarks` for a cell's allowed digits),
//! and one key per kind of constraint, each a list of entries naming
//! cells as `R1C1`. Read here: `killercage` (cells and an optional sum
//! `value`; cages may overlap), `extraregion`, `diagonal+` (up from the
//! bottom-left corner) and `diagonal-`, `antiking`, `antiknight`,
//! `disjointgroups`, `nonconsecutive`, `difference` (white Kropki dots of
//! difference 1), `ratio` (black dots of ratio 2), `xv`, and `negative`
//! (`ratio` with `nonconsecutive` gives every Kropki dot, `ratio` alone
//! every black dot, `xv` every X and V), `thermometer` (each entry's `lines`, every branch from the bulb),
//! `whispers` (German whispers), `palindrome`, `minimum`, `maximum`, `odd`
//! and `even` (each entry's `cell`), `arrow` (a circle of one cell in
//! `cells`, each of `lines` an arrow from it; a pill of two or three
//! cells read as a number, a pill arrow), `littlekillersum` (`cells` along the diagonal and
//! the sum `value`; one without a value is a drawing), `renban`,
//! `entropicline` (tiers of a third of the digits), `betweenline`,
//! `regionsumline`,
//! `quadruple` (the four
//! `cells` around a point and their `values`), `sandwichsum` (the clue's
//! `cell` outside the grid, `R0C3` above column 3 or `R4C0` left of row 4,
//! below and right read too, and its `value`), `xsum` and `skyscraper`
//! (the clue's `cell` outside the grid, read from that side, and its
//! `value`), `clone` (`cells` and
//! `cloneCells`, paired by place), `columnindexer` and `rowindexer` (their
//! `cells`). Titles, authors, rules text, solutions and cosmetic keys (`text`,
//! `line`, `rectangle`, `circle`, a `cage` without a value) are skipped;
//! any other constraint present is refused
//! ([`FPuzzlesError::Unsupported`]), never dropped.
//!
//! ```
//! use sudokit_grid::io::read_fpuzzles;
//!
//! let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
//!     "killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"diagonal+":true,"diagonal-":true}"#;
//! let puzzle = read_fpuzzles(json)?;
//! assert_eq!(puzzle.grid().to_string(), "1...............");
//! assert_eq!(puzzle.variant().to_string(), "x,cage=3:r1c1+r1c2");
//! // The same puzzle as f-puzzles links it.
//! let link = format!("https://f-puzzles.com/?load={}", lz_str::compress_to_base64(json));
//! assert_eq!(read_fpuzzles(&link)?, puzzle);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde_json::{Map, Value};
use sudokit_core::{
    Cell, ClueFamily, ClueSide, EdgeClue, Extremum, Grid, IndexerKind, LineKind, Parity, Puzzle, Relation, Shape,
    SightlineKind, UnitKind, Variant, VariantError,
};

/// Why a text is not an f-puzzles puzzle sudokit can play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FPuzzlesError {
    /// The `load` value does not decompress (lz-string, base64).
    #[error("not an f-puzzles puzzle: its text does not decompress")]
    Decompress,
    /// The JSON cannot be read.
    #[error("the f-puzzles JSON cannot be read: {0}")]
    Json(String),
    /// A field is missing or of the wrong form.
    #[error("f-puzzles field `{field}`: {reason}")]
    Field {
        /// The field, with the entry's number where it is one of a list
        /// (`killercage 3`).
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// A constraint sudokit does not have (yet).
    #[error("f-puzzles constraint `{0}` is not one sudokit plays (yet)")]
    Unsupported(String),
    /// A rule f-puzzles cannot say, met while writing a puzzle.
    #[error("f-puzzles has no way to say {0}")]
    Unwritable(String),
    /// The rules the file gives break a rule of their own.
    #[error("f-puzzles rules: {0}")]
    Rules(#[from] VariantError),
}

/// Whether `line` looks like an f-puzzles puzzle: a link, a `load` value
/// (lz-string's base64 of a JSON object starts `N4Ig`), or its JSON.
pub(crate) fn is_fpuzzles(line: &str) -> bool {
    let line = line.trim();
    line.contains("f-puzzles.com/") || line.starts_with("N4Ig") || line.starts_with('{') && line.contains("\"grid\"")
}

/// Reads one puzzle from f-puzzles (see [the module](self)): a link, its
/// `load` value, or the JSON.
///
/// # Errors
/// [`FPuzzlesError`]: a text that does not decompress, JSON that cannot
/// be read or lacks the grid, a cell outside it, a constraint sudokit does
/// not play, rules that break themselves.
pub fn read_fpuzzles(text: &str) -> Result<Puzzle, FPuzzlesError> {
    let text = text.trim();
    let json = if text.starts_with('{') { text.to_owned() } else { decompress(load_value(text))? };
    let value: Value = serde_json::from_str(&json).map_err(|e| FPuzzlesError::Json(e.to_string()))?;
    let object = value.as_object().ok_or_else(|| field("(top)", "an object"))?;
    let size = object.get("size").and_then(Value::as_u64).ok_or_else(|| field("size", "a number"))?;
    let shape = usize::try_from(size)
        .ok()
        .and_then(|side| Shape::from_side(side).ok())
        .ok_or_else(|| field("size", &format!("{size} is no side of a grid sudokit plays")))?;
    let cells = grid_cells(object, shape)?;
    let mut grid = Grid::empty(shape);
    for (i, cell) in cells.iter().enumerate() {
        if cell.given != 0 {
            grid.set(Cell::from_index(i, shape), sudokit_core::Digit::new(cell.given));
        }
    }
    let mut variant = Variant::standard(shape);
    if cells.iter().any(|c| c.region.is_some()) {
        let map: Vec<u8> =
            (0..shape.cell_count()).map(|i| cells[i].region.unwrap_or(shape.box_of(i) as u8 + 1)).collect();
        if map.iter().enumerate().any(|(i, &r)| usize::from(r) != shape.box_of(i) + 1) {
            variant = variant.with_regions(&map)?;
        }
    }
    variant = with_constraints(variant, object, shape)?;
    if cells.iter().any(|c| c.marks.is_some()) {
        let all = sudokit_core::marks::all_digits(shape.side());
        let marks: Vec<u64> = cells.iter().map(|c| c.marks.unwrap_or(all)).collect();
        variant = variant.with_marks(&marks)?;
    }
    Puzzle::new(grid, variant).map_err(|e| FPuzzlesError::Field { field: "grid".into(), reason: e.to_string() })
}

/// The `load` value of a link, or the text itself.
fn load_value(text: &str) -> &str {
    match text.split_once("load=") {
        Some((_, rest)) => rest.split('&').next().unwrap_or(rest),
        None => text,
    }
}

/// The JSON that lz-string's base64 `text` holds.
fn decompress(text: &str) -> Result<String, FPuzzlesError> {
    // A link may carry the value's `+` as a space.
    let text: String = text.chars().map(|c| if c == ' ' { '+' } else { c }).collect();
    let units = lz_str::decompress_from_base64(&text).ok_or(FPuzzlesError::Decompress)?;
    String::from_utf16(&units).map_err(|_| FPuzzlesError::Decompress)
}

fn field(field: &str, reason: &str) -> FPuzzlesError {
    FPuzzlesError::Field { field: field.into(), reason: reason.into() }
}

/// What the grid says of one cell.
#[derive(Clone, Copy, Default)]
struct GridCell {
    /// Its given digit, 0 for none.
    given: u8,
    /// Its region, counted from 1.
    region: Option<u8>,
    /// The digits its given pencil marks allow (bit `d - 1`).
    marks: Option<u64>,
}

/// The cells of `grid`, row-major.
fn grid_cells(object: &Map<String, Value>, shape: Shape) -> Result<Vec<GridCell>, FPuzzlesError> {
    let side = shape.side();
    let rows = object.get("grid").and_then(Value::as_array).ok_or_else(|| field("grid", "a list of rows"))?;
    if rows.len() != side {
        return Err(field("grid", &format!("{} rows for a grid of side {side}", rows.len())));
    }
    let mut out = Vec::with_capacity(shape.cell_count());
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|row| row.len() == side);
        let row = row.ok_or_else(|| field("grid", &format!("row {} is not a list of {side} cells", r + 1)))?;
        for (c, cell) in row.iter().enumerate() {
            let at = || format!("grid r{}c{}", r + 1, c + 1);
            let digit = |v: &Value| v.as_u64().filter(|d| (1..=side as u64).contains(d)).map(|d| d as u8);
            let mut read = GridCell::default();
            if cell.get("given").and_then(Value::as_bool) == Some(true) {
                let value = cell.get("value").ok_or_else(|| field(&at(), "a given without a value"))?;
                read.given = digit(value).ok_or_else(|| field(&at(), &format!("`{value}` is no digit")))?;
            }
            if let Some(region) = cell.get("region").and_then(Value::as_i64).filter(|&r| r >= 0) {
                let region = u8::try_from(region + 1).ok().filter(|&r| usize::from(r) <= side);
                read.region = Some(region.ok_or_else(|| field(&at(), "a region past the side"))?);
            }
            if let Some(marks) = cell.get("givenPencilMarks").and_then(Value::as_array).filter(|m| !m.is_empty()) {
                let mut set = 0u64;
                for mark in marks {
                    let d = digit(mark).ok_or_else(|| field(&at(), &format!("pencil mark `{mark}` is no digit")))?;
                    set |= 1 << (d - 1);
                }
                read.marks = Some(set);
            }
            out.push(read);
        }
    }
    Ok(out)
}

/// The keys that carry no rule.
const SKIPPED: [&str; 12] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "line",
    "rectangle",
    "circle",
    "truecandidatesoptions",
    "disabledlogic",
];

/// `variant` with every constraint of `object`.
fn with_constraints(variant: Variant, object: &Map<String, Value>, shape: Shape) -> Result<Variant, FPuzzlesError> {
    for (key, value) in object {
        let present = value.as_bool() == Some(true) || value.as_array().is_some_and(|list| !list.is_empty());
        let known = SKIPPED.contains(&key.as_str())
            || matches!(
                key.as_str(),
                "killercage"
                    | "extraregion"
                    | "diagonal+"
                    | "diagonal-"
                    | "antiking"
                    | "antiknight"
                    | "disjointgroups"
                    | "nonconsecutive"
                    | "difference"
                    | "ratio"
                    | "xv"
                    | "negative"
                    | "thermometer"
                    | "whispers"
                    | "palindrome"
                    | "renban"
                    | "entropicline"
                    | "betweenline"
                    | "regionsumline"
                    | "minimum"
                    | "maximum"
                    | "odd"
                    | "even"
                    | "arrow"
                    | "littlekillersum"
                    | "quadruple"
                    | "sandwichsum"
                    | "xsum"
                    | "skyscraper"
                    | "clone"
                    | "columnindexer"
                    | "rowindexer"
            );
        // A cage without a value is a drawing; with one, no rule says what
        // it means.
        let drawn_cage = key == "cage" && entries(object, "cage").iter().all(|e| e.get("value").is_none_or(is_blank));
        if present && !known && !drawn_cage {
            return Err(FPuzzlesError::Unsupported(key.clone()));
        }
    }
    let mut variant = variant;
    match (flag(object, "diagonal+"), flag(object, "diagonal-")) {
        (true, true) => variant = variant.with_diagonals(),
        (up, down) => {
            let side = shape.side();
            if up {
                let cells: Vec<Cell> = (0..side).map(|k| Cell::new(side - 1 - k, k)).collect();
                variant = variant.with_house(&cells)?;
            }
            if down {
                let cells: Vec<Cell> = (0..side).map(|k| Cell::new(k, k)).collect();
                variant = variant.with_house(&cells)?;
            }
        }
    }
    for (key, relation) in [("antiking", Relation::AntiKing), ("antiknight", Relation::AntiKnight)] {
        if flag(object, key) {
            variant = variant.with_relation(relation);
        }
    }
    if flag(object, "disjointgroups") {
        if variant.regions().is_some() {
            return Err(FPuzzlesError::Unsupported("disjointgroups over jigsaw regions".into()));
        }
        variant = variant.with_disjoint_groups();
    }
    for (k, entry) in entries(object, "killercage").iter().enumerate() {
        let name = format!("killercage {}", k + 1);
        let cells = cells_of(entry, &name)?;
        let sum = sum_of(entry, &name)?;
        variant = variant.with_cage(&cells, sum)?;
    }
    for (k, entry) in entries(object, "extraregion").iter().enumerate() {
        variant = variant.with_house(&cells_of(entry, &format!("extraregion {}", k + 1))?)?;
    }
    let side = shape.side();
    for (key, kind) in [
        ("thermometer", LineKind::Thermometer),
        ("whispers", LineKind::german_whispers(side)),
        ("palindrome", LineKind::Palindrome),
        ("renban", LineKind::Renban(0)),
        ("entropicline", LineKind::entropic(side)),
        ("betweenline", LineKind::Between),
        ("regionsumline", LineKind::RegionSum),
    ] {
        for (k, entry) in entries(object, key).iter().enumerate() {
            for line in lines_of(entry, &format!("{key} {}", k + 1))? {
                // A renban's count is its line's.
                let kind = match kind {
                    LineKind::Renban(_) => LineKind::Renban(u32::try_from(line.len()).unwrap_or(u32::MAX)),
                    kind => kind,
                };
                variant = variant.with_line(kind, &line)?;
            }
        }
    }
    for (key, extremum) in [("minimum", Extremum::Minimum), ("maximum", Extremum::Maximum)] {
        for (k, entry) in entries(object, key).iter().enumerate() {
            variant = variant.with_extremum(marked_cell(entry, &format!("{key} {}", k + 1))?, extremum)?;
        }
    }
    for (key, parity) in [("odd", Parity::Odd), ("even", Parity::Even)] {
        for (k, entry) in entries(object, key).iter().enumerate() {
            variant = variant.with_parity(marked_cell(entry, &format!("{key} {}", k + 1))?, parity)?;
        }
    }
    for (key, kind) in [("columnindexer", IndexerKind::Column), ("rowindexer", IndexerKind::Row)] {
        for (k, entry) in entries(object, key).iter().enumerate() {
            let cells = cells_of(entry, &format!("{key} {}", k + 1))?;
            variant = cells.into_iter().try_fold(variant, |variant, cell| variant.with_indexer(kind, cell))?;
        }
    }
    for (k, entry) in entries(object, "clone").iter().enumerate() {
        let name = format!("clone {}", k + 1);
        let copies = entry.get("cloneCells").and_then(Value::as_array).ok_or_else(|| field(&name, "no cloneCells"))?;
        variant = variant.with_clone(&cells_of(entry, &name)?, &cell_list(copies, &name)?)?;
    }
    with_edge_clues(with_sums(variant, object)?, object)
}

/// `variant` with the arrows and little killers of `object`.
fn with_sums(mut variant: Variant, object: &Map<String, Value>) -> Result<Variant, FPuzzlesError> {
    for (k, entry) in entries(object, "arrow").iter().enumerate() {
        let name = format!("arrow {}", k + 1);
        let circle = cells_of(entry, &name)?;
        for line in lines_of(entry, &name)? {
            let shaft: Vec<Cell> = line.into_iter().filter(|cell| !circle.contains(cell)).collect();
            variant = match circle[..] {
                [one] => variant.with_arrow(one, &shaft)?,
                _ => variant.with_pill_arrow(&circle, &shaft)?,
            };
        }
    }
    for (k, entry) in entries(object, "littlekillersum").iter().enumerate() {
        let name = format!("littlekillersum {}", k + 1);
        // A clue without a value is a drawing: no sum to keep.
        let Some(total) = sum_of(entry, &name)? else { continue };
        variant = variant.with_little_killer(total, &cells_of(entry, &name)?)?;
    }
    for (k, entry) in entries(object, "quadruple").iter().enumerate() {
        let name = format!("quadruple {}", k + 1);
        let cells = cells_of(entry, &name)?;
        let corner = cells.iter().min_by_key(|cell| (cell.row(), cell.col())).copied();
        let around = |corner: Cell| {
            let mut block: Vec<(usize, usize)> = cells.iter().map(|c| (c.row(), c.col())).collect();
            block.sort_unstable();
            let (r, c) = (corner.row(), corner.col());
            block == [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        };
        let corner =
            corner.filter(|&corner| around(corner)).ok_or_else(|| field(&name, "not four cells around a point"))?;
        let values = entry.get("values").and_then(Value::as_array).ok_or_else(|| field(&name, "no list of values"))?;
        let digits = values
            .iter()
            .map(|v| {
                let digit = v.as_u64().or_else(|| text_of(v).trim().parse().ok()).and_then(|d| u8::try_from(d).ok());
                digit.ok_or_else(|| field(&name, &format!("`{}` is no digit", text_of(v))))
            })
            .collect::<Result<Vec<u8>, _>>()?;
        variant = variant.with_quadruple(corner, &digits)?;
    }
    for (k, entry) in entries(object, "sandwichsum").iter().enumerate() {
        let name = format!("sandwichsum {}", k + 1);
        // A clue without a value is a drawing: no sum to keep.
        let Some(total) = sum_of(entry, &name)? else { continue };
        let text = entry.get("cell").map(text_of).unwrap_or_default();
        let (unit, index) = beside(&text, variant.shape().side()).ok_or_else(|| {
            field(
                &name,
                &format!("`{text}` is no place beside a row or column (R0C3 above column 3, R4C0 left of row 4)"),
            )
        })?;
        variant = variant.with_sandwich(unit, index, total)?;
    }
    for (key, kind) in [("xsum", SightlineKind::XSum), ("skyscraper", SightlineKind::Skyscraper)] {
        for (k, entry) in entries(object, key).iter().enumerate() {
            let name = format!("{key} {}", k + 1);
            // A clue without a value is a drawing.
            let Some(value) = sum_of(entry, &name)? else { continue };
            let text = entry.get("cell").map(text_of).unwrap_or_default();
            let (at, index) = outside(&text, variant.shape().side()).ok_or_else(|| {
                field(
                    &name,
                    &format!("`{text}` is no place beside a row or column (R0C3 above column 3, R4C0 left of row 4)"),
                )
            })?;
            variant = variant.with_sightline(kind, at, index, value)?;
        }
    }
    Ok(variant)
}

/// The row or column (0-based) whose clue sits at `text`, a cell just
/// outside a grid of side `side`: `R0C3` and `R10C3` beside column 3 of a
/// 9×9 grid, `R4C0` and `R4C10` beside row 4.
fn beside(text: &str, side: usize) -> Option<(UnitKind, usize)> {
    outside(text, side).map(|(at, index)| (at.unit(), index))
}

/// Where a clue at `text`, a cell just outside a grid of side `side`,
/// stands, and its row or column (0-based): `R0C3` above column 3,
/// `R10C3` below it on a 9×9 grid, `R4C0` left of row 4, `R4C10` right
/// of it.
fn outside(text: &str, side: usize) -> Option<(ClueSide, usize)> {
    let upper = text.trim().to_ascii_uppercase();
    let (row, col) = upper.strip_prefix('R')?.split_once('C')?;
    ClueSide::of_place(row.parse().ok()?, col.parse().ok()?, side)
}

/// The sum an entry's `value` gives (a cage's, a little killer's, a
/// sandwich's), `None` for a blank or missing one.
fn sum_of(entry: &Value, name: &str) -> Result<Option<u32>, FPuzzlesError> {
    let Some(value) = entry.get("value").filter(|v| !is_blank(v)) else { return Ok(None) };
    let text = text_of(value);
    text.trim().parse().map(Some).map_err(|_| field(name, &format!("`{text}` is no sum")))
}

/// The cell an entry marks (`"cell": "R1C1"`: a minimum, an odd cell).
fn marked_cell(entry: &Value, name: &str) -> Result<Cell, FPuzzlesError> {
    let text = entry.get("cell").map(text_of).unwrap_or_default();
    parse_cell(&text).ok_or_else(|| field(name, &format!("`{text}` is not a cell (R1C1)")))
}

/// The lines an entry draws (`"lines": [["R1C1", …], …]`: a thermometer's
/// branches, each from the bulb).
fn lines_of(entry: &Value, name: &str) -> Result<Vec<Vec<Cell>>, FPuzzlesError> {
    let lines = entry.get("lines").and_then(Value::as_array).ok_or_else(|| field(name, "no list of lines"))?;
    lines
        .iter()
        .map(|line| cell_list(line.as_array().ok_or_else(|| field(name, "a line that is not a list of cells"))?, name))
        .collect()
}

/// `variant` with the Kropki dots, the X and V clues and their negatives,
/// and non-consecutive.
fn with_edge_clues(mut variant: Variant, object: &Map<String, Value>) -> Result<Variant, FPuzzlesError> {
    let negative: Vec<&str> = entries(object, "negative").iter().filter_map(Value::as_str).collect();
    let nonconsecutive = flag(object, "nonconsecutive");
    let dots = !entries(object, "difference").is_empty() || !entries(object, "ratio").is_empty();
    for (key, clue, plain) in [("difference", EdgeClue::White, "1"), ("ratio", EdgeClue::Black, "2")] {
        for (k, entry) in entries(object, key).iter().enumerate() {
            let name = format!("{key} {}", k + 1);
            let value = entry.get("value").map(text_of).unwrap_or_default();
            if !value.trim().is_empty() && value.trim() != plain {
                return Err(FPuzzlesError::Unsupported(format!("{key} of {value}")));
            }
            variant = with_pair(variant, clue, entry, &name)?;
        }
    }
    for (k, entry) in entries(object, "xv").iter().enumerate() {
        let name = format!("xv {}", k + 1);
        let clue = match entry.get("value").map(text_of).as_deref().map(str::trim) {
            Some("X" | "x") => EdgeClue::X,
            Some("V" | "v") => EdgeClue::V,
            other => return Err(field(&name, &format!("`{}` is neither X nor V", other.unwrap_or_default()))),
        };
        variant = with_pair(variant, clue, entry, &name)?;
    }
    // f-puzzles says "no unmarked pair is consecutive" with
    // `nonconsecutive`, and "none is a double" with `ratio` in `negative`.
    let ratio_negative = negative.contains(&"ratio");
    match (nonconsecutive, ratio_negative) {
        (true, true) => variant = variant.with_all_clues_given(ClueFamily::Kropki),
        (true, false) if !dots => variant = variant.with_relation(Relation::NonConsecutive),
        (false, false) => {}
        (true, false) => return Err(FPuzzlesError::Unsupported("nonconsecutive with Kropki dots".into())),
        (false, true) => variant = variant.with_all_clues_given(ClueFamily::BlackDots),
    }
    if negative.contains(&"xv") {
        variant = variant.with_all_clues_given(ClueFamily::Xv);
    }
    Ok(variant)
}

/// `variant` with `clue` between the two cells of `entry`.
fn with_pair(variant: Variant, clue: EdgeClue, entry: &Value, name: &str) -> Result<Variant, FPuzzlesError> {
    match cells_of(entry, name)?[..] {
        [a, b] => Ok(variant.with_edge_clue(clue, a, b)?),
        ref other => Err(field(name, &format!("{} cells, where a clue sits between two", other.len()))),
    }
}

/// The cells an entry names (`"cells": ["R1C1", …]`).
fn cells_of(entry: &Value, name: &str) -> Result<Vec<Cell>, FPuzzlesError> {
    let list = entry.get("cells").and_then(Value::as_array).ok_or_else(|| field(name, "no list of cells"))?;
    cell_list(list, name)
}

/// The cells of a list of `R1C1` names.
fn cell_list(list: &[Value], name: &str) -> Result<Vec<Cell>, FPuzzlesError> {
    list.iter()
        .map(|cell| {
            let text = cell.as_str().unwrap_or_default();
            parse_cell(text).ok_or_else(|| field(name, &format!("`{}` is not a cell (R1C1)", text_of(cell))))
        })
        .collect()
}

/// Whether `key` is `true`.
fn flag(object: &Map<String, Value>, key: &str) -> bool {
    object.get(key).and_then(Value::as_bool) == Some(true)
}

/// The entries of the list `key`, none when it is missing.
fn entries<'a>(object: &'a Map<String, Value>, key: &str) -> &'a [Value] {
    object.get(key).and_then(Value::as_array).map_or(&[][..], Vec::as_slice)
}

/// `R3C4` (any case), 1-based.
fn parse_cell(text: &str) -> Option<Cell> {
    let upper = text.trim().to_ascii_uppercase();
    let (row, col) = upper.strip_prefix('R')?.split_once('C')?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    Some(Cell::new(row.checked_sub(1)?, col.checked_sub(1)?))
}

/// A value as text: a string's own, anything else as JSON.
fn text_of(value: &Value) -> String {
    value.as_str().map_or_else(|| value.to_string(), str::to_owned)
}

fn is_blank(value: &Value) -> bool {
    value.is_null() || value.as_str().is_some_and(|s| s.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// An f-puzzles JSON of a `size` grid with `givens` (row, column,
    /// digit, 1-based) and `rest` as further keys.
    fn json(size: usize, givens: &[(usize, usize, u8)], rest: &str) -> String {
        let rows: Vec<String> = (1..=size)
            .map(|r| {
                let cells: Vec<String> = (1..=size)
                    .map(|c| match givens.iter().find(|&&(gr, gc, _)| (gr, gc) == (r, c)) {
                        Some(&(.., d)) => format!(r#"{{"value":{d},"given":true}}"#),
                        None => String::from("{}"),
                    })
                    .collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        let rest = if rest.is_empty() { String::new() } else { format!(",{rest}") };
        format!(r#"{{"size":{size},"title":"t","grid":[{}]{rest}}}"#, rows.join(","))
    }

    #[test]
    fn every_constraint_read_becomes_its_rule() -> Result<(), FPuzzlesError> {
        let rest = r#""killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["r1c2","R2C2"],"value":" 7 "},
            {"cells":["R4C4"]}],"extraregion":[{"cells":["R3C1","R4C2"]}],"diagonal+":true,"antiking":true,
            "difference":[{"cells":["R2C3","R2C4"],"value":""}],"ratio":[{"cells":["R3C3","R4C3"]}],
            "xv":[{"cells":["R3C4","R4C4"],"value":"V"}],"negative":["xv"],"cage":[{"cells":["R1C1"]}],"line":[]"#;
        let puzzle = read_fpuzzles(&json(4, &[(1, 1, 1), (4, 1, 4)], rest))?;
        assert_eq!(puzzle.grid().to_string(), "1...........4...");
        assert_eq!(
            puzzle.variant().to_string(),
            "house=r1c4+r2c3+r3c2+r4c1,house=r3c1+r4c2,anti-king,white=r2c3+r2c4,black=r3c3+r4c3,v=r3c4+r4c4,\
             xv-negative,cage=3:r1c1+r1c2,cage=7:r1c2+r2c2,cage=r4c4"
        );
        Ok(())
    }

    #[test]
    fn lines_and_marked_cells() -> Result<(), FPuzzlesError> {
        let rest = r#""thermometer":[{"lines":[["R1C1","R2C2","R2C3"],["R1C1","R1C2"]]}],
            "whispers":[{"lines":[["R3C1","R3C2"]]}],"palindrome":[{"lines":[["R4C1","R4C2","R3C3"]]}],
            "maximum":[{"cell":"R4C4"}],"minimum":[{"cell":"R1C4"}],"even":[{"cell":"R2C1"}],
            "odd":[{"cell":"R3C4"},{"cell":"R1C3"}]"#;
        let puzzle = read_fpuzzles(&json(4, &[], rest))?;
        assert_eq!(
            puzzle.variant().to_string(),
            "thermo=r1c1+r2c2+r2c3,thermo=r1c1+r1c2,german-whispers=r3c1+r3c2,palindrome=r4c1+r4c2+r3c3,\
             minimum=r1c4,maximum=r4c4,odd=r1c3+r3c4,even=r2c1"
        );
        let err_of = |rest: &str| read_fpuzzles(&json(4, &[], rest)).map(|_| ()).unwrap_err().to_string();
        assert_eq!(err_of(r#""odd":[{"cell":"R9C9"}]"#), "f-puzzles rules: r9c9 is outside the 4×4 grid");
        assert_eq!(err_of(r#""even":[{"cel":"R1C1"}]"#), "f-puzzles field `even 1`: `` is not a cell (R1C1)");
        let err = |rest: &str| read_fpuzzles(&json(4, &[], rest)).map(|_| ()).unwrap_err().to_string();
        assert_eq!(err(r#""thermometer":[{"cells":["R1C1"]}]"#), "f-puzzles field `thermometer 1`: no list of lines");
        assert_eq!(
            err(r#""palindrome":[{"lines":[["R1C1","R1C3"]]}]"#),
            "f-puzzles rules: r1c1 and r1c3 are not neighbours: a line steps from a cell to one of its eight neighbours"
        );
        Ok(())
    }

    #[test]
    fn arrows_and_little_killers() -> Result<(), FPuzzlesError> {
        let rest = r#""arrow":[{"lines":[["R1C1","R1C2","R2C3"],["R1C1","R2C1"]],"cells":["R1C1"]}],
            "littlekillersum":[{"cell":"R0C3","cells":["R1C2","R2C1"],"direction":"DL","value":"5"},
            {"cell":"R0C4","cells":["R1C3","R2C2","R3C1"],"direction":"DL","value":""}]"#;
        let puzzle = read_fpuzzles(&json(4, &[], rest))?;
        assert_eq!(puzzle.variant().to_string(), "arrow=r1c1:r1c2+r2c3,arrow=r1c1:r2c1,little-killer=5:r1c2+r2c1");
        let err = |rest: &str| read_fpuzzles(&json(4, &[], rest)).map(|_| ()).unwrap_err().to_string();
        let pill = r#""arrow":[{"lines":[["R1C2","R2C3","R3C4"]],"cells":["R1C1","R1C2"]}]"#;
        assert_eq!(read_fpuzzles(&json(4, &[], pill))?.variant().to_string(), "pill-arrow=r1c1+r1c2:r2c3+r3c4");
        assert_eq!(
            err(r#""arrow":[{"lines":[["R1C4","R2C4"]],"cells":["R1C1","R1C2","R1C3","R1C4"]}]"#),
            "f-puzzles rules: a pill of 4 cells on a grid of side 4: two or three cells, on grids up to 9×9"
        );
        assert_eq!(
            err(r#""littlekillersum":[{"cells":["R1C2","R2C1"],"value":"five"}]"#),
            "f-puzzles field `littlekillersum 1`: `five` is no sum"
        );
        Ok(())
    }

    #[test]
    fn clones_and_indexers() -> Result<(), FPuzzlesError> {
        let rest = r#""clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R3C3","R3C4"]}],
            "columnindexer":[{"cells":["R1C1","R2C1"]}],"rowindexer":[{"cells":["R4C4"]}]"#;
        let puzzle = read_fpuzzles(&json(4, &[], rest))?;
        assert_eq!(puzzle.variant().to_string(), "column-indexer=r1c1+r2c1,row-indexer=r4c4,clone=r1c1+r1c2:r3c3+r3c4");
        let err = |rest: &str| read_fpuzzles(&json(4, &[], rest)).map(|_| ()).unwrap_err().to_string();
        assert_eq!(err(r#""clone":[{"cells":["R1C1"]}]"#), "f-puzzles field `clone 1`: no cloneCells");
        assert_eq!(
            err(r#""clone":[{"cells":["R1C1"],"cloneCells":["R2C2","R2C3"]}]"#),
            "f-puzzles rules: a clone pairs 1 cells with 2: two parts of as many cells, each cell paired with another"
        );
        Ok(())
    }

    #[test]
    fn x_sums_and_skyscrapers_read_from_their_side() -> Result<(), FPuzzlesError> {
        let rest = r#""xsum":[{"cell":"R0C2","value":"3"},{"cell":"R5C1","value":10}],
            "skyscraper":[{"cell":"R2C0","value":"1"},{"cell":"R3C5","value":"4"},{"cell":"R1C0"}]"#;
        let puzzle = read_fpuzzles(&json(4, &[], rest))?;
        assert_eq!(puzzle.variant().to_string(), "x-sum=3:r0c2,x-sum=10:r5c1,skyscraper=1:r2c0,skyscraper=4:r3c5");
        let err = |rest: &str| read_fpuzzles(&json(4, &[], rest)).map(|_| ()).unwrap_err().to_string();
        assert_eq!(
            err(r#""skyscraper":[{"cell":"R0C5","value":"2"}]"#),
            "f-puzzles field `skyscraper 1`: `R0C5` is no place beside a row or column \
             (R0C3 above column 3, R4C0 left of row 4)"
        );
        assert_eq!(
            err(r#""xsum":[{"cell":"R0C1","value":"2"}]"#),
            "f-puzzles rules: no line of the digits 1 to 4 gives the x-sum clue 2"
        );
        Ok(())
    }

    #[test]
    fn sandwiches_beside_every_side() -> Result<(), FPuzzlesError> {
        let rest = r#""sandwichsum":[{"cell":"R0C2","value":"5"},{"cell":"R3C0","value":0},
            {"cell":"R5C4","value":"2"},{"cell":"R1C5","value":"3"},{"cell":"R0C3","value":""}]"#;
        let puzzle = read_fpuzzles(&json(4, &[], rest))?;
        assert_eq!(puzzle.variant().to_string(), "sandwich=5:c2,sandwich=0:r3,sandwich=2:c4,sandwich=3:r1");
        let err = |rest: &str| read_fpuzzles(&json(4, &[], rest)).map(|_| ()).unwrap_err().to_string();
        assert_eq!(
            err(r#""sandwichsum":[{"cell":"R0C0","value":"5"}]"#),
            "f-puzzles field `sandwichsum 1`: `R0C0` is no place beside a row or column \
             (R0C3 above column 3, R4C0 left of row 4)"
        );
        assert_eq!(
            err(r#""sandwichsum":[{"cell":"R0C1","value":"9"}]"#),
            "f-puzzles rules: no digits between 1 and 4 add up to 9: a sandwich adds up to 0 or 2 to 5"
        );
        Ok(())
    }

    #[test]
    fn regions_kropki_negatives_and_pencil_marks() -> Result<(), FPuzzlesError> {
        // A 4×4 jigsaw: regions 0 0 0 1 / 2 0 1 1 / 2 2 3 1 / 2 3 3 3.
        let regions = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        let mut text =
            json(4, &[], r#""nonconsecutive":true,"negative":["ratio"],"ratio":[{"cells":["R1C1","R1C2"]}]"#);
        for region in regions {
            text = text.replacen("{}", &format!(r#"{{"region":{region}}}"#), 1);
        }
        text = text.replacen(r#"{"region":3}"#, r#"{"region":3,"givenPencilMarks":[1,2]}"#, 1);
        let puzzle = read_fpuzzles(&text)?;
        let variant = puzzle.variant();
        assert_eq!(variant.regions(), Some(&regions[..]));
        assert_eq!(variant.all_given(), [ClueFamily::Kropki]);
        assert_eq!(variant.marks().map(|m| m[10]), Some(0b11));
        // Non-consecutive alone is the relation.
        let plain = read_fpuzzles(&json(4, &[], r#""nonconsecutive":true,"diagonal-":false"#))?;
        assert_eq!(plain.variant().to_string(), "non-consecutive");
        // A negative ratio alone gives the black dots in full.
        let black = read_fpuzzles(&json(4, &[], r#""negative":["ratio"],"ratio":[{"cells":["R1C1","R1C2"]}]"#))?;
        assert_eq!(black.variant().to_string(), "black=r1c1+r1c2,black-negative");
        Ok(())
    }

    #[test]
    fn a_link_and_its_load_value_read_as_the_json() -> Result<(), FPuzzlesError> {
        let text = json(4, &[(2, 3, 2)], r#""diagonal+":true,"diagonal-":true"#);
        let value = lz_str::compress_to_base64(&text);
        assert!(is_fpuzzles(&value) && is_fpuzzles(&text));
        let expected = read_fpuzzles(&text)?;
        assert_eq!(expected.variant().to_string(), "x");
        assert_eq!(read_fpuzzles(&value)?, expected);
        assert_eq!(read_fpuzzles(&format!("https://f-puzzles.com/?load={value}&x=1"))?, expected);
        // A link whose `+` became a space.
        assert_eq!(read_fpuzzles(&format!("https://f-puzzles.com/?load={}", value.replace('+', " ")))?, expected);
        Ok(())
    }

    #[test]
    fn what_cannot_be_read_or_played_is_named() {
        let err = |text: &str| read_fpuzzles(text).map(|_| ()).unwrap_err().to_string();
        assert_eq!(err("N4IgXXXX"), "not an f-puzzles puzzle: its text does not decompress");
        assert!(err("{\"size\":4,").starts_with("the f-puzzles JSON cannot be read: EOF"), "{}", err("{\"size\":4,"));
        assert_eq!(err(r#"{"grid":[]}"#), "f-puzzles field `size`: a number");
        assert_eq!(err(&json(7, &[], "")), "f-puzzles field `size`: 7 is no side of a grid sudokit plays");
        assert_eq!(
            err(&json(4, &[], "").replacen("[{},{},{},{}],", "", 1)),
            "f-puzzles field `grid`: 3 rows for a grid of side 4"
        );
        assert_eq!(err(&json(4, &[(1, 2, 5)], "")), "f-puzzles field `grid r1c2`: `5` is no digit");
        assert_eq!(
            err(&json(4, &[], r#""lockout":[{"lines":[["R1C1","R1C2","R1C3"]]}]"#)),
            "f-puzzles constraint `lockout` is not one sudokit plays (yet)"
        );
        assert_eq!(
            err(&json(4, &[], r#""sandwichsum":[{"cell":"R1C1","value":"5"}]"#)),
            "f-puzzles field `sandwichsum 1`: `R1C1` is no place beside a row or column \
             (R0C3 above column 3, R4C0 left of row 4)"
        );
        assert_eq!(
            err(&json(4, &[], r#""killercage":[{"cells":["R1C1"],"value":"4"},{"cells":["R1C2","x"]}]"#)),
            "f-puzzles field `killercage 2`: `x` is not a cell (R1C1)"
        );
        assert_eq!(
            err(&json(4, &[], r#""killercage":[{"cells":["R1C1","R1C2"],"value":"ten"}]"#)),
            "f-puzzles field `killercage 1`: `ten` is no sum"
        );
        assert_eq!(
            err(&json(4, &[], r#""killercage":[{"cells":["R1C1","R5C2"],"value":"5"}]"#)),
            "f-puzzles rules: r5c2 is outside the 4×4 grid"
        );
        assert_eq!(
            err(&json(4, &[], r#""difference":[{"cells":["R1C1","R1C2"],"value":"2"}]"#)),
            "f-puzzles constraint `difference of 2` is not one sudokit plays (yet)"
        );
        assert_eq!(
            err(&json(4, &[], r#""cage":[{"cells":["R1C1","R1C2"],"value":"5"}]"#)),
            "f-puzzles constraint `cage` is not one sudokit plays (yet)"
        );
    }

    #[test]
    fn a_puzzle_file_reads_f_puzzles_lines_with_their_rules() {
        let good = json(4, &[(1, 1, 1)], r#""killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]"#);
        let bad = json(4, &[], r#""lockout":[{"lines":[["R1C1","R1C2","R1C3"]]}]"#);
        let file = format!("# two f-puzzles puzzles\n{good}\n{bad}\n");
        let read: Vec<_> = crate::io::PuzzleReader::new(file.as_bytes()).with_rules().collect();
        assert_eq!(read.len(), 2);
        let first = read[0].as_ref().map(|p| p.variant().to_string());
        assert_eq!(first.ok().as_deref(), Some("cage=3:r1c1+r1c2"));
        let second = read[1].as_ref().map(|_| ()).unwrap_err();
        assert!(matches!(second, crate::io::ReadError::FPuzzles { line: 3, .. }), "{second:?}");
        assert_eq!(second.to_string(), "line 3: f-puzzles constraint `lockout` is not one sudokit plays (yet)");
    }

    #[test]
    fn a_text_box_reads_json_over_many_lines_and_rules_after_it() -> Result<(), crate::io::ReadError> {
        let pretty =
            json(4, &[], r#""ruleset":"Normal rules; cages add up","diagonal-":true"#).replace(",\"", ",\n  \"");
        assert!(pretty.lines().count() > 3);
        let puzzle = crate::io::parse_puzzle(&format!("{pretty} ; anti-knight"))?;
        assert_eq!(puzzle.variant().to_string(), "house=r1c1+r2c2+r3c3+r4c4,anti-knight");
        Ok(())
    }

    proptest! {
        /// No text makes the reader panic.
        #[test]
        fn any_text_reads_or_fails(text in "\\PC{0,80}", json_like in "\\{\"size\":[0-9],\"grid\":\\[[\\[\\]{},0-9a-z\":]{0,40}") {
            let _ = read_fpuzzles(&text);
            let _ = read_fpuzzles(&json_like);
            let _ = read_fpuzzles(&lz_str::compress_to_base64(&json_like));
        }
    }
}
