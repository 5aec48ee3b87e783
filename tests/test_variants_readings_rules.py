"""The rules readings point to: fortress cells, product dots and cages, magic squares."""

from __future__ import annotations

import pytest

from sudoku_models import Model, Puzzle
from sudoku_models.api import count_solutions
from sudoku_models.board import Board
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.variants import Fortress, MagicSquare, PointingDigit, ProductCage, ProductDot

SOLUTION = "1423324123144132"  # rows 1423 / 3241 / 2314 / 4132


def _holds(rule: object, grid: str, board: Board) -> bool:
    cells = [int(ch) for ch in grid]
    return all(p.holds(cells) for p in rule.primitives(board))  # type: ignore[attr-defined]


def test_a_fortress_cell_beats_each_unshaded_neighbour() -> None:
    board = Board(2, 2)
    assert _holds(Fortress(((0, 1),)), SOLUTION, board)  # 4 beside 1, 2, 2
    assert not _holds(Fortress(((0, 0),)), SOLUTION, board)  # 1 beside 4
    assert _holds(Fortress(((0, 1), (1, 2))), SOLUTION, board)  # inner pairs not compared


def test_products_on_a_dot_and_in_a_cage() -> None:
    board = Board(2, 2)
    assert _holds(ProductDot(((0, 2), (0, 3)), 6), SOLUTION, board)
    assert not _holds(ProductDot(((0, 2), (0, 3)), 5), SOLUTION, board)
    assert _holds(ProductCage(((0, 0), (0, 1), (1, 0)), 12), SOLUTION, board)
    assert not _holds(ProductCage(((0, 0), (0, 1)), 12), SOLUTION, board)


def test_product_dots_narrow_the_solutions() -> None:
    empty = Puzzle.empty((2, 2))
    dotted = Model.from_puzzle(empty, variants=[ProductDot(((0, 0), (0, 1)), 12)])
    assert 0 < count_solutions(dotted) < count_solutions(empty)


def _block(digits: str) -> str:
    """A 9x9 grid (as text) holding ``digits`` in its top-left box, 1 elsewhere."""
    rows = [digits[3 * k : 3 * k + 3] + "1" * 6 for k in range(3)] + ["1" * 9] * 6
    return "".join(rows)


def test_a_magic_square_needs_equal_lines_and_nine_digits() -> None:
    board = Board(3, 3)
    assert _holds(MagicSquare((0, 0)), _block("276951438"), board)
    assert not _holds(MagicSquare((0, 0)), _block("123456789"), board)
    with pytest.raises(InvalidPuzzleError):
        MagicSquare((0, 0)).primitives(Board(2, 2))


def test_a_pointing_digit_finds_itself_where_it_points() -> None:
    board = Board(2, 2)
    # r1c3 holds 2, pointing down-left: two steps on is r3c1, which holds 2 too.
    assert _holds(PointingDigit((0, 2), (1, -1)), SOLUTION, board)
    assert not _holds(PointingDigit((0, 2), (1, 0)), SOLUTION, board)  # r3c3 holds 1
    # r1c4 holds 3 and points right: three steps lie outside the grid.
    assert not _holds(PointingDigit((0, 3), (0, 1)), SOLUTION, board)
