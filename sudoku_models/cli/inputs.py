"""Reading the puzzles a command is given: a puzzle text, a file of one puzzle a line, or ``-``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator

from ..board import MAX_DIGITS
from ..errors import InvalidPuzzleError
from ..parsing import is_square_grid
from ..puzzle import Puzzle


def box_shape(text: str) -> tuple[int, int]:
    """Parse a ``--box`` value such as ``3x3`` or ``2x3``."""
    rows, sep, cols = text.lower().partition("x")
    if not sep or not rows.isdigit() or not cols.isdigit():
        raise argparse.ArgumentTypeError(f"box shape must look like 3x3 or 2x3, got {text!r}")
    return int(rows), int(cols)


def add_progress_flags(parser: argparse.ArgumentParser, default_help: str) -> None:
    """``--progress`` / ``--no-progress``; left unset (None), the command decides."""
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help=f"show progress bars (default: {default_help})",
    )
    progress.add_argument("--no-progress", dest="progress", action="store_false")


def read_puzzles(source: str, box: tuple[int, int] | None = None) -> Iterator[Puzzle]:
    """Puzzles from ``source``: ``-`` for standard input, an existing file, or the puzzle itself.

    Standard input and files hold one puzzle a line, or a single puzzle written as a grid over
    several lines (when the first line is not a puzzle by itself).
    """
    if source == "-":
        yield from _puzzles_from_text(sys.stdin.read(), "standard input", box)
    elif os.path.isfile(source):
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
        yield from _puzzles_from_text(text, source, box)
    elif os.path.sep in source or source.endswith(".txt"):
        raise InvalidPuzzleError(f"no such file: {source}")
    else:
        yield Puzzle.parse(source, box=box)


def _puzzles_from_text(text: str, where: str, box: tuple[int, int] | None) -> Iterator[Puzzle]:
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines:
        raise InvalidPuzzleError(f"{where}: no puzzle found")
    if 1 < len(lines) <= 2 * MAX_DIGITS:
        # Short enough to be one grid: read it so when it is one, even if its first row alone
        # also reads as a small puzzle (a 16x16 row of 16 cells is a 4x4 line). Sixteen 4x4
        # puzzles also read as a 16x16 grid; --box 2x2 keeps them apart.
        text = "\n".join(lines)
        try:
            grid = Puzzle.parse(text, box=box)
        except InvalidPuzzleError as exc:
            # n rows of n cells are one grid unless --box says the rows are puzzles: report its
            # fault rather than read the rows as small puzzles up to the faulty one.
            rows_are_puzzles = box is not None and box[0] * box[1] != len(lines)
            if is_square_grid(text) and not rows_are_puzzles:
                raise exc.located(where) from None
        else:
            yield grid
            return
    try:
        Puzzle.parse(lines[0], box=box)
    except InvalidPuzzleError:
        yield Puzzle.parse("\n".join(lines), box=box)
        return
    for number, line in enumerate(lines, start=1):
        try:
            yield Puzzle.parse(line, box=box)
        except InvalidPuzzleError as exc:
            raise exc.located(f"{where}, puzzle {number}") from None
