"""The static most-constrained-first strategy: bitmasks, with a visiting order fixed up front.

Before the search, every empty cell's options are counted from the givens alone, and the cells
are sorted once by that count (fewest first, reading order between equals). The search is then
the ``bitmask`` one in that order. It costs nothing per node, but the order cannot follow the
board as it fills: a cell that becomes forced deep in the search still waits for its turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...board import groups_of_cells
from ...model import Model
from ..base import Grid, Stats
from .bitmask import search_in_order
from .common import given_masks, options_of
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
    groups = model.all_different_cells()
    member = groups_of_cells(groups, model.size)
    used = given_masks(groups, model.givens)
    full = (1 << model.n) - 1
    empties = [i for i, d in enumerate(model.givens) if not d]
    order = sorted(empties, key=lambda i: options_of(member[i], used, full).bit_count())
    search_in_order(model, order, limit, exclude, deadline, stats, found, recorder)
