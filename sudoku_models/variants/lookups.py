"""Rules where a digit says where another sits (:class:`Element`): numbered rooms and value
indexing.

>>> from sudoku_models.board import Board
>>> NumberedRoom((0, -1), 3).primitives(Board(2, 2))
[Element(index=0, choices=(0, 1, 2, 3), value=3, target=None, name='numbered room 3 at R1C0')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..board import Board
from ..constraints import Element
from ..errors import InvalidPuzzleError
from .base import Primitive, Variant, centre, indices
from .lines import LineRule
from .outside import OutsideClue


@dataclass(frozen=True)
class NumberedRoom(OutsideClue):
    """Seen from the clue, the first digit X says that the X-th cell holds ``total``."""

    name: ClassVar[str] = "numbered room"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        if not 1 <= self.total <= board.n:
            raise InvalidPuzzleError(f"{self.describe()}: the clue is not a digit 1..{board.n}")
        cells = tuple(board.cell(r, c) for r, c in self.line(board))
        return [Element(cells[0], cells, self.total, name=self.describe())]


@dataclass(frozen=True)
class ValueIndexing(LineRule):
    """The digit of the second cell says how many cells along the line, from the first, the
    first cell's digit appears again (an arrow from the first cell)."""

    name: ClassVar[str] = "value indexing"
    key: ClassVar[str] = ""
    color: ClassVar[str] = "#c96"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        if len(cells) < 3:
            raise InvalidPuzzleError(f"{self.describe()}: value indexing needs 3 cells")
        return [Element(cells[1], cells[1:], target=cells[0], name=self.describe())]

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = centre(self.cells[0], size)
        dot = f'<circle cx="{x}" cy="{y}" r="{size * 0.12:.1f}" fill="{self.color}"/>'
        return [*super().svg(board, size), dot]
