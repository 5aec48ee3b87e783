"""Search trees: record what a handwritten strategy visits, node by node, and show it.

:func:`trace` runs one strategy of the handwritten search with a recorder and returns a
:class:`~sudoku_models.tracing.tree.SearchTree`: every node in the order visited, with its
parent, the cell and digit tried, what propagation removed, and its outcome (``fail``,
``solution`` or ``open``). The tree's counts equal the strategy's own counters for the run.

>>> import sudoku_models as sm
>>> tree = sm.trace(".1.....4....34..", backend="mrv")
>>> tree.counts["nodes"] == tree.stats.nodes, tree.counts["solutions"]
(True, 1)
>>> tree.to_dict()["nodes"][1]["cell"], tree.outcome(len(tree) - 1)
('r2c1', 'solution')
>>> tree.to_svg().startswith("<svg")
True

SAT and CP-SAT expose no tree: :func:`~sudoku_models.tracing.progress.progress` reports what
they count over time instead (decisions, conflicts, restarts), labelled as such.
"""

from __future__ import annotations

import time

from ..deadline import within
from ..door import PuzzleLike, model_of
from ..errors import UnknownSolverError
from ..solvers import get_solver
from ..solvers.backtracking import STRATEGIES, BacktrackingSolver, search_of
from ..solvers.backtracking.recorder import Recorder, TraceFull
from ..solvers.base import Grid, SearchTimeout, Stats, within_limits
from .progress import SearchProgress, progress
from .tree import NODE_CAP as STOPPED_AT_NODE_CAP
from .tree import TIME_LIMIT as STOPPED_AT_TIME_LIMIT
from .tree import SearchTree

__all__ = [
    "MAX_NODES",
    "NODE_CAP",
    "SearchProgress",
    "SearchTree",
    "progress",
    "trace",
    "traceable",
]

#: Nodes recorded at most by default: some 10 MB of JSON.
MAX_NODES = 100_000

#: Nodes a tree may be asked to record at most: a million nodes take some 25 MB (flat arrays),
#: plus 4 bytes a listed removal, and some 100 MB of JSON.
NODE_CAP = 1_000_000


def traceable() -> list[str]:
    """The backend names :func:`trace` accepts: each strategy of the handwritten search."""
    return [f"backtracking:{name}" for name in STRATEGIES]


def trace(
    puzzle: PuzzleLike,
    backend: str = "backtracking",
    limit: int = 1,
    max_nodes: int = MAX_NODES,
    time_limit: float | None = None,
) -> SearchTree:
    """Run one handwritten strategy on ``puzzle`` and record its search tree.

    ``backend`` is a strategy (``"mrv"``) or its full name (``"backtracking:mrv"``);
    ``limit`` solutions are looked for (0: all), as in :func:`~sudoku_models.solve`. The
    search stops after ``max_nodes`` recorded nodes (at most ``NODE_CAP``, 1,000,000) or
    ``time_limit`` seconds (or a limit opened with :func:`sudoku_models.deadline.within`); the
    tree then says it is not ``complete``.
    """
    solver = _strategy_solver(backend)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise ValueError(f"limit must be an int >= 0 (0 means all), got {limit!r}")
    if not isinstance(max_nodes, int) or isinstance(max_nodes, bool) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive int, got {max_nodes!r}")
    if max_nodes > NODE_CAP:
        raise ValueError(f"max_nodes may be at most {NODE_CAP:,}, got {max_nodes:,}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be positive seconds, got {time_limit!r}")
    with within(time_limit):
        model = model_of(puzzle)
    name = solver.strategy_name(model)
    recorder = Recorder(max_nodes)
    stats = Stats()
    found: list[Grid] = []
    complete = True
    reason = ""
    # As Solver.solve does: a strategy that does not check the givens never sees a clash.
    if solver.sees_clashes or not model.clashes():
        start = time.perf_counter()
        seconds = within_limits(time_limit)
        deadline = None if seconds is None else start + seconds
        try:
            search_of(name)(model, limit, [], deadline, stats, found, recorder)
        except TraceFull:
            complete, reason = False, STOPPED_AT_NODE_CAP
        except SearchTimeout:
            complete, reason = False, STOPPED_AT_TIME_LIMIT
        stats.time = time.perf_counter() - start
    return SearchTree.from_recorder(
        recorder, model.board, model.givens, f"backtracking:{name}", limit, stats, complete, reason
    )


def _strategy_solver(backend: str) -> BacktrackingSolver:
    """The handwritten solver a backend name stands for; a clear error for any other."""
    if not isinstance(backend, str):
        raise UnknownSolverError(f"a traced backend is a name, got {type(backend).__name__}")
    name = backend.strip()
    if name in STRATEGIES:
        name = f"backtracking:{name}"
    if name.partition(":")[0] != "backtracking":
        known = ", ".join(traceable())
        hint = ""
        if name.partition(":")[0] in ("sat", "cpsat"):
            hint = "; for SAT and CP-SAT, progress() reports their counters over time"
        elif name.partition(":")[0] == "numba":
            hint = "; the compiled search keeps its stack inside compiled code and records nothing"
        raise UnknownSolverError(
            f"backend {backend!r} cannot record a search tree; these can: {known}{hint}"
        )
    solver = get_solver(name)
    assert isinstance(solver, BacktrackingSolver)
    return solver
