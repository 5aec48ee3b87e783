"""Readings composed from parts for marks no named rule reads, proposed from their shapes.

A group of marks that no sentence of the rules text reads as a named rule can still carry only
so many readings, by its shape: each is a :class:`~..variants.composed.Composed` rule, or no
rule at all ("decoration"):

- numbers outside the grid: a scope seen from the clue (the whole line, the first cells, the
  first X cells, the cells between the 1 and the largest digit, those before or next to the
  largest digit, the places the text names) with a function of its digits (sum, product, min,
  max, how many are seen, counts by class, where a digit stands) equal to the clue, or holding
  the clue's digits;
- numbers on edges and corners: a function of the two or four cells there;
- numbers in cages: a function of the cage's digits (sum, how many distinct, how often each
  stands, ...) equal to the number, or the cage holding its digits;
- lines from a circle: a function of the line's digits equal to the circle's digit;
- lines, shaded cells, and marks on edges, corners or cages with no number of their own: the
  number the rules text gives, for the whole line or each two cells side by side.

:func:`propose` lists a group's readings, ranked by what the rules text says
(:mod:`~sudoku_models.formats.reading.evidence`), which ranks and never rules out, with the
comparisons the text names besides equality, the negative where it says every mark is given,
and, where it says each mark is one rule or another, those two side by side
(:class:`~sudoku_models.variants.composed.OneOf`);
the list is bounded by construction (:data:`MAX_HYPOTHESES`). :func:`read_groups` then has
:func:`~sudoku_models.formats.reading.selection.choose` take the selection that leaves one
solution.

>>> from sudoku_models.board import Board
>>> from sudoku_models.formats.reading import Group, Mark
>>> clue = Mark("text", "outside", ((-1, 0),), "black", 0.5, "6")
>>> text = ["Clues give the sum of the first cells."]
>>> [h.label for h in propose(Group((clue,)), Board(2, 2), text)][:2]
['sum of the first 2 cells = clue', 'sum of the first 3 cells = clue']
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ... import deadline
from ...board import Board
from ...errors import InvalidPuzzleError, TimeLimitReached
from ...model import Model
from ...variants.base import Primitive, Variant
from ...variants.composed import OUTSIDE_SCOPES, Composed, NoOther, OneOf, scope_words
from .evidence import ALL_GIVEN, EITHER, named_comparisons, named_window, rank, text_numbers
from .grouping import Group
from .marks import Cell, Mark
from .selection import CHOICE_SECONDS, CHOICE_WALL_SECONDS, Hypothesis, Picked, choose, spent

#: Most groups read by parts in one puzzle.
MAX_GROUPS = 3
#: Most cells of one mark read by parts, in rows of the grid (a line or cage longer than two
#: rows' worth is no clue of a function of its digits).
MAX_SCOPE = 2

#: Functions by the kind of group: a pair of cells on an edge (seeing needs a line of sight, a
#: count of two is rarely a clue), four around a corner, the cells seen from outside the grid
#: (a difference or ratio needs a pair), a cage, the line from a circle, a plain line, and one
#: cell (its digit itself).
FUNCTIONS_OF: dict[str, tuple[str, ...]] = {
    "edge": ("sum", "product", "difference", "ratio", "max", "min", "min or max", "mean"),
    "corner": ("sum", "product", "difference", "max", "min", "min or max", "mean", "odd count",
               "even count", "distinct count", "digits"),
    "outside": ("sum", "product", "max", "min", "seen", "odd count", "even count",
                "first odd or even", "min or max", "distinct count", "digits",
                "position of the largest", "position of 1", "difference", "min plus max"),
    "cage": ("sum", "distinct count", "digits", "product", "max", "min", "mean", "odd count",
             "even count", "low count", "high count", "difference", "repeats", "min plus max"),
    "circle": ("sum", "odd count", "even count", "distinct count", "mean", "max", "min",
               "product", "low count", "high count", "seen", "difference"),
    "line": ("sum", "distinct count", "odd count", "even count", "max", "min", "product",
             "mean", "low count", "high count", "difference"),
    "cell": ("max",),  # the digit of a one-cell scope, compared with the text's numbers
}  # fmt: skip
#: Functions of each two cells side by side along a line (the ``adjacent`` scope).
ADJACENT_FUNCTIONS = ("difference", "sum", "product", "ratio")
#: A mark's text that writes numbers, and one that writes digits of a grid.
NUMBERS = re.compile(r"[\d ,]*\d[\d ,]*")
DIGITS = re.compile(r"[1-9 ,]*[1-9][1-9 ,]*")
#: Most readings the text names a function for that are paired so.
MAX_EITHER = 4
#: Scopes by where the marks sit, in the order readings are tried when the text says nothing
#: of them: a clue outside the grid sees along its row or column, a number on an edge speaks of
#: the two cells it separates, one on a corner of the four cells around it.
SCOPES: dict[str, tuple[tuple[str, int], ...]] = {
    "outside": (
        ("first X", 0),
        ("between", 0),
        ("line", 0),
        ("before", 0),
        ("beside", 0),
        ("first", 1),
        ("first", 2),
        ("first", 3),
    ),
    "edge": (("pair", 0),),
    "corner": (("cells", 0),),
    "cage": (("cells", 0),),
    "circle": (("circle", 0),),
    "line": (("cells", 0), ("adjacent", 0)),
    "cell": (("cells", 0),),
}
#: The reading that a group is no rule at all: drawn only.
DECORATION = "decoration"
#: Most readings proposed for one group, decoration included: every function with every scope
#: fits, with room for the comparisons the text names; the text's rank orders them and the
#: worst ranked are left out (then the clause budget, not the rank, leaves the last out).
MAX_HYPOTHESES = 128


def kind_of(group: Group) -> str:
    """What parts reads a group as: ``outside``, ``edge``, ``corner``, ``cage``, ``circle``
    (lines from a circle), ``line`` (plain lines) or ``cell`` (shaded cells, and shapes in
    cells, without text), or ``""``."""
    if group.shape == "bulbline":
        return "circle"
    if group.shape == "line" and group.place == "path" and not group.marks[0].text:
        return "line"
    if group.place == "cell" and group.shape != "text" and not group.marks[0].text:
        return "cell"
    if group.shape == "cage" and group.place == "area":  # with numbers, or the text's
        return "cage"
    return group.place if group.place in ("outside", "edge", "corner") else ""


def _clue(text: str, function: str) -> tuple[int, ...]:
    """What a mark's text says to ``function``: the digits it writes, for the digits
    themselves (``'129'``: 1, 2 and 9); else the number it writes, or ``()``."""
    text = text.strip()
    if function == "digits":  # a 0 is no digit of a grid: no such clue
        return tuple(int(ch) for ch in text if ch.isdigit()) if DIGITS.fullmatch(text) else ()
    return (int(text),) if text.isdigit() else ()


def readable(group: Group, sentences: Sequence[str] = ()) -> bool:
    """Whether parts can read ``group``: lines from a circle; numbers outside the grid, on
    edges, on corners or in cages, every mark written with one; and lines, cells, and marks on
    edges and corners with no number, where the rules text gives one."""
    kind = kind_of(group)
    if kind == "circle":
        return True
    if _from_text(group, kind):
        return bool(text_numbers(sentences))
    return bool(kind) and all(NUMBERS.fullmatch(m.text.strip()) for m in group.marks)


def _from_text(group: Group, kind: str) -> bool:
    """Whether the group's numbers come from the rules text: lines, cells, and marks on edges
    and corners that carry none."""
    unwritten = not any(m.text for m in group.marks)
    return kind in ("line", "cell") or (kind in ("edge", "corner", "cage") and unwritten)


def _circles(group: Group) -> list[tuple[Cell, ...]]:
    """The lines from a circle, those that share one circle joined: the circle first."""
    by_circle: dict[Cell, list[Cell]] = {}
    for mark in group.marks:
        cells = by_circle.setdefault(mark.cells[0], [mark.cells[0]])
        cells += [c for c in mark.cells[1:] if c not in cells]
    return [tuple(cells) for cells in by_circle.values()]


@dataclass(frozen=True)
class _Option:
    """A reading to build: its parts, and the number the text gives where the marks have none."""

    function: str
    scope: str
    reach: int
    comparison: str
    given: int | None = None
    start: int = 0
    negative: bool = False


def _rule(option: _Option, mark: Mark) -> Composed:
    """One mark's rule under a reading (refused when the mark has no number to compare)."""
    given = option.given
    values = (given,) if given is not None else _clue(mark.text, option.function)
    if not values:
        raise InvalidPuzzleError(f"{option.function} needs a number, and the mark has none")
    parts = (option.scope, option.function, option.comparison, values)
    if option.scope in OUTSIDE_SCOPES:
        return Composed(*parts, clue=mark.cells[0], reach=option.reach, start=option.start)
    return Composed(*parts, cells=mark.cells)


def _rules(kind: str, option: _Option, group: Group) -> list[Variant]:
    """The group's rules under one reading."""
    if option.scope == "adjacent":  # each two cells side by side along each line
        pair = dataclasses.replace(option, scope="pair")
        return [
            _rule(pair, dataclasses.replace(mark, cells=(a, b)))
            for mark in group.marks
            for a, b in zip(mark.cells, mark.cells[1:])
        ]
    if kind != "circle":
        out: list[Variant] = [_rule(option, mark) for mark in group.marks]
        if option.negative:
            given = () if option.given is None else (option.given,)
            out.append(NoOther(option.function, given))
        return out
    return [
        Composed("circle", option.function, option.comparison, (), cells=cells)
        for cells in _circles(group)
    ]


def _compiled(rules: Sequence[Variant], board: Board) -> tuple[Primitive, ...]:
    """The primitives of ``rules`` (refused when a clue cannot meet its rule), made once
    for both the proposal and the choice."""
    return tuple(p for rule in rules for p in rule.primitives(board, rules))


def _label(kind: str, option: _Option, cells: int) -> str:
    """How a reading is named: ``sum of the first 3 cells = clue``."""
    where = {"cage": "the cage", "line": "the line", "cell": "the cell"}.get(kind) or scope_words(
        option.scope, option.reach, cells, option.start
    )
    if option.scope == "adjacent":
        where = "each two cells side by side on the line"
    if option.function == "digits":
        held = "the clue's digits" if option.given is None else f"a {option.given}"
        return f"{held} {'are' if option.given is None else 'is'} in {where}"
    than = "the circle's digit" if kind == "circle" else "clue"
    than = than if option.given is None else str(option.given)
    label = f"{option.function} of {where} {option.comparison} {than}"
    return label + ("; no unmarked pair has it" if option.negative else "")


def _options(
    kind: str, sentences: Sequence[str], from_text: bool = False
) -> list[tuple[int, int, _Option, str]]:
    """Every reading of a kind of group, with its rank by the text (negated, to sort), its
    place in the tables (to break ties) and the sentence that ranked it; ``from_text``: the
    numbers are the text's, the marks carry none."""
    compared = ["=", *named_comparisons(sentences)]
    givens: tuple[int | None, ...] = text_numbers(sentences) if from_text else (None,)
    scopes = [(scope, reach, 0) for scope, reach in SCOPES.get(kind, ())]
    window = named_window(sentences) if kind == "outside" else None
    if window:
        scopes.insert(0, ("first", window[1], window[0]))
    negatives = [False]
    if kind == "edge" and any(ALL_GIVEN.search(s) for s in sentences):
        negatives.insert(0, True)
    out: list[tuple[int, int, _Option, str]] = []
    for scope, reach, start in scopes:
        functions = ADJACENT_FUNCTIONS if scope == "adjacent" else FUNCTIONS_OF.get(kind, ())
        for function in functions:
            for comparison in ["has"] if function == "digits" else compared:
                score, sentence = rank(sentences, function, scope, comparison)
                score += bool(start)  # the text names these places
                for given in givens:
                    for negative in negatives:
                        option = _Option(function, scope, reach, comparison, given, start, negative)
                        out.append((-score - negative, len(out), option, sentence))
    return sorted(out, key=lambda o: o[:2])


def propose(
    group: Group, board: Board, sentences: Sequence[str], cpu_end: float | None = None
) -> list[Hypothesis]:
    """The readings of a group :func:`readable`, best ranked first, decoration last; at most
    :data:`MAX_HYPOTHESES`, and those made before ``cpu_end`` (on ``time.process_time``)
    where given. A reading some mark of the group cannot meet is left out."""
    kind = kind_of(group)
    options = _options(kind, sentences, _from_text(group, kind))
    out: list[Hypothesis] = []
    if any(EITHER.search(s) for s in sentences):
        out += _either_readings(kind, options, group, board)
    for minus, _, option, sentence in options:
        deadline.check()
        if len(out) >= MAX_HYPOTHESES - 1 or spent(cpu_end):
            break
        try:
            rules = _rules(kind, option, group)
            compiled = _compiled(rules, board)
        except InvalidPuzzleError:
            continue
        label = _label(kind, option, len(group.marks[0].cells))
        out.append(Hypothesis(label, tuple(rules), -minus, sentence, compiled))
    return [*out, Hypothesis(DECORATION, (), 0)]


def _either_readings(
    kind: str, options: Sequence[tuple[int, int, _Option, str]], group: Group, board: Board
) -> list[Hypothesis]:
    """Each two of the readings the text names a function for, read so that each mark meets
    one or the other (or the one it can meet): a cage that is a killer cage or a zone, as the
    solver finds. Ranked above both, where the text says each mark is one or the other."""
    if kind not in ("outside", "edge", "corner", "cage"):
        return []
    named = [(o, -minus, s) for minus, _, o, s in options if -minus >= 2 and not o.negative]
    out = []
    for k, (first, score, sentence) in enumerate(named[:MAX_EITHER]):
        for second, other, _ in named[k + 1 : MAX_EITHER]:
            rules: list[Variant] = []
            for mark in group.marks:
                deadline.check()
                made = []
                for option in (first, second):
                    try:
                        rule = _rule(option, mark)
                        rule.primitives(board)  # a clue the reading cannot meet refuses it
                    except InvalidPuzzleError:
                        continue
                    made.append(rule)
                try:
                    rules.append(OneOf(tuple(made)) if len(made) == 2 else made[0])
                except (IndexError, InvalidPuzzleError):  # no reading fits, or other cells
                    break
            else:
                cells = len(group.marks[0].cells)
                label = (
                    f"{_label(kind, first, cells)}, or {_label(kind, second, cells)}, "
                    "each mark its own"
                )
                out.append(Hypothesis(label, tuple(rules), max(score, other) + 1, sentence))
    return out


def read_groups(
    model: Model, others: Sequence[Variant], groups: Sequence[Group], sentences: Sequence[str]
) -> tuple[list[tuple[Group, Hypothesis]], Picked | None]:
    """The readings parts give ``groups`` (those :func:`readable`, at most :data:`MAX_GROUPS`),
    chosen by solving within the budget of
    :mod:`~sudoku_models.formats.reading.selection` (CPU time, so a loaded machine reads as an
    idle one does, and SAT conflicts): pairs of a group and its reading (none when no selection
    leaves one solution), and what
    :func:`~sudoku_models.formats.reading.selection.choose` said (None where it was not asked,
    or ran out of time)."""
    n = model.board.n
    mine = [
        g
        for g in groups
        if readable(g, sentences) and all(len(m.cells) <= MAX_SCOPE * n for m in g.marks)
    ][:MAX_GROUPS]
    if not mine:
        return [], None
    try:
        cpu_end = time.process_time() + CHOICE_SECONDS
        with deadline.within(CHOICE_WALL_SECONDS):
            proposals = [propose(g, model.board, sentences, cpu_end) for g in mine]
            picked = choose(model, others, proposals, cpu_end)
    except (TimeLimitReached, InvalidPuzzleError):
        return [], None
    pairs = [(g, h) for g, h in zip(mine, picked.taken) if h is not None and h.variants]
    return pairs, picked
