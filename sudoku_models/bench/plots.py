"""Plots of a benchmark table: a cactus plot and a box plot of time per puzzle, by backend.

matplotlib is imported by each function, so the rest of the package works without it.
"""

from __future__ import annotations

import importlib.util
import os
from typing import Any

from ..errors import MissingDependencyError
from .summary import TIMEOUT
from .table import Table

#: How to install what the plots need.
INSTALL = "pip install matplotlib"


def require() -> None:
    """Raise :class:`MissingDependencyError` now, before a benchmark runs, when matplotlib is
    missing (checked without importing it)."""
    if importlib.util.find_spec("matplotlib") is None:
        raise MissingDependencyError(f"plots need matplotlib: {INSTALL}")


def _pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingDependencyError(f"plots need matplotlib: {INSTALL}") from None
    return plt


def _times_by_backend(
    table: Table, dataset: str | None
) -> tuple[dict[str, list[float]], dict[str, int]]:
    """Times (ms) of the answered puzzles and the number of timeouts, per backend in order of
    appearance."""
    times: dict[str, list[float]] = {}
    timeouts: dict[str, int] = {}
    for row in table.rows:
        if dataset is None or row["dataset"] == dataset:
            entry = times.setdefault(row["backend"], [])
            timeouts.setdefault(row["backend"], 0)
            if row["status"] == TIMEOUT:
                timeouts[row["backend"]] += 1
            else:
                entry.append(float(row["time_ms"]))
    return times, timeouts


def cactus(table: Table, ax: Any = None, dataset: str | None = None) -> Any:
    """Puzzles answered within a time (log axis), one line per backend; returns the axes.

    A line that rises further left is faster; one that stops lower timed out on more puzzles.
    ``dataset`` keeps the rows of one dataset.
    """
    if ax is None:
        _, ax = _pyplot().subplots()
    for backend, times in _times_by_backend(table, dataset)[0].items():
        times.sort()
        ax.step(times, range(1, len(times) + 1), where="post", label=backend)
    ax.set_xscale("log")
    ax.set_xlabel("time per puzzle (ms)")
    ax.set_ylabel("puzzles answered")
    ax.set_title(f"cactus plot{f': {dataset}' if dataset else ''}")
    ax.legend()
    return ax


def box(table: Table, ax: Any = None, dataset: str | None = None) -> Any:
    """Box plot of time per answered puzzle (log axis), one box per backend; returns the axes.

    A timeout has no time to show, so under each backend's name its label says how many
    puzzles timed out; a backend that answered none has its label and no box.
    """
    if ax is None:
        _, ax = _pyplot().subplots()
    times, timeouts = _times_by_backend(table, dataset)
    answered = [(k, t) for k, t in enumerate(times.values(), start=1) if t]
    if answered:
        ax.boxplot([t for _, t in answered], positions=[k for k, _ in answered])
    labels = [_box_label(b, len(times[b]), timeouts[b]) for b in times]
    ax.set_xticks(range(1, len(times) + 1), labels, rotation=30, ha="right")
    ax.set_xlim(0.5, len(times) + 0.5)
    ax.set_yscale("log")
    ax.set_ylabel("time per answered puzzle (ms)")
    ax.set_title(f"time per puzzle{f': {dataset}' if dataset else ''}")
    return ax


def _box_label(backend: str, answered: int, timed_out: int) -> str:
    if not timed_out:
        return backend
    return f"{backend}\n{'all ' if not answered else ''}{timed_out} timed out"


def save(table: Table, path: str | os.PathLike[str], dataset: str | None = None) -> None:
    """Write the cactus plot and the box plot side by side to an image file (PNG, SVG, PDF)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingDependencyError(f"plots need matplotlib: {INSTALL}") from None
    figure = Figure(figsize=(12, 5), layout="constrained")
    left, right = figure.subplots(1, 2)
    cactus(table, ax=left, dataset=dataset)
    box(table, ax=right, dataset=dataset)
    figure.savefig(path, dpi=100)
