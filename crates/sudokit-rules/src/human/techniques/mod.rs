//! The built-in techniques, a module per family, each a public type that
//! implements [`Strategy`](super::Strategy).
//!
//! Pick some to make a list of your own for the
//! [`Explainer`](super::Explainer) or [`rate`](super::rate)'s peers, or
//! start from one of [`lists`](super::lists):
//!
//! ```
//! use sudokit_rules::human::techniques::{Fish, HiddenSingles, NakedSingles};
//! use sudokit_rules::human::{Position, Strategy};
//! use sudokit_core::Grid;
//!
//! let mine: [&dyn Strategy; 3] = [&HiddenSingles, &NakedSingles, &Fish::X_WING];
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let position = Position::new(&puzzle)?;
//! let step = mine.iter().find_map(|s| s.find(&position)).ok_or("stuck")?;
//! assert_eq!(step.placements().len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The chains (`chaining`, Sudoku Explainer's chaining engine) run
//! techniques inside their branches at the nested levels, so they come
//! last.

mod between;
mod bound;
mod chaining;
mod exclusion;
mod fish;
mod indexers;
mod intersections;
mod killer;
mod loops;
mod named;
mod narrowing;
mod non_consecutive;
mod pills;
mod quadruples;
mod renban;
mod sandwiches;
mod sightlines;
mod singles;
mod subsets;
mod uniqueness;
mod wings;

pub use between::{BetweenLines, RegionSumLines};
pub use bound::BoundCells;
pub use chaining::{Chains, ForcingChains};
pub use exclusion::{AlignedPairExclusion, AlignedTripleExclusion};
pub use fish::Fish;
pub use indexers::Indexers;
pub use intersections::{GeneralizedIntersections, Intersections};
pub use killer::{
    CageBoundDigits, CageCombinations, CageLockedDigits, DrawnSums, HouseCombinations, LawOfLeftovers, RuleOf45,
};
pub use loops::UniqueLoops;
pub use named::{EmptyRectangle, RemotePair, SimpleColouring, Skyscraper, TwoStringKite, WWing};
pub use non_consecutive::{LockedNonConsecutive, NonConsecutiveCells};
pub use pills::PillArrows;
pub use quadruples::Quadruples;
pub use renban::{RenbanLockedDigits, RenbanRuns};
pub use sandwiches::Sandwiches;
pub use sightlines::Sightlines;
pub use singles::{HiddenSingles, NakedSingles};
pub use subsets::{HiddenSubsets, NakedSubsets};
pub use uniqueness::{Bug, UniqueRectangles};
pub use wings::{XyWing, XyzWing};
