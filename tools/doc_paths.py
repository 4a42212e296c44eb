#!/usr/bin/env python3
"""Fails when a doc names a file or folder of the project that does not exist.

Reads the Markdown docs (README.md, docs/*.md, every crate's README) and the
doc comments (`//!`, `///`) of every Rust file, takes each `code span` that
looks like a path inside the project (a `/` in it, or a file name with a
known extension), and looks for it from the project root, from the crate of
the file that names it, and from the folder of that file. Paths outside the
project (`../shared/…`), build outputs under `target/` and `web/pkg/`, URLs, globs and
placeholders are skipped.

Usage: python3 tools/doc_paths.py   (from the project root; exit 1 on a miss)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Pictures are what examples write, not files the project holds.
EXTENSIONS = (".rs", ".md", ".toml", ".txt", ".csv", ".tsv", ".py", ".json", ".sh")
SPAN = re.compile(r"`([^`\s]+)`")
SKIP = re.compile(r"[<>*{}|$:?=,()\[\]]|^\.\./|^~|^-|^/|https?|\.\.\.|…")
# What a build or an example writes under `target/`, or web/build.sh under
# `web/pkg/`, is not a file the project holds: a clean checkout has neither.
OUTPUTS = re.compile(r"^(target|web/pkg)(/|$)")


def candidates(text: str):
    for token in SPAN.findall(text):
        token = token.rstrip(".")
        if SKIP.search(token) or OUTPUTS.match(token) or token.count("/") == 0 and not token.endswith(EXTENSIONS):
            continue
        # `a/b` that is a fraction or a ratio, not a path.
        if re.fullmatch(r"[\d./]+", token):
            continue
        yield token


def doc_text(path: Path) -> str:
    if path.suffix == ".md":
        # Fenced code blocks hold commands and output, not references.
        return re.sub(r"```.*?```", "", path.read_text(), flags=re.S)
    lines = [line.strip() for line in path.read_text().splitlines()]
    docs = [line[3:] for line in lines if line.startswith(("//!", "///"))]
    text = "\n".join(docs)
    return re.sub(r"```.*?```", "", text, flags=re.S)


def crate_of(path: Path) -> Path:
    for parent in path.parents:
        if (parent / "Cargo.toml").exists():
            return parent
    return ROOT


def exists(token: str, source: Path) -> bool:
    bases = {ROOT, crate_of(source), source.parent, crate_of(source) / "src"}
    return any((base / token).exists() for base in bases)


def main() -> int:
    sources = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    sources += sorted(ROOT.glob("crates/*/README.md"))
    sources += sorted(p for p in ROOT.rglob("*.rs") if "target" not in p.parts)
    missing = []
    checked = 0
    for source in sources:
        for token in candidates(doc_text(source)):
            checked += 1
            if not exists(token, source):
                missing.append(f"{source.relative_to(ROOT)}: `{token}` does not exist")
    for line in missing:
        print(line)
    print(f"{checked} paths named in the docs, {len(missing)} missing")
    if checked == 0:
        print("no path found at all: the checker is broken", file=sys.stderr)
        return 1
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
