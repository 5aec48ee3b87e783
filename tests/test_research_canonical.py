"""Canonical forms: the least copy, found exactly, the same for every copy."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from sudoku_models import datasets
from sudoku_models.board import Board
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.generator import generate
from sudoku_models.generator.grids import random_grid
from sudoku_models.research.canonical import canonical, canonical_array, canonical_lines
from sudoku_models.research.symmetry import Symmetry, random_symmetry
from sudoku_models.testing import all_grids_4x4


def _nested(groups: int, width: int):
    for outer in itertools.permutations(range(groups)):
        for insides in itertools.product(itertools.permutations(range(width)), repeat=groups):
            yield tuple(g * width + i for g, inside in zip(outer, insides) for i in inside)


def _least_by_brute_force(cells: tuple[int, ...], board: Board) -> tuple[int, ...]:
    """Every line arrangement, each relabelled in order of appearance: the least, blank last."""
    n = board.n
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    turns = (False, True) if board.box_rows == board.box_cols else (False,)
    for turn in turns:
        for rows in _nested(n // board.box_rows, board.box_rows):
            for cols in _nested(n // board.box_cols, board.box_cols):
                image = Symmetry(board, rows, cols, turn, tuple(range(1, n + 1))).apply(cells)
                labels: dict[int, int] = {}
                out = tuple(labels.setdefault(d, len(labels) + 1) if d else 0 for d in image)
                key = tuple(d or n + 1 for d in out)
                if best is None or key < best[0]:
                    best = (key, out)
    assert best is not None
    return best[1]


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2)])
def test_canonical_is_the_least_copy(box: tuple[int, int]) -> None:
    board = Board(*box)
    for seed in range(6):
        found = generate(seed=seed, box=box)
        for cells in (found.puzzle.cells, found.solution.cells):
            want = _least_by_brute_force(cells, board)
            for compiled in (True, False):
                got = canonical_array(np.array([cells]), box, compiled=compiled)[0]
                assert tuple(got.tolist()) == want


def test_every_copy_has_the_same_form() -> None:
    shipped = datasets.load("royle17_300") + datasets.load("top95")
    puzzles = np.array([p.cells for p in shipped])
    forms = canonical_array(puzzles)
    rng = random.Random(8)
    board = Board(3, 3)
    copies = np.array([random_symmetry(board, rng).apply(row) for row in puzzles.tolist()])
    assert (canonical_array(copies) == forms).all()
    assert (canonical_array(forms) == forms).all()  # a form is its own form
    assert (canonical_array(puzzles[:4], compiled=False) == forms[:4]).all()


def test_grid_forms_start_with_the_digits_in_order() -> None:
    board = Board(3, 3)
    grid = random_grid(board, random.Random(1))
    assert canonical_array(np.array([grid]))[0, :9].tolist() == list(range(1, 10))


def test_different_forms_are_not_equivalent_on_4x4() -> None:
    """Every 4x4 grid, grouped into classes by closing under the generators: one form a class."""
    board = Board(2, 2)
    rng = random.Random(0)
    moves = [random_symmetry(board, rng) for _ in range(60)]
    everyone = set(all_grids_4x4())
    classes: list[set[tuple[int, ...]]] = []
    left = set(everyone)
    while left:
        start = left.pop()
        orbit, frontier = {start}, [start]
        while frontier:
            g = frontier.pop()
            for move in moves:
                image = move.apply(g)
                if image not in orbit:
                    orbit.add(image)
                    frontier.append(image)
        left -= orbit
        classes.append(orbit)
    assert len(everyone) == 288
    forms = [{tuple(r) for r in canonical_array(np.array(sorted(c))).tolist()} for c in classes]
    assert all(len(f) == 1 for f in forms)  # one form per class ...
    assert len({next(iter(f)) for f in forms}) == len(classes) == 2  # ... and distinct


def test_canonical_of_a_puzzle_and_lines() -> None:
    puzzle = generate(seed=3).puzzle
    image = random_symmetry(puzzle.board, 2).apply_puzzle(puzzle)
    assert canonical(puzzle) == canonical(image)
    assert canonical_lines([puzzle, image]) == [canonical(puzzle).to_line()] * 2


def test_clashing_givens_and_large_boards_are_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match="repeats a digit"):
        canonical_array(np.array([[1, 1] + [0] * 14]))
    with pytest.raises(ValueError, match="too many"):
        canonical_array(np.zeros((1, 144), dtype=np.uint8))


@pytest.mark.parametrize("box", [(2, 4), (4, 2), (3, 3)])
def test_copies_share_a_form_on_other_shapes(box: tuple[int, int]) -> None:
    board = Board(*box)
    rng = random.Random(4)
    rows = []
    for seed in range(6):
        grid = random_grid(board, random.Random(seed))
        rows.append(tuple(d if rng.random() < 0.45 else 0 for d in grid))
        rows.append(grid)
    forms = canonical_array(np.array(rows), box)
    copies = [random_symmetry(board, rng).apply(r) for r in rows]
    assert (canonical_array(np.array(copies), box) == forms).all()


def test_too_many_ties_stop_with_an_error() -> None:
    """An empty 9x9 grid ties every way at every row: the search stops at its bound."""
    with pytest.raises(ValueError, match="too few clues"):
        canonical_array(np.zeros((1, 81), dtype=np.uint8))
    assert canonical_array(np.zeros((1, 16), dtype=np.uint8)).tolist() == [[0] * 16]
