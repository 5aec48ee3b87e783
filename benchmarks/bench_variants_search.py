"""Variant puzzles solved with a uniqueness proof (limit 2), one line per puzzle.

Run from the repository root::

    python benchmarks/bench_variants_search.py [--backend backtracking:constraint]
        [--data-dir ../shared/data] [--time-limit 10] [--only killer-blister,orbit]

Reads ``DATA_DIR/variants/fpuzzles_dev.jsonl`` (f-puzzles JSON, one puzzle a line, each with
exactly one solution). The clock covers ``solver.solve(model, limit=2)`` alone, after the model
is read (wall seconds, and the CPU seconds of this process, steadier on a shared
machine). Each answer is checked: UNIQUE, a grid that meets every rule of the model, and the
stored solution when the line has one. A puzzle over the time limit is reported, not fatal.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from sudoku_models import fpuzzles, get_solver
from sudoku_models.solvers import Status

REPOSITORY = Path(__file__).resolve().parent.parent


def stored_solution(line: dict) -> tuple[int, ...] | None:
    """The solution stored with a puzzle, as a grid, or None."""
    solution = line.get("solution")
    if solution is None:
        return None
    if isinstance(solution, str):
        return tuple(int(ch) for ch in solution)
    return tuple(solution)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="backtracking:constraint")
    parser.add_argument("--data-dir", type=Path, default=REPOSITORY.parent / "shared" / "data")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--only", default="", help="comma-separated puzzle ids")
    args = parser.parse_args()
    path = args.data_dir / "variants" / "fpuzzles_dev.jsonl"
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines() if text]
    if args.only:
        wanted = set(args.only.split(","))
        lines = [line for line in lines if line["id"] in wanted]
    solver = get_solver(args.backend)
    times = []
    cpu_times = []
    failures = []
    print(f"{'puzzle':30} {'status':8} {'seconds':>8} {'cpu s':>8} {'nodes':>8}  rules")
    for line in lines:
        model = fpuzzles.read(line["fpuzzles"])
        start, cpu_start = time.perf_counter(), time.process_time()
        result = solver.solve(model, limit=2, time_limit=args.time_limit)
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu_start
        times.append(seconds)
        cpu_times.append(cpu)
        status = result.status.value
        if result.status is Status.UNIQUE:
            grid = result.solutions[0].cells
            stored = stored_solution(line)
            if not model.is_solution(grid) or (stored is not None and grid != stored):
                status = "WRONG"
        if status != "unique":
            failures.append(line["id"])
        rules = ",".join(line["constraints"]) or "classic"
        print(
            f"{line['id']:30} {status:8} {seconds:8.2f} {cpu:8.2f} {result.stats.nodes:8d}  {rules}"
        )
    solved = len(lines) - len(failures)
    print(
        f"{solved}/{len(lines)} unique within {args.time_limit:g} s; total {sum(times):.1f} s "
        f"({sum(cpu_times):.1f} CPU s), median {sorted(times)[len(times) // 2]:.2f} s"
    )
    if failures:
        print("not proved unique:", ", ".join(failures))


if __name__ == "__main__":
    main()
