"""Puzzle generation: random complete grids, clues dug out in one pass, symmetric layouts, seeds.

>>> from sudoku_models.generator import generate
>>> g = generate(seed=2024)
>>> g.solution.is_valid_solution_of(g.puzzle), g.is_minimal
(True, True)
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
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

if not TYPE_CHECKING:  # type checkers read the imports above, and flag a misspelt name
    __getattr__, __dir__ = lazy_names(
        __name__,
        {
            "DEFAULT_ATTEMPTS": ".api:DEFAULT_ATTEMPTS",
            "Generated": ".api:Generated",
            "generate": ".api:generate",
            "generate_many": ".api:generate_many",
            "random_grid": ".grids:random_grid",
            "SYMMETRIES": ".symmetry:SYMMETRIES",
            "orbits": ".symmetry:orbits",
            "VARIANTS": ".variants:VARIANTS",
            "VariantGenerated": ".variants:VariantGenerated",
            "generate_variant": ".variants:generate_variant",
            "search_nodes": ".variants:search_nodes",
        },
    )
