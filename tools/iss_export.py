#!/usr/bin/env python3
"""Writes sudokit puzzles in the constraint text of the Interactive Sudoku
Solver (sigh/Interactive-Sudoku-Solver), the outside judge the notes race
variants against.

    python3 tools/iss_export.py puzzles/variant_killer.txt > /tmp/killers.iss
    python3 tools/iss_export.py - < puzzles.txt

Each puzzle line (`GRID` or `GRID;RULES`, as `sudokit::grid::io` writes
them; `#` lines and blank lines skipped) becomes one line of ISS text:
`.Shape~16x16` for a grid other than 9x9, every rule (`x` as both
`.Diagonal`s, `windoku`, `disjoint-groups`, `jigsaw=MAP`, `house=CELLS` as
`.AllDifferent`, `anti-king`, `anti-knight`, `non-consecutive`,
`cage=SUM:CELLS`, `white=`, `black=`, `x=`, `v=`, `kropki-negative`,
`xv-negative`, `marks=` as candidate `.Given`s, `thermo=`,
`german-whispers=`, `dutch-whispers=`, `whispers=APART:CELLS`,
`palindrome=`, `renban=`, `between=`, `region-sum=`, `entropic=` (9x9 only), `modular=`,
`minimum=` and `maximum=` as `.GreaterThan` pairs, `even=`
and `odd=` as candidate `.Given`s, `arrow=CIRCLE:CELLS`, `pill-arrow=PILL:CELLS`,
`little-killer=SUM:CELLS` over a full diagonal, `quadruple=CELL:DIGITS`
as `.Quad`, `sandwich=SUM:LINE`, `x-sum=SUM:PLACE` and
`skyscraper=COUNT:PLACE` (read from the clue's side), `clone=CELLS:CELLS` as
`.SameValues` pairs, `column-indexer=` and `row-indexer=` as `.Indexing`; ISS has no slow
thermometer), then each given as
`.Given~RrCc_d` (rows and columns one base-17 character each, as ISS
names them: `R1CG` is row 1, column 16); a grid of 729 symbols is a 9x9 puzzle's pencil marks,
as `PuzzleReader` reads it there. ISS's `tools/perf/benchmark_puzzles.js --input-file F`
and `tools/debug/solve.js --input-file F` read the result, one puzzle a
line. A rule this script does not know stops it with the line and the
rule, rather than writing a puzzle that is not the same puzzle.
"""

import sys

RELATIONS = {
    "x": ".Diagonal~1.Diagonal~-1",
    "diagonals": ".Diagonal~1.Diagonal~-1",
    "windoku": ".Windoku",
    "hyper": ".Windoku",
    "disjoint-groups": ".DisjointSets",
    "anti-king": ".AntiKing",
    "anti-knight": ".AntiKnight",
    "non-consecutive": ".AntiConsecutive",
    "kropki-negative": ".StrictKropki",
    "xv-negative": ".StrictXV",
    "standard": "",
    "": "",
}

CLUES = {"white": "WhiteDot", "black": "BlackDot", "x": "X", "v": "V"}

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def symbols(side):
    """The characters that write digits 1 to `side`, as sudokit writes
    them (25x25 grids use letters from A)."""
    return "ABCDEFGHIJKLMNOPQRSTUVWXY" if side == 25 else SYMBOLS[:side]


def cell_id(row, col):
    """ISS's name of the cell at 1-based `row` and `col`: one character
    each, in base 17 (`R1CG` is row 1, column 16)."""
    digit = "0123456789ABCDEFG"
    return f"R{digit[row]}C{digit[col]}"


def cells(text):
    """`r1c1+r10c3` as ISS's `~R1C1~RAC3`."""
    out = []
    for name in text.split("+"):
        row, _, col = name.strip().lower().lstrip("r").partition("c")
        out.append("~" + cell_id(int(row), int(col)))
    return "".join(out)


def marks_givens(line, side):
    """The pencil-mark line (each cell's digits, `side` symbols a cell,
    `.` or `0` where a digit is out) as candidate givens."""
    line = "".join(line.split())
    out = []
    for i in range(side * side):
        chunk = line[i * side:(i + 1) * side]
        digits = [str(symbols(side).index(c) + 1) for c in chunk if c in symbols(side)]
        if len(digits) < side:
            out.append(f".Given~{cell_id(i // side + 1, i % side + 1)}_" + "_".join(digits))
    return "".join(out)


def rule(token, side):
    token = token.strip()
    name, _, value = token.partition("=")
    name = name.strip().lower()
    if not value:
        if name in RELATIONS:
            return RELATIONS[name]
        raise ValueError(f"unknown rule `{token}`")
    if name == "cage":
        total, _, members = value.rpartition(":")
        return f".Cage~{total.strip()}{cells(members)}"
    if name == "house":
        return f".AllDifferent{cells(value)}"
    if name == "jigsaw":
        # The regions replace the boxes, which ISS keeps unless told.
        return f".NoBoxes.Jigsaw~{''.join(value.split())}"
    if name in CLUES:
        return f".{CLUES[name]}{cells(value)}"
    if name == "marks":
        return marks_givens(value, side)
    if name == "thermo":
        return f".Thermo{cells(value)}"
    if name == "palindrome":
        return f".Palindrome{cells(value)}"
    if name == "quadruple":
        corner, _, digits = value.partition(":")
        return f".Quad{cells(corner)}~" + "~".join(d.strip() for d in digits.split("+"))
    if name == "region-sum":
        return f".RegionSumLine{cells(value)}"
    if name == "between":
        return f".Between{cells(value)}"
    if name == "renban":
        return f".Renban{cells(value)}"
    if name == "entropic":
        # ISS draws entropic lines on 9×9 only, tiers of three.
        number, _, members = value.rpartition(":")
        if side != 9 or number not in ("", "3"):
            raise ValueError(f"entropic lines other than 9×9's: `{token}`")
        return f".Entropic{cells(members)}"
    if name == "modular":
        number, _, members = value.rpartition(":")
        return f".Modular~{number.strip() or 3}{cells(members)}"
    if name in ("german-whispers", "dutch-whispers"):
        apart = (side + 1) // 2 - (1 if name == "dutch-whispers" else 0)
        return f".Whisper~{max(apart, 1)}{cells(value)}"
    if name == "whispers":
        apart, _, members = value.partition(":")
        return f".Whisper~{apart.strip()}{cells(members)}"
    if name in ("even", "odd"):
        digits = "_".join(str(d) for d in range(1, side + 1) if (d % 2 == 0) == (name == "even"))
        return "".join(f".Given~{cell}_{digits}" for cell in cells(value).split("~")[1:])
    if name == "arrow":
        circle, _, shaft = value.partition(":")
        return f".Arrow{cells(circle)}{cells(shaft)}"
    if name == "pill-arrow":
        pill, _, shaft = value.partition(":")
        return f".PillArrow~{len(pill.split('+'))}{cells(pill)}{cells(shaft)}"
    if name == "little-killer":
        total, _, members = value.partition(":")
        return f".LittleKiller~{total.strip()}~{diagonal_id(members, side)}"
    if name in ("minimum", "maximum"):
        # A minimum cell is below each orthogonal neighbour that is not a
        # minimum too (as sudokit and f-puzzles read them): ISS's
        # `.GreaterThan~A~B` says A > B.
        marked = set()
        for member in value.split("+"):
            row, _, col = member.strip().lower().lstrip("r").partition("c")
            marked.add((int(row), int(col)))
        out = []
        for row, col in sorted(marked):
            here = cell_id(row, col)
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                if 1 <= r <= side and 1 <= c <= side and (r, c) not in marked:
                    pair = (cell_id(r, c), here) if name == "minimum" else (here, cell_id(r, c))
                    out.append(".GreaterThan~" + "~".join(pair))
        return "".join(out)
    if name in ("column-indexer", "row-indexer"):
        return f".Indexing~{'C' if name == 'column-indexer' else 'R'}{cells(value)}"
    if name == "clone":
        # Each pair of cells at one place: sets of one cell each, the same.
        first, _, second = value.partition(":")
        pairs = zip(cells(first).split("~")[1:], cells(second).split("~")[1:])
        return "".join(f".SameValues~2~{a}~{b}" for a, b in pairs)
    if name == "sandwich":
        # ISS keeps a sandwich as a lunchbox over the line: between its
        # least and greatest digit, 1 and the side on any grid.
        total, _, line = value.partition(":")
        return f".Sandwich~{total.strip()}~{line.strip().upper()}"
    if name in ("x-sum", "skyscraper"):
        # A clue read from the left or the top is ISS's first value of its
        # row or column, one from the right or below its second.
        clue, _, place = value.partition(":")
        row, _, col = place.strip().lower().lstrip("r").partition("c")
        row, col = int(row), int(col)
        if col == 0 or col == side + 1:
            line, forward = f"R{row}", col == 0
        else:
            line, forward = f"C{col}", row == 0
        kind = ".XSum" if name == "x-sum" else ".Skyscraper"
        first, second = (clue.strip(), "") if forward else ("", clue.strip())
        return f"{kind}~{line}~{first}~{second}"
    raise ValueError(f"unknown rule `{token}`")


def diagonal_id(members, side):
    """ISS's name of the little killer over `members` (`r9c8+r8c9`): the
    first cell of the full diagonal it lists with the same cells, from
    the left side down-right, the right side up-left, the top down-left
    or the bottom up-right."""
    wanted = [cell.strip().lower() for cell in members.split("+")]
    starts = [(row, 0, 1, 1) for row in range(side - 1)]
    starts += [(row, side - 1, -1, -1) for row in range(1, side - 1)]
    starts += [(0, col, 1, -1) for col in range(1, side)]
    starts += [(side - 1, col, -1, 1) for col in range(1, side - 1)]
    for row, col, down, right in starts:
        run = []
        while 0 <= row < side and 0 <= col < side:
            run.append(f"r{row + 1}c{col + 1}")
            row, col = row + down, col + right
        if run in (wanted, wanted[::-1]):
            return cell_id(*[int(part) for part in run[0][1:].split("c")])
    raise ValueError(f"little killer `{members}`: ISS names full diagonals only")


def export(line):
    grid, _, rules = line.partition(";")
    grid = "".join(grid.split())
    if len(grid) == 9 * 9 * 9:
        return "".join([marks_givens(grid, 9)] + [rule(token, 9) for token in rules.split(",") if token.strip()])
    side = round(len(grid) ** 0.5)
    if side * side != len(grid):
        raise ValueError(f"a grid of {len(grid)} cells")
    if side > 16:
        raise ValueError(f"a {side}x{side} grid: ISS takes sides up to 16")
    out = [] if side == 9 else [f".Shape~{side}x{side}"]
    out.extend(rule(token, side) for token in rules.split(",") if token.strip())
    for i, symbol in enumerate(grid):
        if symbol in symbols(side):
            out.append(f".Given~{cell_id(i // side + 1, i % side + 1)}_{symbols(side).index(symbol) + 1}")
    return "".join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    source = sys.stdin if sys.argv[1] == "-" else open(sys.argv[1], encoding="utf-8")
    for number, line in enumerate(source, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            print(export(line))
        except ValueError as error:
            sys.exit(f"line {number}: {error}")


if __name__ == "__main__":
    main()
