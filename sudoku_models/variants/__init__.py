"""Variant rules: each a small value with its geometry, primitives, f-puzzles entry and drawing.

>>> from sudoku_models.board import Board
>>> [type(p).__name__ for p in Thermometer(((0, 0), (0, 1), (0, 2))).primitives(Board(3, 3))]
['Relation', 'Relation', 'Relation']
"""

from .base import Variant
from .cages import KillerCage, LittleKiller
from .cells import Clone, Even, Maximum, Minimum, Odd, Quadruple
from .dots import XV, Difference, Negative, Nonconsecutive, Ratio
from .indexers import BoxIndexer, ColumnIndexer, RowIndexer
from .lines import (
    Arrow,
    BetweenLine,
    EntropicLine,
    Palindrome,
    RegionSumLine,
    Renban,
    SlowThermometer,
    Thermometer,
    Whispers,
    ZipperLine,
)
from .outside import Sandwich, Skyscraper, XSum
from .regions import AntiKing, AntiKnight, Diagonal, DisjointGroups, ExtraRegion, Jigsaw, windoku

__all__ = [
    "XV",
    "AntiKing",
    "AntiKnight",
    "Arrow",
    "BetweenLine",
    "BoxIndexer",
    "Clone",
    "ColumnIndexer",
    "Diagonal",
    "Difference",
    "DisjointGroups",
    "EntropicLine",
    "Even",
    "ExtraRegion",
    "Jigsaw",
    "KillerCage",
    "LittleKiller",
    "Maximum",
    "Minimum",
    "Negative",
    "Nonconsecutive",
    "Odd",
    "Palindrome",
    "Quadruple",
    "Ratio",
    "RegionSumLine",
    "Renban",
    "RowIndexer",
    "Sandwich",
    "Skyscraper",
    "SlowThermometer",
    "Thermometer",
    "Variant",
    "Whispers",
    "XSum",
    "ZipperLine",
    "windoku",
]
