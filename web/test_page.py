"""The playground tested in a real browser: headless Chromium driven by
WebDriver (Selenium and Debian's chromedriver).

Serves web/ on a free local port, loads the page, and checks what a user
sees against the library's own answers, read from the native examples
(`solve`, `explain`, `rate`, built in release beside this run):

- a classic puzzle and an X puzzle solved: the grid shown is the solution
  `solve` prints;
- a puzzle explained to its end: the step count and the first step's
  sentence are `explain`'s;
- one classic puzzle of each level rated (Sudoku Explainer's reference
  set: easy, medium, hard, expert), and an empty-grid killer: ER, EP, ED
  and level are `rate`'s;
- bad input (clashing givens, a wrong length, unknown rules): the message
  names the cells, the line, the column;
- Stop pressed during a long generation: the page says so at once and
  solves the next puzzle;
- the page opened from file://, without a server: it solves as served.

It saves a screenshot of an explained step (docs/playground.png).

    python3 web/test_page.py target/release/examples docs/playground.png

Exit status 0 when every check passed; 1 on the first failure (the page's
status and message printed).
"""

import contextlib
import csv
import functools
import http.server
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EXPLAINED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
LEVELS = {"easy": (0, 25), "medium": (26, 40), "hard": (41, 57), "expert": (58, 75)}


def native(examples, name, *args, stdin=None):
    out = subprocess.run([str(Path(examples) / name), *args], input=stdin, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise SystemExit(f"{name} {' '.join(args)} failed: {out.stderr}")
    return out.stdout


def native_solution(examples, line):
    out = native(examples, "solve", line)
    return [l for l in out.splitlines() if re.fullmatch(r"[0-9]{81}", l)][-1]


def native_walk(examples, line):
    steps = [l for l in native(examples, "explain", line).splitlines() if re.match(r"\s*\d+\. ", l)]
    first = re.sub(r"^\s*\d+\. (\[[0-9.]+\] )?", "", steps[0])
    return len(steps), first


def native_rating(examples, line):
    row = next(csv.DictReader(native(examples, "rate", "-", stdin=line + "\n").splitlines()))
    return {key: row[key] for key in ("er", "ep", "ed", "level")}


def one_per_level():
    """The first puzzle of each level in SE 1.2.1's reference ratings."""
    chosen = {}
    with open(ROOT / "puzzles" / "se121_reference.csv") as f:
        for row in csv.DictReader(f):
            tenths = round(float(row["er"]) * 10)
            for level, (low, high) in LEVELS.items():
                if level not in chosen and low <= tenths <= high:
                    chosen[level] = row["puzzle"]
    return chosen


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


@contextlib.contextmanager
def served():
    handler = functools.partial(Quiet, directory=str(WEB))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/index.html"
    finally:
        server.shutdown()


def browser():
    flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--window-size=1280,1500"]
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in flags:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Page:
    def __init__(self, driver, url):
        self.d = driver
        driver.get(url)
        self.wait_ready()

    def el(self, id_):
        return self.d.find_element(By.ID, id_)

    def wait(self, what, condition, seconds=60):
        try:
            return WebDriverWait(self.d, seconds, poll_frequency=0.05).until(lambda _: condition())
        except Exception:
            self.fail(f"timed out waiting for {what}")

    def fail(self, why):
        raise SystemExit(f"FAILED: {why}\n  status: {self.el('status').text}\n  message: {self.el('message').text}")

    def wait_ready(self):
        self.wait("the module to load", lambda: self.d.execute_script("return document.body.dataset.ready") == "true")

    def enter(self, puzzle, rules=""):
        for id_, value in (("puzzle", puzzle), ("rules", rules)):
            # Paste: the value set at once, then the input event the page listens to.
            self.d.execute_script(
                "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
                "e.dispatchEvent(new Event('input'));", id_, value)

    def run(self, action, seconds=60):
        Select(self.el("action")).select_by_value(action)
        self.d.execute_script("document.getElementById('result').textContent = '';"
                              "document.getElementById('message').textContent = '';")
        self.wait("the Run button", lambda: self.el("run").is_enabled())
        time.sleep(0.3)  # the parse after the last keystroke
        self.el("run").click()
        self.wait(f"{action} to finish",
                  lambda: self.d.execute_script("return document.body.dataset.busy") is None
                  and (self.el("result").text or self.el("message").text), seconds)

    def result(self, key):
        return self.d.execute_script("return document.getElementById('result').dataset[arguments[0]]", key)


def check(condition, why):
    if not condition:
        raise SystemExit(f"FAILED: {why}")
    print(f"ok: {why}")


def main():
    examples, screenshot = sys.argv[1], sys.argv[2]
    started = time.time()
    driver = browser()
    try:
        with served() as url:
            page = Page(driver, url)
            print(f"page loaded in {time.time() - started:.1f} s")

            for puzzle, rules in ((CLASSIC, ""), (open(ROOT / "puzzles" / "variant_x.txt").read().split("\n")[2], "")):
                page.enter(puzzle, rules)
                page.run("solve")
                shown = page.result("line")
                expected = native_solution(examples, puzzle)
                check(shown == expected, f"solve {puzzle[:20]}…: the page shows {shown}, solve printed {expected}")
                board = driver.find_element(By.ID, "board").get_attribute("data-line")
                check(board == expected, "the grid drawn holds the solution")

            page.enter(EXPLAINED)
            page.run("explain")
            count, first = native_walk(examples, EXPLAINED)
            shown = int(page.result("steps"))
            check(shown == count, f"explain: {shown} steps in the page, {count} in explain's walk")
            slider = page.el("step-slider")
            driver.execute_script("arguments[0].value = arguments[0].max;"
                                  "arguments[0].dispatchEvent(new Event('input'));", slider)
            last = page.el("step-number").text
            check(last == f"step {count} of {count}", f"the slider walks to the last step ({last})")
            page.el("step-back").click()
            page.el("step-next").click()
            driver.execute_script("arguments[0].value = 1; arguments[0].dispatchEvent(new Event('input'));", slider)
            sentence = page.el("step-text").text
            check(first in sentence, f"the first step reads as explain's: {first}")
            check(driver.find_element(By.CSS_SELECTOR, "#step-picture svg") is not None, "the step is drawn")
            driver.save_screenshot(screenshot)
            print(f"screenshot: {screenshot}")

            killer = [l for l in open(ROOT / "puzzles" / "variant_killer.txt") if not l.startswith("#")][0].strip()
            for level, puzzle in [*one_per_level().items(), ("a killer, empty grid", killer)]:
                page.enter(puzzle)
                page.run("rate")
                shown = {key: page.result(key) for key in ("er", "ep", "ed", "level")}
                expected = native_rating(examples, puzzle)
                check(shown == expected, f"rate, {level}: the page shows {shown}, rate printed {expected}")

            bad = {
                "clashing givens": ("11" + "." * 79, "", "r1c1 and r1c2"),
                "a wrong length": ("1234", "", "line 1: 4 cells"),
                "unknown rules": (CLASSIC, "x,q", "column 3: unknown rule `q`"),
            }
            for what, (puzzle, rules, place) in bad.items():
                page.enter(puzzle, rules)
                page.run("solve")
                message = page.el("message").text
                check(place in message, f"{what}: the message names the place ({message})")

            page.enter(CLASSIC)
            Select(page.el("action")).select_by_value("generate")
            driver.execute_script("document.getElementById('gen-rating').value = '11.5..12.0';"
                                  "document.getElementById('time-limit').value = '0';")
            page.el("run").click()
            page.wait("the generation to start", lambda: page.el("stop").is_enabled())
            time.sleep(1.5)
            pressed = time.time()
            page.el("stop").click()
            page.wait("the page to say it stopped", lambda: "stopped" in page.el("status").text, 2)
            answered = time.time() - pressed
            check(answered < 1.0, f"Stop answered in {answered:.2f} s: {page.el('status').text}")
            page.wait_ready()
            driver.execute_script("document.getElementById('time-limit').value = '30';")
            page.enter(CLASSIC)
            page.run("solve")
            check(page.result("line") == native_solution(examples, CLASSIC), "after Stop, the page solves again")

        page = Page(driver, (WEB / "index.html").as_uri())
        page.enter(CLASSIC)
        page.run("solve")
        check(page.result("line") == native_solution(examples, CLASSIC), "opened from file://, the page solves")
    finally:
        driver.quit()
    print(f"the page passed every check in {time.time() - started:.1f} s")


if __name__ == "__main__":
    main()
