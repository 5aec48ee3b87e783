"""f-puzzles links and JSON, read by :mod:`~sudoku_models.formats.fpuzzles.keys`, with what it
leaves out.

The f-puzzles reader turns the rule keys into variant rules and passes over the keys that only
draw (lines, circles, rectangles, text, cosmetic cages and their labels, shaded cells). This
module hands those to :mod:`~sudoku_models.formats.reading` as marks, with the title, author,
rules text and embedded solution; cosmetic cages that carry SudokuPad's metadata and arrow
bulbs with no line (no rule, as f-puzzles reads them) are left out of the marks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...errors import InvalidPuzzleError
from ...model import Model
from ...puzzle import Puzzle
from ..base import Read, finish
from ..reading import fpuzzles_marks
from . import keys

NAME = "f-puzzles"

#: A cage value SudokuPad reads as metadata: a word, a colon, then text.
_META = re.compile(r"^[^: ]+:\s*\S")


def recognises(text: str) -> bool:
    """Whether ``text`` is an f-puzzles link, its ``?load=`` text as it usually starts, or a
    JSON object (SudokuPad's own JSON aside)."""
    head = text.strip()
    if "sudokupad" in head or "crackingthecryptic" in head:
        return False
    return "f-puzzles.com" in head or "load=" in head or head.startswith(("N4Ig", "fpuzzles", "{"))


def read(source: str | Mapping[str, Any]) -> Read:
    """The model of an f-puzzles puzzle, its metadata, and what the reader left out.

    Text that only looks like the compressed text of a link (a word of base64 letters) and
    does not decompress is refused saying so.
    """
    try:
        data = keys.decode(source)
    except InvalidPuzzleError as exc:
        if isinstance(source, str) and not recognises(source):
            raise InvalidPuzzleError(
                "neither a puzzle nor f-puzzles text (it looks like the compressed text after "
                f"?load= in a link): {exc.reason}"
            ) from None
        raise
    return read_object(data, NAME)


def read_object(data: dict[str, Any], fmt: str) -> Read:
    """:func:`read` for the decoded f-puzzles object (shared with links that carry one)."""
    model = keys.read(data)
    return finish(
        model,
        fmt,
        title=_text(data.get("title")),
        author=_text(data.get("author")),
        rules=_text(data.get("ruleset")),
        solution=_solution(data.get("solution")),
        ignored=ignored(data),
        marks=[m for m in fpuzzles_marks(data) if not (m.shape == "cage" and _META.match(m.text))],
    )


def ignored(data: Mapping[str, Any]) -> list[str]:
    """What the reader passes over without a mark: arrow bulbs with no line, and the numbers
    on killer cages that are labels, no sums."""
    bulbs = [
        item
        for item in data.get("arrow") or []
        if isinstance(item, dict) and item.get("lines") in (None, [])
    ]
    out = keys.labels(data)
    if bulbs:
        out.append(f"{len(bulbs)} arrow bulb(s) with no line: no rule, as f-puzzles reads them")
    return out


def write(model: Model | Puzzle, title: str | None = None) -> str:
    """An f-puzzles link that opens ``model``."""
    return keys.to_link(model, title)


def _metadata(cage: Any) -> bool:
    """Whether a cosmetic cage carries SudokuPad's metadata (``msgcorrect: Well done!``,
    ``rules: ...``) rather than a mark: SudokuPad reads it so and draws nothing."""
    value = cage.get("value") if isinstance(cage, dict) else None
    return isinstance(value, str) and _META.match(value) is not None


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
    except (ValueError, TypeError):  # a word, a list or an object where a digit belongs
        return None
    if not any(digits):
        return None
    return digits
