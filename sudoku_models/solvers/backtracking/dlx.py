"""The exact-cover strategy: Knuth's Algorithm X on columns kept as a dict of sets.

Sudoku as exact cover: a row of the matrix is a placement ``(cell, digit)``; its columns say
what it covers: the cell itself, and ``(group, digit)`` for every all-different group holding
the cell. Cell columns and the columns of full groups are *primary* (covered exactly once);
groups with fewer cells than digits (partial extra groups, cages) give *secondary* columns
(covered at most once). Algorithm X picks the primary column with the fewest rows (stopping its
scan at one with a single row), tries each of them, and covering a row removes every row that
clashes with it. ``columns`` maps a column to its live rows, so covering and uncovering are set
operations: the dict-of-sets form of dancing links.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...board import groups_of_cells
from ...model import Model
from ..base import Grid, Stats
from .common import Solutions, counting
from .recorder import SMALL, Recorder, Removed


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
    n, size = model.n, model.size
    groups = model.all_different_cells()
    member = groups_of_cells(groups, size)
    primary = set(range(size)) | {
        size + g * n + d for g, cells in enumerate(groups) if len(cells) == n for d in range(n)
    }
    # Row i * n + d places digit d + 1 in cell i; columns: the cell, then (group, digit) pairs.
    rows = [[i, *(size + g * n + d for g in member[i])] for i in range(size) for d in range(n)]
    columns: dict[int, set[int]] = {}
    for r, cols in enumerate(rows):
        for c in cols:
            columns.setdefault(c, set()).add(r)
    open_primary = set(primary)
    chosen: list[int] = []
    solutions = Solutions(model, limit, exclude, found, recorder)

    def cover(r: int) -> list[set[int]]:
        """Take row ``r``: remove its columns and every row sharing one; return what was removed."""
        removed = []
        for c in rows[r]:
            for other in columns[c]:
                for k in rows[other]:
                    if k != c:
                        columns[k].remove(other)
            removed.append(columns.pop(c))
            open_primary.discard(c)
        return removed

    def uncover(r: int, removed: list[set[int]]) -> None:
        """Undo :func:`cover` of row ``r``."""
        for c in reversed(rows[r]):
            columns[c] = live = removed.pop()
            if c in primary:
                open_primary.add(c)
            for other in live:
                for k in rows[other]:
                    if k != c:
                        columns[k].add(other)

    def solve() -> bool:
        """Cover the open primary columns; True once ``limit`` solutions are found."""
        counters.node()
        if not open_primary:
            grid = [0] * size
            for r in chosen:
                grid[r // n] = r % n + 1
            return solutions.offer(tuple(grid))
        column, fewest = -1, n + 1
        for c in open_primary:
            count = len(columns[c])
            if count < fewest:
                column, fewest = c, count
                if count <= 1:
                    break
        candidates = list(columns[column])
        if not candidates:
            counters.conflicts += 1
            return False
        forced = len(candidates) == 1
        for r in candidates:
            if forced:
                counters.propagations += 1
            else:
                counters.guesses += 1
            chosen.append(r)
            removed = cover(r)
            if recorder is not None:
                recorder.enter(r // n, r % n + 1, _placements(removed, r, n))
            if solve():
                return True
            uncover(r, removed)
            chosen.pop()
            counters.backtracks += 1
            if recorder is not None:
                recorder.leave()
        return False

    with counting(stats, deadline, depth=model.givens.count(0)) as counters:
        for i, d in enumerate(model.givens):
            if d:
                r = i * n + d - 1
                if i not in columns or r not in columns[i]:
                    counters.conflicts += 1
                    return
                chosen.append(r)
                cover(r)
        if recorder is not None:
            recorder.enter(-1, 0)
        solve()


def _placements(removed: list[set[int]], row: int, n: int) -> Removed:
    """The placements (rows) that covering ``row`` removed outside its own cell, as
    :data:`Removed`."""
    cell = row // n
    rows = {r for r in set().union(*removed) if r // n != cell}
    if len(rows) > SMALL:
        return len(rows)
    return tuple(sorted((r // n, r % n + 1) for r in rows))
