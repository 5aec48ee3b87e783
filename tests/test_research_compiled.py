"""Compiled kernels: one source run compiled or plain, and whether a first call will compile."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from sudoku_models.research import compiled

pytest.importorskip("numba")


def _module(folder: Path, name: str) -> object:
    """A fresh module with one cached Numba function, from a file of its own."""
    path = folder / f"{name}.py"
    path.write_text(
        "from numba import njit\n\n\n@njit(cache=True)\ndef add_one(x):\n    return x + 1\n"
    )
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_cold_until_compiled_then_warm_from_the_disk_cache(tmp_path: Path) -> None:
    first = _module(tmp_path, "cold_kernel_probe")
    assert compiled.cold([first.add_one])  # type: ignore[attr-defined]
    assert first.add_one(1) == 2  # type: ignore[attr-defined]
    assert not compiled.cold([first.add_one])  # type: ignore[attr-defined]
    del sys.modules["cold_kernel_probe"]
    again = _module(tmp_path, "cold_kernel_probe")  # a new process would see this
    assert not again.add_one.overloads  # type: ignore[attr-defined]
    assert not compiled.cold([again.add_one])  # type: ignore[attr-defined]


def test_plain_functions_are_never_cold() -> None:
    assert not compiled.cold([len, compiled.kernel(sum, compiled=False)])


def test_numba_installed() -> None:
    assert compiled.numba_installed()


def test_one_compiled_object_per_function_however_called() -> None:
    def double(x: int) -> int:
        return 2 * x

    assert compiled.kernel(double) is compiled.kernel(double, True)
    assert compiled.kernel(double, compiled=False) is double
