"""Digging holes in one pass: remove each orbit of clues unless the puzzle stops being unique.

Start from a complete grid ``G`` and visit the orbits of cells (single cells without symmetry)
in a given order. An orbit is removed when the puzzle without it still has ``G`` as its only
solution. The puzzle before the removal is unique, so any other solution differs from ``G`` in
a removed cell: the question is whether "the remaining clues, plus some removed cell ``i`` not
holding ``G[i]``" is satisfiable. Removing clues only adds solutions, so an orbit kept once
stays needed, and one pass leaves a puzzle where no orbit can go (a minimal puzzle when the
orbits are single cells).

Two ways to answer, both exact, so the result depends only on the grid and the order:

1. *Propagation*: when every removed cell is forced by the remaining clues alone (a naked single:
   its peers' clues rule out every other digit; or a hidden single: in one of its units, every
   other empty cell sees a clue with its digit), ``G`` is the only solution and no solver runs.
2. An *oracle*: :class:`SatOracle` keeps one incremental PySAT solver loaded with the board's
   rules and asks it with the clues as assumptions plus one literal "cell ``i`` is not ``G[i]``"
   (a selector-guarded clause when an orbit removes several cells); :class:`SolverOracle` asks any
   backend's :meth:`~sudoku_models.solvers.base.Solver.has_other_solution`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any, Protocol

from ..board import Board
from ..cnf import encode, var
from ..model import Model
from ..puzzle import Puzzle
from ..solvers.base import Solver
from ..solvers.sat import UNBOUNDED, SatSolver


class Oracle(Protocol):
    """Answers: do the clues ``cells`` (0 for removed) have a solution other than ``grid``?"""

    label: str

    def has_other(self, cells: Sequence[int], grid: Sequence[int], removed: Sequence[int]) -> bool:
        """Whether a solution of ``cells`` differs from ``grid``; ``removed`` were just cleared.

        The caller guarantees the clues with ``removed`` filled in from ``grid`` have ``grid`` as
        their only solution, so only the ``removed`` cells can differ.
        """
        ...


class SolverOracle:
    """The oracle of any backend: one ``has_other_solution`` call per question, one at a time."""

    def __init__(self, board: Board, solver: Solver) -> None:
        self.board = board
        self.solver = solver
        self.label = solver.label
        self._lock = threading.Lock()

    def has_other(self, cells: Sequence[int], grid: Sequence[int], removed: Sequence[int]) -> bool:
        """One solve of the clues with ``grid`` blocked."""
        with self._lock:
            return self.solver.has_other_solution(Puzzle(self.board, tuple(cells)), grid)


#: Board sides from which a question the loaded solver does not settle within
#: :data:`CONFLICT_BUDGET` conflicts goes to a fresh solver on the formula the clues reduce.
REDUCED_FROM = 16

#: Conflicts the loaded solver may spend on one question of a large board before it is handed on.
CONFLICT_BUDGET = 100

#: The PySAT solver for reduced formulas: the fastest of those tried on late 25x25 questions
#: (Glucose 4, 1.8 times faster there than a fresh CaDiCaL).
REDUCED_SOLVER = "glucose4"


class SatOracle:
    """The SAT backend's solver for a board's rules, asked with the clues as assumptions.

    The solver is loaded at the first question and kept (see
    :meth:`~sudoku_models.solvers.sat.SatSolver.shared_rules`). A lock keeps threads that share
    the oracle from mixing their questions.

    On boards of :data:`REDUCED_FROM` digits and more, late questions (few clues left, another
    solution to find) are slow on the full rules: one took seconds on 25x25. Such a question,
    once the loaded solver has spent :data:`CONFLICT_BUDGET` conflicts on it, goes to a fresh
    solver given only the candidates the clues leave (Kwon and Jain's reduced encoding, see
    :func:`~sudoku_models.cnf.encode`): on the last 25 questions of a 25x25 pass this made
    the questions 2.4 times faster, the answers being the same.
    """

    def __init__(
        self, board: Board, variant: str, encoding: str = "extended", amo: str = "pairwise"
    ) -> None:
        self.board = board
        self.label = f"sat:{variant}"
        self._backend = SatSolver(variant, encoding=encoding, amo=amo)
        self._shape = Model.from_puzzle(Puzzle.empty((board.box_rows, board.box_cols)))
        self._lock = threading.Lock()
        # The literals "cell i holds grid[i]" of the last grid asked about, one per cell.
        self._grid: Sequence[int] = ()
        self._literals: list[int] = []

    def has_other(self, cells: Sequence[int], grid: Sequence[int], removed: Sequence[int]) -> bool:
        """One SAT call: the clues and "some removed cell differs from ``grid``"."""
        with self._lock:
            return self._ask(cells, grid, removed)

    def _ask(self, cells: Sequence[int], grid: Sequence[int], removed: Sequence[int]) -> bool:
        n = self.board.n
        shared = self._backend.shared_rules(self._shape)
        sat = shared.sat
        if grid is not self._grid:
            self._grid = grid
            self._literals = [var(n, i, d) for i, d in enumerate(grid)]
        assumptions = list(compress(self._literals, cells))
        if len(removed) == 1:
            i = removed[0]
            assumptions.append(-var(n, i, grid[i]))
            return self._settle(sat, assumptions, cells, grid, removed)
        selector = shared.new_selector()
        sat.add_clause([-selector, *(-var(n, i, grid[i]) for i in removed)])
        assumptions.append(selector)
        answer = self._settle(sat, assumptions, cells, grid, removed)
        sat.add_clause([-selector])
        return answer

    def _settle(
        self,
        sat: Any,
        assumptions: list[int],
        cells: Sequence[int],
        grid: Sequence[int],
        removed: Sequence[int],
    ) -> bool:
        """The loaded solver's answer, or on a large board one it is slow to give, the reduced's."""
        if self.board.n < REDUCED_FROM or self._backend.variant in UNBOUNDED:
            return bool(sat.solve(assumptions=assumptions))
        sat.conf_budget(CONFLICT_BUDGET)
        answer = sat.solve_limited(assumptions=assumptions)
        if answer is not None:
            return bool(answer)
        return self.ask_reduced(cells, grid, removed)

    def ask_reduced(
        self, cells: Sequence[int], grid: Sequence[int], removed: Sequence[int]
    ) -> bool:
        """:meth:`has_other` asked of a fresh solver given the formula the clues reduce."""
        puzzle = Puzzle(self.board, tuple(cells))
        formula = encode(puzzle, self._backend.encoding, self._backend.amo, "simplify")
        n = self.board.n
        clauses = [*formula.clauses, [-var(n, i, grid[i]) for i in removed]]
        from pysat.solvers import Solver as PySatSolver

        with PySatSolver(name=REDUCED_SOLVER, bootstrap_with=clauses) as fresh:
            return bool(fresh.solve())

    def close(self) -> None:
        """Free the SAT solver; the next question loads a new one."""
        self._backend.close()


@dataclass(frozen=True)
class Dug:
    """The outcome of one pass: the puzzle, the orbits removed in order, and how each was decided.

    ``complete`` is False when the clue floor stopped some removal that was never tested, so the
    puzzle may not be minimal. ``tested`` counts the removals asked about, ``propagated`` those
    that propagation settled without the oracle.
    """

    cells: tuple[int, ...]
    removed: tuple[tuple[int, ...], ...]
    complete: bool
    tested: int
    propagated: int


class _Clues:
    """The clues left, with the digits each row, column and box still holds as bit masks."""

    def __init__(self, board: Board, grid: Sequence[int]) -> None:
        n = board.n
        self.cells = list(grid)
        self.full = (1 << (n + 1)) - 2
        self.where = board.cell_units
        self.units = board.units
        self.held = [self.full] * (3 * n)

    def clear(self, i: int) -> None:
        """Remove the clue of cell ``i``."""
        keep = ~(1 << self.cells[i])
        for u in self.where[i]:
            self.held[u] &= keep
        self.cells[i] = 0

    def put(self, i: int, d: int) -> None:
        """Give cell ``i`` the clue ``d`` again."""
        bit = 1 << d
        for u in self.where[i]:
            self.held[u] |= bit
        self.cells[i] = d

    def options(self, i: int) -> int:
        """Bit mask of the digits no clue in a unit of cell ``i`` rules out."""
        u, v, w = self.where[i]
        return self.full & ~(self.held[u] | self.held[v] | self.held[w])

    def forces(self, i: int, d: int) -> bool:
        """Whether the clues alone put ``d`` in the empty cell ``i`` (naked or hidden single)."""
        bit = 1 << d
        if self.options(i) == bit:
            return True
        cells = self.cells
        for u in self.where[i]:
            if all(j == i or cells[j] or not self.options(j) & bit for j in self.units[u]):
                return True
        return False


def dig(
    board: Board,
    grid: Sequence[int],
    order: Sequence[Sequence[int]],
    oracle: Oracle,
    floor: int = 0,
    tried: Callable[[int], None] | None = None,
) -> Dug:
    """Visit the orbits of ``order`` once, removing each whose removal keeps ``grid`` unique.

    ``floor`` is the fewest clues to keep: an orbit that would go below it is left untested.
    ``tried``, when given, is called after each orbit with the number of cells visited so far.
    """
    clues = _Clues(board, grid)
    count = board.size
    removed = []
    tested = propagated = 0
    complete = True
    visited = 0
    for orbit in order:
        if tried is not None:
            tried(visited)
            visited += len(orbit)
        if count - len(orbit) < floor:
            complete = False
            continue
        tested += 1
        for i in orbit:
            clues.clear(i)
        if all(clues.forces(i, grid[i]) for i in orbit):
            propagated += 1
        elif oracle.has_other(clues.cells, grid, orbit):
            for i in orbit:
                clues.put(i, grid[i])
            continue
        removed.append(tuple(orbit))
        count -= len(orbit)
    if tried is not None:
        tried(visited)
    return Dug(tuple(clues.cells), tuple(removed), complete, tested, propagated)


def removable_cells(
    cells: Sequence[int],
    grid: Sequence[int],
    candidates: Sequence[int],
    oracle: Oracle,
    board: Board,
) -> list[int]:
    """The cells among ``candidates`` whose clue alone can go with the puzzle staying unique."""
    clues = _Clues(board, grid)
    for i, d in enumerate(cells):
        if not d:
            clues.clear(i)
    found = []
    for i in candidates:
        clues.clear(i)
        if clues.forces(i, grid[i]) or not oracle.has_other(clues.cells, grid, (i,)):
            found.append(i)
        clues.put(i, grid[i])
    return found
