"""The harder techniques: each fires on real positions and never strikes a solution's digit.

Positions come from the walkthroughs of the shipped rated puzzles: wherever the solver needs
more than singles, intersections and subsets, every harder technique is asked for all its steps
there and each step is checked against the puzzle's solution. The slow variant (set
``SUDOKU_MODELS_SLOW=1``) checks every step of the walkthroughs of 3000 puzzles of the shared
``sudoku10k`` set, and every harder technique on the positions of top95 and hard20.
"""

from __future__ import annotations

import csv
import itertools
import os
from importlib import resources
from pathlib import Path

import pytest

from sudoku_models import Puzzle, datasets
from sudoku_models.grading import (
    TECHNIQUES,
    CandidateGrid,
    apply_step,
    next_steps,
    solve_logically,
)
from sudoku_models.grading.rating import unique_solution

HARDER = [t for t in TECHNIQUES if t.tier >= 3]


def _rated(levels: tuple[str, ...]) -> list[str]:
    path = resources.files("sudoku_models.grading").joinpath("data/rated_200.csv")
    with path.open(encoding="utf-8") as handle:
        return [row["puzzle"] for row in csv.DictReader(handle) if row["hodoku_level"] in levels]


def sweep(puzzle: Puzzle, positions: int) -> set[str]:
    """Walk the solver's path; at the first ``positions`` positions needing a harder technique,
    check every step of every harder technique against the solution. The techniques that fired.
    """
    solution = unique_solution(puzzle)[0].cells
    grid = CandidateGrid.from_puzzle(puzzle)
    fired: set[str] = set()
    while not grid.is_solved() and positions:
        found = next_steps(grid)
        if not found:
            break
        if found[0].technique in {t.name for t in HARDER}:
            positions -= 1
            for technique in HARDER:
                for step in technique.steps(grid):
                    fired.add(step.technique)
                    for i, d in step.eliminations:
                        assert solution[i] != d, step.describe(grid.geo)
                    for i, d in step.placements:
                        assert solution[i] == d, step.describe(grid.geo)
        apply_step(grid, found[0])
    return fired


@pytest.mark.heavy
def test_harder_techniques_fire_and_agree_with_the_solution():
    fired: set[str] = set()
    for line in _rated(("Unfair", "Extreme"))[::2]:
        fired |= sweep(Puzzle.parse(line), positions=2)
    # all but the quads, Swordfish, Remote Pair (checked in the solver's own walkthroughs) and
    # Uniqueness Test 5 (a hand-made position in test_grading_techniques)
    unmet = {"Naked Quad", "Hidden Quad", "Swordfish", "Remote Pair", "Uniqueness Test 5"}
    # and the avoidable rectangles, rare in walkthroughs (test_grading_avoidable has their own)
    unmet |= {"Avoidable Rectangle Type 1", "Avoidable Rectangle Type 2"}
    expected = {t.name for t in HARDER} - unmet
    assert expected <= fired, expected - fired


#: The data sets shared beside the repository (as the benchmarks find them).
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SUDOKU_MODELS_SLOW"), reason="set SUDOKU_MODELS_SLOW=1")
def test_harder_techniques_agree_with_the_solution_on_thousands_of_puzzles():
    # every step of the solver's walkthrough of 3000 puzzles (guesses where it is stuck)
    path = SHARED / "sudoku10k.txt"
    if not path.exists():
        pytest.skip("needs the shared data sets beside the repository")
    for puzzle in itertools.islice(datasets.iter_puzzles(path), 3000):
        solution = unique_solution(puzzle)[0]
        grid = CandidateGrid.from_puzzle(puzzle)
        for step in solve_logically(grid, solution=solution):
            assert all(solution.cells[i] != d for i, d in step.eliminations), step
            assert all(solution.cells[i] == d for i, d in step.placements), step
    # and every harder technique, on the positions of the hardest shipped sets that need one
    fired: set[str] = set()
    for puzzle in datasets.load("top95") + datasets.load("hard20"):
        fired |= sweep(puzzle, positions=2)
    assert len(fired) >= len(HARDER) - 5
