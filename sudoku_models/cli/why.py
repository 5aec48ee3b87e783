"""``sudoku-models why``: why a puzzle has no solution (a minimal set of givens and rules), or
why it has several (where two differ, and givens that would fix it)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..solvers.base import Status
from . import EXIT_NO_SOLUTION, EXIT_OK
from .inputs import TEXT_OR_JSON, add_puzzle_arguments, add_time_limit
from .notes import say
from .variant_args import add_variant_flags, read_models

#: Seconds when ``-t`` is left out: the explanation's own default,
#: :data:`sudoku_models.diagnosis.TIME_LIMIT`, written here so that declaring the option does
#: not load the explanation's solvers.
TIME_LIMIT = 60.0


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
    add_time_limit(parser, "for shrinking the core and for each search", TIME_LIMIT)
    parser.add_argument(
        "-f", "--format", choices=("text", "json"), default="text", help=TEXT_OR_JSON
    )
    add_variant_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Explain every puzzle of the input."""
    from ..diagnosis import why

    code = EXIT_OK
    for model in read_models(args.puzzle, args, box=args.box):
        say(model.warnings)
        answer = why(model, time_limit=args.time_limit)
        if answer.status != Status.UNIQUE.value:
            code = EXIT_NO_SOLUTION
        if args.format == "json":
            print(json.dumps(answer.to_dict()), flush=True)
        else:
            print("\n".join(answer.lines()), flush=True)
    return code
