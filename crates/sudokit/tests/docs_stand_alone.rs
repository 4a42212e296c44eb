//! The doc examples of every crate the facade re-exports are written
//! against the facade (`use sudokit::grid::…`), so that they compile for a
//! user whose only dependency is `sudokit`: re-exported items show their own
//! crate's docs on the facade's pages. Their doctests build with `sudokit`
//! as a dev-dependency; this test makes sure no example names a member
//! crate directly, which would compile there but not for such a user.

mod common;

use common::MEMBERS;

/// The lines of Rust doc examples in `text` that name a member crate, as
/// `(line number, line)`.
fn member_paths_in_examples(text: &str) -> Vec<(usize, String)> {
    let crates: Vec<String> = MEMBERS[1..].iter().map(|member| member.replace('-', "_")).collect();
    let mut found = Vec::new();
    let mut rust_block: Option<bool> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let Some(body) = trimmed.strip_prefix("///").or_else(|| trimmed.strip_prefix("//!")) else { continue };
        let body = body.trim();
        if let Some(lang) = body.strip_prefix("```") {
            rust_block = match rust_block {
                Some(_) => None,
                None => Some(lang.is_empty() || lang.starts_with("rust") || lang == "no_run"),
            };
            continue;
        }
        if rust_block == Some(true) && crates.iter().any(|c| body.contains(&format!("{c}::"))) {
            found.push((n + 1, body.to_owned()));
        }
    }
    found
}

#[test]
fn doc_examples_use_only_the_facade() {
    let files = common::member_sources();
    assert!(files.len() > 30, "found only {} source files", files.len());
    let offenders: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            member_paths_in_examples(&text).into_iter().map(move |(n, line)| format!("{}:{n}: {line}", file.display()))
        })
        .collect();
    assert!(offenders.is_empty(), "doc examples that name a member crate:\n{}", offenders.join("\n"));
}

#[test]
fn the_scan_sees_a_member_path_in_an_example() {
    let text = "/// ```\n/// use sudokit_grid::Layout;\n/// ```\n/// [`x`](sudokit_core::Grid)\n";
    assert_eq!(member_paths_in_examples(text), [(2, "use sudokit_grid::Layout;".to_owned())]);
}
