//! [`ClueGenerator`]: puzzles whose clues are drawn at random from a
//! solved grid — sandwiches, X-sums, skyscrapers, little killers, Kropki
//! dots, X and V, even and odd cells, minimum and maximum cells,
//! quadruples, thermometers, arrows, German whispers, renban, entropic,
//! modular and between lines, indexer cells — as few as keep the solution
//! unique, with givens only where the clues cannot make it so.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit_auto::Auto;
use sudokit_core::{
    Budget, Cell, ClueSide, CountSolutions, EdgeClue, Extremum, Grid, IndexerKind, LineKind, Parity, Puzzle, Relation,
    Sandwich, SightlineKind, SolveError, StopReason, UnitKind, Variant, VariantError,
};

use crate::generator::{GenerateError, Generated, Generator, in_band, minimal_givens, stopped};
use crate::regions::orthogonal;
use crate::request::Difficulty;

/// A kind of clue a [`ClueGenerator`] draws from a solved grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ClueKind {
    /// A sandwich sum beside each row and column (grids up to 16×16).
    Sandwiches,
    /// An X-sum on each side of each row and column (grids up to 16×16).
    XSums,
    /// A skyscraper count on each side of each row and column.
    Skyscrapers,
    /// A little killer along each diagonal of two cells or more.
    LittleKillers,
    /// A white dot between each pair of neighbours holding consecutive
    /// digits, a black dot where one is double the other.
    KropkiDots,
    /// An X between each pair of neighbours adding up to 10, a V where
    /// they add up to 5.
    Xv,
    /// Each cell marked even or odd.
    Parity,
    /// Each cell below (above) all its orthogonal neighbours marked a
    /// minimum (maximum).
    Extrema,
    /// A quadruple at each grid point inside the grid, with the digits of
    /// two to four of its cells.
    Quadruples,
    /// Thermometers: walks through king's-move neighbours of rising
    /// digits, three to six cells long.
    Thermometers,
    /// Arrows: a circle and a walk through king's-move neighbours whose
    /// digits add up to the circle's.
    Arrows,
    /// German whispers: walks whose neighbours lie at least half the side
    /// apart, three to six cells long.
    GermanWhispers,
    /// Renban lines: walks of three to five cells holding a run of
    /// consecutive digits.
    Renban,
    /// Entropic lines: walks whose every three cells in a row hold
    /// digits of three tiers.
    EntropicLines,
    /// Modular lines: walks whose every three cells in a row hold digits
    /// of three remainders by 3.
    ModularLines,
    /// Between lines: walks of three to five cells whose inner digits lie
    /// strictly between the ends'.
    BetweenLines,
    /// Column and row indexers: each cell whose digit names the place of
    /// its own column (row) number in its row (column).
    Indexers,
}

impl ClueKind {
    /// Every kind, in order.
    pub const ALL: [ClueKind; 17] = [
        ClueKind::Sandwiches,
        ClueKind::XSums,
        ClueKind::Skyscrapers,
        ClueKind::LittleKillers,
        ClueKind::KropkiDots,
        ClueKind::Xv,
        ClueKind::Parity,
        ClueKind::Extrema,
        ClueKind::Quadruples,
        ClueKind::Thermometers,
        ClueKind::Arrows,
        ClueKind::GermanWhispers,
        ClueKind::Renban,
        ClueKind::EntropicLines,
        ClueKind::ModularLines,
        ClueKind::BetweenLines,
        ClueKind::Indexers,
    ];

    /// Its name, as [`FromStr`] reads it: `sandwich`, `x-sum`,
    /// `skyscraper`, `little-killer`, `kropki`, `xv`, `parity`, `extrema`,
    /// `quadruple`, `thermo`, `arrow`, `whispers`, `renban`, `entropic`,
    /// `modular`, `between`, `indexer`.
    pub fn name(self) -> &'static str {
        match self {
            ClueKind::Sandwiches => "sandwich",
            ClueKind::XSums => "x-sum",
            ClueKind::Skyscrapers => "skyscraper",
            ClueKind::LittleKillers => "little-killer",
            ClueKind::KropkiDots => "kropki",
            ClueKind::Xv => "xv",
            ClueKind::Parity => "parity",
            ClueKind::Extrema => "extrema",
            ClueKind::Quadruples => "quadruple",
            ClueKind::Thermometers => "thermo",
            ClueKind::Arrows => "arrow",
            ClueKind::GermanWhispers => "whispers",
            ClueKind::Renban => "renban",
            ClueKind::EntropicLines => "entropic",
            ClueKind::ModularLines => "modular",
            ClueKind::BetweenLines => "between",
            ClueKind::Indexers => "indexer",
        }
    }
}

impl fmt::Display for ClueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name [`ClueKind::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown kind of clue `{0}` (known: sandwich, x-sum, skyscraper, little-killer, kropki, xv, parity, extrema, quadruple, thermo, arrow, whispers, renban, entropic, modular, between, indexer)"
)]
#[non_exhaustive]
pub struct UnknownClueKind(pub String);

impl FromStr for ClueKind {
    type Err = UnknownClueKind;

    /// A kind by its [name](ClueKind::name), case and surrounding spaces
    /// ignored.
    fn from_str(text: &str) -> Result<ClueKind, UnknownClueKind> {
        let name = text.trim().to_ascii_lowercase();
        ClueKind::ALL.into_iter().find(|kind| kind.name() == name).ok_or_else(|| UnknownClueKind(text.to_owned()))
    }
}

/// Makes puzzles of clues drawn from a solved grid: a random solved grid
/// of the base rules, every clue of the asked kinds that grid gives (each
/// its own value read off the grid; lines and arrows drawn at random,
/// twice the side of each), shuffled, then as few of them as keep
/// the solution unique. Each puzzle comes from its seed alone. With a
/// [difficulty](ClueGenerator::with_difficulty), a puzzle rated above
/// the band gets back the clues it dropped, one at a time, until it is in
/// the band (or below it: the next puzzle is made).
///
/// ```
/// use sudokit_core::{Shape, Variant};
/// use sudokit_generate::{ClueGenerator, ClueKind};
///
/// let made = ClueGenerator::new(Variant::standard(Shape::SIX), &[ClueKind::Skyscrapers]).generate(1)?;
/// assert!(made.variant.is_solution_of(&made.solution, &made.puzzle));
/// assert!(!made.variant.sightlines().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # How
/// When all the clues drawn make the solution unique, the fewest first
/// clues of the shuffled list that do are found by bisection, then each
/// of them, in a random order, goes when the solution stays unique
/// without it: no givens, and no clue can go. When they do not, random
/// givens of the solution are added until it is unique, each given then
/// emptied (in a random order) when it stays unique, then each clue
/// dropped the same way. Each check counts solutions to two with
/// [`Auto`].
#[derive(Clone, Debug)]
pub struct ClueGenerator {
    rules: Variant,
    kinds: Vec<ClueKind>,
    difficulty: Difficulty,
    budget: Budget,
    rating_nodes: u64,
    check_nodes: u64,
}

/// The default time limit of one puzzle.
const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The default cap on one candidate's rating, in search nodes (see
/// [`ClueGenerator::with_rating_node_limit`]).
const DEFAULT_RATING_NODES: u64 = 500_000;

/// The default cap on one uniqueness check, in search nodes (see
/// [`ClueGenerator::with_check_node_limit`]).
const DEFAULT_CHECK_NODES: u64 = 5_000;

impl ClueGenerator {
    /// Puzzles of `kinds` of clues over `rules` (standard rules of a
    /// shape, or a variant: skyscrapers over an X), 60 s a puzzle.
    pub fn new(rules: Variant, kinds: &[ClueKind]) -> ClueGenerator {
        let mut kinds = kinds.to_vec();
        kinds.sort_unstable();
        kinds.dedup();
        ClueGenerator {
            rules,
            kinds,
            difficulty: Difficulty::any(),
            budget: Budget::unlimited().with_time_limit(DEFAULT_TIME_LIMIT),
            rating_nodes: DEFAULT_RATING_NODES,
            check_nodes: DEFAULT_CHECK_NODES,
        }
    }

    /// Asks for puzzles of `difficulty`, rated as
    /// [`Rater::rate_variant`](sudokit_rules::human::Rater::rate_variant)
    /// rates them: puzzles are made one after the other from the seed's
    /// random numbers until one is in the band.
    #[must_use]
    pub fn with_difficulty(mut self, difficulty: Difficulty) -> ClueGenerator {
        self.difficulty = difficulty;
        self
    }

    /// The limits of one puzzle.
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> ClueGenerator {
        self.budget = budget;
        self
    }

    /// With a [difficulty](ClueGenerator::with_difficulty), the search
    /// nodes one candidate's rating may take (500 000 by default): a
    /// puzzle whose rating needs more is dropped and the next one made,
    /// within the budget of the puzzle. A cap of work, not of time, so
    /// that a seed makes the same puzzle on every machine.
    #[must_use]
    pub fn with_rating_node_limit(mut self, nodes: u64) -> ClueGenerator {
        self.rating_nodes = nodes;
        self
    }

    /// The search nodes one uniqueness check may take (5 000 by
    /// default): a check that needs more counts as not unique, so the
    /// clue it would drop stays, or a given is added. Some clues alone
    /// make a solution unique only after a long search (every little
    /// killer of a 9×9 grid: about 140 000 nodes, as long for the
    /// Interactive Sudoku Solver), and a puzzle that takes as long to
    /// check is no puzzle to play: such kinds get a few givens instead.
    #[must_use]
    pub fn with_check_node_limit(mut self, nodes: u64) -> ClueGenerator {
        self.check_nodes = nodes;
        self
    }

    /// The puzzle of `seed`: [`Generated::variant`] holds the base rules
    /// with the clues kept, [`Generated::puzzle`] the givens (none when
    /// the clues alone make the solution unique).
    ///
    /// # Errors
    /// [`GenerateError::Impossible`] for no kind of clue, X-sums or
    /// sandwiches past 16×16, rules that admit no solved grid, or a
    /// difficulty no rating meets; [`GenerateError::Stopped`] when the
    /// budget runs out first.
    pub fn generate(&self, seed: u64) -> Result<Generated, GenerateError> {
        if self.kinds.is_empty() {
            return Err(GenerateError::Impossible { reason: "no kind of clue was asked for".to_owned() });
        }
        let side = self.rules.shape().side();
        if let Some(kind) = self.kinds.iter().find(|k| matches!(k, ClueKind::Sandwiches | ClueKind::XSums)) {
            if side > 16 {
                return Err(GenerateError::Impossible {
                    reason: format!("{kind} clues stop at 16×16, not {side}×{side}"),
                });
            }
        }
        if let Some(reason) = self.difficulty.impossible() {
            return Err(GenerateError::Impossible { reason });
        }
        let budget = self.budget.starting_now().without_timing();
        // A candidate too hard for the band gets back the clues it dropped,
        // one at a time, in the order they went.
        let ease = |made: &mut Generated, spare: &mut std::vec::IntoIter<Clue>| {
            spare.find_map(|clue| clue.add_to(made.variant.clone()).ok()).map(|easier| made.variant = easier).is_some()
        };
        in_band(&self.difficulty, &budget, self.rating_nodes, seed, |seed| self.make(seed, &budget), ease)
    }

    /// The puzzle of the random numbers of `seed`, within `budget`, and
    /// the clues it dropped, in the order they went.
    fn make(&self, seed: u64, budget: &Budget) -> Result<(Generated, std::vec::IntoIter<Clue>), GenerateError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution =
            Generator::for_variant(self.rules.clone()).with_budget(budget.clone()).solved_grid(rng.random())?;
        let mut drawn: Vec<Clue> = self.kinds.iter().flat_map(|&kind| draw(kind, &solution, &mut rng)).collect();
        drawn.shuffle(&mut rng);
        // A clue the rules refuse beside the others (a line over a cell
        // another already marks) is left out.
        let mut clues = Vec::new();
        let mut all = self.rules.clone();
        for clue in drawn {
            if let Ok(more) = clue.add_to(all.clone()) {
                all = more;
                clues.push(clue);
            }
        }
        let mut run = Run {
            rules: &self.rules,
            solution: &solution,
            budget,
            check_nodes: self.check_nodes,
            auto: Auto::new(),
            checks: 0,
        };
        let empty = Grid::empty(solution.shape());
        let puzzle = if run.unique(&empty, &clues)? {
            run.fewest_first(&mut clues)?;
            empty
        } else {
            minimal_givens(&solution, &mut rng, |puzzle| run.unique(puzzle, &clues))?
        };
        let dropped = run.drop_while_unique(&puzzle, &mut clues, &mut rng)?;
        let (variant, checks) = (run.variant(&clues), run.checks);
        Ok((Generated { puzzle, variant, solution, seed, rating: None, attempts: 1, checks }, dropped.into_iter()))
    }
}

/// One clue read off a solved grid.
#[derive(Clone, Debug)]
enum Clue {
    Sandwich(UnitKind, usize, u32),
    Sightline(SightlineKind, ClueSide, usize, u32),
    LittleKiller(u32, Vec<Cell>),
    Edge(EdgeClue, Cell, Cell),
    Parity(Cell, Parity),
    Extremum(Cell, Extremum),
    Quadruple(Cell, Vec<u8>),
    Line(LineKind, Vec<Cell>),
    Indexer(IndexerKind, Cell),
    Arrow(Cell, Vec<Cell>),
}

impl Clue {
    /// `rules` with this clue.
    fn add_to(&self, rules: Variant) -> Result<Variant, VariantError> {
        match self {
            Clue::Sandwich(unit, index, total) => rules.with_sandwich(*unit, *index, *total),
            Clue::Sightline(kind, at, index, value) => rules.with_sightline(*kind, *at, *index, *value),
            Clue::LittleKiller(total, cells) => rules.with_little_killer(*total, cells),
            Clue::Edge(clue, a, b) => rules.with_edge_clue(*clue, *a, *b),
            Clue::Parity(cell, parity) => rules.with_parity(*cell, *parity),
            Clue::Extremum(cell, extremum) => rules.with_extremum(*cell, *extremum),
            Clue::Quadruple(corner, digits) => rules.with_quadruple(*corner, digits),
            Clue::Line(kind, cells) => rules.with_line(*kind, cells),
            Clue::Indexer(kind, cell) => rules.with_indexer(*kind, *cell),
            Clue::Arrow(circle, shaft) => rules.with_arrow(*circle, shaft),
        }
    }
}

/// Every clue of `kind` that `solution` gives (thermometers and arrows:
/// up to twice the side of them, drawn with `rng`).
fn draw(kind: ClueKind, solution: &Grid, rng: &mut ChaCha8Rng) -> Vec<Clue> {
    let (n, values) = (solution.shape().side(), solution.values());
    let at = |r: usize, c: usize| u32::from(values[r * n + c]);
    let line = |unit: UnitKind, index: usize| -> Vec<u8> {
        (0..n).map(|k| if unit == UnitKind::Row { values[index * n + k] } else { values[k * n + index] }).collect()
    };
    let cell = |i: usize| Cell::new(i / n, i % n);
    match kind {
        ClueKind::Sandwiches => [UnitKind::Row, UnitKind::Column]
            .into_iter()
            .flat_map(|unit| (0..n).map(move |index| (unit, index)))
            .filter_map(|(unit, index)| Some(Clue::Sandwich(unit, index, Sandwich::total_of(&line(unit, index))?)))
            .collect(),
        ClueKind::XSums | ClueKind::Skyscrapers => ClueSide::ALL
            .into_iter()
            .flat_map(|side| (0..n).map(move |index| (side, index)))
            .filter_map(|(side, index)| {
                let mut digits = line(side.unit(), index);
                if side.is_reversed() {
                    digits.reverse();
                }
                let kind = if kind == ClueKind::XSums { SightlineKind::XSum } else { SightlineKind::Skyscraper };
                Some(Clue::Sightline(kind, side, index, kind.reading(&digits)?))
            })
            .collect(),
        ClueKind::LittleKillers => diagonals(n)
            .into_iter()
            .map(|cells| {
                let total = cells.iter().map(|c| at(c.row(), c.col())).sum();
                Clue::LittleKiller(total, cells)
            })
            .collect(),
        // Non-consecutive binds every pair of orthogonal neighbours.
        ClueKind::KropkiDots | ClueKind::Xv => (Relation::NonConsecutive.pairs(solution.shape()).into_iter())
            .map(|(a, b)| (cell(a), cell(b)))
            .filter_map(|(a, b)| {
                let (x, y) = (at(a.row(), a.col()), at(b.row(), b.col()));
                let clue = match kind {
                    ClueKind::KropkiDots if x.abs_diff(y) == 1 => EdgeClue::White,
                    ClueKind::KropkiDots if x == 2 * y || y == 2 * x => EdgeClue::Black,
                    ClueKind::Xv if x + y == 10 => EdgeClue::X,
                    ClueKind::Xv if x + y == 5 => EdgeClue::V,
                    _ => return None,
                };
                Some(Clue::Edge(clue, a, b))
            })
            .collect(),
        ClueKind::Parity => (0..n * n)
            .map(|i| Clue::Parity(cell(i), if values[i] % 2 == 0 { Parity::Even } else { Parity::Odd }))
            .collect(),
        ClueKind::Extrema => (0..n * n)
            .filter_map(|i| {
                let around: Vec<u8> = orthogonal(n, i).into_iter().map(|j| values[j]).collect();
                if around.iter().all(|&d| d > values[i]) {
                    Some(Clue::Extremum(cell(i), Extremum::Minimum))
                } else if around.iter().all(|&d| d < values[i]) {
                    Some(Clue::Extremum(cell(i), Extremum::Maximum))
                } else {
                    None
                }
            })
            .collect(),
        ClueKind::Quadruples => (0..n - 1)
            .flat_map(|r| (0..n - 1).map(move |c| (r, c)))
            .map(|(r, c)| {
                let mut four =
                    [values[r * n + c], values[r * n + c + 1], values[(r + 1) * n + c], values[(r + 1) * n + c + 1]];
                four.shuffle(rng);
                let mut digits = four[..rng.random_range(2..=4)].to_vec();
                digits.sort_unstable();
                Clue::Quadruple(Cell::new(r, c), digits)
            })
            .collect(),
        ClueKind::Thermometers => {
            lines(LineKind::Thermometer, values, n, rng, |line, next| values[next] > values[line[line.len() - 1]])
        }
        ClueKind::GermanWhispers => {
            let apart = n.div_ceil(2) as u8;
            lines(LineKind::german_whispers(n), values, n, rng, |line, next| {
                values[next].abs_diff(values[line[line.len() - 1]]) >= apart
            })
        }
        ClueKind::EntropicLines => {
            let tier = |i: usize| (usize::from(values[i]) - 1) / n.div_ceil(3);
            lines(LineKind::entropic(n), values, n, rng, |line, next| {
                line.iter().rev().take(2).all(|&i| tier(i) != tier(next))
            })
        }
        ClueKind::ModularLines => lines(LineKind::modular(n), values, n, rng, |line, next| {
            line.iter().rev().take(2).all(|&i| values[i] % 3 != values[next] % 3)
        }),
        ClueKind::Renban => drawn_lines(
            |length| LineKind::Renban(length as u32),
            values,
            n,
            rng,
            |line| {
                let digits: Vec<u8> = line.iter().map(|&i| values[i]).collect();
                let (low, high) = (digits.iter().min(), digits.iter().max());
                let distinct = digits.iter().enumerate().all(|(k, d)| !digits[..k].contains(d));
                distinct && low.zip(high).is_some_and(|(&low, &high)| usize::from(high - low) + 1 == digits.len())
            },
        ),
        ClueKind::BetweenLines => drawn_lines(
            |_| LineKind::Between,
            values,
            n,
            rng,
            |line| {
                let (a, b) = (values[line[0]], values[line[line.len() - 1]]);
                line[1..line.len() - 1].iter().all(|&i| a.min(b) < values[i] && values[i] < a.max(b))
            },
        ),
        ClueKind::Indexers => (0..n * n)
            .flat_map(|i| {
                let (r, c, v) = (i / n, i % n, usize::from(values[i]));
                let column =
                    (usize::from(values[r * n + v - 1]) == c + 1).then(|| Clue::Indexer(IndexerKind::Column, cell(i)));
                let row =
                    (usize::from(values[(v - 1) * n + c]) == r + 1).then(|| Clue::Indexer(IndexerKind::Row, cell(i)));
                column.into_iter().chain(row)
            })
            .collect(),
        ClueKind::Arrows => (0..2 * n)
            .filter_map(|_| {
                let (circle, shaft) = arrow(values, n, rng)?;
                Some(Clue::Arrow(cell(circle), shaft.into_iter().map(cell).collect()))
            })
            .collect(),
    }
}

/// Every diagonal run of two cells or more across a grid of side `n`,
/// both ways, from the top row or a side column.
fn diagonals(n: usize) -> Vec<Vec<Cell>> {
    let run = |r: usize, c: usize, leftwards: bool| -> Vec<Cell> {
        (0..n)
            .map_while(|k| {
                let col = if leftwards { c.checked_sub(k)? } else { c + k };
                (r + k < n && col < n).then(|| Cell::new(r + k, col))
            })
            .collect()
    };
    let downright = (0..n).map(|c| (0, c)).chain((1..n).map(|r| (r, 0))).map(|(r, c)| run(r, c, false));
    let downleft = (0..n).map(|c| (0, c)).chain((1..n).map(|r| (r, n - 1))).map(|(r, c)| run(r, c, true));
    downright.chain(downleft).filter(|cells| cells.len() >= 2).collect()
}

/// The king's-move neighbours of cell `i` of a grid of side `n`.
fn kings(i: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    (r.saturating_sub(1)..(r + 2).min(n))
        .flat_map(move |r2| (c.saturating_sub(1)..(c + 2).min(n)).map(move |c2| r2 * n + c2))
        .filter(move |&j| j != i)
}

/// Twice the side of lines of `kind`: walks of three to six cells through
/// king's-move neighbours from random cells, each step to a neighbour
/// `fits` the line so far; those that stop before three cells are left
/// out.
fn lines(
    kind: LineKind,
    values: &[u8],
    n: usize,
    rng: &mut ChaCha8Rng,
    fits: impl Fn(&[usize], usize) -> bool,
) -> Vec<Clue> {
    (0..2 * n)
        .filter_map(|_| {
            let length = rng.random_range(3..=6);
            let mut cells = vec![rng.random_range(0..values.len())];
            while cells.len() < length {
                let next: Vec<usize> =
                    kings(cells[cells.len() - 1], n).filter(|&j| !cells.contains(&j) && fits(&cells, j)).collect();
                if next.is_empty() {
                    break;
                }
                cells.push(next[rng.random_range(0..next.len())]);
            }
            (cells.len() >= 3).then(|| Clue::Line(kind, cells.into_iter().map(|i| Cell::new(i / n, i % n)).collect()))
        })
        .collect()
}

/// Twice the side of lines of the kind `kind` names for their length:
/// random walks of three to five cells through king's-move neighbours,
/// each kept when the whole line `holds` (up to 30 walks a line).
fn drawn_lines(
    kind: impl Fn(usize) -> LineKind,
    values: &[u8],
    n: usize,
    rng: &mut ChaCha8Rng,
    holds: impl Fn(&[usize]) -> bool,
) -> Vec<Clue> {
    (0..2 * n)
        .filter_map(|_| {
            (0..30).find_map(|_| {
                let length = rng.random_range(3..=5);
                let mut cells = vec![rng.random_range(0..values.len())];
                while cells.len() < length {
                    let next: Vec<usize> = kings(cells[cells.len() - 1], n).filter(|j| !cells.contains(j)).collect();
                    cells.push(*next.get(rng.random_range(0..next.len().max(1)))?);
                }
                let line = cells.iter().map(|&i| Cell::new(i / n, i % n)).collect();
                holds(&cells).then(|| Clue::Line(kind(cells.len()), line))
            })
        })
        .collect()
}

/// A circle at a random cell and a walk from it through king's-move
/// neighbours whose digits add up to the circle's (tried a few times);
/// `None` when no walk reaches it exactly.
fn arrow(values: &[u8], n: usize, rng: &mut ChaCha8Rng) -> Option<(usize, Vec<usize>)> {
    let circle = rng.random_range(0..n * n);
    let target = u32::from(values[circle]);
    (0..8).find_map(|_| {
        let (mut shaft, mut sum) = (Vec::new(), 0);
        while sum < target {
            let last = *shaft.last().unwrap_or(&circle);
            let next: Vec<usize> = kings(last, n)
                .filter(|&j| j != circle && !shaft.contains(&j) && sum + u32::from(values[j]) <= target)
                .collect();
            if next.is_empty() {
                return None;
            }
            let step = next[rng.random_range(0..next.len())];
            sum += u32::from(values[step]);
            shaft.push(step);
        }
        Some((circle, shaft))
    })
}

/// One puzzle in the making.
struct Run<'a> {
    rules: &'a Variant,
    solution: &'a Grid,
    budget: &'a Budget,
    check_nodes: u64,
    auto: Auto,
    checks: u64,
}

impl Run<'_> {
    /// The base rules with `clues` (each was added once already, so none
    /// fails).
    fn variant(&self, clues: &[Clue]) -> Variant {
        clues.iter().fold(self.rules.clone(), |rules, clue| clue.add_to(rules.clone()).unwrap_or(rules))
    }

    /// Whether `puzzle` under `clues` is proved to have one solution
    /// within the check's node cap.
    fn unique(&mut self, puzzle: &Grid, clues: &[Clue]) -> Result<bool, GenerateError> {
        self.checks += 1;
        let puzzle = Puzzle::new(puzzle.clone(), self.variant(clues)).map_err(|error| stopped(error, 1, None))?;
        let cap = self.budget.nodes_left().map_or(self.check_nodes, |left| left.min(self.check_nodes));
        let budget = self.budget.with_caps_left().with_max_nodes(cap);
        match self.auto.count_puzzle_solutions_with(&puzzle, 2, &budget) {
            Ok(count) => Ok(count == 1),
            // The check's own cap, not the puzzle's: not proved.
            Err(SolveError::BudgetExhausted { reason: StopReason::NodeLimit, .. }) if cap == self.check_nodes => {
                Ok(false)
            }
            Err(error) => Err(stopped(error, 1, None)),
        }
    }

    /// Keeps the fewest first `clues` that make the empty grid unique (all
    /// of them do), found by bisection: more clues never add a solution.
    fn fewest_first(&mut self, clues: &mut Vec<Clue>) -> Result<(), GenerateError> {
        let empty = Grid::empty(self.solution.shape());
        let (mut low, mut high) = (0, clues.len());
        while low < high {
            let middle = (low + high) / 2;
            if self.unique(&empty, &clues[..middle])? {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        clues.truncate(high);
        Ok(())
    }

    /// Drops each clue, in a random order, when `puzzle` stays unique
    /// without it; the clues dropped, in the order they went.
    fn drop_while_unique(
        &mut self,
        puzzle: &Grid,
        clues: &mut Vec<Clue>,
        rng: &mut ChaCha8Rng,
    ) -> Result<Vec<Clue>, GenerateError> {
        let mut order: Vec<usize> = (0..clues.len()).collect();
        order.shuffle(rng);
        let mut kept = vec![true; clues.len()];
        let mut dropped = Vec::new();
        for k in order {
            kept[k] = false;
            let trial: Vec<Clue> = (0..clues.len()).filter(|&j| kept[j]).map(|j| clues[j].clone()).collect();
            if self.unique(puzzle, &trial)? {
                dropped.push(clues[k].clone());
            } else {
                kept[k] = true;
            }
        }
        let mut k = 0;
        clues.retain(|_| {
            k += 1;
            kept[k - 1]
        });
        Ok(dropped)
    }
}

#[cfg(test)]
mod tests {
    use super::{ClueKind, diagonals};

    #[test]
    fn kinds_read_back_from_their_names() {
        for kind in ClueKind::ALL {
            assert_eq!(kind.name().parse::<ClueKind>(), Ok(kind));
        }
        assert_eq!(" Thermo ".parse::<ClueKind>(), Ok(ClueKind::Thermometers));
        assert!(
            "sandwiches".parse::<ClueKind>().unwrap_err().to_string().starts_with("unknown kind of clue `sandwiches`")
        );
    }

    #[test]
    fn a_grid_has_two_diagonals_of_each_length_but_the_longest_each_way() {
        // 4×4 down-right: lengths 4, 3, 2 (from the top), 3, 2 (from the
        // left), and as many down-left: 2 × (2 × (4 − 1) − 1) = 10 runs.
        let runs = diagonals(4);
        assert_eq!(runs.len(), 10);
        assert_eq!(runs.iter().filter(|run| run.len() == 4).count(), 2);
        assert!(runs.iter().all(|run| run.windows(2).all(|w| w[1].row() == w[0].row() + 1)));
    }
}
