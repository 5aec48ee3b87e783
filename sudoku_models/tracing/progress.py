"""What SAT and CP-SAT report over time, for backends that expose no search tree.

A CDCL solver backjumps and restarts, learning clauses on the way; there is no tree of nodes
to draw. What they do expose are counters: :func:`progress` samples them as the search runs.

- ``sat``: the solver is run in slices of ``CONFLICTS_PER_SAMPLE`` (20) conflicts, and after
  each slice its decisions, conflicts, propagations and restarts so far are read
  (``accum_stats``);
- ``cpsat``: one worker enumerates with a solution callback that reads its branches and
  conflicts at each solution, and the solver's own search-progress log is kept line by line.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..deadline import within
from ..door import PuzzleLike, model_of
from ..errors import UnknownSolverError
from ..solvers import get_solver
from ..solvers.base import within_limits

#: Conflicts a SAT solver runs between two samples of its counters.
CONFLICTS_PER_SAMPLE = 20

#: Clauses handed to a SAT solver between two looks at the clock while it is loaded.
CLAUSES_PER_LOAD = 50_000

#: Samples kept at most; a longer run keeps every second one, and so on.
MAX_SAMPLES = 2000


@dataclass(frozen=True)
class SearchProgress:
    """Counters a SAT or CP-SAT search reported over time; not a search tree.

    ``samples`` are dicts with ``time`` (seconds since the start) and the counters read then;
    ``event`` says why the sample was taken (``"slice"``, ``"solution"``, ``"end"``).
    ``log`` holds CP-SAT's search-progress lines; ``complete`` is False when the time limit
    ended the search first.
    """

    backend: str
    solutions: int
    samples: tuple[dict[str, Any], ...]
    log: tuple[str, ...] = field(default=())
    complete: bool = True

    kind = "solver progress (a SAT or CP-SAT search has no tree to draw)"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form, labelled as counters over time rather than a tree."""
        return {
            "kind": self.kind,
            "backend": self.backend,
            "solutions": self.solutions,
            "complete": self.complete,
            "samples": list(self.samples),
            "log": list(self.log),
        }

    def __repr__(self) -> str:
        last = self.samples[-1] if self.samples else {}
        counters = ", ".join(f"{k}={v}" for k, v in last.items() if k not in ("time", "event"))
        return f"SearchProgress(backend={self.backend!r}, solutions={self.solutions}, {counters})"


def progress(
    puzzle: PuzzleLike, backend: str = "sat", limit: int = 1, time_limit: float | None = None
) -> SearchProgress:
    """Run a SAT (``"sat"``, ``"sat:glucose4"``...) or CP-SAT backend on ``puzzle`` and sample
    its counters over time, looking for ``limit`` solutions (0: all), for at most
    ``time_limit`` seconds (or until a limit opened with :func:`sudoku_models.deadline.within`
    ends): the report then says it is not ``complete``."""
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise ValueError(f"limit must be an int >= 0 (0 means all), got {limit!r}")
    if time_limit is not None and not time_limit > 0:  # nan is not positive either
        raise ValueError(f"time_limit must be positive seconds, got {time_limit!r}")
    seconds = within_limits(time_limit)
    end = None if seconds is None else time.perf_counter() + seconds
    with within(time_limit):  # reading the puzzle counts against the limit too
        model = model_of(puzzle)
    solver = get_solver(backend)
    if solver.name == "sat":
        return _sat_progress(solver, model, limit, end)
    if solver.name == "cpsat":
        return _cpsat_progress(solver, model, limit, end)
    raise UnknownSolverError(
        f"progress() samples the sat and cpsat backends, not {solver.label!r}; "
        "the handwritten strategies record whole trees with trace()"
    )


class _Samples:
    """Samples with a clock, thinned to at most :data:`MAX_SAMPLES`."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.items: list[dict[str, Any]] = []

    def add(self, event: str, counters: dict[str, Any]) -> None:
        self.items.append({"time": time.perf_counter() - self.start, "event": event, **counters})
        if len(self.items) > MAX_SAMPLES:
            self.items = self.items[::2]


def _passed(end: float | None) -> bool:
    return end is not None and time.perf_counter() > end


def _sat_progress(solver: Any, model: Any, limit: int, end: float | None) -> SearchProgress:
    from pysat.solvers import Solver as PySatSolver

    formula = solver.cnf(model)
    solutions = 0
    complete = True
    with PySatSolver(name=solver.variant) as sat:
        # Loading a large board's clauses takes a while: in chunks, the clock read between.
        for start in range(0, len(formula.clauses), CLAUSES_PER_LOAD):
            if _passed(end):
                return SearchProgress(solver.label, 0, (), complete=False)
            sat.append_formula(formula.clauses[start : start + CLAUSES_PER_LOAD])
        samples = _Samples()  # the clock starts once the clauses are loaded

        def counters() -> dict[str, Any]:
            try:
                return {k: int(v) for k, v in sat.accum_stats().items()}
            except NotImplementedError:
                return {}

        while limit == 0 or solutions < limit:
            sat.conf_budget(CONFLICTS_PER_SAMPLE)
            answer = sat.solve_limited()
            if answer is None:
                samples.add("slice", counters())
                if _passed(end):
                    complete = False
                    break
                continue
            if not answer:
                break
            solutions += 1
            samples.add("solution", counters())
            grid = formula.decode_model(sat.get_model())
            free = [i for i, d in enumerate(model.givens) if not d]
            if not free:
                break
            sat.add_clause([-formula.var(*divmod(i, model.n), grid[i]) for i in free])
        samples.add("end", counters())
    return SearchProgress(solver.label, solutions, tuple(samples.items), complete=complete)


def _cpsat_progress(solver: Any, model: Any, limit: int, end: float | None) -> SearchProgress:
    from ortools.sat.python import cp_model

    translation = solver.translate(model)
    cp = cp_model.CpSolver()
    cp.parameters.num_workers = 1
    cp.parameters.enumerate_all_solutions = True
    cp.parameters.log_search_progress = True
    cp.parameters.log_to_stdout = False
    log: list[str] = []
    cp.log_callback = log.append
    samples = _Samples()
    found = [0]

    class Sampler(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found[0] += 1
            samples.add(
                "solution", {"branches": self.num_branches, "conflicts": self.num_conflicts}
            )
            if limit and found[0] >= limit:
                self.stop_search()

    if end is not None:  # what is left once the model is built
        cp.parameters.max_time_in_seconds = max(0.001, end - time.perf_counter())
    status = cp.solve(translation.cp_model, Sampler())
    samples.add("end", {"branches": cp.num_branches, "conflicts": cp.num_conflicts})
    lines = tuple(line for text in log for line in text.splitlines() if line.startswith("#"))
    # The search ended by itself when it proved its answer or stopped at the asked limit.
    ended = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or (limit and found[0] >= limit)
    return SearchProgress(solver.label, found[0], tuple(samples.items), lines, bool(ended))
