#!/usr/bin/env python3
"""Pencil-mark puzzles ("sukaku") made from 9x9 puzzles, as players leave them.

Reads CSV rows on standard input, `set,index,puzzle,...` standard puzzles
(`puzzles/se121_reference.csv`) or `puzzle;rules,...` variants (`x`,
`windoku`, `disjoint-groups`, `anti-king`, `anti-knight`,
`non-consecutive`: `puzzles/sukaku_variants_reference.csv`), and writes
for each row picked (seeded) its 729-character pencil-mark line, then `;`
and the rules of a variant. Each line keeps the puzzle's one solution;
in it:

- most givens are written as their one mark with their digit gone from
  their peers' marks (and the digits next to it from their neighbours'
  under non-consecutive), but about a third are not cleaned up around;
- a few open cells hold their solution digit alone (a player's note);
- a few marks that are in no solution are erased at random.

So the lines hold both kinds of one-mark cells that SukakuExplainer tells
apart: those whose digit no peer holds (givens) and the others (open).

    python3 tools/sukaku_from_puzzles.py --count 240 --seed 63 < puzzles/se121_reference.csv
    python3 tools/sukaku_from_puzzles.py --count 120 --seed 64 < puzzles/sukaku_variants_reference.csv
"""

import argparse
import random
import sys


def standard_peers(cell):
    r, c = divmod(cell, 9)
    box = (r // 3 * 3, c // 3 * 3)
    peers = {r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)}
    peers |= {(box[0] + k // 3) * 9 + box[1] + k % 3 for k in range(9)}
    return peers


def moves(cell, steps):
    r, c = divmod(cell, 9)
    return {(r + dr) * 9 + c + dc for dr, dc in steps if 0 <= r + dr < 9 and 0 <= c + dc < 9}


KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
KNIGHT = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]
ORTHOGONAL = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def extra_houses(rules):
    """The houses a rule adds to rows, columns and boxes."""
    if rules == "x":
        return [[k * 10 for k in range(9)], [k * 8 + 8 for k in range(9)]]
    if rules == "windoku":
        return [[(r + k // 3) * 9 + c + k % 3 for k in range(9)] for r in (1, 5) for c in (1, 5)]
    if rules == "disjoint-groups":
        return [[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3 for b in range(9)] for k in range(9)]
    return []


def peer_table(rules):
    """Each cell's peers: the cells that may not hold its digit."""
    peers = [standard_peers(cell) for cell in range(81)]
    for house in extra_houses(rules):
        for cell in house:
            peers[cell] |= set(house)
    for cell in range(81):
        if rules == "anti-king":
            peers[cell] |= moves(cell, KING)
        if rules == "anti-knight":
            peers[cell] |= moves(cell, KNIGHT)
        peers[cell].discard(cell)
    return [sorted(p) for p in peers]


def neighbours(rules):
    """Each cell's cells that may not hold a digit next to its own."""
    return [sorted(moves(cell, ORTHOGONAL)) if rules == "non-consecutive" else [] for cell in range(81)]


def solve(values, peers, apart):
    """The first solution of `values` (0 for an empty cell), or None."""
    values = list(values)

    def search():
        best, best_set = None, 0
        for cell in range(81):
            if values[cell]:
                continue
            used = 0
            for p in peers[cell]:
                if values[p]:
                    used |= 1 << values[p]
            for p in apart[cell]:
                if values[p]:
                    used |= 1 << values[p] - 1 | 1 << values[p] + 1
            free = 0x3FE & ~used
            if free == 0:
                return False
            if best is None or bin(free).count("1") < bin(best_set).count("1"):
                best, best_set = cell, free
        if best is None:
            return True
        for digit in range(1, 10):
            if best_set >> digit & 1:
                values[best] = digit
                if search():
                    return True
        values[best] = 0
        return False

    return values if search() else None


def marks_line(puzzle, solution, peers, apart, rng):
    givens = [int(ch) if ch.isdigit() and ch != "0" else 0 for ch in puzzle]
    unsettled = {cell for cell in range(81) if givens[cell] and rng.random() < 0.35}
    marks = []
    for cell in range(81):
        if givens[cell]:
            marks.append({givens[cell]})
            continue
        gone = {givens[p] for p in peers[cell] if givens[p] and p not in unsettled}
        gone |= {givens[p] + d for p in apart[cell] if givens[p] and p not in unsettled for d in (-1, 1)}
        marks.append(set(range(1, 10)) - gone)
    open_cells = [cell for cell in range(81) if not givens[cell]]
    for cell in rng.sample(open_cells, rng.randint(0, 3)):
        marks[cell] = {solution[cell]}
    for _ in range(rng.randint(0, 12)):
        cell = rng.choice(open_cells)
        wrong = sorted(marks[cell] - {solution[cell]})
        if wrong:
            marks[cell].discard(rng.choice(wrong))
    return "".join(str(d) if d in marks[cell] else "." for cell in range(81) for d in range(1, 10))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=240)
    parser.add_argument("--seed", type=int, default=63)
    args = parser.parse_args()
    rows = []
    for line in sys.stdin.read().splitlines()[1:]:
        fields = line.split(",")
        if ";" in fields[0]:
            rows.append(tuple(fields[0].split(";", 1)))
        elif len(fields) > 2:
            rows.append((fields[2], ""))
    rng = random.Random(args.seed)
    for puzzle, rules in sorted(rng.sample(rows, args.count), key=rows.index):
        peers, apart = peer_table(rules), neighbours(rules)
        solution = solve((int(ch) for ch in puzzle.replace(".", "0")), peers, apart)
        if solution is None:
            sys.exit(f"{puzzle};{rules}: no solution")
        line = marks_line(puzzle, solution, peers, apart, rng)
        print(f"{line};{rules}" if rules else line)


if __name__ == "__main__":
    main()
