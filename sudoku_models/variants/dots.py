"""Marks between two cells and their negative rules: Kropki dots, XV, nonconsecutive, strict
Kropki."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import Relation
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, fp_cells, indices, label, orthogonal_pairs


@dataclass(frozen=True)
class DotRule(Variant):
    """A mark on the edge between two cells."""

    on_top: ClassVar[bool] = True

    cells: tuple[Cell, ...]
    value: int

    def relation(self, x: int, y: int) -> bool:
        """Whether digits ``x`` and ``y`` satisfy the mark."""
        raise NotImplementedError

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        if len(self.cells) != 2:
            raise InvalidPuzzleError(f"{self.describe()}: a dot joins exactly two cells")
        a, b = indices(board, self.cells, self)
        return [Relation.where(a, b, board.n, self.relation, self.describe())]

    def pair(self) -> frozenset[Cell]:
        """The two cells as an unordered pair."""
        return frozenset(self.cells)

    def item(self) -> Any:
        return {"cells": fp_cells(self.cells), "value": str(self.value)}

    def _mid(self, size: float) -> tuple[float, float]:
        (x1, y1), (x2, y2) = (centre(c, size) for c in self.cells)
        return (x1 + x2) / 2, (y1 + y2) / 2


@dataclass(frozen=True)
class Difference(DotRule):
    """White Kropki dot: the two digits differ by ``value`` (default 1)."""

    value: int = 1
    name: ClassVar[str] = "white dot"
    key: ClassVar[str] = "difference"

    def relation(self, x: int, y: int) -> bool:
        return abs(x - y) == self.value

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = self._mid(size)
        return [f'<circle cx="{x}" cy="{y}" r="{size * 0.13:.1f}" fill="white" stroke="black"/>']


@dataclass(frozen=True)
class Ratio(DotRule):
    """Black Kropki dot: one digit is ``value`` times the other (default 2)."""

    value: int = 2
    name: ClassVar[str] = "black dot"
    key: ClassVar[str] = "ratio"

    def relation(self, x: int, y: int) -> bool:
        return x == self.value * y or y == self.value * x

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = self._mid(size)
        return [f'<circle cx="{x}" cy="{y}" r="{size * 0.13:.1f}" fill="black"/>']


@dataclass(frozen=True)
class XV(DotRule):
    """The two digits add up to ``value``: X is 10, V is 5."""

    value: int = 10
    name: ClassVar[str] = "XV"
    key: ClassVar[str] = "xv"

    def relation(self, x: int, y: int) -> bool:
        return x + y == self.value

    def item(self) -> Any:
        letter = {10: "X", 5: "V"}.get(self.value, str(self.value))
        return {"cells": fp_cells(self.cells), "value": letter}

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = self._mid(size)
        return [label(x, y, {10: "X", 5: "V"}.get(self.value, str(self.value)), size * 0.35)]


#: The marks a negative rule may name, with the relation every unmarked pair must avoid.
NEGATIVE_KINDS: dict[str, type[DotRule]] = {"ratio": Ratio, "xv": XV, "difference": Difference}


@dataclass(frozen=True)
class Negative(Variant):
    """No orthogonal pair without a mark of kind ``kind`` satisfies any mark of that kind (all
    values in use, or the default value when none is drawn)."""

    kind: str
    name: ClassVar[str] = "negative constraint"
    key: ClassVar[str] = "negative"

    def describe(self) -> str:
        return f"{self.name}: {self.kind}"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        mark = NEGATIVE_KINDS.get(self.kind)
        if mark is None:
            raise InvalidPuzzleError(
                f"negative constraint {self.kind!r}: known kinds are {', '.join(NEGATIVE_KINDS)}"
            )
        dots = [o for o in others if isinstance(o, mark)]
        if mark is XV:
            values = {5, 10}
        else:
            values = {d.value for d in dots} or {1 if mark is Difference else 2}
        probes = [mark((), v) for v in values]
        return _unmarked(board, {d.pair() for d in dots}, probes, self.describe())

    def write(self, data: dict[str, Any], board: Board) -> None:
        data.setdefault(self.key, []).append(self.kind)


@dataclass(frozen=True)
class Nonconsecutive(Variant):
    """Orthogonal neighbours are not consecutive, except across a white dot."""

    name: ClassVar[str] = "nonconsecutive"
    key: ClassVar[str] = "nonconsecutive"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        marked = {o.pair() for o in others if isinstance(o, Difference)}
        return _unmarked(board, marked, [Difference((), 1)], self.name)

    def write(self, data: dict[str, Any], board: Board) -> None:
        data[self.key] = True


@dataclass(frozen=True)
class StrictKropki(Variant):
    """Only the dotted pairs are Kropki pairs: orthogonal neighbours with no dot between them,
    white or black, are neither consecutive nor one twice the other; a dot of either colour
    exempts its pair from both (ISS's strict Kropki, unlike two negative rules)."""

    name: ClassVar[str] = "strict Kropki"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        marked = {o.pair() for o in others if isinstance(o, Difference | Ratio)}
        return _unmarked(board, marked, [Difference((), 1), Ratio((), 2)], self.name)


def _unmarked(
    board: Board, marked: set[frozenset[Cell]], probes: Sequence[DotRule], name: str
) -> list[Primitive]:
    """Relations keeping every unmarked orthogonal pair from satisfying any of ``probes``."""
    out: list[Primitive] = []
    for a, b in orthogonal_pairs(board):
        if frozenset((a, b)) not in marked:
            test = lambda x, y: not any(p.relation(x, y) for p in probes)  # noqa: E731
            out.append(Relation.where(board.cell(*a), board.cell(*b), board.n, test, name))
    return out
