"""Plots of a benchmark table: a cactus plot and a box plot of time per puzzle, by backend.

matplotlib is imported by each function, so the rest of the package works without it.
"""

from __future__ import annotations

import os
from typing import Any

from ..errors import MissingDependencyError
from .summary import TIMEOUT
from .table import Table


def _pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingDependencyError("plots need matplotlib: pip install matplotlib") from None
    return plt


def _times_by_backend(table: Table, dataset: str | None) -> dict[str, list[float]]:
    """Times (ms) of the answered puzzles, timeouts left out, per backend in order of appearance."""
    times: dict[str, list[float]] = {}
    for row in table.rows:
        if dataset is None or row["dataset"] == dataset:
            entry = times.setdefault(row["backend"], [])
            if row["status"] != TIMEOUT:
                entry.append(float(row["time_ms"]))
    return times


def cactus(table: Table, ax: Any = None, dataset: str | None = None) -> Any:
    """Puzzles answered within a time (log axis), one line per backend; returns the axes.

    A line that rises further left is faster; one that stops lower timed out on more puzzles.
    ``dataset`` keeps the rows of one dataset.
    """
    if ax is None:
        _, ax = _pyplot().subplots()
    for backend, times in _times_by_backend(table, dataset).items():
        times.sort()
        ax.step(times, range(1, len(times) + 1), where="post", label=backend)
    ax.set_xscale("log")
    ax.set_xlabel("time per puzzle (ms)")
    ax.set_ylabel("puzzles answered")
    ax.set_title(f"cactus plot{f': {dataset}' if dataset else ''}")
    ax.legend()
    return ax


def box(table: Table, ax: Any = None, dataset: str | None = None) -> Any:
    """Box plot of time per answered puzzle (log axis), one box per backend; returns the axes."""
    if ax is None:
        _, ax = _pyplot().subplots()
    times = _times_by_backend(table, dataset)
    ax.boxplot(list(times.values()))
    ax.set_xticks(range(1, len(times) + 1), list(times), rotation=30, ha="right")
    ax.set_yscale("log")
    ax.set_ylabel("time per puzzle (ms)")
    ax.set_title(f"time per puzzle{f': {dataset}' if dataset else ''}")
    return ax


def save(table: Table, path: str | os.PathLike[str], dataset: str | None = None) -> None:
    """Write the cactus plot and the box plot side by side to an image file (PNG, SVG, PDF)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingDependencyError("plots need matplotlib: pip install matplotlib") from None
    figure = Figure(figsize=(12, 5), layout="constrained")
    left, right = figure.subplots(1, 2)
    cactus(table, ax=left, dataset=dataset)
    box(table, ax=right, dataset=dataset)
    figure.savefig(path, dpi=100)
