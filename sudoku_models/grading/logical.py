"""The logical solver: apply the cheapest technique that works and record every step.

It works in rounds: each round takes the cheapest technique that applies, gathers every step it
finds in the current position (steps with the same effect counted once) and makes those with the
largest effect (for singles: all of them). Which step a scan happens to meet first depends on
how the grid is drawn; the set of all of them does not, so ratings stay the same when the grid
is relabelled, reflected or its rows and columns are permuted within the rules.

When no technique applies the solver is stuck; given the puzzle's solution it records a *guess*
(the solution's digit in the empty cell with the fewest candidates) and carries on, so every
walkthrough reaches the end.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..puzzle import Puzzle
from .candidates import CandidateGrid
from .step import Step
from .techniques import TECHNIQUES, Technique

#: The technique name of a step no technique could justify.
GUESS = "Guess"


def next_step(grid: CandidateGrid, techniques: Sequence[Technique] = TECHNIQUES) -> Step | None:
    """The first step found by the cheapest technique that applies, or None when stuck."""
    for technique in techniques:
        step = technique.find(grid)
        if step is not None:
            return step
    return None


def next_steps(grid: CandidateGrid, techniques: Sequence[Technique] = TECHNIQUES) -> list[Step]:
    """The steps of the cheapest technique that applies with the largest effect; [] when stuck.

    Steps with the same effect are kept once.
    """
    for technique in techniques:
        steps: dict[tuple[frozenset[tuple[int, int]], ...], Step] = {}
        for step in technique.steps(grid):
            key = (frozenset(step.placements), frozenset(step.eliminations))
            steps.setdefault(key, step)
        if steps:
            most = max(len(p) + len(e) for p, e in steps)
            return [step for (p, e), step in steps.items() if len(p) + len(e) == most]
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
) -> list[Step]:
    """Solve ``grid`` in place step by step and return the steps.

    Without ``solution`` the solver stops when stuck; with it, it guesses and goes on.
    """
    steps: list[Step] = []
    while not grid.is_solved():
        found = next_steps(grid, techniques)
        if not found:
            if solution is None:
                break
            found = [guess_step(grid, solution)]
        for step in found:
            apply_step(grid, step)
        steps += found
    return steps
