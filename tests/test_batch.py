"""Batch solving: the same results as solving one by one, in input order, on every executor kind."""

from __future__ import annotations

import pickle
from concurrent.futures import ThreadPoolExecutor

import pytest

from sudoku_models import Puzzle, Status, datasets, get_solver, solve
from sudoku_models.batch import solve_many
from sudoku_models.errors import InvalidPuzzleError, UnknownSolverError

# A mix of answers: unique 9x9 puzzles of several sets, a puzzle with many solutions, one with
# clashing givens, and puzzles of other sizes.
PUZZLES = [
    *[p.to_line() for p in datasets.load("royle17_300")[:12]],
    *datasets.load("hardest")[:4],
    "." * 81,
    "11" + "." * 79,
    *datasets.load("sizes")[:3],
]


def _outcome(result):
    """What a result says about its puzzle, leaving out the timings."""
    return result.puzzle, result.status, result.solutions, result.backend, result.limit


@pytest.fixture(scope="module")
def one_by_one():
    return [_outcome(solve(p, backend="backtracking", limit=2)) for p in PUZZLES]


def test_result_pickles():
    result = solve(PUZZLES[0], limit=2)
    again = pickle.loads(pickle.dumps(result))
    assert again == result
    assert again.solution.is_valid_solution_of(again.puzzle)


def test_in_process_matches_one_by_one(one_by_one):
    results = list(solve_many(PUZZLES, backend="backtracking", limit=2))
    assert [_outcome(r) for r in results] == one_by_one
    assert {r.status for r in results} >= {Status.UNIQUE, Status.MULTIPLE, Status.UNSATISFIABLE}


def test_process_pool_matches_one_by_one(one_by_one):
    results = solve_many(iter(PUZZLES), backend="backtracking", limit=2, workers=2, chunksize=3)
    assert [_outcome(r) for r in results] == one_by_one


def test_given_executor_matches_one_by_one(one_by_one):
    with ThreadPoolExecutor(max_workers=3) as pool:
        results = list(
            solve_many(PUZZLES, backend="backtracking", limit=2, executor=pool, chunksize=2)
        )
    assert [_outcome(r) for r in results] == one_by_one


@pytest.mark.heavy
def test_dask_cluster_matches_one_by_one(one_by_one):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor(pure=False)
        results = list(
            solve_many(PUZZLES, backend="backtracking", limit=2, executor=executor, chunksize=4)
        )
    assert [_outcome(r) for r in results] == one_by_one


def test_solver_instance_and_its_options_travel_to_workers():
    solver = get_solver("backtracking")
    results = list(solve_many(PUZZLES[:6], backend=solver, workers=2, chunksize=2))
    assert all(r.backend == solver.label for r in results)
    assert [r.puzzle for r in results] == [Puzzle.parse(p) for p in PUZZLES[:6]]


def test_limit_and_time_limit_reach_the_solver():
    results = list(solve_many(["." * 81] * 3, limit=5, time_limit=30, workers=2, chunksize=1))
    assert [r.count for r in results] == [5, 5, 5]
    assert all(r.limit == 5 for r in results)


def test_invalid_puzzle_raises_at_its_turn():
    results = solve_many([PUZZLES[0], "not a puzzle"], workers=2, chunksize=1)
    assert next(results).puzzle == Puzzle.parse(PUZZLES[0])
    with pytest.raises(InvalidPuzzleError):
        next(results)


def test_arguments_are_checked_before_any_work():
    with pytest.raises(UnknownSolverError):
        solve_many(PUZZLES, backend="no-such-backend")
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="executor or workers"):
        solve_many(PUZZLES, workers=2, executor=pool)
    with pytest.raises(ValueError, match="workers"):
        solve_many(PUZZLES, workers=0)
    with pytest.raises(ValueError, match="chunksize"):
        solve_many(PUZZLES, workers=2, chunksize=0)


def test_progress_bar_counts_every_puzzle(capsys):
    results = list(solve_many(PUZZLES[:5], progress=True))
    assert len(results) == 5
    assert "5/5" in capsys.readouterr().err


def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys):
    list(solve_many(PUZZLES[:5]))
    assert capsys.readouterr().err == ""
