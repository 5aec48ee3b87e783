"""Rules that add all-different regions: irregular regions, extra regions, diagonals, disjoint
groups, and the chess rules (anti-knight, anti-king) that keep nearby cells different."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board, cell_name
from ..constraints import AllDifferent, Relation
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, fp_cells, indices


@dataclass(frozen=True)
class Jigsaw(Variant):
    """Irregular regions replace the boxes: each of ``n`` cells holds every digit.

    A region need not be connected (f-puzzles and SudokuPad draw such regions too).
    """

    regions: tuple[tuple[Cell, ...], ...]
    name: ClassVar[str] = "irregular regions"
    key: ClassVar[str] = "region"
    replaces_boxes: ClassVar[bool] = True

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        seen: dict[Cell, int] = {}
        groups = []
        for k, region in enumerate(self.regions):
            cells = indices(board, region, f"region {k + 1}")
            if len(region) != board.n:
                raise InvalidPuzzleError(
                    f"region {k + 1} has {len(region)} cells, a {board.n}x{board.n} grid needs "
                    f"{board.n}: {' '.join(cell_name(*c) for c in region)}"
                )
            for cell in region:
                if cell in seen:
                    raise InvalidPuzzleError(
                        f"cell {cell_name(*cell)} is in regions {seen[cell] + 1} and {k + 1}"
                    )
                seen[cell] = k
            groups.append(AllDifferent(cells, f"region {k + 1}"))
        return list(groups)

    def write(self, data: dict[str, Any], board: Board) -> None:
        for k, region in enumerate(self.regions):
            for r, c in region:
                data["grid"][r][c]["region"] = k

    def cells_used(self) -> tuple[Cell, ...]:
        return tuple(cell for region in self.regions for cell in region)

    def svg(self, board: Board, size: float) -> list[str]:
        region_of = {cell: k for k, region in enumerate(self.regions) for cell in region}
        parts = []
        for (r, c), k in region_of.items():
            if region_of.get((r, c + 1), k) != k:
                x = (c + 1) * size
                parts.append(_edge(x, r * size, x, (r + 1) * size))
            if region_of.get((r + 1, c), k) != k:
                y = (r + 1) * size
                parts.append(_edge(c * size, y, (c + 1) * size, y))
        return parts


def _edge(x1: float, y1: float, x2: float, y2: float) -> str:
    return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="black" stroke-width="3"/>'


@dataclass(frozen=True)
class ExtraRegion(Variant):
    """The cells hold different digits, like an extra box (windoku regions are four of these)."""

    cells: tuple[Cell, ...]
    name: ClassVar[str] = "extra region"
    key: ClassVar[str] = "extraregion"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        if len(cells) > board.n:
            raise InvalidPuzzleError(f"{self.describe()}: {len(cells)} cells cannot all differ")
        return [AllDifferent(cells, self.describe())]

    def item(self) -> Any:
        return {"cells": fp_cells(self.cells)}

    def svg(self, board: Board, size: float) -> list[str]:
        return [_shade(cell, size, "#cde") for cell in self.cells]


def windoku(board: Board) -> list[ExtraRegion]:
    """The windoku regions: boxes one cell in from each corner, between the usual boxes."""
    h, w, n = board.box_rows, board.box_cols, board.n
    tops = range(1, n - h, h + 1)
    lefts = range(1, n - w, w + 1)
    return [
        ExtraRegion(tuple((t + dr, left + dc) for dr in range(h) for dc in range(w)))
        for t in tops
        for left in lefts
    ]


@dataclass(frozen=True)
class Diagonal(Variant):
    """A main diagonal holds different digits: ``positive`` runs bottom-left to top-right."""

    positive: bool
    name: ClassVar[str] = "diagonal"

    @property
    def key(self) -> str:  # type: ignore[override]
        return "diagonal+" if self.positive else "diagonal-"

    def describe(self) -> str:
        """Which of the two diagonals it is."""
        if self.positive:
            return "diagonal bottom-left to top-right"
        return "diagonal top-left to bottom-right"

    def cells_of(self, board: Board) -> tuple[Cell, ...]:
        """The diagonal's cells, top row first."""
        n = board.n
        return tuple((r, n - 1 - r) if self.positive else (r, r) for r in range(n))

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        return [AllDifferent(indices(board, self.cells_of(board), self), self.key)]

    def write(self, data: dict[str, Any], board: Board) -> None:
        data[self.key] = True

    def svg(self, board: Board, size: float) -> list[str]:
        (x1, y1), (x2, y2) = (centre(c, size) for c in self.cells_of(board)[:: board.n - 1])
        return [
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#88a" stroke-width="1.5" '
            'stroke-dasharray="4 3"/>'
        ]


@dataclass(frozen=True)
class DisjointGroups(Variant):
    """Cells in the same position of every box hold different digits."""

    name: ClassVar[str] = "disjoint groups"
    key: ClassVar[str] = "disjointgroups"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        boxes = board.boxes
        return [
            AllDifferent(tuple(box[k] for box in boxes), f"disjoint group {k + 1}")
            for k in range(board.n)
        ]

    def write(self, data: dict[str, Any], board: Board) -> None:
        data[self.key] = True


@dataclass(frozen=True)
class _Chess(Variant):
    """Cells a piece's move apart hold different digits."""

    moves: ClassVar[tuple[Cell, ...]] = ()

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        n = board.n
        out: list[Primitive] = []
        for r in range(n):
            for c in range(n):
                for dr, dc in self.moves:
                    if 0 <= r + dr < n and 0 <= c + dc < n:
                        a, b = board.cell(r, c), board.cell(r + dr, c + dc)
                        out.append(Relation.where(a, b, n, lambda x, y: x != y, self.name))
        return out

    def write(self, data: dict[str, Any], board: Board) -> None:
        data[self.key] = True


@dataclass(frozen=True)
class AntiKnight(_Chess):
    """Cells a knight's move apart hold different digits."""

    name: ClassVar[str] = "anti-knight"
    key: ClassVar[str] = "antiknight"
    moves: ClassVar[tuple[Cell, ...]] = ((1, -2), (1, 2), (2, -1), (2, 1))


@dataclass(frozen=True)
class AntiKing(_Chess):
    """Cells a king's move apart (diagonally touching) hold different digits."""

    name: ClassVar[str] = "anti-king"
    key: ClassVar[str] = "antiking"
    moves: ClassVar[tuple[Cell, ...]] = ((1, -1), (1, 1))


def _shade(cell: Cell, size: float, color: str) -> str:
    r, c = cell
    return f'<rect x="{c * size}" y="{r * size}" width="{size}" height="{size}" fill="{color}"/>'


__all__ = [
    "AntiKing",
    "AntiKnight",
    "Diagonal",
    "DisjointGroups",
    "ExtraRegion",
    "Jigsaw",
    "windoku",
]
