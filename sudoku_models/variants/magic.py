"""Magic squares: a 3x3 block whose rows, columns and diagonals share one sum."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..board import Board
from ..constraints import AllDifferent, LinearSum
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, indices


@dataclass(frozen=True)
class MagicSquare(Variant):
    """The 3x3 block whose top-left cell is ``corner`` holds different digits whose rows,
    columns and both diagonals add up to the same total (15 with the digits 1 to 9).

    >>> from sudoku_models.board import Board
    >>> rows = [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
    >>> grid = [d for row in rows for d in row + [1] * 6] + [1] * 54
    >>> all(p.holds(grid) for p in MagicSquare((0, 0)).primitives(Board(3, 3)))
    True
    """

    corner: Cell
    name: ClassVar[str] = "magic square"
    key: ClassVar[str] = ""

    def cells_used(self) -> tuple[Cell, ...]:
        r, c = self.corner
        return tuple((r + i, c + j) for i in range(3) for j in range(3))

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells_used(), self)
        if board.n < 9:
            raise InvalidPuzzleError(f"{self.describe()}: needs nine different digits")
        lines = [cells[3 * k : 3 * k + 3] for k in range(3)] + [cells[k::3] for k in range(3)]
        lines += [cells[0::4], cells[2:7:2]]
        first, rest = lines[0], lines[1:]
        out: list[Primitive] = [AllDifferent(cells, self.describe())]
        for line in rest:
            out.append(LinearSum(first + line, 0, (1, 1, 1, -1, -1, -1), self.describe()))
        return out

    def svg(self, board: Board, size: float) -> list[str]:
        r, c = self.corner
        return [
            f'<rect x="{c * size}" y="{r * size}" width="{3 * size}" height="{3 * size}" '
            'fill="#d0d0ff" opacity="0.5" stroke="#66c" stroke-width="2"/>'
        ]
