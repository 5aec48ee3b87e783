"""Collection rules for the whole repository: the doctests of a module whose optional dependency
is missing are skipped instead of failing collection."""

from importlib.util import find_spec

#: Modules that import an optional dependency at their top, by the dependency they need.
_NEEDS = {
    "numba": ["sudoku_models/solvers/numba_search.py"],
    "gymnasium": ["sudoku_models/arena/gym_env.py"],
}

collect_ignore = [
    path for module, paths in _NEEDS.items() if find_spec(module) is None for path in paths
]
