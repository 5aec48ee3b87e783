"""The backend registry: names and variants, errors that list the known names, plug-ins."""

from __future__ import annotations

import sys
import textwrap

import pytest

import sudoku_models.solvers as registry
from sudoku_models.errors import UnknownSolverError
from sudoku_models.solvers import (
    BUILTIN,
    DEFAULT_BACKEND,
    ENTRY_POINT_GROUP,
    available_solvers,
    get_solver,
    solver_class,
)
from sudoku_models.solvers.backtracking import STRATEGIES, BacktrackingSolver
from sudoku_models.solvers.base import Solver
from sudoku_models.testing import check_solver

#: A third-party backend that implements only ``_find``: depth-first search over candidate sets,
#: tightest cell first, with the deadline checked at every node.
TINY_SOLVER = '''
"""A tiny backend that lives outside the package."""

import time

from sudoku_models.solvers.base import SearchTimeout, Solver


class TinySolver(Solver):
    """Tiny depth-first search, written outside the package."""

    name = "tiny"

    def _find(self, model, exclude, deadline, stats):
        n, peers = model.n, model.peers()
        cells = list(model.givens)
        blocked = {tuple(grid) for grid in exclude}
        digits = set(range(1, n + 1))

        def walk():
            stats.nodes += 1
            if deadline is not None and time.perf_counter() > deadline:
                raise SearchTimeout
            best, best_options = -1, None
            for i, d in enumerate(cells):
                if not d:
                    options = digits - {cells[j] for j in peers[i]}
                    if best < 0 or len(options) < len(best_options):
                        best, best_options = i, options
                        if len(options) < 2:
                            break
            if best < 0:
                grid = tuple(cells)
                return grid if grid not in blocked and model.is_solution(grid) else None
            for d in sorted(best_options):
                cells[best] = d
                grid = walk()
                if grid is not None:
                    return grid
                stats.backtracks += 1
            cells[best] = 0
            return None

        return walk()


NotASolver = dict
'''


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """Install a distribution in a temporary folder on ``sys.path`` whose entry points name
    backends: ``tiny`` (a real one), ``notasolver`` (not a Solver), ``typo`` (a missing class),
    ``broken`` (a missing module) and ``backtracking`` (a name taken by a built-in)."""
    (tmp_path / "tiny_backend.py").write_text(TINY_SOLVER, encoding="utf-8")
    info = tmp_path / "tiny_backend-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: tiny-backend\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        textwrap.dedent(
            f"""\
            [{ENTRY_POINT_GROUP}]
            tiny = tiny_backend:TinySolver
            notasolver = tiny_backend:NotASolver
            typo = tiny_backend:TinySolvr
            broken = no_such_module_here:Solver
            backtracking = tiny_backend:TinySolver
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    registry._plugin_targets.cache_clear()
    yield
    registry._plugin_targets.cache_clear()
    sys.modules.pop("tiny_backend", None)


def test_builtin_names():
    assert set(BUILTIN) >= {"backtracking", "sat", "cpsat"}
    assert solver_class("backtracking") is BacktrackingSolver


def test_get_solver_by_name_and_variant():
    assert get_solver().label == f"{DEFAULT_BACKEND}:cadical153" == "sat:cadical153"
    solver = get_solver("backtracking")
    assert isinstance(solver, BacktrackingSolver) and solver.variant == "fast"
    assert solver.label == "backtracking:fast"
    for variant in STRATEGIES:
        chosen = get_solver(f"backtracking:{variant}")
        assert chosen.variant == variant and chosen.label == f"backtracking:{variant}"
    assert get_solver(" backtracking:mrv ").variant == "mrv"
    assert get_solver("backtracking:").variant == "fast"


def test_get_solver_from_a_class_or_an_instance():
    solver = get_solver(BacktrackingSolver, variant="dlx")
    assert isinstance(solver, BacktrackingSolver) and solver.variant == "dlx"
    assert get_solver(solver) is solver
    with pytest.raises(TypeError):
        get_solver(solver, variant="fast")
    with pytest.raises(UnknownSolverError):
        get_solver(42)  # type: ignore[arg-type]
    with pytest.raises(UnknownSolverError):
        get_solver(dict)  # type: ignore[arg-type]


def test_unknown_names_list_the_known_ones():
    with pytest.raises(UnknownSolverError) as info:
        get_solver("minisat")
    message = str(info.value)
    assert "'minisat'" in message
    for name in BUILTIN:
        assert name in message


def test_unknown_variants_list_the_known_ones():
    with pytest.raises(UnknownSolverError) as info:
        get_solver("backtracking:quantum")
    message = str(info.value)
    assert "'quantum'" in message
    for variant in STRATEGIES:
        assert f"backtracking:{variant}" in message


def test_available_solvers_lists_every_builtin():
    infos = {info.name: info for info in available_solvers()}
    assert set(BUILTIN) <= set(infos)
    bt = infos["backtracking"]
    assert bt.available and bt.variants == tuple(STRATEGIES)
    assert bt.requires is None
    assert bt.description == BacktrackingSolver.__doc__.strip().splitlines()[0]
    for info in infos.values():
        if info.available:
            assert info.description
        else:  # a missing package is named
            assert info.requires or info.description.startswith("cannot load")


@pytest.mark.heavy
def test_a_plugin_found_through_entry_points_passes_the_conformance_check(plugins):
    solver = get_solver("tiny")
    assert type(solver).__module__ == "tiny_backend"
    assert isinstance(solver, Solver) and solver.label == "tiny"
    check_solver(solver)
    infos = {info.name: info for info in available_solvers()}
    assert infos["tiny"].available
    assert infos["tiny"].description == "Tiny depth-first search, written outside the package."


def test_plugins_join_the_known_names(plugins):
    with pytest.raises(UnknownSolverError, match="tiny"):
        get_solver("nothing-of-that-name")


def test_a_plugin_cannot_replace_a_builtin(plugins):
    assert solver_class("backtracking") is BacktrackingSolver


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("notasolver", UnknownSolverError),
        ("typo", UnknownSolverError),
        ("broken", ImportError),
    ],
)
def test_broken_plugins(plugins, name, error):
    with pytest.raises(error):
        get_solver(name)


def test_broken_plugins_do_not_break_the_listing(plugins):
    infos = {info.name: info for info in available_solvers()}
    for name in ("notasolver", "typo", "broken"):
        assert not infos[name].available
        assert infos[name].description.startswith("cannot load")
    assert infos["tiny"].available and infos["backtracking"].available


def test_variant_given_twice_is_a_clear_error():
    with pytest.raises(UnknownSolverError, match="names a variant already"):
        get_solver("backtracking:fast", variant="dlx")
    assert get_solver("backtracking", variant="dlx").label == "backtracking:dlx"
