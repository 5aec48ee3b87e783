"""The fast strategy: candidate bitmasks, naked and hidden singles, most-constrained cell first.

State is one bitmask of candidates per cell (bit ``d - 1`` set when digit ``d`` is still possible).
Every change to a mask is recorded on a trail as ``(cell, old mask)``; a failed branch is undone by
replaying the trail back to its mark, so no grid is copied at a node.

Propagation repeats two rules until nothing changes:

- *naked single*: a cell with one candidate removes it from all its peers;
- *hidden single*: a digit with one possible cell in a full group goes there.

Search then branches on the empty cell with the fewest candidates.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ...model import Model
from ..base import Grid, SearchTimeout, Stats

#: How many nodes pass between two looks at the clock.
CLOCK_EVERY = 64


def search(
    model: Model,
    limit: int,
    exclude: Sequence[Grid],
    deadline: float | None,
    stats: Stats,
    found: list[Grid],
) -> None:
    """Append up to ``limit`` solutions (0: all) not in ``exclude`` to ``found``."""
    peers = model.peers()
    units = model.full_groups()
    n = model.n
    size = model.size
    full = (1 << n) - 1
    blocked = set(exclude)
    check_cages = bool(model.cages)
    cand = [full] * size
    trail: list[tuple[int, int]] = []
    counters = [0, 0, 0, 0, 0]  # nodes, guesses, backtracks, propagations, conflicts

    def propagate(queue: list[int]) -> bool:
        """Apply naked and hidden singles from the cells in ``queue``; False on a contradiction."""
        forced = 0
        try:
            while True:
                while queue:
                    i = queue.pop()
                    b = cand[i]
                    for p in peers[i]:
                        m = cand[p]
                        if m & b:
                            m ^= b
                            if not m:
                                return False
                            trail.append((p, cand[p]))
                            cand[p] = m
                            if not m & (m - 1):
                                queue.append(p)
                                forced += 1
                for unit in units:
                    once = twice = 0
                    for i in unit:
                        m = cand[i]
                        twice |= once & m
                        once |= m
                    if once != full:
                        return False
                    singles = once & ~twice
                    if singles:
                        for i in unit:
                            m = cand[i]
                            hit = m & singles
                            if hit and hit != m:
                                if hit & (hit - 1):
                                    return False
                                trail.append((i, m))
                                cand[i] = hit
                                queue.append(i)
                                forced += 1
                if not queue:
                    return True
        finally:
            counters[3] += forced

    def undo(mark: int) -> None:
        for i, old in reversed(trail[mark:]):
            cand[i] = old
        del trail[mark:]

    def leaf() -> bool:
        """Record the complete grid unless it is blocked; True when the limit is reached."""
        grid = tuple(m.bit_length() for m in cand)
        if grid in blocked or (check_cages and not model.is_solution(grid)):
            return False
        found.append(grid)
        return len(found) == limit

    def branch() -> bool:
        """Search below the current state; True once ``limit`` solutions are found."""
        counters[0] += 1
        if deadline is not None and counters[0] % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            raise SearchTimeout
        best = -1
        best_count = n + 1
        for i in range(size):
            m = cand[i]
            if m & (m - 1):
                k = m.bit_count()
                if k < best_count:
                    best, best_count = i, k
                    if k == 2:
                        break
        if best < 0:
            return leaf()
        choices = cand[best]
        while choices:
            b = choices & -choices
            choices ^= b
            counters[1] += 1
            mark = len(trail)
            trail.append((best, cand[best]))
            cand[best] = b
            if propagate([best]):
                if branch():
                    return True
            else:
                counters[4] += 1
            undo(mark)
            counters[2] += 1
        return False

    try:
        queue = []
        for i, d in enumerate(model.givens):
            if d:
                cand[i] = 1 << (d - 1)
                queue.append(i)
        if propagate(queue):
            branch()
        else:
            counters[4] += 1
    finally:
        stats.nodes += counters[0]
        stats.guesses += counters[1]
        stats.backtracks += counters[2]
        stats.propagations += counters[3]
        stats.conflicts += counters[4]
