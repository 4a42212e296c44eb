//! The named patterns players know, which Sudoku Explainer folds into
//! chains: skyscraper, 2-string kite, W-Wing, remote pair, empty rectangle
//! and simple colouring. Each scores what the chain it is would score.

use std::collections::VecDeque;

use sudokit_core::{Cell, Digit, HouseKind};
use sudokit_grid::Candidates;

use crate::human::position::Position;
use crate::human::step::{Pattern, Step, Technique};
use crate::human::strategy::Strategy;

/// A conjugate pair: the only two places of a digit in a house.
#[derive(Clone, Copy, Debug)]
struct Conjugate {
    unit: usize,
    ends: [usize; 2],
}

fn conjugates(position: &Position, digit: Digit) -> Vec<Conjugate> {
    (0..position.layout().unit_count())
        .filter_map(|unit| position.conjugate_pair(unit, digit).map(|ends| Conjugate { unit, ends }))
        .collect()
}

/// Two conjugate pairs of one digit joined by a weak link: skyscraper
/// (parallel lines) or 2-string kite (a row and a column meeting in a box).
fn turbot(position: &Position, want: Technique) -> Option<Step> {
    (1..=position.side() as u8).filter_map(Digit::new).find_map(|digit| {
        let pairs = conjugates(position, digit);
        pairs.iter().find_map(|a| pairs.iter().find_map(|b| turbot_of(position, digit, a, b, want)))
    })
}

/// The skyscraper or kite (`want`) that the conjugate pairs `a` and `b`
/// of `digit` make, if any: `p = q - r = s`, with `q` and `r` in one row
/// (parallel column pairs), one column (parallel row pairs) or one box
/// (a row pair and a column pair).
fn turbot_of(position: &Position, digit: Digit, a: &Conjugate, b: &Conjugate, want: Technique) -> Option<Step> {
    let shape = position.shape();
    let (ka, kb) = (position.house(a.unit).kind(), position.house(b.unit).kind());
    let fits = match want {
        Technique::Skyscraper => ka == kb && ka != HouseKind::Box,
        _ => ka == HouseKind::Row && kb == HouseKind::Column,
    };
    if !fits || a.unit == b.unit {
        return None;
    }
    let ends = |c: &Conjugate| [c.ends, [c.ends[1], c.ends[0]]];
    ends(a).into_iter().flat_map(|pq| ends(b).into_iter().map(move |rs| (pq, rs))).find_map(|([p, q], [r, s])| {
        let joined = match (want, ka) {
            (Technique::Skyscraper, HouseKind::Column) => shape.row_of(q) == shape.row_of(r),
            (Technique::Skyscraper, _) => shape.col_of(q) == shape.col_of(r),
            _ => shape.box_of(q) == shape.box_of(r),
        };
        let distinct = p != r && p != s && q != r && q != s;
        if !joined || !distinct {
            return None;
        }
        let removed: Vec<(Cell, Digit)> = (0..position.len())
            .filter(|&i| ![p, q, r, s].contains(&i))
            .filter(|&i| position.cands(i).contains(digit) && position.sees(i, p) && position.sees(i, s))
            .map(|i| (position.cell(i), digit))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let nodes = [p, q, r, s].iter().map(|&i| (position.cell(i), digit)).collect();
        Some(
            Step::new(want, Pattern::Chain { nodes, cycle: false, house: None, weak_first: false })
                .eliminating(removed),
        )
    })
}

/// A skyscraper: two parallel conjugate pairs of a digit with one end of
/// each in a common line.
#[derive(Clone, Copy, Debug)]
pub struct Skyscraper;

/// A 2-string kite: a row and a column conjugate pair of a digit whose
/// ends meet in a box.
#[derive(Clone, Copy, Debug)]
pub struct TwoStringKite;

/// A W-Wing: two bivalue cells `{x,y}` that do not see each other, and a
/// conjugate pair on `x` whose ends see one each: `y` leaves every cell
/// seeing both.
#[derive(Clone, Copy, Debug)]
pub struct WWing;

/// A remote pair: an even chain (four cells or more) of bivalue cells that
/// all hold the same two digits, each seeing the next: both digits leave
/// every cell seeing both ends.
#[derive(Clone, Copy, Debug)]
pub struct RemotePair;

impl Strategy for Skyscraper {
    fn name(&self) -> &'static str {
        "Skyscraper"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if !position.is_standard() {
            return None;
        }
        turbot(position, Technique::Skyscraper)
    }
}

impl Strategy for TwoStringKite {
    fn name(&self) -> &'static str {
        "2-string kite"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if !position.is_standard() {
            return None;
        }
        turbot(position, Technique::TwoStringKite)
    }
}

impl Strategy for WWing {
    fn name(&self) -> &'static str {
        "W-Wing"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if !position.is_standard() {
            return None;
        }
        let bivalue: Vec<usize> = (0..position.len()).filter(|&i| position.cands(i).len() == 2).collect();
        let links: Vec<Vec<Conjugate>> =
            (1..=position.side() as u8).filter_map(Digit::new).map(|d| conjugates(position, d)).collect();
        bivalue
            .iter()
            .enumerate()
            .find_map(|(k, &a)| bivalue[k + 1..].iter().find_map(|&b| w_wing(position, a, b, &links)))
    }
}

/// The W-Wing of the bivalue cells `a` and `b`, if a conjugate pair of
/// `links` (by digit) joins them.
fn w_wing(position: &Position, a: usize, b: usize, links: &[Vec<Conjugate>]) -> Option<Step> {
    let pair = position.cands(a);
    if position.cands(b) != pair || position.sees(a, b) {
        return None;
    }
    pair.iter().find_map(|x| {
        let y = (pair - Candidates::single(x)).first()?;
        let [p, q] = links[x.index()].iter().flat_map(|c| [c.ends, [c.ends[1], c.ends[0]]]).find(|&[p, q]| {
            ![a, b].contains(&p) && ![a, b].contains(&q) && position.sees(a, p) && position.sees(q, b)
        })?;
        let removed: Vec<(Cell, Digit)> = (0..position.len())
            .filter(|&i| position.cands(i).contains(y) && position.sees(i, a) && position.sees(i, b))
            .map(|i| (position.cell(i), y))
            .collect();
        if removed.is_empty() {
            return None;
        }
        let nodes =
            [(a, y), (a, x), (p, x), (q, x), (b, x), (b, y)].iter().map(|&(i, d)| (position.cell(i), d)).collect();
        Some(
            Step::new(Technique::WWing, Pattern::Chain { nodes, cycle: false, house: None, weak_first: false })
                .eliminating(removed),
        )
    })
}

impl Strategy for RemotePair {
    fn name(&self) -> &'static str {
        "Remote pair"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if !position.is_standard() {
            return None;
        }
        let bivalue: Vec<usize> = (0..position.len()).filter(|&i| position.cands(i).len() == 2).collect();
        bivalue.iter().find_map(|&start| remote_pair_from(position, start, &bivalue))
    }
}

/// The shortest remote pair from `start` that eliminates: a breadth-first
/// search over the bivalue cells with `start`'s two digits.
fn remote_pair_from(position: &Position, start: usize, bivalue: &[usize]) -> Option<Step> {
    let pair = position.cands(start);
    let mut parent = vec![usize::MAX; position.len()];
    parent[start] = start;
    let mut queue = VecDeque::from([(start, 1usize)]);
    while let Some((cell, length)) = queue.pop_front() {
        for &next in bivalue {
            if parent[next] != usize::MAX || position.cands(next) != pair || !position.sees(cell, next) {
                continue;
            }
            parent[next] = cell;
            queue.push_back((next, length + 1));
            // An even chain's ends hold the two digits between them.
            if (length + 1) % 2 == 1 || length + 1 < 4 {
                continue;
            }
            let removed: Vec<(Cell, Digit)> = (0..position.len())
                .filter(|&i| position.sees(i, start) && position.sees(i, next))
                .flat_map(|i| (position.cands(i) & pair).iter().map(move |d| (position.cell(i), d)))
                .collect();
            if !removed.is_empty() {
                let mut cells = vec![next];
                while let Some(&last) = cells.last().filter(|&&c| c != start) {
                    cells.push(parent[last]);
                }
                cells.reverse();
                let cells = cells.iter().map(|&i| position.cell(i)).collect();
                let pattern = Pattern::Cells { digits: pair, cells, variant: 0 };
                return Some(Step::new(Technique::RemotePair, pattern).eliminating(removed));
            }
        }
    }
    None
}

/// An empty rectangle: in a box, a digit's candidates lie in one row `r`
/// and one column `c` (in both, not in one alone). A conjugate pair of the
/// digit in a column outside the box with one end in row `r` forces the
/// digit into the box's column `c` or onto its other end, so the digit
/// leaves the cell of column `c` in the other end's row (and likewise with
/// rows and columns swapped).
#[derive(Clone, Copy, Debug)]
pub struct EmptyRectangle;

impl Strategy for EmptyRectangle {
    fn name(&self) -> &'static str {
        "Empty rectangle"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if !position.is_standard() {
            return None;
        }
        let side = position.side();
        let shape = position.shape();
        (1..=side as u8).filter_map(Digit::new).find_map(|digit| {
            let pairs = conjugates(position, digit);
            (2 * side..3 * side).find_map(|b| {
                let cells: Vec<usize> = position
                    .layout()
                    .unit(b)
                    .iter()
                    .map(|&i| i as usize)
                    .filter(|&i| position.cands(i).contains(digit))
                    .collect();
                let (row, col) = cross(position, &cells)?;
                pairs.iter().find_map(|pair| {
                    let kind = position.house(pair.unit).kind();
                    for [p, q] in [pair.ends, [pair.ends[1], pair.ends[0]]] {
                        if shape.box_of(p) == b - 2 * side || shape.box_of(q) == b - 2 * side {
                            continue;
                        }
                        // A column pair meets the box's row; a row pair its column.
                        let target = match kind {
                            HouseKind::Column if shape.row_of(p) == row => shape.index(shape.row_of(q), col),
                            HouseKind::Row if shape.col_of(p) == col => shape.index(row, shape.col_of(q)),
                            _ => continue,
                        };
                        if position.cands(target).contains(digit) && shape.box_of(target) != b - 2 * side {
                            let nodes = vec![(position.cell(p), digit), (position.cell(q), digit)];
                            let house = Some(position.house(b));
                            let step = Step::new(
                                Technique::EmptyRectangle,
                                Pattern::Chain { nodes, cycle: false, house, weak_first: false },
                            );
                            return Some(step.eliminating(vec![(position.cell(target), digit)]));
                        }
                    }
                    None
                })
            })
        })
    }
}

/// The row and column of a box's `cells` when they all lie in one row or
/// one column through a common point, and in neither alone.
fn cross(position: &Position, cells: &[usize]) -> Option<(usize, usize)> {
    let shape = position.shape();
    if cells.len() < 2 {
        return None;
    }
    let rows: Vec<usize> = cells.iter().map(|&i| shape.row_of(i)).collect();
    let cols: Vec<usize> = cells.iter().map(|&i| shape.col_of(i)).collect();
    if rows.iter().all(|&r| r == rows[0]) || cols.iter().all(|&c| c == cols[0]) {
        return None;
    }
    rows.iter().find_map(|&r| {
        cols.iter().find(|&&c| cells.iter().all(|&i| shape.row_of(i) == r || shape.col_of(i) == c)).map(|&c| (r, c))
    })
}

/// Simple colouring on one digit: the cells of a cluster of conjugate
/// pairs take two colours, one of which is all true. A colour with two
/// cells that see each other is false (colour wrap); a cell outside the
/// cluster that sees both colours loses the digit (colour trap).
#[derive(Clone, Copy, Debug)]
pub struct SimpleColouring;

impl Strategy for SimpleColouring {
    fn name(&self) -> &'static str {
        "Simple colouring"
    }

    fn find(&self, position: &Position) -> Option<Step> {
        if !position.is_standard() {
            return None;
        }
        let side = position.side();
        (1..=side as u8).filter_map(Digit::new).find_map(|digit| {
            let pairs = conjugates(position, digit);
            let mut colour = vec![None; position.len()];
            for pair in &pairs {
                if colour[pair.ends[0]].is_some() {
                    continue;
                }
                let cluster = paint(&pairs, pair.ends[0], &mut colour);
                if let Some(step) =
                    wrap(position, digit, &cluster, &colour).or_else(|| trap(position, digit, &cluster, &colour))
                {
                    return Some(step);
                }
            }
            None
        })
    }
}

/// Colours the cluster of `start` through the conjugate `pairs`; its cells.
fn paint(pairs: &[Conjugate], start: usize, colour: &mut [Option<bool>]) -> Vec<usize> {
    let mut cluster = vec![start];
    colour[start] = Some(true);
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        let here = colour[cell].unwrap_or(true);
        for pair in pairs.iter().filter(|p| p.ends.contains(&cell)) {
            let other = if pair.ends[0] == cell { pair.ends[1] } else { pair.ends[0] };
            if colour[other].is_none() {
                colour[other] = Some(!here);
                cluster.push(other);
                queue.push_back(other);
            }
        }
    }
    cluster
}

fn colouring_step(
    position: &Position,
    digit: Digit,
    cluster: &[usize],
    removed: Vec<usize>,
    variant: u8,
) -> Option<Step> {
    if removed.is_empty() || cluster.len() < 4 {
        return None;
    }
    let cells = cluster.iter().map(|&i| position.cell(i)).collect();
    let pattern = Pattern::Cells { digits: Candidates::single(digit), cells, variant };
    Some(
        Step::new(Technique::SimpleColouring, pattern)
            .eliminating(removed.iter().map(|&i| (position.cell(i), digit)).collect()),
    )
}

/// Colour wrap: a colour whose cells see each other is false everywhere.
fn wrap(position: &Position, digit: Digit, cluster: &[usize], colour: &[Option<bool>]) -> Option<Step> {
    [true, false].into_iter().find_map(|c| {
        let same: Vec<usize> = cluster.iter().copied().filter(|&i| colour[i] == Some(c)).collect();
        let clash = same.iter().enumerate().any(|(k, &a)| same[k + 1..].iter().any(|&b| position.sees(a, b)));
        if clash { colouring_step(position, digit, cluster, same, 2) } else { None }
    })
}

/// Colour trap: a cell outside the cluster seeing both colours.
fn trap(position: &Position, digit: Digit, cluster: &[usize], colour: &[Option<bool>]) -> Option<Step> {
    let sees = |i: usize, c: bool| cluster.iter().any(|&j| colour[j] == Some(c) && position.sees(i, j));
    let removed: Vec<usize> = (0..position.len())
        .filter(|&i| colour[i].is_none() && position.cands(i).contains(digit) && sees(i, true) && sees(i, false))
        .collect();
    colouring_step(position, digit, cluster, removed, 1)
}
