"""The cheap uniqueness checks tried before an oracle: each answer agrees with a real solver."""

from __future__ import annotations

import random

import pytest

from sudoku_models.board import Board
from sudoku_models.generator import marks as mk
from sudoku_models.generator.clue_oracle import (
    SatClueOracle,
    ShortcutClueOracle,
    SolverClueOracle,
    rules_model,
)
from sudoku_models.generator.grids import random_grid
from sudoku_models.generator.rule_grids import random_rule_grid
from sudoku_models.generator.shortcuts import forced, settles, swap
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.backtracking.constraint import network_of
from sudoku_models.variants import AntiKnight, Diagonal


def _killer(board: Board, seed: int) -> tuple[Model, tuple[int, ...]]:
    rng = random.Random(seed)
    grid = random_grid(board, rng)
    cages = mk.killer_cages(board, grid, rng)
    empty = Puzzle.empty((board.box_rows, board.box_cols))
    return Model.from_puzzle(empty, variants=cages), grid


@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
def test_swaps_are_solutions_and_settled_killers_are_unique(box: tuple[int, int]) -> None:
    cpsat = get_solver("cpsat")
    seen = {"swap": 0, "settled": 0}
    for seed in range(30):
        model, grid = _killer(Board(*box), seed)
        other = swap(model, grid)
        unique = cpsat.solve(model, limit=2).is_unique
        if other is not None:
            seen["swap"] += 1
            assert other != grid and model.is_solution(other) and not unique
        if settles(model):
            seen["settled"] += 1
            assert unique and other is None
    assert seen["swap"] and seen["settled"]


def _two_digits_swapped(solution: tuple[int, ...], grid: tuple[int, ...]) -> bool:
    changed = {(a, b) for a, b in zip(grid, solution) if a != b}
    return len(changed) == 2 and {(b, a) for a, b in changed} == changed


@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
def test_swap_finds_every_killer_with_a_two_digit_swap(box: tuple[int, int]) -> None:
    # Groups and cages tie the cells of a swap together, so a second solution that trades two
    # digits trades them on whole parts, and one such part alone is a second solution too.
    cpsat = get_solver("cpsat")
    seen = {True: 0, False: 0}
    for seed in range(40):
        model, grid = _killer(Board(*box), seed)
        rng = random.Random(seed)
        cages = [c for c in model.variants if rng.random() < 0.8]
        model = Model.from_puzzle(Puzzle.empty(box), variants=cages)
        solutions = cpsat.solve(model, limit=200).solutions
        if len(solutions) == 200:
            continue
        expected = any(_two_digits_swapped(s.cells, grid) for s in solutions)
        assert (swap(model, grid) is not None) == expected
        seen[expected] += 1
    assert seen[True] and seen[False]


def test_swap_leaves_givens_alone() -> None:
    model, grid = _killer(Board(2, 2), 3)
    full = Model.from_puzzle(Puzzle(model.board, grid), variants=model.variants)
    assert swap(full, grid) is None


def test_forced_cells_are_forced() -> None:
    board = Board(3, 3)
    grid = random_grid(board, random.Random(5))
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[AntiKnight()])
    peers, units = network_of(model).peers, model.full_groups()
    sat = get_solver("sat")
    rng = random.Random(1)
    hits = 0
    for _ in range(40):
        givens = [d if rng.random() < 0.6 else 0 for d in grid]
        i = rng.randrange(board.size)
        givens[i] = 0
        if forced(peers, units, givens, grid, i):
            hits += 1
            # Every solution of the givens has grid[i] in cell i.
            without = list(givens)
            puzzle = Model.from_puzzle(Puzzle(board, tuple(without)), variants=[AntiKnight()])
            for solution in sat.solve(puzzle, limit=5).solutions:
                assert solution[i] == grid[i]
    assert hits


@pytest.mark.heavy
@pytest.mark.parametrize("propagate", [False, True])
def test_shortcut_oracle_agrees_with_a_backend(propagate: bool) -> None:
    board = Board(2, 3)
    rules = [Diagonal(True), Diagonal(False)]
    cpsat = get_solver("cpsat")
    for seed in range(4):
        rng = random.Random(seed)
        grid = random_rule_grid(rules_model(board, tuple(rules)), rng)
        assert grid is not None
        cages = mk.killer_cages(board, grid, rng)
        # Two oracles in a row: the second one may reuse the first one's solver.
        for _ in range(2):
            fast = ShortcutClueOracle(
                board, rules, grid, SatClueOracle(board, rules, grid), propagate
            )
            slow = SolverClueOracle(board, rules, grid, cpsat)
            active = [fast.add(c) for c in cages]
            assert [slow.add(c) for c in cages] == active
            givens = [0] * board.size
            for k in range(len(active) + 1):
                trial = active[:k]
                assert fast.has_other(givens, trial) == slow.has_other(givens, trial)
            # Without one cage of a unique puzzle (givens added until it is): the oracle is
            # told the cage's cells.
            for i in range(board.size):
                if not slow.has_other(givens, active):
                    break
                givens[i] = grid[i]
            for k in active:
                trial = [j for j in active if j != k]
                near = mk.cells_of(cages[k], board)
                assert fast.has_other(givens, trial, near) == slow.has_other(givens, trial)
            fast.close()
