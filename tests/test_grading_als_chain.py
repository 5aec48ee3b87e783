"""ALS-XY-Chain: a hand-made chain with its exact eliminations, a rating using one, and every
ALS chain and Death Blossom on the hardest shipped puzzles checked against their solutions."""

from __future__ import annotations

import pytest

from sudoku_models import Puzzle, datasets
from sudoku_models.grading import CandidateGrid, apply_step, next_steps, rate
from sudoku_models.grading.candidates import bit, geometry
from sudoku_models.grading.rating import unique_solution
from sudoku_models.grading.techniques import BY_NAME, TECHNIQUES
from sudoku_models.grading.techniques.als_chain import als_xy_chain
from sudoku_models.grading.techniques.death_blossom import death_blossom


def bivalue_grid(cells: dict[int, tuple[int, int]]) -> CandidateGrid:
    """An empty grid, every candidate open, but for the given two-digit cells."""
    grid = CandidateGrid(geometry(Puzzle.empty().board), [0] * 81, [511] * 81)
    for i, (a, b) in cells.items():
        grid.masks[i] = bit(a) | bit(b)
    return grid


def test_four_links_eliminate_the_digit_of_both_ends():
    # r1c1 (12) -2- r1c5 (23) -3- r5c5 (34) -4- r5c9 (14): 1 is in r1c1 or r5c9
    grid = bivalue_grid({0: (1, 2), 4: (2, 3), 40: (3, 4), 44: (4, 1)})
    before = list(grid.masks)
    steps = list(als_xy_chain(grid))
    assert [s.eliminations for s in steps] == [((8, 1), (36, 1))]
    assert steps[0].cells == (0, 4, 40, 44)
    assert grid.masks == before


def test_a_link_repeating_the_one_before_breaks_the_chain():
    # r5c5 (34) -4- r5c9 would need another digit than 3 to go on; with r5c9 (13) it cannot
    grid = bivalue_grid({0: (1, 2), 4: (2, 3), 40: (3, 4), 44: (3, 1)})
    assert all((8, 1) not in s.eliminations for s in als_xy_chain(grid))


def test_three_sets_are_a_wing_not_a_chain():
    grid = bivalue_grid({0: (1, 2), 4: (2, 3), 40: (3, 1)})
    assert list(als_xy_chain(grid)) == []


def test_scored_and_placed_as_hodoku_does():
    names = [t.name for t in TECHNIQUES]
    chain, blossom = BY_NAME["ALS-XY-Chain"], BY_NAME["Death Blossom"]
    assert names.index("ALS-XY-Wing") + 1 == names.index("ALS-XY-Chain")
    assert names.index("ALS-XY-Chain") + 1 == names.index("Death Blossom")
    assert (chain.hodoku_score, chain.hodoku_level, chain.sorts_ties) == (340, "Unfair", True)
    assert (blossom.hodoku_score, blossom.hodoku_level) == (360, "Unfair")


def test_a_rating_counts_the_chains_it_used():
    # the position where the solver takes it is checked in test_grading_techniques
    rating = rate(datasets.load("top95")[85])
    assert dict(rating.counts)["ALS-XY-Chain"] >= 1
    assert rating.hodoku_level == "Extreme"


@pytest.mark.heavy
def test_no_chain_or_blossom_strikes_a_solution_digit_on_the_hardest_puzzles():
    puzzles = datasets.load("hardest") + datasets.load("hard20") + datasets.load("top95")[::4]
    fired: set[str] = set()
    for puzzle in puzzles:
        solution = unique_solution(puzzle)[0].cells
        grid = CandidateGrid.from_puzzle(puzzle)
        positions = 2
        while not grid.is_solved() and positions:
            found = next_steps(grid)
            if not found:
                break
            if BY_NAME[found[0].technique].hodoku_score >= 300:
                positions -= 1
                for step in [*als_xy_chain(grid), *death_blossom(grid)]:
                    fired.add(step.technique)
                    assert all(solution[i] != d for i, d in step.eliminations), step
            apply_step(grid, found[0])
    assert fired == {"ALS-XY-Chain", "Death Blossom"}
