"""Board shapes: the geometry of an n x n grid split into r x c boxes.

Glossary used across the package:

- ``n``: digits per unit and the side of the grid (``n = box_rows * box_cols``);
- ``i``: a cell index, ``0 .. n*n - 1`` in reading order; ``r, c``: its row and column;
- ``d``: a digit, ``1 .. n``; ``0`` marks an empty cell;
- a *unit* is a row, a column or a box: ``n`` cells that hold every digit once;
- the *peers* of a cell are the other cells that share a unit with it.

The tables (units, peers) are computed once per shape and shared by every board of that shape.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import InvalidPuzzleError, shown

#: Largest number of digits a board may have: 1-9 then A-Z spell at most 35 symbols.
MAX_DIGITS = 35

#: Symbols for digits 1..35 in the one-line text form; index 0 is the blank.
SYMBOLS = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Board:
    """The shape of a grid: boxes of ``box_rows`` x ``box_cols`` cells, ``n = box_rows * box_cols``.

    >>> board = Board(2, 3)
    >>> board.n, board.size, len(board.units), len(board.peers[0])
    (6, 36, 18, 12)
    """

    box_rows: int
    box_cols: int

    def __post_init__(self) -> None:
        r, c = self.box_rows, self.box_cols
        if type(r) is not int or type(c) is not int or r < 1 or c < 1:
            raise InvalidPuzzleError(
                f"box shape must be two positive integers, got {shown(r)} x {shown(c)}"
            )
        if not 4 <= r * c <= MAX_DIGITS:
            raise InvalidPuzzleError(
                f"unsupported board: {shown(r)}x{shown(c)} boxes give {shown(r * c)} digits; "
                f"supported: 4 to {MAX_DIGITS}"
            )

    @classmethod
    def for_digits(cls, n: int) -> Board:
        """The usual shape for ``n`` digits: the most square ``r x c`` split with ``r <= c``.

        >>> Board.for_digits(9), Board.for_digits(12)
        (Board(box_rows=3, box_cols=3), Board(box_rows=3, box_cols=4))
        """
        if type(n) is not int:
            raise InvalidPuzzleError(f"board side must be an int, got {shown(n)}")
        return _usual_board(n)

    @property
    def n(self) -> int:
        """Digits per unit, and the side of the grid."""
        return self.box_rows * self.box_cols

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.n * self.n

    @property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """Cell indices of each row, top to bottom."""
        return _layout(self.box_rows, self.box_cols).rows

    @property
    def cols(self) -> tuple[tuple[int, ...], ...]:
        """Cell indices of each column, left to right."""
        return _layout(self.box_rows, self.box_cols).cols

    @property
    def boxes(self) -> tuple[tuple[int, ...], ...]:
        """Cell indices of each box, in reading order of boxes and of cells inside a box."""
        return _layout(self.box_rows, self.box_cols).boxes

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """All rows, then all columns, then all boxes."""
        return _layout(self.box_rows, self.box_cols).units

    @property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the sorted indices of the other cells sharing a unit with it."""
        return _layout(self.box_rows, self.box_cols).peers

    @property
    def cell_units(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the indices in :attr:`units` of its row, column and box."""
        return _layout(self.box_rows, self.box_cols).cell_units

    def clashes(self, cells: Sequence[int]) -> list[tuple[int, int]]:
        """Pairs of cell indices holding the same digit in one unit (see :func:`clashing_pairs`).

        ``cells`` holds a digit ``0..n`` (0 blank) per cell, in reading order.
        """
        table = _clash_table(self.box_rows, self.box_cols)
        if table is not None:
            total = sum(map(operator.getitem, table.terms, cells))
            if (total & table.keys).bit_count() == 3 * (total >> table.count_shift):
                return []
        return clashing_pairs(self.units, cells)

    def box_of(self, r: int, c: int) -> int:
        """Index of the box holding row ``r``, column ``c``."""
        return (r // self.box_rows) * self.box_rows + c // self.box_cols

    def cell(self, r: int, c: int) -> int:
        """Cell index of row ``r``, column ``c``."""
        return r * self.n + c

    def row_col(self, i: int) -> tuple[int, int]:
        """Row and column of cell index ``i``."""
        return divmod(i, self.n)

    def symbol(self, d: int) -> str:
        """The one-character form of digit ``d`` (``.`` for 0)."""
        return SYMBOLS[d]


@functools.cache
def _usual_board(n: int) -> Board:
    """:meth:`Board.for_digits`, computed once per side (boards are immutable, so shared)."""
    if not 4 <= n <= MAX_DIGITS:
        raise InvalidPuzzleError(f"unsupported board side {shown(n)}; supported: 4 to {MAX_DIGITS}")
    r = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    if r == 1:
        raise InvalidPuzzleError(
            f"unsupported board side {n}: {n} is prime, so it has no box shape; pass box=(r, c)"
        )
    return Board(r, n // r)


def cell_name(r: int, c: int) -> str:
    """How players name a cell: ``r3c5`` for row ``r`` 2, column ``c`` 4 (given from 0).

    >>> cell_name(2, 4)
    'r3c5'
    """
    return f"r{r + 1}c{c + 1}"


def cell_label(n: int, i: int) -> str:
    """:func:`cell_name` of cell ``i`` of an ``n`` x ``n`` grid, numbered row by row.

    >>> cell_label(9, 22)
    'r3c5'
    """
    return cell_name(*divmod(i, n))


def peers_of(groups: Iterable[Sequence[int]], size: int) -> tuple[tuple[int, ...], ...]:
    """For each of ``size`` cells, the sorted other cells sharing one of ``groups`` with it."""
    peer_sets: list[set[int]] = [set() for _ in range(size)]
    for cells in groups:
        for i in cells:
            peer_sets[i].update(cells)
    return tuple(tuple(sorted(s - {i})) for i, s in enumerate(peer_sets))


def groups_of_cells(groups: Sequence[Sequence[int]], size: int) -> tuple[tuple[int, ...], ...]:
    """For each of ``size`` cells, the indices of the groups holding it, in group order."""
    member: list[list[int]] = [[] for _ in range(size)]
    for g, cells in enumerate(groups):
        for i in cells:
            member[i].append(g)
    return tuple(tuple(gs) for gs in member)


def clashing_pairs(groups: Iterable[Sequence[int]], cells: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted pairs of cell indices holding the same digit inside one group, each pair once."""
    pairs: set[tuple[int, int]] = set()
    for group in groups:
        first: dict[int, int] = {}
        for i in group:
            d = cells[i]
            if d:
                if d in first:
                    pairs.add((first[d], i))
                else:
                    first[d] = i
    return sorted(pairs)


@dataclass(frozen=True)
class _Layout:
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    cell_units: tuple[tuple[int, ...], ...]


@functools.cache
def _layout(box_rows: int, box_cols: int) -> _Layout:
    n = box_rows * box_cols
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    boxes = tuple(
        tuple((top + dr) * n + left + dc for dr in range(box_rows) for dc in range(box_cols))
        for top in range(0, n, box_rows)
        for left in range(0, n, box_cols)
    )
    units = rows + cols + boxes
    return _Layout(rows, cols, boxes, units, peers_of(units, n * n), groups_of_cells(units, n * n))


#: Largest board side whose clash check gets a table (about 0.6 MB at 16x16, and growing as
#: the fifth power of the side); larger boards compare their cells unit by unit.
CLASH_TABLE_DIGITS = 16


@dataclass(frozen=True)
class _ClashTable:
    """The clash check of one shape as a single sum.

    A digit placed in a cell sets one key bit per unit holding it (bit ``unit * n + digit - 1``)
    and adds one to a counter above the keys. Adding up the terms of all cells gives ``3 *
    placed`` distinct key bits exactly when no unit repeats a digit: two equal keys carry into
    one bit instead. The counter, clear of any carry, says how many digits were placed.
    """

    terms: tuple[tuple[int, ...], ...]  # per cell, per digit 0..n (0: nothing placed, 0 added)
    keys: int  # mask of the key bits
    count_shift: int  # where the counter starts


@functools.cache
def _clash_table(box_rows: int, box_cols: int) -> _ClashTable | None:
    n = box_rows * box_cols
    if n > CLASH_TABLE_DIGITS:
        return None
    key_bits = 3 * n * n
    count_shift = key_bits + (3 * n * n).bit_length()  # room for every carry out of the keys
    terms = tuple(
        (0, *(sum(1 << (u * n + d) for u in units) + (1 << count_shift) for d in range(n)))
        for units in _layout(box_rows, box_cols).cell_units
    )
    return _ClashTable(terms, (1 << key_bits) - 1, count_shift)
