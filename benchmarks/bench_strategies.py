"""Compare the backtracking strategies on a few shipped puzzles: speed and search counters.

Every strategy gets the same puzzles (the first ``--sample`` of each set), limit 2 (so a unique
puzzle is searched to the end) and a per-puzzle time limit. A timed-out puzzle counts with the
time it used. Run from the repository root::

    python benchmarks/bench_strategies.py --sample 5 --time-limit 2
"""

from __future__ import annotations

import argparse
import statistics

from sudoku_models import datasets
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.backtracking import STRATEGIES
from sudoku_models.solvers.base import Status


def bench(name: str, puzzles: list[Puzzle], time_limit: float) -> dict[str, float]:
    """Solve ``puzzles`` with strategy ``name``; the summary figures of one table row."""
    solver = get_solver(f"backtracking:{name}")
    times, nodes, guesses, timeouts = [], [], [], 0
    for puzzle in puzzles:
        result = solver.solve(puzzle, limit=2, time_limit=time_limit)
        timeouts += result.status is Status.TIMEOUT
        times.append(result.stats.time)
        nodes.append(result.stats.nodes)
        guesses.append(result.stats.guesses)
    return {
        "puzzles/s": len(puzzles) / sum(times),
        "median ms": statistics.median(times) * 1000,
        "max ms": max(times) * 1000,
        "timeouts": timeouts,
        "mean nodes": statistics.fmean(nodes),
        "mean guesses": statistics.fmean(guesses),
    }


def main() -> None:
    """Print one table per dataset, one row per strategy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=5, help="puzzles taken from each set")
    parser.add_argument("--time-limit", type=float, default=2.0, help="seconds per puzzle")
    parser.add_argument("--datasets", default="top95,hardest", help="comma-separated shipped sets")
    parser.add_argument("--strategies", default=",".join(STRATEGIES), help="comma-separated")
    args = parser.parse_args()
    columns = ("puzzles/s", "median ms", "max ms", "timeouts", "mean nodes", "mean guesses")
    for dataset in args.datasets.split(","):
        puzzles = datasets.load(dataset)[: args.sample]
        print(f"\n{dataset}: {len(puzzles)} puzzles, limit 2, time limit {args.time_limit} s")
        print(f"{'strategy':<12}" + "".join(f"{c:>14}" for c in columns))
        for name in args.strategies.split(","):
            row = bench(name, puzzles, args.time_limit)
            cells = "".join(
                f"{row[c]:>14.0f}"
                if c in ("timeouts", "mean nodes", "mean guesses")
                else f"{row[c]:>14.1f}"
                for c in columns
            )
            print(f"{name:<12}{cells}", flush=True)


if __name__ == "__main__":
    main()
