"""The numba backend: puzzles/s with a uniqueness proof, compile time apart, and the generator.

Run from the repository root::

    python benchmarks/bench_numba.py [--data-dir ../shared/data] [--rounds 3] [--generate 300]
                                     [--tdoku path/to/tdoku's shared library]
                                     [--tdoku-driver path/to/a program that calls tdoku]

For each set it prints puzzles per second with limit 2 (solve and prove unique) on one core,
counted per second of processor time of this process (on a shared machine wall time also counts
the time other programs hold the core; the array call's wall rate is printed too):

- ``array``: :func:`~sudoku_models.solvers.numba_backend.solve_array` on the whole set in one
  compiled call, for both variants of the 9x9 band search (``mixed`` branches on the ways a digit
  can take its places in a band or a stack; ``cells`` on cells only), and ``cell search``: the
  search of every other board size (the one 9x9 grids took before), ``mixed``, on the same rows;
- ``solve()``: ``NumbaSolver().solve(puzzle, limit=2)`` one puzzle at a time, the Python
  interface's cost included, and the SAT backend the same way for scale;
- ``tdoku``, with ``--tdoku PATH``: tdoku (the C++ solver of Tom Dillon, built separately from
  its public source as a shared library, not part of this project) on the same puzzles in
  the same rounds, in turns with the array call: ``SolveSudoku(puzzle, limit=2)`` per puzzle,
  called through ctypes from a compiled loop (no Python between two puzzles), one thread. The
  last column is the array call's rate over tdoku's. Without ``--tdoku`` no share of tdoku is
  printed;
- ``driver``, with ``--tdoku-driver PATH``: a separate program that calls tdoku in its own
  compiled loop (no Python, no ctypes), timed in turns with the array call. The program is not
  part of this project; it is run as ``PATH FILE ROUNDS``, where ``FILE`` holds the set, one
  puzzle a line (81 characters, ``.`` for an empty cell), and it must solve every line with
  limit 2 ``ROUNDS`` times and print one line ``COUNT RATE GUESSES``: the puzzles it read, its
  best rate in puzzles per processor second over the rounds, and tdoku's guesses a puzzle
  (tdoku's own counter). The benchmark writes the set to a temporary file and runs the program
  with three rounds each turn (the first warms its caches). ``of driver`` is the array call's
  rate over the driver's;
- ``nodes``: the array call's nodes a puzzle (the root included) and, with a driver, tdoku's
  guesses a puzzle beside them, so a gap in rate reads as cost per node or as nodes;
- ``2 workers``: the array call on two threads, its best wall rate over the best wall rate of
  one thread, the two taking turns ``REPEATS`` times in each round (it needs two idle cores to
  mean anything; the search keeps nothing from one call to the next). These calls last a few
  milliseconds, so the thread start and the last, unevenly hard rows weigh on them;
  ``--scaling`` also times one and two threads in turns on batches of about a second (the
  17-clue puzzles outside the sample, magictour's top 1465, 5,000 of the forum's hardest) and
  prints each round's ratio.

Sets: Gordon Royle's 17-clue list (a 2,000-puzzle sample, seed 0), top95, and the forum's
hardest list (a 500-puzzle sample, seed 0), read from ``DATA_DIR``. The warm-up solves puzzles
of the 17-clue list outside the sample, so no timed puzzle was seen before. Every answer is
checked: exactly one solution, a valid grid. The compile time is printed apart: the first call
in this process (a load from Numba's disk cache when one exists) and a cold compile in a child
process with an empty cache folder (``--cold``). Each rate is the best of ``--rounds`` rounds,
contestants alternating within a round; the load average is printed before and after. Last, a
look at the tail: random 16x16 puzzles with 80% of the cells empty, limit 2, both variants.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from sudoku_models import Puzzle, Status, get_solver
from sudoku_models.bench import warm_up
from sudoku_models.board import Board
from sudoku_models.generator import generate, generate_many
from sudoku_models.generator.grids import random_grid
from sudoku_models.solvers import numba_backend
from sudoku_models.solvers.numba_backend import compile_search, solve_array

REPOSITORY = Path(__file__).resolve().parent.parent
NINE = Board(3, 3)

#: File, sample size (0: all) of each set.
SETS = {
    "royle_17_clue": 2000,
    "top95": 0,
    "forum_hardest_1905_11plus": 500,
}

#: Calls of the array call, one and two threads in turns, within each round.
REPEATS = 5


class Tdoku:
    """tdoku's ``SolveSudoku`` from its shared library, called on a whole set in compiled code."""

    def __init__(self, path: Path) -> None:
        import ctypes

        from numba import njit

        solve = ctypes.CDLL(str(path)).TdokuSolverDpllTriadSimd
        pointer, size = ctypes.c_void_p, ctypes.c_size_t
        solve.argtypes = [pointer, size, ctypes.c_uint32, pointer, pointer]
        solve.restype = size

        @njit(nogil=True)
        def run(text, count, limit, counts, solution, guesses):  # pragma: no cover
            for k in range(count):
                at = text.ctypes.data + 82 * k
                counts[k] = solve(at, limit, 0, solution.ctypes.data, guesses.ctypes.data)

        self._run = run

    def counts(self, text: np.ndarray, limit: int = 2) -> np.ndarray:
        """Solutions tdoku counts (up to ``limit``) for each puzzle of ``text`` (see
        :func:`encode_for_tdoku`)."""
        counts = np.zeros(len(text) // 82, dtype=np.int64)
        solution = np.zeros(82, dtype=np.uint8)
        guesses = np.zeros(1, dtype=np.uint64)
        self._run(text, len(counts), limit, counts, solution, guesses)
        return counts

    def rate(self, grids: np.ndarray) -> float:
        """Puzzles per processor second of tdoku with limit 2 on the rows of ``grids``."""
        text = encode_for_tdoku(grids)
        cpu = time.process_time()
        counts = self.counts(text)
        cpu = time.process_time() - cpu
        if (counts != 1).any():
            raise SystemExit("tdoku: a puzzle of the set is not unique")
        return len(grids) / cpu


class TdokuDriver:
    """A program that times tdoku on a file of puzzles (the protocol is in the module's notes)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(self, grids: np.ndarray, rounds: int = 3) -> tuple[float, float]:
        """The program's best rate (puzzles per processor second) on the rows of ``grids`` over
        ``rounds`` rounds, and tdoku's guesses a puzzle."""
        with tempfile.TemporaryDirectory() as folder:
            puzzles = Path(folder) / "puzzles.txt"
            puzzles.write_bytes(encode_for_tdoku(grids).tobytes())
            out = subprocess.run(
                [str(self.path), str(puzzles), str(rounds)],
                capture_output=True, text=True, check=False,
            )  # fmt: skip
        fields = out.stdout.split()
        if out.returncode != 0 or len(fields) != 3 or int(fields[0]) != len(grids):
            raise SystemExit(f"{self.path}: unexpected output {out.stdout!r} {out.stderr!r}")
        return float(fields[1]), float(fields[2])


def encode_for_tdoku(grids: np.ndarray) -> np.ndarray:
    """Rows of digits as tdoku reads them: 81 characters ('.' for empty) and a newline each."""
    text = np.full((len(grids), 82), ord("\n"), dtype=np.uint8)
    text[:, :81] = np.where(grids == 0, ord("."), grids + ord("0"))
    return text.reshape(-1)


def read_lines(path: Path) -> list[str]:
    """The puzzle lines of a file (first field of each line, comments skipped)."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split()
        if fields and not fields[0].startswith("#"):
            lines.append(fields[0])
    return lines


def as_array(lines: list[str]) -> np.ndarray:
    """Puzzle lines as a (k, 81) uint8 array."""
    return np.array([Puzzle.parse(line).cells for line in lines], dtype=np.uint8)


def check(name: str, grids: np.ndarray, counts: np.ndarray, solutions: np.ndarray) -> None:
    """Stop unless every puzzle came back unique with a valid grid."""
    for k in range(len(grids)):
        puzzle = Puzzle(NINE, tuple(grids[k].tolist()))
        grid = Puzzle(NINE, tuple(solutions[k].tolist()))
        if counts[k] != 1 or not grid.is_valid_solution_of(puzzle):
            raise SystemExit(f"{name}: wrong answer on {puzzle.to_line()}")


def rate_array(grids: np.ndarray, variant: str, workers: int = 1) -> tuple[float, float]:
    """Puzzles per wall second and per processor second of one array call."""
    cpu = time.process_time()
    answer = solve_array(grids, limit=2, workers=workers, variant=variant)
    cpu = time.process_time() - cpu
    return len(grids) / answer.seconds, len(grids) / cpu


def rate_cell_search(grids: np.ndarray) -> float:
    """Puzzles per processor second of the search of other board sizes on these 9x9 rows."""
    shape = dataclasses.replace(numba_backend._tables(NINE, NINE.units), bands=False)
    cpu = time.process_time()
    numba_backend._solve_rows(grids, shape, 2, 1, 1, 0, True)
    return len(grids) / (time.process_time() - cpu)


def rate_solve(backend: str, puzzles: list[Puzzle]) -> tuple[float, float]:
    """Puzzles per wall second and per processor second of ``solve(puzzle, limit=2)``, one
    puzzle at a time."""
    solver = get_solver(backend)
    start, cpu = time.perf_counter(), time.process_time()
    for puzzle in puzzles:
        if solver.solve(puzzle, limit=2).status is not Status.UNIQUE:
            raise SystemExit(f"{backend}: not unique: {puzzle.to_line()}")
    cpu = time.process_time() - cpu
    return len(puzzles) / (time.perf_counter() - start), len(puzzles) / cpu


def measure(
    grids: np.ndarray,
    puzzles: list[Puzzle],
    rounds: int,
    tdoku: Tdoku | None,
    driver: TdokuDriver | None = None,
) -> dict[str, float]:
    """Best rates over ``rounds`` rounds, contestants alternating: per processor second for one
    thread (``wall`` adds the array call's rate per wall second, ``two`` its rate per wall
    second on two threads, ``tdoku`` tdoku's rate through ctypes and ``driver`` through the
    driver program, each timed in turns with the array call)."""
    best: dict[str, float] = {}
    for _ in range(rounds):
        wall, mixed, two, theirs, program = 0.0, 0.0, 0.0, 0.0, 0.0
        for _ in range(REPEATS):  # one thread, tdoku, its driver and two threads in turns
            one_wall, one_cpu = rate_array(grids, "mixed")
            wall, mixed = max(wall, one_wall), max(mixed, one_cpu)
            if tdoku is not None:
                theirs = max(theirs, tdoku.rate(grids))
            if driver is not None:
                program = max(program, driver.run(grids)[0])
            two = max(two, rate_array(grids, "mixed", workers=2)[0])
        rates = {
            "tdoku": theirs,
            "driver": program,
            "wall": wall,
            "mixed": mixed,
            "cells": rate_array(grids, "cells")[1],
            "cell search": rate_cell_search(grids),
            "solve": rate_solve("numba", puzzles)[1],
            "sat": rate_solve("sat", puzzles)[1],
            "two": two,
        }
        for key, rate in rates.items():
            best[key] = max(best.get(key, 0.0), rate)
    return best


def scaling(data_dir: Path, rounds: int) -> None:
    """Wall time of the array call on one thread over two threads, in turns, on batches of
    about a second each: every round's ratio, then the median."""
    royle = read_lines(data_dir / "royle_17_clue.txt")
    chosen = set(random.Random(0).sample(range(len(royle)), SETS["royle_17_clue"]))
    forum = read_lines(data_dir / "forum_hardest_1905_11plus.txt")
    batches = {
        "17-clue, outside the sample": [line for k, line in enumerate(royle) if k not in chosen],
        "magictour_top1465": read_lines(data_dir / "magictour_top1465.txt"),
        "forum's hardest, 5,000": random.Random(1).sample(forum, 5000),
    }
    print(f"\ntwo workers over one, wall time, {rounds} rounds in turns (ratio of each round)")
    for name, lines in batches.items():
        grids = as_array(lines)
        solve_array(grids[:100], limit=2, workers=2)
        ratios = []
        for _ in range(rounds):
            one = solve_array(grids, limit=2).seconds
            two = solve_array(grids, limit=2, workers=2).seconds
            ratios.append(one / two)
        shown = " ".join(f"{r:.2f}" for r in ratios)
        median = sorted(ratios)[len(ratios) // 2]
        print(f"{name:<30}{len(grids):>7,} puzzles, {one:5.2f} s on one: {shown}; {median:.2f}x")


def tail(count: int, box: tuple[int, int], empty: float, node_limit: int) -> None:
    """Random sparse puzzles (cells of random grids emptied at random), limit 2, both variants:
    how many stop at ``node_limit`` nodes and the most nodes of those that finish."""
    board = Board(*box)
    rng = random.Random(0)
    rows = []
    for _ in range(count):
        grid = list(random_grid(board, rng))
        for i in rng.sample(range(board.size), int(empty * board.size)):
            grid[i] = 0
        rows.append(grid)
    grids = np.array(rows, dtype=np.uint8)
    for variant in ("mixed", "cells"):
        answer = solve_array(grids, limit=2, box=box, node_limit=node_limit, variant=variant)
        done = answer.finished
        most = int(answer.counters[done, 0].max()) if done.any() else 0
        print(
            f"{board.n}x{board.n}, {empty:.0%} empty, {variant:<6}: {int((~done).sum())} of "
            f"{count} stopped at {node_limit:,} nodes; the others took at most {most:,} nodes"
        )


def cold_compile_seconds() -> float:
    """Seconds of a first call in a child process whose Numba cache folder starts empty."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        code = "from sudoku_models.solvers.numba_backend import compile_search as c; print(c())"
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
    return float(out.stdout.split()[-1])


def main() -> None:
    """Parse the options and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=REPOSITORY.parent / "shared" / "data")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--generate", type=int, default=300, help="puzzles for the generator")
    parser.add_argument("--cold", action="store_true", help="also time a compile from scratch")
    parser.add_argument("--scaling", type=int, default=0, help="rounds of the long 2-worker runs")
    parser.add_argument("--tdoku", type=Path, help="tdoku's shared library, to time side by side")
    parser.add_argument("--tdoku-driver", type=Path, help="a program that times tdoku (see above)")
    args = parser.parse_args()
    tdoku = Tdoku(args.tdoku) if args.tdoku else None
    driver = TdokuDriver(args.tdoku_driver) if args.tdoku_driver else None

    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"first call in this process (compile or cache load): {compile_search():.2f} s")
    if args.cold:
        print(f"compile from an empty cache, in a child process: {cold_compile_seconds():.2f} s")
    royle = read_lines(args.data_dir / "royle_17_clue.txt")
    chosen = set(random.Random(0).sample(range(len(royle)), SETS["royle_17_clue"]))
    unseen = [line for k, line in enumerate(royle) if k not in chosen][:3000]
    warm_up(3.0)
    solve_array(as_array(unseen), limit=2)
    if tdoku is not None:
        tdoku.rate(as_array(unseen))

    print("\npuzzles per processor second (per wall second for 'wall'), best of the rounds")
    print(
        f"{'set':<28}{'puzzles':>8}{'wall':>9}{'array mixed':>13}{'array cells':>13}"
        f"{'cell search':>13}"
        f"{'solve()':>10}{'sat solve()':>13}{'2 workers':>11}"
        + (f"{'tdoku':>10}{'of tdoku':>10}" if tdoku else "")
        + (f"{'driver':>10}{'of driver':>11}" if driver else "")
        + f"{'nodes':>8}"
        + (f"{'guesses':>9}" if driver else "")
    )
    for name, sample in SETS.items():
        lines = read_lines(args.data_dir / f"{name}.txt")
        if sample:
            lines = random.Random(0).sample(lines, sample)
        grids = as_array(lines)
        answer = solve_array(grids, limit=2)
        check(name, grids, answer.counts, answer.solutions)
        puzzles = [Puzzle.parse(line) for line in lines]
        few = puzzles[:300]  # the per-puzzle interfaces on a prefix, to keep the run short
        if tdoku is not None and (tdoku.counts(encode_for_tdoku(grids)) != answer.counts).any():
            raise SystemExit(f"{name}: tdoku counts differ")
        best = measure(grids, few, args.rounds, tdoku, driver)
        nodes = float(answer.counters[:, 0].mean())
        print(
            f"{name:<28}{len(lines):>8}{best['wall']:>9,.0f}{best['mixed']:>13,.0f}"
            f"{best['cells']:>13,.0f}{best['cell search']:>13,.0f}"
            f"{best['solve']:>10,.0f}{best['sat']:>13,.0f}"
            f"{best['two'] / best['wall']:>10.2f}x"
            + (f"{best['tdoku']:>10,.0f}{best['mixed'] / best['tdoku']:>10.2f}" if tdoku else "")
            + (f"{best['driver']:>10,.0f}{best['mixed'] / best['driver']:>11.2f}" if driver else "")
            + f"{nodes:>8.1f}"
            + (f"{driver.run(grids)[1]:>9.1f}" if driver else "")
            + f"   load {os.getloadavg()[0]:.2f}"
        )

    if args.scaling:
        scaling(args.data_dir, args.scaling)

    print("\nsparse puzzles with several solutions (the tail of cell branching):")
    tail(100, (4, 4), 0.8, 200_000)

    if args.generate:
        print(f"\ngenerator: {args.generate} minimal unique 9x9 puzzles, one process")
        for backend in ("numba", "sat"):
            generate(seed=1, backend=backend)  # loads the oracle
            start, cpu = time.perf_counter(), time.process_time()
            made = list(generate_many(args.generate, seed=2024, backend=backend))
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu
            minimal = sum(g.is_minimal for g in made)
            print(
                f"{backend:<8}{args.generate / cpu:>8.0f} per processor second, "
                f"{args.generate / wall:>6.0f} per wall second, {minimal} minimal"
            )
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
