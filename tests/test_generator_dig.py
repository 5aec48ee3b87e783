"""One-pass digging: the oracles agree; propagation skips only removals that keep a grid unique."""

from __future__ import annotations

import random

import pytest

from sudoku_models import Puzzle, get_solver
from sudoku_models.board import Board
from sudoku_models.generator.dig import SatOracle, SolverOracle, _Clues, dig, removable_cells
from sudoku_models.generator.grids import random_grid
from sudoku_models.generator.symmetry import orbits


def _grid_and_order(box, symmetry="none", seed=0):
    board = Board(*box)
    rng = random.Random(seed)
    grid = random_grid(board, rng)
    order = list(orbits(board.n, symmetry))
    rng.shuffle(order)
    return board, grid, order


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3)])
@pytest.mark.parametrize("symmetry", ["none", "rot180"])
def test_sat_and_backtracking_oracles_dig_the_same_puzzle(box, symmetry):
    board, grid, order = _grid_and_order(box, symmetry, seed=sum(box))
    by_sat = dig(board, grid, order, SatOracle(board, "cadical153"))
    by_search = dig(board, grid, order, SolverOracle(board, get_solver("backtracking")))
    assert by_sat == by_search
    assert by_sat.complete and 0 < by_sat.propagated <= by_sat.tested == len(order)
    puzzle = Puzzle(board, by_sat.cells)
    assert get_solver("cpsat").solve(puzzle, limit=2).is_unique


def test_every_oracle_question_is_answered_right():
    # Answers checked against counting solutions with the exact search, on every question asked.
    board, grid, order = _grid_and_order((3, 3), seed=4)
    oracle = SatOracle(board, "minisat22", encoding="efficient")
    counter = get_solver("backtracking")
    asked = []

    class Checked:
        label = "checked"

        def has_other(self, cells, grid, removed):
            answer = oracle.has_other(cells, grid, removed)
            asked.append((tuple(cells), answer))
            return answer

    dig(board, grid, order, Checked())
    assert {answer for _, answer in asked} == {True, False}
    for cells, answer in asked:
        assert answer == (counter.count_solutions(Puzzle(board, cells), limit=2) == 2)


def test_propagation_only_claims_forced_cells():
    board, grid, _ = _grid_and_order((3, 3), seed=9)
    rng = random.Random(9)
    counter = get_solver("backtracking")
    claims = 0
    for _ in range(40):
        clues = _Clues(board, grid)
        for i in rng.sample(range(81), 45):
            clues.clear(i)
        empty = [i for i, d in enumerate(clues.cells) if not d]
        for i in empty[:6]:
            if clues.forces(i, grid[i]):
                claims += 1
                # Forced: no solution of the clues puts another digit there.
                for d in range(1, 10):
                    if d != grid[i]:
                        trial = list(clues.cells)
                        trial[i] = d
                        assert counter.count_solutions(Puzzle(board, trial), limit=1) == 0
    assert claims > 0


def test_floor_stops_digging():
    board, grid, order = _grid_and_order((3, 3), seed=2)
    dug = dig(board, grid, order, SatOracle(board, "cadical153"), floor=40)
    assert sum(1 for d in dug.cells if d) == 40
    assert not dug.complete


def test_removable_cells_of_a_minimal_puzzle_is_empty():
    board, grid, order = _grid_and_order((3, 3), seed=6)
    oracle = SatOracle(board, "cadical153")
    dug = dig(board, grid, order, oracle)
    clues = [i for i, d in enumerate(dug.cells) if d]
    assert removable_cells(dug.cells, grid, clues, oracle, board) == []
    # One clue back in: it can go again, and maybe others now; checked by counting.
    back = list(dug.cells)
    extra = next(i for i, d in enumerate(dug.cells) if not d)
    back[extra] = grid[extra]
    found = removable_cells(back, grid, [*clues, extra], oracle, board)
    assert extra in found
    counter = get_solver("backtracking")
    for i in [*clues, extra]:
        trial = list(back)
        trial[i] = 0
        assert (i in found) == counter.is_unique(Puzzle(board, trial))


@pytest.mark.parametrize(("box", "symmetry"), [((3, 3), "none"), ((2, 4), "rot180")])
def test_reduced_formulas_answer_as_the_loaded_solver(box, symmetry):
    board, grid, order = _grid_and_order(box, symmetry, seed=6)
    oracle = SatOracle(board, "cadical153")
    asked = []

    class Both:
        label = "both"

        def has_other(self, cells, grid, removed):
            answer = oracle.has_other(cells, grid, removed)
            asked.append(answer == oracle.ask_reduced(cells, grid, removed))
            return answer

    dug = dig(board, grid, order, Both())
    assert len(asked) > 10 and all(asked)
    assert dug == dig(board, grid, order, SatOracle(board, "minisat22"))
