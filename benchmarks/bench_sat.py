"""Benchmark of the SAT backend: time per puzzle with uniqueness, and the size of each encoding.

Prints three tables:

1. median milliseconds per puzzle for ``solve(puzzle, limit=2)`` (solve and prove uniqueness),
   per PySAT solver, with the rules kept in one solver (givens as assumptions) and with a fresh
   solver per puzzle (givens as unit clauses); "wall" is the whole call, "search" the part the
   result's ``stats.time`` covers (the base class's parsing and model building left out);
2. the same for every encoding, at-most-one choice and way of giving the givens, on one solver;
3. variables and clauses of the rules per encoding and at-most-one choice for 9x9, 16x16 and
   25x25 boards, and the mean size of Kwon and Jain's simplified formula over the puzzle set.

Run: ``python benchmarks/bench_sat.py [--puzzles top95] [--solvers cadical195,glucose4]``.
Figures are ratios within one run; absolute times depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import time

from sudoku_models import cnf, datasets
from sudoku_models.bench import warm_up
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Solver

DEFAULT_SOLVERS = (
    "cadical153,cadical195,cadical300,glucose4,glucose42,minisat22,maplechrono,mergesat3,lingeling"
)


def time_per_puzzle(solver: Solver, puzzles: list[Puzzle], rounds: int) -> tuple[float, float]:
    """Median wall and search milliseconds of ``solve(p, limit=2)`` over puzzles and rounds."""
    solver.solve(puzzles[0], limit=2)  # loads the rules once for the shared-solver mode
    wall, search = [], []
    for _ in range(rounds):
        for puzzle in puzzles:
            start = time.perf_counter()
            result = solver.solve(puzzle, limit=2)
            wall.append(time.perf_counter() - start)
            search.append(result.stats.time)
            assert result.count == 1, f"{solver!r} found {result.count} solutions"
    return statistics.median(wall) * 1000, statistics.median(search) * 1000


def table_solvers(puzzles: list[Puzzle], names: list[str], rounds: int) -> None:
    print(f"\n1. ms per puzzle, solve + uniqueness (limit 2), {len(puzzles)} puzzles x {rounds}")
    print(
        f"{'solver':<14}{'shared wall':>12}{'shared search':>15}"
        f"{'fresh wall':>12}{'fresh/shared':>14}"
    )
    for name in names:
        shared = time_per_puzzle(get_solver(f"sat:{name}"), puzzles, rounds)
        fresh = time_per_puzzle(get_solver(f"sat:{name}", givens="units"), puzzles, 1)
        print(
            f"{name:<14}{shared[0]:>12.3f}{shared[1]:>15.3f}{fresh[0]:>12.3f}"
            f"{fresh[0] / shared[0]:>13.1f}x"
        )


def table_options(puzzles: list[Puzzle], name: str, rounds: int) -> None:
    print(f"\n2. ms per puzzle (wall, limit 2) on sat:{name} by encoding, at-most-one and givens")
    print(
        f"{'encoding':<11}{'amo':<12}"
        + "".join(f"{g:>13}" for g in ("assumptions", "units", "simplify"))
    )
    for encoding in cnf.ENCODINGS:
        for amo in cnf.AT_MOST_ONE:
            cells = []
            for givens in ("assumptions", "units", "simplify"):
                solver = get_solver(f"sat:{name}", encoding=encoding, amo=amo, givens=givens)
                times = 1 if givens != "assumptions" else rounds
                cells.append(time_per_puzzle(solver, puzzles, times)[0])
            print(f"{encoding:<11}{amo:<12}" + "".join(f"{ms:>13.3f}" for ms in cells))


def table_sizes(puzzles: list[Puzzle], amos: list[str]) -> None:
    print("\n3. variables / clauses of the rules (no givens)")
    print(f"{'board':<8}{'encoding':<11}" + "".join(f"{amo:>24}" for amo in amos))
    for box in ((3, 3), (4, 4), (5, 5)):
        empty = Puzzle.empty(box)
        for encoding in cnf.ENCODINGS:
            sizes = []
            for amo in amos:
                formula = cnf.encode(empty, encoding, amo, givens="none")
                sizes.append(f"{formula.num_vars} / {formula.num_clauses}")
            print(f"{empty.n}x{empty.n:<6}{encoding:<11}" + "".join(f"{s:>24}" for s in sizes))
    print(
        f"\nmean variables / clauses over {len(puzzles)} 9x9 puzzles, givens as units vs simplified"
    )
    for encoding in cnf.ENCODINGS:
        row = []
        for givens in ("units", "simplify"):
            formulas = [cnf.encode(p, encoding, "pairwise", givens) for p in puzzles]
            row.append(
                f"{statistics.mean(f.num_vars for f in formulas):.0f} / "
                f"{statistics.mean(f.num_clauses for f in formulas):.0f}"
            )
        print(f"{encoding:<11}{'pairwise':<10} units {row[0]:>16}   simplify {row[1]:>14}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", default="top95", help="a shipped dataset name")
    parser.add_argument("--solvers", default=DEFAULT_SOLVERS, help="comma-separated PySAT names")
    parser.add_argument("--rounds", type=int, default=3, help="passes over the set, shared mode")
    parser.add_argument("--skip", default="", help="tables to skip, e.g. 2,3")
    args = parser.parse_args()
    warm_up(3.0)  # the processor runs slower for its first seconds of load
    puzzles = datasets.load(args.puzzles)
    names = args.solvers.split(",")
    skip = set(args.skip.split(","))
    if "1" not in skip:
        table_solvers(puzzles, names, args.rounds)
    if "2" not in skip:
        table_options(puzzles, names[0], args.rounds)
    if "3" not in skip:
        table_sizes(puzzles, ["pairwise", "sequential", "bitwise", "totalizer"])


if __name__ == "__main__":
    main()
