"""ISS puzzles: how many are read, and how many solve to ISS's published solution in time.

Run from the repository root::

    python benchmarks/bench_iss.py [--puzzles FILE.jsonl] [--backend sat] [--time-limit 30]

``FILE.jsonl`` holds one ISS puzzle a line: ``name``, ``input`` (ISS constraint text) and
``solution`` (row by row; on grids above 9x9 ``A``.. stand for 10..; may be null). It defaults to
the shipped sample ``tests/data/iss/collections_sample.jsonl``; a dump of every entry of ISS's
``data/collections.js`` whose input is constraint text gives the README's figures. Each puzzle
is read (a refusal is counted with its one-line reason), then solved with ``limit=2``; it counts
as agreeing when the search ends UNIQUE on the published solution (or, without one, ends at all).
"""

from __future__ import annotations

import argparse
import json
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
    parser.add_argument("--backend", default="sat")
    parser.add_argument("--time-limit", type=float, default=30.0)
    args = parser.parse_args()
    solver = get_solver(args.backend)
    solver.solve(".1.....4....34..")  # warm-up
    tally: Counter[str] = Counter()
    for line in args.puzzles.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if not entry["input"].lstrip().startswith("."):
            continue
        try:
            model = formats.read(entry["input"]).model
        except SudokuModelsError as exc:
            tally["refused"] += 1
            print(f"refused   {entry['name']}: {exc}")
            continue
        start = time.perf_counter()
        result = solver.solve(model, limit=2, time_limit=args.time_limit)
        took = time.perf_counter() - start
        if result.status is Status.TIMEOUT:
            verdict = "timeout"
        elif entry.get("solution"):
            found = [g.cells for g in result.solutions]
            verdict = "agrees" if found == [digits(entry["solution"])] else "differs"
        else:
            verdict = "agrees"
        tally[verdict] += 1
        print(f"{verdict:9} {entry['name']}: {result.status.value} in {took:.2f} s")
    read = sum(tally.values()) - tally["refused"]
    print(
        f"{sum(tally.values())} puzzles: {read} read ({tally['refused']} refused), "
        f"{tally['agrees']} agree, {tally['differs']} differ, {tally['timeout']} out of time "
        f"({args.backend}, {args.time_limit:g} s each)"
    )


if __name__ == "__main__":
    main()
