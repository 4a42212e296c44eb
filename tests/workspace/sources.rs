//! The workspace's sources read as text: each library crate's doc examples
//! name only what a packaged copy of the crate can build against, and the
//! facade's error converts from every public error of the workspace.

use std::path::{Path, PathBuf};

/// One library crate of `crates/`: its folder, its name as Rust code
/// writes it, and the crates its doc examples may name.
struct LibraryCrate {
    dir: PathBuf,
    ident: String,
    nameable: Vec<String>,
}

impl LibraryCrate {
    /// Every Rust source file of the crate's sources folder.
    fn sources(&self) -> Vec<PathBuf> {
        let mut files = Vec::new();
        rust_files(&self.dir.join("src"), &mut files);
        files
    }

    /// The crate's README, which its `lib.rs` includes as docs.
    fn readme(&self) -> PathBuf {
        self.dir.join("README.md")
    }
}

/// Every Rust source file under `dir`, into `out`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `sudokit` crates named under `[dependencies]` in a manifest.
fn sudokit_dependencies(manifest: &str) -> Vec<String> {
    manifest
        .lines()
        .skip_while(|line| line.trim() != "[dependencies]")
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .filter_map(|line| line.split(['.', ' ', '=']).next())
        .filter(|name| name.starts_with("sudokit"))
        .map(|name| name.replace('-', "_"))
        .collect()
}

/// The library crates of `crates/`. A doc example of the facade names the
/// facade alone (its users depend on it alone); one of another crate names
/// the crate and the crates it depends on, which its doctests, packaged,
/// build against.
fn library_crates() -> Vec<LibraryCrate> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates");
    let mut crates: Vec<LibraryCrate> = std::fs::read_dir(&root)
        .expect("the crates folder")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|dir| dir.join("src/lib.rs").is_file())
        .map(|dir| {
            let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("a manifest");
            let ident = dir.file_name().expect("a folder name").to_string_lossy().replace('-', "_");
            let mut nameable = vec![ident.clone()];
            if ident != "sudokit" {
                nameable.extend(sudokit_dependencies(&manifest));
            }
            LibraryCrate { dir, ident, nameable }
        })
        .collect();
    crates.sort_by(|a, b| a.ident.cmp(&b.ident));
    crates
}

/// The lines of Rust code examples in `text` (doc comments of a source
/// file, or a Markdown file when `markdown`) that name a workspace crate
/// outside `nameable`, as `(line number, line)`.
fn foreign_paths_in_examples(text: &str, markdown: bool, nameable: &[String]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut rust_block: Option<bool> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let body = if markdown {
            Some(trimmed)
        } else {
            trimmed.strip_prefix("///").or_else(|| trimmed.strip_prefix("//!")).map(str::trim)
        };
        let Some(body) = body else { continue };
        if let Some(lang) = body.strip_prefix("```") {
            rust_block = match rust_block {
                Some(_) => None,
                None => Some(lang.is_empty() || lang.starts_with("rust") || lang == "no_run"),
            };
            continue;
        }
        if rust_block != Some(true) {
            continue;
        }
        let foreign = body.match_indices("sudokit").any(|(at, _)| {
            let before = body[..at].chars().next_back();
            let name: String = body[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let is_path = body[at + name.len()..].starts_with("::");
            before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) && is_path && !nameable.contains(&name)
        });
        if foreign {
            found.push((n + 1, body.to_owned()));
        }
    }
    found
}

#[test]
fn doc_examples_name_only_what_their_crate_builds_against() {
    let crates = library_crates();
    assert!(crates.len() >= 11, "found only {} library crates", crates.len());
    let mut offenders = Vec::new();
    let mut files = 0;
    for krate in &crates {
        let readme = krate.readme();
        for file in krate.sources().into_iter().chain(readme.is_file().then_some(readme)) {
            let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let markdown = file.extension().is_some_and(|e| e == "md");
            files += 1;
            for (n, line) in foreign_paths_in_examples(&text, markdown, &krate.nameable) {
                offenders.push(format!("{}:{n}: {line}", file.display()));
            }
        }
    }
    assert!(files > 100, "read only {files} files");
    assert!(
        offenders.is_empty(),
        "doc examples that name a crate their crate does not depend on:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_scan_sees_a_foreign_path_in_an_example() {
    let nameable = ["sudokit_grid".to_owned(), "sudokit_core".to_owned()];
    let text = "/// ```\n/// use sudokit_grid::Layout;\n/// use sudokit::Grid;\n/// let x = sudokit_auto::Auto::new();\n/// ```\n/// [`x`](sudokit::Grid)\n";
    let found = foreign_paths_in_examples(text, false, &nameable);
    assert_eq!(found, [(3, "use sudokit::Grid;".to_owned()), (4, "let x = sudokit_auto::Auto::new();".to_owned())]);
    let markdown = "```rust\nuse sudokit::Grid;\n```\n`sudokit::Grid`\n";
    assert_eq!(foreign_paths_in_examples(markdown, true, &nameable), [(2, "use sudokit::Grid;".to_owned())]);
}

#[test]
fn manifests_name_their_sudokit_dependencies() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\nsudokit-core.workspace = true\nsudokit-grid = { workspace = true }\nrand = \"1\"\n\n[dev-dependencies]\nsudokit-testkit.workspace = true\n";
    assert_eq!(sudokit_dependencies(manifest), ["sudokit_core", "sudokit_grid"]);
}

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
    let facade = include_str!("../../crates/sudokit/src/error.rs");
    let mut types: Vec<String> = library_crates()
        .iter()
        .flat_map(|c| c.sources())
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
