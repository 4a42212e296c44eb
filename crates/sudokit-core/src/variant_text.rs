//! The text form of a [`Variant`]: its rules as comma-separated names,
//! written after a grid's line and a `;` in a puzzle file.
//!
//! | rule | text |
//! |---|---|
//! | standard rules | `standard` (or nothing) |
//! | both diagonals (X) | `x` |
//! | windoku windows | `windoku` |
//! | disjoint groups | `disjoint-groups` |
//! | irregular regions (jigsaw) | `jigsaw=` then each cell's region, row-major, one symbol a cell as digits are written (`1`–`9`, then `A`…) |
//! | a house of one's own | `house=` then its cells joined by `+`: `house=r1c1+r2c3+r3c5` |
//! | relations | `anti-king`, `anti-knight`, `non-consecutive` |
//! | a Kropki dot between two neighbours | `white=` (consecutive) or `black=` (one twice the other), then the two cells joined by `+`: `white=r1c1+r1c2` |
//! | an X (sum 10) or a V (sum 5) between two neighbours | `x=r1c1+r2c1`, `v=r4c4+r4c5` (`x` alone is the diagonals) |
//! | every Kropki dot, every X and V given | `kropki-negative`, `xv-negative`; every black dot alone (white dots saying nothing of the pairs without one), `black-negative` |
//! | a killer cage | `cage=` then its sum, `:` and its cells joined by `+`: `cage=10:r1c1+r1c2+r2c1`; without a sum, `cage=r1c1+r1c2` |
//! | a thermometer (digits rise from the bulb) | `thermo=` then its cells from the bulb joined by `+`: `thermo=r1c1+r2c2+r2c3`; a slow one (digits never fall), `slow-thermo=` |
//! | whispers (neighbours along the line at least ⌈side/2⌉ apart: 5 on 9×9) | `german-whispers=` then its cells; Dutch whispers (4 on 9×9), `dutch-whispers=`; any other difference, `whispers=3:r1c1+r1c2` |
//! | a palindrome (the line reads the same both ways) | `palindrome=` then its cells |
//! | a renban (its cells hold a run of consecutive digits, in any order) | `renban=` then its cells |
//! | a between line (the cells between its ends hold digits strictly between theirs) | `between=` then its cells, from one end to the other |
//! | a region-sum line (its cells in each box or region it crosses add up alike) | `region-sum=` then its cells |
//! | an entropic line (any three cells in a row: one of 1–3, one of 4–6, one of 7–9) | `entropic=` then its cells; tiers of another width, `entropic=2:r1c1+r1c2` |
//! | a modular line (any three cells in a row: three remainders by 3) | `modular=` then its cells; another number `m` (any `m` in a row), `modular=4:r1c1+r1c2` |
//! | minimum or maximum cells (below or above each orthogonal neighbour) | `minimum=` or `maximum=` then the cells joined by `+`: `maximum=r5c5+r1c9` |
//! | even or odd cells | `even=` or `odd=` then the cells joined by `+`: `even=r1c1+r2c2` |
//! | an arrow (the digits along it add up to its circle's) | `arrow=` then the circle, `:` and the cells from the circle joined by `+`: `arrow=r5c5:r4c4+r3c3` |
//! | a pill arrow (the digits along it add up to the number its pill of two or three cells writes) | `pill-arrow=` then the pill's cells in reading order, `:` and the cells from the pill: `pill-arrow=r1c1+r1c2:r2c3+r3c4` |
//! | a little killer (the digits along a diagonal add up to the clue) | `little-killer=` then the sum, `:` and the cells from the clue's end: `little-killer=12:r3c1+r2c2+r1c3` |
//! | a quadruple (the four cells around a point hold its digits) | `quadruple=` then the top-left cell of the four, `:` and the digits joined by `+`: `quadruple=r4c4:1+1+9` |
//! | a sandwich (the digits between a row's or column's 1 and 9 — its lowest and highest digit — add up to the clue) | `sandwich=` then the sum, `:` and the row or column: `sandwich=15:r3`, `sandwich=0:c5` |
//! | an X-sum (from a clue outside the grid, the first X digits of its row or column add up to it, X being the first) | `x-sum=` then the sum, `:` and the clue's place outside the grid: `x-sum=15:r3c0` left of row 3, `x-sum=20:r3c10` right of it on 9×9, `r0c5` above column 5, `r10c5` below it |
//! | a skyscraper clue (the number of digits seen from the clue along its row or column, each hiding the lower ones behind it) | `skyscraper=` then the count, `:` and the clue's place as for X-sums: `skyscraper=3:r0c5` |
//! | a clone (cells at the same place of two parts hold the same digit) | `clone=` then the first part's cells, `:` and the second's, each joined by `+`: `clone=r1c1+r1c2:r5c5+r5c6` |
//! | indexer cells (a column indexer's digit is the column of its own column number in its row; a row indexer's likewise) | `column-indexer=` or `row-indexer=` then the cells joined by `+`: `column-indexer=r1c1+r2c1` |
//! | pencil marks | `marks=` then the pencil-mark line of every cell ([`marks`](crate::marks)) |
//!
//! So a 9×9 Sudoku X with the anti-knight rule is `x,anti-knight`. The
//! names follow the ones players use (and SukakuExplainer's options), and
//! a jigsaw map as a line of region symbols is the form puzzle sites and
//! the SudokuPad and f-puzzles converters print; one line per puzzle keeps
//! files streamable and greppable. A cage is written as f-puzzles' JSON
//! lists one (its cells and its value), one rule per cage: a killer line
//! stays one line, each cage readable on its own, and cages that do not
//! cover the grid (killer with givens, a few cages as an extra rule) need
//! no filler symbol, which a map of cage letters would; a clue between two
//! cells is one rule each, the same way. Pencil marks are
//! written as rules so that rules alone say a whole puzzle, but a file
//! gives a pencil-mark puzzle as its line of marks in place of the grid
//! (see `sudokit::grid::io`), as SukakuExplainer and the forums do.

use std::fmt;

use crate::cell::Cell;
use crate::indexers::IndexerKind;
use crate::lines::LineKind;
use crate::marks::Parity;
use crate::pairs::{ClueFamily, EdgeClue, Extremum, Relation};
use crate::shape::{Shape, UnitKind};
use crate::sightlines::{ClueSide, SightlineKind};
use crate::variant::{HouseKind, Variant, VariantError};

impl Variant {
    /// The rules written as [the module](self) says, for grids of
    /// `shape`.
    ///
    /// ```
    /// use sudokit_core::{Shape, Variant};
    ///
    /// let rules = Variant::parse("x, anti-knight", Shape::CLASSIC)?;
    /// assert_eq!(rules, Variant::standard(Shape::CLASSIC).with_diagonals().with_relation(sudokit_core::Relation::AntiKnight));
    /// assert_eq!(rules.to_string(), "x,anti-knight");
    /// let err = Variant::parse("x,anti-queen", Shape::CLASSIC).unwrap_err();
    /// assert!(err.to_string().starts_with("column 3: unknown rule `anti-queen`"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::UnknownRule`] or [`VariantError::Unreadable`] with
    /// the column where the rule starts, or the error of the rule's
    /// builder (a region of the wrong size, a cell outside the grid).
    pub fn parse(text: &str, shape: Shape) -> Result<Variant, VariantError> {
        let mut variant = Variant::standard(shape);
        let mut column = 1;
        for token in text.split(',') {
            let start = column + token.len() - token.trim_start().len();
            column += token.chars().count() + 1;
            let token = token.trim();
            let (name, value) = match token.split_once('=') {
                Some((name, value)) => (name.trim(), Some(value.trim())),
                None => (token, None),
            };
            let unreadable = |reason: String| VariantError::Unreadable { column: start, reason };
            variant = match (name.to_ascii_lowercase().as_str(), value) {
                ("" | "standard", None) => variant,
                ("x" | "diagonals", None) => variant.with_diagonals(),
                ("windoku" | "hyper", None) => variant.with_windows(),
                ("disjoint-groups", None) => variant.with_disjoint_groups(),
                ("jigsaw", Some(map)) => variant.with_regions(&region_map(map, shape).map_err(unreadable)?)?,
                ("house", Some(cells)) => variant.with_house(&house_cells(cells).map_err(unreadable)?)?,
                ("marks", Some(line)) => {
                    let (_, marks) = crate::marks::read_marks(line, Some(shape))
                        .map_err(|error| unreadable(format!("pencil marks: {error}")))?;
                    variant.with_marks(&marks)?
                }
                ("cage", Some(cage)) => {
                    let (sum, cells) = cage_parts(cage).map_err(unreadable)?;
                    variant.with_cage(&cells, sum)?
                }
                (
                    name @ ("thermo" | "slow-thermo" | "german-whispers" | "dutch-whispers" | "palindrome" | "renban"
                    | "between" | "region-sum"),
                    Some(cells),
                ) => {
                    let cells = house_cells(cells).map_err(unreadable)?;
                    let kind = match name {
                        "thermo" => LineKind::Thermometer,
                        "slow-thermo" => LineKind::SlowThermometer,
                        "german-whispers" => LineKind::german_whispers(shape.side()),
                        "dutch-whispers" => LineKind::dutch_whispers(shape.side()),
                        "renban" => LineKind::Renban(u32::try_from(cells.len()).unwrap_or(u32::MAX)),
                        "between" => LineKind::Between,
                        "region-sum" => LineKind::RegionSum,
                        _ => LineKind::Palindrome,
                    };
                    variant.with_line(kind, &cells)?
                }
                (name @ ("entropic" | "modular"), Some(line)) => {
                    let (kind, cells) = match line.split_once(':') {
                        Some((number, cells)) => {
                            let number = number.trim().parse().map_err(|_| {
                                unreadable(format!("`{}` is not a number of digits for {name} lines", number.trim()))
                            })?;
                            let kind =
                                if name == "entropic" { LineKind::Entropic(number) } else { LineKind::Modular(number) };
                            (kind, cells)
                        }
                        None if name == "entropic" => (LineKind::entropic(shape.side()), line),
                        None => (LineKind::modular(shape.side()), line),
                    };
                    variant.with_line(kind, &house_cells(cells).map_err(unreadable)?)?
                }
                (name @ ("minimum" | "maximum" | "even" | "odd" | "column-indexer" | "row-indexer"), Some(cells)) => {
                    house_cells(cells).map_err(unreadable)?.into_iter().try_fold(
                        variant,
                        |variant, cell| match name {
                            "minimum" => variant.with_extremum(cell, Extremum::Minimum),
                            "maximum" => variant.with_extremum(cell, Extremum::Maximum),
                            "even" => variant.with_parity(cell, Parity::Even),
                            "column-indexer" => variant.with_indexer(IndexerKind::Column, cell),
                            "row-indexer" => variant.with_indexer(IndexerKind::Row, cell),
                            _ => variant.with_parity(cell, Parity::Odd),
                        },
                    )?
                }
                ("arrow", Some(arrow)) => {
                    let (circle, shaft) = arrow.split_once(':').ok_or_else(|| {
                        unreadable("an arrow takes its circle, `:` and its cells: `arrow=r1c1:r1c2+r1c3`".into())
                    })?;
                    let circle = house_cells(circle).map_err(unreadable)?;
                    let [circle] = circle[..] else {
                        return Err(unreadable(format!("an arrow's circle is one cell, not {}", circle.len())));
                    };
                    variant.with_arrow(circle, &house_cells(shaft).map_err(unreadable)?)?
                }
                ("pill-arrow", Some(arrow)) => {
                    let (pill, shaft) = arrow.split_once(':').ok_or_else(|| {
                        unreadable("a pill arrow takes its pill, `:` and its cells: `pill-arrow=r1c1+r1c2:r2c3`".into())
                    })?;
                    let (pill, shaft) =
                        (house_cells(pill).map_err(unreadable)?, house_cells(shaft).map_err(unreadable)?);
                    variant.with_pill_arrow(&pill, &shaft)?
                }
                ("little-killer", Some(killer)) => {
                    let (total, cells) = killer.split_once(':').ok_or_else(|| {
                        unreadable(
                            "a little killer takes its sum, `:` and its cells: `little-killer=8:r1c2+r2c1`".into(),
                        )
                    })?;
                    let total = total
                        .trim()
                        .parse()
                        .map_err(|_| unreadable(format!("`{}` is not a little killer's sum", total.trim())))?;
                    variant.with_little_killer(total, &house_cells(cells).map_err(unreadable)?)?
                }
                ("quadruple", Some(quadruple)) => {
                    let (corner, digits) = quadruple.split_once(':').ok_or_else(|| {
                        unreadable(
                            "a quadruple takes its top-left cell, `:` and its digits: `quadruple=r4c4:1+2`".into(),
                        )
                    })?;
                    let corner = house_cells(corner).map_err(unreadable)?;
                    let [corner] = corner[..] else {
                        return Err(unreadable(format!("a quadruple is named by one cell, not {}", corner.len())));
                    };
                    let digits = digits
                        .split('+')
                        .map(|d| d.trim().parse().map_err(|_| unreadable(format!("`{}` is not a digit", d.trim()))))
                        .collect::<Result<Vec<u8>, _>>()?;
                    variant.with_quadruple(corner, &digits)?
                }
                ("clone", Some(clone)) => {
                    let (cells, copies) = clone.split_once(':').ok_or_else(|| {
                        unreadable("a clone takes its cells, `:` and their copies: `clone=r1c1+r1c2:r5c5+r5c6`".into())
                    })?;
                    let (cells, copies) =
                        (house_cells(cells).map_err(unreadable)?, house_cells(copies).map_err(unreadable)?);
                    variant.with_clone(&cells, &copies)?
                }
                ("sandwich", Some(sandwich)) => {
                    let (total, line) = sandwich.split_once(':').ok_or_else(|| {
                        unreadable("a sandwich takes its sum, `:` and its row or column: `sandwich=15:r3`".into())
                    })?;
                    let total = total
                        .trim()
                        .parse()
                        .map_err(|_| unreadable(format!("`{}` is not a sandwich's sum", total.trim())))?;
                    let (unit, index) = row_or_column(line.trim()).map_err(unreadable)?;
                    variant.with_sandwich(unit, index, total)?
                }
                (name @ ("x-sum" | "skyscraper"), Some(clue)) => {
                    let kind = if name == "x-sum" { SightlineKind::XSum } else { SightlineKind::Skyscraper };
                    let (value, place) = clue.split_once(':').ok_or_else(|| {
                        unreadable(format!(
                            "{name} takes its clue, `:` and its place outside the grid: `{name}=3:r0c5`"
                        ))
                    })?;
                    let value = (value.trim().parse())
                        .map_err(|_| unreadable(format!("`{}` is not a {name} clue", value.trim())))?;
                    let (at, index) = outside_place(place.trim(), variant.shape().side()).map_err(unreadable)?;
                    variant.with_sightline(kind, at, index, value)?
                }
                ("whispers", Some(line)) => {
                    let (apart, cells) = line.split_once(':').ok_or_else(|| {
                        unreadable("whispers take their difference, `:` and their cells: `whispers=3:r1c1+r1c2`".into())
                    })?;
                    let apart = apart
                        .trim()
                        .parse()
                        .map_err(|_| unreadable(format!("`{}` is not a difference", apart.trim())))?;
                    variant.with_line(LineKind::Whispers(apart), &house_cells(cells).map_err(unreadable)?)?
                }
                (name, Some(cells)) if EdgeClue::ALL.iter().any(|c| c.name() == name) => {
                    let clue = EdgeClue::ALL.into_iter().find(|c| c.name() == name).unwrap_or(EdgeClue::White);
                    let [a, b] = house_cells(cells).map_err(unreadable)?.try_into().map_err(|cells: Vec<Cell>| {
                        unreadable(format!("a clue sits between two cells, not {}", cells.len()))
                    })?;
                    variant.with_edge_clue(clue, a, b)?
                }
                (name, None) => {
                    if let Some(relation) = Relation::ALL.into_iter().find(|r| r.name() == name) {
                        variant.with_relation(relation)
                    } else if let Some(family) = ClueFamily::ALL.into_iter().find(|f| f.negative_name() == name) {
                        variant.with_all_clues_given(family)
                    } else {
                        return Err(VariantError::UnknownRule { name: token.to_owned(), column: start });
                    }
                }
                _ => return Err(VariantError::UnknownRule { name: token.to_owned(), column: start }),
            };
        }
        Ok(variant)
    }
}

/// The regions (1-based) of a jigsaw map's symbols.
fn region_map(map: &str, shape: Shape) -> Result<Vec<u8>, String> {
    map.chars()
        .filter(|c| !c.is_whitespace())
        .map(|symbol| match shape.value_of_symbol(symbol) {
            Some(region) if region > 0 => Ok(region),
            _ => Err(format!("`{symbol}` names no region of a grid of side {}", shape.side())),
        })
        .collect()
}

/// The sum and cells of `10:r1c1+r1c2` or `r1c1+r1c2`.
fn cage_parts(text: &str) -> Result<(Option<u32>, Vec<Cell>), String> {
    match text.split_once(':') {
        Some((sum, cells)) => {
            let sum = sum.trim().parse().map_err(|_| format!("`{}` is not a cage's sum", sum.trim()))?;
            Ok((Some(sum), house_cells(cells)?))
        }
        None => Ok((None, house_cells(text)?)),
    }
}

/// The cells of `r1c1+r2c3+…`.
/// A row or a column by name (`r3`, `c5`), 0-based.
fn row_or_column(name: &str) -> Result<(UnitKind, usize), String> {
    let unit = match name.chars().next() {
        Some('r' | 'R') => Some(UnitKind::Row),
        Some('c' | 'C') => Some(UnitKind::Column),
        _ => None,
    };
    let number = name.get(1..).and_then(|n| n.parse::<usize>().ok()).filter(|&n| n > 0);
    match (unit, number) {
        (Some(unit), Some(number)) => Ok((unit, number - 1)),
        _ => Err(format!("`{name}` is not a row or a column (r3, c5, …)")),
    }
}

/// The clue side and the 0-based row or column of a place outside the
/// grid: `r3c0` left of row 3, `r3c10` right of it on a 9×9 grid, `r0c5`
/// above column 5, `r10c5` below it.
fn outside_place(name: &str, side: usize) -> Result<(ClueSide, usize), String> {
    let place = name
        .strip_prefix(['r', 'R'])
        .and_then(|rest| rest.split_once(['c', 'C']))
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
    match place.and_then(|(row, col)| ClueSide::of_place(row, col, side)) {
        Some(found) => Ok(found),
        None => Err(format!(
            "`{name}` is not a place beside the grid (r3c0 left of row 3, r3c{0} right of it, r0c5 above column 5, r{0}c5 below it)",
            side + 1
        )),
    }
}

/// The name of the place outside a grid of `side` where a clue `at` row
/// or column `index` (0-based) stands: the inverse of [`outside_place`].
fn outside_name(at: ClueSide, index: usize, side: usize) -> String {
    let (row, col) = at.place(index, side);
    format!("r{row}c{col}")
}

fn house_cells(text: &str) -> Result<Vec<Cell>, String> {
    text.split('+')
        .map(|name| {
            let name = name.trim();
            let parsed = name
                .strip_prefix(['r', 'R'])
                .and_then(|rest| rest.split_once(['c', 'C']))
                .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
                .filter(|&(r, c)| r > 0 && c > 0);
            parsed
                .and_then(|(r, c)| Cell::try_new(r - 1, c - 1))
                .ok_or_else(|| format!("`{name}` is not a cell (r1c1, r3c7, …)"))
        })
        .collect()
}

impl fmt::Display for Variant {
    /// The rules' text, as [`Variant::parse`] reads it: `standard`, or the
    /// rules joined by commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.shape();
        let mut parts: Vec<String> = Vec::new();
        if let Some(map) = self.regions() {
            parts.push(format!("jigsaw={}", map.iter().map(|&r| shape.symbol(r + 1)).collect::<String>()));
        }
        let kinds: Vec<HouseKind> = self.extra_houses().iter().map(|h| h.kind()).collect();
        if kinds.contains(&HouseKind::Diagonal) {
            parts.push("x".into());
        }
        if kinds.contains(&HouseKind::Window) {
            parts.push("windoku".into());
        }
        if kinds.contains(&HouseKind::DisjointGroup) {
            parts.push("disjoint-groups".into());
        }
        for house in self.extra_houses().iter().filter(|h| h.kind() == HouseKind::Extra) {
            let cells: Vec<String> = house.cells().iter().map(|&i| Cell::from_index(i, shape).to_string()).collect();
            parts.push(format!("house={}", cells.join("+")));
        }
        parts.extend(self.relations().iter().map(|r| r.name().to_owned()));
        for &(clue, a, b) in self.edge_clues() {
            parts.push(format!("{}={}+{}", clue.name(), Cell::from_index(a, shape), Cell::from_index(b, shape)));
        }
        parts.extend(self.all_given().iter().map(|family| family.negative_name().to_owned()));
        for cage in self.cages() {
            let cells: Vec<String> = cage.cells().iter().map(|&i| Cell::from_index(i, shape).to_string()).collect();
            match cage.sum() {
                Some(sum) => parts.push(format!("cage={sum}:{}", cells.join("+"))),
                None => parts.push(format!("cage={}", cells.join("+"))),
            }
        }
        for line in self.lines() {
            let cells: Vec<String> = line.cells().iter().map(|&i| Cell::from_index(i, shape).to_string()).collect();
            match line.kind().name(shape.side()) {
                name if name.contains('=') => parts.push(format!("{name}:{}", cells.join("+"))),
                name => parts.push(format!("{name}={}", cells.join("+"))),
            }
        }
        let name = |i: usize| Cell::from_index(i, shape).to_string();
        let names = |cells: &[usize]| cells.iter().map(|&i| name(i)).collect::<Vec<_>>().join("+");
        // The marked cells, one rule per kind of mark: `maximum=r5c5+r1c9`.
        let mut marked = |kind: &str, cells: Vec<usize>| {
            if !cells.is_empty() {
                parts.push(format!("{kind}={}", names(&cells)));
            }
        };
        for extremum in Extremum::ALL {
            marked(extremum.name(), self.extrema().iter().filter(|&&(_, e)| e == extremum).map(|&(i, _)| i).collect());
        }
        for parity in Parity::ALL {
            marked(parity.name(), self.parities().iter().filter(|&&(_, p)| p == parity).map(|&(i, _)| i).collect());
        }
        for kind in IndexerKind::ALL {
            marked(kind.name(), self.indexers().iter().filter(|x| x.kind() == kind).map(|x| x.cell()).collect());
        }
        for arrow in self.arrows() {
            parts.push(format!("arrow={}:{}", name(arrow.circle()), names(arrow.shaft())));
        }
        for arrow in self.pill_arrows() {
            parts.push(format!("pill-arrow={}:{}", names(arrow.pill()), names(arrow.shaft())));
        }
        for killer in self.little_killers() {
            parts.push(format!("little-killer={}:{}", killer.total(), names(killer.cells())));
        }
        for quadruple in self.quadruples() {
            let digits: Vec<String> = quadruple.digits().iter().map(ToString::to_string).collect();
            parts.push(format!("quadruple={}:{}", name(quadruple.cells()[0]), digits.join("+")));
        }
        for (cells, copies) in self.clones() {
            parts.push(format!("clone={}:{}", names(cells), names(copies)));
        }
        for sandwich in self.sandwiches() {
            let line = if sandwich.unit() == UnitKind::Row { 'r' } else { 'c' };
            parts.push(format!("sandwich={}:{line}{}", sandwich.total(), sandwich.index() + 1));
        }
        for clue in self.sightlines() {
            let place = outside_name(clue.side(), clue.index(), shape.side());
            parts.push(format!("{}={}:{place}", clue.kind().name(), clue.value()));
        }
        if let Some(marks) = self.marks() {
            parts.push(format!("marks={}", crate::marks::write_marks(shape, marks)));
        }
        if parts.is_empty() {
            return f.write_str("standard");
        }
        f.write_str(&parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_reads_back_what_it_writes() {
        let shape = Shape::CLASSIC;
        let jigsaw: String = (0..81).map(|i| char::from(b'1' + ((i / 9 + (i % 9) / 3) % 9) as u8)).collect();
        let text = format!(
            "jigsaw={jigsaw},x,windoku,disjoint-groups,house=r1c1+r2c3,anti-king,anti-knight,non-consecutive,\
             white=r1c1+r1c2,black=r5c5+r6c5,x=r2c2+r2c3,v=r1c1+r2c1,kropki-negative,xv-negative,cage=12:r9c8+r9c9,cage=r1c9,\
             thermo=r5c5+r4c4+r4c3,slow-thermo=r9c1+r8c1,german-whispers=r1c5+r2c5,dutch-whispers=r3c3+r4c4,\
             whispers=2:r7c7+r7c8,palindrome=r6c1+r6c2+r6c3,minimum=r1c1+r9c9,maximum=r5c5,odd=r2c2,even=r3c3+r4c4,\
             arrow=r8c8:r9c9+r9c8,little-killer=17:r3c1+r2c2+r1c3"
        );
        let variant = Variant::parse(&text, shape).expect("a valid text");
        assert_eq!(variant.to_string(), text);
        assert_eq!(Variant::parse(&variant.to_string(), shape), Ok(variant));
        assert_eq!(Variant::parse("", shape).map(|v| v.to_string()), Ok("standard".into()));
        assert_eq!(Variant::parse(" standard ", shape), Ok(Variant::standard(shape)));
        // The same rules in another order are the same rules.
        assert_eq!(Variant::parse("windoku,anti-knight,x", shape), Variant::parse("x,anti-knight,windoku", shape));
    }

    #[test]
    fn overlapping_cages_read_and_write_back() -> Result<(), VariantError> {
        let text = "cage=3:r1c1+r1c2,cage=r1c2+r2c1";
        let rules = Variant::parse(text, Shape::CLASSIC)?;
        assert_eq!(rules.cages().len(), 2);
        assert_eq!(rules.cages()[1].cells(), [1, 9]);
        assert_eq!(rules.to_string(), text);
        Ok(())
    }

    #[test]
    fn bad_rules_say_what_and_where() {
        let shape = Shape::CLASSIC;
        let err = |text: &str| Variant::parse(text, shape).map(|_| ()).unwrap_err().to_string();
        assert!(err("x, anti-queen").starts_with("column 4: unknown rule `anti-queen`"), "{}", err("x, anti-queen"));
        assert_eq!(err("house=r1c1+r0c2"), "column 1: `r0c2` is not a cell (r1c1, r3c7, …)");
        assert_eq!(err("x,house=r1c1+r1c1"), "r1c1 is twice in one house, cage or line");
        assert_eq!(err("cage=ten:r1c1+r1c2"), "column 1: `ten` is not a cage's sum");
        assert_eq!(err("x, cage=r1c1+r1c0"), "column 4: `r1c0` is not a cell (r1c1, r3c7, …)");
        assert_eq!(
            err("cage=2:r1c1+r1c2"),
            "a cage of 2 cells cannot add up to 2: 2 distinct digits add up to 3 to 17"
        );
        assert_eq!(err("jigsaw=123"), "a region map of 3 cells, for a grid of 81");
        let lopsided: String =
            "1".repeat(10) + &"2".repeat(8) + &(3..=9).map(|r| r.to_string().repeat(9)).collect::<String>();
        assert_eq!(err(&format!("jigsaw={lopsided}")), "region 1 has 10 cells, not 9");
        assert_eq!(err("jigsaw=#"), "column 1: `#` names no region of a grid of side 9");
        assert_eq!(err("x,white=r1c1+r1c2+r1c3"), "column 3: a clue sits between two cells, not 3");
        assert_eq!(err("v=r1c1+r2c2"), "r1c1 and r2c2 are not orthogonal neighbours: a clue sits between two");
        assert_eq!(err("x=r1c1+r1c1"), "r1c1 and r1c1 are not orthogonal neighbours: a clue sits between two");
        assert_eq!(err("black=r9c9+r10c9"), "r10c9 is outside the 9×9 grid");
        assert!(err("kropki").starts_with("column 1: unknown rule `kropki`"));
        assert_eq!(err("thermo=r1c1"), "a line of 1 cell: a line has two cells or more");
        assert_eq!(
            err("x,palindrome=r1c1+r1c3"),
            "r1c1 and r1c3 are not neighbours: a line steps from a cell to one of its eight neighbours"
        );
        assert_eq!(err("whispers=9:r1c1+r1c2"), "whispers 9 apart on a grid of side 9: digits there are 1 to 8 apart");
        assert_eq!(
            err("whispers=r1c1+r1c2"),
            "column 1: whispers take their difference, `:` and their cells: `whispers=3:r1c1+r1c2`"
        );
        assert_eq!(err("thermo=r1c1+r2c2+r1c1"), "r1c1 is twice in one house, cage or line");
        assert_eq!(err("minimum=r2c2,maximum=r3c3+r2c2"), "r2c2 is a minimum already");
        assert_eq!(err("even=r2c2,odd=r2c2"), "r2c2 is even already");
        assert_eq!(err("arrow=r1c1+r1c2:r1c3"), "column 1: an arrow's circle is one cell, not 2");
        assert_eq!(err("arrow=r1c1:r1c1"), "r1c1 is twice in one house, cage or line");
        assert_eq!(
            err("little-killer=3:r1c1+r1c2"),
            "r1c1 to r1c2 leaves the diagonal: a little killer runs straight along one diagonal"
        );
        assert_eq!(
            err("little-killer=1:r1c1+r2c2"),
            "a little killer of 2 cells cannot add up to 1: its digits add up to 2 to 18"
        );
    }

    #[test]
    fn whispers_by_name_follow_the_side() -> Result<(), VariantError> {
        let six = Variant::parse("german-whispers=r1c1+r1c2,dutch-whispers=r2c1+r2c2", Shape::new(2, 3).expect("6×6"))?;
        let kinds: Vec<LineKind> = six.lines().iter().map(|line| line.kind()).collect();
        assert_eq!(kinds, [LineKind::Whispers(3), LineKind::Whispers(2)]);
        assert_eq!(Variant::parse("whispers=5:r1c1+r1c2", Shape::CLASSIC)?.to_string(), "german-whispers=r1c1+r1c2");
        Ok(())
    }

    #[test]
    fn renban_entropic_and_modular_lines_read_back() -> Result<(), VariantError> {
        let text =
            "renban=r1c1+r1c2+r2c3,entropic=r5c5+r5c6,modular=r9c1+r8c2+r7c3,entropic=2:r4c4+r4c5,modular=4:r3c3+r3c4";
        let rules = Variant::parse(text, Shape::CLASSIC)?;
        let kinds: Vec<LineKind> = rules.lines().iter().map(|line| line.kind()).collect();
        let expected = [
            LineKind::Renban(3),
            LineKind::Entropic(3),
            LineKind::Modular(3),
            LineKind::Entropic(2),
            LineKind::Modular(4),
        ];
        assert_eq!(kinds, expected);
        assert_eq!(rules.to_string(), text);
        let six = Variant::parse("entropic=r1c1+r1c2", Shape::new(2, 3).expect("6×6"))?;
        assert_eq!(six.lines()[0].kind(), LineKind::Entropic(2));
        let err = |text: &str| Variant::parse(text, Shape::MINI).map(|_| ()).unwrap_err().to_string();
        assert_eq!(
            err("renban=r1c1+r1c2+r1c3+r1c4+r2c4"),
            "a renban of 5 cells given as 5 long on a grid of side 4: \
             a renban holds as many consecutive digits as it has cells, at most the side"
        );
        assert_eq!(
            err("modular=1:r1c1+r1c2"),
            "modular line (remainders by 1) on a grid of side 4: tiers of 1 to 3 digits, remainders by 2 to 4"
        );
        assert_eq!(err("entropic=x:r1c1+r1c2"), "column 1: `x` is not a number of digits for entropic lines");
        assert_eq!(
            err("quadruple=r4c1:1"),
            "r4c1 has no cell right of it and below: a quadruple sits where four cells meet, named by the top-left one"
        );
        assert_eq!(
            err("quadruple=r1c1:1+2+3+4+1"),
            "a quadruple at r1c1 with digits [1, 2, 3, 4, 1]: one to four digits from 1 to 4"
        );
        assert_eq!(err("quadruple=r1c1:5"), "a quadruple at r1c1 with digits [5]: one to four digits from 1 to 4");
        assert_eq!(
            err("quadruple=r1c1"),
            "column 1: a quadruple takes its top-left cell, `:` and its digits: `quadruple=r4c4:1+2`"
        );
        let quad = Variant::parse("quadruple=r3c3:4+1+1", Shape::MINI)?;
        assert_eq!(quad.to_string(), "quadruple=r3c3:1+1+4");
        Ok(())
    }

    #[test]
    fn sandwiches_and_clones_read_back_and_name_what_is_wrong() -> Result<(), VariantError> {
        let text = "sandwich=15:r3,sandwich=0:c9";
        let rules = Variant::parse(text, Shape::CLASSIC)?;
        let lines: Vec<(UnitKind, usize, u32)> =
            rules.sandwiches().iter().map(|s| (s.unit(), s.index(), s.total())).collect();
        assert_eq!(lines, [(UnitKind::Row, 2, 15), (UnitKind::Column, 8, 0)]);
        assert_eq!(rules.to_string(), text);
        let err = |text: &str| Variant::parse(text, Shape::MINI).map(|_| ()).unwrap_err().to_string();
        assert_eq!(err("sandwich=6:r1"), "no digits between 1 and 4 add up to 6: a sandwich adds up to 0 or 2 to 5");
        assert_eq!(err("sandwich=1:c2"), "no digits between 1 and 4 add up to 1: a sandwich adds up to 0 or 2 to 5");
        assert_eq!(err("sandwich=2:r5"), "a sandwich stands beside a row or a column from 1 to 4, not row 5");
        assert_eq!(err("sandwich=2:b1"), "column 1: `b1` is not a row or a column (r3, c5, …)");
        assert_eq!(
            err("sandwich=r1"),
            "column 1: a sandwich takes its sum, `:` and its row or column: `sandwich=15:r3`"
        );
        assert_eq!(err("sandwich=x:r1"), "column 1: `x` is not a sandwich's sum");
        let sights = Variant::parse("skyscraper=3:r0c2,x-sum=10:r5c3,x-sum=1:r2c0,skyscraper=2:r4c5", Shape::MINI)?;
        // X-sums first, then skyscrapers, each in the order written.
        assert_eq!(sights.to_string(), "x-sum=10:r5c3,x-sum=1:r2c0,skyscraper=3:r0c2,skyscraper=2:r4c5");
        let places: Vec<(ClueSide, usize)> = sights.sightlines().iter().map(|s| (s.side(), s.index())).collect();
        assert_eq!(places, [(ClueSide::Bottom, 2), (ClueSide::Left, 1), (ClueSide::Top, 1), (ClueSide::Right, 3)]);
        assert_eq!(err("skyscraper=5:r0c1"), "no line of the digits 1 to 4 gives the skyscraper clue 5");
        assert_eq!(err("x-sum=2:r1c0"), "no line of the digits 1 to 4 gives the x-sum clue 2");
        assert_eq!(
            err("x-sum=3:r2c2"),
            "column 1: `r2c2` is not a place beside the grid (r3c0 left of row 3, r3c5 right of it, r0c5 above column 5, r5c5 below it)"
        );
        assert_eq!(err("x-sum=3:r0c0"), err("x-sum=3:r2c2").replace("r2c2", "r0c0"));
        assert_eq!(
            err("skyscraper=r0c1"),
            "column 1: skyscraper takes its clue, `:` and its place outside the grid: `skyscraper=3:r0c5`"
        );
        assert_eq!(err("skyscraper=x:r0c1"), "column 1: `x` is not a skyscraper clue");
        let indexers = Variant::parse("row-indexer=r2c2,column-indexer=r4c1+r1c1", Shape::MINI)?;
        assert_eq!(indexers.to_string(), "column-indexer=r1c1+r4c1,row-indexer=r2c2");
        let pill = Variant::parse("pill-arrow=r1c1+r1c2:r2c3+r3c4", Shape::MINI)?;
        assert_eq!(pill.to_string(), "pill-arrow=r1c1+r1c2:r2c3+r3c4");
        assert_eq!(
            err("pill-arrow=r1c1:r2c2"),
            "a pill of 1 cells on a grid of side 4: two or three cells, on grids up to 9×9"
        );
        let black = Variant::parse("black=r1c1+r1c2,black-negative", Shape::MINI)?;
        assert_eq!(black.to_string(), "black=r1c1+r1c2,black-negative");
        // r2c2 (4) under r1c2 (2): a double with no black dot between them
        // (r1c1 and r1c2 have theirs); r1c2 (2) beside r1c3 (3) are
        // consecutive, which black dots alone allow.
        let grid: crate::Grid = "1234341221434321".parse().map_err(|_| VariantError::LineLength { size: 0 })?;
        let broken: Vec<String> = black.conflicts(&grid)?.iter().map(ToString::to_string).collect();
        assert!(
            broken.contains(&"r1c2 (2) and r2c2 (4) are one twice the other with no black dot between them".to_owned()),
            "{broken:?}"
        );
        assert!(broken.iter().all(|b| !b.contains("consecutive")), "{broken:?}");
        let clones = Variant::parse("clone=r1c1+r1c2:r3c3+r3c4", Shape::MINI)?;
        assert_eq!(clones.to_string(), "clone=r1c1+r1c2:r3c3+r3c4");
        assert_eq!(
            err("clone=r1c1+r1c2:r3c3"),
            "a clone pairs 2 cells with 1: two parts of as many cells, each cell paired with another"
        );
        assert_eq!(
            err("clone=r1c1"),
            "column 1: a clone takes its cells, `:` and their copies: `clone=r1c1+r1c2:r5c5+r5c6`"
        );
        let big = Variant::parse("sandwich=3:r1", Shape::new(5, 5).expect("25×25"));
        assert_eq!(big.map(|_| ()).unwrap_err().to_string(), "sandwiches are taken on grids up to 16×16, not 25×25");
        Ok(())
    }
}
