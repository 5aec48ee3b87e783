"""Why a puzzle has no solution, or why it has several.

*No solution*: the grid's own rows, columns and boxes (or the irregular regions that replace the
boxes) are taken as given; every given and every variant rule is one *element*, behind a
selector literal of one incremental SAT solver. The solver's unsatisfiable core under the
assumption of every selector is a set of elements with no solution; it is shrunk by deletion
(drop an element; still no solution? keep it dropped, and keep only the new core) to a minimal
one: each element removed, the rest has a solution. A second backend (CP-SAT) then checks the
core: alone it has no solution, and without any one element it has one. A rule is removed with
its own marks only; the other rules keep the meaning they have in the puzzle (the negative
constraint of a dot rule still spares the pair of a removed dot).

*Several solutions*: two solutions and the cells where they differ, and a few givens that would
leave one: a single placement when one suffices (the fewest), else givens added from one
solution where another differs, until it is the only one, then shrunk so none can be dropped.

>>> result = why("11..............")
>>> result.status, [e.to_dict(4) for e in result.core]
('unsatisfiable', [{'given': 'r1c1', 'digit': 1}, {'given': 'r1c2', 'digit': 1}])
"""

from __future__ import annotations

import dataclasses
import functools
import html
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .board import cell_label
from .cnf import Fresh, pairwise, primitive_clauses, var
from .constraints import SumCage
from .deadline import within
from .display import svg_grid
from .door import PuzzleLike, model_of
from .model import Model, classic_groups, sort_primitives
from .selectors import SelectorSat
from .setter import SOLUTION_LIMIT, unique_placements
from .solvers import get_solver
from .solvers.base import SearchTimeout, Solver, Status

#: Seconds the search for a minimal core may take before it stops shrinking (the core found so
#: far is returned, marked as not minimal).
TIME_LIMIT = 60.0

#: Backend that checks each core.
CHECKER = "cpsat"


@dataclass(frozen=True)
class Element:
    """One member of a core: a given (``digit`` in ``cells[0]``) or a rule (``rule``, a variant
    or a primitive of a model built without variants) on ``cells``."""

    name: str
    cells: tuple[int, ...]
    digit: int = 0
    rule: Any = None
    primitives: tuple[Any, ...] = ()

    @property
    def is_given(self) -> bool:
        """Whether this element is a given."""
        return self.digit > 0

    def to_dict(self, n: int) -> dict[str, Any]:
        """``{"given": "r1c1", "digit": 5}`` or ``{"rule": NAME, "cells": [...]}``."""
        if self.is_given:
            return {"given": cell_label(n, self.cells[0]), "digit": self.digit}
        return {"rule": self.name, "cells": [cell_label(n, i) for i in self.cells]}

    def words(self, n: int) -> str:
        """The element as a player names it: ``the given 5 in r1c1``, or the rule's label."""
        if self.is_given:
            return f"the given {self.digit} in {cell_label(n, self.cells[0])}"
        return self.name


@dataclass(frozen=True)
class Why:
    """The answer: ``status`` (``"unsatisfiable"``, ``"unique"``, ``"multiple"`` or
    ``"timeout"``), and

    - with no solution: ``core``, a set of givens and rules that already has none; ``minimal``
      when each element removed leaves a solution (False only when the time ran out while
      shrinking); ``checked`` when the second backend agreed on both counts;
    - with several: two of them in ``solutions``, the cells where they differ in ``differ``,
      and ``fix``, givens ``(cell, digit)`` that would leave one solution (``fewest`` when a
      single given does; empty when the time ran out first).
    """

    model: Model
    status: str
    core: tuple[Element, ...] = ()
    minimal: bool = False
    checked: bool = False
    solutions: tuple[tuple[int, ...], ...] = ()
    differ: tuple[int, ...] = ()
    fix: tuple[tuple[int, int], ...] = ()
    fewest: bool = False
    seconds: float = 0.0
    check_seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the status, the core, and for several solutions where they differ
        and the givens that would fix it."""
        n = self.model.n
        out: dict[str, Any] = {"status": self.status, "core": [e.to_dict(n) for e in self.core]}
        if self.status == Status.UNSATISFIABLE.value:
            out |= {"minimal": self.minimal, "checked": self.checked}
        if self.solutions:
            symbol = self.model.board.symbol
            out["solutions"] = ["".join(symbol(d) for d in grid) for grid in self.solutions]
            out["differ"] = [cell_label(n, i) for i in self.differ]
            out["fix"] = [{"given": cell_label(n, i), "digit": d} for i, d in self.fix]
            out["fewest"] = self.fewest
        out["seconds"] = round(self.seconds, 3)
        return out

    def lines(self) -> list[str]:
        """The answer in words."""
        n = self.model.n
        if self.status == Status.UNSATISFIABLE.value:
            size = "minimal" if self.minimal else "not yet minimal (time ran out)"
            out = [
                f"no solution: these {len(self.core)} already leave none ({size}; "
                "the rows, columns and boxes are taken as given):"
            ]
            out += [f"  - {e.words(n)}" for e in self.core]
            if self.minimal:
                out.append("without any one of them, the rest has a solution")
            check = "agrees" if self.checked else "does NOT agree"
            out.append(f"a second backend ({CHECKER}) {check}")
            return out
        if self.status == Status.MULTIPLE.value:
            cells = ", ".join(cell_label(n, i) for i in self.differ)
            fix = ", ".join(f"{cell_label(n, i)}={d}" for i, d in self.fix)
            how = "the fewest" if self.fewest else "none of them can be dropped"
            return [
                f"several solutions: two of them differ in {len(self.differ)} cells: {cells}",
                f"givens that would leave one solution ({how}): {fix}"
                if fix
                else "no givens that leave one solution were found in time",
            ]
        if self.status == Status.UNIQUE.value:
            return ["one solution: nothing to explain"]
        return [f"no answer: {self.status}"]

    def to_svg(self, cell_size: int = 32) -> str:
        """The puzzle's givens with the core drawn: its rules' marks, its cells shaded (for
        several solutions: the cells where two differ)."""
        board = self.model.board
        shaded = {i for e in self.core for i in e.cells} or set(self.differ)
        overlay = [
            f'<rect x="{(i % board.n) * cell_size}" y="{(i // board.n) * cell_size}" '
            f'width="{cell_size}" height="{cell_size}" fill="#f4a6a6"/>'
            for i in sorted(shaded)
        ]
        for e in self.core:
            if e.rule is not None and hasattr(e.rule, "svg"):
                overlay += e.rule.svg(board, cell_size)
        givens = self.model.givens
        return svg_grid(board, givens, givens, cell_size, overlay, cell_size)

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines())
        return f"<div>{self.to_svg()}<ul>{items}</ul></div>"

    def __repr__(self) -> str:
        return f"<Why {self.status}: {len(self.core)} in the core, {self.seconds:.2f} s>"


def elements(model: Model) -> tuple[tuple[Any, ...], tuple[Element, ...]]:
    """The primitives taken as given (the grid's houses) and the elements a core is made of
    (each given, each variant rule; each extra primitive of a model built without variants)."""
    board, n = model.board, model.n
    hard: list[Any] = list(classic_groups(board))
    out: list[Element] = [
        Element(cell_label(n, i), (i,), d) for i, d in enumerate(model.givens) if d
    ]
    rules = model.variants
    if rules and Model.from_puzzle(model.puzzle, variants=rules) == model:
        if any(r.replaces_boxes for r in rules):
            hard = hard[: 2 * n]
        for k, rule in enumerate(rules):
            prims = tuple(rule.primitives(board, rules[:k] + rules[k + 1 :]))
            if rule.replaces_boxes:
                hard += prims
                continue
            cells = tuple(dict.fromkeys(i for p in prims for i in getattr(p, "cells", ())))
            out.append(Element(rule.describe(), cells, rule=rule, primitives=prims))
        return tuple(hard), tuple(out)
    own = {g.cells for g in hard}
    hard = [g for g in model.groups if g.cells in own]
    extra = [g for g in model.groups if g.cells not in own]
    for p in (*extra, *model.cages, *model.constraints):
        cells = tuple(getattr(p, "cells", ()))
        kind = "cage" if isinstance(p, SumCage) else type(p).__name__.lower()
        name = getattr(p, "name", "") or kind
        if cells:
            ends = dict.fromkeys((cell_label(n, cells[0]), cell_label(n, cells[-1])))
            name += " " + "-".join(ends)
        total = getattr(p, "total", None)
        name += "" if total is None else f" ({total})"
        out.append(Element(name, cells, rule=p, primitives=(p,)))
    return tuple(hard), tuple(out)


def _model_of(model: Model, hard: Sequence[Any], chosen: Sequence[Element]) -> Model:
    """The model of the houses and the ``chosen`` elements alone."""
    givens = [0] * model.size
    for e in chosen:
        if e.is_given:
            givens[e.cells[0]] = e.digit
    groups, cages, constraints = sort_primitives(
        [*hard, *(p for e in chosen for p in e.primitives)]
    )
    return Model(model.board, tuple(givens), tuple(groups), tuple(cages), tuple(constraints))


def _clauses(element: Element, n: int, fresh: Fresh) -> list[list[int]]:
    """The clauses of one element of a core: its given, or its rule's primitives."""
    given = [[var(n, element.cells[0], element.digit)]] if element.is_given else []
    return given + primitive_clauses(element.primitives, n, fresh)


class _Core:
    """One SAT solver with the houses hard and each element behind a selector."""

    def __init__(self, model: Model, hard: Sequence[Any], parts: Sequence[Element]) -> None:
        n = model.n
        fresh = Fresh(n**3)
        clauses: list[list[int]] = []
        for i in range(model.size):
            lits = [var(n, i, d) for d in range(1, n + 1)]
            clauses += [lits, *pairwise(lits, fresh)]
        clauses += primitive_clauses(hard, n, fresh)
        self.sat = sat = SelectorSat(clauses, fresh.top, "why")
        self.selector: dict[int, Element] = {}
        for k, e in enumerate(parts):
            self.selector[sat.guard(k, functools.partial(_clauses, e, n, sat.fresh))] = e

    def unsat_core(self, selectors: Sequence[int], deadline: float) -> list[int] | None:
        """A core of ``selectors`` (None when they have a solution). Raises
        :class:`SearchTimeout` when the deadline passes first."""
        answer = self.sat.solve(selectors, seconds=deadline - time.perf_counter())
        if answer is None:
            raise SearchTimeout
        if answer:
            return None
        return sorted(self.sat.core())

    def shrink(self, core: list[int], deadline: float) -> tuple[list[int], bool]:
        """Deletion: drop each element whose removal leaves no solution; with the core the
        solver returns then. False when the deadline passed first."""
        k = 0
        while k < len(core):
            rest = core[:k] + core[k + 1 :]
            try:
                smaller = self.unsat_core(rest, deadline)
            except SearchTimeout:
                return core, False
            if smaller is None:
                k += 1
            else:
                kept = set(smaller)
                core = [s for s in rest if s in kept]
                k = sum(1 for s in core[:k] if s in kept)
        return core, True

    def close(self) -> None:
        """Free the solver."""
        self.sat.close()


def _checked(
    model: Model, hard: Sequence[Any], core: Sequence[Element], checker: Solver, limit: float
) -> bool:
    """Whether ``checker`` finds no solution of the core, and one without each of its elements."""
    if checker.solve(_model_of(model, hard, core), time_limit=limit).status is not (
        Status.UNSATISFIABLE
    ):
        return False
    for k in range(len(core)):
        rest = [*core[:k], *core[k + 1 :]]
        if checker.solve(_model_of(model, hard, rest), time_limit=limit).count < 1:
            return False
    return True


def why(
    puzzle: PuzzleLike,
    time_limit: float | None = TIME_LIMIT,
    checker: str | Solver = CHECKER,
) -> Why:
    """Why ``puzzle`` has no solution (a minimal core of givens and rules), or several (where
    two differ, and givens that would fix it); see :class:`Why`.

    ``time_limit`` bounds the shrinking of a core and each search (seconds); ``checker`` is
    the second backend that checks the core.
    """
    start = time.perf_counter()
    limit = TIME_LIMIT if time_limit is None else time_limit
    with within(limit):
        model = model_of(puzzle)
    deadline = start + limit
    check_with = get_solver(checker) if isinstance(checker, str) else checker
    hard, parts = elements(model)
    sat = _Core(model, hard, parts)
    try:
        try:
            found = sat.unsat_core(list(sat.selector), deadline)
        except SearchTimeout:
            return Why(model, Status.TIMEOUT.value, seconds=time.perf_counter() - start)
        if found is not None:
            core_selectors, minimal = sat.shrink(found, deadline)
            core = tuple(sat.selector[s] for s in core_selectors)
            checking = time.perf_counter()
            ok = _checked(model, hard, core, check_with, limit) if minimal else False
            done = time.perf_counter()
            return Why(
                model,
                Status.UNSATISFIABLE.value,
                core,
                minimal,
                ok,
                seconds=done - start,
                check_seconds=done - checking,
            )
    finally:
        sat.close()
    return _several(model, start, limit)


def _several(model: Model, start: float, limit: float) -> Why:
    """The answer for a puzzle with a solution: unique, or where two differ and a fix."""
    solver = get_solver("sat")
    first = solver.solve(model, limit=SOLUTION_LIMIT, time_limit=limit)
    if first.status in (Status.UNIQUE, Status.TIMEOUT) or first.count < 2:
        return Why(model, first.status.value, seconds=time.perf_counter() - start)
    grids = [g.cells for g in first.solutions]
    complete = first.status is Status.MULTIPLE and first.count < SOLUTION_LIMIT
    a, b = grids[0], grids[1]
    differ = tuple(i for i in range(model.size) if a[i] != b[i])
    single = unique_placements(model, grids, complete, solver, limit)
    if single:
        fix: tuple[tuple[int, int], ...] = (single[0],)
        fewest = True
    else:
        fix = _added_givens(model, a, solver, limit)
        fewest = len(fix) == 1
    return Why(
        model,
        Status.MULTIPLE.value,
        solutions=(a, b),
        differ=differ,
        fix=fix,
        fewest=fewest,
        seconds=time.perf_counter() - start,
    )


def _added_givens(
    model: Model, target: Sequence[int], solver: Solver, limit: float
) -> tuple[tuple[int, int], ...]:
    """Givens from ``target`` that leave it the only solution: each added where another
    solution differs from it, then each dropped again when it is not needed."""
    added: list[tuple[int, int]] = []
    current = model
    for _ in range(model.size):
        other = solver.solve(current, limit=1, time_limit=limit, exclude=[target])
        if other.status is Status.TIMEOUT:
            return ()  # no fix found in time
        if other.count < 1:
            break
        grid = other.solutions[0].cells
        i = next(i for i in range(model.size) if grid[i] != target[i])
        added.append((i, target[i]))
        current = _with(model, added)
    for pair in list(added):
        fewer = [p for p in added if p != pair]
        if solver.solve(_with(model, fewer), limit=2, time_limit=limit).status is Status.UNIQUE:
            added = fewer
    return tuple(sorted(added))


def _with(model: Model, placed: Sequence[tuple[int, int]]) -> Model:
    cells = list(model.givens)
    for i, d in placed:
        cells[i] = d
    return dataclasses.replace(model, givens=tuple(cells))
