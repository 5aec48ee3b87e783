"""Rules read from a puzzle's rules text and the marks it draws, each checked and reported.

When a file has no key for a rule, its marks (:mod:`~sudoku_models.formats.marks`) say where
and its rules text says what. This module reads them together in three steps:

1. the marks are sorted into groups of one style ("4 pink lines", "20 white circles on edges");
2. each sentence of the rules text makes claims through the phrases of
   :mod:`~sudoku_models.formats.vocabulary` (a rule kind, its numbers, and the colour and shape
   words that say which marks it is about);
3. each group takes the claims that fit its shape, colour and labels; a claim becomes variant
   rules, and where the file embeds a solution, only a reading that solution satisfies is kept
   (the others are dropped and named). Without a solution the best fitting claim is taken and
   reported as unconfirmed, so no guess passes for one of the file's keys.

What no reading explains stays a warning, as do the rules the text names that no rule carries
(:mod:`~sudoku_models.formats.guard`).

>>> from sudoku_models.model import Model
>>> from sudoku_models.puzzle import Puzzle
>>> from sudoku_models.formats.marks import Mark
>>> line = Mark("line", "path", ((0, 0), (0, 1), (0, 2)), "pink", 0.4)
>>> base = Model.from_puzzle(Puzzle.empty((2, 2)))
>>> out = read(base, [line], "Digits on a pink line are a set of consecutive digits.", None)
>>> [v.name for v in out.variants], out.readings[0].status
(['renban'], 'unconfirmed')
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from .. import deadline
from ..errors import InvalidPuzzleError, shown
from ..model import Model
from ..puzzle import Puzzle
from ..variants import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    BetweenLine,
    Clone,
    Diagonal,
    Difference,
    EntropicLine,
    Even,
    ExtraRegion,
    Fortress,
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
from . import parts
from .marks import Cell, Group, Mark, groups
from .vocabulary import COLOURS, FOLD, GUARD_NAMES, PHRASES, SHAPES, SYMBOLS

#: Most marks and longest rules text read; beyond them the marks are only reported.
MAX_MARKS = 2_000
MAX_TEXT = 20_000
#: Most readings of single marks tried: a group of marks and a claim that fits it count one
#: a mark. Groups past them are left unread, with a warning that names them.
MAX_HYPOTHESES = 20_000

_PATTERNS = tuple((kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in PHRASES)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'])|\n+|\s\|\s?|\|")
_WORD = re.compile(r"[a-z]+")
_SYMBOL = re.compile(SYMBOLS)


@dataclass(frozen=True)
class Claim:
    """What one sentence says: a rule kind, its numbers, and which marks it names."""

    kind: str
    sentence: str
    numbers: dict[str, int] = field(default_factory=dict, compare=False)
    colours: frozenset[str] = frozenset()
    shapes: frozenset[str] = frozenset()
    order: int = 0
    symbols: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Reading:
    """A rule read from the rules text: its kind, the marks it reads (empty for a rule on the
    whole grid), the sentence it came from, its rules, and whether the file's own solution
    confirms it (``confirmed``), no solution was there to ask (``unconfirmed``), or the
    solution contradicts it (``rejected``)."""

    kind: str
    marks: str
    sentence: str
    variants: tuple[Variant, ...]
    status: str
    others: tuple[str, ...] = ()
    options: tuple[tuple[Claim, tuple[Variant, ...]], ...] = field(
        default=(), compare=False, repr=False
    )
    picked: str = ""

    def describe(self) -> str:
        """One line: ``renban on 4 pink lines, from "Digits on ...": confirmed by ...``."""
        on = f" on {self.marks}" if self.marks else ""
        quote = self.sentence if len(self.sentence) <= 90 else self.sentence[:87] + "..."
        said = {
            "confirmed": "the solution the file embeds satisfies it",
            "unconfirmed": "not confirmed: the file embeds no solution",
            "rejected": "dropped: the solution the file embeds breaks it",
            "given": "as the user gave it",
        }[self.status]
        also = f" (also fits: {', '.join(self.others)})" if self.others else ""
        also = f" ({self.picked})" if self.picked else also
        return f'{self.kind}{on}, from "{quote}": {said}{also}'


@dataclass(frozen=True)
class Outcome:
    """What :func:`read` made of a file: the rules to add, the readings taken and dropped, and
    the groups of marks no reading explains."""

    variants: tuple[Variant, ...] = ()
    readings: tuple[Reading, ...] = ()
    dropped: tuple[Reading, ...] = ()
    left: tuple[Group, ...] = ()
    unused: tuple[str, ...] = ()
    untried: tuple[Group, ...] = ()
    unchosen: int = 0

    def unread(self, rules: str | None) -> str:
        """``rules`` without the sentences a reading was taken from: what the guard still
        checks for rules nothing carries."""
        used = {r.sentence for r in self.readings}
        kept = [s for s in _SENTENCE.split(rules or "") if " ".join(s.split()) not in used]
        return "\n".join(kept)

    def guard_names(self) -> set[str]:
        """The names the guard (:mod:`~sudoku_models.formats.guard`) gives the rules read."""
        return {name for r in self.readings for name in GUARD_NAMES.get(r.kind, ())}

    def notes(self) -> list[str]:
        """The warnings: marks left unread, dropped readings, readings no solution confirms."""
        out = [f"{g.label} drawn only, not read as rules{_texts(g)}" for g in self.left]
        if self.untried:
            labels = ", ".join(g.label for g in self.untried[:3])
            more = f" and {len(self.untried) - 3} more" if len(self.untried) > 3 else ""
            out.append(
                f"{len(self.untried)} group(s) of marks not read ({labels}{more}): past "
                f"{MAX_HYPOTHESES} readings of single marks tried against the rules text"
            )
        out += [f"a reading was {r.describe()}" for r in self.dropped]
        if self.unchosen:
            out.append(
                f"the readings the text leaves open were not chosen by uniqueness: "
                f"{self.unchosen} rules, more than {MAX_CHOICE_RULES} to check"
            )
        out += [f"the reading {u!r} was given, but no marks fit it" for u in self.unused]
        guesses = [r.kind for r in self.readings if r.status == "unconfirmed"]
        if guesses:
            out.append(
                f"rules read from the rules text, with no solution in the file to confirm "
                f"them: {', '.join(dict.fromkeys(guesses))} (see the readings)"
            )
        return out


@dataclass(frozen=True)
class Choice:
    """What decides readings beyond the text: readings the user gives (``given``, each a
    ``"grey line=renban"`` read by :func:`given`), and ``unique``, a check that a model has
    exactly one solution, which picks, among readings the text leaves open, one that does."""

    given: tuple[Claim, ...] = ()
    unique: Callable[[Model], bool] | None = None


#: The choice :func:`read` makes when its caller gives none (:func:`choosing`).
_CHOICE: ContextVar[Choice | None] = ContextVar("sudoku_models_choice", default=None)


@contextmanager
def choosing(choice: Choice | None) -> Iterator[None]:
    """Read every file inside the block with ``choice`` (None: the choice already in force), so
    a format reader that knows nothing of choices reads a file once, with it."""
    if choice is None:
        yield
        return
    token = _CHOICE.set(choice)
    try:
        yield
    finally:
        _CHOICE.reset(token)


#: Rule kinds a user may give a group beside those of :data:`BUILDERS`: marks that only draw.
COSMETIC = "cosmetic"
_GIVEN_AS = "as given: "  # how a given reading's "sentence" starts
#: Rule kinds a given reading may follow with a number, and what the number is to them.
_NUMBERED = {
    "whispers": "gap", "dutch whispers": "gap", "edge sum": "total", "sum below": "total",
    "product below": "total",
}  # fmt: skip


def given(text: str) -> Claim:
    """The claim of a reading the user gives, ``"MARKS=KIND"`` or ``"MARKS=KIND NUMBER"``:
    colour and shape words naming a group of marks (``grey line``, ``white circles``), a rule
    kind of :data:`BUILDERS` or ``cosmetic``, and a number from 1 to 999 where the kind takes
    one (a whisper's gap, a sum). ValueError names what is wrong."""
    marks, sep, rest = text.partition("=")
    marks, words = " ".join(marks.split()).lower(), rest.lower().split()
    number = words.pop() if words and words[-1].isascii() and words[-1].isdigit() else ""
    kind = " ".join(words)
    if not sep or not marks or not kind or "=" in rest:
        raise ValueError(
            f"a reading is given as MARKS=KIND (e.g. 'grey line=renban'): {shown(text)}"
        )
    kinds = sorted([*BUILDERS, COSMETIC])
    if kind not in kinds:
        raise ValueError(f"no rule kind {shown(kind)} to read marks as; known: {', '.join(kinds)}")
    if number and kind not in _NUMBERED:
        raise ValueError(f"the rule kind {kind!r} takes no number: {shown(text)}")
    value = int(number.lstrip("0") or "0") if len(number.lstrip("0")) <= 3 else 0
    if number and not value:
        raise ValueError(
            f"the {_NUMBERED[kind]} of a {kind} reading is a number from 1 to 999: {shown(text)}"
        )
    words_of = set(_WORD.findall(marks))
    colours = frozenset().union(*(COLOURS[w] for w in words_of if w in COLOURS))
    shapes = frozenset().union(*(SHAPES[w] for w in words_of if w in SHAPES))
    if not colours and not shapes:
        raise ValueError(f"{shown(marks)} names no colour or shape of marks (e.g. 'grey line')")
    numbers = {"gap": value, "total": value} if number else {}
    said = f"{marks}={kind}{f' {value}' if number else ''}"
    return Claim(kind, f"{_GIVEN_AS}{said}", numbers, colours, shapes, -1)


def _texts(group: Group) -> str:
    texts = [m.text for m in group.marks if m.text]
    return f" (reading {', '.join(repr(t) for t in texts[:5])})" if texts else ""


def claims(rules: str | None) -> list[Claim]:
    """The claims of a rules text, sentence by sentence, in the text's order; a claim the
    text repeats (the same kind, numbers and marks in a later sentence) is kept once, from
    its first sentence."""
    out: list[Claim] = []
    seen: set[tuple[object, ...]] = set()
    for sentence in _SENTENCE.split(rules or ""):
        deadline.check()
        sentence = " ".join(sentence.split())
        if not sentence:
            continue
        words = set(_WORD.findall(sentence.lower()))
        colours = frozenset().union(*(COLOURS[w] for w in words if w in COLOURS))
        shapes = frozenset().union(*(SHAPES[w] for w in words if w in SHAPES))
        symbols = frozenset(_fold("".join(m)) for m in _SYMBOL.findall(sentence))
        for kind, pattern in _PATTERNS:
            found = pattern.search(sentence)
            if found:
                said = {k: v for k, v in found.groupdict().items() if v is not None}
                if any(len(v) > 4 for v in said.values()):
                    continue  # no rule of a puzzle has a number that long
                numbers = {k: int(v) for k, v in said.items()}
                same = (kind, tuple(sorted(numbers.items())), colours, shapes, symbols)
                if same not in seen:
                    seen.add(same)
                    out.append(Claim(kind, sentence, numbers, colours, shapes, len(out), symbols))
    return out


def _fold(symbol: str) -> str:
    return FOLD.get(symbol, symbol)


# Builders: a claim's rules on one group of marks, or None when the kind does not fit them. ------

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
    if group.shape == "cage":
        return [ProductCage(m.cells, v) for m, v in zip(group.marks, labels, strict=True)]
    return None


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
}


# Reading --------------------------------------------------------------------------------------


def with_labels(marks: Sequence[Mark]) -> list[Mark]:
    """The marks with each text drawn on a circle, square or diamond of its own place (the same
    cell or edge) made that mark's label, as a setter draws a labelled dot in two strokes."""
    shapes = ("circle", "square", "diamond")
    where: dict[tuple[str, frozenset[Cell]], list[int]] = {}
    for k, mark in enumerate(marks):
        if mark.shape in shapes and not mark.text and mark.place in ("edge", "cell"):
            where.setdefault((mark.place, frozenset(mark.cells)), []).append(k)
    labels: dict[int, str] = {}
    consumed: set[int] = set()
    for k, mark in enumerate(marks):
        spots = where.get((mark.place, frozenset(mark.cells)), [])
        if mark.shape == "text" and mark.text and len(spots) == 1 and spots[0] not in labels:
            labels[spots[0]] = mark.text
            consumed.add(k)
    return [
        dataclasses.replace(mark, text=labels[k]) if k in labels else mark
        for k, mark in enumerate(marks)
        if k not in consumed
    ]


def with_bulbs(marks: Sequence[Mark]) -> list[Mark]:
    """The marks with each line that starts or ends in a circle made one mark: a line from its
    circle (``bulbline``), or, with circles at both ends, a ``capline``; those circles go."""
    circles = {m.cells[0]: m for m in marks if m.shape == "circle" and m.place == "cell"}
    used: set[Cell] = set()
    out: list[Mark] = []
    for mark in marks:
        if mark.shape == "arrow" and mark.cells[0] in circles:
            used.add(mark.cells[0])
        if mark.shape != "line":
            out.append(mark)
            continue
        first, last = mark.cells[0] in circles, mark.cells[-1] in circles
        cells = mark.cells if first or not last else mark.cells[::-1]
        shape = "capline" if first and last else "bulbline" if first or last else "line"
        if first:
            used.add(mark.cells[0])
        if last:
            used.add(mark.cells[-1])
        out.append(Mark(shape, "path", cells, mark.colour, mark.size, mark.text, mark.source))
    return [
        m for m in out if not (m.shape == "circle" and m.place == "cell" and m.cells[0] in used)
    ]


def _fits(claim: Claim, group: Group) -> bool:
    if claim.shapes and group.shape not in claim.shapes:
        return False
    symbol = group.marks[0].style[-1]
    if symbol not in ("", "#") and claim.symbols and _fold(symbol) not in claim.symbols:
        return False
    colours = set(group.colour.split("/"))
    return not claim.colours or bool(colours & claim.colours)


def _admits(
    variants: Sequence[Variant], others: Sequence[Variant], model: Model, grid: Puzzle | None
) -> bool | None:
    """Whether the solution ``grid`` meets ``variants`` (None without one); a rule that cannot
    stand on this board admits nothing."""
    rules = [*others, *variants]
    try:
        primitives = [p for v in variants for p in v.primitives(model.board, rules)]
    except InvalidPuzzleError:
        return False
    if grid is None:
        return None
    return all(p.holds(grid.cells) for p in primitives)


#: A claim that fits a group: its rank (more specific first), its order, and its rules there.
Fit = tuple[int, int, Claim, list[Variant]]


def read(
    model: Model,
    marks: Sequence[Mark],
    rules: str | None,
    solution: Puzzle | None,
    choice: Choice | None = None,
) -> Outcome:
    """The rules ``rules`` and ``marks`` give beside ``model``'s own, checked against
    ``solution`` (the solution the file embeds, or None); ``choice`` adds the readings a user
    gives and a check of uniqueness to choose between readings (:class:`Choice`)."""
    choice = choice or _CHOICE.get() or Choice()
    n = model.board.n
    if len(marks) > MAX_MARKS or len(rules or "") > MAX_TEXT:
        return Outcome(left=tuple(groups(marks[:MAX_MARKS])))
    said = claims(rules)
    taken: list[Reading] = []
    dropped: list[Reading] = []
    left: list[Group] = []
    added: list[Variant] = []
    carried = _carried(model.variants)
    used: set[Claim] = set()
    budget = MAX_HYPOTHESES
    untried: list[Group] = []
    for group in groups(with_bulbs(with_labels(marks))):
        deadline.check()
        fitting = [claim for claim in said if _fits(claim, group)]
        cost = len(fitting) * len(group.marks)
        if cost > budget:
            untried.append(group)
            continue
        budget -= cost
        mine = _given(group, n, choice.given, model, [*model.variants, *added], solution)
        if mine is not None:
            used.add(mine[0])
            reading = mine[1]
            if reading.status == "rejected":
                left.append(group)
                dropped.append(reading)
            else:
                taken.append(reading)
                added += reading.variants
            continue
        fits: list[Fit] = []
        built: dict[tuple[object, ...], list[Variant] | None] = {}
        for claim in fitting:
            deadline.check()
            same = (claim.kind, tuple(sorted(claim.numbers.items())))
            if same not in built:  # the rules depend only on the kind and the numbers
                built[same] = BUILDERS.get(claim.kind, lambda g, n, c: None)(group, n, claim)
            made = built[same]
            if made and all(_is_carried(v, carried) for v in made):
                fits = []  # the marks draw rules the file's keys carry already
                break
            if made:
                fits.append((-(bool(claim.colours) + bool(claim.shapes)), claim.order, claim, made))
        fits.sort(key=lambda fit: fit[:2])
        chosen, tried = _choose(fits, group.label, model, [*model.variants, *added], solution)
        if not chosen and (fits or not _drawn_by_keys(group, carried)):
            left.append(group)
            dropped += tried
        taken += chosen
        added += [v for r in chosen for v in r.variants]
    few = len(model.variants) + len(added) <= MAX_CHOICE_RULES
    if choice.unique is not None and left and few:
        read_now = _by_parts(model, [*model.variants, *added], left, rules, solution)
        taken += [r for g, r in read_now if r.status != "rejected"]
        dropped += [r for g, r in read_now if r.status == "rejected"]
        done = [g for g, r in read_now if r.status != "rejected"]
        left = [g for g in left if all(g is not d for d in done)]
        added += [v for g, r in read_now if r.status != "rejected" for v in r.variants]
    keys = {v.key for v in [*model.variants, *added]}
    for claim in said:
        make = GLOBAL.get(claim.kind)
        if make is None or make().key in keys:
            continue
        fits = [(0, claim.order, claim, [make()])]
        chosen, tried = _choose(fits, "", model, [*model.variants, *added], solution)
        taken += chosen
        dropped += tried
        added += [v for r in chosen for v in r.variants]
        keys.add(make().key)
    negatives = _negatives(said, added)
    if negatives:
        chosen, tried = _choose([negatives], "", model, [*model.variants, *added], solution)
        taken += chosen
        dropped += tried
        added += [v for r in chosen for v in r.variants]
    unchosen = 0
    if choice.unique is not None and any(r.options for r in taken):
        if len(model.variants) + len(added) > MAX_CHOICE_RULES:
            unchosen = len(model.variants) + len(added)
        else:
            taken = _prefer_unique(model, taken, choice.unique)
            added = [v for r in taken for v in r.variants]
    unused = tuple(c.sentence.removeprefix(_GIVEN_AS) for c in choice.given if c not in used)
    return Outcome(
        tuple(added), tuple(taken), tuple(dropped), tuple(left), unused, tuple(untried), unchosen
    )


def _by_parts(
    model: Model,
    others: list[Variant],
    left: Sequence[Group],
    rules: str | None,
    solution: Puzzle | None,
) -> list[tuple[Group, Reading]]:
    """Readings composed from parts (:mod:`~sudoku_models.formats.parts`) of the groups no
    claim reads, chosen by solving and checked against the solution."""
    sentences = [" ".join(s.split()) for s in _SENTENCE.split(rules or "") if s.strip()]
    pairs, why, dropped = parts.read_groups(model, others, left, sentences)
    out: list[tuple[Group, Reading]] = []
    for group, h in pairs:
        verdict = _admits(h.variants, others, model, solution)
        status = {None: "unconfirmed", True: "confirmed", False: "rejected"}[verdict]
        also = "; ".join((why, *(f"dropped {d}" for d in dropped)))
        said = h.sentence or "(the shape of the marks)"
        out.append((group, Reading(h.label, group.label, said, h.variants, status, picked=also)))
    return out


def _given(
    group: Group,
    n: int,
    claims: Sequence[Claim],
    model: Model,
    others: list[Variant],
    solution: Puzzle | None,
) -> tuple[Claim, Reading] | None:
    """The reading the user gives ``group`` (the first given claim that fits it), checked
    against the solution; None when no given claim fits the group."""
    for claim in claims:
        if not _fits(claim, group):
            continue
        if claim.kind == COSMETIC:
            return claim, Reading(COSMETIC, group.label, claim.sentence, (), "given")
        made = BUILDERS[claim.kind](group, n, claim)
        if not made:
            continue
        status = "rejected" if _admits(made, others, model, solution) is False else "given"
        return claim, Reading(claim.kind, group.label, claim.sentence, tuple(made), status)
    return None


#: Most models the uniqueness check asks about when several readings fit.
MAX_TRIES = 4
#: Most rules (the keys' and the readings') of a puzzle whose readings the uniqueness check
#: chooses between; past them each model takes long to build and check, and the first
#: reading stands, with a warning.
MAX_CHOICE_RULES = 500


def _prefer_unique(
    model: Model, taken: list[Reading], unique: Callable[[Model], bool]
) -> list[Reading]:
    """``taken``, or, when it leaves several solutions, the first that one other reading the
    text allows (a reading's ``options``) makes unique."""

    def with_readings(readings: list[Reading]) -> Model:
        rules = [*model.variants, *(v for r in readings for v in r.variants)]
        return Model.from_puzzle(Puzzle(model.board, model.givens), variants=rules)

    if unique(with_readings(taken)):
        return taken
    tries = 1
    for k, reading in enumerate(taken):
        for claim, made in reading.options:
            deadline.check()
            if tries >= MAX_TRIES:
                return taken
            tries += 1
            other = dataclasses.replace(
                reading,
                kind=claim.kind,
                sentence=claim.sentence,
                variants=made,
                others=(reading.kind,),
                options=(),
                picked=f"taken over {reading.kind}: only it leaves one solution",
            )
            trial = [*taken[:k], other, *taken[k + 1 :]]
            if unique(with_readings(trial)):
                return trial
    return taken


def _cover(rule: Variant) -> set[Cell]:
    return set(rule.cells_used())


def _is_carried(rule: Variant, carried: dict[type, set[Cell]]) -> bool:
    """Whether the file's keys hold ``rule`` already (a rule of the same kind on its cells)."""
    cells = _cover(rule)
    return type(rule) in carried and cells <= carried[type(rule)]


def _carried(rules: Sequence[Variant]) -> dict[type, set[Cell]]:
    """The cells each kind of rule of the file's keys covers."""
    out: dict[type, set[Cell]] = {}
    for rule in rules:
        out.setdefault(type(rule), set()).update(_cover(rule))
    return out


def _drawn_by_keys(group: Group, carried: dict[type, set[Cell]]) -> bool:
    """Whether the group's marks lie on cells of the file's own rules (drawings of them)."""
    cells = {c for m in group.marks for c in m.cells}
    return bool(cells) and cells <= set().union(*carried.values())


def _choose(
    fits: list[Fit], label: str, model: Model, others: list[Variant], solution: Puzzle | None
) -> tuple[list[Reading], list[Reading]]:
    """The readings to take of ``fits`` (best first), and those the solution breaks.

    With a solution, every fitting claim it admits is taken, one a sentence (a group may be
    both clones and a fortress); without one, only the first fitting claim, unconfirmed.
    """
    kept: list[tuple[Claim, list[Variant], str]] = []
    tried: list[Reading] = []
    for _, _, claim, made in fits:
        deadline.check()
        verdict = _admits(made, others, model, solution)
        if verdict is False:
            if solution is not None:
                tried.append(Reading(claim.kind, label, claim.sentence, tuple(made), "rejected"))
            continue
        kept.append((claim, made, "confirmed" if verdict else "unconfirmed"))
    if not kept:
        return [], tried
    if solution is None:
        claim, made, status = kept[0]
        options: dict[str, tuple[Claim, tuple[Variant, ...]]] = {}
        for other, more, _ in kept[1:]:
            if other.kind != claim.kind:
                options.setdefault(other.kind, (other, tuple(more)))
        first = Reading(claim.kind, label, claim.sentence, tuple(made), status, tuple(options))
        return [dataclasses.replace(first, options=tuple(options.values()))], tried
    out: list[Reading] = []
    for claim, made, status in kept:
        same = next((k for k, r in enumerate(out) if r.sentence == claim.sentence), None)
        if same is not None:  # one sentence, two kinds the solution admits: name the other
            first = out[same]
            out[same] = dataclasses.replace(
                first,
                others=(*first.others, claim.kind),
                options=(*first.options, (claim, tuple(made))),
            )
        elif claim.kind not in {r.kind for r in out}:
            out.append(Reading(claim.kind, label, claim.sentence, tuple(made), status))
    return out, tried


def _negatives(said: Sequence[Claim], added: Sequence[Variant]) -> Fit | None:
    """The negative constraint of each kind of dot read, when the text says all are given."""
    claim = next((c for c in said if c.kind == "all dots given"), None)
    kinds = {type(v) for v in added}
    made: list[Variant] = [
        Negative(key)
        for key, kind in (("difference", Difference), ("ratio", Ratio))
        if kind in kinds
    ]
    return (0, 0, claim, made) if claim and made else None
