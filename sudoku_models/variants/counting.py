"""Rules about how many cells hold which digits (:class:`Count`, and automata that count):
equality, look-and-say, rellik and lunchbox cages, counting circles, global entropy and
global modular rules.

>>> from sudoku_models.board import Board
>>> [type(p).__name__ for p in EqualityCage(((0, 0), (0, 1))).primitives(Board(2, 2))]
['AllDifferent', 'Count', 'Count']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import AllDifferent, AllowedDigits, Automaton, Count
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, indices, label
from .cages import KillerCage


@dataclass(frozen=True)
class _Cage(Variant):
    """A rule on a cage of cells, drawn as a dashed outline with its clue."""

    cells: tuple[Cell, ...]
    key: ClassVar[str] = ""

    def clue(self) -> str:
        """The text written in the cage's corner."""
        return ""

    def distinct(self, board: Board) -> tuple[int, ...]:
        """The cells, checked to hold different digits; their all-different group is added."""
        cells = indices(board, self.cells, self)
        if len(set(cells)) != len(cells) or len(cells) > board.n:
            raise InvalidPuzzleError(
                f"{self.describe()}: {len(cells)} cells cannot hold different digits"
            )
        return cells

    def svg(self, board: Board, size: float) -> list[str]:
        parts = KillerCage(self.cells).svg(board, size)
        if self.clue():
            r, c = min(self.cells)
            x, y = c * size + size * 0.12, r * size + size * 0.2
            parts.append(label(x, y, self.clue(), size * 0.22, "start"))
        return parts


@dataclass(frozen=True)
class EqualityCage(_Cage):
    """Different digits, as many odd as even and as many low as high (below or above the
    middle; with an odd number of digits the middle one is left out)."""

    name: ClassVar[str] = "equality cage"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells, n = self.distinct(board), board.n
        half, rest = divmod(len(cells), 2)
        if rest or len(cells) > n - n % 2:
            raise InvalidPuzzleError(
                f"{self.describe()}: {len(cells)} cells cannot split evenly into odd and even, "
                "low and high digits"
            )
        odd = frozenset(range(1, n + 1, 2))
        low = frozenset(range(1, (n + 1) // 2 + (n % 2 == 0)))
        out: list[Primitive] = [
            AllDifferent(cells, self.describe()),
            Count(cells, odd, half, half, f"{self.describe()}: odd digits"),
            Count(cells, low, half, half, f"{self.describe()}: low digits"),
        ]
        if n % 2:
            middle = frozenset(range(1, n + 1)) - {(n + 1) // 2}
            out += [AllowedDigits(i, middle, self.describe()) for i in cells]
        return out

    def clue(self) -> str:
        return "="


@dataclass(frozen=True)
class LookAndSayCage(_Cage):
    """The clue is read as (count, digit) pairs: ``"1223"`` means exactly one 2 and exactly two
    3s in the cage; digits the clue does not name are free, and may repeat."""

    text: str = ""
    name: ClassVar[str] = "look-and-say cage"

    def pairs(self, board: Board) -> list[tuple[int, int]]:
        """The clue's (count, digit) pairs, checked."""
        text = self.text.strip()
        if not text.isdigit() or len(text) % 2:
            raise InvalidPuzzleError(
                f"{self.describe()}: the clue {self.text!r} is not (count, digit) pairs"
            )
        pairs = [(int(text[k]), int(text[k + 1])) for k in range(0, len(text), 2)]
        digits = [d for _, d in pairs]
        if len(set(digits)) != len(digits) or not all(1 <= d <= board.n for d in digits):
            raise InvalidPuzzleError(f"{self.describe()}: the clue names a digit twice or no digit")
        if sum(k for k, _ in pairs) > len(self.cells):
            raise InvalidPuzzleError(f"{self.describe()}: the counts exceed the cage's cells")
        return pairs

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        return [
            Count(cells, frozenset({d}), k, k, f"{self.describe()}: {k} x {d}")
            for k, d in self.pairs(board)
        ]

    def clue(self) -> str:
        return self.text

    def describe(self) -> str:
        return f"{super().describe()} ({self.text})"


@dataclass(frozen=True)
class RellikCage(_Cage):
    """Different digits, no one or more of which add up to ``total``.

    The automaton's state is the set of sums below ``total`` the digits so far can make."""

    total: int = 0
    name: ClassVar[str] = "rellik cage"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = self.distinct(board)
        if self.total < 1:
            raise InvalidPuzzleError(f"{self.describe()}: the total must be at least 1")
        k, n = len(cells), board.n
        if self.total > k * (2 * n - k + 1) // 2:  # no digits of the cage reach it
            return [AllDifferent(cells, self.describe())]
        window = (1 << self.total) - 1

        def step(sums: int, d: int) -> int | None:
            more = sums | (sums << d)
            return None if more >> self.total & 1 else more & window

        rule = Automaton.build(cells, 1, step, lambda sums: True, board.n, self.describe())
        return [AllDifferent(cells, self.describe()), rule]

    def clue(self) -> str:
        return f"≠{self.total}"


@dataclass(frozen=True)
class Lunchbox(_Cage):
    """Different digits; those between the smallest and the largest (in the cage's order)
    add up to ``total``.

    The automaton guesses the smallest and largest digit at the start (non-deterministic),
    then reads the cells before, between and after them, adding up those between."""

    total: int = 0
    name: ClassVar[str] = "lunchbox"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells, n, total = self.distinct(board), board.n, self.total
        if len(cells) < 2 or not 0 <= total <= n * (n + 1) // 2:
            raise InvalidPuzzleError(f"{self.describe()}: no lunchbox of these cells has it")

        def step(state: Any, d: int) -> Iterable[Any]:
            guesses = [(lo, hi, 0, 0) for lo in range(1, d + 1) for hi in range(d, n + 1)]
            for lo, hi, phase, s in guesses if state is None else [state]:
                if lo < d < hi and phase != 1:
                    yield lo, hi, phase, s
                elif lo < d < hi and s + d <= total:
                    yield lo, hi, 1, s + d
                elif lo < hi and d in (lo, hi) and (phase == 0 or (phase == 1 and s == total)):
                    yield lo, hi, phase + 1, s

        rule = Automaton.build(
            cells,
            None,
            step,
            lambda state: state is not None and state[2] == 2,
            n,
            self.describe(),
            many=True,
        )
        return [AllDifferent(cells, self.describe()), rule]

    def clue(self) -> str:
        return str(self.total)


@dataclass(frozen=True)
class CountingCircles(Variant):
    """The digit in each circle says how many circles hold that digit (a 3: three circles
    hold a 3)."""

    cells: tuple[Cell, ...]
    name: ClassVar[str] = "counting circles"
    key: ClassVar[str] = ""

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        top = min(board.n, len(cells))
        out: list[Primitive] = [
            AllowedDigits(i, frozenset(range(1, top + 1)), self.name) for i in cells
        ]
        for d in range(1, top + 1):

            def step(seen: int, x: int, d: int = d) -> int | None:
                seen += x == d
                return None if seen > d else seen

            def accept(seen: int, d: int = d) -> bool:
                return seen in (0, d)

            out.append(Automaton.build(cells, 0, step, accept, board.n, f"{self.name}: {d}s"))
        return out

    def svg(self, board: Board, size: float) -> list[str]:
        return [
            f'<circle cx="{x}" cy="{y}" r="{size * 0.42:.1f}" fill="none" stroke="#777"/>'
            for x, y in (centre(cell, size) for cell in self.cells)
        ]


@dataclass(frozen=True)
class GlobalEntropy(Variant):
    """Every 2x2 square holds a low, a middle and a high digit (1-3, 4-6, 7-9 on 9x9)."""

    name: ClassVar[str] = "global entropy"
    key: ClassVar[str] = ""

    def classes(self, board: Board) -> list[frozenset[int]]:
        """The digit classes each 2x2 square must meet."""
        n = board.n
        if n % 3:
            raise InvalidPuzzleError(f"{self.name}: {n} digits do not split in thirds")
        return [frozenset(range(k * n // 3 + 1, (k + 1) * n // 3 + 1)) for k in range(3)]

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        n = board.n
        out: list[Primitive] = []
        for digits in self.classes(board):
            for r in range(n - 1):
                for c in range(n - 1):
                    square = tuple(board.cell(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1))
                    out.append(Count(square, digits, 1, 4, f"{self.name} at r{r + 1}c{c + 1}"))
        return out


@dataclass(frozen=True)
class GlobalModular(GlobalEntropy):
    """Every 2x2 square holds a digit of each remainder modulo 3 (1 4 7, 2 5 8, 3 6 9)."""

    name: ClassVar[str] = "global modular"

    def classes(self, board: Board) -> list[frozenset[int]]:
        if board.n < 3:
            raise InvalidPuzzleError(f"{self.name}: needs digits of three remainders")
        return [frozenset(range(k, board.n + 1, 3)) for k in (1, 2, 3)]
