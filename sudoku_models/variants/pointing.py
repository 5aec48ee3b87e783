"""Pointing digits: a digit N in an arrow's cell appears again N cells away where it points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..board import Board
from ..constraints import AllowedDigits, Relation
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, index, label

#: Arrow glyphs for each of the eight directions ``(row step, column step)``.
ARROWS = {(-1, 0): "↑", (1, 0): "↓", (0, -1): "←", (0, 1): "→",
          (-1, -1): "↖", (-1, 1): "↗", (1, -1): "↙", (1, 1): "↘"}  # fmt: skip


@dataclass(frozen=True)
class PointingDigit(Variant):
    """When ``cell`` holds ``d``, the cell ``d`` steps away along ``direction`` (a row and a
    column step, each -1, 0 or 1) holds ``d`` too; a digit whose cell would lie outside the
    grid cannot go in ``cell``.

    >>> from sudoku_models.board import Board
    >>> rule = PointingDigit((0, 0), (0, 1))
    >>> grid = [2, 1, 2, 3] + [0] * 12      # 2 in r1c1, and 2 two cells to the right
    >>> all(p.holds(grid) for p in rule.primitives(Board(2, 2)))
    True
    """

    cell: Cell
    direction: tuple[int, int]
    name: ClassVar[str] = "pointing digit"
    key: ClassVar[str] = ""

    def cells_used(self) -> tuple[Cell, ...]:
        return (self.cell,)

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        if self.direction not in ARROWS:
            raise InvalidPuzzleError(f"{self.describe()}: {self.direction} is no direction")
        here = index(board, self.cell, self)
        (r, c), (dr, dc) = self.cell, self.direction
        out: list[Primitive] = []
        barred = set()
        for d in range(1, board.n + 1):
            t = (r + d * dr, c + d * dc)
            if not (0 <= t[0] < board.n and 0 <= t[1] < board.n):
                barred.add(d)
                continue
            test = lambda x, y, d=d: x != d or y == d  # noqa: E731
            out.append(Relation.where(here, board.cell(*t), board.n, test, self.describe()))
        if barred:
            allowed = frozenset(range(1, board.n + 1)) - barred
            out.append(AllowedDigits(here, allowed, self.describe()))
        return out

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = centre(self.cell, size)
        return [label(x, y, ARROWS.get(self.direction, "?"), size * 0.7)]
