"""The playground's speed in the browser against the native build's, on the
same puzzles and through the same calls (`sudokit_wasm::api::measure`):
headless Chromium runs the WebAssembly module, the `measure` example of
sudokit-wasm runs natively, one after the other, each set twice, best
time kept.

    cargo build --release -p sudokit-wasm --example measure
    bash web/build.sh
    python3 web/measure.py target/release/examples/measure

Prints one line per set: calls, native and browser milliseconds, and the
ratio browser / native.
"""

import csv
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from test_page import ROOT, Page, browser, served

SETS = [
    ("solve", "17-clue, first 2000", ROOT / "puzzles" / "17_clue.txt", 2000),
    ("solve", "X, generated minimal", ROOT / "puzzles" / "variant_x.txt", 500),
    ("solve", "windoku, generated minimal", ROOT / "puzzles" / "variant_windoku.txt", 500),
    ("rate", "SE 1.2.1 reference, first 150", None, 150),
    ("rate", "X, generated minimal, first 100", ROOT / "puzzles" / "variant_x.txt", 100),
]


def lines_of(path, limit):
    if path is None:
        with open(ROOT / "puzzles" / "se121_reference.csv") as f:
            rows = [row["puzzle"] for row in csv.DictReader(f)]
    else:
        rows = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
    return rows[:limit]


def native(binary, call, lines):
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("\n".join(lines) + "\n")
        f.flush()
        out = subprocess.run([binary, call, f.name], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def in_browser(driver, call, lines):
    # Through the page's worker, as the page runs every call.
    script = """
        const [call, lines, done] = arguments;
        self.sudokitCall("measure", lines, { timeLimitMs: 0 }, call)
          .then((reply) => done(reply.result), (e) => done({ error: String(e) }));
    """
    result = driver.execute_async_script(script, call, "\n".join(lines))
    if "error" in result:
        raise SystemExit(f"the browser failed: {result['error']}")
    return result


def main():
    binary = sys.argv[1]
    driver = browser()
    driver.set_script_timeout(600)
    try:
        with served() as url:
            Page(driver, url)
            print(f"{'call':<6} {'set':<34} {'calls':>6} {'native ms':>10} {'browser ms':>11} {'ratio':>6}")
            for call, name, path, limit in SETS:
                lines = lines_of(path, limit)
                runs = [(native(binary, call, lines), in_browser(driver, call, lines)) for _ in range(2)]
                here = min(r[0]["micros"] for r in runs) / 1000
                there = min(r[1]["micros"] for r in runs) / 1000
                calls = runs[0][0]["calls"]
                failed = runs[0][0]["failures"], runs[0][1]["failures"]
                note = f"  (failures {failed[0]} native, {failed[1]} browser)" if any(failed) else ""
                print(f"{call:<6} {name:<34} {calls:>6} {here:>10.1f} {there:>11.1f} {there / here:>6.2f}{note}")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
