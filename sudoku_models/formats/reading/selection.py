"""The choice, by solving, of one reading a group of marks.

A setter promises one solution. Given the readings proposed for each group of marks
(:class:`Hypothesis`, from :mod:`~sudoku_models.formats.reading.parts` or any other source),
:func:`choose` asks one SAT solver which selection, one reading per group, leaves the puzzle
exactly one solution: a selector literal per reading, exactly one per group; find a grid under
some selection, block that grid (behind a literal of its own) to test uniqueness, then block the
selection, until :data:`MAX_UNIQUE` unique selections are found, no selection is left, or the
budget is spent (:data:`CHOICE_SECONDS` of CPU time, :data:`CONFLICTS` a SAT call, and the time
limit of :mod:`sudoku_models.deadline`). Where two selections both leave one solution, the
text's best ranked one is taken and the other named; where none leaves any solution, not even
decoration, the rules read elsewhere are at fault, and :class:`Picked` says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ... import deadline
from ...cnf import encode, primitive_clauses
from ...errors import MissingDependencyError
from ...model import Model
from ...puzzle import Puzzle
from ...selectors import SelectorSat
from ...variants.base import Primitive, Variant

#: Most clauses the readings of all groups may add to the formula.
MAX_CLAUSES = 300_000
#: Unique selections to find before choosing between them.
MAX_UNIQUE = 2
#: Most rounds of the search (a round: one selection found and tested).
MAX_ROUNDS = 60
#: CPU seconds (of this process, the SAT solver's included) the choice may take at most (less
#: when the time limit left is shorter).
CHOICE_SECONDS = 5.0
#: Seconds of wall time past which the choice stops however little CPU it had: a safety on
#: a machine so loaded that the CPU budget above would take minutes.
CHOICE_WALL_SECONDS = 60.0
#: Conflicts one SAT call may spend before the choice gives up.
CONFLICTS = 200_000


@dataclass(frozen=True)
class Hypothesis:
    """One reading of a group: its label, its rules (none for decoration), its rank by the
    text (higher is better) and the sentence that ranked it ("" when only the shape did)."""

    label: str
    variants: tuple[Variant, ...]
    score: int
    sentence: str = ""
    #: The rules' primitives, where the proposer has made them already.
    primitives: tuple[Primitive, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Picked:
    """What :func:`choose` made of the groups: the reading taken of each (None where no
    selection left one solution), why, and the readings tried and dropped."""

    taken: tuple[Hypothesis | None, ...]
    why: str
    dropped: tuple[str, ...] = ()
    none_left: bool = False


def _given(clauses: list[list[int]]) -> Callable[[], list[list[int]]]:
    """A maker of clauses already made (what a selector's group asks for)."""
    return lambda: clauses


def spent(cpu_end: float | None) -> bool:
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
                if h.variants and spent(cpu_end):  # the best ranked are in; decoration too
                    continue
                rules = [*others, *h.variants]
                primitives = h.primitives or [
                    p for v in h.variants for p in v.primitives(model.board, rules)
                ]
                body = primitive_clauses(primitives, n, sat.fresh)
                if len(body) > budget:
                    continue
                budget -= len(body)
                mine.append(h)
                lits.append(sat.guard((g, k), _given(body)))
            sat.add([lits, *([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :])])
            kept.append(mine)
            selectors.append(lits)
        for _ in range(MAX_ROUNDS):
            if deadline.expired() or spent(cpu_end):
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
