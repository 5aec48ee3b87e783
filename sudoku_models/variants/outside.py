"""Clues outside the grid about the row or column they face: sandwiches, x-sums, skyscrapers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import AllowedDigits, Implies, LinearSum, Visible
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, fp_name, indices, label


@dataclass(frozen=True)
class OutsideClue(Variant):
    """A number outside the grid, next to the first cell of a row or column."""

    clue: Cell
    total: int
    outside: ClassVar[bool] = True

    def line(self, board: Board) -> tuple[Cell, ...]:
        """The row or column the clue faces, from the clue inward."""
        r, c, n = *self.clue, board.n
        if r in (-1, n) and 0 <= c < n:
            rows = range(n) if r == -1 else range(n - 1, -1, -1)
            return tuple((k, c) for k in rows)
        if c in (-1, n) and 0 <= r < n:
            cols = range(n) if c == -1 else range(n - 1, -1, -1)
            return tuple((r, k) for k in cols)
        raise InvalidPuzzleError(f"{self.describe()}: the clue is not beside a row or column")

    def describe(self) -> str:
        return f"{self.name} {self.total} at {fp_name(self.clue)}"

    def item(self) -> Any:
        return {"cell": fp_name(self.clue), "value": str(self.total)}

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = centre(self.clue, size)
        return [label(x, y, str(self.total), size * 0.45)]


@dataclass(frozen=True)
class Sandwich(OutsideClue):
    """The digits between the 1 and the ``n`` of the row or column add up to ``total``."""

    name: ClassVar[str] = "sandwich"
    key: ClassVar[str] = "sandwichsum"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        n = board.n
        cells = indices(board, self.line(board), self)
        if not 0 <= self.total <= sum(range(2, n)):
            raise InvalidPuzzleError(f"{self.describe()}: no digits between 1 and {n} reach it")
        out: list[Primitive] = []
        for p in range(n):
            for q in range(p + 1, n):
                inner = cells[p + 1 : q]
                if not inner and self.total == 0:
                    continue
                then = LinearSum(inner, self.total)
                for low, high in ((1, n), (n, 1)):
                    out.append(Implies(((cells[p], low), (cells[q], high)), then, self.describe()))
        return out


@dataclass(frozen=True)
class XSum(OutsideClue):
    """The first digit X seen from the clue says how many cells, from the clue, add to ``total``."""

    name: ClassVar[str] = "x-sum"
    key: ClassVar[str] = "xsum"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        n = board.n
        cells = indices(board, self.line(board), self)
        if not 1 <= self.total <= n * (n + 1) // 2:
            raise InvalidPuzzleError(f"{self.describe()}: no x-sum reaches it")
        return [
            Implies(((cells[0], x),), LinearSum(cells[:x], self.total), self.describe())
            for x in range(1, n + 1)
        ]


@dataclass(frozen=True)
class Skyscraper(OutsideClue):
    """Seen from the clue, ``total`` digits are visible: larger than every digit before them."""

    name: ClassVar[str] = "skyscraper"
    key: ClassVar[str] = "skyscraper"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        n, seen = board.n, self.total
        if not 1 <= seen <= n:
            raise InvalidPuzzleError(f"{self.describe()}: 1 to {n} digits can be seen")
        cells = indices(board, self.line(board), self)
        # Implied by the row holding every digit once: seen-1 taller digits follow the first
        # cell, and the tallest digit cannot stand before position seen.
        implied: list[Primitive] = [
            AllowedDigits(cells[0], frozenset(range(1, n - seen + 2)), self.describe())
        ]
        implied += [
            AllowedDigits(i, frozenset(range(1, n)), self.describe()) for i in cells[1 : seen - 1]
        ]
        return [Visible(cells, seen, self.describe()), *implied]
