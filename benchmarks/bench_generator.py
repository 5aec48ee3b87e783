"""Benchmark of the generator: minimal unique puzzles per second on one core, clues, shortcuts.

For each backend (and each symmetry asked for) it makes ``--count`` puzzles in this process,
one after another, after one warm-up puzzle that loads the solver, and prints:

- puzzles per second (wall time of the whole batch, grids and digging included), and per
  second of processor time of this process (on a shared machine the wall time also counts the
  time other programs hold the core);
- the mean and range of the clue counts (plain digging from random grids averages about 24.4
  clues on 9x9, after Berthier's statistics);
- the share of removals that propagation alone decided, each a solver call saved;
- how many of the puzzles are minimal clue by clue.

Run: ``python benchmarks/bench_generator.py [--count 300] [--backends sat,backtracking]
[--symmetries none,rot180] [--size 9]``. Absolute rates depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from sudoku_models.bench import warm_up
from sudoku_models.board import Board
from sudoku_models.generator import generate, generate_many


def measure(count: int, seed: int, box: tuple[int, int], backend: str, symmetry: str) -> None:
    """Make ``count`` puzzles and print one line of figures."""
    generate(seed=seed, box=box, backend=backend, symmetry=symmetry)  # loads the solver
    start, cpu = time.perf_counter(), time.process_time()
    made = list(generate_many(count, seed=seed, box=box, backend=backend, symmetry=symmetry))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    clues = [g.clues for g in made]
    tested = sum(g.tested for g in made)
    propagated = sum(g.propagated for g in made)
    minimal = sum(g.is_minimal for g in made)
    print(
        f"{made[0].backend:<22}{symmetry:<10}{count / wall:>10.1f}{count / cpu:>10.1f}"
        f"{1000 * wall / count:>9.2f}"
        f"{statistics.mean(clues):>8.2f}{min(clues):>6}{max(clues):>6}"
        f"{propagated / tested:>12.1%}{minimal / count:>10.1%}"
    )


def main() -> None:
    """Parse the options and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="puzzles per line")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--size", type=int, default=9, help="digits per unit")
    parser.add_argument("--backends", default="sat", help="comma-separated backend names")
    parser.add_argument("--symmetries", default="none", help="comma-separated symmetries")
    args = parser.parse_args()
    warm_up(3.0)  # the processor runs slower for its first seconds of load
    board = Board.for_digits(args.size)
    box = (board.box_rows, board.box_cols)
    print(f"{args.count} puzzles of {board.n}x{board.n} per line, one process")
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(
        f"{'backend':<22}{'symmetry':<10}{'per s':>10}{'per cpu s':>10}{'ms':>9}{'clues':>8}"
        f"{'min':>6}{'max':>6}"
        f"{'propagated':>12}{'minimal':>10}"
    )
    for backend in args.backends.split(","):
        for symmetry in args.symmetries.split(","):
            measure(args.count, args.seed, box, backend.strip(), symmetry.strip())
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
