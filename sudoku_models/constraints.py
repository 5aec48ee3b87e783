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
- :class:`Visible`: so many cells of a line are larger than every cell before them (skyscrapers);
- :class:`Automaton`: the digits along a line, read in order, form a word a finite automaton
  accepts (lockout, modular, parity and 10-lines, regular expressions, rules written in Python);
- :class:`Count`: how many cells of a set hold digits of a set lies between two bounds
  (global entropy, equality and look-and-say cages);
- :class:`Element`: the digit of an index cell picks which cell of a list holds a value
  (numbered rooms, value indexing);
- :class:`Rank`: a line read as a number, compared with other lines: how many are smaller,
  equal and larger each lies between two bounds (full rank).

A primitive is a frozen dataclass over cell indices ``0..n*n-1`` (row-major) and digits ``1..n``;
``holds`` checks a complete grid, which is the meaning every backend must agree with.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidPuzzleError


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


#: Most states :meth:`Automaton.build` makes before refusing.
MAX_STATES = 100_000


@dataclass(frozen=True)
class Automaton:
    """The digits of ``cells``, read in order, are a word the automaton accepts.

    States are integers; ``transitions`` holds triples ``(state, digit, next state)``; a state
    may have several next states on one digit (a non-deterministic automaton accepts a word
    when some run ends in ``accepting``). A digit with no transition from a state is rejected.

    >>> parity = Automaton((0, 1, 2), frozenset(
    ...     (q, d, d % 2) for q in (0, 1, 2) for d in range(1, 5) if q == 2 or d % 2 != q), 2,
    ...     frozenset({0, 1}), "parity line")   # state: last digit's parity (2: none yet)
    >>> parity.holds([1, 2, 3]), parity.holds([1, 3, 2])
    (True, False)
    """

    cells: tuple[int, ...]
    transitions: frozenset[tuple[int, int, int]]
    start: int
    accepting: frozenset[int]
    name: str = ""
    #: ``(state, digit) -> next states``, built once from ``transitions``.
    step: dict[tuple[int, int], frozenset[int]] = field(
        default_factory=dict, init=False, compare=False, repr=False, hash=False
    )

    def __post_init__(self) -> None:
        what = self.name or f"automaton over cells {list(self.cells)}"
        if not self.cells:
            raise InvalidPuzzleError(f"{what}: no cells")
        if not self.accepting:
            raise InvalidPuzzleError(f"{what}: no accepting state")
        step: dict[tuple[int, int], set[int]] = {}
        following: dict[int, set[int]] = {}  # the next states on any digit
        for q, d, r in self.transitions:
            step.setdefault((q, d), set()).add(r)
            following.setdefault(q, set()).add(r)
        self.step.update({key: frozenset(v) for key, v in step.items()})
        reach = {self.start}
        for _ in self.cells:
            reach = set().union(*(following.get(q, ()) for q in reach))
        if not reach & self.accepting:
            raise InvalidPuzzleError(
                f"{what}: no word of {len(self.cells)} digits reaches an accepting state"
            )

    @classmethod
    def build(
        cls,
        cells: Sequence[int],
        start: Hashable,
        step: Callable[[Any, int], Any],
        accept: Callable[[Any], bool],
        n: int,
        name: str = "",
        many: bool = False,
    ) -> Automaton:
        """The automaton of a rule written in Python, its states explored from ``start``.

        ``step(state, digit)`` gives the next state (any hashable value), or None when the
        digit breaks the rule; with ``many=True`` it gives an iterable of next states (a
        non-deterministic rule). ``accept(state)`` says whether a word may end there. Only the
        states reachable within ``len(cells)`` digits ``1..n`` are made.

        >>> ten = Automaton.build((0, 1, 2), 0, lambda s, d: (s + d) % 10 if s + d <= 10 else None,
        ...                       lambda s: s == 0, 9, "10-line")   # segments adding up to 10
        >>> ten.holds([3, 7, 5]), ten.holds([1, 2, 7])
        (False, True)
        """
        number: dict[Any, int] = {start: 0}
        layer = [start]
        transitions: set[tuple[int, int, int]] = set()
        for _ in cells:
            following: list[Any] = []
            for state in layer:
                for d in range(1, n + 1):
                    out = step(state, d)
                    for nxt in out if many else () if out is None else (out,):
                        if nxt not in number:
                            if len(number) >= MAX_STATES:
                                raise InvalidPuzzleError(
                                    f"{name or 'automaton'}: more than {MAX_STATES} states"
                                )
                            number[nxt] = len(number)
                            following.append(nxt)
                        transitions.add((number[state], d, number[nxt]))
            layer = following
        accepting = frozenset(k for state, k in number.items() if accept(state))
        return cls(tuple(cells), frozenset(transitions), 0, accepting, name)

    def runs(self, digits: Iterable[int]) -> frozenset[int]:
        """The states some run can be in after reading ``digits``."""
        states = frozenset({self.start})
        for d in digits:
            states = frozenset(r for q in states for r in self.step.get((q, d), ()))
        return states

    @property
    def is_deterministic(self) -> bool:
        """Whether each state has at most one next state on each digit."""
        return all(len(v) == 1 for v in self.step.values())

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        return bool(self.runs(grid[i] for i in self.cells) & self.accepting)


@dataclass(frozen=True)
class Count:
    """Between ``low`` and ``high`` (inclusive) of ``cells`` hold a digit of ``digits``.

    >>> lows = Count((0, 1, 2, 3), frozenset({1, 2, 3}), 1, 4, "global entropy")
    >>> lows.holds([1, 5, 9, 4]), lows.holds([4, 5, 9, 6])
    (True, False)
    """

    cells: tuple[int, ...]
    digits: frozenset[int]
    low: int
    high: int
    name: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high or self.low > len(self.cells):
            what = self.name or f"count over cells {list(self.cells)}"
            raise InvalidPuzzleError(
                f"{what}: between {self.low} and {self.high} of {len(self.cells)} cells "
                "cannot hold the digits"
            )

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        return self.low <= sum(grid[i] in self.digits for i in self.cells) <= self.high


@dataclass(frozen=True)
class Element:
    """The digit ``d`` of cell ``index`` picks ``choices[d - 1]``, which holds ``value`` (a
    digit) or, with ``target``, the digit of that cell; a digit beyond the list breaks it.

    >>> room = Element(0, (0, 1, 2, 3), value=4, name="numbered room")   # 2: the second is 4
    >>> room.holds([2, 4, 1, 3]), room.holds([3, 4, 1, 2])
    (True, False)
    """

    index: int
    choices: tuple[int, ...]
    value: int = 0
    target: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        what = self.name or f"element indexed by cell {self.index}"
        if not self.choices:
            raise InvalidPuzzleError(f"{what}: no cells to pick from")
        if (self.target is None) == (self.value == 0):
            raise InvalidPuzzleError(f"{what}: give either a value or a target cell")
        if self.target is None and self.value < 1:
            raise InvalidPuzzleError(f"{what}: the value {self.value} is not a digit")

    @property
    def cells(self) -> tuple[int, ...]:
        """The index cell, the cells it may pick, and the target cell when there is one."""
        more = () if self.target is None else (self.target,)
        return tuple(dict.fromkeys((self.index, *self.choices, *more)))

    def wanted(self, grid: Sequence[int]) -> int:
        """The digit the picked cell must hold on ``grid``."""
        return self.value if self.target is None else grid[self.target]

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        d = grid[self.index]
        return 1 <= d <= len(self.choices) and grid[self.choices[d - 1]] == self.wanted(grid)


@dataclass(frozen=True)
class Rank:
    """Read as numbers (first cell first), ``line`` compares with each of ``others``: between
    ``smaller[0]`` and ``smaller[1]`` of them are smaller than it, as many as ``equal`` allows
    equal, and as many as ``larger`` allows larger (inclusive bounds; all lines one length).

    >>> top = Rank((0, 1), ((2, 3), (4, 5)), smaller=(1, 1), equal=(0, 0), name="full rank")
    >>> top.holds([2, 1, 1, 3, 3, 2]), top.holds([2, 1, 3, 3, 3, 2])
    (True, False)
    """

    line: tuple[int, ...]
    others: tuple[tuple[int, ...], ...]
    smaller: tuple[int, int] = (0, -1)
    equal: tuple[int, int] = (0, -1)
    larger: tuple[int, int] = (0, -1)
    name: str = ""

    def __post_init__(self) -> None:
        what = self.name or f"rank of cells {list(self.line)}"
        if not self.line or not self.others:
            raise InvalidPuzzleError(f"{what}: a line and some lines to compare it with")
        if any(len(other) != len(self.line) for other in self.others):
            raise InvalidPuzzleError(f"{what}: the lines compared differ in length")
        many = len(self.others)
        for kind, label in enumerate(("smaller", "equal", "larger")):
            low, high = (self.smaller, self.equal, self.larger)[kind]
            if low < 0 or low > many or (high != -1 and high < low):
                raise InvalidPuzzleError(
                    f"{what}: between {low} and {high} of {many} lines cannot be {label}"
                )
        bounds = [self.bounds(kind) for kind in range(3)]
        if sum(low for low, _ in bounds) > many or sum(high for _, high in bounds) < many:
            raise InvalidPuzzleError(f"{what}: the bounds cannot add up to {many} lines")

    def bounds(self, kind: int) -> tuple[int, int]:
        """The bounds on the lines smaller (``kind`` 0), equal (1) or larger (2), the open upper
        bound ``-1`` made the number of lines."""
        low, high = (self.smaller, self.equal, self.larger)[kind]
        return low, len(self.others) if high == -1 else min(high, len(self.others))

    def binding(self) -> list[tuple[int, int, int]]:
        """``(kind, low, high)`` for each tally (0 smaller, 1 equal, 2 larger) whose bounds
        rule something out, the others being ``0..len(others)`` and left to translations."""
        bounds = [(kind, *self.bounds(kind)) for kind in range(3)]
        return [(k, low, high) for k, low, high in bounds if low > 0 or high < len(self.others)]

    @property
    def cells(self) -> tuple[int, ...]:
        """Every cell of the line and of the lines it is compared with, once each."""
        return tuple(dict.fromkeys(i for line in (self.line, *self.others) for i in line))

    def tally(self, grid: Sequence[int]) -> tuple[int, int, int]:
        """How many of ``others`` are smaller than, equal to and larger than ``line``."""
        mine = [grid[i] for i in self.line]
        counts = [0, 0, 0]
        for other in self.others:
            theirs = [grid[i] for i in other]
            counts[0 if theirs < mine else 1 if theirs == mine else 2] += 1
        return counts[0], counts[1], counts[2]

    def holds(self, grid: Sequence[int]) -> bool:
        """Whether the complete ``grid`` meets the constraint."""
        tally = self.tally(grid)
        return all(
            low <= tally[k] <= high for k, (low, high) in enumerate(map(self.bounds, range(3)))
        )


def deciding_positions(line: tuple[int, ...], other: tuple[int, ...]) -> list[tuple[int, int]]:
    """The positions that can decide how ``other`` compares with ``line`` read as numbers, as
    pairs (cell of ``other``, cell of ``line``) in order. A position is left out when its two
    cells are equal whenever every position before it is equal: the same cell, or cells the
    earlier pairs chain together (a row against itself read backwards keeps its first half).

    >>> deciding_positions((0, 1, 2), (2, 1, 0))
    [(2, 0)]
    """
    root = {i: i for pair in zip(other, line) for i in pair}

    def find(i: int) -> int:
        while root[i] != i:
            i = root[i]
        return i

    kept = []
    for a, b in zip(other, line):
        if find(a) != find(b):
            kept.append((a, b))
            root[find(a)] = find(b)
    return kept


#: Any primitive a model may hold besides its all-different groups and sum cages.
Constraint = (
    LinearSum
    | Relation
    | AllowedDigits
    | Table
    | Implies
    | Visible
    | Automaton
    | Count
    | Element
    | Rank
)
