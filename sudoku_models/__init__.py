"""sudoku_models: Sudoku as a constraint problem, one model and many solvers.

>>> import sudoku_models as sm
>>> result = sm.solve(".1.....4....34..")
>>> result.status, result.solution.to_line()
(Status.SOLVED, '4132231412433421')
"""

from . import datasets, formats, variants
from .api import count_solutions, fill_board, has_other_solution, is_unique, solve
from .batch import solve_many
from .board import Board
from .diagnosis import why
from .errors import (
    InvalidPuzzleError,
    MissingDependencyError,
    SudokuModelsError,
    UnknownSolverError,
    UnsupportedModelError,
)
from .formats import fpuzzles_keys as fpuzzles
from .formats import read
from .logic import logical_solve
from .logic.certify import certify
from .model import AllDifferent, Model, SumCage
from .puzzle import Puzzle
from .solvers import available_solvers, get_solver
from .solvers.base import Result, Solver, Stats, Status
from .tracing import trace
from .true_candidates import TrueCandidates, true_candidates

__version__ = "0.1.0"

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
