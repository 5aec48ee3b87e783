"""Readings composed from parts for marks no named rule reads, chosen by solving.

A group of numbers outside the grid that no sentence of the rules text reads as a named rule
can still carry only so many readings: each is a :class:`~..variants.composed.Composed` rule, a
scope seen from the clue (the whole line, the first cells, the first X cells, the cells between
the 1 and the largest digit, those before the largest digit) with a function of their digits
(sum, product, min, max, how many are seen, counts by class) equal to the clue, or no rule at
all ("decoration"). This module, in three steps:

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

import re
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
from ...variants.composed import OUTSIDE_SCOPES, Composed, scope_words
from .grouping import Group

#: Most clauses the readings of all groups may add to the formula.
MAX_CLAUSES = 300_000
#: Most groups read by parts in one puzzle.
MAX_GROUPS = 2
#: Unique selections to find before choosing between them.
MAX_UNIQUE = 2
#: Most rounds of the search (a round: one selection found and tested).
MAX_ROUNDS = 60
#: Seconds the choice may take at most (less when the time limit left is shorter).
CHOICE_SECONDS = 8.0
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
}
#: Functions a scope of two or four fixed cells takes (seeing needs a line of sight), and
#: those a scope seen from outside the grid takes (a difference or ratio needs a pair).
PAIR_FUNCTIONS = tuple(f for f in FUNCTION_WORDS if f not in ("seen", "first odd or even"))
LINE_FUNCTIONS = tuple(f for f in FUNCTION_WORDS if f not in ("difference", "ratio"))
SCOPE_WORDS: dict[str, str] = {
    "first X": r"\b(first digit|x digits|that many|indicates how many)\b",
    "first": r"\b(first|nearest|closest)\b",
    "between": r"\bbetween\b",
    "before": r"\b(before|until|up to|prior to)\b",
    "line": r"\b(row|column|rows|columns)\b",
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
        ("first", 1),
        ("first", 2),
        ("first", 3),
    ),
    "edge": (("pair", 0),),
    "corner": (("cells", 0),),
}
DECORATION = "decoration"
#: Most readings proposed for one group: every function with every scope, and decoration, so
#: the text's rank orders them and the clause budget, not the rank, leaves the last out.
MAX_HYPOTHESES = len(LINE_FUNCTIONS) * len(SCOPES["outside"]) + 1


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


def _numbers(group: Group) -> list[int] | None:
    try:
        return [int(m.text) for m in group.marks]
    except ValueError:
        return None


def readable(group: Group) -> bool:
    """Whether ``group`` is numbers outside the grid, on edges or on corners, one to a mark:
    what parts can read."""
    return group.place in SCOPES and _numbers(group) is not None


def _rank(sentences: Sequence[str], function: str, scope: str) -> tuple[int, str]:
    """The text's support for a function and a scope: 2 a function word, 1 a scope word, in
    the best sentence, and that sentence."""
    best, where = 0, ""
    fword = FUNCTION_WORDS.get(function)
    sword = SCOPE_WORDS.get(scope)
    for sentence in sentences:
        low = sentence.lower()
        score = 2 * bool(fword and re.search(fword, low)) + bool(sword and re.search(sword, low))
        if score > best:
            best, where = score, sentence
    return best, where


def propose(group: Group, board: Board, sentences: Sequence[str]) -> list[Hypothesis]:
    """The readings of a group of numbers (outside the grid, on edges or on corners), best
    ranked first, decoration last; at most :data:`MAX_HYPOTHESES`. A reading some number of the
    group cannot meet is left out."""
    values = _numbers(group) or []
    scopes = SCOPES.get(group.place, ())
    functions = LINE_FUNCTIONS if group.place == "outside" else PAIR_FUNCTIONS
    options: list[tuple[int, int, str, str, int, str]] = []
    for k, function in enumerate(functions):
        for j, (scope, reach) in enumerate(scopes):
            score, sentence = _rank(sentences, function, scope)
            options.append((-score, k * len(scopes) + j, function, scope, reach, sentence))
    options.sort()
    out: list[Hypothesis] = []
    for minus, _, function, scope, reach, sentence in options:
        deadline.check()
        if len(out) >= MAX_HYPOTHESES - 1:
            break
        rules = []
        try:
            for mark, value in zip(group.marks, values):
                rule = (
                    Composed(scope, function, "=", (value,), clue=mark.cells[0], reach=reach)
                    if scope in OUTSIDE_SCOPES
                    else Composed(scope, function, "=", (value,), cells=mark.cells)
                )
                rule.primitives(board)  # a clue the reading cannot meet refuses it
                rules.append(rule)
        except InvalidPuzzleError:
            continue
        label = f"{function} of {scope_words(scope, reach, len(group.marks[0].cells))} = clue"
        out.append(Hypothesis(label, tuple(rules), -minus, sentence))
    return [*out, Hypothesis(DECORATION, (), 0)]


def choose(
    model: Model, others: Sequence[Variant], proposals: Sequence[Sequence[Hypothesis]]
) -> Picked:
    """The selection of one reading per group that leaves the puzzle (``model`` with
    ``others``) exactly one solution; see the module."""
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
            if deadline.expired():
                break
            if not sat.solve([], CONFLICTS, _seconds_left()):
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
    :data:`CHOICE_SECONDS` (a timer thread interrupts the solver, so it holds in any thread)."""
    left = deadline.remaining()
    return CHOICE_SECONDS if left is None else left


def _verdict(
    kept: list[list[Hypothesis]],
    selectors: list[list[int]],
    unique: list[list[int]],
    several: list[list[int]],
) -> Picked:
    """The taken readings and what is said of them."""
    by_lit = {s: h for lits, hs in zip(selectors, kept) for s, h in zip(lits, hs)}

    def named(selection: list[int]) -> str:
        return "; ".join(by_lit[s].label for s in selection)

    dropped = tuple(f"{named(s)}: leaves several solutions" for s in several[:5])
    tried = sum(len(h) for h in kept)
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
) -> tuple[list[tuple[Group, Hypothesis]], str, tuple[str, ...]]:
    """The readings parts give ``groups`` (those :func:`readable`, at most :data:`MAX_GROUPS`),
    chosen by solving within :data:`CHOICE_SECONDS`: pairs of a group and its reading (none
    when no selection leaves one solution), why, and the readings dropped."""
    mine = [g for g in groups if readable(g)][:MAX_GROUPS]
    if not mine:
        return [], "", ()
    try:
        with deadline.within(CHOICE_SECONDS):
            proposals = [propose(g, model.board, sentences) for g in mine]
            picked = choose(model, others, proposals)
    except (TimeLimitReached, InvalidPuzzleError):
        return [], "", ()
    pairs = [(g, h) for g, h in zip(mine, picked.taken) if h is not None and h.variants]
    return pairs, picked.why, picked.dropped
