"""Figures per backend and dataset from a table of per-puzzle benchmark rows."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any, ClassVar

from .table import Row, Table

#: Status value of a puzzle whose time limit ran out.
TIMEOUT = "timeout"

#: What the columns of a summary count, for a reader of the table.
LEGEND = (
    "puzzles_per_s: puzzles per second of solver time (per worker). mean_nodes: search nodes "
    "visited (partial assignments; SAT and CP-SAT: decisions). mean_guesses: values tried at "
    "nodes with two or more options; a node that tries two values counts two guesses, so "
    "guesses can exceed nodes. mean_conflicts: dead ends met (SAT and CP-SAT: conflicts). "
    "0: the backend does not report the counter, or needed no search."
)


class SummaryTable(Table):
    """One row per (dataset, backend): rate, time percentiles, timeouts and mean counters.

    ``puzzles_per_s`` counts solver time only (the sum of the per-puzzle times), so it is a
    rate per worker and does not change with the number of workers. :data:`LEGEND` says what
    each counter counts.
    """

    column_types: ClassVar[dict[str, type]] = {
        "dataset": str,
        "backend": str,
        "puzzles": int,
        "timeouts": int,
        "puzzles_per_s": float,
        "median_ms": float,
        "p90_ms": float,
        "max_ms": float,
        "mean_nodes": float,
        "mean_guesses": float,
        "mean_conflicts": float,
    }
    default_columns: ClassVar[tuple[str, ...]] = tuple(column_types)


def summarize(table: Table) -> SummaryTable:
    """Group the rows of ``table`` by (dataset, backend), in order of first appearance.

    Each row needs ``dataset``, ``backend``, ``status``, ``time_ms``, ``nodes``, ``guesses`` and
    ``conflicts``; timed-out puzzles count with the time they ran.
    """
    groups: dict[tuple[str, str], list[Row]] = {}
    for row in table.rows:
        groups.setdefault((row["dataset"], row["backend"]), []).append(row)
    return SummaryTable(
        (_figures(dataset, backend, rows) for (dataset, backend), rows in groups.items()),
        SummaryTable.default_columns,
    )


def _figures(dataset: str, backend: str, rows: list[Row]) -> dict[str, Any]:
    times = sorted(float(row["time_ms"]) for row in rows)
    total_s = sum(times) / 1000
    return {
        "dataset": dataset,
        "backend": backend,
        "puzzles": len(rows),
        "timeouts": sum(1 for row in rows if row["status"] == TIMEOUT),
        "puzzles_per_s": len(rows) / total_s if total_s > 0 else math.inf,
        "median_ms": statistics.median(times),
        "p90_ms": percentile(times, 90),
        "max_ms": times[-1],
        "mean_nodes": statistics.fmean(row["nodes"] for row in rows),
        "mean_guesses": statistics.fmean(row["guesses"] for row in rows),
        "mean_conflicts": statistics.fmean(row["conflicts"] for row in rows),
    }


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile of sorted values, interpolating linearly between closest ranks.

    >>> percentile([1.0, 2.0, 3.0, 4.0, 5.0], 90)
    4.6
    """
    if not sorted_values:
        raise ValueError("percentile of no values")
    position = (len(sorted_values) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    weight = position - low
    return sorted_values[low] * (1 - weight) + sorted_values[high] * weight
