"""The CP-SAT backend: the model translated for OR-Tools' CP-SAT solver.

Two formulations, so users can see how the encoding changes the solver's work:

- ``integer`` (default): one integer variable per cell with domain ``1..n`` (a given fixes it),
  one ``AddAllDifferent`` per group, and per cage an all-different plus a linear sum;
- ``boolean``: one Boolean variable per (cell, digit), exactly one digit per cell, each digit
  exactly once in a full group (at most once in a smaller group or a cage), and per cage a
  linear sum of ``d * x[cell, d]``.

Grids to exclude are blocking constraints: at least one cell must differ from the grid, so
``has_other_solution`` is one solve. Enumeration (``limit != 1``, uniqueness is ``limit=2``)
builds one model per call and either collects solutions in one CP-SAT search through a solution
callback (``enumeration="callback"``, the default) or solves, blocks the grid just found and
solves again (``enumeration="blocking"``). Both give the same solutions; the single search
pays CP-SAT's presolve once instead of once per solution, about half the time on a 9x9 puzzle.
With several workers CP-SAT's own enumeration can repeat and miss grids, so a solver with
``num_workers != 1`` always enumerates by blocking.

Every other option is a CP-SAT parameter by name (``num_workers``, ``random_seed``,
``cp_model_presolve``, ``log_search_progress``, ...); ``presolve`` is short for
``cp_model_presolve``. The backend runs one worker unless told otherwise: on small puzzles more
workers cost more than they find.

``ortools`` is imported on first use, since importing it takes a noticeable fraction of a second.
That import and a first tiny solve (about 0.6 s together) happen before the clock of the first
``solve`` starts, so a result's time is that of its own puzzle.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ..board import cell_name
from ..errors import UnsupportedModelError
from ..model import Model
from ..parsing import Source
from ..puzzle import Puzzle
from .base import Grid, Result, SearchTimeout, Solver, Stats, as_model, load_optional
from .cpsat_constraints import add_constraints

#: Parameters the backend sets unless the caller passes its own.
DEFAULT_PARAMETERS: dict[str, Any] = {"num_workers": 1}

#: How ``solve`` with ``limit != 1`` enumerates (option ``enumeration``; the first is the default):
#: ``callback`` collects solutions in one CP-SAT search, ``blocking`` solves, blocks the grid
#: found and solves again. Both give the same solutions; one search costs about half as much.
#: Several workers always enumerate by blocking.
ENUMERATIONS = ("callback", "blocking")

#: Short option names accepted beside CP-SAT's own parameter names.
PARAMETER_ALIASES: dict[str, str] = {"presolve": "cp_model_presolve"}


@functools.cache
def load_cp_model() -> ModuleType:
    """The ``ortools.sat.python.cp_model`` module, imported on first use."""
    return load_optional(
        "ortools.sat.python.cp_model", "the cpsat backend needs OR-Tools: pip install ortools"
    )


@functools.cache
def warm_up() -> None:
    """Import OR-Tools and run one tiny CP-SAT solve, once per process, outside any timing."""
    cp_model = load_cp_model()
    model = cp_model.CpModel()
    x = model.new_int_var(1, 2, "x")
    model.add(x != 1)
    cp_model.CpSolver().solve(model)


class Translation:
    """A model built for CP-SAT: the ``CpModel``, its cell variables, and the blocking step.

    ``cells[i]`` is the integer variable of cell ``i`` (integer form) or the list of its ``n``
    Boolean variables, digit ``d`` at position ``d - 1`` (Boolean form). Variables are named
    ``r1c1`` and ``r1c1=5`` in the model.
    """

    def __init__(self, model: Model, variant: str) -> None:
        start = time.perf_counter()
        self.source = model
        self.variant = variant
        self.cp_model = load_cp_model().CpModel()
        self._blocked = 0
        self._digits: dict[tuple[int, int], Any] = {}
        if variant == "integer":
            self.cells: list[Any] = self._integer_cells()
        else:
            self.cells = self._boolean_cells()
        add_constraints(
            self.cp_model,
            model.constraints,
            self._value,
            self._holds,
            model.n,
            boolean=variant == "boolean",
        )
        self.build_time = time.perf_counter() - start

    def _name(self, i: int) -> str:
        return cell_name(*self.source.board.row_col(i))

    def _integer_cells(self) -> list[Any]:
        model, cp = self.source, self.cp_model
        cells = [
            cp.new_int_var(g or 1, g or model.n, self._name(i)) for i, g in enumerate(model.givens)
        ]
        for group in model.groups:
            cp.add_all_different([cells[i] for i in group.cells])
        for cage in model.cages:
            members = [cells[i] for i in cage.cells]
            cp.add_all_different(members)
            cp.add(sum(members) == cage.total)
        return cells

    def _boolean_cells(self) -> list[Any]:
        model, cp = self.source, self.cp_model
        n = model.n
        digits = range(1, n + 1)
        cells = []
        for i in range(model.size):
            name = self._name(i)
            cells.append([cp.new_bool_var(f"{name}={d}") for d in digits])
            cp.add_exactly_one(cells[i])
        given = [cells[i][g - 1] for i, g in enumerate(model.givens) if g]
        if given:
            cp.add_bool_and(given)
        for group in model.groups:
            for d in digits:
                same_digit = [cells[i][d - 1] for i in group.cells]
                if len(same_digit) == n:
                    cp.add_exactly_one(same_digit)
                else:
                    cp.add_at_most_one(same_digit)
        for cage in model.cages:
            for d in digits:
                cp.add_at_most_one([cells[i][d - 1] for i in cage.cells])
            cp.add(sum(d * cells[i][d - 1] for i in cage.cells for d in digits) == cage.total)
        return cells

    def _value(self, i: int) -> Any:
        """The integer variable of cell ``i`` (integer form)."""
        return self.cells[i]

    def _holds(self, i: int, d: int) -> Any:
        """A literal true exactly when cell ``i`` holds ``d``."""
        if self.variant == "boolean":
            return self.cells[i][d - 1]
        if (i, d) not in self._digits:
            flag = self.cp_model.new_bool_var(f"{self._name(i)}={d}")
            self.cp_model.add(self.cells[i] == d).only_enforce_if(flag)
            self.cp_model.add(self.cells[i] != d).only_enforce_if(~flag)
            self._digits[i, d] = flag
        return self._digits[i, d]

    def block(self, grid: Grid) -> None:
        """Require that at least one cell differs from ``grid``.

        A grid that already breaks a given needs no constraint: every solution differs from it.
        In the integer form each cell gets a flag that holds exactly when the cell differs, so
        the flags follow from the cells and an enumeration sees each grid once.
        """
        givens = self.source.givens
        if any(g and g != d for g, d in zip(givens, grid, strict=True)):
            return
        free = [i for i, g in enumerate(givens) if not g]
        cp = self.cp_model
        self._blocked += 1
        if self.variant == "integer":
            differs = []
            for i in free:
                flag = cp.new_bool_var(f"block{self._blocked}_{self._name(i)}")
                cp.add(self.cells[i] != grid[i]).only_enforce_if(flag)
                cp.add(self.cells[i] == grid[i]).only_enforce_if(~flag)
                differs.append(flag)
            cp.add_bool_or(differs)
        else:
            cp.add_bool_or([~self.cells[i][grid[i] - 1] for i in free])

    def read(self, solver: Any) -> Grid:
        """The grid of the solution ``solver`` just found."""
        values = solver.response_proto.solution
        if self.variant == "integer":
            return tuple(values[v.index] for v in self.cells)
        return tuple(
            next(d for d, lit in enumerate(lits, start=1) if values[lit.index])
            for lits in self.cells
        )


class CpSatSolver(Solver):
    """OR-Tools CP-SAT: AllDifferent on integer cells, or exactly-one on cell-digit Booleans.

    >>> solver = CpSatSolver("boolean")
    >>> result = solver.solve(".1.....4....34..", limit=2)
    >>> result.status, result.solution.to_line()
    (Status.UNIQUE, '4132231412433421')
    """

    name = "cpsat"
    variants = ("integer", "boolean")
    requires = "ortools"
    imports = "ortools"

    def solve(
        self,
        puzzle: Puzzle | Model | Source,
        limit: int = 1,
        time_limit: float | None = None,
        exclude: Sequence[Puzzle | Sequence[int]] = (),
        keep: int | None = None,
    ) -> Result:
        """As :meth:`Solver.solve`, with OR-Tools warmed up (:func:`warm_up`) before the clock."""
        warm_up()
        return super().solve(puzzle, limit, time_limit, exclude, keep)

    # --- the escape hatch --------------------------------------------------------------------

    def translate(
        self, puzzle: Puzzle | Model | Source, exclude: Sequence[Grid] = ()
    ) -> Translation:
        """The CP-SAT translation of ``puzzle`` with the grids of ``exclude`` blocked."""
        translation = Translation(as_model(puzzle), self.variant or "integer")
        for grid in exclude:
            translation.block(tuple(grid))
        return translation

    def native_model(self, puzzle: Puzzle | Model | Source) -> Any:
        """The ``CpModel`` this backend builds for ``puzzle``, for power users to extend and solve.

        In the integer form variable ``i`` is cell ``i``; in the Boolean form variable
        ``i * n + d - 1`` says that cell ``i`` holds digit ``d``.
        """
        return self.translate(puzzle).cp_model

    def model_text(self, puzzle: Puzzle | Model | Source) -> str:
        """The built model in protobuf text form: every variable and constraint CP-SAT receives."""
        return str(self.native_model(puzzle).proto)

    # --- the search --------------------------------------------------------------------------

    def _find(
        self, model: Model, exclude: Sequence[Grid], deadline: float | None, stats: Stats
    ) -> Grid | None:
        translation = self._translate(model, exclude, stats)
        return self._solve_once(translation, self._new_solver(), deadline, stats)

    def _search(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        enumeration = self.options.get("enumeration", ENUMERATIONS[0])
        if enumeration not in ENUMERATIONS:
            raise ValueError(f"enumeration must be one of {ENUMERATIONS}, got {enumeration!r}")
        translation = self._translate(model, exclude, stats)
        solver = self._new_solver()
        one_worker = {**DEFAULT_PARAMETERS, **self.options}["num_workers"] == 1
        if enumeration == "callback" and limit != 1 and one_worker:
            self._enumerate(translation, solver, limit, deadline, stats, found)
            return
        while (grid := self._solve_once(translation, solver, deadline, stats)) is not None:
            found.append(grid)
            if len(found) == limit:
                return
            translation.block(grid)

    def _translate(self, model: Model, exclude: Sequence[Grid], stats: Stats) -> Translation:
        translation = self.translate(model, exclude)
        stats.extra["build_time"] = stats.extra.get("build_time", 0.0) + translation.build_time
        proto = translation.cp_model.proto
        stats.extra["variables"] = float(len(proto.variables))
        stats.extra["constraints"] = float(len(proto.constraints))
        return translation

    def _new_solver(self) -> Any:
        """A ``CpSolver`` with the defaults and the caller's CP-SAT parameters set."""
        solver = load_cp_model().CpSolver()
        for key, value in {**DEFAULT_PARAMETERS, **self.options}.items():
            if key == "enumeration":
                continue
            name = PARAMETER_ALIASES.get(key, key)
            try:
                setattr(solver.parameters, name, value)
            except AttributeError:
                raise TypeError(f"{key!r} is not a CP-SAT parameter") from None
            except TypeError:
                raise TypeError(f"CP-SAT parameter {name!r} cannot take {value!r}") from None
        return solver

    def _run(
        self,
        translation: Translation,
        solver: Any,
        deadline: float | None,
        stats: Stats,
        callback: Any = None,
    ) -> Any:
        """Solve the translation as it stands within the deadline; the CP-SAT status."""
        if deadline is not None:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise SearchTimeout
            own_limit = self.options.get("max_time_in_seconds")
            solver.parameters.max_time_in_seconds = (
                remaining if own_limit is None else min(own_limit, remaining)
            )
        status = solver.solve(translation.cp_model, callback)
        _add_solver_stats(solver, stats)
        if status == load_cp_model().MODEL_INVALID:
            raise UnsupportedModelError(
                f"CP-SAT rejected the model: {translation.cp_model.validate()}"
            )
        return status

    def _solve_once(
        self, translation: Translation, solver: Any, deadline: float | None, stats: Stats
    ) -> Grid | None:
        """One solution of the translation as it stands, or None when it is infeasible."""
        cp_model = load_cp_model()
        status = self._run(translation, solver, deadline, stats)
        if status == cp_model.UNKNOWN:
            raise SearchTimeout
        if status == cp_model.INFEASIBLE:
            return None
        return translation.read(solver)

    def _enumerate(
        self,
        translation: Translation,
        solver: Any,
        limit: int,
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        """Collect up to ``limit`` solutions (0: all) in one CP-SAT search with a callback."""
        cp_model = load_cp_model()
        solver.parameters.enumerate_all_solutions = True
        collector = _collector_class()(translation, limit, found)
        status = self._run(translation, solver, deadline, stats, collector)
        complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
        if not complete and (limit == 0 or len(found) < limit):
            raise SearchTimeout


@functools.cache
def _collector_class() -> type:
    """The solution callback class, defined once ``ortools`` is imported."""
    callback_base: Any = load_cp_model().CpSolverSolutionCallback

    class SolutionCollector(callback_base):
        """Appends each grid CP-SAT reports to ``found`` and stops the search at ``limit`` grids.

        Every variable of a translation follows from the cells, so one worker reports each grid
        once.
        """

        def __init__(self, translation: Translation, limit: int, found: list[Grid]) -> None:
            super().__init__()
            self.translation = translation
            self.limit = limit
            self.found = found

        def on_solution_callback(self) -> None:
            self.found.append(self.translation.read(self))
            if self.limit and len(self.found) >= self.limit:
                self.stop_search()

    return SolutionCollector


def _add_solver_stats(solver: Any, stats: Stats) -> None:
    """Add the counters of the solve ``solver`` just ran to ``stats``."""
    response = solver.response_proto
    branches = solver.num_branches
    stats.nodes += branches
    stats.guesses += branches
    stats.conflicts += solver.num_conflicts
    stats.propagations += response.num_binary_propagations + response.num_integer_propagations
    extra = stats.extra
    extra["solve_time"] = extra.get("solve_time", 0.0) + solver.wall_time
    extra["solves"] = extra.get("solves", 0.0) + 1
