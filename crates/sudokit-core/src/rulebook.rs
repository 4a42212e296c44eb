//! [`Rulebook`]: a puzzle's rules compiled once — the one built form of a
//! [`Variant`] that every engine reads.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use crate::bond::Bond;
use crate::cage::{MAX_DIGIT_SETS, digit_sets};
use crate::error::SolveError;
use crate::pairs::PairRule;
use crate::rule_kinds::{RuleKind, RuleKinds};
use crate::shape::Shape;
use crate::sightlines::SightlineKind;
use crate::variant::{House, HouseKind, Variant};

/// The rules of a puzzle, compiled once from their description (a
/// [`Variant`]): every house, each cell's houses, each cell's peers as a
/// bit matrix, the pairs of cells each bond binds with the rule on their
/// digits, and the [kinds of rule](RuleKinds) they hold.
///
/// A `Rulebook` is immutable and shared: cloning it clones an [`Arc`], so
/// a file of puzzles under one rules line, a [`Puzzle`](crate::Puzzle) and
/// every engine that solves it read the same tables. Engines derive their
/// own forms from it and keep them with it, never in a process-wide map.
/// The standard rules of a shape ([`Rulebook::standard`]) are built once
/// per shape.
///
/// ```
/// use sudokit_core::{Cell, RuleKind, Rulebook, Shape, Variant};
///
/// let x = Rulebook::new(Variant::standard(Shape::CLASSIC).with_diagonals());
/// assert!(x.kinds().contains(RuleKind::Diagonals));
/// assert_eq!(x.houses().len(), 27 + 2);
/// let centre = Cell::new(4, 4).index(Shape::CLASSIC);
/// assert_eq!(x.peers(centre).count(), 20 + 2 * 6);
/// assert!(x.are_peers(0, 80), "r1c1 and r9c9 share the main diagonal");
/// assert!(Rulebook::standard(Shape::CLASSIC).kinds().is_empty());
/// ```
#[derive(Clone)]
pub struct Rulebook {
    inner: Arc<Compiled>,
}

struct Compiled {
    variant: Variant,
    kinds: RuleKinds,
    houses: Vec<House>,
    /// For each cell, the indices in `houses` of the houses holding it.
    houses_of: Vec<Vec<usize>>,
    /// Words per row of `peer_bits`.
    words: usize,
    /// Row `i` has bit `j` when cells `i` and `j` may not share a digit.
    peer_bits: Vec<u64>,
    /// The pairs (`a < b`) each bond binds, as [`Variant::bonds`].
    bonds: Vec<(Bond, Vec<(usize, usize)>)>,
    /// For each cell, the cells bound to it by a rule other than
    /// different digits, with the rule.
    bound_to: Vec<Vec<(usize, PairRule)>>,
    /// The digits each cell may hold, where marks or parity restrict them.
    allowed: Option<Box<[u64]>>,
    /// The forms engines derived from these rules, one per type.
    derived: Mutex<Vec<(TypeId, Arc<dyn Any + Send + Sync>)>>,
}

impl Rulebook {
    /// Compiles `variant` (the standard rules of a shape are compiled once
    /// and shared: [`Rulebook::standard`]).
    pub fn new(variant: Variant) -> Rulebook {
        if variant.is_standard() {
            return Rulebook::standard(variant.shape());
        }
        Rulebook::compile(variant)
    }

    fn compile(variant: Variant) -> Rulebook {
        Rulebook { inner: Arc::new(Compiled::new(variant)) }
    }

    /// The standard rules of `shape`, built once per shape and shared.
    pub fn standard(shape: Shape) -> Rulebook {
        static CLASSIC: OnceLock<Rulebook> = OnceLock::new();
        static OTHERS: OnceLock<Mutex<HashMap<Shape, Rulebook>>> = OnceLock::new();
        if shape == Shape::CLASSIC {
            return CLASSIC.get_or_init(|| Rulebook::compile(Variant::standard(shape))).clone();
        }
        let mut others = OTHERS.get_or_init(Mutex::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        others.entry(shape).or_insert_with(|| Rulebook::compile(Variant::standard(shape))).clone()
    }

    /// The description these rules were compiled from.
    pub fn variant(&self) -> &Variant {
        &self.inner.variant
    }

    /// The shape of their grids.
    pub fn shape(&self) -> Shape {
        self.inner.variant.shape()
    }

    /// Whether these are the standard rules: rows, columns and boxes only.
    pub fn is_standard(&self) -> bool {
        self.inner.kinds.is_empty()
    }

    /// The kinds of rule they hold beyond the standard ones.
    pub fn kinds(&self) -> RuleKinds {
        self.inner.kinds
    }

    /// `Ok` when every kind of rule here is in `known`; else the
    /// [`SolveError::UnsupportedVariant`] naming the first kind that is
    /// not. This is the one check by which every solver refuses what it
    /// does not know ([`Solver::rule_kinds`](crate::Solver::rule_kinds)).
    ///
    /// # Errors
    /// [`SolveError::UnsupportedVariant`], as above.
    ///
    /// ```
    /// use sudokit_core::{RuleKind, RuleKinds, Rulebook, Shape, SolveError, Variant};
    ///
    /// let x = Rulebook::new(Variant::standard(Shape::CLASSIC).with_diagonals());
    /// assert!(x.check_known(RuleKinds::of(&[RuleKind::Diagonals])).is_ok());
    /// let err = x.check_known(RuleKinds::STANDARD).unwrap_err();
    /// assert!(matches!(err, SolveError::UnsupportedVariant { kind: RuleKind::Diagonals, .. }));
    /// assert_eq!(err.to_string(), "this solver does not take the rules `x`: it does not know diagonals");
    /// ```
    pub fn check_known(&self, known: RuleKinds) -> Result<(), SolveError> {
        match self.inner.kinds.difference(known).first() {
            None => Ok(()),
            Some(kind) => Err(SolveError::UnsupportedVariant { rules: self.inner.variant.to_string(), kind }),
        }
    }

    /// Every house: rows, columns, boxes or regions, the extra houses by
    /// kind, then the cages of two cells or more ([`Variant::houses`]).
    pub fn houses(&self) -> &[House] {
        &self.inner.houses
    }

    /// The indices in [`houses`](Rulebook::houses) of the houses holding
    /// `cell` (row-major index), ascending.
    ///
    /// # Panics
    /// When `cell` is not a cell of the shape.
    pub fn houses_of(&self, cell: usize) -> &[usize] {
        &self.inner.houses_of[cell]
    }

    /// Row `cell` of the peer matrix: bit `j % 64` of word `j / 64` is set
    /// when cells `cell` and `j` may not hold the same digit (they share a
    /// house, or a difference relation binds them).
    ///
    /// # Panics
    /// When `cell` is not a cell of the shape.
    pub fn peer_row(&self, cell: usize) -> &[u64] {
        let words = self.inner.words;
        &self.inner.peer_bits[cell * words..(cell + 1) * words]
    }

    /// Whether cells `a` and `b` may not hold the same digit.
    ///
    /// # Panics
    /// When `a` or `b` is not a cell of the shape.
    pub fn are_peers(&self, a: usize, b: usize) -> bool {
        let row = self.peer_row(a);
        assert!(b < self.shape().cell_count(), "cell {b} is outside the grid");
        row[b / 64] >> (b % 64) & 1 == 1
    }

    /// The peers of `cell`, ascending ([`Variant::peers`]).
    ///
    /// # Panics
    /// When `cell` is not a cell of the shape.
    pub fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.peer_row(cell).iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + bit
                })
            })
        })
    }

    /// Each bond between two cells (a relation, a clue, no clue where all
    /// are given, a line) with the pairs of cells it binds (`a < b`, but a
    /// thermometer's from the bulb's side: the rule reads `a` first), as
    /// [`Variant::bonds`] lists them. Those asking for different digits are
    /// in the peers too.
    pub fn bonds(&self) -> &[(Bond, Vec<(usize, usize)>)] {
        &self.inner.bonds
    }

    /// The cells bound to `cell` by a rule other than different digits
    /// (non-consecutive, a Kropki dot, an X, a thermometer…), each with
    /// the rule read from `cell` (its digit first: beside digit `d` here,
    /// the other cell may hold `rule.partners(d, side)`), in the order of
    /// [`bonds`](Rulebook::bonds): what an engine checks beyond the peers
    /// when `cell` gets a digit.
    ///
    /// ```
    /// use sudokit_core::{Cell, Digit, EdgeClue, PairRule, Rulebook, Shape, Variant};
    ///
    /// let v = Variant::standard(Shape::CLASSIC).with_edge_clue(EdgeClue::V, Cell::new(0, 0), Cell::new(0, 1))?;
    /// let rules = Rulebook::new(v);
    /// assert_eq!(rules.bound_to(1), [(0, PairRule::Sum(5))]);
    /// let three = Digit::new(3).ok_or("a digit")?;
    /// let beside: u64 = rules.bound_to(1).iter().map(|&(_, rule)| rule.partners(three, 9)).fold(!0, |a, b| a & b);
    /// assert_eq!(beside, 0b10, "a 2 beside a 3 on a V");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// When `cell` is not a cell of the shape.
    pub fn bound_to(&self, cell: usize) -> &[(usize, PairRule)] {
        &self.inner.bound_to[cell]
    }

    /// The digits each cell may hold (bit `d - 1` for digit `d`, one set
    /// per cell in row-major order) where pencil marks or even and odd
    /// cells restrict them ([`Variant::allowed_digits`]), `None` where
    /// nothing does.
    ///
    /// ```
    /// use sudokit_core::{Cell, Parity, Rulebook, Shape, Variant};
    ///
    /// let odd = Variant::standard(Shape::CLASSIC).with_parity(Cell::new(0, 1), Parity::Odd)?;
    /// assert_eq!(Rulebook::new(odd).allowed_digits().map(|digits| digits[1]), Some(0b1_0101_0101));
    /// assert!(Rulebook::standard(Shape::CLASSIC).allowed_digits().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn allowed_digits(&self) -> Option<&[u64]> {
        self.inner.allowed.as_deref()
    }

    /// The form of type `T` an engine derives from these rules: built by
    /// `build` the first time it is asked for, then kept with the rules and
    /// shared by every clone of them, so a file of puzzles under one rules
    /// line builds each engine's tables once. One form per type: an engine
    /// keeps its tables in a type of its own.
    ///
    /// A form must not hold the rulebook itself (a clone would keep it
    /// alive forever); it holds what it needs of it.
    ///
    /// ```
    /// use sudokit_core::{Rulebook, Shape, Variant};
    ///
    /// /// An engine's own table: the number of peers of each cell.
    /// struct Degrees(Vec<usize>);
    ///
    /// let x = Rulebook::new(Variant::standard(Shape::CLASSIC).with_diagonals());
    /// let build = |rules: &Rulebook| Degrees((0..81).map(|cell| rules.peers(cell).count()).collect());
    /// let first = x.derived(build);
    /// assert_eq!(first.0[40], 32);
    /// // Asked again, through a clone, the same table comes back unbuilt.
    /// let again = x.clone().derived(|_| -> Degrees { unreachable!("built already") });
    /// assert!(std::sync::Arc::ptr_eq(&first, &again));
    /// ```
    pub fn derived<T: Any + Send + Sync>(&self, build: impl FnOnce(&Rulebook) -> T) -> Arc<T> {
        let id = TypeId::of::<T>();
        let find = |forms: &[(TypeId, Arc<dyn Any + Send + Sync>)]| {
            forms.iter().find(|(form, _)| *form == id).and_then(|(_, form)| Arc::clone(form).downcast::<T>().ok())
        };
        if let Some(form) = find(&self.lock_derived()) {
            return form;
        }
        // Built outside the lock: a form may derive others from the rules.
        let built = Arc::new(build(self));
        let mut forms = self.lock_derived();
        if let Some(form) = find(&forms) {
            return form;
        }
        forms.push((id, Arc::clone(&built) as Arc<dyn Any + Send + Sync>));
        built
    }

    fn lock_derived(&self) -> std::sync::MutexGuard<'_, Vec<(TypeId, Arc<dyn Any + Send + Sync>)>> {
        // A panic while the lock was held left the list whole: it only
        // ever grows by one push.
        self.inner.derived.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Compiled {
    fn new(variant: Variant) -> Compiled {
        let cells = variant.shape().cell_count();
        let kinds = kinds_of(&variant);
        let houses = variant.houses();
        let mut houses_of = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for &cell in house.cells() {
                houses_of[cell].push(h);
            }
        }
        let words = cells.div_ceil(64);
        let mut peer_bits = vec![0u64; cells * words];
        let mut bind = |a: usize, b: usize| {
            peer_bits[a * words + b / 64] |= 1 << (b % 64);
            peer_bits[b * words + a / 64] |= 1 << (a % 64);
        };
        for house in &houses {
            for (k, &a) in house.cells().iter().enumerate() {
                for &b in &house.cells()[k + 1..] {
                    bind(a, b);
                }
            }
        }
        let bonds = variant.bonds();
        let mut bound_to = vec![Vec::new(); cells];
        for (bond, pairs) in &bonds {
            let rule = bond.rule();
            for &(a, b) in pairs {
                if rule.is_difference() {
                    bind(a, b);
                } else {
                    bound_to[a].push((b, rule));
                    bound_to[b].push((a, rule.reversed()));
                }
            }
        }
        let allowed = variant.allowed_digits().map(Vec::into_boxed_slice);
        Compiled {
            variant,
            kinds,
            houses,
            houses_of,
            words,
            peer_bits,
            bonds,
            bound_to,
            allowed,
            derived: Mutex::default(),
        }
    }
}

/// The kinds of rule `variant` holds.
fn kinds_of(variant: &Variant) -> RuleKinds {
    let side = variant.shape().side();
    let mut kinds = RuleKinds::STANDARD;
    if variant.regions().is_some() {
        kinds |= RuleKind::Regions;
    }
    for house in variant.extra_houses() {
        kinds |= match house.kind() {
            HouseKind::Diagonal | HouseKind::AntiDiagonal => RuleKind::Diagonals,
            HouseKind::Window => RuleKind::Windows,
            HouseKind::DisjointGroup => RuleKind::DisjointGroups,
            _ => RuleKind::ExtraHouses,
        };
    }
    for (bond, _) in variant.bonds() {
        kinds |= bond.kind();
    }
    // A line without pairs (a region-sum line) has no bond.
    for line in variant.lines() {
        kinds |= line.kind().kind();
    }
    for cage in variant.cages() {
        kinds |= RuleKind::Cages;
        if cage.sum().is_some() {
            kinds |= if digit_sets(side, cage.cells().len()) <= MAX_DIGIT_SETS {
                RuleKind::CageSums
            } else {
                RuleKind::WideCageSums
            };
        }
    }
    if variant.marks().is_some() {
        kinds |= RuleKind::Marks;
    }
    if !variant.parities().is_empty() {
        kinds |= RuleKind::Parity;
    }
    if !variant.arrows().is_empty() {
        kinds |= RuleKind::Arrows;
    }
    if !variant.little_killers().is_empty() {
        kinds |= RuleKind::LittleKillers;
    }
    if !variant.quadruples().is_empty() {
        kinds |= RuleKind::Quadruples;
    }
    if !variant.sandwiches().is_empty() {
        kinds |= RuleKind::Sandwiches;
    }
    if !variant.clones().is_empty() {
        kinds |= RuleKind::Clones;
    }
    if !variant.indexers().is_empty() {
        kinds |= RuleKind::Indexers;
    }
    if !variant.pill_arrows().is_empty() {
        kinds |= RuleKind::PillArrows;
    }
    for clue in variant.sightlines() {
        kinds |= match clue.kind() {
            SightlineKind::XSum => RuleKind::XSums,
            _ => RuleKind::Skyscrapers,
        };
    }
    kinds
}

impl From<Variant> for Rulebook {
    fn from(variant: Variant) -> Rulebook {
        Rulebook::new(variant)
    }
}

impl PartialEq for Rulebook {
    /// Rulebooks are equal when their descriptions are.
    fn eq(&self, other: &Rulebook) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner) || self.inner.variant == other.inner.variant
    }
}

impl Eq for Rulebook {}

impl Hash for Rulebook {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.inner.variant.hash(state);
    }
}

impl fmt::Debug for Rulebook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rulebook").field("variant", &self.inner.variant).field("kinds", &self.inner.kinds).finish()
    }
}

impl fmt::Display for Rulebook {
    /// The rules' text form ([`Variant`]'s).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.inner.variant, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Cell;
    use crate::pairs::Relation;

    #[test]
    fn peers_match_the_description_on_every_kind_of_house_and_relation() {
        let classic = Variant::standard(Shape::CLASSIC);
        let variants = [
            classic.clone(),
            classic.clone().with_diagonals().with_windows(),
            classic.clone().with_disjoint_groups().with_relation(Relation::AntiKnight),
            classic.clone().with_relation(Relation::AntiKing).with_relation(Relation::NonConsecutive),
            Variant::standard(Shape::new(4, 4).expect("16×16")).with_diagonals(),
        ];
        for variant in variants {
            let rules = Rulebook::new(variant.clone());
            let expected = variant.peers();
            for (cell, peers) in expected.iter().enumerate() {
                assert_eq!(&rules.peers(cell).collect::<Vec<_>>(), peers, "{variant:?} cell {cell}");
            }
            for (h, house) in rules.houses().iter().enumerate() {
                assert!(house.cells().iter().all(|&c| rules.houses_of(c).contains(&h)));
            }
        }
    }

    #[test]
    fn kinds_name_each_rule() {
        let shape = Shape::CLASSIC;
        let killer = Variant::standard(shape)
            .with_cage(&[Cell::new(0, 0), Cell::new(0, 1)], Some(3))
            .and_then(|v| v.with_cage(&[Cell::new(1, 0)], None))
            .expect("two cages");
        assert_eq!(Rulebook::new(killer).kinds(), RuleKinds::of(&[RuleKind::Cages, RuleKind::CageSums]));
        let unsummed = Variant::standard(shape).with_cage(&[Cell::new(0, 0)], None).expect("a cage");
        assert_eq!(Rulebook::new(unsummed).kinds(), RuleKinds::of(&[RuleKind::Cages]));
        let big = Shape::new(5, 5).expect("25×25");
        let long: Vec<Cell> = (0..12).map(|c| Cell::new(0, c)).collect();
        let wide = Variant::standard(big).with_cage(&long, Some(150)).expect("a cage");
        assert!(Rulebook::new(wide).kinds().contains(RuleKind::WideCageSums));
        let nc = Variant::standard(shape).with_relation(Relation::NonConsecutive).with_windows();
        assert_eq!(Rulebook::new(nc).kinds(), RuleKinds::of(&[RuleKind::Windows, RuleKind::NonConsecutive]));
        let map = [1, 1, 1, 2, 3, 1, 2, 2, 3, 3, 4, 2, 3, 4, 4, 4];
        let jigsaw = Variant::standard(Shape::MINI).with_regions(&map).expect("four regions of four");
        assert_eq!(Rulebook::new(jigsaw).kinds(), RuleKinds::of(&[RuleKind::Regions]));
    }

    #[test]
    fn the_standard_rulebook_is_shared_per_shape() {
        let a = Rulebook::standard(Shape::CLASSIC);
        let b = Rulebook::standard(Shape::CLASSIC);
        assert!(Arc::ptr_eq(&a.inner, &b.inner));
        assert_eq!(a, Rulebook::new(Variant::standard(Shape::CLASSIC)));
        let c = Rulebook::standard(Shape::MINI);
        assert!(Arc::ptr_eq(&c.inner, &Rulebook::standard(Shape::MINI).inner));
        assert!(c.is_standard() && c.shape() == Shape::MINI);
    }
}
