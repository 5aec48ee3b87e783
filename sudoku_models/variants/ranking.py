"""Full rank: every row and column read as a number from either end, the ``4n`` numbers ranked
(:class:`~sudoku_models.constraints.Rank`).

A row read from the left starts with a digit of the first column, one read from the right with
a digit of the last, and columns likewise with digits of the top and bottom rows: each digit
starts exactly four of the lines. So the lines starting with ``d`` hold ranks ``4d - 3`` to
``4d``, and a clue of rank ``R`` fixes its line's first digit to ``ceil(R / 4)``; the rule says
so in its primitives, which lets every backend start from it.

>>> from sudoku_models.board import Board
>>> rules = FullRank((-1, 0), 6).primitives(Board(2, 2))
>>> rules[0], rules[1].smaller, len(rules[1].others)
(AllowedDigits(cell=0, digits=frozenset({2}), name='full rank 6 at R0C1'), (5, 5), 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..board import Board
from ..constraints import AllowedDigits, Rank
from ..errors import InvalidPuzzleError
from .base import Primitive, Variant, centre, label
from .outside import OutsideClue


def rank_lines(board: Board) -> list[tuple[int, ...]]:
    """The ``4n`` lines of the grid as cell indices: each row from the left and from the right,
    then each column from the top and from the bottom."""
    n = board.n
    out: list[tuple[int, ...]] = []
    for r in range(n):
        row = tuple(board.cell(r, c) for c in range(n))
        out += [row, row[::-1]]
    for c in range(n):
        column = tuple(board.cell(r, c) for r in range(n))
        out += [column, column[::-1]]
    return out


@dataclass(frozen=True)
class FullRank(OutsideClue):
    """Of the ``4n`` rows and columns read as numbers from either end, the one read from this
    clue ranks ``total``-th from the smallest.

    With ``ties`` False (the default) the clued line ties with no other line (reads as no
    other); with ``ties`` True a line that reads the same may rank on either side of it.
    """

    ties: bool = False
    name: ClassVar[str] = "full rank"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        lines = rank_lines(board)
        if not 1 <= self.total <= len(lines):
            raise InvalidPuzzleError(f"{self.describe()}: the rank is not 1..{len(lines)}")
        line = tuple(board.cell(r, c) for r, c in self.line(board))
        rest = tuple(other for other in lines if other != line)
        below, above = self.total - 1, len(lines) - self.total
        if self.ties:
            rank = Rank(line, rest, (0, below), larger=(0, above), name=self.describe())
        else:
            rank = Rank(line, rest, (below, below), (0, 0), (above, above), self.describe())
        first = AllowedDigits(line[0], frozenset({(self.total + 3) // 4}), self.describe())
        return [first, rank]

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = centre(self.clue, size)
        half = size * 0.3
        frame = (
            f'<rect x="{x - half:.1f}" y="{y - half:.1f}" width="{2 * half:.1f}" '
            f'height="{2 * half:.1f}" rx="{half / 3:.1f}" fill="none" stroke="#555"/>'
        )
        return [frame, label(x, y, str(self.total), size * 0.4)]


@dataclass(frozen=True)
class NoRankTies(Variant):
    """No two of the ``4n`` rows and columns read as numbers from either end read the same."""

    name: ClassVar[str] = "full rank without ties"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        lines = rank_lines(board)
        return [
            Rank(line, tuple(lines[k + 1 :]), equal=(0, 0), name=self.name)
            for k, line in enumerate(lines[:-1])
        ]
