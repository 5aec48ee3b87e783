"""The choice between readings: the readings a user gives (:func:`given`), each checked
against the solution a file embeds, the choice in force while a file is read
(:func:`choosing`), and, among readings the text leaves open, the first the solution admits
or, by a check of uniqueness, the one that leaves one solution."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from ... import deadline
from ...errors import InvalidPuzzleError, shown
from ...model import Model
from ...puzzle import Puzzle
from ...variants import Variant
from . import phrases
from .builders import BUILDERS, NEGATIVE_KIND, negatives
from .text import WORD, Claim
from .vocabulary import COLOURS, SHAPES


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
            "no solution": "dropped: it leaves no solution, and without it the puzzle has one",
            "given": "as the user gave it",
        }[self.status]
        also = f" (also fits: {', '.join(self.others)})" if self.others else ""
        also = f" ({self.picked})" if self.picked else also
        return f'{self.kind}{on}, from "{quote}": {said}{also}'


@dataclass(frozen=True)
class Choice:
    """What decides readings beyond the text: readings the user gives (``given``, each a
    ``"grey line=renban"`` read by :func:`given`), and ``unique``, a check that a model has
    exactly one solution, which picks, among readings the text leaves open, one that does."""

    given: tuple[Claim, ...] = ()
    unique: Callable[[Model], bool] | None = None


#: The choice :func:`read` makes when its caller gives none (:func:`choosing`).
_CHOICE: ContextVar[Choice | None] = ContextVar("sudoku_models_choice", default=None)


def in_force() -> Choice:
    """The choice in force: the one :func:`choosing` opened, else none (no given readings, no
    check of uniqueness)."""
    return _CHOICE.get() or Choice()


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
#: How the sentence of a reading the user gives starts.
GIVEN_AS = "as given: "


#: Rule kinds a given reading may follow with a number, and what the number is to them.
_NUMBERED = {
    "whispers": "gap", "dutch whispers": "gap", "edge sum": "total", "sum below": "total",
    "product below": "total",
}  # fmt: skip


#: Shape words a given reading may name marks by beside those of the rules text: the texts
#: drawn, such as clues outside the grid.
GIVEN_SHAPES: dict[str, frozenset[str]] = {
    "text": frozenset({"text"}), "texts": frozenset({"text"}),
}  # fmt: skip
#: Words of a given reading that name where its marks sit (the ``place`` of a mark).
GIVEN_PLACES: dict[str, str] = {
    "outside": "outside", "edge": "edge", "edges": "edge", "corner": "corner",
    "corners": "corner",
}  # fmt: skip


def given(text: str) -> Claim:
    """The claim of a reading the user gives, ``"MARKS=KIND"``, ``"MARKS=KIND NUMBER"`` or
    ``"MARKS=PHRASE"``: colour, shape and place words naming a group of marks (``grey line``,
    ``white circles on edges``, ``text outside``), and a rule kind of :data:`BUILDERS` or
    ``cosmetic`` with a number from 1 to 999 where the kind takes one (a whisper's gap, a sum),
    or a composed reading (:mod:`~sudoku_models.formats.reading.phrases`: ``sum of the first 3
    cells``). ValueError names what is wrong."""
    marks, sep, rest = text.partition("=")
    marks, words = " ".join(marks.split()).lower(), rest.lower().split()
    composed = bool(sep and marks) and phrases.looks_composed(rest)
    number = words.pop() if words and words[-1].isascii() and words[-1].isdigit() else ""
    kind = " ".join(words)
    if not sep or not marks or not kind or ("=" in rest and not composed):
        raise ValueError(
            f"a reading is given as MARKS=KIND (e.g. 'grey line=renban'): {shown(text)}"
        )
    kinds = sorted([*BUILDERS, COSMETIC])
    if composed and kind not in kinds:
        kind, number = phrases.parse(rest).words(), ""
    elif kind not in kinds:
        raise ValueError(
            f"no rule kind {shown(kind)} to read marks as; known: {', '.join(kinds)}; or a "
            f"composed reading, FUNCTION of SCOPE (e.g. 'sum of the row')"
        )
    if number and kind not in _NUMBERED:
        raise ValueError(f"the rule kind {kind!r} takes no number: {shown(text)}")
    value = int(number.lstrip("0") or "0") if len(number.lstrip("0")) <= 3 else 0
    if number and not value:
        raise ValueError(
            f"the {_NUMBERED[kind]} of a {kind} reading is a number from 1 to 999: {shown(text)}"
        )
    words_of = set(WORD.findall(marks))
    colours = frozenset().union(*(COLOURS[w] for w in words_of if w in COLOURS))
    shapes = frozenset().union(
        *({**SHAPES, **GIVEN_SHAPES}[w] for w in words_of if w in SHAPES or w in GIVEN_SHAPES)
    )
    places = frozenset(GIVEN_PLACES[w] for w in words_of if w in GIVEN_PLACES)
    if not colours and not shapes and not places:
        raise ValueError(
            f"{shown(marks)} names no colour or shape of marks (e.g. 'grey line', 'text outside')"
        )
    numbers = {"gap": value, "total": value} if number else {}
    said = f"{marks}={kind}{f' {value}' if number else ''}"
    return Claim(kind, f"{GIVEN_AS}{said}", numbers, colours, shapes, -1, places=places)


def admits(
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


#: Most models the uniqueness check asks about when several readings fit.
MAX_TRIES = 4


def prefer_unique(
    model: Model, taken: list[Reading], unique: Callable[[Model], bool]
) -> tuple[list[Reading], list[Reading]]:
    """``taken``, or, when it does not leave one solution, the first that one other reading
    the text allows (a reading's ``options``) makes unique, or else ``taken`` without the one
    unconfirmed reading whose rules leave no solution at all (the puzzle has exactly one
    without it, so with it none); and the readings so dropped."""

    def with_readings(readings: list[Reading]) -> Model:
        rules = [*model.variants, *(v for r in readings for v in r.variants)]
        return Model.from_puzzle(Puzzle(model.board, model.givens), variants=rules)

    if unique(with_readings(taken)):
        return taken, []
    return _other_option(taken, unique, with_readings) or _without_one(taken, unique, with_readings)


def _without_one(
    taken: list[Reading], unique: Callable[[Model], bool], build: Callable[[list[Reading]], Model]
) -> tuple[list[Reading], list[Reading]]:
    """``taken`` without the one unconfirmed reading that leaves no solution, and it (the
    first half of :data:`MAX_TRIES` such readings asked); ``taken`` as it is when none does."""
    doubtful = [k for k, r in enumerate(taken) if r.status == "unconfirmed"][: MAX_TRIES // 2]
    for k in doubtful:
        deadline.check()
        rest = [*taken[:k], *taken[k + 1 :]]
        if unique(build(rest)):
            return rest, [dataclasses.replace(taken[k], status="no solution", options=())]
    return taken, []


def _other_option(
    taken: list[Reading], unique: Callable[[Model], bool], build: Callable[[list[Reading]], Model]
) -> tuple[list[Reading], list[Reading]] | None:
    """``taken`` with one reading replaced by another the text allows, the first that leaves
    one solution (at most :data:`MAX_TRIES` asked), or None."""
    tries = 1
    for k, reading in enumerate(taken):
        for claim, made in reading.options:
            deadline.check()
            if tries >= MAX_TRIES:
                return None
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
            if unique(build(trial)):
                return trial, []
    return None


def choose(
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
        verdict = admits(made, others, model, solution)
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


def negative_fit(said: Sequence[Claim], rules: Sequence[Variant]) -> Fit | None:
    """The negative rules of the marks between two cells among ``rules``, or whose rule
    ``said`` states, for each sentence of ``said`` that says all are given
    (:func:`~sudoku_models.formats.reading.builders.negatives`), taken together under the
    first sentence that makes one."""
    first: Claim | None = None
    made: list[Variant] = []
    stated = {c.kind for c in said}
    for claim in (c for c in said if c.kind == NEGATIVE_KIND):
        more = [v for v in negatives(claim, [*rules, *made], stated) or [] if v not in made]
        first = first or (claim if more else None)
        made += more
    return (0, 0, first, made) if first else None
