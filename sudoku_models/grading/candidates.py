"""The candidate grid a human solver works on: placed digits plus pencil marks for empty cells.

Candidates are bitmasks, bit ``d - 1`` set when digit ``d`` is still possible in a cell; a
filled cell has mask 0. :class:`Geometry` holds the unit tables the techniques search over,
computed once per board shape, so every technique works on 4x4 up to 16x16 (and beyond).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from operator import itemgetter, lshift
from typing import Any, Literal, TypeVar, cast

from ..board import Board, cell_name
from ..display import html_grid
from ..errors import InvalidPuzzleError
from ..puzzle import Puzzle


def digits_of(mask: int) -> list[int]:
    """The digits whose bits are set in ``mask``, smallest first."""
    if mask < len(_DIGITS):
        return list(_DIGITS[mask])
    out = []
    d = 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return out


#: ``digits_of`` of every mask of up to 10 digits, looked up rather than worked out.
_DIGITS = [tuple(d + 1 for d in range(10) if mask >> d & 1) for mask in range(1 << 10)]


def bit(d: int) -> int:
    """The candidate bit of digit ``d``."""
    return 1 << (d - 1)


@dataclass(frozen=True, eq=False)
class Geometry:
    """Unit tables of one board shape, indexed for the techniques (one per shape, see
    :func:`geometry`, so compared and hashed by identity: a cheap key for caches).

    ``units`` lists rows, then columns, then boxes (unit ``u``: row ``u``, column ``u - n``,
    box ``u - 2n``); ``cell_units[i]`` is the (row, column, box) unit numbers of cell ``i``;
    ``peer_sets[i]`` the cells sharing a unit with ``i`` (and ``peer_bits[i]`` the same as a
    bit set, bit ``j`` for cell ``j``); ``unit_entries[u]`` picks the
    entries of unit ``u``'s cells out of a per-cell list (such as the masks), as a tuple;
    ``cell_names`` and ``digit_names`` (index ``d``) are what :meth:`cell_name` and
    :meth:`digit_name` answer, worked out once since every step's reason names some.
    """

    board: Board
    units: tuple[tuple[int, ...], ...]
    cell_units: tuple[tuple[int, int, int], ...]
    peer_sets: tuple[frozenset[int], ...]
    unit_entries: tuple[Callable[[list[int]], tuple[int, ...]], ...]
    peer_bits: tuple[int, ...]
    cell_names: tuple[str, ...]
    digit_names: tuple[str, ...]

    @property
    def n(self) -> int:
        """Digits per unit."""
        return self.board.n

    def unit_name(self, u: int) -> str:
        """Human name of unit ``u``: ``row 3``, ``column 5`` or ``box 7`` (1-based)."""
        n = self.board.n
        kind, k = divmod(u, n)
        return f"{('row', 'column', 'box')[kind]} {k + 1}"

    def cell_name(self, i: int) -> str:
        """Human name of cell ``i``: ``r3c5`` (1-based)."""
        return self.cell_names[i]

    def digit_name(self, d: int) -> str:
        """The digit as a player writes it (``10`` .. ``16`` on boards above 9 digits)."""
        return self.digit_names[d]

    def sees(self, a: int, b: int) -> bool:
        """Whether cells ``a`` and ``b`` are distinct and share a unit."""
        return b in self.peer_sets[a]

    def common_peers(self, cells: tuple[int, ...] | list[int]) -> frozenset[int]:
        """Cells (outside ``cells``) that see every cell of ``cells``."""
        common = self.peer_sets[cells[0]]
        for c in cells[1:]:
            common = common & self.peer_sets[c]
        return common.difference(cells)


@functools.cache
def unit_bits(geo: Geometry) -> tuple[int, ...]:
    """Each unit's cells as a bit set (bit ``i`` for cell ``i``)."""
    return tuple(sum(1 << i for i in unit) for unit in geo.units)


@functools.cache
def geometry(board: Board) -> Geometry:
    """The (cached) unit tables of ``board``."""
    cell_units = cast(tuple[tuple[int, int, int], ...], board.cell_units)
    peer_sets = tuple(frozenset(p) for p in board.peers)
    entries = tuple(itemgetter(*unit) for unit in board.units)  # units have 4+ cells
    peer_bits = tuple(sum(1 << j for j in p) for p in board.peers)
    cell_names = tuple(cell_name(*board.row_col(i)) for i in range(board.size))
    digit_names = tuple(str(d) for d in range(board.n + 1))
    return Geometry(
        board, board.units, cell_units, peer_sets, entries, peer_bits, cell_names, digit_names
    )


class CandidateGrid:
    """Digits placed so far and the candidates left in every empty cell; changed in place.

    ``givens``: the cells the puzzle filled (by default those holding a digit when the grid is
    made); the other filled cells were solved.

    >>> grid = CandidateGrid.from_puzzle(Puzzle.parse(".1.....4....34.."))
    >>> grid.candidates(0)
    [2, 4]
    """

    __slots__ = ("geo", "givens", "masks", "values")

    def __init__(
        self,
        geo: Geometry,
        values: list[int],
        masks: list[int],
        givens: frozenset[int] | None = None,
    ) -> None:
        self.geo = geo
        self.values = values
        self.masks = masks
        self.givens = frozenset(i for i, d in enumerate(values) if d) if givens is None else givens

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle) -> CandidateGrid:
        """The grid of ``puzzle``'s givens, each empty cell keeping the digits no peer holds."""
        geo = geometry(puzzle.board)
        full = (1 << puzzle.n) - 1
        values = list(puzzle.cells)
        masks = [0 if d else full for d in values]
        grid = cls(geo, values, masks)
        for i, d in enumerate(values):
            if d:
                grid._remove_from_peers(i, d)
        return grid

    @property
    def board(self) -> Board:
        """The board shape."""
        return self.geo.board

    def copy(self) -> CandidateGrid:
        """An independent copy."""
        return CandidateGrid(self.geo, self.values[:], self.masks[:], self.givens)

    def candidates(self, i: int) -> list[int]:
        """Digits still possible in cell ``i`` (empty for a filled cell)."""
        return digits_of(self.masks[i])

    def candidate_map(self) -> dict[int, list[int]]:
        """Candidates of every empty cell, for drawing pencil marks."""
        return {i: digits_of(m) for i, m in enumerate(self.masks) if not self.values[i]}

    def _repr_html_(self) -> str:
        """The grid with its pencil marks, as a notebook shows it."""
        return html_grid(self.board, self.values, candidates=self.candidate_map())

    def place(self, i: int, d: int) -> None:
        """Write ``d`` in cell ``i`` and strike it from the candidates of the cell's peers."""
        self.values[i] = d
        self.masks[i] = 0
        self._remove_from_peers(i, d)

    def eliminate(self, i: int, d: int) -> None:
        """Strike candidate ``d`` from cell ``i``."""
        self.masks[i] &= ~bit(d)

    def _remove_from_peers(self, i: int, d: int) -> None:
        clear = ~bit(d)
        masks = self.masks
        for p in self.geo.peer_sets[i]:
            masks[p] &= clear

    def is_solved(self) -> bool:
        """Whether every cell holds a digit."""
        return 0 not in self.values

    def is_broken(self) -> bool:
        """Whether some empty cell has no candidate left (the position has no solution)."""
        return any(not v and not m for v, m in zip(self.values, self.masks, strict=True))

    def empty_cells(self) -> Iterator[int]:
        """Indices of the empty cells."""
        return (i for i, v in enumerate(self.values) if not v)

    def to_puzzle(self) -> Puzzle:
        """The digits placed so far as a puzzle."""
        return Puzzle(self.geo.board, tuple(self.values))


T = TypeVar("T")

#: The latest candidate position asked about and what was worked out on it, as one pair (so
#: that threads rating at once never mix two positions' answers).
_latest: list[tuple[Any, dict[Any, Any]]] = [(None, {})]


def memo(grid: CandidateGrid, compute: Callable[[CandidateGrid], T]) -> T:
    """``compute(grid)``, worked out once for each candidate position: techniques that look
    in turn at one position (and must not change the answer) share it. Only the latest
    position's answers are kept.
    """
    key = (grid.geo, tuple(grid.masks))
    latest = _latest[0]
    if latest[0] != key:
        latest = (key, {})
        _latest[0] = latest
    answers = latest[1]
    if compute not in answers:
        answers[compute] = compute(grid)
    return answers[compute]


def unit_places(grid: CandidateGrid) -> list[list[int]]:
    """For each unit ``u`` and digit ``d``, ``unit_places(grid)[u][d]`` is the bit set of the
    positions in the unit (bit ``k``: its ``k``-th cell) where ``d`` is still possible (shared
    by the techniques looking at the same position: not to be changed)."""
    return memo(grid, _unit_places)


def digit_cells(grid: CandidateGrid) -> list[int]:
    """For each digit ``d``, ``digit_cells(grid)[d]`` is the bit set of the cells (bit ``i``
    for cell ``i``) where ``d`` is still possible (shared by the techniques looking at the same
    position: not to be changed)."""
    return memo(grid, _digit_cells)


def _digit_cells(grid: CandidateGrid) -> list[int]:
    # row r holds cells r * n to r * n + n - 1 in order: a digit's places in the rows, shifted
    # to their rows' first cells, make its cells
    n = grid.geo.n
    shifts = range(0, n * n, n)
    out = [0] * (n + 1)
    for d, kind, at in line_places(grid):
        if kind == 0:
            out[d] = sum(map(lshift, at, shifts))
    return out


def line_places(grid: CandidateGrid) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each digit's places line by line, as fish see them: ``(d, kind, at)`` for every digit
    ``d`` and kind of line (0: rows, 1: columns), ``at[line]`` the bit set of positions in that
    line where ``d`` is still possible (the key fish searches remember their answers by;
    shared by the techniques looking at the same position: not to be changed)."""
    return memo(grid, _line_places)


def _line_places(grid: CandidateGrid) -> list[tuple[int, int, tuple[int, ...]]]:
    n = grid.geo.n
    places = unit_places(grid)
    # lines of one kind are rows of a table of places by digit: its columns are the digits'
    by_kind = [list(zip(*places[:n], strict=True)), list(zip(*places[n : 2 * n], strict=True))]
    return [(d, kind, by_kind[kind][d]) for d in range(1, n + 1) for kind in (0, 1)]


def held_twice(masks: Iterable[int]) -> int:
    """The digits (as a mask) that exactly two of ``masks`` hold."""
    once = twice = thrice = 0
    for m in masks:
        thrice |= twice & m
        twice |= once & m
        once |= m
    return twice & ~thrice


def _unit_places(grid: CandidateGrid) -> list[list[int]]:
    # Each unit's answer is built as one integer of fixed-width fields, field d for digit d: the
    # cell at position pos adds its mask spread over the fields, at bit pos of each (the cells'
    # parts do not overlap, so a sum does). The integer's bytes read as an array of fields give
    # the answer.
    masks = grid.masks
    tables, size, code = _place_tables(grid.geo.n)
    order = sys.byteorder
    spread = dict.__getitem__
    return [
        memoryview(sum(map(spread, tables, entries(masks))).to_bytes(size, order))
        .cast(code)
        .tolist()
        for entries in grid.geo.unit_entries
    ]


class _Spread(dict[int, int]):
    """Candidate masks spread out to bit ``pos`` of each of their digits' fields (``width``
    bits, field ``d`` for digit ``d``), filled in as masks show up."""

    def __init__(self, width: int, pos: int) -> None:
        super().__init__()
        self.width = width
        self.pos = pos

    def __missing__(self, mask: int) -> int:
        value = self[mask] = sum(1 << self.width * d + self.pos for d in digits_of(mask))
        return value


FieldCode = Literal["B", "H", "I", "Q"]

#: Field widths in bits, with the array type code of each.
_FIELDS: tuple[tuple[int, FieldCode], ...] = ((8, "B"), (16, "H"), (32, "I"), (64, "Q"))


@functools.cache
def _place_tables(n: int) -> tuple[tuple[_Spread, ...], int, FieldCode]:
    """For boards of ``n`` digits: a :class:`_Spread` for each position in a unit, the bytes
    of the fields of digits 0 to ``n``, and the array type code of one field."""
    width, code = next((w, c) for w, c in _FIELDS if n <= w)
    return tuple(_Spread(width, pos) for pos in range(n)), width // 8 * (n + 1), code


def check_givens(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` when two givens clash in a unit."""
    clashes = puzzle.conflicts()
    if clashes:
        (r1, c1), (r2, c2) = clashes[0]
        raise InvalidPuzzleError(
            f"givens clash: {cell_name(r1, c1)} and {cell_name(r2, c2)} hold the same digit"
        )
