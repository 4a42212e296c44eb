//! [`Variant`]: the rules of a puzzle beyond its rows, columns and boxes —
//! irregular regions in place of the boxes (jigsaw), extra houses (both
//! diagonals, the windows of windoku, disjoint groups, houses of one's
//! own), relations between two cells (anti-king, anti-knight,
//! non-consecutive, Kropki dots, XV), killer cages and pencil marks — and
//! the checks every solver's answer goes through.

use std::fmt;

use crate::bond::Bond;
use crate::cage::{Cage, CageBreak, sum_range};
use crate::cell::{Cell, Digit};
use crate::drawn_sums::{self, Arrow, LittleKiller, PillArrow, SumBreak};
use crate::grid::Grid;
use crate::indexers::{Indexer, IndexerBreak, IndexerKind};
use crate::lines::{Line, LineBreak, LineKind};
use crate::marks::{MarkBreak, Parity};
use crate::pairs::{ClueFamily, EdgeClue, Extremum, PairRule, Relation};
use crate::quadruples::{Quadruple, QuadrupleBreak};
use crate::sandwiches::{Sandwich, SandwichBreak};
use crate::shape::{Shape, UnitKind};
use crate::sightlines::{ClueSide, Sightline, SightlineBreak, SightlineKind};

/// The rules of a puzzle: a [`Shape`], the houses whose cells hold
/// distinct digits, relations between cells, and killer cages (see
/// [`Variant::with_cage`]). The standard rules
/// (rows, columns and boxes) are [`Variant::standard`], the default;
/// variants compose, each method adding one rule.
///
/// ```
/// use sudokit_core::{Grid, Relation, Shape, Variant};
///
/// let x = Variant::standard(Shape::CLASSIC).with_diagonals().with_relation(Relation::AntiKnight);
/// assert!(!x.is_standard());
/// assert_eq!(x.houses().len(), 27 + 2);
/// // r1c1 and r9c9 share the main diagonal.
/// let mut grid = Grid::empty(Shape::CLASSIC);
/// grid.set(sudokit_core::Cell::new(0, 0), sudokit_core::Digit::new(5));
/// grid.set(sudokit_core::Cell::new(8, 8), sudokit_core::Digit::new(5));
/// let clash = x.conflicts(&grid)?;
/// assert_eq!(clash[0].to_string(), "r1c1 and r9c9 both hold 5 in the main diagonal");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Variant {
    shape: Shape,
    /// The region of each cell (0-based), in place of the boxes.
    regions: Option<Vec<u8>>,
    /// Extra houses, by kind, then in the order added.
    extras: Vec<House>,
    /// Relations, each once, in the order of [`Relation`].
    relations: Vec<Relation>,
    /// Clues between orthogonal neighbours (`a < b`), ordered.
    clues: Vec<(EdgeClue, usize, usize)>,
    /// The families of clues given in full, each once, ordered.
    all_given: Vec<ClueFamily>,
    /// Killer cages, in the order added.
    cages: Vec<Cage>,
    /// Lines (thermometers, whispers, palindromes), in the order added.
    lines: Vec<Line>,
    /// Minimum and maximum cells, ordered by cell.
    extrema: Vec<(usize, Extremum)>,
    /// Even and odd cells, ordered by cell.
    parities: Vec<(usize, Parity)>,
    /// Arrows, in the order added.
    arrows: Vec<Arrow>,
    /// Little killers, in the order added.
    little_killers: Vec<LittleKiller>,
    /// Pill arrows, in the order added.
    pill_arrows: Vec<PillArrow>,
    /// Quadruples, in the order added.
    quadruples: Vec<Quadruple>,
    /// Sandwich clues, in the order added.
    sandwiches: Vec<Sandwich>,
    /// X-sums, then skyscrapers, each in the order added.
    sightlines: Vec<Sightline>,
    /// Clones: two runs of cells, the first's each holding the digit of
    /// the second's at the same place, in the order added.
    clones: Vec<(Vec<usize>, Vec<usize>)>,
    /// Indexer cells, by kind, then cell.
    indexers: Vec<Indexer>,
    /// The digits each cell may hold (bit `d - 1` for digit `d`), for a
    /// puzzle given as pencil marks.
    marks: Option<Box<[u64]>>,
}

/// What kind of house a [`House`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A rectangular box.
    Box,
    /// An irregular region of a jigsaw puzzle, in place of the boxes.
    Region,
    /// The main diagonal, top left to bottom right.
    Diagonal,
    /// The anti-diagonal, top right to bottom left.
    AntiDiagonal,
    /// A window of windoku (hyper, NRC): a box-sized square off the boxes.
    Window,
    /// The cells at one place of every box.
    DisjointGroup,
    /// A house of one's own.
    Extra,
    /// A killer cage of two cells or more (see [`Variant::with_cage`]),
    /// numbered as in [`Variant::cages`].
    Cage,
}

/// A house: cells that hold distinct digits, with its kind and its
/// 0-based number among the houses of that kind. `Display` names it as a
/// sentence does: `row 4`, `region 2`, `the main diagonal`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct House {
    kind: HouseKind,
    number: usize,
    cells: Vec<usize>,
}

impl House {
    /// The kind of house.
    pub fn kind(&self) -> HouseKind {
        self.kind
    }

    /// The 0-based number of the house among those of its kind.
    pub fn number(&self) -> usize {
        self.number
    }

    /// Its cells, as row-major indices, ascending.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn new(kind: HouseKind, number: usize, mut cells: Vec<usize>) -> House {
        cells.sort_unstable();
        House { kind, number, cells }
    }
}

impl From<crate::UnitKind> for HouseKind {
    fn from(kind: crate::UnitKind) -> HouseKind {
        match kind {
            crate::UnitKind::Row => HouseKind::Row,
            crate::UnitKind::Column => HouseKind::Column,
            crate::UnitKind::Box => HouseKind::Box,
        }
    }
}

impl HouseKind {
    /// The kind as a sentence names one house of it: `row`, `main
    /// diagonal`, `disjoint group`.
    pub fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "main diagonal",
            HouseKind::AntiDiagonal => "anti-diagonal",
            HouseKind::Window => "window",
            HouseKind::DisjointGroup => "disjoint group",
            HouseKind::Extra => "extra house",
            HouseKind::Cage => "cage",
        }
    }

    /// The kind as a sentence names several houses of it: `rows`, `boxes`.
    pub fn plural(self) -> &'static str {
        match self {
            HouseKind::Box => "boxes",
            HouseKind::Diagonal => "main diagonals",
            HouseKind::AntiDiagonal => "anti-diagonals",
            HouseKind::Row => "rows",
            HouseKind::Column => "columns",
            HouseKind::Region => "regions",
            HouseKind::Window => "windows",
            HouseKind::DisjointGroup => "disjoint groups",
            HouseKind::Extra => "extra houses",
            HouseKind::Cage => "cages",
        }
    }

    /// Writes house `number` (0-based) of this kind as a sentence names
    /// it: `row 4`, `the main diagonal` (a grid has one of each diagonal,
    /// named without a number).
    pub fn write_house(self, number: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HouseKind::Diagonal | HouseKind::AntiDiagonal => write!(f, "the {}", self.name()),
            _ => write!(f, "{} {}", self.name(), number + 1),
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.write_house(self.number, f)
    }
}

/// Why two filled cells may not hold what they hold.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Broken {
    /// They share this house and hold the same digit.
    House(House),
    /// This bond (a relation, a clue between them, or no clue where all
    /// are given) binds them.
    Bond(Bond),
}

/// Two filled cells that break a rule of a [`Variant`]; `Display` says
/// which: `r1c1 and r9c9 both hold 5 in the main diagonal`, `r2c3 (4) and
/// r2c4 (5) are consecutive neighbours`, `r1c1 (3) and r1c2 (5) are not
/// consecutive across a white dot`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct VariantConflict {
    /// The first cell: in row-major order, or a thermometer's cell nearer
    /// the bulb, a minimum or maximum cell.
    pub first: Cell,
    /// The second cell.
    pub second: Cell,
    /// The digits they hold, in the same order.
    pub digits: (Digit, Digit),
    /// The rule they break.
    pub broken: Broken,
}

impl fmt::Display for VariantConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.first, self.second);
        let (x, y) = self.digits;
        match &self.broken {
            Broken::House(house) => write!(f, "{a} and {b} both hold {x} in {house}"),
            Broken::Bond(Bond::Relation(Relation::NonConsecutive)) => {
                write!(f, "{a} ({x}) and {b} ({y}) are consecutive neighbours")
            }
            Broken::Bond(bond) => match bond.rule() {
                PairRule::Different => write!(f, "{a} and {b} both hold {x} {bond}"),
                PairRule::Consecutive => write!(f, "{a} ({x}) and {b} ({y}) are not consecutive {bond}"),
                PairRule::Double => write!(f, "{a} ({x}) and {b} ({y}) are not one twice the other {bond}"),
                PairRule::Sum(sum) => write!(f, "{a} ({x}) and {b} ({y}) do not add up to {sum} {bond}"),
                PairRule::NeitherConsecutiveNorDouble if x.get().abs_diff(y.get()) == 1 => {
                    write!(f, "{a} ({x}) and {b} ({y}) are consecutive {bond}")
                }
                PairRule::NeitherConsecutiveNorDouble | PairRule::NotDouble => {
                    write!(f, "{a} ({x}) and {b} ({y}) are one twice the other {bond}")
                }
                PairRule::SumNeither(..) => {
                    write!(f, "{a} ({x}) and {b} ({y}) add up to {} {bond}", u32::from(x.get()) + u32::from(y.get()))
                }
                PairRule::NotConsecutive => write!(f, "{a} ({x}) and {b} ({y}) are consecutive {bond}"),
                PairRule::Less => write!(f, "{a} ({x}) is not below {b} ({y}) {bond}"),
                PairRule::LessOrEqual => write!(f, "{a} ({x}) is above {b} ({y}) {bond}"),
                PairRule::Greater => write!(f, "{a} ({x}) is not above {b} ({y}) {bond}"),
                PairRule::GreaterOrEqual => write!(f, "{a} ({x}) is below {b} ({y}) {bond}"),
                PairRule::Equal => write!(f, "{a} ({x}) and {b} ({y}) differ {bond}"),
                PairRule::Apart(apart) => write!(f, "{a} ({x}) and {b} ({y}) are less than {apart} apart {bond}"),
                PairRule::Near(_) if x == y => write!(f, "{a} and {b} both hold {x} {bond}"),
                PairRule::Near(span) => write!(f, "{a} ({x}) and {b} ({y}) are more than {span} apart {bond}"),
                PairRule::OtherTier(width) => {
                    write!(f, "{a} ({x}) and {b} ({y}) are in the same tier of {width} digits {bond}")
                }
                PairRule::OtherRemainder(modulus) => {
                    write!(f, "{a} ({x}) and {b} ({y}) leave the same remainder by {modulus} {bond}")
                }
            },
        }
    }
}

/// What is wrong with a variant, or with a grid under one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The grid is of another shape than the variant.
    #[error("the grid is {found}, the variant's rules are for {expected}")]
    ShapeMismatch {
        /// The variant's shape.
        expected: Shape,
        /// The grid's.
        found: Shape,
    },
    /// A region map has the wrong number of cells.
    #[error("a region map of {found} cells, for a grid of {expected}")]
    RegionMapLength {
        /// The cells of the grid.
        expected: usize,
        /// The entries of the map.
        found: usize,
    },
    /// A cell of a region map names no region of the grid.
    #[error("{cell} is in region {region}, but a grid of side {side} has regions 1 to {side}")]
    RegionOutside {
        /// The cell.
        cell: Cell,
        /// Its region, 1-based.
        region: usize,
        /// The side of the grid.
        side: usize,
    },
    /// A region does not have as many cells as the side.
    #[error("region {region} has {size} cells, not {side}")]
    RegionSize {
        /// The region, 1-based.
        region: usize,
        /// Its cells.
        size: usize,
        /// The side of the grid, the size every region must have.
        side: usize,
    },
    /// A house of one's own has a cell outside the grid.
    #[error("{cell} is outside the {side}×{side} grid")]
    CellOutside {
        /// The cell.
        cell: Cell,
        /// The side of the grid.
        side: usize,
    },
    /// A house of one's own, a cage or a line names a cell twice.
    #[error("{cell} is twice in one house, cage or line")]
    RepeatedCell {
        /// The cell.
        cell: Cell,
    },
    /// A house of one's own has fewer than two cells or more than the side.
    #[error("a house of {size} cells: a house has 2 to {side} cells")]
    HouseSize {
        /// Its cells.
        size: usize,
        /// The side of the grid.
        side: usize,
    },
    /// A cage has no cell, or more than the side.
    #[error("a cage of {size} cells: a cage has 1 to {side} cells")]
    CageSize {
        /// Its cells.
        size: usize,
        /// The side of the grid.
        side: usize,
    },
    /// No distinct digits of the grid fill a cage to its sum.
    #[error("a cage of {size} cells cannot add up to {sum}: {size} distinct digits add up to {min} to {max}")]
    CageSum {
        /// Its cells.
        size: usize,
        /// Its sum.
        sum: u32,
        /// The smallest sum of that many distinct digits.
        min: u32,
        /// The largest.
        max: u32,
    },
    /// Pencil marks of another number of cells than the grid's.
    #[error("pencil marks for {found} cells, for a grid of {expected}")]
    MarksLength {
        /// The cells of the grid.
        expected: usize,
        /// The mark sets given.
        found: usize,
    },
    /// A cell has no pencil mark: no digit may go there.
    #[error("{cell} has no pencil mark")]
    NoMarks {
        /// The cell.
        cell: Cell,
    },
    /// A cell's pencil marks name a digit beyond the side.
    #[error("{cell} has marks {marks:#b}, but a grid of side {side} has digits 1 to {side}")]
    MarksOutside {
        /// The cell.
        cell: Cell,
        /// Its marks (bit `d - 1` for digit `d`).
        marks: u64,
        /// The side of the grid.
        side: usize,
    },
    /// Two cells of an edge clue are not orthogonal neighbours.
    #[error("{first} and {second} are not orthogonal neighbours: a clue sits between two")]
    NotNeighbours {
        /// The first cell.
        first: Cell,
        /// The second.
        second: Cell,
    },
    /// An edge already holds another clue.
    #[error("the edge between {first} and {second} holds {} already", held.article())]
    ClueTwice {
        /// The first cell.
        first: Cell,
        /// The second.
        second: Cell,
        /// The clue it holds.
        held: EdgeClue,
    },
    /// A line has fewer than two cells.
    #[error("a line of {size} cell: a line has two cells or more")]
    LineLength {
        /// Its cells.
        size: usize,
    },
    /// Two cells one after the other on a line are not a king's move
    /// apart.
    #[error("{first} and {second} are not neighbours: a line steps from a cell to one of its eight neighbours")]
    LineStep {
        /// The cell before.
        first: Cell,
        /// The cell after.
        second: Cell,
    },
    /// A cell is marked both a minimum and a maximum.
    #[error("{cell} is a {} already", held.name())]
    ExtremumTwice {
        /// The cell.
        cell: Cell,
        /// The mark it has.
        held: Extremum,
    },
    /// Two cells of a little killer are no step along one diagonal.
    #[error("{first} to {second} leaves the diagonal: a little killer runs straight along one diagonal")]
    DiagonalStep {
        /// The cell before the step.
        first: Cell,
        /// The cell after it.
        second: Cell,
    },
    /// A little killer's clue its cells cannot add up to.
    #[error("a little killer of {size} cells cannot add up to {total}: its digits add up to {size} to {}", size * side)]
    LittleKillerTotal {
        /// The clue.
        total: u32,
        /// Its cells.
        size: usize,
        /// The side of the grid.
        side: usize,
    },
    /// A cell is marked both even and odd.
    #[error("{cell} is {} already", held.name())]
    ParityTwice {
        /// The cell.
        cell: Cell,
        /// The parity it has.
        held: Parity,
    },
    /// Whispers ask for a difference no two digits of the grid have.
    #[error("whispers {apart} apart on a grid of side {side}: digits there are 1 to {} apart", side - 1)]
    WhispersApart {
        /// The difference asked.
        apart: u32,
        /// The side of the grid.
        side: usize,
    },
    /// A renban's count is not its cells', or is more than the grid's
    /// digits.
    #[error(
        "a renban of {cells} cells given as {said} long on a grid of side {side}: a renban holds as many consecutive digits as it has cells, at most the side"
    )]
    RenbanLength {
        /// Its cells.
        cells: usize,
        /// The count its kind gave ([`LineKind::Renban`]).
        said: u32,
        /// The side of the grid.
        side: usize,
    },
    /// An entropic line's tiers or a modular line's number that split the
    /// digits into fewer than two classes (or none).
    #[error("{line} on a grid of side {side}: tiers of 1 to {} digits, remainders by 2 to {side}", side - 1)]
    LineClasses {
        /// The line's kind.
        line: LineKind,
        /// The side of the grid.
        side: usize,
    },
    /// A quadruple's corner on the last row or column, with no four cells
    /// around its point.
    #[error(
        "{corner} has no cell right of it and below: a quadruple sits where four cells meet, named by the top-left one"
    )]
    QuadrupleCorner {
        /// The corner given.
        corner: Cell,
    },
    /// A quadruple without digits, with more than four, or with a digit
    /// past the side.
    #[error("a quadruple at {corner} with digits {digits:?}: one to four digits from 1 to {side}")]
    QuadrupleDigits {
        /// Its corner.
        corner: Cell,
        /// The digits given.
        digits: Vec<u8>,
        /// The side of the grid.
        side: usize,
    },
    /// A clone whose two parts have different numbers of cells, or share
    /// a cell at the same place.
    #[error("a clone pairs {cells} cells with {copies}: two parts of as many cells, each cell paired with another")]
    CloneShape {
        /// Cells of the first part.
        cells: usize,
        /// Cells of the second.
        copies: usize,
    },
    /// A pill of other than two or three cells, or on a grid whose digits
    /// do not write one character each (past 9×9).
    #[error("a pill of {cells} cells on a grid of side {side}: two or three cells, on grids up to 9×9")]
    PillSize {
        /// Its cells.
        cells: usize,
        /// The side of the grid.
        side: usize,
    },
    /// A sandwich beside a box, or beside a row or column past the side.
    #[error("a sandwich stands beside a row or a column from 1 to {side}, not {unit} {}", index + 1)]
    SandwichLine {
        /// The kind of unit given.
        unit: UnitKind,
        /// Its index given, 0-based.
        index: usize,
        /// The side of the grid.
        side: usize,
    },
    /// A sandwich clue no digits between the crusts add up to.
    #[error("no digits between 1 and {side} add up to {total}: a sandwich adds up to 0 or 2 to {}", side * (side - 1) / 2 - 1)]
    SandwichTotal {
        /// The clue.
        total: u32,
        /// The side of the grid.
        side: usize,
    },
    /// A sandwich on a grid larger than
    /// [`Sandwich::MAX_SIDE`](crate::Sandwich::MAX_SIDE).
    #[error("sandwiches are taken on grids up to 16×16, not {side}×{side}")]
    SandwichSide {
        /// The side of the grid.
        side: usize,
    },
    /// An X-sum or skyscraper clue beside a row or column past the side.
    #[error("a clue {} stands beside {} 1 to {side}, not {}", at.name(), at.unit(), index + 1)]
    SightlineIndex {
        /// Where the clue stands.
        at: ClueSide,
        /// Its row or column given, 0-based.
        index: usize,
        /// The side of the grid.
        side: usize,
    },
    /// An X-sum or skyscraper clue no line of distinct digits gives.
    #[error("no line of the digits 1 to {side} gives the {} clue {value}", kind.name())]
    SightlineValue {
        /// What the clue counts.
        kind: SightlineKind,
        /// The clue.
        value: u32,
        /// The side of the grid.
        side: usize,
    },
    /// An X-sum on a grid larger than
    /// [`Sightline::MAX_X_SUM_SIDE`](crate::Sightline::MAX_X_SUM_SIDE).
    #[error("x-sums are taken on grids up to 16×16, not {side}×{side}")]
    XSumSide {
        /// The side of the grid.
        side: usize,
    },
    /// The text names a rule sudokit does not know.
    #[error(
        "column {column}: unknown rule `{name}` (known: x, windoku, disjoint-groups, jigsaw=MAP, house=CELLS, cage=SUM:CELLS, marks=LINE, anti-king, anti-knight, non-consecutive, white=CELLS, black=CELLS, x=CELLS, v=CELLS, kropki-negative, xv-negative, black-negative, thermo=CELLS, slow-thermo=CELLS, german-whispers=CELLS, dutch-whispers=CELLS, whispers=APART:CELLS, palindrome=CELLS, renban=CELLS, between=CELLS, region-sum=CELLS, entropic=CELLS, modular=CELLS, minimum=CELLS, maximum=CELLS, even=CELLS, odd=CELLS, arrow=CIRCLE:CELLS, pill-arrow=PILL:CELLS, little-killer=SUM:CELLS, quadruple=CELL:DIGITS, sandwich=SUM:LINE, x-sum=SUM:OUTSIDE, skyscraper=COUNT:OUTSIDE, clone=CELLS:CELLS, column-indexer=CELLS, row-indexer=CELLS)"
    )]
    UnknownRule {
        /// The name, as written.
        name: String,
        /// Where it starts in the rules' text, 1-based.
        column: usize,
    },
    /// The text of a rule cannot be read.
    #[error("column {column}: {reason}")]
    Unreadable {
        /// Where the rule starts in the rules' text, 1-based.
        column: usize,
        /// What is wrong.
        reason: String,
    },
}

impl Default for Variant {
    /// The standard rules of a 9×9 grid.
    fn default() -> Variant {
        Variant::standard(Shape::CLASSIC)
    }
}

impl Variant {
    /// The standard rules of `shape`: rows, columns and boxes.
    pub fn standard(shape: Shape) -> Variant {
        Variant {
            shape,
            regions: None,
            extras: Vec::new(),
            relations: Vec::new(),
            clues: Vec::new(),
            all_given: Vec::new(),
            cages: Vec::new(),
            lines: Vec::new(),
            extrema: Vec::new(),
            parities: Vec::new(),
            arrows: Vec::new(),
            little_killers: Vec::new(),
            pill_arrows: Vec::new(),
            quadruples: Vec::new(),
            sandwiches: Vec::new(),
            sightlines: Vec::new(),
            clones: Vec::new(),
            indexers: Vec::new(),
            marks: None,
        }
    }

    /// The shape of its grids.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether these are the standard rules: rows, columns and boxes only.
    pub fn is_standard(&self) -> bool {
        self.regions.is_none()
            && self.extras.is_empty()
            && self.relations.is_empty()
            && self.clues.is_empty()
            && self.all_given.is_empty()
            && self.cages.is_empty()
            && self.lines.is_empty()
            && self.extrema.is_empty()
            && self.parities.is_empty()
            && self.arrows.is_empty()
            && self.little_killers.is_empty()
            && self.pill_arrows.is_empty()
            && self.quadruples.is_empty()
            && self.sandwiches.is_empty()
            && self.sightlines.is_empty()
            && self.clones.is_empty()
            && self.indexers.is_empty()
            && self.marks.is_none()
    }

    /// Whether these are the standard rules of `grid`'s shape: what a
    /// solver hands to its standard path.
    pub fn is_standard_for(&self, grid: &Grid) -> bool {
        self.is_standard() && grid.shape() == self.shape
    }

    /// These rules with both diagonals as houses (Sudoku X).
    pub fn with_diagonals(mut self) -> Variant {
        let side = self.shape.side();
        self.add_extra(HouseKind::Diagonal, (0..side).map(|k| k * side + k).collect());
        self.add_extra(HouseKind::AntiDiagonal, (0..side).map(|k| k * side + side - 1 - k).collect());
        self
    }

    /// These rules with the windows of windoku as houses: box-sized squares
    /// one cell in from the boxes' edges, one row and column apart (the
    /// four of a 9×9 grid, at rows and columns 2–4 and 6–8).
    pub fn with_windows(mut self) -> Variant {
        let (bh, bw, side) = (self.shape.box_height(), self.shape.box_width(), self.shape.side());
        let starts = |size: usize| (0..).map(move |k| 1 + k * (size + 1)).take_while(move |s| s + size < side);
        for top in starts(bh) {
            for left in starts(bw) {
                let cells = (0..bh).flat_map(|r| (0..bw).map(move |c| (top + r) * side + left + c)).collect();
                self.add_extra(HouseKind::Window, cells);
            }
        }
        self
    }

    /// These rules with the disjoint groups as houses: for each place in a
    /// box, the cells at that place in every box.
    pub fn with_disjoint_groups(mut self) -> Variant {
        let shape = self.shape;
        for place in 0..shape.side() {
            let cells = (0..shape.side()).filter_map(|b| shape.unit(crate::UnitKind::Box, b).nth(place)).collect();
            self.add_extra(HouseKind::DisjointGroup, cells);
        }
        self
    }

    /// These rules with `cells` as a house of one's own.
    ///
    /// # Errors
    /// [`VariantError::CellOutside`], [`VariantError::RepeatedCell`], or
    /// [`VariantError::HouseSize`] for fewer than two cells or more than
    /// the side.
    pub fn with_house(mut self, cells: &[Cell]) -> Result<Variant, VariantError> {
        let side = self.shape.side();
        if !(2..=side).contains(&cells.len()) {
            return Err(VariantError::HouseSize { size: cells.len(), side });
        }
        let indices = self.indices(cells)?;
        self.add_extra(HouseKind::Extra, indices);
        Ok(self)
    }

    /// These rules with a killer cage: `cells` hold distinct digits and,
    /// with a `sum`, digits adding up to it. A cage of two cells or more
    /// is also a house ([`HouseKind::Cage`]). A killer puzzle is usually
    /// cages over every cell and few givens or none; cages may overlap,
    /// as in many published killers, each keeping its own sum (the
    /// derivations over whole houses read only the cages that share no
    /// cell, [`Variant::separate_cages`]).
    ///
    /// ```
    /// use sudokit_core::{Cell, Shape, Variant, VariantError};
    ///
    /// let pair = [Cell::new(0, 0), Cell::new(0, 1)];
    /// let killer = Variant::standard(Shape::CLASSIC).with_cage(&pair, Some(17))?;
    /// assert_eq!(killer.to_string(), "cage=17:r1c1+r1c2");
    /// assert_eq!(
    ///     killer.clone().with_cage(&pair, Some(18)).unwrap_err(),
    ///     VariantError::CageSum { size: 2, sum: 18, min: 3, max: 17 },
    /// );
    /// // A cage over r1c2 and r2c2 overlaps the first one.
    /// let overlapping = killer.with_cage(&[Cell::new(0, 1), Cell::new(1, 1)], Some(10))?;
    /// assert_eq!(overlapping.separate_cages(), Vec::<usize>::new());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::CageSize`] for no cell or more than the side,
    /// [`VariantError::CellOutside`], [`VariantError::RepeatedCell`],
    /// or [`VariantError::CageSum`] for a sum no distinct digits reach.
    pub fn with_cage(mut self, cells: &[Cell], sum: Option<u32>) -> Result<Variant, VariantError> {
        let side = self.shape.side();
        if !(1..=side).contains(&cells.len()) {
            return Err(VariantError::CageSize { size: cells.len(), side });
        }
        let indices = self.indices(cells)?;
        if let Some(sum) = sum {
            let (min, max) = sum_range(cells.len(), side);
            if !(min..=max).contains(&sum) {
                return Err(VariantError::CageSum { size: cells.len(), sum, min, max });
            }
        }
        self.cages.push(Cage::new(indices, sum));
        Ok(self)
    }

    /// These rules with pencil marks: cell `i` (row-major) may only hold
    /// the digits of `marks[i]` (bit `d - 1` for digit `d`). A puzzle
    /// given as candidates ("sukaku") is a grid of the givens the marks
    /// stand for ([`givens_of_marks`](Variant::givens_of_marks)) under
    /// these rules; [`marks::read_marks`](crate::marks::read_marks)
    /// reads the usual line of them. Marks given twice keep the digits
    /// both allow.
    ///
    /// ```
    /// use sudokit_core::{Grid, Shape, Variant};
    ///
    /// // An empty 4×4 grid whose first row may only be 1 2 3 4 or 2 1 4 3.
    /// let mut marks = vec![0b1111; 16];
    /// marks[..4].copy_from_slice(&[0b11, 0b11, 0b1100, 0b1100]);
    /// let rules = Variant::standard(Shape::MINI).with_marks(&marks)?;
    /// let empty = Grid::empty(Shape::MINI);
    /// let kept: Grid = "1234341221434321".parse()?;
    /// let broken: Grid = "1324241331424231".parse()?;
    /// assert!(kept.is_solution_of(&empty) && broken.is_solution_of(&empty));
    /// assert!(rules.is_solution_of(&kept, &empty));
    /// assert!(!rules.is_solution_of(&broken, &empty));
    /// assert_eq!(rules.marks().map(|m| m[0]), Some(0b11));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::MarksLength`] when `marks` does not have one set per
    /// cell, [`VariantError::NoMarks`] for an empty set,
    /// [`VariantError::MarksOutside`] for a set that names a digit beyond
    /// the side (each naming the cell).
    pub fn with_marks(mut self, marks: &[u64]) -> Result<Variant, VariantError> {
        let (side, cells) = (self.shape.side(), self.shape.cell_count());
        if marks.len() != cells {
            return Err(VariantError::MarksLength { expected: cells, found: marks.len() });
        }
        let all = crate::marks::all_digits(side);
        if let Some(i) = marks.iter().position(|&set| set == 0) {
            return Err(VariantError::NoMarks { cell: Cell::from_index(i, self.shape) });
        }
        if let Some(i) = marks.iter().position(|&set| set & !all != 0) {
            return Err(VariantError::MarksOutside { cell: Cell::from_index(i, self.shape), marks: marks[i], side });
        }
        let merged: Box<[u64]> = match self.marks.take() {
            Some(old) => old.iter().zip(marks).map(|(a, b)| a & b).collect(),
            None => marks.into(),
        };
        self.marks = merged.iter().any(|&set| set != all).then_some(merged);
        Ok(self)
    }

    /// The givens that a puzzle given as pencil marks stands for under
    /// these rules, read as SukakuExplainer reads one: a cell with one
    /// mark is a given when its digit takes no mark from a cell bound to
    /// it — no peer (house or anti-move) has the digit among its marks,
    /// and no relation (non-consecutive, a dot, an X or a V) rules out a
    /// mark of its neighbour. Any other cell of one mark stays open: the
    /// digit is forced there, and placing it is a step of a solving path
    /// (a naked single), as on paper.
    ///
    /// `marks` holds a set per cell, row-major (bit `d - 1` for digit
    /// `d`); a single mark beyond the side is no given.
    ///
    /// ```
    /// use sudokit_core::{Shape, Variant};
    ///
    /// // r1c1 and r1c2 hold 1 alone, r1c3 holds 2 alone and r1c4 3 or 4;
    /// // every other cell of the 4×4 grid holds anything but 1 and 2.
    /// let mut marks = vec![0b1100; 16];
    /// marks[..4].copy_from_slice(&[0b0001, 0b0001, 0b0010, 0b1100]);
    /// let givens = Variant::standard(Shape::MINI).givens_of_marks(&marks)?;
    /// // The two 1s see each other: both stay open (and clash).
    /// assert_eq!(givens.to_string(), "..2.............");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::MarksLength`] when `marks` does not have one set per
    /// cell.
    pub fn givens_of_marks(&self, marks: &[u64]) -> Result<Grid, VariantError> {
        let (side, cells) = (self.shape.side(), self.shape.cell_count());
        if marks.len() != cells {
            return Err(VariantError::MarksLength { expected: cells, found: marks.len() });
        }
        let single = |i: usize| {
            let set = marks[i];
            (set.count_ones() == 1 && (set.trailing_zeros() as usize) < side)
                .then(|| Digit::new(set.trailing_zeros() as u8 + 1))
                .flatten()
        };
        let mut values: Vec<u8> = (0..cells).map(|i| single(i).map_or(0, Digit::get)).collect();
        for (cell, peers) in self.peers().iter().enumerate() {
            if let Some(digit) = single(cell) {
                if peers.iter().any(|&peer| marks[peer] >> digit.index() & 1 == 1) {
                    values[cell] = 0;
                }
            }
        }
        for (bond, pairs) in self.bonds().iter().filter(|(bond, _)| !bond.rule().is_difference()) {
            let rule = bond.rule();
            for &(a, b) in pairs {
                for (cell, other, rule) in [(a, b, rule), (b, a, rule.reversed())] {
                    if let Some(digit) = single(cell) {
                        if marks[other] & !rule.partners(digit, side) != 0 {
                            values[cell] = 0;
                        }
                    }
                }
            }
        }
        Ok(Grid::from_values(self.shape, &values).expect("a single mark within the side is a digit of the shape"))
    }

    /// The row-major indices of `cells`, each inside the grid and named
    /// once.
    fn indices(&self, cells: &[Cell]) -> Result<Vec<usize>, VariantError> {
        let side = self.shape.side();
        let mut indices = Vec::with_capacity(cells.len());
        for &cell in cells {
            if cell.row() >= side || cell.col() >= side {
                return Err(VariantError::CellOutside { cell, side });
            }
            let index = cell.index(self.shape);
            if indices.contains(&index) {
                return Err(VariantError::RepeatedCell { cell });
            }
            indices.push(index);
        }
        Ok(indices)
    }

    /// These rules with irregular regions in place of the boxes (jigsaw):
    /// `map` gives each cell's region, 1 to the side, row-major; every
    /// region has as many cells as the side. Regions need not be
    /// connected.
    ///
    /// # Errors
    /// [`VariantError::RegionMapLength`], [`VariantError::RegionOutside`]
    /// or [`VariantError::RegionSize`], naming the place.
    pub fn with_regions(mut self, map: &[u8]) -> Result<Variant, VariantError> {
        let (side, cells) = (self.shape.side(), self.shape.cell_count());
        if map.len() != cells {
            return Err(VariantError::RegionMapLength { expected: cells, found: map.len() });
        }
        let mut sizes = vec![0; side];
        for (i, &region) in map.iter().enumerate() {
            let region = usize::from(region);
            if !(1..=side).contains(&region) {
                return Err(VariantError::RegionOutside { cell: Cell::from_index(i, self.shape), region, side });
            }
            sizes[region - 1] += 1;
        }
        if let Some((region, &size)) = sizes.iter().enumerate().find(|&(_, &size)| size != side) {
            return Err(VariantError::RegionSize { region: region + 1, size, side });
        }
        self.regions = Some(map.iter().map(|&r| r - 1).collect());
        // Region-sum lines are cut by the regions.
        let lines = std::mem::take(&mut self.lines);
        self.lines = lines.into_iter().map(|line| line.in_regions(|i| self.region_of(i))).collect();
        Ok(self)
    }

    /// These rules with `relation` between the cells it binds.
    pub fn with_relation(mut self, relation: Relation) -> Variant {
        insert_sorted(&mut self.relations, relation);
        self
    }

    /// These rules with `clue` on the edge between the orthogonal
    /// neighbours `a` and `b` (Kropki's dots, XV's X and V). An edge holds
    /// one clue; the same clue given twice is one.
    ///
    /// ```
    /// use sudokit_core::{Cell, ClueFamily, EdgeClue, Shape, Variant, VariantError};
    ///
    /// let rules = Variant::standard(Shape::CLASSIC)
    ///     .with_edge_clue(EdgeClue::White, Cell::new(0, 0), Cell::new(0, 1))?
    ///     .with_edge_clue(EdgeClue::X, Cell::new(1, 0), Cell::new(0, 0))?
    ///     .with_all_clues_given(ClueFamily::Kropki);
    /// assert_eq!(rules.to_string(), "white=r1c1+r1c2,x=r1c1+r2c1,kropki-negative");
    /// let far = rules.clone().with_edge_clue(EdgeClue::V, Cell::new(0, 0), Cell::new(1, 1));
    /// assert!(matches!(far, Err(VariantError::NotNeighbours { .. })));
    /// let twice = rules.with_edge_clue(EdgeClue::Black, Cell::new(0, 1), Cell::new(0, 0));
    /// assert_eq!(twice.unwrap_err().to_string(), "the edge between r1c1 and r1c2 holds a white dot already");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::CellOutside`], [`VariantError::NotNeighbours`], or
    /// [`VariantError::ClueTwice`] for an edge that holds another clue.
    pub fn with_edge_clue(mut self, clue: EdgeClue, a: Cell, b: Cell) -> Result<Variant, VariantError> {
        let pair = self.indices(&[a, b]).map_err(|error| match error {
            VariantError::RepeatedCell { .. } => VariantError::NotNeighbours { first: a, second: b },
            other => other,
        })?;
        if !Relation::NonConsecutive.binds(a, b) {
            return Err(VariantError::NotNeighbours { first: a, second: b });
        }
        let (first, second) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
        match self.clues.iter().find(|&&(_, x, y)| (x, y) == (first, second)) {
            Some(&(held, ..)) if held == clue => return Ok(self),
            Some(&(held, ..)) => {
                let cell = |i| Cell::from_index(i, self.shape);
                return Err(VariantError::ClueTwice { first: cell(first), second: cell(second), held });
            }
            None => {}
        }
        self.clues.push((clue, first, second));
        self.clues.sort_unstable();
        Ok(self)
    }

    /// These rules where every clue of `family` is given: orthogonal
    /// neighbours without one hold no pair it would mark (Kropki's and
    /// XV's "negative constraint").
    pub fn with_all_clues_given(mut self, family: ClueFamily) -> Variant {
        insert_sorted(&mut self.all_given, family);
        self
    }

    /// These rules with a line of `kind` through `cells`, in order along
    /// it (a thermometer's bulb first), each a king's move from the one
    /// before. Lines may cross and share cells; a branching thermometer
    /// is one line per branch from the same bulb.
    ///
    /// ```
    /// use sudokit_core::{Cell, Grid, LineKind, Shape, Variant};
    ///
    /// let bulb = [Cell::new(0, 0), Cell::new(1, 1), Cell::new(1, 2)];
    /// let rules = Variant::standard(Shape::MINI).with_line(LineKind::Thermometer, &bulb)?;
    /// assert_eq!(rules.to_string(), "thermo=r1c1+r2c2+r2c3");
    /// let solved: Grid = "1234341221434321".parse()?;
    /// assert!(!rules.is_solution_of(&solved, &Grid::empty(Shape::MINI)));
    /// let broken = rules.conflicts(&solved)?;
    /// assert_eq!(broken[0].to_string(), "r2c2 (4) is not below r2c3 (1) along a thermometer");
    /// // A renban's count is its cells': any two of them at most 2 apart.
    /// let run = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 1)];
    /// let renban = Variant::standard(Shape::MINI).with_line(LineKind::Renban(3), &run)?;
    /// assert_eq!(renban.to_string(), "renban=r1c1+r1c2+r2c2");
    /// assert_eq!(renban.conflicts(&solved)?[0].to_string(), "r1c1 (1) and r2c2 (4) are more than 2 apart on a renban");
    /// assert!(Variant::standard(Shape::MINI).with_line(LineKind::Renban(4), &run).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::LineLength`] for a line of one cell,
    /// [`VariantError::CellOutside`], [`VariantError::RepeatedCell`],
    /// [`VariantError::LineStep`] for cells a line cannot join, and
    /// [`VariantError::WhispersApart`] for whispers no two digits keep,
    /// [`VariantError::RenbanLength`] for a renban whose count is not its
    /// cells' or runs past the side, and [`VariantError::LineClasses`] for
    /// entropic or modular lines that split the digits into fewer than
    /// two classes.
    pub fn with_line(mut self, kind: LineKind, cells: &[Cell]) -> Result<Variant, VariantError> {
        let side = self.shape.side();
        if cells.len() < 2 {
            return Err(VariantError::LineLength { size: cells.len() });
        }
        let indices = self.indices(cells)?;
        if let Some(step) =
            cells.windows(2).find(|w| w[0].row().abs_diff(w[1].row()).max(w[0].col().abs_diff(w[1].col())) != 1)
        {
            return Err(VariantError::LineStep { first: step[0], second: step[1] });
        }
        match kind {
            LineKind::Whispers(apart) if apart == 0 || apart as usize >= side => {
                return Err(VariantError::WhispersApart { apart, side });
            }
            LineKind::Renban(said) if said as usize != cells.len() || cells.len() > side => {
                return Err(VariantError::RenbanLength { cells: cells.len(), said, side });
            }
            LineKind::Entropic(width) if width == 0 || width as usize >= side => {
                return Err(VariantError::LineClasses { line: kind, side });
            }
            LineKind::Modular(modulus) if modulus < 2 || modulus as usize > side => {
                return Err(VariantError::LineClasses { line: kind, side });
            }
            _ => {}
        }
        let line = Line::new(kind, indices).in_regions(|i| self.region_of(i));
        self.lines.push(line);
        Ok(self)
    }

    /// The region of cell `i`: its jigsaw region, or its box.
    fn region_of(&self, i: usize) -> usize {
        self.regions.as_deref().map_or_else(|| self.shape.box_of(i), |map| usize::from(map[i]))
    }

    /// These rules with `cell` a minimum (its digit below each orthogonal
    /// neighbour's) or a maximum (above each): fortress cells. Two
    /// neighbours marked alike are not compared, as f-puzzles and fortress
    /// puzzles read them. The same mark twice is one.
    ///
    /// ```
    /// use sudokit_core::{Cell, Extremum, Shape, Variant};
    ///
    /// let rules = Variant::standard(Shape::CLASSIC).with_extremum(Cell::new(4, 4), Extremum::Maximum)?;
    /// assert_eq!(rules.to_string(), "maximum=r5c5");
    /// assert!(rules.clone().with_extremum(Cell::new(4, 4), Extremum::Minimum).is_err());
    /// // Two maxima side by side: each above its other neighbours.
    /// let fortress = Variant::parse("maximum=r1c1+r1c2", Shape::MINI)?;
    /// let grid: sudokit_core::Grid = "4321123421433412".parse()?;
    /// assert!(fortress.is_solution_of(&grid, &sudokit_core::Grid::empty(Shape::MINI)));
    /// let low: sudokit_core::Grid = "1234341221434321".parse()?;
    /// assert_eq!(fortress.conflicts(&low)?[0].to_string(), "r1c1 (1) is not above r2c1 (3) as the maximum of its neighbours");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::CellOutside`], or [`VariantError::ExtremumTwice`]
    /// for a cell marked the other way already.
    pub fn with_extremum(mut self, cell: Cell, extremum: Extremum) -> Result<Variant, VariantError> {
        let index = self.indices(&[cell])?[0];
        mark(&mut self.extrema, index, extremum).map_err(|held| VariantError::ExtremumTwice { cell, held })?;
        Ok(self)
    }

    /// The minimum and maximum cells, ordered by cell.
    pub fn extrema(&self) -> &[(usize, Extremum)] {
        &self.extrema
    }

    /// These rules with `cell` holding an even or an odd digit.
    ///
    /// ```
    /// use sudokit_core::{Cell, Parity, Shape, Variant};
    ///
    /// let rules = Variant::standard(Shape::MINI).with_parity(Cell::new(0, 0), Parity::Even)?;
    /// assert_eq!(rules.to_string(), "even=r1c1");
    /// assert_eq!(rules.allowed_digits().map(|digits| digits[0]), Some(0b1010));
    /// let odd: sudokit_core::Grid = "1234341221434321".parse()?;
    /// assert_eq!(rules.mark_breaks(&odd)?[0].to_string(), "r1c1 holds 1 in an even cell");
    /// assert!(rules.with_parity(Cell::new(0, 0), Parity::Odd).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::CellOutside`], or [`VariantError::ParityTwice`]
    /// for a cell marked the other way already.
    pub fn with_parity(mut self, cell: Cell, parity: Parity) -> Result<Variant, VariantError> {
        let index = self.indices(&[cell])?[0];
        mark(&mut self.parities, index, parity).map_err(|held| VariantError::ParityTwice { cell, held })?;
        Ok(self)
    }

    /// The even and odd cells, ordered by cell.
    pub fn parities(&self) -> &[(usize, Parity)] {
        &self.parities
    }

    /// These rules with an arrow: the digits along `shaft` (from the
    /// circle, each cell a king's move from the one before) add up to
    /// the digit in `circle`. Digits may repeat along it where its cells
    /// are not peers.
    ///
    /// ```
    /// use sudokit_core::{Cell, Shape, Variant};
    ///
    /// let rules = Variant::standard(Shape::CLASSIC).with_arrow(Cell::new(4, 4), &[Cell::new(3, 3), Cell::new(2, 2)])?;
    /// assert_eq!(rules.to_string(), "arrow=r5c5:r4c4+r3c3");
    /// assert_eq!((rules.arrows()[0].circle(), rules.arrows()[0].shaft()), (40, &[30, 20][..]));
    /// assert!(rules.with_arrow(Cell::new(0, 0), &[Cell::new(0, 2)]).is_err(), "r1c3 is no neighbour of r1c1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::LineLength`] for an arrow without a shaft,
    /// [`VariantError::CellOutside`], [`VariantError::RepeatedCell`]
    /// (the circle on its own shaft too), [`VariantError::LineStep`] for
    /// cells an arrow cannot join.
    pub fn with_arrow(mut self, circle: Cell, shaft: &[Cell]) -> Result<Variant, VariantError> {
        if shaft.is_empty() {
            return Err(VariantError::LineLength { size: 1 });
        }
        let line: Vec<Cell> = std::iter::once(circle).chain(shaft.iter().copied()).collect();
        let indices = self.indices(&line)?;
        if let Some(step) =
            line.windows(2).find(|w| w[0].row().abs_diff(w[1].row()).max(w[0].col().abs_diff(w[1].col())) != 1)
        {
            return Err(VariantError::LineStep { first: step[0], second: step[1] });
        }
        self.arrows.push(Arrow::new(indices[0], indices[1..].to_vec()));
        Ok(self)
    }

    /// The arrows, in the order added.
    pub fn arrows(&self) -> &[Arrow] {
        &self.arrows
    }

    /// These rules with a pill arrow: the digits of `shaft` (from the
    /// pill, each cell a king's move from the one before) add up to the
    /// number the two or three digits of `pill` write, in order.
    ///
    /// ```
    /// use sudokit_core::{Cell, Shape, Variant};
    ///
    /// let pill = [Cell::new(0, 0), Cell::new(0, 1)];
    /// let shaft = [Cell::new(1, 2), Cell::new(2, 3), Cell::new(3, 4)];
    /// let rules = Variant::standard(Shape::CLASSIC).with_pill_arrow(&pill, &shaft)?;
    /// assert_eq!(rules.to_string(), "pill-arrow=r1c1+r1c2:r2c3+r3c4+r4c5");
    /// assert!(rules.with_pill_arrow(&pill[..1], &shaft).is_err(), "a pill of one cell is a circle");
    /// # Ok::<(), sudokit_core::VariantError>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::PillSize`] for a pill of other than two or three
    /// cells or a grid past 9×9, [`VariantError::LineLength`] for no
    /// shaft, [`VariantError::CellOutside`], [`VariantError::RepeatedCell`]
    /// (a pill's cell on its shaft too), [`VariantError::LineStep`] for
    /// cells of the pill or the shaft a line cannot join.
    pub fn with_pill_arrow(mut self, pill: &[Cell], shaft: &[Cell]) -> Result<Variant, VariantError> {
        let side = self.shape.side();
        if !(2..=3).contains(&pill.len()) || side > 9 {
            return Err(VariantError::PillSize { cells: pill.len(), side });
        }
        if shaft.is_empty() {
            return Err(VariantError::LineLength { size: pill.len() });
        }
        let indices = self.indices(&[pill, shaft].concat())?;
        let apart = |a: Cell, b: Cell| a.row().abs_diff(b.row()).max(a.col().abs_diff(b.col()));
        if let Some(step) = pill.windows(2).chain(shaft.windows(2)).find(|w| apart(w[0], w[1]) != 1) {
            return Err(VariantError::LineStep { first: step[0], second: step[1] });
        }
        if !pill.iter().any(|&p| apart(p, shaft[0]) == 1) {
            return Err(VariantError::LineStep { first: pill[pill.len() - 1], second: shaft[0] });
        }
        let (pill, shaft) = indices.split_at(pill.len());
        self.pill_arrows.push(PillArrow::new(pill.to_vec(), shaft.to_vec()));
        Ok(self)
    }

    /// The pill arrows, in the order added.
    pub fn pill_arrows(&self) -> &[PillArrow] {
        &self.pill_arrows
    }

    /// These rules with a little killer: the digits of `cells`, a run
    /// along one diagonal from the clue's end, add up to `total`. Digits
    /// may repeat along it where its cells are not peers.
    ///
    /// ```
    /// use sudokit_core::{Cell, Shape, Variant};
    ///
    /// let diagonal = [Cell::new(2, 0), Cell::new(1, 1), Cell::new(0, 2)];
    /// let rules = Variant::standard(Shape::CLASSIC).with_little_killer(12, &diagonal)?;
    /// assert_eq!(rules.to_string(), "little-killer=12:r3c1+r2c2+r1c3");
    /// assert_eq!(rules.little_killers()[0].total(), 12);
    /// assert!(rules.clone().with_little_killer(30, &diagonal).is_err(), "3 cells add up to 27 at most");
    /// assert!(rules.with_little_killer(3, &[Cell::new(0, 0), Cell::new(0, 1)]).is_err(), "no diagonal");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::LineLength`] for no cell,
    /// [`VariantError::CellOutside`], [`VariantError::RepeatedCell`],
    /// [`VariantError::DiagonalStep`] for cells off one diagonal run, and
    /// [`VariantError::LittleKillerTotal`] for a clue out of their reach.
    pub fn with_little_killer(mut self, total: u32, cells: &[Cell]) -> Result<Variant, VariantError> {
        if cells.is_empty() {
            return Err(VariantError::LineLength { size: 0 });
        }
        let indices = self.indices(cells)?;
        let step = |a: Cell, b: Cell| (b.row() as isize - a.row() as isize, b.col() as isize - a.col() as isize);
        let direction = cells.get(1).map(|&next| step(cells[0], next));
        let diagonal = |d: (isize, isize)| d.0.abs() == 1 && d.1.abs() == 1;
        if let Some(w) = cells.windows(2).find(|w| Some(step(w[0], w[1])) != direction || !diagonal(step(w[0], w[1]))) {
            return Err(VariantError::DiagonalStep { first: w[0], second: w[1] });
        }
        let (size, side) = (cells.len(), self.shape.side());
        if (total as usize) < size || total as usize > size * side {
            return Err(VariantError::LittleKillerTotal { total, size, side });
        }
        self.little_killers.push(LittleKiller::new(total, indices));
        Ok(self)
    }

    /// The little killers, in the order added.
    pub fn little_killers(&self) -> &[LittleKiller] {
        &self.little_killers
    }

    /// These rules with a quadruple: the four cells whose top-left one is
    /// `corner` (the circle on the point they share) hold `digits` between
    /// them, a digit given twice twice, in any order and beside any other
    /// digits.
    ///
    /// ```
    /// use sudokit_core::{Cell, Shape, Variant};
    ///
    /// let rules = Variant::standard(Shape::CLASSIC).with_quadruple(Cell::new(3, 3), &[9, 1, 1])?;
    /// assert_eq!(rules.to_string(), "quadruple=r4c4:1+1+9");
    /// assert_eq!(rules.quadruples()[0].cells(), &[30, 31, 39, 40]);
    /// assert!(Variant::standard(Shape::CLASSIC).with_quadruple(Cell::new(8, 3), &[1]).is_err());
    /// # Ok::<(), sudokit_core::VariantError>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::CellOutside`], [`VariantError::QuadrupleCorner`]
    /// for a corner on the last row or column, and
    /// [`VariantError::QuadrupleDigits`] for no digit, more than four, or
    /// one past the side.
    pub fn with_quadruple(mut self, corner: Cell, digits: &[u8]) -> Result<Variant, VariantError> {
        let side = self.shape.side();
        let top_left = self.indices(&[corner])?[0];
        if corner.row() + 1 >= side || corner.col() + 1 >= side {
            return Err(VariantError::QuadrupleCorner { corner });
        }
        if digits.is_empty() || digits.len() > 4 || digits.iter().any(|&d| d == 0 || usize::from(d) > side) {
            return Err(VariantError::QuadrupleDigits { corner, digits: digits.to_vec(), side });
        }
        let cells = [top_left, top_left + 1, top_left + side, top_left + side + 1];
        self.quadruples.push(Quadruple::new(cells, digits.to_vec()));
        Ok(self)
    }

    /// The quadruples, in the order added.
    pub fn quadruples(&self) -> &[Quadruple] {
        &self.quadruples
    }

    /// The quadruples whose filled cells in `grid` leave their digits no
    /// room: on a full grid, those missing a digit. In the order added.
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn quadruple_breaks(&self, grid: &Grid) -> Result<Vec<QuadrupleBreak>, VariantError> {
        if grid.shape() != self.shape {
            return Err(VariantError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let values = grid.values();
        Ok(self
            .quadruples
            .iter()
            .filter(|quadruple| !quadruple.fits(quadruple.cells().map(|i| values[i])))
            .map(|quadruple| QuadrupleBreak {
                corner: Cell::from_index(quadruple.cells()[0], self.shape),
                needs: quadruple.digits().to_vec(),
                digits: quadruple.cells().iter().map(|&i| values[i]).collect(),
            })
            .collect())
    }

    /// These rules with a clone: each cell of `cells` holds the digit of
    /// the cell at the same place in `copies` (f-puzzles' clones: two
    /// shaded regions of one shape, the same digits at the same places).
    ///
    /// ```
    /// use sudokit_core::{Cell, Shape, Variant};
    ///
    /// let part = [Cell::new(0, 0), Cell::new(0, 1)];
    /// let copies = [Cell::new(3, 2), Cell::new(3, 3)];
    /// let rules = Variant::standard(Shape::MINI).with_clone(&part, &copies)?;
    /// assert_eq!(rules.to_string(), "clone=r1c1+r1c2:r4c3+r4c4");
    /// assert_eq!(rules.clones()[0].1, [14, 15]);
    /// assert!(rules.with_clone(&part, &copies[..1]).is_err(), "two cells against one");
    /// # Ok::<(), sudokit_core::VariantError>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::CellOutside`], [`VariantError::RepeatedCell`] within
    /// a part, and [`VariantError::CloneShape`] for parts of different
    /// sizes, empty ones, or a cell paired with itself.
    pub fn with_clone(mut self, cells: &[Cell], copies: &[Cell]) -> Result<Variant, VariantError> {
        let (first, second) = (self.indices(cells)?, self.indices(copies)?);
        if first.len() != second.len() || first.is_empty() || first.iter().zip(&second).any(|(a, b)| a == b) {
            return Err(VariantError::CloneShape { cells: first.len(), copies: second.len() });
        }
        self.clones.push((first, second));
        Ok(self)
    }

    /// The clones, each its two parts (row-major indices, paired by
    /// place), in the order added.
    pub fn clones(&self) -> &[(Vec<usize>, Vec<usize>)] {
        &self.clones
    }

    /// The between lines and region-sum lines whose filled cells in `grid`
    /// break them ([`Line::narrow`], each empty cell counted as any
    /// digit): on a full grid, those that do not hold. In the order added.
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn line_breaks(&self, grid: &Grid) -> Result<Vec<LineBreak>, VariantError> {
        if grid.shape() != self.shape {
            return Err(VariantError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let (values, side) = (grid.values(), self.shape.side());
        Ok(self
            .lines
            .iter()
            .filter(|line| line.kind().is_narrowed())
            .map(|line| (line, line.cells().iter().map(|&i| values[i]).collect::<Vec<u8>>()))
            .filter(|(line, digits)| !line.narrow(&mut crate::marks::candidates_of(digits, side)))
            .map(|(line, digits)| LineBreak {
                kind: line.kind(),
                cells: line.cells().iter().map(|&i| Cell::from_index(i, self.shape)).collect(),
                digits,
            })
            .collect())
    }

    /// These rules with an indexer cell: a column indexer's digit is the
    /// column, in its row, of its own column number (`r3c1` holding 4
    /// puts a 1 in `r3c4`); a row indexer's, the row, in its column, of
    /// its own row number. A cell given twice as one kind is kept once.
    ///
    /// ```
    /// use sudokit_core::{Cell, IndexerKind, Shape, Variant};
    ///
    /// let rules = Variant::standard(Shape::CLASSIC).with_indexer(IndexerKind::Column, Cell::new(2, 4))?;
    /// assert_eq!(rules.to_string(), "column-indexer=r3c5");
    /// assert_eq!(rules.indexers()[0].line()[4], 22);
    /// assert!(rules.with_indexer(IndexerKind::Row, Cell::new(9, 0)).is_err());
    /// # Ok::<(), sudokit_core::VariantError>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::CellOutside`] for a cell off the grid.
    pub fn with_indexer(mut self, kind: IndexerKind, cell: Cell) -> Result<Variant, VariantError> {
        self.indices(&[cell])?;
        let indexer = Indexer::new(kind, cell, self.shape);
        if !self.indexers.contains(&indexer) {
            self.indexers.push(indexer);
            self.indexers.sort_by_key(|indexer| (indexer.kind(), indexer.cell()));
        }
        Ok(self)
    }

    /// The indexer cells, by kind, then cell.
    pub fn indexers(&self) -> &[Indexer] {
        &self.indexers
    }

    /// The indexers whose line, as filled in `grid`, cannot keep them: on
    /// a full grid, those whose digit does not name the place of their
    /// number. In the order of [`indexers`](Variant::indexers).
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn indexer_breaks(&self, grid: &Grid) -> Result<Vec<IndexerBreak>, VariantError> {
        if grid.shape() != self.shape {
            return Err(VariantError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let (values, side) = (grid.values(), self.shape.side());
        Ok(self
            .indexers
            .iter()
            .map(|indexer| (indexer, indexer.line().iter().map(|&i| values[i]).collect::<Vec<u8>>()))
            .filter(|(indexer, digits)| !indexer.narrow(&mut crate::marks::candidates_of(digits, side)))
            .map(|(indexer, digits)| IndexerBreak {
                kind: indexer.kind(),
                cell: Cell::from_index(indexer.cell(), self.shape),
                digits,
            })
            .collect())
    }

    /// These rules with a sandwich clue beside a row or a column (`index`
    /// 0-based): the digits between its lowest and its highest digit (the
    /// 1 and the 9 on a 9×9 grid) add up to `total`.
    ///
    /// ```
    /// use sudokit_core::{Shape, UnitKind, Variant};
    ///
    /// let rules = Variant::standard(Shape::CLASSIC).with_sandwich(UnitKind::Column, 4, 0)?;
    /// assert_eq!(rules.to_string(), "sandwich=0:c5");
    /// assert_eq!(rules.sandwiches()[0].cells()[1], 13);
    /// assert!(rules.clone().with_sandwich(UnitKind::Row, 0, 36).is_err(), "2 to 8 add up to 35");
    /// assert!(rules.with_sandwich(UnitKind::Box, 0, 5).is_err(), "rows and columns only");
    /// # Ok::<(), sudokit_core::VariantError>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::SandwichLine`] for a box or an index past the side,
    /// [`VariantError::SandwichSide`] on grids larger than
    /// [`Sandwich::MAX_SIDE`](crate::Sandwich::MAX_SIDE), and
    /// [`VariantError::SandwichTotal`] for a total no digits between the
    /// crusts add up to.
    pub fn with_sandwich(mut self, unit: UnitKind, index: usize, total: u32) -> Result<Variant, VariantError> {
        let side = self.shape.side();
        if unit == UnitKind::Box || index >= side {
            return Err(VariantError::SandwichLine { unit, index, side });
        }
        if side > Sandwich::MAX_SIDE {
            return Err(VariantError::SandwichSide { side });
        }
        let cells = self.shape.unit(unit, index).collect();
        let sandwich = Sandwich::new(unit, index, total, cells).ok_or(VariantError::SandwichTotal { total, side })?;
        self.sandwiches.push(sandwich);
        Ok(self)
    }

    /// The sandwich clues, in the order added.
    pub fn sandwiches(&self) -> &[Sandwich] {
        &self.sandwiches
    }

    /// The sandwiches whose row or column, as filled in `grid`, leaves
    /// their clue no way to hold: on a full grid, those that do not add
    /// up. In the order added.
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn sandwich_breaks(&self, grid: &Grid) -> Result<Vec<SandwichBreak>, VariantError> {
        if grid.shape() != self.shape {
            return Err(VariantError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let values = grid.values();
        Ok(self
            .sandwiches
            .iter()
            .map(|sandwich| (sandwich, sandwich.cells().iter().map(|&i| values[i]).collect::<Vec<u8>>()))
            .filter(|(sandwich, digits)| !sandwich.fits(digits))
            .map(|(sandwich, digits)| SandwichBreak {
                unit: sandwich.unit(),
                index: sandwich.index(),
                total: sandwich.total(),
                digits,
            })
            .collect())
    }

    /// These rules with an X-sum or a skyscraper clue outside the grid, on
    /// `side` of row or column `index` (0-based; a row for
    /// [`ClueSide::Left`] and [`ClueSide::Right`], a column for the
    /// others), read from that end: an X-sum's first `x` digits add up to
    /// `value`, `x` being the first; a skyscraper clue counts `value`
    /// digits seen, each digit hiding the lower ones behind it.
    ///
    /// ```
    /// use sudokit_core::{ClueSide, Shape, SightlineKind, Variant};
    ///
    /// let rules = Variant::standard(Shape::CLASSIC).with_sightline(SightlineKind::XSum, ClueSide::Bottom, 4, 25)?;
    /// assert_eq!(rules.to_string(), "x-sum=25:r10c5");
    /// assert_eq!(rules.sightlines()[0].cells()[0], 76, "r9c5 first");
    /// let sky = rules.clone().with_sightline(SightlineKind::Skyscraper, ClueSide::Left, 0, 10);
    /// assert!(sky.is_err(), "nine buildings at most");
    /// # Ok::<(), sudokit_core::VariantError>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::SightlineIndex`] for an index past the side,
    /// [`VariantError::SightlineValue`] for a clue no line of distinct
    /// digits gives, and [`VariantError::XSumSide`] for an X-sum on a grid
    /// larger than [`Sightline::MAX_X_SUM_SIDE`].
    pub fn with_sightline(
        mut self,
        kind: SightlineKind,
        at: ClueSide,
        index: usize,
        value: u32,
    ) -> Result<Variant, VariantError> {
        let side = self.shape.side();
        if index >= side {
            return Err(VariantError::SightlineIndex { at, index, side });
        }
        if kind == SightlineKind::XSum && side > Sightline::MAX_X_SUM_SIDE {
            return Err(VariantError::XSumSide { side });
        }
        let mut cells: Vec<usize> = self.shape.unit(at.unit(), index).collect();
        if at.is_reversed() {
            cells.reverse();
        }
        let clue =
            Sightline::new(kind, at, index, value, cells).ok_or(VariantError::SightlineValue { kind, value, side })?;
        // X-sums first, then skyscrapers: the order f-puzzles files keep.
        let place = self.sightlines.partition_point(|other| other.kind() <= kind);
        self.sightlines.insert(place, clue);
        Ok(self)
    }

    /// The X-sums, then the skyscraper clues, each in the order added.
    pub fn sightlines(&self) -> &[Sightline] {
        &self.sightlines
    }

    /// The X-sums and skyscraper clues whose row or column, as filled in
    /// `grid`, leaves them no way to hold: on a full grid, those that do
    /// not. In the order of [`sightlines`](Variant::sightlines).
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn sightline_breaks(&self, grid: &Grid) -> Result<Vec<SightlineBreak>, VariantError> {
        if grid.shape() != self.shape {
            return Err(VariantError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let values = grid.values();
        Ok(self
            .sightlines
            .iter()
            .map(|clue| (clue, clue.cells().iter().map(|&i| values[i]).collect::<Vec<u8>>()))
            .filter(|(clue, digits)| !clue.fits(digits))
            .map(|(clue, digits)| SightlineBreak {
                kind: clue.kind(),
                side: clue.side(),
                index: clue.index(),
                value: clue.value(),
                digits,
            })
            .collect())
    }

    /// The arrows and little killers whose filled cells in `grid` no
    /// digits of their empty cells complete (each empty cell counted as
    /// any digit): on a full grid, those that do not add up. Arrows
    /// first, each kind in the order added.
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn sum_breaks(&self, grid: &Grid) -> Result<Vec<SumBreak>, VariantError> {
        if grid.shape() != self.shape {
            return Err(VariantError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let (values, side) = (grid.values(), self.shape.side());
        let cell = |i: usize| Cell::from_index(i, self.shape);
        let mut out = Vec::new();
        for arrow in &self.arrows {
            let (low, high) = drawn_sums::reach(arrow.shaft(), values, side);
            let (least, most) = drawn_sums::reach(&[arrow.circle()], values, side);
            if high < least || low > most {
                out.push(SumBreak::Arrow {
                    circle: cell(arrow.circle()),
                    digit: values[arrow.circle()],
                    shaft: arrow.shaft().iter().map(|&i| cell(i)).collect(),
                    digits: arrow.shaft().iter().map(|&i| values[i]).collect(),
                });
            }
        }
        for arrow in &self.pill_arrows {
            let digits: Vec<u8> = arrow.cells().iter().map(|&i| values[i]).collect();
            if !arrow.narrow(&mut crate::marks::candidates_of(&digits, side)) {
                out.push(SumBreak::PillArrow {
                    pill: arrow.pill().iter().map(|&i| cell(i)).collect(),
                    shaft: arrow.shaft().iter().map(|&i| cell(i)).collect(),
                    digits,
                });
            }
        }
        for killer in &self.little_killers {
            let (low, high) = drawn_sums::reach(killer.cells(), values, side);
            if !(low..=high).contains(&killer.total()) {
                out.push(SumBreak::LittleKiller {
                    total: killer.total(),
                    cells: killer.cells().iter().map(|&i| cell(i)).collect(),
                    digits: killer.cells().iter().map(|&i| values[i]).collect(),
                });
            }
        }
        Ok(out)
    }

    /// The digits each cell may hold (bit `d - 1` for digit `d`) where
    /// pencil marks or even and odd cells restrict them, `None` where
    /// nothing does: the one table an engine reads for both
    /// ([`RuleKinds::CELL_DIGITS`](crate::RuleKinds::CELL_DIGITS)).
    pub fn allowed_digits(&self) -> Option<Vec<u64>> {
        if self.marks.is_none() && self.parities.is_empty() {
            return None;
        }
        let all = crate::marks::all_digits(self.shape.side());
        let mut allowed = self.marks.as_deref().map_or_else(|| vec![all; self.shape.cell_count()], <[u64]>::to_vec);
        for &(cell, parity) in &self.parities {
            allowed[cell] &= parity.digits(self.shape.side());
        }
        Some(allowed)
    }

    fn add_extra(&mut self, kind: HouseKind, cells: Vec<usize>) {
        let house = House::new(kind, 0, cells);
        if self.extras.iter().any(|h| h.kind == kind && h.cells == house.cells) {
            return;
        }
        let number = self.extras.iter().filter(|h| h.kind == kind).count();
        self.extras.push(House { number, ..house });
        // By kind, so that the same rules added in another order are equal.
        self.extras.sort_by_key(|h| h.kind);
    }

    /// The region of each cell (0-based), when regions replace the boxes.
    pub fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    /// The extra houses, by kind, then in the order added.
    pub fn extra_houses(&self) -> &[House] {
        &self.extras
    }

    /// The relations, each once, in the order of [`Relation::ALL`].
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }

    /// The clues between orthogonal neighbours, each with its two cells
    /// (row-major indices, the first the lower), ordered by clue, then
    /// cells.
    pub fn edge_clues(&self) -> &[(EdgeClue, usize, usize)] {
        &self.clues
    }

    /// The families of clues given in full (see
    /// [`with_all_clues_given`](Variant::with_all_clues_given)).
    pub fn all_given(&self) -> &[ClueFamily] {
        &self.all_given
    }

    /// Every bond between two cells with the pairs (`a < b`, but a rule
    /// with a direction reads `a`'s digit first: a thermometer's from the
    /// bulb's side, a minimum or maximum cell's from that cell) it binds:
    /// the relations in order, each clue with the edges that hold it, the
    /// families given in full with the edges holding no clue of theirs,
    /// each kind of line with the pairs of all its lines, then the
    /// minimum and the maximum cells with their neighbours.
    pub fn bonds(&self) -> Vec<(Bond, Vec<(usize, usize)>)> {
        let mut out: Vec<(Bond, Vec<(usize, usize)>)> =
            self.relations.iter().map(|&r| (Bond::Relation(r), r.pairs(self.shape))).collect();
        for clue in EdgeClue::ALL {
            let pairs: Vec<(usize, usize)> =
                self.clues.iter().filter(|&&(c, ..)| c == clue).map(|&(_, a, b)| (a, b)).collect();
            if !pairs.is_empty() {
                out.push((Bond::Clue(clue), pairs));
            }
        }
        for &family in &self.all_given {
            let clued = |pair: &(usize, usize)| {
                self.clues.iter().any(|&(c, a, b)| family.clues().contains(&c) && (a, b) == *pair)
            };
            let mut pairs = Relation::NonConsecutive.pairs(self.shape);
            pairs.retain(|pair| !clued(pair));
            out.push((Bond::Unclued(family), pairs));
        }
        let mut kinds: Vec<LineKind> = self.lines.iter().map(Line::kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        for kind in kinds {
            let mut pairs: Vec<(usize, usize)> =
                self.lines.iter().filter(|line| line.kind() == kind).flat_map(Line::pairs).collect();
            pairs.sort_unstable();
            pairs.dedup();
            if !pairs.is_empty() {
                out.push((Bond::Line(kind), pairs));
            }
        }
        let mut cloned: Vec<(usize, usize)> = (self.clones.iter())
            .flat_map(|(cells, copies)| cells.iter().zip(copies).map(|(&a, &b)| (a.min(b), a.max(b))))
            .collect();
        cloned.sort_unstable();
        cloned.dedup();
        if !cloned.is_empty() {
            out.push((Bond::Clone, cloned));
        }
        for extremum in Extremum::ALL {
            // Two neighbours marked alike are not compared (as f-puzzles
            // and fortress puzzles read them).
            let marked = |i: usize| self.extrema.iter().any(|&(c, e)| c == i && e == extremum);
            let neighbours = Relation::NonConsecutive.pairs(self.shape);
            let pairs: Vec<(usize, usize)> = neighbours
                .iter()
                .flat_map(|&(a, b)| [(a, b), (b, a)])
                .filter(|&(cell, other)| marked(cell) && !marked(other))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            if !pairs.is_empty() {
                out.push((Bond::Extremum(extremum), pairs));
            }
        }
        out
    }

    /// The lines (thermometers, whispers, palindromes), in the order
    /// added.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The killer cages, in the order added.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The numbers (indices into [`cages`](Variant::cages)) of the cages
    /// that share no cell with another cage, in order. Their sums add up
    /// over a house without counting a cell twice, so the rule of 45 and
    /// the sums derived over houses read these only; a picture draws
    /// their walls.
    ///
    /// ```
    /// use sudokit_core::{Cell, Shape, Variant};
    ///
    /// let killer = Variant::standard(Shape::MINI)
    ///     .with_cage(&[Cell::new(0, 0), Cell::new(0, 1)], Some(3))?
    ///     .with_cage(&[Cell::new(1, 0), Cell::new(1, 1)], Some(7))?
    ///     .with_cage(&[Cell::new(1, 1), Cell::new(2, 1)], Some(5))?;
    /// assert_eq!(killer.separate_cages(), [0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn separate_cages(&self) -> Vec<usize> {
        let mut cover = vec![0u32; self.shape.cell_count()];
        for &i in self.cages.iter().flat_map(Cage::cells) {
            cover[i] += 1;
        }
        (0..self.cages.len()).filter(|&c| self.cages[c].cells().iter().all(|&i| cover[i] == 1)).collect()
    }

    /// The pencil marks (see [`Variant::with_marks`]), if any cell has
    /// fewer than every digit: one set per cell, row-major.
    pub fn marks(&self) -> Option<&[u64]> {
        self.marks.as_deref()
    }

    /// These rules without their pencil marks.
    #[must_use]
    pub fn without_marks(mut self) -> Variant {
        self.marks = None;
        self
    }

    /// The givens of `grid` that their cells' pencil marks or parity
    /// exclude, in row-major order.
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn mark_breaks(&self, grid: &Grid) -> Result<Vec<MarkBreak>, VariantError> {
        if grid.shape() != self.shape {
            return Err(VariantError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let Some(allowed) = self.allowed_digits() else { return Ok(Vec::new()) };
        let shape = self.shape;
        let parity_of = |i: usize| self.parities.iter().find(|&&(c, _)| c == i).map(|&(_, parity)| parity);
        Ok(grid
            .values()
            .iter()
            .zip(allowed)
            .enumerate()
            .filter_map(|(i, (&value, set))| {
                let digit = Digit::new(value)?;
                (set >> digit.index() & 1 == 0).then(|| MarkBreak {
                    cell: Cell::from_index(i, shape),
                    digit,
                    marks: set,
                    parity: parity_of(i).filter(|&parity| parity != Parity::of(digit)),
                })
            })
            .collect())
    }

    /// Whether a cage has a sum: a rule that no house or relation says,
    /// which a solver must know to take these rules.
    pub fn has_sums(&self) -> bool {
        self.cages.iter().any(|cage| cage.sum().is_some())
    }

    /// Whether every cage with a sum has at most
    /// [`cage::MAX_DIGIT_SETS`](crate::cage::MAX_DIGIT_SETS) sets of
    /// digits of its size: what the solvers that list a sum's combinations
    /// ask before they take these rules (every killer up to 16×16, and
    /// cages of up to 5 cells on 25×25).
    pub fn sums_are_listable(&self) -> bool {
        let side = self.shape.side();
        self.cages
            .iter()
            .filter(|cage| cage.sum().is_some())
            .all(|cage| crate::cage::digit_sets(side, cage.cells().len()) <= crate::cage::MAX_DIGIT_SETS)
    }

    /// Every house: rows, columns, boxes or regions, the extra houses by
    /// kind, then the cages of two cells or more.
    pub fn houses(&self) -> Vec<House> {
        let shape = self.shape;
        let side = shape.side();
        let mut out = Vec::with_capacity(3 * side + self.extras.len());
        for (kind, unit) in [(HouseKind::Row, crate::UnitKind::Row), (HouseKind::Column, crate::UnitKind::Column)] {
            out.extend((0..side).map(|n| House::new(kind, n, shape.unit(unit, n).collect())));
        }
        match &self.regions {
            Some(map) => out.extend((0..side).map(|n| {
                House::new(HouseKind::Region, n, (0..map.len()).filter(|&i| usize::from(map[i]) == n).collect())
            })),
            None => out.extend(
                (0..side).map(|n| House::new(HouseKind::Box, n, shape.unit(crate::UnitKind::Box, n).collect())),
            ),
        }
        out.extend(self.extras.iter().cloned());
        out.extend(
            self.cages
                .iter()
                .enumerate()
                .filter(|(_, cage)| cage.cells().len() > 1)
                .map(|(n, cage)| House::new(HouseKind::Cage, n, cage.cells().to_vec())),
        );
        out
    }

    /// The cages whose filled cells in `grid` their sums do not allow: a
    /// full cage of another sum, or one whose empty cells no distinct
    /// digits complete. Cages that repeat a digit are
    /// [`conflicts`](Variant::conflicts) and left to them.
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn cage_breaks(&self, grid: &Grid) -> Result<Vec<CageBreak>, VariantError> {
        if grid.shape() != self.shape {
            return Err(VariantError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let values = grid.values();
        let mut out = Vec::new();
        for (number, cage) in self.cages.iter().enumerate() {
            let Some(sum) = cage.sum() else { continue };
            let digits: Vec<u8> = cage.cells().iter().map(|&i| values[i]).collect();
            let filled = digits.iter().filter(|&&d| d != 0);
            let distinct = filled.clone().fold(0u64, |mask, &d| mask | 1 << (d - 1)).count_ones() as usize;
            if distinct == filled.count() && !cage.holds(values, self.shape.side()) {
                let cells = cage.cells().iter().map(|&i| Cell::from_index(i, self.shape)).collect();
                out.push(CageBreak { cage: number, cells, sum, digits });
            }
        }
        Ok(out)
    }

    /// The filled cells of `grid` that break a rule, each pair once (the
    /// first house or relation it breaks), in row-major order of the
    /// first cell.
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn conflicts(&self, grid: &Grid) -> Result<Vec<VariantConflict>, VariantError> {
        if grid.shape() != self.shape {
            return Err(VariantError::ShapeMismatch { expected: self.shape, found: grid.shape() });
        }
        let values = grid.values();
        let digit = |i: usize| Digit::new(values[i]);
        let cell = |i: usize| Cell::from_index(i, self.shape);
        let mut out: Vec<VariantConflict> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut push = |a: usize, b: usize, broken: Broken| {
            if let (Some(x), Some(y)) = (digit(a), digit(b)) {
                let ok = match &broken {
                    Broken::House(_) => x != y,
                    Broken::Bond(bond) => bond.rule().allows(x, y),
                };
                if !ok && seen.insert((a, b)) {
                    out.push(VariantConflict { first: cell(a), second: cell(b), digits: (x, y), broken });
                }
            }
        };
        for house in self.houses() {
            for (k, &a) in house.cells.iter().enumerate() {
                for &b in &house.cells[k + 1..] {
                    push(a, b, Broken::House(house.clone()));
                }
            }
        }
        for (bond, pairs) in self.bonds() {
            for (a, b) in pairs {
                push(a, b, Broken::Bond(bond));
            }
        }
        out.sort_by_key(|c| (c.first.index(self.shape), c.second.index(self.shape)));
        Ok(out)
    }

    /// Whether `solution` is complete, keeps `puzzle`'s givens and breaks
    /// no rule.
    pub fn is_solution_of(&self, solution: &Grid, puzzle: &Grid) -> bool {
        if self.is_standard_for(puzzle) {
            return solution.is_solution_of(puzzle);
        }
        solution.is_complete()
            && solution.keeps_givens_of(puzzle)
            && self.conflicts(solution).is_ok_and(|conflicts| conflicts.is_empty())
            && self.cage_breaks(solution).is_ok_and(|breaks| breaks.is_empty())
            && self.mark_breaks(solution).is_ok_and(|breaks| breaks.is_empty())
            && self.sum_breaks(solution).is_ok_and(|breaks| breaks.is_empty())
            && self.quadruple_breaks(solution).is_ok_and(|breaks| breaks.is_empty())
            && self.sandwich_breaks(solution).is_ok_and(|breaks| breaks.is_empty())
            && self.sightline_breaks(solution).is_ok_and(|breaks| breaks.is_empty())
            && self.indexer_breaks(solution).is_ok_and(|breaks| breaks.is_empty())
            && self.line_breaks(solution).is_ok_and(|breaks| breaks.is_empty())
    }

    /// For each cell (row-major), the cells that may not hold its digit:
    /// those sharing a house with it, and those a bond asking for
    /// different digits (anti-king, anti-knight) binds to it; ascending,
    /// without the cell. Built in one pass over the houses and bonds.
    pub fn peers(&self) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); self.shape.cell_count()];
        for house in self.houses() {
            for &a in &house.cells {
                out[a].extend(house.cells.iter().copied().filter(|&b| b != a));
            }
        }
        for (_, pairs) in self.bonds().into_iter().filter(|(bond, _)| bond.rule().is_difference()) {
            for (a, b) in pairs {
                out[a].push(b);
                out[b].push(a);
            }
        }
        for peers in &mut out {
            peers.sort_unstable();
            peers.dedup();
        }
        out
    }
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Variant({} {})", self.shape, self)
    }
}

/// Adds `item` to the sorted `set` unless it holds it already.
/// Marks cell `index` with `value` in `marked` (ordered by cell): the
/// same mark twice is one; `Err` with the mark it holds for another.
fn mark<T: Copy + Ord>(marked: &mut Vec<(usize, T)>, index: usize, value: T) -> Result<(), T> {
    match marked.iter().find(|&&(i, _)| i == index) {
        Some(&(_, held)) if held != value => Err(held),
        Some(_) => Ok(()),
        None => {
            insert_sorted(marked, (index, value));
            Ok(())
        }
    }
}

fn insert_sorted<T: Ord>(set: &mut Vec<T>, item: T) {
    if let Err(at) = set.binary_search(&item) {
        set.insert(at, item);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(variant: &Variant, kind: HouseKind) -> Vec<Vec<usize>> {
        variant.houses().into_iter().filter(|h| h.kind() == kind).map(|h| h.cells().to_vec()).collect()
    }

    #[test]
    fn bonds_list_each_clue_and_the_unclued_edges_of_a_family_given_in_full() -> Result<(), VariantError> {
        let (a, b, c) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0));
        let rules = Variant::standard(Shape::CLASSIC)
            .with_relation(Relation::AntiKnight)
            .with_edge_clue(EdgeClue::Black, a, b)?
            .with_edge_clue(EdgeClue::V, a, c)?
            .with_all_clues_given(ClueFamily::Kropki);
        let bonds = rules.bonds();
        let kinds: Vec<Bond> = bonds.iter().map(|(bond, _)| *bond).collect();
        assert_eq!(
            kinds,
            [
                Bond::Relation(Relation::AntiKnight),
                Bond::Clue(EdgeClue::Black),
                Bond::Clue(EdgeClue::V),
                Bond::Unclued(ClueFamily::Kropki)
            ]
        );
        assert_eq!(bonds[1].1, [(0, 1)]);
        // Every edge but the one with a dot; the V is of another family.
        assert_eq!(bonds[3].1.len(), 2 * 9 * 8 - 1);
        assert!(bonds[3].1.contains(&(0, 9)) && !bonds[3].1.contains(&(0, 1)));
        assert_eq!(rules.peers()[40].len(), 20 + 8, "the knight's moves from the centre");
        Ok(())
    }

    #[test]
    fn extra_houses_sit_where_players_draw_them() {
        let classic = Variant::standard(Shape::CLASSIC);
        assert_eq!(classic.houses().len(), 27);
        let x = classic.clone().with_diagonals().with_diagonals();
        assert_eq!(cells(&x, HouseKind::Diagonal), [vec![0, 10, 20, 30, 40, 50, 60, 70, 80]]);
        assert_eq!(cells(&x, HouseKind::AntiDiagonal), [vec![8, 16, 24, 32, 40, 48, 56, 64, 72]]);
        let windoku = classic.clone().with_windows();
        let windows = cells(&windoku, HouseKind::Window);
        assert_eq!(windows.len(), 4);
        assert_eq!(windows[0], [10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(windows[3], [50, 51, 52, 59, 60, 61, 68, 69, 70]);
        assert_eq!(cells(&Variant::standard(Shape::MINI).with_windows(), HouseKind::Window), [vec![5, 6, 9, 10]]);
        // 2-row windows one row in from the top leave no room for a second one.
        assert_eq!(
            cells(&Variant::standard(Shape::SIX).with_windows(), HouseKind::Window),
            [vec![7, 8, 9, 13, 14, 15]]
        );
        let groups = cells(&classic.with_disjoint_groups(), HouseKind::DisjointGroup);
        assert_eq!(groups.len(), 9);
        assert_eq!(groups[4], [10, 13, 16, 37, 40, 43, 64, 67, 70]);
    }

    #[test]
    fn relations_bind_the_cells_a_chess_piece_reaches() {
        let shape = Shape::CLASSIC;
        assert_eq!(Relation::AntiKing.pairs(shape).len(), 2 * 8 * 8);
        assert_eq!(Relation::AntiKnight.pairs(shape).len(), 4 * 8 * 7);
        assert_eq!(Relation::NonConsecutive.pairs(shape).len(), 2 * 9 * 8);
        assert!(
            Relation::AntiKnight.pairs(shape).contains(&(0, 11))
                && Relation::AntiKnight.pairs(shape).contains(&(0, 19))
        );
        let five = Digit::new(5).expect("a digit");
        let (four, seven) = (Digit::new(4).expect("a digit"), Digit::new(7).expect("a digit"));
        assert!(!Relation::NonConsecutive.allows(five, four) && Relation::NonConsecutive.allows(five, seven));
        assert!(Relation::NonConsecutive.allows(five, five) && !Relation::AntiKing.allows(five, five));
        // The centre of Sudoku X: 20 standard peers, and six more on each
        // diagonal outside its box.
        assert_eq!(Variant::standard(shape).with_diagonals().peers()[40].len(), 32);
        assert_eq!(Variant::standard(shape).with_relation(Relation::AntiKnight).peers()[40].len(), 28);
        assert_eq!(Variant::standard(shape).with_relation(Relation::NonConsecutive).peers()[40].len(), 20);
    }

    #[test]
    fn conflicts_name_the_house_or_relation() {
        let shape = Shape::CLASSIC;
        let grid = |line: &str| line.parse::<Grid>().expect("a grid");
        let mut line = ".".repeat(81);
        line.replace_range(10..11, "3");
        line.replace_range(30..31, "3");
        let windoku = Variant::standard(shape).with_windows();
        let found = windoku.conflicts(&grid(&line)).expect("same shape");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].to_string(), "r2c2 and r4c4 both hold 3 in window 1");
        let mut line = ".".repeat(81);
        line.replace_range(0..2, "45");
        let nc = Variant::standard(shape).with_relation(Relation::NonConsecutive);
        let found = nc.conflicts(&grid(&line)).expect("same shape");
        assert_eq!(
            found.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["r1c1 (4) and r1c2 (5) are consecutive neighbours"]
        );
        let (left, right, below) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 0));
        let dots = Variant::standard(shape)
            .with_edge_clue(EdgeClue::Black, left, right)
            .and_then(|v| v.with_edge_clue(EdgeClue::X, left, below))
            .expect("two clues");
        line.replace_range(9..10, "7");
        let found: Vec<String> =
            dots.conflicts(&grid(&line)).expect("same shape").iter().map(|c| c.to_string()).collect();
        assert_eq!(
            found,
            [
                "r1c1 (4) and r1c2 (5) are not one twice the other across a black dot",
                "r1c1 (4) and r2c1 (7) do not add up to 10 across an X"
            ]
        );
        let negative = dots.with_all_clues_given(ClueFamily::Xv);
        line.replace_range(10..11, "3");
        let found = negative.conflicts(&grid(&line)).expect("same shape");
        assert_eq!(found.len(), 3);
        assert_eq!(found[2].to_string(), "r2c1 (7) and r2c2 (3) add up to 10 with no X or V between them");
        assert!(Variant::standard(shape).conflicts(&grid(&line)).expect("same shape").is_empty());
        let mini = Grid::empty(Shape::MINI);
        assert_eq!(
            nc.conflicts(&mini),
            Err(VariantError::ShapeMismatch { expected: Shape::CLASSIC, found: Shape::MINI })
        );
    }

    #[test]
    fn regions_replace_the_boxes() {
        // A 4×4 jigsaw: regions of four cells that are no boxes.
        let map = [1, 1, 1, 2, 3, 1, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4];
        let jigsaw = Variant::standard(Shape::MINI).with_regions(&map).expect("four regions of four");
        let regions = cells(&jigsaw, HouseKind::Region);
        assert_eq!(regions, [vec![0, 1, 2, 5], vec![3, 6, 7, 11], vec![4, 8, 9, 12], vec![10, 13, 14, 15]]);
        assert!(cells(&jigsaw, HouseKind::Box).is_empty());
        let solution: Grid = "1234341223414123".parse().expect("a grid");
        assert!(!jigsaw.is_solution_of(&solution, &Grid::empty(Shape::MINI)));
        let under_jigsaw: Grid = "1234241331424321".parse().expect("a grid");
        assert_eq!(jigsaw.conflicts(&under_jigsaw).map(|c| c.len()), Ok(0));
    }

    #[test]
    fn a_cell_of_one_mark_is_a_given_when_it_takes_no_mark_from_a_bound_cell() {
        let all = 0b1_1111_1111;
        let one = |digit: u32| 1u64 << (digit - 1);
        // r5c5 holds 5 alone; its peers and its neighbours (r4c5, r5c4,
        // r5c6, r6c5) hold anything but 5, and 4 and 6 in turn.
        let mut marks = vec![all & !one(5); 81];
        marks[40] = one(5);
        let standard = Variant::standard(Shape::CLASSIC);
        let givens = |rules: &Variant, marks: &[u64]| rules.givens_of_marks(marks).expect("a set per cell");
        assert_eq!(givens(&standard, &marks).values()[40], 5);
        let nc = standard.clone().with_relation(Relation::NonConsecutive);
        assert_eq!(givens(&nc, &marks).values()[40], 0, "r4c5 may still hold 4 or 6");
        for neighbour in [31, 39, 41, 49] {
            marks[neighbour] &= !(one(4) | one(6));
        }
        assert_eq!(givens(&nc, &marks).values()[40], 5);
        // A knight's move away (r3c4) and r1c1 on the diagonal are no
        // peers of the standard rules.
        marks[21] |= one(5);
        assert_eq!(givens(&standard, &marks).values()[40], 5);
        assert_eq!(givens(&standard.clone().with_relation(Relation::AntiKnight), &marks).values()[40], 0);
        marks[21] &= !one(5);
        marks[0] |= one(5);
        assert_eq!(givens(&standard, &marks).values()[40], 5);
        assert_eq!(givens(&standard.clone().with_diagonals(), &marks).values()[40], 0);
        assert_eq!(standard.givens_of_marks(&marks[..80]), Err(VariantError::MarksLength { expected: 81, found: 80 }));
        // A single mark beyond the side names no digit.
        assert!(
            Variant::standard(Shape::MINI)
                .givens_of_marks(&[1 << 4; 16])
                .expect("16 sets")
                .values()
                .iter()
                .all(|&v| v == 0)
        );
    }
}
