"""Public names loaded on first use: ``import sudoku_models`` alone loads none of its parts, and
``sm.X`` is still the object its module defines."""

from __future__ import annotations

import subprocess
import sys
from types import ModuleType

import pytest

import sudoku_models as sm
from sudoku_models import generator
from sudoku_models.lazy import lazy_names

#: Public modules known under another name than their own.
ALIASES = {"fpuzzles": "keys"}


def loaded_after(code: str) -> set[str]:
    """The modules of the package loaded in a fresh interpreter after running ``code``."""
    program = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return {m for m in done.stdout.split() if m.startswith("sudoku_models")}


def test_importing_the_package_loads_none_of_its_parts() -> None:
    assert loaded_after("import sudoku_models") == {"sudoku_models", "sudoku_models.lazy"}


def test_a_name_loads_its_own_module_only() -> None:
    loaded = loaded_after("import sudoku_models as sm\nsm.InvalidPuzzleError")
    assert loaded == {"sudoku_models", "sudoku_models.lazy", "sudoku_models.errors"}


@pytest.mark.parametrize("package", [sm, generator], ids=lambda p: p.__name__)
def test_every_public_name_resolves_to_the_object_of_its_name(package: ModuleType) -> None:
    for name in package.__all__:
        value = getattr(package, name)
        assert name in dir(package)
        if isinstance(value, ModuleType):
            assert value.__name__.rsplit(".", 1)[-1] == ALIASES.get(name, name)
        elif isinstance(value, type) or callable(value):
            assert value.__name__ == name


def test_the_names_are_the_ones_users_import() -> None:
    from sudoku_models.api import solve
    from sudoku_models.formats.fpuzzles import keys as fpuzzles_keys
    from sudoku_models.logic.certify import certify
    from sudoku_models.solvers.base import Status

    assert sm.solve is solve and sm.Status is Status and sm.certify is certify
    assert sm.fpuzzles is fpuzzles_keys
    assert sm.solve(".1.....4....34..").status is Status.SOLVED


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="'sudoku_models' has no attribute 'solver'"):
        sm.solver  # noqa: B018
    assert not hasattr(generator, "generate_all")


def test_lazy_names_reads_the_type_checking_imports() -> None:
    get, listing, names = lazy_names("sudoku_models")
    from sudoku_models import board, door, formats
    from sudoku_models.formats.fpuzzles import keys as fpuzzles_keys

    assert get("Board") is board.Board and get("read") is door.read
    assert get("formats") is formats and get("fpuzzles") is fpuzzles_keys
    assert names == sm.__all__ == sorted(names) and {"solve", "why", "fpuzzles"} <= set(names)
    assert {"Board", "__version__"} <= set(listing())
    with pytest.raises(AttributeError):
        get("other")


@pytest.mark.parametrize(
    "first", ["", "import sudoku_models.candidates", "import sudoku_models.interactive.state"]
)
def test_a_name_keeps_its_object_when_its_module_is_imported(first: str) -> None:
    # true_candidates is a function of the module candidates: importing that module, by anyone,
    # before or after the name is asked for, leaves sm.true_candidates the function.
    program = (
        "import sudoku_models as sm\n"
        f"{first}\n"
        "a = sm.true_candidates\n"
        "import sudoku_models.candidates\n"
        "b = sm.true_candidates\n"
        "print(callable(a), a is b, a.__name__, sm.true_candidates('.1.....4....34..').solutions)"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "true_candidates", "1"]
