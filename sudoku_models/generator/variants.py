"""Variant puzzles with a unique solution: killers without givens, jigsaws, global rules, marks.

One attempt of :func:`generate_variant`:

1. *rules and grid*: the fixed rules of the variant (anti-knight, windoku regions, a random
   jigsaw layout, ...) and a random grid that keeps them (:mod:`.rule_grids`; a plain random
   grid for rules on marks only);
2. *marks*: clue objects read off the grid (killer cages, mostly dominoes, grown at random;
   every Kropki dot or XV mark it has, thermometers, arrows; :mod:`.marks`);
3. *givens dug*: every cell starts as a given and each, in a random order, goes when the puzzle
   stays unique (a killer asked for with no givens is instead kept or dropped whole);
4. *marks pruned*: killer cages that touch are merged while propagation alone still solves the
   puzzle, then every mark the negative rule does not need is dropped when the puzzle stays
   unique.

Removing a given or a mark only adds solutions, so what a pass keeps stays needed: the result is
minimal in givens and in marks (no single one can go). The questions asked are exact: whether
propagation solves the puzzle, and uniqueness questions, which cheap checks answer when they can
(:mod:`.shortcuts`: a naked or hidden single, a two-digit swap, propagation) and an oracle
otherwise (:mod:`.clue_oracle`). Every random choice comes from one ``random.Random(seed)``, so a
seed gives the same puzzle on every backend.

>>> g = generate_variant("killer", seed=4, box=(2, 3), max_clues=0)
>>> g.model.variants[0].name, g.clues, g.marks, g.is_minimal
('killer cage', 0, 8, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..model import Model
from ..puzzle import Puzzle
from ..solvers.base import Solver
from ..variants import (
    AntiKing,
    AntiKnight,
    Diagonal,
    Jigsaw,
    Negative,
    Nonconsecutive,
    Variant,
    windoku,
)
from . import marks as mk
from .clue_oracle import (
    ClueOracle,
    SatClueOracle,
    ShortcutClueOracle,
    SolverClueOracle,
    rules_model,
)
from .grids import random_grid
from .regions import random_regions
from .rule_grids import random_rule_grid

Backend = str | Solver | type[Solver] | None

#: Grids (and jigsaw layouts) drawn before giving up.
DEFAULT_ATTEMPTS = 50


@dataclass(frozen=True)
class Recipe:
    """How one variant is made: its fixed rules, and the marks it reads off a grid.

    ``rules(board, rng)`` gives the global rules (None: rules drawn with the grid, as jigsaw
    layouts); ``marks(board, grid, rng)`` gives ``(fixed, prunable)`` marks: the fixed ones join
    the rules (a negative rule needs all of them), the others may be dropped.
    """

    rules: Callable[[Board, random.Random], list[Variant]]
    marks: Callable[[Board, tuple[int, ...], random.Random], tuple[list[Variant], list[Variant]]]
    plain_grid: bool = False
    merge_cages: bool = False
    #: The PySAT solver of the default oracle, when not :data:`.clue_oracle.CLUE_SOLVER`.
    solver: str | None = None


def _no_marks(
    board: Board, grid: tuple[int, ...], rng: random.Random
) -> tuple[list[Variant], list[Variant]]:
    return [], []


def _fixed(*rules: Variant) -> Callable[[Board, random.Random], list[Variant]]:
    return lambda board, rng: list(rules)


def _killer(
    board: Board, grid: tuple[int, ...], rng: random.Random
) -> tuple[list[Variant], list[Variant]]:
    return [], list(mk.killer_cages(board, grid, rng))


def _kropki(
    board: Board, grid: tuple[int, ...], rng: random.Random
) -> tuple[list[Variant], list[Variant]]:
    white, black = mk.kropki_dots(board, grid)
    return [*white, Negative("difference")], list(black)


def _xv(
    board: Board, grid: tuple[int, ...], rng: random.Random
) -> tuple[list[Variant], list[Variant]]:
    return [*mk.xv_marks(board, grid), Negative("xv")], []


def _thermo(
    board: Board, grid: tuple[int, ...], rng: random.Random
) -> tuple[list[Variant], list[Variant]]:
    return [], list(mk.thermometers(board, grid, rng))


def _arrow(
    board: Board, grid: tuple[int, ...], rng: random.Random
) -> tuple[list[Variant], list[Variant]]:
    return [], list(mk.arrows(board, grid, rng))


def _jigsaw(board: Board, rng: random.Random) -> list[Variant]:
    return [Jigsaw(random_regions(board, rng))]


#: The variants by name.
RECIPES: dict[str, Recipe] = {
    "killer": Recipe(_fixed(), _killer, plain_grid=True, merge_cages=True),
    "killer-x": Recipe(_fixed(Diagonal(True), Diagonal(False)), _killer, merge_cages=True),
    "jigsaw": Recipe(_jigsaw, _no_marks),
    "x": Recipe(_fixed(Diagonal(True), Diagonal(False)), _no_marks),
    "windoku": Recipe(lambda board, rng: list(windoku(board)), _no_marks),
    "anti-knight": Recipe(_fixed(AntiKnight()), _no_marks),
    "anti-king": Recipe(_fixed(AntiKing()), _no_marks),
    # CaDiCaL made nonconsecutive puzzles 1.6 times faster than MiniSat.
    "nonconsecutive": Recipe(_fixed(Nonconsecutive()), _no_marks, solver="cadical153"),
    "kropki": Recipe(_fixed(), _kropki, plain_grid=True),
    "xv": Recipe(_fixed(), _xv, plain_grid=True),
    "thermo": Recipe(_fixed(), _thermo, plain_grid=True),
    "arrow": Recipe(_fixed(), _arrow, plain_grid=True),
}

#: Variant names :func:`generate_variant` knows.
VARIANTS: tuple[str, ...] = tuple(RECIPES)


@dataclass(frozen=True)
class VariantGenerated:
    """A generated variant puzzle: its model (givens, rules, marks), its unique solution, how.

    ``minimality`` is ``"cell"`` when no single given and no single prunable mark can go,
    ``"none"`` when a clue floor stopped the digging; ``marks`` counts the clue objects (cages,
    dots, lines) drawn, the rules a negative constraint needs included.
    """

    model: Model
    solution: Puzzle
    variant: str
    seed: int
    minimality: str
    backend: str
    time: float
    attempts: int = 1
    marks: int = 0
    tested: int = field(default=0)

    @property
    def puzzle(self) -> Puzzle:
        """The givens."""
        return self.model.puzzle

    @property
    def clues(self) -> int:
        """Number of givens."""
        return self.model.puzzle.clues

    @property
    def is_minimal(self) -> bool:
        """Whether no single given or prunable mark can go with the solution staying unique."""
        return self.minimality == "cell"

    def to_link(self) -> str:
        """An f-puzzles link to the puzzle."""
        from ..formats.fpuzzles.keys import to_link

        return to_link(self.model, title=f"{self.variant} seed {self.seed}")

    def summary(self) -> str:
        """One line in words."""
        word = "minimal" if self.is_minimal else "not minimal"
        return f"{self.variant}: {self.clues} givens, {self.marks} marks, {word}, seed {self.seed}"

    def _repr_html_(self) -> str:
        return (
            f"<div><p style='font-family:sans-serif'>{self.summary()}</p>"
            f"<div style='display:flex;gap:2em'>{self.model.to_svg()}"
            f"{self.model.to_svg(self.solution)}</div></div>"
        )


def search_nodes(generated: VariantGenerated) -> int:
    """A difficulty estimate: the nodes the ``backtracking:constraint`` search visits to solve the
    puzzle and prove it unique. It measures the effort of that search (propagation of the
    primitives, then branching), not the techniques a person would need.
    """
    from ..solvers import get_solver

    return get_solver("backtracking:constraint").solve(generated.model, limit=2).stats.nodes


def generate_variant(
    variant: str,
    seed: int,
    box: tuple[int, int] = (3, 3),
    backend: Backend = None,
    min_clues: int | None = None,
    max_clues: int | None = None,
    minimal: bool = True,
    max_attempts: int = DEFAULT_ATTEMPTS,
) -> VariantGenerated:
    """The variant puzzle of ``seed``: see the module docstring.

    ``variant``: one of :data:`VARIANTS`. ``backend``: the uniqueness oracle, None or ``"sat"``
    for an incremental SAT solver, or any backend name (``"cpsat"``, ``"backtracking"``).
    ``min_clues``: never dig below this many givens. ``max_clues``: an attempt left with more
    givens is dropped and a new grid drawn (``0``: no givens at all, as in a givenless killer);
    with ``minimal=False`` digging stops as soon as it is reached.
    """
    recipe, board = check_variant(variant, box, min_clues, max_clues, minimal, max_attempts)
    start = time.perf_counter()
    rng = random.Random(seed)
    low = min_clues or 0
    high = board.size if max_clues is None else max_clues
    for attempt in range(1, max_attempts + 1):
        made = _attempt(recipe, board, rng, backend, low, high, minimal)
        if made is None:
            continue
        model, grid, minimality, label, count, tested = made
        return VariantGenerated(
            model,
            Puzzle(board, grid),
            variant,
            seed,
            minimality,
            label,
            time.perf_counter() - start,
            attempt,
            count,
            tested,
        )
    raise RuntimeError(
        f"no {board.n}x{board.n} {variant} puzzle with {low} to {high} givens after "
        f"{max_attempts} attempts; raise max_attempts or relax the bounds"
    )


def check_variant(
    variant: Any, box: Any, min_clues: Any, max_clues: Any, minimal: Any, max_attempts: Any
) -> tuple[Recipe, Board]:
    """Check the arguments of :func:`generate_variant`; raises ValueError naming the problem."""
    if variant not in RECIPES:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    if not (isinstance(box, tuple | list) and len(box) == 2):
        raise ValueError(f"box must be a pair (rows, cols) such as (3, 3), got {box!r}")
    board = Board(*box)
    for name, value in (("min_clues", min_clues), ("max_clues", max_clues)):
        if value is not None and (
            not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= board.size
        ):
            raise ValueError(f"{name} must be an int from 0 to {board.size}, got {value!r}")
    if min_clues is not None and max_clues is not None and min_clues > max_clues:
        raise ValueError(f"min_clues={min_clues} is above max_clues={max_clues}")
    if not minimal and max_clues is None:
        raise ValueError("minimal=False stops digging at max_clues givens; give max_clues")
    if not isinstance(max_attempts, int) or isinstance(max_attempts, bool) or max_attempts < 1:
        raise ValueError(f"max_attempts must be a positive int, got {max_attempts!r}")
    relabel = variant in ("jigsaw", "x", "windoku", "anti-knight", "anti-king")
    if relabel and max_clues is not None and max_clues < board.n - 1:
        raise ValueError(
            f"max_clues={max_clues} cannot be met: {variant} rules hold under any relabelling of "
            f"the digits, so fewer than {board.n - 1} givens leave two digits free to swap"
        )
    if variant == "nonconsecutive" and max_clues == 0:
        raise ValueError(
            "max_clues=0 cannot be met: a nonconsecutive grid read with each digit d as "
            f"{board.n + 1}-d is another solution"
        )
    if variant == "xv" and board.n < 9:
        raise ValueError("xv needs digits up to 9 (X is 10): use a 9x9 board")
    if variant in ("windoku",) and board.box_rows != board.box_cols:
        raise ValueError("windoku needs square boxes, such as (3, 3) or (2, 2)")
    return RECIPES[variant], board


def _oracle(
    recipe: Recipe,
    board: Board,
    rules: Sequence[Variant],
    grid: tuple[int, ...],
    backend: Backend,
) -> ShortcutClueOracle:
    """The incremental SAT oracle for ``None`` and ``"sat[:solver]"``, else the backend's, behind
    the shortcuts (propagation first on killers)."""
    inner: ClueOracle
    if backend is None or (isinstance(backend, str) and backend.partition(":")[0] == "sat"):
        name = backend.partition(":")[2] if backend else ""
        inner = SatClueOracle(board, rules, grid, name or recipe.solver)
    else:
        from ..solvers import get_solver

        inner = SolverClueOracle(board, rules, grid, get_solver(backend))
    return ShortcutClueOracle(board, rules, grid, inner, recipe.merge_cages)


def _attempt(
    recipe: Recipe,
    board: Board,
    rng: random.Random,
    backend: Backend,
    low: int,
    high: int,
    minimal: bool,
) -> tuple[Model, tuple[int, ...], str, str, int, int] | None:
    """One grid dug and pruned, or None when it found no grid or ended above ``high`` givens."""
    rules = recipe.rules(board, rng)
    if recipe.plain_grid:
        grid = random_grid(board, rng)
    else:
        found = random_rule_grid(rules_model(board, tuple(rules)), rng)
        if found is None:
            return None
        grid = found
    fixed, prunable = recipe.marks(board, grid, rng)
    rules = rules + fixed
    oracle = _oracle(recipe, board, rules, grid, backend)
    try:
        active = [oracle.add(m) for m in prunable]
        givens = list(grid)
        floor = low if minimal else max(low, high)
        count, complete, tested = board.size, True, 0
        cells = list(range(board.size))
        rng.shuffle(cells)
        if high == 0:
            # No givens at all: one question settles the attempt.
            if oracle.has_other([0] * board.size, active):
                return None
            givens, count, cells = [0] * board.size, 0, []
        for i in cells:
            if count - 1 < floor:
                complete = False
                break
            tested += 1
            givens[i] = 0
            if oracle.removable(givens, active, i):
                count -= 1
            else:
                givens[i] = grid[i]
        if count > high:
            return None
        if minimal:
            if recipe.merge_cages:
                active = _merge(oracle, board, grid, givens, active, rng)
            order = list(active)
            rng.shuffle(order)
            for k in order:
                tested += 1
                trial = [j for j in active if j != k]
                near = mk.cells_of(oracle.marks[k], board)
                if not oracle.has_other(givens, trial, near):
                    active = trial
        kept = [oracle.marks[k] for k in active]
        model = oracle.model(givens, active)
    finally:
        oracle.close()
    minimality = "cell" if complete and minimal else "none"
    return model, grid, minimality, oracle.label, len(fixed) + len(kept), tested


def _merge(
    oracle: ShortcutClueOracle,
    board: Board,
    grid: tuple[int, ...],
    givens: list[int],
    active: list[int],
    rng: random.Random,
) -> list[int]:
    """Merge touching killer cages while propagation alone still solves the puzzle (so it stays
    unique, and solvable without a guess): each cage in a random order tries one partner, the
    first of the others in a random order that it can merge with. Trying every partner made
    about as many merges for twice the time (each try is one propagation from scratch).
    """
    marks = oracle.marks
    order = list(active)
    rng.shuffle(order)
    for k in order:
        if k not in active:
            continue
        partners = [j for j in active if j != k]
        rng.shuffle(partners)
        for j in partners:
            union = mk.merged(marks[k], marks[j], board, grid)
            if union is not None:
                trial = [x for x in active if x not in (j, k)] + [oracle.add(union)]
                if oracle.settles(givens, trial):
                    active = trial
                break
    return active
