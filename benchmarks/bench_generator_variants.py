"""Benchmark of variant generation: unique puzzles per processor second, givens and marks.

For each variant it makes ``--count`` puzzles of consecutive seeds in this process (after one
warm-up puzzle) with the default incremental SAT oracle, and prints puzzles per processor
second (``time.process_time``: on a loaded machine wall time says more about the neighbours),
the mean givens, the mean clue objects (cages, dots, lines; for Kropki and XV every mark the
negative rule needs), and the mean attempts (grids drawn) per puzzle. Killers are asked for
with no givens at all (``max_clues=0``). With ``--nodes`` it also prints the mean search nodes
of ``backtracking:constraint`` (:func:`~sudoku_models.generator.variants.search_nodes`).

Run: ``python benchmarks/bench_generator_variants.py [--count 10] [--variants killer,x]
[--size 9] [--nodes]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from sudoku_models.board import Board
from sudoku_models.generator.variants import VARIANTS, generate_variant, search_nodes


def measure(variant: str, count: int, seed: int, box: tuple[int, int], nodes: bool) -> None:
    """Make ``count`` puzzles of ``variant`` and print one row of the table."""
    bound = 0 if variant.startswith("killer") else None
    generate_variant(variant, seed=seed + 10_000, box=box, max_clues=bound)
    start = time.process_time()
    made = [
        generate_variant(variant, seed=seed + k, box=box, max_clues=bound) for k in range(count)
    ]
    spent = time.process_time() - start
    givens = statistics.mean(g.clues for g in made)
    marks = statistics.mean(g.marks for g in made)
    attempts = statistics.mean(g.attempts for g in made)
    extra = f" | {statistics.mean(search_nodes(g) for g in made):.0f}" if nodes else ""
    print(
        f"| {variant} | {count / spent:.2f} | {givens:.1f} | {marks:.1f} | {attempts:.1f}{extra} |",
        flush=True,
    )


def main() -> None:
    """Parse the arguments and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--nodes", action="store_true", help="also the mean search nodes")
    args = parser.parse_args()
    board = Board.for_digits(args.size)
    head = "| variant | puzzles / CPU s | mean givens | mean marks | mean attempts |"
    print(head + (" mean nodes |" if args.nodes else ""))
    print("|---" * (5 + args.nodes) + "|")
    for variant in args.variants.split(","):
        measure(variant, args.count, args.seed, (board.box_rows, board.box_cols), args.nodes)


if __name__ == "__main__":
    main()
