"""How a claim becomes variant rules on one group of marks (:data:`BUILDERS`, one builder a
rule kind of the vocabulary, None when the kind does not fit the marks), the rule kinds the
text alone gives for the whole grid (:data:`GLOBAL`), and the negative a text states of the
marks between two cells read (:func:`negatives`)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from functools import partial

from ...variants import (
    XV,
    AntiKing,
    AntiKnight,
    AntiTaxicab,
    Arrow,
    BetweenLine,
    Clone,
    Diagonal,
    Difference,
    DisjointGroups,
    DutchFlatmates,
    EntropicLine,
    Even,
    ExtraRegion,
    Fortress,
    GlobalEntropy,
    GlobalModular,
    KillerCage,
    MagicSquare,
    ModularLine,
    Negative,
    Nonconsecutive,
    Odd,
    Palindrome,
    ParityLine,
    PointingDigit,
    ProductCage,
    ProductDot,
    Quadruple,
    Ratio,
    RegexLine,
    RegionSumLine,
    Renban,
    SequenceRule,
    SlowThermometer,
    TenLine,
    Thermometer,
    Variant,
    Whispers,
    ZipperLine,
)
from ...variants.composed import Composed, NoOther
from .grouping import Group
from .marks import Cell
from .text import WORD, Claim
from .vocabulary import PHRASES

#: A claim's rules on one group of marks, or None when the kind does not fit them.
Builder = Callable[[Group, int, Claim], list[Variant] | None]


def _paths(group: Group, shapes: Iterable[str] = ("line",)) -> list[tuple[Cell, ...]] | None:
    if group.place != "path" or group.shape not in shapes:
        return None
    return [m.cells for m in group.marks]


def _line(make: Callable[[tuple[Cell, ...]], Variant]) -> Builder:
    return lambda group, n, claim: [make(p) for p in _paths(group) or []] or None


def _bulb(make: Callable[[tuple[Cell, ...]], Variant]) -> Builder:
    return lambda group, n, claim: (
        [make(p) for p in _paths(group, ("bulbline", "arrow")) or []] or None
    )


def _whispers(gap: int | None) -> Builder:
    def build(group: Group, n: int, claim: Claim) -> list[Variant] | None:
        size = claim.numbers.get("gap", gap)
        return [Whispers(p, size) for p in _paths(group) or []] or None

    return build


def _same_parity(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    odd = "".join(str(d) for d in range(1, min(n, 9) + 1, 2))
    even = "".join(str(d) for d in range(2, min(n, 9) + 1, 2))
    pattern = f"[{odd}]*|[{even}]*"
    return [RegexLine(p, pattern) for p in _paths(group) or []] or None


def _step(state: tuple[int, int] | None, d: int) -> tuple[int, int] | None:
    """The next state of a run of consecutive digits in order: (last digit, its step)."""
    if state is None:
        return (d, 0)
    last, step = state
    if abs(d - last) != 1 or (step and d - last != step):
        return None
    return (d, d - last)


def _in_order(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    return [
        SequenceRule(p, None, _step, lambda s: True, "consecutive in order")
        for p in _paths(group) or []
    ] or None


#: Arrow glyphs and the way each points, as (column step, row step) on the page.
_GLYPHS = {
    **dict.fromkeys("←⬅⇦🡐", (-1, 0)), **dict.fromkeys("→➡⇨🡒", (1, 0)),
    **dict.fromkeys("↑⬆⇧🡑", (0, -1)), **dict.fromkeys("↓⬇⇩🡓", (0, 1)),
    **dict.fromkeys("↖⬉⇖", (-1, -1)), **dict.fromkeys("↗⬈⇗", (1, -1)),
    **dict.fromkeys("↘⬊⇘", (1, 1)), **dict.fromkeys("↙⬋⇙", (-1, 1)),
}  # fmt: skip


def _pointing(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    if group.shape != "text" or group.place != "cell":
        return None
    out: list[Variant] = []
    for mark in group.marks:
        if mark.text not in _GLYPHS:
            return None
        x, y = _GLYPHS[mark.text]
        turn = math.radians(mark.angle)  # clockwise on the page, where rows run down
        dx = x * math.cos(turn) - y * math.sin(turn)
        dy = x * math.sin(turn) + y * math.cos(turn)
        longest = max(abs(dx), abs(dy))
        step = (round(dy / longest), round(dx / longest))
        out.append(PointingDigit(mark.cells[0], step))
    return out


def _between(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    return [BetweenLine(p) for p in _paths(group, ("capline", "line")) or []] or None


def _on_edges(group: Group, shapes: Sequence[str], colours: Sequence[str] = ()) -> bool:
    return (
        group.place == "edge" and group.shape in shapes and (not colours or group.colour in colours)
    )


def _dot(make: Callable[[tuple[Cell, ...]], Variant], colours: Sequence[str]) -> Builder:
    def build(group: Group, n: int, claim: Claim) -> list[Variant] | None:
        if not _on_edges(group, ("circle",), colours) or group.marks[0].text:
            return None
        return [make(m.cells) for m in group.marks]

    return build


def _labels(group: Group) -> list[int] | None:
    try:
        return [int(m.text) for m in group.marks]
    except ValueError:
        return None


def _xv(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    if not _on_edges(group, ("circle", "text", "square")):
        return None
    values = {"X": 10, "V": 5}
    if not all(m.text.upper() in values for m in group.marks):
        return None
    return [XV(m.cells, values[m.text.upper()]) for m in group.marks]


def _edge_sum(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    if group.shape == "line" and all(len(m.cells) == 2 for m in group.marks):
        total = claim.numbers.get("total")  # two cells joined by a short line
        return [XV(m.cells, total) for m in group.marks] if total else None
    if not _on_edges(group, ("circle", "text", "square")):
        return None
    labels = _labels(group)
    if labels is None:
        total = claim.numbers.get("total")
        return [XV(m.cells, total) for m in group.marks] if total else None
    return [XV(m.cells, v) for m, v in zip(group.marks, labels, strict=True)]


def _below(start: int, combine: Callable[[int, int], int]) -> Builder:
    """Two cells on an edge whose digits combine to less than the claim's total."""

    def build(group: Group, n: int, claim: Claim) -> list[Variant] | None:
        total = claim.numbers.get("total")
        if not total or not _on_edges(group, ("circle", "text", "square", "diamond")):
            return None
        step = lambda s, d: combine(s, d) if combine(s, d) < total else None  # noqa: E731
        title = f"{claim.kind} {total}"
        return [SequenceRule(m.cells, start, step, lambda s: True, title) for m in group.marks]

    return build


_FRACTION = re.compile(r"(\d{1,2}) ?[\u2044/:] ?(\d{1,2})")


def _pair(group: Group, title: str, holds: Callable[[str, int, int], bool]) -> list[Variant] | None:
    """Two cells on an edge, labelled: the pair of digits ``holds`` for the mark's label."""
    if not _on_edges(group, ("circle", "text", "square", "diamond")):
        return None
    out: list[Variant] = []
    for mark in group.marks:
        label = mark.text
        step = lambda s, d: d if s is None else (s, d)  # noqa: E731
        end = lambda s, label=label: isinstance(s, tuple) and holds(label, *s)  # noqa: E731
        out.append(SequenceRule(mark.cells, None, step, end, f"{title} {label}"))
    return out


def _ratio(label: str, x: int, y: int) -> bool:
    found = _FRACTION.fullmatch(label)
    if not found:
        return False
    a, b = int(found.group(1)), int(found.group(2))
    return x * b == y * a or y * b == x * a


def _labelled(check: Callable[[int, int, int], bool]) -> Callable[[str, int, int], bool]:
    return lambda label, x, y: label.isdigit() and check(int(label), x, y)


def _pairs(title: str, holds: Callable[[str, int, int], bool], labels: str) -> Builder:
    """A builder of :func:`_pair` rules for groups whose every label matches ``labels``."""

    def build(group: Group, n: int, claim: Claim) -> list[Variant] | None:
        if not all(re.fullmatch(labels, m.text) for m in group.marks):
            return None
        return _pair(group, title, holds)

    return build


def _prime_sum(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    """Two cells on an edge (a dot with no label) whose digits sum to a prime."""
    if not _on_edges(group, ("circle", "square", "diamond")) or group.marks[0].text:
        return None
    prime = lambda total: total > 1 and all(total % k for k in range(2, total))  # noqa: E731
    step = lambda s, d: s + d  # noqa: E731
    return [SequenceRule(m.cells, 0, step, prime, "prime sum") for m in group.marks]


def _product(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    labels = _labels(group)
    if labels is None:
        return None
    if _on_edges(group, ("circle", "text", "square")):
        return [ProductDot(m.cells, v) for m, v in zip(group.marks, labels, strict=True)]
    if group.shape != "cage":
        return None
    if not _REPEATS.search(claim.sentence):
        return [ProductCage(m.cells, v) for m, v in zip(group.marks, labels, strict=True)]
    if any(len(set(m.cells)) != len(m.cells) or v < 1 for m, v in zip(group.marks, labels)):
        return None  # a cage covers a cell once, and digits multiply to 1 at least
    return [_running_product(m.cells, v) for m, v in zip(group.marks, labels, strict=True)]


#: A sentence that lets digits repeat in cages (the vocabulary's words for it).
_REPEATS = re.compile(dict(PHRASES)["repeating killer"], re.IGNORECASE)


def _running_product(cells: tuple[Cell, ...], total: int) -> Variant:
    """Digits whose product is ``total``, which may repeat (the state: a divisor of it)."""

    def step(s: int, d: int) -> int | None:
        return s * d if total % (s * d) == 0 else None

    return SequenceRule(cells, 1, step, lambda s: s == total, f"product {total}")


def _quadruple(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    if group.place != "corner" or not all(
        re.fullmatch(r"[1-9 ,]{1,8}", m.text) for m in group.marks
    ):
        return None
    return [
        Quadruple(m.cells, tuple(int(ch) for ch in m.text if ch.isdigit())) for m in group.marks
    ]


def _killer(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    if group.shape != "cage":
        return None
    if group.marks[0].text:
        labels = _labels(group)
        if labels is None:
            return None
        return [KillerCage(m.cells, v) for m, v in zip(group.marks, labels, strict=True)]
    return [KillerCage(m.cells) for m in group.marks]


#: Most steps a repeating killer cage's running sum may take to explore (cells x total x
#: digits); a larger cage is left unread, with a warning.
MAX_SUM_WORK = 1_000_000


def _repeating_killer(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    """Cages whose label is the sum of their digits, which may repeat; each cage covers a cell
    once, and its label is a sum its cells can reach."""
    labels = _labels(group) if group.shape == "cage" and group.marks[0].text else None
    if labels is None:
        return None
    for mark, total in zip(group.marks, labels, strict=True):
        k = len(mark.cells)
        if len(set(mark.cells)) != k or not k <= total <= k * n or k * total * n > MAX_SUM_WORK:
            return None
    return [_running_sum(m.cells, v) for m, v in zip(group.marks, labels, strict=True)]


def _running_sum(cells: tuple[Cell, ...], total: int) -> Variant:
    def step(s: int, d: int) -> int | None:
        return s + d if s + d <= total else None

    return SequenceRule(cells, 0, step, lambda s: s == total, f"sum {total}")


def _parity(make: Callable[[Cell], Variant]) -> Builder:
    def build(group: Group, n: int, claim: Claim) -> list[Variant] | None:
        if group.place != "cell" or group.shape not in ("circle", "square", "shaded"):
            return None
        if group.marks[0].text:
            return None
        return [make(m.cells[0]) for m in group.marks]

    return build


def _areas(group: Group) -> list[tuple[Cell, ...]] | None:
    """The connected areas of a group of shaded cells, each in reading order."""
    if group.shape != "shaded":
        return None
    left = {m.cells[0] for m in group.marks}
    out = []
    while left:
        todo = [min(left)]
        left.discard(todo[0])
        area = []
        while todo:
            r, c = todo.pop()
            area.append((r, c))
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in left:
                    left.discard(nb)
                    todo.append(nb)
        out.append(tuple(sorted(area)))
    return out


def _fortress(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    areas = _areas(group)
    return [Fortress(tuple(sorted(c for a in areas for c in a)))] if areas else None


def _extra_regions(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    areas = _areas(group)
    if not areas or any(len(a) != n for a in areas):
        return None
    return [ExtraRegion(a) for a in areas]


def _magic(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    areas = _areas(group)
    if not areas or any(len(a) != 9 for a in areas):
        return None
    out: list[Variant] = []
    for area in areas:
        r, c = area[0]
        if set(area) != {(r + i, c + j) for i in range(3) for j in range(3)}:
            return None
        out.append(MagicSquare((r, c)))
    return out


def _clones(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    areas = _areas(group)
    if not areas or len(areas) < 2:
        return None
    shapes: dict[tuple[Cell, ...], list[tuple[Cell, ...]]] = {}
    for area in areas:
        r0, c0 = area[0]
        shapes.setdefault(tuple((r - r0, c - c0) for r, c in area), []).append(area)
    if any(len(same) < 2 for same in shapes.values()):
        return None
    return [Clone(same[0], other) for same in shapes.values() for other in same[1:]]


def _diagonals(group: Group, n: int, claim: Claim) -> list[Variant] | None:
    paths = _paths(group)
    if not paths:
        return None
    out: list[Variant] = []
    for path in paths:
        cells = set(path)
        if cells == {(r, r) for r in range(n)}:
            out.append(Diagonal(positive=False))
        elif cells == {(r, n - 1 - r) for r in range(n)}:
            out.append(Diagonal(positive=True))
        else:
            return None
    return out


#: How each rule kind of the vocabulary becomes rules on a group of marks.
BUILDERS: dict[str, Builder] = {
    "slow thermometer": _bulb(SlowThermometer),
    "thermometer": _bulb(Thermometer),
    "arrow": _bulb(lambda p: Arrow(p[:1], p[1:])),
    "dutch whispers": _whispers(4),
    "whispers": _whispers(None),
    "renban": _line(Renban),
    "region sum": _line(RegionSumLine),
    "entropic": _line(EntropicLine),
    "palindrome": _line(Palindrome),
    "between": _between,
    "consecutive sequence": _in_order,
    "pointing": _pointing,
    "zipper": _line(ZipperLine),
    "same parity": _same_parity,
    "parity": _line(ParityLine),
    "modular": _line(ModularLine),
    "ten line": _line(TenLine),
    "kropki white": _dot(Difference, ("white", "none")),
    "kropki black": _dot(Ratio, ("black", "grey")),
    "xv": _xv,
    "edge sum": _edge_sum,
    "prime sum": _prime_sum,
    "label ratio": _pairs("ratio", _ratio, _FRACTION.pattern),
    "label either": _pairs("either", _labelled(lambda v, x, y: v in (x, y)), r"\d{1,2}"),
    "sum or greater": _pairs(
        "sum or greater", _labelled(lambda v, x, y: v in (x + y, max(x, y))), r"\d{1,2}"
    ),
    "sum or less": _pairs(
        "sum or less", _labelled(lambda v, x, y: v in (x + y, min(x, y))), r"\d{1,2}"
    ),
    "edge product": _product,
    "sum below": _below(0, lambda s, d: s + d),
    "product below": _below(1, lambda s, d: s * d),
    "quadruple": _quadruple,
    "repeating killer": _repeating_killer,
    "killer": _killer,
    "odd": _parity(Odd),
    "even": _parity(Even),
    "fortress": _fortress,
    "magic square": _magic,
    "clone": _clones,
    "extra region": _extra_regions,
    "diagonal": _diagonals,
}


#: Rule kinds the text alone gives, for the whole grid.
GLOBAL: dict[str, Callable[[], Variant]] = {
    "anti-knight": AntiKnight,
    "anti-king": AntiKing,
    "nonconsecutive": Nonconsecutive,
    "disjoint groups": DisjointGroups,
    "Dutch flatmates": DutchFlatmates,
    "anti-taxicab": AntiTaxicab,
    "global entropy": GlobalEntropy,
    "global modular": GlobalModular,
    "diagonal top-left to bottom-right": partial(Diagonal, positive=False),
    "diagonal bottom-left to top-right": partial(Diagonal, positive=True),
}

#: The rule kind of a sentence that says every pair a mark's rule holds for is marked.
NEGATIVE_KIND = "all dots given"

#: Words of such a sentence that name the marks it is about (kinds of ``Negative``): a colour,
#: a symbol or a relation names its own kind; a word for dots in general, both kinds of dot;
#: a sentence naming none ("all possible clues are given") is about every kind of mark read.
NEGATIVE_WORDS: dict[str, tuple[str, ...]] = {
    "white": ("difference",), "consecutive": ("difference",), "difference": ("difference",),
    "black": ("ratio",), "ratio": ("ratio",), "double": ("ratio",), "twice": ("ratio",),
    "x": ("xv",), "xs": ("xv",), "v": ("xv",), "vs": ("xv",), "xv": ("xv",),
}  # fmt: skip
DOT_WORDS: dict[str, tuple[str, ...]] = dict.fromkeys(
    ("kropki", "dot", "dots"), ("difference", "ratio")
)

#: The kinds of marks between two cells a ``Negative`` rules on, by their rule's type.
_NEGATED: dict[type[Variant], str] = {Difference: "difference", Ratio: "ratio", XV: "xv"}


#: Rule kinds of the vocabulary that state the rule of a kind of mark ``Negative`` names: a
#: text stating it makes the kind one to negate even with no such mark drawn.
STATED = {"kropki white": "difference", "kropki black": "ratio", "xv": "xv"}


def negatives(
    claim: Claim, rules: Sequence[Variant], stated: Iterable[str] = ()
) -> list[Variant] | None:
    """The negative rules a sentence saying all marks are given (``claim``) makes of the marks
    between two cells: one a kind of mark it names that ``rules`` hold, or whose rule the text
    states (``stated``, kinds of :data:`STATED`: "a black dot shows a ratio of 1:2", and none
    is drawn), and that ``rules`` do not negate already. None when it names a kind it cannot
    negate (an X or V whose sum is not 10 or 5; X without V, whose negative would rule out
    the sums of 5 too), so the sentence stays unread and is warned about.

    >>> from sudoku_models.formats.reading.text import claims
    >>> said = claims("All white dots are given.")[0]
    >>> negatives(said, [Difference(((0, 0), (0, 1)), 1), Ratio(((1, 0), (1, 1)), 2)])
    [Negative(kind='difference')]
    """
    words = set(WORD.findall(claim.sentence.lower()))
    named = {kind for w in words & NEGATIVE_WORDS.keys() for kind in NEGATIVE_WORDS[w]}
    named = named or {kind for w in words & DOT_WORDS.keys() for kind in DOT_WORDS[w]}
    wanted = lambda kind: not named or kind in named  # noqa: E731
    done = {v.kind for v in rules if isinstance(v, Negative)}
    if any(isinstance(v, Nonconsecutive) for v in rules):
        done.add("difference")
    kinds = {_NEGATED[type(v)] for v in rules if type(v) in _NEGATED}
    kinds = (kinds | {STATED[k] for k in stated if k in STATED}) - done
    sums = {v.value for v in rules if isinstance(v, XV)}
    both = {"xv"} & words or ({"x", "xs"} & words and {"v", "vs"} & words) or sums == {5, 10}
    if "xv" in kinds and wanted("xv") and (not sums <= {5, 10} or not both):
        return None  # the negative of X and V together is all there is
    order = ("difference", "ratio", "xv")
    made: list[Variant] = [Negative(k) for k in order if k in kinds and wanted(k)]
    functions = {v.function for v in rules if isinstance(v, Composed) and v.scope == "pair"}
    functions -= {v.function for v in rules if isinstance(v, NoOther)}
    made += [NoOther(f) for f in sorted(functions) if not named or f in words]
    return made or None
