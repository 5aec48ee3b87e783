"""Puzzle generation: random complete grids, clues dug out in one pass, symmetric layouts, seeds.

>>> from sudoku_models.generator import generate
>>> g = generate(seed=2024)
>>> g.solution.is_valid_solution_of(g.puzzle), g.is_minimal
(True, True)
"""

from .api import DEFAULT_ATTEMPTS, Generated, generate, generate_many
from .grids import random_grid
from .symmetry import SYMMETRIES, orbits
from .variants import VARIANTS, VariantGenerated, generate_variant, search_nodes

__all__ = [
    "DEFAULT_ATTEMPTS",
    "SYMMETRIES",
    "VARIANTS",
    "Generated",
    "VariantGenerated",
    "generate",
    "generate_many",
    "generate_variant",
    "orbits",
    "random_grid",
    "search_nodes",
]
