"""Death Blossom: hand-made blossoms with their exact eliminations (the solver takes one in a
real puzzle in test_grading_techniques; the sweep over the hardest shipped puzzles is in
test_grading_als_chain)."""

from __future__ import annotations

from sudoku_models import Puzzle
from sudoku_models.grading import CandidateGrid
from sudoku_models.grading.candidates import bit, geometry
from sudoku_models.grading.techniques.death_blossom import death_blossom


def bivalue_grid(cells: dict[int, tuple[int, int]]) -> CandidateGrid:
    """An empty grid, every candidate open, but for the given two-digit cells."""
    grid = CandidateGrid(geometry(Puzzle.empty().board), [0] * 81, [511] * 81)
    for i, (a, b) in cells.items():
        grid.masks[i] = bit(a) | bit(b)
    return grid


def test_a_petal_for_each_stem_digit_eliminates_their_common_digit():
    # stem r5c5 (12); petal {r5c1} (13) for 1, petal {r1c5} (23) for 2: 3 is in one of them
    grid = bivalue_grid({40: (1, 2), 36: (1, 3), 4: (2, 3)})
    before = list(grid.masks)
    steps = list(death_blossom(grid))
    assert [s.eliminations for s in steps] == [((0, 3),)]
    assert steps[0].cells == (40, 36, 4)
    assert grid.masks == before


def test_a_stem_digit_without_a_petal_blooms_nothing():
    grid = bivalue_grid({40: (1, 2), 36: (1, 3), 4: (2, 3)})
    grid.masks[40] |= 1 << 3  # the stem also holds 4, which no ALS covers
    assert list(death_blossom(grid)) == []


def test_a_digit_of_the_stem_is_not_eliminated():
    # petals {r5c1} (12) and {r1c5} (21): their common digits are the stem's own
    grid = bivalue_grid({40: (1, 2), 36: (1, 2), 4: (2, 1)})
    assert all(d not in (1, 2) for s in death_blossom(grid) for _, d in s.eliminations)
