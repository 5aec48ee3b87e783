"""A logical solver for every model: a solve path in the words of each rule, and a difficulty.

The reasoning is derived from the primitives a model is written with, so every variant, present
and future, gets a path: houses and groups give singles, subsets, locked candidates and fish;
each variant mark is read by the propagators of its primitives and lends its name and cells to
the sentence; weak links from every two-cell relation feed chains; a bounded trial ends the
search when nothing else applies.

>>> from sudoku_models.model import Model
>>> from sudoku_models.puzzle import Puzzle
>>> from sudoku_models.variants import Thermometer
>>> thermo = Thermometer(((0, 0), (0, 1), (0, 2)))
>>> model = Model.from_puzzle(Puzzle.empty((2, 2)), variants=[thermo])
>>> logical_solve(model).steps[0].text
'thermometer r1c1-r1c3: r1c1 is at most 2, r1c2 is 2 to 3, r1c3 is at least 3'
"""

from .assumptions import TimeLimitReached
from .certify import Certificate
from .difficulty import BANDS, WEIGHTS, Difficulty
from .layout import House, Layout, layout_of
from .solver import Path, hint, logical_solve
from .step import Contradiction, Step

__all__ = [
    "BANDS",
    "WEIGHTS",
    "Certificate",
    "Contradiction",
    "Difficulty",
    "House",
    "Layout",
    "Path",
    "Step",
    "TimeLimitReached",
    "hint",
    "layout_of",
    "logical_solve",
]
