"""Kernels written once, as loops over NumPy arrays, and compiled by Numba when it is installed.

A kernel is a plain function that Numba can compile (arrays, ints and loops only; no imports
inside). :func:`kernel` returns its compiled form, or the function itself without Numba, so the
two always share one source and a test can run both.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any


@functools.cache
def kernel(function: Callable[..., Any], compiled: bool = True) -> Callable[..., Any]:
    """``function`` compiled by Numba (cached on disk), or ``function`` itself when Numba is
    missing or ``compiled`` is False."""
    if not compiled:
        return function
    try:
        import numba
    except ImportError:
        return function
    return numba.njit(cache=True, nogil=True)(function)
