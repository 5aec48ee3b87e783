"""The backend registry: built-in backends, third-party ones found through entry points.

A backend is named ``"name"`` or ``"name:variant"`` (``"backtracking:mrv"``, ``"sat:glucose4"``).
Third-party packages register a :class:`~sudoku_models.solvers.base.Solver` subclass under the
entry-point group ``sudoku_models.solvers``, e.g. in their ``pyproject.toml``::

    [project.entry-points."sudoku_models.solvers"]
    mysolver = "my_package.module:MySolver"
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import Any

from ..errors import UnknownSolverError
from .base import Result, SearchTimeout, Solver, Stats, Status

__all__ = [
    "BUILTIN",
    "DEFAULT_BACKEND",
    "ENTRY_POINT_GROUP",
    "Result",
    "SearchTimeout",
    "Solver",
    "SolverInfo",
    "Stats",
    "Status",
    "available_solvers",
    "get_solver",
    "solver_class",
]

ENTRY_POINT_GROUP = "sudoku_models.solvers"

#: The backend used when none is named: the SAT solver, the fastest here on every size and
#: without the heavy tail of the handwritten search on large sparse boards (see the README's
#: performance section). ``"backtracking"`` names the handwritten search.
DEFAULT_BACKEND = "sat"

#: Built-in backends: registry name -> "module:Class", imported on first use.
BUILTIN: dict[str, str] = {
    "backtracking": "sudoku_models.solvers.backtracking:BacktrackingSolver",
    "sat": "sudoku_models.solvers.sat:SatSolver",
    "cpsat": "sudoku_models.solvers.cpsat:CpSatSolver",
    "numba": "sudoku_models.solvers.numba_backend:NumbaSolver",
    "mip": "sudoku_models.solvers.mip:MipSolver",
    "smt": "sudoku_models.solvers.smt:SmtSolver",
    "asp": "sudoku_models.solvers.asp:AspSolver",
}


@dataclass(frozen=True)
class SolverInfo:
    """One registered backend: its name, variants, whether it can run here, and its version."""

    name: str
    variants: tuple[str, ...]
    available: bool
    version: str | None
    requires: str | None
    description: str


@functools.cache
def _plugin_targets() -> dict[str, str]:
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _known_names() -> list[str]:
    return list(BUILTIN) + [n for n in _plugin_targets() if n not in BUILTIN]


def solver_class(name: str) -> type[Solver]:
    """The backend class registered under ``name`` (without a variant)."""
    target = BUILTIN.get(name) or _plugin_targets().get(name)
    if target is None:
        raise UnknownSolverError(
            f"unknown backend {name!r}; known backends: {', '.join(_known_names())}"
        )
    module_name, _, attr = target.partition(":")
    cls = getattr(importlib.import_module(module_name), attr, None)
    if not (isinstance(cls, type) and issubclass(cls, Solver)):
        raise UnknownSolverError(f"backend {name!r} ({target}) does not name a Solver subclass")
    return cls


def get_solver(backend: str | Solver | type[Solver] = DEFAULT_BACKEND, **options: Any) -> Solver:
    """A solver from a name (``"name"`` or ``"name:variant"``), a class, or an instance;
    :data:`DEFAULT_BACKEND` when none is given.

    >>> get_solver("backtracking")
    BacktrackingSolver('fast')
    >>> get_solver().label
    'sat:cadical153'
    """
    if isinstance(backend, Solver):
        if options:
            raise TypeError(
                "options cannot be applied to a solver instance; pass them when creating it"
            )
        return backend
    if isinstance(backend, type) and issubclass(backend, Solver):
        return backend(**options)
    if not isinstance(backend, str):
        raise UnknownSolverError(f"a backend is a name or a Solver, got {type(backend).__name__}")
    name, _, variant = backend.strip().partition(":")
    if variant and "variant" in options:
        raise UnknownSolverError(
            f"{backend!r} names a variant already; drop the variant={options['variant']!r} option"
        )
    return solver_class(name)(variant or options.pop("variant", None), **options)


def available_solvers() -> list[SolverInfo]:
    """Every registered backend, installed or not, with its variants and version."""
    infos = []
    for name in _known_names():
        try:
            cls = solver_class(name)
        except (ImportError, UnknownSolverError) as exc:
            infos.append(SolverInfo(name, (), False, None, None, f"cannot load: {exc}"))
            continue
        available = cls.is_available()
        doc = (cls.__doc__ or "").strip().splitlines()
        infos.append(
            SolverInfo(
                name=name,
                variants=cls.variants,
                available=available,
                version=cls.version() if available else None,
                requires=cls.requires,
                description=doc[0] if doc else "",
            )
        )
    return infos
