"""Benchmarks: many backends over puzzle sets, one row per solve, figures per backend and dataset.

>>> from sudoku_models import bench
>>> table = bench.run("hardest", backends=["backtracking"], sample=2, seed=0)
>>> summary = table.summary()
>>> summary[0]["dataset"], summary[0]["puzzles"], summary[0]["timeouts"]
('hardest', 2, 0)

Plots live in :mod:`sudoku_models.bench.plots` (matplotlib is imported there only when used).
"""

from __future__ import annotations

from .runner import BenchTable, load_dataset, run, warm_up
from .summary import SummaryTable, percentile, summarize
from .table import Table

__all__ = [
    "BenchTable",
    "SummaryTable",
    "Table",
    "load_dataset",
    "percentile",
    "run",
    "summarize",
    "warm_up",
]
