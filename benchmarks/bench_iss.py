"""ISS puzzles: how many are read, and whether each backend solves and proves unique every read
puzzle to ISS's published solution within the time limit.

Run from the repository root::

    python benchmarks/bench_iss.py [--puzzles FILE.jsonl] [--backends sat,cpsat] [--time-limit 10]

``FILE.jsonl`` holds one ISS puzzle a line: ``name``, ``input`` (ISS constraint text) and
``solution`` (row by row; on grids above 9x9 ``A``.. stand for 10..; may be null). It defaults to
the shipped sample ``tests/data/iss/collections_sample.jsonl``; a dump of every entry of ISS's
``data/collections.js`` whose input is constraint text gives the README's figures. Each puzzle
is read (a refusal is counted with its one-line reason), then solved by each backend in turn
with ``limit=2``; it counts as agreeing when the search ends UNIQUE on the published solution
(or, without one, ends at all). Seconds are wall-clock on each backend's first sight of the
puzzle.
"""

from __future__ import annotations

import argparse
import json
import os
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=Path, default=SAMPLE)
    parser.add_argument("--backends", default="sat,cpsat")
    parser.add_argument("--time-limit", type=float, default=10.0)
    args = parser.parse_args()
    solvers = {name: get_solver(name) for name in args.backends.split(",")}
    for solver in solvers.values():
        solver.solve(".1.....4....34..")  # warm-up
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    refused: Counter[str] = Counter()
    tally: dict[str, Counter[str]] = {name: Counter() for name in solvers}
    worst: dict[str, float] = dict.fromkeys(solvers, 0.0)
    for line in args.puzzles.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if not entry["input"].lstrip().startswith("."):
            continue
        try:
            model = formats.read(entry["input"]).model
        except SudokuModelsError as exc:
            refused[str(exc)] += 1
            print(f"refused   {entry['name']}: {exc}")
            continue
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
    read = sum(tally[next(iter(tally))].values())
    print(f"{read + sum(refused.values())} puzzles: {read} read, {sum(refused.values())} refused")
    for reason, k in refused.most_common():
        print(f"  refused {k:3} {reason}")
    for name, counts in tally.items():
        print(
            f"{name}: {counts['agrees']} agree (slowest {worst[name]:.2f} s), "
            f"{counts['differs']} differ, {counts['timeout']} out of time "
            f"({args.time_limit:g} s each)"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
