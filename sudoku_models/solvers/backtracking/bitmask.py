"""The bitmask strategy: empty cells in reading order, candidates from one digit mask per group.

Each all-different group (row, column, box, extra group, cage) keeps the mask of the digits it
already holds. A cell's options are the digits missing from the masks of all its groups, found
with a few ORs instead of a scan of its peers; placing a digit sets its bit in those masks and
taking it back clears it. The visiting order is fixed, here reading order; ``mrv-static`` reuses
:func:`search_in_order` with a better one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...board import groups_of_cells
from ...model import Model
from ..base import Grid, Stats
from .common import (
    Solutions,
    counting,
    fill_cells,
    given_masks,
    options_of,
)
from .recorder import Recorder


def search(
    model: Model,
    limit: int,
    exclude: Sequence[Grid],
    deadline: float | None,
    stats: Stats,
    found: list[Grid],
    recorder: Recorder | None = None,
) -> None:
    """Append up to ``limit`` solutions (0: all) not in ``exclude`` to ``found``; tell
    ``recorder`` of every node when given."""
    empties = [i for i, d in enumerate(model.givens) if not d]
    search_in_order(model, empties, limit, exclude, deadline, stats, found, recorder)


def search_in_order(
    model: Model,
    order: Sequence[int],
    limit: int,
    exclude: Sequence[Grid],
    deadline: float | None,
    stats: Stats,
    found: list[Grid],
    recorder: Recorder | None = None,
) -> None:
    """Like :func:`search`, filling the empty cells in the order listed in ``order``."""
    groups = model.all_different_cells()
    member = groups_of_cells(groups, model.size)
    used = given_masks(groups, model.givens)
    full = (1 << model.n) - 1
    grid = list(model.givens)
    solutions = Solutions(model, limit, exclude, found, recorder)

    def pick(k: int) -> tuple[int, int] | None:
        """The cell to fill at depth ``k`` and its options; None once all are filled."""
        if k == len(order):
            return None
        i = order[k]
        return i, options_of(member[i], used, full)

    with counting(stats, deadline) as counters:
        fill_cells(pick, member, used, grid, solutions, counters, recorder)
