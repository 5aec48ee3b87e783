"""The logical solver: every step agrees with the unique solution, and ratings ignore symmetry."""

from __future__ import annotations

import csv
import itertools
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, datasets
from sudoku_models.grading import (
    TECHNIQUES,
    CandidateGrid,
    apply_step,
    next_step,
    next_steps,
    rate,
    solve_logically,
)
from sudoku_models.grading.candidates import bit
from sudoku_models.grading.rating import unique_solution
from sudoku_models.grading.techniques import QQWING_TECHNIQUES


def _rated_puzzles() -> list[str]:
    path = resources.files("sudoku_models.grading").joinpath("data/rated_200.csv")
    with path.open(encoding="utf-8") as handle:
        return [row["puzzle"] for row in csv.DictReader(handle)]


RATED = _rated_puzzles()


def _check_walkthrough(puzzle: Puzzle) -> set[str]:
    solution, _, _ = unique_solution(puzzle)
    grid = CandidateGrid.from_puzzle(puzzle)
    used = set()
    for step in solve_logically(grid, solution=solution):
        used.add(step.technique)
        for i, d in step.placements:
            assert solution.cells[i] == d, step
        for i, d in step.eliminations:
            assert solution.cells[i] != d, step
    assert grid.values == list(solution.cells)
    return used


def test_every_step_agrees_with_the_solution_on_hundreds_of_puzzles():
    used: set[str] = set()
    puzzles = [Puzzle.parse(p) for p in RATED]
    puzzles += datasets.load("royle17_300")[:100]
    assert len(puzzles) >= 300
    for puzzle in puzzles:
        used |= _check_walkthrough(puzzle)
    # the sample reaches most techniques on the solver's own path (the rest are checked on
    # every position that needs them in test_grading_advanced)
    assert len(used) >= len(TECHNIQUES) - 12


def test_every_step_agrees_with_the_solution_on_other_board_sizes():
    for puzzle in datasets.load("sizes"):
        _check_walkthrough(puzzle)


def test_eliminations_only_strike_live_candidates():
    for line in RATED[:60]:
        grid = CandidateGrid.from_puzzle(Puzzle.parse(line))
        while steps := next_steps(grid):
            for step in steps:
                assert step.placements or step.eliminations
                assert all(grid.masks[i] & bit(d) for i, d in step.eliminations)
                assert all(grid.masks[i] & bit(d) for i, d in step.placements)
            for step in steps:
                apply_step(grid, step)


def test_next_step_is_the_first_of_the_cheapest_technique():
    grid = CandidateGrid.from_puzzle(Puzzle.parse(RATED[1]))
    while (step := next_step(grid)) is not None:
        steps = next_steps(grid)
        assert step.technique == steps[0].technique
        apply_step(grid, step)


def test_solver_stops_when_stuck_without_a_solution():
    # one of the hardest known puzzles: beyond every technique, forcing nets included
    stuck = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
    grid = CandidateGrid.from_puzzle(Puzzle.parse(stuck))
    solve_logically(grid)
    assert not grid.is_solved() and next_step(grid) is None


def test_solved_grid_has_no_next_step():
    solution, _, _ = unique_solution(Puzzle.parse(RATED[0]))
    assert next_step(CandidateGrid.from_puzzle(solution)) is None


# --- symmetries -------------------------------------------------------------------------------


def _line_order(bands: tuple[int, ...], inner: tuple[tuple[int, ...], ...]) -> list[int]:
    return [3 * b + r for b, rows in zip(bands, inner, strict=True) for r in rows]


PERMS3 = list(itertools.permutations(range(3)))
orders = st.builds(
    _line_order,
    st.sampled_from(PERMS3),
    st.tuples(*[st.sampled_from(PERMS3)] * 3),
)


def transform(line: str, rows: list[int], cols: list[int], digits: list[int], flip: bool) -> str:
    """Permute rows and columns (within the rules), relabel digits, maybe transpose."""
    grid = [[line[9 * r + c] for c in cols] for r in rows]
    if flip:
        grid = [list(col) for col in zip(*grid, strict=True)]
    relabel = {str(d + 1): str(digits[d]) for d in range(9)} | {".": "."}
    return "".join(relabel[ch] for row in grid for ch in row)


def _signature(line: str) -> tuple:
    r = rate(line)
    return (r.qqwing_level, r.hodoku_level, r.score, r.hardest, r.counts, r.needs_guessing)


def test_rating_is_deterministic():
    for line in RATED[::20]:
        assert _signature(line) == _signature(line)


@settings(max_examples=25, deadline=None)
@given(
    line=st.sampled_from(RATED[:60]),
    rows=orders,
    cols=orders,
    digits=st.permutations(range(1, 10)),
    flip=st.booleans(),
)
def test_symmetric_copies_need_the_same_techniques_up_to_path(line, rows, cols, digits, flip):
    """A symmetric copy may take another path (as in HoDoKu) but is as hard: same QQWing level
    and Sudoku Explainer ER within 0.2; HoDoKu level at most one apart."""
    ours, theirs = rate(line), rate(transform(line, rows, cols, list(digits), flip))
    assert ours.qqwing_level == theirs.qqwing_level
    if ours.se.er is not None and theirs.se.er is not None:  # None: beyond SE's ladder here
        assert abs(ours.se.er - theirs.se.er) <= 0.2 + 1e-9
    levels = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
    assert abs(levels.index(ours.hodoku_level) - levels.index(theirs.hodoku_level)) <= 1


@pytest.mark.parametrize("flip", [False, True])
def test_transform_keeps_the_puzzle_valid(flip):
    line = RATED[0]
    moved = transform(
        line,
        _line_order((2, 0, 1), ((1, 0, 2),) * 3),
        list(range(9)),
        [9, 8, 7, 6, 5, 4, 3, 2, 1],
        flip,
    )
    assert moved != line
    solution, _, _ = unique_solution(Puzzle.parse(moved))
    assert solution.is_complete


def test_known_first_steps_are_made_again_as_the_search_would():
    # QQWing's techniques are among the full list, in the same order: until the full solver
    # first uses another technique, a solver with QQWing's techniques takes the same steps.
    qqwing_names = {t.name for t in QQWING_TECHNIQUES}
    checked = 0
    for line in RATED[::10]:
        puzzle = Puzzle.parse(line)
        full = solve_logically(CandidateGrid.from_puzzle(puzzle))
        known = list(itertools.takewhile(lambda s: s.technique in qqwing_names, full))
        if len(known) == len(full):
            continue
        searched = CandidateGrid.from_puzzle(puzzle)
        replayed = CandidateGrid.from_puzzle(puzzle)
        want = solve_logically(searched, QQWING_TECHNIQUES)
        got = solve_logically(replayed, QQWING_TECHNIQUES, known=known)
        assert want[: len(known)] == known
        assert got == want and replayed.values == searched.values
        assert replayed.masks == searched.masks
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(
    "name",
    [
        "Sue de Coq",
        "Nice Loop/AIC",
        "ALS-XZ",
        "ALS-XY-Chain",
        "Forcing Chain",
        "Forcing Net",
    ],
)
def test_the_long_scans_poll_a_limit_opened_around_them(name: str) -> None:
    """The scans that can run for minutes on a large grid stop at a limit that has passed,
    before their first step (here on an empty 16x16, where each has much to scan)."""
    import time

    from sudoku_models import deadline
    from sudoku_models.errors import TimeLimitReached
    from sudoku_models.grading.techniques import BY_NAME

    grid = CandidateGrid.from_puzzle(Puzzle.parse("." * 256))
    with deadline.within(0.0):
        time.sleep(0.01)
        with pytest.raises(TimeLimitReached):
            BY_NAME[name].find(grid)
        with pytest.raises(TimeLimitReached):
            solve_logically(CandidateGrid.from_puzzle(Puzzle.parse("." * 16)))
