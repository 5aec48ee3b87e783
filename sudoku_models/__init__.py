"""sudoku_models: Sudoku as a constraint problem, one model and many solvers.

>>> import sudoku_models as sm
>>> result = sm.solve(".1.....4....34..")
>>> result.status, result.solution.to_line()
(Status.SOLVED, '4132231412433421')

Each public name is loaded on first use: ``import sudoku_models`` alone loads next to nothing,
and the logical solver, say, only once ``sm.logical_solve`` is asked for, so a program or the
command line pays only for the parts it uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_names

# The public names, each where it lives, loaded on first use: ``lazy_names`` reads these
# imports, which only type checkers run.
# ruff: noqa: F401
if TYPE_CHECKING:
    from . import datasets, formats, variants
    from .api import count_solutions, fill_board, has_other_solution, is_unique, solve
    from .batch import solve_many
    from .board import Board
    from .candidates import TrueCandidates, true_candidates
    from .diagnosis import why
    from .door import read
    from .errors import (
        InvalidPuzzleError,
        MissingDependencyError,
        SudokuModelsError,
        UnknownSolverError,
        UnsupportedModelError,
    )
    from .formats.fpuzzles import keys as fpuzzles
    from .logic import logical_solve
    from .logic.certify import certify
    from .model import AllDifferent, Model, SumCage
    from .puzzle import Puzzle
    from .solvers import available_solvers, get_solver
    from .solvers.base import Result, Solver, Stats, Status
    from .tracing import trace

__version__ = "0.1.0"

if not TYPE_CHECKING:  # type checkers read the imports above, and flag a misspelt name
    __getattr__, __dir__, __all__ = lazy_names(__name__)
