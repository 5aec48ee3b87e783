"""``sudoku-models count``: the number of solutions of each puzzle (plain or variant), alone."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..solvers import DEFAULT_BACKEND, get_solver
from ..solvers.base import Status, solve_keeping
from . import EXIT_NO_SOLUTION, EXIT_OK
from .deadline import per_puzzle
from .inputs import add_puzzle_arguments, add_time_limit
from .notes import say, warnings_of
from .variant_args import add_variant_flags, read_models


def add_parser(commands: Any) -> None:
    """Register the ``count`` subcommand."""
    parser = commands.add_parser(
        "count",
        help="print the number of solutions of each puzzle",
        description=(
            "Print how many solutions PUZZLE (any form listed below) has, one number a line "
            "for a file of puzzles. Exit code 1 when a puzzle "
            "has no solution. "
            "With --limit N the count stops at N. When the time limit runs out the number "
            "found so far is printed, a note goes to stderr and the exit code is 1."
        ),
    )
    add_puzzle_arguments(parser)
    parser.add_argument(
        "-l",
        "--limit",
        type=int,
        default=0,
        metavar="N",
        help="stop counting at N (default 0: all)",
    )
    parser.add_argument(
        "-b",
        "--backend",
        default=DEFAULT_BACKEND,
        help=f"backend name[:variant] (default {DEFAULT_BACKEND})",
    )
    add_time_limit(parser, "per puzzle")
    add_variant_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Count the solutions of every puzzle of the input."""
    with per_puzzle(args):
        if args.limit < 0:
            raise ValueError("--limit must be 0 (count all) or more")
        puzzles = list(read_models(args.puzzle, args, box=args.box))
        solver = get_solver(args.backend)
        code = EXIT_OK
        for number, puzzle in enumerate(puzzles, start=1):
            # Two solutions are enough for the warnings: the rest are only counted.
            result = solve_keeping(
                solver, puzzle, limit=args.limit, time_limit=args.time_limit, keep=2
            )
            print(result.count, flush=True)
            done = result.status is not Status.TIMEOUT and (
                not args.limit or result.count < args.limit
            )
            say(warnings_of(puzzle, result.solutions, done))
            if result.status is Status.TIMEOUT:
                where = f"puzzle {number}: " if len(puzzles) > 1 else ""
                at_least = f"at least {result.count} solution(s)"
                print(f"sudoku-models: {where}time limit reached; {at_least}", file=sys.stderr)
                code = EXIT_NO_SOLUTION
            elif not result.count:
                code = EXIT_NO_SOLUTION
        return code
