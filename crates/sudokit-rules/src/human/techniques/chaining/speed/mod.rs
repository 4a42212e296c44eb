//! What makes the chaining rules of the sibling module `rules` fast
//! without changing a step they give: memory reused between searches
//! (`pools`), the implications tabulated per grid state (`links`) and
//! what each potential reaches along them (`reach`), kept per state
//! (`tables`); the branches along one digit that may meet a
//! contradiction (`along_digit`); what a dynamic branch keeps, as bit
//! sets (`closure`); the position's branches shared with the searches
//! nested in them (`shared`); which cell and region chains of a state
//! may share a conclusion, kept with its hints (`shares`); the whole memory of a path's chain
//! searches, with the hints of the grid states met (`cache`); and the
//! branches of a nested step run on several threads (`spread`). A test
//! turns the accelerators off and compares every step.

pub(super) mod along_digit;
pub(super) mod cache;
pub(super) mod closure;
pub(super) mod links;
pub(super) mod pools;
pub(super) mod reach;
pub(super) mod shared;
pub(super) mod shares;
pub(super) mod spread;
pub(super) mod tables;
