"""Readings composed from parts for marks no named rule reads, chosen by solving.

A group of marks that no sentence of the rules text reads as a named rule can still carry only
so many readings, by its shape: each is a :class:`~..variants.composed.Composed` rule, or no
rule at all ("decoration"):

- numbers outside the grid: a scope seen from the clue (the whole line, the first cells, the
  first X cells, the cells between the 1 and the largest digit, those before the largest digit)
  with a function of its digits (sum, product, min, max, how many are seen, counts by class)
  equal to the clue, or holding the clue's digits;
- numbers on edges and corners: a function of the two or four cells there;
- numbers in cages: a function of the cage's digits (sum, how many distinct, ...) equal to the
  number, or the cage holding its digits;
- lines from a circle: a function of the line's digits equal to the circle's digit.

This module, in three steps:

1. :func:`propose` lists a group's readings, ranked by the words of the rules text (``sum``,
   ``product``, ``first``, ``between``, ...) which rank and never rule out; the list is bounded
   by construction (:data:`MAX_HYPOTHESES`) and by the clauses its rules need
   (:data:`MAX_CLAUSES`, the worst ranked left out first);
2. :func:`choose` asks one SAT solver which selection, one reading per group, leaves the puzzle
   exactly one solution: a selector literal per reading, exactly one per group; find a grid
   under some selection, block that grid (behind a literal of its own) to test uniqueness, then
   block the selection, until :data:`MAX_UNIQUE` unique selections are found, no selection is
   left, or the time limit (:mod:`sudoku_models.deadline`) passes;
3. where two selections both leave one solution, the text's best ranked one is taken and the
   other named.

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
from ...cnf import encode, primitive_clauses
from ...errors import InvalidPuzzleError, MissingDependencyError, TimeLimitReached
from ...model import Model
from ...puzzle import Puzzle
from ...selectors import SelectorSat
from ...variants.base import Variant
from ...variants.composed import OUTSIDE_SCOPES, Composed, NoOther, OneOf, scope_words
from .grouping import Group
from .marks import Cell, Mark

#: Most clauses the readings of all groups may add to the formula.
MAX_CLAUSES = 300_000
#: Most groups read by parts in one puzzle.
MAX_GROUPS = 3
#: Most cells of one mark read by parts, in rows of the grid (a line or cage longer than two
#: rows' worth is no clue of a function of its digits).
MAX_SCOPE = 2
#: Unique selections to find before choosing between them.
MAX_UNIQUE = 2
#: Most rounds of the search (a round: one selection found and tested).
MAX_ROUNDS = 60
#: CPU seconds (of this process, the SAT solver's included) the choice may take at most (less
#: when the time limit left is shorter).
CHOICE_SECONDS = 8.0
#: Seconds of wall time past which the choice stops however little CPU it had: a safety on
#: a machine so loaded that the CPU budget above would take minutes.
CHOICE_WALL_SECONDS = 60.0
#: Conflicts one SAT call may spend before the choice gives up.
CONFLICTS = 200_000

#: Words of the rules text that favour a function, and a scope.
FUNCTION_WORDS: dict[str, str] = {
    "sum": r"\b(sum|sums|total|totals|add|adds|added|addition)\b",
    "product": r"\b(product|products|multipl\w*)\b",
    "difference": r"\b(differ\w*|apart)\b",
    "ratio": r"\b(ratio|times|double|twice|half)\b",
    "max": r"\b(max\w*|largest|biggest|highest|greatest)\b",
    "min": r"\b(min\w*|smallest|lowest|least)\b",
    "seen": r"\b(see|seen|visible|skyscrapers?|taller|tallest)\b",
    "odd count": r"\b(odd|how many)\b",
    "even count": r"\b(even|how many)\b",
    "first odd or even": r"\bfirst (odd|even)\b",
    "min or max": r"\b(either|or)\b.*\b(max\w*|largest|highest|min\w*|smallest|lowest)\b",
    "min plus max": r"\b(max\w*|largest|highest)\b.*\b(min\w*|smallest|lowest)\b"
    r"|\b(min\w*|smallest|lowest)\b.*\b(max\w*|largest|highest)\b",
    "distinct count": r"\b(different|distinct|unique)\b",
    "mean": r"\b(average|mean)\b",
    "low count": r"\b(low|small) digits\b",
    "high count": r"\b(high|large|big) digits\b",
    "digits": r"\b(appears?|contains?|include[sd]?|somewhere|must be (?:in|among))\b",
    "repeats": r"\b(twice|thrice|times|repeats?|repeated|exactly (?:once|twice))\b",
    "position of the largest": r"\b(position|place|where)\b.*\b(9|nine|largest|highest)\b",
    "position of 1": r"\b(position|place|where)\b.*\b(1|one|smallest|lowest)\b",
}
#: Functions by the kind of group: a pair of cells on an edge (seeing needs a line of sight, a
#: count of two is rarely a clue), four around a corner, the cells seen from outside the grid
#: (a difference or ratio needs a pair), a cage, and the line from a circle.
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
#: Comparisons other than equality, and the words that name them; proposed only where the text
#: names one (equality always is), the one-sided ones read after the others have taken their
#: words ("no greater than" is not "greater than").
COMPARISON_WORDS: dict[str, str] = {
    "<=": r"\b(no (?:greater|more|larger|higher) than|at most|(?:does|do|may|must) not exceed"
    r"|or (?:less|fewer|lower|smaller))\b",
    ">=": r"\b(no (?:less|fewer|smaller|lower) than|at least|or (?:more|greater|higher|larger))\b",
    "±1": r"\b((?:one|1) (?:greater|more|higher|larger|bigger) or (?:one|1) (?:less|lower|smaller)"
    r"|(?:one|1) (?:less|lower|smaller) or (?:one|1) (?:greater|more|higher|larger|bigger)"
    r"|off by (?:one|1)|(?:one|1) (?:away|off) from)\b",
    "<": r"\b((?:less|smaller|lower|fewer) than|below)\b",
    ">": r"\b((?:greater|more|larger|higher|bigger) than|exceeds?|above)\b",
}
#: Words saying every place that meets a rule of marks is marked: the negative holds.
ALL_GIVEN = re.compile(
    r"(?<!not )\ball (?:possible |such )?[\w -]{0,40}(?:are|have been|is) (?:given|shown|marked"
    r"|drawn)|\bwhere no [\w -]{0,40}(?:is|are) (?:given|shown|drawn)",
    re.IGNORECASE,
)
#: A mark's text that writes numbers, and one that writes digits of a grid.
NUMBERS = re.compile(r"[\d ,]*\d[\d ,]*")
DIGITS = re.compile(r"[1-9 ,]*[1-9][1-9 ,]*")
#: Words saying each mark is one of two rules, the solver to find which.
EITHER = re.compile(
    r"\beither\b.{0,80}\bor\b|\bdecide which\b|\bwhich (?:is|are) which\b|\bone or the other\b",
    re.IGNORECASE,
)
#: Most readings the text names a function for that are paired so.
MAX_EITHER = 4
#: Numbers a rules text may give lines with no number of their own, as words.
NUMBER_WORDS = {
    **{w: k for k, w in enumerate(("one", "two", "three", "four", "five", "six"), 1)},
    **{w: k for k, w in enumerate(("seven", "eight", "nine"), 7)},
    **{"twice": 2, "thrice": 3},  # not "once": the classic rules say it
}
#: Ordinals a rules text names positions with, from the clue.
ORDINALS = {
    word: k
    for k, words in enumerate(
        (("1st", "first"), ("2nd", "second"), ("3rd", "third"), ("4th", "fourth"),
         ("5th", "fifth"), ("6th", "sixth"), ("7th", "seventh"), ("8th", "eighth"),
         ("9th", "ninth")),
        1,
    )
    for word in words
}  # fmt: skip
#: Most numbers taken from the text for such lines.
MAX_TEXT_NUMBERS = 4
SCOPE_WORDS: dict[str, str] = {
    "first X": r"\b(first digit|x digits|that many|indicates how many)\b",
    "first": r"\b(first|nearest|closest)\b",
    "between": r"\bbetween\b",
    "before": r"\b(before|until|up to|prior to)\b",
    "beside": r"\b(next to|adjacent to|beside|neighbou?r\w*) (?:the )?(?:9|nine|largest|highest)\b",
    "line": r"\b(row|column|rows|columns)\b",
    "adjacent": r"\b(adjacent|neighbou?r\w*|next to each other|side by side|each pair)\b",
}
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
DECORATION = "decoration"
#: Most readings proposed for one group, decoration included: every function with every scope
#: fits, with room for the comparisons the text names; the text's rank orders them and the
#: worst ranked are left out (then the clause budget, not the rank, leaves the last out).
MAX_HYPOTHESES = 128


@dataclass(frozen=True)
class Hypothesis:
    """One reading of a group: its label, its rules (none for decoration), its rank by the
    text (higher is better) and the sentence that ranked it ("" when only the shape did)."""

    label: str
    variants: tuple[Variant, ...]
    score: int
    sentence: str = ""


@dataclass(frozen=True)
class Picked:
    """What :func:`choose` made of the groups: the reading taken of each (None where no
    selection left one solution), why, and the readings tried and dropped."""

    taken: tuple[Hypothesis | None, ...]
    why: str
    dropped: tuple[str, ...] = ()
    none_left: bool = False


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


def text_numbers(sentences: Sequence[str]) -> tuple[int, ...]:
    """The numbers a rules text gives, in digits or words, first given first, at most
    :data:`MAX_TEXT_NUMBERS`; not those of a range of digits (``1-9``) or a box (``3x3``).

    >>> text_numbers(["Digits 1-9 once.", "Each line holds three distinct digits, or 12."])
    (3, 12)
    """
    out: list[int] = []
    for sentence in sentences:
        low = re.sub(r"\b\d+ ?(?:-|to|through|x) ?\d+\b", " ", sentence.lower())
        for word in re.findall(r"\b(?:\d{1,2}|[a-z]+)\b", low):
            k = int(word) if word.isdigit() else NUMBER_WORDS.get(word)
            if k and k not in out:
                out.append(k)
    return tuple(out[:MAX_TEXT_NUMBERS])


def named_comparisons(sentences: Sequence[str]) -> dict[str, str]:
    """The comparisons other than equality that the text names, each with its first sentence.

    >>> named_comparisons(["The sum is no greater than the circle."])
    {'<=': 'The sum is no greater than the circle.'}
    """
    out: dict[str, str] = {}
    for sentence in sentences:
        low = sentence.lower()
        for comparison, words in COMPARISON_WORDS.items():
            low, found = re.subn(words, " ", low)
            if found:
                out.setdefault(comparison, sentence)
    return out


def named_window(sentences: Sequence[str]) -> tuple[int, int] | None:
    """The cells from a clue the text names by their places, past the first (``the 2nd, 3rd
    and/or 4th cells``): how many come before them and how many they are, or None.

    >>> named_window(["Digits must appear in the 2nd, 3rd and/or 4th cells."])
    (1, 3)
    """
    for sentence in sentences:
        places = [ORDINALS[w] for w in re.findall(r"\b\w+\b", sentence.lower()) if w in ORDINALS]
        if len(places) > 1 and min(places) > 1:
            return min(places) - 1, max(places) - min(places) + 1
    return None


def _rank(sentences: Sequence[str], function: str, scope: str, comparison: str) -> tuple[int, str]:
    """The text's support for a reading: 2 for a function word, 1 for a scope word, 2 for a
    comparison's words, in the best sentence, and that sentence."""
    best, where = 0, ""
    fword = FUNCTION_WORDS.get(function)
    sword = SCOPE_WORDS.get(scope)
    cword = COMPARISON_WORDS.get(comparison)
    for sentence in sentences:
        low = sentence.lower()
        score = 2 * bool(fword and re.search(fword, low)) + bool(sword and re.search(sword, low))
        score += 2 * bool(cword and re.search(cword, low))
        if score > best:
            best, where = score, sentence
    return best, where


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


def _rule(option: _Option, mark: Mark, board: Board) -> Composed:
    """One mark's rule under a reading (refused when the mark cannot meet it)."""
    given = option.given
    values = (given,) if given is not None else _clue(mark.text, option.function)
    if not values:
        raise InvalidPuzzleError(f"{option.function} needs a number, and the mark has none")
    parts = (option.scope, option.function, option.comparison, values)
    if option.scope in OUTSIDE_SCOPES:
        rule = Composed(*parts, clue=mark.cells[0], reach=option.reach, start=option.start)
    else:
        rule = Composed(*parts, cells=mark.cells)
    rule.primitives(board)  # a clue the reading cannot meet refuses it
    return rule


def _rules(kind: str, option: _Option, group: Group, board: Board) -> list[Variant]:
    """The group's rules under one reading."""
    if option.scope == "adjacent":  # each two cells side by side along each line
        pair = dataclasses.replace(option, scope="pair")
        return [
            _rule(pair, dataclasses.replace(mark, cells=(a, b)), board)
            for mark in group.marks
            for a, b in zip(mark.cells, mark.cells[1:])
        ]
    if kind != "circle":
        out: list[Variant] = [_rule(option, mark, board) for mark in group.marks]
        if option.negative:
            given = () if option.given is None else (option.given,)
            out.append(NoOther(option.function, given))
        return out
    rules: list[Variant] = [
        Composed("circle", option.function, option.comparison, (), cells=cells)
        for cells in _circles(group)
    ]
    for rule in rules:
        rule.primitives(board)
    return rules


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
                score, sentence = _rank(sentences, function, scope, comparison)
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
        if len(out) >= MAX_HYPOTHESES - 1 or _spent(cpu_end):
            break
        try:
            rules = _rules(kind, option, group, board)
        except InvalidPuzzleError:
            continue
        label = _label(kind, option, len(group.marks[0].cells))
        out.append(Hypothesis(label, tuple(rules), -minus, sentence))
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
                        made.append(_rule(option, mark, board))
                    except InvalidPuzzleError:
                        continue
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


def _spent(cpu_end: float | None) -> bool:
    """Whether the CPU budget that ends at ``cpu_end`` is spent."""
    return cpu_end is not None and time.process_time() > cpu_end


def choose(
    model: Model,
    others: Sequence[Variant],
    proposals: Sequence[Sequence[Hypothesis]],
    cpu_end: float | None = None,
) -> Picked:
    """The selection of one reading per group that leaves the puzzle (``model`` with
    ``others``) exactly one solution, searched until ``cpu_end`` (on ``time.process_time``)
    where given; see the module."""
    base = Model.from_puzzle(Puzzle(model.board, model.givens), variants=[*others])
    formula = encode(base, givens="units")
    n = model.n
    selectors: list[list[int]] = []
    budget = MAX_CLAUSES
    kept: list[list[Hypothesis]] = []
    unique: list[list[int]] = []
    several: list[list[int]] = []
    try:
        sat = SelectorSat(formula.clauses, formula.top, "choosing readings", name="g4")
    except MissingDependencyError as missing:  # pragma: no cover - PySAT is a dependency
        return Picked((None,) * len(proposals), str(missing))
    with sat:
        for g, hypotheses in enumerate(proposals):
            mine: list[Hypothesis] = []
            lits: list[int] = []
            for k, h in enumerate(hypotheses):
                rules = [*others, *h.variants]
                primitives = [p for v in h.variants for p in v.primitives(model.board, rules)]
                body = primitive_clauses(primitives, n, sat.fresh)
                if len(body) > budget:
                    continue
                budget -= len(body)
                mine.append(h)
                lits.append(sat.guard((g, k), lambda body=body: body))
            sat.add([lits, *([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :])])
            kept.append(mine)
            selectors.append(lits)
        for _ in range(MAX_ROUNDS):
            if deadline.expired() or _spent(cpu_end):
                break
            found = sat.solve([], CONFLICTS, _seconds_left())
            if found is False and not unique and not several:
                return _verdict(kept, selectors, [], [], none_left=True)
            if not found:
                break
            true = sat.true()
            picked = [s for lits in selectors for s in lits if s in true]
            grid = [v for v in range(1, n**3 + 1) if v in true]
            other = sat.ask([-v for v in grid], picked, CONFLICTS, _seconds_left())
            if other is None:
                break
            (several if other else unique).append(picked)
            sat.add([[-s for s in picked]])
            if len(unique) >= MAX_UNIQUE:
                break
    return _verdict(kept, selectors, unique, several)


def _seconds_left() -> float:
    """Seconds one SAT call may take: what is left of an open limit, else
    :data:`CHOICE_WALL_SECONDS` (a timer thread interrupts the solver, so it holds in any
    thread); :data:`CONFLICTS` bounds its work."""
    left = deadline.remaining()
    return CHOICE_WALL_SECONDS if left is None else left


def _verdict(
    kept: list[list[Hypothesis]],
    selectors: list[list[int]],
    unique: list[list[int]],
    several: list[list[int]],
    none_left: bool = False,
) -> Picked:
    """The taken readings and what is said of them (``none_left``: no selection leaves any
    solution)."""
    by_lit = {s: h for lits, hs in zip(selectors, kept) for s, h in zip(lits, hs)}

    def named(selection: list[int]) -> str:
        return "; ".join(by_lit[s].label for s in selection)

    dropped = tuple(f"{named(s)}: leaves several solutions" for s in several[:5])
    tried = sum(len(h) for h in kept)
    if none_left:
        why = (
            f"no reading of {tried} tried leaves a solution, not even decoration: the rules "
            "read elsewhere have none, and one of them may be wrong"
        )
        return Picked((None,) * len(kept), why, dropped, none_left=True)
    if not unique:
        return Picked((None,) * len(kept), f"no reading of {tried} leaves one solution", dropped)
    scores = [sum(by_lit[s].score for s in sel) for sel in unique]
    unique = [sel for _, sel in sorted(zip(scores, unique), key=lambda pair: -pair[0])]
    why = f"chosen by solving: of {tried} readings tried, it leaves one solution"
    if len(unique) > 1:
        said = (
            "the rules text favours this one"
            if len(set(scores)) > 1
            else ("the rules text favours neither; the first found is taken")
        )
        why += f"; {named(unique[1])} does too, {said}"
        dropped += (f"{named(unique[1])}: also leaves one solution, not taken",)
    return Picked(tuple(by_lit[s] for s in unique[0]), why, dropped)


def read_groups(
    model: Model, others: Sequence[Variant], groups: Sequence[Group], sentences: Sequence[str]
) -> tuple[list[tuple[Group, Hypothesis]], Picked | None]:
    """The readings parts give ``groups`` (those :func:`readable`, at most :data:`MAX_GROUPS`),
    chosen by solving within :data:`CHOICE_SECONDS` of CPU time (a budget of work, so a
    loaded machine reads as an idle one does) and :data:`CHOICE_WALL_SECONDS` of wall time, each
    SAT call within :data:`CONFLICTS`: pairs of a group and its reading (none
    when no selection leaves one solution), and what :func:`choose` said (None where it was
    not asked, or ran out of time)."""
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
