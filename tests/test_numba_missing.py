"""The numba backend without Numba: shown unavailable, a clear error, nothing else imports it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sudoku_models.errors import MissingDependencyError
from sudoku_models.solvers import available_solvers, get_solver, numba_backend


@pytest.fixture
def without_numba(monkeypatch):
    """Make ``import numba`` fail, as when it is not installed, and forget compiled kernels."""
    monkeypatch.setitem(sys.modules, "numba", None)
    monkeypatch.delitem(sys.modules, "sudoku_models.solvers.numba_search", raising=False)
    monkeypatch.setattr(numba_backend, "_compiled", {})


def test_listed_as_unavailable(without_numba):
    (info,) = [i for i in available_solvers() if i.name == "numba"]
    assert not info.available and info.version is None and info.requires == "numba"


def test_asking_for_it_names_the_pip_command(without_numba):
    with pytest.raises(MissingDependencyError, match=r"pip install 'sudoku-models\[fast\]'"):
        get_solver("numba")
    with pytest.raises(MissingDependencyError, match="pip install"):
        numba_backend.solve_array([[0] * 16])
    with pytest.raises(MissingDependencyError, match="pip install"):
        numba_backend.compile_search()


def test_nothing_else_imports_numba():
    code = (
        "import sys, pkgutil, importlib, sudoku_models\n"
        "for m in pkgutil.walk_packages(sudoku_models.__path__, 'sudoku_models.'):\n"
        "    if 'numba' not in m.name and not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "from sudoku_models.solvers import available_solvers, solver_class\n"
        "solver_class('numba')\n"
        "print('numba' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", out.stderr
