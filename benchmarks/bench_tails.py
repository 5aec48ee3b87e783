"""Heavy tails: the handwritten search against exact cover and SAT where a search can blow up.

Run from the repository root::

    python benchmarks/bench_tails.py [--seeds 3] [--time-limit 20] [--sample 200] [--large]

Three kinds of puzzle, each solved with limit 2 (a solution, and a second one looked for):

- sparse random puzzles of every box shape from 2x2 to 4x5 (rectangular boxes included; 5x5
  with ``--large``): a random complete grid (seeded) with a fraction of its digits kept; they
  have many solutions, and a search that picks a bad cell early can spend minutes in a subtree
  without one;
- one 9x9 puzzle of that kind that once took the fast strategy half a minute;
- a sample of every puzzle file in ``DATA_DIR`` (one puzzle a line).

For each group the script prints the slowest puzzle of each backend, the fast strategy's total
time over exact cover's (``backtracking:dlx``), and the worst such ratio on one puzzle among
those the fast strategy needed 10 ms or more for; a timeout counts as the time limit.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from sudoku_models import Puzzle, get_solver
from sudoku_models.bench import warm_up
from sudoku_models.board import Board
from sudoku_models.generator.grids import random_grid

REPOSITORY = Path(__file__).resolve().parent.parent
BACKENDS = ("backtracking:fast", "backtracking:dlx", "sat")
SHAPES = ((2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 3), (3, 5), (4, 4), (4, 5))
KEEP = (0.2, 0.3, 0.4, 0.5)
#: Puzzles faster than this (seconds) are left out of the worst ratio: noise, not a tail.
NOTICEABLE = 0.01
#: A sparse 9x9 with many solutions: about 330,000 nodes for the cell-only search.
HEAVY_TAIL = ".....6....59.....82....8....45........3........6..3.54...325..6.................."


def sparse(box: tuple[int, int], keep: float, seed: int) -> Puzzle:
    """A random grid of shape ``box`` with about ``keep`` of its digits kept."""
    board = Board(*box)
    rng = random.Random(seed)
    grid = random_grid(board, rng)
    return Puzzle(board, tuple(d if rng.random() < keep else 0 for d in grid))


def report(name: str, puzzles: list[Puzzle], time_limit: float) -> None:
    """Solve every puzzle with every backend; print the slowest and total times and the ratios."""
    solvers = {b: get_solver(b) for b in BACKENDS}
    slowest = dict.fromkeys(BACKENDS, 0.0)
    total = dict.fromkeys(BACKENDS, 0.0)
    worst_ratio = 0.0
    for puzzle in puzzles:
        times = {}
        for backend, solver in solvers.items():
            start = time.perf_counter()
            solver.solve(puzzle, limit=2, time_limit=time_limit)
            times[backend] = min(time.perf_counter() - start, time_limit)
            slowest[backend] = max(slowest[backend], times[backend])
            total[backend] += times[backend]
        if times["backtracking:fast"] >= NOTICEABLE:
            ratio = times["backtracking:fast"] / times["backtracking:dlx"]
            worst_ratio = max(worst_ratio, ratio)
    cells = "".join(f"{slowest[b] * 1000:>10.1f}" for b in BACKENDS)
    ratio = total["backtracking:fast"] / total["backtracking:dlx"]
    print(f"{name:<26}{len(puzzles):>5}{cells}{ratio:>10.2f}{worst_ratio:>10.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="random puzzles per shape and density")
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--data-dir", type=Path, default=REPOSITORY.parent / "shared" / "data")
    parser.add_argument("--sample", type=int, default=200, help="puzzles drawn from each file")
    parser.add_argument("--large", action="store_true", help="25x25 boards too (minutes)")
    args = parser.parse_args()

    print(f"limit 2, time limit {args.time_limit} s: the slowest puzzle of each backend (ms), then")
    print("fast/dlx: total time of the set, and the worst puzzle of those fast needed 10 ms for")
    names = "".join(f"{b:>10}" for b in ("fast", "dlx", "sat"))
    print(f"{'set':<26}{'n':>5}{names}{'sum':>10}{'worst':>10}")
    warm_up(2.0)
    for solver in map(get_solver, BACKENDS):  # build every 9x9 table before timing
        solver.solve(HEAVY_TAIL, limit=1)
    report("9x9 heavy tail", [Puzzle.parse(HEAVY_TAIL)], args.time_limit)
    for box in (*SHAPES, (5, 5)) if args.large else SHAPES:
        board = Board(*box)
        for solver in map(get_solver, BACKENDS):
            solver.solve(Puzzle.empty(box), limit=1, time_limit=args.time_limit)
        puzzles = [sparse(box, keep, seed) for keep in KEEP for seed in range(args.seeds)]
        report(f"sparse {board.n}x{board.n} ({box[0]}x{box[1]} boxes)", puzzles, args.time_limit)
    for path in sorted(args.data_dir.glob("*.txt")):
        lines = path.read_text(encoding="utf-8").split()
        chosen = random.Random(0).sample(lines, min(args.sample, len(lines)))
        report(path.stem[:26], [Puzzle.parse(line) for line in chosen], args.time_limit)


if __name__ == "__main__":
    main()
