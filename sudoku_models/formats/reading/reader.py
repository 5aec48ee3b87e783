"""Rules read from a puzzle's rules text and the marks it draws, each checked and reported.

When a file has no key for a rule, its marks (:mod:`~sudoku_models.formats.reading.marks`) say
where and its rules text says what. This module reads them together in three steps:

1. the marks are sorted into groups of one style ("4 pink lines", "20 white circles on edges");
2. each sentence of the rules text makes claims through the phrases of
   :mod:`~sudoku_models.formats.reading.vocabulary` (a rule kind, its numbers, and the colour
   and shape words that say which marks it is about);
3. each group takes the claims that fit its shape, colour and labels; a claim becomes variant
   rules, and where the file embeds a solution, only a reading that solution satisfies is kept
   (the others are dropped and named). Without a solution the best fitting claim is taken and
   reported as unconfirmed, so no guess passes for one of the file's keys.

What no reading explains stays a warning, as do the rules the text names that no rule carries
(:mod:`~sudoku_models.formats.guard`).

>>> from sudoku_models.model import Model
>>> from sudoku_models.puzzle import Puzzle
>>> from sudoku_models.formats.reading import Mark
>>> line = Mark("line", "path", ((0, 0), (0, 1), (0, 2)), "pink", 0.4)
>>> base = Model.from_puzzle(Puzzle.empty((2, 2)))
>>> out = read(base, [line], "Digits on a pink line are a set of consecutive digits.", None)
>>> [v.name for v in out.variants], out.readings[0].status
(['renban'], 'unconfirmed')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ... import deadline
from ...errors import InvalidPuzzleError
from ...model import Model
from ...puzzle import Puzzle
from ...variants import Variant
from . import functions, parts, phrases, selection
from .builders import BUILDERS, GLOBAL
from .choice import (
    COSMETIC,
    GIVEN_AS,
    Choice,
    Fit,
    Reading,
    admits,
    choose,
    in_force,
    negative_fit,
    prefer_unique,
)
from .grouping import Group, groups, with_bulbs, with_labels
from .marks import Cell, Mark
from .text import MAX_TEXT, SENTENCE, Claim, claims, fold, sentences
from .vocabulary import GUARD_NAMES

#: Most marks read (and the longest rules text, ``text.MAX_TEXT``); beyond them the marks
#: are only reported.
MAX_MARKS = 2_000
#: Most readings of single marks tried: a group of marks and a claim that fits it count one
#: a mark. Groups past them are left unread, with a warning that names them.
MAX_HYPOTHESES = 20_000


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
    replaced: tuple[Variant, ...] = ()
    remarks: tuple[str, ...] = ()

    def unread(self, rules: str | None) -> str:
        """``rules`` without the sentences a reading was taken from: what the guard still
        checks for rules nothing carries."""
        used = {r.sentence for r in self.readings}
        kept = [s for s in SENTENCE.split(rules or "") if " ".join(s.split()) not in used]
        return "\n".join(kept)

    def guard_names(self) -> set[str]:
        """The names the guard (:mod:`~sudoku_models.formats.guard`) gives the rules read."""
        names = {name for r in self.readings for name in GUARD_NAMES.get(r.kind, ())}
        return names | {rule.name for rule in self.replaced}

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
        out += self.remarks
        guesses = [r.kind for r in self.readings if r.status == "unconfirmed"]
        if guesses:
            out.append(
                f"rules read from the rules text, with no solution in the file to confirm "
                f"them: {', '.join(dict.fromkeys(guesses))} (see the readings)"
            )
        return out


def _texts(group: Group) -> str:
    texts = [m.text for m in group.marks if m.text]
    return f" (reading {', '.join(repr(t) for t in texts[:5])})" if texts else ""


def _fits(claim: Claim, group: Group) -> bool:
    if claim.shapes and group.shape not in claim.shapes:
        return False
    if claim.places and group.place not in claim.places:
        return False
    symbol = group.marks[0].style[-1]
    if symbol not in ("", "#") and claim.symbols and fold(symbol) not in claim.symbols:
        return False
    colours = set(group.colour.split("/"))
    return not claim.colours or bool(colours & claim.colours)


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
    choice = choice or in_force()
    n = model.board.n
    if len(marks) > MAX_MARKS or len(rules or "") > MAX_TEXT:
        return Outcome(left=tuple(groups(marks[:MAX_MARKS])))
    said = claims(rules)
    taken: list[Reading] = []
    dropped: list[Reading] = []
    left: list[Group] = []
    added: list[Variant] = []
    replaced: list[Variant] = []
    remarks: list[str] = []
    switched: list[Reading] = []  # the file's own rules, read with another function
    for alternative in functions.alternatives(model.variants, sentences(rules)):
        reading = _switched(model, alternative, solution, choice)
        if reading is not None:
            replaced += alternative.carried
            switched.append(reading)
    if replaced:  # read on as if the file carried them so
        kept = [v for v in model.variants if v not in replaced]
        kept += [v for r in switched for v in r.variants]
        model = Model.from_puzzle(Puzzle(model.board, model.givens), variants=kept)
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
        chosen, tried = choose(fits, group.label, model, [*model.variants, *added], solution)
        if not chosen and (fits or not _drawn_by_keys(group, carried)):
            left.append(group)
            dropped += tried
        taken += chosen
        added += [v for r in chosen for v in r.variants]
    few = len(model.variants) + len(added) <= MAX_CHOICE_RULES
    if choice.unique is not None and left and few:
        read_now, remark = _by_parts(model, [*model.variants, *added], left, rules, solution)
        remarks += [remark] if remark else []
        taken += [r for g, r in read_now if r.status != "rejected"]
        dropped += [r for g, r in read_now if r.status == "rejected"]
        done = [g for g, r in read_now if r.status != "rejected"]
        left = [g for g in left if all(g is not d for d in done)]
        added += [v for g, r in read_now if r.status != "rejected" for v in r.variants]
    keys = {v.key or v.name for v in [*model.variants, *added]}  # a rule with no key: its name
    for claim in said:
        make = GLOBAL.get(claim.kind)
        rule = make() if make is not None else None
        if rule is None or (rule.key or rule.name) in keys:
            continue
        fits = [(0, claim.order, claim, [rule])]
        chosen, tried = choose(fits, "", model, [*model.variants, *added], solution)
        taken += chosen
        dropped += tried
        added += [v for r in chosen for v in r.variants]
        keys.add(rule.key or rule.name)
    negatives = negative_fit(said, [*model.variants, *added])
    if negatives:
        chosen, tried = choose([negatives], "", model, [*model.variants, *added], solution)
        taken += chosen
        dropped += tried
        added += [v for r in chosen for v in r.variants]
    unchosen = 0
    doubtful = any(r.options or r.status == "unconfirmed" for r in taken)
    if choice.unique is not None and doubtful:
        if len(model.variants) + len(added) > MAX_CHOICE_RULES:
            unchosen = len(model.variants) + len(added)
        else:
            taken, without = prefer_unique(model, taken, choice.unique)
            dropped += without
            added = [v for r in taken for v in r.variants]
    unused = tuple(c.sentence.removeprefix(GIVEN_AS) for c in choice.given if c not in used)
    return Outcome(
        (*(v for r in switched for v in r.variants), *added),
        (*switched, *taken),
        tuple(dropped),
        tuple(left),
        unused,
        tuple(untried),
        unchosen,
        tuple(replaced),
        tuple(remarks),
    )


def _switched(
    model: Model, alternative: functions.Alternative, solution: Puzzle | None, choice: Choice
) -> Reading | None:
    """The reading of the file's sum rules with the function the text gives them, where the
    solution the file embeds admits it, or else where it leaves one solution and the usual sum
    does not; None where the sum stands."""
    others = [v for v in model.variants if v not in alternative.carried]
    name = alternative.carried[0].name
    kind = f"{alternative.function} {name}"
    marks = f"{len(alternative.carried)} {name} clue(s) of the file's keys"
    if solution is not None:
        if not admits(alternative.rules, others, model, solution):
            return None
        status, why = "confirmed", f"read with the {alternative.function}, not the sum"
    else:
        if choice.unique is not None:
            text = selection.Hypothesis(kind, alternative.rules, 1, alternative.sentence)
            usual = selection.Hypothesis(f"sum {name}", alternative.carried, 0)
            picked = selection.choose(model, others, [[text, usual]])
            if picked.taken[0] is not text:
                return None
            why = picked.why
        else:
            why = f"read with the {alternative.function} the text gives, not the sum"
        status = "unconfirmed"
    return Reading(kind, marks, alternative.sentence, alternative.rules, status, picked=why)


def _by_parts(
    model: Model,
    others: list[Variant],
    left: Sequence[Group],
    rules: str | None,
    solution: Puzzle | None,
) -> tuple[list[tuple[Group, Reading]], str]:
    """Readings composed from parts (:mod:`~sudoku_models.formats.reading.parts`) of the groups no
    claim reads, chosen by solving and checked against the solution; and, where no reading
    leaves any solution, a remark that says so."""
    pairs, picked = parts.read_groups(model, others, left, sentences(rules))
    if picked is None:
        return [], ""
    if picked.none_left:
        return [], f"marks read by parts: {picked.why}"
    why, dropped = picked.why, picked.dropped
    out: list[tuple[Group, Reading]] = []
    for group, h in pairs:
        verdict = admits(h.variants, others, model, solution)
        status = {None: "unconfirmed", True: "confirmed", False: "rejected"}[verdict]
        also = "; ".join((why, *(f"dropped {d}" for d in dropped)))
        said = h.sentence or "(the shape of the marks)"
        out.append((group, Reading(h.label, group.label, said, h.variants, status, picked=also)))
    return out, ""


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
        made = (BUILDERS.get(claim.kind) or phrases.builder(claim.kind))(group, n, claim)
        if not made:
            continue
        _stands(claim, group, made, others, model)
        status = "rejected" if admits(made, others, model, solution) is False else "given"
        return claim, Reading(claim.kind, group.label, claim.sentence, tuple(made), status)
    return None


def _stands(
    claim: Claim, group: Group, made: Sequence[Variant], others: list[Variant], model: Model
) -> None:
    """Refuse a reading the user gives that no digits could meet on ``group`` (a clue of 7
    read as the product of a row of 1 to 4): it is a mistake of the reading, not of the file."""
    try:
        for rule in made:
            rule.primitives(model.board, [*others, *made])
    except InvalidPuzzleError as exc:
        given = claim.sentence.removeprefix(GIVEN_AS)
        raise InvalidPuzzleError(
            f"the reading {given!r} given cannot stand on the {group.label}: {exc.reason}"
        ) from None


#: Most rules (the keys' and the readings') of a puzzle whose readings the uniqueness check
#: chooses between; past them each model takes long to build and check, and the first
#: reading stands, with a warning.
MAX_CHOICE_RULES = 500


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
