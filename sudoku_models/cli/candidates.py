"""``sudoku-models candidates``: the true candidates of every cell (digits some solution uses)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from . import EXIT_NO_SOLUTION, EXIT_OK
from .deadline import per_puzzle
from .inputs import PUZZLE_FORMS, TEXT_OR_JSON, add_time_limit, box_shape
from .notes import say, warnings_of
from .variant_args import add_variant_flags, read_models


def add_parser(commands: Any) -> None:
    """Register the ``candidates`` subcommand."""
    parser = commands.add_parser(
        "candidates",
        help="the true candidates of every cell: digits that appear in some solution",
        description=(
            "For every cell of PUZZLE (any form listed below), print "
            "the digits some solution puts there; with --limit N, how many solutions put each "
            "digit there, counted up to N. Exit code 0: solvable, 1: no solution, 2: bad input."
        ),
    )
    parser.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_FORMS)
    parser.add_argument("-b", "--backend", default="sat", help="backend name[:variant]")
    parser.add_argument(
        "-l", "--limit", type=int, default=1, metavar="N", help="count solutions per digit up to N"
    )
    add_time_limit(parser, "per puzzle")
    parser.add_argument(
        "-f", "--format", choices=("text", "json"), default="text", help=TEXT_OR_JSON
    )
    parser.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    add_variant_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the true candidates of every puzzle of the input."""
    from ..candidates import true_candidates

    with per_puzzle(args):
        code = EXIT_OK
        for model in read_models(args.puzzle, args, box=args.box):
            found = true_candidates(
                model, backend=args.backend, limit=args.limit, time_limit=args.time_limit
            )
            notes = warnings_of(model)
            if args.format == "json":
                cells = [{str(d): k for d, k in sorted(c.items())} for c in found.counts]
                more = {"warnings": notes} if notes else {}
                print(json.dumps({"candidates": cells, "complete": found.complete, **more}))
            else:
                print(found.to_text())
                if not found.complete:
                    print("(time limit reached: other digits may also fit)")
            say(notes)
            if not found.has_solution:
                code = EXIT_NO_SOLUTION
        return code
