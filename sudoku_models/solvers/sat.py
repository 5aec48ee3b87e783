"""The SAT backend: the model as CNF (see :mod:`sudoku_models.cnf`) solved with PySAT.

Options, passed as ``get_solver("sat:glucose4", encoding=..., amo=..., givens=...)``:

- ``encoding``: ``minimal``, ``efficient`` or ``extended`` (Lynce and Ouaknine);
- ``amo``: the at-most-one encoding, one of :data:`sudoku_models.cnf.AT_MOST_ONE`;
- ``givens``: ``assumptions`` (the default): one PySAT solver per model shape keeps the rules
  and takes each puzzle's givens as assumptions, so the rules are loaded once for every puzzle
  solved by this object; ``units``: a fresh solver per puzzle with the givens as unit clauses;
  ``simplify``: a fresh solver per puzzle with the formula reduced by the givens (Kwon and
  Jain's optimized encoding), which cannot be shared since it depends on the givens.

- ``deterministic``: False (the default) or True; see "Which solutions" below.

Enumeration blocks each grid found with a clause over the cell-digit variables of the cells that
are not given (never the auxiliaries, so no grid comes back twice). With ``assumptions`` those
clauses are guarded by a selector literal, assumed during the search and retired by a unit clause
at its end, so a later puzzle on the same object never sees them.

Phases: a kept solver prefers "true" for every cell-digit variable, so its guesses place a digit
in a cell (whatever the grids it solved before); once a grid is found, the search for another
prefers "false" for that grid's free cell-digit variables (so it looks first where a cell differs)
and puts them back to "true" at its end. This cuts the median instructions of the two calls of
``solve(puzzle, limit=2)`` by 4% (17-clue puzzles) to 31% (16x16 boards); see the README.

Which solutions: when a search finds every solution (fewer than the limit, or ``limit=0``) they
come back sorted, so they depend on the puzzle alone. When it stops at the limit with more
solutions left, which ones the kept solver met first depends on what it learnt from the puzzles
it solved before, so the same puzzle may show other grids after other work or in another worker
process (the status, counts below the limit and a unique solution never change). With
``deterministic=True`` such a search returns the smallest solutions instead (compared cell by
cell, row by row, as a search in reading order trying digits upwards meets them): it looks one
solution further than the limit to tell whether there are more, then lowers a solution cell by
cell with SAT calls under assumptions. On top95 (one solution each) ``limit=2`` costs the same
as the default and ``limit=1`` about 1.7 times as much; with four givens erased (many
solutions) ``limit=2`` took 60 to 85 times as long (16 to 24 ms); see the README.
``givens="units"`` and ``"simplify"`` build a new solver per puzzle, so their answers never
depend on history either.

Time limits: the rules of a shape are written once per process and loaded into a solver in
chunks, with a look at the clock between chunks, so loading counts against the limit. The search
runs in slices of conflicts between looks at the clock; the first slice always runs, so an easy
puzzle is answered even when loading used the time up. ``cadical103``, ``lingeling`` and
``kissat404`` take no conflict budget and cannot be interrupted through PySAT: they look at the
clock only between calls, and warn that they may overrun.
"""

from __future__ import annotations

import dataclasses
import functools
import time
import warnings
from collections.abc import Sequence
from typing import Any

from ..board import Board
from ..cnf import AT_MOST_ONE, ENCODINGS, Formula, encode
from ..errors import MissingDependencyError, UnknownSolverError
from ..model import Model
from ..parsing import Source
from ..puzzle import Puzzle
from .base import EnumeratingSolver, Grid, SearchTimeout, Stats, as_model

#: PySAT solvers that run here, the default (fastest measured) first.
SAT_SOLVERS: tuple[str, ...] = (
    "cadical153",
    "cadical195",
    "cadical300",
    "cadical103",
    "glucose4",
    "glucose42",
    "glucose3",
    "gluecard4",
    "gluecard3",
    "minisat22",
    "minisatep",
    "minicard",
    "maplechrono",
    "maplecm",
    "maplesat",
    "mergesat3",
    "ergo",
    "lingeling",
    "kissat404",
)

#: Solvers that ignore assumptions and cannot take clauses after a solve: fresh solver per model.
NOT_INCREMENTAL: frozenset[str] = frozenset({"kissat404"})

#: Solvers whose preferred phases PySAT cannot set.
NO_PHASES: frozenset[str] = frozenset({"cadical103", "kissat404"})

#: Solvers without conflict budgets: a time limit is checked only between their solve calls.
UNBOUNDED: frozenset[str] = frozenset({"cadical103", "lingeling", "kissat404"})

#: What a missing PySAT is told with.
NEEDS_PYSAT = "the sat backend needs PySAT: pip install python-sat"

#: Ways to hand the givens to the solver.
GIVENS: tuple[str, ...] = ("assumptions", "units", "simplify")

#: Conflicts one budgeted solve call may spend before the clock is looked at again.
CONFLICTS_PER_SLICE = 1000

#: Selectors a shared solver may use up (one per search that blocks a grid) before it is
#: rebuilt, or as many as its rules have variables when that is more. Every selector stays a
#: variable of the solver and PySAT's ``get_model()`` lists every variable: with 10,000 retired
#: selectors reading a 9x9 model takes 13 times as long as with none, with 100,000 some 800
#: times (16 ms), while loading the 9x9 rules again costs a few milliseconds.
SELECTORS_PER_SOLVER = 1000

#: Model shapes a solver object keeps a loaded SAT solver for; the oldest goes first beyond it
#: (a run over many different variant puzzles has one shape a puzzle).
SHAPES_KEPT = 8


class SatSolver(EnumeratingSolver):
    """CNF encodings solved with PySAT; uniqueness and counts by blocking clauses.

    >>> solver = SatSolver("minisat22", encoding="efficient", amo="sequential")
    >>> solver.solve(".1.....4....34..", limit=2).status
    Status.UNIQUE
    """

    name = "sat"
    variants = SAT_SOLVERS
    requires = "python-sat"
    imports = "pysat.solvers"

    def __init__(self, variant: str | None = None, **options: Any) -> None:
        if not self.is_available():
            raise MissingDependencyError(NEEDS_PYSAT)
        if variant is not None and variant not in SAT_SOLVERS:
            variant = _canonical_name(variant)
        super().__init__(variant, **options)
        unknown = set(options) - {"encoding", "amo", "givens", "deterministic"}
        if unknown:
            known = "encoding, amo, givens, deterministic"
            raise TypeError(f"unknown option(s) {sorted(unknown)}; the sat backend takes {known}")
        self.encoding: str = options.get("encoding", "extended")
        self.amo: str = options.get("amo", "pairwise")
        default_givens = "units" if self.variant in NOT_INCREMENTAL else "assumptions"
        self.givens: str = options.get("givens", default_givens)
        _check_choice("encoding", self.encoding, ENCODINGS)
        _check_choice("amo", self.amo, AT_MOST_ONE)
        _check_choice("givens", self.givens, GIVENS)
        self.deterministic: bool = options.get("deterministic", False)
        if not isinstance(self.deterministic, bool):
            raise TypeError(f"deterministic must be True or False, got {self.deterministic!r}")
        if self.givens == "assumptions" and self.variant in NOT_INCREMENTAL:
            raise ValueError(
                f"{self.variant} ignores assumptions and cannot take clauses after a solve; "
                "use givens='units' or givens='simplify' with it"
            )
        self._shared: dict[object, SharedRules] = {}
        self._warned = False
        #: Selectors a kept solver hands out before it is rebuilt; see SELECTORS_PER_SOLVER.
        self.selectors_per_solver = SELECTORS_PER_SOLVER
        #: Whether kept solvers are steered by phases (see the module's docstring); solvers in
        #: NO_PHASES never are.
        self.phases = True

    def cnf(self, puzzle: Puzzle | Model | Source) -> Formula:
        """The formula this solver would give a SAT solver for ``puzzle``, givens included.

        With ``givens="assumptions"`` the givens appear here as unit clauses. ``Formula``
        holds the clauses, the variable numbering (``var``), ``to_pysat()`` and ``to_dimacs()``.
        """
        mode = "units" if self.givens == "assumptions" else self.givens
        return encode(as_model(puzzle), self.encoding, self.amo, mode)

    @property
    def appends_only(self) -> bool:
        """A deterministic search sorts the grids it found, so it keeps them all."""
        return not self.deterministic

    def close(self) -> None:
        """Free the SAT solvers this object keeps between puzzles."""
        for shared in self._shared.values():
            shared.sat.delete()
        self._shared.clear()

    # --- search ------------------------------------------------------------------------------

    def _search(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        if deadline is not None and self.variant in UNBOUNDED and not self._warned:
            self._warned = True
            warnings.warn(
                f"sat:{self.variant} cannot be stopped inside a SAT call, so it may overrun the "
                "time limit; sat:cadical153 and the other budgeted solvers keep to it",
                stacklevel=4,
            )
        givens = model.givens
        free = [i for i, d in enumerate(givens) if not d]
        # A grid that breaks a given equals no solution; the others are blocked on the free cells.
        blocked = [g for g in exclude if all(d in (0, e) for d, e in zip(givens, g))]
        if self.givens != "assumptions":
            self._search_fresh(model, free, limit, blocked, deadline, stats, found)
        elif self.deterministic and limit:
            # One solution further than asked tells whether these are all the solutions (their
            # sorted list depends on the puzzle alone); if not, which ones the kept solver met
            # first is its history's choice, so the smallest ones are looked for.
            self._search_shared(model, free, limit + 1, blocked, deadline, stats, found)
            if len(found) > limit:
                found[:] = self._smallest(model, free, limit, blocked, found, deadline, stats)
            else:
                found.sort()
            return
        else:
            self._search_shared(model, free, limit, blocked, deadline, stats, found)
        if not limit or len(found) < limit:
            found.sort()  # every solution was found: in an order that depends on them alone

    def _search_shared(
        self,
        model: Model,
        free: list[int],
        limit: int,
        blocked: list[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        """Search on the solver kept for this model's shape, the givens as assumptions."""
        shared = self.shared_rules(model, deadline)
        sat, n = shared.sat, model.n
        assumptions = [i * n + d for i, d in enumerate(model.givens) if d]
        before = sat.accum_stats()
        selector = 0
        flipped: list[int] = []  # the last grid's free cell-digit variables, phase set to false
        try:
            while True:
                if blocked and not selector:
                    selector = shared.new_selector()
                    assumptions.append(selector)
                for grid in blocked:
                    sat.add_clause([-selector, *(-(i * n + grid[i]) for i in free)])
                blocked = []
                if not _solve(sat, assumptions, deadline, self.variant):
                    return
                grid = shared.formula.decode_model(sat.get_model())
                found.append(grid)
                if len(found) == limit:
                    return
                _check_clock(deadline)
                blocked = [grid]
                if shared.phases:
                    flipped = [i * n + grid[i] for i in free]
                    sat.set_phases([-v for v in flipped])
        finally:
            if selector:
                sat.add_clause([-selector])
            if flipped:
                sat.set_phases(flipped)
            _add_counts(stats, before, sat.accum_stats())
            stats.extra["variables"] = shared.formula.num_vars
            stats.extra["clauses"] = shared.formula.num_clauses
            stats.extra["assumptions"] = len(model.givens) - len(free)

    def _smallest(
        self,
        model: Model,
        free: list[int],
        limit: int,
        blocked: list[Grid],
        known: list[Grid],
        deadline: float | None,
        stats: Stats,
    ) -> list[Grid]:
        """The ``limit`` smallest solutions (cell by cell, row by row), given more than
        ``limit`` solutions ``known`` to start from; ``blocked`` grids are left out.

        Each is the smallest solution other than those before it, lowered from a known one
        (see :meth:`_lowered`).
        """
        shared = self.shared_rules(model, deadline)
        sat, n = shared.sat, model.n
        selector = shared.new_selector()
        assumptions = [i * n + d for i, d in enumerate(model.givens) if d] + [selector]
        before = sat.accum_stats()
        smallest: list[Grid] = []
        try:
            for grid in blocked:
                sat.add_clause([-selector, *(-(i * n + grid[i]) for i in free)])
            while len(smallest) < limit:
                start = next(g for g in known if g not in smallest)
                grid = self._lowered(model, shared, assumptions, free, start, deadline)
                smallest.append(grid)
                sat.add_clause([-selector, *(-(i * n + grid[i]) for i in free)])
        finally:
            sat.add_clause([-selector])
            _add_counts(stats, before, sat.accum_stats())
        return smallest

    def _lowered(
        self,
        model: Model,
        shared: SharedRules,
        assumptions: list[int],
        free: list[int],
        grid: Grid,
        deadline: float | None,
    ) -> Grid:
        """The smallest solution under ``assumptions``, from the solution ``grid``: each free
        cell in turn takes the smallest digit that a solution with the cells before it fixed can
        hold. One SAT call asks for a solution with a smaller digit there (none when fixed peers
        hold every smaller digit); while there is one, it becomes the grid and is asked again.

        Tried and left out: asking for each smaller digit on its own (about as many calls),
        PySAT's ``propagate()`` before each cell to skip the digits it rules out (it costs about
        what it saves), and asking after each cell whether the cells left can be filled another
        way (a fifth more calls)."""
        sat, n = shared.sat, model.n
        peers = model.peers()
        fixed = list(assumptions)
        done = [bool(d) for d in model.givens]
        for i in free:
            held = {grid[j] for j in peers[i] if done[j]}
            while any(d not in held for d in range(1, grid[i])):
                below = [-(i * n + d) for d in range(grid[i], n + 1)]  # a digit below grid[i]
                if not _solve(sat, fixed + below, deadline, self.variant):
                    break
                grid = shared.formula.decode_model(sat.get_model())
            fixed.append(i * n + grid[i])
            done[i] = True
        return grid

    def _search_fresh(
        self,
        model: Model,
        free: list[int],
        limit: int,
        blocked: list[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        """Search on a solver built for this puzzle alone (givens as units or simplified away)."""
        n = model.n
        if self.givens == "simplify":
            formula = encode(model, self.encoding, self.amo, "simplify")
            clauses = formula.clauses
        else:
            formula = self._rules(model)
            clauses = formula.clauses + [[i * n + d] for i, d in enumerate(model.givens) if d]
        stats.extra["variables"] = formula.num_vars
        stats.extra["clauses"] = len(clauses)
        if self.givens == "simplify" and formula.is_trivially_unsat:
            return
        blocks = [[-(i * n + g[i]) for i in free] for g in blocked]
        sat = None
        try:
            while True:
                if sat is None:
                    sat = _new_solver(self.variant, clauses + blocks, deadline)
                else:
                    sat.add_clause(blocks[-1])
                if not _solve(sat, [], deadline, self.variant):
                    return
                grid = formula.decode(sat.get_model())
                found.append(grid)
                if len(found) == limit:
                    return
                _check_clock(deadline)
                blocks.append([-(i * n + grid[i]) for i in free])
                if self.variant in NOT_INCREMENTAL:
                    _add_counts(stats, {}, _accum_stats(sat))
                    sat.delete()
                    sat = None
        finally:
            if sat is not None:
                _add_counts(stats, {}, _accum_stats(sat))
                sat.delete()

    def _rules(self, model: Model) -> Formula:
        """The rules of the model's shape without givens, encoded once per shape and options.

        The encodings are kept at module level, so every solver object with the same options
        shares them (a 25x25 board's rules take a third of a second to write).
        """
        return _encoded_rules(_without_givens(model), self.encoding, self.amo)

    def shared_rules(self, model: Model, deadline: float | None = None) -> SharedRules:
        """The PySAT solver kept loaded with the rules of the model's shape (givens ignored).

        Made at the first puzzle of a shape; made again once it has handed out
        ``selectors_per_solver`` selectors (:data:`SELECTORS_PER_SOLVER` unless changed) or as
        many as the rules have variables, whichever is more, so a long run does not grow it;
        at most :data:`SHAPES_KEPT` shapes are kept loaded, the least recently used let go first.
        Callers pass their clues as assumptions and retire each selector they use by adding its
        negation as a unit clause, so the solver never keeps one question's clauses for the next.
        Loading the rules counts against ``deadline``: see ``_new_solver``.
        """
        key = _shape_key(model)
        shared = self._shared.pop(key, None)
        if shared is not None and shared.used >= max(self.selectors_per_solver, shared.formula.top):
            shared.sat.delete()
            shared = None
        if shared is None:
            while len(self._shared) >= SHAPES_KEPT:
                self._shared.pop(next(iter(self._shared))).sat.delete()
            rules = self._rules(model)
            sat = _new_solver(self.variant, rules.clauses, deadline)
            shared = SharedRules(rules, sat, phases=self.phases and self.variant not in NO_PHASES)
        self._shared[key] = shared  # last in the order: the most recently used
        return shared


class SharedRules:
    """A PySAT solver loaded with the rules of one model shape, and the selectors handed out.

    With ``phases``, the solver is told to prefer "true" for every cell-digit variable.
    """

    def __init__(self, formula: Formula, sat: Any, phases: bool = False) -> None:
        self.formula = formula
        self.sat = sat
        self.top = formula.top
        self.phases = phases
        if phases:
            sat.set_phases(list(range(1, formula.n**3 + 1)))

    @property
    def used(self) -> int:
        """Selectors handed out so far."""
        return self.top - self.formula.top

    def new_selector(self) -> int:
        """A variable no clause has used yet, to switch a clause on for one question."""
        self.top += 1
        return self.top


def _shape_key(model: Model) -> object:
    """What identifies a model's rules: its board when classic, else every constraint too."""
    if model.is_classic:
        return model.board
    return (model.board, model.groups, model.cages, model.constraints)


def _solve(sat: Any, assumptions: list[int], deadline: float | None, name: str | None) -> bool:
    """One SAT call; with a deadline, in slices of conflicts between looks at the clock.

    The first slice runs even when the deadline has passed (loading the rules may have used it
    up), so an instance that needs few conflicts is answered rather than reported as a timeout.
    Solvers in :data:`UNBOUNDED` take no budget and cannot be interrupted through PySAT, so for
    them the clock is looked at only before the call.
    """
    if deadline is None:
        return bool(sat.solve(assumptions=assumptions))
    if name in UNBOUNDED:
        _check_clock(deadline)
        return bool(sat.solve(assumptions=assumptions))
    while True:
        sat.conf_budget(CONFLICTS_PER_SLICE)
        answer = sat.solve_limited(assumptions=assumptions)
        if answer is not None:
            return bool(answer)
        if time.perf_counter() > deadline:
            raise SearchTimeout


def _check_clock(deadline: float | None) -> None:
    """Raise :class:`SearchTimeout` once ``deadline`` has passed (between two SAT calls)."""
    if deadline is not None and time.perf_counter() > deadline:
        raise SearchTimeout


#: Clauses handed to a new solver between two looks at the clock.
CLAUSES_PER_LOAD = 50_000


def _new_solver(name: str | None, clauses: list[list[int]], deadline: float | None = None) -> Any:
    """A PySAT solver loaded with ``clauses``, in chunks with a look at the clock between them.

    Raises :class:`SearchTimeout` (after freeing the half-loaded solver) once ``deadline``
    passes: loading a 25x25 board's rules takes about as long as writing them.
    """
    from pysat.solvers import Solver as PySatSolver

    sat = PySatSolver(name=name)
    for start in range(0, len(clauses), CLAUSES_PER_LOAD):
        try:
            _check_clock(deadline)
        except SearchTimeout:
            sat.delete()
            raise
        sat.append_formula(clauses[start : start + CLAUSES_PER_LOAD])
    return sat


@functools.lru_cache(maxsize=32)
def _encoded_rules(shape: Model, encoding: str, amo: str) -> Formula:
    """The rules of ``shape`` (a model without givens), encoded once per shape and options."""
    return encode(shape, encoding, amo, "none")


def _without_givens(model: Model) -> Model:
    """The model with its givens erased: what the rules of its shape depend on."""
    if model.is_classic:
        return _empty_classic(model.board)
    return dataclasses.replace(model, givens=(0,) * model.size)


@functools.cache
def _empty_classic(board: Board) -> Model:
    return Model.from_puzzle(Puzzle(board, (0,) * board.size))


def _accum_stats(sat: Any) -> dict[str, int]:
    try:
        return dict(sat.accum_stats())
    except NotImplementedError:  # kissat keeps its counters to itself
        return {}


def _add_counts(stats: Stats, before: dict[str, int], after: dict[str, int]) -> None:
    """Add the solver's counters between two snapshots; decisions count as nodes and guesses."""
    delta = {k: v - before.get(k, 0) for k, v in after.items()}
    decisions = delta.get("decisions", 0)
    stats.nodes += decisions
    stats.guesses += decisions
    stats.conflicts += delta.get("conflicts", 0)
    stats.propagations += delta.get("propagations", 0)
    for key in ("decisions", "restarts"):
        stats.extra[key] = stats.extra.get(key, 0) + delta.get(key, 0)


def _canonical_name(variant: str) -> str:
    """The PySAT solver a name or alias (``g4``, ``cd19``) stands for, or UnknownSolverError."""
    try:
        from pysat.solvers import SolverNames
    except ImportError:
        raise MissingDependencyError(NEEDS_PYSAT) from None
    for name in SAT_SOLVERS:
        if variant in getattr(SolverNames, name, ()):
            return name
    known = ", ".join(f"sat:{v}" for v in SAT_SOLVERS)
    raise UnknownSolverError(f"unknown SAT solver {variant!r}; known: {known}")


def _check_choice(option: str, value: str, known: Sequence[str]) -> None:
    if value not in known:
        raise ValueError(f"unknown {option} {value!r}; known: {', '.join(known)}")
