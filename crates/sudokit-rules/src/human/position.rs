//! [`Position`]: a puzzle part-way through a human solve — placed digits
//! and the candidates of every empty cell.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use sudokit_core::{Cell, Digit, Grid, Relation, RuleKinds, Rulebook, Shape, SolveError, Variant};
use sudokit_grid::{CandidateBoard, Candidates, Contradiction, Layout};

use super::geometry::Geometry;
use super::house::House;
use super::step::Step;

/// A puzzle part-way through a human solve: the digits placed so far and
/// the candidates (pencil marks) of every empty cell.
///
/// Techniques read a position and return a [`Step`]; [`Position::apply`]
/// plays it. Placing a digit removes it from the candidates of the cell's
/// peers, as a player does.
///
/// ```
/// use sudokit_rules::human::Position;
/// use sudokit_core::{Cell, Grid};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut position = Position::new(&puzzle)?;
/// assert_eq!(position.candidates(Cell::new(0, 2)).to_string(), "{124}");
/// let step = position.hint().ok_or("no technique applies")?;
/// // Columns 4 and 5 and row 3 hold an 8, so box 2 has one place for it.
/// assert_eq!(step.to_string(), "Hidden single: 8 can only go in r1c6 within box 2");
/// position.apply(&step)?;
/// assert_eq!(position.value(Cell::new(0, 5)).map(|d| d.get()), Some(8));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Under a [`Variant`]'s rules ([`Position::with_variant`]) the houses are
/// the variant's (regions, diagonals, windows, …) and a cell's peers are
/// every cell that may not share its digit; placing a digit also removes
/// the consecutive digits from its neighbours under non-consecutive.
#[derive(Clone)]
pub struct Position {
    /// The rules, compiled; the tables below are derived from them.
    rules: Rulebook,
    geometry: Arc<Geometry>,
    values: Box<[u8]>,
    /// Candidates of the empty cells; empty for placed cells.
    candidates: Box<[Candidates]>,
    /// The digits placed in each unit, kept by `place`.
    placed_in: Box<[Candidates]>,
    /// `places[u * side + d]`: bit `k` for the `k`-th cell of unit `u`
    /// when digit `d + 1` is one of its candidates. Kept with
    /// `candidates`, since techniques ask for it far more often than a
    /// step changes it.
    places: Box<[u64]>,
}

impl Position {
    /// The position of `puzzle` before any step: the givens placed, and
    /// every empty cell's candidates the digits none of its peers holds.
    ///
    /// # Errors
    /// [`SolveError::InvalidPuzzle`] when givens clash.
    pub fn new(puzzle: &Grid) -> Result<Position, SolveError> {
        puzzle.validate()?;
        let board = CandidateBoard::new(puzzle);
        let values: Box<[u8]> = puzzle.values().into();
        let candidates = board
            .as_slice()
            .iter()
            .zip(values.iter())
            .map(|(&c, &v)| if v == 0 { c } else { Candidates::EMPTY })
            .collect();
        Ok(Position::build(Rulebook::standard(puzzle.shape()), values, candidates))
    }

    /// The position of `puzzle` under the rules of `variant` before any
    /// step: the givens placed, and every empty cell's candidates the
    /// digits that none of its peers holds and, under non-consecutive, that
    /// no orthogonal neighbour's digit is next to; with pencil marks
    /// ([`Variant::with_marks`]), among the cell's marks.
    ///
    /// ```
    /// use sudokit_rules::human::Position;
    /// use sudokit_core::{Cell, Grid, Shape, Variant};
    ///
    /// let mut puzzle = Grid::empty(Shape::CLASSIC);
    /// puzzle.set(Cell::new(0, 0), sudokit_core::Digit::new(5));
    /// let x = Variant::standard(Shape::CLASSIC).with_diagonals();
    /// let position = Position::with_variant(&puzzle, &x)?;
    /// // r9c9 shares the main diagonal with r1c1.
    /// assert_eq!(position.candidates(Cell::new(8, 8)).to_string(), "{12346789}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::ShapeMismatch`] for a puzzle of another shape than
    /// the variant's; [`SolveError::InvalidPuzzle`] or
    /// [`SolveError::VariantClash`] when givens clash,
    /// [`SolveError::MarkClash`] for a given its marks exclude.
    pub fn with_variant(puzzle: &Grid, variant: &Variant) -> Result<Position, SolveError> {
        Position::with_rules(puzzle, &Rulebook::new(variant.clone()))
    }

    /// [`with_variant`](Position::with_variant) under rules compiled
    /// already: the tables of the rules are built the first time they are
    /// played and kept with them, so positions of many puzzles under one
    /// rulebook share them.
    ///
    /// # Errors
    /// As [`with_variant`](Position::with_variant).
    pub fn with_rules(puzzle: &Grid, rules: &Rulebook) -> Result<Position, SolveError> {
        if puzzle.shape() != rules.shape() {
            return Err(SolveError::shape_mismatch(rules.shape(), puzzle.shape()));
        }
        if rules.is_standard() {
            return Position::new(puzzle);
        }
        let variant = rules.variant();
        let geometry = Geometry::of(rules);
        let values = puzzle.values();
        // The tables find a clash in a few microseconds; the variant's own
        // check, which names it, runs only then.
        let sums = variant.has_sums() || rules.kinds().intersects(RuleKinds::DRAWN_SUMS);
        if geometry.clashes(values) || rules.allowed_digits().is_some() || sums {
            variant.validate(puzzle)?;
        }
        // An empty grid, every digit a candidate (or every digit a cell's
        // pencil marks or parity allow, as a player pencils them in), where
        // the givens are placed as steps place digits.
        let cells = values.len();
        let candidates = match rules.allowed_digits() {
            Some(marks) => marks.iter().map(|&set| Candidates::from_bits(set)).collect(),
            None => vec![Candidates::full(puzzle.shape().side()); cells].into_boxed_slice(),
        };
        let mut position = Position::build(rules.clone(), vec![0; cells].into_boxed_slice(), candidates);
        for (i, &value) in values.iter().enumerate() {
            if let Some(digit) = Digit::new(value) {
                position.place(i, digit);
            }
        }
        Ok(position)
    }

    /// The position of `values` and `candidates` under `rules`.
    fn build(rules: Rulebook, values: Box<[u8]>, candidates: Box<[Candidates]>) -> Position {
        let geometry = Geometry::of(&rules);
        let placed_in = (0..geometry.unit_count())
            .map(|u| geometry.unit(u).iter().filter_map(|&i| Digit::new(values[usize::from(i)])).collect())
            .collect();
        let mut position = Position { rules, geometry, values, candidates, placed_in, places: Box::default() };
        position.count_places();
        position
    }

    /// The rules the position is played under.
    pub fn variant(&self) -> &Variant {
        self.geometry.variant()
    }

    /// Fills [`places`](Position::places) from the candidates.
    fn count_places(&mut self) {
        let side = self.side();
        let mut places = vec![0u64; self.geometry.unit_count() * side];
        for u in 0..self.geometry.unit_count() {
            for (k, &i) in self.geometry.unit(u).iter().enumerate() {
                for d in self.candidates[usize::from(i)].iter() {
                    places[u * side + d.index()] |= 1 << k;
                }
            }
        }
        self.places = places.into_boxed_slice();
    }

    /// Removes candidate `digit` from cell `i`, if there.
    fn remove(&mut self, i: usize, digit: Digit) {
        if !self.candidates[i].contains(digit) {
            return;
        }
        self.candidates[i].remove(digit);
        let side = self.side();
        for &(u, k) in self.geometry.homes(i) {
            self.places[usize::from(u) * side + digit.index()] &= !(1 << k);
        }
    }

    /// The position of `puzzle` with a player's pencil marks: an empty
    /// cell keeps the marked digits that none of its peers holds, so marks
    /// the player has not cleaned up yet do no harm. Marks of filled cells
    /// are ignored.
    ///
    /// Techniques trust the marks: a digit wrongly erased by the player
    /// can lead to wrong steps, as it would on paper.
    ///
    /// # Errors
    /// [`SolveError::InvalidPuzzle`] when givens clash,
    /// [`SolveError::ShapeMismatch`] when the marks are of another shape.
    pub fn with_marks(puzzle: &Grid, marks: &CandidateBoard) -> Result<Position, SolveError> {
        if marks.shape() != puzzle.shape() {
            return Err(SolveError::shape_mismatch(puzzle.shape(), marks.shape()));
        }
        let mut position = Position::new(puzzle)?;
        for (own, &marked) in position.candidates.iter_mut().zip(marks.as_slice()) {
            *own &= marked;
        }
        position.count_places();
        Ok(position)
    }

    /// The position written as a one-line pencil-mark string (see
    /// [`CandidateBoard::from_pencil_line`]): a cell with one candidate is
    /// placed when its digit is no other cell's candidate in its houses
    /// ([`Variant::givens_of_marks`], as SukakuExplainer reads a line);
    /// the other cells, those of one candidate included, stay open with
    /// their marks.
    ///
    /// ```
    /// use sudokit_rules::human::Position;
    /// use sudokit_core::Cell;
    ///
    /// // r1c1 holds 5 alone, every other cell anything: 5 is forced in
    /// // r1c1, but open (a naked single).
    /// let mut cells = vec!["123456789"; 81];
    /// cells[0] = "....5....";
    /// let open = Position::from_pencil_line(&cells.concat())?;
    /// assert_eq!(open.value(Cell::new(0, 0)), None);
    /// assert_eq!(open.candidates(Cell::new(0, 0)).to_string(), "{5}");
    ///
    /// // Once no other cell of row 1, column 1 or box 1 has 5, it is a given.
    /// for i in 1..81 {
    ///     if i < 9 || i % 9 == 0 || (i < 27 && i % 9 < 3) {
    ///         cells[i] = "1234.6789";
    ///     }
    /// }
    /// let given = Position::from_pencil_line(&cells.concat())?;
    /// assert_eq!(given.value(Cell::new(0, 0)).map(|d| d.get()), Some(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PencilError::Parse`] when the line is not a pencil-mark line (with
    /// the column), [`PencilError::Invalid`] when its cells with one mark
    /// clash.
    pub fn from_pencil_line(line: &str) -> Result<Position, PencilError> {
        Position::from_board(CandidateBoard::from_pencil_line(line)?)
    }

    /// [`from_pencil_line`](Position::from_pencil_line) for a grid of
    /// `shape`, whose boxes a line cannot show (see
    /// [`CandidateBoard::from_pencil_line_with_shape`]).
    ///
    /// # Errors
    /// As [`from_pencil_line`](Position::from_pencil_line), and
    /// [`PencilError::Parse`] when the line does not hold `side³` marks.
    pub fn from_pencil_line_with_shape(line: &str, shape: Shape) -> Result<Position, PencilError> {
        Position::from_board(CandidateBoard::from_pencil_line_with_shape(line, shape)?)
    }

    /// The position of the givens the marks stand for
    /// ([`Variant::givens_of_marks`]), the other cells open with their marks.
    fn from_board(board: CandidateBoard) -> Result<Position, PencilError> {
        // Cells of one mark that clash are the caller's error, as givens
        // that clash would be, whether or not they are givens.
        let singles: Vec<u8> = board.as_slice().iter().map(|c| c.single_digit().map_or(0, Digit::get)).collect();
        Grid::from_values(board.shape(), &singles)?.validate()?;
        let marks: Vec<u64> = board.as_slice().iter().map(|c| c.bits()).collect();
        let grid =
            Variant::standard(board.shape()).givens_of_marks(&marks).expect("a candidate board holds a set per cell");
        Position::with_marks(&grid, &board).map_err(PencilError::from)
    }

    /// The shape of the grid.
    pub fn shape(&self) -> Shape {
        self.geometry.shape()
    }

    /// The digit placed in `cell`, if any (`None` also outside the grid).
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.index_of(cell).and_then(|i| Digit::new(self.values[i]))
    }

    /// The candidates of `cell`: empty for a placed cell or a cell outside
    /// the grid.
    pub fn candidates(&self, cell: Cell) -> Candidates {
        self.index_of(cell).map_or(Candidates::EMPTY, |i| self.candidates[i])
    }

    /// The placed digits as a grid.
    pub fn to_grid(&self) -> Grid {
        Grid::from_values(self.shape(), &self.values).expect("placed values are digits of the shape")
    }

    /// The pencil marks: a placed cell holds its digit alone.
    pub fn to_board(&self) -> CandidateBoard {
        let cells = (0..self.len()).map(|i| self.marks(i)).collect();
        CandidateBoard::from_candidates(self.shape(), cells).expect("a position's marks fit its shape")
    }

    /// A picture of every cell's candidates, one block of digits per cell
    /// (see [`CandidateBoard::pencil_marks`]).
    pub fn pencil_marks(&self) -> String {
        self.to_board().pencil_marks()
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.values.iter().filter(|&&v| v == 0).count()
    }

    /// Plays `step`: removes its eliminated candidates and places its
    /// digits.
    ///
    /// # Errors
    /// [`Contradiction::NoCandidate`] for the first placement whose digit
    /// is not a candidate of its cell (a step found on another position),
    /// and then nothing changes. Otherwise the [`Contradiction`] the
    /// position is left in, if any: a cell without candidates, or a digit
    /// without a place in a house. A step found by a technique on this
    /// position, for a puzzle with a solution, never leads to either.
    pub fn apply(&mut self, step: &Step) -> Result<(), Contradiction> {
        for &(cell, digit) in step.placements() {
            let fits = self.index_of(cell).is_some_and(|i| {
                self.values[i] == digit.get()
                    || (self.candidates[i].contains(digit) && !step.eliminations().contains(&(cell, digit)))
            });
            if !fits {
                return Err(Contradiction::NoCandidate { cell });
            }
        }
        for &(cell, digit) in step.eliminations() {
            if let Some(i) = self.index_of(cell) {
                self.remove(i, digit);
            }
        }
        for &(cell, digit) in step.placements() {
            let i = cell.index(self.shape());
            if self.values[i] == 0 {
                self.place(i, digit);
            }
        }
        self.contradiction().map_or(Ok(()), Err)
    }

    /// A reason the position has no solution, if one shows: a cell without
    /// candidates, a digit without a place in a house, a killer cage
    /// whose placed digits no distinct digits complete to its sum, an
    /// arrow or little killer whose candidates cannot add up, or a
    /// quadruple, between line, sandwich or indexer its candidates cannot
    /// keep.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Some(i) = (0..self.len()).find(|&i| self.values[i] == 0 && self.candidates[i].is_empty()) {
            return Some(Contradiction::NoCandidate { cell: self.cell(i) });
        }
        if let Some((number, sum)) = self.broken_sum() {
            return Some(Contradiction::CageSum { number: number + 1, sum });
        }
        if let Some(broken) = self.broken_drawn_sum() {
            return Some(broken);
        }
        if let Some(broken) = self.broken_group() {
            return Some(broken);
        }
        for u in 0..self.geometry.unit_count() {
            let missing = self.missing(u);
            let possible =
                self.geometry.unit(u).iter().fold(Candidates::EMPTY, |acc, &i| acc | self.candidates[i as usize]);
            if let Some(digit) = (missing - possible).first() {
                let house = self.geometry.house(u);
                return Some(Contradiction::NoPlace { digit, kind: house.kind(), number: house.index() + 1 });
            }
        }
        None
    }

    /// The first quadruple, narrowed line, sandwich, X-sum or skyscraper
    /// clue, indexer or pill arrow whose narrowing leaves a cell nothing.
    fn broken_group(&self) -> Option<Contradiction> {
        let variant = self.variant();
        let squeezed = |cells: &[usize], narrow: &dyn Fn(&mut [u64]) -> bool| {
            let mut allowed: Vec<u64> = cells.iter().map(|&i| self.digits_of(i).bits()).collect();
            !narrow(&mut allowed)
        };
        let quadruple = variant.quadruples().iter().find(|quadruple| {
            let mut allowed = quadruple.cells().map(|i| self.digits_of(i).bits());
            !quadruple.narrow(&mut allowed)
        });
        if let Some(quadruple) = quadruple {
            return Some(Contradiction::Quadruple { corner: self.cell(quadruple.cells()[0]) });
        }
        let mut narrowed = variant.lines().iter().filter(|line| line.kind().is_narrowed());
        if let Some(line) = narrowed.find(|line| squeezed(line.cells(), &|allowed| line.narrow(allowed))) {
            let first = self.cell(line.cells()[0]);
            return Some(match line.kind() {
                sudokit_core::LineKind::RegionSum => Contradiction::RegionSumLine { first },
                _ => Contradiction::BetweenLine { first },
            });
        }
        let sandwich = (variant.sandwiches().iter())
            .find(|sandwich| squeezed(sandwich.cells(), &|allowed| sandwich.narrow(allowed)));
        if let Some(sandwich) = sandwich {
            let (unit, number, sum) = (sandwich.unit(), sandwich.index() + 1, sandwich.total());
            return Some(Contradiction::Sandwich { unit, number, sum });
        }
        let clue = (variant.sightlines().iter()).find(|clue| squeezed(clue.cells(), &|allowed| clue.narrow(allowed)));
        if let Some(clue) = clue {
            let (kind, at, number, value) = (clue.kind(), clue.side(), clue.index() + 1, clue.value());
            return Some(Contradiction::Sightline { kind, at, number, value });
        }
        let indexer =
            (variant.indexers().iter()).find(|indexer| squeezed(indexer.line(), &|allowed| indexer.narrow(allowed)));
        if let Some(indexer) = indexer {
            return Some(Contradiction::Indexer { kind: indexer.kind(), cell: self.cell(indexer.cell()) });
        }
        let pill =
            (variant.pill_arrows().iter()).find(|arrow| squeezed(&arrow.cells(), &|allowed| arrow.narrow(allowed)))?;
        Some(Contradiction::PillArrow { first: self.cell(pill.pill()[0]) })
    }

    /// The first cage (0-based) whose placed digits no distinct digits
    /// complete to its sum, with the sum.
    fn broken_sum(&self) -> Option<(usize, u32)> {
        let side = self.side();
        self.variant().cages().iter().enumerate().find_map(|(number, cage)| {
            let sum = cage.sum()?;
            (!cage.holds(&self.values, side)).then_some((number, sum))
        })
    }

    /// The first arrow, then little killer, whose cells' digits (placed,
    /// or between an open cell's lowest and highest candidates) can no
    /// longer add up.
    fn broken_drawn_sum(&self) -> Option<Contradiction> {
        let range = |cells: &mut dyn Iterator<Item = &usize>| {
            cells.fold((0, 0), |(low, high), &i| match Digit::new(self.values[i]) {
                Some(d) => (low + u32::from(d.get()), high + u32::from(d.get())),
                None => {
                    let digits = self.candidates[i];
                    let (first, last) = (digits.first(), digits.iter().last());
                    (low + first.map_or(0, |d| u32::from(d.get())), high + last.map_or(0, |d| u32::from(d.get())))
                }
            })
        };
        let variant = self.variant();
        let arrow = variant.arrows().iter().find(|arrow| {
            let (low, high) = range(&mut arrow.shaft().iter());
            let (least, most) = range(&mut std::iter::once(&arrow.circle()));
            high < least || low > most
        });
        if let Some(arrow) = arrow {
            return Some(Contradiction::ArrowSum { circle: self.cell(arrow.circle()) });
        }
        variant.little_killers().iter().find_map(|killer| {
            let (low, high) = range(&mut killer.cells().iter());
            (!(low..=high).contains(&killer.total()))
                .then(|| Contradiction::LittleKillerSum { first: self.cell(killer.cells()[0]), sum: killer.total() })
        })
    }

    // The helpers below are the techniques' view of the board, by
    // row-major cell index and unit number.

    /// Every house of the grid: rows, then columns, then boxes (or a
    /// jigsaw's regions), then a variant's extra houses.
    pub fn houses(&self) -> impl Iterator<Item = House> + '_ {
        (0..self.geometry.unit_count()).map(|u| self.house(u))
    }

    /// The cells of `house`, in reading order; none when the grid has no
    /// such house (it came from a larger shape's position, or another
    /// variant's).
    pub fn cells_of(&self, house: House) -> impl Iterator<Item = Cell> + '_ {
        let cells = self.geometry.unit_of(house).map_or(&[][..], |u| self.geometry.unit(u));
        cells.iter().map(|&i| self.cell(usize::from(i)))
    }

    /// The tables of the position's rules.
    pub(crate) fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The rules the position is played under, compiled.
    pub fn rules(&self) -> &Rulebook {
        &self.rules
    }

    /// Whether the position is played under the standard rules.
    pub fn is_standard(&self) -> bool {
        self.geometry.is_standard()
    }

    /// The shape's standard tables, for the techniques that take only the
    /// standard rules (uniqueness, the named patterns that lean on boxes,
    /// the chaining engine): each returns no step on a variant's position
    /// before it reads them.
    pub(crate) fn layout(&self) -> &'static Layout {
        debug_assert!(self.is_standard(), "a standard-only technique ran on a variant");
        Layout::of(self.shape())
    }

    /// Number of units: rows, columns, boxes or regions, extra houses.
    pub(crate) fn unit_count(&self) -> usize {
        self.geometry.unit_count()
    }

    /// The cells of unit `u`, ascending.
    #[inline]
    pub(crate) fn unit(&self, u: usize) -> &[u16] {
        self.geometry.unit(u)
    }

    /// The units of cell `i`, each with the cell's place in it.
    #[inline]
    pub(crate) fn homes(&self, i: usize) -> &[(u16, u16)] {
        self.geometry.homes(i)
    }

    /// The cells that may not hold cell `i`'s digit, ascending.
    #[inline]
    pub(crate) fn peers(&self, i: usize) -> &[usize] {
        self.geometry.peers(i)
    }

    /// The cells whose digit may not be consecutive to cell `i`'s (under
    /// non-consecutive; none otherwise), ascending.
    #[inline]
    pub(crate) fn neighbours(&self, i: usize) -> &[u16] {
        self.geometry.neighbours(i)
    }

    /// The cells a rule other than different digits binds to cell `i`
    /// (Kropki dots, X and V, lines, non-consecutive…).
    #[inline]
    pub(crate) fn bound(&self, i: usize) -> &[super::geometry::BoundCell] {
        self.geometry.bound(i)
    }

    /// The digits a cell bound to another by the rule of `row` may hold
    /// beside `digit` there.
    #[inline]
    pub(crate) fn partners(&self, row: u32, digit: Digit) -> Candidates {
        Candidates::from_bits(self.geometry.partners(row, digit))
    }

    pub(crate) fn side(&self) -> usize {
        self.geometry.shape().side()
    }

    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    pub(crate) fn cell(&self, i: usize) -> Cell {
        Cell::from_index(i, self.shape())
    }

    fn index_of(&self, cell: Cell) -> Option<usize> {
        let side = self.side();
        (cell.row() < side && cell.col() < side).then(|| cell.index(self.shape()))
    }

    /// Candidates of cell `i` (empty when placed).
    #[inline]
    pub(crate) fn cands(&self, i: usize) -> Candidates {
        self.candidates[i]
    }

    /// The digits cell `i` may hold: its placed digit, or its candidates
    /// when open.
    pub(crate) fn digits_of(&self, i: usize) -> Candidates {
        Digit::new(self.placed(i)).map_or(self.cands(i), Candidates::single)
    }

    /// The digit of cell `i`, 0 when empty.
    #[inline]
    pub(crate) fn placed(&self, i: usize) -> u8 {
        self.values[i]
    }

    /// Candidates of cell `i`, a placed cell holding its digit.
    pub(crate) fn marks(&self, i: usize) -> Candidates {
        Digit::new(self.values[i]).map_or(self.candidates[i], Candidates::single)
    }

    /// The digits not yet placed in unit `u`.
    #[inline]
    pub(crate) fn missing(&self, u: usize) -> Candidates {
        Candidates::full(self.side()) - self.placed_in[u]
    }

    /// The positions within unit `u` (bit `k` for its `k`-th cell) where
    /// `digit` is a candidate.
    #[inline]
    pub(crate) fn places(&self, u: usize, digit: Digit) -> u64 {
        self.places[u * self.side() + digit.index()]
    }

    /// The two cells of unit `u` that are `digit`'s only places there (a
    /// conjugate pair, a strong link), if it has exactly two.
    pub(crate) fn conjugate_pair(&self, u: usize, digit: Digit) -> Option<[usize; 2]> {
        let places = self.places(u, digit);
        let unit = self.geometry.unit(u);
        (places.count_ones() == 2).then(|| {
            [unit[places.trailing_zeros() as usize] as usize, unit[63 - places.leading_zeros() as usize] as usize]
        })
    }

    /// The cells of unit `u` where `digit` is a candidate, ascending.
    pub(crate) fn cells_with(&self, u: usize, digit: Digit) -> impl Iterator<Item = usize> + '_ {
        let places = self.places(u, digit);
        self.geometry
            .unit(u)
            .iter()
            .enumerate()
            .filter(move |&(k, _)| places >> k & 1 == 1)
            .map(|(_, &c)| usize::from(c))
    }

    /// Empty cells of unit `u`, as cell indices.
    pub(crate) fn empty_cells(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.geometry.unit(u).iter().map(|&i| i as usize).filter(|&i| self.values[i] == 0)
    }

    /// The pairs of `removed` and `cells` (each removed candidate against
    /// the cells holding its digit) that a relation binds rather than a
    /// house, for the step's sentence.
    pub(crate) fn relation_links(&self, cells: &[usize], removed: &[(usize, Digit)]) -> Vec<(Cell, Cell, Relation)> {
        let mut out = Vec::new();
        for &(e, digit) in removed {
            for &c in cells.iter().filter(|&&c| self.cands(c).contains(digit)) {
                if let Some(relation) = self.geometry.relation_between(c, e) {
                    let pair = (self.cell(c), self.cell(e), relation);
                    if !out.contains(&pair) {
                        out.push(pair);
                    }
                }
            }
        }
        out
    }

    /// The relation that binds cells `a` and `b` when they share no house.
    pub(crate) fn relation_between(&self, a: usize, b: usize) -> Option<Relation> {
        self.geometry.relation_between(a, b)
    }

    /// Whether cells `a` and `b` (distinct) may not hold the same digit:
    /// they share a house, or a difference relation binds them.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.geometry.sees(a, b)
    }

    /// The box, row and column of cell `i`, in the order of Sudoku
    /// Explainer's region types (under standard rules).
    pub(crate) fn se_houses(&self, i: usize) -> [usize; 3] {
        let homes = self.geometry.homes(i);
        [homes[2].0, homes[0].0, homes[1].0].map(usize::from)
    }

    /// The cells sharing a house with cell `i`, each once, in Sudoku
    /// Explainer's order: its box, then row, then column; under a
    /// variant's rules, every peer in reading order.
    pub(crate) fn se_house_cells(&self, i: usize) -> &[usize] {
        match self.geometry.layout() {
            Some(layout) => &se_peers(layout)[i],
            None => self.geometry.peers(i),
        }
    }

    /// Every unit in the order of Sudoku Explainer's region types: boxes,
    /// then rows, then columns (its BUG and chains scan so); a variant's
    /// extra houses last.
    pub(crate) fn units_se_order(&self) -> impl Iterator<Item = usize> + use<> {
        let side = self.side();
        (2 * side..3 * side).chain(0..side).chain(side..2 * side).chain(3 * side..self.unit_count())
    }

    /// Every unit in the order Sudoku Explainer's subsets and fish scan
    /// them: boxes, then columns, then rows; a variant's extra houses
    /// last. Techniques that take the first pattern they see follow it, so
    /// that they find what it finds.
    pub(crate) fn units_boxes_first(&self) -> impl Iterator<Item = usize> + use<> {
        let side = self.side();
        (2 * side..3 * side).chain(side..2 * side).chain(0..side).chain(3 * side..self.unit_count())
    }

    pub(crate) fn house(&self, u: usize) -> House {
        self.geometry.house(u)
    }

    /// Places `digit` in cell `i` and removes it from the peers, and from
    /// each cell a rule binds to it the digits the rule forbids beside it
    /// (the consecutive ones from the neighbours under non-consecutive).
    pub(crate) fn place(&mut self, i: usize, digit: Digit) {
        self.values[i] = digit.get();
        for d in self.candidates[i].iter() {
            self.remove(i, d);
        }
        let geometry = Arc::clone(&self.geometry);
        for &(u, _) in geometry.homes(i) {
            self.placed_in[usize::from(u)].insert(digit);
        }
        for &p in geometry.peers(i) {
            self.remove(p, digit);
        }
        for bound in geometry.bound(i) {
            let n = usize::from(bound.cell);
            let gone = self.candidates[n] - Candidates::from_bits(geometry.partners(bound.row, digit));
            for other in gone.iter() {
                self.remove(n, other);
            }
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("variant", self.variant())
            .field("values", &self.values)
            .field("candidates", &self.candidates)
            .finish()
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let same_rules = Arc::ptr_eq(&self.geometry, &other.geometry) || self.variant() == other.variant();
        same_rules && self.values == other.values && self.candidates == other.candidates
    }
}

impl Eq for Position {}

impl fmt::Display for Position {
    /// The placed digits as a grid line (`{:#}` for rows).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_grid(), f)
    }
}

/// Why [`Position::from_pencil_line`] refused a line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PencilError {
    /// The line is not a pencil-mark line.
    #[error(transparent)]
    Parse(#[from] sudokit_core::ParseError),
    /// The cells with one mark clash.
    #[error(transparent)]
    Invalid(#[from] SolveError),
}

/// The value `build` makes for `shape`, made on first use and shared for
/// the life of the process through `cache`, one static per kind of table.
/// Shapes are few — `Shape::all()` lists them, 62 today, so a table holds at most
/// that many values, whatever a process solves — and they are leaked, as
/// `Layout::of` leaks layouts. (Tables of layouts made per puzzle would
/// need an owner instead: the layout itself.)
pub(crate) fn per_shape<T: Send + Sync + 'static>(
    cache: &'static OnceLock<Mutex<HashMap<Shape, &'static T>>>,
    shape: Shape,
    build: impl FnOnce() -> T,
) -> &'static T {
    let mut built = cache.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    built.entry(shape).or_insert_with(|| Box::leak(Box::new(build())))
}

/// Every cell's peers in Sudoku Explainer's order (box, row, column, each
/// cell once), per shape: built once, shared, as `Layout::of` is.
pub(crate) fn se_peers(layout: &'static Layout) -> &'static [Vec<usize>] {
    type Tables = HashMap<Shape, &'static Vec<Vec<usize>>>;
    static BUILT: OnceLock<Mutex<Tables>> = OnceLock::new();
    per_shape::<Vec<Vec<usize>>>(&BUILT, layout.shape(), || {
        (0..layout.shape().cell_count())
            .map(|i| {
                let [row, col, bx] = layout.units_of(i);
                let mut out = Vec::with_capacity(3 * layout.shape().side());
                for u in [bx, row, col] {
                    for &c in layout.unit(u) {
                        let c = usize::from(c);
                        if c != i && !out.contains(&c) {
                            out.push(c);
                        }
                    }
                }
                out
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_places_match_the_candidates_along_a_path() {
        let puzzle: Grid =
            ".237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8.......".parse().unwrap();
        let marks = CandidateBoard::new(&puzzle);
        let mut position = Position::with_marks(&puzzle, &marks).unwrap();
        let mut steps = 0;
        loop {
            let mut counted = position.clone();
            counted.count_places();
            assert_eq!(position.places, counted.places, "after {steps} steps");
            let Some(step) = position.hint() else { break };
            position.apply(&step).unwrap();
            steps += 1;
        }
        assert!(position.is_solved() && steps > 50, "{steps} steps");
    }
}
