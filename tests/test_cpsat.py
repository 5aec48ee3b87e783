"""Tests of the CP-SAT backend: conformance, agreement with other backends, cages, escape hatch."""

from __future__ import annotations

import functools
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import datasets
from sudoku_models.board import Board
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver, solver_class
from sudoku_models.solvers.base import Solver, Status
from sudoku_models.solvers.cpsat import CpSatSolver
from sudoku_models.testing import NINE_BY_NINE, UNSAT_WITHOUT_CLASH, check_solver

pytest.importorskip("ortools")

FORMULATIONS = ("cpsat:integer", "cpsat:boolean")
SETUPS = [(name, enumeration) for name in FORMULATIONS for enumeration in ("callback", "blocking")]


def _oracle(name: str) -> Solver:
    """Another backend to compare with, skipping the test when it cannot run here."""
    try:
        cls = solver_class(name)
    except Exception as exc:  # a backend that fails to load is not what this file tests
        pytest.skip(f"{name} backend cannot be loaded: {exc}")
    if not cls.is_available():
        pytest.skip(f"{name} backend is not installed")
    return cls()


@functools.cache
def _reference(puzzle: Puzzle | Model) -> frozenset[tuple[int, ...]]:
    """Every solution, found by the handwritten search."""
    result = get_solver("backtracking").solve(puzzle, limit=0)
    return frozenset(grid.cells for grid in result.solutions)


def _partial(solution: Puzzle, keep: int, seed: int) -> Puzzle:
    """``solution`` with only ``keep`` of its cells left as givens, chosen by ``seed``."""
    cells = list(solution.cells)
    for i in random.Random(seed).sample(range(len(cells)), len(cells) - keep):
        cells[i] = 0
    return Puzzle(solution.board, tuple(cells))


def _diagonals(board: Board) -> list[list[int]]:
    n = board.n
    return [[board.cell(k, k) for k in range(n)], [board.cell(k, n - 1 - k) for k in range(n)]]


# --- conformance -------------------------------------------------------------------------------


@pytest.mark.heavy
@pytest.mark.parametrize("name", FORMULATIONS)
def test_conformance(name: str) -> None:
    check_solver(name, max_n=25)


def test_registry_and_metadata() -> None:
    solver = get_solver("cpsat")
    assert solver.label == "cpsat:integer"
    assert get_solver("cpsat:boolean").label == "cpsat:boolean"
    assert type(solver).is_available()
    assert type(solver).version()
    assert type(solver).requires == "ortools"


def test_import_of_the_package_leaves_ortools_unloaded() -> None:
    code = (
        "import sys, sudoku_models\n"
        "from sudoku_models.solvers import get_solver\n"
        "solver = get_solver('cpsat')\n"
        "assert 'ortools' not in sys.modules, 'imported early'\n"
        "solver.solve('.1.....4....34..')\n"
        "assert 'ortools' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_first_solve_of_a_process_is_timed_without_the_warm_up() -> None:
    # Importing OR-Tools takes most of a second: it must count neither as the solve's time nor
    # against its time limit (the 4x4 puzzle itself takes milliseconds).
    code = (
        "import time\n"
        "from sudoku_models.solvers import get_solver\n"
        "start = time.perf_counter()\n"
        "result = get_solver('cpsat').solve('.1.....4....34..', limit=2, time_limit=0.25)\n"
        "wall = time.perf_counter() - start\n"
        "print(result.status.value, result.stats.time, wall)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    status, timed, wall = out.stdout.split()
    assert status == "unique"
    assert float(timed) < float(wall) / 3  # the import happened outside the clock


# --- agreement with other backends ---------------------------------------------------------------


@pytest.mark.parametrize(("name", "enumeration"), SETUPS)
@pytest.mark.parametrize("seed", range(4))
def test_all_solutions_agree_with_the_handwritten_search(
    name: str, enumeration: str, seed: int
) -> None:
    solution = get_solver("backtracking").solve(NINE_BY_NINE[seed % 3]).solution
    assert solution is not None
    puzzle = _partial(solution, keep=32, seed=seed)
    expected = _reference(puzzle)
    assert 1 < len(expected) < 100, "the sample should have several solutions"
    result = get_solver(name, enumeration=enumeration).solve(puzzle, limit=0)
    assert {grid.cells for grid in result.solutions} == expected
    assert result.count == len(expected)
    assert result.status is Status.MULTIPLE


@pytest.mark.parametrize("name", FORMULATIONS)
@pytest.mark.parametrize("oracle", ["backtracking", "sat"])
def test_counts_with_a_limit_agree_with_other_backends(name: str, oracle: str) -> None:
    solver, other = get_solver(name), _oracle(oracle)
    for line in ("1" + "." * 80, UNSAT_WITHOUT_CLASH, NINE_BY_NINE[1], ".1.....4....34.."):
        for limit in (1, 2, 7):
            mine, theirs = solver.solve(line, limit=limit), other.solve(line, limit=limit)
            assert (mine.status, mine.count) == (theirs.status, theirs.count), line
            for grid in mine.solutions:
                assert grid.is_valid_solution_of(mine.puzzle)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4]), min_size=16, max_size=16),
    st.sampled_from(SETUPS),
)
def test_random_givens_on_4x4_match_the_handwritten_search(
    cells: list[int], setup: tuple[str, str]
) -> None:
    # Random givens: often contradictory, sometimes unique, sometimes many solutions.
    puzzle = Puzzle(Board(2, 2), tuple(cells))
    name, enumeration = setup
    result = get_solver(name, enumeration=enumeration).solve(puzzle, limit=0)
    reference = get_solver("backtracking").solve(puzzle, limit=0)
    assert {g.cells for g in result.solutions} == {g.cells for g in reference.solutions}
    assert result.count == reference.count
    assert result.status is reference.status


@pytest.mark.parametrize("name", FORMULATIONS)
def test_has_other_solution_on_a_puzzle_with_several(name: str) -> None:
    solver = get_solver(name)
    solution = get_solver("backtracking").solve(NINE_BY_NINE[2]).solution
    assert solution is not None
    puzzle = _partial(solution, keep=30, seed=7)
    grids = sorted(_reference(puzzle))
    assert len(grids) > 1
    assert solver.has_other_solution(puzzle, grids[0])
    rest = solver.solve(puzzle, limit=0, exclude=grids[1:])
    assert [g.cells for g in rest.solutions] == [grids[0]]


@pytest.mark.parametrize(("name", "enumeration"), SETUPS)
def test_excluded_grids_are_left_out_of_an_enumeration(name: str, enumeration: str) -> None:
    puzzle = Puzzle.parse("12..............", box=(2, 2))
    grids = sorted(_reference(puzzle))
    solver = get_solver(name, enumeration=enumeration)
    result = solver.solve(puzzle, limit=0, exclude=grids[::3], time_limit=20)
    assert result.status is Status.MULTIPLE
    found = [g.cells for g in result.solutions]
    assert len(found) == len(set(found)), "a grid came back twice"
    assert set(found) == set(grids) - set(grids[::3])


# --- variants of the rules ------------------------------------------------------------------------


@pytest.mark.parametrize("name", FORMULATIONS)
def test_extra_groups_of_an_x_sudoku(name: str) -> None:
    board = Board(2, 3)
    x_rules = Model.from_puzzle(Puzzle.empty((2, 3)), _diagonals(board))
    solution = get_solver("backtracking").solve(x_rules).solution
    assert solution is not None
    puzzle = _partial(solution, keep=8, seed=2)
    model = Model.from_puzzle(puzzle, _diagonals(board))
    expected = _reference(model)
    assert 1 < len(expected) < len(_reference(puzzle))
    result = get_solver(name).solve(model, limit=0)
    assert {g.cells for g in result.solutions} == expected
    assert all(model.is_solution(g.cells) for g in result.solutions)


def _killer_model(solution: Puzzle, givens: int) -> Model:
    """Cages of two horizontal neighbours with the totals of ``solution``, plus a few givens."""
    cell = solution.board.cell
    pairs = [
        (cell(r, c), cell(r, c + 1)) for r in range(solution.n) for c in range(0, solution.n - 1, 2)
    ]
    cages = [(pair, solution.cells[pair[0]] + solution.cells[pair[1]]) for pair in pairs]
    return Model.from_puzzle(_partial(solution, givens, seed=3), cages=cages)


@pytest.mark.parametrize(("name", "enumeration"), SETUPS)
def test_sum_cages(name: str, enumeration: str) -> None:
    solution = get_solver("backtracking").solve(Puzzle.empty((2, 3))).solution
    assert solution is not None
    model = _killer_model(solution, givens=4)
    expected = _reference(model)
    assert solution.cells in expected
    result = get_solver(name, enumeration=enumeration).solve(model, limit=0)
    assert {g.cells for g in result.solutions} == expected
    assert all(model.is_solution(g.cells) for g in result.solutions)


@pytest.mark.parametrize("name", FORMULATIONS)
def test_an_impossible_cage_total_is_unsatisfiable(name: str) -> None:
    model = Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 2)])
    assert _reference(model) == set()
    assert get_solver(name).solve(model, limit=2).status is Status.UNSATISFIABLE


# --- enumeration, options, statistics, time limit -------------------------------------------------


@pytest.mark.parametrize("name", FORMULATIONS)
def test_blocking_enumeration_solves_once_per_grid(name: str) -> None:
    puzzle = datasets.load("top95")[0]
    blocking = get_solver(name, enumeration="blocking").solve(puzzle, limit=2)
    callback = get_solver(name).solve(puzzle, limit=2)
    assert blocking.status is callback.status is Status.UNIQUE
    assert blocking.solutions == callback.solutions
    assert blocking.stats.extra["solves"] == 2
    assert callback.stats.extra["solves"] == 1


@pytest.mark.parametrize("name", FORMULATIONS)
def test_several_workers_find_every_grid_once(name: str) -> None:
    solver = get_solver(name, num_workers=4, random_seed=5)
    for puzzle in datasets.load("top95")[:6]:
        result = solver.solve(puzzle, limit=2)
        assert result.status is Status.UNIQUE
    several = Puzzle.parse("12..............", box=(2, 2))
    grids = solver.solve(several, limit=0).solutions
    assert len(grids) == len(set(grids))
    assert {g.cells for g in grids} == _reference(several)


def test_parameters_pass_through_to_cp_sat() -> None:
    puzzle = datasets.load("top95")[3]
    plain = get_solver("cpsat").solve(puzzle)
    unpresolved = get_solver("cpsat", presolve=False, random_seed=3).solve(puzzle)
    assert unpresolved.solution == plain.solution
    # Without presolve the solver has to search; presolve alone settles most top95 puzzles.
    assert unpresolved.stats.nodes > 0
    with pytest.raises(TypeError, match="not_a_parameter"):
        get_solver("cpsat", not_a_parameter=1).solve(puzzle)
    with pytest.raises(TypeError, match="num_workers"):
        get_solver("cpsat", num_workers="many").solve(puzzle)
    with pytest.raises(ValueError, match="enumeration"):
        get_solver("cpsat", enumeration="guess").solve(puzzle, limit=2)


@pytest.mark.parametrize("name", FORMULATIONS)
def test_statistics_come_from_the_solver(name: str) -> None:
    result = get_solver(name, presolve=False).solve(datasets.load("hardest")[0], limit=2)
    extra = result.stats.extra
    n_vars = 81 if name.endswith("integer") else 729
    assert extra["variables"] >= n_vars
    assert 0 < extra["build_time"] < result.stats.time
    assert 0 < extra["solve_time"] < result.stats.time
    assert result.stats.nodes == result.stats.guesses > 0
    assert result.stats.propagations > 0


@pytest.mark.parametrize("enumeration", ["callback", "blocking"])
def test_time_limit_keeps_the_grids_found(enumeration: str) -> None:
    result = get_solver("cpsat", enumeration=enumeration).solve(
        Puzzle.empty((3, 3)), limit=0, time_limit=0.5
    )
    assert result.status is Status.TIMEOUT
    assert len(set(result.solutions)) == result.count
    assert all(not g.conflicts() and g.is_complete for g in result.solutions)


# --- the escape hatch ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", FORMULATIONS)
def test_native_model_can_be_solved_directly(name: str) -> None:
    from ortools.sat.python import cp_model

    solver = CpSatSolver(name.partition(":")[2])
    puzzle = Puzzle.parse(NINE_BY_NINE[0])
    native = solver.native_model(puzzle)
    assert isinstance(native, cp_model.CpModel)
    cp_solver = cp_model.CpSolver()
    assert cp_solver.solve(native) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    values = cp_solver.response_proto.solution
    n = puzzle.n
    if name.endswith("integer"):
        cells = tuple(values[i] for i in range(puzzle.board.size))
    else:
        cells = tuple(
            next(d for d in range(1, n + 1) if values[i * n + d - 1])
            for i in range(puzzle.board.size)
        )
    assert Puzzle(puzzle.board, cells).is_valid_solution_of(puzzle)
    assert solver.solve(puzzle).solution == Puzzle(puzzle.board, cells)


def test_model_text_shows_the_formulation() -> None:
    puzzle = Puzzle.parse(NINE_BY_NINE[0])
    integer = CpSatSolver("integer").model_text(puzzle)
    assert integer.count("all_diff") == 27
    assert 'name: "r9c9"' in integer
    boolean = CpSatSolver("boolean").model_text(puzzle)
    assert "all_diff" not in boolean
    assert boolean.count("exactly_one") == 81 + 27 * 9
    assert 'name: "r1c1=9"' in boolean


@pytest.mark.parametrize("name", FORMULATIONS)
def test_translate_blocks_excluded_grids(name: str) -> None:
    from ortools.sat.python import cp_model

    puzzle = Puzzle.parse(NINE_BY_NINE[0])
    solution = get_solver("backtracking").solve(puzzle).solution
    assert solution is not None
    translation = CpSatSolver(name.partition(":")[2]).translate(puzzle, exclude=[solution.cells])
    assert cp_model.CpSolver().solve(translation.cp_model) == cp_model.INFEASIBLE
