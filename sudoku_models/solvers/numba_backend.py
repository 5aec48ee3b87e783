"""The ``numba`` backend: compiled searches, :mod:`~sudoku_models.solvers.numba_bands` for
classic 9x9 grids and :mod:`~sudoku_models.solvers.numba_search` for every other board.

Two ways in:

- :class:`NumbaSolver`, the :class:`~sudoku_models.solvers.base.Solver` of the registry
  (``get_solver("numba")``): limits, counts, uniqueness, excluded grids, time limits (the
  compiled search comes back to Python every :data:`NODES_PER_CALL` nodes to look at the clock);
- :func:`solve_array`, array in, arrays out: a ``(k, n*n)`` array of puzzles solved in one
  compiled call per slice, with no Python work per puzzle, on ``workers`` threads (the compiled
  code releases the GIL).

Variants: ``mixed`` (the default) branches on the cell with the fewest candidates, or on the places
of a digit in a unit when it has fewer; ``cells`` branches on cells only. (On classic 9x9 grids
``mixed`` branches on the ways a digit can take its places in a band or a stack instead.)

Numba is optional (``pip install 'sudoku-models[fast]'``). This module imports neither Numba nor
NumPy at import time, so the registry can list the backend when they are missing. The first
solve in a process compiles the search, or loads it from Numba's on-disk cache (next to the
package, or under the user's cache folder when the package folder is read-only, or under
``NUMBA_CACHE_DIR`` when set); :func:`compile_search` does it up front and returns the seconds it
took, which :class:`Stats` reports as ``extra["compile_time"]`` on the solve that paid for it.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import math
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ..board import Board, peers_of
from ..errors import InvalidPuzzleError, MissingDependencyError, UnsupportedModelError
from ..model import Model
from ..puzzle import Puzzle
from ..splitmix import SplitMix64
from .base import EnumeratingSolver, Grid, Result, SearchTimeout, Stats, status_of

#: Nodes the compiled search visits between two looks at the clock when a time limit is set.
NODES_PER_CALL = 500

#: Solutions the compiled search hands back per call while enumerating.
SOLUTIONS_PER_CALL = 64

#: In :func:`solve_array` with several threads, a thread takes the rows left divided by this
#: many times the threads (at least one row) at a time: the slices shrink as the rows run out,
#: so the threads finish together even when a few puzzles are much harder than the rest.
SLICES_AHEAD = 4

#: How to get Numba, for error messages.
INSTALL = "pip install 'sudoku-models[fast]' (or pip install numba)"

#: Branching rules by variant: True branches on a digit's places in a unit when they are fewer.
VARIANTS = {"mixed": True, "cells": False}

#: A node budget that never runs out.
_UNBOUNDED = 2**62

#: What a digging pass returns: the clues left, the orbits removed in order, whether the pass
#: was complete, the removals tested and those the clues alone settled.
DigPass = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], bool, int, int]

_compiled: dict[str, Any] = {}


def _search_module() -> ModuleType:
    """The compiled search of every board, with the first compilation (or cache load) of both
    searches timed once per process."""
    module: ModuleType | None = _compiled.get("module")
    if module is None:
        start = time.perf_counter()
        try:
            module = importlib.import_module(f"{__package__}.numba_search")
            bands = importlib.import_module(f"{__package__}.numba_bands")
        except ImportError:
            raise MissingDependencyError(f"the numba backend needs Numba: {INSTALL}") from None
        _warm(module, bands)
        _compiled["seconds"] = time.perf_counter() - start
        _compiled["module"] = module
        _compiled["bands"] = bands
        _compiled["unreported"] = True
    return module


def _bands_module() -> ModuleType:
    """The compiled 9x9 search (loaded with the other one)."""
    _search_module()
    bands: ModuleType = _compiled["bands"]
    return bands


def compile_search() -> float:
    """Compile (or load from the disk cache) the compiled search now; its seconds, once paid.

    Later calls return the same figure without compiling again.
    """
    _search_module()
    return float(_compiled["seconds"])


def _warm(module: ModuleType, bands: ModuleType) -> None:
    """Run each compiled entry point once (on a 4x4 board where it can), with the argument types
    of later calls."""
    import numpy as np

    shape = _tables(Board(2, 2), Board(2, 2).units)
    grids = np.zeros((1, 16), dtype=np.uint8)
    _run_rows(module, grids, 0, 1, shape, 1, 0, True, _BatchBuffers.empty(1, 1, 16))
    state = _State.for_model(Model.from_puzzle("." * 16), shape)
    _run_search(module, state, shape, np.zeros((0, 16), np.int64), 1, 10, True)
    nine = _tables(Board(3, 3), Board(3, 3).units)
    empty = np.zeros((1, 81), dtype=np.uint8)
    _run_rows(bands, empty, 0, 1, nine, 1, 0, True, _BatchBuffers.empty(1, 1, 81))
    band_state = _BandState(bands, empty[0])
    _run_band_search(bands, band_state, np.zeros((0, 81), np.uint8), 1, 10, True)
    grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    oracle = NumbaOracle(Board(2, 2), True, module)
    oracle.dig(grid, [(0,), (1, 2)], 0)
    oracle.draw_and_dig(SplitMix64(0), tuple((i,) for i in range(16)), 0, 50, 12)


@dataclass(frozen=True)
class _Tables:
    """The arrays the compiled search reads for one model shape."""

    n: int
    size: int
    full: int
    peers: Any  # (size, most peers) int64, padded with -1
    npeers: Any  # (size,) int64
    units: Any  # (full groups, n) int64
    segments: Any  # (box-line intersections, 2 n + 1) int64, see numba_search.locked
    bands: bool  # a classic 9x9 grid: numba_bands searches it


@functools.lru_cache(maxsize=64)
def _tables(board: Board, groups: tuple[tuple[int, ...], ...]) -> _Tables:
    """Peers, full groups and box-line segments of ``board`` with these all-different groups."""
    import numpy as np

    n, size = board.n, board.size
    peers = board.peers if groups == board.units else peers_of(groups, size)
    widest = max(len(p) for p in peers)
    peer_array = np.full((size, widest), -1, dtype=np.int64)
    for i, ps in enumerate(peers):
        peer_array[i, : len(ps)] = ps
    units = np.array([g for g in groups if len(g) == n], dtype=np.int64).reshape(-1, n)
    return _Tables(
        n=n,
        size=size,
        full=(1 << n) - 1,
        peers=peer_array,
        npeers=np.array([len(p) for p in peers], dtype=np.int64),
        units=np.ascontiguousarray(units),
        segments=_segments(board, groups),
        bands=(board.box_rows, board.box_cols) == (3, 3) and groups == board.units,
    )


def _segments(board: Board, groups: tuple[tuple[int, ...], ...]) -> Any:
    """Each box-line intersection: its cells, the rest of the box, the rest of the line, padded
    with -1, and its length last; none unless every row, column and box is a group."""
    import numpy as np

    n = board.n
    rows = []
    if set(board.units) <= set(groups):
        for box in board.boxes:
            for line in board.rows + board.cols:
                inside = [i for i in line if i in box]
                if inside:
                    rest_of_box = [i for i in box if i not in inside]
                    rest_of_line = [i for i in line if i not in box]
                    row = inside + rest_of_box + rest_of_line
                    rows.append(row + [-1] * (2 * n - len(row)) + [len(inside)])
    return np.array(rows, dtype=np.int64).reshape(-1, 2 * n + 1)


def _model_tables(model: Model) -> _Tables:
    """The tables of a model, or UnsupportedModelError for what the search cannot express."""
    if model.cages:
        raise UnsupportedModelError(
            "the numba backend handles all-different groups only, not sum cages; "
            "use the backtracking, sat or cpsat backend"
        )
    if model.constraints:
        kinds = sorted({type(c).__name__ for c in model.constraints})
        raise UnsupportedModelError(
            f"the numba backend handles all-different groups only, not {', '.join(kinds)}; "
            "use the backtracking, sat or cpsat backend"
        )
    if model.is_classic:
        return _tables(model.board, model.board.units)
    return _tables(model.board, tuple(g.cells for g in model.groups))


class _State:
    """The work arrays of one search: the stack of states and choices, the queue, the context."""

    def __init__(self, size: int, root: Any) -> None:
        import numpy as np

        self.stack = np.empty((size + 1, size), dtype=np.int64)
        self.stack[0] = root
        self.where = np.zeros(size + 1, dtype=np.int64)
        self.digit = np.zeros(size + 1, dtype=np.int64)
        self.left = np.zeros(size + 1, dtype=np.int64)
        self.queue = np.zeros(size, dtype=np.int64)
        self.ctx = np.zeros(9, dtype=np.int64)

    @classmethod
    def for_model(cls, model: Model, shape: _Tables) -> _State:
        """The state whose root holds the model's givens."""
        return cls(shape.size, _masks(model.givens, shape.full))


def _masks(cells: Sequence[int] | Sequence[Sequence[int]], full: int) -> Any:
    """Candidate masks of grids: a filled cell's digit bit, every digit for an empty cell."""
    import numpy as np

    return _bits_of_digits(full)[np.asarray(cells, dtype=np.intp)]


@functools.lru_cache(maxsize=8)
def _bits_of_digits(full: int) -> Any:
    """Digit -> candidate mask (every digit for 0), as an array to index with a grid."""
    import numpy as np

    return np.array([full, *(1 << d for d in range(full.bit_length()))], dtype=np.int64)


def _run_search(
    module: ModuleType,
    state: _State,
    shape: _Tables,
    exclude: Any,
    limit: int,
    budget: int,
    mixed: bool,
    out: Any = None,
) -> int:
    import numpy as np

    if out is None:
        out = np.zeros((1, shape.size), dtype=np.uint8)
    return int(
        module.search(
            state.stack, state.where, state.digit, state.left, state.queue, state.ctx,
            shape.peers, shape.npeers, shape.units, shape.full, shape.segments, exclude, out,
            limit, budget, mixed, True,
        )
    )  # fmt: skip


class _BandState:
    """The work arrays of one 9x9 search (see :mod:`~sudoku_models.solvers.numba_bands`)."""

    def __init__(self, module: ModuleType, givens: Any) -> None:
        import numpy as np

        self.stack = np.empty((82, 30), dtype=np.int64)
        self.choice = np.zeros((82, 4), dtype=np.int64)
        self.patterns = np.zeros(module.PATTERNS, dtype=np.int64)
        self.ctx = np.zeros(9, dtype=np.int64)
        self.grid = np.zeros(81, dtype=np.uint8)
        self.clash = not module.start(np.asarray(givens, dtype=np.uint8), self.stack[0])


def _run_band_search(
    module: ModuleType, state: _BandState, exclude: Any, limit: int, budget: int, mixed: bool,
    out: Any = None,
) -> int:  # fmt: skip
    import numpy as np

    if out is None:
        out = np.zeros((1, 81), dtype=np.uint8)
    return int(
        module.search(
            state.stack, state.choice, state.patterns, state.ctx, state.grid, exclude, out, limit,
            budget, mixed, True,
        )
    )  # fmt: skip


class NumbaSolver(EnumeratingSolver):
    """Compiled search (Numba): bitmasks, singles, fewest options first, explicit stack.

    >>> solver = NumbaSolver()
    >>> solver.solve(".1.....4....34..", limit=2).status
    Status.UNIQUE
    """

    name = "numba"
    variants = tuple(VARIANTS)
    requires = "numba"
    imports = "numba"

    def __init__(self, variant: str | None = None, **options: Any) -> None:
        super().__init__(variant, **options)
        if options:
            raise TypeError(f"the numba backend takes no options, got {sorted(options)}")
        if not self.is_available():
            raise MissingDependencyError(f"the numba backend needs Numba: {INSTALL}")
        self.mixed = VARIANTS[self.variant or "mixed"]

    def _search(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        import numpy as np

        shape = _model_tables(model)
        module = _search_module()
        if _compiled.pop("unreported", False):
            stats.extra["compile_time"] = _compiled["seconds"]
        givens = model.givens
        # A grid that breaks a given equals no solution: only the others need checking.
        kept = [g for g in exclude if all(d in (0, e) for d, e in zip(givens, g))]
        goal = limit - len(found) if limit else 0
        room = min(goal, SOLUTIONS_PER_CALL) if goal else SOLUTIONS_PER_CALL
        out = np.zeros((room, shape.size), dtype=np.uint8)
        budget = NODES_PER_CALL if deadline is not None else _UNBOUNDED
        if shape.bands:
            bands = _bands_module()
            band_state = _BandState(bands, givens)
            ctx = band_state.ctx
            blocked = np.array(kept, dtype=np.uint8).reshape(-1, 81)

            def step() -> int:
                if band_state.clash:  # two givens clash: a root without a solution
                    ctx[bands.NODES] = ctx[bands.CONFLICTS] = 1
                    return int(bands.DONE)
                return _run_band_search(bands, band_state, blocked, goal, budget, self.mixed, out)
        else:
            state = _State.for_model(model, shape)
            ctx = state.ctx
            masks = _masks(kept, shape.full) if kept else np.zeros((0, shape.size), np.int64)

            def step() -> int:
                return _run_search(module, state, shape, masks, goal, budget, self.mixed, out)

        try:
            while True:
                status = step()
                stored = int(ctx[module.STORED])
                found.extend(tuple(row) for row in out[:stored].tolist())
                ctx[module.STORED] = 0
                if status == module.DONE:
                    return
                if deadline is not None and time.perf_counter() > deadline:
                    raise SearchTimeout
        finally:
            stats.nodes += int(ctx[module.NODES])
            stats.guesses += int(ctx[module.GUESSES])
            stats.backtracks += int(ctx[module.BACKTRACKS])
            stats.propagations += int(ctx[module.PROPAGATIONS])
            stats.conflicts += int(ctx[module.CONFLICTS])

    def oracle(self, board: Board) -> NumbaOracle:
        """An object answering ``has_other(cells, grid, removed)`` for ``board`` (the generator's
        uniqueness question) with this solver's search and no per-question model."""
        return NumbaOracle(board, self.mixed, _search_module(), self.label)

    def solve_batch(
        self, models: Sequence[Model], limit: int = 1, workers: int = 1
    ) -> list[Result]:
        """The results of ``solve(model, limit)`` for every model, from one compiled call per
        model shape (``limit`` >= 1, no time limit), on ``workers`` threads.

        Each result's ``stats.time`` is its share of its compiled call, and ``stats.extra``
        says how many puzzles shared that call (``batched``).
        """
        import numpy as np

        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise ValueError(f"a batch needs a limit >= 1, got {limit!r}")
        by_shape: dict[int, tuple[_Tables, list[int]]] = {}
        for k, model in enumerate(models):
            shape = _model_tables(model)
            by_shape.setdefault(id(shape), (shape, []))[1].append(k)
        _search_module()
        unreported = _compiled.pop("unreported", False)
        results: list[Result | None] = [None] * len(models)
        for shape, rows in by_shape.values():
            array = np.array([models[k].givens for k in rows], dtype=np.uint8)
            answer = _solve_rows(array, shape, limit, limit, workers, 0, self.mixed)
            share = answer.seconds / len(rows)
            counts = answer.counts.tolist()
            counters = answer.counters.tolist()
            for j, k in enumerate(rows):
                model = models[k]
                count = counts[j]
                grids = answer.all_solutions[j, :count].tolist()
                nodes, guesses, backtracks, propagations, conflicts = counters[j]
                stats = Stats(
                    nodes,
                    guesses,
                    backtracks,
                    propagations,
                    conflicts,
                    share,
                    {"batched": len(rows)},
                )
                clashes = model.clashes() if count == 0 else []
                results[k] = Result(
                    status=status_of(count, limit, timed_out=False),
                    solutions=tuple(Puzzle(model.board, tuple(g)) for g in grids),
                    stats=stats,
                    puzzle=model.puzzle,
                    backend=self.label,
                    limit=limit,
                    clashes=tuple(
                        (model.board.row_col(a), model.board.row_col(b)) for a, b in clashes
                    ),
                )
        done = [r for r in results if r is not None]
        if unreported and done:
            done[0].stats.extra["compile_time"] = _compiled["seconds"]
        return done


@dataclass(frozen=True)
class ArrayAnswer:
    """What :func:`solve_array` found for ``k`` puzzles of ``n*n`` cells.

    ``counts`` (``k``): solutions found, at most ``limit``; ``solutions`` (``k, n*n``, uint8):
    the first solution of each puzzle, zeros when it has none; ``all_solutions``
    (``k, keep, n*n``): the first ``keep`` solutions; ``finished`` (``k``, bool): False where
    ``node_limit`` stopped the search first; ``counters`` (``k, 5``): nodes, guesses, backtracks,
    propagations, conflicts; ``seconds``: wall time of the compiled calls.
    """

    counts: Any
    all_solutions: Any
    finished: Any
    counters: Any
    seconds: float

    @property
    def solutions(self) -> Any:
        """The first solution of each puzzle (zeros where there is none)."""
        return self.all_solutions[:, 0, :]


@dataclass(frozen=True)
class _BatchBuffers:
    counts: Any
    solutions: Any
    counters: Any
    finished: Any

    @classmethod
    def empty(cls, k: int, keep: int, size: int) -> _BatchBuffers:
        import numpy as np

        return cls(
            np.zeros(k, dtype=np.int64),
            np.zeros((k, keep, size), dtype=np.uint8),
            np.zeros((k, 5), dtype=np.int64),
            np.zeros(k, dtype=np.bool_),
        )


def _run_rows(
    module: ModuleType,
    grids: Any,
    first: int,
    stop: int,
    shape: _Tables,
    limit: int,
    node_limit: int,
    mixed: bool,
    out: _BatchBuffers,
) -> None:
    if shape.bands:
        module.solve_rows(
            grids, first, stop, limit, node_limit, mixed, out.counts, out.solutions,
            out.counters, out.finished,
        )  # fmt: skip
        return
    module.solve_rows(
        grids, first, stop, shape.peers, shape.npeers, shape.units, shape.full, shape.segments,
        limit, node_limit, mixed, out.counts, out.solutions, out.counters, out.finished,
    )  # fmt: skip


def grid_array(grids: Any, box: tuple[int, int] | None = None) -> tuple[Any, Board]:
    """``grids`` (puzzles or grids, one a row, 0 for empty) as a checked ``(k, n*n)`` uint8
    array, with its board (``box``, or the usual one for ``n``)."""
    import numpy as np

    array = np.ascontiguousarray(grids, dtype=np.uint8)
    if array.ndim != 2:
        raise ValueError(f"grids must be a 2-D array (rows x cells), got shape {array.shape}")
    n = math.isqrt(array.shape[1])
    if n * n != array.shape[1]:
        raise InvalidPuzzleError(f"a row of {array.shape[1]} cells is not a square grid")
    board = Board(*box) if box is not None else Board.for_digits(n)
    if board.n != n:
        raise InvalidPuzzleError(f"box {box} makes {board.n}x{board.n} grids, not {n}x{n}")
    if array.size and int(array.max()) > n:
        raise InvalidPuzzleError(f"a digit above {n} in a {n}x{n} grid")
    return array, board


def solve_array(
    grids: Any,
    limit: int = 2,
    *,
    box: tuple[int, int] | None = None,
    groups: Sequence[Sequence[int]] = (),
    workers: int = 1,
    keep: int = 1,
    node_limit: int = 0,
    variant: str = "mixed",
) -> ArrayAnswer:
    """Solve every row of ``grids`` (``k x n*n`` digits, 0 for empty) in compiled code.

    Each puzzle is searched to ``limit`` solutions (0: all) and its first ``keep`` solutions
    are kept. ``box`` is the box shape (the squarest one for ``n`` by default), ``groups`` adds
    all-different groups of cell indices (the diagonals of X-Sudoku, the windows of Windoku),
    ``workers`` threads share the rows, ``node_limit`` caps the nodes of each search (0: none).
    Clashing givens simply count 0 solutions. The input is not changed.

    >>> import numpy as np
    >>> puzzles = np.array([[0, 1, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 3, 4, 0, 0]], dtype=np.uint8)
    >>> answer = solve_array(puzzles, limit=2)
    >>> answer.counts.tolist(), answer.solutions[0].tolist()[:4]
    ([1], [4, 1, 3, 2])
    """

    array, board = grid_array(grids, box)
    for name, value, low in (("limit", limit, 0), ("workers", workers, 1), ("keep", keep, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise ValueError(f"{name} must be an int >= {low}, got {value!r}")
    if not isinstance(node_limit, int) or node_limit < 0:
        raise ValueError(f"node_limit must be an int >= 0, got {node_limit!r}")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    if groups:
        model = Model.from_puzzle(
            Puzzle.empty((board.box_rows, board.box_cols)), extra_groups=groups
        )
        shape = _model_tables(model)
    else:
        shape = _tables(board, board.units)
    return _solve_rows(array, shape, limit, keep, workers, node_limit, VARIANTS[variant])


def _solve_rows(
    array: Any, shape: _Tables, limit: int, keep: int, workers: int, node_limit: int, mixed: bool
) -> ArrayAnswer:
    """Solve the rows of a checked uint8 array, on ``workers`` threads taking slices of rows
    from a shared counter (see :data:`SLICES_AHEAD`)."""
    module = _bands_module() if shape.bands else _search_module()
    k = array.shape[0]
    out = _BatchBuffers.empty(k, keep, shape.size)
    start = time.perf_counter()
    if workers == 1 or k < 2:
        _run_rows(module, array, 0, k, shape, limit, node_limit, mixed, out)
    else:
        taken = [0]
        lock = threading.Lock()

        def take_slices() -> None:
            while True:
                with lock:
                    first = taken[0]
                    if first >= k:
                        return
                    stop = first + max(1, (k - first) // (SLICES_AHEAD * workers))
                    taken[0] = stop
                _run_rows(module, array, first, stop, shape, limit, node_limit, mixed, out)

        with ThreadPoolExecutor(max_workers=workers - 1) as pool:
            helpers = [pool.submit(take_slices) for _ in range(workers - 1)]
            take_slices()  # this thread is one of the workers
            for job in helpers:
                job.result()
    seconds = time.perf_counter() - start
    return ArrayAnswer(out.counts, out.solutions, out.finished, out.counters, seconds)


class NumbaOracle:
    """Does a puzzle have a solution other than a known grid? Asked on the compiled search.

    ``has_other(cells, grid, removed)`` is told that the clues ``cells`` with ``removed`` filled
    in from ``grid`` have ``grid`` as their only solution, so another solution differs in a
    removed cell: with one removed cell the search starts with that cell's digit ruled out, with
    several it skips ``grid`` where it finds it. The work arrays are kept between questions, and
    a lock keeps threads that share the oracle from mixing them. :meth:`dig` runs a whole
    digging pass in compiled code, :meth:`draw_and_dig` a whole attempt of the generator.
    """

    def __init__(self, board: Board, mixed: bool, module: ModuleType, label: str = "") -> None:
        import numpy as np

        self.board = board
        self.label = label
        self._mixed = mixed
        self._shape = _tables(board, board.units)
        self._module = module
        self._state = _State(board.size, self._shape.full)
        self._none = np.zeros((0, board.size), dtype=np.int64)
        self._out = np.zeros((1, board.size), dtype=np.uint8)
        self._cell_units = np.array(board.cell_units, dtype=np.int64)
        self._lock = threading.Lock()

    def has_other(self, cells: Sequence[int], grid: Sequence[int], removed: Sequence[int]) -> bool:
        """Whether the clues ``cells`` (0: empty) have a solution that is not ``grid``."""
        full = self._shape.full
        with self._lock:
            state = self._state
            state.stack[0] = _masks(cells, full)
            exclude = self._none
            if len(removed) == 1:
                i = removed[0]
                state.stack[0, i] = full & ~(1 << (grid[i] - 1))
            else:
                exclude = _masks(grid, full).reshape(1, -1)
            state.ctx[:] = 0
            _run_search(
                self._module, state, self._shape, exclude, 1, _UNBOUNDED, self._mixed, self._out
            )
            return bool(state.ctx[self._module.FOUND])

    def dig(self, grid: Sequence[int], order: Sequence[Sequence[int]], floor: int) -> DigPass:
        """The whole digging pass of :func:`sudoku_models.generator.dig.dig` in one compiled
        call, with the same answers: the clues left, the orbits removed in order, whether the
        pass was complete, the removals tested and those the clues alone settled."""
        import numpy as np

        shape = self._shape
        flat = np.array([i for orbit in order for i in orbit], dtype=np.int64)
        starts = np.array([0, *itertools.accumulate(map(len, order))], dtype=np.int64)
        with self._lock:
            cells, gone, complete, tested, settled = self._module.dig(
                np.asarray(grid, dtype=np.int64), flat, starts, floor, self._cell_units,
                shape.peers, shape.npeers, shape.units, shape.full, shape.segments, self._mixed,
            )  # fmt: skip
        removed = tuple(tuple(orbit) for orbit, went in zip(order, gone.tolist()) if went)
        return tuple(cells.tolist()), removed, bool(complete), int(tested), int(settled)

    def draw_and_dig(
        self,
        rng: SplitMix64,
        orbits: tuple[tuple[int, ...], ...],
        floor: int,
        steps_per_cell: int,
        in_order_up_to: int,
    ) -> tuple[tuple[int, ...], DigPass]:
        """One attempt of the generator in one compiled call: the random grid that
        :func:`sudoku_models.generator.grids.random_grid` draws from ``rng`` (with its
        ``STEPS_PER_CELL`` and ``IN_ORDER_UP_TO``), then ``orbits`` shuffled by ``rng``
        and dug as :meth:`dig` does. ``rng`` moves on as those Python draws move it.

        Returns the grid and what :meth:`dig` returns.
        """
        import numpy as np

        shape = self._shape
        flat, starts = _orbit_arrays(orbits)
        state = np.array([rng.state], dtype=np.uint64)
        grid, order, cells, gone, complete, tested, settled = self._module.draw_and_dig(
            state, self.board.box_rows, self.board.box_cols, steps_per_cell, in_order_up_to,
            flat, starts, floor, self._cell_units, shape.peers, shape.npeers, shape.units,
            shape.full, shape.segments, self._mixed,
        )  # fmt: skip
        rng.state = int(state[0])
        removed = tuple(orbits[o] for o in order[gone].tolist())
        dug = (tuple(cells.tolist()), removed, bool(complete), int(tested), int(settled))
        return tuple(grid.tolist()), dug


@functools.lru_cache(maxsize=16)
def _orbit_arrays(orbits: tuple[tuple[int, ...], ...]) -> tuple[Any, Any]:
    """The cells of ``orbits`` end to end, and where each orbit starts (one more at the end)."""
    import numpy as np

    flat = np.array([i for orbit in orbits for i in orbit], dtype=np.int64)
    starts = np.array([0, *itertools.accumulate(map(len, orbits))], dtype=np.int64)
    return flat, starts
