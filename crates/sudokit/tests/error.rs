//! `sudokit::Error` takes every public error type of the workspace, so
//! that `?` works across all of it: this test reads the sources for the
//! types that derive `thiserror::Error` and fails on one that
//! `crates/sudokit/src/error.rs` does not convert from.

mod common;

/// The names of the types declared right after a `thiserror::Error`
/// derive in `text`.
fn error_types(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("thiserror::Error") {
        rest = &rest[at..];
        let item = ["pub enum ", "pub struct "].iter().filter_map(|k| rest.find(k).map(|i| i + k.len())).min();
        let Some(start) = item else { break };
        let name: String = rest[start..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        found.push(name);
        rest = &rest[start..];
    }
    found
}

#[test]
fn every_public_error_converts_into_the_facade_error() {
    let facade = include_str!("../src/error.rs");
    let mut types: Vec<String> = common::member_sources()
        .iter()
        .flat_map(|file| error_types(&std::fs::read_to_string(file).expect("a source file")))
        .filter(|name| name != "Error")
        .collect();
    types.sort();
    types.dedup();
    assert!(types.len() >= 20, "found only {types:?}");
    let converts = |name: &String| {
        facade.contains(&format!("#[from] {name})")) || facade.contains(&format!("From<{name}> for Error"))
    };
    let missing: Vec<&String> = types.iter().filter(|name| !converts(name)).collect();
    assert!(missing.is_empty(), "sudokit::Error has no variant from {missing:?}");
}

#[test]
fn the_scan_finds_the_type_after_the_derive() {
    let text = "#[derive(Debug, thiserror::Error)]\n#[non_exhaustive]\npub enum Oops { A }\n\
                #[derive(thiserror::Error, Debug)]\npub struct Bad(u8);\n";
    assert_eq!(error_types(text), ["Oops", "Bad"]);
}

/// The first error in `error`'s chain whose message holds its source's
/// message: a reporter that walks the chain (the examples', `anyhow`'s)
/// would say that cause twice.
fn said_twice(error: &(dyn std::error::Error + 'static)) -> Option<String> {
    let mut current = error;
    while let Some(source) = current.source() {
        if current.to_string().contains(&source.to_string()) {
            return Some(format!("{current:?} says its source {source:?} again"));
        }
        current = source;
    }
    None
}

#[test]
fn no_error_says_a_cause_twice() {
    use sudokit::grid::io::PuzzleReader;
    use sudokit::local::Genetic;
    use sudokit::{Error, Grid, Shape, Solver, StopReason};

    let mut errors: Vec<Error> = Vec::new();
    errors.push(PuzzleReader::open("/no/such/file.txt").map(|_| ()).unwrap_err().into());
    let bad_line = PuzzleReader::new("1?".as_bytes()).next().expect("a record").unwrap_err();
    errors.push(bad_line.into());
    errors.push("1?".parse::<Grid>().unwrap_err().into());
    let settings = Genetic::new().with_population(0, 0).solve(&Grid::empty(Shape::MINI)).unwrap_err();
    errors.push(settings.into());
    errors.push(StopReason::NodeLimit.into());
    errors.push(sudokit::rating::rate(&Grid::empty(Shape::MINI)).unwrap_err().into());
    errors.push(Shape::new(1, 9).unwrap_err().into());
    errors.push(sudokit::registry::create("nope").map(|_| ()).unwrap_err().into());
    for error in &errors {
        assert_eq!(said_twice(error), None);
    }
    // The message a reader sees names the file and the cause once.
    let unreadable = errors[0].to_string();
    assert_eq!(unreadable.matches("No such file").count(), 1, "{unreadable}");
}

#[test]
fn the_walk_sees_a_cause_said_twice() {
    #[derive(Debug, thiserror::Error)]
    #[error("reading failed: {source}")]
    struct Twice {
        source: std::io::Error,
    }
    let twice = Twice { source: std::io::Error::other("disk on fire") };
    assert!(said_twice(&twice).is_some());
}
