"""Grading rate: puzzles rated per second on the 200 externally rated puzzles, and agreement.

Run from anywhere::

    python benchmarks/bench_grading.py [--repeat 3]

Rates the shipped ``rated_200.csv`` (QQWing, HoDoKu and Sudoku Explainer ratings of 200 minimal
puzzles), keeps the best of ``repeat`` rounds, and prints the rate overall and per HoDoKu level,
the agreement with QQWing's level and with HoDoKu's (on the puzzles HoDoKu rates Easy, Medium or
Hard), and the load average, since other work on the machine slows every figure.
"""

from __future__ import annotations

import argparse
import csv
import os
import time
from collections import defaultdict
from importlib import resources

from sudoku_models.bench import warm_up
from sudoku_models.grading import Rating, rate


def load_rows() -> list[dict[str, str]]:
    """The rows of the shipped rated puzzles."""
    path = resources.files("sudoku_models.grading").joinpath("data/rated_200.csv")
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def timed_round(rows: list[dict[str, str]]) -> tuple[list[Rating], list[float]]:
    """Rate every puzzle once; the ratings and the seconds each took."""
    ratings, seconds = [], []
    for row in rows:
        start = time.perf_counter()
        ratings.append(rate(row["puzzle"]))
        seconds.append(time.perf_counter() - start)
    return ratings, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the best is kept")
    args = parser.parse_args()
    warm_up(3.0)  # the processor runs slower for its first seconds of load
    rows = load_rows()
    best: list[float] | None = None
    ratings: list[Rating] = []
    for _ in range(args.repeat):
        ratings, seconds = timed_round(rows)
        if best is None or sum(seconds) < sum(best):
            best = seconds
    assert best is not None
    total = sum(best)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"rated {len(rows)} puzzles in {total:.2f} s: {len(rows) / total:.1f} puzzles/s")
    by_level: dict[str, list[float]] = defaultdict(list)
    for row, s in zip(rows, best, strict=True):
        by_level[row["hodoku_level"]].append(s)
    for level in ("Easy", "Medium", "Hard", "Unfair", "Extreme"):
        times = by_level.get(level, [])
        if times:
            mean_ms = 1000 * sum(times) / len(times)
            print(f"  HoDoKu {level:<8} {len(times):4d} puzzles, {mean_ms:7.2f} ms each")
    qq = sum(r.qqwing_level == row["qqwing_level"] for r, row in zip(ratings, rows, strict=True))
    pairs = [
        (r, row)
        for r, row in zip(ratings, rows, strict=True)
        if row["hodoku_level"] in ("Easy", "Medium", "Hard")
    ]
    ho = sum(r.hodoku_level == row["hodoku_level"] for r, row in pairs)
    every = sum(r.hodoku_level == row["hodoku_level"] for r, row in zip(ratings, rows, strict=True))
    print(f"agreement with QQWing level: {qq}/{len(rows)} = {100 * qq / len(rows):.1f}%")
    print(
        f"agreement with HoDoKu level (Easy/Medium/Hard): {ho}/{len(pairs)} = "
        f"{100 * ho / len(pairs):.1f}%; all levels: {every}/{len(rows)}"
    )


if __name__ == "__main__":
    main()
