"""Kernels written once, as loops over NumPy arrays, and compiled by Numba when it is installed.

A kernel is a plain function that Numba can compile (arrays, ints and loops only; no imports
inside). :func:`kernel` returns its compiled form, or the function itself without Numba, so the
two always share one source and a test can run both.
"""

from __future__ import annotations

import functools
import importlib.util
import pickle
from collections.abc import Callable, Iterable
from typing import Any


def kernel(function: Callable[..., Any], compiled: bool = True) -> Callable[..., Any]:
    """``function`` compiled by Numba (cached on disk), or ``function`` itself when Numba is
    missing or ``compiled`` is False; one compiled object per function, however called."""
    return _kernel(function, bool(compiled))


@functools.cache
def _kernel(function: Callable[..., Any], compiled: bool) -> Callable[..., Any]:
    if not compiled:
        return function
    try:
        import numba
    except ImportError:
        return function
    return numba.njit(cache=True, nogil=True)(function)


def numba_installed() -> bool:
    """Whether Numba can be imported (checked without importing it)."""
    return importlib.util.find_spec("numba") is not None


def cold(functions: Iterable[Any]) -> bool:
    """Whether the first call of any of ``functions`` (Numba functions compiled with
    ``cache=True``) will compile it: not yet compiled in this process and nothing in the disk
    cache for its current source. False for plain functions and when the cache cannot be read.

    >>> cold([len])
    False
    """
    for function in functions:
        if getattr(function, "overloads", None):
            continue  # compiled in this process already
        files = getattr(getattr(function, "_cache", None), "_cache_file", None)
        index = getattr(files, "_load_index", None)
        if index is None:
            continue
        try:
            if not index():
                return True
        except (OSError, ValueError, EOFError, pickle.UnpicklingError):  # Numba rewrites it
            return True
    return False
