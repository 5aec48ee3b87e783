"""Benchmark of variant generation: unique puzzles per processor second, givens and marks.

For each variant it makes ``--count`` puzzles of consecutive seeds in this process (after one
warm-up puzzle) with the default incremental SAT oracle, and prints puzzles per processor
second (``time.process_time``: on a loaded machine wall time says more about the neighbours),
the mean givens, the mean clue objects (cages, dots, lines; for Kropki and XV every mark the
negative rule needs), and the mean attempts (grids drawn) per puzzle. Killers are asked for
with no givens at all (``max_clues=0``), minimal in cages unless ``--not-minimal`` (then every
cage the merging left stays: unique, not minimal; other variants are left out). With
``--nodes`` it also prints the mean search nodes of ``backtracking:constraint``
(:func:`~sudoku_models.generator.variants.search_nodes`).

With ``--against DIR`` (another checkout of the repository, such as an older commit made with
``git worktree add``) it compares instead: both make the same seeds in fresh processes, taking
turns (this checkout first in even rounds, the other first in odd ones), and it prints the
puzzles per processor second of each and their ratio, measured in one run. The load average
(one minute) is printed before and after: the machine may be shared.

Run: ``python benchmarks/bench_generator_variants.py [--count 10] [--variants killer,x]
[--size 9] [--nodes] [--not-minimal] [--against ../old --rounds 2]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from sudoku_models.board import Board
from sudoku_models.generator.variants import VARIANTS, generate_variant, search_nodes


def _bound(variant: str) -> int | None:
    return 0 if variant.startswith("killer") else None


def measure(
    variant: str, count: int, seed: int, box: tuple[int, int], nodes: bool, minimal: bool = True
) -> None:
    """Make ``count`` puzzles of ``variant`` and print one row of the table."""
    options = {"box": box, "max_clues": _bound(variant), "minimal": minimal}
    generate_variant(variant, seed=seed + 10_000, **options)
    start = time.process_time()
    made = [generate_variant(variant, seed=seed + k, **options) for k in range(count)]
    spent = time.process_time() - start
    givens = statistics.mean(g.clues for g in made)
    marks = statistics.mean(g.marks for g in made)
    attempts = statistics.mean(g.attempts for g in made)
    extra = f" | {statistics.mean(search_nodes(g) for g in made):.0f}" if nodes else ""
    print(
        f"| {variant} | {count / spent:.2f} | {givens:.1f} | {marks:.1f} | {attempts:.1f}{extra} |",
        flush=True,
    )


def _timed(root: Path, variant: str, seeds: list[int], box: tuple[int, int]) -> float:
    """Processor seconds the checkout at ``root`` takes for ``seeds``, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(root))
    args = [sys.executable, str(Path(__file__).resolve()), "--child", variant, json.dumps(seeds)]
    args += ["--size", str(box[0] * box[1])]
    out = subprocess.run(args, env=env, cwd=root, capture_output=True, text=True, check=True)
    return float(out.stdout)


def compare(
    variant: str, count: int, seed: int, box: tuple[int, int], other: Path, rounds: int
) -> None:
    """Print one row: puzzles per processor second here, in ``other``, and their ratio."""
    here = Path(__file__).resolve().parents[1]
    spent = {here: 0.0, other: 0.0}
    for r in range(rounds):
        seeds = [seed + r * count + k for k in range(count)]
        for root in (here, other) if r % 2 == 0 else (other, here):
            spent[root] += _timed(root, variant, seeds, box)
    new, old = (rounds * count / spent[root] for root in (here, other))
    print(f"| {variant} | {new:.2f} | {old:.2f} | {new / old:.2f} |", flush=True)


def main() -> None:
    """Parse the arguments and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--nodes", action="store_true", help="also the mean search nodes")
    parser.add_argument("--not-minimal", action="store_true", help="killers keep every cage")
    parser.add_argument("--against", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=2, help="turns each, with --against")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    board = Board.for_digits(args.size)
    box = (board.box_rows, board.box_cols)
    if args.child:
        variant, seeds = args.child[0], json.loads(args.child[1])
        generate_variant(variant, seed=10_000, box=box, max_clues=_bound(variant))
        start = time.process_time()
        for s in seeds:
            generate_variant(variant, seed=s, box=box, max_clues=_bound(variant))
        print(time.process_time() - start)
        return
    print(f"load average {os.getloadavg()[0]:.1f}")
    if args.against:
        print("| variant | puzzles / CPU s | before | ratio |")
        print("|---|---:|---:|---:|")
        for variant in args.variants.split(","):
            compare(variant, args.count, args.seed, box, args.against.resolve(), args.rounds)
        print(f"load average {os.getloadavg()[0]:.1f}")
        return
    head = "| variant | puzzles / CPU s | mean givens | mean marks | mean attempts |"
    print(head + (" mean nodes |" if args.nodes else ""))
    print("|---" * (5 + args.nodes) + "|")
    variants = args.variants.split(",")
    if args.not_minimal:
        variants = [v for v in variants if _bound(v) == 0]
    for variant in variants:
        measure(variant, args.count, args.seed, box, args.nodes, minimal=not args.not_minimal)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
