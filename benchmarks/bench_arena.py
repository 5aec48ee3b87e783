"""Arena speeds: judging classic moves in batch, variant moves, rendering, derivability.

Run from anywhere::

    python benchmarks/bench_arena.py [--moves 200000] [--boards 40] [--data FOLDER]

Reads the benchmark sets beside the repository (``../shared/data``): ``easy50.txt`` and
``hard20.txt`` (classic) and ``variants/fpuzzles_dev.jsonl`` (f-puzzles variants). Every figure
comes after a warm-up, on one core, with the load average printed beside it:

- classic moves a second judged in batch on arrays (legal, correct and completable of each
  ``(board, cell, digit)`` row; one row counts one move; the solutions are found before the clock
  starts, once per puzzle);
- variant moves a second through the referee (legal, correct, completable), on the 9x9 variant
  puzzles, and on the same puzzles with their givens erased (several solutions: completable asks
  the one incremental SAT solver of the referee, the board as assumptions);
- the median milliseconds to render a board as text;
- the median milliseconds of ``derivable`` on a 9x9 board not seen before (one logical path a
  board, no trials).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import statistics
import time
from pathlib import Path

import numpy as np

from sudoku_models.arena import observation
from sudoku_models.arena.arrays import ArrayJudge
from sudoku_models.arena.moves import PLACE, Move
from sudoku_models.arena.referee import Referee, apply

DATA = Path(__file__).resolve().parent.parent / ".." / "shared" / "data"


def classic_rate(puzzles: list[str], moves: int, seed: int) -> float:
    """Classic moves judged a second, in one batch."""
    judge = ArrayJudge(puzzles)
    rng = np.random.default_rng(seed)
    which = rng.integers(0, len(puzzles), moves)
    boards = judge.givens[which].copy()
    fill = (rng.random(boards.shape) < 0.5) & (boards == 0)
    boards[fill] = judge.solutions[which][fill]
    cells = rng.integers(0, judge.n * judge.n, moves)
    digits = rng.integers(1, judge.n + 1, moves)
    judge.judge(boards[:1000], which[:1000], cells[:1000], digits[:1000])  # warm-up
    start = time.perf_counter()
    judge.judge(boards, which, cells, digits)
    return moves / (time.perf_counter() - start)


def variant_rate(referees: list[Referee], per_puzzle: int, seed: int) -> float:
    """Variant moves judged a second: legal, correct and completable, move by move."""
    rng = random.Random(seed)
    jobs = []
    for ref in referees:
        grid = list(ref.model.givens)
        open_cells = [i for i, d in enumerate(grid) if not d]
        for _ in range(per_puzzle):
            i = rng.choice(open_cells)
            jobs.append((ref, grid, Move(PLACE, *divmod(i, ref.model.n), (rng.randint(1, 9),))))
    for ref, grid, move in jobs[:50]:  # warm-up: loads each referee's solver
        _judge(ref, grid, move)
    start = time.perf_counter()
    for ref, grid, move in jobs:
        _judge(ref, grid, move)
    return len(jobs) / (time.perf_counter() - start)


def _judge(ref: Referee, grid: list[int], move: Move) -> None:
    i = move.row * ref.model.n + move.col
    ref.broken(grid, i, move.digits[0])
    ref.correct(grid, move)
    ref.completable(apply(grid, {}, move)[0], {})


def render_ms(referees: list[Referee], rounds: int) -> float:
    """Median milliseconds to render a board as text."""
    times = []
    for _ in range(rounds):
        for ref in referees:
            start = time.perf_counter()
            observation.text(ref.model)
            times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def derivable_ms(puzzles: list[str], boards: int, seed: int) -> float:
    """Median milliseconds of one derivability question on a board not seen before."""
    rng = random.Random(seed)
    refs = [Referee(p) for p in puzzles]
    times = []
    for k in range(boards + 5):
        ref = refs[k % len(refs)]
        share = rng.random() * 0.6
        grid = [
            g or (s if rng.random() < share else 0) for g, s in zip(ref.model.givens, ref.solution)
        ]
        i = rng.choice([i for i, d in enumerate(grid) if not d])
        start = time.perf_counter()
        ref.derive(grid, i, ref.solution[i])
        if k >= 5:  # the first few are the warm-up
            times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200_000)
    parser.add_argument("--boards", type=int, default=40)
    parser.add_argument("--data", type=Path, default=DATA, help="the benchmark sets' folder")
    args = parser.parse_args()
    easy = (args.data / "easy50.txt").read_text().split()
    hard = (args.data / "hard20.txt").read_text().split()
    with (args.data / "variants" / "fpuzzles_dev.jsonl").open() as handle:
        records = [json.loads(line) for line in handle]
    variants = [Referee(r["fpuzzles_lz"]) for r in records if r["size"] == 9 and r["constraints"]]
    erased = [
        Referee(dataclasses.replace(ref.model, givens=(0,) * 81, solution=None))
        for ref in variants[:8]
    ]
    rows = [
        ("classic moves judged in batch, per second", f"{classic_rate(easy, args.moves, 1):,.0f}"),
        (
            f"variant moves judged, per second ({len(variants)} unique 9x9 variants)",
            f"{variant_rate(variants, 200, 1):,.0f}",
        ),
        (
            f"variant moves judged, per second ({len(erased)} variants, givens erased: SAT)",
            f"{variant_rate(erased, 100, 1):,.0f}",
        ),
        ("text rendering, median ms (9x9 variants)", f"{render_ms(variants, 5):.2f}"),
        (
            "derivable, median ms (9x9 classic, easy50 and hard20)",
            f"{derivable_ms(easy + hard, args.boards, 1):.1f}",
        ),
    ]
    print(f"load average: {os.getloadavg()[0]:.2f}")
    print("| measure | figure |\n|---|---|")
    for name, figure in rows:
        print(f"| {name} | {figure} |")


if __name__ == "__main__":
    main()
