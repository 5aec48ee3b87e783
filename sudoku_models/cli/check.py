"""``sudoku-models check``: what a setter asks of a puzzle before publishing it."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..solvers import DEFAULT_BACKEND, get_solver
from ..solvers.base import Status
from . import EXIT_NO_SOLUTION, EXIT_OK
from .inputs import TEXT_OR_JSON, add_puzzle_arguments, add_time_limit, positive_int
from .notes import say
from .variant_args import add_variant_flags, read_models


def add_parser(commands: Any) -> None:
    """Register the ``check`` subcommand."""
    parser = commands.add_parser(
        "check",
        help="setter's check: uniqueness, needed and redundant givens and rules, repairs",
        description=(
            "Check PUZZLE (any form listed below): whether its "
            "solution is unique; if so, which givens and which rules it needs and which are "
            "redundant (each dropped in turn); if not, the placements that would each make it "
            "unique and, when the solutions are too many to count, an estimate of their number "
            "(Knuth's random probes). Exit code 0: unique, 1: not unique or no solution, "
            "2: bad input."
        ),
    )
    add_puzzle_arguments(parser)
    parser.add_argument(
        "-b", "--backend", default=DEFAULT_BACKEND, help=f"backend (default {DEFAULT_BACKEND})"
    )
    add_time_limit(parser, "per search")
    parser.add_argument(
        "--probes",
        type=positive_int,
        default=200,
        metavar="N",
        help="random probes for the estimate of the solution count (default 200)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the random probes")
    parser.add_argument(
        "-f", "--format", choices=("text", "json"), default="text", help=TEXT_OR_JSON
    )
    add_variant_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Check every puzzle of the input and print the reports."""
    from ..setter import check

    solver = get_solver(args.backend)
    code = EXIT_OK
    for model in read_models(args.puzzle, args, box=args.box):
        report = check(model, solver, args.time_limit, args.probes, args.seed)
        if args.format == "json":
            print(json.dumps(report.to_dict()), flush=True)
        else:
            print(report.to_text(), flush=True)
        say(report.warnings)
        if report.status is not Status.UNIQUE:
            code = EXIT_NO_SOLUTION
    return code
