"""``sudoku-models why``: why a puzzle has no solution (a minimal set of givens and rules), or
why it has several (where two differ, and givens that would fix it)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..solvers.base import Status
from . import EXIT_NO_SOLUTION, EXIT_OK
from .inputs import TEXT_OR_JSON, add_puzzle_arguments, seconds
from .notes import say
from .variant_args import add_variant_flags, read_models


def add_parser(commands: Any) -> None:
    """Register the ``why`` subcommand."""
    parser = commands.add_parser(
        "why",
        help="why a puzzle has no solution, or several",
        description=(
            "Explain PUZZLE (a puzzle, a file, an f-puzzles, SudokuPad or ISS link). With no "
            "solution: a minimal set of givens and rules that already has none (each one "
            "removed, the rest has a solution), found as an unsatisfiable core by SAT and "
            "checked by CP-SAT; the rows, columns and boxes are taken as given. With several: "
            "where two solutions differ, and givens that would leave one. Exit code 0: one "
            "solution, 1: none or several (explained), 2: bad input."
        ),
    )
    add_puzzle_arguments(parser)
    parser.add_argument(
        "-t",
        "--time-limit",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="for shrinking the core and for each search (default 60)",
    )
    parser.add_argument(
        "-f", "--format", choices=("text", "json"), default="text", help=TEXT_OR_JSON
    )
    add_variant_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Explain every puzzle of the input."""
    from ..diagnosis import TIME_LIMIT, why

    limit = TIME_LIMIT if args.time_limit is None else args.time_limit
    code = EXIT_OK
    for model in read_models(args.puzzle, args, box=args.box):
        say(model.warnings)
        answer = why(model, time_limit=limit)
        if answer.status != Status.UNIQUE.value:
            code = EXIT_NO_SOLUTION
        if args.format == "json":
            print(json.dumps(answer.to_dict()), flush=True)
        else:
            print("\n".join(answer.lines()), flush=True)
    return code
