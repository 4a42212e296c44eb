//! What rules beyond rows, columns and boxes add to the board: [`Extras`],
//! their cells as masks over the board's three bands.

use sudokit_core::{House, HouseKind, RuleKind, RuleKinds, Rulebook, Shape};

/// A set of cells of the 9×9 board: bit `i % 27` of word `i / 27` for the
/// cell of row-major index `i`, as the board's words hold them.
pub(crate) type Cells = [u32; 3];

/// The rules of a 9×9 puzzle beyond its rows, columns and boxes, compiled
/// for the board: who sees whom, where each digit must go once, and what
/// the pencil marks rule out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Extras {
    /// For each cell, the cells outside its row, column and box that may
    /// not hold its digit: they share a house of the rules, or a
    /// difference relation binds them.
    peers: Vec<Cells>,
    /// The houses of nine cells other than rows, columns and boxes, where
    /// each digit goes exactly once (smaller houses, cages without a sum,
    /// only ask for distinct digits, which `peers` covers).
    houses: Vec<Cells>,
    /// The windows and houses of one's own of nine cells, each with a row
    /// or column it shares two cells or more with: where a digit can be
    /// locked into the cells they share.
    meets: Vec<(Cells, Cells)>,
    /// The cells with pencil marks, and for each the digits (bit `d` for
    /// digit `d + 1`) its marks rule out.
    excluded: Vec<(usize, u32)>,
    /// Whether a guess weighs three-candidate cells too: under anti-knight,
    /// where that takes 60 % fewer instructions; elsewhere it costs more
    /// than it saves (`docs/notes.md`).
    weighs_triples: bool,
}

impl Extras {
    /// The kinds of rule the board takes beyond the standard ones: houses
    /// on the standard boxes, difference relations, and pencil marks.
    pub(crate) const KINDS: RuleKinds = RuleKinds::of(&[
        RuleKind::Diagonals,
        RuleKind::Windows,
        RuleKind::DisjointGroups,
        RuleKind::ExtraHouses,
        RuleKind::Cages,
        RuleKind::AntiKing,
        RuleKind::AntiKnight,
        RuleKind::Marks,
        RuleKind::Parity,
    ]);

    /// Whether the board takes `rules`: a 9×9 grid whose kinds of rule are
    /// all in [`KINDS`](Extras::KINDS).
    pub(crate) fn fits(rules: &Rulebook) -> bool {
        rules.shape() == Shape::CLASSIC && rules.kinds().is_subset(Extras::KINDS)
    }

    /// The extras of `rules`, which [fit](Extras::fits).
    pub(crate) fn new(rules: &Rulebook) -> Extras {
        debug_assert!(Extras::fits(rules));
        let standard = Rulebook::standard(Shape::CLASSIC);
        let peers = (0..81)
            .map(|cell| {
                let mut set = [0; 3];
                for peer in rules.peers(cell).filter(|&peer| !standard.are_peers(cell, peer)) {
                    set[peer / 27] |= 1 << (peer % 27);
                }
                set
            })
            .collect();
        let standard_kind = |kind| matches!(kind, HouseKind::Row | HouseKind::Column | HouseKind::Box);
        let as_cells = |cells: &[usize]| {
            let mut set = [0; 3];
            for &cell in cells {
                set[cell / 27] |= 1 << (cell % 27);
            }
            set
        };
        let houses = rules
            .houses()
            .iter()
            .filter(|house| !standard_kind(house.kind()) && house.cells().len() == 9)
            .map(|house| as_cells(house.cells()))
            .collect();
        // Locked candidates pay between windows and lines (on minimal
        // windoku, half the instructions), not between diagonals or
        // disjoint groups and the houses they meet (docs/notes.md).
        let locks = |kind| matches!(kind, HouseKind::Window | HouseKind::Extra);
        let lines = rules.houses().iter().filter(|house| matches!(house.kind(), HouseKind::Row | HouseKind::Column));
        let meets = rules
            .houses()
            .iter()
            .filter(|house| locks(house.kind()) && house.cells().len() == 9)
            .flat_map(|house| {
                let shared = |line: &&House| line.cells().iter().filter(|cell| house.cells().contains(cell)).count();
                lines
                    .clone()
                    .filter(move |line| shared(line) >= 2)
                    .map(|line| (as_cells(house.cells()), as_cells(line.cells())))
            })
            .collect();
        let excluded = rules.allowed_digits().map_or_else(Vec::new, |marks| {
            marks
                .iter()
                .enumerate()
                .filter(|&(_, &mark)| mark & 0x1ff != 0x1ff)
                .map(|(cell, &mark)| (cell, !(mark as u32) & 0x1ff))
                .collect()
        });
        let weighs_triples = rules.kinds().contains(RuleKind::AntiKnight);
        Extras { peers, houses, meets, excluded, weighs_triples }
    }

    /// The cells outside `cell`'s row, column and box that may not hold
    /// its digit.
    #[inline(always)]
    pub(crate) fn peers(&self, cell: usize) -> &Cells {
        &self.peers[cell]
    }

    /// The houses of nine cells beyond rows, columns and boxes.
    #[inline(always)]
    pub(crate) fn houses(&self) -> &[Cells] {
        &self.houses
    }

    /// The windows and houses of one's own, each with a line it shares
    /// two cells or more with.
    #[inline(always)]
    pub(crate) fn meets(&self) -> &[(Cells, Cells)] {
        &self.meets
    }

    /// Whether a guess weighs cells of three candidates against the
    /// bivalue ones (see [`Board::branch_bound`](crate::board::Board::branch_bound)).
    #[inline(always)]
    pub(crate) fn weighs_triples(&self) -> bool {
        self.weighs_triples
    }

    /// The candidates the pencil marks rule out: cell and digits.
    pub(crate) fn excluded(&self) -> &[(usize, u32)] {
        &self.excluded
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::{Relation, Variant};

    use super::*;

    fn cells(set: &Cells) -> Vec<usize> {
        (0..81).filter(|&cell| set[cell / 27] & (1 << (cell % 27)) != 0).collect()
    }

    #[test]
    fn the_diagonals_are_two_houses_and_their_cells_see_along_them() {
        let x = Extras::new(&Rulebook::new(Variant::standard(Shape::CLASSIC).with_diagonals()));
        assert_eq!(
            x.houses().iter().map(cells).collect::<Vec<_>>(),
            [vec![0, 10, 20, 30, 40, 50, 60, 70, 80], vec![8, 16, 24, 32, 40, 48, 56, 64, 72]]
        );
        // r1c1 sees the main diagonal outside its box; r1c2 sees nothing more.
        assert_eq!(cells(x.peers(0)), [30, 40, 50, 60, 70, 80]);
        assert!(cells(x.peers(1)).is_empty());
        // The centre sees both diagonals outside its box.
        assert_eq!(cells(x.peers(40)), [0, 8, 10, 16, 20, 24, 56, 60, 64, 70, 72, 80]);
    }

    #[test]
    fn windows_meet_the_lines_they_cross() {
        let x = Extras::new(&Rulebook::new(Variant::standard(Shape::CLASSIC).with_diagonals()));
        assert!(x.meets().is_empty());
        let windoku = Extras::new(&Rulebook::new(Variant::standard(Shape::CLASSIC).with_windows()));
        // A window crosses three rows and three columns.
        assert_eq!(windoku.meets().len(), 4 * 6);
        let (window, row) = windoku.meets()[0];
        assert_eq!(cells(&window), [10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(cells(&row), (9..18).collect::<Vec<_>>(), "row 2 first, as the rules list houses");
    }

    #[test]
    fn a_relation_is_peers_and_no_house() {
        let king = Extras::new(&Rulebook::new(Variant::standard(Shape::CLASSIC).with_relation(Relation::AntiKing)));
        assert!(king.houses().is_empty());
        // A king's move from r3c3 leaves its box at r4c4 (and r2c4, r4c2…).
        assert_eq!(cells(king.peers(20)), [12, 28, 30]);
    }

    #[test]
    fn pencil_marks_rule_out_the_digits_they_lack() {
        let mut marks = vec![0x1ff_u64; 81];
        marks[5] = 0b101;
        let rules = Rulebook::new(Variant::standard(Shape::CLASSIC).with_marks(&marks).expect("81 mark sets"));
        assert_eq!(Extras::new(&rules).excluded(), [(5, 0x1ff & !0b101)]);
    }

    #[test]
    fn only_the_standard_boxes_of_9x9_fit() {
        assert!(Extras::fits(&Rulebook::new(Variant::standard(Shape::CLASSIC).with_windows())));
        assert!(!Extras::fits(&Rulebook::new(Variant::standard(Shape::SIX).with_diagonals())));
        let nc = Variant::standard(Shape::CLASSIC).with_relation(Relation::NonConsecutive);
        assert!(!Extras::fits(&Rulebook::new(nc)));
    }
}
