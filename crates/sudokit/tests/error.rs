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
    let missing: Vec<&String> = types.iter().filter(|name| !facade.contains(&format!("#[from] {name})"))).collect();
    assert!(missing.is_empty(), "sudokit::Error has no variant from {missing:?}");
}

#[test]
fn the_scan_finds_the_type_after_the_derive() {
    let text = "#[derive(Debug, thiserror::Error)]\n#[non_exhaustive]\npub enum Oops { A }\n\
                #[derive(thiserror::Error, Debug)]\npub struct Bad(u8);\n";
    assert_eq!(error_types(text), ["Oops", "Bad"]);
}
