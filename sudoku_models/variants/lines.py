"""Rules along lines of cells: thermometers, whispers, renban, palindromes, between lines,
region-sum lines, entropic lines, zipper lines and arrows."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import AllDifferent, LinearSum, Relation, Table
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, fp_cells, indices, polyline


@dataclass(frozen=True)
class LineRule(Variant):
    """A rule on the cells of one line, in order."""

    cells: tuple[Cell, ...]
    color: ClassVar[str] = "#8cc"

    def item(self) -> Any:
        return {"lines": [fp_cells(self.cells)]}

    def svg(self, board: Board, size: float) -> list[str]:
        return [polyline(self.cells, size, self.color, size * 0.2)]

    def _pairs(
        self, board: Board, test: Any, gap: int | None = None, min_cells: int = 2
    ) -> list[Primitive]:
        """A relation ``test(x, y)`` on the pairs of cells ``k`` apart on the line (any when
        ``gap`` is None), earlier cell first."""
        cells = indices(board, self.cells, self)
        if len(cells) < min_cells:
            raise InvalidPuzzleError(f"{self.describe()}: a line needs {min_cells} cells")
        out: list[Primitive] = []
        for j, k in itertools.combinations(range(len(cells)), 2):
            if gap is None or k - j <= gap:
                pairs = frozenset(
                    (x, y)
                    for x in range(1, board.n + 1)
                    for y in range(1, board.n + 1)
                    if test(x, y, k - j)
                )
                out.append(Relation(cells[j], cells[k], pairs, self.name))
        return out


@dataclass(frozen=True)
class Thermometer(LineRule):
    """Digits strictly increase from the bulb (the first cell)."""

    name: ClassVar[str] = "thermometer"
    key: ClassVar[str] = "thermometer"
    color: ClassVar[str] = "#aaa"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        if len(self.cells) > board.n:
            raise InvalidPuzzleError(f"{self.describe()}: longer than the {board.n} digits")
        return self._pairs(board, lambda x, y, s: x + s <= y)

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = centre(self.cells[0], size)
        bulb = f'<circle cx="{x}" cy="{y}" r="{size * 0.35:.1f}" fill="{self.color}"/>'
        return [bulb, polyline(self.cells, size, self.color, size * 0.25)]


@dataclass(frozen=True)
class SlowThermometer(Thermometer):
    """Digits never decrease from the bulb."""

    name: ClassVar[str] = "slow thermometer"
    key: ClassVar[str] = "slowthermometer"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        return self._pairs(board, lambda x, y, s: x <= y)


@dataclass(frozen=True)
class Whispers(LineRule):
    """Neighbours on the line differ by at least ``gap`` (German whispers: 5; Dutch: 4)."""

    gap: int | None = None
    name: ClassVar[str] = "whispers"
    key: ClassVar[str] = "whispers"
    color: ClassVar[str] = "#6c6"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        gap = (board.n + 1) // 2 if self.gap is None else self.gap
        return self._pairs(board, lambda x, y, s: abs(x - y) >= gap, gap=1)

    def item(self) -> Any:
        entry = super().item()
        if self.gap is not None:
            entry["value"] = str(self.gap)
        return entry


@dataclass(frozen=True)
class Renban(LineRule):
    """Different digits forming a run of consecutive values, in any order."""

    name: ClassVar[str] = "renban"
    key: ClassVar[str] = "renban"
    color: ClassVar[str] = "#c6c"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        k = len(self.cells)
        if k > board.n:
            raise InvalidPuzzleError(f"{self.describe()}: longer than the {board.n} digits")
        group = AllDifferent(indices(board, self.cells, self), self.describe())
        return [group, *self._pairs(board, lambda x, y, s: abs(x - y) < k, min_cells=1)]


@dataclass(frozen=True)
class Palindrome(LineRule):
    """The line reads the same both ways."""

    name: ClassVar[str] = "palindrome"
    key: ClassVar[str] = "palindrome"
    color: ClassVar[str] = "#999"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        half = len(cells) // 2
        return [
            Relation.equal(a, b, board.n, self.name)
            for a, b in zip(cells[:half], reversed(cells[-half:] if half else ()))
        ]


@dataclass(frozen=True)
class BetweenLine(LineRule):
    """Every inner cell lies strictly between the two end cells."""

    name: ClassVar[str] = "between line"
    key: ClassVar[str] = "betweenline"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        if len(cells) < 2:
            raise InvalidPuzzleError(f"{self.describe()}: a line needs 2 cells")
        a, b = cells[0], cells[-1]
        return [
            Table.where((a, c, b), board.n, lambda x, y, z: min(x, z) < y < max(x, z), self.name)
            for c in cells[1:-1]
        ] or [Relation.where(a, b, board.n, lambda x, y: x != y, self.name)]

    def svg(self, board: Board, size: float) -> list[str]:
        circles = [
            f'<circle cx="{x}" cy="{y}" r="{size * 0.4:.1f}" fill="white" stroke="#888"/>'
            for x, y in (centre(c, size) for c in (self.cells[0], self.cells[-1]))
        ]
        return [polyline(self.cells, size, "#888", size * 0.1), *circles]


@dataclass(frozen=True)
class RegionSumLine(LineRule):
    """Each stretch of the line inside one region (box) has the same sum."""

    name: ClassVar[str] = "region-sum line"
    key: ClassVar[str] = "regionsumline"
    color: ClassVar[str] = "#59f"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        from .regions import Jigsaw

        cells = indices(board, self.cells, self)
        regions = next((o for o in others if isinstance(o, Jigsaw)), None)
        if regions is not None:
            region_of = {c: k for k, reg in enumerate(regions.regions) for c in reg}
        else:
            region_of = {(r, c): board.box_of(r, c) for r in range(board.n) for c in range(board.n)}
        stretches: list[list[int]] = []
        last = None
        for cell, i in zip(self.cells, cells):
            if region_of.get(cell) != last or not stretches:
                stretches.append([])
                last = region_of.get(cell)
            stretches[-1].append(i)
        return [
            LinearSum(tuple(s + t), 0, tuple([1] * len(s) + [-1] * len(t)), self.describe())
            for s, t in itertools.pairwise(stretches)
        ]


@dataclass(frozen=True)
class EntropicLine(LineRule):
    """Any three cells in a row on the line hold one low, one middle and one high digit."""

    name: ClassVar[str] = "entropic line"
    key: ClassVar[str] = "entropicline"
    color: ClassVar[str] = "#fa4"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        n = board.n
        if n % 3:
            raise InvalidPuzzleError(f"{self.describe()}: {n} digits do not split in thirds")
        return self._pairs(board, lambda x, y, s: (x - 1) * 3 // n != (y - 1) * 3 // n, gap=2)


@dataclass(frozen=True)
class ZipperLine(LineRule):
    """Cells equally far from the middle add up to the same sum (the middle digit, if odd)."""

    name: ClassVar[str] = "zipper line"
    key: ClassVar[str] = "zipperline"
    color: ClassVar[str] = "#c9a"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        k = len(cells)
        pairs = [(cells[j], cells[k - 1 - j]) for j in range(k // 2)]
        if k % 2:
            middle = cells[k // 2]
            return [LinearSum((a, b, middle), 0, (1, 1, -1), self.describe()) for a, b in pairs]
        (a0, b0), rest = pairs[0], pairs[1:]
        return [LinearSum((a, b, a0, b0), 0, (1, 1, -1, -1), self.describe()) for a, b in rest]


@dataclass(frozen=True)
class Arrow(Variant):
    """The digits on the arrow add up to the circle; a circle of several cells reads as a number
    (``circle`` in the order its digits are read)."""

    circle: tuple[Cell, ...]
    cells: tuple[Cell, ...]
    name: ClassVar[str] = "arrow"
    key: ClassVar[str] = "arrow"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        if not self.circle:
            raise InvalidPuzzleError(f"{self.describe()}: the arrow has no circle")
        if not self.cells:
            raise InvalidPuzzleError(f"{self.describe()}: the arrow has no shaft")
        circle = indices(board, self.circle, self)
        shaft = indices(board, self.cells, self)
        k = len(circle)
        weights = tuple(-(10 ** (k - 1 - j)) for j in range(k))
        return [LinearSum(shaft + circle, 0, (1,) * len(shaft) + weights, self.describe())]

    def cells_used(self) -> tuple[Cell, ...]:
        return self.circle + self.cells

    def item(self) -> Any:
        return {"cells": fp_cells(self.circle), "lines": [fp_cells(self.circle[-1:] + self.cells)]}

    def svg(self, board: Board, size: float) -> list[str]:
        """The circle, and the shaft from its edge to an arrowhead in the last cell."""
        radius = size * 0.4
        points = [centre(cell, size) for cell in self.circle[-1:] + self.cells]
        (x0, y0), (x1, y1) = points[0], points[1]
        step = math.hypot(x1 - x0, y1 - y0) or 1.0
        points[0] = (x0 + (x1 - x0) * radius / step, y0 + (y1 - y0) * radius / step)
        (xa, ya), (xb, yb) = points[-2], points[-1]
        step = math.hypot(xb - xa, yb - ya) or 1.0
        ux, uy = (xb - xa) / step, (yb - ya) / step  # the last segment's direction
        back, side = size * 0.25, size * 0.2
        head = [(xb - ux * back + uy * side, yb - uy * back - ux * side), (xb, yb)]
        head.append((xb - ux * back - uy * side, yb - uy * back + ux * side))
        stroke = (
            f'fill="none" stroke="#999" stroke-width="{size * 0.06:.1f}" '
            'stroke-linecap="round" stroke-linejoin="round"'
        )
        shaft = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        tip = " ".join(f"{x:.1f},{y:.1f}" for x, y in head)
        parts = [f'<polyline points="{shaft}" {stroke}/>', f'<polyline points="{tip}" {stroke}/>']
        for cell in self.circle:
            x, y = centre(cell, size)
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{radius:.1f}" fill="#fff" stroke="#999" '
                f'stroke-width="{size * 0.06:.1f}"/>'
            )
        return parts
