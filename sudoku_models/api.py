"""The module-level entry points: ``solve``, ``count_solutions``, ``is_unique`` and friends.

Each takes a puzzle in any form :func:`sudoku_models.door.read` reads (a model, a puzzle, a
text or link, rows of digits, a file's path) and a backend given by name
(``"sat:glucose4"``) or as a :class:`~sudoku_models.solvers.base.Solver`; the default is
:data:`~sudoku_models.solvers.DEFAULT_BACKEND` (SAT), and ``backend="backtracking"`` runs the
handwritten search. Solvers named without options are kept and reused, so backends that keep
state between puzzles (the incremental SAT solver) pay their set-up once.
"""

from __future__ import annotations

import atexit
from collections.abc import Sequence
from typing import Any

from . import deadline
from .door import PuzzleLike, model_of
from .errors import InvalidPuzzleError
from .model import Model
from .puzzle import Puzzle
from .solvers import DEFAULT_BACKEND, get_solver
from .solvers.base import Result, Solver

Backend = str | Solver | type[Solver]

_shared: dict[str, Solver] = {}


@atexit.register
def _close_shared() -> None:
    """Free the kept solvers before the interpreter tears its modules down."""
    for solver in _shared.values():
        solver.close()
    _shared.clear()


def _solver(backend: Backend, options: dict[str, Any]) -> Solver:
    if isinstance(backend, str) and not options:
        key = backend.strip()
        if key not in _shared:
            _shared[key] = get_solver(key)
        return _shared[key]
    return get_solver(backend, **options)


def _read(puzzle: PuzzleLike, time_limit: float | None = None) -> Model:
    """The model of ``puzzle`` through the one door, its reading bounded by ``time_limit``."""
    with deadline.within(time_limit):
        return model_of(puzzle)


def solve(
    puzzle: PuzzleLike,
    backend: Backend = DEFAULT_BACKEND,
    limit: int = 1,
    time_limit: float | None = None,
    **options: Any,
) -> Result:
    """Solve ``puzzle``, collecting up to ``limit`` solutions (0: all); see :class:`Result`.

    ``options`` are passed to the backend when it is named.

    >>> solve(".1.....4....34..", limit=2).status
    Status.UNIQUE
    >>> solve(".1.....4....34..", backend="backtracking").backend
    'backtracking:fast'
    """
    model = _read(puzzle, time_limit)
    return _solver(backend, options).solve(model, limit=limit, time_limit=time_limit)


def count_solutions(
    puzzle: PuzzleLike,
    limit: int = 0,
    backend: Backend = DEFAULT_BACKEND,
    time_limit: float | None = None,
    **options: Any,
) -> int:
    """Number of solutions, counting at most ``limit`` (0: all).

    >>> count_solutions(".234341243212143")
    1
    """
    solver = _solver(backend, options)
    return solver.count_solutions(_read(puzzle, time_limit), limit=limit, time_limit=time_limit)


def is_unique(
    puzzle: PuzzleLike,
    backend: Backend = DEFAULT_BACKEND,
    time_limit: float | None = None,
    **options: Any,
) -> bool:
    """Whether ``puzzle`` has exactly one solution (solve, block that solution, solve again)."""
    model = _read(puzzle, time_limit)
    return _solver(backend, options).is_unique(model, time_limit=time_limit)


def has_other_solution(
    puzzle: PuzzleLike,
    known: Puzzle | Sequence[int],
    backend: Backend = DEFAULT_BACKEND,
    **options: Any,
) -> bool:
    """Whether ``puzzle`` has a solution other than ``known``: a single solve with it blocked."""
    return _solver(backend, options).has_other_solution(_read(puzzle), known)


def fill_board(
    board: list[list[str]], backend: Backend = DEFAULT_BACKEND, **options: Any
) -> Result:
    """Solve a LeetCode-style board (rows of one-symbol strings, "." blank) and fill it in place.

    The board is left untouched when there is no solution; the result says why.

    >>> board = [list(row) for row in [".1..", "...4", "....", "34.."]]
    >>> fill_board(board).status
    Status.SOLVED
    >>> "".join(board[0])
    '4132'
    """
    if not isinstance(board, list) or not all(isinstance(row, list) for row in board):
        raise InvalidPuzzleError("fill_board expects a list of lists of one-symbol strings")
    result = solve(board, backend=backend, **options)
    if result.solution is not None:
        n = result.solution.n
        symbols = [row[:] for row in result.solution.rows()]
        for r in range(n):
            for c in range(n):
                board[r][c] = result.solution.board.symbol(symbols[r][c])
    return result
