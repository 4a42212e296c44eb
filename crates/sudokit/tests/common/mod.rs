//! What the tests that read the workspace's sources share.

use std::path::{Path, PathBuf};

/// The library crates whose sources the tests read: the facade first,
/// then every crate it re-exports.
pub(crate) const MEMBERS: [&str; 10] = [
    "sudokit",
    "sudokit-core",
    "sudokit-grid",
    "sudokit-dlx",
    "sudokit-graph",
    "sudokit-local",
    "sudokit-bitparallel",
    "sudokit-rules",
    "sudokit-auto",
    "sudokit-generate",
];

/// Every Rust source file under `dir`, into `out`.
pub(crate) fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The sources of every member crate.
pub(crate) fn member_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for member in MEMBERS {
        sources(&root.join(member).join("src"), &mut files);
    }
    files
}
