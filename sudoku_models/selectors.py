"""Incremental SAT with selector literals: groups of clauses switched on by assumptions.

A *selector* is a fresh variable ``s`` added to every clause of a group (``[*clause, -s]``):
assuming ``s`` true switches the group on, assuming it false (or leaving it out) leaves the
group satisfied whatever the other variables hold. One loaded solver then answers many
questions about different subsets of the groups, each one call under assumptions, keeping
what it learnt between calls. Certifying logical steps, minimal cores of a puzzle with no
solution and the uniqueness questions of the generator all ask it so.

>>> with SelectorSat([[1, 2]], top=2, needs="the example") as sat:
...     no_one = sat.guard("not 1", lambda: [[-1]])
...     no_two = sat.guard("not 2", lambda: [[-2]])
...     sat.solve([no_one]), sat.solve([no_one, no_two]), sorted(sat.core())
(True, False, [3, 4])
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from .cnf import Fresh
from .errors import MissingDependencyError

__all__ = ["SelectorSat"]

#: The PySAT solver loaded when none is named.
DEFAULT_SAT = "minisat22"


class SelectorSat:
    """One incremental PySAT solver loaded with ``clauses`` (variables up to ``top``; fresh
    ones are taken above it), and groups of clauses each behind a selector, written the first
    time a question needs them. ``needs`` names the feature for the error when PySAT is
    missing. Use as a context manager, or call :meth:`close`."""

    def __init__(
        self,
        clauses: Iterable[Sequence[int]],
        top: int,
        needs: str,
        name: str = DEFAULT_SAT,
    ) -> None:
        try:
            from pysat.solvers import Solver
        except ImportError as exc:
            raise MissingDependencyError(f"{needs} needs PySAT: pip install python-sat") from exc
        self.fresh = Fresh(top)
        self.sat: Any = Solver(name=name, bootstrap_with=clauses)
        self.selectors: dict[Hashable, int] = {}

    def guard(self, key: Hashable, body: Callable[[], Iterable[Sequence[int]]]) -> int:
        """The selector of the group ``key``; on first use its clauses (``body()``, which may
        take fresh variables) are written behind a new selector."""
        if key not in self.selectors:
            clauses = list(body())
            selector = self.fresh.take()
            self.sat.append_formula([[*clause, -selector] for clause in clauses])
            self.selectors[key] = selector
        return self.selectors[key]

    def switches(self, on: Iterable[int]) -> list[int]:
        """Assumptions that switch the selectors ``on`` on and every other group off."""
        chosen = set(on)
        return [s if s in chosen else -s for s in self.selectors.values()]

    def solve(
        self,
        assumptions: Sequence[int],
        conflicts: int | None = None,
        seconds: float | None = None,
    ) -> bool | None:
        """Whether the clauses and the groups switched on by ``assumptions`` have a solution;
        None when ``conflicts`` conflicts or ``seconds`` passed first."""
        if conflicts is None and seconds is None:
            return bool(self.sat.solve(assumptions=list(assumptions)))
        if conflicts is not None:
            self.sat.conf_budget(conflicts)
        if seconds is None:
            return self.sat.solve_limited(assumptions=list(assumptions))
        timer = threading.Timer(max(0.0, seconds), self.sat.interrupt)
        timer.start()
        try:
            answer = self.sat.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
        finally:
            timer.cancel()
        self.sat.clear_interrupt()
        return answer

    def add(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add ``clauses`` for good, beside the base clauses (over selectors too)."""
        self.sat.append_formula([list(clause) for clause in clauses])

    def ask(
        self,
        clause: Sequence[int],
        assumptions: Sequence[int],
        conflicts: int | None = None,
        seconds: float | None = None,
    ) -> bool | None:
        """:meth:`solve` with ``clause`` added for this one question only (behind a selector
        switched off for good afterwards)."""
        switch = self.fresh.take()
        self.sat.add_clause([-switch, *clause])
        try:
            return self.solve([*assumptions, switch], conflicts, seconds)
        finally:
            self.sat.add_clause([-switch])

    def true(self) -> set[int]:
        """The variables true in the last solution found."""
        return {lit for lit in self.sat.get_model() if lit > 0}

    def core(self) -> list[int]:
        """The assumptions the last unsatisfiable question needed."""
        return list(self.sat.get_core() or [])

    def retire(self) -> None:
        """Switch every group off for good and forget them: the solver, its clauses and what
        it learnt stay for other questions on the same base clauses."""
        for selector in self.selectors.values():
            self.sat.add_clause([-selector])
        self.selectors.clear()

    def close(self) -> None:
        """Free the solver."""
        self.sat.delete()

    def __enter__(self) -> SelectorSat:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
