"""The module-level entry points: solve, counting, uniqueness and the in-place fill_board."""

from __future__ import annotations

import random

import pytest

import sudoku_models as sm
from sudoku_models import api, datasets
from sudoku_models.board import Board
from sudoku_models.errors import InvalidPuzzleError, UnknownSolverError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers.backtracking import BacktrackingSolver
from sudoku_models.solvers.base import Status

#: A 9x9 puzzle with exactly one solution, in the LeetCode "Sudoku Solver" layout.
LEETCODE = [
    ["5", "3", ".", ".", "7", ".", ".", ".", "."],
    ["6", ".", ".", "1", "9", "5", ".", ".", "."],
    [".", "9", "8", ".", ".", ".", ".", "6", "."],
    ["8", ".", ".", ".", "6", ".", ".", ".", "3"],
    ["4", ".", ".", "8", ".", "3", ".", ".", "1"],
    ["7", ".", ".", ".", "2", ".", ".", ".", "6"],
    [".", "6", ".", ".", ".", ".", "2", "8", "."],
    [".", ".", ".", "4", "1", "9", ".", ".", "5"],
    [".", ".", ".", ".", "8", ".", ".", "7", "9"],
]


def test_top_level_names():
    for name in ("solve", "count_solutions", "is_unique", "has_other_solution", "fill_board"):
        assert getattr(sm, name) is getattr(api, name)


def test_solve(oracle):
    result = sm.solve(".1.....4....34..")
    assert result.status is Status.SOLVED and result.backend == "sat:cadical153"
    assert sm.solve(".1.....4....34..", backend="backtracking").backend == "backtracking:fast"
    assert oracle.is_grid(2, 2, result.solution.cells)
    assert sm.solve(".1.....4....34..", limit=2).status is Status.UNIQUE
    assert sm.solve("12..34..........", limit=0).count == oracle.count(
        2, 2, [1, 2, 0, 0, 3, 4] + [0] * 10
    )
    assert sm.solve(".1.....4....34..", backend="backtracking:dlx").backend == "backtracking:dlx"
    assert sm.solve(".1.....4....34..", backend=BacktrackingSolver).backend == "backtracking:fast"
    assert sm.solve("5.5" + "." * 78).status is Status.UNSATISFIABLE
    result = sm.solve(Puzzle.empty(), limit=0, time_limit=0.2)
    assert result.status is Status.TIMEOUT
    with pytest.raises(UnknownSolverError):
        sm.solve(".1.....4....34..", backend="nope")
    with pytest.raises(InvalidPuzzleError):
        sm.solve("." * 80)


def test_named_solvers_are_reused():
    sm.solve(".1.....4....34..", backend="backtracking:mrv")
    first = api._shared["backtracking:mrv"]
    sm.count_solutions(".1.....4....34..", backend="backtracking:mrv")
    assert api._shared["backtracking:mrv"] is first
    # options make a fresh solver
    assert api._solver("backtracking:mrv", {"depth": 1}) is not first


def test_count_solutions(oracle):
    rng = random.Random(2)
    for _ in range(5):
        grid = oracle.random_grid(2, 3, rng)
        givens = [d if rng.random() < 0.45 else 0 for d in grid]
        puzzle = Puzzle(Board(2, 3), tuple(givens))
        assert sm.count_solutions(puzzle) == oracle.count(2, 3, givens)
    assert sm.count_solutions(Puzzle.empty((2, 2))) == 288
    assert sm.count_solutions(Puzzle.empty((2, 2)), limit=10) == 10
    assert sm.count_solutions("5.5" + "." * 78) == 0


def test_is_unique():
    assert sm.is_unique(".1.....4....34..")
    assert not sm.is_unique("12..34..........")
    assert not sm.is_unique("1.1.............")
    with pytest.raises(TimeoutError):
        sm.is_unique(
            Puzzle.empty((5, 5)).with_digit(0, 0, 1), time_limit=0.05, backend="backtracking:naive"
        )


def test_has_other_solution(oracle):
    unique = Puzzle.parse(".1.....4....34..")
    solution = sm.solve(unique).solution
    assert not sm.has_other_solution(unique, solution)
    assert not sm.has_other_solution(unique, list(solution.cells))
    several = Puzzle.parse("12..34..........")
    first = sm.solve(several).solution
    assert sm.has_other_solution(several, first)
    # an X-Sudoku model is accepted as well
    model = Model.from_puzzle(several, extra_groups=[[0, 5, 10, 15], [3, 6, 9, 12]])
    found = sm.solve(model, limit=0).solutions
    assert sm.has_other_solution(model, found[0]) == (len(found) > 1)


def test_fill_board_fills_in_place(oracle):
    board = [row[:] for row in LEETCODE]
    result = sm.fill_board(board)
    assert result.status is Status.SOLVED
    cells = [int(ch) for row in board for ch in row]
    assert oracle.is_grid(3, 3, cells)
    givens = [0 if ch == "." else int(ch) for row in LEETCODE for ch in row]
    assert oracle.keeps(givens, cells)
    assert all(isinstance(ch, str) and len(ch) == 1 for row in board for ch in row)
    assert oracle.count(3, 3, cells) == 1


def test_fill_board_with_letters():
    puzzle = datasets.load("sizes")[4]  # 16x16
    board = [list(puzzle.to_line()[r * 16 : (r + 1) * 16]) for r in range(16)]
    sm.fill_board(board)
    filled = Puzzle.parse(["".join(row) for row in board])
    assert filled.is_valid_solution_of(puzzle)
    assert any(ch in "ABCDEFG" for row in board for ch in row)


def test_fill_board_leaves_an_unsolvable_board_alone():
    board = [row[:] for row in LEETCODE]
    board[0][2] = "5"  # clashes with the 5 in row 1
    snapshot = [row[:] for row in board]
    result = sm.fill_board(board)
    assert result.status is Status.UNSATISFIABLE and result.clashes
    assert board == snapshot


@pytest.mark.parametrize("bad", ["53..7....", [".1..", "...4", "....", "34.."], None, [[]]])
def test_fill_board_needs_a_list_of_lists(bad):
    with pytest.raises(InvalidPuzzleError):
        sm.fill_board(bad)
