"""Fortress cells: a shaded cell holds a higher digit than each unshaded orthogonal neighbour."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..board import Board
from ..constraints import Relation
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, indices


@dataclass(frozen=True)
class Fortress(Variant):
    """Each cell of ``cells`` (the fortress) is greater than every orthogonal neighbour outside
    it.

    >>> from sudoku_models.board import Board
    >>> grid = [4, 2, 3, 1, 1, 3, 4, 2, 3, 4, 1, 2, 2, 1, 3, 4]  # r1c1 = 4 beside 2 and 1
    >>> [p.holds(grid) for p in Fortress(((0, 0),)).primitives(Board(2, 2))]
    [True, True]
    """

    cells: tuple[Cell, ...]
    name: ClassVar[str] = "fortress"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        if not self.cells:
            raise InvalidPuzzleError("a fortress needs at least one cell")
        inside = set(self.cells)
        indices(board, self.cells, self)
        out: list[Primitive] = []
        for r, c in self.cells:
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb not in inside and 0 <= nb[0] < board.n and 0 <= nb[1] < board.n:
                    out.append(
                        Relation.where(
                            board.cell(r, c), board.cell(*nb), board.n, lambda x, y: x > y,
                            self.describe(),
                        )
                    )  # fmt: skip
        return out

    def svg(self, board: Board, size: float) -> list[str]:
        return [
            f'<rect x="{c * size}" y="{r * size}" width="{size}" height="{size}" fill="#bbb" '
            'opacity="0.6"/>'
            for r, c in self.cells
        ]
