"""Puzzle generation: random complete grids, clues dug out in one pass, symmetric layouts, seeds.

>>> from sudoku_models.generator import generate
>>> g = generate(seed=2024)
>>> g.solution.is_valid_solution_of(g.puzzle), g.is_minimal
(True, True)
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each where it lives, loaded on first use: ``lazy_names`` reads these
# imports, which only type checkers run.
# ruff: noqa: F401
if TYPE_CHECKING:
    from .api import DEFAULT_ATTEMPTS, Generated, generate, generate_many
    from .grids import random_grid
    from .symmetry import SYMMETRIES, orbits
    from .variants import VARIANTS, VariantGenerated, generate_variant, search_nodes

if not TYPE_CHECKING:  # type checkers read the imports above, and flag a misspelt name
    __getattr__, __dir__, __all__ = lazy_names(__name__)
