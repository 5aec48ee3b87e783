"""The 0/1 integer program of a model: one binary per (cell, digit) and linear rows over them.

Glossary: ``x[i, d]`` is the binary "cell ``i`` holds digit ``d``", named ``r1c1_5``; every other
variable is an auxiliary binary a primitive needs (a table's selectors, a skyscraper's running
maxima). Every coefficient is an integer, so the same rows are a pseudo-Boolean (OPB) problem.

- each cell holds one digit: ``sum_d x[i, d] == 1``; a given fixes ``x[i, g] == 1``;
- :class:`AllDifferent`: per digit, ``sum_i x[i, d] <= 1`` (``== 1`` in a group of ``n`` cells);
- :class:`SumCage`: the at-most-one rows plus ``sum_i sum_d d * x[i, d] == total``;
- :class:`LinearSum`: the same weighted sum, with the coefficients of the cells;
- :class:`AllowedDigits`: the other digits' binaries sum to 0;
- :class:`Relation`: support rows: when ``a`` holds ``d``, ``b`` holds a digit paired with it
  (``x[a, d] <= sum_e x[b, e]``), both ways;
- :class:`~.constraints.Table`: one selector per tuple, exactly one chosen, and ``x[i, d]``
  equal to the sum of the selectors whose tuple puts ``d`` on ``i``;
- :class:`Implies`: the sum held by big-M rows, relaxed unless every condition binary is 1
  (no indicator constraints, so every engine and the LP and MPS files read the rows);
- :class:`Visible`: per position and digit a binary "the tallest so far is at least ``d``", and
  a binary "this cell is the first to reach ``d``"; the count of the latter is the clue;
- :class:`Automaton`: a flow through the layered states: one binary per live transition
  ``(q, d, r)`` at each cell, exactly one taken per cell, ``x[cell, d]`` equal to the sum of the
  taken ones reading ``d``, and as many taken into a state as out of it at the next cell (a
  path from the start to an accepting state; exact for non-deterministic automata too; its LP
  relaxation is a network flow, and one binary per live state with a row per state and digit,
  tried for deterministic automata, was no faster with SCIP on the ISS puzzles);
- :class:`Count`: one row over the binaries of the counted digits on the cells;
- :class:`Element`: product-free implications: ``x[index, d] <= x[choice_d, v]`` for a value,
  ``x[index, d] + x[target, v] - x[choice_d, v] <= 1`` for a target cell, and an index digit
  beyond the list banned;
- :class:`Rank`: per compared pair and deciding position binaries "smaller here" ``s``,
  "larger here" ``g`` and "equal so far" ``e`` with ``s + g + e = e'`` (``e'`` the one before,
  1 at the start); ``s`` bars the other line's cell ``a`` from reaching the line's ``b``:
  ``s + sum_{e >= d} x[a, e] + sum_{e <= d} x[b, e] <= 2`` for each ``d`` (likewise ``g``),
  and ``e + x[a, d] - x[b, d] <= 1``. The ``s`` of all pairs sum to the smaller lines between
  the bounds, likewise the equal and larger. A formulation compares two lines once, whichever
  rule asks or which way round. (Two big-M rows per position on the digit difference, ``M =
  n - 1``, in place of these ``3n`` rows: a rank among the 36 lines of an empty 9x9 grid, at
  ranks 10, 17 and 25, took HiGHS over 20 s, 6.6 s and 16 s against 2.8, 1.5 and 1.4 s; SCIP
  over 20 s, over 20 s and 2.7 s against 7.7 s, over 20 s and 7.7 s.)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..board import cell_name
from ..constraints import (
    AllowedDigits,
    Automaton,
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
from ..model import Model
from .support import live_transitions, unsupported

#: One comparison of two lines: its smaller and larger terms and its equal term, each a
#: constant (name ``""``) or a binary, keyed by its deciding positions.
Compared = dict[
    tuple[tuple[int, int], ...],
    tuple[list[tuple[int, str]], tuple[int, str], list[tuple[int, str]]],
]

#: Row senses, as LP files write them.
SENSES = ("<=", ">=", "==")


@dataclass(frozen=True)
class Row:
    """``sum(coeff * var) SENSE rhs`` over named binaries; ``terms`` pairs (coefficient, name)."""

    terms: tuple[tuple[int, str], ...]
    sense: str
    rhs: int
    name: str = ""

    def __str__(self) -> str:
        lhs = " ".join(f"{'+' if c > 0 else '-'} {_times(abs(c))}{v}" for c, v in self.terms)
        return f"{self.name + ': ' if self.name else ''}{lhs.lstrip('+ ')} {self.sense} {self.rhs}"

    def holds(self, values: dict[str, int]) -> bool:
        """Whether the row holds for 0/1 ``values`` of its variables."""
        total = sum(c * values[v] for c, v in self.terms)
        return {"<=": total <= self.rhs, ">=": total >= self.rhs, "==": total == self.rhs}[
            self.sense
        ]


def _times(c: int) -> str:
    return "" if c == 1 else f"{c} "


@dataclass
class Formulation:
    """The binaries and rows of a model; ``cell_vars[i][d - 1]`` names ``x[i, d]``."""

    model: Model
    cell_vars: list[list[str]] = field(default_factory=list)
    aux_vars: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    _names: dict[str, int] = field(default_factory=dict, repr=False)
    compared: Compared = field(default_factory=dict, repr=False)

    @property
    def variables(self) -> list[str]:
        """Every binary: the cell-digit ones row by row, then the auxiliaries."""
        return [v for lits in self.cell_vars for v in lits] + self.aux_vars

    def x(self, i: int, d: int) -> str:
        """The name of the binary "cell ``i`` holds ``d``"."""
        return self.cell_vars[i][d - 1]

    def new_var(self, name: str) -> str:
        """A new auxiliary binary named ``name`` (the caller keeps names unique)."""
        self.aux_vars.append(name)
        return name

    def add(self, terms: Iterable[tuple[int, str]], sense: str, rhs: int, name: str) -> None:
        """Add a row, merging repeated variables and dropping zero coefficients."""
        merged: dict[str, int] = {}
        for c, v in terms:
            merged[v] = merged.get(v, 0) + c
        kept = tuple((c, v) for v, c in merged.items() if c)
        self.rows.append(Row(kept, sense, rhs, self.row_name(name)))

    def row_name(self, text: str) -> str:
        """``text`` as a unique identifier that LP, MPS and OPB files accept (``row_1_5``)."""
        base = "".join(ch if ch.isalnum() else "_" for ch in text.replace("=", "_is_"))
        if not base[:1].isalpha():  # LP names start with a letter ("10-line" would not)
            base = f"row_{base}"
        seen = self._names.get(base, 0)
        self._names[base] = seen + 1
        return base if not seen else f"{base}_{seen + 1}"

    def no_good(self, grid: tuple[int, ...]) -> Row | None:
        """The cut "some free cell differs from ``grid``": ``sum x[i, grid[i]] <= free - 1``;
        None when ``grid`` breaks a given, since every solution differs from it already."""
        givens = self.model.givens
        if any(g and g != d for g, d in zip(givens, grid, strict=True)):
            return None
        free = [i for i, g in enumerate(givens) if not g]
        terms = tuple((1, self.x(i, grid[i])) for i in free)
        return Row(terms, "<=", len(free) - 1, self.row_name("no good"))


def formulate(model: Model, givens: bool = True) -> Formulation:
    """The 0/1 rows of ``model`` (its givens left out when ``givens`` is False)."""
    n = model.n
    board = model.board
    form = Formulation(model)
    form.cell_vars = [
        [f"{cell_name(*board.row_col(i))}_{d}" for d in range(1, n + 1)] for i in range(model.size)
    ]
    digits = range(1, n + 1)
    for i in range(model.size):
        form.add(((1, form.x(i, d)) for d in digits), "==", 1, f"one digit {_cell(form, i)}")
    if givens:
        for i, g in enumerate(model.givens):
            if g:
                form.add(((1, form.x(i, g)),), "==", 1, f"given {_cell(form, i)}")
    for group in model.groups:
        _all_different(form, group.cells, group.name or "group")
    for k, cage in enumerate(model.cages):
        _all_different(form, cage.cells, f"cage {k + 1}")
        form.add(
            _weighted(form, cage.cells, (1,) * len(cage.cells)), "==", cage.total, f"cage {k + 1}"
        )
    for k, constraint in enumerate(model.constraints):
        add_constraint(form, constraint, k)
    return form


def _cell(form: Formulation, i: int) -> str:
    return cell_name(*form.model.board.row_col(i))


def _all_different(form: Formulation, cells: tuple[int, ...], name: str) -> None:
    n = form.model.n
    sense = "==" if len(cells) == n else "<="
    for d in range(1, n + 1):
        form.add(((1, form.x(i, d)) for i in cells), sense, 1, f"{name} {d}")


def _weighted(
    form: Formulation, cells: tuple[int, ...], coeffs: tuple[int, ...]
) -> Iterator[tuple[int, str]]:
    """The terms of ``sum coeff * digit(cell)``: ``coeff * d`` on each ``x[cell, d]``."""
    for c, i in zip(coeffs, cells):
        for d in range(1, form.model.n + 1):
            yield c * d, form.x(i, d)


def add_constraint(form: Formulation, constraint: object, k: int) -> None:
    """Add the rows of one primitive; ``k`` numbers its auxiliaries."""
    n = form.model.n
    digits = range(1, n + 1)
    if isinstance(constraint, AllowedDigits):
        banned = [(1, form.x(constraint.cell, d)) for d in digits if d not in constraint.digits]
        form.add(banned, "==", 0, constraint.name or f"allowed {_cell(form, constraint.cell)}")
    elif isinstance(constraint, Relation):
        _relation(form, constraint)
    elif isinstance(constraint, Table):
        _table(form, constraint, k)
    elif isinstance(constraint, LinearSum):
        form.add(
            _weighted(form, constraint.cells, constraint.coeffs),
            "==",
            constraint.total,
            constraint.name or "sum",
        )
    elif isinstance(constraint, Implies):
        _implies(form, constraint)
    elif isinstance(constraint, Visible):
        _visible(form, constraint, k)
    elif isinstance(constraint, Automaton):
        _automaton(form, constraint, k)
    elif isinstance(constraint, Count):
        _count(form, constraint)
    elif isinstance(constraint, Element):
        _element(form, constraint)
    elif isinstance(constraint, Rank):
        _rank(form, constraint, k)
    else:
        raise unsupported("the mip backend", constraint)


def _relation(form: Formulation, rel: Relation) -> None:
    n = form.model.n
    name = rel.name or "relation"
    for k, (this, other) in enumerate(((rel.a, rel.b), (rel.b, rel.a))):
        for d in range(1, n + 1):
            support = sorted({pair[1 - k] for pair in rel.pairs if pair[k] == d})
            terms = [(1, form.x(this, d))] + [(-1, form.x(other, e)) for e in support]
            form.add(terms, "<=", 0, f"{name} {_cell(form, this)}={d}")


def _table(form: Formulation, table: Table, k: int) -> None:
    n = form.model.n
    name = table.name or "table"
    rows = sorted(table.rows)
    selectors = [form.new_var(f"t{k}_{t}") for t in range(len(rows))]
    form.add(((1, s) for s in selectors), "==", 1, f"{name} one tuple")
    for p, i in enumerate(table.cells):
        for d in range(1, n + 1):
            terms = [(1, form.x(i, d))] + [
                (-1, s) for s, row in zip(selectors, rows) if row[p] == d
            ]
            form.add(terms, "==", 0, f"{name} {_cell(form, i)}={d}")


def _implies(form: Formulation, rule: Implies) -> None:
    """``then`` holds when all ``m`` condition binaries are 1: with ``S`` their sum and ``E``
    the sum, ``E - T <= U * (m - S)`` and ``T - E <= L * (m - S)``, ``U`` and ``L`` the
    largest amounts ``E`` can lie above and below ``T``."""
    n = form.model.n
    name = rule.name or "implies"
    when = [form.x(i, d) for i, d in rule.when]
    m = len(when)
    then = rule.then
    if not then.cells:
        if then.total and m:
            form.add(((1, v) for v in when), "<=", m - 1, f"{name} never")
        elif then.total:
            form.add((), "==", 1, f"{name} never")  # a rule that cannot hold: infeasible
        return
    terms = list(_weighted(form, then.cells, then.coeffs))
    high = sum(max(c, c * n) for c in then.coeffs)
    low = sum(min(c, c * n) for c in then.coeffs)
    above, below = max(high - then.total, 0), max(then.total - low, 0)
    # E + U*S <= T + U*m   and   E - L*S >= T - L*m
    form.add(terms + [(above, v) for v in when], "<=", then.total + above * m, f"{name} <=")
    form.add(terms + [(-below, v) for v in when], ">=", then.total - below * m, f"{name} >=")


def _visible(form: Formulation, sky: Visible, k: int) -> None:
    """``y[p, d]``: some cell up to position ``p`` holds ``d`` or more; ``z[p, d]``: cell ``p``
    holds ``d`` and no cell before it reaches ``d`` (it is seen). The clue counts the ``z``."""
    n = form.model.n
    name = sky.name or "visible"
    seen: list[tuple[int, str]] = []
    before: list[str] | None = None
    for p, i in enumerate(sky.cells):
        at_least = [[(1, form.x(i, e)) for e in range(d, n + 1)] for d in range(1, n + 1)]
        if before is not None:
            for d in range(1, n + 1):
                z = form.new_var(f"v{k}_{p}_{d}_seen")
                x, y = form.x(i, d), before[d - 1]
                form.add(((1, z), (-1, x)), "<=", 0, f"{name} seen needs digit")
                form.add(((1, z), (1, y)), "<=", 1, f"{name} seen needs nothing taller")
                form.add(((1, z), (-1, x), (1, y)), ">=", 0, f"{name} seen when first")
                seen.append((1, z))
        if p == len(sky.cells) - 1:
            break
        tallest = [form.new_var(f"v{k}_{p}_{d}_max") for d in range(1, n + 1)]
        for d, y in enumerate(tallest, start=1):
            reach = at_least[d - 1]
            form.add([(1, y), *((-c, v) for c, v in reach)], ">=", 0, f"{name} max reached")
            if before is None:
                form.add([(1, y), *((-c, v) for c, v in reach)], "<=", 0, f"{name} max")
            else:
                form.add(((1, y), (-1, before[d - 1])), ">=", 0, f"{name} max grows")
                form.add(
                    [(1, y), (-1, before[d - 1]), *((-c, v) for c, v in reach)],
                    "<=",
                    0,
                    f"{name} max",
                )
        before = tallest
    form.add(seen, "==", sky.count - 1, f"{name} count")


def _automaton(form: Formulation, rule: Automaton, k: int) -> None:
    """``a{k}_{p}_{j}``: the run takes the ``j``-th live transition at position ``p``."""
    n = form.model.n
    name = rule.name or "automaton"
    layers = live_transitions(rule, n)
    if not all(layers):
        form.add((), "==", 1, f"{name} never")  # no word of digits 1..n is accepted
        return
    taken: list[list[str]] = []
    for p, (i, layer) in enumerate(zip(rule.cells, layers)):
        taken.append([form.new_var(f"a{k}_{p}_{j}") for j in range(len(layer))])
        form.add(((1, t) for t in taken[p]), "==", 1, f"{name} one step")
        for d in range(1, n + 1):
            reading = [(-1, t) for t, (_, e, _) in zip(taken[p], layer) if e == d]
            form.add([(1, form.x(i, d)), *reading], "==", 0, f"{name} {_cell(form, i)}={d}")
        if p:
            before = layers[p - 1]
            for q in sorted({q for q, _, _ in layer}):  # every state entered is left (live)
                into = [(1, t) for t, (_, _, r) in zip(taken[p - 1], before) if r == q]
                out = [(-1, t) for t, (s, _, _) in zip(taken[p], layer) if s == q]
                form.add(into + out, "==", 0, f"{name} flow")


def _count(form: Formulation, rule: Count) -> None:
    n = form.model.n
    name = rule.name or "count"
    terms = [(1, form.x(i, d)) for i in rule.cells for d in sorted(rule.digits) if 1 <= d <= n]
    if rule.low == rule.high:
        form.add(terms, "==", rule.low, name)
        return
    if rule.low:
        form.add(terms, ">=", rule.low, f"{name} at least")
    if rule.high < len(rule.cells):
        form.add(terms, "<=", rule.high, f"{name} at most")


def _element(form: Formulation, rule: Element) -> None:
    n = form.model.n
    name = rule.name or "element"
    index = rule.index
    beyond = [(1, form.x(index, d)) for d in range(len(rule.choices) + 1, n + 1)]
    if beyond:
        form.add(beyond, "==", 0, f"{name} index")
    for d, choice in enumerate(rule.choices[:n], start=1):
        if rule.target is None:
            if 1 <= rule.value <= n:
                terms = [(1, form.x(index, d)), (-1, form.x(choice, rule.value))]
            else:
                terms = [(1, form.x(index, d))]  # a value no cell holds: this digit is out
            form.add(terms, "<=", 0, f"{name} {_cell(form, index)}={d}")
            continue
        for v in range(1, n + 1):
            terms = [(1, form.x(index, d)), (1, form.x(rule.target, v)), (-1, form.x(choice, v))]
            form.add(terms, "<=", 1, f"{name} {_cell(form, index)}={d} {v}")


def _rank(form: Formulation, rule: Rank, k: int) -> None:
    """The tallies of ``rule`` as rows over the comparison binaries of its pairs."""
    name = rule.name or "rank"
    tallies: tuple[list[tuple[int, str]], ...] = ([], [], [])
    for o, other in enumerate(rule.others):
        smaller, equal, larger = _compare(form, deciding_positions(rule.line, other), f"r{k}_{o}")
        tallies[0].extend(smaller)
        tallies[1].append(equal)
        tallies[2].extend(larger)
    for kind, terms in enumerate(tallies):
        low, high = rule.bounds(kind)
        fixed = sum(c for c, v in terms if not v)
        binaries = [(c, v) for c, v in terms if v]
        label = f"{name} {('smaller', 'equal', 'larger')[kind]}"
        if low == high:
            form.add(binaries, "==", low - fixed, label)
            continue
        if low > fixed:
            form.add(binaries, ">=", low - fixed, f"{label} at least")
        if high < len(rule.others):
            form.add(binaries, "<=", high - fixed, f"{label} at most")


def _compare(
    form: Formulation, positions: list[tuple[int, int]], prefix: str
) -> tuple[list[tuple[int, str]], tuple[int, str], list[tuple[int, str]]]:
    """The terms "smaller here" and "larger here" of each position and the term "equal
    throughout" of one line against another (new binaries named ``prefix_j_s`` and so on), or
    the formulation's terms when it compares the two lines already, either way round."""
    key = tuple(positions)
    if key in form.compared:
        return form.compared[key]
    flipped = tuple((b, a) for a, b in positions)
    if flipped in form.compared:
        below, equal, above = form.compared[flipped]
        return above, equal, below
    smaller: list[tuple[int, str]] = []
    larger: list[tuple[int, str]] = []
    same = (1, "")
    for j, (a, b) in enumerate(positions):
        s, g, e = (form.new_var(f"{prefix}_{j}_{x}") for x in "sge")
        if same[1]:  # e' a binary
            form.add(((1, s), (1, g), (1, e), (-1, same[1])), "==", 0, f"{prefix} step")
        else:  # e' = 1 before the first position
            form.add(((1, s), (1, g), (1, e)), "==", 1, f"{prefix} step")
        _order(form, s, a, b, prefix)
        _order(form, g, b, a, prefix)
        for d in range(1, form.model.n + 1):
            form.add(((1, e), (1, form.x(a, d)), (-1, form.x(b, d))), "<=", 1, f"{prefix} same")
        smaller.append((1, s))
        larger.append((1, g))
        same = (1, e)
    form.compared[key] = smaller, same, larger
    return smaller, same, larger


def _order(form: Formulation, flag: str, a: int, b: int, prefix: str) -> None:
    """``flag`` implies cell ``a`` holds less than ``b``: for each ``d``, not both ``a >= d``
    and ``b <= d``."""
    n = form.model.n
    for d in range(1, n + 1):
        terms = [(1, flag)]
        terms += [(1, form.x(a, e)) for e in range(d, n + 1)]
        terms += [(1, form.x(b, e)) for e in range(1, d + 1)]
        form.add(terms, "<=", 2, f"{prefix} order")
