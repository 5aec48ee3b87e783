"""A wall-clock limit around work that has none of its own (reading a link, the classic
grader's rating and hint), for the commands that promise one."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

REPEAT = 0.05
"""Seconds between alarms once the limit has passed, until one ends the block."""


@contextmanager
def deadline(
    seconds: float | None, expired: Callable[[float], BaseException] | None = None
) -> Iterator[None]:
    """Raise ``expired(seconds)`` (by default :class:`~sudoku_models.logic.TimeLimitReached`)
    inside the block once ``seconds`` have passed (None: no limit). The alarm signal carries
    it, so the limit holds only in the main thread of a platform that has one; elsewhere the
    block runs unlimited.

    The signal can land where an exception is only reported and dropped (a garbage
    collector callback, a finaliser), so the alarm repeats every ``REPEAT`` seconds until
    the block has ended."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if seconds is None or not usable:
        yield
        return
    if expired is None:
        from ..logic import TimeLimitReached

        expired = TimeLimitReached
    error = expired

    def expire(signum: int, frame: FrameType | None) -> None:
        raise error(seconds)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds, REPEAT)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
