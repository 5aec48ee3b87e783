"""The SMT backend: conformance on both Z3 solvers, the SMT-LIB text it hands Z3, errors."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass

import pytest

from sudoku_models import testing
from sudoku_models.board import Board
from sudoku_models.errors import MissingDependencyError, UnsupportedModelError
from sudoku_models.model import Model, classic_groups
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import available_solvers, get_solver, smt
from sudoku_models.solvers.smt import SmtSolver, smtlib

pytest.importorskip("z3")


@pytest.mark.heavy
@pytest.mark.parametrize("name", ["smt:fd", "smt:lia"])
def test_conformance(name: str) -> None:
    testing.check_solver(name)


def test_the_text_is_smtlib_any_solver_reads() -> None:
    import z3

    puzzle = Puzzle.parse(testing.NINE_BY_NINE[0])
    text = smtlib(Model.from_puzzle(puzzle))
    assert text.startswith("(set-logic QF_LIA)\n(declare-const r1c1 Int)")
    assert text.count("(assert (distinct ") == 27
    solver = z3.Solver()
    solver.from_string(text)
    assert solver.check() == z3.sat
    values = solver.model()
    grid = tuple(values.eval(z3.Int(f"r{i // 9 + 1}c{i % 9 + 1}")).as_long() for i in range(81))
    assert grid == SmtSolver().solve(puzzle).solution.cells


@dataclass(frozen=True)
class Unknown:
    """A primitive no backend here was written for."""

    cells: tuple[int, ...] = (0,)


def test_unknown_primitive_names_backends_that_can() -> None:
    board = Board(2, 2)
    model = Model(board, (0,) * 16, classic_groups(board), constraints=(Unknown(),))  # type: ignore[arg-type]
    with pytest.raises(UnsupportedModelError, match=r"Unknown; no built-in backend"):
        SmtSolver().solve(model)


def test_options_are_refused() -> None:
    with pytest.raises(TypeError, match="no options"):
        get_solver("smt", timeout=5)


def test_without_z3(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "z3", None)
    smt._z3.cache_clear()
    try:
        (info,) = [i for i in available_solvers() if i.name == "smt"]
        assert not info.available and info.requires == "z3-solver"
        with pytest.raises(MissingDependencyError, match=r"pip install 'sudoku-models\[smt\]'"):
            get_solver("smt")
        with pytest.raises(MissingDependencyError, match="pip install"):
            smt._z3()
    finally:
        smt._z3.cache_clear()


def test_the_package_imports_without_z3_and_clingo() -> None:
    code = (
        "import sys\n"
        "sys.modules['z3'] = None\n"
        "sys.modules['clingo'] = None\n"
        "import importlib, pkgutil, sudoku_models\n"
        "for m in pkgutil.walk_packages(sudoku_models.__path__, 'sudoku_models.'):\n"
        "    if 'numba' not in m.name and not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "from sudoku_models.solvers import get_solver\n"
        "print(get_solver('sat').solve('.1.....4....34..').status.value)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "solved", out.stderr
