"""True candidates: for every cell, the digits that appear in at least one solution.

A digit is a true candidate of a cell when some solution puts it there; with ``limit > 1`` each
candidate also gets the number of solutions that put it there, counted up to ``limit``. Every
solution found marks all of its digits at once, so only what no solution has shown yet costs a
search:

- with ``limit == 1``, one question per cell: "a solution whose digit here is none of those seen
  so far?", repeated while the answer is yes. The SAT backend asks it on the solver it keeps
  loaded with the rules, the seen digits ruled out by assumptions; other backends get the
  model with one more :class:`~sudoku_models.constraints.AllowedDigits`;
- with ``limit > 1``, one question per (cell, digit) short of ``limit``: the cell is fixed to
  the digit (a given, hence an assumption for SAT) and the backend looks for solutions other
  than those already known.

A time limit is looked at between questions.

>>> cands = true_candidates(".1.....4....34..", backend="sat")
>>> cands.digits(0), cands.is_unique
((4,), True)
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board
from .constraints import AllowedDigits
from .deadline import within
from .door import PuzzleLike, model_of
from .model import Model
from .puzzle import Puzzle
from .solvers import get_solver
from .solvers.base import Solver, Status
from .solvers.sat import SatSolver


@dataclass(frozen=True)
class TrueCandidates:
    """Per cell, each true candidate with the solutions found holding it (at most ``limit``).

    ``complete`` is False when the time limit ran out: the digits listed then appear in some
    solution, but others may too. ``solutions`` counts the distinct solutions the search met.
    """

    board: Board
    counts: tuple[dict[int, int], ...]
    limit: int
    solutions: int
    complete: bool = True

    def digits(self, i: int) -> tuple[int, ...]:
        """The true candidates of cell ``i``, ascending."""
        return tuple(sorted(self.counts[i]))

    @property
    def is_unique(self) -> bool:
        """Whether exactly one digit fits every cell (the puzzle has one solution)."""
        return self.complete and all(len(c) == 1 for c in self.counts)

    @property
    def has_solution(self) -> bool:
        """Whether any solution was found."""
        return self.solutions > 0

    def to_text(self) -> str:
        """One line per row: each cell's candidates, with counts when ``limit > 1``."""
        n = self.board.n
        width = max(len(self._cell_text(i)) for i in range(self.board.size)) if n else 1
        rows = []
        for r in range(n):
            cells = [self._cell_text(r * n + c).ljust(width) for c in range(n)]
            rows.append(" ".join(cells).rstrip())
        return "\n".join(rows)

    def _cell_text(self, i: int) -> str:
        counts = self.counts[i]
        if not counts:
            return "-"
        symbol = self.board.symbol
        if self.limit == 1:
            return "".join(symbol(d) for d in sorted(counts))
        return ",".join(f"{symbol(d)}:{counts[d]}" for d in sorted(counts))


def true_candidates(
    puzzle: PuzzleLike,
    backend: str | Solver = "sat",
    limit: int = 1,
    time_limit: float | None = None,
    **options: Any,
) -> TrueCandidates:
    """The true candidates of every cell of ``puzzle``, each counted up to ``limit`` solutions."""
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise ValueError(f"limit must be an int >= 1, got {limit!r}")
    with within(time_limit):
        model = model_of(puzzle)
    solver = get_solver(backend, **options)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    grids: list[tuple[int, ...]] = []
    counts: list[dict[int, int]] = [{} for _ in range(model.size)]

    def record(found: Sequence[Puzzle]) -> None:
        for solution in found:
            grid = solution.cells
            grids.append(grid)
            for i, d in enumerate(grid):
                counts[i][d] = counts[i].get(d, 0) + 1

    def search(question: Model, want: int, known: list[tuple[int, ...]]) -> bool:
        remaining = None if deadline is None else deadline - time.perf_counter()
        if remaining is not None and remaining <= 0:
            return False
        result = solver.solve(question, limit=want, time_limit=remaining, exclude=known)
        record(result.solutions)
        return result.status is not Status.TIMEOUT

    def out_of_time() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    complete = search(model, limit, [])
    free = [i for i in range(model.size) if not model.givens[i]]
    digits = range(1, model.n + 1)
    if not grids:
        pass
    elif limit == 1 and isinstance(solver, SatSolver) and solver.givens == "assumptions":
        shared = solver.shared_rules(model)
        sat, n = shared.sat, model.n
        base = [i * n + d for i, d in enumerate(model.givens) if d]
        for i in free:
            while complete and len(counts[i]) < n:
                complete = not out_of_time()
                seen = [-(i * n + d) for d in counts[i]]
                if not complete or not sat.solve(assumptions=base + seen):
                    break
                record([Puzzle(model.board, shared.formula.decode_model(sat.get_model()))])
    elif limit == 1:
        for i in free:
            while complete and len(counts[i]) < model.n:
                others = frozenset(d for d in digits if d not in counts[i])
                rule = AllowedDigits(i, others, "not seen yet")
                question = dataclasses.replace(model, constraints=(*model.constraints, rule))
                found = len(grids)
                complete = search(question, 1, [])
                if len(grids) == found:
                    break
    else:
        for i in free:
            for d in digits:
                if not complete or counts[i].get(d, 0) >= limit:
                    continue
                givens = list(model.givens)
                givens[i] = d
                known = [g for g in grids if g[i] == d]
                question = dataclasses.replace(model, givens=tuple(givens))
                complete = search(question, limit - len(known), known)
    capped = tuple({d: min(k, limit) for d, k in c.items()} for c in counts)
    return TrueCandidates(model.board, capped, limit, len(grids), complete)
