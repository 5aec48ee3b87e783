"""The dynamic most-constrained-first strategy: bitmasks, the tightest cell chosen at every node.

Like ``bitmask``, each group keeps the mask of the digits it holds. At every node the options of
every empty cell are recomputed from those masks and the search branches on a cell with the
fewest (stopping the scan at a cell with none or one). There is no propagation: a forced cell is
simply the one picked next, and a cell with no option ends the branch at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...board import groups_of_cells
from ...model import Model
from ..base import Grid, Stats
from .common import Solutions, counting, fill_cells, given_masks
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
    n = model.n
    full = (1 << n) - 1
    grid = list(model.givens)
    # cells[k:] are the cells still empty at depth k; the cell filled at depth k is cells[k].
    cells = [i for i, d in enumerate(grid) if not d]
    solutions = Solutions(model, limit, exclude, found, recorder)

    def pick(k: int) -> tuple[int, int] | None:
        """Move a cell with the fewest options to ``cells[k]``; that cell and its options, or
        None once all cells are filled."""
        if k == len(cells):
            return None
        best = k
        best_options = 0
        best_count = n + 1
        for j in range(k, len(cells)):
            # options_of, inlined: this scan is the inner loop of the strategy.
            taken = 0
            for g in member[cells[j]]:
                taken |= used[g]
            options = full & ~taken
            count = options.bit_count()
            if count < best_count:
                best, best_options, best_count = j, options, count
                if count <= 1:
                    break
        cells[k], cells[best] = cells[best], cells[k]
        return cells[k], best_options

    with counting(stats, deadline) as counters:
        fill_cells(pick, member, used, grid, solutions, counters, recorder)
