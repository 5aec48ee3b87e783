"""Sums over groups of cells: killer cages (with or without a total) and little killers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import AllDifferent, LinearSum, SumCage
from ..errors import InvalidPuzzleError
from .base import (
    Cell,
    Primitive,
    Variant,
    centre,
    first_cells,
    fp_cells,
    fp_name,
    indices,
    label,
)


@dataclass(frozen=True)
class KillerCage(Variant):
    """The cells hold different digits adding up to ``total`` (no sum when ``total`` is None)."""

    cells: tuple[Cell, ...]
    total: int | None = None
    name: ClassVar[str] = "killer cage"
    key: ClassVar[str] = "killercage"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        k, n = len(cells), board.n
        if len(set(cells)) != k or k > n:
            raise InvalidPuzzleError(f"{self.describe()}: {k} cells cannot hold different digits")
        if self.total is None:
            return [AllDifferent(cells, self.describe())]
        possible = totals(k, n)
        if self.total not in possible:
            raise InvalidPuzzleError(
                f"{self.describe()}: no {k} different digits add up to {self.total} "
                f"(possible totals {possible.start}..{possible.stop - 1})"
            )
        return [SumCage(cells, self.total)]

    def describe(self) -> str:
        """``killer cage 15: r1c7 r2c7``: the sum first, so a cage can be checked by hand."""
        if self.total is None:
            return super().describe()
        return f"{self.name} {self.total}: {first_cells(self.cells)}"

    def item(self) -> Any:
        entry: dict[str, Any] = {"cells": fp_cells(self.cells)}
        if self.total is not None:
            entry["value"] = str(self.total)
        return entry

    def svg(self, board: Board, size: float) -> list[str]:
        members = set(self.cells)
        inset = size * 0.08
        width = max(1.0, size * 0.02)
        dashes = f"{size * 0.08:.1f} {size * 0.05:.1f}"
        parts = []
        for r, c in self.cells:
            x0, y0, x1, y1 = c * size, r * size, (c + 1) * size, (r + 1) * size
            sides = (
                ((r - 1, c), (x0, y0 + inset, x1, y0 + inset)),
                ((r + 1, c), (x0, y1 - inset, x1, y1 - inset)),
                ((r, c - 1), (x0 + inset, y0, x0 + inset, y1)),
                ((r, c + 1), (x1 - inset, y0, x1 - inset, y1)),
            )
            for nb, (a, b, e, f) in sides:
                if nb not in members:
                    parts.append(
                        f'<line x1="{a:.1f}" y1="{b:.1f}" x2="{e:.1f}" y2="{f:.1f}" '
                        f'stroke="#333" stroke-width="{width:.1f}" stroke-dasharray="{dashes}"/>'
                    )
        if self.total is not None:
            r, c = min(self.cells)
            x, y = c * size + size * 0.12, r * size + size * 0.2
            parts.append(label(x, y, str(self.total), size * 0.25, "start"))
        return parts


def totals(k: int, n: int) -> range:
    """The totals ``k`` different digits of ``1..n`` can add up to.

    >>> totals(2, 9)
    range(3, 18)
    """
    return range(k * (k + 1) // 2, k * (2 * n - k + 1) // 2 + 1)


def no_sum(cage: KillerCage, n: int) -> str | None:
    """Why the total of ``cage`` is no sum of its different digits on an ``n``-digit board
    (``killer cage 12: r1c1: no 1 different digit adds up to 12 (possible totals 1..9)``), or
    None when it is one, or when the cage has no total or cannot hold different digits (which
    the cage's rule refuses itself)."""
    k = len(cage.cells)
    if cage.total is None or not 0 < k <= n or len(set(cage.cells)) != k:
        return None
    if cage.total in totals(k, n):
        return None
    possible = totals(k, n)
    digits = "digit adds" if k == 1 else "digits add"
    return (
        f"{cage.describe()}: no {k} different {digits} up to {cage.total} "
        f"(possible totals {possible.start}..{possible.stop - 1})"
    )


#: Steps of the little-killer directions: up-left, up-right, down-left, down-right.
DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


@dataclass(frozen=True)
class LittleKiller(Variant):
    """The clue outside the grid at ``clue`` is the sum along its diagonal; digits may repeat."""

    clue: Cell
    direction: str
    total: int
    name: ClassVar[str] = "little killer"
    outside: ClassVar[bool] = True
    key: ClassVar[str] = "littlekillersum"

    def cells_of(self, board: Board) -> tuple[Cell, ...]:
        """The diagonal the clue points along."""
        if self.direction not in DIRECTIONS:
            raise InvalidPuzzleError(
                f"little killer at {fp_name(self.clue)}: direction {self.direction!r} is not "
                f"one of {', '.join(DIRECTIONS)}"
            )
        dr, dc = DIRECTIONS[self.direction]
        r, c = self.clue
        cells = []
        while True:
            r, c = r + dr, c + dc
            if not (0 <= r < board.n and 0 <= c < board.n):
                break
            cells.append((r, c))
        return tuple(cells)

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = self.cells_of(board)
        if not cells:
            raise InvalidPuzzleError(
                f"little killer at {fp_name(self.clue)}: its diagonal misses the grid"
            )
        k = len(cells)
        if not k <= self.total <= k * board.n:
            raise InvalidPuzzleError(
                f"little killer at {fp_name(self.clue)}: {k} digits cannot add up to {self.total}"
            )
        return [LinearSum(indices(board, cells, self), self.total, name=self.describe())]

    def describe(self) -> str:
        return f"little killer {self.total} at {fp_name(self.clue)}"

    def write(self, data: dict[str, Any], board: Board) -> None:
        entry = {
            "cell": fp_name(self.clue),
            "direction": self.direction,
            "value": str(self.total),
            "cells": fp_cells(self.cells_of(board)),
        }
        data.setdefault(self.key, []).append(entry)

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = centre(self.clue, size)
        dr, dc = DIRECTIONS.get(self.direction, (0, 0))
        arrow = {(-1, -1): "↖", (-1, 1): "↗", (1, -1): "↙", (1, 1): "↘"}.get((dr, dc), "")
        return [label(x, y, f"{self.total}{arrow}", size * 0.3)]
