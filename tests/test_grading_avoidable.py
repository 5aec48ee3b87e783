"""Avoidable rectangles: hand-made positions cut from a solved grid, and a sweep of walkthroughs.

Each position is the solution of a rated puzzle with a few cells emptied again; the grid is
told which of the filled cells were solved (the rest are givens). Every elimination is checked
against the solution; the same position with a given among the corners must yield nothing.
"""

from __future__ import annotations

import csv
from importlib import resources

import pytest

from sudoku_models import Puzzle
from sudoku_models.grading import TECHNIQUES, CandidateGrid, apply_step, next_steps, rate
from sudoku_models.grading.rating import unique_solution
from sudoku_models.grading.techniques import BY_NAME
from sudoku_models.grading.techniques.avoidable import (
    avoidable_rectangle_1,
    avoidable_rectangle_2,
)

PUZZLE = Puzzle.parse(
    "9..2..8.6..6...1.7.8...6...2...5..9....7.9......14....8.9..3.5...7.813......7...."
)
SOLUTION = unique_solution(PUZZLE)[0].cells

#: A puzzle of the shared sudoku10k set whose walkthrough takes an avoidable rectangle (type 1).
#: No walkthrough of the shipped or shared sets takes type 2 since grouped chains come first;
#: type 2 is tested on the hand-cut positions below.
MET = (".....3.......7..2...8..2.7..1........7...4......5....6....1......5.....83.6.....4",)


def cell(name: str) -> int:
    """Index of a cell named like ``r2c5``."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def position(empty: str, solved: str) -> CandidateGrid:
    """The solution with the ``empty`` cells emptied; of the filled cells, ``solved`` were
    solved and the others are givens."""
    holes = {cell(n) for n in empty.split()}
    values = tuple(0 if i in holes else d for i, d in enumerate(SOLUTION))
    grid = CandidateGrid.from_puzzle(Puzzle(PUZZLE.board, values))
    was_solved = {cell(n) for n in solved.split()}
    givens = frozenset(i for i, d in enumerate(values) if d and i not in was_solved)
    return CandidateGrid(grid.geo, grid.values, grid.masks, givens)


def agree_with_solution(steps) -> None:
    for step in steps:
        assert all(SOLUTION[i] != d for i, d in step.eliminations), step


def test_type_1_three_solved_corners():
    # r2c4=8, r2c5=9 and r9c4=9 solved: r9c5 (7/8) would complete 8/9 crosswise
    grid = position("r8c5 r9c5 r9c9", solved="r2c4 r2c5 r9c4")
    assert grid.candidates(cell("r9c5")) == [7, 8]
    steps = list(avoidable_rectangle_1(grid))
    assert [s.eliminations for s in steps] == [((cell("r9c5"), 8),)]
    assert steps[0].technique == "Avoidable Rectangle Type 1"
    assert steps[0].cells == tuple(sorted(cell(n) for n in ("r2c4", "r2c5", "r9c4", "r9c5")))
    agree_with_solution(steps)
    assert not list(avoidable_rectangle_2(grid))


@pytest.mark.parametrize("given", ["r2c4", "r2c5", "r9c4"])
def test_type_1_not_with_a_given_corner(given):
    solved = " ".join(n for n in ("r2c4", "r2c5", "r9c4") if n != given)
    grid = position("r8c5 r9c5 r9c9", solved=solved)
    assert not list(avoidable_rectangle_1(grid))


def test_type_1_needs_a_two_candidate_corner_as_in_hodoku():
    grid = position("r8c5 r9c5 r9c9", solved="r2c4 r2c5 r9c4")
    grid.masks[cell("r9c5")] |= 1 << 2  # a third candidate, 3
    assert not list(avoidable_rectangle_1(grid))


def test_type_2_two_solved_corners_and_a_shared_extra_digit():
    # r1c2=5, r1c3=1 solved; r5c2 holds 1/3 and r5c3 5/3: one is 3, r5c1 loses 3
    grid = position("r2c1 r5c1 r5c2 r5c3 r7c2 r9c3", solved="r1c2 r1c3")
    assert grid.candidates(cell("r5c2")) == [1, 3]
    assert grid.candidates(cell("r5c3")) == [3, 5]
    steps = list(avoidable_rectangle_2(grid))
    assert [s.eliminations for s in steps] == [((cell("r5c1"), 3),)]
    assert steps[0].technique == "Avoidable Rectangle Type 2"
    agree_with_solution(steps)
    assert not list(avoidable_rectangle_1(grid))


def test_type_2_not_with_a_given_corner():
    grid = position("r2c1 r5c1 r5c2 r5c3 r7c2 r9c3", solved="r1c2")
    assert not list(avoidable_rectangle_2(grid))


def test_givens_are_the_puzzle_cells_and_survive_copies():
    grid = CandidateGrid.from_puzzle(PUZZLE)
    assert grid.givens == {i for i, d in enumerate(PUZZLE.cells) if d}
    grid.place(1, SOLUTION[1])
    assert 1 not in grid.givens and grid.copy().givens == grid.givens


def test_hodoku_order_and_scores():
    names = [t.name for t in TECHNIQUES]
    k = names.index("Hidden Rectangle")
    assert names[k + 1 : k + 3] == ["Avoidable Rectangle Type 1", "Avoidable Rectangle Type 2"]
    for name in names[k + 1 : k + 3]:
        t = BY_NAME[name]
        assert (t.hodoku_score, t.hodoku_level, t.first_found) == (100, "Hard", True)


def _rated() -> list[str]:
    path = resources.files("sudoku_models.grading").joinpath("data/rated_200.csv")
    with path.open(encoding="utf-8") as handle:
        return [row["puzzle"] for row in csv.DictReader(handle)]


def test_sweep_never_strikes_a_solution_digit():
    # at every position of the walkthroughs that needs more than singles, both types are asked
    # for all their steps; the puzzles of MET make sure the sweep meets some
    fired: set[str] = set()
    for line in [*_rated()[::10], *MET]:
        puzzle = Puzzle.parse(line)
        solution = unique_solution(puzzle)[0].cells
        grid = CandidateGrid.from_puzzle(puzzle)
        while not grid.is_solved():
            found = next_steps(grid)
            if not found:
                break
            for find in (avoidable_rectangle_1, avoidable_rectangle_2):
                for step in find(grid):
                    fired.add(step.technique)
                    assert all(solution[i] != d for i, d in step.eliminations), step
            apply_step(grid, found[0])
    assert "Avoidable Rectangle Type 1" in fired


def test_ratings_count_the_avoidable_rectangles():
    assert rate(MET[0]).count("Avoidable Rectangle Type 1") >= 1
