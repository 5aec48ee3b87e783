"""Walkthroughs in words and on the grid, and hints for a player who is stuck."""

from __future__ import annotations

import html

from .. import deadline, display
from ..door import PuzzleLike, classic_puzzle
from ..errors import InvalidPuzzleError
from ..puzzle import Puzzle
from .candidates import CandidateGrid, bit
from .logical import apply_step, guess_step, next_step, solve_logically
from .rating import Rating, rate, unique_solution
from .step import Step

_SINGLES = frozenset({"Full House", "Naked Single", "Hidden Single"})


def explain(puzzle: PuzzleLike) -> str:
    """A numbered walkthrough in text, after a one-line summary of the rating.

    Where no technique applies, a step guesses (a digit known to be right) and logic goes on.

    >>> print(explain(".1.....4....34..").splitlines()[1])
    1. Naked Single: 2 is the only candidate left in r2c1 => r2c1=2
    """
    rating, steps = _walkthrough(puzzle)
    geo = CandidateGrid.from_puzzle(rating.puzzle).geo
    lines = [rating.summary()]
    for k, step in enumerate(steps, start=1):
        lines.append(f"{k}. {step.describe(geo)}")
    return "\n".join(lines)


def _walkthrough(puzzle: PuzzleLike) -> tuple[Rating, list[Step]]:
    """The rating and every step to the end, guessing (with the solution) where logic stops."""
    rating = rate(puzzle)
    steps = list(rating.steps)
    if rating.needs_guessing:
        solution, _, _ = unique_solution(rating.puzzle)
        grid = CandidateGrid.from_puzzle(rating.puzzle)
        steps = solve_logically(grid, solution=solution)
    return rating, steps


def hint(
    puzzle_or_progress: PuzzleLike | CandidateGrid, time_limit: float | None = None
) -> Step | None:
    """The next step only: the cheapest deduction from this position (None when solved).

    A position is a puzzle with the player's digits filled in (any accepted form), or a
    :class:`CandidateGrid` carrying the player's own pencil marks. When no technique applies the
    step is a guess that is known to work. Raises
    :class:`~sudoku_models.errors.InvalidPuzzleError` when the position has no single solution
    (a digit placed so far is wrong), when the givens of a :class:`CandidateGrid` alone do not
    have exactly one solution, or when a pencil mark rules out the right digit; and
    :class:`~sudoku_models.errors.TimeLimitReached` past ``time_limit`` seconds (or past a
    limit opened with :func:`sudoku_models.deadline.within`).
    """
    if time_limit is not None and not time_limit > 0:  # nan is not positive either
        raise ValueError(f"time_limit must be positive seconds, got {time_limit!r}")
    with deadline.within(time_limit):
        return _hint(puzzle_or_progress)


def _hint(puzzle_or_progress: PuzzleLike | CandidateGrid) -> Step | None:
    if isinstance(puzzle_or_progress, CandidateGrid):
        grid = puzzle_or_progress
    else:
        grid = CandidateGrid.from_puzzle(classic_puzzle(puzzle_or_progress))
    if grid.is_solved():
        return None
    solution, _, _ = unique_solution(grid.to_puzzle())
    if len(grid.givens) < sum(1 for d in grid.values if d):
        # avoidable rectangles trust that the givens alone have one solution
        givens = tuple(d if i in grid.givens else 0 for i, d in enumerate(grid.values))
        unique_solution(Puzzle(grid.geo.board, givens))
    for i in grid.empty_cells():
        if not grid.masks[i] & bit(solution.cells[i]):
            raise InvalidPuzzleError(
                f"the pencil marks of {grid.geo.cell_name(i)} rule out its digit"
            )
    step = next_step(grid)
    return guess_step(grid, solution) if step is None else step


def hint_text(puzzle_or_progress: PuzzleLike | CandidateGrid) -> str:
    """The next step in one line, or a note that the grid is already full."""
    if isinstance(puzzle_or_progress, CandidateGrid):
        geo = puzzle_or_progress.geo
    else:
        geo = CandidateGrid.from_puzzle(classic_puzzle(puzzle_or_progress)).geo
    step = hint(puzzle_or_progress)
    return "the grid is full" if step is None else step.describe(geo)


def step_html(grid: CandidateGrid, step: Step, givens: PuzzleLike | None = None) -> str:
    """The position before ``step`` as an HTML grid: pencil marks, the step's cells shaded,
    eliminated candidates in red, and the step in words as the caption."""
    marked: dict[int, list[int]] = {}
    for i, d in step.eliminations:
        marked.setdefault(i, []).append(d)
    given_cells = None if givens is None else classic_puzzle(givens).cells
    return display.html_grid(
        grid.board,
        grid.values,
        givens=given_cells,
        highlight=set(step.cells) | {i for i, _ in step.placements},
        candidates=grid.candidate_map(),
        marked=marked,
        caption=step.describe(grid.geo),
    )


def walkthrough_html(puzzle: PuzzleLike, singles: bool = False) -> str:
    """Every step drawn on the grid (singles only listed in words unless ``singles``)."""
    rating, steps = _walkthrough(puzzle)
    grid = CandidateGrid.from_puzzle(rating.puzzle)
    parts = [f"<p style='font-family:sans-serif'>{html.escape(rating.summary())}</p>"]
    for k, step in enumerate(steps, start=1):
        if singles or step.technique not in _SINGLES:
            parts.append(step_html(grid, step, givens=rating.puzzle))
        else:
            text = html.escape(f"{k}. {step.describe(grid.geo)}")
            parts.append(f"<div style='font-family:sans-serif;font-size:12px'>{text}</div>")
        apply_step(grid, step)
    return "<div>" + "".join(parts) + "</div>"
