"""Puzzle generation: random complete grids, clues dug out in one pass, symmetric layouts, seeds.

>>> from sudoku_models.generator import generate
>>> g = generate(seed=2024)
>>> g.solution.is_valid_solution_of(g.puzzle), g.is_minimal
(True, True)
"""

from .api import DEFAULT_ATTEMPTS, Generated, generate, generate_many
from .grids import random_grid
from .symmetry import SYMMETRIES, orbits

__all__ = [
    "DEFAULT_ATTEMPTS",
    "SYMMETRIES",
    "Generated",
    "generate",
    "generate_many",
    "orbits",
    "random_grid",
]
