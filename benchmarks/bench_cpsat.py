"""Benchmark of the CP-SAT backend: time per puzzle with uniqueness, and where that time goes.

Prints two tables:

1. median milliseconds per puzzle for ``solve(puzzle, limit=2)`` (solve and prove uniqueness) for
   both formulations and both ways of enumerating, split into building the CP-SAT model in
   Python, CP-SAT's own wall time (presolve and search, summed over its solves) and the rest
   (the solver-neutral model, solver setup, reading grids, blocking constraints); with the CPU
   time of the call, the CP-SAT solves per puzzle and the median branches;
2. the same split for the first solution alone (``limit=1``, one solve either way).

Every setting solves each puzzle in turn, so a change in the machine's load hits all of them alike.

Run: ``python benchmarks/bench_cpsat.py [--puzzles top95] [--count 95] [--rounds 1]``.
Figures are ratios within one run; absolute times depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from sudoku_models import datasets
from sudoku_models.bench import warm_up
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Solver, Status

SETTINGS = (
    ("integer", "callback"),
    ("integer", "blocking"),
    ("boolean", "callback"),
    ("boolean", "blocking"),
)


@dataclass
class Timings:
    """Per-puzzle measurements of one setting, in seconds (branches and solves as counts)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    build: list[float] = field(default_factory=list)
    cp_sat: list[float] = field(default_factory=list)
    branches: list[float] = field(default_factory=list)
    solves: list[float] = field(default_factory=list)

    def add(self, solver: Solver, puzzle: Puzzle, limit: int) -> None:
        """Solve ``puzzle`` once and record the figures."""
        cpu, wall = time.process_time(), time.perf_counter()
        result = solver.solve(puzzle, limit=limit)
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(time.process_time() - cpu)
        expected = Status.SOLVED if limit == 1 else Status.UNIQUE
        assert result.status is expected, f"{solver.label}: {result.status} on {puzzle.to_line()}"
        extra = result.stats.extra
        self.build.append(extra["build_time"])
        self.cp_sat.append(extra["solve_time"])
        self.branches.append(result.stats.nodes)
        self.solves.append(extra["solves"])

    def row(self) -> str:
        """Medians as one table row (milliseconds, then counts)."""
        ms = [statistics.median(xs) * 1000 for xs in (self.wall, self.build, self.cp_sat)]
        parts = zip(self.wall, self.build, self.cp_sat, strict=True)
        rest = statistics.median([w - b - s for w, b, s in parts])
        return (
            f"{ms[0]:>8.2f}{ms[1]:>8.2f}{ms[2]:>8.2f}{rest * 1000:>8.2f}"
            f"{statistics.median(self.cpu) * 1000:>8.2f}{statistics.mean(self.solves):>8.1f}"
            f"{statistics.median(self.branches):>10.0f}"
        )


def measure(
    puzzles: list[Puzzle], limit: int, rounds: int, settings: tuple[tuple[str, str], ...]
) -> dict[tuple[str, str], Timings]:
    """Timings of each setting, the settings taking turns on each puzzle."""
    solvers = {s: get_solver(f"cpsat:{s[0]}", enumeration=s[1]) for s in settings}
    for solver in solvers.values():
        solver.solve(puzzles[0], limit=limit)  # imports OR-Tools and warms it up
    timings = {s: Timings() for s in settings}
    for _ in range(rounds):
        for puzzle in puzzles:
            for setting, solver in solvers.items():
                timings[setting].add(solver, puzzle, limit)
    return timings


def print_table(title: str, timings: dict[tuple[str, str], Timings]) -> None:
    print(f"\n{title}")
    print(
        f"{'formulation':<12}{'enumerate':<10}{'wall':>8}{'build':>8}{'cp-sat':>8}{'rest':>8}"
        f"{'cpu':>8}{'solves':>8}{'branches':>10}"
    )
    for (variant, enumeration), t in timings.items():
        print(f"{variant:<12}{enumeration:<10}{t.row()}")
    first, *others = timings
    base = statistics.median(timings[first].wall)
    ratios = ", ".join(
        f"{v}/{e} {statistics.median(timings[(v, e)].wall) / base:.2f}x" for v, e in others
    )
    print(f"wall relative to {first[0]}/{first[1]}: {ratios}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", default="top95", help="shipped set name or file path")
    parser.add_argument("--count", type=int, default=0, help="first N puzzles only (0: all)")
    parser.add_argument("--rounds", type=int, default=1, help="passes over the puzzles")
    args = parser.parse_args()
    warm_up(3.0)  # the processor runs slower for its first seconds of load
    if args.puzzles in datasets.names():
        puzzles = datasets.load(args.puzzles)
    else:
        puzzles = list(datasets.iter_puzzles(args.puzzles))
    puzzles = puzzles[: args.count or None]

    print(f"CP-SAT backend, {len(puzzles)} puzzles of {args.puzzles} x {args.rounds} round(s)")
    print("medians in ms per puzzle; 'rest' is the call minus building and CP-SAT's wall time")
    both = measure(puzzles, limit=2, rounds=args.rounds, settings=SETTINGS)
    print_table("1. solve + uniqueness (limit 2)", both)
    single = tuple(s for s in SETTINGS if s[1] == "callback")
    print_table("2. first solution (limit 1)", measure(puzzles, 1, args.rounds, single))


if __name__ == "__main__":
    main()
