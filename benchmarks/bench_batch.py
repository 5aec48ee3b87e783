"""Batch solving rate: one process against a pool of worker processes, on a 17-clue sample.

Run from anywhere::

    python benchmarks/bench_batch.py [PUZZLE_FILE] [--sample 1000] [--workers 2] [--repeat 3]

PUZZLE_FILE defaults to ``../shared/data/royle_17_clue.txt`` relative to the repository root
(Gordon Royle's list of 17-clue puzzles). Both rates are measured in the same run, alternating,
and the best round of each is kept; the pooled time includes starting the pool. The load average
is printed too, since other work on the machine changes the ratio; the CPU time per puzzle over
all processes does not, and bounds the ratio an idle machine would give.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import resource
import time
from pathlib import Path

from sudoku_models import datasets
from sudoku_models.batch import solve_many
from sudoku_models.bench import warm_up

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_FILE = REPOSITORY / ".." / "shared" / "data" / "royle_17_clue.txt"


def sample_lines(path: str, size: int, seed: int) -> list[str]:
    """``size`` puzzles drawn at random from a file, as lines.

    Only the sample outlives this call, so the worker processes forked later do not inherit
    the whole file.
    """
    puzzles = list(datasets.iter_puzzles(path))
    chosen = random.Random(seed).sample(puzzles, min(size, len(puzzles)))
    return [p.to_line() for p in chosen]


def measure(lines: list[str], limit: int, workers: int | None) -> tuple[float, float]:
    """Puzzles per second of wall time, and CPU seconds per puzzle over every process involved.

    Both include starting the pool. The CPU figure does not depend on other load, so it shows
    what the pool itself costs.
    """
    cpu_start = _cpu_seconds()
    start = time.perf_counter()
    for _ in solve_many(lines, limit=limit, workers=workers, progress=False):
        pass
    wall = time.perf_counter() - start
    return len(lines) / wall, (_cpu_seconds() - cpu_start) / len(lines)


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    """Print the single-process rate, the pooled rate and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT_FILE), help="one puzzle a line")
    parser.add_argument("--sample", type=int, default=1000, help="puzzles drawn from the file")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=int, default=2, help="2: solve and prove uniqueness")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the best of each is kept")
    args = parser.parse_args()
    warm_up(3.0)  # the processor runs slower for its first seconds of load

    lines = sample_lines(args.file, args.sample, args.seed)
    print(f"{len(lines)} puzzles from {Path(args.file).name}, limit {args.limit}")
    print(f"cpus {os.cpu_count()}, load average before {_load()}")

    single, pooled = (0.0, math.inf), (0.0, math.inf)
    for _ in range(args.repeat):
        single = _best(single, measure(lines, args.limit, None))
        pooled = _best(pooled, measure(lines, args.limit, args.workers))
    for label, (puzzles_per_s, cpu_per_puzzle) in (
        ("single process", single),
        (f"{args.workers} workers", pooled),
    ):
        print(
            f"{label:15} {puzzles_per_s:8.1f} puzzles/s, {cpu_per_puzzle * 1000:.3f} CPU ms/puzzle"
        )
    print(f"{'ratio':15} {pooled[0] / single[0]:8.2f}x")
    ceiling = args.workers * single[1] / pooled[1]
    print(f"CPU-bound ceiling with {args.workers} idle cores: {ceiling:.2f}x")
    print(f"load average after {_load()}")


def _best(best: tuple[float, float], new: tuple[float, float]) -> tuple[float, float]:
    """The highest rate and the lowest CPU cost seen so far."""
    return max(best[0], new[0]), min(best[1], new[1])


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
