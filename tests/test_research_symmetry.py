"""The symmetry group of a board: group laws, validity and solution counts kept."""

from __future__ import annotations

import random

import pytest

from sudoku_models.api import count_solutions
from sudoku_models.board import Board
from sudoku_models.generator import generate
from sudoku_models.generator.grids import random_grid, shuffle_grid
from sudoku_models.puzzle import Puzzle
from sudoku_models.research.symmetry import Symmetry, group_order, random_symmetry

BOXES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]


def _grid(board: Board, seed: int) -> tuple[int, ...]:
    return random_grid(board, random.Random(seed))


@pytest.mark.parametrize("box", BOXES)
def test_closure_and_inverse(box: tuple[int, int]) -> None:
    board = Board(*box)
    rng = random.Random(3)
    grid = _grid(board, 1)
    for _ in range(20):
        a, b = random_symmetry(board, rng), random_symmetry(board, rng)
        both = a.then(b)
        assert isinstance(both, Symmetry)  # its constructor checked it is in the group
        assert both.apply(grid) == b.apply(a.apply(grid))
        assert a.inverse().apply(a.apply(grid)) == grid
        assert a.then(a.inverse()) == Symmetry.identity(board)
        c = random_symmetry(board, rng)
        assert a.then(b).then(c) == a.then(b.then(c))


@pytest.mark.parametrize("box", BOXES)
def test_symmetries_keep_grids_valid(box: tuple[int, int]) -> None:
    board = Board(*box)
    rng = random.Random(5)
    for seed in range(5):
        grid = _grid(board, seed)
        for _ in range(10):
            image = random_symmetry(board, rng).apply(grid)
            assert 0 not in image and board.clashes(image) == []


def test_transposition_only_for_square_boxes() -> None:
    with pytest.raises(ValueError, match="square"):
        Symmetry(Board(2, 3), tuple(range(6)), tuple(range(6)), True, tuple(range(1, 7)))
    with pytest.raises(ValueError, match="bands"):
        Symmetry(Board(2, 2), (0, 2, 1, 3), (0, 1, 2, 3), False, (1, 2, 3, 4))


@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
def test_symmetries_keep_solution_counts(box: tuple[int, int]) -> None:
    board = Board(*box)
    rng = random.Random(11)
    unique = generate(seed=4, box=box).puzzle
    loose = Puzzle(board, tuple(d if i % 3 == 0 else 0 for i, d in enumerate(unique.cells)))
    for puzzle in (unique, loose):
        count = count_solutions(puzzle, limit=1000)
        for _ in range(5):
            image = random_symmetry(board, rng).apply_puzzle(puzzle)
            assert count_solutions(image, limit=1000) == count


def test_random_symmetry_draws_as_the_generator_shuffles() -> None:
    board = Board(3, 3)
    grid = _grid(board, 2)
    assert random_symmetry(board, random.Random(9)).apply(grid) == shuffle_grid(
        board, grid, random.Random(9)
    )
    assert random_symmetry(board, 1) == random_symmetry(board, 1)
    assert random_symmetry(board, 1) != random_symmetry(board, 2)


def test_random_elements_generate_the_whole_group() -> None:
    """Closing a few random elements under composition reaches every element, no more."""
    board = Board(2, 2)
    rng = random.Random(0)
    moves = [random_symmetry(board, rng) for _ in range(6)]
    seen = {Symmetry.identity(board)}
    frontier = list(seen)
    while frontier:
        a = frontier.pop()
        for move in moves:
            b = a.then(move)
            if b not in seen:
                seen.add(b)
                frontier.append(b)
    assert len(seen) == group_order(board)
    assert group_order(Board(2, 2)) == 24 * 8 * 8 * 2


def test_apply_array_matches_apply() -> None:
    import numpy as np

    board = Board(3, 3)
    s = random_symmetry(board, 4)
    grids = [_grid(board, k) for k in range(3)]
    assert s.apply_array(np.array(grids)).tolist() == [list(s.apply(g)) for g in grids]
