"""The default backend, backtracking:fast: conformance, shipped sets, brute-force agreement."""

from __future__ import annotations

import random

import pytest

from sudoku_models import datasets
from sudoku_models.board import Board
from sudoku_models.generator.grids import random_grid
from sudoku_models.model import AllDifferent, Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Status
from sudoku_models.testing import check_solver


@pytest.fixture(scope="module")
def solver():
    return get_solver("backtracking:fast")


def diagonals(n):
    return [[r * n + r for r in range(n)], [r * n + n - 1 - r for r in range(n)]]


def blanked(grid, keep, rng):
    return tuple(d if rng.random() < keep else 0 for d in grid)


@pytest.mark.heavy
def test_conformance_up_to_25x25():
    check_solver("backtracking", max_n=25)


@pytest.mark.parametrize(
    ("name", "step"),
    [("top95", 1), ("hardest", 1), ("easy50", 1), ("hard20", 1), ("royle17_300", 3), ("sizes", 1)],
)
def test_shipped_sets_have_unique_valid_solutions(solver, oracle, name, step):
    for puzzle in datasets.load(name)[::step]:
        result = solver.solve(puzzle, limit=2)
        assert result.status is Status.UNIQUE, puzzle.to_line()
        cells = result.solution.cells
        box = (puzzle.board.box_rows, puzzle.board.box_cols)
        assert oracle.is_grid(*box, cells), puzzle.to_line()
        assert oracle.keeps(puzzle.cells, cells), puzzle.to_line()
        assert result.stats.nodes >= 1


@pytest.mark.parametrize(
    ("box", "keep"),
    [((2, 2), 0.0), ((2, 2), 0.2), ((2, 2), 0.4), ((2, 3), 0.45), ((3, 2), 0.5), ((2, 3), 0.6)],
)
def test_counts_agree_with_brute_force(solver, oracle, box, keep):
    rng = random.Random(f"{box} {keep}")
    board = Board(*box)
    for _ in range(4):
        givens = blanked(oracle.random_grid(*box, rng), keep, rng)
        expected = oracle.count(*box, givens)
        puzzle = Puzzle(board, givens)
        result = solver.solve(puzzle, limit=0)
        assert result.count == expected, puzzle.to_line()
        assert len(set(result.solutions)) == expected
        assert all(
            oracle.is_grid(*box, s.cells) and oracle.keeps(givens, s.cells)
            for s in result.solutions
        )
        status = (
            Status.UNSATISFIABLE
            if expected == 0
            else Status.UNIQUE
            if expected == 1
            else Status.MULTIPLE
        )
        assert result.status is status


def test_unsatisfiable_without_a_clash_agrees_with_brute_force(solver, oracle):
    # the 1 of row 1 can only go in its last cell, whose column already holds a 1
    givens = (2, 3, 4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0)
    assert oracle.count(2, 2, givens) == 0
    assert Model.from_puzzle(Puzzle(Board(2, 2), givens)).clashes() == []
    assert solver.solve(Puzzle(Board(2, 2), givens), limit=0).status is Status.UNSATISFIABLE


@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
def test_x_sudoku_counts_agree_with_brute_force(solver, oracle, box):
    rng = random.Random(sum(box))
    n = box[0] * box[1]
    extra = diagonals(n)
    board = Board(*box)
    keeps = [0.0] if n == 4 else [0.3, 0.4, 0.5]
    for keep in keeps:
        for _ in range(3):
            # a grid that may break the diagonals: only its givens matter
            givens = blanked(oracle.random_grid(*box, rng), keep, rng)
            model = Model.from_puzzle(Puzzle(board, givens), extra_groups=extra)
            if model.clashes():
                assert solver.solve(model, limit=0).status is Status.UNSATISFIABLE
                continue
            expected = oracle.count(*box, givens, extra=extra)
            result = solver.solve(model, limit=0)
            assert result.count == expected
            for s in result.solutions:
                assert oracle.is_grid(*box, s.cells)
                assert all(len({s.cells[i] for i in d}) == n for d in extra)


def test_x_sudoku_9x9(solver, oracle):
    extra = diagonals(9)
    result = solver.solve(Model.from_puzzle(Puzzle.empty(), extra_groups=extra), limit=3)
    assert result.count == 3
    for s in result.solutions:
        assert oracle.is_grid(3, 3, s.cells)
        assert all(len({s.cells[i] for i in d}) == 9 for d in extra)


def test_a_short_extra_group(solver, oracle):
    extra = [[0, 5, 15], [3, 6]]  # not full groups: only all-different
    givens = (1,) + (0,) * 15
    model = Model.from_puzzle(Puzzle(Board(2, 2), givens), extra_groups=extra)
    assert solver.count_solutions(model) == oracle.count(2, 2, givens, extra=extra)


@pytest.mark.parametrize("seed", range(4))
def test_killer_cages_agree_with_brute_force(solver, oracle, seed):
    rng = random.Random(seed)
    box = (2, 2) if seed < 2 else (2, 3)
    n = box[0] * box[1]
    grid = oracle.random_grid(*box, rng)
    # horizontal dominoes with the totals of the grid, over the first rows only
    cages = [
        ((r * n + c, r * n + c + 1), grid[r * n + c] + grid[r * n + c + 1])
        for r in range(n // 2)
        for c in range(0, n, 2)
    ]
    keep = 0.0 if n == 4 else 0.3
    givens = blanked(grid, keep, rng)
    model = Model.from_puzzle(Puzzle(Board(*box), givens), cages=cages)
    expected = oracle.count(*box, givens, cages=cages)
    assert expected >= 1  # the grid itself
    result = solver.solve(model, limit=0)
    assert result.count == expected
    assert Puzzle(Board(*box), tuple(grid)) in result.solutions
    for s in result.solutions:
        assert all(sum(s.cells[i] for i in cells) == total for cells, total in cages)


def test_impossible_cage(solver):
    model = Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 2)])  # needs 1 + 1
    assert solver.solve(model, limit=0).status is Status.UNSATISFIABLE


def test_time_limit_on_a_large_empty_board(solver):
    result = solver.solve(Puzzle.empty((5, 5)), limit=0, time_limit=0.2)
    assert result.status is Status.TIMEOUT
    assert all(s.is_complete and not s.conflicts() for s in result.solutions)


def test_stats_add_up(solver):
    result = solver.solve(datasets.load("hardest")[0], limit=2)
    s = result.stats
    assert s.nodes >= 1 and s.guesses >= s.backtracks >= 0
    assert s.propagations > 0 and s.time > 0


#: A sparse 9x9 with many solutions whose first solution took the cell-only search about
#: 330,000 nodes (half a minute); exact cover needs 69.
HEAVY_TAIL = ".....6....59.....82....8....45........3........6..3.54...325..6.................."


def test_a_sparse_puzzle_has_no_heavy_tail(solver):
    result = solver.solve(HEAVY_TAIL, limit=2, time_limit=5)
    assert result.status is Status.MULTIPLE
    assert all(s.is_valid_solution_of(Puzzle.parse(HEAVY_TAIL)) for s in result.solutions)
    assert result.stats.nodes <= 100


@pytest.mark.parametrize(
    ("box", "keep"),
    [
        *[((2, 2), 0.3), ((2, 3), 0.3), ((3, 2), 0.3), ((2, 4), 0.3), ((3, 3), 0.2)],
        *[((2, 5), 0.3), ((3, 4), 0.35), ((4, 3), 0.3), ((3, 5), 0.3), ((4, 4), 0.3)],
        ((4, 5), 0.4),
    ],
)
def test_sparse_random_puzzles_of_every_shape_stay_small_trees(solver, box, keep):
    # Random grids with most digits blanked: a solution found and a second one looked for in a
    # few hundred nodes at most (a node is a branching point; propagation runs inside it).
    board = Board(*box)
    for seed in range(2):
        rng = random.Random(seed)
        puzzle = Puzzle(board, blanked(random_grid(board, rng), keep, rng))
        result = solver.solve(puzzle, limit=2, time_limit=20)
        assert result.status in (Status.UNIQUE, Status.MULTIPLE)
        assert all(s.is_valid_solution_of(puzzle) for s in result.solutions)
        assert result.stats.nodes <= 400, (puzzle.to_line(), result.stats.nodes)


def test_restarts_keep_counts_exact(solver, oracle, monkeypatch):
    # With a budget of one conflict the search starts again after almost every dead end: the
    # grids found before a restart must be neither lost nor counted twice.
    from sudoku_models.solvers.backtracking import fast

    monkeypatch.setattr(fast, "RESTART_WORK", 16)
    rng = random.Random(5)
    for _ in range(3):
        givens = blanked(oracle.random_grid(2, 2, rng), 0.15, rng)
        result = solver.solve(Puzzle(Board(2, 2), givens), limit=0)
        assert len(set(result.solutions)) == result.count == oracle.count(2, 2, givens)
    hard = datasets.load("hardest")[0]
    assert solver.solve(hard, limit=2, time_limit=30).status is Status.UNIQUE


def test_clashing_givens_are_reported_by_the_fast_path(solver):
    puzzle = Puzzle.parse("11" + "." * 14)
    result = solver.solve(puzzle)
    assert result.status is Status.UNSATISFIABLE
    assert result.clashes == (((0, 0), (0, 1)),)


def test_a_complete_grid_is_settled_at_the_root(solver, oracle):
    # Nothing is left to search: one node, no guess, and the grid itself proved the only one.
    board = Board(3, 3)
    grid = tuple(oracle.random_grid(3, 3, random.Random(11)))
    for limit, status in ((1, Status.SOLVED), (2, Status.UNIQUE), (0, Status.UNIQUE)):
        result = solver.solve(Puzzle(board, grid), limit=limit)
        assert result.status is status and result.solution == Puzzle(board, grid)
        s = result.stats
        assert (s.nodes, s.guesses, s.backtracks, s.conflicts) == (1, 0, 0, 0)
    blocked = solver.solve(Puzzle(board, grid), limit=2, exclude=[grid])
    assert blocked.status is Status.UNSATISFIABLE and blocked.clashes == ()
    swapped = (grid[1], grid[0], *grid[2:])  # two digits of a row traded: columns now clash
    result = solver.solve(Puzzle(board, swapped), limit=2)
    assert result.status is Status.UNSATISFIABLE and result.clashes


def test_a_puzzle_of_singles_is_settled_by_propagation(solver, oracle):
    board = Board(3, 3)
    rng = random.Random(12)
    for _ in range(5):
        grid = tuple(oracle.random_grid(3, 3, rng))
        givens = tuple(0 if rng.random() < 0.2 else d for d in grid)
        result = solver.solve(Puzzle(board, givens), limit=2)
        assert result.status is Status.UNIQUE and result.solution.cells == grid
        assert result.stats.nodes == 1 and result.stats.guesses == 0


def test_groups_in_any_order_give_the_same_counts(solver, oracle):
    # The search reads rows and columns off the grid when they lead the model's groups; any other
    # order goes group by group, with the same answers.
    rng = random.Random(13)
    for box in ((2, 2), (2, 3)):
        board = Board(*box)
        for keep in (0.3, 0.5, 0.7):
            givens = blanked(oracle.random_grid(*box, rng), keep, rng)
            classic = Model.from_puzzle(Puzzle(board, givens))
            shuffled = list(classic.groups)
            rng.shuffle(shuffled)
            model = Model(board, givens, tuple(shuffled))
            assert not model.is_classic
            expected = oracle.count(*box, givens)
            assert solver.count_solutions(model) == solver.count_solutions(classic) == expected


def test_cells_outside_every_full_group_are_still_searched(solver):
    # Only rows 2 to 4 constrain this 4x4: the first row is free, so all its 4**4 fillings count,
    # even though every full group is complete from the start.
    board = Board(2, 2)
    rows = [AllDifferent(board.rows[r], f"row {r + 1}") for r in range(1, 4)]
    givens = (0,) * 4 + (1, 2, 3, 4) * 3
    assert solver.count_solutions(Model(board, givens, tuple(rows))) == 4**4
    complete = (1,) * 4 + givens[4:]
    assert solver.solve(Model(board, complete, tuple(rows)), limit=2).status is Status.UNIQUE


def test_results_name_the_strategy_that_ran():
    solver = get_solver("backtracking")
    killer = Model.from_puzzle(".1.....4....34..", cages=[((0, 2), 7)])
    assert solver.solve(killer).status is Status.SOLVED
    assert solver.solve(killer).backend == "backtracking:constraint"  # fast hands cages over
    assert solver.solve(".1.....4....34..").backend == "backtracking:fast"
    assert get_solver("backtracking:dlx").solve(killer.puzzle).backend == "backtracking:dlx"
