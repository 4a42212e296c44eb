//! Human Sudoku solving for **sudokit**: techniques with hints, a
//! step-by-step explainer and a rating on the Sudoku Explainer scale.
//!
//! [`human`] solves as a player does, for every shape: the techniques of
//! Sudoku Explainer's path from hidden singles to nested forcing chains,
//! and the named patterns players know, each step explained in a
//! sentence; under a variant's rules, SukakuExplainer's generalized
//! techniques, the non-consecutive ones and the killer ones (cage
//! combinations, cage-locked and cage-bound digits, the rule of 45);
//! hints from a
//! player's pencil marks; a step-by-step
//! [`Explainer`](human::Explainer) that guesses and backtracks when logic
//! stalls; a difficulty [`rate`](human::rate) on the Sudoku Explainer
//! scale; and [`HumanSolver`](human::HumanSolver), registered as `rules`.
//!
//! ```
//! use sudokit_rules::human::{rate, Level, Position};
//! use sudokit_core::Grid;
//!
//! let puzzle: Grid = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..".parse()?;
//! let step = Position::new(&puzzle)?.hint().ok_or("no technique applies")?;
//! assert_eq!(step.to_string(), "Naked single: r1c1 can only hold 1");
//! let rating = rate(&puzzle)?;
//! assert_eq!(rating.level, Level::Expert);
//! println!("ER {} EP {} ED {}, hardest step: {:?}", rating.er, rating.ep, rating.ed, rating.hardest);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Crate features
//! * `serde`: `Serialize` for [`Step`](human::Step) and the explainer's
//!   [`Event`](human::Event), `Serialize` and `Deserialize` for
//!   [`Rating`](human::Rating), [`Score`](human::Score),
//!   [`Technique`](human::Technique), [`Level`](human::Level),
//!   [`Outcome`](human::Outcome) and [`RateError`](human::RateError); it
//!   turns on the `serde` features of `sudokit-core` and `sudokit-grid`. A
//!   step is only made by the techniques, so it is not deserialised.
//! * `svg`: `human::Step::to_svg`, the step drawn as the
//!   grid with its pencil marks, the pattern's houses and cells highlighted,
//!   removed candidates struck and placed digits ringed; plain SVG, no
//!   drawing crate, for a GUI or a web page to reuse.
#![doc(test(attr(deny(warnings))))]

pub use sudokit_core;

pub mod human;

/// The README's example runs as a doctest, so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
