"""Primitive constraints: the few kinds of rule every backend implements once.

Every rule of a puzzle, classic or variant, is written with these primitives:

- :class:`AllDifferent`: the cells hold pairwise different digits (rows, columns, boxes,
  diagonals, irregular regions, cages);
- :class:`SumCage`: the cells hold different digits with a given total (a killer cage; kept as
  one primitive because a distinct sum prunes far better than a plain sum);
- :class:`LinearSum`: ``sum(coeff * digit) == total``, digits may repeat (arrows, little killers,
  region-sum lines; a pill circle read as a number takes coefficients 10, 1);
- :class:`Relation`: the digits of two cells form one of the allowed pairs (Kropki dots, XV,
  whispers, thermometer steps, anti-knight, equality for clones and palindromes);
- :class:`AllowedDigits`: a cell's digit is one of a set (odd, even);
- :class:`Table`: the digits of a few cells form one of the listed tuples (quadruples, between
  lines);
- :class:`Implies`: when some cells hold given digits, a linear sum holds (x-sums, sandwiches);
- :class:`Visible`: so many cells of a line are larger than every cell before them (skyscrapers).

A primitive is a frozen dataclass over cell indices ``0..n*n-1`` (row-major) and digits ``1..n``;
:meth:`holds` checks a complete grid, which is the meaning every backend must agree with.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class AllDifferent:
    """The cells of ``cells`` hold pairwise different digits."""

    cells: tuple[int, ...]
    name: str = ""

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        return len({grid[i] for i in self.cells}) == len(self.cells)


@dataclass(frozen=True)
class SumCage:
    """The cells of ``cells`` hold different digits adding up to ``total``."""

    cells: tuple[int, ...]
    total: int

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        digits = [grid[i] for i in self.cells]
        return len(set(digits)) == len(digits) and sum(digits) == self.total


@dataclass(frozen=True)
class LinearSum:
    """``sum(coeffs[k] * digit(cells[k])) == total``; digits may repeat.

    >>> LinearSum((0, 1, 2), 0, (1, 1, -1)).holds([3, 4, 7])   # an arrow: 3 + 4 = 7
    True
    """

    cells: tuple[int, ...]
    total: int
    coeffs: tuple[int, ...] = ()
    name: str = ""

    def __post_init__(self) -> None:
        if not self.coeffs:
            object.__setattr__(self, "coeffs", (1,) * len(self.cells))
        if len(self.coeffs) != len(self.cells):
            raise ValueError("a linear sum needs one coefficient per cell")

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        return sum(c * grid[i] for c, i in zip(self.coeffs, self.cells)) == self.total


@dataclass(frozen=True)
class Relation:
    """The digits ``(digit(a), digit(b))`` form one of ``pairs``.

    >>> white_dot = Relation.where(0, 1, 9, lambda x, y: abs(x - y) == 1, "white dot")
    >>> white_dot.holds([4, 5]), white_dot.holds([4, 6])
    (True, False)
    """

    a: int
    b: int
    pairs: frozenset[tuple[int, int]]
    name: str = ""

    @classmethod
    def where(
        cls, a: int, b: int, n: int, test: Callable[[int, int], bool], name: str = ""
    ) -> Relation:
        """The relation of the digit pairs ``(x, y)`` in ``1..n`` for which ``test(x, y)``."""
        digits = range(1, n + 1)
        return cls(a, b, frozenset((x, y) for x in digits for y in digits if test(x, y)), name)

    @classmethod
    def equal(cls, a: int, b: int, n: int, name: str = "equal") -> Relation:
        """Cells ``a`` and ``b`` hold the same digit."""
        return cls(a, b, frozenset((d, d) for d in range(1, n + 1)), name)

    @property
    def cells(self) -> tuple[int, int]:
        """The two cells, ``a`` first."""
        return (self.a, self.b)

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        return (grid[self.a], grid[self.b]) in self.pairs


@dataclass(frozen=True)
class AllowedDigits:
    """Cell ``cell`` holds one of ``digits``."""

    cell: int
    digits: frozenset[int]
    name: str = ""

    @property
    def cells(self) -> tuple[int]:
        """The one cell, as a tuple like every other primitive's."""
        return (self.cell,)

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        return grid[self.cell] in self.digits


@dataclass(frozen=True)
class Table:
    """The digits of ``cells``, in order, form one of the tuples of ``rows``.

    >>> between = Table((0, 1, 2), frozenset({(1, 2, 3), (3, 2, 1)}), "between")
    >>> between.holds([3, 2, 1]), between.holds([2, 1, 3])
    (True, False)
    """

    cells: tuple[int, ...]
    rows: frozenset[tuple[int, ...]]
    name: str = ""

    @classmethod
    def where(
        cls, cells: tuple[int, ...], n: int, test: Callable[..., bool], name: str = ""
    ) -> Table:
        """The table of the digit tuples in ``1..n`` over ``cells`` for which ``test(*digits)``."""
        tuples = itertools.product(range(1, n + 1), repeat=len(cells))
        return cls(cells, frozenset(t for t in tuples if test(*t)), name)

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        return tuple(grid[i] for i in self.cells) in self.rows


@dataclass(frozen=True)
class Implies:
    """When every ``(cell, digit)`` of ``when`` holds, the linear sum ``then`` holds.

    >>> x_sum = Implies(((0, 2),), LinearSum((0, 1), 7), "x-sum")   # a 2 first: 2 cells sum to 7
    >>> x_sum.holds([2, 5, 1]), x_sum.holds([2, 4, 1]), x_sum.holds([3, 4, 1])
    (True, False, True)
    """

    when: tuple[tuple[int, int], ...]
    then: LinearSum
    name: str = ""

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells of the condition, then those of the sum not already listed."""
        first = tuple(i for i, _ in self.when)
        return first + tuple(i for i in self.then.cells if i not in first)

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        return not all(grid[i] == d for i, d in self.when) or self.then.holds(grid)


@dataclass(frozen=True)
class Visible:
    """Exactly ``count`` cells of ``cells`` hold a digit larger than every digit before them.

    >>> Visible((0, 1, 2, 3), 2).holds([3, 1, 4, 2])   # a skyscraper clue: 3 and 4 are seen
    True
    """

    cells: tuple[int, ...]
    count: int
    name: str = ""

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        seen, tallest = 0, 0
        for i in self.cells:
            if grid[i] > tallest:
                seen, tallest = seen + 1, grid[i]
        return seen == self.count


#: Any primitive a model may hold besides its all-different groups and sum cages.
Constraint = LinearSum | Relation | AllowedDigits | Table | Implies | Visible


def all_hold(constraints: Iterable[Constraint], grid: Sequence[int]) -> bool:
    """Whether ``grid`` meets every constraint of ``constraints``."""
    return all(c.holds(grid) for c in constraints)
