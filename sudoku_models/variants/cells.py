"""Marks on single cells or small groups: odd, even, minimum, maximum, clones, quadruples."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import AllowedDigits, Relation, Table
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, fp_cells, fp_name, index, indices, label


@dataclass(frozen=True)
class _OneCell(Variant):
    cell: Cell

    def cells_used(self) -> tuple[Cell, ...]:
        return (self.cell,)

    def item(self) -> Any:
        return {"cell": fp_name(self.cell)}


@dataclass(frozen=True)
class Odd(_OneCell):
    """The cell holds an odd digit."""

    name: ClassVar[str] = "odd"
    key: ClassVar[str] = "odd"
    remainder: ClassVar[int] = 1

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        digits = frozenset(d for d in range(1, board.n + 1) if d % 2 == self.remainder)
        return [AllowedDigits(index(board, self.cell, self), digits, self.name)]

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = centre(self.cell, size)
        return [f'<circle cx="{x}" cy="{y}" r="{size * 0.38:.1f}" fill="#ddd"/>']


@dataclass(frozen=True)
class Even(Odd):
    """The cell holds an even digit."""

    name: ClassVar[str] = "even"
    key: ClassVar[str] = "even"
    remainder: ClassVar[int] = 0

    def svg(self, board: Board, size: float) -> list[str]:
        r, c = self.cell
        s = size * 0.7
        return [
            f'<rect x="{c * size + size * 0.15:.1f}" y="{r * size + size * 0.15:.1f}" '
            f'width="{s:.1f}" height="{s:.1f}" fill="#ddd"/>'
        ]


@dataclass(frozen=True)
class Minimum(_OneCell):
    """The cell is smaller than each orthogonal neighbour not marked the same way."""

    name: ClassVar[str] = "minimum"
    key: ClassVar[str] = "minimum"
    sign: ClassVar[int] = 1

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        a = index(board, self.cell, self)
        marked = {o.cell for o in others if type(o) is type(self)}
        r, c = self.cell
        out: list[Primitive] = []
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nb[0] < board.n and 0 <= nb[1] < board.n and nb not in marked:
                b = board.cell(*nb)
                test = (lambda x, y: x < y) if self.sign > 0 else (lambda x, y: x > y)
                out.append(Relation.where(a, b, board.n, test, self.describe()))
        return out

    def svg(self, board: Board, size: float) -> list[str]:
        """A chevron inside each side of the cell, as the puzzle editors draw it: pointing in
        (to the smaller digit) for a minimum, out for a maximum."""
        x, y = centre(self.cell, size)
        near, far = (0.34, 0.44) if self.sign > 0 else (0.44, 0.34)  # tip, arms: from the centre
        w = size * 0.12
        points = f"{-w:.1f},{-far * size:.1f} 0,{-near * size:.1f} {w:.1f},{-far * size:.1f}"
        return [
            f'<polyline points="{points}" transform="translate({x:g} {y:g}) rotate({turn})" '
            f'fill="none" stroke="#777" stroke-width="{size * 0.03:.1f}" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
            for turn in (0, 90, 180, 270)
        ]


@dataclass(frozen=True)
class Maximum(Minimum):
    """The cell is larger than each orthogonal neighbour not marked the same way."""

    name: ClassVar[str] = "maximum"
    key: ClassVar[str] = "maximum"
    sign: ClassVar[int] = -1


@dataclass(frozen=True)
class Clone(Variant):
    """``cells[k]`` and ``clones[k]`` hold the same digit."""

    cells: tuple[Cell, ...]
    clones: tuple[Cell, ...]
    name: ClassVar[str] = "clone"
    key: ClassVar[str] = "clone"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        if len(self.cells) != len(self.clones):
            raise InvalidPuzzleError(f"{self.describe()}: the two shapes differ in size")
        a, b = indices(board, self.cells, self), indices(board, self.clones, self)
        return [Relation.equal(x, y, board.n, self.name) for x, y in zip(a, b) if x != y]

    def cells_used(self) -> tuple[Cell, ...]:
        return self.cells + self.clones

    def item(self) -> Any:
        return {"cells": fp_cells(self.cells), "cloneCells": fp_cells(self.clones)}

    def svg(self, board: Board, size: float) -> list[str]:
        return [
            f'<rect x="{c * size}" y="{r * size}" width="{size}" height="{size}" '
            'fill="#e8d9f5" opacity="0.7"/>'
            for r, c in self.cells + self.clones
        ]


@dataclass(frozen=True)
class Quadruple(Variant):
    """Every digit of ``values`` appears among the four cells, as often as it is listed."""

    cells: tuple[Cell, ...]
    values: tuple[int, ...]
    name: ClassVar[str] = "quadruple"
    key: ClassVar[str] = "quadruple"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        need = Counter(self.values)
        if len(self.values) > len(cells) or any(not 1 <= d <= board.n for d in need):
            digits = list(self.values)
            raise InvalidPuzzleError(f"{self.describe()}: the digits {digits} cannot fit")

        # Every arrangement of the listed digits plus any digits in the other cells.
        free = len(cells) - len(self.values)
        rows = frozenset(
            arrangement
            for rest in itertools.product(range(1, board.n + 1), repeat=free)
            for arrangement in itertools.permutations(self.values + rest)
        )
        return [Table(cells, rows, self.describe())]

    def item(self) -> Any:
        return {"cells": fp_cells(self.cells), "values": list(self.values)}

    def svg(self, board: Board, size: float) -> list[str]:
        r = max(r for r, _ in self.cells)
        c = max(c for _, c in self.cells)
        x, y = c * size, r * size
        text = "".join(map(str, self.values))
        return [
            f'<circle cx="{x}" cy="{y}" r="{size * 0.3:.1f}" fill="white" stroke="black"/>',
            label(x, y, text, size * 0.18),
        ]
