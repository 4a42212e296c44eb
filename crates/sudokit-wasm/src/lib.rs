//! **sudokit in the browser**: the library compiled to WebAssembly, with a
//! small JavaScript API that the playground page (`web/` in the
//! repository) calls from a Web Worker.
//!
//! # Build
//! ```text
//! rustup target add wasm32-unknown-unknown
//! cargo install wasm-bindgen-cli --version <the wasm-bindgen version in Cargo.lock>
//! bash web/build.sh        # the .wasm and its JavaScript glue into web/pkg/
//! python3 -m http.server -d web 8000
//! ```
//!
//! # The JavaScript API
//! `web/pkg/sudokit_wasm.js` is an ES module (wasm-bindgen's `web` target):
//! its default export loads the `.wasm`, then every function below is
//! callable. (The page itself runs the same functions from
//! `web/pkg/sudokit_bundle.js`, wasm-bindgen's `no-modules` glue with the
//! module inlined, so that it also works from `file://`.) Each takes the puzzle's text and an options object (omitted
//! or `{}` for the defaults; see [`api::Options`]: `timeLimitMs`,
//! `solver`, `limit`, `pictures`, `side`, `rules`, `symmetry`, `rating`,
//! `seed`), returns a plain object, and throws an `Error` whose message
//! says what was wrong and where (line and column, cell, rule) — never a
//! trap: no call panics on any input.
//!
//! | JavaScript | Rust | returns |
//! |---|---|---|
//! | `parse(text)` | [`api::parse`] | the puzzle to draw: `side`, `cells`, `regions`, `cages`, `extraHouses`, `edgeClues`, `marks`, `rules`, `line`, `picture` |
//! | `solve(text, options)` | [`api::solve`] | `cells`, `line`, `solver`, `nodes`, `micros` |
//! | `count(text, options)` | [`api::count`] | `count`, `limit`, `verdict` (`unique`, `none`, `several`) |
//! | `trueCandidates(text, options)` | [`api::true_candidates`] | `candidates`: per cell, the digits some solution puts there |
//! | `explain(text, options)` | [`api::explain`] | `steps` (each `kind`, `text`, `technique`, `score`, `chains`, `placements`, `eliminations`, `svg`, `cells`), `outcome`, `verdict`, `solution` |
//! | `hint(text, options)` | [`api::hint`] | the first step, or `null` |
//! | `rate(text, options)` | [`api::rate`] | `er`, `ep`, `ed`, `level`, `hardest`, `steps` |
//! | `generate(options)` | [`api::generate`] | `puzzle` (as `parse` gives it), `solution`, `seed`, `rating` |
//! | `measure(call, lines, options)` | [`api::measure`] | `calls`, `failures`, `micros`: one call timed over many puzzles (one per line) |
//! | `version()` | — | this crate's version |
//!
//! ```js
//! import init, { solve, rate } from "./pkg/sudokit_wasm.js";
//! await init();
//! const line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! console.log(solve(line, { timeLimitMs: 2000 }).line);
//! console.log(rate(line).er);
//! ```
//!
//! Time limits hold in the browser: `sudokit-core`'s clock reads
//! `performance.now()` there.
//!
//! The same calls are plain Rust in [`api`], which the native tests check:
//!
//! ```
//! use sudokit_wasm::api::{self, Options};
//!
//! let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! assert_eq!(&api::solve(line, &Options::default())?.line[..9], "417369825");
//! assert_eq!(api::rate(line, &Options::default())?.er, "2.6");
//! let failure = api::parse("11..............").unwrap_err();
//! assert!(failure.message().contains("r1c1 and r1c2"));
//! # Ok::<(), api::Failure>(())
//! ```

pub mod api;

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A reply as a JavaScript object, or an `Error` with the failure's message.
fn reply<T: Serialize>(result: Result<T, api::Failure>) -> Result<JsValue, JsError> {
    let value = result.map_err(|failure| JsError::new(failure.message()))?;
    let json = serde_json::to_string(&value).map_err(|e| JsError::new(&e.to_string()))?;
    js_sys::JSON::parse(&json).map_err(|_| JsError::new("the reply is not JSON"))
}

/// The options object of a call, through JSON (`undefined` or `null`: the
/// defaults).
fn options(value: &JsValue) -> Result<api::Options, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(api::Options::default());
    }
    let json = js_sys::JSON::stringify(value).map_err(|_| JsError::new("bad options: not an object"))?;
    api::Options::from_json(&String::from(json)).map_err(|failure| JsError::new(failure.message()))
}

/// Reads a puzzle and checks its givens: see [`api::parse`].
#[wasm_bindgen]
pub fn parse(text: &str) -> Result<JsValue, JsError> {
    reply(api::parse(text))
}

/// Solves a puzzle: see [`api::solve`].
#[wasm_bindgen]
pub fn solve(text: &str, options_object: JsValue) -> Result<JsValue, JsError> {
    reply(api::solve(text, &options(&options_object)?))
}

/// Counts a puzzle's solutions: see [`api::count`].
#[wasm_bindgen]
pub fn count(text: &str, options_object: JsValue) -> Result<JsValue, JsError> {
    reply(api::count(text, &options(&options_object)?))
}

/// The digits some solution puts in each cell: see
/// [`api::true_candidates`].
#[wasm_bindgen(js_name = trueCandidates)]
pub fn true_candidates(text: &str, options_object: JsValue) -> Result<JsValue, JsError> {
    reply(api::true_candidates(text, &options(&options_object)?))
}

/// Explains a puzzle step by step: see [`api::explain`].
#[wasm_bindgen]
pub fn explain(text: &str, options_object: JsValue) -> Result<JsValue, JsError> {
    reply(api::explain(text, &options(&options_object)?))
}

/// The next step: see [`api::hint`].
#[wasm_bindgen]
pub fn hint(text: &str, options_object: JsValue) -> Result<JsValue, JsError> {
    reply(api::hint(text, &options(&options_object)?))
}

/// Rates a puzzle: see [`api::rate`].
#[wasm_bindgen]
pub fn rate(text: &str, options_object: JsValue) -> Result<JsValue, JsError> {
    reply(api::rate(text, &options(&options_object)?))
}

/// Generates a puzzle: see [`api::generate`].
#[wasm_bindgen]
pub fn generate(options_object: JsValue) -> Result<JsValue, JsError> {
    reply(api::generate(&options(&options_object)?))
}

/// Times a call over many puzzles: see [`api::measure`].
#[wasm_bindgen]
pub fn measure(call: &str, lines: &str, options_object: JsValue) -> Result<JsValue, JsError> {
    reply(api::measure(call, lines, &options(&options_object)?))
}

/// This crate's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
