"""CNF clauses for the primitive constraints (:mod:`sudoku_models.constraints`).

Every primitive is written once here, over the cell-digit variables ``x(i, d)`` of
:mod:`sudoku_models.cnf` and fresh auxiliary variables:

- :class:`AllowedDigits`: unit clauses ruling the other digits out;
- :class:`Relation`: support clauses, ``x(a, p) -> OR x(b, q)`` over the pairs ``(p, q)``
  allowed, both ways, so unit propagation keeps every remaining digit supported;
- :class:`~.constraints.Table`: one selector per tuple, each implying its digits, and support
  clauses from every cell digit to the selectors of the tuples holding it;
- :class:`LinearSum`: partial sums, one auxiliary per reachable value after each cell; a value
  from which the total cannot be reached has no variable, so its transitions become clauses
  that forbid the digit outright; in a sum that always holds, each value held needs a value
  and a digit that lead to it, so unit propagation runs backwards from the total too;
- :class:`Implies`: the linear sum's clauses, each with a guard literal added, and the
  condition implying the guard (conditions asking for the same sum share its clauses);
- :class:`Visible`: order-encoded running maxima, a visibility flag per cell, and the flags'
  count as a partial sum;
- :class:`Automaton`: the layered state encoding that generalises the partial sums: one
  auxiliary per state live after each cell (reachable from the start and still able to reach an
  accepting state), a state and a digit implying one of the next states, and backwards each
  state needing a live state and a digit before it, each digit a state that takes it on;
- :class:`Count`: the cells' membership flags counted as a partial sum (a sequential counter)
  whose final value lies between the bounds;
- :class:`Element`: implications, the index digit ``d`` and the target's digit forcing the
  picked cell's;
- :class:`Rank`: each compared cell's digit also in the order encoding ("at least ``d``"), per
  pair of lines and position a flag for each strict order of the two digits, the prefix still
  equal as a chain, the three outcomes of a pair as flags, and each outcome's count as a partial
  sum between its bounds (a pair of lines met again, in either order, reuses its flags).

When the givens simplify the formula, a known cell's literal is a constant: clauses it satisfies
are dropped and literals it falsifies left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from .constraints import (
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
from .errors import UnsupportedModelError

#: A literal: a variable number (negative when negated) or a constant ``True`` / ``False``.
Literal = int | bool


class Fresh(Protocol):
    """Hands out auxiliary variable numbers."""

    def take(self, count: int = 1) -> int: ...


def constraint_clauses(
    constraints: Iterable[Constraint],
    n: int,
    options: Sequence[tuple[int, ...]],
    known: Sequence[int],
    fresh: Fresh,
) -> list[list[int]]:
    """Clauses for ``constraints`` on a board of ``n`` digits.

    ``options[i]`` lists the digits cell ``i`` may still hold; ``known[i]`` is its digit when the
    givens simplify the formula (0 otherwise); ``fresh`` hands out auxiliary variables.
    """
    writer = _Writer(n, options, known, fresh)
    for constraint in constraints:
        writer.add_constraint(constraint)
    return writer.clauses


def _negate(lit: Literal) -> Literal:
    if isinstance(lit, bool):
        return not lit
    return -lit


def _counted(lit: Literal) -> list[tuple[Literal, int]]:
    """The item of a partial sum that counts 1 when ``lit`` holds, 0 otherwise."""
    if isinstance(lit, bool):
        return [(True, int(lit))]
    return [(lit, 1), (-lit, 0)]


class _Writer:
    def __init__(
        self, n: int, options: Sequence[tuple[int, ...]], known: Sequence[int], fresh: Fresh
    ) -> None:
        self.n = n
        self.allowed = [frozenset(o) for o in options]
        self.known = known
        self.fresh = fresh
        self.clauses: list[list[int]] = []
        self.guards: dict[LinearSum, int] = {}
        self.order: dict[tuple[int, int], Literal] = {}
        self.outcomes: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Literal, ...]] = {}

    def lit(self, i: int, d: int) -> Literal:
        """The literal "cell ``i`` holds ``d``", a constant when it is known."""
        if self.known[i]:
            return self.known[i] == d
        if d not in self.allowed[i]:
            return False
        return i * self.n + d

    def add(self, lits: Iterable[Literal]) -> None:
        """Add the clause of ``lits``; a true constant drops it, false constants are left out."""
        clause: list[int] = []
        for lit in lits:
            if lit is True:
                return
            if lit is not False:
                clause.append(int(lit))
        self.clauses.append(clause)

    def add_constraint(self, constraint: Constraint) -> None:
        if isinstance(constraint, AllowedDigits):
            for d in range(1, self.n + 1):
                if d not in constraint.digits:
                    self.add([_negate(self.lit(constraint.cell, d))])
        elif isinstance(constraint, Relation):
            self.relation(constraint)
        elif isinstance(constraint, Table):
            self.table(constraint.cells, constraint.rows)
        elif isinstance(constraint, LinearSum):
            self.linear(constraint, [])
        elif isinstance(constraint, Implies):
            self.implies(constraint)
        elif isinstance(constraint, Visible):
            self.visible(constraint)
        elif isinstance(constraint, Automaton):
            self.automaton(constraint)
        elif isinstance(constraint, Count):
            self.count(constraint)
        elif isinstance(constraint, Element):
            self.element(constraint)
        elif isinstance(constraint, Rank):
            self.rank(constraint)
        else:
            raise UnsupportedModelError(
                f"the sat backend cannot encode {type(constraint).__name__}; try the cpsat backend"
            )

    def implies(self, rule: Implies) -> None:
        """The sum's clauses guarded by one literal per distinct sum, which every condition
        that asks for that sum implies (a sandwich asks for each sum twice: 1 then n, n then 1).
        """
        when = [self.lit(i, d) for i, d in rule.when]
        if False in when:
            return
        guard = self.guards.get(rule.then)
        if guard is None:
            guard = self.guards[rule.then] = self.fresh.take()
            self.linear(rule.then, [guard])
        self.add([*(_negate(w) for w in when), guard])

    def relation(self, rel: Relation) -> None:
        digits = range(1, self.n + 1)
        forward: dict[int, list[int]] = {d: [] for d in digits}
        backward: dict[int, list[int]] = {d: [] for d in digits}
        for x, y in sorted(rel.pairs):
            if x in forward and y in backward:
                forward[x].append(y)
                backward[y].append(x)
        for d in digits:
            self.add([_negate(self.lit(rel.a, d)), *(self.lit(rel.b, y) for y in forward[d])])
            self.add([_negate(self.lit(rel.b, d)), *(self.lit(rel.a, x) for x in backward[d])])

    def table(self, cells: Sequence[int], rows: Iterable[tuple[int, ...]]) -> None:
        live = [
            row
            for row in rows
            if all(self.lit(i, d) is not False for i, d in zip(cells, row, strict=True))
        ]
        if len(live) <= 1:
            if not live:
                self.add([])
            for i, d in zip(cells, live[0] if live else ()):
                self.add([self.lit(i, d)])
            return
        first = self.fresh.take(len(live))
        self.add(range(first, first + len(live)))
        holding: dict[tuple[int, int], list[int]] = {}
        for selector, row in enumerate(live, start=first):
            for k, (i, d) in enumerate(zip(cells, row)):
                self.add([-selector, self.lit(i, d)])
                holding.setdefault((k, d), []).append(selector)
        for k, i in enumerate(cells):
            for d in range(1, self.n + 1):
                self.add([_negate(self.lit(i, d)), *holding.get((k, d), ())])

    def linear(self, total: LinearSum, guard: list[Literal]) -> None:
        items = [
            [(lit, c * d) for d in range(1, self.n + 1) if (lit := self.lit(i, d)) is not False]
            for c, i in zip(total.coeffs, total.cells)
        ]
        self.weighted_sum(items, total.total, guard)

    def weighted_sum(
        self,
        items: list[list[tuple[Literal, int]]],
        total: int | range,
        guard: list[Literal],
    ) -> None:
        """``sum of the weights of the true choices == total`` (or in the range ``total``),
        exactly one choice of each item being true, when every literal of ``guard`` holds."""
        unless = [_negate(g) for g in guard]
        m = len(items)
        reach: list[set[int]] = [{0}]
        for item in items:
            reach.append({s + w for s in reach[-1] for _, w in item})
        need: list[set[int]] = [set() for _ in range(m + 1)]
        need[m] = {t for t in reach[m] if t in total} if isinstance(total, range) else {total}
        need[m] &= reach[m]
        for k in range(m - 1, -1, -1):
            need[k] = {s for s in reach[k] if any(s + w in need[k + 1] for _, w in items[k])}
        if not need[0]:
            self.add(unless)
            return
        state: dict[tuple[int, int], int] = {}
        for k in range(1, m):
            for s in sorted(need[k]):
                state[k, s] = self.fresh.take()
        for k in range(m):
            for s in need[k]:
                before = [-state[k, s]] if k else []
                for lit, w in items[k]:
                    after = s + w
                    if after not in need[k + 1]:
                        self.add([*unless, *before, _negate(lit)])
                    elif k + 1 < m:
                        self.add([*unless, *before, _negate(lit), state[k + 1, after]])
        if not guard:
            self.backward_support(items, need, state)

    def backward_support(
        self,
        items: list[list[tuple[Literal, int]]],
        need: list[set[int]],
        state: dict[tuple[int, int], int],
    ) -> None:
        """Some value holds after each cell, and a value held after a cell came from a value
        held before it through a digit the cell may take: unit propagation then runs back from
        the total. (Under a guard it cost more search time than it saved.)"""
        for k in range(1, len(items)):
            self.add([state[k, t] for t in need[k]])
            weights = {w for _, w in items[k - 1]}
            for t in need[k]:
                self.add([-state[k, t], *(lit for lit, w in items[k - 1] if t - w in need[k - 1])])
                if k > 1:
                    self.add(
                        [
                            -state[k, t],
                            *(state[k - 1, t - w] for w in weights if t - w in need[k - 1]),
                        ]
                    )

    def visible(self, sky: Visible) -> None:
        n, cells = self.n, sky.cells
        m = len(cells)
        # top[k][d]: the largest of cells[0..k] is at least d (d = 2..n; d = 1 is always true)
        top: list[dict[int, Literal]] = []
        for k, i in enumerate(cells):
            level: dict[int, Literal] = {1: True}
            for d in range(2, n + 1):
                level[d] = self.fresh.take()
                at_least = [self.lit(i, e) for e in range(d, n + 1)]
                for lit in at_least:
                    self.add([_negate(lit), level[d]])
                if k:
                    self.add([_negate(top[k - 1][d]), level[d]])
                    self.add([-level[d], top[k - 1][d], *at_least])
                else:
                    self.add([-level[d], *at_least])
            level[n + 1] = False
            top.append(level)
        items: list[list[tuple[Literal, int]]] = [[(True, 1)]]
        for k in range(1, m):
            seen = self.fresh.take()
            for e in range(1, n + 1):
                lit = self.lit(cells[k], e)
                self.add([_negate(lit), top[k - 1][e], seen])
                self.add([_negate(lit), _negate(top[k - 1][e]), -seen])
            items.append(_counted(seen))
        self.weighted_sum(items, sky.count, [])

    def automaton(self, rule: Automaton) -> None:
        """One auxiliary per live state after each inner cell; the start before the first cell
        and the accepting states after the last are constants."""
        cells, m = rule.cells, len(rule.cells)
        digits = [[d for d in range(1, self.n + 1) if self.lit(i, d) is not False] for i in cells]
        ahead: list[set[int]] = [{rule.start}]
        for k in range(m):
            ahead.append(
                {r for q in ahead[k] for d in digits[k] for r in rule.step.get((q, d), ())}
            )
        live: list[set[int]] = [set() for _ in range(m + 1)]
        live[m] = ahead[m] & rule.accepting
        for k in range(m - 1, -1, -1):
            live[k] = {
                q
                for q in ahead[k]
                if any(rule.step.get((q, d), set()) & live[k + 1] for d in digits[k])
            }
        if not live[0]:
            self.add([])
            return
        state: dict[tuple[int, int], Literal] = {(0, rule.start): True}
        state.update({(m, q): True for q in live[m]})
        for k in range(1, m):
            for q in sorted(live[k]):
                state[k, q] = self.fresh.take()
        for k, i in enumerate(cells):
            for d in digits[k]:
                taking = []
                for q in sorted(live[k]):
                    nxt = sorted(rule.step.get((q, d), set()) & live[k + 1])
                    if nxt:
                        taking.append(state[k, q])
                    self.add(
                        [
                            _negate(state[k, q]),
                            _negate(self.lit(i, d)),
                            *(state[k + 1, r] for r in nxt),
                        ]
                    )
                self.add([_negate(self.lit(i, d)), *taking])
        for k in range(1, m):
            self.add([state[k, q] for q in sorted(live[k])])
            came_to: dict[int, list[tuple[int, int]]] = {}
            for q in live[k - 1]:
                for d in digits[k - 1]:
                    for r in rule.step.get((q, d), ()):
                        came_to.setdefault(r, []).append((q, d))
            for r in sorted(live[k]):
                came = came_to.get(r, [])
                self.add(
                    [-int(state[k, r]), *(state[k - 1, q] for q in sorted({q for q, _ in came}))]
                )
                self.add(
                    [
                        -int(state[k, r]),
                        *(self.lit(cells[k - 1], d) for d in sorted({d for _, d in came})),
                    ]
                )

    def count(self, rule: Count) -> None:
        """A sequential counter: the cells' flags "holds one of the digits" as a partial sum."""
        items: list[list[tuple[Literal, int]]] = []
        for i in rule.cells:
            inside = [self.lit(i, d) for d in sorted(rule.digits) if 1 <= d <= self.n]
            items.append(_counted(self.disjunction(inside)))
        self.weighted_sum(items, range(rule.low, rule.high + 1), [])

    def element(self, rule: Element) -> None:
        """Index digit ``d`` and the wanted digit ``e`` give the picked cell the digit ``e``."""
        index, choices = rule.index, rule.choices
        for d in range(1, self.n + 1):
            pick = _negate(self.lit(index, d))
            if d > len(choices):
                self.add([pick])
                continue
            chosen = choices[d - 1]
            if rule.target is None:
                self.add([pick, self.lit(chosen, rule.value)])
                continue
            for e in range(1, self.n + 1):
                want = self.lit(rule.target, e)
                self.add([pick, _negate(want), self.lit(chosen, e)])
                self.add([pick, _negate(self.lit(chosen, e)), want])

    def at_least(self, i: int, d: int) -> Literal:
        """The order literal "cell ``i`` holds ``d`` or more" (``d`` in ``1..n + 1``), defined
        once per cell: a constant where the cell's digits settle it."""
        if (i, d) not in self.order:
            options = [e for e in range(1, self.n + 1) if self.lit(i, e) is not False]
            for e in range(1, self.n + 2):
                if all(o >= e for o in options):
                    self.order[i, e] = True
                elif all(o < e for o in options):
                    self.order[i, e] = False
                else:
                    self.order[i, e] = self.fresh.take()
            for e in range(1, self.n + 1):
                up, above = self.order[i, e], self.order[i, e + 1]
                here = self.lit(i, e)
                self.add([_negate(above), up])
                self.add([_negate(here), up])
                self.add([_negate(here), _negate(above)])
                self.add([_negate(up), above, here])
        return self.order[i, d]

    def below(self, a: int, b: int) -> Literal:
        """A literal equivalent to "the digit of cell ``a`` is smaller than that of ``b``"."""
        if self.known[a] and self.known[b]:
            return self.known[a] < self.known[b]
        flag = self.fresh.take()
        for d in range(1, self.n + 1):
            self.add([-flag, _negate(self.at_least(a, d)), self.at_least(b, d + 1)])
            self.add([flag, self.at_least(a, d + 1), _negate(self.at_least(b, d + 1))])
        return flag

    def conjunction(self, lits: Sequence[Literal]) -> Literal:
        """A literal equivalent to the conjunction of ``lits``."""
        if any(lit is False for lit in lits):
            return False
        rest = [int(lit) for lit in lits if lit is not True]
        if len(rest) <= 1:
            return rest[0] if rest else True
        flag = self.fresh.take()
        for lit in rest:
            self.add([-flag, lit])
        self.add([flag, *(-lit for lit in rest)])
        return flag

    def disjunction(self, lits: Sequence[Literal]) -> Literal:
        """A literal equivalent to the disjunction of ``lits``."""
        return _negate(self.conjunction([_negate(lit) for lit in lits]))

    def outcome(self, other: tuple[int, ...], line: tuple[int, ...]) -> tuple[Literal, ...]:
        """Literals for ``other`` read smaller than, equal to and larger than ``line``."""
        if (line, other) in self.outcomes:
            return self.outcomes[line, other][::-1]
        if (other, line) not in self.outcomes:
            equal: Literal = True
            firsts: tuple[list[Literal], list[Literal]] = ([], [])
            for a, b in deciding_positions(line, other):
                less, more = self.below(a, b), self.below(b, a)
                firsts[0].append(self.conjunction([equal, less]))
                firsts[1].append(self.conjunction([equal, more]))
                equal = self.conjunction([equal, _negate(less), _negate(more)])
            smaller, larger = (self.disjunction(side) for side in firsts)
            self.outcomes[other, line] = (smaller, equal, larger)
        return self.outcomes[other, line]

    def rank(self, rule: Rank) -> None:
        """Each outcome's count over the pairs, as a partial sum, when its bounds bind."""
        outcomes = [self.outcome(other, rule.line) for other in rule.others]
        for kind, low, high in rule.binding():
            items = [_counted(flags[kind]) for flags in outcomes]
            self.weighted_sum(items, range(low, high + 1), [])
