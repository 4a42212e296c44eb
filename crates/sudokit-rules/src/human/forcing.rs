//! [`ForcingChain`]: one branch of a forcing chain, link by link, as
//! players write it (`r6c2=1 → r6c5≠1 → r4c5=1 → …`).

use std::fmt;

use sudokit_core::sums::SumOrigin;
use sudokit_core::{Cell, Digit, Relation};

use super::house::House;

/// Why a candidate of a forcing chain is true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum LinkReason {
    /// The branch's assumption.
    Assumed,
    /// Inside one cell: a digit true there makes the cell's others false
    /// (a weak link), and the last candidate left is true (a strong one).
    Cell,
    /// Inside one house: a digit true there makes its other places false
    /// (a weak link), and its last place left is true (a strong one).
    House(House),
    /// Between cells that share no house, a digit true in one makes a
    /// candidate of the other false (a weak link): the same digit in a
    /// cell a relation binds (anti-king, anti-knight) or in a house of
    /// one's own smaller than the side (`None`); under non-consecutive,
    /// the digits next to it in an orthogonal neighbour.
    Bound(Option<Relation>),
    /// A technique run inside the branch (locked candidates, a subset or
    /// a fish, at the dynamic (+) level).
    Technique,
    /// A chain nested inside the branch (the nested levels).
    NestedChain,
    /// In a killer, cage `n`'s sum (0-based, as in
    /// [`Variant::cages`](sudokit_core::Variant::cages)): no filling of the
    /// cage within the candidates the branch has left puts the digit in
    /// the cell (a weak link from the candidates it took from the cage).
    CageSum(usize),
    /// In a killer, a sum the cages imply (innies and outies of houses),
    /// or an arrow's or a little killer's: no filling of its cells within
    /// the candidates the branch has left puts the digit in the cell.
    ImpliedSum(SumOrigin),
}

/// How a chain names a sum the cages imply, or one drawn on the grid.
fn implied(origin: SumOrigin) -> &'static str {
    match origin {
        SumOrigin::HouseRest => "the innies of a house",
        SumOrigin::HouseOutie => "the outies of a house",
        SumOrigin::Grid => "the cells outside every cage",
        SumOrigin::Arrow => "an arrow's sum",
        SumOrigin::LittleKiller => "a little killer's sum",
        _ => "the innies and outies of houses",
    }
}

/// One candidate of a [`ForcingChain`], true or false, and what it
/// follows from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ChainLink {
    cell: Cell,
    digit: Digit,
    on: bool,
    reason: LinkReason,
    parents: Vec<usize>,
}

impl ChainLink {
    pub(crate) fn new(cell: Cell, digit: Digit, on: bool, reason: LinkReason, parents: Vec<usize>) -> ChainLink {
        ChainLink { cell, digit, on, reason, parents }
    }

    /// The candidate's cell.
    pub fn cell(&self) -> Cell {
        self.cell
    }

    /// The candidate's digit.
    pub fn digit(&self) -> Digit {
        self.digit
    }

    /// Whether the chain makes the candidate true (the cell holds the
    /// digit) rather than false. A link into a true candidate is strong,
    /// into a false one weak.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Why the candidate is true or false.
    pub fn reason(&self) -> LinkReason {
        self.reason
    }

    /// The links it follows from, as indices into
    /// [`ForcingChain::links`]: one for a plain chain, several where a
    /// dynamic chain joins branches (a hidden single needs every other
    /// place gone). None for the assumption, or for a [`LinkReason::Technique`]
    /// or [`LinkReason::NestedChain`] whose grounds the step does not list.
    pub fn parents(&self) -> &[usize] {
        &self.parents
    }
}

impl fmt::Display for ChainLink {
    /// `r6c2=1` for a true candidate, `r6c2≠1` for a false one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.on { '=' } else { '≠' };
        write!(f, "{}{sign}{}", self.cell, self.digit)
    }
}

/// One branch of a forcing chain: from its assumption to its conclusion,
/// every candidate it makes true or false, each after the links it
/// follows from.
///
/// `Display` writes the main line, from the assumption through each
/// link's first parent to the conclusion, shortened to its ends when
/// longer than seven (`r6c2=1 → r6c5≠1 → r4c5=1 → … → r3c3≠2 (12
/// candidates)`); `{:#}` writes every link on a line of its own, with
/// what it follows from and why (`r6c5≠1 → r4c5=1 (column 5)`).
///
/// ```
/// use sudokit_rules::human::{Position, Technique};
/// use sudokit_core::Grid;
///
/// // Top95 number 21: its first chain is a Nishio forcing chain.
/// let puzzle: Grid = "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2...".parse()?;
/// let mut position = Position::new(&puzzle)?;
/// let step = loop {
///     let step = position.hint().ok_or("stuck")?;
///     if !step.forcing_chains().is_empty() {
///         break step;
///     }
///     position.apply(&step)?;
/// };
/// assert_eq!(step.technique(), Technique::Nishio);
/// // Two branches from one assumption, ending in one candidate both true
/// // and false: the assumption is wrong.
/// let [a, b] = step.forcing_chains() else { return Err("two branches".into()) };
/// assert_eq!(a.assumption(), b.assumption());
/// let (x, y) = (a.conclusion(), b.conclusion());
/// assert!(x.cell() == y.cell() && x.digit() == y.digit() && x.is_on() != y.is_on());
/// println!("{a}\n{b}"); // r4c7=3 → r5c9≠3 → r5c6=3 → …
/// println!("{a:#}"); // one link a line, with its reason
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ForcingChain {
    links: Vec<ChainLink>,
}

impl ForcingChain {
    /// Links whose parents come before them, the last the conclusion.
    pub(crate) fn new(links: Vec<ChainLink>) -> ForcingChain {
        debug_assert!(!links.is_empty());
        debug_assert!(links.iter().enumerate().all(|(k, l)| l.parents.iter().all(|&p| p < k)));
        ForcingChain { links }
    }

    /// Every candidate of the branch, each after the links it follows
    /// from; the assumption first, the conclusion last.
    pub fn links(&self) -> &[ChainLink] {
        &self.links
    }

    /// The assumption the branch starts from.
    pub fn assumption(&self) -> &ChainLink {
        &self.links[0]
    }

    /// What the branch concludes.
    pub fn conclusion(&self) -> &ChainLink {
        &self.links[self.links.len() - 1]
    }

    /// The main line, as indices into [`links`](Self::links): from the
    /// conclusion back through first parents, then read forwards.
    pub fn main_line(&self) -> Vec<usize> {
        let mut line = vec![self.links.len() - 1];
        while let Some(&parent) = self.links[line[line.len() - 1]].parents.first() {
            line.push(parent);
        }
        line.reverse();
        line
    }
}

/// The longest main line written whole.
const SHORT: usize = 7;

impl fmt::Display for ForcingChain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.write_full(f);
        }
        let line = self.main_line();
        let shown: Vec<String> = if line.len() > SHORT {
            let ends = line[..3].iter().chain(&line[line.len() - 3..]);
            let mut words: Vec<String> = ends.map(|&k| self.links[k].to_string()).collect();
            words.insert(3, "…".to_owned());
            words
        } else {
            line.iter().map(|&k| self.links[k].to_string()).collect()
        };
        f.write_str(&shown.join(" → "))?;
        if line.len() < self.links.len() || line.len() > SHORT {
            write!(f, " ({} candidates)", self.links.len())?;
        }
        Ok(())
    }
}

impl ForcingChain {
    fn write_full(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, link) in self.links.iter().enumerate() {
            if k > 0 {
                f.write_str("\n")?;
            }
            if !link.parents.is_empty() {
                let parents: Vec<String> = link.parents.iter().map(|&p| self.links[p].to_string()).collect();
                write!(f, "{} → ", parents.join(" & "))?;
            }
            write!(f, "{link}")?;
            match link.reason {
                LinkReason::Assumed => f.write_str(" (assumed)")?,
                LinkReason::Cell => write!(f, " ({})", link.cell)?,
                LinkReason::House(house) => write!(f, " ({house})")?,
                LinkReason::Bound(Some(Relation::NonConsecutive)) => f.write_str(" (consecutive in neighbours)")?,
                LinkReason::Bound(Some(relation)) => write!(f, " ({})", relation.apart())?,
                LinkReason::Bound(None) => f.write_str(" (a house of its own)")?,
                LinkReason::Technique => f.write_str(" (a technique inside the branch)")?,
                LinkReason::NestedChain => f.write_str(" (a chain nested in the branch)")?,
                LinkReason::CageSum(cage) => write!(f, " (cage {}'s sum)", cage + 1)?,
                LinkReason::ImpliedSum(origin) => write!(f, " ({})", implied(origin))?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::HouseKind;

    use super::*;

    fn link(cell: (usize, usize), digit: u8, on: bool, reason: LinkReason, parents: Vec<usize>) -> ChainLink {
        let digit = Digit::new(digit).expect("a digit");
        ChainLink::new(Cell::new(cell.0, cell.1), digit, on, reason, parents)
    }

    fn row(n: usize) -> LinkReason {
        LinkReason::House(House::new(HouseKind::Row, n))
    }

    #[test]
    fn a_short_chain_is_written_whole_and_a_long_one_by_its_ends() {
        let short = ForcingChain::new(vec![
            link((5, 1), 1, true, LinkReason::Assumed, vec![]),
            link((5, 4), 1, false, row(5), vec![0]),
            link((3, 4), 1, true, row(5), vec![1]),
        ]);
        assert_eq!(short.to_string(), "r6c2=1 → r6c5≠1 → r4c5=1");
        let mut links = vec![link((0, 0), 1, true, LinkReason::Assumed, vec![])];
        for k in 1..9 {
            links.push(link((0, k), 1, k % 2 == 0, row(0), vec![k - 1]));
        }
        let long = ForcingChain::new(links);
        assert_eq!(long.to_string(), "r1c1=1 → r1c2≠1 → r1c3=1 → … → r1c7=1 → r1c8≠1 → r1c9=1 (9 candidates)");
        assert_eq!(long.main_line(), (0..9).collect::<Vec<_>>());
    }

    #[test]
    fn the_full_form_names_every_parent_and_reason() {
        let boxed = LinkReason::House(House::new(HouseKind::Box, 0));
        let chain = ForcingChain::new(vec![
            link((0, 0), 1, true, LinkReason::Assumed, vec![]),
            link((1, 0), 1, false, boxed, vec![0]),
            link((1, 1), 1, false, boxed, vec![0]),
            link((1, 6), 1, true, row(1), vec![1, 2]),
        ]);
        // The main line goes through first parents only; the join shows
        // in the count.
        assert_eq!(chain.to_string(), "r1c1=1 → r2c1≠1 → r2c7=1 (4 candidates)");
        assert_eq!(
            format!("{chain:#}"),
            "r1c1=1 (assumed)\nr1c1=1 → r2c1≠1 (box 1)\nr1c1=1 → r2c2≠1 (box 1)\nr2c1≠1 & r2c2≠1 → r2c7=1 (row 2)"
        );
    }
}
