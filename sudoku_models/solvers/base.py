"""The ``Solver`` interface every backend implements, and the ``Result`` every backend returns.

A backend translates a :class:`~sudoku_models.model.Model` and finds one solution that differs from
a list of excluded grids (:meth:`Solver._find`). Everything else is built here on top of that one
operation, the way the package is designed around: enumeration to a limit adds the solution just
found to the excluded list (a blocking constraint) and solves again; uniqueness is "solve, block,
solve again, expect no solution". A backend may override :meth:`Solver._search` to enumerate
natively, as long as the counts stay the same.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from types import ModuleType
from typing import Any, ClassVar

from .. import display
from ..board import Board, cell_name
from ..errors import MissingDependencyError, UnknownSolverError
from ..model import Model
from ..parsing import Source
from ..puzzle import Puzzle, holds_digits

#: A complete grid: one digit a cell, row by row.
Grid = tuple[int, ...]


class Status(enum.Enum):
    """What a search established about a puzzle."""

    SOLVED = "solved"  #: a solution was found; with limit 1 nothing is known about others
    UNIQUE = "unique"  #: exactly one solution exists
    MULTIPLE = "multiple"  #: at least two solutions exist
    UNSATISFIABLE = "unsatisfiable"  #: no solution exists
    TIMEOUT = "timeout"  #: the time limit ran out before the question was answered

    def __repr__(self) -> str:
        return f"Status.{self.name}"


class SearchTimeout(Exception):
    """Raised in a backend when its deadline passes; :meth:`Solver.solve` makes it a result."""


@dataclass
class Stats:
    """Counters of one solve, in a vocabulary shared by every backend.

    ``nodes`` search nodes visited, ``guesses`` branching choices tried, ``backtracks`` choices
    that failed, ``propagations`` values forced by inference, ``conflicts`` dead ends found by
    propagation (SAT/CP conflicts for those backends), ``time`` wall seconds; ``extra`` holds
    backend-specific counters (variables, clauses, decisions, ...).
    """

    nodes: int = 0
    guesses: int = 0
    backtracks: int = 0
    propagations: int = 0
    conflicts: int = 0
    time: float = 0.0
    extra: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, float]:
        """All counters in one flat dict, backend-specific ones included."""
        out = {name: value for name, value in asdict(self).items() if name != "extra"}
        out.update(self.extra)
        return out


@dataclass(frozen=True)
class Result:
    """The answer of one solve: a status, the solutions found (up to the limit) and counters.

    ``clashes`` names the pairs of givens ``((r, c), (r, c))`` that already break a rule when
    that is why the puzzle is unsatisfiable.

    When a puzzle has more solutions than the limit, which of them are found is up to the
    backend: the SAT backend keeps its solver between puzzles, and what it learned on earlier
    puzzles steers it, so the same puzzle may show another solution after other work or in
    another worker process. The status, the count below the limit and a unique solution never
    depend on it; ``get_solver("sat", deterministic=True)`` returns the smallest solutions.
    """

    status: Status
    solutions: tuple[Puzzle, ...]
    stats: Stats
    puzzle: Puzzle
    backend: str
    limit: int = 1
    clashes: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    #: Solutions found when the search kept fewer of them (``solve(..., keep=k)``); else None.
    found: int | None = None

    @property
    def solution(self) -> Puzzle | None:
        """The first solution found, or None."""
        return self.solutions[0] if self.solutions else None

    @property
    def count(self) -> int:
        """Number of solutions found (the true count when the limit was not reached)."""
        return len(self.solutions) if self.found is None else self.found

    @property
    def is_unique(self) -> bool:
        """Whether the search proved exactly one solution."""
        return self.status is Status.UNIQUE

    def __repr__(self) -> str:
        return (
            f"Result(status={self.status!r}, solutions={len(self.solutions)}, "
            f"backend={self.backend!r}, time={self.stats.time * 1000:.2f} ms)"
        )

    def summary(self) -> str:
        """One line: status, count, backend, time and the main counters."""
        s = self.stats
        line = (
            f"{self.status.value}: {self.count} solution(s) by {self.backend} "
            f"in {s.time * 1000:.2f} ms (nodes {s.nodes}, guesses {s.guesses}, "
            f"backtracks {s.backtracks}, propagations {s.propagations}, conflicts {s.conflicts})"
        )
        if self.clashes:
            pairs = ", ".join(f"{cell_name(*a)}={cell_name(*b)}" for a, b in self.clashes)
            line += f"; clashing givens: {pairs}"
        return line

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form: box shape, puzzle and solutions as lines, status, counters.

        >>> from sudoku_models import solve
        >>> data = solve(".1.....4....34..", limit=2).to_dict()
        >>> data["status"], data["solutions"], data["box"]
        ('unique', ['4132231412433421'], [2, 2])
        """
        board = self.puzzle.board
        return {
            "box": [board.box_rows, board.box_cols],
            "puzzle": self.puzzle.to_line(),
            "status": self.status.value,
            "solutions": [grid.to_line() for grid in self.solutions],
            "backend": self.backend,
            "limit": self.limit,
            "clashes": [[list(a), list(b)] for a, b in self.clashes],
            "stats": self.stats.as_dict(),
        }

    def _repr_html_(self) -> str:
        grid = self.solution or self.puzzle
        table = display.html_grid(grid.board, grid.cells, givens=self.puzzle.cells)
        return f"<div><p style='font-family:sans-serif'>{self.summary()}</p>{table}</div>"


class Solver(ABC):
    """A backend: subclasses implement :meth:`_find` (and may override :meth:`_search`).

    ``__init__`` only stores the variant and options; the work starts at the first solve.
    Subclasses set ``name`` (the registry name), ``variants`` (sub-choices, the first is the
    default), ``requires`` (the pip package behind the backend, if any) and ``imports`` (the
    module whose import tells whether that package is installed).
    """

    name: ClassVar[str] = ""
    variants: ClassVar[tuple[str, ...]] = ()
    requires: ClassVar[str | None] = None
    imports: ClassVar[str | None] = None

    def __init__(self, variant: str | None = None, **options: Any) -> None:
        if variant is None:
            variant = self.variants[0] if self.variants else None
        elif variant not in self.variants:
            known = ", ".join(f"{self.name}:{v}" for v in self.variants) or "none"
            raise UnknownSolverError(
                f"unknown variant {variant!r} of backend {self.name!r}; known: {known}"
            )
        self.variant = variant
        self.options = options

    @property
    def sees_clashes(self) -> bool:
        """Whether the search itself finds no solution when two givens clash, so that
        :meth:`solve` looks for the clashing pairs only after such an answer. When False (the
        default) the givens are checked before the search, which never sees a clash."""
        return False

    @property
    def label(self) -> str:
        """``name:variant`` as the registry spells it."""
        return f"{self.name}:{self.variant}" if self.variant else self.name

    def label_for(self, model: Model) -> str:
        """The label of what runs on ``model`` (a backend that hands some models to another
        strategy names that one); :attr:`label` unless a backend says otherwise."""
        return self.label

    @classmethod
    def version(cls) -> str | None:
        """Version of the package behind this backend (``requires``), or None when it has none
        or it is not installed."""
        import importlib.metadata  # only here: it costs the command line's start a tenth

        if cls.requires is None:
            return None
        try:
            return importlib.metadata.version(cls.requires)
        except importlib.metadata.PackageNotFoundError:
            return None

    @classmethod
    def is_available(cls) -> bool:
        """Whether the package this backend needs is installed: its module ``imports`` loads."""
        if cls.imports is None:
            return True
        try:
            importlib.import_module(cls.imports)
        except ImportError:
            return False
        return True

    def close(self) -> None:
        """Free what the backend keeps between puzzles (a loaded SAT solver, say); the next
        solve builds it again. The default keeps nothing."""
        return

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({self.variant!r}{opts})"

    # --- what a backend provides -------------------------------------------------------------

    @property
    def appends_only(self) -> bool:
        """Whether :meth:`_search` only appends to ``found`` and asks its length (it keeps no
        use of the grids found): then ``solve(..., keep=k)`` holds at most ``k`` of them
        while it searches. The default search blocks each grid found, so it needs them all."""
        return type(self)._search is not Solver._search

    @abstractmethod
    def _find(
        self, model: Model, exclude: Sequence[Grid], deadline: float | None, stats: Stats
    ) -> Grid | None:
        """One solution of ``model`` equal to none of ``exclude``, or None when there is none.

        ``exclude`` holds complete grids to block: the answer must differ from each of them in at
        least one cell. Raise :class:`SearchTimeout` once ``time.perf_counter()`` passes
        ``deadline``; add to ``stats`` as the search goes.
        """

    def _search(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        """Append solutions to ``found`` until ``limit`` of them (0: all) or no more exist.

        The default blocks each solution it finds and solves again.
        """
        while limit == 0 or len(found) < limit:
            grid = self._find(model, [*exclude, *found], deadline, stats)
            if grid is None:
                return
            found.append(grid)

    # --- what every backend gets -------------------------------------------------------------

    def solve(
        self,
        puzzle: Puzzle | Model | Source,
        limit: int = 1,
        time_limit: float | None = None,
        exclude: Sequence[Puzzle | Sequence[int]] = (),
        keep: int | None = None,
    ) -> Result:
        """Find up to ``limit`` solutions (0 means all) that differ from every grid in ``exclude``.

        The status is ``SOLVED`` when ``limit`` is 1 and a solution was found, ``UNIQUE`` or
        ``MULTIPLE`` when the search could tell, ``UNSATISFIABLE``, or ``TIMEOUT`` when
        ``time_limit`` (seconds) ran out first; solutions found before a timeout are kept.
        ``keep`` bounds the solutions held in memory when only their number matters: the first
        ``keep`` are kept and the rest counted (:attr:`Result.count`).
        """
        model = as_model(puzzle)
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise ValueError(f"limit must be an int >= 0 (0 means all), got {limit!r}")
        if time_limit is not None and not time_limit > 0:  # nan is not positive either
            raise ValueError(f"time_limit must be positive seconds, got {time_limit!r}")
        if keep is not None and (not isinstance(keep, int) or isinstance(keep, bool) or keep < 0):
            raise ValueError(f"keep must be an int >= 0 or None, got {keep!r}")
        blocked = [_grid_of(g, model) for g in exclude]
        stats = Stats()
        found: list[Grid] = [] if keep is None or not self.appends_only else _Tally(keep)
        sees_clashes = self.sees_clashes
        clashes = [] if sees_clashes else model.clashes()
        start = time.perf_counter()
        timed_out = False
        if not clashes:
            deadline = None if time_limit is None else start + time_limit
            try:
                self._search(model, limit, blocked, deadline, stats, found)
            except SearchTimeout:
                timed_out = True
        stats.time = time.perf_counter() - start
        if sees_clashes and not found and not timed_out:
            clashes = model.clashes()
        total = min(len(found), limit) if limit else len(found)
        del found[limit or len(found) :]
        if keep is not None:
            del found[keep:]
        board = model.board
        return Result(
            status=status_of(total, limit, timed_out),
            solutions=tuple(_solution(board, g) for g in found),
            stats=stats,
            puzzle=puzzle if isinstance(puzzle, Puzzle) else model.puzzle,
            backend=self.label_for(model),
            limit=limit,
            clashes=tuple((board.row_col(a), board.row_col(b)) for a, b in clashes)
            if clashes
            else (),
            found=None if keep is None else total,
        )

    def count_solutions(
        self, puzzle: Puzzle | Model | Source, limit: int = 0, time_limit: float | None = None
    ) -> int:
        """Number of solutions, counting at most ``limit`` (0: all); none is kept in memory."""
        return solve_keeping(self, puzzle, limit=limit, time_limit=time_limit, keep=0).count

    def is_unique(self, puzzle: Puzzle | Model | Source, time_limit: float | None = None) -> bool:
        """Whether the puzzle has exactly one solution: solve, block it, solve again."""
        result = self.solve(puzzle, limit=2, time_limit=time_limit)
        if result.status is Status.TIMEOUT:
            raise TimeoutError(f"{self.label} could not decide uniqueness in {time_limit} s")
        return result.status is Status.UNIQUE

    def has_other_solution(
        self, puzzle: Puzzle | Model | Source, known: Puzzle | Sequence[int]
    ) -> bool:
        """Whether a solution other than ``known`` exists: one solve with ``known`` blocked."""
        model = as_model(puzzle)
        if model.clashes():
            return False
        return self._find(model, [_grid_of(known, model)], None, Stats()) is not None


class _Tally(list[Grid]):
    """The solutions a search appends, of which only the first ``keep`` are held: ``len`` is
    the number appended. Backends only append, extend and ask the length."""

    def __init__(self, keep: int) -> None:
        super().__init__()
        self.keep = keep
        self.total = 0

    def append(self, grid: Grid) -> None:
        self.total += 1
        if super().__len__() < self.keep:
            super().append(grid)

    def extend(self, grids: Iterable[Grid]) -> None:
        for grid in grids:
            self.append(grid)

    def __len__(self) -> int:
        return self.total


class EnumeratingSolver(Solver):
    """A backend that enumerates natively: it implements :meth:`_search`, and :meth:`_find` is
    the first solution of a search with limit 1."""

    def _find(
        self, model: Model, exclude: Sequence[Grid], deadline: float | None, stats: Stats
    ) -> Grid | None:
        found: list[Grid] = []
        self._search(model, 1, exclude, deadline, stats, found)
        return found[0] if found else None

    @abstractmethod
    def _search(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        """Append solutions to ``found`` until ``limit`` of them (0: all) or no more exist."""


def load_optional(module: str, install: str) -> ModuleType:
    """The package module ``module``, imported when first asked for (Python keeps it loaded);
    when it is missing, a :class:`~sudoku_models.errors.MissingDependencyError` saying
    ``install`` (the pip command)."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(install) from exc


def as_model(puzzle: Puzzle | Model | Source) -> Model:
    """The model of a puzzle in any accepted form (a model is returned as it is)."""
    if isinstance(puzzle, Model):
        return puzzle
    return Model.from_puzzle(Puzzle.parse(puzzle))


def _solution(board: Board, grid: Grid) -> Puzzle:
    """A grid a backend found, as a puzzle. A tuple of the right length holding only digits
    ``0..n`` passes the constructor's quick check here and is taken as it is; anything else goes
    through the checking constructor, which names what is wrong."""
    n = board.n
    if type(grid) is tuple and len(grid) == n * n and holds_digits(grid, n):
        return Puzzle._trusted(board, grid)
    return Puzzle(board, grid)


def _grid_of(grid: Puzzle | Sequence[int], model: Model) -> Grid:
    cells = grid.cells if isinstance(grid, Puzzle) else tuple(grid)
    if len(cells) != model.size or 0 in cells:
        raise ValueError(f"a blocked grid must be complete with {model.size} cells")
    return cells


def status_of(count: int, limit: int, timed_out: bool) -> Status:
    """The status of a search that found ``count`` solutions of the ``limit`` asked for."""
    if timed_out:
        return Status.TIMEOUT
    if count >= 2:
        return Status.MULTIPLE
    if count == 0:
        return Status.UNSATISFIABLE
    return Status.SOLVED if limit == 1 else Status.UNIQUE


def solve_keeping(
    solver: Solver,
    puzzle: Puzzle | Model | Source,
    *,
    limit: int,
    time_limit: float | None,
    keep: int,
) -> Result:
    """``solver.solve`` holding at most ``keep`` solutions in memory, the rest only counted; a
    backend whose ``solve`` predates ``keep`` (a plug-in written to the older interface) is
    asked without it and keeps what it finds."""
    if "keep" in inspect.signature(solver.solve).parameters:
        return solver.solve(puzzle, limit=limit, time_limit=time_limit, keep=keep)
    return solver.solve(puzzle, limit=limit, time_limit=time_limit)
