"""Products: a dot between two cells, or a cage, whose number is the product of its digits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..board import Board
from ..constraints import AllDifferent, Automaton
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, indices, label
from .dots import DotRule


@dataclass(frozen=True)
class ProductDot(DotRule):
    """The two digits multiply to ``value``.

    >>> ProductDot(((0, 0), (0, 1)), 12).relation(3, 4)
    True
    """

    name: ClassVar[str] = "product dot"
    key: ClassVar[str] = ""

    def relation(self, x: int, y: int) -> bool:
        return x * y == self.value

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = self._mid(size)
        circle = f'<circle cx="{x}" cy="{y}" r="{size * 0.2:.1f}" fill="white" stroke="black"/>'
        return [circle, label(x, y, str(self.value), size * 0.22)]


@dataclass(frozen=True)
class ProductCage(Variant):
    """Different digits whose product is ``total``.

    >>> from sudoku_models.board import Board
    >>> [p.holds([2, 3, 4, 1]) for p in ProductCage(((0, 0), (0, 1)), 6).primitives(Board(2, 2))]
    [True, True]
    """

    cells: tuple[Cell, ...]
    total: int
    name: ClassVar[str] = "product cage"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        if self.total < 1:
            raise InvalidPuzzleError(f"{self.describe()}: a product of digits is at least 1")
        cells = indices(board, self.cells, self)
        total = self.total
        product = Automaton.build(
            cells, 1, lambda p, d: p * d if total % (p * d) == 0 else None,
            lambda p: p == total, board.n, self.describe(),
        )  # fmt: skip
        return [AllDifferent(cells, self.describe()), product]

    def svg(self, board: Board, size: float) -> list[str]:
        parts = [
            f'<rect x="{c * size + 2}" y="{r * size + 2}" width="{size - 4}" height="{size - 4}" '
            'fill="none" stroke="#666" stroke-dasharray="3,2"/>'
            for r, c in self.cells
        ]
        x, y = centre(min(self.cells), size)
        return [*parts, label(x - size * 0.3, y - size * 0.32, f"x{self.total}", size * 0.22)]
