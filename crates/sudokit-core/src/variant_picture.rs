//! [`VariantPicture`]: a grid drawn under its rules — walls between
//! regions (boxes or a jigsaw's), dotted walls around killer cages with
//! their sums, the cells of extra houses marked, clues between
//! neighbours on their edges.

use std::fmt;

use crate::cell::Cell;
use crate::grid::Grid;
use crate::indexers::IndexerKind;
use crate::marks::Parity;
use crate::pairs::{ClueFamily, EdgeClue, Extremum};
use crate::sightlines::SightlineKind;
use crate::variant::{HouseKind, Variant, VariantError};

/// What separates two neighbouring cells (or a cell and the outside):
/// nothing, a cage's dotted wall, or a region's wall — the stronger one
/// wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Wall {
    None,
    Cage,
    Region,
}

/// A grid drawn under a [`Variant`], from [`Variant::picture`]: each cell
/// is three characters wide, a wall (`|`, `-`, `+` where walls meet)
/// separates cells of different regions, and empty cells show `.`.
///
/// The left character of a cell marks the extra houses it is in: `\` the
/// main diagonal, `/` the anti-diagonal, `X` both, `#` a window of
/// windoku, `*` a house of one's own. A line after the grid names the
/// marks used. Disjoint groups cover every cell and are not marked;
/// relations over the whole grid (anti-king, anti-knight,
/// non-consecutive) are not drawn.
///
/// A clue between two neighbours sits on their edge, in place of the wall
/// or space there: `o` a white dot, `@` a black dot, `x` an X, `v` a V;
/// the legend says when every clue of a family is given.
///
/// Killer cages get dotted walls (`:` and `...`) where no region wall
/// runs, and a cage's sum is written into the wall above its first cell
/// (the first in row-major order, which always has a wall above it):
///
/// ```text
/// +4------+3---4--+
/// | .   . | . : 4 |
/// |9......|   .4..|
/// | .   . | . : . |
/// +2------+9------+
/// ```
///
/// Cages that share cells have no walls: a line under the legend lists
/// each with its sum and cells (`overlapping cage 3 of 10: r1c2 r2c2`).
/// Lines are listed the same way, each kind numbered, their cells in
/// order (`thermometer 2: r4c4 r3c4 r2c4`, the bulb first; `whispers (5
/// apart) 1: r1c1 r1c2`), then the minimum and maximum cells (`maximum
/// cells: r5c5`) and the odd and even cells (`even cells: r1c2 r4c1`);
/// arrows and little killers after the lines (`arrow 1 from r5c5: r4c4
/// r3c3`, `little killer 1 (17): r3c1 r2c2 r1c3`).
///
/// The picture is for reading; files carry puzzles with their rules in
/// the forms of `sudokit-grid`'s `write_ruled_puzzles`.
#[derive(Clone, Copy, Debug)]
pub struct VariantPicture<'a> {
    variant: &'a Variant,
    grid: &'a Grid,
}

/// The mark of each kind of extra house, in the order a legend lists them.
const MARKS: [(char, &str); 5] = [
    ('\\', "main diagonal"),
    ('/', "anti-diagonal"),
    ('X', "both diagonals"),
    ('#', "window"),
    ('*', "house of one's own"),
];

// The constructor lives here, beside the drawing, so that `variant.rs`
// need not know this module.
impl Variant {
    /// `grid` drawn under these rules: walls between regions, the cells of
    /// extra houses marked, as [`VariantPicture`] describes.
    ///
    /// ```
    /// use sudokit_core::{Grid, Shape, Variant};
    ///
    /// let grid: Grid = "1...........3..4".parse()?;
    /// let x = Variant::standard(Shape::MINI).with_diagonals();
    /// let picture = x.picture(&grid)?.to_string();
    /// assert_eq!(picture.lines().nth(1), Some(r"|\1   . | .  /. |"));
    /// assert!(picture.ends_with(r"\ main diagonal, / anti-diagonal"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantError::ShapeMismatch`] for a grid of another shape.
    pub fn picture<'a>(&'a self, grid: &'a Grid) -> Result<VariantPicture<'a>, VariantError> {
        VariantPicture::new(self, grid)
    }
}

impl<'a> VariantPicture<'a> {
    fn new(variant: &'a Variant, grid: &'a Grid) -> Result<VariantPicture<'a>, VariantError> {
        if grid.shape() != variant.shape() {
            return Err(VariantError::ShapeMismatch { expected: variant.shape(), found: grid.shape() });
        }
        Ok(VariantPicture { variant, grid })
    }

    /// The region (box or jigsaw region) of every cell.
    fn regions(&self) -> Vec<usize> {
        let shape = self.variant.shape();
        match self.variant.regions() {
            Some(map) => map.iter().map(|&r| usize::from(r)).collect(),
            None => (0..shape.cell_count()).map(|i| shape.box_of(i)).collect(),
        }
    }

    /// The cage of every cell, by index into [`Variant::cages`], among
    /// the cages that overlap no other (`separate`): those have walls.
    fn cages(&self, separate: &[usize]) -> Vec<Option<usize>> {
        let mut cages = vec![None; self.variant.shape().cell_count()];
        for &number in separate {
            for &i in self.variant.cages()[number].cells() {
                cages[i] = Some(number);
            }
        }
        cages
    }

    /// The legend's entries for the cages that overlap another (not in
    /// `separate`), which a wall cannot show: each with its sum and cells.
    fn overlap_legend(&self, separate: &[usize]) -> Vec<String> {
        let shape = self.variant.shape();
        let cages = self.variant.cages().iter().enumerate().filter(|(number, _)| !separate.contains(number));
        cages
            .map(|(number, cage)| {
                let cells: Vec<String> = cage.cells().iter().map(|&i| Cell::from_index(i, shape).to_string()).collect();
                let sum = cage.sum().map_or_else(String::new, |sum| format!(" of {sum}"));
                format!("overlapping cage {}{sum}: {}", number + 1, cells.join(" "))
            })
            .collect()
    }

    /// The legend's entries for the lines, which three characters a cell
    /// leave no room to draw: each kind's lines numbered, with their cells
    /// in order (`thermometer 1: r1c1 r2c2 r2c3`, the bulb first).
    fn line_legend(&self) -> Vec<String> {
        let shape = self.variant.shape();
        let lines = self.variant.lines();
        lines
            .iter()
            .enumerate()
            .map(|(k, line)| {
                // Renban of every length are numbered together.
                let named = line.kind().to_string();
                let number = lines[..k].iter().filter(|other| other.kind().to_string() == named).count() + 1;
                let cells: Vec<String> = line.cells().iter().map(|&i| Cell::from_index(i, shape).to_string()).collect();
                format!("{} {number}: {}", line.kind(), cells.join(" "))
            })
            .collect()
    }

    /// The legend's entries for the arrows, little killers, quadruples
    /// and sandwiches: `arrow 1 from r5c5: r4c4 r3c3`, `little killer 1
    /// (17): r3c1 r2c2 r1c3`, `sandwich of row 3: 15`, `x-sum left of
    /// row 3: 15`, `skyscrapers above column 5: 3`, `clone 1: r1c1 r1c2 =
    /// r5c5 r5c6`.
    fn sum_legend(&self) -> Vec<String> {
        let shape = self.variant.shape();
        let names = |cells: &[usize]| {
            cells.iter().map(|&i| Cell::from_index(i, shape).to_string()).collect::<Vec<_>>().join(" ")
        };
        let arrows = self.variant.arrows().iter().enumerate().map(|(k, arrow)| {
            let circle = Cell::from_index(arrow.circle(), shape);
            format!("arrow {} from {circle}: {}", k + 1, names(arrow.shaft()))
        });
        let pills =
            self.variant.pill_arrows().iter().enumerate().map(|(k, arrow)| {
                format!("pill arrow {} from {}: {}", k + 1, names(arrow.pill()), names(arrow.shaft()))
            });
        let killers = (self.variant.little_killers().iter().enumerate())
            .map(|(k, killer)| format!("little killer {} ({}): {}", k + 1, killer.total(), names(killer.cells())));
        let quadruples = self.variant.quadruples().iter().enumerate().map(|(k, quadruple)| {
            let digits: Vec<String> = quadruple.digits().iter().map(ToString::to_string).collect();
            format!("quadruple {} ({}): {}", k + 1, digits.join(" "), names(quadruple.cells()))
        });
        let sandwiches = (self.variant.sandwiches().iter())
            .map(|sandwich| format!("sandwich of {} {}: {}", sandwich.unit(), sandwich.index() + 1, sandwich.total()));
        let sightlines = self.variant.sightlines().iter().map(|clue| {
            let what = if clue.kind() == SightlineKind::XSum { "x-sum" } else { "skyscrapers" };
            let (at, unit) = (clue.side().name(), clue.side().unit());
            format!("{what} {at} {unit} {}: {}", clue.index() + 1, clue.value())
        });
        let clones = (self.variant.clones().iter().enumerate())
            .map(|(k, (cells, copies))| format!("clone {}: {} = {}", k + 1, names(cells), names(copies)));
        (arrows.chain(pills).chain(killers).chain(quadruples).chain(sandwiches))
            .chain(sightlines)
            .chain(clones)
            .collect()
    }

    /// The legend's entries for the marked cells: minimum and maximum,
    /// odd and even (`minimum cells: r1c1 r9c9`, `even cells: r2c2`).
    fn cell_legend(&self) -> Vec<String> {
        let shape = self.variant.shape();
        let entry = |name: &str, cells: Vec<usize>| {
            let cells: Vec<String> = cells.into_iter().map(|i| Cell::from_index(i, shape).to_string()).collect();
            (!cells.is_empty()).then(|| format!("{name} cells: {}", cells.join(" ")))
        };
        let extrema = self.variant.extrema();
        let parities = self.variant.parities();
        let of_extremum = |e: Extremum| extrema.iter().filter(|&&(_, x)| x == e).map(|&(i, _)| i).collect();
        let of_parity = |p: Parity| parities.iter().filter(|&&(_, x)| x == p).map(|&(i, _)| i).collect();
        let indexers = self.variant.indexers();
        let of_indexer = |k: IndexerKind| indexers.iter().filter(|x| x.kind() == k).map(|x| x.cell()).collect();
        Extremum::ALL
            .into_iter()
            .filter_map(|e| entry(e.name(), of_extremum(e)))
            .chain(Parity::ALL.into_iter().filter_map(|p| entry(p.name(), of_parity(p))))
            .chain(IndexerKind::ALL.into_iter().filter_map(|k| entry(k.name(), of_indexer(k))))
            .collect()
    }

    /// The symbol of the clue between cells `a` and `b`, if any.
    fn clue(&self, a: usize, b: usize) -> Option<char> {
        let (a, b) = (a.min(b), a.max(b));
        self.variant.edge_clues().iter().find(|&&(_, x, y)| (x, y) == (a, b)).map(|&(clue, ..)| symbol(clue))
    }

    /// The legend's entries for the clues.
    fn clue_legend(&self) -> Vec<String> {
        let mut out: Vec<String> = EdgeClue::ALL
            .into_iter()
            .filter(|&clue| self.variant.edge_clues().iter().any(|&(c, ..)| c == clue))
            .map(|clue| {
                let says = match clue {
                    EdgeClue::White => "white dot (consecutive)",
                    EdgeClue::Black => "black dot (one twice the other)",
                    EdgeClue::X => "X (sum 10)",
                    EdgeClue::V => "V (sum 5)",
                };
                format!("{} {says}", symbol(clue))
            })
            .collect();
        out.extend(self.variant.all_given().iter().map(|family| match family {
            ClueFamily::Kropki => String::from("every dot given"),
            ClueFamily::Xv => String::from("every X and V given"),
            ClueFamily::BlackDots => String::from("every black dot given"),
        }));
        out
    }

    /// The mark of every cell: a space, or one of [`MARKS`].
    fn marks(&self) -> Vec<char> {
        let mut marks = vec![' '; self.variant.shape().cell_count()];
        for house in self.variant.extra_houses() {
            let mark = match house.kind() {
                HouseKind::Diagonal => '\\',
                HouseKind::AntiDiagonal => '/',
                HouseKind::Window => '#',
                HouseKind::DisjointGroup => continue,
                _ => '*',
            };
            for &i in house.cells() {
                marks[i] = match (marks[i], mark) {
                    ('\\', '/') | ('/', '\\') | ('X', _) => 'X',
                    // A diagonal shows over a window or a house of one's own.
                    ('\\' | '/', _) => marks[i],
                    _ => mark,
                };
            }
        }
        marks
    }
}

/// How the picture draws a clue.
fn symbol(clue: EdgeClue) -> char {
    match clue {
        EdgeClue::White => 'o',
        EdgeClue::Black => '@',
        EdgeClue::X => 'x',
        EdgeClue::V => 'v',
    }
}

impl fmt::Display for VariantPicture<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.variant.shape();
        let side = shape.side() as isize;
        let separate = self.variant.separate_cages();
        let (regions, cages, marks) = (self.regions(), self.cages(&separate), self.marks());
        // The region and cage at (row, col), with `None` outside the grid.
        let place = |row: isize, col: isize| {
            let inside = (0..side).contains(&row) && (0..side).contains(&col);
            inside.then(|| {
                let i = shape.index(row as usize, col as usize);
                (regions[i], cages[i])
            })
        };
        let wall = |a: Option<(usize, Option<usize>)>, b: Option<(usize, Option<usize>)>| match (a, b) {
            (Some((ra, ca)), Some((rb, cb))) if ra == rb => {
                if ca != cb {
                    Wall::Cage
                } else {
                    Wall::None
                }
            }
            (None, None) => Wall::None,
            _ => Wall::Region,
        };
        // The sum written above each cage's first cell.
        let mut labels = vec![None; shape.cell_count()];
        for cage in separate.iter().map(|&number| &self.variant.cages()[number]) {
            if let (Some(&first), Some(sum)) = (cage.cells().first(), cage.sum()) {
                labels[first] = Some(sum.to_string());
            }
        }
        for row in 0..=side {
            // The border above `row`: corners and the walls between them.
            let mut line = String::with_capacity(4 * side as usize + 1);
            for col in 0..=side {
                let (up_left, up, left, here) =
                    (place(row - 1, col - 1), place(row - 1, col), place(row, col - 1), place(row, col));
                let horizontal = wall(up_left, left).max(wall(up, here));
                let vertical = wall(up_left, up).max(wall(left, here));
                line.push(match (horizontal, vertical) {
                    (Wall::Region, Wall::Region) => '+',
                    (Wall::Region, _) => '-',
                    (_, Wall::Region) => '|',
                    (Wall::Cage, _) => '.',
                    (_, Wall::Cage) => ':',
                    _ => ' ',
                });
                if col < side {
                    let segment = match wall(up, here) {
                        Wall::Region => "---",
                        Wall::Cage => "...",
                        Wall::None => "   ",
                    };
                    let label = (row < side).then(|| labels[shape.index(row as usize, col as usize)].as_deref());
                    let clue = (row > 0 && row < side)
                        .then(|| {
                            self.clue(
                                shape.index(row as usize - 1, col as usize),
                                shape.index(row as usize, col as usize),
                            )
                        })
                        .flatten();
                    match (label.flatten(), clue) {
                        (Some(sum), _) => line.extend(sum.chars().chain(segment.chars().skip(sum.len()))),
                        (None, Some(clue)) => {
                            line.extend(segment.chars().take(1).chain([clue]).chain(segment.chars().skip(2)))
                        }
                        (None, None) => line.push_str(segment),
                    }
                }
            }
            write!(f, "{}", line.trim_end())?;
            if row == side {
                break;
            }
            let mut line = String::with_capacity(4 * side as usize + 1);
            for col in 0..=side {
                let clue = (col > 0 && col < side)
                    .then(|| {
                        self.clue(shape.index(row as usize, col as usize - 1), shape.index(row as usize, col as usize))
                    })
                    .flatten();
                line.push(match (clue, wall(place(row, col - 1), place(row, col))) {
                    (Some(clue), _) => clue,
                    (None, Wall::Region) => '|',
                    (None, Wall::Cage) => ':',
                    (None, Wall::None) => ' ',
                });
                if col < side {
                    let i = shape.index(row as usize, col as usize);
                    let value = self.grid.values()[i];
                    line.extend([marks[i], if value == 0 { '.' } else { shape.symbol(value) }, ' ']);
                }
            }
            write!(f, "\n{line}\n")?;
        }
        let mut legend: Vec<String> = MARKS
            .iter()
            .filter(|(mark, _)| marks.contains(mark))
            .map(|(mark, name)| format!("{mark} {name}"))
            .collect();
        if cages.iter().any(Option::is_some) {
            legend.push(String::from("... : cage walls, sum above the first cell"));
        }
        legend.extend(self.clue_legend());
        if !legend.is_empty() {
            write!(f, "\n{}", legend.join(", "))?;
        }
        for line in self
            .overlap_legend(&separate)
            .into_iter()
            .chain(self.line_legend())
            .chain(self.sum_legend())
            .chain(self.cell_legend())
        {
            write!(f, "\n{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Grid, Shape, Variant, VariantError};

    #[test]
    fn lines_are_listed_under_the_grid() -> Result<(), Box<dyn std::error::Error>> {
        let rules = Variant::parse(
            "thermo=r1c1+r2c2,palindrome=r3c1+r3c2+r4c3,thermo=r4c4+r3c4,maximum=r1c4+r2c1,even=r4c1+r1c2,\
             arrow=r1c1:r1c2+r1c3,little-killer=4:r4c2+r3c1,quadruple=r2c2:1+4,sandwich=0:c2,clone=r1c4:r4c1,\
             column-indexer=r3c3,x-sum=6:r2c5,skyscraper=2:r0c1",
            Shape::MINI,
        )?;
        let picture = rules.picture(&Grid::empty(Shape::MINI))?.to_string();
        let tail: Vec<&str> = picture.lines().rev().take(13).collect();
        assert_eq!(
            tail,
            [
                "column-indexer cells: r3c3",
                "even cells: r1c2 r4c1",
                "maximum cells: r1c4 r2c1",
                "clone 1: r1c4 = r4c1",
                "skyscrapers above column 1: 2",
                "x-sum right of row 2: 6",
                "sandwich of column 2: 0",
                "quadruple 1 (1 4): r2c2 r2c3 r3c2 r3c3",
                "little killer 1 (4): r4c2 r3c1",
                "arrow 1 from r1c1: r1c2 r1c3",
                "thermometer 2: r4c4 r3c4",
                "palindrome 1: r3c1 r3c2 r4c3",
                "thermometer 1: r1c1 r2c2"
            ]
        );
        Ok(())
    }

    #[test]
    fn renban_of_any_length_are_numbered_together() -> Result<(), Box<dyn std::error::Error>> {
        let rules = Variant::parse("renban=r1c1+r1c2,renban=r2c1+r2c2+r2c3,entropic=r4c1+r4c2+r4c3", Shape::MINI)?;
        let picture = rules.picture(&Grid::empty(Shape::MINI))?.to_string();
        let tail: Vec<&str> = picture.lines().rev().take(3).collect();
        assert_eq!(
            tail,
            ["entropic line (tiers of 2) 1: r4c1 r4c2 r4c3", "renban 2: r2c1 r2c2 r2c3", "renban 1: r1c1 r1c2"]
        );
        Ok(())
    }

    #[test]
    fn standard_rules_draw_the_boxes() -> Result<(), Box<dyn std::error::Error>> {
        let grid: Grid = "1...........3..4".parse()?;
        let picture = Variant::standard(Shape::MINI).picture(&grid)?.to_string();
        let expected = [
            "+-------+-------+",
            "| 1   . | .   . |",
            "|       |       |",
            "| .   . | .   . |",
            "+-------+-------+",
            "| .   . | .   . |",
            "|       |       |",
            "| 3   . | .   4 |",
            "+-------+-------+",
        ];
        assert_eq!(picture.lines().collect::<Vec<_>>(), expected);
        Ok(())
    }

    #[test]
    fn a_jigsaw_draws_its_walls_and_marks_the_diagonals() -> Result<(), Box<dyn std::error::Error>> {
        let grid: Grid = "1...........3..4".parse()?;
        let map = [1, 1, 1, 2, 1, 3, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4];
        let variant = Variant::standard(Shape::MINI).with_regions(&map)?.with_diagonals();
        let expected = [
            r"+-----------+---+",
            r"|\1   .   . |/. |",
            r"|   +---+---+   |",
            r"| . |\. |/.   . |",
            r"+---+   +---+   |",
            r"| .  /. |\. | . |",
            r"|   +---+   +---+",
            r"|/3 | .   .  \4 |",
            r"+---+-----------+",
            r"\ main diagonal, / anti-diagonal",
        ];
        assert_eq!(variant.picture(&grid)?.to_string().lines().collect::<Vec<_>>(), expected);
        Ok(())
    }

    #[test]
    fn windows_are_marked_and_diagonals_show_over_them() -> Result<(), Box<dyn std::error::Error>> {
        let grid = Grid::empty(Shape::CLASSIC);
        let windoku = Variant::standard(Shape::CLASSIC).with_windows();
        let picture = windoku.picture(&grid)?.to_string();
        assert_eq!(picture.matches("#.").count(), 36);
        assert_eq!(picture.lines().count(), 2 * 9 + 1 + 1);
        assert!(picture.ends_with("# window"));
        // Twelve window cells are on a diagonal (r2c2 among them); r5c5 is on both.
        let both = windoku.with_diagonals().picture(&grid)?.to_string();
        assert_eq!(both.matches("#.").count(), 36 - 12);
        assert_eq!(both.lines().nth(3).map(|line| &line[4..8]), Some(r" \. "));
        assert_eq!(both.matches("X.").count(), 1);
        Ok(())
    }

    #[test]
    fn cages_get_dotted_walls_and_their_sums() -> Result<(), Box<dyn std::error::Error>> {
        let grid: Grid = "...4............".parse()?;
        let cages = "cage=4:r1c1+r1c2,cage=3:r1c3+r2c3,cage=4:r1c4,cage=9:r2c1+r2c2+r3c2,\
                     cage=4:r2c4+r3c4,cage=2:r3c1,cage=9:r3c3+r4c3+r4c4,cage=5:r4c1+r4c2";
        let killer = Variant::parse(cages, Shape::MINI)?;
        let expected = [
            "+4------+3---4--+",
            "| .   . | . : 4 |",
            "|9......|   .4..|",
            "| .   . | . : . |",
            "+2------+9------+",
            "| . : . | . : . |",
            "|5......|   ....|",
            "| .   . | .   . |",
            "+-------+-------+",
            "... : cage walls, sum above the first cell",
        ];
        assert_eq!(killer.picture(&grid)?.to_string().lines().collect::<Vec<_>>(), expected);
        // A cage over r1c2 and r2c2 overlaps the first and the fourth: the
        // three lose their walls and the legend lists them.
        let overlapping = Variant::parse(&format!("{cages},cage=5:r1c2+r2c2"), Shape::MINI)?;
        let picture = overlapping.picture(&grid)?.to_string();
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines[..3], ["+-------+3---4--+", "| .   . | . : 4 |", "|       |   .4..|"]);
        assert_eq!(
            lines[9..],
            [
                "... : cage walls, sum above the first cell",
                "overlapping cage 1 of 4: r1c1 r1c2",
                "overlapping cage 4 of 9: r2c1 r2c2 r3c2",
                "overlapping cage 9 of 5: r1c2 r2c2",
            ]
        );
        // Without sums the walls stay and no number is written.
        let plain = Variant::parse("cage=r1c1+r1c2", Shape::MINI)?;
        let picture = plain.picture(&grid)?.to_string();
        assert_eq!(picture.lines().next(), Some("+-------+-------+"));
        assert_eq!(picture.lines().nth(2), Some("|.......|       |"));
        Ok(())
    }

    #[test]
    fn clues_sit_on_the_edges_between_their_cells() -> Result<(), Box<dyn std::error::Error>> {
        let grid: Grid = "12..............".parse()?;
        let rules =
            Variant::parse("white=r1c1+r1c2,black=r1c2+r2c2,x=r2c2+r2c3,v=r3c4+r4c4,kropki-negative", Shape::MINI)?;
        let expected = [
            "+-------+-------+",
            "| 1 o 2 | .   . |",
            "|     @ |       |",
            "| .   . x .   . |",
            "+-------+-------+",
            "| .   . | .   . |",
            "|       |     v |",
            "| .   . | .   . |",
            "+-------+-------+",
            "o white dot (consecutive), @ black dot (one twice the other), x X (sum 10), v V (sum 5), every dot given",
        ];
        assert_eq!(rules.picture(&grid)?.to_string().lines().collect::<Vec<_>>(), expected);
        Ok(())
    }

    #[test]
    fn a_grid_of_another_shape_is_an_error() {
        let grid = Grid::empty(Shape::CLASSIC);
        let err = Variant::standard(Shape::MINI).picture(&grid).map(|_| ()).unwrap_err();
        assert!(matches!(err, VariantError::ShapeMismatch { .. }));
    }
}
