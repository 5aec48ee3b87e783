"""Rules read along a line as a word of digits, each one automaton (:class:`Automaton`):
lockout, modular, parity and 10-lines, regular-expression lines, and any rule written in Python.

>>> from sudoku_models.board import Board
>>> [p.name for p in ParityLine(((0, 0), (0, 1), (1, 1))).primitives(Board(2, 2))]
['parity line r1c1 r1c2 r2c2']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import Automaton
from ..errors import InvalidPuzzleError
from ..regex import compile_regex
from .base import Primitive, Variant, centre, indices, label, polyline
from .lines import LineRule

#: A state of a rule written in Python: any hashable value.
State = Hashable


@dataclass(frozen=True)
class _AutomatonLine(LineRule):
    """A line whose digits, in order, a rule's states follow (see :meth:`step`)."""

    min_cells: ClassVar[int] = 1

    def start(self, board: Board) -> State:
        """The state before the first cell."""
        raise NotImplementedError

    def step(self, board: Board, state: Any, d: int) -> Iterable[State]:
        """The states after reading ``d`` in ``state`` (none: the digit breaks the rule)."""
        raise NotImplementedError

    def accept(self, board: Board, state: Any) -> bool:
        """Whether the line may end in ``state``."""
        raise NotImplementedError

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        if len(cells) < self.min_cells:
            raise InvalidPuzzleError(f"{self.describe()}: a line needs {self.min_cells} cells")
        return [
            Automaton.build(
                cells,
                self.start(board),
                lambda state, d: self.step(board, state, d),
                lambda state: self.accept(board, state),
                board.n,
                self.describe(),
                many=True,
            )
        ]


@dataclass(frozen=True)
class LockoutLine(_AutomatonLine):
    """The end cells (diamonds) differ by at least ``gap`` (``n // 2`` unless given), and no
    other digit on the line lies between them or equals one of them.

    The automaton guesses the last end at the first, as a non-deterministic automaton may.
    """

    gap: int | None = None
    name: ClassVar[str] = "lockout line"
    key: ClassVar[str] = "lockout"
    color: ClassVar[str] = "#69c"
    min_cells: ClassVar[int] = 2

    def start(self, board: Board) -> State:
        if self.gap is not None and not 1 <= self.gap < board.n:
            raise InvalidPuzzleError(
                f"{self.describe()}: the ends cannot differ by {self.gap} with digits 1-{board.n}"
            )
        return None

    def step(self, board: Board, state: Any, d: int) -> Iterable[State]:
        gap = board.n // 2 if self.gap is None else self.gap
        if state is None:
            return [(d, e) for e in range(1, board.n + 1) if abs(d - e) >= gap]
        if state == "end":
            return []
        a, e = state
        out: list[State] = ["end"] if d == e else []
        if not min(a, e) <= d <= max(a, e):
            out.append(state)
        return out

    def accept(self, board: Board, state: Any) -> bool:
        return state == "end"

    def item(self) -> Any:
        entry = super().item()
        if self.gap is not None:
            entry["value"] = str(self.gap)
        return entry

    def svg(self, board: Board, size: float) -> list[str]:
        parts = super().svg(board, size)
        for cell in (self.cells[0], self.cells[-1]):
            x, y = centre(cell, size)
            s = size * 0.3
            parts.append(
                f'<polygon points="{x},{y - s} {x + s},{y} {x},{y + s} {x - s},{y}" '
                f'fill="white" stroke="{self.color}" stroke-width="2"/>'
            )
        return parts


@dataclass(frozen=True)
class ModularLine(_AutomatonLine):
    """Every ``modulus`` cells in a row on the line hold digits of different remainders modulo
    ``modulus`` (with 3: one of 1 4 7, one of 2 5 8, one of 3 6 9)."""

    modulus: int = 3
    name: ClassVar[str] = "modular line"
    key: ClassVar[str] = ""
    color: ClassVar[str] = "#e6be9b"

    def start(self, board: Board) -> State:
        if not 2 <= self.modulus <= board.n:
            raise InvalidPuzzleError(f"{self.describe()}: modulus {self.modulus} is not 2..n")
        return ()

    def step(self, board: Board, state: Any, d: int) -> Iterable[State]:
        r = d % self.modulus
        return [] if r in state else [(*state, r)[-(self.modulus - 1) :]]

    def accept(self, board: Board, state: Any) -> bool:
        return True


@dataclass(frozen=True)
class ParityLine(_AutomatonLine):
    """Neighbouring cells on the line hold one odd and one even digit."""

    name: ClassVar[str] = "parity line"
    key: ClassVar[str] = ""
    color: ClassVar[str] = "#c88"

    def start(self, board: Board) -> State:
        return None

    def step(self, board: Board, state: Any, d: int) -> Iterable[State]:
        return [] if state == d % 2 else [d % 2]

    def accept(self, board: Board, state: Any) -> bool:
        return True


@dataclass(frozen=True)
class TenLine(_AutomatonLine):
    """The line splits into pieces of consecutive cells each adding up to ``total`` (10 unless
    given). A ``loop`` closes from its last cell back to its first, and one piece may run
    across that join.

    The loop's automaton guesses what the piece across the join holds before the first cell,
    and the line must end holding just that.
    """

    total: int = 10
    loop: bool = False
    name: ClassVar[str] = "10-line"
    key: ClassVar[str] = ""
    color: ClassVar[str] = "#6b6"

    def start(self, board: Board) -> State:
        return None if self.loop else 0

    def step(self, board: Board, state: Any, d: int) -> Iterable[State]:
        if state is None:
            return [
                (before, (before + d) % self.total)
                for before in range(self.total)
                if before + d <= self.total
            ]
        before, s = state if self.loop else (None, state)
        s += d
        if s > self.total:
            return []
        return [(before, s % self.total)] if self.loop else [s % self.total]

    def accept(self, board: Board, state: Any) -> bool:
        if self.loop:
            return state is not None and state[0] == state[1]
        return state == 0

    def describe(self) -> str:
        prefix = "" if self.total == 10 else f"sum {self.total} "
        return prefix + super().describe() + (" (loop)" if self.loop else "")

    def svg(self, board: Board, size: float) -> list[str]:
        cells = (*self.cells, self.cells[0]) if self.loop else self.cells
        return [polyline(cells, size, self.color, size * 0.2)]


@dataclass(frozen=True)
class RegexLine(LineRule):
    """The digits along the line, read in order, match ``pattern`` (see :mod:`..regex`)."""

    pattern: str = ""
    name: ClassVar[str] = "regex line"
    key: ClassVar[str] = ""
    color: ClassVar[str] = "#999"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        cells = indices(board, self.cells, self)
        return [compile_regex(self.pattern, cells, board.n, f"{self.describe()} /{self.pattern}/")]

    def svg(self, board: Board, size: float) -> list[str]:
        x, y = centre(self.cells[0], size)
        text = self.pattern if len(self.pattern) <= 12 else self.pattern[:11] + "…"
        return [*super().svg(board, size), label(x, y - size * 0.38, text, size * 0.2)]


@dataclass(frozen=True)
class SequenceRule(_AutomatonLine):
    """A rule written in Python as an automaton along ``cells``: ``step(state, digit)`` gives
    the next state or None (the digit breaks the rule), ``accept(state)`` whether the line may
    end there. States are any hashable values; the rule is explored on each board it is used on.

    >>> from sudoku_models.board import Board
    >>> rising = SequenceRule(((0, 0), (0, 1), (0, 2)), 0,
    ...                       lambda last, d: d if d > last else None, lambda last: True, "rising")
    >>> rising.primitives(Board(2, 2))[0].holds([1, 3, 4, 2])
    True
    """

    begin: State
    rule: Callable[[Any, int], State | None]
    end: Callable[[Any], bool]
    title: str = "rule"
    name: ClassVar[str] = "sequence rule"
    key: ClassVar[str] = ""

    def start(self, board: Board) -> State:
        return self.begin

    def step(self, board: Board, state: Any, d: int) -> Iterable[State]:
        nxt = self.rule(state, d)
        return [] if nxt is None else [nxt]

    def accept(self, board: Board, state: Any) -> bool:
        return self.end(state)

    def describe(self) -> str:
        return super().describe().replace(self.name, self.title, 1)
