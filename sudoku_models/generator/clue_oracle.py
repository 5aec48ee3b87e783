"""Uniqueness questions about variant puzzles whose givens and clue marks come and go.

A variant puzzle here is fixed *rules* (rows, columns, the boxes or jigsaw regions, global rules
such as anti-knight, marks that a negative rule needs all of), a solution ``grid``, the givens
left, and a list of *marks* (killer cages, dots, lines) each switched on or off. The question is
always the same: do the givens and the marks switched on allow a solution other than ``grid``?

:class:`SatClueOracle` loads one incremental PySAT solver with the rules, each mark's clauses
guarded by a selector literal, and "differs from ``grid`` somewhere" guarded by another; a
question is one call with assumptions. :class:`SolverClueOracle` builds the model and asks any
backend's :meth:`~sudoku_models.solvers.base.Solver.has_other_solution`. Both are exact, so a
generator that only asks them questions makes the same puzzle on every backend.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any, Protocol

from ..board import Board
from ..cnf import Formula, at_most_one_encoder, cage_clauses, encode, var
from ..cnf_constraints import constraint_clauses
from ..constraints import AllDifferent, Relation, SumCage
from ..model import Model
from ..puzzle import Puzzle
from ..solvers.base import Solver
from ..variants import Variant


class ClueOracle(Protocol):
    """Answers whether givens and the marks switched on allow a solution other than the grid."""

    label: str

    def add(self, mark: Variant) -> int:
        """Register a mark; returns its number for ``active``."""
        ...

    def has_other(self, givens: Sequence[int], active: Sequence[int]) -> bool:
        """Whether ``givens`` (0 for empty) and the marks numbered ``active`` allow another
        solution than the grid."""
        ...

    @property
    def marks(self) -> list[Variant]:
        """The marks registered, by number."""
        ...

    def close(self) -> None:
        """Free what the oracle holds."""
        ...


class _Fresh:
    """Hands out auxiliary variable numbers above ``top``."""

    def __init__(self, top: int) -> None:
        self.top = top

    def take(self, count: int = 1) -> int:
        first = self.top + 1
        self.top += count
        return first


class SatClueOracle:
    """One incremental PySAT solver: the rules as clauses, marks and the block behind selectors."""

    def __init__(
        self, board: Board, rules: Sequence[Variant], grid: Sequence[int], name: str | None = None
    ) -> None:
        from pysat.solvers import Solver as PySat

        from ..solvers.sat import SatSolver

        self.board = board
        self.label = "sat"
        self.marks: list[Variant] = []
        n = board.n
        formula = _rules_formula(board, tuple(rules))
        self._fresh = _Fresh(formula.top)
        self._sat: Any = PySat(name=name or SatSolver().variant, bootstrap_with=formula.clauses)
        self._block = self._fresh.take()
        self._sat.add_clause([-self._block, *(-var(n, i, d) for i, d in enumerate(grid))])
        self._selectors: list[int] = []
        self._options = [tuple(range(1, n + 1))] * board.size
        self._known = (0,) * board.size
        self._amo = at_most_one_encoder("pairwise")

    def add(self, mark: Variant) -> int:
        """Encode ``mark`` behind a new selector."""
        n = self.board.n
        clauses: list[list[int]] = []
        others = []
        for p in mark.primitives(self.board):
            if isinstance(p, SumCage):
                clauses += cage_clauses(p, n, self._options, self._known, self._fresh, self._amo)  # type: ignore[arg-type]
            elif isinstance(p, AllDifferent):
                for d in range(1, n + 1):
                    clauses += self._amo([var(n, i, d) for i in p.cells], self._fresh)  # type: ignore[arg-type]
            else:
                others.append(p)
        clauses += constraint_clauses(others, n, self._options, self._known, self._fresh)
        selector = self._fresh.take()
        for clause in clauses:
            self._sat.add_clause([-selector, *clause])
        self.marks.append(mark)
        self._selectors.append(selector)
        return len(self.marks) - 1

    def has_other(self, givens: Sequence[int], active: Sequence[int]) -> bool:
        """One SAT call with the givens, the active marks and the block as assumptions."""
        n = self.board.n
        assumptions = [self._block, *(self._selectors[k] for k in active)]
        assumptions += [var(n, i, d) for i, d in enumerate(givens) if d]
        return bool(self._sat.solve(assumptions=assumptions))

    def close(self) -> None:
        """Free the SAT solver."""
        self._sat.delete()


@functools.lru_cache(maxsize=64)
def rules_model(board: Board, rules: tuple[Variant, ...]) -> Model:
    """The model of the rules alone on an empty board, built once per set of rules."""
    return Model.from_puzzle(Puzzle.empty((board.box_rows, board.box_cols)), variants=rules)


@functools.lru_cache(maxsize=64)
def _rules_formula(board: Board, rules: tuple[Variant, ...]) -> Formula:
    return encode(_unequal_as_groups(rules_model(board, rules)), "extended", "pairwise", "none")


def _unequal_as_groups(model: Model) -> Model:
    """``model`` with each "the two digits differ" relation (anti-knight, anti-king) written as
    a two-cell group, whose clauses are binary, instead of support clauses."""
    n = model.n
    unequal = frozenset((x, y) for x in range(1, n + 1) for y in range(1, n + 1) if x != y)
    pairs = [c for c in model.constraints if isinstance(c, Relation) and c.pairs == unequal]
    if not pairs:
        return model
    rest = tuple(
        c for c in model.constraints if not (isinstance(c, Relation) and c.pairs == unequal)
    )
    groups = tuple(AllDifferent((r.a, r.b), r.name) for r in pairs)
    return dataclasses.replace(model, groups=model.groups + groups, constraints=rest)


class SolverClueOracle:
    """Any backend: the model of the givens, rules and active marks, one solve per question."""

    def __init__(
        self, board: Board, rules: Sequence[Variant], grid: Sequence[int], solver: Solver
    ) -> None:
        self.board = board
        self.rules = tuple(rules)
        self.grid = tuple(grid)
        self.solver = solver
        self.label = solver.label
        self.marks: list[Variant] = []

    def add(self, mark: Variant) -> int:
        """Keep ``mark``."""
        self.marks.append(mark)
        return len(self.marks) - 1

    def has_other(self, givens: Sequence[int], active: Sequence[int]) -> bool:
        """One ``has_other_solution`` call on the model of the question."""
        model = Model.from_puzzle(
            Puzzle(self.board, tuple(givens)),
            variants=self.rules + tuple(self.marks[k] for k in active),
        )
        return self.solver.has_other_solution(model, self.grid)

    def close(self) -> None:
        """Nothing to free."""
