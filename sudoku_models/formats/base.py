"""What every format reader gives back: the model and what the file says beside its rules."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InvalidPuzzleError
from ..model import Model
from ..puzzle import Puzzle
from .guard import file_warnings
from .reading import Mark, Reading
from .reading import read as read_marks


@dataclass(frozen=True)
class Read:
    """A puzzle read from a file or link: its model and the file's own words about it.

    ``warnings`` lists what the reader left out (marks that only draw, keys it does not know)
    and what the rules text names that no rule of the model carries; ``solution`` is the
    solution the file embeds, if any. Both are also kept on ``model``, so a command that
    only sees the model can still print them.
    """

    model: Model
    format: str
    title: str | None = None
    author: str | None = None
    rules: str | None = None
    solution: Puzzle | None = None
    warnings: tuple[str, ...] = ()
    readings: tuple[Reading, ...] = ()


def finish(
    model: Model,
    fmt: str,
    *,
    title: str | None = None,
    author: str | None = None,
    rules: str | None = None,
    solution: Sequence[int] | None = None,
    ignored: Sequence[str] = (),
    marks: Sequence[Mark] = (),
) -> Read:
    """The :class:`Read` of ``model``: the rules its ``marks`` and rules text give added
    (:mod:`~sudoku_models.formats.reading`, with the choice in force), the guard's warnings,
    all kept on the model."""
    notes = list(ignored)
    grid = None
    if solution is not None:
        try:
            grid = Puzzle(model.board, tuple(solution))
        except InvalidPuzzleError as exc:
            notes.append(f"the solution the file embeds is not a grid of this puzzle ({exc})")
        else:
            if not grid.is_complete:
                notes.append("the solution the file embeds is incomplete; it is not checked")
                grid = None
    outcome = read_marks(model, marks, rules, grid)
    if outcome.variants:
        puzzle = Puzzle(model.board, model.givens)
        kept = [v for v in model.variants if v not in outcome.replaced]
        model = Model.from_puzzle(puzzle, variants=[*kept, *outcome.variants])
    notes += outcome.notes()
    unread = file_warnings(model, outcome.unread(rules), grid, outcome.guard_names())
    warnings = tuple(notes) + tuple(unread)
    model = dataclasses.replace(
        model,
        warnings=warnings,
        solution=grid.cells if grid is not None else None,
        readings=tuple(r.describe() for r in outcome.readings),
        described=bool(rules and rules.strip()) or bool(marks),
    )
    return Read(
        model,
        fmt,
        title or None,
        author or None,
        rules or None,
        grid,
        warnings,
        outcome.readings,
    )
