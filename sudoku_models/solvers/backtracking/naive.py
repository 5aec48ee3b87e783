"""The naive strategy: fill empty cells in reading order, trying every digit in turn.

A digit may go in a cell when none of the cell's peers (its row, column and box, plus any extra
group or cage) already holds it; the check scans the peers' digits afresh for every digit tried.
Nothing is remembered between nodes and nothing is inferred, so every placement counts as a
guess: the strategy never knows that a cell had a single option.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from ...model import Model
from ..base import Grid, Stats
from .common import Solutions, counting
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
    grid = list(model.givens)
    empties = [i for i, d in enumerate(grid) if not d]
    digits = range(1, model.n + 1)
    peer_digits = [itemgetter(*cells) for cells in model.peers()]
    solutions = Solutions(model, limit, exclude, found, recorder)

    def fill(k: int) -> bool:
        """Fill ``empties[k:]``; True once ``limit`` solutions are found."""
        counters.node()
        if k == len(empties):
            return solutions.offer(tuple(grid))
        i = empties[k]
        seen = peer_digits[i](grid)
        tried = False
        for d in digits:
            if d in seen:
                continue
            tried = True
            counters.guesses += 1
            grid[i] = d
            if recorder is not None:
                recorder.enter(i, d)
            if fill(k + 1):
                return True
            counters.backtracks += 1
            if recorder is not None:
                recorder.leave()
        grid[i] = 0
        if not tried:
            counters.conflicts += 1
        return False

    with counting(stats, deadline, depth=len(empties)) as counters:
        if recorder is not None:
            recorder.enter(-1, 0)
        fill(0)
