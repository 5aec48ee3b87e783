"""``sudoku-models rate``: how hard each puzzle is for a person, by the techniques it needs."""

from __future__ import annotations

import argparse
from typing import Any

from . import EXIT_OK
from .inputs import box_shape, read_puzzles


def add_parser(commands: Any) -> None:
    """Register the ``rate`` subcommand."""
    parser = commands.add_parser(
        "rate",
        help="rate puzzles by the human techniques they need",
        description=(
            "Rate PUZZLE (a puzzle, a file of one puzzle a line, or - for standard input): "
            "one line per puzzle with its QQWing and HoDoKu levels, score and hardest technique."
        ),
    )
    parser.add_argument("puzzle", help="puzzle text, file, or - for standard input")
    parser.add_argument("--steps", action="store_true", help="print the step-by-step walkthrough")
    parser.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle of the input."""
    from ..grading import explain, rate

    for puzzle in read_puzzles(args.puzzle, box=args.box):
        if args.steps:
            print(explain(puzzle), end="\n\n", flush=True)
        else:
            print(f"{puzzle.to_line()}  {rate(puzzle).summary()}", flush=True)
    return EXIT_OK
