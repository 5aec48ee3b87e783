"""What every variant is: a named rule with its geometry, its primitives and its drawing.

A variant keeps its cells as ``(row, column)`` pairs counted from 0 (an outside clue uses row or
column ``-1`` or ``n``), so the same object fits any board it is placed on. It says:

- ``name``: how players call it, and ``key``: its f-puzzles key;
- :meth:`Variant.primitives`: the primitive constraints (:mod:`sudoku_models.constraints`) it
  becomes on a board, which is all a backend ever sees;
- :meth:`Variant.write`: its entry in an f-puzzles object;
- :meth:`Variant.svg`: SVG elements that draw it over the grid.

Rules that depend on the marks of other variants (a negative constraint, nonconsecutive) get the
model's other variants in ``others``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board, cell_name
from ..constraints import AllDifferent, Constraint, SumCage
from ..errors import InvalidPuzzleError

Cell = tuple[int, int]
Primitive = AllDifferent | SumCage | Constraint

LINE_COLORS = {"thermo": "#bbb", "line": "#8cc", "whisper": "#6c6", "renban": "#c6c"}


@dataclass(frozen=True)
class Variant:
    """Base class of the variant rules; subclasses are frozen dataclasses."""

    name: ClassVar[str] = ""
    key: ClassVar[str] = ""
    #: Whether the variant's regions take the place of the boxes (irregular Sudoku).
    replaces_boxes: ClassVar[bool] = False
    #: Whether the rule draws a clue outside the grid.
    outside: ClassVar[bool] = False
    #: Whether the rule's marks go over the grid lines and the other rules' drawings (Kropki
    #: dots and XV, as the puzzle editors draw them), not under them.
    on_top: ClassVar[bool] = False

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        """The primitive constraints this rule becomes on ``board``."""
        raise NotImplementedError

    def write(self, data: dict[str, Any], board: Board) -> None:
        """Add this rule to the f-puzzles object ``data`` under its key."""
        if not self.key:
            raise InvalidPuzzleError(f"{self.describe()}: f-puzzles has no key for a {self.name}")
        data.setdefault(self.key, []).append(self.item())

    def item(self) -> Any:
        """The f-puzzles entry of one mark (a dict for list keys)."""
        raise NotImplementedError

    def svg(self, board: Board, size: float) -> list[str]:
        """SVG elements drawing the rule, for cells ``size`` units wide."""
        return []

    def cells_used(self) -> tuple[Cell, ...]:
        """The grid cells the rule constrains (empty for rules on the whole grid)."""
        return tuple(getattr(self, "cells", ()))

    def describe(self) -> str:
        """A short label: the name and the first cells."""
        cells = self.cells_used()
        where = " ".join(cell_name(r, c) for r, c in cells[:4]) + (" ..." if len(cells) > 4 else "")
        return f"{self.name} {where}".strip()


def index(board: Board, cell: Cell, what: Variant | str) -> int:
    """The cell index of ``cell`` on ``board``, or an error naming the rule and the cell."""
    r, c = cell
    if not (0 <= r < board.n and 0 <= c < board.n):
        label = what if isinstance(what, str) else what.describe()
        raise InvalidPuzzleError(
            f"{label}: cell {cell_name(r, c)} is outside the {board.n}x{board.n} grid"
        )
    return board.cell(r, c)


def indices(board: Board, cells: Iterable[Cell], what: Variant | str) -> tuple[int, ...]:
    """The cell indices of ``cells``, each checked to lie inside the grid."""
    return tuple(index(board, cell, what) for cell in cells)


def orthogonal_pairs(board: Board) -> list[tuple[Cell, Cell]]:
    """Every pair of orthogonally adjacent cells, each once, upper or left cell first."""
    n = board.n
    pairs = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    return pairs + [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]


def fp_name(cell: Cell) -> str:
    """The f-puzzles name of a cell: ``R1C1`` for ``(0, 0)``."""
    return f"R{cell[0] + 1}C{cell[1] + 1}"


def fp_cells(cells: Iterable[Cell]) -> list[str]:
    """The f-puzzles names of ``cells``."""
    return [fp_name(c) for c in cells]


def centre(cell: Cell, size: float) -> tuple[float, float]:
    """The SVG coordinates of a cell's centre."""
    r, c = cell
    return (c + 0.5) * size, (r + 0.5) * size


def polyline(cells: Sequence[Cell], size: float, color: str, width: float) -> str:
    """An SVG polyline through the centres of ``cells``."""
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (centre(c, size) for c in cells))
    return (
        f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="{width:.1f}" '
        'stroke-linecap="round" stroke-linejoin="round" opacity="0.7"/>'
    )


def label(x: float, y: float, text: str, size: float, anchor: str = "middle") -> str:
    """Small SVG text at ``(x, y)``."""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" font-family="sans-serif" '
        f'text-anchor="{anchor}" dominant-baseline="central">{text}</text>'
    )
