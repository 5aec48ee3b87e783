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

if TYPE_CHECKING:
    from . import datasets, formats, variants
    from .api import count_solutions, fill_board, has_other_solution, is_unique, solve
    from .batch import solve_many
    from .board import Board
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
    from .true_candidates import TrueCandidates, true_candidates

__version__ = "0.1.0"

#: Where each public name lives, loaded on first use (:func:`~sudoku_models.lazy.lazy_names`).
_SOURCES = {
    "AllDifferent": ".model:AllDifferent",
    "Board": ".board:Board",
    "InvalidPuzzleError": ".errors:InvalidPuzzleError",
    "MissingDependencyError": ".errors:MissingDependencyError",
    "Model": ".model:Model",
    "Puzzle": ".puzzle:Puzzle",
    "Result": ".solvers.base:Result",
    "Solver": ".solvers.base:Solver",
    "Stats": ".solvers.base:Stats",
    "Status": ".solvers.base:Status",
    "SudokuModelsError": ".errors:SudokuModelsError",
    "SumCage": ".model:SumCage",
    "TrueCandidates": ".true_candidates:TrueCandidates",
    "UnknownSolverError": ".errors:UnknownSolverError",
    "UnsupportedModelError": ".errors:UnsupportedModelError",
    "available_solvers": ".solvers:available_solvers",
    "certify": ".logic.certify:certify",
    "count_solutions": ".api:count_solutions",
    "datasets": ".datasets",
    "fill_board": ".api:fill_board",
    "formats": ".formats",
    "fpuzzles": ".formats.fpuzzles.keys",
    "get_solver": ".solvers:get_solver",
    "has_other_solution": ".api:has_other_solution",
    "is_unique": ".api:is_unique",
    "logical_solve": ".logic:logical_solve",
    "read": ".door:read",
    "solve": ".api:solve",
    "solve_many": ".batch:solve_many",
    "trace": ".tracing:trace",
    "true_candidates": ".true_candidates:true_candidates",
    "variants": ".variants",
    "why": ".diagnosis:why",
}

__all__ = [
    "AllDifferent",
    "Board",
    "InvalidPuzzleError",
    "MissingDependencyError",
    "Model",
    "Puzzle",
    "Result",
    "Solver",
    "Stats",
    "Status",
    "SudokuModelsError",
    "SumCage",
    "TrueCandidates",
    "UnknownSolverError",
    "UnsupportedModelError",
    "available_solvers",
    "certify",
    "count_solutions",
    "datasets",
    "fill_board",
    "formats",
    "fpuzzles",
    "get_solver",
    "has_other_solution",
    "is_unique",
    "logical_solve",
    "read",
    "solve",
    "solve_many",
    "trace",
    "true_candidates",
    "variants",
    "why",
]

if not TYPE_CHECKING:  # type checkers read the imports above, and flag a misspelt name
    __getattr__, __dir__ = lazy_names(__name__, _SOURCES)
