"""f-puzzles links and JSON, read by :mod:`sudoku_models.fpuzzles`, with what it leaves out.

The f-puzzles reader turns the rule keys into variant rules and passes over the keys that only
draw (lines, circles, rectangles, text, cages without a sum, shaded cells). This module hands
those to :mod:`.readings` as marks, with the title, author, rules text and embedded solution.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import fpuzzles
from ..model import Model
from ..puzzle import Puzzle
from .base import Read, finish
from .marks import fpuzzles_marks

NAME = "f-puzzles"


def recognises(text: str) -> bool:
    """Whether ``text`` is an f-puzzles link, its ``?load=`` text, or its JSON."""
    head = text.strip()
    if "sudokupad" in head or "crackingthecryptic" in head:
        return False
    return (
        "f-puzzles.com" in head
        or "load=" in head
        or head.startswith(("N4Ig", "fpuzzles"))
        or (head.startswith("{") and '"grid"' in head)
    )


def read(source: str | Mapping[str, Any]) -> Read:
    """The model of an f-puzzles puzzle, its metadata, and what the reader left out."""
    data = fpuzzles.decode(source)
    return read_object(data, NAME)


def read_object(data: dict[str, Any], fmt: str) -> Read:
    """:func:`read` for the decoded f-puzzles object (shared with links that carry one)."""
    model = fpuzzles.read(data)
    return finish(
        model,
        fmt,
        title=_text(data.get("title")),
        author=_text(data.get("author")),
        rules=_text(data.get("ruleset")),
        solution=_solution(data.get("solution")),
        marks=fpuzzles_marks(data),
    )


def write(model: Model | Puzzle, title: str | None = None) -> str:
    """An f-puzzles link that opens ``model``."""
    return fpuzzles.to_link(model, title)


def _text(value: Any) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def _solution(value: Any) -> list[int] | None:
    """The embedded solution as digits, or None when the file has none (or only blanks)."""
    if isinstance(value, str):
        value = value.split(",") if "," in value else list(value)
    if not isinstance(value, list) or not value:
        return None
    try:
        digits = [int(v) if str(v).strip() not in ("", ".") else 0 for v in value]
    except ValueError:
        return None
    if not any(digits):
        return None
    return digits
