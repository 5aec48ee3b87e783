"""The MIP backend: the 0/1 integer program (:mod:`.mip_constraints`) solved through OR-Tools'
MathOpt.

Three engines, all bundled with the ``ortools`` wheel: ``scip`` (the default), ``highs`` and
``cpsat``; pick one as a variant (``get_solver("mip:highs")``) or as an option
(``get_solver("mip", engine="highs")``). The program has no objective: any feasible point is a
solution. Grids to exclude are no-good cuts (the free cells cannot all keep their digits of
that grid), so enumeration and uniqueness solve, cut and solve again.

Why this is slower than CP-SAT on the same puzzles: a MIP engine reasons over the LP
relaxation, and the relaxation of an exactly-one-per-cell assignment problem is weak (an
all-fractional point satisfies every row), so the engine branches where a constraint solver
would have propagated; each re-solve also starts the presolve and LP from scratch. The
formulation counts as much as the engine: CP-SAT itself, handed these rows (``mip:cpsat``), is
slower than on its own integer model, and SCIP and HiGHS trade places from one puzzle set to
another on the same rows (the README's table).
"""

from __future__ import annotations

import datetime
import functools
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ..errors import UnknownSolverError
from ..model import Model
from ..parsing import Source
from ..puzzle import Puzzle
from .base import EnumeratingSolver, Grid, SearchTimeout, Stats, as_model, load_optional
from .mip_constraints import Formulation, Row, formulate

#: Engine names and their MathOpt solver types.
ENGINES: dict[str, str] = {"scip": "GSCIP", "highs": "HIGHS", "cpsat": "CP_SAT"}

#: Solves of one search run with the engine's presolve; later ones (an enumeration past a
#: uniqueness proof) run SCIP without it, see ``_parameters``.
PRESOLVED_SOLVES = 2


@functools.cache
def _mathopt() -> ModuleType:
    """The ``ortools.math_opt.python.mathopt`` module, imported on first use."""
    return load_optional(
        "ortools.math_opt.python.mathopt", "the mip backend needs OR-Tools: pip install ortools"
    )


class Translation:
    """A formulation built as a MathOpt model: ``variables`` maps names to MathOpt variables."""

    def __init__(self, form: Formulation) -> None:
        mathopt = _mathopt()
        self.form = form
        self.model = mathopt.Model(name="sudoku")
        self.variables = {
            name: self.model.add_binary_variable(name=name) for name in form.variables
        }
        for row in form.rows:
            self.add(row)

    def add(self, row: Row) -> None:
        """Add one row to the MathOpt model."""
        expr = _mathopt().fast_sum(c * self.variables[v] for c, v in row.terms)
        low = row.rhs if row.sense in (">=", "==") else None
        high = row.rhs if row.sense in ("<=", "==") else None
        self.model.add_linear_constraint(lb=low, ub=high, expr=expr, name=row.name)

    def block(self, grid: Grid) -> None:
        """Add the no-good cut that forbids ``grid`` (none for a grid that breaks a given)."""
        row = self.form.no_good(grid)
        if row is not None:
            self.add(row)

    def read(self, values: dict[Any, float]) -> Grid:
        """The grid of a solution's variable values."""
        return tuple(
            max(range(len(lits)), key=lambda k: values[self.variables[lits[k]]]) + 1
            for lits in self.form.cell_vars
        )


class MipSolver(EnumeratingSolver):
    """0/1 integer programming through OR-Tools MathOpt (SCIP, HiGHS or CP-SAT).

    >>> result = MipSolver().solve(".1.....4....34..", limit=2)
    >>> result.status, result.solution.to_line()
    (Status.UNIQUE, '4132231412433421')
    """

    name = "mip"
    variants = tuple(ENGINES)
    requires = "ortools"
    imports = "ortools.math_opt.python.mathopt"

    def __init__(self, variant: str | None = None, **options: Any) -> None:
        engine = options.pop("engine", None)
        if engine is not None:
            if variant is not None and variant != engine:
                raise UnknownSolverError(f"mip:{variant} names an engine already; drop engine=")
            if engine not in ENGINES:
                raise UnknownSolverError(
                    f"unknown mip engine {engine!r}; known: {', '.join(ENGINES)}"
                )
            variant = engine
        super().__init__(variant, **options)
        if options:
            raise TypeError(f"the mip backend takes only engine=, got {sorted(options)}")

    # --- the escape hatch --------------------------------------------------------------------

    def formulation(self, puzzle: Puzzle | Model | Source) -> Formulation:
        """The binaries and rows of ``puzzle``."""
        return formulate(as_model(puzzle))

    def native_model(self, puzzle: Puzzle | Model | Source) -> Any:
        """The MathOpt ``Model`` this backend solves for ``puzzle``."""
        return Translation(self.formulation(puzzle)).model

    # --- the search --------------------------------------------------------------------------

    def _search(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        start = time.perf_counter()
        form = formulate(model)
        translation = Translation(form)
        stats.extra["build_time"] = time.perf_counter() - start
        stats.extra["variables"] = float(len(translation.variables))
        stats.extra["constraints"] = float(len(form.rows))
        for blocked in exclude:
            translation.block(blocked)
        mathopt = _mathopt()
        engine = getattr(mathopt.SolverType, ENGINES[self.variant or "scip"])
        with mathopt.IncrementalSolver(translation.model, engine) as solver:
            while limit == 0 or len(found) < limit:
                grid = self._solve_once(translation, solver, deadline, stats)
                if grid is None:
                    return
                found.append(grid)
                translation.block(grid)

    def _solve_once(
        self, translation: Translation, solver: Any, deadline: float | None, stats: Stats
    ) -> Grid | None:
        """Solve the model as it stands (the incremental ``solver`` sees every cut added)."""
        mathopt = _mathopt()
        params = _parameters(self.variant or "scip", int(stats.extra.get("solves", 0)))
        if deadline is not None:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise SearchTimeout
            params.time_limit = datetime.timedelta(seconds=remaining)
        result = solver.solve(params=params)
        solve_stats = result.solve_stats
        stats.nodes += solve_stats.node_count
        extra = stats.extra
        extra["simplex_iterations"] = (
            extra.get("simplex_iterations", 0.0) + solve_stats.simplex_iterations
        )
        extra["solve_time"] = extra.get("solve_time", 0.0) + solve_stats.solve_time.total_seconds()
        extra["solves"] = extra.get("solves", 0.0) + 1
        reason = result.termination.reason
        reasons = mathopt.TerminationReason
        if reason in (reasons.OPTIMAL, reasons.FEASIBLE):
            return translation.read(result.variable_values())
        if reason in (reasons.INFEASIBLE, reasons.INFEASIBLE_OR_UNBOUNDED):
            return None
        if reason is reasons.NO_SOLUTION_FOUND and deadline is not None:
            raise SearchTimeout
        raise RuntimeError(f"{self.label} stopped without an answer: {result.termination}")


def _parameters(engine: str, solves: int) -> Any:
    """MathOpt parameters for the next solve of a search that has run ``solves`` of them.

    One thread, as the other backends run (HiGHS takes no thread count per solve). SCIP runs
    without cutting planes, which cost more than they save here (hard20: 0.44 against 0.56 s per
    puzzle with its uniqueness proof; a 4x4 re-solve 17 against 55 ms), and once the uniqueness
    question is answered without presolve too: it would run again on each re-solve as the cuts
    pile up (the 576 Latin squares of order 4: 32 against 48 s). All figures measured on a
    loaded machine.
    """
    mathopt = _mathopt()
    if engine == "highs":
        return mathopt.SolveParameters()
    if engine == "cpsat":
        return mathopt.SolveParameters(threads=1)
    off = mathopt.Emphasis.OFF
    presolve = off if solves >= PRESOLVED_SOLVES else None
    return mathopt.SolveParameters(threads=1, cuts=off, presolve=presolve)
