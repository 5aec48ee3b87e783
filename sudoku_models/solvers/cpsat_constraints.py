"""CP-SAT constraints for the primitive constraints (:mod:`sudoku_models.constraints`).

Each primitive becomes CP-SAT's own constraint over the cells' integer values:

- :class:`AllowedDigits`: the cell's domain shrinks to the digits (a one-column table);
- :class:`Relation` and :class:`~.constraints.Table`: ``AddAllowedAssignments`` on the listed
  tuples;
- :class:`LinearSum`: a linear equality;
- :class:`Implies`: the linear equality, enforced only when the condition literals hold;
- :class:`Visible`: running maxima (``AddMaxEquality``), a flag per cell that is true exactly when
  the cell is above the maximum before it, and a linear count of the flags;
- :class:`Automaton`: layers over the digit literals: a literal per state live after each cell
  (reachable from the start, able to reach an accepting state) that holds exactly when some run
  reaches it (a state and a digit imply each next state; a state and the digit read imply one
  of the states before it on that digit), and some live state after every cell. Every literal
  follows from the cells, for a non-deterministic automaton too. (``AddAutomaton``
  leaves internal variables free: one search reported a grid up to a dozen times, OR-Tools
  9.15; it also refuses a state with two next states on one value, and making a lunchbox's
  automaton deterministic multiplied its transitions by 16. A literal per transition, tied to
  its state and digit, made CP-SAT prove a 9-cell lunchbox on an empty board in 10.7 s, these
  clauses alone in 2.3 s.)
- :class:`Count`: a linear sum of the literals "cell holds one of the digits" between the
  bounds; "at least one" as a clause of them (global entropy: the linear form made the default
  single search collecting solutions take 7.7 s to over 10 s on sparse 9x9 puzzles, the
  clause 0.3 to 0.9 s);
- :class:`Element`: ``AddElement`` on the index value (integer form); implications from the
  index literals (Boolean form);
- :class:`Rank`: per compared pair and deciding position ``j`` three literals "smaller here",
  "larger here" and "equal so far", whose sum is the "equal so far" before ``j`` (1 at the
  start), each enforcing ``<``, ``>`` or ``==`` on the two cells; the "smaller here" literals
  of all pairs sum to the number of smaller lines, between its bounds (likewise equal and
  larger). A model compares the same two lines once, whichever rule asks or which way round.

In the Boolean form of the translation the digit Booleans carry the rules themselves, as the SAT
encoding does: a relation as support clauses, a table as one selector per tuple, a linear sum
over ``d * x[cell, d]`` wherever the integer form uses a cell's value. (Tables over integer
variables tied to the Booleans lost solutions in CP-SAT's presolve, OR-Tools 9.15: a model with
solutions was reported infeasible; the clauses avoid that.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..constraints import (
    AllowedDigits,
    Automaton,
    Constraint,
    Count,
    Element,
    Implies,
    LinearSum,
    Rank,
    Relation,
    Table,
    Visible,
    deciding_positions,
)
from .support import unsupported

#: The (smaller, equal, larger) terms of one comparison, keyed by its deciding positions.
Compared = dict[tuple[tuple[int, int], ...], tuple[list[Any], Any, list[Any]]]


def add_constraints(
    cp: Any,
    constraints: Iterable[Constraint],
    value: Callable[[int], Any],
    holds: Callable[[int, int], Any],
    n: int,
    boolean: bool = False,
) -> None:
    """Add ``constraints`` to the ``CpModel`` ``cp``.

    ``value(i)`` is the integer variable of cell ``i``; ``holds(i, d)`` a literal true exactly
    when cell ``i`` holds ``d``; ``boolean`` writes the rules over those literals.
    """
    if boolean:
        value = _linear_value(holds, n)
    compared: Compared = {}
    for constraint in constraints:
        if boolean and isinstance(constraint, (AllowedDigits, Relation, Table)):
            _on_literals(cp, constraint, holds, n)
        elif isinstance(constraint, AllowedDigits):
            cp.add_allowed_assignments(
                [value(constraint.cell)], [(d,) for d in sorted(constraint.digits)]
            )
        elif isinstance(constraint, Relation):
            cp.add_allowed_assignments(
                [value(constraint.a), value(constraint.b)], sorted(constraint.pairs)
            )
        elif isinstance(constraint, Table):
            cells = [value(i) for i in constraint.cells]
            cp.add_allowed_assignments(cells, sorted(constraint.rows))
        elif isinstance(constraint, LinearSum):
            cp.add(_expression(constraint, value) == constraint.total)
        elif isinstance(constraint, Implies):
            when = [holds(i, d) for i, d in constraint.when]
            then = constraint.then
            if then.cells:
                cp.add(_expression(then, value) == then.total).only_enforce_if(when)
            elif constraint.then.total:
                cp.add_bool_or([~lit for lit in when])
        elif isinstance(constraint, Visible):
            _visible(cp, constraint, value, n)
        elif isinstance(constraint, Automaton):
            _automaton(cp, constraint, holds, n)
        elif isinstance(constraint, Count):
            flags = [
                holds(i, d) for i in constraint.cells for d in constraint.digits if 1 <= d <= n
            ]
            if constraint.low == 1 and constraint.high >= len(constraint.cells):
                cp.add_bool_or(flags)
            else:
                cp.add_linear_constraint(sum(flags), constraint.low, constraint.high)
        elif isinstance(constraint, Element):
            _element(cp, constraint, value, holds, n, boolean)
        elif isinstance(constraint, Rank):
            _rank(cp, constraint, _Comparer(cp, value, holds, n, boolean), compared)
        else:
            raise unsupported("the cpsat backend", constraint)


def _linear_value(holds: Callable[[int, int], Any], n: int) -> Callable[[int], Any]:
    """A cell's value as the linear expression ``sum(d * x[cell, d])``."""

    def value(i: int) -> Any:
        return sum(d * holds(i, d) for d in range(1, n + 1))

    return value


def _on_literals(
    cp: Any, constraint: AllowedDigits | Relation | Table, holds: Callable[[int, int], Any], n: int
) -> None:
    """A small constraint written over the digit literals (the Boolean form)."""
    if isinstance(constraint, AllowedDigits):
        cp.add_bool_and(
            [~holds(constraint.cell, d) for d in range(1, n + 1) if d not in constraint.digits]
        )
        return
    cells: tuple[int, ...] = constraint.cells
    rows: list[tuple[int, ...]] = sorted(
        constraint.pairs if isinstance(constraint, Relation) else constraint.rows
    )
    if isinstance(constraint, Relation):
        for k, other in ((0, 1), (1, 0)):
            for d in range(1, n + 1):
                support = sorted({row[other] for row in rows if row[k] == d})
                cp.add_bool_or([~holds(cells[k], d), *(holds(cells[other], e) for e in support)])
        return
    selectors = [cp.new_bool_var("") for _ in rows]
    cp.add_bool_or(selectors)
    holding: dict[tuple[int, int], list[Any]] = {}
    for selector, row in zip(selectors, rows):
        cp.add_bool_and([holds(i, d) for i, d in zip(cells, row)]).only_enforce_if(selector)
        for k, d in enumerate(row):
            holding.setdefault((k, d), []).append(selector)
    for k, i in enumerate(cells):
        for d in range(1, n + 1):
            cp.add_bool_or([~holds(i, d), *holding.get((k, d), ())])


def _expression(total: LinearSum, value: Callable[[int], Any]) -> Any:
    return sum(c * value(i) for c, i in zip(total.coeffs, total.cells))


def _visible(cp: Any, sky: Visible, value: Callable[[int], Any], n: int) -> None:
    cells = [value(i) for i in sky.cells]
    flags = []
    tallest = cells[0]
    for k, cell in enumerate(cells[1:], start=1):
        flag = cp.new_bool_var(f"{sky.name or 'visible'} {k + 1}")
        cp.add(cell > tallest).only_enforce_if(flag)
        cp.add(cell <= tallest).only_enforce_if(~flag)
        flags.append(flag)
        if k < len(cells) - 1:
            higher = cp.new_int_var(1, n, "")
            cp.add_max_equality(higher, [tallest, cell])
            tallest = higher
    cp.add(1 + sum(flags) == sky.count)


def _element(
    cp: Any,
    rule: Element,
    value: Callable[[int], Any],
    holds: Callable[[int, int], Any],
    n: int,
    boolean: bool,
) -> None:
    choices = rule.choices
    wanted = rule.value if rule.target is None else value(rule.target)
    if not boolean:
        index = value(rule.index)
        cp.add(index <= len(choices))
        cp.add_element(index - 1, [value(i) for i in choices], wanted)
        return
    for d in range(1, n + 1):
        pick = holds(rule.index, d)
        if d > len(choices) or (rule.target is None and rule.value > n):
            cp.add_bool_or([~pick])
        elif rule.target is None:
            cp.add_implication(pick, holds(choices[d - 1], rule.value))
        else:
            cp.add(value(choices[d - 1]) == wanted).only_enforce_if(pick)


def _automaton(cp: Any, rule: Automaton, holds: Callable[[int, int], Any], n: int) -> None:
    """An automaton as layers of state literals, each true exactly when some run reaches it."""
    cells, m = rule.cells, len(rule.cells)
    digits = range(1, n + 1)
    ahead: list[set[int]] = [{rule.start}]
    for k in range(m):
        ahead.append({r for q in ahead[k] for d in digits for r in rule.step.get((q, d), ())})
    live: list[set[int]] = [set() for _ in range(m + 1)]
    live[m] = ahead[m] & rule.accepting
    for k in range(m - 1, -1, -1):
        live[k] = {
            q for q in ahead[k] if any(rule.step.get((q, d), set()) & live[k + 1] for d in digits)
        }
    if not live[0]:
        cp.add_bool_or([])
        return
    state: dict[int, Any] = {rule.start: cp.new_constant(1)}
    for k, i in enumerate(cells):
        following = {r: cp.new_bool_var("") for r in sorted(live[k + 1])}
        cp.add_bool_or(list(following.values()))
        came: dict[tuple[int, int], list[Any]] = {}
        for q in sorted(live[k]):
            for d in digits:
                for r in sorted(rule.step.get((q, d), set()) & live[k + 1]):
                    cp.add_bool_or([~state[q], ~holds(i, d), following[r]])
                    came.setdefault((r, d), []).append(state[q])
        for r, lit in following.items():
            for d in digits:
                cp.add_bool_or([~lit, ~holds(i, d), *came.get((r, d), ())])
        state = following


class _Comparer:
    """Enforces ``<``, ``>`` or ``==`` between two cells under a literal: linear constraints on
    the values (integer form) or clauses on the digit literals (Boolean form, where a linear
    form over ``d * x[cell, d]`` made a 36-line rank take CP-SAT a hundred times longer)."""

    def __init__(
        self,
        cp: Any,
        value: Callable[[int], Any],
        holds: Callable[[int, int], Any],
        n: int,
        boolean: bool,
    ) -> None:
        self.cp, self.value, self.holds, self.n, self.boolean = cp, value, holds, n, boolean

    def below(self, lit: Any, a: int, b: int) -> None:
        """``lit`` implies cell ``a`` holds less than cell ``b``."""
        if not self.boolean:
            self.cp.add(self.value(a) < self.value(b)).only_enforce_if(lit)
            return
        for d in range(1, self.n + 1):
            higher = [self.holds(b, e) for e in range(d + 1, self.n + 1)]
            self.cp.add_bool_or([~lit, ~self.holds(a, d), *higher])

    def level(self, lit: Any, a: int, b: int) -> None:
        """``lit`` implies cells ``a`` and ``b`` hold the same digit."""
        if not self.boolean:
            self.cp.add(self.value(a) == self.value(b)).only_enforce_if(lit)
            return
        for d in range(1, self.n + 1):
            self.cp.add_bool_or([~lit, ~self.holds(a, d), self.holds(b, d)])
            self.cp.add_bool_or([~lit, ~self.holds(b, d), self.holds(a, d)])


def _rank(cp: Any, rule: Rank, comparer: _Comparer, compared: Compared) -> None:
    """The tallies of ``rule`` as linear sums of the comparison literals."""
    tallies: tuple[list[Any], list[Any], list[Any]] = ([], [], [])
    for other in rule.others:
        positions = deciding_positions(rule.line, other)
        smaller, equal, larger = _compare(cp, positions, comparer, compared)
        tallies[0].extend(smaller)
        tallies[1].append(equal)
        tallies[2].extend(larger)
    for kind, low, high in rule.binding():
        cp.add_linear_constraint(sum(tallies[kind]), low, high)


def _compare(
    cp: Any, positions: list[tuple[int, int]], comparer: _Comparer, compared: Compared
) -> tuple[list[Any], Any, list[Any]]:
    """The literals "smaller here" and "larger here" of each position and the literal (or
    constant) "equal throughout" of one line against another; reused from ``compared`` when
    the model holds the comparison already, either way round."""
    key = tuple(positions)
    if key in compared:
        return compared[key]
    flipped = tuple((b, a) for a, b in positions)
    if flipped in compared:
        smaller, equal, larger = compared[flipped]
        return larger, equal, smaller
    smaller, larger, same = [], [], 1
    for a, b in positions:
        below, above, level = (cp.new_bool_var("") for _ in range(3))
        cp.add(below + above + level == same)
        comparer.below(below, a, b)
        comparer.below(above, b, a)
        comparer.level(level, a, b)
        smaller.append(below)
        larger.append(above)
        same = level
    compared[key] = smaller, same, larger
    return smaller, same, larger
