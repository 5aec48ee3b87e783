"""Solving with a uniqueness proof (limit 2) on standard 9x9 sets, against Norvig's Python rates.

Run from the repository root::

    python benchmarks/bench_core.py [--backend backtracking] [--data-dir ../shared/data]

Sets: top95 and hardest (shipped with the package) and a fixed 1,000-puzzle sample (seed 0) of
Gordon Royle's 17-clue list, read from ``DATA_DIR/royle_17_clue.txt`` when it exists (otherwise the
shipped 300-puzzle sample stands in). Each puzzle is parsed first; the clock covers
``solver.solve(puzzle, limit=2)`` alone: building the model, the search, the result. Every answer
is checked to be UNIQUE with a valid grid.

Reference rates of Peter Norvig's Python solver, measured on the same kind of 2-core machine and
finding only the first solution: about 104 puzzles/s on top95 and 320/s on the 17-clue list.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from pathlib import Path

from sudoku_models import Puzzle, Status, datasets, get_solver
from sudoku_models.bench import warm_up

REPOSITORY = Path(__file__).resolve().parent.parent
NORVIG_RATES = {"top95": 104.0, "royle17": 320.0}


def load_sets(data_dir: Path, sample: int) -> dict[str, list[Puzzle]]:
    """The benchmark sets by name."""
    sets = {"top95": datasets.load("top95"), "hardest": datasets.load("hardest")}
    royle = data_dir / "royle_17_clue.txt"
    if royle.exists():
        lines = royle.read_text(encoding="utf-8").split()
        chosen = random.Random(0).sample(lines, min(sample, len(lines)))
        sets[f"royle17 sample of {len(chosen)}"] = [Puzzle.parse(line) for line in chosen]
    else:
        sets["royle17_300 (shipped)"] = datasets.load("royle17_300")
    return sets


def measure(backend: str, puzzles: list[Puzzle]) -> list[float]:
    """Seconds per puzzle for solving with a uniqueness proof; every answer is checked."""
    solver = get_solver(backend)
    times = []
    for puzzle in puzzles:
        start = time.perf_counter()
        result = solver.solve(puzzle, limit=2)
        times.append(time.perf_counter() - start)
        if result.status is not Status.UNIQUE or not result.solution.is_valid_solution_of(puzzle):
            raise SystemExit(f"{backend} failed on {puzzle.to_line()}: {result.status}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="backtracking")
    parser.add_argument("--data-dir", type=Path, default=REPOSITORY.parent / "shared" / "data")
    parser.add_argument("--sample", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the fastest is kept")
    args = parser.parse_args()

    print(f"backend {args.backend}, limit 2 (solve and prove unique), best of {args.repeat} rounds")
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores\n")
    header = f"{'set':<26}{'puzzles':>8}{'puzzles/s':>11}{'median ms':>11}{'max ms':>9}"
    print(header + f"{'x Norvig':>10}")
    warm_up(3.0)
    for name, puzzles in load_sets(args.data_dir, args.sample).items():
        rounds = [measure(args.backend, puzzles) for _ in range(args.repeat)]
        times = min(rounds, key=sum)
        rate = len(times) / sum(times)
        reference = NORVIG_RATES.get(name.split()[0].split("_")[0])
        ratio = f"{rate / reference:>9.1f}x" if reference else f"{'':>10}"
        print(
            f"{name:<26}{len(times):>8}{rate:>11.0f}{statistics.median(times) * 1000:>11.2f}"
            f"{max(times) * 1000:>9.2f}{ratio}"
        )
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
