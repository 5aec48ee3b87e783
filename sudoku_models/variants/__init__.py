"""Variant rules: each a small value with its geometry, primitives, f-puzzles entry and drawing.

>>> from sudoku_models.board import Board
>>> [type(p).__name__ for p in Thermometer(((0, 0), (0, 1), (0, 2))).primitives(Board(3, 3))]
['Relation', 'Relation', 'Relation']
"""

from .base import Variant
from .cages import KillerCage, LittleKiller
from .cells import Clone, Even, Maximum, Minimum, Odd, Quadruple
from .counting import (
    CountingCircles,
    EqualityCage,
    GlobalEntropy,
    GlobalModular,
    LookAndSayCage,
    Lunchbox,
    RellikCage,
)
from .dots import XV, Difference, Negative, Nonconsecutive, Ratio, StrictKropki
from .extra_lines import DoubleArrow, NabnerLine
from .fortress import Fortress
from .global_rules import AntiTaxicab, DutchFlatmates, GivenPencilmarks
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
from .lookups import NumberedRoom, ValueIndexing
from .magic import MagicSquare
from .outside import Sandwich, Skyscraper, XSum
from .pointing import PointingDigit
from .products import ProductCage, ProductDot
from .ranking import FullRank, NoRankTies
from .regions import AntiKing, AntiKnight, Diagonal, DisjointGroups, ExtraRegion, Jigsaw, windoku
from .same_values import SameValues
from .sequences import LockoutLine, ModularLine, ParityLine, RegexLine, SequenceRule, TenLine

__all__ = [
    "XV",
    "AntiKing",
    "AntiKnight",
    "AntiTaxicab",
    "Arrow",
    "BetweenLine",
    "BoxIndexer",
    "Clone",
    "ColumnIndexer",
    "CountingCircles",
    "Diagonal",
    "Difference",
    "DisjointGroups",
    "DoubleArrow",
    "DutchFlatmates",
    "EntropicLine",
    "EqualityCage",
    "Even",
    "ExtraRegion",
    "Fortress",
    "FullRank",
    "GivenPencilmarks",
    "GlobalEntropy",
    "GlobalModular",
    "Jigsaw",
    "KillerCage",
    "LittleKiller",
    "LockoutLine",
    "LookAndSayCage",
    "Lunchbox",
    "MagicSquare",
    "Maximum",
    "Minimum",
    "ModularLine",
    "NabnerLine",
    "Negative",
    "NoRankTies",
    "Nonconsecutive",
    "NumberedRoom",
    "Odd",
    "Palindrome",
    "ParityLine",
    "PointingDigit",
    "ProductCage",
    "ProductDot",
    "Quadruple",
    "Ratio",
    "RegexLine",
    "RegionSumLine",
    "RellikCage",
    "Renban",
    "RowIndexer",
    "SameValues",
    "Sandwich",
    "SequenceRule",
    "Skyscraper",
    "SlowThermometer",
    "StrictKropki",
    "TenLine",
    "Thermometer",
    "ValueIndexing",
    "Variant",
    "Whispers",
    "XSum",
    "ZipperLine",
    "windoku",
]
