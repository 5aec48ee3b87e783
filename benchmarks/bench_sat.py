"""Benchmark of the SAT backend: time per puzzle with uniqueness, and the size of each encoding.

Prints four tables:

0. the default kept solver against itself without phases (see :mod:`sudoku_models.solvers.sat`)
   and with the former bound on its selectors (never rebuilt before 100,000), median
   milliseconds per unseen puzzle and the ratios, measured in turns; with ``--shapes K`` also on
   K generated 12x12 and 16x16 puzzles each (warmed up on K others of the shape);
1. median milliseconds per puzzle for ``solve(puzzle, limit=2)`` (solve and prove uniqueness),
   per PySAT solver, with the rules kept in one solver (givens as assumptions) and with a fresh
   solver per puzzle (givens as unit clauses); "wall" is the whole call, "search" the part the
   result's ``stats.time`` covers (the base class's parsing and model building left out);
2. the same for every encoding, at-most-one choice and way of giving the givens, on one solver;
3. variables and clauses of the rules per encoding and at-most-one choice for 9x9, 16x16 and
   25x25 boards, and the mean size of Kwon and Jain's simplified formula over the puzzle set;
4. ``deterministic=True`` against the default, in turns, median ms per unseen puzzle: with
   ``limit=2`` on the puzzle set (one solution each), on the same puzzles with four givens
   erased (several solutions each), and with ``limit=1``.

Every time is of a puzzle the solver object has not seen: each round makes a new solver object,
warms it up on ``--warm`` other hard puzzles (from magictour's top 1465 and the forum's hardest
list in ``DATA_DIR``, leaving out the timed set; the shipped sets stand in when they are
missing), then solves each timed puzzle once. A kept solver answers a puzzle it has seen before
much faster (it keeps what it learnt), so timing the same puzzles round after round would flatter
it. Run: ``python benchmarks/bench_sat.py [--puzzles top95] [--solvers cadical195,glucose4]
[--warm 1000] [--data-dir ../shared/data] [--skip 1,2,3] [--shapes 20]``. Absolute times depend
on the machine and its load (printed); compare ratios within one run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from sudoku_models import cnf, datasets
from sudoku_models.bench import warm_up
from sudoku_models.generator import generate
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Solver

REPOSITORY = Path(__file__).resolve().parent.parent
WARM_UP_FILES = ("magictour_top1465.txt", "forum_hardest_1905_11plus.txt")
DEFAULT_SOLVERS = (
    "cadical153,cadical195,cadical300,glucose4,glucose42,minisat22,maplechrono,mergesat3,lingeling"
)

#: The bound on a kept solver's selectors before it was lowered to SELECTORS_PER_SOLVER.
FORMER_SELECTOR_BOUND = 100_000


def warm_up_pool(data_dir: Path, timed: list[Puzzle], size: int) -> list[Puzzle]:
    """``size`` hard puzzles that are not in ``timed``, to warm a solver up on."""
    skip = {p.to_line() for p in timed}
    pool: list[Puzzle] = []
    for name in WARM_UP_FILES:
        path = data_dir / name
        if path.exists():
            for line in path.read_text(encoding="utf-8").split():
                puzzle = Puzzle.parse(line)
                if puzzle.to_line() not in skip:
                    pool.append(puzzle)
                    if len(pool) == size:
                        return pool
    shipped = [p for name in ("hard20", "royle17_300", "hardest") for p in datasets.load(name)]
    pool += [p for p in shipped if p.to_line() not in skip]
    return (pool * (size // max(len(pool), 1) + 1))[:size]


def time_unseen(
    make: Callable[[], Solver], puzzles: list[Puzzle], warm: list[Puzzle]
) -> tuple[list[float], list[float]]:
    """Wall and search seconds of ``solve(p, limit=2)`` for each puzzle, solved once each by a
    new solver object warmed up on ``warm`` (puzzles it has not seen)."""
    solver = make()
    for puzzle in warm:
        solver.solve(puzzle, limit=2)
    wall, search = [], []
    for puzzle in puzzles:
        start = time.perf_counter()
        result = solver.solve(puzzle, limit=2)
        wall.append(time.perf_counter() - start)
        search.append(result.stats.time)
        assert result.count == 1, f"{solver!r} found {result.count} solutions"
    solver.close()
    return wall, search


def time_per_puzzle(
    make: Callable[[], Solver], puzzles: list[Puzzle], warm: list[Puzzle], rounds: int
) -> tuple[float, float]:
    """Median wall and search milliseconds over ``rounds`` runs of :func:`time_unseen`."""
    wall: list[float] = []
    search: list[float] = []
    for _ in range(rounds):
        w, s = time_unseen(make, puzzles, warm)
        wall += w
        search += s
    return statistics.median(wall) * 1000, statistics.median(search) * 1000


def _no_phases() -> Solver:
    solver = get_solver("sat")
    solver.phases = False  # type: ignore[attr-defined]
    return solver


def _former_bound() -> Solver:
    solver = get_solver("sat")
    solver.selectors_per_solver = FORMER_SELECTOR_BOUND  # type: ignore[attr-defined]
    return solver


#: The default kept solver against itself without phases and with the former selector bound.
KEPT_CONTESTANTS: dict[str, Callable[[], Solver]] = {
    "default": partial(get_solver, "sat"),
    "no phases": _no_phases,
    "former bound, 100,000": _former_bound,
}


def table_kept(puzzles: list[Puzzle], warm: list[Puzzle], rounds: int, title: str) -> None:
    print(
        f"\n0. ms per unseen puzzle (limit 2) after {len(warm)} warm-up puzzles, {title}, "
        f"{len(puzzles)} puzzles x {rounds} rounds in turns"
    )
    medians: dict[str, list[float]] = {name: [] for name in KEPT_CONTESTANTS}
    for k in range(rounds):
        order = list(KEPT_CONTESTANTS) if k % 2 == 0 else list(reversed(KEPT_CONTESTANTS))
        for name in order:
            wall, _ = time_unseen(KEPT_CONTESTANTS[name], puzzles, warm)
            medians[name].append(statistics.median(wall) * 1000)
    default = medians["default"]
    for name, values in medians.items():
        ratios = [b / a for a, b in zip(default, values)]
        print(
            f"{name:<26}{statistics.median(values):>9.3f} ms"
            f"{statistics.median(ratios):>9.2f}x the default (median of per-round ratios)"
        )


def generated(box: tuple[int, int], count: int, first_seed: int) -> list[Puzzle]:
    """``count`` minimal puzzles of one shape from the generator, seeds from ``first_seed``."""
    return [generate(seed=first_seed + k, box=box).puzzle for k in range(count)]


def table_solvers(puzzles: list[Puzzle], names: list[str], warm: list[Puzzle], rounds: int) -> None:
    print(f"\n1. ms per unseen puzzle, solve + uniqueness (limit 2), {len(puzzles)} x {rounds}")
    print(
        f"{'solver':<14}{'shared wall':>12}{'shared search':>15}"
        f"{'fresh wall':>12}{'fresh/shared':>14}"
    )
    for name in names:
        shared = time_per_puzzle(partial(get_solver, f"sat:{name}"), puzzles, warm, rounds)
        fresh = time_per_puzzle(partial(get_solver, f"sat:{name}", givens="units"), puzzles, [], 1)
        print(
            f"{name:<14}{shared[0]:>12.3f}{shared[1]:>15.3f}{fresh[0]:>12.3f}"
            f"{fresh[0] / shared[0]:>13.1f}x"
        )


def table_options(puzzles: list[Puzzle], name: str, warm: list[Puzzle], rounds: int) -> None:
    print(f"\n2. ms per unseen puzzle (wall, limit 2) on sat:{name} by encoding, amo and givens")
    print(
        f"{'encoding':<11}{'amo':<12}"
        + "".join(f"{g:>13}" for g in ("assumptions", "units", "simplify"))
    )
    for encoding in cnf.ENCODINGS:
        for amo in cnf.AT_MOST_ONE:
            cells = []
            for givens in ("assumptions", "units", "simplify"):
                make = partial(get_solver, f"sat:{name}", encoding=encoding, amo=amo, givens=givens)
                kept = givens == "assumptions"  # the other two make a solver per puzzle
                ms = time_per_puzzle(make, puzzles, warm if kept else [], rounds if kept else 1)
                cells.append(ms[0])
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


def loosened(puzzles: list[Puzzle], erased: int, seed: int) -> list[Puzzle]:
    """The puzzles with ``erased`` of their givens blanked (drawn with ``seed``): most then have
    several solutions."""
    rng = random.Random(seed)
    out = []
    for puzzle in puzzles:
        cells = list(puzzle.cells)
        for i in rng.sample([i for i, d in enumerate(cells) if d], erased):
            cells[i] = 0
        out.append(Puzzle(puzzle.board, tuple(cells)))
    return out


def time_limit_calls(
    make: Callable[[], Solver], puzzles: list[Puzzle], warm: list[Puzzle], limit: int
) -> float:
    """Median wall ms of ``solve(p, limit=limit)`` over puzzles a new, warmed-up object has not
    seen."""
    solver = make()
    for puzzle in warm:
        solver.solve(puzzle, limit=limit)
    wall = []
    for puzzle in puzzles:
        start = time.perf_counter()
        solver.solve(puzzle, limit=limit)
        wall.append(time.perf_counter() - start)
    solver.close()
    return statistics.median(wall) * 1000


def table_deterministic(puzzles: list[Puzzle], warm: list[Puzzle], rounds: int) -> None:
    print(
        f"\n4. deterministic=True against the default, ms per unseen puzzle, "
        f"{len(puzzles)} puzzles x {rounds} rounds in turns"
    )
    several = loosened(puzzles, 4, 0)
    cases = (("unique, limit 2", puzzles, 2), ("several, limit 2", several, 2))
    cases += (("unique, limit 1", puzzles, 1),)
    makers = {
        "default": partial(get_solver, "sat"),
        "deterministic": partial(get_solver, "sat", deterministic=True),
    }
    for title, chosen, limit in cases:
        medians: dict[str, list[float]] = {name: [] for name in makers}
        for k in range(rounds):
            for name in list(makers) if k % 2 == 0 else list(reversed(makers)):
                medians[name].append(time_limit_calls(makers[name], chosen, warm, limit))
        ratios = [b / a for a, b in zip(medians["default"], medians["deterministic"])]
        print(
            f"{title:<18} default {statistics.median(medians['default']):7.3f} ms  "
            f"deterministic {statistics.median(medians['deterministic']):7.3f} ms  "
            f"{statistics.median(ratios):5.2f}x (median of per-round ratios)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", default="top95", help="a shipped dataset name")
    parser.add_argument("--solvers", default=DEFAULT_SOLVERS, help="comma-separated PySAT names")
    parser.add_argument("--rounds", type=int, default=3, help="new solver objects per figure")
    parser.add_argument("--warm", type=int, default=1000, help="warm-up puzzles per object")
    parser.add_argument("--data-dir", type=Path, default=REPOSITORY.parent / "shared" / "data")
    parser.add_argument("--skip", default="", help="tables to skip, e.g. 2,3")
    parser.add_argument(
        "--one",
        choices=list(KEPT_CONTESTANTS),
        help="only warm up and time this contestant of table 0 once (e.g. under callgrind)",
    )
    parser.add_argument(
        "--shapes", type=int, default=0, help="table 0 also on this many 12x12 and 16x16 puzzles"
    )
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    warm_up(3.0)  # the processor runs slower for its first seconds of load
    puzzles = datasets.load(args.puzzles)
    warm = warm_up_pool(args.data_dir, puzzles, args.warm)
    if args.one:
        wall, _ = time_unseen(KEPT_CONTESTANTS[args.one], puzzles, warm)
        print(f"{args.one}: {statistics.median(wall) * 1000:.3f} ms median per unseen puzzle")
        return
    names = args.solvers.split(",")
    skip = set(args.skip.split(","))
    if "0" not in skip:
        table_kept(puzzles, warm, args.rounds, args.puzzles)
        for box in ((3, 4), (4, 4)):
            if args.shapes:
                shaped = generated(box, 2 * args.shapes, 1)
                n = box[0] * box[1]
                title = f"{n}x{n} generated"
                table_kept(shaped[: args.shapes], shaped[args.shapes :], args.rounds, title)
    if "1" not in skip:
        table_solvers(puzzles, names, warm, args.rounds)
    if "2" not in skip:
        table_options(puzzles, names[0], warm[:100], args.rounds)
    if "3" not in skip:
        table_sizes(puzzles, ["pairwise", "sequential", "bitwise", "totalizer"])
    if "4" not in skip:
        table_deterministic(puzzles, warm, args.rounds)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
