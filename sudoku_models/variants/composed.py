"""A rule composed of parts: a scope of cells, a function of their digits, a comparison.

Setters vary one part of a rule at a time: the same clue outside the grid with another function
or another reach, the same mark on an edge with another relation. :class:`Composed` names the
three parts and compiles them to primitives, so every backend takes a new combination as it is:

- **scope**: ``pair`` (two cells across an edge or around a corner), ``cells`` (along a line or in
  a cage), ``circle`` (the cells of lines from a circle, compared with the circle's own digit: the
  first of ``cells``), or, from a clue outside the grid, ``first`` (the first ``reach`` cells seen,
  or, past ``start`` cells, the ``reach`` after them), ``diagonal`` (the cells along the diagonal
  the clue points along, ``direction`` one of ``UL``, ``UR``, ``DL``, ``DR``: a little killer),
  ``first X`` (as many cells as the first digit seen says), ``between`` (the cells between the 1
  and the largest digit), ``before`` (the cells before the largest digit), ``beside`` (the one
  or two cells next to the largest digit) and ``line`` (the whole row or column);
- **function** (:data:`FUNCTIONS`): sum, product, difference, ratio, min, max, mean, counts of
  odd, even, low or high digits, how many distinct digits there are, how many are seen (each
  larger than all before it), where the largest digit or the 1 stands, the first odd or even
  digit, how often each digit there stands (``repeats``: each count meets the comparison), the
  digits themselves, and two side by side ("min or max": either meets the comparison);
- **comparison** with ``values``: ``=`` (one of them), ``!=`` (none of them), ``<``, ``>``,
  ``<=``, ``>=``, ``±1`` (one more or one less than one of them), and,
  for the digits themselves, ``has`` (they include every one of ``values``, a value written twice
  twice).

A scope of at most :data:`TABLE_CELLS` fixed cells becomes a :class:`~.constraints.Table`; any
other, an :class:`~.constraints.Automaton` reading the cells in order (from the clue inward),
whose state is the part of the scope reached and the function's running value. :class:`NoOther`
is the negative: no unmarked pair of neighbours meets the comparison of the marks of a function.

>>> from sudoku_models.board import Board
>>> rule = Composed("first", "sum", "=", (3,), clue=(-1, 0), reach=2)  # a table of pairs
>>> rule.describe()
'sum of the first 2 cells from R0C1 = 3'
>>> [type(p).__name__ for p in rule.primitives(Board(2, 2))]
['Table']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..board import Board
from ..constraints import Automaton, Table
from ..errors import InvalidPuzzleError
from .base import Cell, Primitive, Variant, centre, fp_name, indices, label, orthogonal_pairs
from .cages import DIRECTIONS, LittleKiller

#: Scopes of cells on the grid (``cells`` of the rule), and those read from a clue outside it.
GRID_SCOPES: tuple[str, ...] = ("pair", "cells", "circle")
OUTSIDE_SCOPES: tuple[str, ...] = (
    "first", "first X", "between", "before", "beside", "line", "diagonal"
)  # fmt: skip

#: Comparisons of the function's value with the rule's ``values``.
COMPARISONS: tuple[str, ...] = ("=", "!=", "<", ">", "<=", ">=", "±1", "has")

#: Largest fixed scope written as a table of digit tuples.
TABLE_CELLS = 3

Acc = Any  # a function's running value: an int or a small tuple


@dataclass(frozen=True)
class Function:
    """A function of a sequence of digits, computed one digit at a time: ``start``, then
    ``step(acc, digit, n)``, then ``value(acc)`` (None where it has no value, e.g. a ratio that
    is not whole). ``grows``: the value never falls as digits come, so a running value above
    every number compared can stop counting. ``narrow(acc, values)``, where given, forgets what
    no comparison with ``values`` can tell apart, so an automaton keeps few states."""

    start: Acc
    step: Callable[[Acc, int, int], Acc]
    value: Callable[[Acc], Any]
    grows: bool = False
    narrow: Callable[[Acc, tuple[int, ...]], Acc] | None = None


def _spread(acc: Acc, d: int, n: int) -> Acc:
    low, high = acc
    return (min(low, d), max(high, d))


def _ratio(acc: Acc) -> int | None:
    low, high = acc
    return high // low if low <= high and high % low == 0 else None


def _count(test: Callable[[int, int], bool]) -> Function:
    return Function(0, lambda a, d, n: a + test(d, n), lambda a: a, grows=True)


def _first(test: Callable[[int], bool]) -> Function:
    """The first digit that passes ``test``."""
    return Function(0, lambda a, d, n: a or (d if test(d) else 0), lambda a: a or None)


def _position(test: Callable[[int, int], bool]) -> Function:
    """Where (1 for the first cell) the first digit that passes ``test`` stands."""
    return Function(
        (0, 0),
        lambda a, d, n: (a[0] + 1, a[1] or (a[0] + 1 if test(d, n) else 0)),
        lambda a: a[1] or None,
    )


def _at_most(acc: tuple[int, ...], times: Callable[[int], int]) -> tuple[int, ...]:
    """The digits of ``acc``, each kept at most ``times(digit)`` times."""
    out: list[int] = []
    for d in acc:
        if out.count(d) < times(d):
            out.append(d)
    return tuple(out)


def _either(f: Function, g: Function) -> Function:
    """Both functions side by side: the comparison holds when it holds for either value."""
    return Function(
        (f.start, g.start),
        lambda a, d, n: (f.step(a[0], d, n), g.step(a[1], d, n)),
        lambda a: (f.value(a[0]), g.value(a[1])),
    )


#: The functions by name.
FUNCTIONS: dict[str, Function] = {
    "sum": Function(0, lambda a, d, n: a + d, lambda a: a, grows=True),
    "product": Function(1, lambda a, d, n: a * d, lambda a: a, grows=True),
    "difference": Function((99, 0), _spread, lambda a: a[1] - a[0] if a[0] <= a[1] else None),
    "min plus max": Function((99, 0), _spread, lambda a: a[0] + a[1] if a[0] <= a[1] else None),
    "ratio": Function((99, 0), _spread, _ratio),
    "min": Function(99, lambda a, d, n: min(a, d), lambda a: a if a < 99 else None),
    "max": Function(0, lambda a, d, n: max(a, d), lambda a: a or None, grows=True),
    "mean": Function(
        (0, 0),
        lambda a, d, n: (a[0] + d, a[1] + 1),
        lambda a: a[0] // a[1] if a[1] and a[0] % a[1] == 0 else None,
    ),
    "odd count": _count(lambda d, n: d % 2 == 1),
    "even count": _count(lambda d, n: d % 2 == 0),
    "low count": _count(lambda d, n: d <= n // 2),
    "high count": _count(lambda d, n: d > (n + 1) // 2),
    "distinct count": Function(0, lambda a, d, n: a | (1 << d), lambda a: bin(a).count("1")),
    # the digits asked for, each as often as it is asked
    "digits": Function(
        (),
        lambda a, d, n: tuple(sorted((*a, d))),
        lambda a: a,
        narrow=lambda a, values: _at_most(a, values.count),
    ),
    # a count past every value compared tells nothing more
    "repeats": Function(
        (),
        lambda a, d, n: tuple(sorted((*a, d))),
        lambda a: frozenset(map(a.count, set(a))),
        narrow=lambda a, values: _at_most(a, lambda d: max(values) + 2),
    ),
    "seen": Function(
        (0, 0), lambda a, d, n: (a[0] + (d > a[1]), max(a[1], d)), lambda a: a[0], grows=True
    ),
    "position of the largest": _position(lambda d, n: d == n),
    "position of 1": _position(lambda d, n: d == 1),
    "first odd": _first(lambda d: d % 2 == 1),
    "first even": _first(lambda d: d % 2 == 0),
}
FUNCTIONS["first odd or even"] = _either(FUNCTIONS["first odd"], FUNCTIONS["first even"])
FUNCTIONS["min or max"] = _either(FUNCTIONS["min"], FUNCTIONS["max"])


def compare(value: Any, comparison: str, values: tuple[int, ...]) -> bool:
    """Whether ``value`` meets ``comparison`` with ``values`` (no value meets nothing; a pair
    of values, of two functions side by side, meets it when either does; the digits themselves
    ``has`` the values when they hold each as often as ``values`` names it)."""
    if comparison == "has":
        return isinstance(value, tuple) and all(value.count(v) >= values.count(v) for v in values)
    if isinstance(value, frozenset):  # how often each digit there stands: all must meet it
        return all(compare(v, comparison, values) for v in value)
    if isinstance(value, tuple):
        return any(compare(v, comparison, values) for v in value)
    if value is None:
        return False
    if comparison == "=":
        return value in values
    if comparison == "!=":
        return value not in values
    if comparison == "±1":
        return any(abs(value - v) == 1 for v in values)
    return {
        "<": value < values[0],
        ">": value > values[0],
        "<=": value <= values[0],
        ">=": value >= values[0],
    }[comparison]


def scope_words(scope: str, reach: int = 0, cells: int = 0, start: int = 0) -> str:
    """How a report names a scope: ``the first 3 cells``, ``the cells before the largest``."""
    return {
        "pair": "the pair",
        "cells": f"{cells} cells",
        "circle": "the line from the circle",
        "first": f"cells {start + 1} to {start + reach}" if start else f"the first {reach} cells",
        "diagonal": "the diagonal",
        "first X": "the first X cells (X the first digit)",
        "between": "the cells between 1 and the largest digit",
        "before": "the cells before the largest digit",
        "beside": "the cells next to the largest digit",
        "line": "the row or column",
    }[scope]


@dataclass(frozen=True)
class Composed(Variant):
    """A function of the digits of a scope, compared with ``values`` (see the module)."""

    scope: str
    function: str
    comparison: str
    values: tuple[int, ...]
    cells: tuple[Cell, ...] = ()
    clue: Cell | None = None
    reach: int = 0
    start: int = 0
    direction: str = ""
    name: ClassVar[str] = "composed rule"
    on_top: ClassVar[bool] = True

    def __post_init__(self) -> None:
        what = f"composed rule {self.function!r} over {self.scope!r}"
        if self.function not in FUNCTIONS:
            raise InvalidPuzzleError(f"{what}: known functions are {', '.join(FUNCTIONS)}")
        if self.comparison not in COMPARISONS or not (self.values or self.scope == "circle"):
            raise InvalidPuzzleError(f"{what}: compare with {', '.join(COMPARISONS)} and a number")
        if (self.comparison == "has") != (self.function == "digits"):
            raise InvalidPuzzleError(f"{what}: the digits themselves, and only they, 'has' values")
        if self.scope == "circle" and (self.values or self.function == "digits"):
            raise InvalidPuzzleError(f"{what}: a circle's line is compared with the circle alone")
        if self.scope in GRID_SCOPES:
            if len(self.cells) < 1 + (self.scope != "cells") or (
                self.scope == "pair" and len(self.cells) != 2
            ):
                raise InvalidPuzzleError(
                    f"{what}: a pair has two cells, a line or cage some, a circle's line more"
                )
            if len(set(self.cells)) != len(self.cells):
                raise InvalidPuzzleError(f"{what}: a cell is named twice")
        elif self.scope in OUTSIDE_SCOPES:
            if self.clue is None or (self.scope == "first" and (self.reach < 1 or self.start < 0)):
                raise InvalidPuzzleError(f"{what}: needs a clue outside the grid and its reach")
            if (self.scope == "diagonal") != (self.direction in DIRECTIONS):
                raise InvalidPuzzleError(
                    f"{what}: a diagonal, and only it, points {', '.join(DIRECTIONS)}"
                )
        else:
            known = ", ".join(GRID_SCOPES + OUTSIDE_SCOPES)
            raise InvalidPuzzleError(f"{what}: known scopes are {known}")

    @property
    def outside(self) -> bool:  # type: ignore[override]
        """Whether the clue stands outside the grid."""
        return self.clue is not None

    def describe(self) -> str:
        """``sum of the first 3 cells from R0C2 = 12``."""
        where = scope_words(self.scope, self.reach, len(self.cells), self.start)
        at = fp_name(self.clue) if self.clue is not None else fp_name(self.cells[0])
        joint = " and " if self.comparison == "has" else " or "
        values = joint.join(map(str, self.values)) or "the circle's digit"
        return f"{self.function} of {where} {'from' if self.clue else 'at'} {at} " + (
            f"{self.comparison} {values}"
        )

    def holds_for(self, digits: Sequence[int], n: int) -> bool:
        """Whether the digits of the scope, in order (a circle's first), meet the rule."""
        f = FUNCTIONS[self.function]
        values = self.values
        if self.scope == "circle":
            values, digits = (digits[0],), digits[1:]
        acc = f.start
        for d in digits:
            acc = f.step(acc, d, n)
        return compare(f.value(acc), self.comparison, values)

    def line(self, board: Board) -> tuple[Cell, ...]:
        """The row or column the clue faces (or its diagonal), from the clue inward."""
        assert self.clue is not None
        r, c, n = *self.clue, board.n
        if self.scope == "diagonal":  # as a little killer's clue points
            cells = LittleKiller(self.clue, self.direction, 0).cells_of(board)
            if not cells:
                raise InvalidPuzzleError(f"{self.describe()}: the clue points along no cells")
            return cells
        if r in (-1, n) and 0 <= c < n:
            return tuple((k, c) for k in (range(n) if r == -1 else range(n - 1, -1, -1)))
        if c in (-1, n) and 0 <= r < n:
            return tuple((r, k) for k in (range(n) if c == -1 else range(n - 1, -1, -1)))
        raise InvalidPuzzleError(f"{self.describe()}: the clue is not beside a row or column")

    def scope_cells(self, board: Board) -> tuple[int, ...]:
        """The indices of the cells the rule reads, in order (from the clue inward)."""
        if self.scope in GRID_SCOPES:
            return indices(board, self.cells, self)
        cells = indices(board, self.line(board), self)
        if self.scope == "first":
            cells = cells[self.start : self.start + self.reach]
        return cells

    @property
    def fixed(self) -> bool:
        """Whether the rule reads a fixed set of cells (a table can hold it when few)."""
        return self.scope in (*GRID_SCOPES, "first", "diagonal")

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        return _compiled(self, self, board)

    def machine(self, n: int) -> tuple[Any, Callable[[Any, int], Any], Callable[[Any], bool]]:
        """The rule as a machine reading its cells in order: a start state, a step
        ``(state, digit) -> state`` and whether a state accepts. States are ``(phase, acc)``,
        where ``phase`` is how much of the scope is behind (a count of cells still to take, or
        where the line stands)."""
        f = FUNCTIONS[self.function]
        cap = max(self.values, default=n) + 2 if f.grows else None
        scope = self.scope

        def take(acc: Acc, d: int) -> Acc:
            acc = f.step(acc, d, n)
            if f.narrow is not None:
                return f.narrow(acc, self.values)
            if cap is not None:  # the running value of a growing function stops at cap
                return min(acc, cap) if isinstance(acc, int) else (min(acc[0], cap), *acc[1:])
            return acc

        def step(state: tuple[Any, Acc], d: int) -> tuple[Any, Acc] | None:
            phase, acc = state
            if scope in ("cells", "first", "line", "diagonal"):
                return phase, take(acc, d)
            if scope == "circle":  # the circle's digit, read first, is what the line is held to
                return (d, acc) if phase is None else (phase, take(acc, d))
            if scope == "first X":
                left = d if phase is None else phase
                return (left - 1, take(acc, d)) if left > 0 else (0, acc)
            if scope == "before":
                return ("after", acc) if phase == "after" or d == n else (phase, take(acc, d))
            if scope == "beside":  # phase: the digit before the largest, then where it stands
                if phase in ("next", "after"):
                    return ("after", take(acc, d) if phase == "next" else acc)
                if d == n:
                    return ("next", take(acc, phase) if phase else acc)
                return (d, acc)
            ends = {1: n, n: 1}  # between: the digit that closes the run opened by the other
            if phase == "before":
                return (ends[d], acc) if d in ends else state
            if phase == "after":
                return state
            return ("after", acc) if d == phase else (phase, take(acc, d))

        start = {"first X": None, "circle": None, "before": "before", "between": "before"}.get(
            scope, 0
        )
        done = {
            "first X": (0,), "before": ("after",), "between": ("after",),
            "beside": ("next", "after"),
        }.get(scope)  # fmt: skip

        def accept(state: tuple[Any, Acc]) -> bool:
            phase, acc = state
            if (done is not None and phase not in done) or (scope == "circle" and phase is None):
                return False
            values = (phase,) if scope == "circle" else self.values
            return compare(f.value(acc), self.comparison, values)

        return (start, f.start), step, accept

    def svg(self, board: Board, size: float) -> list[str]:
        text = "/".join(map(str, self.values))
        if not text:  # held to a circle's digit: the circle is the drawing
            return []
        if self.clue is not None:
            x, y = centre(self.clue, size)
        else:
            points = [centre(c, size) for c in self.cells]
            x = sum(p[0] for p in points) / len(points)
            y = sum(p[1] for p in points) / len(points)
        return [label(x, y, text, size * 0.35)]


@dataclass(frozen=True)
class OneOf(Variant):
    """One or more of ``rules``, composed rules over the same cells, holds: a cage that is a
    killer cage or a zone, as the solver finds (each clue its own choice)."""

    rules: tuple[Composed, ...]
    name: ClassVar[str] = "one of composed rules"
    on_top: ClassVar[bool] = True

    def __post_init__(self) -> None:
        where = {(r.scope, r.cells, r.clue, r.reach, r.start, r.direction) for r in self.rules}
        if len(self.rules) < 2 or len(where) != 1:
            raise InvalidPuzzleError("one of composed rules: two or more, over the same cells")

    def cells_used(self) -> tuple[Cell, ...]:
        return self.rules[0].cells

    def describe(self) -> str:
        return " or ".join(rule.describe() for rule in self.rules)

    def holds_for(self, digits: Sequence[int], n: int) -> bool:
        """Whether the digits of the scope, in order, meet one of the rules."""
        return any(rule.holds_for(digits, n) for rule in self.rules)

    def machine(self, n: int) -> tuple[Any, Callable[[Any, int], Any], Callable[[Any], bool]]:
        """The rules' machines side by side: a state of each, accepting where one accepts."""
        machines = [rule.machine(n) for rule in self.rules]

        def step(state: tuple[Any, ...], d: int) -> tuple[Any, ...]:
            return tuple(m[1](s, d) for m, s in zip(machines, state))

        def accept(state: tuple[Any, ...]) -> bool:
            return any(m[2](s) for m, s in zip(machines, state))

        return tuple(m[0] for m in machines), step, accept

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        return _compiled(self, self.rules[0], board)

    def svg(self, board: Board, size: float) -> list[str]:
        return self.rules[0].svg(board, size)


def _compiled(rule: Composed | OneOf, scope: Composed, board: Board) -> list[Primitive]:
    """``rule`` over the cells ``scope`` reads: a :class:`~.constraints.Table` of the digits
    it admits where those are a few fixed cells, else the automaton of its machine."""
    n = board.n
    cells = scope.scope_cells(board)
    if scope.fixed and len(cells) <= TABLE_CELLS:
        table = Table.where(cells, n, lambda *ds: rule.holds_for(ds, n), rule.describe())
        if not table.rows:
            raise InvalidPuzzleError(f"{rule.describe()}: no digits meet it")
        return [table]
    return [Automaton.build(cells, *rule.machine(n), n, rule.describe())]


@dataclass(frozen=True)
class NoOther(Variant):
    """The negative of the pair marks of one function: no two neighbours without a mark of
    ``function`` have a value one of those marks (or ``values``, when none is drawn) names."""

    function: str
    values: tuple[int, ...] = ()
    name: ClassVar[str] = "negative of composed marks"

    def describe(self) -> str:
        return f"no unmarked pair has a {self.function} of a mark"

    def primitives(self, board: Board, others: Sequence[Variant] = ()) -> list[Primitive]:
        marks = [
            o
            for o in others
            if isinstance(o, Composed) and o.scope == "pair" and o.function == self.function
        ]
        values = tuple(sorted({v for m in marks for v in m.values} | set(self.values)))
        if not values:
            raise InvalidPuzzleError(f"{self.describe()}: no value to rule out")
        marked = {frozenset(m.cells) for m in marks}
        probe = Composed("pair", self.function, "!=", values, cells=((0, 0), (0, 1)))
        out: list[Primitive] = []
        for a, b in orthogonal_pairs(board):
            if frozenset((a, b)) not in marked:
                pair = indices(board, (a, b), self)
                out.append(Table.where(pair, board.n, lambda *ds: probe.holds_for(ds, board.n)))
        return out
