"""``sudoku-models count``: how many solutions a puzzle (plain or variant) has."""

from __future__ import annotations

import argparse
from typing import Any

from ..solvers import get_solver
from ..solvers.base import Status
from . import EXIT_NO_SOLUTION, EXIT_OK
from .inputs import box_shape
from .variant_args import add_variant_flags, read_models


def add_parser(commands: Any) -> None:
    """Register the ``count`` subcommand."""
    parser = commands.add_parser(
        "count",
        help="count the solutions of puzzles (f-puzzles links too)",
        description=(
            "Count the solutions of PUZZLE: a puzzle line, a file, - for standard input, an "
            "f-puzzles link or JSON. Prints one count a puzzle, with '+' when the limit stopped "
            "the count. Exit code 0: at least one solution, 1: none, 2: bad input."
        ),
    )
    parser.add_argument("puzzle", help="puzzle, file, f-puzzles link or JSON, or -")
    parser.add_argument("-b", "--backend", default="sat", help="backend name[:variant]")
    parser.add_argument(
        "-l", "--limit", type=int, default=0, metavar="N", help="stop at N solutions (0: all)"
    )
    parser.add_argument("-t", "--time-limit", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    add_variant_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the number of solutions of every puzzle of the input."""
    if args.limit < 0:
        raise ValueError("--limit must be 0 (all) or more")
    solver = get_solver(args.backend)
    code = EXIT_OK
    for model in read_models(args.puzzle, args, box=args.box):
        result = solver.solve(model, limit=args.limit, time_limit=args.time_limit)
        stopped = result.status is Status.TIMEOUT or (args.limit and result.count == args.limit)
        note = " (time limit reached)" if result.status is Status.TIMEOUT else ""
        print(f"{result.count}{'+' if stopped else ''}{note}", flush=True)
        if not result.count:
            code = EXIT_NO_SOLUTION
    return code
