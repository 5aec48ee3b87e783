"""The fixed cost of one ``solve()``: a 9x9 grid already complete, so there is nothing to search.

Run from the repository root::

    python benchmarks/bench_fixed_cost.py [--backends backtracking,sat] [--number 1000]
        [--rounds 7] [--clock wall|cpu] [--reference DIR]

The puzzle is parsed once before timing (parsing has its own cost); what is timed is
``solver.solve(puzzle)`` and ``solver.solve(puzzle, limit=2)`` alone: building the model, the
clash check, the backend's set-up and its (empty) search, and the result. The backends take turns,
and each figure is the best of several rounds, in microseconds per call.

``--clock cpu`` times with this thread's processor time instead of the wall clock: on a loaded
machine it leaves out the time the process waits for a processor. ``--reference DIR`` compares
with another copy of the package (``DIR`` holds its ``sudoku_models``): each round runs both in
fresh processes, taking turns, and the table adds the ratio reference / this one.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
import time
import timeit
from pathlib import Path

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

#: The repository this script belongs to: what ``--reference`` is compared with.
HERE = Path(__file__).resolve().parent.parent

CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


def measure(backends: list[str], number: int, rounds: int, clock: str) -> dict[str, float]:
    """Best seconds per call for each ``"label limit"``, with the package this process imports."""
    from sudoku_models import Puzzle, get_solver
    from sudoku_models.bench import warm_up

    puzzle = Puzzle.parse(SOLVED)
    solvers = [get_solver(name) for name in backends]
    for solver in solvers:  # build the tables of the 9x9 shape before timing
        solver.solve(puzzle, limit=2)
    warm_up(2.0)
    best: dict[str, float] = {}
    for _ in range(rounds):
        for solver in solvers:
            for limit in (1, 2):
                call = functools.partial(solver.solve, puzzle, limit=limit)
                seconds = timeit.Timer(call, timer=CLOCKS[clock]).timeit(number) / number
                key = f"{solver.label} {limit}"
                best[key] = min(best.get(key, seconds), seconds)
    return best


def measure_in(root: Path, args: argparse.Namespace) -> dict[str, float]:
    """:func:`measure` in a fresh process that imports the package under ``root``."""
    command = [sys.executable, str(Path(__file__).resolve()), "--json", "--backends", args.backends]
    command += ["--number", str(args.number), "--rounds", "1", "--clock", args.clock]
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run(command, env=env, cwd=root, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="backtracking,sat")
    parser.add_argument("--number", type=int, default=1000, help="calls per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    parser.add_argument("--reference", type=Path, help="another copy of the package to compare")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    backends = args.backends.split(",")
    if args.json:
        print(json.dumps(measure(backends, args.number, args.rounds, args.clock)))
        return
    if args.reference is None:
        this = measure(backends, args.number, args.rounds, args.clock)
        ref: dict[str, float] = {}
    else:
        this, ref = {}, {}
        for _ in range(args.rounds):
            for root, best in ((args.reference.resolve(), ref), (HERE, this)):
                for key, seconds in measure_in(root, args).items():
                    best[key] = min(best.get(key, seconds), seconds)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"fixed cost of solve() on a complete 9x9, best of {args.rounds} x {args.number} calls, "
        f"{args.clock} clock, load average {load}"
    )
    header = f"{'backend':<22}{'limit':>6}{'us':>10}"
    print(header + (f"{'reference us':>14}{'ratio':>8}" if ref else ""))
    for key, seconds in this.items():
        label, limit = key.split()
        line = f"{label:<22}{limit:>6}{seconds * 1e6:>10.1f}"
        if ref:
            line += f"{ref[key] * 1e6:>14.1f}{ref[key] / seconds:>8.2f}"
        print(line)


if __name__ == "__main__":
    main()
