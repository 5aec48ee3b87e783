"""Solving many puzzles: in-process, on a local process pool, or on any ``concurrent.futures`` pool.

Work is sent in chunks of puzzles, not one task per puzzle, and each worker process keeps one
solver per backend across chunks, so backends with set-up cost (the incremental SAT solver) pay
it once per process. A ``dask.distributed`` client scales this out to a cluster through
``client.get_executor(pure=False)``.
"""

from __future__ import annotations

import atexit
import functools
import math
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from itertools import islice
from typing import Any, TypeVar

from .api import Backend
from .deadline import within
from .door import PuzzleLike, model_of
from .errors import MissingDependencyError
from .solvers import DEFAULT_BACKEND, get_solver
from .solvers.base import Result, Solver

T = TypeVar("T")
R = TypeVar("R")

#: Chunk size when the number of puzzles is not known in advance.
DEFAULT_CHUNKSIZE = 64

#: Puzzles per call of a backend that solves a whole chunk at once (``solve_batch``).
BATCH_CHUNKSIZE = 1024

#: Largest chunk size chosen automatically: bounds the wait before the first results arrive.
MAX_AUTO_CHUNKSIZE = 256

#: Chunks per worker aimed at when the number of puzzles is known: the last chunks to finish
#: leave workers idle for about half a chunk each, so more, smaller chunks balance better.
CHUNKS_PER_WORKER = 16

#: Chunks kept queued per worker, so a worker never waits for the next one.
CHUNKS_IN_FLIGHT_PER_WORKER = 4

#: Solvers kept by each worker process, keyed by class, variant and options.
_worker_solvers: dict[tuple[type[Solver], str | None, str], Solver] = {}


@atexit.register
def _close_worker_solvers() -> None:
    """Free the solvers a worker process kept before it tears its modules down."""
    for solver in _worker_solvers.values():
        solver.close()
    _worker_solvers.clear()


def solve_many(
    puzzles: Iterable[PuzzleLike],
    backend: Backend = DEFAULT_BACKEND,
    limit: int = 1,
    time_limit: float | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    chunksize: int | None = None,
    progress: bool | None = None,
) -> Iterator[Result]:
    """Solve every puzzle with one backend, yielding the results in input order.

    With neither ``executor`` nor ``workers`` the puzzles are solved in this process, one solver
    reused throughout. ``workers=N`` starts a local process pool of ``N`` processes for the call;
    ``executor`` runs on one that the caller owns (and shuts down), e.g. a dask client's
    ``get_executor(pure=False)``. ``chunksize`` puzzles travel per task (chosen from the number
    of puzzles and workers when not given). A backend with a ``solve_batch`` method (``numba``)
    solves whole chunks in one call when ``limit`` is at least 1 and there is no ``time_limit``;
    then ``workers`` are threads inside that call. ``progress`` shows a ``tqdm`` bar: ``None``
    shows it only when stderr is a terminal. An invalid puzzle raises when its turn comes.

    >>> [r.status for r in solve_many([".1.....4....34..", "11.............."])]
    [Status.SOLVED, Status.UNSATISFIABLE]
    """
    solver = get_solver(backend)
    check_pool_arguments(executor, workers, chunksize)
    if executor is None and _batches(solver, limit, time_limit) is not None:
        return _solve_in_batches(puzzles, solver, limit, workers or 1, chunksize, progress)
    recipe = (type(solver), solver.variant, solver.options)
    return run_in_chunks(
        puzzles,
        lambda puzzle: _solve_one(solver, puzzle, limit, time_limit),
        functools.partial(_solve_chunk, recipe=recipe, limit=limit, time_limit=time_limit),
        executor=executor,
        workers=workers,
        chunksize=chunksize,
        progress=progress,
        label=solver.label,
    )


def check_pool_arguments(
    executor: Executor | None, workers: int | None, chunksize: int | None
) -> None:
    """Raise ``ValueError`` for an ``executor``/``workers``/``chunksize`` combination that makes no
    sense; shared by every batch entry point."""
    if executor is not None and workers is not None:
        raise ValueError("give either executor or workers, not both")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a positive int, got {workers!r}")
    if chunksize is not None and (not isinstance(chunksize, int) or chunksize < 1):
        raise ValueError(f"chunksize must be a positive int, got {chunksize!r}")


def run_in_chunks(
    items: Iterable[T],
    one: Callable[[T], R],
    chunk_task: Callable[[list[T]], list[R]],
    executor: Executor | None = None,
    workers: int | None = None,
    chunksize: int | None = None,
    progress: bool | None = None,
    label: str = "",
) -> Iterator[R]:
    """Apply work to every item, yielding the answers in input order.

    With neither ``executor`` nor ``workers``, ``one(item)`` runs here item by item. Otherwise
    the items travel in chunks and ``chunk_task(chunk)`` (picklable: a module-level function or
    a ``functools.partial`` of one) runs on ``workers`` local processes or on ``executor``,
    with a bounded queue of chunks in flight. ``progress`` works as in :func:`solve_many`.
    """
    total = len(items) if isinstance(items, Sequence) else None
    bar = progress_bar(progress, total, label)
    try:
        if executor is None and workers is None:
            for item in items:
                yield one(item)
                bar.update(1)
            return
        parallel = workers or os.cpu_count() or 1
        size = chunksize or auto_chunksize(total, parallel)
        if executor is not None:
            yield from _map_chunks(executor, chunk_task, items, size, parallel, bar)
            return
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from _map_chunks(pool, chunk_task, items, size, parallel, bar)
    finally:
        bar.close()


def _map_chunks(
    executor: Executor,
    chunk_task: Callable[[list[T]], list[R]],
    items: Iterable[T],
    chunksize: int,
    parallel: int,
    bar: Any,
) -> Iterator[R]:
    """Keep a bounded queue of chunk tasks on ``executor`` and yield their answers in order."""
    chunks = chunked(items, chunksize)
    pending: deque[Future[list[R]]] = deque(
        executor.submit(chunk_task, chunk)
        for chunk in islice(chunks, parallel * CHUNKS_IN_FLIGHT_PER_WORKER)
    )
    try:
        while pending:
            answers = pending.popleft().result()
            for chunk in islice(chunks, 1):
                pending.append(executor.submit(chunk_task, chunk))
            bar.update(len(answers))
            yield from answers
    finally:
        for future in pending:
            future.cancel()


def _solve_chunk(
    chunk: list[PuzzleLike],
    recipe: tuple[type[Solver], str | None, dict[str, Any]],
    limit: int,
    time_limit: float | None,
) -> list[Result]:
    """Solve one chunk in a worker with the solver this process keeps for ``recipe``."""
    cls, variant, options = recipe
    key = (cls, variant, repr(sorted(options.items())))
    solver = _worker_solvers.get(key)
    if solver is None:
        solver = _worker_solvers[key] = cls(variant, **options)
    batch = _batches(solver, limit, time_limit)
    if batch is not None:
        return list(batch([model_of(puzzle) for puzzle in chunk], limit))
    return [_solve_one(solver, puzzle, limit, time_limit) for puzzle in chunk]


def _solve_one(solver: Solver, puzzle: PuzzleLike, limit: int, time_limit: float | None) -> Result:
    """``solver.solve`` of the model the door reads from ``puzzle``, its reading under
    ``time_limit`` too."""
    with within(time_limit):
        model = model_of(puzzle)
    return solver.solve(model, limit=limit, time_limit=time_limit)


def _batches(solver: Solver, limit: int, time_limit: float | None) -> Any:
    """The solver's ``solve_batch(models, limit, workers=1)`` when it has one and the question
    suits it (a limit of at least 1, no time limit), else None."""
    if time_limit is not None or not isinstance(limit, int) or isinstance(limit, bool):
        return None
    return getattr(solver, "solve_batch", None) if limit >= 1 else None


def _solve_in_batches(
    puzzles: Iterable[PuzzleLike],
    solver: Solver,
    limit: int,
    workers: int,
    chunksize: int | None,
    progress: bool | None,
) -> Iterator[Result]:
    """Solve in this process, a chunk of puzzles per ``solve_batch`` call on ``workers`` threads.

    An invalid puzzle raises after the results of the puzzles before it.
    """
    total = len(puzzles) if isinstance(puzzles, Sequence) else None
    bar = progress_bar(progress, total, solver.label)
    batch = _batches(solver, limit, None)
    models = _models(puzzles)
    try:
        while chunk := list(islice(models, chunksize or BATCH_CHUNKSIZE)):
            error = chunk.pop() if isinstance(chunk[-1], Exception) else None
            yield from batch(chunk, limit, workers=workers)
            bar.update(len(chunk))
            if error is not None:
                raise error
    finally:
        bar.close()


def _models(puzzles: Iterable[PuzzleLike]) -> Iterator[Any]:
    """The model of each puzzle; a puzzle that cannot be read (or an input that fails) ends the
    run with its exception as the last item, so the puzzles before it are still solved."""
    iterator = iter(puzzles)
    while True:
        try:
            puzzle = next(iterator)
        except StopIteration:
            return
        except Exception as exc:
            yield exc
            return
        try:
            yield model_of(puzzle)
        except Exception as exc:
            yield exc
            return


def chunked(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """Consecutive lists of ``size`` items (the last may be shorter)."""
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def auto_chunksize(total: int | None, parallel: int) -> int:
    """A size giving each worker :data:`CHUNKS_PER_WORKER` chunks, within bounds."""
    if total is None:
        return DEFAULT_CHUNKSIZE
    return max(1, min(MAX_AUTO_CHUNKSIZE, math.ceil(total / (parallel * CHUNKS_PER_WORKER))))


class _NoBar:
    """Stands in for a progress bar when none is shown."""

    def update(self, n: int) -> None:
        """Ignore progress."""

    def close(self) -> None:
        """Nothing to close."""


def progress_bar(progress: bool | None, total: int | None, label: str) -> Any:
    """A ``tqdm`` bar, or a stand-in that ignores updates when progress is off.

    ``progress=None`` shows a bar only when standard error is a terminal.
    """
    if progress is False or (progress is None and not sys.stderr.isatty()):
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        if progress is None:
            return _NoBar()
        raise MissingDependencyError("progress bars need tqdm: pip install tqdm") from None
    return tqdm(total=total, desc=label, unit="item")
