"""``generate`` and ``generate_many``: unique puzzles from random grids, reproducible by seed.

One attempt draws a random complete grid, shuffles the orbits of the chosen symmetry, and digs
them in one pass (:mod:`.dig`). Every random choice comes from one
:class:`~sudoku_models.splitmix.SplitMix64` stream seeded by an int that the result records, so
``generate(seed=result.seed, ...)`` with the same arguments gives the same puzzle again,
whatever the backend: each backend answers the same exact questions, and the answers decide the
puzzle. The numba backend makes a whole attempt in one compiled call, drawing the same numbers
from the same stream. ``generate_many(n, seed=s)`` makes the puzzles of
seeds ``s, s + 1, ..., s + n - 1``, so its first puzzle is ``generate(seed=s)`` and each puzzle's
recorded seed makes it again on its own.
"""

from __future__ import annotations

import atexit
import functools
import random
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from .. import display
from ..board import Board
from ..puzzle import Puzzle
from ..seeds import Seed
from ..solvers import get_solver
from ..solvers.base import Solver
from ..splitmix import SplitMix64
from .dig import Dug, Oracle, SatOracle, SolverOracle, dig, removable_cells
from .grids import IN_ORDER_UP_TO, STEPS_PER_CELL, random_grid
from .symmetry import check_symmetry, orbits
from .variants import DEFAULT_ATTEMPTS as VARIANT_ATTEMPTS
from .variants import VariantGenerated, check_variant, generate_variant

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from ..grading import Rating

Backend = str | Solver | type[Solver] | None

#: The backend used when none is named: the incremental SAT oracle when PySAT is installed.
DEFAULT_BACKEND = "sat"

#: Fewest clues a unique puzzle can have, where it is known (17 on 9x9: McGuire et al., 2012).
FEWEST_CLUES = {4: 4, 9: 17}

#: Fresh grids tried by default before giving up on a clue ceiling or a difficulty.
DEFAULT_ATTEMPTS = 200


#: Each ``Generated.minimality`` in words.
MINIMALITY_WORDS = {
    "cell": "minimal",
    "orbit": "minimal by symmetric orbits (some single clue could still go)",
    "none": "not minimal",
}


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its unique solution, and how it was made.

    ``seed`` reproduces it (with the same other arguments); ``minimality`` is ``"cell"`` when
    removing any one clue breaks uniqueness, ``"orbit"`` when only removing a whole symmetric
    orbit is known to, ``"none"`` when digging stopped early; ``tested`` and ``propagated``
    count the removals tried in the pass that made it and those settled by propagation alone;
    ``attempts`` counts the grids drawn; ``rating`` is set when a difficulty was asked for.
    """

    puzzle: Puzzle
    solution: Puzzle
    seed: int
    symmetry: str
    minimality: str
    backend: str
    time: float
    attempts: int = 1
    tested: int = 0
    propagated: int = 0
    rating: Rating | None = None

    @property
    def clues(self) -> int:
        """Number of givens."""
        return self.puzzle.clues

    @property
    def is_minimal(self) -> bool:
        """Whether removing any single clue leaves more than one solution."""
        return self.minimality == "cell"

    def summary(self) -> str:
        """One line in words: clues, minimality, symmetry, seed, and the rating when there is one.

        >>> generate(seed=1, box=(2, 2)).summary()
        '5 clues, minimal, symmetry none, seed 1'
        """
        level = f", {self.rating.summary()}" if self.rating is not None else ""
        return (
            f"{self.clues} clues, {MINIMALITY_WORDS[self.minimality]}, "
            f"symmetry {self.symmetry}, seed {self.seed}{level}"
        )

    def __repr__(self) -> str:
        level = f", rating={self.rating.summary()!r}" if self.rating is not None else ""
        return (
            f"Generated(puzzle={self.puzzle.to_line()!r}, clues={self.clues}, "
            f"symmetry={self.symmetry!r}, minimality={self.minimality!r}, seed={self.seed}, "
            f"backend={self.backend!r}, time={self.time * 1000:.1f} ms{level})"
        )

    def _repr_html_(self) -> str:
        board = self.puzzle.board
        caption = self.summary()
        puzzle = display.html_grid(board, self.puzzle.cells, caption="Puzzle")
        solution = display.html_grid(
            board, self.solution.cells, givens=self.puzzle.cells, caption="Solution"
        )
        return (
            f"<div><p style='font-family:sans-serif'>{caption}</p>"
            f"<div style='display:flex;gap:2em'>{puzzle}{solution}</div></div>"
        )


@dataclass(frozen=True)
class Request:
    """Checked arguments of :func:`generate`, shared by every puzzle of a batch."""

    board: Board
    symmetry: str
    backend: str | tuple[type[Solver], str | None, tuple[tuple[str, Any], ...]] | None
    min_clues: int
    max_clues: int
    minimal: bool
    difficulty: tuple[str, str] | None
    max_attempts: int


@dataclass(frozen=True)
class VariantRequest:
    """Checked arguments of :func:`generate` with a ``variant``, shared by a batch's puzzles.

    ``backend`` is picklable (a name, or a solver's class, variant and options), so a request
    travels to worker processes.
    """

    variant: str
    box: tuple[int, int]
    backend: str | tuple[type[Solver], str | None, tuple[tuple[str, Any], ...]] | None
    min_clues: int | None
    max_clues: int | None
    minimal: bool
    max_attempts: int


def make_request(
    box: tuple[int, int] = (3, 3),
    symmetry: str = "none",
    backend: Backend = None,
    min_clues: int | None = None,
    max_clues: int | None = None,
    minimal: bool = True,
    difficulty: str | None = None,
    max_attempts: int = DEFAULT_ATTEMPTS,
    variant: str | None = None,
) -> Request | VariantRequest:
    """Check the arguments of :func:`generate`; raises ValueError (or the backend's error)."""
    if variant is not None:
        if symmetry != "none" or difficulty is not None:
            raise ValueError("variant puzzles take neither symmetry nor difficulty")
        attempts = max_attempts if max_attempts != DEFAULT_ATTEMPTS else VARIANT_ATTEMPTS
        check_variant(variant, box, min_clues, max_clues, minimal, attempts)
        recipe = _backend_recipe(backend)
        shape = (box[0], box[1])
        return VariantRequest(variant, shape, recipe, min_clues, max_clues, minimal, attempts)
    if not (isinstance(box, tuple | list) and len(box) == 2):
        raise ValueError(f"box must be a pair (rows, cols) such as (3, 3), got {box!r}")
    board = Board(*box)
    check_symmetry(symmetry)
    size = board.size
    low = _clue_count("min_clues", min_clues, size, 0)
    high = _clue_count("max_clues", max_clues, size, size)
    fewest = FEWEST_CLUES.get(board.n, board.n - 1)
    if high < fewest:
        raise ValueError(
            f"max_clues={high} cannot be met: no {board.n}x{board.n} puzzle with fewer than "
            f"{fewest} clues has a unique solution"
        )
    if low > high:
        raise ValueError(f"min_clues={low} is above max_clues={high}")
    if not isinstance(minimal, bool):
        raise ValueError(f"minimal must be True or False, got {minimal!r}")
    if not minimal and max_clues is None:
        raise ValueError("minimal=False stops digging at max_clues clues; give max_clues")
    if not isinstance(max_attempts, int) or isinstance(max_attempts, bool) or max_attempts < 1:
        raise ValueError(f"max_attempts must be a positive int, got {max_attempts!r}")
    recipe = _backend_recipe(backend)
    oracle_for(recipe, board)  # fails here, not in a worker, on an unknown or missing backend
    return Request(board, symmetry, recipe, low, high, minimal, _level(difficulty), max_attempts)


@overload
def generate(
    seed: Seed = None,
    box: tuple[int, int] = (3, 3),
    symmetry: str = "none",
    backend: Backend = None,
    min_clues: int | None = None,
    max_clues: int | None = None,
    minimal: bool = True,
    difficulty: str | None = None,
    max_attempts: int = DEFAULT_ATTEMPTS,
    variant: None = None,
) -> Generated: ...


@overload
def generate(
    seed: Seed = None,
    box: tuple[int, int] = (3, 3),
    symmetry: str = "none",
    backend: Backend = None,
    min_clues: int | None = None,
    max_clues: int | None = None,
    minimal: bool = True,
    difficulty: str | None = None,
    max_attempts: int = DEFAULT_ATTEMPTS,
    *,
    variant: str,
) -> VariantGenerated: ...


def generate(
    seed: Seed = None,
    box: tuple[int, int] = (3, 3),
    symmetry: str = "none",
    backend: Backend = None,
    min_clues: int | None = None,
    max_clues: int | None = None,
    minimal: bool = True,
    difficulty: str | None = None,
    max_attempts: int = DEFAULT_ATTEMPTS,
    variant: str | None = None,
) -> Generated | VariantGenerated:
    """A random puzzle with a unique solution: a random grid with clues dug out in one pass.

    ``seed``: None (fresh), an int from 0 up, or a ``random.Random`` (an int is drawn from it).
    The result records the int; the same int gives the same puzzle through this function,
    :func:`generate_many` and ``sudoku-models generate --seed``.

    ``box``: the box shape, ``(2, 2)`` for 4x4 up to ``(5, 5)`` for 25x25. A 25x25 puzzle
    takes minutes, most of it in the last SAT calls of the pass, when few clues are left (see
    the README for measured times).

    ``symmetry``: the clue layout's symmetry, one of
    :data:`~sudoku_models.generator.symmetry.SYMMETRIES`.

    ``backend``: None for the fastest available (the incremental SAT oracle), a backend name,
    or a Solver; the same seed gives the same puzzle on every backend.

    ``min_clues``: digging never goes below this many clues (easier, non-minimal puzzles).
    ``max_clues``: a pass that ends above it is dropped and a fresh grid tried; with
    ``minimal=False`` digging stops as soon as it is reached.

    ``difficulty``: a level of QQWing's scale (``"Simple"``, ``"Easy"``, ``"Intermediate"``,
    ``"Expert"``) or HoDoKu's (``"Medium"``, ``"Hard"``, ``"Unfair"``, ``"Extreme"``; write
    ``"hodoku:Easy"`` for its Easy). Grids are drawn until a puzzle on the digging path rates
    so, at most ``max_attempts`` of them, then RuntimeError. Puzzles get harder as clues go,
    roughly, so an easy level stops digging early: the path is bisected for the last puzzle
    rated at most the level.

    ``variant``: a variant name of :data:`~sudoku_models.generator.variants.VARIANTS`
    (``"killer"``, ``"jigsaw"``, ``"anti-knight"``, ...): the result is then a
    :class:`~sudoku_models.generator.variants.VariantGenerated` made by
    :func:`~sudoku_models.generator.variants.generate_variant` (no symmetry or difficulty).

    >>> g = generate(seed=1, box=(2, 2))
    >>> g.clues, g.is_minimal, g.solution.is_valid_solution_of(g.puzzle)
    (5, True, True)
    """
    request = make_request(
        box, symmetry, backend, min_clues, max_clues, minimal, difficulty, max_attempts, variant
    )
    if isinstance(request, VariantRequest):
        return variant_from(request, seed_value(seed))
    return generate_from(request, seed_value(seed))


def generate_many(
    n: int,
    seed: Seed = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
    chunksize: int | None = None,
    **options: Any,
) -> Iterator[Generated | VariantGenerated]:
    """``n`` puzzles, in order: those of the seeds ``seed``, ``seed + 1``, ..., ``seed + n - 1``.

    ``seed`` is read as in :func:`generate`; puzzle ``k`` is ``generate(seed=first + k)`` with
    the same ``options`` (those of :func:`generate`) and records that seed. The puzzles depend
    only on the seed and options: the same in this process (neither ``executor`` nor
    ``workers``), on ``workers=N`` local processes, or on any ``concurrent.futures`` executor (a
    dask client's ``get_executor(pure=False)``), with the rules of
    :func:`sudoku_models.batch.solve_many`. With a ``variant`` the puzzles are
    :class:`~sudoku_models.generator.variants.VariantGenerated`, made the same way.

    >>> made = list(generate_many(2, seed=3, box=(2, 2)))
    >>> [g.seed for g in made], made[1].puzzle == generate(seed=4, box=(2, 2)).puzzle
    ([3, 4], True)
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError(f"n must be an int >= 0, got {n!r}")
    from ..batch import check_pool_arguments, run_in_chunks

    check_pool_arguments(executor, workers, chunksize)
    request = make_request(**options)
    first = seed_value(seed)
    seeds = [first + k for k in range(n)]
    one: Callable[[int], Generated | VariantGenerated]
    if isinstance(request, VariantRequest):
        one = functools.partial(variant_from, request)
    elif executor is None and workers is None:
        return _generate_here(request, seeds, progress)
    else:
        one = functools.partial(generate_from, request)
    return run_in_chunks(
        seeds,
        one,
        functools.partial(_each, one),
        executor=executor,
        workers=workers,
        chunksize=chunksize,
        progress=progress,
        label="generate",
    )


def _generate_here(
    request: Request, seeds: list[int], progress: bool | None
) -> Iterator[Generated]:
    """Generate here; the bar counts puzzles and shows the cells tried in the current one.

    A 25x25 puzzle takes minutes, so the count of puzzles alone would sit still for that long.
    """
    from ..batch import progress_bar

    bar = progress_bar(progress, len(seeds), "generate")
    tried = _CellsTried(bar, request.board.size) if hasattr(bar, "set_postfix_str") else None
    try:
        for seed in seeds:
            yield generate_from(request, seed, tried)
            bar.update(1)
    finally:
        bar.close()


class _CellsTried:
    """Shows ``cells tried k/size`` beside a bar, redrawn at most every :attr:`EVERY` seconds."""

    EVERY = 0.25

    def __init__(self, bar: Any, size: int) -> None:
        self.bar = bar
        self.size = size
        self.shown = time.monotonic()

    def __call__(self, attempt: int, cells: int) -> None:
        now = time.monotonic()
        if now - self.shown >= self.EVERY:
            self.shown = now
            again = f"grid {attempt}, " if attempt > 1 else ""
            self.bar.set_postfix_str(f"{again}cells tried {cells}/{self.size}")


def _each(
    make: Callable[[int], Generated | VariantGenerated], seeds: list[int]
) -> list[Generated | VariantGenerated]:
    """``make`` of each seed of a chunk, in a worker (which keeps its oracles between chunks)."""
    return [make(one) for one in seeds]


def variant_from(request: VariantRequest, seed: int) -> VariantGenerated:
    """The variant puzzle of ``seed`` under checked arguments; see :func:`generate`."""
    backend = request.backend
    return generate_variant(
        request.variant,
        seed,
        request.box,
        _recipe_solver(backend) if isinstance(backend, tuple) else backend,
        request.min_clues,
        request.max_clues,
        request.minimal,
        request.max_attempts,
    )


@functools.lru_cache(maxsize=8)
def _recipe_solver(
    recipe: tuple[type[Solver], str | None, tuple[tuple[str, Any], ...]],
) -> Solver:
    """The solver a backend recipe (see :func:`_backend_recipe`) names, made once per process."""
    cls, variant, options = recipe
    return cls(variant, **dict(options))


def seed_value(seed: Seed) -> int:
    """The int seed of a ``seed`` argument: itself, one drawn from a Random, or a fresh one.

    Seeds are ints from 0 up: the stream takes its seed modulo ``2**64``, so a negative seed
    would name the puzzle of another seed.
    """
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, random.Random):
        return seed.getrandbits(63)
    if isinstance(seed, int) and not isinstance(seed, bool):
        if seed < 0:
            raise ValueError(f"seed must be an int >= 0, got {seed}")
        return seed
    raise TypeError(f"seed must be None, an int or a random.Random, got {type(seed).__name__}")


def generate_from(
    request: Request, seed: int, tried: Callable[[int, int], None] | None = None
) -> Generated:
    """The puzzle of ``seed`` under checked arguments; see :func:`generate`.

    ``tried``, when given, hears ``(attempt, cells visited)`` as each grid is dug.
    """
    start = time.perf_counter()
    board = request.board
    oracle = oracle_for(request.backend, board)
    rng = SplitMix64(seed)
    shapes = orbits(board.n, request.symmetry)
    floor = request.min_clues if request.minimal else max(request.min_clues, request.max_clues)
    for attempt in range(1, request.max_attempts + 1):
        report = None if tried is None else functools.partial(tried, attempt)
        grid, dug = _attempt(board, rng, shapes, oracle, floor, report)
        if request.difficulty is not None:
            found = _rated_on_path(board, grid, dug, request)
            if found is None:
                continue
            cells, rating = found
            minimality = (
                "none"
                if cells != dug.cells
                else _minimality(board, grid, dug, oracle, request.symmetry)
            )
        else:
            if board.size - dug.cells.count(0) > request.max_clues:
                continue
            cells, rating = dug.cells, None
            minimality = _minimality(board, grid, dug, oracle, request.symmetry)
        return Generated(
            puzzle=Puzzle(board, cells),
            solution=Puzzle(board, grid),
            seed=seed,
            symmetry=request.symmetry,
            minimality=minimality,
            backend=oracle.label,
            time=time.perf_counter() - start,
            attempts=attempt,
            tested=dug.tested,
            propagated=dug.propagated,
            rating=rating,
        )
    goal = f" rated {' '.join(request.difficulty)}" if request.difficulty else ""
    raise RuntimeError(
        f"no {board.n}x{board.n} puzzle{goal} with {request.min_clues} to {request.max_clues} "
        f"clues (symmetry {request.symmetry}) after {request.max_attempts} attempts; "
        "raise max_attempts or relax the bounds"
    )


def _attempt(
    board: Board,
    rng: SplitMix64,
    shapes: tuple[tuple[int, ...], ...],
    oracle: Oracle,
    floor: int,
    report: Callable[[int], None] | None,
) -> tuple[tuple[int, ...], Dug]:
    """A random grid, then one digging pass over the orbits ``shapes`` in a random order.

    An oracle with a ``draw_and_dig`` method (the numba backend's) does both in one compiled
    call, drawing the same numbers from ``rng``; ``report`` then hears nothing.
    """
    own_attempt = getattr(oracle, "draw_and_dig", None)
    if own_attempt is not None:
        grid, dug = own_attempt(rng, shapes, floor, STEPS_PER_CELL, IN_ORDER_UP_TO)
        return grid, Dug(*dug)
    grid = random_grid(board, rng)
    order = list(shapes)
    rng.shuffle(order)
    return grid, dig(board, grid, order, oracle, floor, report)


def _minimality(
    board: Board, grid: tuple[int, ...], dug: Dug, oracle: Oracle, symmetry: str
) -> str:
    """``"cell"``, ``"orbit"`` or ``"none"`` for a finished pass (see :class:`Generated`)."""
    if not dug.complete:
        return "none"
    shapes = orbits(board.n, symmetry)
    if len(shapes) == board.size:  # single cells: the pass itself tried every clue alone
        return "cell"
    grouped = [i for orbit in shapes if len(orbit) > 1 for i in orbit if dug.cells[i]]
    if grouped and removable_cells(dug.cells, grid, grouped, oracle, board):
        return "orbit"
    return "cell"


def _rated_on_path(
    board: Board, grid: tuple[int, ...], dug: Dug, request: Request
) -> tuple[tuple[int, ...], Rating] | None:
    """A puzzle on the digging path rated at the asked level, or None.

    The path's puzzles get harder as clues go, roughly: when the last is too hard, bisect for
    the last one rated at most the level, and keep it if it rates exactly that level.
    """
    from ..grading import HODOKU_LEVELS, QQWING_LEVELS, rate

    assert request.difficulty is not None
    scale, level = request.difficulty
    levels = QQWING_LEVELS if scale == "qqwing" else HODOKU_LEVELS
    target = levels.index(level)
    path = [grid]
    cells = list(grid)
    for orbit in dug.removed:
        for i in orbit:
            cells[i] = 0
        path.append(tuple(cells))
    ratings: dict[int, Rating] = {}

    def rank(k: int) -> int:
        if k not in ratings:
            ratings[k] = rate(Puzzle(board, path[k]))
        found = ratings[k]
        return levels.index(found.qqwing_level if scale == "qqwing" else found.hodoku_level)

    last = len(path) - 1
    if last == 0 or rank(last) < target:
        return None
    low, high = 0, last
    if rank(last) == target:
        low = last
    while high - low > 1:
        mid = (low + high) // 2
        if rank(mid) <= target:
            low = mid
        else:
            high = mid
    if low == 0 or rank(low) != target or sum(1 for d in path[low] if d) > request.max_clues:
        return None
    return path[low], ratings[low]


_oracles: dict[tuple[object, Board], Oracle] = {}


@atexit.register
def _close_oracles() -> None:
    """Free the SAT solvers kept by this process before the interpreter tears PySAT down."""
    for oracle in _oracles.values():
        if isinstance(oracle, SatOracle):
            oracle.close()
    _oracles.clear()


def oracle_for(
    backend: str | tuple[type[Solver], str | None, tuple[tuple[str, Any], ...]] | None,
    board: Board,
) -> Oracle:
    """The oracle of a backend recipe on ``board``, built once per process and kept."""
    key = (backend, board)
    oracle = _oracles.get(key)
    if oracle is None:
        oracle = _oracles[key] = _new_oracle(backend, board)
    return oracle


def _new_oracle(
    backend: str | tuple[type[Solver], str | None, tuple[tuple[str, Any], ...]] | None,
    board: Board,
) -> Oracle:
    if backend is None:
        from ..solvers.sat import SatSolver

        backend = DEFAULT_BACKEND if SatSolver.is_available() else "backtracking"
    solver = _recipe_solver(backend) if isinstance(backend, tuple) else get_solver(backend)
    own_oracle = getattr(solver, "oracle", None)  # a backend's own answer to the dig question
    if own_oracle is not None:
        return own_oracle(board)
    if solver.name == "sat":
        from ..solvers.sat import NOT_INCREMENTAL, SatSolver

        if isinstance(solver, SatSolver) and solver.variant not in NOT_INCREMENTAL:
            if not solver.is_available():
                from ..errors import MissingDependencyError

                raise MissingDependencyError("the sat backend needs PySAT: pip install python-sat")
            return SatOracle(board, str(solver.variant), solver.encoding, solver.amo)
    return SolverOracle(board, solver)


def _backend_recipe(
    backend: Backend,
) -> str | tuple[type[Solver], str | None, tuple[tuple[str, Any], ...]] | None:
    """A picklable form of ``backend`` that names the same solver in any process."""
    if backend is None or isinstance(backend, str):
        return backend.strip() if isinstance(backend, str) else None
    solver = get_solver(backend)
    return (type(solver), solver.variant, tuple(sorted(solver.options.items())))


def _clue_count(name: str, value: int | None, size: int, default: int) -> int:
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= size:
        raise ValueError(f"{name} must be an int from 0 to {size}, got {value!r}")
    return value


def _level(difficulty: str | None) -> tuple[str, str] | None:
    """``(scale, level)`` of a difficulty name; plain names try QQWing's scale first."""
    if difficulty is None:
        return None
    from ..grading import HODOKU_LEVELS, QQWING_LEVELS

    scales = {"qqwing": QQWING_LEVELS, "hodoku": HODOKU_LEVELS}
    if not isinstance(difficulty, str):
        raise ValueError(f"difficulty must be a level name, got {difficulty!r}")
    prefix, _, name = difficulty.strip().rpartition(":")
    tried = [prefix.lower()] if prefix else list(scales)
    for scale in tried:
        for level in scales.get(scale, ()):
            if level.lower() == name.lower():
                return scale, level
    known = ", ".join(QQWING_LEVELS) + "; hodoku:" + ", hodoku:".join(HODOKU_LEVELS)
    raise ValueError(f"unknown difficulty {difficulty!r}; known: {known}")
