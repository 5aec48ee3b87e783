"""Grading: agreement with QQWing, HoDoKu and Sudoku Explainer on 200 rated puzzles, and speed.

Run from anywhere::

    python benchmarks/bench_grading.py [--repeat 1]

Rates the shipped ``rated_200.csv`` (QQWing, HoDoKu and Sudoku Explainer ratings of 200 minimal
puzzles) and prints: puzzles rated per second (overall and per HoDoKu level) on the first
round, which meets every puzzle for the first time (with ``--repeat``, later rounds are printed
apart: the grader's tables of unit patterns, filled by the first round, flatter them);
agreement with QQWing's level; with HoDoKu's level over all five levels and its score (exactly
equal, and Pearson's correlation); with Sudoku Explainer's ER (within
0.1 and exactly), EP and ED; how many puzzles are beyond the grader's techniques; and the load
average, since other work on the machine slows every figure.

With ``--against OTHER`` (another checkout of this repository, such as the code before a
change) it rates the puzzles in turns with that checkout instead, a few at a time in two
worker processes, and prints this checkout's processor time as a share of the other's: on a
busy machine the load falls on both alike, where two separate runs can differ by a third.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from sudoku_models.bench import warm_up
from sudoku_models.grading import Rating, rate

LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")


def load_rows() -> list[dict[str, str]]:
    """The rows of the shipped rated puzzles."""
    path = resources.files("sudoku_models.grading").joinpath("data/rated_200.csv")
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def timed_round(
    rows: list[dict[str, str]], clock: Callable[[], float] = time.perf_counter
) -> tuple[list[Rating], list[float], float]:
    """Rate every puzzle once, Sudoku Explainer's rating included; the ratings, the seconds each
    took (by ``clock``), and the part of the total spent on Sudoku Explainer's rating."""
    ratings, seconds, se_total = [], [], 0.0
    for row in rows:
        start = clock()
        rating = rate(row["puzzle"])
        middle = clock()
        rating.se  # noqa: B018 (worked out on first use)
        end = clock()
        ratings.append(rating)
        seconds.append(end - start)
        se_total += end - middle
    return ratings, seconds, se_total


def worker(rows: list[dict[str, str]]) -> None:
    """Answer ``start stop`` lines on stdin with the processor seconds rating
    ``rows[start:stop]`` took (Sudoku Explainer's rating included) and the part of them SE's
    rating took."""
    warm_up(1.0)
    print("ready", flush=True)
    for line in sys.stdin:
        start, stop = map(int, line.split())
        _, seconds, se_total = timed_round(rows[start:stop], time.process_time)
        print(sum(seconds), se_total, flush=True)


def in_turns(other: Path, count: int, chunk: int = 5) -> None:
    """Rate ``count`` puzzles with this checkout and ``other`` in turns, ``chunk`` at a time
    (each checkout first every other time), and print the ratio of their processor times
    (less disturbed by other work than the time on the clock)."""
    roots = {"this": Path(__file__).resolve().parent.parent, "other": other.resolve()}
    workers = {
        name: subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for name, root in roots.items()
    }
    for process in workers.values():
        assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    totals = {name: [0.0, 0.0] for name in workers}
    for k, start in enumerate(range(0, count, chunk)):
        for name in ("this", "other") if k % 2 == 0 else ("other", "this"):
            process = workers[name]
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(f"{start} {start + chunk}\n")
            process.stdin.flush()
            seconds, se_total = map(float, process.stdout.readline().split())
            totals[name][0] += seconds
            totals[name][1] += se_total
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    (mine, mine_se), (theirs, theirs_se) = totals["this"], totals["other"]
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"in turns with {other}, {chunk} puzzles at a time: {mine:.2f} against {theirs:.2f} "
        "processor seconds, "
        f"{mine / theirs:.3f} of its time ({theirs / mine:.2f} times as fast); Sudoku "
        f"Explainer's rating {mine_se / theirs_se:.3f}, the rest "
        f"{(mine - mine_se) / (theirs - theirs_se):.3f}"
    )


def pearson(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation of two equally long lists."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    vx = sum((x - mx) ** 2 for x in xs)
    vy = sum((y - my) ** 2 for y in ys)
    return cov / (vx * vy) ** 0.5


def share(label: str, hits: int, total: int) -> str:
    """``label: hits/total = pct%``."""
    return f"{label}: {hits}/{total} = {100 * hits / total:.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeat", type=int, default=1, help="rounds; after the first, printed apart"
    )
    parser.add_argument(
        "--against",
        type=Path,
        metavar="CHECKOUT",
        help="another checkout of this repository to rate in turns with, instead",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rows = load_rows()
    if args.worker:
        worker(rows)
        return
    if args.against is not None:
        if not (args.against / "sudoku_models").is_dir():
            parser.error(f"{args.against} is not a checkout of this repository")
        in_turns(args.against, len(rows))
        return
    warm_up(3.0)  # the processor runs slower for its first seconds of load
    ratings, best, se_part = timed_round(rows)
    total = sum(best)
    pairs = list(zip(ratings, rows, strict=True))
    n = len(rows)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"rated {n} puzzles in {total:.2f} s: {n / total:.1f} puzzles/s")
    print(
        f"  of which Sudoku Explainer's rating {se_part:.2f} s; without it "
        f"{n / (total - se_part):.1f} puzzles/s"
    )
    for k in range(2, args.repeat + 1):
        again = sum(timed_round(rows)[1])
        print(f"  round {k}, the same puzzles again: {n / again:.1f} puzzles/s")
    by_level: dict[str, list[float]] = defaultdict(list)
    for row, s in zip(rows, best, strict=True):
        by_level[row["hodoku_level"]].append(s)
    for level in LEVELS:
        times = by_level.get(level, [])
        if times:
            mean_ms = 1000 * sum(times) / len(times)
            print(f"  HoDoKu {level:<8} {len(times):4d} puzzles, {mean_ms:7.2f} ms each")
    print(share("QQWing level", sum(r.qqwing_level == row["qqwing_level"] for r, row in pairs), n))
    print(share("HoDoKu level", sum(r.hodoku_level == row["hodoku_level"] for r, row in pairs), n))
    for level in LEVELS:
        group = [(r, row) for r, row in pairs if row["hodoku_level"] == level]
        hits = sum(r.hodoku_level == row["hodoku_level"] for r, row in group)
        print("  " + share(f"HoDoKu {level}", hits, len(group)))
    exact = sum(r.score == int(row["hodoku_score"]) for r, row in pairs)
    print(share("HoDoKu score exactly equal", exact, n))
    corr = pearson([float(r.score) for r, _ in pairs], [float(row["hodoku_score"]) for row in rows])
    print(f"HoDoKu score, Pearson correlation: {corr:.3f}")
    for key, field in (("se_er", "er"), ("se_ep", "ep"), ("se_ed", "ed")):
        got = [(getattr(r.se, field), float(row[key])) for r, row in pairs]
        near = sum(x is not None and abs(x - y) <= 0.1 + 1e-9 for x, y in got)
        same = sum(x is not None and abs(x - y) < 1e-9 for x, y in got)
        print(share(f"SE {field.upper()} within 0.1", near, n) + "; " + share("exactly", same, n))
    beyond_h = sum(r.needs_guessing for r in ratings)
    beyond_se = sum(not r.se.complete for r in ratings)
    print(f"beyond the grader: {beyond_h} for HoDoKu's techniques, {beyond_se} for SE's ER")


if __name__ == "__main__":
    main()
