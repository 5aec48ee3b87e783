"""``sudoku-models hint``: the next logical step for a player who is stuck."""

from __future__ import annotations

import argparse
from typing import Any

from . import EXIT_OK
from .inputs import box_shape, read_puzzles


def add_parser(commands: Any) -> None:
    """Register the ``hint`` subcommand."""
    parser = commands.add_parser(
        "hint",
        help="show the next logical step of a puzzle in progress",
        description="Print the cheapest next step for PUZZLE (givens plus digits placed so far).",
    )
    parser.add_argument("puzzle", help="puzzle text, file, or - for standard input")
    parser.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print one hint per puzzle of the input."""
    from ..grading import hint_text

    for puzzle in read_puzzles(args.puzzle, box=args.box):
        print(hint_text(puzzle), flush=True)
    return EXIT_OK
