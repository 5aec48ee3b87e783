"""One small example of every variant rule, for the documentation's gallery.

Each entry is ``(board shape, Python expression)``; the expression is shown on the card and
evaluated with ``v`` bound to :mod:`sudoku_models.variants` and ``board`` to the board. A rule the
package adds gets an entry here, or the documentation test names it as missing.
"""

from __future__ import annotations

JIGSAW_4X4 = (
    "v.Jigsaw((((0, 0), (0, 1), (0, 2), (1, 0)), ((0, 3), (1, 1), (1, 2), (1, 3)),\n"
    "          ((2, 0), (2, 1), (3, 0), (3, 1)), ((2, 2), (2, 3), (3, 2), (3, 3))))"
)

#: Class name -> (box shape, expression making one example of the rule).
EXAMPLES: dict[str, tuple[tuple[int, int], str]] = {
    "AntiKing": ((3, 3), "v.AntiKing()"),
    "AntiTaxicab": ((3, 3), "v.AntiTaxicab()"),
    "CountingCircles": ((3, 3), "v.CountingCircles(((0, 0), (1, 4), (4, 2), (6, 6), (8, 8)))"),
    "DoubleArrow": ((3, 3), "v.DoubleArrow(((1, 1), (1, 2), (2, 3), (3, 3)))"),
    "DutchFlatmates": ((3, 3), "v.DutchFlatmates()"),
    "EqualityCage": ((3, 3), "v.EqualityCage(((0, 0), (0, 1), (1, 0), (1, 1)))"),
    "GivenPencilmarks": ((3, 3), "v.GivenPencilmarks((4, 4), (1, 3, 5))"),
    "GlobalEntropy": ((3, 3), "v.GlobalEntropy()"),
    "GlobalModular": ((3, 3), "v.GlobalModular()"),
    "Fortress": ((3, 3), "v.Fortress(((1, 1), (1, 2), (2, 2)))"),
    "MagicSquare": ((3, 3), "v.MagicSquare((3, 3))"),
    "PointingDigit": ((3, 3), "v.PointingDigit((2, 2), (1, 1))"),
    "ProductCage": ((3, 3), "v.ProductCage(((0, 0), (0, 1), (1, 0)), 24)"),
    "ProductDot": ((3, 3), "v.ProductDot(((2, 2), (2, 3)), 12)"),
    "LockoutLine": ((3, 3), "v.LockoutLine(((1, 1), (2, 2), (3, 2), (4, 3)))"),
    "LookAndSayCage": ((3, 3), 'v.LookAndSayCage(((0, 0), (0, 1), (1, 0)), "1223")'),
    "FullRank": ((3, 3), "v.FullRank((-1, 2), 12)"),
    "NoRankTies": ((2, 2), "v.NoRankTies()"),
    "Lunchbox": ((3, 3), "v.Lunchbox(((2, 0), (2, 1), (2, 2), (2, 3), (2, 4)), 7)"),
    "ModularLine": ((3, 3), "v.ModularLine(((1, 1), (1, 2), (1, 3), (1, 4)))"),
    "NabnerLine": ((3, 3), "v.NabnerLine(((1, 1), (2, 2), (3, 3)))"),
    "NumberedRoom": ((3, 3), "v.NumberedRoom((-1, 2), 5)"),
    "ParityLine": ((3, 3), "v.ParityLine(((1, 1), (1, 2), (1, 3), (1, 4)))"),
    "RegexLine": ((3, 3), 'v.RegexLine(((3, 1), (3, 2), (3, 3), (3, 4)), "1[2-5]*9?")'),
    "RellikCage": ((3, 3), "v.RellikCage(((0, 0), (0, 1), (1, 0)), 5)"),
    "SequenceRule": (
        (3, 3),
        "v.SequenceRule(((1, 1), (1, 2), (1, 3)), 0, lambda last, d: d if d > last else None,\n"
        '               lambda last: True, "rising")',
    ),
    "TenLine": ((3, 3), "v.TenLine(((1, 1), (2, 1), (3, 2), (3, 3)))"),
    "ValueIndexing": ((3, 3), "v.ValueIndexing(((0, 0), (0, 1), (0, 2), (0, 3)))"),
    "AntiKnight": ((3, 3), "v.AntiKnight()"),
    "Arrow": ((3, 3), "v.Arrow(((1, 1),), ((2, 2), (3, 3), (4, 4)))"),
    "BetweenLine": ((3, 3), "v.BetweenLine(((1, 1), (1, 2), (2, 3), (3, 3)))"),
    "BoxIndexer": ((3, 3), "v.BoxIndexer(((4, 3), (4, 4), (4, 5)))"),
    "Clone": ((3, 3), "v.Clone(((0, 0), (0, 1)), ((4, 4), (4, 5)))"),
    "ColumnIndexer": ((3, 3), "v.ColumnIndexer(tuple((r, 0) for r in range(9)))"),
    "Diagonal": ((3, 3), "v.Diagonal(positive=True)"),
    "Difference": ((3, 3), "v.Difference(((2, 2), (2, 3)))"),
    "DisjointGroups": ((3, 3), "v.DisjointGroups()"),
    "EntropicLine": ((3, 3), "v.EntropicLine(((1, 1), (2, 2), (3, 3), (4, 4)))"),
    "Even": ((3, 3), "v.Even((4, 4))"),
    "ExtraRegion": (
        (3, 3),
        "v.ExtraRegion(tuple((r, c) for r in range(1, 4) for c in range(1, 4)))",
    ),
    "Jigsaw": ((2, 2), JIGSAW_4X4),
    "KillerCage": ((3, 3), "v.KillerCage(((0, 0), (0, 1), (1, 0)), 7)"),
    "LittleKiller": ((3, 3), 'v.LittleKiller((-1, 0), "DR", 25)'),
    "Maximum": ((3, 3), "v.Maximum((4, 4))"),
    "Minimum": ((3, 3), "v.Minimum((4, 4))"),
    "Negative": ((3, 3), 'v.Negative("xv")'),
    "Nonconsecutive": ((3, 3), "v.Nonconsecutive()"),
    "Odd": ((3, 3), "v.Odd((4, 4))"),
    "Palindrome": ((3, 3), "v.Palindrome(((1, 1), (2, 2), (3, 3), (4, 4)))"),
    "Quadruple": ((3, 3), "v.Quadruple(((0, 0), (0, 1), (1, 0), (1, 1)), (1, 2))"),
    "Ratio": ((3, 3), "v.Ratio(((2, 2), (2, 3)))"),
    "RegionSumLine": ((3, 3), "v.RegionSumLine(((2, 1), (2, 2), (2, 3), (2, 4)))"),
    "Renban": ((3, 3), "v.Renban(((1, 1), (1, 2), (1, 3), (1, 4)))"),
    "RowIndexer": ((3, 3), "v.RowIndexer(tuple((0, c) for c in range(9)))"),
    "SameValues": ((3, 3), "v.SameValues(((0, 0), (0, 1), (0, 2), (4, 3), (4, 4), (4, 5)), 2)"),
    "Sandwich": ((3, 3), "v.Sandwich((-1, 0), 15)"),
    "Skyscraper": ((3, 3), "v.Skyscraper((-1, 0), 3)"),
    "SlowThermometer": ((3, 3), "v.SlowThermometer(((4, 0), (3, 1), (2, 2), (1, 3)))"),
    "StrictKropki": ((3, 3), "v.StrictKropki()"),
    "Thermometer": ((3, 3), "v.Thermometer(((4, 0), (3, 1), (2, 2), (1, 3)))"),
    "Whispers": ((3, 3), "v.Whispers(((1, 1), (2, 2), (3, 3)))"),
    "XSum": ((3, 3), "v.XSum((0, -1), 15)"),
    "XV": ((3, 3), "v.XV(((2, 2), (2, 3)), 10)"),
    "ZipperLine": ((3, 3), "v.ZipperLine(((1, 1), (2, 2), (3, 3)))"),
}
