"""Every ISS constraint type the package knows, once: how its items read into variant rules
and how those rules write back as it.

:data:`TYPES` holds one :class:`IssType` a type. Reading looks a type up by its name; writing
asks the types in table order for the first that writes a rule (a type declines a rule of its
classes that it cannot say, such as a pill of four cells, and the next is asked). A type with
no reader is read with the grid itself (``Shape``, ``Given``, ``Jigsaw``...); one with no writer
is read only (``GreaterThan`` becomes thermometers, written back as ``Thermo``).

>>> board = Board.for_digits(9)
>>> rules = READERS["Thermo"](Grid(board), ["R1C1", "R1C2"])
>>> rules, write_rule(rules[0], board)
([Thermometer(cells=((0, 0), (0, 1)))], '.Thermo~R1C1~R1C2')
"""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...board import Board
from ...errors import InvalidPuzzleError, UnsupportedModelError, shown
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
)
from ...variants.cages import DIRECTIONS
from .cells import CELL, Cell, Grid, item, line_name, name, names, number, ranged
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

#: How one ISS type's arguments become rules on the grid.
Reader = Callable[[Grid, list[str]], list[Variant]]
#: How a rule is written as one ISS type on a board: its text, or None when the type cannot say it.
Writer = Callable[[Any, Board], str | None]

_SYMBOLS = "0123456789abcdefg"  # jigsaw region names, as ISS numbers them

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


@dataclass(frozen=True)
class IssType:
    """One ISS constraint type: its name, how its items read (None: with the grid itself) and
    how it writes the rules of ``rules`` (None: read only). With ``exact``, only rules of
    those very classes, not of a subclass (a slow thermometer is no ``Thermo``)."""

    name: str
    read: Reader | None = None
    write: Writer | None = None
    rules: tuple[type, ...] = ()
    exact: bool = False

    def writes(self, rule: Variant) -> bool:
        """Whether ``rule`` is of a class this type writes."""
        if self.exact:
            return type(rule) in self.rules
        return isinstance(rule, self.rules)


def _cells_type(kind: str, make: type, least: int = 2, what: str = "") -> IssType:
    """A type that lists the cells of one rule of ``make`` (at least ``least`` of them, an
    error naming ``what``, else the rule): a line, a cage with no number."""

    def read(g: Grid, args: list[str]) -> list[Variant]:
        return [make(g.cells(args, what or make.__name__, least))]

    return IssType(kind, read, lambda rule, board: item(kind, *names(rule.cells)), (make,), True)


def _flag(kind: str, rule: Variant, exact: bool = True) -> IssType:
    """A type with no arguments: one rule on the whole grid."""
    return IssType(kind, lambda g, args: [rule], lambda r, board: item(kind), (type(rule),), exact)


def _pairs(make: Callable[[tuple[Cell, Cell]], Variant], what: str) -> Reader:
    """A mark between each orthogonally adjacent pair of the listed cells (ISS joins them so)."""

    def read(g: Grid, args: list[str]) -> list[Variant]:
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


def _dot(kind: str, make: type, value: int) -> IssType:
    """A dot between adjacent cells of one value (``WhiteDot``: a difference of 1)."""
    return IssType(
        kind,
        _pairs(lambda p: make(p, value), kind),
        lambda rule, board: item(kind, *names(rule.cells)) if rule.value == value else None,
        (make,),
        True,
    )


def _whisper(g: Grid, args: list[str]) -> list[Variant]:
    """``Whisper~difference~cells``; without a difference (the first argument a cell), 5."""
    if args and not CELL.fullmatch(args[0]):
        gap = ranged(args[0], "Whisper difference", 1, g.n - 1)
        return [Whispers(g.cells(args[1:], "Whisper", 2), gap)]
    return [Whispers(g.cells(args, "Whisper", 2), 5)]


def _greater(g: Grid, args: list[str]) -> list[Variant]:
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


def _cage(g: Grid, args: list[str]) -> list[Variant]:
    """``Cage~sum~cells``: different digits adding up to the sum (0 or empty: any sum). A cell
    ISS lists twice is one cell of the cage that the sum counts twice."""
    if not args:
        raise InvalidPuzzleError("ISS Cage needs a sum and cells")
    total = None if args[0] == "" else ranged(args[0], "Cage sum", 0)
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


def _arrow(g: Grid, args: list[str]) -> list[Variant]:
    cells = g.cells(args, "Arrow", 2)
    return [Arrow(cells[:1], cells[1:])]


def _write_arrow(rule: Arrow, board: Board) -> str | None:
    if len(rule.circle) == 1:
        return item("Arrow", *names(rule.circle + rule.cells))
    return None


def _pill_arrow(g: Grid, args: list[str]) -> list[Variant]:
    if not args:
        raise InvalidPuzzleError("ISS PillArrow needs a pill size (2 or 3) and cells")
    size = ranged(args[0], "PillArrow size", 2, 3)
    cells = g.cells(args[1:], "PillArrow", size + 1)
    return [Arrow(tuple(sorted(cells[:size])), cells[size:])]


def _write_pill_arrow(rule: Arrow, board: Board) -> str | None:
    if list(rule.circle) == sorted(rule.circle) and len(rule.circle) in (2, 3):
        return item("PillArrow", len(rule.circle), *names(rule.circle + rule.cells))
    return None


def _diagonal(g: Grid, args: list[str]) -> list[Variant]:
    if args not in (["1"], ["-1"]):
        raise InvalidPuzzleError(f"ISS Diagonal direction must be 1 or -1, got {args}")
    return [Diagonal(positive=args[0] == "1")]


def _quad(g: Grid, args: list[str]) -> list[Variant]:
    if not args:
        raise InvalidPuzzleError("ISS Quad needs its top-left cell")
    r, c = g.cell(args[0])
    if r + 1 >= g.n or c + 1 >= g.n:
        raise InvalidPuzzleError(f"ISS Quad at {args[0]}: no 2x2 square starts there")
    cells = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
    if len(args) > 5:
        raise InvalidPuzzleError(f"ISS Quad at {args[0]}: {len(args) - 1} values for 4 cells")
    values = tuple(ranged(v, "Quad value", 1, g.n) for v in args[1:])
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


def _little_killer(g: Grid, args: list[str]) -> list[Variant]:
    if len(args) != 2:
        raise InvalidPuzzleError("ISS LittleKiller needs a sum and its first cell")
    start = g.cell(args[1])
    found = little_killer_lines(g.n).get(start)
    if found is None:
        raise InvalidPuzzleError(f"ISS LittleKiller at {args[1]}: no diagonal starts there")
    direction, _ = found
    dr, dc = DIRECTIONS[direction]
    clue = (start[0] - dr, start[1] - dc)
    total = ranged(args[0], "LittleKiller sum", 1, g.n * g.n)
    return [LittleKiller(clue, direction, total)]


def _write_little_killer(rule: LittleKiller, board: Board) -> str | None:
    diagonal = set(rule.cells_of(board))
    for start, (_, line) in little_killer_lines(board.n).items():
        if set(line) == diagonal:
            return item("LittleKiller", rule.total, name(start))
    return None


def _double_line(make: type, high: Callable[[int], int]) -> IssType:
    """A clue at either end of a row or column, each in ``1..high(n)``; the type is named
    after the rule."""
    what = make.__name__

    def read(g: Grid, args: list[str]) -> list[Variant]:
        if not 2 <= len(args) <= 3:
            raise InvalidPuzzleError(f"ISS {what} needs a row or column and one or two clues")
        out: list[Variant] = []
        for value, forward in zip(args[1:], (True, False)):
            if value != "":
                clue = ranged(value, what, 1, high(g.n))
                out.append(make(g.line_clue(args[0], forward), clue))
        return out

    def write(rule: Any, board: Board) -> str:
        row_or_col, forward = line_name(rule.clue, board.n)
        values = (rule.total, "") if forward else ("", rule.total)
        return item(what, row_or_col, *values)

    return IssType(what, read, write, (make,))


def _sandwich(g: Grid, args: list[str]) -> list[Variant]:
    if len(args) != 2:
        raise InvalidPuzzleError("ISS Sandwich needs a sum and a row or column")
    most = g.n * (g.n + 1) // 2 - 1 - g.n  # every digit but 1 and n
    return [Sandwich(g.line_clue(args[1], True), ranged(args[0], "Sandwich", 0, most))]


def _valued(
    make: Callable[[tuple[Cell, ...], int], Variant],
    what: str,
    least: int = 1,
    low: int = 1,
    high: Callable[[int], int] | None = None,
) -> Reader:
    """``Type~value~cells``: one rule on the cells with a whole-number value in
    ``low..high(n)`` (no upper bound without ``high``)."""

    def read(g: Grid, args: list[str]) -> list[Variant]:
        if not args:
            raise InvalidPuzzleError(f"ISS {what} needs a value and cells")
        value = ranged(args[0], f"{what} value", low, None if high is None else high(g.n))
        return [make(g.cells(args[1:], what, least), value)]

    return read


def _total_cage(make: type, least: int, low: int) -> IssType:
    """``Type~total~cells`` for a cage rule named as its type (``Lunchbox``, ``RellikCage``):
    at least ``least`` cells, a total from ``low``."""
    kind = make.__name__
    return IssType(
        kind,
        _valued(lambda cells, total: make(cells, total), kind, least, low),
        lambda rule, board: item(kind, rule.total, *names(rule.cells)),
        (make,),
    )


def _modular(cells: tuple[Cell, ...], mod: int) -> Variant:
    return ParityLine(cells) if mod == 2 else ModularLine(cells, mod)


def _write_modular(rule: ModularLine | ParityLine, board: Board) -> str:
    mod = rule.modulus if isinstance(rule, ModularLine) else 2
    return item("Modular", mod, *names(rule.cells))


def _sum_line(g: Grid, args: list[str]) -> list[Variant]:
    """``SumLine~total~cells[~LOOP]``: pieces of the line add up to the total; a LOOP closes
    the line, and a piece may run across the join."""
    loop = bool(args) and args[-1] == "LOOP"
    cells = args[:-1] if loop else args
    return _valued(lambda c, total: TenLine(c, total, loop), "SumLine", 2)(g, cells)


def _look_and_say(g: Grid, args: list[str]) -> list[Variant]:
    if not args:
        raise InvalidPuzzleError("ISS LookAndSay needs a clue and cells")
    if not re.fullmatch(r"([0-9][0-9])+", args[0]):
        raise InvalidPuzzleError(
            f"ISS LookAndSay clue {shown(args[0])} is not (count, digit) pairs of ASCII digits"
        )
    return [LookAndSayCage(g.cells(args[1:], "LookAndSay"), args[0])]


def _contain_exact(g: Grid, args: list[str]) -> list[Variant]:
    """Each listed digit exactly as often as listed: a look-and-say cage of the counts."""
    if not args:
        raise InvalidPuzzleError("ISS ContainExact needs digits and cells")
    digits = [ranged(v, "ContainExact digit", 1, g.n) for v in args[0].split("_")]
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


def _regex(g: Grid, args: list[str]) -> list[Variant]:
    if not args:
        raise InvalidPuzzleError("ISS Regex needs a pattern and cells")
    pattern = re.sub(r"\s", "", regex_pattern(args[0]))
    if not pattern.isascii() or not pattern.isprintable():
        raise InvalidPuzzleError(
            f"ISS Regex pattern {shown(pattern)}: only ASCII characters make an ISS pattern"
        )
    return [RegexLine(g.cells(group, "Regex"), pattern) for group in _groups(args[1:])]


def _write_regex(rule: RegexLine, board: Board) -> str:
    token = base64.urlsafe_b64encode(rule.pattern.encode("ascii")).decode().rstrip("=")
    return item("Regex", token, *names(rule.cells))


def _indexing(g: Grid, args: list[str]) -> list[Variant]:
    if not args or args[0] not in ("C", "R"):
        raise InvalidPuzzleError("ISS Indexing needs C or R, then cells")
    make = ColumnIndexer if args[0] == "C" else RowIndexer
    return [make(g.cells(args[1:], "Indexing"))]


def _named_groups(args: list[str]) -> list[tuple[str, list[str]]]:
    """The (name, cells) groups of a ``Pair`` or ``NFA`` item: ``_name`` starts a named group,
    an empty argument a new group of the same name."""
    groups: list[tuple[str, list[str]]] = []
    group, cells = "", list[str]()
    for arg in [*args, ""]:
        if arg == "" or arg.startswith("_"):
            if cells:
                groups.append((group, cells))
            cells = []
            if arg.startswith("_"):
                group = arg[1:]
        else:
            cells.append(arg)
    return groups


def _group_name(group: str) -> str:
    """A group's name as ISS writes it: ``_`` and the name, escaped (dots and tildes too)."""
    quoted = urllib.parse.quote(group, safe="").replace(".", "%2E").replace("~", "%7E")
    return "_" + quoted


def _nabner(a: int, b: int) -> bool:
    return abs(a - b) > 1


def _pairwise(every: bool, legacy: bool, what: str) -> Reader:
    """``Pair``/``PairX`` (and the older ``Binary``/``BinaryX``): a relation between each digit
    of a line and the one before it (``every``: every one before it)."""

    def read(g: Grid, args: list[str]) -> list[Variant]:
        if not args:
            raise InvalidPuzzleError(f"ISS {what} needs a key and cells")
        allowed = pair_relation(args[0], g.n, legacy)
        key = pair_key(lambda a, b: (a, b) in allowed, g.n)
        nabner = every and allowed == pair_relation(pair_key(_nabner, g.n), g.n)
        out: list[Variant] = []
        for group, cell_names in _named_groups(args[1:]):
            cells = g.cells(cell_names, what)
            if nabner:
                out.append(NabnerLine(cells))
            else:
                rule = PairRule(key, allowed, every, group)
                begin: object = frozenset() if every else 0
                title = f"pairwise rule {group}".strip()
                out.append(SequenceRule(cells, begin, rule, accept_all, title))
        return out

    return read


def _write_pairwise(every: bool) -> Writer:
    """``Pair`` (``every``: ``PairX``, which also writes a Nabner line) from a rule along cells."""
    kind = "PairX" if every else "Pair"

    def write(rule: Any, board: Board) -> str | None:
        if every and isinstance(rule, NabnerLine):
            return item(kind, pair_key(_nabner, board.n), "_Nabner", *names(rule.cells))
        step = getattr(rule, "rule", None)
        if isinstance(rule, SequenceRule) and isinstance(step, PairRule) and step.every == every:
            return item(kind, step.key, _group_name(step.name), *names(rule.cells))
        return None

    return write


def _nfa(g: Grid, args: list[str]) -> list[Variant]:
    """``NFA``: the digits along each line, segments joined by a break symbol, are a word the
    encoded automaton accepts."""
    if not args:
        raise InvalidPuzzleError("ISS NFA needs an encoded automaton and cells")
    out: list[Variant] = []
    for group, cell_names in _named_groups(args[1:]):
        breaks: list[int] = []
        cells: list[str] = []
        for arg in cell_names:
            if arg == "-":
                breaks.append(len(cells))
            else:
                cells.append(arg)
        step, accepting = decode_nfa(args[0], g.n, tuple(breaks), group)
        title = f"state machine {group}".strip()
        out.append(SequenceRule(g.cells(cells, "NFA"), step.begin(), step, accepting, title))
    return out


def _write_nfa(machine: Machine, rule: SequenceRule) -> str:
    cell_names = names(rule.cells)
    for at in reversed(machine.breaks):
        cell_names.insert(at, "-")
    return item("NFA", machine.token, _group_name(machine.name), *cell_names)


def _sum(g: Grid, args: list[str]) -> list[Variant]:
    """``Sum~total~cells`` (or ``total_=_c1_c2...``): digits, which may repeat, times their
    coefficients (1 unless given) add up to the total; read as a running sum along the cells."""
    if not args:
        raise InvalidPuzzleError("ISS Sum needs a total and cells")
    cells = g.cells(args[1:], "Sum")
    head, *rest = args[0].split("_")
    total = number(head, "Sum total")
    if rest and rest[0] == "=":
        coeffs = tuple(ranged(c, "Sum coefficient", -100, 100) for c in rest[1:])
    elif not rest:
        coeffs = (1,) * len(cells)
    else:
        raise InvalidPuzzleError(f"ISS Sum {shown(args[0])} is not a total or total_=_coefficients")
    if len(coeffs) != len(cells):
        raise InvalidPuzzleError(f"ISS Sum: {len(coeffs)} coefficients for {len(cells)} cells")
    title = f"sum {total}" if set(coeffs) == {1} else f"sum {args[0]}"
    return [SequenceRule(cells, (0, 0), SumRule(total, coeffs), SumReached(total), title)]


def _write_sum(step: SumRule, rule: SequenceRule) -> str:
    total, coeffs = step.total, step.coeffs
    head = str(total) if set(coeffs) <= {1} else "_".join(map(str, (total, "=", *coeffs)))
    return item("Sum", head, *names(rule.cells))


def _hidden_skyscraper(g: Grid, args: list[str]) -> list[Variant]:
    """``HiddenSkyscraper~R3~a~b``: seen from the start (``a``) or the end (``b``) of the row or
    column, the first digit lower than one before it is the clue (0: there is none)."""
    if not 2 <= len(args) <= 3:
        raise InvalidPuzzleError("ISS HiddenSkyscraper needs a row or column and one or two clues")
    out: list[Variant] = []
    for value, forward in zip(args[1:], (True, False)):
        if value == "":
            continue
        clue = g.line_clue(args[0], forward)
        count = number(value, "HiddenSkyscraper")
        if not 0 <= count <= g.n:
            raise InvalidPuzzleError(f"ISS HiddenSkyscraper {args[0]} {count} is outside 0..{g.n}")
        cells = Skyscraper(clue, 1).line(g.board)
        step = HiddenRule(args[0], forward, count)
        title = f"hidden skyscraper {count}"
        out.append(SequenceRule(cells, 0, step, HiddenFound(count), title))
    return out


def _write_hidden(hidden: HiddenRule, rule: SequenceRule) -> str:
    values = (hidden.value, "") if hidden.forward else ("", hidden.value)
    return item("HiddenSkyscraper", hidden.line, *values)


def _value_indexing(g: Grid, args: list[str]) -> list[Variant]:
    """``ValueIndexing~cells``: the second cell's digit d says that d cells further on the line
    hold the first cell's digit (ISS counts from the second cell, where the package's
    ``ValueIndexing`` counts from the first: read as an automaton along the cells)."""
    cells = g.cells(args, "ValueIndexing", 3)
    rule = IndexRule(len(cells))
    return [SequenceRule(cells, (0, 0, 0), rule, accept_all, "value indexing")]


def _count_distinct(g: Grid, args: list[str]) -> list[Variant]:
    cells = g.cells(args, "CountDistinct", 2)
    return [SequenceRule(cells, None, DistinctRule(), distinct_reached, "count distinct")]


def _along(step: type, write: Callable[[Any, SequenceRule], str]) -> Writer:
    """A writer of the rules along cells whose step is a ``step`` (an automaton, a sum...)."""

    def written(rule: SequenceRule, board: Board) -> str | None:
        return write(rule.rule, rule) if isinstance(rule.rule, step) else None

    return written


def _same_values(g: Grid, args: list[str]) -> list[Variant]:
    """``SameValues~sets~cells``: the cells cut in order into ``sets`` runs of one length."""
    if not args:
        raise InvalidPuzzleError("ISS SameValues needs a number of sets and cells")
    cells = g.cells(args[1:], "SameValues", 2)
    sets = ranged(args[0], "SameValues number of sets", 2, len(cells))
    if len(cells) % sets:
        raise InvalidPuzzleError(
            f"ISS SameValues: {len(cells)} cells do not cut into {sets} sets of one size"
        )
    return [SameValues(cells, sets)]


def _write_jigsaw(rule: Jigsaw, board: Board) -> str:
    symbol = {cell: k for k, region in enumerate(rule.regions) for cell in region}
    layout = "".join(_SYMBOLS[symbol[board.row_col(i)]] for i in range(board.size))
    return ".NoBoxes" + item("Jigsaw", layout)


def _write_given(rule: Odd | GivenPencilmarks, board: Board) -> str | None:
    """A cell's digits as a given of several values: odd or even (on 9x9), pencil marks."""
    if isinstance(rule, GivenPencilmarks):
        return item("", f"{name(rule.cell)}_" + "_".join(map(str, sorted(rule.digits))))
    if board.n != 9:
        return None
    digits = range(2 if isinstance(rule, Even) else 1, board.n + 1, 2)
    return item("", f"{name(rule.cell)}_" + "_".join(map(str, digits)))


#: Every ISS type the package reads or writes, in the order writing asks them.
TYPES: tuple[IssType, ...] = (
    _cells_type("Thermo", Thermometer),
    _cells_type("Renban", Renban),
    _cells_type("Entropic", EntropicLine),
    _cells_type("RegionSumLine", RegionSumLine),
    _cells_type("Between", BetweenLine),
    _cells_type("Palindrome", Palindrome),
    _cells_type("Zipper", ZipperLine),
    _cells_type("AllDifferent", ExtraRegion, 1, "AllDifferent"),
    IssType(
        "Whisper",
        _whisper,
        lambda rule, board: item("Whisper", rule.gap or (board.n + 1) // 2, *names(rule.cells)),
        (Whispers,),
    ),
    _flag("AntiKnight", AntiKnight()),
    _flag("AntiKing", AntiKing()),
    _flag("AntiConsecutive", Nonconsecutive()),
    _flag("DisjointSets", DisjointGroups(), exact=False),
    IssType(
        "Diagonal",
        _diagonal,
        lambda rule, board: item("Diagonal", 1 if rule.positive else -1),
        (Diagonal,),
    ),
    IssType("Jigsaw", write=_write_jigsaw, rules=(Jigsaw,)),
    IssType(
        "Cage",
        _cage,
        lambda rule, board: item(
            "Cage", "" if rule.total is None else rule.total, *names(rule.cells)
        ),
        (KillerCage,),
    ),
    IssType("Arrow", _arrow, _write_arrow, (Arrow,)),
    IssType("PillArrow", _pill_arrow, _write_pill_arrow, (Arrow,)),
    _dot("WhiteDot", Difference, 1),
    _dot("BlackDot", Ratio, 2),
    _dot("X", XV, 10),
    _dot("V", XV, 5),
    IssType(
        "StrictXV",
        lambda g, args: [Negative("xv")],
        lambda rule, board: item("StrictXV") if rule.kind == "xv" else None,
        (Negative,),
    ),
    IssType("Given", write=_write_given, rules=(Odd, GivenPencilmarks)),
    IssType(
        "Quad",
        _quad,
        lambda rule, board: item("Quad", name(min(rule.cells)), *rule.values),
        (Quadruple,),
    ),
    _cells_type("DoubleArrow", DoubleArrow),
    _cells_type("EqualityCage", EqualityCage, 1),
    _cells_type("CountingCircles", CountingCircles, 1),
    _flag("StrictKropki", StrictKropki()),
    _flag("GlobalEntropy", GlobalEntropy()),
    _flag("GlobalMod", GlobalModular()),
    _flag("DutchFlatmates", DutchFlatmates()),
    _flag("AntiTaxicab", AntiTaxicab()),
    IssType(
        "SameValues",
        _same_values,
        lambda rule, board: item("SameValues", rule.sets, *names(rule.cells)),
        (SameValues,),
    ),
    IssType(
        "Lockout",
        _valued(lambda c, gap: LockoutLine(c, gap), "Lockout", 2, 1, lambda n: n - 1),
        lambda rule, board: item(
            "Lockout", board.n // 2 if rule.gap is None else rule.gap, *names(rule.cells)
        ),
        (LockoutLine,),
    ),
    IssType(
        "Modular",
        _valued(_modular, "Modular", 1, 2, lambda n: n),
        _write_modular,
        (ModularLine, ParityLine),
    ),
    IssType(
        "SumLine",
        _sum_line,
        lambda rule, board: item(
            "SumLine", rule.total, *names(rule.cells), *(["LOOP"] if rule.loop else [])
        ),
        (TenLine,),
    ),
    IssType("Regex", _regex, _write_regex, (RegexLine,)),
    _total_cage(Lunchbox, 2, 0),
    _total_cage(RellikCage, 1, 1),
    IssType(
        "LookAndSay",
        _look_and_say,
        lambda rule, board: item("LookAndSay", rule.text, *names(rule.cells)),
        (LookAndSayCage,),
    ),
    IssType(
        "PairX", _pairwise(True, False, "PairX"), _write_pairwise(True), (NabnerLine, SequenceRule)
    ),
    IssType("Pair", _pairwise(False, False, "Pair"), _write_pairwise(False), (SequenceRule,)),
    IssType("Sum", _sum, _along(SumRule, _write_sum), (SequenceRule,)),
    IssType(
        "HiddenSkyscraper", _hidden_skyscraper, _along(HiddenRule, _write_hidden), (SequenceRule,)
    ),
    IssType(
        "CountDistinct",
        _count_distinct,
        _along(DistinctRule, lambda step, rule: item("CountDistinct", *names(rule.cells))),
        (SequenceRule,),
    ),
    IssType(
        "ValueIndexing",
        _value_indexing,
        _along(IndexRule, lambda step, rule: item("ValueIndexing", *names(rule.cells))),
        (SequenceRule,),
    ),
    IssType("NFA", _nfa, _along(Machine, _write_nfa), (SequenceRule,)),
    IssType(
        "Indexing",
        _indexing,
        lambda rule, board: item(
            "Indexing", "C" if type(rule) is ColumnIndexer else "R", *names(rule.cells)
        ),
        (ColumnIndexer, RowIndexer),
        True,
    ),
    IssType("LittleKiller", _little_killer, _write_little_killer, (LittleKiller,)),
    IssType(
        "Sandwich",
        _sandwich,
        lambda rule, board: item("Sandwich", rule.total, line_name(rule.clue, board.n)[0]),
        (Sandwich,),
    ),
    IssType(
        "FullRankTies", write=lambda rule, board: item("FullRankTies", "none"), rules=(NoRankTies,)
    ),
    _double_line(XSum, lambda n: n * (n + 1) // 2),
    _double_line(Skyscraper, lambda n: n),
    _double_line(NumberedRoom, lambda n: n),
    _double_line(FullRank, lambda n: 4 * n),
    IssType("GreaterThan", _greater),
    IssType("ContainExact", _contain_exact),
    IssType("Binary", _pairwise(False, True, "Binary")),
    IssType("BinaryX", _pairwise(True, True, "BinaryX")),
    IssType("Shape"),
    IssType("NoBoxes"),
    IssType("Windoku"),
    IssType("RegionSize"),
)

#: The types read with the grid itself rather than as rules.
LAYOUT = frozenset({row.name for row in TYPES if row.read is None})
#: How each ISS type this package reads becomes variant rules.
READERS: dict[str, Reader] = {row.name: row.read for row in TYPES if row.read is not None}


def write_rule(rule: Variant, board: Board) -> str:
    """One rule as ISS text: the first type of :data:`TYPES` that writes it."""
    for row in TYPES:
        if row.write is not None and row.writes(rule):
            text = row.write(rule, board)
            if text is not None:
                return text
    raise UnsupportedModelError(f"ISS has no constraint type for the rule {rule.describe()}")
