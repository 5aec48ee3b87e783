"""Same-value sets: runs of cells that hold the same digits, repeats counted.

>>> from sudoku_models.board import Board
>>> rule = SameValues(((0, 0), (0, 1), (1, 0), (1, 1)), 2)
>>> [same] = rule.primitives(Board(2, 2))   # one automaton: the second run against the first
>>> same.holds([1, 2, 0, 0, 2, 1] + [0] * 10), same.holds([1, 2, 0, 0, 3, 1] + [0] * 10)
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import Automaton, Relation
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, indices, label

#: The most states of the automaton that compares two runs whole (it remembers the first run's
#: digits); longer runs are compared digit by digit.
MAX_SET_STATES = 20_000


@dataclass(frozen=True)
class SameValues(Variant):
    """The cells, cut in order into ``sets`` runs of equal length, hold the same digits in
    every run, counted with their repeats (ISS's same-value sets; with one cell a run, all the
    cells hold one digit)."""

    cells: tuple[Cell, ...]
    sets: int = 2
    name: ClassVar[str] = "same values"
    key: ClassVar[str] = ""

    def runs(self) -> list[tuple[Cell, ...]]:
        """The runs of cells, checked: at least two, of one length."""
        if self.sets < 2 or len(self.cells) % self.sets:
            raise InvalidPuzzleError(
                f"{self.describe()}: {len(self.cells)} cells do not cut into {self.sets} runs "
                "of one length (at least two runs)"
            )
        size = len(self.cells) // self.sets
        return [self.cells[k * size : (k + 1) * size] for k in range(self.sets)]

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        runs = [indices(board, run, self) for run in self.runs()]
        n, size, what = board.n, len(runs[0]), self.describe()
        if size == 1:
            first = runs[0][0]
            return [Relation.where(first, b, n, lambda x, y: x == y, what) for (b,) in runs[1:]]
        if 2 * math.comb(n + size, size) <= MAX_SET_STATES:
            return [
                Automaton.build(runs[0] + run, ("a", ()), _step(size), _done, n, what)
                for run in runs[1:]
            ]
        # Longer runs: as many of each digit in both, one small counting automaton a digit.
        return [
            Automaton.build(runs[0] + run, (0, 0), _count_step(d, size), _balanced(size), n, what)
            for run in runs[1:]
            for d in range(1, n + 1)
        ]

    def svg(self, board: Board, size: float) -> list[str]:
        parts = []
        for k, run in enumerate(self.runs()):
            for r, c in run:
                parts.append(
                    f'<rect x="{c * size + 2}" y="{r * size + 2}" width="{size - 4}" '
                    f'height="{size - 4}" fill="none" stroke="#a6c" stroke-dasharray="3 2"/>'
                )
                parts.append(
                    label(c * size + size * 0.8, r * size + size * 0.3, str(k + 1), size * 0.2)
                )
        return parts


def _step(size: int) -> Any:
    """The step of the automaton reading the first run, then another: it remembers the first
    run's digits (sorted), then crosses off each digit of the other run."""

    def step(state: tuple[str, tuple[int, ...]], d: int) -> tuple[str, tuple[int, ...]] | None:
        phase, digits = state
        if phase == "a":
            seen = tuple(sorted((*digits, d)))
            return ("b", seen) if len(seen) == size else ("a", seen)
        if d not in digits:
            return None
        k = digits.index(d)
        return ("b", digits[:k] + digits[k + 1 :])

    return step


def _done(state: tuple[str, tuple[int, ...]]) -> bool:
    return state == ("b", ())


def _count_step(digit: int, size: int) -> Any:
    """The step of the automaton counting ``digit`` in the first run, then counting it down in
    the other; the state is (cells read, count)."""

    def step(state: tuple[int, int], d: int) -> tuple[int, int] | None:
        read, count = state
        if read < size:
            return (read + 1, count + (d == digit))
        count -= d == digit
        left = 2 * size - read - 1
        return None if not 0 <= count <= left else (read + 1, count)

    return step


def _balanced(size: int) -> Any:
    return lambda state: state == (2 * size, 0)
