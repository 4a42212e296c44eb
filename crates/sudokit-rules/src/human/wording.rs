//! The English sentences of [`Step`]s: `Display` names the pattern, then
//! what it places and removes.

use std::fmt;

use sudokit_core::{Bond, Cell, Extremum, HouseKind, PairRule, UnitKind};
use sudokit_grid::Candidates;

use super::house::House;
use super::step::{ForcingKind, Pattern, Step, SumGroup, Technique};

/// `1, 2 and 3`.
fn and_list<T: fmt::Display>(items: &[T]) -> String {
    let words: Vec<String> = items.iter().map(T::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// `1, 2 or 3`.
fn or_list<T: fmt::Display>(items: &[T]) -> String {
    let words: Vec<String> = items.iter().map(T::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The name of a forcing chain step as Sudoku Explainer writes it: the
/// kind of chain inside the level's name ("Dynamic region forcing chains
/// (+)").
fn forcing_name(technique: Technique, kind: ForcingKind) -> String {
    let word = match kind {
        ForcingKind::Contradiction => "contradiction",
        ForcingKind::Double => "double",
        ForcingKind::Cell => "cell",
        ForcingKind::Region => "region",
    };
    match technique.name().strip_prefix("Dynamic forcing chains") {
        Some(suffix) => format!("Dynamic {word} forcing chains{suffix}"),
        None => technique.name().to_string(),
    }
}

fn cell_list(cells: &[Cell]) -> String {
    cells.iter().map(Cell::to_string).collect::<Vec<_>>().join(", ")
}

fn digit_list(digits: Candidates) -> String {
    and_list(&digits.iter().collect::<Vec<_>>())
}

/// `rows 2 and 7`: houses of one kind share the plural.
fn house_list(houses: &[House]) -> String {
    match houses {
        [] => String::new(),
        [one] => one.to_string(),
        [first, ..] if houses.iter().all(|h| h.kind() == first.kind()) => {
            let numbers: Vec<usize> = houses.iter().map(|h| h.index() + 1).collect();
            format!("{} {}", first.kind().plural(), and_list(&numbers))
        }
        _ => and_list(houses),
    }
}

/// The row or column `cells` (a whole line, in order) make up, with its
/// 1-based number.
fn line_of(cells: &[Cell]) -> Option<(UnitKind, usize)> {
    match cells {
        [first, second, ..] if first.row() == second.row() => Some((UnitKind::Row, first.row() + 1)),
        [first, ..] => Some((UnitKind::Column, first.col() + 1)),
        [] => None,
    }
}

/// Where a line of cells listed from a clue outside the grid is read
/// from: `from the left of row 3`, `from below column 5`.
fn reading_of(cells: &[Cell]) -> String {
    match cells {
        [first, second, ..] if first.row() == second.row() => {
            let end = if first.col() < second.col() { "left" } else { "right" };
            format!("from the {end} of row {}", first.row() + 1)
        }
        [first, second, ..] => {
            let end = if first.row() < second.row() { "above" } else { "below" };
            format!("from {end} column {}", first.col() + 1)
        }
        _ => String::new(),
    }
}

/// The pattern of a killer technique's step.
fn write_sum(f: &mut fmt::Formatter<'_>, technique: Technique, group: &SumGroup) -> fmt::Result {
    let name = technique.name();
    let cells = cell_list(&group.cells);
    let sum = group.sum;
    let cage = group.cage.map_or(String::new(), |c| format!("cage {}", c + 1));
    let sets: Vec<String> =
        group.sets.iter().map(|set| set.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("+")).collect();
    // What the group adds up to: a lone cell holds the sum.
    let adds = match group.cells.len() {
        1 => format!("{cells} holds {sum}"),
        _ => format!("{cells} add up to {sum}"),
    };
    // Lines against regions, for the law of leftovers.
    let (regions, lines): (Vec<House>, Vec<House>) = group.houses.iter().partition(|h| h.kind() == HouseKind::Region);
    let houses = match (&lines[..], &regions[..]) {
        ([_, ..], [_, ..]) => format!("{} against {}", house_list(&lines), house_list(&regions)),
        _ => house_list(&group.houses),
    };
    match technique {
        Technique::ArrowSum => {
            let circle = cell_list(&group.minus);
            match group.cells.len() {
                1 => write!(f, "{name}: {cells} holds the digit of {circle}"),
                _ => write!(f, "{name}: {cells} add up to the digit of {circle}"),
            }
        }
        Technique::PillArrow => {
            let pill: String = group.minus.iter().map(ToString::to_string).collect();
            write!(f, "{name}: {cells} add up to the number {pill} writes")
        }
        Technique::LittleKillerSum => write!(f, "{name}: the diagonal {cells} adds up to {sum}"),
        Technique::CageCombination => {
            let only = if sets.len() == 1 { "only " } else { "" };
            write!(f, "{name}: {cage} ({cells}: {sum}) can {only}be {}", or_list(&sets))
        }
        Technique::RenbanRun => {
            let only = if sets.len() == 1 { "only " } else { "" };
            let runs: Vec<String> = group.sets.iter().map(|set| set.iter().map(|d| d.to_string()).collect()).collect();
            write!(f, "{name}: the renban {cells} can {only}hold {}", or_list(&runs))
        }
        Technique::BetweenLine => {
            let (ends, inner) = match &group.cells[..] {
                [first, inner @ .., last] => ((*first, *last), cell_list(inner)),
                _ => return write!(f, "{name}: {cells}"),
            };
            let verb = if group.cells.len() == 3 { "lies" } else { "lie" };
            write!(f, "{name}: {inner} {verb} strictly between {} and {}", ends.0, ends.1)
        }
        Technique::SandwichSum => {
            let side = group.cells.len();
            let line = line_of(&group.cells).map_or(String::new(), |(unit, number)| format!("{unit} {number}"));
            match sum {
                0 => write!(f, "{name}: the 1 and the {side} of {line} are side by side"),
                _ => write!(f, "{name}: the digits between the 1 and the {side} of {line} add up to {sum}"),
            }
        }
        Technique::XSum | Technique::SkyscraperClue => {
            let from = reading_of(&group.cells);
            match technique {
                Technique::XSum => {
                    write!(f, "{name}: {from}, the first x digits add up to {sum}, x being the first")
                }
                _ => write!(f, "{name}: {sum} of the digits {from} are seen, each hiding the lower ones behind it"),
            }
        }
        Technique::Indexer => {
            let indexer = group.minus.first().map_or(String::new(), ToString::to_string);
            // A column indexer names a column of its row, a row indexer a
            // row of its column.
            let line = line_of(&group.cells).map_or(String::new(), |(unit, number)| match unit {
                UnitKind::Row => format!("column of row {number}'s"),
                _ => format!("row of column {number}'s"),
            });
            write!(f, "{name}: {indexer} names the {line} {sum}")
        }
        Technique::RegionSumLine => write!(f, "{name}: each region's part of {cells} adds up to the same sum"),
        Technique::Quadruple => {
            let digits: Vec<String> =
                group.sets.iter().map(|set| set.iter().map(|d| d.to_string()).collect()).collect();
            write!(f, "{name}: {cells} hold {} between them", and_list(&digits))
        }
        Technique::RenbanLockedDigit => {
            write!(f, "{name}: every run the renban {cells} can hold has {}", sets.join(""))
        }
        Technique::CageLockedDigit => {
            write!(f, "{name}: every combination of {cage} ({cells}: {sum}) holds {}", sets.join(""))
        }
        Technique::CageBoundDigit => write!(
            f,
            "{name}: {houses} has its {} only in {cage} ({cells}: {sum}), which can then only be {}",
            group.digit.map_or(String::new(), |d| d.to_string()),
            or_list(&sets)
        ),
        Technique::Innies | Technique::Outies => write!(f, "{name} of {houses}: {adds}"),
        Technique::CageSplit => write!(f, "{name}: {houses} cuts {cage}, and {adds}"),
        Technique::HouseCombination => {
            let cages: Vec<String> = group.cages.iter().map(|c| format!("cage {}", c + 1)).collect();
            write!(f, "{name}: {houses} with {} filled together", and_list(&cages))
        }
        Technique::LawOfLeftovers => {
            write!(f, "{name}: {houses} leave {cells} and {}, which hold the same digits", cell_list(&group.minus))
        }
        Technique::InnieOutieDifference => {
            let minus: Vec<String> = group.minus.iter().map(|c| format!(" − {c}")).collect();
            let cages: Vec<String> = group.cages.iter().map(|c| format!("cage {}", c + 1)).collect();
            let read = match cages.len() {
                0 => String::new(),
                1 => format!(", with {} for its sum", cages[0]),
                _ => format!(", with {} for their sums", and_list(&cages)),
            };
            write!(
                f,
                "{name} of {houses}{read}: {}{} = {sum}",
                group.cells.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + "),
                minus.concat()
            )
        }
        _ => write!(f, "{name}: {adds}"),
    }
}

impl Step {
    fn write_pattern(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.technique.name();
        match &self.pattern {
            Pattern::Single { house } => {
                let Some(&(cell, digit)) = self.placements.first() else { return f.write_str(name) };
                match (self.technique, house) {
                    (Technique::FullHouse, Some(h)) => write!(f, "{name}: {cell} is the last empty cell of {h}"),
                    (Technique::NakedSingle, _) => write!(f, "{name}: {cell} can only hold {digit}"),
                    (_, Some(h)) => write!(f, "{name}: {digit} can only go in {cell} within {h}"),
                    _ => write!(f, "{name}: {digit} in {cell}"),
                }
            }
            Pattern::Houses { digits, houses, cells } => match self.technique {
                Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
                    let (base, cover) = houses.split_at(houses.len() / 2);
                    write!(f, "{name} on {} in {}, {}", digit_list(*digits), house_list(base), house_list(cover))
                }
                Technique::Pointing | Technique::DirectPointing | Technique::Claiming | Technique::DirectClaiming => {
                    let (from, to) = (houses.first(), houses.get(1));
                    match (from, to) {
                        (Some(a), Some(b)) => write!(f, "{name}: {} in {a} lies only in {b}", digit_list(*digits)),
                        _ => f.write_str(name),
                    }
                }
                Technique::LockedNonConsecutive => match houses.first() {
                    Some(house) => write!(
                        f,
                        "{name}: {} in {house} lies only in {}, so no cell next to them all holds its neighbours",
                        digit_list(*digits),
                        cell_list(cells)
                    ),
                    None => f.write_str(name),
                },
                Technique::GeneralizedIntersection => match houses.first() {
                    Some(house) => write!(
                        f,
                        "{name}: {} in {house} lies only in {}, so no cell that sees them all holds it",
                        digit_list(*digits),
                        cell_list(cells)
                    ),
                    None => f.write_str(name),
                },
                _ => write!(f, "{name} {} in {} ({})", digits, cell_list(cells), house_list(houses)),
            },
            Pattern::Cells { digits, cells, variant } => {
                let variant = if *variant > 0 { format!(" type {variant}") } else { String::new() };
                write!(f, "{name}{variant} on {digits} in {}", cell_list(cells))
            }
            Pattern::Chain { nodes, cycle, house, weak_first } => {
                match house {
                    Some(house) => write!(f, "{name} in {house}: ")?,
                    None => write!(f, "{name}: ")?,
                }
                for (k, (cell, digit)) in nodes.iter().enumerate() {
                    if k > 0 {
                        f.write_str(if (k % 2 == 1) != *weak_first { "=" } else { "-" })?;
                    }
                    write!(f, "({digit}){cell}")?;
                }
                if *cycle { f.write_str(" (loop)") } else { Ok(()) }
            }
            Pattern::Custom { cells, houses } => {
                f.write_str(name)?;
                if !cells.is_empty() {
                    write!(f, " in {}", cell_list(cells))?;
                }
                if !houses.is_empty() {
                    write!(f, " ({})", house_list(houses))?;
                }
                Ok(())
            }
            Pattern::Sum(group) => write_sum(f, self.technique, group),
            Pattern::Bound { cell, digits, other, rule, bond } => {
                write!(f, "{name}: {}", bound_reason(*cell, *digits, *other, *rule, *bond))
            }
            Pattern::Forcing { kind, source, length, .. } => {
                let sources: Vec<String> = source
                    .iter()
                    .map(|(c, d, on)| if *on { format!("{d} in {c}") } else { format!("no {d} in {c}") })
                    .collect();
                let name = forcing_name(self.technique, *kind);
                match kind {
                    ForcingKind::Contradiction => {
                        write!(f, "{name}: {} leads to a contradiction (chain length {length})", sources.join(""))
                    }
                    ForcingKind::Double => {
                        write!(f, "{name}: {} both lead to the same result (chain length {length})", and_list(&sources))
                    }
                    ForcingKind::Cell | ForcingKind::Region => {
                        write!(f, "{name}: {} each lead to the same result (chain length {length})", or_list(&sources))
                    }
                }
            }
        }
    }

    fn write_effects(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let single = matches!(self.pattern, Pattern::Single { .. });
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| {
            let s = if std::mem::take(&mut first) { ": " } else { "; " };
            f.write_str(s)
        };
        if !single {
            for &(cell, digit) in &self.placements {
                sep(f)?;
                write!(f, "{digit} placed in {cell}")?;
            }
        }
        let mut rest = self.eliminations.as_slice();
        while let Some(&(_, digit)) = rest.first() {
            let n = rest.iter().take_while(|&&(_, d)| d == digit).count();
            let cells: Vec<Cell> = rest[..n].iter().map(|&(c, _)| c).collect();
            sep(f)?;
            write!(f, "{digit} removed from {}", cell_list(&cells))?;
            rest = &rest[n..];
        }
        Ok(())
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_pattern(f)?;
        if !self.bound.is_empty() {
            let pairs: Vec<String> =
                self.bound.iter().map(|(a, b, r)| format!("{a} and {b} are {}", r.apart())).collect();
            write!(f, " ({})", pairs.join("; "))?;
        }
        self.write_effects(f)
    }
}

/// How a step of bound cells says why, `rule` read from `cell` to
/// `other`: `r1c2 lies after r1c1 {345} along a thermometer, so it holds
/// more than 3`; for the other rules, `no candidate of r1c4 {36} pairs
/// with these in r2c4 across a black dot` (the digits removed follow).
fn bound_reason(cell: Cell, digits: Candidates, other: Cell, rule: PairRule, bond: Bond) -> String {
    let (low, high) = (digits.first().map_or(0, |d| d.get()), digits.iter().last().map_or(0, |d| d.get()));
    match (bond, rule) {
        (Bond::Line(line), PairRule::Less) => {
            format!("{other} lies after {cell} {digits} along a {line}, so it holds more than {low}")
        }
        (Bond::Line(line), PairRule::Greater) => {
            format!("{other} lies before {cell} {digits} along a {line}, so it holds less than {high}")
        }
        (Bond::Line(line), PairRule::LessOrEqual) => {
            format!("{other} lies after {cell} {digits} along a {line}, so it holds {low} or more")
        }
        (Bond::Line(line), PairRule::GreaterOrEqual) => {
            format!("{other} lies before {cell} {digits} along a {line}, so it holds {high} or less")
        }
        // The marked cell is `cell` when its rule points away from it
        // (a minimum below its neighbour), and `other` otherwise.
        (Bond::Extremum(Extremum::Minimum), PairRule::Less) => {
            format!("{other} neighbours the minimum cell {cell} {digits}, so it holds more than {low}")
        }
        (Bond::Extremum(Extremum::Minimum), PairRule::Greater) => {
            format!("{other} is a minimum cell beside {cell} {digits}, so it holds less than {high}")
        }
        (Bond::Extremum(Extremum::Maximum), PairRule::Greater) => {
            format!("{other} neighbours the maximum cell {cell} {digits}, so it holds less than {high}")
        }
        (Bond::Extremum(Extremum::Maximum), PairRule::Less) => {
            format!("{other} is a maximum cell beside {cell} {digits}, so it holds more than {low}")
        }
        (_, PairRule::Equal) => format!("{other} faces {cell} {digits} {bond}, so it holds one of these"),
        _ => format!("no candidate of {cell} {digits} pairs with these in {other} {bond}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        assert_eq!(and_list(&[1, 2, 3]), "1, 2 and 3");
        assert_eq!(and_list(&[7]), "7");
    }
}
