"""Pieces the handwritten strategies share: counters with a clock, solution collection, group masks.

Every strategy counts in the same vocabulary, so a table of them compares like with like:

- ``nodes``: calls of the search, one per partial assignment visited;
- ``guesses``: values tried at a node that had two or more options;
- ``propagations``: values placed because they were the only option left, whether an inference
  rule found them or a node had a single option;
- ``backtracks``: values taken back, after a failure or to look for further solutions;
- ``conflicts``: dead ends: a cell, box or column with no option left, or a failed propagation.

Digits travel as bits: digit ``d`` is bit ``d - 1`` of a mask, so a set of digits is one int.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from ...model import Model
from ..base import Grid, SearchTimeout, Stats
from .recorder import Recorder

#: How many nodes (or enumeration steps) pass between two looks at the clock.
CLOCK_EVERY = 64

#: Frames left free for the caller when a search needs a deeper recursion limit.
CALLER_FRAMES = 500


@dataclass(slots=True)
class Counters:
    """The shared counters of one search, and the deadline that ``node`` watches."""

    deadline: float | None
    nodes: int = 0
    guesses: int = 0
    backtracks: int = 0
    propagations: int = 0
    conflicts: int = 0

    def node(self) -> None:
        """Count a node; raise :class:`SearchTimeout` when the deadline has passed."""
        self.nodes += 1
        if self.nodes % CLOCK_EVERY == 0:
            self.check_clock()

    def check_clock(self) -> None:
        """Raise :class:`SearchTimeout` when the deadline has passed."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout

    def add_to(self, stats: Stats) -> None:
        """Add these counts to ``stats``."""
        stats.nodes += self.nodes
        stats.guesses += self.guesses
        stats.backtracks += self.backtracks
        stats.propagations += self.propagations
        stats.conflicts += self.conflicts


@contextmanager
def counting(stats: Stats, deadline: float | None, depth: int = 0) -> Iterator[Counters]:
    """Counters for one search, added to ``stats`` however it ends.

    ``depth`` is how many nested calls the search may make; the recursion limit is raised for
    the duration when the default would not leave room for them (boards above 25x25).
    """
    counters = Counters(deadline)
    old_limit = sys.getrecursionlimit()
    raise_limit = depth + CALLER_FRAMES > old_limit
    if raise_limit:
        sys.setrecursionlimit(depth + CALLER_FRAMES)
    try:
        yield counters
    finally:
        if raise_limit:
            sys.setrecursionlimit(old_limit)
        counters.add_to(stats)


class Solutions:
    """Takes complete grids from a search: skips excluded ones and those that break a rule the
    search does not prune with (sum cages, other primitive constraints).

    Grids taken are appended to ``found``; :meth:`offer` says when ``limit`` (0: all) is reached.
    """

    def __init__(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        found: list[Grid],
        recorder: Recorder | None = None,
    ):
        self.model = model
        self.recorder = recorder
        self.limit = limit
        self.blocked = set(exclude)
        self.found = found
        self.check_cages = bool(model.cages or model.constraints)

    def offer(self, grid: Grid) -> bool:
        """Keep ``grid`` unless it is blocked; True once ``limit`` grids are kept."""
        if grid in self.blocked or (self.check_cages and not self.model.is_solution(grid)):
            return False
        self.found.append(grid)
        if self.recorder is not None:
            self.recorder.found()
        return len(self.found) == self.limit


def given_masks(groups: Sequence[Sequence[int]], givens: Sequence[int]) -> list[int]:
    """For each group, the mask of the digits its givens already use."""
    masks = []
    for cells in groups:
        mask = 0
        for i in cells:
            if givens[i]:
                mask |= 1 << (givens[i] - 1)
        masks.append(mask)
    return masks


def options_of(cell_groups: Sequence[int], used: Sequence[int], full: int) -> int:
    """Mask of the digits no group of a cell uses yet."""
    taken = 0
    for g in cell_groups:
        taken |= used[g]
    return full & ~taken


def fill_cells(
    pick: Callable[[int], tuple[int, int] | None],
    member: Sequence[Sequence[int]],
    used: list[int],
    grid: list[int],
    solutions: Solutions,
    counters: Counters,
    recorder: Recorder | None = None,
) -> None:
    """Depth-first search over cells, one digit at a time, with an explicit stack (no recursion,
    so no board is too large for it).

    ``pick(k)`` names the cell to fill at depth ``k`` and the mask of its options, or None when
    every cell is filled. A digit is marked in the masks ``used`` of the cell's groups
    (``member[cell]``) while it stands and written to ``grid``. A digit counts as a propagation
    when it was the only option, else as a guess; each digit taken back counts as a backtrack.
    A ``recorder`` is told of every node.
    """
    # One frame per filled cell: the cell, the options not tried yet, whether it was forced, and
    # the digit standing there.
    stack: list[list[int]] = []
    descend = True
    if recorder is not None:
        recorder.enter(-1, 0)
    while True:
        if descend:
            counters.node()
            picked = pick(len(stack))
            if picked is None:
                if solutions.offer(tuple(grid)):
                    return
            elif picked[1]:
                i, options = picked
                stack.append([i, options, not options & (options - 1), 0])
            else:
                counters.conflicts += 1
        descend = False
        if not stack:
            return
        frame = stack[-1]
        i, options, forced, bit = frame
        if bit:
            for g in member[i]:
                used[g] ^= bit
            counters.backtracks += 1
            if recorder is not None:
                recorder.leave()
        if not options:
            grid[i] = 0
            stack.pop()
            continue
        bit = options & -options
        frame[1], frame[3] = options ^ bit, bit
        if forced:
            counters.propagations += 1
        else:
            counters.guesses += 1
        for g in member[i]:
            used[g] |= bit
        grid[i] = bit.bit_length()
        if recorder is not None:
            recorder.enter(i, grid[i])
        descend = True


def bits_of(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first, each as a one-bit mask."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low
