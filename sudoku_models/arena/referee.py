"""The referee of one puzzle: its solution, found once, and the four questions asked of a move.

- *legal*: the move breaks no rule on the board as it stands: no digit twice in a group of
  different digits, no sum cage whose digits already pass its total, and no rule whose cells
  are all filled left unmet (a rule with an open cell is not judged yet);
- *correct*: a placement agrees with the solution; a clearing takes away a digit that did not
  agree with it (or clears an open cell); candidates keep the solution's digit. On a puzzle with
  several solutions "the solution" does not exist, and correct means completable;
- *derivable* (asked for on request): the logical solver, started from the digits on the board
  and never making a trial, places this digit in this cell; the step that does it and its
  difficulty come with it. Only a board that can still be completed is reasoned from, so a
  derivable move is always correct;
- *completable*: the board after the move still has a solution.

Why completable needs no solve on a puzzle with one solution ``S``: the rules of the board are
those of the puzzle and its digits include the givens, so every solution of the board is a
solution of the puzzle, that is ``S``. So the board has a solution if and only if ``S`` agrees
with every digit placed and keeps every candidate set it carries, which is read off ``S``
without a search, whether the board holds a wrong digit or not. On a puzzle with several
solutions, one incremental SAT solver per referee answers it, the board as assumptions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from ..board import cell_name
from ..errors import InvalidPuzzleError
from ..model import Model
from ..puzzle import Puzzle
from ..solvers.base import Status
from .moves import CANDIDATES, CLEAR, PLACE, Move

#: Seconds the referee may spend finding the solution of a puzzle.
SOLVE_SECONDS = 60.0
#: Seconds each check of uniqueness may take when choosing between readings of a file.
UNIQUE_SECONDS = 5.0
#: Seconds the logical solver may spend on one derivability question.
DERIVE_SECONDS = 10.0
#: Logical paths a referee keeps, one a board.
PATHS_KEPT = 64

Marks = Mapping[int, tuple[int, ...]]
T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class Derivation:
    """How the logical solver places a digit: the step's technique, its difficulty (the
    weight the grader gives it), and how many steps come before it from this board."""

    step: str
    difficulty: float
    steps_before: int


def load(puzzle: Model | Puzzle | str) -> tuple[Model, str | None]:
    """The model of ``puzzle`` (a model, a puzzle, or text in any format the package reads)
    and the file's rules text, if it has one. Where the rules text allows several readings of
    its marks, one that leaves a single solution is taken."""
    if isinstance(puzzle, Model):
        return puzzle, None
    if isinstance(puzzle, Puzzle):
        return Model.from_puzzle(puzzle), None
    from .. import formats

    read = formats.read(puzzle, formats.Choice(unique=_unique))
    return read.model, read.rules


def _unique(model: Model) -> bool:
    """Whether ``model`` has one solution, as far as :data:`UNIQUE_SECONDS` tell."""
    from ..api import is_unique

    try:
        return is_unique(model, time_limit=UNIQUE_SECONDS)
    except TimeoutError:
        return False


class Referee:
    """Judges moves on one puzzle; its solution is found once, at construction.

    Raises :class:`~sudoku_models.errors.InvalidPuzzleError` for a puzzle without a solution
    or one not solved within :data:`SOLVE_SECONDS`.

    >>> ref = Referee(".1.....4....34..")
    >>> ref.unique, ref.correct(ref.model.givens, Move("place", 0, 0, (4,)))
    (True, True)
    """

    def __init__(self, puzzle: Model | Puzzle | str) -> None:
        from ..api import solve

        self.model, self.rules_text = load(puzzle)
        model = self.model
        result = solve(model, limit=2, time_limit=SOLVE_SECONDS)
        if result.status is Status.UNSATISFIABLE:
            raise InvalidPuzzleError("the puzzle has no solution, so no move can be judged")
        if result.status is Status.TIMEOUT or result.solution is None:
            raise InvalidPuzzleError(f"the puzzle was not solved within {SOLVE_SECONDS:g} s")
        self.unique = result.status is not Status.MULTIPLE
        self.solution: tuple[int, ...] = result.solution.cells
        self.warnings: list[str] = list(model.warnings)
        if model.solution is not None and self.unique and model.solution != self.solution:
            self.warnings.append("the solution the file gives differs from the one found")
        self._groups = _by_cell(model.size, model.all_different_cells(), lambda g: g)
        self._cages = _by_cell(model.size, model.cages, lambda c: c.cells)
        self._rules = _by_cell(model.size, model.constraints, lambda c: c.cells)
        self._sat: Any = None
        self._backend: Any = None
        self._paths: dict[tuple[int, ...], Any] = {}

    def broken(self, grid: Sequence[int], i: int, d: int) -> str | None:
        """Which rule placing ``d`` in cell ``i`` of ``grid`` breaks as the board stands, or
        None (the other cells as they are; ``i`` may hold a digit, which is replaced)."""
        where = cell_name(*self.model.board.row_col(i))
        for cells in self._groups[i]:
            for j in cells:
                if j != i and grid[j] == d:
                    return f"{d} is already at {cell_name(*self.model.board.row_col(j))}"
        trial = list(grid)
        trial[i] = d
        for cage in self._cages[i]:
            filled = [trial[j] for j in cage.cells if trial[j]]
            open_cells = len(cage.cells) - len(filled)
            if sum(filled) + open_cells > cage.total or (
                not open_cells and sum(filled) != cage.total
            ):
                return f"the cage at {where} cannot make its total {cage.total}"
        for rule in self._rules[i]:
            if all(trial[j] for j in rule.cells) and not rule.holds(trial):
                return f"a {type(rule).__name__} rule through {where} fails"
        return None

    def correct(self, grid: Sequence[int], move: Move) -> bool:
        """Whether ``move`` on ``grid`` agrees with the solution (see the module docstring)."""
        i = self.model.board.cell(move.row, move.col)
        if not self.unique:
            after, marks = apply(grid, {}, move)
            return self.completable(after, marks)
        if move.kind == PLACE:
            return self.solution[i] == move.digits[0]
        if move.kind == CLEAR:
            return grid[i] != self.solution[i]
        return move.kind == CANDIDATES and self.solution[i] in move.digits

    def completable(self, grid: Sequence[int], marks: Marks) -> bool:
        """Whether ``grid`` with the candidate ``marks`` of its open cells has a solution."""
        if self.unique:
            s = self.solution
            return all(not d or d == s[i] for i, d in enumerate(grid)) and all(
                s[i] in ds for i, ds in marks.items() if not grid[i]
            )
        n = self.model.n
        assumptions = [i * n + d for i, d in enumerate(grid) if d]
        assumptions += [
            -(i * n + d)
            for i, ds in marks.items()
            if not grid[i]
            for d in range(1, n + 1)
            if d not in ds
        ]
        return bool(self._solver().solve(assumptions=assumptions))

    def derive(self, grid: Sequence[int], i: int, d: int) -> Derivation | None:
        """How the logical solver, from the digits of ``grid`` and without trials, places
        ``d`` in cell ``i``; None when it does not (or the board can no longer be completed)."""
        from ..logic.difficulty import weight

        path = self.path(grid)
        if path is None:
            return None
        for k, step in enumerate(path.steps):
            for cell, digit in step.placements:
                if cell == i:
                    return Derivation(step.technique, weight(step), k) if digit == d else None
        return None

    def path(self, grid: Sequence[int]) -> Any:
        """The logical solver's path from the digits of ``grid``, without trials (a
        :class:`~sudoku_models.logic.solver.Path`); None when the board cannot be completed.
        The last few paths are kept, so the moves of one board share one path."""
        from ..logic.solver import logical_solve

        key = tuple(grid)
        if key not in self._paths:
            if len(self._paths) >= PATHS_KEPT:
                self._paths.pop(next(iter(self._paths)))
            ok = self.completable(key, {})
            model = dataclasses.replace(self.model, givens=key)
            self._paths[key] = (
                logical_solve(model, max_depth=0, time_limit=DERIVE_SECONDS) if ok else None
            )
        return self._paths[key]

    def _solver(self) -> Any:
        """The incremental SAT solver loaded with the model's rules, made on first use."""
        if self._sat is None:
            from ..solvers.sat import SatSolver

            self._backend = SatSolver()  # owns the PySAT solver below; kept as long as it
            self._sat = self._backend.shared_rules(self.model).sat
        return self._sat


def apply(
    grid: Sequence[int], marks: Marks, move: Move
) -> tuple[list[int], dict[int, tuple[int, ...]]]:
    """The board after ``move``: new lists, the inputs untouched. A placement or a clearing
    drops the cell's candidate marks."""
    after, notes = list(grid), dict(marks)
    if not move.valid:
        return after, notes
    i = move.row * int(len(grid) ** 0.5 + 0.5) + move.col
    if move.kind == PLACE:
        after[i] = move.digits[0]
        notes.pop(i, None)
    elif move.kind == CLEAR:
        after[i] = 0
        notes.pop(i, None)
    else:
        notes[i] = move.digits
    return after, notes


def _by_cell(
    size: int, items: Iterable[T], cells_of: Callable[[T], Iterable[int]]
) -> list[list[T]]:
    """For each cell, the items whose cells (``cells_of``) hold it."""
    table: list[list[T]] = [[] for _ in range(size)]
    for item in items:
        for i in set(cells_of(item)):
            table[i].append(item)
    return table
