"""The compiled 9x9 search of the numba backend, against the search of every board and SAT."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from sudoku_models import Puzzle, Status, datasets, get_solver  # noqa: E402
from sudoku_models.board import Board  # noqa: E402
from sudoku_models.model import Model  # noqa: E402
from sudoku_models.solvers import numba_backend  # noqa: E402
from sudoku_models.solvers.numba_backend import solve_array  # noqa: E402

NINE = Board(3, 3)


@pytest.fixture(scope="module")
def bands():
    """The compiled 9x9 search module, loaded once."""
    return numba_backend._bands_module()


def _nine_tables():
    return numba_backend._tables(NINE, NINE.units)


def _both(grids, limit: int, keep: int = 1, mixed: bool = True):
    """The answers of the 9x9 search and of the search of every board, on the same rows."""
    shape = _nine_tables()
    assert shape.bands
    ours = numba_backend._solve_rows(grids, shape, limit, keep, 1, 0, mixed)
    other = dataclasses.replace(shape, bands=False)
    theirs = numba_backend._solve_rows(grids, other, limit, keep, 1, 0, mixed)
    return ours, theirs


def _array(puzzles):
    return np.array([p.cells for p in puzzles], dtype=np.uint8)


def _holes(grid, empty: int, rng: random.Random) -> list[int]:
    cells = list(grid)
    for i in rng.sample(range(81), empty):
        cells[i] = 0
    return cells


def test_only_classic_nine_by_nine_grids_take_the_band_search():
    assert _nine_tables().bands
    for box in ((2, 2), (2, 3), (3, 2), (2, 4), (3, 4), (4, 4), (5, 5)):
        board = Board(*box)
        assert not numba_backend._tables(board, board.units).bands
    diagonals = [[i * 10 for i in range(9)], [i * 8 + 8 for i in range(9)]]
    x = Model.from_puzzle(Puzzle.empty((3, 3)), extra_groups=diagonals)
    assert not numba_backend._model_tables(x).bands


def test_matching_tables(bands):
    # Bit 3 i + j: line i meets box j. Every segment present: every matching possible.
    assert bands.KEEP[511] == 511 and bands.WAYS[511] == 0b111111  # all six ways
    diagonal = 1 << 0 | 1 << 4 | 1 << 8
    assert bands.KEEP[diagonal] == diagonal and bands.FORCED[diagonal] == diagonal
    assert bands.KEEP[511 & ~0b111] == 0  # line 0 has no place
    # Line 0 only in box 0: the other lines keep boxes 1 and 2, and box 0 loses them.
    pattern = 511 & ~0b110
    assert bands.KEEP[pattern] == 0b110_110_001
    assert bands.FORCED[pattern] == 0b000_000_001
    assert bin(int(bands.WAYS[pattern])).count("1") == 2
    for pattern in range(512):
        keep = int(bands.KEEP[pattern])
        assert keep & ~pattern == 0 and int(bands.KEEP[keep]) == keep
        assert (keep == 0) == (bands.WAYS[pattern] == 0)


@pytest.mark.parametrize("name", [n for n in datasets.names() if n != "sizes"])
def test_shipped_sets_agree_with_the_other_search_and_sat(name):
    puzzles = datasets.load(name)
    ours, theirs = _both(_array(puzzles), limit=2)
    assert ours.counts.tolist() == theirs.counts.tolist() == [1] * len(puzzles)
    assert (ours.solutions == theirs.solutions).all()
    sat = get_solver("sat")
    for k, puzzle in enumerate(puzzles[:40]):
        result = sat.solve(puzzle, limit=2)
        assert result.status is Status.UNIQUE
        assert list(result.solution.cells) == ours.solutions[k].tolist()


@pytest.mark.heavy
@pytest.mark.parametrize("mixed", [True, False])
def test_exact_counts_and_every_solution_on_sparse_puzzles(oracle, mixed):
    rng = random.Random(7)
    rows = []
    for empty in (50, 54, 56, 58, 60):
        for _ in range(4):
            rows.append(_holes(oracle.random_grid(3, 3, rng), empty, rng))
    grids = np.array(rows, dtype=np.uint8)
    keep = 500
    ours, theirs = _both(grids, limit=0, keep=keep, mixed=mixed)
    assert ours.counts.tolist() == theirs.counts.tolist()
    assert sum(2 < c <= keep for c in ours.counts) >= 3  # several with a few solutions
    for k, row in enumerate(rows):
        count = int(ours.counts[k])
        found = {tuple(g) for g in ours.all_solutions[k, : min(count, keep)].tolist()}
        assert len(found) == min(count, keep)
        if count <= keep:  # every solution: the same ones, in whatever order
            assert found == {tuple(g) for g in theirs.all_solutions[k, :count].tolist()}
        for grid in itertools.islice(found, 5):
            assert oracle.is_grid(3, 3, grid) and oracle.keeps(row, grid)


def test_limits_unsatisfiable_and_clashing_rows():
    top = datasets.load("top95")[0]
    hidden_unsat = Puzzle.parse("23456789.........1" + "." * 63)
    clash = Puzzle.parse("11" + "." * 79)
    empty = Puzzle.parse("." * 81)
    grids = _array([top, hidden_unsat, clash, empty])
    for limit in (1, 2, 3, 7):
        ours, theirs = _both(grids, limit=limit, keep=limit)
        assert ours.counts.tolist() == theirs.counts.tolist() == [1, 0, 0, limit]
        assert not ours.solutions[1:3].any()
        found = {tuple(g) for g in ours.all_solutions[3].tolist()}
        assert len(found) == limit and all(Puzzle(NINE, g).is_complete for g in found)
        assert not any(Puzzle(NINE, g).conflicts() for g in found)


def test_fewer_nodes_than_the_other_search():
    puzzles = datasets.load("top95") + datasets.load("hardest")
    ours, theirs = _both(_array(puzzles), limit=2)
    assert ours.counters[:, 0].sum() < theirs.counters[:, 0].sum()
    assert ours.counters[:, 1].sum() < theirs.counters[:, 1].sum()


def test_counters_of_a_search(bands):
    answer = solve_array(_array(datasets.load("top95")[:30]), limit=2)
    nodes, guesses, backtracks, propagations, conflicts = answer.counters.sum(axis=0).tolist()
    assert nodes >= 30 and guesses >= nodes - 30 and backtracks > 0
    assert propagations > 30 * 50 and conflicts > 0  # each puzzle places 50 digits or more
    easy = solve_array(_array(datasets.load("easy50")[:5]), limit=2)
    assert easy.counters[:, 0].tolist() == [1] * 5  # settled at the root, no guess
    assert easy.counters[:, 1].tolist() == [0] * 5


def test_solver_excludes_grids_and_honours_time_limits():
    numba = get_solver("numba")
    puzzle = datasets.load("top95")[5]
    solution = numba.solve(puzzle).solution
    assert numba.solve(puzzle, limit=2, exclude=[solution]).status is Status.UNSATISFIABLE
    assert not numba.has_other_solution(puzzle, solution)
    sparse = Puzzle.parse(puzzle.to_line()[:30] + "." * 51)
    first_two = numba.solve(sparse, limit=2).solutions
    other = numba.solve(sparse, limit=1, exclude=[first_two[0]])
    assert other.solution == first_two[1]
    timed = numba.solve(Puzzle.empty((3, 3)), limit=0, time_limit=0.2)
    assert timed.status is Status.TIMEOUT and timed.count > 0
    assert all(g.is_complete and not g.conflicts() for g in timed.solutions)
    assert len(set(timed.solutions)) == timed.count


def test_node_limit_stops_the_nine_by_nine_search():
    answer = solve_array(np.zeros((2, 81), np.uint8), limit=0, node_limit=50)
    assert not answer.finished.any()
    assert (answer.counters[:, 0] <= 51).all()
