"""Walkthroughs in text and HTML, and hints from a puzzle or a position in progress."""

from __future__ import annotations

import csv
from importlib import resources

import pytest

from sudoku_models import InvalidPuzzleError, Puzzle
from sudoku_models.errors import TimeLimitReached
from sudoku_models.grading import (
    GUESS,
    CandidateGrid,
    explain,
    hint,
    hint_text,
    next_step,
    rate,
    step_html,
    walkthrough_html,
)
from sudoku_models.grading.rating import unique_solution


def _rated() -> list[str]:
    path = resources.files("sudoku_models.grading").joinpath("data/rated_200.csv")
    with path.open(encoding="utf-8") as handle:
        return [row["puzzle"] for row in csv.DictReader(handle)]


RATED = _rated()
HARD = next(line for line in RATED if rate(line).count("X-Wing"))
#: One of the hardest known puzzles: beyond every technique of the grader.
STUCK = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"


def test_explain_lists_every_step_after_the_summary():
    rating = rate(HARD)
    lines = explain(HARD).splitlines()
    assert lines[0] == rating.summary()
    assert len(lines) == 1 + len(rating.steps)
    assert lines[1].startswith("1. ")
    assert any("X-Wing: " in line and "<>" in line for line in lines)


def test_explain_goes_on_past_guesses_to_the_end():
    lines = explain(STUCK).splitlines()
    assert any(f"{GUESS}: no technique applies" in line for line in lines)
    placements = sum(line.split("=>")[-1].count("=") for line in lines[1:])
    assert placements == Puzzle.parse(STUCK).cells.count(0)


def test_hint_is_the_cheapest_next_step():
    puzzle = Puzzle.parse(RATED[0])
    step = hint(puzzle)
    assert step == next_step(CandidateGrid.from_puzzle(puzzle))
    assert step.technique in ("Full House", "Naked Single", "Hidden Single")


def test_hint_follows_the_players_progress():
    puzzle = Puzzle.parse(RATED[0])
    solution, _, _ = unique_solution(puzzle)
    cells = list(puzzle.cells)
    i, d = hint(puzzle).placements[0]
    cells[i] = d
    progress = Puzzle(puzzle.board, tuple(cells))
    follow = hint(progress)
    assert follow is not None and follow.placements[0][0] != i
    ((j, e),) = follow.placements
    assert solution.cells[j] == e


def test_hint_uses_the_players_pencil_marks():
    grid = CandidateGrid.from_puzzle(Puzzle.parse(HARD))
    while (step := next_step(grid)).technique != "X-Wing":
        for i, d in step.placements:
            grid.place(i, d)
        for i, d in step.eliminations:
            grid.eliminate(i, d)
    assert hint(grid).technique == "X-Wing"


def test_hint_when_stuck_is_a_guess_that_works():
    grid = CandidateGrid.from_puzzle(Puzzle.parse(STUCK))
    from sudoku_models.grading import solve_logically

    solve_logically(grid)
    step = hint(grid)
    assert step.technique == GUESS
    solution, _, _ = unique_solution(Puzzle.parse(STUCK))
    ((i, d),) = step.placements
    assert solution.cells[i] == d


def test_hint_uses_the_chains_when_nothing_simpler_applies():
    line = next(line for line in RATED if rate(line).count("Nice Loop/AIC"))
    grid = CandidateGrid.from_puzzle(Puzzle.parse(line))
    while (step := next_step(grid)).technique != "Nice Loop/AIC":
        for i, d in step.placements:
            grid.place(i, d)
        for i, d in step.eliminations:
            grid.eliminate(i, d)
    assert hint(grid) == step
    assert "chain" in hint_text(grid)


def test_stuck_puzzle_is_reported_as_beyond_the_grader():
    rating = rate(STUCK)
    assert rating.needs_guessing and rating.hardest == GUESS
    assert "beyond the grader's techniques" in rating.summary()
    assert not rating.se.complete and rating.se.er is None


def test_hint_on_a_full_grid_is_none():
    solution, _, _ = unique_solution(Puzzle.parse(RATED[0]))
    assert hint(solution) is None
    assert hint_text(solution) == "the grid is full"


def test_hint_on_a_wrong_position_says_so():
    puzzle = Puzzle.parse(RATED[0])
    solution, _, _ = unique_solution(puzzle)
    i = puzzle.cells.index(0)
    wrong = solution.cells[i] % 9 + 1
    cells = list(puzzle.cells)
    cells[i] = wrong
    with pytest.raises(InvalidPuzzleError):
        hint(Puzzle(puzzle.board, tuple(cells)))


def test_hint_on_a_grid_whose_givens_have_several_solutions_says_so():
    # the filled cells make the position unique, but uniqueness techniques such as avoidable
    # rectangles trust the givens alone, so the hint refuses rather than mislead
    grid = CandidateGrid.from_puzzle(Puzzle.parse(RATED[0]))
    assert hint(grid) is not None
    no_givens = CandidateGrid(grid.geo, grid.values[:], grid.masks[:], frozenset())
    with pytest.raises(InvalidPuzzleError, match="several solutions"):
        hint(no_givens)


def test_hint_text_names_the_cells():
    text = hint_text(RATED[0])
    assert "=>" in text and "r" in text.split("=>")[1]


def test_step_html_draws_pencil_marks_and_struck_candidates():
    grid = CandidateGrid.from_puzzle(Puzzle.parse(HARD))
    while (step := next_step(grid)).technique != "X-Wing":
        for i, d in step.placements:
            grid.place(i, d)
        for i, d in step.eliminations:
            grid.eliminate(i, d)
    html = step_html(grid, step, givens=HARD)
    assert "<caption" in html and "X-Wing" in html
    assert "#c0392b" in html  # eliminated candidates in red
    assert "background:" in html  # the pattern's cells shaded


def test_walkthrough_html_draws_only_the_harder_steps_by_default():
    rating = rate(HARD)
    html = walkthrough_html(HARD)
    hard_steps = [
        s
        for s in rating.steps
        if s.technique not in ("Full House", "Naked Single", "Hidden Single")
    ]
    assert html.count("<table") == len(hard_steps)
    assert walkthrough_html(HARD, singles=True).count("<table") == len(rating.steps)


def test_hint_on_wrong_pencil_marks_says_so():
    puzzle = Puzzle.parse(RATED[0])
    solution, _, _ = unique_solution(puzzle)
    grid = CandidateGrid.from_puzzle(puzzle)
    i = puzzle.cells.index(0)
    grid.eliminate(i, solution.cells[i])
    with pytest.raises(InvalidPuzzleError, match="pencil marks"):
        hint(grid)


def test_a_hint_past_its_time_limit_raises(pigeonhole_classic: str) -> None:
    with pytest.raises(TimeLimitReached, match="time limit of 1 s"):
        hint(pigeonhole_classic, time_limit=1)
    with pytest.raises(ValueError, match="positive"):
        hint(".1.....4....34..", time_limit=float("nan"))
