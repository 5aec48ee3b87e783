"""Propagation with locked candidates: the search's propagators to a fixpoint, then locked
candidates between houses, again and again until neither changes anything.

The propagators place singles; a person filling in one branch of a forcing net also sees a
digit locked into the overlap of two houses. A house holds every digit, so a digit whose every
place in a house lies where it meets another house (or a shorter all-different group, such as a
cage) is in that overlap, and the rest of the other house or group cannot hold it. Every
overlap of two or more cells is read, in both directions, for all digits at once.

On grids larger than 9x9 the forcing nets of :mod:`.branch_nets` propagate each branch this way:
single placements alone leave too much of a 16x16 branch open to rule anything out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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


def _watching(layout: Layout) -> list[tuple[int, ...]]:
    """Per cell, the overlaps whose house holds it (those a change of the cell may lock)."""
    out: list[list[int]] = [[] for _ in range(layout.size)]
    for k, (inside, outside, _) in enumerate(overlaps(layout)):
        for i in inside + outside:
            out[i].append(k)
    return [tuple(w) for w in out]


watching = per_layout(_watching)


def lock(layout: Layout, masks: list[int], cells: Iterable[int] | None = None) -> list[int]:
    """Strike, in place, the digits locked into an overlap from the rest of the other house or
    group (only in the houses of ``cells``, the cells changed since nothing was locked; None:
    in every house); the cells changed (none: nothing is locked)."""
    every = overlaps(layout)
    if cells is None:
        chosen: Iterable[Overlap] = every
    else:
        near = watching(layout)
        chosen = [every[k] for k in sorted({k for i in cells for k in near[i]})]
    changed: list[int] = []
    for inside, outside, rest in chosen:
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
    layout: Layout,
    net: Network,
    masks: Sequence[int],
    budget: int = 20_000,
    since: Sequence[int] | None = None,
) -> tuple[list[int] | None, int]:
    """``masks`` (at the propagators' fixpoint) narrowed by locked candidates and the
    propagators in turn until neither changes them, or None on a contradiction; with the
    propagator runs it took (at most about ``budget``). ``since``: a position where nothing
    was locked, which ``masks`` narrows; only the houses whose cells changed are read."""
    after: list[int] | None = list(masks)
    runs = 0
    cells = None if since is None else [i for i, m in enumerate(masks) if m != since[i]]
    while after is not None and runs < budget:
        before = after[:]
        if not lock(layout, after, cells):
            break
        if not all(after):
            return None, runs
        after, more = fixpoint(net, after, None, budget - runs)
        runs += more
        if after is not None:
            cells = [i for i, m in enumerate(after) if m != before[i]]
    return after, runs
