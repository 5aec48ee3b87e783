"""``sudoku-models render``: a puzzle as an agent sees it, in text, SVG or PNG."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from . import EXIT_OK
from .inputs import PUZZLE_FORMS
from .variant_args import source_text


def add_parser(commands: Any) -> None:
    """Register the ``render`` subcommand."""
    parser = commands.add_parser(
        "render",
        help="show a puzzle as an agent reads it: text with its rules in words, SVG or PNG",
        description=(
            "Print PUZZLE as the arena shows it to an agent: the versioned text form (each rule "
            "in words with its cells, the grid with row and column labels), an SVG drawing, or "
            "a PNG picture (needs cairosvg). Exit code 0, or 2 for bad input."
        ),
    )
    parser.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_FORMS)
    parser.add_argument(
        "-f", "--format", choices=("text", "svg", "png"), default="text", help="default: text"
    )
    parser.add_argument(
        "--candidates",
        action="store_true",
        help="list each open cell's candidates in the text form",
    )
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE (a PNG goes to a file or a pipe)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Render the puzzle."""
    from ..arena import observation
    from ..arena.referee import load

    model, rules_text = load(source_text(args.puzzle))
    data: str | bytes
    if args.format == "png":
        data = observation.png(model)
        if args.output is None and sys.stdout.isatty():
            raise ValueError("a PNG is not shown on a terminal: give -o FILE or pipe it")
    elif args.format == "svg":
        data = observation.svg(model) + "\n"
    else:
        marks = observation.open_candidates(model, model.givens) if args.candidates else None
        data = observation.text(model, candidates=marks, rules_text=rules_text) + "\n"
    for warning in model.warnings:
        print(f"sudoku-models: warning: {warning}", file=sys.stderr)
    if args.output is not None:
        with open(args.output, "wb") as handle:
            handle.write(data if isinstance(data, bytes) else data.encode())
    elif isinstance(data, bytes):
        sys.stdout.buffer.write(data)
    else:
        sys.stdout.write(data)
    return EXIT_OK
