"""Searches in worker processes that are killed at their deadline, so every backend keeps a limit.

Some SAT solvers cannot be interrupted inside their C call (``sat:kissat404``,
``sat:lingeling``, ``sat:cadical103``), and while one runs in a thread it holds the
interpreter's lock, so every other request of the page would wait for it. The page server
therefore hands each action that may search (:data:`~.state.SEARCHES`) to a process of a
:class:`SearchPool`: the process answers with :func:`~sudoku_models.interactive.respond` under
the time limit, and a process that has not answered :data:`GRACE` seconds after the limit is
killed and replaced in the background, and so is one whose memory passes its limit (read every
:data:`POLL` seconds where the system tells it, as Linux does), and one that still holds more
than :data:`KEEP_MEMORY` after its answer: Python keeps what a heavy job took, so a process
that read a large link once would hold it between requests. At most ``size`` searches run at
once; one more waits up to ``wait`` seconds for one of them to end, then raises :class:`Busy`.
The page server also reads puzzle texts in such processes, so no link costs its own process
more than a search may.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
import warnings
from multiprocessing.connection import Connection
from typing import Any

from .state import BadRequest, respond
from .trees import TREE, tree_answer

#: Seconds past the time limit a search process is given to answer before it is killed.
GRACE = 1.0

#: Seconds a search waits for a free process before it is turned away.
QUEUE_WAIT = 5.0

#: Seconds a new search process may take to start (it imports the package and its solvers).
STARTUP = 60.0

#: Bytes of memory a search process may hold before its search is stopped (2 GiB).
MEMORY_LIMIT = 2 * 1024**3

#: Bytes of memory a process may hold after a job and still be kept for the next (512 MiB).
KEEP_MEMORY = 512 * 1024**2

#: Seconds between two looks at a running search's memory.
POLL = 0.05


class Busy(RuntimeError):
    """Every search process of the pool is busy: the request should be tried again later."""


class SearchPool:
    """Up to ``size`` search processes, started when needed and kept between searches.

    :meth:`run` answers an action like :func:`~sudoku_models.interactive.respond` does; it is
    safe to call from many threads at once. ``grace``: seconds past the time limit before a
    search is killed; ``wait``: seconds a search waits for a free process; ``memory``: bytes a
    process may hold (resident) before its search is stopped, None for no bound; ``keep``:
    bytes a process may hold after its answer and still serve the next search (one holding
    more is replaced), None for no bound.
    """

    def __init__(
        self,
        size: int,
        grace: float = GRACE,
        wait: float = QUEUE_WAIT,
        memory: int | None = MEMORY_LIMIT,
        keep: int | None = KEEP_MEMORY,
    ) -> None:
        if size < 1:
            raise ValueError(f"a search pool needs at least one process, got {size}")
        self.size = size
        self.grace = grace
        self.wait = wait
        self.memory = memory
        self.keep = keep
        self._slots = threading.BoundedSemaphore(size)
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False

    def run(
        self, state: dict[str, Any], action: dict[str, Any], time_limit: float
    ) -> dict[str, Any]:
        """The change ``action`` makes to ``state``, found in a search process.

        Raises :class:`Busy` when ``size`` searches are still running after ``wait`` seconds,
        and :class:`BadRequest` for a malformed state or action. A search still running
        ``grace`` seconds after ``time_limit`` is stopped and answered with a "timed out"
        message; one whose process passes ``memory`` bytes, with a "stopped" message.
        """
        if not self._slots.acquire(timeout=self.wait):
            raise Busy(f"busy: {self.size} searches are running; try again when one ends")
        try:
            return self._run(state, action, time_limit)
        finally:
            self._slots.release()

    def warm(self) -> None:
        """Start the processes now, so that no search waits for one to start."""
        with self._lock:
            missing = self.size - len(self._idle)
        for _ in range(missing):
            self._add()

    def close(self) -> None:
        """Stop the idle processes; busy ones stop when their search ends or is killed."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.kill()

    def _run(
        self, state: dict[str, Any], action: dict[str, Any], time_limit: float
    ) -> dict[str, Any]:
        worker = self._take()
        value: Any = None
        try:
            worker.conn.send((state, action, time_limit))
            kind, value = self._answer(worker, time.monotonic() + time_limit + self.grace)
        except (EOFError, OSError):
            kind = "lost"
        except BaseException:  # the request could not be sent (too deeply nested to pickle)
            worker.kill()
            raise
        if kind in ("timeout", "lost", "memory") or self._heavy(worker):
            worker.kill()
            threading.Thread(target=self._add, daemon=True).start()
        else:
            self._give_back(worker)
        if kind == "ok":
            return dict(value)
        if kind == "bad":
            raise BadRequest(value)
        if kind == "timeout":
            text = f"timed out: the search was stopped at the time limit ({time_limit:g} s)"
            return {"message": {"text": text, "kind": "error"}}
        if kind == "memory":
            text = f"stopped: the search took more than {(self.memory or 0) // 2**20} MB of memory"
            return {"message": {"text": text, "kind": "error"}}
        if kind == "lost":
            raise RuntimeError("the search process ended unexpectedly")
        raise RuntimeError(value)

    def _answer(self, worker: _Worker, deadline: float) -> tuple[str, Any]:
        """The worker's answer, or ("timeout" | "memory", None) when it is to be stopped."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout", None
            if worker.conn.poll(min(left, POLL) if self.memory else left):
                kind, value = worker.conn.recv()
                return kind, value
            if self._too_big(worker):
                return "memory", None

    def _too_big(self, worker: _Worker) -> bool:
        return self.memory is not None and worker.resident() > self.memory

    def _heavy(self, worker: _Worker) -> bool:
        """Whether a process that has answered holds too much to keep."""
        bound = min((b for b in (self.memory, self.keep) if b is not None), default=None)
        return bound is not None and worker.resident() > bound

    def _add(self) -> None:
        """Start one more idle process (unless the pool has closed or is full)."""
        worker = _Worker()
        with self._lock:
            if not self._closed and len(self._idle) < self.size:
                self._idle.append(worker)
                return
        worker.kill()

    def _take(self) -> _Worker:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return _Worker()

    def _give_back(self, worker: _Worker) -> None:
        with self._lock:
            if not self._closed:
                self._idle.append(worker)
                return
        worker.kill()


class _Worker:
    """One search process and the pipe to it; ready when built."""

    def __init__(self) -> None:
        # Spawned, not forked: the server has threads, and a fork copies their locks.
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_work, args=(child,), daemon=True)
        self.process.start()
        child.close()
        try:
            if not self.conn.poll(STARTUP):
                raise EOFError
            self.conn.recv()
        except (EOFError, OSError):
            self.kill()
            raise RuntimeError(f"a search process did not start within {STARTUP:g} s") from None

    def resident(self) -> int:
        """Bytes of memory the process holds now; 0 where the system does not say."""
        try:
            with open(f"/proc/{self.process.pid}/statm") as statm:
                pages = int(statm.read().split()[1])
        except (OSError, ValueError, IndexError):
            return 0
        return pages * _PAGE

    def kill(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _work(conn: Connection) -> None:
    """A search process: answer each ``(state, action, time_limit)`` until the pipe closes."""
    # Solvers that cannot be interrupted warn that they may overrun; here the pool stops them.
    warnings.simplefilter("ignore")
    with contextlib.suppress(EOFError, OSError):  # the server has gone: so does the process
        conn.send("ready")
        while True:
            state, action, time_limit = conn.recv()
            try:
                if action.get("type") == TREE:
                    answer: tuple[str, Any] = ("ok", tree_answer(action, time_limit))
                else:
                    answer = ("ok", respond(state, action, time_limit=time_limit))
            except BadRequest as exc:
                answer = ("bad", str(exc))
            except Exception as exc:  # a bug: the server reports it, the process lives on
                answer = ("error", f"internal error: {exc!r}")
            conn.send(answer)
