"""The cooperative time limit: it nests, it is per thread, and it never uses signals."""

import signal
import threading
import time

import pytest

from sudoku_models import deadline
from sudoku_models.errors import TimeLimitReached
from sudoku_models.logic.assumptions import Clock


def test_a_passed_limit_raises_at_the_next_check():
    with deadline.within(0.0):
        time.sleep(0.01)
        assert deadline.expired()
        with pytest.raises(TimeLimitReached, match="time limit of 0 s"):
            deadline.check()
    deadline.check()  # closed again: no limit


def test_an_inner_limit_never_outlasts_the_outer_one():
    with deadline.within(0.0), deadline.within(3600):
        time.sleep(0.01)
        assert deadline.remaining() == pytest.approx(0.001)
        with pytest.raises(TimeLimitReached):
            deadline.check()


def test_a_limit_holds_only_in_the_thread_that_opened_it():
    seen = {}

    def other() -> None:
        seen["remaining"] = deadline.remaining()
        with deadline.within(0.0):
            time.sleep(0.01)
            seen["expired"] = deadline.expired()

    with deadline.within(3600):
        worker = threading.Thread(target=other)
        worker.start()
        worker.join()
        assert not deadline.expired()
    assert seen == {"remaining": None, "expired": True}


def test_no_signal_handler_is_touched():
    before = signal.getsignal(signal.SIGALRM)
    with deadline.within(0.0):
        assert signal.getsignal(signal.SIGALRM) is before
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_the_logic_clock_honours_a_limit_opened_around_it():
    clock = Clock(None)
    with deadline.within(0.0):
        time.sleep(0.01)
        with pytest.raises(TimeLimitReached):
            clock.check()
