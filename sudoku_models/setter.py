"""Tools for setters: is the puzzle unique, which givens and rules it needs, how to repair it.

Every question is one search for "a solution that differs from these grids" (the ``exclude``
argument of :meth:`~sudoku_models.solvers.base.Solver.solve`):

- a given (or a rule) is **needed** when the puzzle without it has a solution other than the
  known one, and **redundant** when it has not; each is dropped in turn, the rest kept, and
  then all the redundant ones at once (each can go alone; all together may not);
- for a puzzle with several solutions, a **placement** (a digit in a cell) that makes it unique
  is one that exactly one solution uses; with every solution in hand that is read off them,
  otherwise each candidate placement is checked with a search;
- where the solutions are too many to count, :func:`estimate_count` estimates their number by
  Knuth's random probes: walk down the search tree from the root, at each node branch on the cell
  with fewest candidates left after propagation and pick one of its ``k`` digits at random; the
  product of the ``k`` met on the way is an unbiased estimate of the number of leaves that are
  solutions (a dead end counts 0), and the mean over many probes converges to the count.

>>> report = check("1...\\n..4.\\n.3..\\n...2")
>>> report.status, len(report.needed_givens), report.redundant_givens
(Status.UNIQUE, 4, ())
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from .board import cell_name
from .deadline import within
from .door import PuzzleLike, model_of
from .formats.guard import answer_warnings
from .model import Model
from .puzzle import Puzzle
from .seeds import rng_of
from .solvers import DEFAULT_BACKEND, get_solver
from .solvers.backtracking.constraint import root_candidates
from .solvers.base import Solver, Status
from .variants import Variant

#: How many solutions a puzzle with several is searched for before it is called uncountable.
SOLUTION_LIMIT = 64

#: How many candidate placements are checked by search when the solutions are not all known.
PLACEMENT_CHECKS = 40


@dataclass(frozen=True)
class Estimate:
    """Knuth's estimate of a solution count: the mean over ``probes`` random probes.

    ``mean`` and ``stderr`` are floats, or exact ints where a float cannot hold them (an empty
    25x25 board has about 10**308 solutions and more).
    """

    mean: float
    stderr: float
    probes: int
    #: How many probes reached a solution; with few, the estimate says little.
    hits: int = 0

    def __str__(self) -> str:
        if not self.hits:
            return f"none of {self.probes} probes reached a solution: no estimate"
        return (
            f"about {_short(self.mean, 3)} (± {_short(self.stderr, 2)}, {self.probes} probes, "
            f"{self.hits} reaching a solution)"
        )


def _short(x: float, digits: int) -> str:
    """``x`` with ``digits`` significant digits, as ``%g`` writes it, however large."""
    return f"{x if isinstance(x, float) else Decimal(x):.{digits}g}"


@dataclass(frozen=True)
class Report:
    """What :func:`check` found out about a puzzle.

    ``status`` is UNIQUE, MULTIPLE, UNSATISFIABLE or TIMEOUT. For a unique puzzle, the givens
    (cell indices) and rules split into needed and redundant, each redundant one found by
    dropping it alone; ``givens_together`` and ``rules_together`` say whether all the redundant
    ones dropped at once still leave one solution (None with fewer than two, or when the time
    ran out); for one with several solutions,
    ``solutions_found`` (all of them when ``complete``), the ``placements`` ``(cell, digit)``
    that would each make it unique, and an ``estimate`` of the count when it was out of reach.
    """

    status: Status
    solution: Puzzle | None = None
    needed_givens: tuple[int, ...] = ()
    redundant_givens: tuple[int, ...] = ()
    needed_rules: tuple[Variant, ...] = ()
    redundant_rules: tuple[Variant, ...] = ()
    givens_together: bool | None = None
    rules_together: bool | None = None
    solutions_found: int = 0
    complete: bool = True
    placements: tuple[tuple[int, int], ...] = ()
    estimate: Estimate | None = None
    #: What the puzzle's file says that its keys do not carry (:mod:`sudoku_models.formats`).
    warnings: tuple[str, ...] = ()
    board_n: int = field(default=9, repr=False)

    def to_text(self) -> str:
        """The report as a few lines for a person."""
        name = _namer(self.board_n)
        if self.status is Status.UNSATISFIABLE:
            return "no solution"
        if self.status is Status.TIMEOUT:
            return "time limit reached before the question was answered"
        if self.status is Status.UNIQUE:
            lines = ["unique solution"]
            given = len(self.needed_givens) + len(self.redundant_givens)
            spare = " ".join(name(i) for i in self.redundant_givens)
            lines.append(
                f"givens: {given}, needed {len(self.needed_givens)}, redundant "
                f"{len(self.redundant_givens)}"
                + _together(len(self.redundant_givens), self.givens_together)
                + (f": {spare}" if spare else "")
            )
            if self.needed_rules or self.redundant_rules:
                lines.append("rules needed: " + (_rules(self.needed_rules) or "none"))
                lines.append(
                    "rules redundant"
                    + _together(len(self.redundant_rules), self.rules_together)
                    + ": "
                    + (_rules(self.redundant_rules) or "none")
                )
            return "\n".join(lines)
        count = f"{self.solutions_found}" if self.complete else f"at least {self.solutions_found}"
        lines = [f"not unique: {count} solutions"]
        if self.estimate is not None:
            lines.append(f"estimated solutions: {self.estimate}")
        if self.placements:
            places = " ".join(f"{name(i)}={d}" for i, d in self.placements)
            lines.append(f"placements that make it unique: {places}")
        else:
            lines.append("no single placement found that makes it unique")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        """The report as plain data (cells as ``r1c1`` names), for JSON."""
        name = _namer(self.board_n)
        return {
            "status": self.status.value,
            "solution": self.solution.to_line() if self.solution else None,
            "needed_givens": [name(i) for i in self.needed_givens],
            "redundant_givens": [name(i) for i in self.redundant_givens],
            "needed_rules": [r.describe() for r in self.needed_rules],
            "redundant_rules": [r.describe() for r in self.redundant_rules],
            "givens_together": self.givens_together,
            "rules_together": self.rules_together,
            "solutions_found": self.solutions_found,
            "complete": self.complete,
            "placements": [[name(i), d] for i, d in self.placements],
            "warnings": list(self.warnings),
            "estimate": None
            if self.estimate is None
            else {"mean": self.estimate.mean, "stderr": self.estimate.stderr,
                  "probes": self.estimate.probes, "hits": self.estimate.hits},
        }  # fmt: skip


def _together(redundant: int, together: bool | None) -> str:
    """What the redundant count means: each can go alone, and whether all can at once."""
    if redundant < 2:
        return ""
    all_of = "both" if redundant == 2 else f"all {redundant}"
    if together is None:
        return f" (each can go alone; {all_of} at once: not answered in time)"
    if together:
        return f" (each can go alone, and {all_of} at once)"
    return f" (each can go alone, but not {all_of} at once)"


def _namer(n: int) -> Callable[[int], str]:
    """Names of cell indices on an ``n x n`` board (``r1c1``)."""
    return lambda i: cell_name(i // n, i % n)


def _rules(rules: Sequence[Variant]) -> str:
    return ", ".join(r.describe() for r in rules)


def check(
    puzzle: PuzzleLike,
    backend: str | Solver = DEFAULT_BACKEND,
    time_limit: float | None = None,
    probes: int = 200,
    seed: int | random.Random | None = None,
) -> Report:
    """Everything a setter asks of ``puzzle``; see :class:`Report`.

    ``puzzle`` may be anything :func:`sudoku_models.door.read` reads (a link keeps its warnings);
    ``time_limit`` bounds each search (seconds); ``probes`` and ``seed`` drive the estimate.
    """
    with within(time_limit):
        model = model_of(puzzle)
    solver = get_solver(backend) if isinstance(backend, str) else backend
    first = solver.solve(model, limit=SOLUTION_LIMIT, time_limit=time_limit)
    n = model.n
    said = (*model.warnings, *answer_warnings(model, [g.cells for g in first.solutions],
                                              first.status is not Status.TIMEOUT))  # fmt: skip
    if first.status is Status.UNIQUE:
        solution = first.solutions[0]
        givens = needed_givens(model, solution, solver, time_limit)
        rules = needed_rules(model, solution, solver, time_limit)
        return Report(
            Status.UNIQUE,
            solution,
            *givens,
            *rules,
            givens_together=_still_unique(
                _without_givens(model, givens[1]), len(givens[1]), solution, solver, time_limit
            ),
            rules_together=_still_unique(
                _without_rules(model, rules[1]), len(rules[1]), solution, solver, time_limit
            ),
            solutions_found=1,
            warnings=said,
            board_n=n,
        )
    if first.count < 2:  # no solution, or time ran out before a second one
        return Report(
            first.status, solutions_found=first.count, complete=False, warnings=said, board_n=n
        )
    complete = first.status is Status.MULTIPLE and first.count < SOLUTION_LIMIT
    grids = [g.cells for g in first.solutions]
    places = unique_placements(model, grids, complete, solver, time_limit)
    guess = None if complete else estimate_count(model, probes, seed, time_limit)
    return Report(
        Status.MULTIPLE,
        solutions_found=first.count,
        complete=complete,
        placements=places,
        estimate=guess,
        warnings=said,
        board_n=n,
    )


def _differs(
    model: Model, solution: Puzzle, solver: Solver, time_limit: float | None
) -> bool | None:
    """Whether ``model`` has a solution other than ``solution`` (None: time ran out)."""
    result = solver.solve(model, limit=1, time_limit=time_limit, exclude=[solution])
    if result.status is Status.TIMEOUT:
        return None
    return result.count > 0


def _without_givens(model: Model, dropped: Sequence[int]) -> Model:
    """``model`` without the givens of the ``dropped`` cells."""
    gone = set(dropped)
    return dataclasses.replace(
        model, givens=tuple(0 if i in gone else d for i, d in enumerate(model.givens))
    )


def _without_rules(model: Model, dropped: Sequence[Variant]) -> Model:
    """``model`` without the ``dropped`` rules."""
    return Model.from_puzzle(model.puzzle, variants=[r for r in model.variants if r not in dropped])


def _still_unique(
    looser: Model, dropped: int, solution: Puzzle, solver: Solver, time_limit: float | None
) -> bool | None:
    """Whether ``looser`` (the model with ``dropped`` redundant givens or rules gone at once)
    keeps ``solution`` as its one solution; None with fewer than two dropped, or when the time
    ran out."""
    if dropped < 2:
        return None
    if not looser.is_solution(solution.cells):
        return False
    differs = _differs(looser, solution, solver, time_limit)
    return None if differs is None else not differs


def needed_givens(
    model: Model, solution: Puzzle, solver: Solver, time_limit: float | None = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The given cells the unique ``model`` needs, and those it does not (each dropped alone).

    A given whose question runs out of time counts as needed.
    """
    needed: list[int] = []
    redundant: list[int] = []
    for i, d in enumerate(model.givens):
        if not d:
            continue
        cells = list(model.givens)
        cells[i] = 0
        looser = dataclasses.replace(model, givens=tuple(cells))
        (redundant if _differs(looser, solution, solver, time_limit) is False else needed).append(i)
    return tuple(needed), tuple(redundant)


def needed_rules(
    model: Model, solution: Puzzle, solver: Solver, time_limit: float | None = None
) -> tuple[tuple[Variant, ...], tuple[Variant, ...]]:
    """The variant rules the unique ``model`` needs, and those it does not (each dropped alone).

    Rules that replace the boxes (irregular regions) are not dropped: without them the boxes
    come back, a different rule rather than a looser one; they count as needed. So does a rule
    whose removal changes what the others mean so that the solution no longer fits them (a dot
    under the negative rule: without the dot, its two cells may not hold such digits). A model with
    constraints of its own beside its variant rules is not judged: both tuples are empty.
    """
    needed: list[Variant] = []
    redundant: list[Variant] = []
    rules = model.variants
    if rules and Model.from_puzzle(model.puzzle, variants=rules) != model:
        return (), ()
    for k, rule in enumerate(rules):
        if rule.replaces_boxes:
            needed.append(rule)
            continue
        looser = Model.from_puzzle(model.puzzle, variants=rules[:k] + rules[k + 1 :])
        if not looser.is_solution(solution.cells):
            needed.append(rule)  # without it the others mean something else (a negative rule)
            continue
        differs = _differs(looser, solution, solver, time_limit)
        (redundant if differs is False else needed).append(rule)
    return tuple(needed), tuple(redundant)


def unique_placements(
    model: Model,
    solutions: Sequence[Sequence[int]],
    complete: bool,
    solver: Solver,
    time_limit: float | None = None,
) -> tuple[tuple[int, int], ...]:
    """Placements ``(cell, digit)`` that each leave ``model`` exactly one solution.

    With every solution given (``complete``) a placement qualifies when exactly one of them
    uses it. Otherwise the placements that exactly one known solution uses are candidates, the
    cells where the known solutions disagree most first, and up to :data:`PLACEMENT_CHECKS` of
    them are checked by a search; only the checked ones are returned.
    """
    counts: dict[tuple[int, int], int] = {}
    for grid in solutions:
        for i, d in enumerate(grid):
            if not model.givens[i]:
                counts[i, d] = counts.get((i, d), 0) + 1
    single = sorted(p for p, k in counts.items() if k == 1)
    if complete:
        return tuple(single)
    spread = {i: sum(1 for (j, _) in counts if j == i) for i, _ in single}
    single.sort(key=lambda p: (-spread[p[0]], p))
    found = []
    for i, d in single[:PLACEMENT_CHECKS]:
        cells = list(model.givens)
        cells[i] = d
        tighter = dataclasses.replace(model, givens=tuple(cells))
        if solver.solve(tighter, limit=2, time_limit=time_limit).status is Status.UNIQUE:
            found.append((i, d))
    return tuple(sorted(found))


def estimate_count(
    model: Model,
    probes: int = 200,
    seed: int | random.Random | None = None,
    time_limit: float | None = None,
) -> Estimate:
    """Knuth's estimate of the number of solutions of ``model`` from ``probes`` random probes.

    Each probe propagates (the handwritten search's propagators), branches on the cell with
    fewest candidates, and multiplies the branching factors met until it reaches a solution or a
    dead end. ``time_limit`` stops early (at least one probe is made).

    >>> from sudoku_models.puzzle import Puzzle
    >>> estimate_count(Model.from_puzzle(Puzzle.parse("1...\\n..4.\\n.3..\\n...2")), 5).mean
    1.0
    """
    rng = rng_of(seed)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    values: list[int] = []
    for _ in range(max(1, probes)):
        values.append(_probe(model, rng))
        if deadline is not None and time.perf_counter() > deadline:
            break
    # The weights are exact integers, and on big boards beyond a float's range (an empty
    # 25x25 meets products past 10**308): the sums are taken exactly.
    mean = Fraction(sum(values), len(values))
    var = sum(((v - mean) ** 2 for v in values), Fraction(0)) / max(1, len(values) - 1)
    hits = sum(1 for v in values if v)
    return Estimate(_number(mean), _number(var / len(values), root=True), len(values), hits)


def _number(x: Fraction, root: bool = False) -> float:
    """``x`` (its square root when ``root``) as a float, or as an int when a float cannot
    hold it."""
    try:
        value = float(x)
    except OverflowError:
        whole = round(x)
        return math.isqrt(whole) if root else whole
    return math.sqrt(value) if root else value


def _probe(model: Model, rng: random.Random) -> int:
    """One random walk down the search tree: the product of its branching factors, or 0."""
    givens = list(model.givens)
    weight = 1
    while True:
        cand = root_candidates(dataclasses.replace(model, givens=tuple(givens)))
        if cand is None:
            return 0
        open_cells = [(m.bit_count(), i) for i, m in enumerate(cand) if m & (m - 1)]
        if not open_cells:
            grid = [m.bit_length() for m in cand]
            return weight if model.is_solution(grid) else 0
        k, i = min(open_cells)
        digits = [d + 1 for d in range(model.n) if cand[i] >> d & 1]
        weight *= k
        givens[i] = rng.choice(digits)
