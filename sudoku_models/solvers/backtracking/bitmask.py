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
    given_masks,
    options_of,
    place_each,
)


def search(
    model: Model,
    limit: int,
    exclude: Sequence[Grid],
    deadline: float | None,
    stats: Stats,
    found: list[Grid],
) -> None:
    """Append up to ``limit`` solutions (0: all) not in ``exclude`` to ``found``."""
    empties = [i for i, d in enumerate(model.givens) if not d]
    search_in_order(model, empties, limit, exclude, deadline, stats, found)


def search_in_order(
    model: Model,
    order: Sequence[int],
    limit: int,
    exclude: Sequence[Grid],
    deadline: float | None,
    stats: Stats,
    found: list[Grid],
) -> None:
    """Like :func:`search`, filling the empty cells in the order listed in ``order``."""
    groups = model.all_different_cells()
    member = groups_of_cells(groups, model.size)
    used = given_masks(groups, model.givens)
    full = (1 << model.n) - 1
    grid = list(model.givens)
    solutions = Solutions(model, limit, exclude, found)

    def fill(k: int) -> bool:
        """Fill the cells ``order[k:]``; True once ``limit`` solutions are found."""
        counters.node()
        if k == len(order):
            return solutions.offer(tuple(grid))
        i = order[k]
        cell_groups = member[i]
        options = options_of(cell_groups, used, full)
        if not options:
            counters.conflicts += 1
            return False
        forced = not options & (options - 1)
        return place_each(
            i, options, forced, cell_groups, used, grid, counters, lambda: fill(k + 1)
        )

    with counting(stats, deadline, depth=len(order)) as counters:
        fill(0)
