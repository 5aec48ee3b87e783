"""How ISS names cells, numbers and items: the words both its reading and its writing use.

ISS names a cell ``R<row>C<col>`` (1-based; on grids above 9 a row or column above 9 is one
base-17 letter, ``a`` for 10) and writes an item as ``.Type~arg~arg...``.

>>> Grid(Board.for_digits(9)).cell("R2C3"), name((1, 2)), item("Cage", 10, "R1C1")
((1, 2), 'R2C3', '.Cage~10~R1C1')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ...board import Board
from ...errors import InvalidPuzzleError, UnsupportedModelError, shown

Cell = tuple[int, int]
#: An ISS cell name, in either case, each coordinate one base-17 letter or a number.
CELL = re.compile(r"[Rr]([0-9a-gA-G]|[0-9]+)[Cc]([0-9a-gA-G]|[0-9]+)")
_BASE = 17  # ISS writes rows and columns above 9 as one base-17 digit


class Grid:
    """What the reader knows of the grid while reading items: its size and cell names."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.n = board.n

    def cell(self, name: str) -> Cell:
        """The 0-based (row, column) of an ISS cell name."""
        match = CELL.fullmatch(name)
        if not match:
            raise InvalidPuzzleError(f"ISS cell {shown(name)} is not a name like R1C1")
        r, c = (int(x, _BASE) if len(x) == 1 else int(x) for x in match.groups())
        if not (1 <= r <= self.n and 1 <= c <= self.n):
            raise InvalidPuzzleError(
                f"ISS cell {shown(name)} is outside the {self.n}x{self.n} grid"
            )
        return r - 1, c - 1

    def cells(self, names: Sequence[str], what: str, least: int = 1) -> tuple[Cell, ...]:
        """The cells of ``names``, at least ``least`` of them."""
        if len(names) < least:
            raise InvalidPuzzleError(f"ISS {what} needs at least {least} cell(s)")
        return tuple(self.cell(x) for x in names)

    def line_clue(self, name: str, forward: bool) -> Cell:
        """The outside cell of a clue on row or column ``name`` (``R3``, ``C5``), seen from its
        start (``forward``: left or top) or its end."""
        match = re.fullmatch(r"([RC])([0-9]{1,3})", name)
        if not match or not 1 <= int(match[2]) <= self.n:
            raise InvalidPuzzleError(
                f"ISS clue line {shown(name)}: not a row or column like R1 or C1"
            )
        k = int(match[2]) - 1
        edge = -1 if forward else self.n
        return (k, edge) if match[1] == "R" else (edge, k)


def number(text: str, what: str) -> int:
    """A whole number written in ASCII digits (ISS writes no other), of at most nine digits."""
    if not re.fullmatch(r"[+-]?[0-9]{1,9}", text):
        raise InvalidPuzzleError(f"ISS {what}: {shown(text)} is not a whole number")
    return int(text)


def ranged(text: str, what: str, low: int, high: int | None = None) -> int:
    """:func:`number`, refused outside ``low..high`` (no upper bound when ``high`` is None):
    a value ISS never writes must not read as another rule."""
    value = number(text, what)
    if value < low:
        bound = f"outside {low}..{high}" if high is not None else f"less than {low}"
        raise InvalidPuzzleError(f"ISS {what} {value} is {bound}")
    if high is not None and value > high:
        raise InvalidPuzzleError(f"ISS {what} {value} is outside {low}..{high}")
    return value


def name(cell: Cell) -> str:
    """The ISS name of a 0-based (row, column)."""
    r, c = cell
    return f"R{_digit(r + 1)}C{_digit(c + 1)}"


def _digit(k: int) -> str:
    return str(k) if k < 10 else "abcdefg"[k - 10]


def names(cells: Iterable[Cell]) -> list[str]:
    """The ISS names of ``cells``, in order."""
    return [name(c) for c in cells]


def item(kind: str, *args: object) -> str:
    """One item of constraint text: ``.kind~arg~arg...``."""
    return "." + "~".join([kind, *(str(a) for a in args)])


def line_name(clue: Cell, n: int) -> tuple[str, bool]:
    """The row or column (``R3``, ``C5``) an outside clue looks along, and whether it sits at
    its start (left or top)."""
    r, c = clue
    if c in (-1, n) and 0 <= r < n:
        return f"R{r + 1}", c == -1
    if r in (-1, n) and 0 <= c < n:
        return f"C{c + 1}", r == -1
    raise UnsupportedModelError(f"clue at {clue} is not beside a row or column")
