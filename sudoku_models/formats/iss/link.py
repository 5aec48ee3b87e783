"""Interactive Sudoku Solver (ISS) links and constraint text, in and out.

ISS writes a puzzle as items separated by dots, each ``Type~arg~arg...``; cells are named
``R<row>C<col>`` (1-based; on grids above 9 a row or column above 9 is one base-17 letter,
``a`` for 10). The givens are the item with an empty type: ``.~R1C1_5~R2C3_7``. A link carries
the same text in its ``q`` parameter: ``https://sigh.github.io/Interactive-Sudoku-Solver/?q=...``.

Each ISS type the model expresses maps to a variant rule of :mod:`sudoku_models.variants`
(:data:`READERS`); ISS's packed rules (state machines, pairwise keys), its sums whose digits may
repeat, its hidden skyscrapers, value indexing and distinct counts become automata along their
cells (:mod:`~sudoku_models.formats.iss.codes`). A type
the model does not express is named in one error, never dropped, and so is a value ISS never
writes (a whisper of difference -5, a pill of one digit): each number is checked against the
range its rule has meaning in. The other texts ISS reads (killers in SudokuWiki's and ISS's
short form, jigsaws as grid and region lines, pencil marks, sections and comments) become the
same items first (:mod:`~sudoku_models.formats.iss.text`).
"""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from ...board import Board
from ...errors import InvalidPuzzleError, SudokuModelsError, UnsupportedModelError, shown
from ...model import Model
from ...puzzle import Puzzle
from ...variants import (
    XV,
    AntiKing,
    AntiKnight,
    AntiTaxicab,
    Arrow,
    BetweenLine,
    ColumnIndexer,
    CountingCircles,
    Diagonal,
    Difference,
    DisjointGroups,
    DoubleArrow,
    DutchFlatmates,
    EntropicLine,
    EqualityCage,
    Even,
    ExtraRegion,
    FullRank,
    GivenPencilmarks,
    GlobalEntropy,
    GlobalModular,
    Jigsaw,
    KillerCage,
    LittleKiller,
    LockoutLine,
    LookAndSayCage,
    Lunchbox,
    ModularLine,
    NabnerLine,
    Negative,
    Nonconsecutive,
    NoRankTies,
    NumberedRoom,
    Odd,
    Palindrome,
    ParityLine,
    Quadruple,
    Ratio,
    RegexLine,
    RegionSumLine,
    RellikCage,
    Renban,
    RowIndexer,
    SameValues,
    Sandwich,
    SequenceRule,
    Skyscraper,
    StrictKropki,
    TenLine,
    Thermometer,
    Variant,
    Whispers,
    XSum,
    ZipperLine,
    windoku,
)
from ...variants.cages import DIRECTIONS
from ..base import Read, finish
from . import text as iss_text
from .codes import (
    DistinctRule,
    HiddenFound,
    HiddenRule,
    IndexRule,
    Machine,
    PairRule,
    SumReached,
    SumRule,
    accept_all,
    decode_nfa,
    distinct_reached,
    pair_key,
    pair_relation,
)

NAME = "iss"
LINK_PREFIX = "https://sigh.github.io/Interactive-Sudoku-Solver/?q="

Cell = tuple[int, int]
_CELL = re.compile(r"[Rr]([0-9a-gA-G]|[0-9]+)[Cc]([0-9a-gA-G]|[0-9]+)")
_SYMBOLS = "0123456789abcdefg"  # jigsaw region names, as ISS numbers them
_BASE = 17  # ISS writes rows and columns above 9 as one base-17 digit

#: Every constraint type ISS writes, read or not: text naming one of them is ISS text.
ISS_TYPES = frozenset(
    {
        "Container", "Or", "And", "Replicate", "End", "Jigsaw", "Thermo", "Whisper", "Renban",
        "Modular", "Entropic", "RegionSumLine", "Between", "Lockout", "Palindrome", "Zipper",
        "SumLine", "Regex", "NFA", "NoBoxes", "ChaosConstruction", "ChaosArrow", "ChaosCount",
        "RegionSize", "RegionSameValues", "StrictKropki", "StrictXV", "Shape", "Windoku",
        "DisjointSets", "AntiKnight", "Doppelganger", "AntiKing", "AntiTaxicab",
        "AntiConsecutive", "GlobalEntropy", "GlobalMod", "FullRankTies", "DutchFlatmates",
        "Diagonal", "WhiteDot", "BlackDot", "GreaterThan", "X", "ValueIndexing", "V", "Arrow",
        "DoubleArrow", "PillArrow", "Cage", "RellikCage", "EqualityCage", "Sum", "LittleKiller",
        "XSum", "Sandwich", "Lunchbox", "Skyscraper", "HiddenSkyscraper", "NumberedRoom",
        "FullRank", "AllDifferent", "ContainAtLeast", "ContainExact", "LookAndSay",
        "ConnectedValues", "SameValues", "EqualSum", "Quad", "Binary", "BinaryX", "Pair",
        "PairX", "Indexing", "CountingCircles", "CountDistinct", "Given", "SearchPriority",
        "Var",
    }
)  # fmt: skip


class _Grid:
    """What the reader knows of the grid while reading items: its size and cell names."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.n = board.n

    def cell(self, name: str) -> Cell:
        """The 0-based (row, column) of an ISS cell name."""
        match = _CELL.fullmatch(name)
        if not match:
            raise InvalidPuzzleError(f"ISS cell {shown(name)} is not a name like R1C1")
        r, c = (int(x, _BASE) if len(x) == 1 else int(x) for x in match.groups())
        if not (1 <= r <= self.n and 1 <= c <= self.n):
            raise InvalidPuzzleError(
                f"ISS cell {shown(name)} is outside the {self.n}x{self.n} grid"
            )
        return r - 1, c - 1

    def cells(self, names: Sequence[str], what: str, least: int = 1) -> tuple[Cell, ...]:
        """The cells of ``names``, at least ``least`` of them."""
        if len(names) < least:
            raise InvalidPuzzleError(f"ISS {what} needs at least {least} cell(s)")
        return tuple(self.cell(x) for x in names)


def _number(text: str, what: str) -> int:
    """A whole number written in ASCII digits (ISS writes no other), of at most nine digits."""
    if not re.fullmatch(r"[+-]?[0-9]{1,9}", text):
        raise InvalidPuzzleError(f"ISS {what}: {shown(text)} is not a whole number")
    return int(text)


def _ranged(text: str, what: str, low: int, high: int | None = None) -> int:
    """:func:`_number`, refused outside ``low..high`` (no upper bound when ``high`` is None):
    a value ISS never writes must not read as another rule."""
    value = _number(text, what)
    if value < low:
        bound = f"outside {low}..{high}" if high is not None else f"less than {low}"
        raise InvalidPuzzleError(f"ISS {what} {value} is {bound}")
    if high is not None and value > high:
        raise InvalidPuzzleError(f"ISS {what} {value} is outside {low}..{high}")
    return value


def _line(make: Callable[[tuple[Cell, ...]], Variant]) -> _Reader:
    return lambda g, args: [make(g.cells(args, make.__name__, 2))]


def _flag(*rules: Variant) -> _Reader:
    return lambda g, args: list(rules)


def _pairs(make: Callable[[tuple[Cell, Cell]], Variant], what: str) -> _Reader:
    """A mark between each orthogonally adjacent pair of the listed cells (ISS joins them so)."""

    def read(g: _Grid, args: list[str]) -> list[Variant]:
        cells = g.cells(args, what, 2)
        pairs = [
            (a, b)
            for k, a in enumerate(cells)
            for b in cells[k + 1 :]
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
        ]
        if not pairs:
            raise InvalidPuzzleError(f"ISS {what} joins no two adjacent cells")
        return [make((a, b)) for a, b in pairs]

    return read


def _whisper(g: _Grid, args: list[str]) -> list[Variant]:
    """``Whisper~difference~cells``; without a difference (the first argument a cell), 5."""
    if args and not _CELL.fullmatch(args[0]):
        gap = _ranged(args[0], "Whisper difference", 1, g.n - 1)
        return [Whispers(g.cells(args[1:], "Whisper", 2), gap)]
    return [Whispers(g.cells(args, "Whisper", 2), 5)]


def _greater(g: _Grid, args: list[str]) -> list[Variant]:
    """Each cell above every later adjacent cell: one two-cell thermometer a pair, low first."""
    cells = g.cells(args, "GreaterThan", 2)
    pairs = [
        Thermometer((b, a))
        for k, a in enumerate(cells)
        for b in cells[k + 1 :]
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    ]
    if not pairs:
        raise InvalidPuzzleError("ISS GreaterThan joins no two adjacent cells")
    return list(pairs)


def _cage(g: _Grid, args: list[str]) -> list[Variant]:
    """``Cage~sum~cells``: different digits adding up to the sum (0 or empty: any sum). A cell
    ISS lists twice is one cell of the cage that the sum counts twice."""
    if not args:
        raise InvalidPuzzleError("ISS Cage needs a sum and cells")
    total = None if args[0] == "" else _ranged(args[0], "Cage sum", 0)
    cells = g.cells(args[1:], "Cage")
    distinct = tuple(dict.fromkeys(cells))
    if len(distinct) == len(cells) or not total:
        return [KillerCage(distinct, total or None)]  # ISS: a sum of 0 is none
    counted = SumRule(total, (1,) * len(cells))
    title = f"cage sum {total}"
    return [
        KillerCage(distinct, None),
        SequenceRule(cells, (0, 0), counted, SumReached(total), title),
    ]


def _arrow(g: _Grid, args: list[str]) -> list[Variant]:
    cells = g.cells(args, "Arrow", 2)
    return [Arrow(cells[:1], cells[1:])]


def _pill_arrow(g: _Grid, args: list[str]) -> list[Variant]:
    if not args:
        raise InvalidPuzzleError("ISS PillArrow needs a pill size (2 or 3) and cells")
    size = _ranged(args[0], "PillArrow size", 2, 3)
    cells = g.cells(args[1:], "PillArrow", size + 1)
    return [Arrow(tuple(sorted(cells[:size])), cells[size:])]


def _diagonal(g: _Grid, args: list[str]) -> list[Variant]:
    if args not in (["1"], ["-1"]):
        raise InvalidPuzzleError(f"ISS Diagonal direction must be 1 or -1, got {args}")
    return [Diagonal(positive=args[0] == "1")]


def _quad(g: _Grid, args: list[str]) -> list[Variant]:
    if not args:
        raise InvalidPuzzleError("ISS Quad needs its top-left cell")
    r, c = g.cell(args[0])
    if r + 1 >= g.n or c + 1 >= g.n:
        raise InvalidPuzzleError(f"ISS Quad at {args[0]}: no 2x2 square starts there")
    cells = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
    if len(args) > 5:
        raise InvalidPuzzleError(f"ISS Quad at {args[0]}: {len(args) - 1} values for 4 cells")
    values = tuple(_ranged(v, "Quad value", 1, g.n) for v in args[1:])
    return [Quadruple(cells, values)]


def little_killer_lines(n: int) -> dict[Cell, tuple[str, tuple[Cell, ...]]]:
    """ISS's little killer diagonals: first cell -> (direction, cells), as ISS numbers them."""
    lines: dict[Cell, tuple[str, tuple[Cell, ...]]] = {}
    seen: set[frozenset[Cell]] = set()
    starts = (
        [((r, 0), "DR") for r in range(n - 1)]
        + [((r, n - 1), "UL") for r in range(1, n - 1)]
        + [((0, c), "DL") for c in range(1, n)]
        + [((n - 1, c), "UR") for c in range(1, n - 1)]
    )
    for (r, c), direction in starts:
        dr, dc = DIRECTIONS[direction]
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append((r, c))
            r, c = r + dr, c + dc
        if len(cells) > 1 and frozenset(cells) not in seen:
            seen.add(frozenset(cells))
            lines[cells[0]] = (direction, tuple(cells))
    return lines


def _little_killer(g: _Grid, args: list[str]) -> list[Variant]:
    if len(args) != 2:
        raise InvalidPuzzleError("ISS LittleKiller needs a sum and its first cell")
    start = g.cell(args[1])
    found = little_killer_lines(g.n).get(start)
    if found is None:
        raise InvalidPuzzleError(f"ISS LittleKiller at {args[1]}: no diagonal starts there")
    direction, _ = found
    dr, dc = DIRECTIONS[direction]
    clue = (start[0] - dr, start[1] - dc)
    total = _ranged(args[0], "LittleKiller sum", 1, g.n * g.n)
    return [LittleKiller(clue, direction, total)]


def _line_clue(g: _Grid, name: str, forward: bool) -> Cell:
    """The outside cell of a clue on row or column ``name`` (``R3``, ``C5``), seen from its
    start (``forward``: left or top) or its end."""
    match = re.fullmatch(r"([RC])([0-9]{1,3})", name)
    if not match or not 1 <= int(match[2]) <= g.n:
        raise InvalidPuzzleError(f"ISS clue line {shown(name)}: not a row or column like R1 or C1")
    k = int(match[2]) - 1
    edge = -1 if forward else g.n
    return (k, edge) if match[1] == "R" else (edge, k)


def _double_line(
    make: Callable[[Cell, int], Variant], what: str, high: Callable[[int], int]
) -> _Reader:
    """A clue at either end of a row or column, each in ``1..high(n)``."""

    def read(g: _Grid, args: list[str]) -> list[Variant]:
        if not 2 <= len(args) <= 3:
            raise InvalidPuzzleError(f"ISS {what} needs a row or column and one or two clues")
        out: list[Variant] = []
        for value, forward in zip(args[1:], (True, False)):
            if value != "":
                clue = _ranged(value, what, 1, high(g.n))
                out.append(make(_line_clue(g, args[0], forward), clue))
        return out

    return read


def _sandwich(g: _Grid, args: list[str]) -> list[Variant]:
    if len(args) != 2:
        raise InvalidPuzzleError("ISS Sandwich needs a sum and a row or column")
    most = g.n * (g.n + 1) // 2 - 1 - g.n  # every digit but 1 and n
    return [Sandwich(_line_clue(g, args[1], True), _ranged(args[0], "Sandwich", 0, most))]


def _valued(
    make: Callable[[tuple[Cell, ...], int], Variant],
    what: str,
    least: int = 1,
    low: int = 1,
    high: Callable[[int], int] | None = None,
) -> _Reader:
    """``Type~value~cells``: one rule on the cells with a whole-number value in
    ``low..high(n)`` (no upper bound without ``high``)."""

    def read(g: _Grid, args: list[str]) -> list[Variant]:
        if not args:
            raise InvalidPuzzleError(f"ISS {what} needs a value and cells")
        value = _ranged(args[0], f"{what} value", low, None if high is None else high(g.n))
        return [make(g.cells(args[1:], what, least), value)]

    return read


def _modular(cells: tuple[Cell, ...], mod: int) -> Variant:
    return ParityLine(cells) if mod == 2 else ModularLine(cells, mod)


def _sum_line(g: _Grid, args: list[str]) -> list[Variant]:
    """``SumLine~total~cells[~LOOP]``: pieces of the line add up to the total; a LOOP closes
    the line, and a piece may run across the join."""
    loop = bool(args) and args[-1] == "LOOP"
    cells = args[:-1] if loop else args
    return _valued(lambda c, total: TenLine(c, total, loop), "SumLine", 2)(g, cells)


def _look_and_say(g: _Grid, args: list[str]) -> list[Variant]:
    if not args:
        raise InvalidPuzzleError("ISS LookAndSay needs a clue and cells")
    if not re.fullmatch(r"([0-9][0-9])+", args[0]):
        raise InvalidPuzzleError(
            f"ISS LookAndSay clue {shown(args[0])} is not (count, digit) pairs of ASCII digits"
        )
    return [LookAndSayCage(g.cells(args[1:], "LookAndSay"), args[0])]


def _contain_exact(g: _Grid, args: list[str]) -> list[Variant]:
    """Each listed digit exactly as often as listed: a look-and-say cage of the counts."""
    if not args:
        raise InvalidPuzzleError("ISS ContainExact needs digits and cells")
    digits = [_ranged(v, "ContainExact digit", 1, g.n) for v in args[0].split("_")]
    counts = {d: digits.count(d) for d in sorted(set(digits))}
    if any(not 1 <= d <= 9 or k > 9 for d, k in counts.items()):
        raise UnsupportedModelError(
            f"ISS ContainExact~{args[0]}: only digits 1-9 named at most 9 times are read"
        )
    clue = "".join(f"{k}{d}" for d, k in counts.items())
    return [LookAndSayCage(g.cells(args[1:], "ContainExact"), clue)]


def _groups(args: list[str]) -> list[list[str]]:
    """Cell lists separated by empty arguments (ISS joins several lines of one type so)."""
    groups: list[list[str]] = [[]]
    for arg in args:
        if arg == "":
            groups.append([])
        else:
            groups[-1].append(arg)
    return [group for group in groups if group]


_BASE64 = re.compile(r"[A-Za-z0-9_-]+")


def regex_pattern(token: str) -> str:
    """The pattern of an ISS ``Regex`` argument: URL-safe base64, or (in older links) the
    pattern itself."""
    if _BASE64.fullmatch(token):
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            return raw.decode("ascii")
        except (binascii.Error, UnicodeDecodeError):
            pass
    return token


def _regex(g: _Grid, args: list[str]) -> list[Variant]:
    if not args:
        raise InvalidPuzzleError("ISS Regex needs a pattern and cells")
    pattern = re.sub(r"\s", "", regex_pattern(args[0]))
    if not pattern.isascii() or not pattern.isprintable():
        raise InvalidPuzzleError(
            f"ISS Regex pattern {shown(pattern)}: only ASCII characters make an ISS pattern"
        )
    return [RegexLine(g.cells(group, "Regex"), pattern) for group in _groups(args[1:])]


def _indexing(g: _Grid, args: list[str]) -> list[Variant]:
    if not args or args[0] not in ("C", "R"):
        raise InvalidPuzzleError("ISS Indexing needs C or R, then cells")
    make = ColumnIndexer if args[0] == "C" else RowIndexer
    return [make(g.cells(args[1:], "Indexing"))]


def _named_groups(args: list[str]) -> list[tuple[str, list[str]]]:
    """The (name, cells) groups of a ``Pair`` or ``NFA`` item: ``_name`` starts a named group,
    an empty argument a new group of the same name."""
    groups: list[tuple[str, list[str]]] = []
    name, cells = "", list[str]()
    for arg in [*args, ""]:
        if arg == "" or arg.startswith("_"):
            if cells:
                groups.append((name, cells))
            cells = []
            if arg.startswith("_"):
                name = arg[1:]
        else:
            cells.append(arg)
    return groups


def _nabner(a: int, b: int) -> bool:
    return abs(a - b) > 1


def _pairwise(every: bool, legacy: bool, what: str) -> _Reader:
    """``Pair``/``PairX`` (and the older ``Binary``/``BinaryX``): a relation between each digit
    of a line and the one before it (``every``: every one before it)."""

    def read(g: _Grid, args: list[str]) -> list[Variant]:
        if not args:
            raise InvalidPuzzleError(f"ISS {what} needs a key and cells")
        allowed = pair_relation(args[0], g.n, legacy)
        key = pair_key(lambda a, b: (a, b) in allowed, g.n)
        nabner = every and allowed == pair_relation(pair_key(_nabner, g.n), g.n)
        out: list[Variant] = []
        for name, names in _named_groups(args[1:]):
            cells = g.cells(names, what)
            if nabner:
                out.append(NabnerLine(cells))
            else:
                rule = PairRule(key, allowed, every, name)
                begin: object = frozenset() if every else 0
                title = f"pairwise rule {name}".strip()
                out.append(SequenceRule(cells, begin, rule, accept_all, title))
        return out

    return read


def _nfa(g: _Grid, args: list[str]) -> list[Variant]:
    """``NFA``: the digits along each line, segments joined by a break symbol, are a word the
    encoded automaton accepts."""
    if not args:
        raise InvalidPuzzleError("ISS NFA needs an encoded automaton and cells")
    out: list[Variant] = []
    for name, names in _named_groups(args[1:]):
        breaks: list[int] = []
        cells: list[str] = []
        for item in names:
            if item == "-":
                breaks.append(len(cells))
            else:
                cells.append(item)
        step, accepting = decode_nfa(args[0], g.n, tuple(breaks), name)
        title = f"state machine {name}".strip()
        out.append(SequenceRule(g.cells(cells, "NFA"), step.begin(), step, accepting, title))
    return out


def _sum(g: _Grid, args: list[str]) -> list[Variant]:
    """``Sum~total~cells`` (or ``total_=_c1_c2...``): digits, which may repeat, times their
    coefficients (1 unless given) add up to the total; read as a running sum along the cells."""
    if not args:
        raise InvalidPuzzleError("ISS Sum needs a total and cells")
    cells = g.cells(args[1:], "Sum")
    head, *rest = args[0].split("_")
    total = _number(head, "Sum total")
    if rest and rest[0] == "=":
        coeffs = tuple(_ranged(c, "Sum coefficient", -100, 100) for c in rest[1:])
    elif not rest:
        coeffs = (1,) * len(cells)
    else:
        raise InvalidPuzzleError(f"ISS Sum {shown(args[0])} is not a total or total_=_coefficients")
    if len(coeffs) != len(cells):
        raise InvalidPuzzleError(f"ISS Sum: {len(coeffs)} coefficients for {len(cells)} cells")
    title = f"sum {total}" if set(coeffs) == {1} else f"sum {args[0]}"
    return [SequenceRule(cells, (0, 0), SumRule(total, coeffs), SumReached(total), title)]


def _hidden_skyscraper(g: _Grid, args: list[str]) -> list[Variant]:
    """``HiddenSkyscraper~R3~a~b``: seen from the start (``a``) or the end (``b``) of the row or
    column, the first digit lower than one before it is the clue (0: there is none)."""
    if not 2 <= len(args) <= 3:
        raise InvalidPuzzleError("ISS HiddenSkyscraper needs a row or column and one or two clues")
    out: list[Variant] = []
    for value, forward in zip(args[1:], (True, False)):
        if value == "":
            continue
        clue = _line_clue(g, args[0], forward)
        number = _number(value, "HiddenSkyscraper")
        if not 0 <= number <= g.n:
            raise InvalidPuzzleError(f"ISS HiddenSkyscraper {args[0]} {number} is outside 0..{g.n}")
        cells = Skyscraper(clue, 1).line(g.board)
        step = HiddenRule(args[0], forward, number)
        title = f"hidden skyscraper {number}"
        out.append(SequenceRule(cells, 0, step, HiddenFound(number), title))
    return out


def _value_indexing(g: _Grid, args: list[str]) -> list[Variant]:
    """``ValueIndexing~cells``: the second cell's digit d says that d cells further on the line
    hold the first cell's digit (ISS counts from the second cell, where the package's
    ``ValueIndexing`` counts from the first: read as an automaton along the cells)."""
    cells = g.cells(args, "ValueIndexing", 3)
    rule = IndexRule(len(cells))
    return [SequenceRule(cells, (0, 0, 0), rule, accept_all, "value indexing")]


def _same_values(g: _Grid, args: list[str]) -> list[Variant]:
    """``SameValues~sets~cells``: the cells cut in order into ``sets`` runs of one length."""
    if not args:
        raise InvalidPuzzleError("ISS SameValues needs a number of sets and cells")
    cells = g.cells(args[1:], "SameValues", 2)
    sets = _ranged(args[0], "SameValues number of sets", 2, len(cells))
    if len(cells) % sets:
        raise InvalidPuzzleError(
            f"ISS SameValues: {len(cells)} cells do not cut into {sets} sets of one size"
        )
    return [SameValues(cells, sets)]


_Reader = Callable[[_Grid, list[str]], list[Variant]]

#: How each ISS type this package reads becomes variant rules.
READERS: dict[str, _Reader] = {
    "Thermo": _line(Thermometer),
    "Whisper": _whisper,
    "Renban": _line(Renban),
    "Entropic": _line(EntropicLine),
    "RegionSumLine": _line(RegionSumLine),
    "Between": _line(BetweenLine),
    "Palindrome": _line(Palindrome),
    "Zipper": _line(ZipperLine),
    "AntiKnight": _flag(AntiKnight()),
    "AntiKing": _flag(AntiKing()),
    "AntiConsecutive": _flag(Nonconsecutive()),
    "DisjointSets": _flag(DisjointGroups()),
    "StrictXV": _flag(Negative("xv")),
    "StrictKropki": _flag(StrictKropki()),
    "SameValues": _same_values,
    "Diagonal": _diagonal,
    "WhiteDot": _pairs(lambda p: Difference(p, 1), "WhiteDot"),
    "BlackDot": _pairs(lambda p: Ratio(p, 2), "BlackDot"),
    "X": _pairs(lambda p: XV(p, 10), "X"),
    "V": _pairs(lambda p: XV(p, 5), "V"),
    "GreaterThan": _greater,
    "Arrow": _arrow,
    "PillArrow": _pill_arrow,
    "Cage": _cage,
    "AllDifferent": lambda g, args: [ExtraRegion(g.cells(args, "AllDifferent"))],
    "Quad": _quad,
    "LittleKiller": _little_killer,
    "XSum": _double_line(XSum, "XSum", lambda n: n * (n + 1) // 2),
    "Skyscraper": _double_line(Skyscraper, "Skyscraper", lambda n: n),
    "Sandwich": _sandwich,
    "Lockout": _valued(lambda c, gap: LockoutLine(c, gap), "Lockout", 2, 1, lambda n: n - 1),
    "Modular": _valued(_modular, "Modular", 1, 2, lambda n: n),
    "SumLine": _sum_line,
    "Regex": _regex,
    "DoubleArrow": _line(DoubleArrow),
    "Lunchbox": _valued(lambda cells, total: Lunchbox(cells, total), "Lunchbox", 2, 0),
    "RellikCage": _valued(lambda cells, total: RellikCage(cells, total), "RellikCage"),
    "EqualityCage": lambda g, args: [EqualityCage(g.cells(args, "EqualityCage"))],
    "LookAndSay": _look_and_say,
    "ContainExact": _contain_exact,
    "CountingCircles": lambda g, args: [CountingCircles(g.cells(args, "CountingCircles"))],
    "NumberedRoom": _double_line(NumberedRoom, "NumberedRoom", lambda n: n),
    "FullRank": _double_line(FullRank, "FullRank", lambda n: 4 * n),
    "Indexing": _indexing,
    "GlobalEntropy": _flag(GlobalEntropy()),
    "GlobalMod": _flag(GlobalModular()),
    "DutchFlatmates": _flag(DutchFlatmates()),
    "AntiTaxicab": _flag(AntiTaxicab()),
    "Pair": _pairwise(False, False, "Pair"),
    "PairX": _pairwise(True, False, "PairX"),
    "Binary": _pairwise(False, True, "Binary"),
    "BinaryX": _pairwise(True, True, "BinaryX"),
    "NFA": _nfa,
    "Sum": _sum,
    "HiddenSkyscraper": _hidden_skyscraper,
    "ValueIndexing": _value_indexing,
    "CountDistinct": lambda g, args: [
        SequenceRule(
            g.cells(args, "CountDistinct", 2),
            None,
            DistinctRule(),
            distinct_reached,
            "count distinct",
        )
    ],
}

#: Types handled while reading the grid itself rather than as rules.
_LAYOUT = frozenset(
    {"Shape", "Given", "Jigsaw", "NoBoxes", "Windoku", "RegionSize", "FullRankTies"}
)


def _rank_ties(args: list[str], rules: list[Variant]) -> list[Variant]:
    """Apply ``FullRankTies~mode`` to the rules read so far (ISS writes it after the clues):
    ``only-unclued`` (the default) keeps clued lines from tying, ``any`` lets a clued line tie
    and count either way, ``none`` forbids every tie, clued or not."""
    mode = args[0] if args else ""
    if mode == "only-unclued":
        return rules
    if mode == "any":
        return [replace(r, ties=True) if isinstance(r, FullRank) else r for r in rules]
    if mode == "none":
        return [*rules, NoRankTies()]
    raise InvalidPuzzleError(f"ISS FullRankTies {shown(mode)} is not none, only-unclued or any")


def recognises(text: str) -> bool:
    """Whether ``text`` is an ISS link, ISS constraint text (in sections, with comments), or
    one of the line forms only ISS reads (:func:`~sudoku_models.formats.iss.text.is_line_form`)."""
    head = text.strip()
    if "interactive-sudoku-solver" in head.lower():
        return True
    return iss_text.is_line_form(head) or any(
        _is_constraint_text(section) for section in iss_text.sections(head)
    )


def _is_constraint_text(section: str) -> bool:
    text = re.sub(r"\s+", "", section)  # ISS text may run over several lines
    if text == ".":  # ISS's empty 9x9 grid
        return True
    match = re.match(r"\.([A-Za-z]*)(?:~|\.|$)", text)
    return match is not None and (match[1] in ISS_TYPES or "~" in text)


def constraint_text(text: str) -> str:
    """The constraint text of an ISS link (its ``q`` parameter), or the text itself."""
    head = text.strip()
    if not head.lower().startswith(("http://", "https://")):
        return head
    # Each parameter is unquoted without turning '+' into a space: ISS's text has no spaces,
    # and a '+' that an older link left unencoded is a regular expression's quantifier.
    query = urllib.parse.urlsplit(head).query
    values = [urllib.parse.unquote(p[2:]) for p in query.split("&") if p.startswith("q=")]
    if not values or not values[0].strip():
        raise InvalidPuzzleError("the ISS link has no puzzle in its q= parameter")
    return values[0]


def items_of(text: str) -> list[tuple[str, list[str]]]:
    """The ``(type, args)`` items of a text ISS reads (the givens' type is ``Given``): each
    section in one of ISS's line forms (:mod:`~sudoku_models.formats.iss.text`) or constraint
    text."""
    out = []
    for section in iss_text.sections(text):
        found = iss_text.line_items(section)
        out += found if found is not None else _constraint_items(section)
    return out


def _constraint_items(text: str) -> list[tuple[str, list[str]]]:
    """The items of one section of constraint text."""
    text = re.sub(r"\s+", "", text)
    first, *items = text.split(".")
    if first != "":
        raise InvalidPuzzleError("ISS constraint text must start with a '.'")
    out = []
    for item in items:
        if item == "":
            continue
        kind, *args = item.split("~")
        out.append((kind or "Given", [urllib.parse.unquote(a) for a in args]))
    return out


def read(text: str) -> Read:
    """The model of an ISS link or constraint text.

    Raises :class:`UnsupportedModelError` naming every ISS type the model cannot express.

    >>> read(".Thermo~R1C1~R1C2~R1C3.~R1C1_1").model.variants
    (Thermometer(cells=((0, 0), (0, 1), (0, 2))),)
    """
    items = items_of(constraint_text(text))
    unknown = sorted({kind for kind, _ in items if kind not in ISS_TYPES})
    if unknown:
        raise InvalidPuzzleError(f"unknown ISS constraint type(s): {', '.join(unknown)}")
    unread = sorted({kind for kind, _ in items if kind not in READERS and kind not in _LAYOUT})
    if unread:
        raise UnsupportedModelError(
            f"ISS constraint type(s) this package does not read: {', '.join(unread)}"
        )
    grid = _Grid(_board(items))
    kinds = {kind for kind, _ in items}
    givens = [0] * grid.board.size
    rules: list[Variant] = []
    rules += _givens(grid, [a for kind, args in items if kind == "Given" for a in args], givens)
    for kind, args in items:
        if kind == "Jigsaw":
            rules += _jigsaw(grid, args, "NoBoxes" in kinds or not _usual_board(grid.board.n))
        elif kind == "Windoku":
            rules += windoku(grid.board)
        elif kind == "FullRankTies":
            rules = _rank_ties(args, rules)
        elif kind in READERS:
            try:
                rules += READERS[kind](grid, args)
            except (ValueError, IndexError) as exc:
                if isinstance(exc, SudokuModelsError):
                    raise
                raise InvalidPuzzleError(f"ISS {kind}: malformed ({exc})") from None
    if "NoBoxes" in kinds and "Jigsaw" not in kinds:
        raise UnsupportedModelError("ISS NoBoxes without Jigsaw regions: a grid needs regions")
    model = Model.from_puzzle(Puzzle(grid.board, tuple(givens)), variants=rules)
    return finish(model, NAME)


def _board(items: list[tuple[str, list[str]]]) -> Board:
    shapes = [args for kind, args in items if kind == "Shape"]
    if not shapes:
        n = 9
    else:
        args = shapes[-1]
        match = re.fullmatch(r"([0-9]{1,3})x([0-9]{1,3})", args[0] if args else "")
        if not match:
            raise InvalidPuzzleError(f"ISS Shape {shown('~'.join(args))} is not like 9x9")
        rows, cols = int(match[1]), int(match[2])
        if rows != cols:
            raise UnsupportedModelError(f"ISS shape {rows}x{cols}: only square grids are read")
        n = rows
        if len(args) > 1 and args[1] not in ("", str(n), f"1-{n}"):
            raise UnsupportedModelError(
                f"ISS shape {'~'.join(args)}: only the digits 1-{n} are read on a {n}x{n} grid"
            )
        if len(args) > 2 and args[2] != "Sudoku":
            raise UnsupportedModelError(f"ISS grid type {shown(args[2])} is not read")
    for kind, args in items:
        if kind == "RegionSize" and args != [str(n)]:
            raise UnsupportedModelError(f"ISS RegionSize {'~'.join(args)} is not read")
    board = _usual_board(n)
    if board is not None:
        return board
    if any(kind == "Jigsaw" for kind, _ in items):
        return Board(1, n)  # no box shape: the jigsaw pieces are the only regions, as in ISS
    raise UnsupportedModelError(f"ISS {n}x{n} grid: no box shape for {n} digits")


def _usual_board(n: int) -> Board | None:
    """The board ISS draws for ``n`` digits, or None when ``n`` has no box shape."""
    try:
        return Board.for_digits(n)
    except InvalidPuzzleError:
        return None


#: Cells limited to several digits that the model names: the odd and the even digits.
_PARITY = {(1, 3, 5, 7, 9): Odd, (2, 4, 6, 8): Even}


def _givens(grid: _Grid, args: list[str], givens: list[int]) -> list[Variant]:
    """Fill ``givens`` from every given of the text; a cell named twice keeps the digits both
    allow (as ISS does); a cell left with the odd or the even digits becomes that rule, one
    left with every digit no rule, one left with other digits given pencil marks."""
    allowed: dict[Cell, set[int]] = {}
    for arg in args:
        name, *values = arg.split("_")
        cell = grid.cell(name)
        digits = {_number(v, f"given in {name}") for v in values}
        if not digits or not all(1 <= d <= grid.n for d in digits):
            raise InvalidPuzzleError(f"ISS given {shown(arg)}: digits must lie in 1-{grid.n}")
        allowed[cell] = allowed[cell] & digits if cell in allowed else digits
    rules: list[Variant] = []
    for cell, digits in allowed.items():
        key = tuple(sorted(digits))
        if len(key) == grid.n:
            continue  # every digit allowed (pencil marks of an open cell): no rule
        if len(key) == 1:
            givens[grid.board.cell(*cell)] = key[0]
        elif grid.n == 9 and key in _PARITY:
            rules.append(_PARITY[key](cell))
        elif not key:
            raise InvalidPuzzleError(f"ISS givens leave no digit for {_name(cell)}")
        else:
            rules.append(GivenPencilmarks(cell, key))
    return rules


def _jigsaw(grid: _Grid, args: list[str], no_boxes: bool) -> list[Variant]:
    layout = args[-1] if args else ""
    if len(layout) != grid.board.size:
        raise InvalidPuzzleError(
            f"ISS Jigsaw layout has {len(layout)} cells, the grid {grid.board.size}"
        )
    regions: dict[str, list[Cell]] = {}
    for i, symbol in enumerate(layout):
        regions.setdefault(symbol, []).append(grid.board.row_col(i))
    pieces = tuple(tuple(cells) for cells in regions.values())
    if len(pieces) == 1:
        return []
    if no_boxes:
        return [Jigsaw(pieces)]
    return [ExtraRegion(piece) for piece in pieces]


def write(model: Model | Puzzle) -> str:
    """ISS constraint text for ``model``; a rule ISS has no type for raises an error naming it."""
    if isinstance(model, Puzzle):
        model = Model.from_puzzle(model)
    board = model.board
    jigsaw = any(isinstance(rule, Jigsaw) for rule in model.variants)
    if not jigsaw and board != _usual_board(board.n):
        raise UnsupportedModelError(f"ISS draws {board.n}x{board.n} grids with its own boxes")
    parts = [f".Shape~{board.n}x{board.n}"] if board.n != 9 else []
    rules = list(model.variants)
    extra = windoku(board)
    if extra and all(region in rules for region in extra):
        parts.append(".Windoku")
        rules = [rule for rule in rules if rule not in extra]
    parts += [_write_rule(rule, board, rules) for rule in rules]
    parts += _rank_ties_item(rules)
    givens = [f"{_name(board.row_col(i))}_{d}" for i, d in enumerate(model.givens) if d]
    if givens:
        parts.append(".~" + "~".join(givens))
    return "".join(parts) or "."


def _rank_ties_item(rules: list[Variant]) -> list[str]:
    """``FullRankTies~any`` when the full rank clues let their lines tie; clues that differ on
    it have no ISS text."""
    ties = {r.ties for r in rules if isinstance(r, FullRank)}
    if ties == {False, True}:
        raise UnsupportedModelError("ISS sets full rank ties for every clue at once, not for some")
    if ties == {True}:
        if any(isinstance(r, NoRankTies) for r in rules):
            raise UnsupportedModelError("full rank clues that may tie in a grid without ties")
        return [_item("FullRankTies", "any")]
    return []


def to_link(model: Model | Puzzle) -> str:
    """An ISS link that opens ``model``."""
    return LINK_PREFIX + urllib.parse.quote(write(model), safe="~_")


def _name(cell: Cell) -> str:
    r, c = cell
    return f"R{_digit(r + 1)}C{_digit(c + 1)}"


def _digit(k: int) -> str:
    return str(k) if k < 10 else "abcdefg"[k - 10]


def _item(kind: str, *args: object) -> str:
    return "." + "~".join([kind, *(str(a) for a in args)])


def _cells(cells: Iterable[Cell]) -> list[str]:
    return [_name(c) for c in cells]


def _write_rule(rule: Variant, board: Board, rules: list[Variant]) -> str:
    """One rule as ISS text."""
    n = board.n
    simple = {
        Thermometer: "Thermo",
        Renban: "Renban",
        EntropicLine: "Entropic",
        RegionSumLine: "RegionSumLine",
        BetweenLine: "Between",
        Palindrome: "Palindrome",
        ZipperLine: "Zipper",
        ExtraRegion: "AllDifferent",
    }
    kind = simple.get(type(rule))
    if kind is not None:
        return _item(kind, *_cells(rule.cells))  # type: ignore[attr-defined]
    if isinstance(rule, Whispers):
        return _item("Whisper", rule.gap or (n + 1) // 2, *_cells(rule.cells))
    flags = {AntiKnight: "AntiKnight", AntiKing: "AntiKing", Nonconsecutive: "AntiConsecutive"}
    if type(rule) in flags:
        return _item(flags[type(rule)])
    if isinstance(rule, DisjointGroups):
        return _item("DisjointSets")
    if isinstance(rule, Diagonal):
        return _item("Diagonal", 1 if rule.positive else -1)
    if isinstance(rule, Jigsaw):
        symbol = {cell: k for k, region in enumerate(rule.regions) for cell in region}
        layout = "".join(_SYMBOLS[symbol[board.row_col(i)]] for i in range(board.size))
        return ".NoBoxes" + _item("Jigsaw", layout)
    if isinstance(rule, KillerCage):
        return _item("Cage", "" if rule.total is None else rule.total, *_cells(rule.cells))
    if isinstance(rule, Arrow):
        if len(rule.circle) == 1:
            return _item("Arrow", *_cells(rule.circle + rule.cells))
        if list(rule.circle) == sorted(rule.circle) and len(rule.circle) in (2, 3):
            return _item("PillArrow", len(rule.circle), *_cells(rule.circle + rule.cells))
    dots = {(Difference, 1): "WhiteDot", (Ratio, 2): "BlackDot", (XV, 10): "X", (XV, 5): "V"}
    if isinstance(rule, Difference | Ratio | XV):
        kind = dots.get((type(rule), rule.value))
        if kind is not None:
            return _item(kind, *_cells(rule.cells))
    if isinstance(rule, Negative) and rule.kind == "xv":
        return _item("StrictXV")
    if isinstance(rule, Odd) and n == 9:  # Even is a kind of Odd
        digits = range(2 if isinstance(rule, Even) else 1, n + 1, 2)
        return _item("", f"{_name(rule.cell)}_" + "_".join(map(str, digits)))
    if isinstance(rule, GivenPencilmarks):
        return _item("", f"{_name(rule.cell)}_" + "_".join(map(str, sorted(rule.digits))))
    if isinstance(rule, Quadruple):
        return _item("Quad", _name(min(rule.cells)), *rule.values)
    written = _write_new_rule(rule, n)
    if written is not None:
        return written
    if isinstance(rule, LittleKiller):
        diagonal = set(rule.cells_of(board))
        for start, (_, line) in little_killer_lines(n).items():
            if set(line) == diagonal:
                return _item("LittleKiller", rule.total, _name(start))
    if isinstance(rule, Sandwich):
        return _item("Sandwich", rule.total, _line_name(rule.clue, n)[0])
    if isinstance(rule, NoRankTies):
        return _item("FullRankTies", "none")
    if isinstance(rule, XSum | Skyscraper | NumberedRoom | FullRank):
        row_or_col, forward = _line_name(rule.clue, n)
        values = (rule.total, "") if forward else ("", rule.total)
        return _item(type(rule).__name__, row_or_col, *values)
    raise UnsupportedModelError(f"ISS has no constraint type for the rule {rule.describe()}")


#: Rules written as one ISS type with their cells, and the ISS flags.
_CELL_TYPES: dict[type, str] = {
    DoubleArrow: "DoubleArrow",
    EqualityCage: "EqualityCage",
    CountingCircles: "CountingCircles",
}
_FLAGS: dict[type, str] = {
    StrictKropki: "StrictKropki",
    GlobalEntropy: "GlobalEntropy",
    GlobalModular: "GlobalMod",
    DutchFlatmates: "DutchFlatmates",
    AntiTaxicab: "AntiTaxicab",
}


def _write_new_rule(rule: Variant, n: int) -> str | None:
    """ISS text for the rules on automata, counts and lookups (None for any other rule)."""
    kind = type(rule)
    if kind in _CELL_TYPES:
        return _item(_CELL_TYPES[kind], *_cells(rule.cells))  # type: ignore[attr-defined]
    if kind in _FLAGS:
        return _item(_FLAGS[kind])
    if isinstance(rule, SameValues):
        return _item("SameValues", rule.sets, *_cells(rule.cells))
    if isinstance(rule, LockoutLine):
        return _item("Lockout", n // 2 if rule.gap is None else rule.gap, *_cells(rule.cells))
    if isinstance(rule, ModularLine | ParityLine):
        mod = rule.modulus if isinstance(rule, ModularLine) else 2
        return _item("Modular", mod, *_cells(rule.cells))
    if isinstance(rule, TenLine):
        return _item("SumLine", rule.total, *_cells(rule.cells), *(["LOOP"] if rule.loop else []))
    if isinstance(rule, RegexLine):
        token = base64.urlsafe_b64encode(rule.pattern.encode("ascii")).decode().rstrip("=")
        return _item("Regex", token, *_cells(rule.cells))
    if isinstance(rule, Lunchbox | RellikCage):
        return _item(type(rule).__name__, rule.total, *_cells(rule.cells))
    if isinstance(rule, LookAndSayCage):
        return _item("LookAndSay", rule.text, *_cells(rule.cells))
    if isinstance(rule, NabnerLine):
        return _item("PairX", pair_key(_nabner, n), "_Nabner", *_cells(rule.cells))
    if isinstance(rule, SequenceRule) and isinstance(rule.rule, PairRule):
        pairs = rule.rule
        kind_name = "PairX" if pairs.every else "Pair"
        return _item(kind_name, pairs.key, _group_name(pairs.name), *_cells(rule.cells))
    if isinstance(rule, SequenceRule) and isinstance(rule.rule, SumRule):
        total, coeffs = rule.rule.total, rule.rule.coeffs
        head = str(total) if set(coeffs) <= {1} else "_".join(map(str, (total, "=", *coeffs)))
        return _item("Sum", head, *_cells(rule.cells))
    if isinstance(rule, SequenceRule) and isinstance(rule.rule, HiddenRule):
        hidden = rule.rule
        values = (hidden.value, "") if hidden.forward else ("", hidden.value)
        return _item("HiddenSkyscraper", hidden.line, *values)
    if isinstance(rule, SequenceRule) and isinstance(rule.rule, DistinctRule):
        return _item("CountDistinct", *_cells(rule.cells))
    if isinstance(rule, SequenceRule) and isinstance(rule.rule, IndexRule):
        return _item("ValueIndexing", *_cells(rule.cells))
    if isinstance(rule, SequenceRule) and isinstance(rule.rule, Machine):
        machine = rule.rule
        names = _cells(rule.cells)
        for at in reversed(machine.breaks):
            names.insert(at, "-")
        return _item("NFA", machine.token, _group_name(machine.name), *names)
    if kind in (ColumnIndexer, RowIndexer):
        return _item("Indexing", "C" if kind is ColumnIndexer else "R", *_cells(rule.cells))  # type: ignore[attr-defined]
    return None


def _group_name(name: str) -> str:
    """A group's name as ISS writes it: ``_`` and the name, escaped (dots and tildes too)."""
    quoted = urllib.parse.quote(name, safe="").replace(".", "%2E").replace("~", "%7E")
    return "_" + quoted


def _line_name(clue: Cell, n: int) -> tuple[str, bool]:
    r, c = clue
    if c in (-1, n) and 0 <= r < n:
        return f"R{r + 1}", c == -1
    if r in (-1, n) and 0 <= c < n:
        return f"C{c + 1}", r == -1
    raise UnsupportedModelError(f"clue at {clue} is not beside a row or column")
