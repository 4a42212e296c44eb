//! [`variant_transforms`] and [`canonical_variant_puzzle`]: the
//! transformations that keep a variant's rules, and the one representative
//! of a puzzle's class under them.

use std::sync::Arc;

use sudokit_core::{Grid, PairRule, Puzzle, RuleKind, RuleKinds, Rulebook, Shape, Variant};

use crate::canonical::CanonicalError;
use crate::transform::Transform;

/// A 9×9 cell move: cell `k` of the result takes cell `source[k]` of the
/// input.
type Move = [u8; 81];

const SIDE: usize = 9;

/// A puzzle's canonical form under a variant's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VariantCanonical {
    /// The representative: the same for every puzzle of the class.
    pub grid: Grid,
    /// The rules of [`grid`](VariantCanonical::grid): the variant given,
    /// except for a jigsaw, whose region map turns with the grid (and is
    /// renumbered in reading order).
    pub variant: Variant,
    /// One transform that maps the puzzle given to
    /// [`grid`](VariantCanonical::grid).
    pub transform: Transform,
    /// How many of the rules' cell moves, each with its least digit map,
    /// reach the representative: 1 for most puzzles, more for a puzzle
    /// that a move maps onto itself.
    pub automorphisms: usize,
}

/// The transformations of a 9×9 grid that keep `variant`'s rules, digit
/// maps left out: the row and column moves of the standard group (bands,
/// stacks, rows within bands, columns within stacks, transposition) that
/// map every extra house onto an extra house and every pair of cells a
/// relation binds onto such a pair. For a jigsaw, whose region map is
/// part of the puzzle, the eight turns and mirrors that also keep its
/// other rules: they carry the map along (see [`canonical_variant_puzzle`]).
/// The identity comes first.
///
/// | rules | transformations |
/// |---|---|
/// | standard | 3 359 232 (every one; use [`canonical_puzzle`](crate::canonical_puzzle)) |
/// | X | those that map the two diagonals onto themselves |
/// | anti-king, anti-knight, non-consecutive | the 8 turns and mirrors |
/// | Kropki dots, XV | those that map every clue onto one of its kind, and every family given in full onto itself |
///
/// Digits: any relabelling keeps the rules that only ask for different
/// digits; once a rule between two cells asks for more, only the
/// identity and the reversal (`d` to `10 - d`) are tried, each where it
/// keeps every such rule ([`PairRule::is_kept_by`](sudokit_core::PairRule::is_kept_by):
/// the reversal keeps non-consecutive, white dots and X, not black dots
/// or V).
///
/// ```
/// use sudokit_generate::variant_transforms;
/// use sudokit_core::{Relation, Rulebook, Shape, Variant};
///
/// let x = Rulebook::new(Variant::standard(Shape::CLASSIC).with_diagonals());
/// let king = Rulebook::new(Variant::standard(Shape::CLASSIC).with_relation(Relation::AntiKing));
/// assert_eq!(variant_transforms(&king)?.len(), 8);
/// assert!(variant_transforms(&x)?.len() > 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`CanonicalError::Shape`] for rules of another shape than 9×9;
/// [`CanonicalError::Unenumerable`] for the standard rules (their group
/// is searched, not listed: see [`canonical_puzzle`](crate::canonical_puzzle));
/// [`CanonicalError::Unsupported`] for any rule but houses and relations
/// between two cells (cages, lines, marks, sums, quadruples, …).
pub fn variant_transforms(rules: &Rulebook) -> Result<Vec<Transform>, CanonicalError> {
    let moves = moves_of(rules)?;
    Ok(moves
        .iter()
        .map(|m| Transform::from_source(Shape::CLASSIC, m.iter().map(|&c| u16::from(c)).collect()))
        .collect())
}

/// The canonical form of a 9×9 puzzle under `variant`'s rules: the least,
/// in reading order, of the grids that the rules' transformations
/// ([`variant_transforms`]) and digit maps (any relabelling, or under
/// non-consecutive only the reversal) make of it. For a jigsaw the least
/// region map (renumbered in reading order) comes first, then the least
/// grid on it. Equivalent puzzles get the same form; unlike
/// [`canonical_puzzle`](crate::canonical_puzzle) it works on the givens
/// alone, so it takes any puzzle, unique or not.
///
/// # Complexity
/// O(T · 81) for T transformations (at most a few thousand), after
/// [`variant_transforms`], which is searched once per rulebook and kept
/// with it ([`Rulebook::derived`]): give the puzzles of one set one
/// rulebook.
///
/// ```
/// use sudokit_generate::{canonical_variant_puzzle, Transform};
/// use sudokit_core::{Grid, Puzzle, Rulebook, Shape, Variant};
///
/// let x = Rulebook::new(Variant::standard(Shape::CLASSIC).with_diagonals());
/// let puzzle: Grid = "..6..5.7....9....54..7.3.................2.1..67.......4...7.8...5.....18.....53.".parse()?;
/// // A quarter turn and a relabelling keep the diagonals, and so the class.
/// let turned = Transform::identity(Shape::CLASSIC)
///     .rotate_90()
///     .then(&Transform::relabel(Shape::CLASSIC, &[2, 3, 4, 5, 6, 7, 8, 9, 1])?)
///     .apply(&puzzle)?;
/// let a = canonical_variant_puzzle(&Puzzle::new(puzzle.clone(), x.clone())?)?;
/// let b = canonical_variant_puzzle(&Puzzle::new(turned, x)?)?;
/// assert_eq!(a.grid, b.grid);
/// assert_eq!(a.transform.apply(&puzzle)?, a.grid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`CanonicalError::Shape`] for a puzzle or rules of another shape than
/// 9×9, [`CanonicalError::Invalid`] for givens that break the rules,
/// [`CanonicalError::Unenumerable`] for the standard rules,
/// [`CanonicalError::Unsupported`] for any rule but houses and relations
/// between two cells (cages, lines, marks, sums, quadruples, …).
pub fn canonical_variant_puzzle(puzzle: &Puzzle) -> Result<VariantCanonical, CanonicalError> {
    if puzzle.shape() != Shape::CLASSIC {
        return Err(CanonicalError::Shape(puzzle.shape()));
    }
    let moves = moves_of(puzzle.rules())?;
    let (variant, puzzle) = (puzzle.variant(), puzzle.grid());
    variant.validate(puzzle)?;
    // Rules between two cells other than different digits keep only the
    // digit maps that keep their rule: the identity, and the reversal for
    // non-consecutive, white dots and X.
    let rules: Vec<PairRule> =
        variant.bonds().iter().map(|(bond, _)| bond.rule()).filter(|rule| !rule.is_difference()).collect();
    let reversible_only = !rules.is_empty();
    let fixed: Vec<Vec<u8>> = [identity_digits(), reversed_digits()]
        .into_iter()
        .filter(|map| rules.iter().all(|rule| rule.is_kept_by(map)))
        .collect();
    let values = puzzle.values();
    let map: Option<Vec<u8>> = variant.regions().map(<[u8]>::to_vec);
    let mut best: Option<Candidate> = None;
    let mut automorphisms = 0;
    for (at, m) in moves.iter().enumerate() {
        let moved_map = map.as_ref().map_or_else(Vec::new, |map| first_appearance(&m.map(|c| map[usize::from(c)] + 1)));
        let moved: Vec<u8> = m.iter().map(|&c| values[usize::from(c)]).collect();
        let digit_maps = if reversible_only { fixed.clone() } else { vec![first_seen(&moved)] };
        for digits in digit_maps {
            let grid: Vec<u8> = moved.iter().map(|&v| if v == 0 { 0 } else { digits[usize::from(v) - 1] }).collect();
            let candidate = Candidate { map: moved_map.clone(), grid, at, digits };
            match best.as_ref().map(|b| b.key().cmp(&candidate.key())) {
                Some(std::cmp::Ordering::Less) => {}
                Some(std::cmp::Ordering::Equal) => automorphisms += 1,
                _ => {
                    automorphisms = 1;
                    best = Some(candidate);
                }
            }
        }
    }
    let Candidate { map: best_map, grid, at, digits } = best.expect("the identity is a transformation");
    let grid = Grid::from_values(Shape::CLASSIC, &grid).expect("moved digits are digits");
    // The moves keep the extra houses and relations; a jigsaw's map turns.
    let out = match map {
        Some(_) => variant.clone().with_regions(&best_map).expect("a turned map is a map"),
        None => variant.clone(),
    };
    let source = moves[at].iter().map(|&c| u16::from(c)).collect();
    let transform = Transform::from_source(Shape::CLASSIC, source).with_digits(digits);
    Ok(VariantCanonical { grid, variant: out, transform, automorphisms })
}

/// A moved and relabelled puzzle: its map (a jigsaw's, renumbered;
/// empty otherwise), its digits, the move it came by and its digit map.
struct Candidate {
    map: Vec<u8>,
    grid: Vec<u8>,
    at: usize,
    digits: Vec<u8>,
}

impl Candidate {
    /// What the least is taken over: the map first, then the grid.
    fn key(&self) -> (&[u8], &[u8]) {
        (&self.map, &self.grid)
    }
}

fn identity_digits() -> Vec<u8> {
    (1..=SIDE as u8).collect()
}

fn reversed_digits() -> Vec<u8> {
    (1..=SIDE as u8).rev().collect()
}

/// The relabelling that numbers the digits of `values` in the order they
/// first appear (the least of all relabellings, in reading order); the
/// digits absent take the labels left, in order.
fn first_seen(values: &[u8]) -> Vec<u8> {
    let mut digits = vec![0u8; SIDE];
    let mut next = 1;
    for &v in values.iter().filter(|&&v| v != 0) {
        if digits[usize::from(v) - 1] == 0 {
            digits[usize::from(v) - 1] = next;
            next += 1;
        }
    }
    for d in digits.iter_mut().filter(|d| **d == 0) {
        *d = next;
        next += 1;
    }
    digits
}

/// `labels` renumbered from 1 in the order they first appear.
fn first_appearance(labels: &[u8]) -> Vec<u8> {
    let mut seen: Vec<u8> = Vec::new();
    labels
        .iter()
        .map(|&l| match seen.iter().position(|&s| s == l) {
            Some(k) => k as u8 + 1,
            None => {
                seen.push(l);
                seen.len() as u8
            }
        })
        .collect()
}

/// The kinds whose rules the moves are searched to keep: houses (cages
/// aside) and the relations between two cells that no line draws.
const KEPT_KINDS: RuleKinds = RuleKinds::HOUSES.without(RuleKind::Cages).union(RuleKinds::of(&[
    RuleKind::AntiKing,
    RuleKind::AntiKnight,
    RuleKind::NonConsecutive,
    RuleKind::Kropki,
    RuleKind::Xv,
]));

/// The moves of [`variant_transforms`], searched once per rulebook and
/// kept with it (jigsaw rules, whose maps differ puzzle by puzzle, are not
/// kept).
fn moves_of(rules: &Rulebook) -> Result<Arc<Moves>, CanonicalError> {
    let variant = rules.variant();
    if variant.shape() != Shape::CLASSIC {
        return Err(CanonicalError::Shape(variant.shape()));
    }
    if variant.is_standard() {
        return Err(CanonicalError::Unenumerable);
    }
    // Only houses and relations between two cells are searched for: a move
    // keeping a line's cells may still turn it end for end, a minimum
    // cell's pairs have a direction, and cages, sums and clues outside the
    // grid are neither.
    if !rules.kinds().is_subset(KEPT_KINDS) {
        return Err(CanonicalError::Unsupported { rules: variant.to_string() });
    }
    if variant.regions().is_some() {
        let kept = Rules::of(variant);
        return Ok(Arc::new(Moves(turns_and_mirrors().into_iter().filter(|m| kept.keeps(m)).collect())));
    }
    Ok(rules.derived(|rules| Moves(Rules::of(rules.variant()).search())))
}

/// The moves of one rulebook, as [`Rulebook::derived`] keeps them.
struct Moves(Vec<Move>);

impl std::ops::Deref for Moves {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.0
    }
}

/// The extra houses and relations of a variant, as the search checks them.
struct Rules {
    /// Each extra house, as a bit set of cells.
    houses: Vec<u128>,
    /// Per relation, whether it binds each pair of cells (`a * 81 + b`).
    relations: Vec<Vec<bool>>,
}

impl Rules {
    fn of(variant: &Variant) -> Rules {
        let houses = variant.extra_houses().iter().map(|h| h.cells().iter().fold(0u128, |m, &c| m | 1 << c)).collect();
        let relations = variant
            .bonds()
            .into_iter()
            .map(|(_, pairs)| {
                let mut binds = vec![false; 81 * 81];
                for (a, b) in pairs {
                    binds[a * 81 + b] = true;
                    binds[b * 81 + a] = true;
                }
                binds
            })
            .collect();
        Rules { houses, relations }
    }

    /// Whether `m` keeps every extra house and relation.
    fn keeps(&self, m: &Move) -> bool {
        (0..SIDE).all(|column| self.holds_up_to(m, column, true))
    }

    /// Whether the cells of the columns `0..=column` of the result (with
    /// `all`, every column) break no rule: each house's cells so far lie in
    /// one house of the input, each pair a relation binds there is bound
    /// there too.
    fn holds_up_to(&self, m: &Move, column: usize, all: bool) -> bool {
        let placed = |k: usize| all || k % SIDE <= column;
        for &house in &self.houses {
            let known = (0..81).filter(|&k| house >> k & 1 == 1 && placed(k)).fold(0u128, |s, k| s | 1 << m[k]);
            if !self.houses.iter().any(|&other| known & !other == 0) {
                return false;
            }
        }
        for binds in &self.relations {
            for a in (0..81).filter(|&a| placed(a)) {
                for b in (a + 1..81).filter(|&b| placed(b) && binds[a * 81 + b]) {
                    if !binds[usize::from(m[a]) * 81 + usize::from(m[b])] {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Every move of the standard group that keeps the rules: for each
    /// transposition and row order (bands, then rows within them), the
    /// column orders found column by column, each checked as it grows.
    fn search(&self) -> Vec<Move> {
        let orders = line_orders();
        let mut found = Vec::new();
        for transposed in [false, true] {
            for rows in &orders {
                let mut columns = [0usize; SIDE];
                self.columns(transposed, rows, &mut columns, 0, &mut found);
            }
        }
        // The identity first.
        if let Some(at) = found.iter().position(|m| m.iter().enumerate().all(|(k, &c)| usize::from(c) == k)) {
            found.swap(0, at);
        }
        found
    }

    fn columns(
        &self,
        transposed: bool,
        rows: &[usize; SIDE],
        columns: &mut [usize; SIDE],
        j: usize,
        found: &mut Vec<Move>,
    ) {
        if j == SIDE {
            found.push(move_of(transposed, rows, columns));
            return;
        }
        // Stacks stay whole: column j starts a stack anywhere free, or
        // continues the stack of column j - 1.
        let choices: Vec<usize> = if j % 3 == 0 {
            (0..SIDE).filter(|&c| !columns[..j].iter().any(|&u| u / 3 == c / 3)).collect()
        } else {
            let stack = columns[j - 1] / 3;
            (stack * 3..stack * 3 + 3).filter(|c| !columns[..j].contains(c)).collect()
        };
        for c in choices {
            columns[j] = c;
            let m = move_of(transposed, rows, columns);
            if self.holds_up_to(&m, j, false) {
                self.columns(transposed, rows, columns, j + 1, found);
            }
        }
    }
}

/// The cell move with result cell `(i, j)` taking the input's
/// `(rows[i], columns[j])`, or of its transpose.
fn move_of(transposed: bool, rows: &[usize; SIDE], columns: &[usize; SIDE]) -> Move {
    let mut m = [0u8; 81];
    for i in 0..SIDE {
        for j in 0..SIDE {
            let (r, c) = if transposed { (columns[j], rows[i]) } else { (rows[i], columns[j]) };
            m[i * SIDE + j] = (r * SIDE + c) as u8;
        }
    }
    m
}

/// Every order of 9 lines that keeps bands whole: 6 band orders times 6³
/// orders within them.
fn line_orders() -> Vec<[usize; SIDE]> {
    const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::with_capacity(1296);
    for bands in PERMS {
        for a in PERMS {
            for b in PERMS {
                for c in PERMS {
                    let mut order = [0; SIDE];
                    for (k, within) in [a, b, c].iter().enumerate() {
                        for (l, &row) in within.iter().enumerate() {
                            order[k * 3 + l] = bands[k] * 3 + row;
                        }
                    }
                    out.push(order);
                }
            }
        }
    }
    out
}

/// The eight turns and mirrors of the square, the identity first.
fn turns_and_mirrors() -> Vec<Move> {
    let mut out = Vec::with_capacity(8);
    for transposed in [false, true] {
        for flip_rows in [false, true] {
            for flip_columns in [false, true] {
                let line =
                    |flip: bool| -> [usize; SIDE] { std::array::from_fn(|k| if flip { SIDE - 1 - k } else { k }) };
                out.push(move_of(transposed, &line(flip_rows), &line(flip_columns)));
            }
        }
    }
    out
}
