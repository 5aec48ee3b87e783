"""Checked reading of the values an f-puzzles object holds: flags, numbers, cell names, entries.

Every key reader goes through these, so a value of the wrong type or out of range is an
:class:`~sudoku_models.errors.InvalidPuzzleError` saying what was expected, never a rule dropped
or a default guessed. The reader puts the key and the entry number in front of the message.

>>> flag(1), flag("false"), number("17", "total"), cell("R1C10", 9, outside=True)
(True, False, 17, (0, 9))
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import InvalidPuzzleError, shown

Cell = tuple[int, int]

_NUMBER = re.compile(r"-?[0-9]{1,9}")
_CELL = re.compile(r"R([0-9]{1,3})C([0-9]{1,3})", re.IGNORECASE)


def kind(value: Any) -> str:
    """A short description of a JSON value for a message: its text when short, else its type."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return shown(value)
    if isinstance(value, Mapping):
        return "an object"
    return "a list" if isinstance(value, list) else type(value).__name__


def flag(value: Any) -> bool:
    """A rule switched on (``true``, ``1``, ``"true"``) or off (``false``, ``0``, ``"false"``,
    ``null``); anything else is an error."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if type(value) is int and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise InvalidPuzzleError(f"expected true or false, got {kind(value)}")


def entries(value: Any) -> list[Any]:
    """The entries of a list key (``null``, ``false`` or ``[]``: none)."""
    if value is None or value is False:
        return []
    if not isinstance(value, list):
        raise InvalidPuzzleError(f"expected a list of entries, got {kind(value)}")
    return value


def field(item: Mapping[str, Any], name: str) -> Any:
    """A required field of an entry."""
    if name not in item or item[name] is None:
        raise InvalidPuzzleError(f"the entry has no {name!r}")
    return item[name]


def number(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number, written as a JSON number or as text (``"17"``), within ``low..high``."""
    if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        result = int(value.strip())
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9:
        result = value
    else:
        raise InvalidPuzzleError(f"{what} {kind(value)} is not a whole number")
    if (low is not None and result < low) or (high is not None and result > high):
        bounds = f"{low}..{high}" if low is not None and high is not None else f"at least {low}"
        raise InvalidPuzzleError(f"{what} {result} is outside {bounds}")
    return result


def optional_number(
    item: Mapping[str, Any], what: str, low: int | None = None, high: int | None = None
) -> int | None:
    """The entry's ``value`` as a number, or None when it has none (missing, ``null`` or ``""``)."""
    value = item.get("value")
    return None if value is None or value == "" else number(value, what, low, high)


def cell(name: Any, n: int, outside: bool = False) -> Cell:
    """The ``(row, column)`` of a cell name such as ``R1C1``, checked to lie in the ``n x n``
    grid, or with ``outside`` in the ring of clue cells around it (``R0C1``, ``R10C3``...)."""
    match = _CELL.fullmatch(name.strip()) if isinstance(name, str) else None
    if not match:
        raise InvalidPuzzleError(f"{kind(name)} is not a cell name like R1C1")
    r, c = int(match[1]) - 1, int(match[2]) - 1
    inside = 0 <= r < n and 0 <= c < n
    if outside:
        if inside:
            raise InvalidPuzzleError(f"the clue {name} is inside the grid; it belongs outside")
        if not (-1 <= r <= n and -1 <= c <= n):
            raise InvalidPuzzleError(f"the clue {name} is not beside the {n}x{n} grid")
    elif not inside:
        raise InvalidPuzzleError(f"cell {name} is outside the {n}x{n} grid")
    return r, c


def cells(names: Any, n: int) -> tuple[Cell, ...]:
    """The cells of a non-empty list of cell names, each inside the grid."""
    if not isinstance(names, list) or not names:
        raise InvalidPuzzleError(f"expected a non-empty list of cell names, got {kind(names)}")
    return tuple(cell(name, n) for name in names)


def lines(item: Mapping[str, Any], n: int) -> list[tuple[Cell, ...]]:
    """The ``lines`` of an entry: a non-empty list of non-empty lists of cell names."""
    value = field(item, "lines")
    if not isinstance(value, list) or not value:
        raise InvalidPuzzleError(f"'lines' must be a non-empty list of lines, got {kind(value)}")
    return [cells(line, n) for line in value]


def text(value: Any, choices: Sequence[str], what: str) -> str:
    """One of ``choices`` (compared without case), given as text."""
    if isinstance(value, str) and value.strip().upper() in choices:
        return value.strip().upper()
    raise InvalidPuzzleError(f"{what} {kind(value)} is not one of {', '.join(choices)}")


def json_object(text: str, what: str) -> dict[str, Any]:
    """The JSON object of ``text``; :class:`InvalidPuzzleError` naming ``what`` (``"the
    f-puzzles data"``) for text that is not one, nested too deeply, or holding a number past
    Python's limit on digits."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise InvalidPuzzleError(f"{what} is nested too deeply") from None
    except ValueError as exc:
        raise InvalidPuzzleError(f"{what} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidPuzzleError(f"{what} is not a JSON object")
    return data
