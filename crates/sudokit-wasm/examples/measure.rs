//! Times one of the playground's calls over a puzzle file, natively, as
//! `web/measure.py` times it in the browser, so that the two builds can be
//! set side by side on the same puzzles.
//!
//! ```text
//! cargo run --release -p sudokit-wasm --example measure -- CALL FILE [LIMIT]
//! ```
//!
//! CALL is `solve`, `count`, `rate`, `explain` or `trueCandidates`; the
//! first LIMIT puzzles of FILE are taken (all by default). Prints one JSON
//! line: `{"calls":…,"failures":…,"micros":…}`. Exit status: 0 when the
//! calls were timed, 1 for a file that cannot be read or a bad call, 2 for
//! a bad command line.

use std::process::ExitCode;

use sudokit_wasm::api::{self, Options};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (call, path) = match args.as_slice() {
        [call, path] | [call, path, _] => (call, path),
        _ => {
            eprintln!("usage: measure CALL FILE [LIMIT]");
            return ExitCode::from(2);
        }
    };
    let Ok(limit) = args.get(2).map_or(Ok(usize::MAX), |n| n.parse::<usize>()) else {
        eprintln!("measure: LIMIT must be a number, not {}", args[2]);
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("measure: cannot read {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let lines: Vec<&str> =
        text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).take(limit).collect();
    match api::measure(call, &lines.join("\n"), &Options { time_limit_ms: 0, ..Options::default() }) {
        Ok(measured) => {
            println!(
                "{{\"calls\":{},\"failures\":{},\"micros\":{}}}",
                measured.calls, measured.failures, measured.micros
            );
            ExitCode::SUCCESS
        }
        Err(failure) => {
            eprintln!("measure: {failure}");
            ExitCode::FAILURE
        }
    }
}
