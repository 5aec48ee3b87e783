"""Indexing rules: a digit in an indexing cell says where another digit sits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import Relation
from .base import Cell, Primitive, Variant, fp_cells, indices


@dataclass(frozen=True)
class ColumnIndexer(Variant):
    """A digit v in column c of row r means row r holds c in column v (the "1-5-9" rule)."""

    cells: tuple[Cell, ...]
    name: ClassVar[str] = "column indexer"
    key: ClassVar[str] = "columnindexer"

    def target(self, board: Board, cell: Cell, v: int) -> tuple[Cell, int]:
        """The cell a digit ``v`` in ``cell`` points at, and the digit that cell must hold."""
        r, c = cell
        return (r, v - 1), c + 1

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        out: list[Primitive] = []
        for cell, a in zip(self.cells, indices(board, self.cells, self)):
            for v in range(1, board.n + 1):
                where, digit = self.target(board, cell, v)
                b = board.cell(*where)
                if b != a:
                    test = lambda x, y, v=v, d=digit: x != v or y == d  # noqa: E731
                    out.append(Relation.where(a, b, board.n, test, self.name))
        return out

    def item(self) -> Any:
        return {"cells": fp_cells(self.cells)}


@dataclass(frozen=True)
class RowIndexer(ColumnIndexer):
    """A digit v in row r of column c means row v holds r in column c."""

    name: ClassVar[str] = "row indexer"
    key: ClassVar[str] = "rowindexer"

    def target(self, board: Board, cell: Cell, v: int) -> tuple[Cell, int]:
        r, c = cell
        return (v - 1, c), r + 1


@dataclass(frozen=True)
class BoxIndexer(ColumnIndexer):
    """A digit v at position p of a box means position v of that box holds p (reading order)."""

    name: ClassVar[str] = "box indexer"
    key: ClassVar[str] = "boxindexer"

    def target(self, board: Board, cell: Cell, v: int) -> tuple[Cell, int]:
        r, c = cell
        h, w = board.box_rows, board.box_cols
        top, left = r - r % h, c - c % w
        p = (r - top) * w + (c - left)
        q = v - 1
        return (top + q // w, left + q % w), p + 1
