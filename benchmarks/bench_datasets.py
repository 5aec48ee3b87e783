"""Dataset tools: building with symmetric copies, canonical forms, verifying, labelling.

Run from the repository root::

    python benchmarks/bench_datasets.py [--data-dir ../shared/data] [--quick] [--only cli]

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
  out from that sample (an extrapolation, not a run);
- the command line: ``dataset canonical`` on 150,000 symmetric copies and ``dataset verify``
  on 200,000 answers, the files made by the package's own builder (sudoku10k, 19 copies of each
  puzzle). In this process, after a warm-up, the command (its reading, kernels and writing) is
  timed against the earlier path (a Puzzle per line and a print per form; a Python string per
  line and a dict per row), alternated in one run, as a ratio of CPU seconds; then the whole
  command in a fresh process, start-up included, in rows per CPU and per wall second.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sudoku_models import datasets
from sudoku_models.cli import main as cli
from sudoku_models.cli.inputs import read_puzzles
from sudoku_models.research.builder import build
from sudoku_models.research.canonical import canonical_array, canonical_lines
from sudoku_models.research.labels import label_many
from sudoku_models.research.public_formats import Record
from sudoku_models.research.verify import grid_bytes, read_grid_lines, verify
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


def cli_inputs(data: Path, folder: Path, copies: int) -> dict[str, Path]:
    """Puzzles and solutions of sudoku10k with ``copies - 1`` symmetric copies of each, built by
    the package's builder, written one a line."""
    _, puzzles = grids(data / "sudoku10k.txt", 10_000)
    records = [Record(p, None, f"sudoku10k:{k}") for k, p in enumerate(puzzles)]
    build(records, folder / "built", augment=copies - 1, seed=3, formats=("npy",))
    files = {}
    for name, array in (("puzzles", "inputs"), ("solutions", "labels")):
        rows = np.load(folder / "built" / "train" / f"all__{array}.npy") - 1
        files[name] = folder / f"{name}.txt"
        files[name].write_bytes(grid_bytes(rows))
    return files


def earlier_canonical(path: Path) -> None:
    """The earlier ``dataset canonical``: a Puzzle per line, a print per form."""
    for line in canonical_lines(read_puzzles(str(path))):
        print(line)


def earlier_verify(puzzles: Path, answers: Path, solutions: Path) -> None:
    """The earlier ``dataset verify --format json``: a string per line, a dict per row."""
    arrays = [read_grid_lines(p.read_text(), str(p)) for p in (puzzles, answers, solutions)]
    v = verify(*arrays)
    json.dump({"summary": v.counts(), "rows": v.rows()}, sys.stdout)
    print()


def quiet_cpu(work: Callable[..., Any], *args: Any) -> float:
    """CPU seconds of ``work(*args)`` with its standard output thrown away."""
    sink = io.TextIOWrapper(open(os.devnull, "wb"), encoding="utf-8")  # noqa: SIM115
    with contextlib.redirect_stdout(sink):
        _, _, cpu = timed(work, *args)
        sink.flush()
    sink.close()
    return cpu


def whole_command(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user and system) of ``sudoku-models argv`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "sudoku_models", *argv], check=True, stdout=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(REPOSITORY)},
    )  # fmt: skip
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def bench_cli(data: Path, canonical_rows: int, verify_rows: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = cli_inputs(data, folder, -(-max(canonical_rows, verify_rows) // 10_000))
        lines = files["puzzles"].read_bytes().splitlines(keepends=True)
        copies = folder / "copies.txt"
        copies.write_bytes(b"".join(lines[:canonical_rows]))
        puzzles, solutions = folder / "p.txt", folder / "s.txt"
        puzzles.write_bytes(b"".join(lines[:verify_rows]))
        answer_lines = files["solutions"].read_bytes().splitlines(keepends=True)[:verify_rows]
        solutions.write_bytes(b"".join(answer_lines))
        del lines, answer_lines
        canonical_now = ["dataset", "canonical", str(copies)]
        verify_now = ["dataset", "verify", "--puzzles", str(puzzles), "--answers", str(solutions)]
        with_solutions = [*verify_now, "--solutions", str(solutions), "--format", "json"]
        cases = [
            (f"canonical {canonical_rows:,} copies", canonical_rows,
             lambda: earlier_canonical(copies), lambda: cli(canonical_now)),
            (f"verify {verify_rows:,} answers, solutions given, JSON", verify_rows,
             lambda: earlier_verify(puzzles, solutions, solutions),
             lambda: cli(with_solutions)),
            (f"verify {verify_rows:,} answers, the same with --rows", verify_rows,
             lambda: earlier_verify(puzzles, solutions, solutions),
             lambda: cli([*with_solutions, "--rows"])),
        ]  # fmt: skip
        for _, _, before, after in cases:  # warm-up: compile or load every kernel once
            quiet_cpu(before)
            quiet_cpu(after)
        for name, rows, before, after in cases:
            old, new = [], []
            for _ in range(2):  # alternated, the best of two each
                old.append(quiet_cpu(before))
                new.append(quiet_cpu(after))
            print(
                f"cli {name}: earlier path {rows / min(old):,.0f} rows per CPU second, now "
                f"{rows / min(new):,.0f} ({min(old) / min(new):.1f}x)"
            )
        for name, rows, argv in (
            (f"canonical {canonical_rows:,} copies", canonical_rows, canonical_now),
            (f"verify {verify_rows:,} answers, solutions given", verify_rows, with_solutions),
            (f"verify {verify_rows:,} answers, uniqueness searched", verify_rows, verify_now),
        ):
            wall, cpu = whole_command(argv)
            print(
                f"cli {name}, whole command: {rows / cpu:,.0f} rows per CPU second "
                f"({rows / wall:,.0f} per wall second, start-up included)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    parser.add_argument(
        "--only", choices=("build", "canonical", "verify", "labels", "cli"), action="append",
        help="run only these parts (repeatable; default: all)",
    )  # fmt: skip
    args = parser.parse_args()
    quick = args.quick
    parts = set(args.only or ("build", "canonical", "verify", "labels", "cli"))
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if "build" in parts:
        bench_build(args.data_dir, 100 if quick else 1000, 100 if quick else 1000)
    if "canonical" in parts:
        bench_canonical(args.data_dir, 1000 if quick else 10_000)
    if "verify" in parts:
        bench_verify(args.data_dir, 100_000 if quick else 1_000_000)
    if "labels" in parts:
        bench_labels(args.data_dir, 10 if quick else 100)
    if "cli" in parts:
        bench_cli(args.data_dir, 15_000 if quick else 150_000, 20_000 if quick else 200_000)


if __name__ == "__main__":
    main()
