"""A wall-clock limit that holds in any thread and never touches the process's signals.

A caller opens a limit with :func:`within`; long loops anywhere below (reading rules text,
grading, tracing, nets) call :func:`check`, which raises :class:`TimeLimitReached` once the
nearest limit has passed, and backends that take a time limit of their own ask
:func:`remaining`. The limit lives in a ``contextvars`` variable, so each thread (and each
asyncio task) sees only the limits it opened itself, and limits nest: an inner one never
outlasts an outer one.

>>> with within(60):
...     left = remaining()
...     check()
>>> 0 < left <= 60, remaining() is None
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .errors import TimeLimitReached

__all__ = ["TimeLimitReached", "check", "expired", "remaining", "within"]

#: The innermost limit in force: (its end on the monotonic clock, its length in seconds).
_LIMIT: ContextVar[tuple[float, float] | None] = ContextVar("sudoku_models_limit", default=None)


@contextmanager
def within(seconds: float | None) -> Iterator[None]:
    """Run the block under a limit of ``seconds`` (None: only the limits already open).

    A limit opened inside another ends no later than it."""
    if seconds is None:
        yield
        return
    end = time.monotonic() + max(0.0, seconds)
    outer = _LIMIT.get()
    limit = (end, seconds) if outer is None or end < outer[0] else outer
    token = _LIMIT.set(limit)
    try:
        yield
    finally:
        _LIMIT.reset(token)


def remaining() -> float | None:
    """Seconds left before the nearest limit (never below a millisecond), None without one."""
    limit = _LIMIT.get()
    if limit is None:
        return None
    return max(0.001, limit[0] - time.monotonic())


def expired() -> bool:
    """Whether the nearest limit has passed."""
    limit = _LIMIT.get()
    return limit is not None and time.monotonic() > limit[0]


def check() -> None:
    """Raise :class:`TimeLimitReached` if the nearest limit has passed."""
    limit = _LIMIT.get()
    if limit is not None and time.monotonic() > limit[0]:
        raise TimeLimitReached(limit[1])
