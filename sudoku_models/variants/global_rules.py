"""Rules over the whole grid or single cells, written with relations, tables and allowed
digits: Dutch flatmates, anti-taxicab, and given pencil marks."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..board import Board
from ..constraints import AllowedDigits, Relation, Table
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, index, label


@dataclass(frozen=True)
class DutchFlatmates(Variant):
    """Every middle digit (5 on 9x9) has a 1 directly above it or the largest digit directly
    below it (or both)."""

    name: ClassVar[str] = "Dutch flatmates"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        n = board.n
        if n % 2 == 0:
            raise InvalidPuzzleError(f"{self.name}: {n} digits have no middle digit")
        middle = (n + 1) // 2
        out: list[Primitive] = []
        for r in range(n):
            for c in range(n):
                cell = board.cell(r, c)
                above = (board.cell(r - 1, c),) if r else ()
                below = (board.cell(r + 1, c),) if r < n - 1 else ()
                cells = (*above, cell, *below)

                def test(*d: int, up: bool = bool(above), down: bool = bool(below)) -> bool:
                    me = d[1] if up else d[0]
                    return me != middle or (up and d[0] == 1) or (down and d[-1] == n)

                out.append(Table.where(cells, n, test, f"{self.name} at r{r + 1}c{c + 1}"))
        return out


@dataclass(frozen=True)
class AntiTaxicab(Variant):
    """A digit d never sees the same digit d at taxicab distance exactly d (d steps
    orthogonally)."""

    name: ClassVar[str] = "anti-taxicab"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        n = board.n
        out: list[Primitive] = []
        for a in range(board.size):
            ra, ca = board.row_col(a)
            for b in range(a + 1, board.size):
                rb, cb = board.row_col(b)
                d = abs(ra - rb) + abs(ca - cb)
                if d <= n and ra != rb and ca != cb:  # a row or a column holds d once anyway
                    pairs = frozenset(itertools.product(range(1, n + 1), range(1, n + 1)))
                    out.append(Relation(a, b, pairs - {(d, d)}, self.name))
        return out


@dataclass(frozen=True)
class GivenPencilmarks(Variant):
    """The cell holds one of the pencil-marked ``digits``."""

    cell: Cell
    digits: tuple[int, ...]
    name: ClassVar[str] = "given pencil marks"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        i = index(board, self.cell, self)
        if not self.digits or not all(1 <= d <= board.n for d in self.digits):
            raise InvalidPuzzleError(
                f"{self.describe()}: marks {list(self.digits)} are not digits 1..{board.n}"
            )
        return [AllowedDigits(i, frozenset(self.digits), self.describe())]

    def cells_used(self) -> tuple[Cell, ...]:
        return (self.cell,)

    def write(self, data: dict, board: Board) -> None:
        r, c = self.cell
        data["grid"][r][c]["givenPencilMarks"] = sorted(self.digits)

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = centre(self.cell, size)
        text = "".join(map(str, sorted(self.digits)))
        return [label(x, y + size * 0.3, text, size * 0.18)]
