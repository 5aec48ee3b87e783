"""Warnings beside an answer: what the puzzle's file says that its keys do not carry.

A model read from a file keeps its reader's warnings and the solution the file embeds
(:mod:`sudoku_models.formats.guard`); after a search, the answer is checked against that
solution too. Commands print the warnings on stderr, and in their JSON under ``warnings`` when
there are any.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import printable

if TYPE_CHECKING:
    from ..model import Model
    from ..puzzle import Puzzle


def warnings_of(
    model: Model, solutions: Sequence[Puzzle | Sequence[int]] = (), complete: bool = False
) -> list[str]:
    """The reader's warnings on ``model``, then what ``solutions`` say against its file."""
    from ..formats.guard import answer_warnings
    from ..puzzle import Puzzle

    grids = [g.cells if isinstance(g, Puzzle) else tuple(g) for g in solutions]
    return [*model.warnings, *answer_warnings(model, grids, complete)]


def say_readings(model: Model) -> None:
    """Print each rule read from the rules text and marks (not the file's keys) on stderr."""
    for text in model.readings:
        print(f"sudoku-models: read: {text}", file=sys.stderr)


def say(warnings: Sequence[str], where: str = "") -> None:
    """Print each warning as one line on stderr, after what stdout already holds."""
    if warnings:
        sys.stdout.flush()
    for text in warnings:
        print(f"sudoku-models: warning: {printable(where + text)}", file=sys.stderr)
