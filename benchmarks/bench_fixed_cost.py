"""The fixed cost of one ``solve()``: a 9x9 grid already complete, so there is nothing to search.

Run from the repository root::

    python benchmarks/bench_fixed_cost.py [--backends backtracking,sat] [--number 2000]

The puzzle is parsed once before timing (parsing has its own cost); what is timed is
``solver.solve(puzzle)`` and ``solver.solve(puzzle, limit=2)`` alone: building the model, the
clash check, the backend's set-up and its (empty) search, and the result. The backends take turns,
and each figure is the best of several rounds, in microseconds per call.
"""

from __future__ import annotations

import argparse
import functools
import timeit

from sudoku_models import Puzzle, get_solver
from sudoku_models.bench import warm_up

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="backtracking,sat")
    parser.add_argument("--number", type=int, default=2000, help="calls per round")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()

    puzzle = Puzzle.parse(SOLVED)
    solvers = [get_solver(name) for name in args.backends.split(",")]
    for solver in solvers:  # build the tables of the 9x9 shape before timing
        solver.solve(puzzle, limit=2)
    warm_up(2.0)
    best: dict[tuple[str, int], float] = {}
    for _ in range(args.rounds):
        for solver in solvers:
            for limit in (1, 2):
                call = functools.partial(solver.solve, puzzle, limit=limit)
                seconds = timeit.timeit(call, number=args.number)
                key = (solver.label, limit)
                best[key] = min(best.get(key, seconds), seconds)
    print(f"fixed cost of solve() on a complete 9x9, best of {args.rounds} x {args.number} calls")
    print(f"{'backend':<22}{'limit 1 (us)':>14}{'limit 2 (us)':>14}")
    for solver in solvers:
        one, two = (best[solver.label, limit] / args.number * 1e6 for limit in (1, 2))
        print(f"{solver.label:<22}{one:>14.1f}{two:>14.1f}")


if __name__ == "__main__":
    main()
