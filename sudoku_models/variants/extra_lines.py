"""Nabner lines and double arrows: line rules written with pairwise relations and a linear sum."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..board import Board
from ..constraints import LinearSum
from ..errors import InvalidPuzzleError
from .base import Primitive, Variant, centre, indices, polyline
from .lines import LineRule


@dataclass(frozen=True)
class NabnerLine(LineRule):
    """No two digits on the line are equal or consecutive."""

    name: ClassVar[str] = "nabner line"
    key: ClassVar[str] = ""
    color: ClassVar[str] = "#cc6"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        if len(self.cells) > (board.n + 1) // 2:
            raise InvalidPuzzleError(
                f"{self.describe()}: {len(self.cells)} cells cannot hold digits two apart"
            )
        return self._pairs(board, lambda x, y, s: abs(x - y) > 1, min_cells=1)


@dataclass(frozen=True)
class DoubleArrow(LineRule):
    """The two end cells (circles) add up to the sum of the cells between them."""

    name: ClassVar[str] = "double arrow"
    key: ClassVar[str] = ""
    color: ClassVar[str] = "#999"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        if len(cells) < 3:
            raise InvalidPuzzleError(f"{self.describe()}: a double arrow needs 3 cells")
        ends, inner = (cells[0], cells[-1]), cells[1:-1]
        coeffs = (1, 1) + (-1,) * len(inner)
        return [LinearSum(ends + inner, 0, coeffs, self.describe())]

    def svg(self, board: Board, size: float) -> list[str]:
        parts = [polyline(self.cells, size, self.color, size * 0.08)]
        for cell in (self.cells[0], self.cells[-1]):
            x, y = centre(cell, size)
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{size * 0.4:.1f}" fill="white" stroke="#999"/>'
            )
        return parts
