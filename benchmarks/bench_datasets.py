"""Dataset tools: building with symmetric copies, canonical forms, verifying, labelling.

Run from the repository root::

    python benchmarks/bench_datasets.py [--data-dir ../shared/data] [--quick]

Each figure is printed with both wall time and CPU time of this process, and the load average
is printed first: on a busy machine wall time says little, CPU seconds say what one core does.

- build: 1,000 puzzles x 1,000 (the original and 999 symmetric copies) written as the array
  layout and as JSON lines, on 1 and 2 workers;
- canonical forms: puzzles per CPU second of the compiled search, and of the plain-Python one
  on a small sample;
- verify: predicted grids per CPU second, with the solutions given (a comparison), and without
  (each puzzle's uniqueness asked of the compiled search);
- labels: seconds per puzzle for each kind on a sample of hard puzzles (the magictour list, near
  Sudoku-Extreme's difficulty), and the time 423,000 puzzles would take on two cores, worked
  out from that sample (an extrapolation, not a run).
"""

from __future__ import annotations

import argparse
import itertools
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sudoku_models import datasets
from sudoku_models.research.builder import build
from sudoku_models.research.canonical import canonical_array
from sudoku_models.research.labels import label_many
from sudoku_models.research.public_formats import Record
from sudoku_models.research.verify import verify
from sudoku_models.solvers.numba_backend import solve_array

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPOSITORY / ".." / "shared" / "data"

#: The size of Sudoku-Extreme's test split, for the labelling extrapolation.
EXTREME_TEST = 423_000


def timed(work: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, float, float]:
    """``work(*args, **kwargs)``'s result, wall seconds and CPU seconds of this process (all
    its threads)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work(*args, **kwargs)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def grids(path: Path, count: int) -> Any:
    """The first ``count`` puzzles of a file as a uint8 array."""
    puzzles = list(itertools.islice(datasets.iter_puzzles(path), count))
    return np.array([p.cells for p in puzzles], dtype=np.uint8), puzzles


def bench_build(data: Path, count: int, copies: int) -> None:
    _, puzzles = grids(data / "sudoku10k.txt", count)
    records = [Record(p, None, f"sudoku10k:{k}") for k, p in enumerate(puzzles)]
    build(records[:10], tempfile.mkdtemp(), augment=2, formats=("npy",))  # compile, load caches
    for fmt in ("npy", "jsonl"):
        for workers in (1, 2):
            with tempfile.TemporaryDirectory() as out:
                built, wall, cpu = timed(
                    build, records, out, augment=copies - 1, seed=1, workers=workers,
                    formats=(fmt,),
                )  # fmt: skip
                size = sum(f.stat().st_size for f in Path(out).rglob("*") if f.is_file())
            rows = built.counts["train_rows"]
            print(
                f"build {fmt:5} workers={workers}: {rows:,} rows in {wall:.1f} s wall, "
                f"{cpu:.1f} s CPU ({size / 1e6:.0f} MB)"
            )


def bench_canonical(data: Path, count: int) -> None:
    for name in ("sudoku10k.txt", "royle_17_clue.txt"):
        array, _ = grids(data / name, count)
        canonical_array(array[:2])
        _, wall, cpu = timed(canonical_array, array)
        print(
            f"canonical {name}: {len(array):,} puzzles, {len(array) / cpu:,.0f} per CPU second "
            f"({len(array) / wall:,.0f} per wall second)"
        )
    few = array[:20]
    _, wall, cpu = timed(canonical_array, few, compiled=False)
    print(f"canonical, plain Python: {len(few) / cpu:,.1f} puzzles per CPU second")


def bench_verify(data: Path, rows: int) -> None:
    puzzles, _ = grids(data / "sudoku10k.txt", 10_000)
    solutions = solve_array(puzzles, limit=1).solutions
    reps = max(1, rows // len(puzzles))
    big_p, big_s = np.tile(puzzles, (reps, 1)), np.tile(solutions, (reps, 1))
    answers = big_s.copy()
    answers[::7, 3] = answers[::7, 4]  # some wrong rows
    verify(big_p[:10], answers[:10], big_s[:10])
    verdict, wall, cpu = timed(verify, big_p, answers, big_s)
    print(
        f"verify with solutions: {len(big_p):,} rows, {len(big_p) / cpu:,.0f} per CPU second "
        f"({len(big_p) / wall:,.0f} per wall second; {int(verdict.is_solution.sum()):,} right)"
    )
    _, wall, cpu = timed(verify, puzzles, solutions)
    print(
        f"verify asking uniqueness: {len(puzzles):,} rows, {len(puzzles) / cpu:,.0f} per CPU "
        f"second ({len(puzzles) / wall:,.0f} per wall second)"
    )


def bench_labels(data: Path, count: int) -> None:
    _, puzzles = grids(data / "magictour_top1465.txt", count)
    label_many(puzzles[:2], kinds=("search",))
    for kinds in (("search",), ("grade",), ("logic",)):
        _, _, cpu = timed(label_many, puzzles, kinds=kinds)
        per = cpu / len(puzzles)
        hours = per * EXTREME_TEST / 2 / 3600
        print(
            f"labels {kinds[0]:6}: {per * 1000:.2f} ms CPU a puzzle over {len(puzzles)} puzzles "
            f"-> {EXTREME_TEST:,} puzzles in about {hours * 60:,.0f} min on two cores "
            f"(extrapolated)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    args = parser.parse_args()
    quick = args.quick
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    bench_build(args.data_dir, 100 if quick else 1000, 100 if quick else 1000)
    bench_canonical(args.data_dir, 1000 if quick else 10_000)
    bench_verify(args.data_dir, 100_000 if quick else 1_000_000)
    bench_labels(args.data_dir, 10 if quick else 100)


if __name__ == "__main__":
    main()
