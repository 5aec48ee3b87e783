"""The logical solver: the first step of the first finder that applies, again and again,
recorded as a path.

The finders are the rows of :mod:`.techniques`, tried in their *cost order*: how expensive a
finder is to try, cheapest first (allowed digits, singles, each rule read on its own, the
combination grid of the sum groups, locked candidates, the lines read with their houses, ...,
fish, the classic grader's techniques, chains; on grids larger than 9x9 forcing nets over a
cell or house). That is not the order of their *weights* (:mod:`.difficulty`: how hard a step
is for a person): cheap readings of the rules run before harder-looking searches over every
house, so Cage Clash (weight 4.0) is tried before Naked Pair (3.0), and Union Clash (5.0)
before X-Wing (4.5); the table lists both. When no finder applies, forcing nets and a bounded
trial (:mod:`.assumptions`) follow. After each step the search starts again from the first
finder. A contradiction (a rule left with no way to be met) ends the path and is named.
"""

from __future__ import annotations

import functools
import html
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..constraints import Relation
from ..display import html_grid
from ..model import Model
from ..parsing import Source
from ..puzzle import Puzzle
from .assumptions import NET_STEPS, Clock, Net, TimeLimitReached, Trials
from .difficulty import Difficulty, difficulty
from .layout import Layout, layout_of, per_layout
from .state import State, place_givens
from .step import Contradiction, Step, cell_label
from .techniques import NESTING_SIDE, Finder, finders, replayed

#: Solve paths end with one of these.
SOLVED, STUCK, BROKEN, STOPPED = "solved", "stuck", "contradiction", "stopped"

#: Seconds a path may take before it stops (an outer stop; it never changes which steps are taken).
TIME_LIMIT = 120.0


@dataclass(frozen=True)
class Path:
    """A logical solve path: every step, how it ended, and how hard it was.

    ``status`` is ``"solved"``, ``"stuck"`` (no finder applies and no trial breaks down) or
    ``"contradiction"`` (a rule can no longer be met: the puzzle has no solution, named in
    ``contradiction``) or ``"stopped"`` (the time limit passed: the steps so far are those a
    longer limit takes first, and ``note`` says so); ``grid`` holds the digits placed at the
    end (0 for open cells) and ``candidates`` every cell's candidates; ``note`` says what a
    stuck path means (several solutions, or none); ``struck`` the candidates ruled out before
    the first step.
    """

    model: Model
    status: str
    steps: tuple[Step, ...]
    grid: tuple[int, ...]
    candidates: tuple[tuple[int, ...], ...]
    difficulty: Difficulty
    seconds: float
    contradiction: Contradiction | None = None
    note: str = ""
    unread: tuple[str, ...] = field(default=())
    struck: tuple[tuple[int, int], ...] = field(default=())

    @property
    def trials(self) -> int:
        """Number of trial steps."""
        return sum(1 for s in self.steps if s.technique == "Trial")

    @property
    def solved(self) -> bool:
        """Whether the path reached a full grid."""
        return self.status == SOLVED

    def lines(self) -> list[str]:
        """The path as numbered lines, then how it ended."""
        n = self.model.n
        out = [f"{k:3d}. {step.technique}: {step.text}" for k, step in enumerate(self.steps, 1)]
        out.append(self.summary())
        if self.contradiction is not None:
            out.append(f"contradiction: {self.contradiction.text}")
        if self.note:
            out.append(self.note)
        for rule in self.unread:
            out.append(f"rule not read by any finder (checked on the full grid only): {rule}")
        if self.status != SOLVED:
            open_cells = [i for i, d in enumerate(self.grid) if not d]
            out.append(
                f"{len(open_cells)} open cells, e.g. "
                + ", ".join(
                    f"{cell_label(n, i)}:{''.join(map(str, self.candidates[i]))}"
                    for i in open_cells[:6]
                )
            )
        return out

    def position(self, k: int) -> tuple[tuple[int, ...], dict[int, list[int]]]:
        """The digits placed and the candidates of the open cells after the first ``k`` steps
        (``k = 0``: the givens), to watch the path unfold.

        >>> digits, candidates = logical_solve(".1.....4....34..").position(1)
        >>> digits[4], candidates[0]
        (2, [4])
        """
        state = State.start(layout_of(self.model), [0] * self.model.size)
        if place_givens(state, self.struck) is None:
            for step in self.steps[:k]:
                state.apply(step)
        n = self.model.n
        open_cells = {
            i: [d for d in range(1, n + 1) if m >> (d - 1) & 1]
            for i, (m, placed) in enumerate(zip(state.masks, state.placed))
            if not placed
        }
        return state.grid(), open_cells

    def step_html(self, k: int) -> str:
        """Step ``k`` (from 1) as HTML: its sentence over the grid before it, the cells that
        justify it shaded."""
        step = self.steps[k - 1]
        digits, candidates = self.position(k - 1)
        caption = f"{k}. {step.technique}: {step.text}"
        return html_grid(
            self.model.board,
            digits,
            self.model.givens,
            highlight=step.cells,
            candidates=candidates,
            marked={i: [d] for i, d in step.eliminations + step.placements},
            caption=caption,
        )

    def summary(self) -> str:
        """One line: status and difficulty."""
        return f"{self.status}: {self.difficulty}"

    def to_dict(self) -> dict[str, Any]:
        """The path as JSON-ready data: status, trials, difficulty and the steps."""
        n = self.model.n
        d = self.difficulty
        return {
            "status": self.status,
            "trials": self.trials,
            "difficulty": {
                "band": d.band,
                "score": d.score,
                "hardest": d.hardest,
                "steps": d.steps,
                "trials": d.trials,
            },
            "steps": [
                {
                    "technique": s.technique,
                    "rule": s.rule,
                    "text": s.text,
                    "placements": [[cell_label(n, i), v] for i, v in s.placements],
                    "eliminations": [[cell_label(n, i), v] for i, v in s.eliminations],
                    **({"depth": s.depth} if s.depth else {}),
                }
                for s in self.steps
            ],
            "contradiction": None if self.contradiction is None else self.contradiction.text,
            "note": self.note,
            "grid": "".join(self.model.board.symbol(v) for v in self.grid),
            "seconds": round(self.seconds, 3),
        }

    def __repr__(self) -> str:
        return f"<Path {self.summary()}; {len(self.steps)} steps in {self.seconds:.2f} s>"

    def _repr_html_(self) -> str:
        items = "".join(
            f"<li><b>{html.escape(s.technique)}</b>: {html.escape(s.text)}</li>" for s in self.steps
        )
        return (
            f"<div><p>{html.escape(self.summary())}</p>"
            f"{self.model.to_svg(Puzzle(self.model.board, self.grid))}"
            f"<ol>{items}</ol></div>"
        )


def next_step(
    found: list[tuple[str, Finder]], state: State, clock: Clock | None = None
) -> Step | Contradiction | None:
    """The first step (or contradiction) of the first finder of ``found`` that applies;
    ``clock`` is checked before each finder (each does bounded work), raising
    :class:`~sudoku_models.logic.assumptions.TimeLimitReached` once its limit has passed."""
    broken = state.broken()
    if broken is not None:
        return broken
    for _, find in found:
        if clock is not None:
            clock.check()
        step = find(state)
        if step is not None:
            return step
    return None


def logical_solve(
    puzzle: Model | Puzzle | Source,
    max_depth: int = 2,
    time_limit: float | None = TIME_LIMIT,
    struck: Iterable[Sequence[int]] = (),
) -> Path:
    """Solve ``puzzle`` (a model, a puzzle, or puzzle text) step by step, as a person would.

    ``max_depth``: nested assumptions a trial may make (0: no trials). The path depends on the
    puzzle alone: trials are bounded by counted propagator runs, not by time. ``time_limit``
    (seconds, None: none) only stops the path early, with status ``"stopped"``. ``struck``:
    ``(cell, digit)`` candidates ruled out before the first step (a player's pencil marks).

    >>> path = logical_solve(".1.....4....34..")
    >>> path.status, path.trials, path.difficulty.band
    ('solved', 0, 'easy')
    """
    from ..solvers.base import as_model

    if max_depth < 0:
        raise ValueError(f"max_depth must be 0 or more, got {max_depth}")
    start = time.perf_counter()
    clock = Clock(time_limit)
    ruled_out = tuple((int(i), int(d)) for i, d in struck)
    model = as_model(puzzle)
    layout = layout_of(model)
    state = State.start(layout, [0] * model.size)
    steps: list[Step] = []
    contradiction = place_givens(state, ruled_out)
    found = finders(layout)
    count = functools.cache(functools.partial(_count, model, clock))
    trials = Trials(
        layout,
        functools.partial(_replay, replayed(found), clock=clock),
        functools.partial(_nesting, model, count),
        clock,
    )
    stopped: TimeLimitReached | None = None
    try:
        while contradiction is None and not state.is_solved():
            step = next_step(found, state, clock)
            if step is None and max_depth:
                step = trials(state, max_depth)
            if step is None:
                break
            if isinstance(step, Contradiction):
                contradiction = step
                break
            steps.append(step)
            state.apply(step)
    except TimeLimitReached as reached:
        stopped = reached
    status = SOLVED if state.is_solved() and contradiction is None else STUCK
    if status == SOLVED and not model.is_solution(state.grid()):
        contradiction = Contradiction("", (), "the full grid breaks a rule no finder reads")
    if contradiction is not None:
        status = BROKEN
    note = _note(count()) if status == STUCK and stopped is None else ""
    if stopped is not None:
        status = STOPPED
        note = f"{stopped} after {len(steps)} steps; a longer limit takes the same steps first"
    n = model.n
    candidates = tuple(tuple(d for d in range(1, n + 1) if m >> (d - 1) & 1) for m in state.masks)
    return Path(
        model,
        status,
        tuple(steps),
        state.grid(),
        candidates,
        difficulty(steps, status == SOLVED),
        time.perf_counter() - start,
        contradiction,
        note,
        layout.unread,
        ruled_out,
    )


def hint(
    puzzle: Model | Puzzle | Source,
    max_depth: int = 2,
    time_limit: float | None = TIME_LIMIT,
    struck: Iterable[Sequence[int]] = (),
) -> Step | Contradiction | None:
    """The next step of ``puzzle``'s logical path (a contradiction when a rule is broken
    already, None when the grid is full or nothing applies); ``struck`` as in
    :func:`logical_solve`. Raises :class:`~sudoku_models.logic.assumptions.TimeLimitReached` when
    ``time_limit`` seconds pass first.

    >>> hint(".1.....4....34..").text
    'r2c1 can only be 2'
    """
    from ..solvers.base import as_model

    clock = Clock(time_limit)
    model = as_model(puzzle)
    layout = layout_of(model)
    state = State.start(layout, [0] * model.size)
    clash = place_givens(state, struck)
    if clash is not None:
        return clash
    if state.is_solved():
        return None
    found = finders(layout)
    step = next_step(found, state, clock)
    if step is None and max_depth:
        replay = functools.partial(_replay, replayed(found), clock=clock)
        unique = functools.partial(_count, model, clock)
        nesting = functools.partial(_nesting, model, unique)
        step = Trials(layout, replay, nesting, clock)(state, max_depth)
    return step


def _replay(
    found: list[tuple[str, Finder]],
    state: State,
    i: int,
    d: int,
    most: int = NET_STEPS,
    clock: Clock | None = None,
) -> Net | None:
    """The steps the finders take from ``d`` placed in cell ``i`` to a contradiction, with the
    sentence of that forcing net and the rules and cells its steps read, or None when they take
    more than ``most`` steps. Cells a rule makes equal (clones, a palindrome's mirror cells)
    share what each step leaves them at once, as a person copies a clone: that is no step."""
    trial_state = state.copy()
    trial_state.place(i, d)
    name = cell_label(state.layout.n, i)
    reasons: dict[str, None] = {}
    cells: dict[int, None] = {i: None}
    for count in range(most + 1):
        step = next_step(found, trial_state, clock)
        if isinstance(step, Contradiction):
            later = f"{count} steps later " if count else ""
            text = f"assuming {name}={d}, {later}{step.text}: {name} is not {d}"
            reasons.update(dict.fromkeys([step.rule] if step.rule else []))
            cells.update(dict.fromkeys(step.cells))
            return Net(count, text, tuple(reasons), tuple(cells))
        if step is None:
            return None
        reasons.update(dict.fromkeys(([step.rule] if step.rule else []) + list(step.reasons)))
        cells.update(dict.fromkeys(step.cells))
        cells.update(dict.fromkeys(c for c, _ in step.placements + step.eliminations))
        trial_state.apply(step)
        for label, a, b in _copy_equal(trial_state):
            reasons[label] = None
            cells.update(dict.fromkeys((a, b)))
    return None


def _equal(layout: Layout) -> list[tuple[str, int, int]]:
    """The pairs of cells a rule makes equal, each with the rule."""
    n = layout.n
    same = frozenset((d, d) for d in range(1, n + 1))
    return [
        (rule.label, p.a, p.b)
        for rule in layout.rules
        for p in rule.primitives
        if isinstance(p, Relation) and p.a != p.b and p.pairs == same
    ]


_equal_pairs = per_layout(_equal)


def _copy_equal(state: State) -> list[tuple[str, int, int]]:
    """Give cells that must be equal their common candidates (placing the digit when one is
    left), until none changes; the pairs that changed, each with its rule. A pair with no
    common candidate is left for the finders to name."""
    masks, placed = state.masks, state.placed
    used: dict[tuple[str, int, int], None] = {}
    changed = True
    while changed:
        changed = False
        for label, a, b in _equal_pairs(state.layout):
            m = masks[a] & masks[b]
            if not m or masks[a] == masks[b] == m:
                continue
            for i in (a, b):
                if masks[i] == m:
                    continue
                if m & (m - 1) or placed[i]:
                    masks[i] = m
                else:
                    state.place(i, m.bit_length())
            used[label, a, b] = None
            changed = True
    return list(used)


def _nesting(model: Model, count: Callable[[], int | None]) -> bool:
    """Whether nested trials are worth their cost: a grid up to
    :data:`~.techniques.NESTING_SIDE` with one solution (on a puzzle with several, no trial
    finishes the path anyway)."""
    return model.n <= NESTING_SIDE and count() == 1


def _count(model: Model, clock: Clock) -> int | None:
    """The model's solutions, counted up to two; None when the time limit passes first."""
    from ..api import solve
    from ..errors import UnsupportedModelError
    from ..solvers.base import Status

    left = clock.remaining()
    try:
        result = solve(model, limit=2, time_limit=left)
    except UnsupportedModelError:  # a primitive the default backend cannot encode
        result = solve(model, limit=2, backend="backtracking", time_limit=clock.remaining())
    if result.status is Status.TIMEOUT:
        return None
    return len(result.solutions)


def _note(count: int | None) -> str:
    """What a stuck path means: the puzzle has several solutions, none, or logic stops short."""
    if count is None:
        return "the time limit passed before the solutions were counted"
    if count == 0:
        return "the puzzle has no solution"
    if count > 1:
        return "the puzzle has more than one solution, so logic cannot finish it"
    return "the puzzle has one solution, but these techniques stop short of it"
