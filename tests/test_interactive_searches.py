"""The search processes of the page server: answers, malformed requests, a lost process, a full
pool, and a search killed at its deadline."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from sudoku_models.interactive import new_state
from sudoku_models.interactive.searches import Busy, SearchPool
from sudoku_models.interactive.state import BadRequest

SMALL = ".1.....4....34.."
EMPTY_25 = "." * 625  # counting its solutions never ends


@pytest.fixture(scope="module")
def pool() -> Iterator[SearchPool]:
    searches = SearchPool(1, grace=0.5, wait=0.2)
    searches.warm()
    yield searches
    searches.close()


def test_a_search_is_answered_like_respond(pool: SearchPool) -> None:
    change = pool.run(new_state(SMALL), {"type": "solve", "backend": "sat"}, 5)
    assert "".join(map(str, change["solution"])) == "4132231412433421"
    with pytest.raises(BadRequest):
        pool.run({"box": "no"}, {"type": "solve"}, 5)


def test_a_full_pool_turns_the_next_search_away(pool: SearchPool) -> None:
    with ThreadPoolExecutor(1) as threads:
        slow = threads.submit(pool.run, new_state(EMPTY_25), {"type": "count"}, 5)
        give_up = time.monotonic() + 120
        while pool._idle:  # until the search holds the one process
            assert time.monotonic() < give_up, "the search never started"
            time.sleep(0.01)
        with pytest.raises(Busy, match="busy"):
            pool.run(new_state(SMALL), {"type": "solve"}, 5)
        assert "timed out" in slow.result()["message"]["text"]


def test_a_lost_process_is_reported_and_replaced(pool: SearchPool) -> None:
    pool.warm()
    pid = pool._idle[-1].process.pid  # the process the next search takes
    assert pid is not None
    with ThreadPoolExecutor(1) as threads:
        slow = threads.submit(pool.run, new_state(EMPTY_25), {"type": "count"}, 20)
        time.sleep(0.5)
        os.kill(pid, signal.SIGKILL)  # as if a solver had crashed
        with pytest.raises(RuntimeError, match="ended unexpectedly"):
            slow.result(timeout=10)
    change = pool.run(new_state(SMALL), {"type": "solve"}, 5)
    assert change["solution"]


def test_close_stops_the_idle_processes() -> None:
    searches = SearchPool(2)
    searches.warm()
    before = len(multiprocessing.active_children())
    assert before >= 2
    searches.close()
    assert len(multiprocessing.active_children()) <= before - 2


def test_a_search_past_its_memory_limit_is_stopped() -> None:
    """A bound below what any process holds stops the search at the first look, long before
    its time limit, and the process is replaced."""
    searches = SearchPool(1, memory=1)
    try:
        searches.warm()
        change = searches.run(new_state(EMPTY_25), {"type": "count"}, 60)
        assert change["message"]["text"].startswith("stopped: the search took more than")
        assert not searches._idle or searches._idle[0].process.is_alive()
    finally:
        searches.close()


@pytest.mark.parametrize("keep", [None, 1])
def test_a_process_holding_too_much_after_its_answer_is_replaced(keep: int | None) -> None:
    """Python keeps the memory a heavy job took: a process that holds more than ``keep`` once
    it has answered serves no further search (a bound of one byte: every process)."""
    searches = SearchPool(1, memory=None, keep=keep)
    try:
        searches.warm()
        first = searches._idle[-1].process.pid
        assert searches.run(new_state(SMALL), {"type": "solve"}, 30)["solution"]
        searches.warm()  # waits for the replacement, if any
        assert (searches._idle[-1].process.pid == first) == (keep is None)
    finally:
        searches.close()
