"""Running many backends over puzzle sets into one table of per-puzzle rows."""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

from .. import datasets
from ..batch import Backend, solve_many
from ..puzzle import Puzzle
from ..seeds import rng_of
from ..solvers import get_solver
from ..solvers.base import Result, Solver, as_model
from .summary import SummaryTable, summarize
from .table import Table

#: A dataset given to :func:`run`: a shipped set's name, a file of one puzzle a line, or a list.
Source = str | os.PathLike[str] | Sequence[Any]


class BenchTable(Table):
    """One row per (puzzle, backend): where the puzzle comes from, the outcome, time and counters.

    ``index`` is the puzzle's position in its dataset (0-based), ``time_ms`` the solver's time.
    """

    column_types: ClassVar[dict[str, type]] = {
        "dataset": str,
        "index": int,
        "backend": str,
        "status": str,
        "solutions": int,
        "time_ms": float,
        "nodes": int,
        "guesses": int,
        "backtracks": int,
        "propagations": int,
        "conflicts": int,
        "puzzle": str,
    }
    default_columns: ClassVar[tuple[str, ...]] = tuple(column_types)

    def summary(self) -> SummaryTable:
        """Figures per dataset and backend; see :func:`~sudoku_models.bench.summary.summarize`."""
        return summarize(self)

    def _repr_html_(self) -> str:
        return self.summary()._repr_html_()


def run(
    sources: Source | Mapping[str, Iterable[Any]] | Sequence[Source],
    backends: str | Sequence[Backend] = ("backtracking",),
    limit: int = 2,
    time_limit: float | None = None,
    sample: int | None = None,
    seed: int | random.Random | None = None,
    workers: int | None = None,
    progress: bool | None = None,
    warmup: float = 0.0,
) -> BenchTable:
    """Solve every puzzle of every dataset with every backend and collect one row per solve.

    ``sources`` is one dataset or a list of them; a dataset is a shipped set's name
    (:func:`sudoku_models.datasets.names`), a path to a file of one puzzle a line, or a list of
    puzzles; a mapping names its lists. A plain list of puzzles is one dataset, ``"puzzles"``.
    ``backends`` is a comma-separated string of names, or a list of names or solvers.
    ``sample`` draws that many puzzles from each dataset at random (``seed``: an int or a
    ``random.Random``), keeping their order. ``limit``, ``time_limit`` (seconds per puzzle) and
    ``progress`` go to :func:`~sudoku_models.batch.solve_many`; ``workers=N`` runs one pool of
    ``N`` processes for the whole run. ``warmup`` seconds of busy work come first (see
    :func:`warm_up`). Without workers, each backend then solves the empty grid of each
    dataset's board once, untimed, so its imports and first-use costs are not charged to the
    first puzzle.

    >>> table = run(["hardest"], backends="backtracking", sample=3, seed=1)
    >>> len(table), sorted(set(table.column("status")))
    (3, ['unique'])
    """
    solvers = [get_solver(backend) for backend in _backend_list(backends)]
    warm_up(warmup)
    rng = rng_of(seed)
    rows: list[dict[str, Any]] = []
    # One pool for the whole run, so each worker keeps its solvers from one dataset to the next.
    with ProcessPoolExecutor(workers) if workers is not None else contextlib.nullcontext() as pool:
        for dataset, puzzles in _datasets(sources):
            indices = list(range(len(puzzles)))
            if sample is not None and sample < len(puzzles):
                indices = sorted(rng.sample(indices, sample))
            chosen = [puzzles[i] for i in indices]
            for solver in solvers:
                if chosen and pool is None:  # a worker warms up its own (cpsat does it itself)
                    warm_up_solver(solver, chosen[0])
                results = solve_many(
                    chosen,
                    backend=solver,
                    limit=limit,
                    time_limit=time_limit,
                    executor=pool,
                    progress=progress,
                )
                rows.extend(
                    _row(dataset, i, result) for i, result in zip(indices, results, strict=True)
                )
    return BenchTable(rows, BenchTable.default_columns)


def warm_up(seconds: float) -> None:
    """Keep the processor busy for ``seconds`` before anything is timed.

    On the shared 2-core machines this package is measured on, the first seconds of work ran
    1.5 to 1.7 times slower than the same work a few seconds later (the processor speeds up
    under load), which would make whatever is measured first look slower than it is.
    """
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        sum(range(1000))


#: Longest a backend's untimed warm-up solve may take (seconds).
WARM_UP_LIMIT = 2.0


def warm_up_solver(solver: Solver, like: Any) -> None:
    """Solve the empty grid of ``like``'s board once, untimed: a puzzle the run does not time,
    which loads what the backend loads on first use (OR-Tools, a SAT solver's rules)."""
    board = as_model(like).board
    solver.solve(Puzzle.empty((board.box_rows, board.box_cols)), time_limit=WARM_UP_LIMIT)


def _row(dataset: str, index: int, result: Result) -> dict[str, Any]:
    stats = result.stats
    return {
        "dataset": dataset,
        "index": index,
        "backend": result.backend,
        "status": result.status.value,
        "solutions": result.count,
        "time_ms": stats.time * 1000,
        "nodes": stats.nodes,
        "guesses": stats.guesses,
        "backtracks": stats.backtracks,
        "propagations": stats.propagations,
        "conflicts": stats.conflicts,
        "puzzle": result.puzzle.to_line(),
    }


def _backend_list(backends: str | Sequence[Backend]) -> list[Backend]:
    given = backends.split(",") if isinstance(backends, str) else list(backends)
    names = [b.strip() if isinstance(b, str) else b for b in given]
    names = [b for b in names if b != ""]
    if not names:
        raise ValueError("no backend to run")
    return names


def _datasets(
    sources: Source | Mapping[str, Iterable[Any]] | Sequence[Source],
) -> list[tuple[str, list[Any]]]:
    """(name, puzzles) for each dataset in ``sources``."""
    if isinstance(sources, Mapping):
        return [(str(name), list(puzzles)) for name, puzzles in sources.items()]
    if isinstance(sources, (str, os.PathLike)):
        return [load_dataset(sources)]
    items = list(sources)
    named = [isinstance(item, (str, os.PathLike)) and _is_named(item) for item in items]
    if all(named):
        return [load_dataset(item) for item in items]
    if not any(named) and all(isinstance(item, (str, Puzzle)) for item in items):
        return [("puzzles", items)]
    return [
        load_dataset(item) if isinstance(item, (str, os.PathLike)) else (f"list{k}", list(item))
        for k, item in enumerate(items, start=1)
    ]


def _is_named(source: str | os.PathLike[str]) -> bool:
    return source in datasets.names() or Path(source).is_file()


def load_dataset(source: str | os.PathLike[str]) -> tuple[str, list[Puzzle]]:
    """The name and puzzles of a shipped set (by name) or of a file (named by its stem)."""
    if isinstance(source, str) and source in datasets.names():
        return source, datasets.load(source)
    path = Path(source)
    if not path.is_file():
        shipped = ", ".join(datasets.names())
        raise FileNotFoundError(
            f"{str(source)!r} is neither a file nor a shipped dataset: {shipped}"
        )
    return path.stem, list(datasets.iter_puzzles(path))
