"""The SMT backend: the model as SMT-LIB 2 formulas over integer cells, solved by Z3.

One translation serves twice: :func:`smtlib` writes the model as SMT-LIB 2 text (what
``sudoku-models export --to smt2`` prints, readable by any SMT solver), and the backend hands the
same text to Z3. Glossary: the integer constant ``r1c1`` is the digit of row 1, column 1.

- a cell lies in ``1..n``, a given is an equality;
- :class:`AllDifferent` is ``distinct``; :class:`SumCage` is ``distinct`` plus a sum;
- :class:`LinearSum` is a linear equation; :class:`AllowedDigits` a disjunction of equalities;
- :class:`Relation`: for each digit of the first cell, the digits the second may take;
- :class:`~.constraints.Table`: a disjunction of the tuples;
- :class:`Implies`: ``=>`` from the conjunction of the conditions to the sum;
- :class:`Visible`: running maxima as auxiliary constants defined with ``ite``, and the count
  of cells above them;
- :class:`Automaton`: an integer state constant after each inner cell (``st{k}_{p}``) and, per
  cell, a disjunction of the live transitions ``(state, digit, next state)`` it may take;
- :class:`Count`: a sum of ``ite`` terms (bound by ``let``) between the bounds;
- :class:`Element`: ``=>`` from each digit of the index to the picked cell's value or target;
- :class:`Rank`: per compared line, "smaller" as the lexicographic formula ``(or (< a1 b1)
  (and (= a1 b1) (or (< a2 b2) ...)))`` over its deciding positions, "equal" as the
  conjunction of equalities, and per tally a sum of ``ite`` terms between its bounds.

Z3 answers through its finite-domain solver by default (variant ``fd``: the bounded integers
bit-blasted to SAT) or its arithmetic solver (variant ``lia``).

Uniqueness and enumeration add a blocking clause (some free cell differs) and check again on the
same solver, which keeps what it learned. ``z3-solver`` is imported on first use.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

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
from ..errors import MissingDependencyError
from ..model import Model
from ..parsing import Source
from ..puzzle import Puzzle
from .base import EnumeratingSolver, Grid, SearchTimeout, Stats, as_model, load_optional
from .support import live_transitions, unsupported

#: What to run when Z3 is missing.
INSTALL = "the smt backend needs Z3: pip install 'sudoku-models[smt]' (or pip install z3-solver)"


@functools.cache
def _z3() -> ModuleType:
    """The ``z3`` module, imported on first use."""
    return load_optional("z3", INSTALL)


def cell_symbols(model: Model) -> list[str]:
    """The SMT-LIB constant of each cell, row by row (``r1c1``)."""
    board = model.board
    return [cell_name(*board.row_col(i)) for i in range(model.size)]


def smtlib(model: Model, givens: bool = True) -> str:
    """The SMT-LIB 2 declarations and assertions of ``model`` (no ``check-sat``)."""
    cells = cell_symbols(model)
    lines = ["(set-logic QF_LIA)"]
    lines += [f"(declare-const {v} Int)" for v in cells]
    lines += [f"(assert (and (<= 1 {v}) (<= {v} {model.n})))" for v in cells]
    if givens:
        lines += [f"(assert (= {cells[i]} {g}))" for i, g in enumerate(model.givens) if g]
    lines += assertions(model, cells)
    return "\n".join(lines) + "\n"


def assertions(model: Model, cells: Sequence[str]) -> list[str]:
    """The lines of the groups, cages and other primitives of ``model``."""
    out = [_distinct(cells, group.cells) for group in model.groups]
    for cage in model.cages:
        out.append(_distinct(cells, cage.cells))
        out.append(f"(assert (= {_sum(cells, cage.cells, ())} {cage.total}))")
    for k, constraint in enumerate(model.constraints):
        out += constraint_assertions(constraint, cells, model.n, k)
    return out


def _distinct(cells: Sequence[str], members: Sequence[int]) -> str:
    if len(members) < 2:
        return "(assert true)"
    return f"(assert (distinct {' '.join(cells[i] for i in members)}))"


def _int(value: int) -> str:
    return str(value) if value >= 0 else f"(- {-value})"


def _sum(cells: Sequence[str], members: Sequence[int], coeffs: Sequence[int]) -> str:
    return _plus(
        [
            cells[i] if c == 1 else f"(* {_int(c)} {cells[i]})"
            for c, i in zip(coeffs or (1,) * len(members), members)
        ]
    )


def _plus(terms: Sequence[str]) -> str:
    if not terms:
        return "0"
    return terms[0] if len(terms) == 1 else f"(+ {' '.join(terms)})"


def _or(parts: Sequence[str]) -> str:
    if not parts:
        return "false"
    return parts[0] if len(parts) == 1 else f"(or {' '.join(parts)})"


def _and(parts: Sequence[str]) -> str:
    if not parts:
        return "true"
    return parts[0] if len(parts) == 1 else f"(and {' '.join(parts)})"


def constraint_assertions(constraint: object, cells: Sequence[str], n: int, k: int) -> list[str]:
    """The lines of one primitive: its ``assert`` lines, after the ``declare-const`` of any
    auxiliary constant (a skyscraper's running maxima, named ``max{k}_{p}``)."""
    if isinstance(constraint, AllowedDigits):
        v = cells[constraint.cell]
        return [f"(assert {_or([f'(= {v} {d})' for d in sorted(constraint.digits)])})"]
    if isinstance(constraint, Relation):
        a, b = cells[constraint.a], cells[constraint.b]
        out = []
        for d in range(1, n + 1):
            support = sorted(y for x, y in constraint.pairs if x == d)
            out.append(f"(assert (=> (= {a} {d}) {_or([f'(= {b} {e})' for e in support])}))")
        return out
    if isinstance(constraint, Table):
        members = [cells[i] for i in constraint.cells]
        rows = [
            _and([f"(= {v} {d})" for v, d in zip(members, row)]) for row in sorted(constraint.rows)
        ]
        return [f"(assert {_or(rows)})"]
    if isinstance(constraint, LinearSum):
        total = _sum(cells, constraint.cells, constraint.coeffs)
        return [f"(assert (= {total} {_int(constraint.total)}))"]
    if isinstance(constraint, Implies):
        when = _and([f"(= {cells[i]} {d})" for i, d in constraint.when])
        then = constraint.then
        holds = f"(= {_sum(cells, then.cells, then.coeffs)} {_int(then.total)})"
        return [f"(assert (=> {when} {holds}))"]
    if isinstance(constraint, Visible):
        # the running maximum gets a constant per position (nested ite terms would double in
        # size with each cell)
        members = [cells[i] for i in constraint.cells]
        out, seen, tallest = [], [], members[0]
        for p, v in enumerate(members[1:], start=1):
            seen.append(f"(ite (> {v} {tallest}) 1 0)")
            if p < len(members) - 1:
                higher = f"max{k}_{p}"
                out.append(f"(declare-const {higher} Int)")  # bounded, as every constant
                out.append(f"(assert (and (<= 1 {higher}) (<= {higher} {n})))")  # must be for fd
                out.append(f"(assert (= {higher} (ite (> {v} {tallest}) {v} {tallest})))")
                tallest = higher
        return [*out, f"(assert (= {_plus(['1', *seen])} {constraint.count}))"]
    if isinstance(constraint, Automaton):
        return _automaton(constraint, cells, n, k)
    if isinstance(constraint, Count):
        members = [cells[i] for i in constraint.cells]
        counted = sorted(d for d in constraint.digits if 1 <= d <= n)
        flags = [f"(ite {_or([f'(= {v} {d})' for d in counted])} 1 0)" for v in members]
        low, high = constraint.low, constraint.high
        return [f"(assert (let ((hits {_plus(flags)})) (and (<= {low} hits) (<= hits {high}))))"]
    if isinstance(constraint, Element):
        index = cells[constraint.index]
        wanted = str(constraint.value) if constraint.target is None else cells[constraint.target]
        out = (
            [f"(assert (<= {index} {len(constraint.choices)}))"]
            if len(constraint.choices) < n
            else []
        )
        out += [
            f"(assert (=> (= {index} {d}) (= {cells[choice]} {wanted})))"
            for d, choice in enumerate(constraint.choices[:n], start=1)
        ]
        return out
    if isinstance(constraint, Rank):
        return _rank(constraint, cells)
    raise unsupported("the smt backend", constraint)


def _rank(rule: Rank, cells: Sequence[str]) -> list[str]:
    """Per tally with bounds that bind, a sum of ``ite`` terms over the compared lines."""
    tallies: tuple[list[str], list[str], list[str]] = ([], [], [])
    for other in rule.others:
        pairs = [(cells[a], cells[b]) for a, b in deciding_positions(rule.line, other)]
        tallies[0].append(_lex(pairs, "<"))
        tallies[1].append(_and([f"(= {a} {b})" for a, b in pairs]))
        tallies[2].append(_lex(pairs, ">"))
    out = []
    for kind, low, high in rule.binding():
        total = _plus([f"(ite {f} 1 0)" for f in tallies[kind]])
        if low == high:
            out.append(f"(assert (= {total} {low}))")
        else:
            out.append(f"(assert (let ((tally {total})) (and (<= {low} tally) (<= tally {high}))))")
    return out


def _lex(pairs: Sequence[tuple[str, str]], op: str) -> str:
    """``a op b`` read lexicographically over ``pairs`` (first pair first); false when empty."""
    formula = "false"
    for a, b in reversed(pairs):
        here = f"({op} {a} {b})"
        formula = here if formula == "false" else f"(or {here} (and (= {a} {b}) {formula}))"
    return formula


def _automaton(rule: Automaton, cells: Sequence[str], n: int, k: int) -> list[str]:
    """The state after cell ``p`` is the constant ``st{k}_{p}`` (bounded for ``fd``); the start
    before the first cell and the accepting state after the last are left implicit."""
    layers = live_transitions(rule, n)
    if not all(layers):
        return ["(assert false)"]
    out, m = [], len(rule.cells)
    states = [f"st{k}_{p}" for p in range(1, m)]
    for p in range(1, m):
        values = sorted({r for _, _, r in layers[p - 1]})
        state, low, high = states[p - 1], _int(values[0]), _int(values[-1])
        out.append(f"(declare-const {state} Int)")
        out.append(f"(assert (and (<= {low} {state}) (<= {state} {high})))")
    for p, layer in enumerate(layers):
        v = cells[rule.cells[p]]
        steps = []
        for q, d, r in layer:
            parts = [f"(= {v} {d})"]
            if p:
                parts.insert(0, f"(= {states[p - 1]} {_int(q)})")
            if p < m - 1:
                parts.append(f"(= {states[p]} {_int(r)})")
            steps.append(_and(parts))
        out.append(f"(assert {_or(sorted(set(steps)))})")
    return out


#: Z3 solvers by variant: ``fd`` (the default) the finite-domain solver, which bit-blasts the
#: bounded integers to SAT; ``lia`` the arithmetic solver (simplex and cuts beside the SAT core),
#: several times slower on 9x9 puzzles.
LOGICS = {"fd": "QF_FD", "lia": "QF_LIA"}


class SmtSolver(EnumeratingSolver):
    """Z3 on integer cells: ``distinct``, linear sums, relations and tables as formulas.

    >>> result = SmtSolver().solve(".1.....4....34..", limit=2)
    >>> result.status, result.solution.to_line()
    (Status.UNIQUE, '4132231412433421')
    """

    name = "smt"
    variants = ("fd", "lia")
    requires = "z3-solver"
    imports = "z3"

    def __init__(self, variant: str | None = None, **options: Any) -> None:
        super().__init__(variant, **options)
        if options:
            raise TypeError(f"the {self.name} backend takes no options, got {sorted(options)}")
        if not self.is_available():
            raise MissingDependencyError(INSTALL)

    def native_model(self, puzzle: Puzzle | Model | Source) -> Any:
        """A ``z3.Solver`` holding the assertions of ``puzzle``, for power users."""
        return self._new_solver(as_model(puzzle))

    def _new_solver(self, model: Model) -> Any:
        solver = _z3().SolverFor(LOGICS[self.variant or "fd"])
        solver.from_string(smtlib(model))
        return solver

    def _search(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        z3 = _z3()
        start = time.perf_counter()
        solver = self._new_solver(model)
        cells = [z3.Int(name) for name in cell_symbols(model)]
        stats.extra["build_time"] = time.perf_counter() - start
        free = [i for i, g in enumerate(model.givens) if not g]

        def block(grid: Grid) -> None:
            if all(g in (0, d) for g, d in zip(model.givens, grid)):
                solver.add(z3.Or([cells[i] != grid[i] for i in free]))

        for grid in exclude:
            block(grid)
        try:
            while limit == 0 or len(found) < limit:
                if deadline is not None:
                    remaining = deadline - time.perf_counter()
                    if remaining <= 0:
                        raise SearchTimeout
                    solver.set("timeout", max(1, int(remaining * 1000)))
                answer = solver.check()
                if answer == z3.unsat:
                    return
                if answer != z3.sat:
                    reason = solver.reason_unknown()
                    if deadline is not None and ("timeout" in reason or "cancel" in reason):
                        raise SearchTimeout
                    raise RuntimeError(f"Z3 could not decide the model: {reason}")
                values = solver.model()
                grid = tuple(values.eval(v, model_completion=True).as_long() for v in cells)
                found.append(grid)
                block(grid)
        finally:
            _add_stats(solver, stats)


def _add_stats(solver: Any, stats: Stats) -> None:
    """Z3's counters of the checks run on ``solver``, in the shared vocabulary."""
    numbers: dict[str, float] = {}
    for key, value in solver.statistics():  # the finite-domain solver's keys start "sat "
        key = key.removeprefix("sat ")
        numbers[key] = numbers.get(key, 0) + value
    decisions = int(numbers.get("decisions", 0))
    stats.nodes += decisions
    stats.guesses += decisions
    stats.conflicts += int(numbers.get("conflicts", 0))
    stats.propagations += int(
        numbers.get("propagations", 0)
        + numbers.get("propagations 2ary", 0)
        + numbers.get("propagations nary", 0)
    )
    stats.extra["solve_time"] = float(numbers.get("time", 0.0))
