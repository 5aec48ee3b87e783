"""ISS puzzles: how many are read, refused (by reason) and solved to ISS's published solution.

Run from the repository root::

    python benchmarks/bench_iss.py [--puzzles FILE.jsonl] [--backends sat,cpsat] [--time-limit 10]
                                   [--read-only]

``FILE.jsonl`` holds one ISS puzzle a line: ``name``, ``input`` (any text ISS reads: constraint
text, a killer in SudokuWiki's or ISS's short form, a jigsaw as grid and region lines, a plain
grid, pencil marks) and ``solution`` (row by row; on grids above 9x9 ``A``.. stand for 10..; may
be null). It defaults to the shipped sample ``tests/data/iss/collections_sample.jsonl``; a dump
of every entry of ISS's ``data/collections.js`` gives the documented figures (entries that name a
sandbox script file rather than give a text are counted apart). Each text is read through
:func:`sudoku_models.formats.read` (a refusal is counted with its one-line reason), then, unless
``--read-only``, solved by each backend in turn with ``limit=2``; it counts as agreeing when the
search ends UNIQUE on the published solution (or, without one, ends at all). Seconds are
wall-clock on each backend's first sight of the puzzle.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import time
from collections import Counter
from pathlib import Path

from sudoku_models import Status, formats, get_solver
from sudoku_models.errors import SudokuModelsError

SAMPLE = (
    Path(__file__).resolve().parent.parent / "tests" / "data" / "iss" / "collections_sample.jsonl"
)


def digits(text: str) -> tuple[int, ...]:
    """A published solution as digits."""
    return tuple(int(ch) if ch.isdigit() else ord(ch) - ord("A") + 1 for ch in text)


def reason(message: str) -> str:
    """A refusal's message with the puzzle's own cells and numbers blanked, to group by."""
    return re.sub(r"\d+", "N", message)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=Path, default=SAMPLE)
    parser.add_argument("--backends", default="sat,cpsat")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--read-only", action="store_true", help="read, do not solve")
    args = parser.parse_args()
    solvers = {} if args.read_only else {n: get_solver(n) for n in args.backends.split(",")}
    for solver in solvers.values():
        solver.solve(".1.....4....34..")  # warm-up
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    refused: Counter[str] = Counter()
    forms: Counter[str] = Counter()
    scripts = read = 0
    tally: dict[str, Counter[str]] = {name: Counter() for name in solvers}
    worst: dict[str, float] = dict.fromkeys(solvers, 0.0)
    for line in args.puzzles.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if re.fullmatch(r"/\S+\.js", entry["input"].strip()):
            scripts += 1  # a sandbox program ISS runs, not a text
            continue
        try:
            model = formats.read(entry["input"]).model
        except SudokuModelsError as exc:
            refused[reason(str(exc))] += 1
            print(f"refused   {entry['name']}: {exc}")
            continue
        read += 1
        forms[formats.detect(entry["input"]).__name__.rsplit(".", 1)[-1]] += 1  # type: ignore[union-attr]
        expected = digits(entry["solution"]) if entry.get("solution") else None
        cells = []
        for name, solver in solvers.items():
            start = time.perf_counter()
            result = solver.solve(model, limit=2, time_limit=args.time_limit)
            took = time.perf_counter() - start
            if result.status is Status.TIMEOUT:
                verdict = "timeout"
            elif expected is not None:
                found = [g.cells for g in result.solutions]
                verdict = "agrees" if found == [expected] else "differs"
            else:
                verdict = "agrees"
            tally[name][verdict] += 1
            if verdict == "agrees":
                worst[name] = max(worst[name], took)
            cells.append(f"{name} {verdict} {result.status.value} {took:.2f} s")
        print(f"read      {entry['name']}: " + "; ".join(cells))
    total = read + sum(refused.values())
    print(f"{total} texts: {read} read, {sum(refused.values())} refused ({scripts} scripts apart)")
    print("  read as: " + ", ".join(f"{k} {fmt}" for fmt, k in forms.most_common()))
    for why, k in refused.most_common():
        print(f"  refused {k:3} {why}")
    for name, counts in tally.items():
        print(
            f"{name}: {counts['agrees']} agree (slowest {worst[name]:.2f} s), "
            f"{counts['differs']} differ, {counts['timeout']} out of time "
            f"({args.time_limit:g} s each)"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
