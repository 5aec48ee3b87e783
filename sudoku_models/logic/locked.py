"""Propagation with locked candidates: the search's propagators to a fixpoint, then locked
candidates between houses, again and again until neither changes anything.

The propagators place singles; a person filling in one branch of a forcing net also sees a
digit locked into the overlap of two houses. A house holds every digit, so a digit whose every
place in a house lies where it meets another house (or a shorter all-different group, such as a
cage) is in that overlap, and the rest of the other house or group cannot hold it. Every
overlap of two or more cells is read, in both directions, for all digits at once.

On grids larger than 9x9 the forcing nets of :mod:`.forcing` propagate each branch this way:
single placements alone leave too much of a 16x16 branch open to rule anything out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..solvers.backtracking.constraint import Network, fixpoint
from .layout import Layout, per_layout

#: ``(inside, outside, rest)``: a house's cells in an overlap, its other cells, and the other
#: house's or group's cells outside the overlap.
Overlap = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _overlaps(layout: Layout) -> list[Overlap]:
    """Every overlap of two or more cells of a house with another house or group."""
    out: list[Overlap] = []
    for house in layout.houses:
        cells = set(house.cells)
        for other in layout.houses + layout.groups:
            if other is house:
                continue
            inside = tuple(i for i in house.cells if i in set(other.cells))
            rest = tuple(i for i in other.cells if i not in cells)
            if len(inside) >= 2 and rest:
                outside = tuple(i for i in house.cells if i not in set(inside))
                out.append((inside, outside, rest))
    return out


overlaps = per_layout(_overlaps)


def lock(layout: Layout, masks: list[int]) -> list[int]:
    """Strike, in place, the digits locked into an overlap from the rest of the other house or
    group; the cells changed (none: nothing is locked)."""
    changed: list[int] = []
    for inside, outside, rest in overlaps(layout):
        there = 0
        for i in inside:
            m = masks[i]
            if m & (m - 1):  # a placed digit has left its peers already
                there |= m
        elsewhere = 0
        for i in outside:
            elsewhere |= masks[i]
        locked = there & ~elsewhere
        if not locked:
            continue
        for i in rest:
            if masks[i] & locked:
                masks[i] &= ~locked
                changed.append(i)
    return changed


def settle(
    layout: Layout, net: Network, masks: Sequence[int], budget: int = 20_000
) -> tuple[list[int] | None, int]:
    """``masks`` (at the propagators' fixpoint) narrowed by locked candidates and the
    propagators in turn until neither changes them, or None on a contradiction; with the
    propagator runs it took (at most about ``budget``)."""
    after: list[int] | None = list(masks)
    runs = 0
    while after is not None and runs < budget and lock(layout, after):
        if not all(after):
            return None, runs
        after, more = fixpoint(net, after, None, budget - runs)
        runs += more
    return after, runs
