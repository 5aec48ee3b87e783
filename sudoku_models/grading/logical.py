"""The logical solver: apply the cheapest technique that works and record every step.

Like HoDoKu it makes one step at a time and starts again from the cheapest technique after
each: singles in the order HoDoKu finds them (:class:`SinglesQueue`), otherwise, of the steps
the cheapest applicable technique finds, the first with the largest effect.
So a step can make a cheaper technique apply again (a chain that leaves a naked single is
followed by that single), and step counts (and HoDoKu scores) come out as HoDoKu counts them.
Which of several equal steps comes first depends on how the grid is drawn, so a relabelled or
reflected grid may take another path (as it may in HoDoKu); the rating is deterministic.

When no technique applies the solver is stuck; given the puzzle's solution it records a *guess*
(the solution's digit in the empty cell with the fewest candidates) and carries on, so every
walkthrough reaches the end.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from .. import deadline as limits
from ..puzzle import Puzzle
from .candidates import CandidateGrid
from .singles_queue import SinglesQueue
from .step import Step
from .techniques import TECHNIQUES, Technique, index_sum

#: The singles, cheapest first; the solver takes them in HoDoKu's order (see ``SinglesQueue``).
SINGLES = ("Full House", "Naked Single", "Hidden Single")

#: The technique name of a step no technique could justify.
GUESS = "Guess"


def next_step(grid: CandidateGrid, techniques: Sequence[Technique] = TECHNIQUES) -> Step | None:
    """The first step found by the cheapest technique that applies, or None when stuck."""
    for technique in techniques:
        limits.check()
        step = technique.find(grid)
        if step is not None:
            return step
    return None


def next_steps(grid: CandidateGrid, techniques: Sequence[Technique] = TECHNIQUES) -> list[Step]:
    """The steps of the cheapest technique that applies with the largest effect; [] when stuck.

    Steps with the same effect are kept once. For a technique taking its first step found
    (``Technique.first_found``), only that step; for one that sorts its ties
    (``Technique.sorts_ties``), the tied steps in HoDoKu's order (:func:`index_sum`).
    """
    for technique in techniques:
        limits.check()
        if technique.first_found:
            first = technique.find(grid)
            if first is not None:
                return [first]
            continue
        steps: dict[tuple[frozenset[tuple[int, int]], ...], Step] = {}
        for step in technique.steps(grid):
            limits.check()
            key = (frozenset(step.placements), frozenset(step.eliminations))
            steps.setdefault(key, step)
        if steps:
            most = max(len(p) + len(e) for p, e in steps)
            best = [step for (p, e), step in steps.items() if len(p) + len(e) == most]
            return sorted(best, key=index_sum) if technique.sorts_ties else best
    return []


def apply_step(grid: CandidateGrid, step: Step) -> None:
    """Make the step's placements and eliminations on ``grid``."""
    for i, d in step.placements:
        grid.place(i, d)
    for i, d in step.eliminations:
        grid.eliminate(i, d)


def guess_step(grid: CandidateGrid, solution: Puzzle) -> Step:
    """Place the solution's digit in the empty cell with the fewest candidates."""
    geo = grid.geo
    i = min(grid.empty_cells(), key=lambda c: (grid.masks[c].bit_count(), c))
    d = solution.cells[i]
    return Step(
        GUESS,
        placements=((i, d),),
        cells=(i,),
        digits=(d,),
        reason=(
            f"no technique applies; trying {geo.digit_name(d)} in {geo.cell_name(i)} "
            f"(candidates {'/'.join(geo.digit_name(x) for x in grid.candidates(i))}) works"
        ),
    )


def solve_logically(
    grid: CandidateGrid,
    techniques: Sequence[Technique] = TECHNIQUES,
    solution: Puzzle | None = None,
    known: Sequence[Step] = (),
    deadline: float | None = None,
) -> list[Step]:
    """Solve ``grid`` in place step by step and return the steps.

    Without ``solution`` the solver stops when stuck; with it, it guesses and goes on.
    ``deadline`` (a ``time.perf_counter()`` value): stop before the next step once it has
    passed, the grid left unsolved. A limit opened with :func:`sudoku_models.deadline.within`
    raises :class:`~sudoku_models.errors.TimeLimitReached` once it has passed.
    ``known``: the steps this solver takes first, already found by a solver with more
    techniques that used none of the others on the way (it took the same steps): they are
    made again without searching.
    """
    singles = tuple(t.name for t in techniques[:3]) == SINGLES
    queue = SinglesQueue.replay(grid) if singles else None
    rest = techniques[3:] if singles else techniques
    steps: list[Step] = []
    while not grid.is_solved():
        if deadline is not None and time.perf_counter() > deadline:
            break
        limits.check()
        step = None if queue is None else queue.next_single()
        if step is None and len(steps) < len(known):
            step = known[len(steps)]
        elif step is None:
            found = next_steps(grid, rest) or next_steps(grid, techniques)
            if not found:
                if solution is None:
                    break
                found = [guess_step(grid, solution)]
            step = found[0]
        if queue is None:
            apply_step(grid, step)
        else:
            queue.apply(step)
        steps.append(step)
    return steps
