"""Collection rules for the whole repository.

The doctests of a module whose optional dependency is missing are skipped instead of failing
collection. The suite runs on parallel workers (``-n auto --dist loadscope`` in
``pyproject.toml``): each module's tests go to one worker, so a module-scoped fixture (a built
site, a browser, a server, a table computed once) is made once; and the modules holding
``heavy`` tests are handed out first, so that the long ones start at once and the short ones
fill the end of the run.
"""

from __future__ import annotations

from importlib.util import find_spec

import pytest

#: Modules that import an optional dependency at their top, by the dependency they need.
_NEEDS = {
    "numba": ["sudoku_models/solvers/numba_search.py"],
    "gymnasium": ["sudoku_models/arena/gym_env.py"],
}

collect_ignore = [
    path for module, paths in _NEEDS.items() if find_spec(module) is None for path in paths
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the modules with a ``heavy`` test first (a stable sort: within a module the order
    is kept)."""
    heavy = {item.path for item in items if item.get_closest_marker("heavy")}
    items.sort(key=lambda item: item.path not in heavy)
