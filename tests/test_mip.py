"""The MIP backend: conformance on every engine, the rows it writes, options and errors."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from sudoku_models import testing
from sudoku_models.board import Board
from sudoku_models.errors import UnknownSolverError, UnsupportedModelError
from sudoku_models.model import Model, classic_groups
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Status
from sudoku_models.solvers.mip import ENGINES, MipSolver
from sudoku_models.solvers.mip_constraints import formulate
from sudoku_models.variants import Sandwich, Skyscraper, Thermometer, XSum

pytest.importorskip("ortools.math_opt.python.mathopt")


@pytest.mark.heavy
def test_conformance_on_the_default_engine() -> None:
    # counting 576 Latin squares re-solves once per square: more than the default minute per count
    testing.check_solver("mip", time_limit=300)


@pytest.mark.parametrize("engine", [e for e in ENGINES if e != "scip"])
def test_other_engines_answer_the_same_questions(engine: str) -> None:
    """Every check but the full enumerations (hundreds of re-solves, minutes on these engines)."""
    solver = get_solver("mip", engine=engine)
    testing.check_known_puzzles(solver, max_n=9)
    testing.check_unsatisfiable(solver)
    testing.check_blocking(solver)
    testing.check_time_limit(solver)
    testing.check_inputs_unchanged(solver)
    assert solver.count_solutions("1...............", limit=5) == 5


def test_engine_by_variant_or_option() -> None:
    assert get_solver("mip").label == "mip:scip"
    assert get_solver("mip:highs").label == get_solver("mip", engine="highs").label == "mip:highs"
    with pytest.raises(UnknownSolverError, match="scip, highs, cpsat"):
        get_solver("mip", engine="cbc")
    with pytest.raises(UnknownSolverError, match="names an engine"):
        get_solver("mip:highs", engine="cpsat")
    with pytest.raises(TypeError, match="engine="):
        get_solver("mip", threads=4)


def test_rows_hold_on_the_solution_and_count_as_documented() -> None:
    puzzle = Puzzle.parse(testing.NINE_BY_NINE[0])
    form = formulate(Model.from_puzzle(puzzle))
    solution = MipSolver().solve(puzzle).solution
    assert solution is not None
    values = {form.x(i, d): int(solution.cells[i] == d) for i in range(81) for d in range(1, 10)}
    assert all(row.holds(values) for row in form.rows)
    givens = sum(1 for g in puzzle.cells if g)
    assert len(form.rows) == 81 + givens + 27 * 9 and not form.aux_vars
    assert len({row.name for row in form.rows}) == len(form.rows)
    cut = form.no_good(solution.cells)
    assert cut is not None and not cut.holds(values) and len(cut.terms) == 81 - givens


def test_auxiliary_rows_agree_with_the_sat_backend_on_a_six_by_six() -> None:
    rules = [
        Skyscraper((-1, 0), 4),
        Sandwich((0, -1), 5),
        XSum((-1, 5), 3),
        Thermometer(((0, 0), (1, 1), (1, 2), (2, 3))),
    ]
    model = Model.from_puzzle(
        Puzzle.parse("1.....4.....2.....5.....3.....6.....", box=(2, 3)), variants=rules
    )
    want = {g.cells for g in get_solver("sat").solve(model, limit=0).solutions}
    got = MipSolver().solve(model, limit=0, time_limit=120)
    assert got.status is not Status.TIMEOUT
    assert {g.cells for g in got.solutions} == want and want


@dataclass(frozen=True)
class Unknown:
    """A primitive no backend here was written for."""

    cells: tuple[int, ...] = (0,)


def test_unknown_primitive_names_backends_that_can() -> None:
    board = Board(2, 2)
    model = Model(board, (0,) * 16, classic_groups(board), constraints=(Unknown(),))  # type: ignore[arg-type]
    with pytest.raises(UnsupportedModelError, match=r"Unknown; no built-in backend"):
        MipSolver().solve(model)


def test_stats_count_the_model_and_the_solves() -> None:
    result = MipSolver().solve(testing.NINE_BY_NINE[1], limit=2)
    extra = result.stats.extra
    assert extra["variables"] == 729 and extra["solves"] == 2 and extra["constraints"] > 300


def test_escape_hatch_is_the_mathopt_model_solved() -> None:
    from ortools.math_opt.python import mathopt

    puzzle = testing.NINE_BY_NINE[0]
    native = MipSolver().native_model(puzzle)
    assert isinstance(native, mathopt.Model)
    assert len(list(native.variables())) == 729
    assert len(list(native.linear_constraints())) == len(MipSolver().formulation(puzzle).rows)
    result = mathopt.solve(native, mathopt.SolverType.GSCIP)
    assert result.termination.reason is mathopt.TerminationReason.OPTIMAL
